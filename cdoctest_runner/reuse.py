"""When a warm session could differ from a fresh one: conservative text checks (pure, no clang).

``DocTestRunner`` reuses a session for the next block only when neither the code under test nor
the block can leave state behind that ``%undo`` does not take back (docs/runner.md, "Warm reuse
and isolation"):

- ``has_mutable_state(source)``: mutable static storage in the code under test (a non-const
  namespace-scope or ``static`` variable, ``mutable``/``thread_local``, ``rand``...);
- ``touches_global_state(source)``: an example that changes process-wide state (``srand``,
  ``setlocale``, stream flags, files, signals, ``errno``...);
- ``changes_preprocessor(source, included)``: an example with a preprocessor directive whose
  effect ``%undo`` keeps (``#define``, ``#include`` of a header the session had not included:
  its include guard stays defined while its declarations are undone, so the next block's
  ``#include`` of it would declare nothing); ``included_before(code)`` is what the session had
  included before its first block;
- ``leaves_state(code, sources)``: either of the two for a block's examples;
- ``code_is_stateful(code)``: ``has_mutable_state`` of a ``CodeUnderTest`` (its text, or its files
  by path and modification time; a prebuilt library always counts as stateful).
- ``MUTANT_SWITCH``: the switch of a mutant schema (``cdoctest_runner.mutation.schemata``),
  declared ``SWITCH_DECLARATION``; every block run on a schema sets it first, so it is no state a
  block can see, and ``has_mutable_state`` does not count it.
- ``state_is_file_scope(source)``: whether that state is all in namespace-scope variables (no
  ``static`` left in ``loadable``'s text, no process-wide state), which ``snapshot`` can save and
  restore so that C code with such state keeps its warm session.

False positives only cost a fresh session. Matching is on code with comments and literal contents
blanked (``cdoctest_runner.ctext``).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable

from cdoctest_runner import ctext
from cdoctest_runner.example import CodeUnderTest
from cdoctest_runner.inputs import C_PRELUDE, CXX_PRELUDE

#: The run-time switch of a mutant schema: the mutant a block on a schema runs (0: the original).
MUTANT_SWITCH = "__cdt_mutant"
#: How a schema declares it (before its first mutated declaration).
SWITCH_DECLARATION = f"int {MUTANT_SWITCH} = 0;"

# Process-wide state an example may change that %undo does not take back (files in the private
# directory included). Matching is on code with comments and string contents removed.
_GLOBAL_STATE = re.compile(
    r"\b(?:s?rand(?:om|48|_r)?|srandom|[dl]rand48|setlocale|imbue|sync_with_stdio|setvbuf|setbuf|"
    r"freopen|fclose|close|dup2?|chdir|putenv|setenv|unsetenv|atexit|at_quick_exit|signal|sigaction|"
    r"alarm|fork|pthread_\w+|thread|strtok|setjmp|longjmp|fopen|ofstream|fstream|tmpfile|remove|"
    r"rename|mkdir|umask|errno)\b"
    r"|\b(?:std::)(?:hex|oct|fixed|scientific|boolalpha|showpos|showbase|showpoint|uppercase|left|"
    r"right|internal|setprecision|setw|setfill)\b"
    r"|<<\s*(?:hex|oct|fixed|scientific|boolalpha|showpos|showbase|showpoint|uppercase|left|right|"
    r"internal)\b(?!\s*\()|<<\s*(?:setprecision|setfill)\s*\("
    r"|\.\s*(?:precision|flags|setf|unsetf|width|fill|exceptions|tie|rdbuf|imbue)\s*\("
)


def _code_only(text: str) -> str:
    """``text`` with comments and literal contents blanked, quotes kept, and runs of blanks
    squeezed to one (``extern " "``): shorter text for the character scans below.
    """
    return _BLANKS.sub(" ", ctext.blank(text, keep_quotes=True))


_BLANKS = re.compile(r"[ \t]{2,}")


def touches_global_state(source: str) -> bool:
    """Whether an example may change process-wide state that ``%undo`` does not take back.

    >>> touches_global_state("srand(3); roll()")
    True
    >>> touches_global_state("std::cout << std::hex << 255;")
    True
    >>> touches_global_state('fac(5)'), touches_global_state('printf("%d\\\\n", fac(3));')
    (False, False)
    """
    return bool(_GLOBAL_STATE.search(_code_only(source)))


#: A preprocessor line: its directive word and the rest (comments blanked, quotes kept).
_DIRECTIVE = re.compile(r"(?m)^[ \t]*#[ \t]*(\w*)(.*)$")
_ANGLE_INCLUDE = re.compile(r"\s*(<[^>\n]+>)\s*$")


def changes_preprocessor(source: str, included: frozenset[str] = frozenset()) -> bool:
    """Whether an example has a preprocessor directive that ``%undo`` does not take back: any but
    an ``#include <header>`` of a header in ``included`` (one the session had included before
    the block, whose include guard makes it a no-op).

    ``%undo`` takes back the declarations an input made, not the macros it defined
    (docs/runner.md, "Warm reuse and isolation"): after ``#include "extra.h"`` is undone, the
    guard ``EXTRA_H`` stays defined, and the next block's ``#include "extra.h"`` declares nothing.

    >>> changes_preprocessor('#include "extra.h"\\nextra_twice(2)')
    True
    >>> changes_preprocessor("#define N 3\\nN + 1"), changes_preprocessor("fac(5)")
    (True, False)
    >>> changes_preprocessor("#include <stdio.h>\\nputs(0);", frozenset({"<stdio.h>"}))
    False
    """
    if "#" not in source:
        return False
    for m in _DIRECTIVE.finditer(ctext.blank(source, keep_quotes=True)):
        angle = _ANGLE_INCLUDE.match(m.group(2))
        if not (m.group(1) == "include" and angle is not None and angle.group(1) in included):
            return True
    return False


def leaves_state(code: CodeUnderTest, sources: Iterable[str]) -> bool:
    """Whether a block's examples (``sources``), run on a session of ``code``, leave state that
    ``%undo`` does not take back: process-wide (``touches_global_state``) or the preprocessor's
    (``changes_preprocessor``, against ``included_before(code)``).
    """
    sources = list(sources)
    if any(touches_global_state(source) for source in sources):
        return True
    directives = [source for source in sources if "#" in source]
    if not directives:
        return False
    included = included_before(code)
    return any(changes_preprocessor(source, included) for source in directives)


@functools.lru_cache(maxsize=256)
def unconditional_includes(text: str) -> frozenset[str]:
    """The ``<header>``s ``text`` includes outside any conditional (an include guard around the
    whole text does not count as one): those a session that loaded it has certainly included.

    >>> sorted(unconditional_includes("#ifndef A_H\\n#define A_H\\n#include <stdio.h>\\n"
    ...                               "#ifdef X\\n#include <math.h>\\n#endif\\n#endif"))
    ['<stdio.h>']
    """
    if "include" not in text:
        return frozenset()
    directives = [(m.group(1), m.group(2).strip())
                  for m in _DIRECTIVE.finditer(ctext.blank(text, keep_quotes=True))]  # fmt: skip
    found: set[str] = set()
    opened: list[bool] = []  # per open conditional: is it the include guard?
    for i, (word, rest) in enumerate(directives):
        if word in ("if", "ifdef", "ifndef"):
            guard = i == 0 and word == "ifndef" and directives[1:2] == [("define", rest)]
            opened.append(guard)
        elif word == "endif" and opened:
            opened.pop()
        elif word == "include" and not any(not guard for guard in opened):
            angle = _ANGLE_INCLUDE.match(rest)
            if angle is not None:
                found.add(angle.group(1))
    return frozenset(found)


def included_before(code: CodeUnderTest) -> frozenset[str]:
    """The ``<header>``s every session of ``code`` includes before its first block: the
    prelude's, ``code.headers`` given by name, and those its text includes unconditionally
    (``unconditional_includes``).
    """
    prelude = C_PRELUDE if code.language == "c" else CXX_PRELUDE
    found = set(unconditional_includes(prelude))
    found.update(f"<{h}>" for h in code.headers if not os.path.exists(h))
    if code.text is not None:
        found |= unconditional_includes(code.text)
    elif code.path is not None:
        try:
            found |= _file_includes(code.path, os.stat(code.path).st_mtime)
        except OSError:
            pass
    return frozenset(found)


@functools.lru_cache(maxsize=256)
def _file_includes(path: str, mtime: float) -> frozenset[str]:
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return unconditional_includes(f.read())
    except OSError:
        return frozenset()


_NONVAR_HEAD = re.compile(
    r"^\s*(?:typedef|using|template|class|struct|union|enum|namespace|static_assert|friend|"
    r"extern\s+\"\s*\"|__extension__)\b"
)


def has_mutable_state(source: str) -> bool:
    """Whether code under test has mutable static storage (so blocks could see each other's calls).

    Conservative: any non-const ``static`` variable, any namespace-scope variable that is not
    ``const``/``constexpr``, and any use of process-wide state (``rand``, ``errno``, ...).

    >>> has_mutable_state("int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }")
    False
    >>> has_mutable_state("static int calls; int f(void) { return ++calls; }")
    True
    >>> has_mutable_state("int next(void) { static int n = 0; return ++n; }")
    True
    >>> has_mutable_state("static const int N = 3; static int twice(int x) { return 2 * x; }")
    False
    >>> has_mutable_state("namespace m { int counter = 0; }")
    True
    >>> has_mutable_state("const double PI = 3.14;")
    False
    >>> has_mutable_state("int __cdt_mutant = 0; int f(int a) { return a; }")  # a schema's switch
    False
    """
    return _text_state(source.replace(SWITCH_DECLARATION, ""))


@functools.lru_cache(maxsize=1024)
def _text_state(source: str) -> bool:
    code = _without_directives(_code_only(source))
    return (
        _process_state(code)
        or _static_variable(code)
        or any(_is_mutable_var(stmt) for stmt in _top_level_statements(code))
    )


@functools.lru_cache(maxsize=256)
def state_is_file_scope(source: str) -> bool:
    """Whether all the mutable static storage of ``source`` is namespace-scope variables: no
    ``static`` variable (run it on ``loadable``'s text, where file-scope ``static`` is gone, so a
    ``static`` left is a function's or a member's), no ``mutable``/``thread_local``, no use of
    process-wide state (``rand``, ``errno``...). Such state is all in variables a session can
    name, save and restore (``cdoctest_runner.snapshot``).

    >>> state_is_file_scope("int calls; int f(void) { return ++calls; }")
    True
    >>> state_is_file_scope("int f(void) { static int n; return ++n; }")
    False
    >>> state_is_file_scope("int roll(void) { return rand() % 6; }")
    False
    """
    code = _without_directives(_code_only(source))
    return not (_process_state(code) or _static_variable(code))


def _without_directives(code: str) -> str:
    return "\n".join(line for line in code.split("\n") if not line.lstrip().startswith("#"))


def _process_state(code: str) -> bool:
    return bool(_GLOBAL_STATE.search(code) or re.search(r"\b(?:mutable|thread_local)\b", code))


def _static_variable(code: str) -> bool:
    """Whether ``code`` declares a non-const ``static`` variable (at any scope)."""
    for m in re.finditer(r"\bstatic\b", code):
        rest = code[m.end() :]
        stop = re.search(r"[(;={\[]", rest)
        if stop is None:
            continue
        head = rest[: stop.start()]
        if stop.group() == "(" or re.search(r"\b(?:const|constexpr|constinit)\b", head):
            continue
        if (
            re.match(r"\s*(?:inline\s+)?(?:struct|class|union|enum)\b[^;=]*\{", rest)
            and stop.group() == "{"
        ):
            continue
        return True
    return False


def _top_level_statements(code: str) -> list[str]:
    """Namespace-scope declarations ending in ``;`` (braced bodies replaced by ``{}``)."""
    stmts: list[str] = []
    cur: list[str] = []
    depth = 0
    transparent: list[int] = []  # depths of namespace / extern "C" braces
    i = 0
    while i < len(code):
        ch = code[i]
        if depth == len(transparent):  # at namespace scope
            if ch == "{":
                head = "".join(cur)
                if re.search(r"\bnamespace\b[\w\s:]*$|\bextern\s*\"\s*\"\s*$", head):
                    transparent.append(depth + 1)
                    depth += 1
                    cur = []
                else:
                    depth += 1
                    cur.append("{}")
                    if re.search(r"\)\s*(?:const|noexcept|override|final|->[^{]*|\s)*$", head):
                        cur = ["FUNCTION_BODY"]
            elif ch == "}":
                if transparent and transparent[-1] == depth:
                    transparent.pop()
                depth -= 1
                cur = []
            elif ch == ";":
                text = "".join(cur).strip()
                if text and text != "FUNCTION_BODY":
                    stmts.append(text.replace("FUNCTION_BODY", ""))
                cur = []
            else:
                if cur == ["FUNCTION_BODY"] and not ch.isspace():
                    cur = []
                cur.append(ch)
        else:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
        i += 1
    return stmts


def _is_mutable_var(stmt: str) -> bool:
    if _NONVAR_HEAD.match(stmt) and not re.search(r"\}\s*\w", stmt):
        return False
    if re.search(r"\b(?:const|constexpr|constinit)\b", stmt.split("=")[0]):
        return False
    before_eq = stmt.split("=")[0]
    if "(" in before_eq and "=" not in stmt:
        return False  # a function declaration (or a rare direct-initialised variable)
    if re.match(r"^\s*extern\b", stmt) and "=" not in stmt:
        return False
    return bool(re.search(r"[\w\]]", stmt))


@functools.lru_cache(maxsize=256)
def _file_state(path: str, mtime: float) -> bool:
    try:
        with open(path, errors="replace") as f:
            return has_mutable_state(f.read())
    except OSError:
        return True


def code_is_stateful(code: CodeUnderTest) -> bool:
    """Whether the code under test may keep state between blocks (a prebuilt library may)."""
    if code.text is not None:
        return has_mutable_state(code.text) or has_mutable_state(code.prelude)
    paths = [code.path] if code.path else list(code.headers)
    if code.libraries:
        return True  # compiled code: cannot look inside
    for p in paths:
        if p is None:
            continue
        try:
            if _file_state(p, os.stat(p).st_mtime):
                return True
        except OSError:
            return True
    return has_mutable_state(code.prelude)
