"""The private copy of the file a session loads, made to behave as the compiled program does.

clang-repl-22 re-emits every entity with internal linkage into each later input, with its initial
value (docs/runner.md, "Internal linkage"): after ``static int counter = 5; void inc(void)
{counter++;}`` and ``inc();``, a later input reads ``counter`` as 5 where the compiled program
reads 6. ``external_linkage`` removes internal linkage from the file's own namespace-scope
declarations, as cling does:

- ``static`` before a namespace-scope variable or function is blanked (C: ``static inline`` loses
  its ``inline`` too, since a C99 ``inline`` definition alone emits no symbol);
- a C++ anonymous namespace gets a name and a using-directive (``namespace __cdt_anon {} using
  namespace __cdt_anon; namespace __cdt_anon {``).

Kept as they are: ``static`` members and locals (class and function bodies are not touched), and,
in C and ``extern "C"`` blocks, ``static`` functions named like a C library function (``abs``,
``strlen``): with external linkage clang treats them as the builtin and calls the library's
(measured). Those are re-emitted per input as before, which is harmless unless they keep state in
a ``static`` local. Headers the file includes are not rewritten.

``loadable(code)`` applies this and ``declare_local_labels`` to a ``CodeUnderTest``: the private
copy starts with ``#line 1 "<path>"`` and keeps every line where it is, so diagnostics and line
numbers name the user's file.
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import re
from collections.abc import Callable

from cdoctest_runner.example import CodeUnderTest, Language
from cdoctest_runner.inputs import blank_code, declare_local_labels

ANON = "__cdt_anon"

_STATIC = re.compile(r"\bstatic\b")
_HEAD = re.compile(r"(?:\binline\s+)?\bnamespace\b(?:\s+[\w:]+)?\s*(?:\[\[[^\]]*\]\]\s*)?$")
_EXTERN_HEAD = re.compile(r"\bextern\s*$")
_INLINE = re.compile(r"\b(?:inline|__inline__|__inline)\b")
_NAME_BEFORE = re.compile(r"([A-Za-z_]\w*)\s*$")
_NOT_NAMES = frozenset(
    {"__attribute__", "__declspec", "alignas", "_Alignas", "__typeof__", "typeof", "decltype",
     "__asm__", "asm", "__asm", "_Atomic"}
)  # fmt: skip


@functools.cache
def is_library_function(name: str) -> bool:
    """Whether ``name`` is a symbol of the C library this process links (``abs``, ``strlen``).

    >>> is_library_function("strlen"), is_library_function("cdt_no_such_helper")
    (True, False)
    """
    try:
        return hasattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError, ValueError):
        return False


def _declared_function(segment: str) -> str | None:
    """The name of the function a declaration ``segment`` (from ``static`` up to its ``;``, ``{``
    or ``=``) declares, or None for a variable.

    >>> _declared_function("static int f(int x) __attribute__((unused))")
    'f'
    >>> _declared_function("static void (*hook)(int) "), _declared_function("static int n ")
    (None, None)
    """
    depth = 0
    for i, ch in enumerate(segment):
        if ch == "(":
            if depth == 0:
                m = _NAME_BEFORE.search(segment, 0, i)
                if m is None or segment[i + 1 :].lstrip().startswith(("*", "&", "^")):
                    return None
                if m.group(1) not in _NOT_NAMES:
                    return m.group(1)
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
    return None


def _segment_end(code: str, start: int) -> int:
    """Where the declaration starting at ``start`` ends its head: the first ``;``, ``{`` or ``=``
    outside parentheses.
    """
    depth = 0
    for i in range(start, len(code)):
        ch = code[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ";{=":
            return i
    return len(code)


def external_linkage(
    text: str,
    language: Language,
    library_function: Callable[[str], bool] = is_library_function,
) -> str:
    """``text`` with internal linkage removed from its namespace-scope declarations (module doc).

    Lines stay where they are (``static`` becomes spaces); only an anonymous namespace's line
    grows.

    >>> external_linkage("static int counter = 5;\\nstatic int get(void) { return counter; }", "c")
    '       int counter = 5;\\n       int get(void) { return counter; }'
    >>> external_linkage("struct S { static int n; };\\nint f() { static int k; return k; }", "c++")
    'struct S { static int n; };\\nint f() { static int k; return k; }'
    >>> external_linkage("static inline int sq(int x) { return x * x; }", "c")
    '              int sq(int x) { return x * x; }'
    >>> external_linkage("static int abs(int x) { return x; }", "c")
    'static int abs(int x) { return x; }'
    >>> external_linkage("namespace { int n; }", "c++")
    'namespace __cdt_anon {} using namespace __cdt_anon; namespace __cdt_anon { int n; }'
    """
    if "static" not in text and (language == "c" or "namespace" not in text):
        return text
    code = blank_code(text)
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), in order
    stack: list[str] = []  # per open brace: 'ns' (namespace, extern "C" block) or 'body'
    boundary = -1  # the last ';', '{' or '}' seen
    pos = 0
    for m in re.finditer(r"[{};]|\bstatic\b", code):
        i = m.start()
        tok = m.group()
        if tok == "static":
            if all(k != "body" for k in stack) and i >= pos:
                end = _segment_end(code, i)
                segment = code[i:end]
                name = _declared_function(segment)
                in_c = language == "c" or "extern" in stack
                if name is not None and in_c and library_function(name):
                    continue
                edits.append((i, i + len("static"), " " * len("static")))
                if name is not None and in_c:
                    head = segment[: segment.find(name)]
                    for inl in _INLINE.finditer(head):
                        edits.append((i + inl.start(), i + inl.end(), " " * len(inl.group())))
                pos = end
            continue
        if tok == "{":
            head = code[boundary + 1 : i]
            inside_body = any(k == "body" for k in stack)
            if not inside_body and _HEAD.search(head):
                stack.append("ns")
                words = head.split()
                if language != "c" and words[-1:] == ["namespace"] and words[:1] != ["inline"]:
                    at = boundary + 1 + head.rindex("namespace")
                    edits.append(
                        (at, i, f"namespace {ANON} {{}} using namespace {ANON}; namespace {ANON} ")
                    )
            elif not inside_body and _EXTERN_HEAD.search(head):
                stack.append("extern")
            else:
                stack.append("body")
        elif tok == "}" and stack:
            stack.pop()
        boundary = i
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def loadable(code: CodeUnderTest) -> CodeUnderTest:
    """``code`` as a session should load it: its text (read again from ``path`` for every new
    session, since the file may have changed) with internal linkage removed and, in C,
    function-local labels declared (``declare_local_labels``: clang-repl 22 rejects a C file in
    which two functions use the same label name). Returned unchanged when nothing needs to change
    or the file cannot be read (``_load`` reports that).
    """
    text = code.text
    if text is None and code.path is not None:
        try:
            with open(code.path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
        except OSError:
            return code
    if text is None:
        return code
    fixed = external_linkage(text, code.language)
    if code.language == "c" and "goto" in fixed:
        fixed = declare_local_labels(fixed)
    if fixed == text:
        return code
    if code.path is not None:
        fixed = f'#line 1 "{code.path}"\n' + fixed
    return dataclasses.replace(code, text=fixed)
