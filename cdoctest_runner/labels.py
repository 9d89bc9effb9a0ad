"""C labels declared local to their function in the private copy a session loads (``__label__``).

clang-repl 22 in C mode (``--Xcc=-xc``) keeps a label name visible after the function that
defined it ends, so a second function that jumps forward to a label of the same name (the
goto-cleanup idiom: ``goto fail; ... fail: return 0;``) is rejected with "use of undeclared label
'fail'" and the whole file does not load. A GNU local label declaration (``__label__ fail;`` after
the body's opening brace) scopes the label to its function, which clang-repl handles. Only
characters after an opening brace move; every line stays where it is, so diagnostics still point
at the user's lines.

Two readers find a function's labels:

- the text (``declare_local_labels``, pure): ``name:`` at a statement's start in the function's
  body, not ``case``/``default`` nor inside ``?:``, braces counted along one branch of each
  ``#if`` (``inputs.blank_code``);
- the preprocessor (libclang: ``clang.function_labels``), where the text cannot tell
  (``unsure_bodies``): a macro makes labels (``#define STOP(i) stop_##i: ...``, as in yyjson's
  number reader), a name written as a label is a macro (json-parser's ``#define whitespace case
  ' ': case '\\t'``, used as ``whitespace:``), a function with labels has a conditional
  directive in its body (a label in a branch the preprocessor drops must not be declared: a
  local label declared and never defined is an error), or a ``goto`` is in a branch other than
  the first of an ``#if`` (which one is compiled?). The labels are then those of the compiled
  code, named after expansion (``stop_1``).

``local_labels`` chooses. Where libclang gives nothing (not installed, no translation unit), the
functions the text cannot tell about are left as they are and the others get the text's labels.
Left alone in any case: functions that already declare ``__label__``, those whose body a macro
makes, and those with a label named like a macro (its declaration would be expanded).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Sequence

from cdoctest_runner import clang, ctext
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.inputs import blank_code, branch_views

_LABEL_DEF = re.compile(r"(?<=[;{}:])(\s*)([A-Za-z_]\w*)\s*:(?!:)")
_NOT_LABELS = frozenset({"case", "default", "else", "do"})
#: ``#define NAME`` or ``#define NAME(params)``, its replacement list (continued lines included).
_DEFINE = re.compile(
    r"(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)\n]*\))?((?:[^\n]*\\\n)*[^\n]*)"
)
#: A label at a statement's start in a replacement list, its name perhaps pasted (``stop_##i:``).
_MADE_LABEL = re.compile(r"(?:^|[;{}:])\s*([A-Za-z_]\w*(?:\s*##\s*\w+)*)\s*:(?!:)")
_CONDITIONAL = re.compile(r"(?m)^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef|else)\b")


@dataclasses.dataclass(frozen=True)
class Body:
    """A function body as the text reader sees it."""

    start: int  # index of its opening brace
    end: int  # index of its closing brace
    labels: tuple[str, ...]  # the labels written in it, in order
    declares: bool  # it declares local labels already (``__label__``)


def function_bodies(code: str) -> list[Body]:
    """The function bodies of ``code`` (``inputs.blank_code``'s text): a brace at file scope after
    ``)`` (or ``;``: a K&R definition's parameter declarations), with their labels.

    >>> function_bodies(blank_code("int f(int x) { if (x) goto e; return 1; e: return 0; }"))
    [Body(start=13, end=53, labels=('e',), declares=False)]
    """
    bodies: list[Body] = []
    depth = 0
    body_start = -1
    for m in re.finditer(r"[{}]", code):
        i = m.start()
        if m.group() == "{":
            if depth == 0:
                j = i - 1
                while j >= 0 and code[j].isspace():
                    j -= 1
                body_start = i if j >= 0 and code[j] in ");" else -1
            depth += 1
            continue
        depth = max(depth - 1, 0)
        if depth == 0 and body_start >= 0:
            names: list[str] = []
            for lm in _LABEL_DEF.finditer(code, body_start, i):
                name = lm.group(2)
                if name not in _NOT_LABELS and name not in names:
                    if not _after_question(code, body_start, lm.start()):
                        names.append(name)
            declares = "__label__" in code[body_start:i]
            bodies.append(Body(body_start, i, tuple(names), declares))
            body_start = -1
    return bodies


def _after_question(code: str, start: int, pos: int) -> bool:
    """Whether ``pos`` is inside a ``?:`` expression begun after the last statement boundary."""
    stmt = max(code.rfind(ch, start, pos) for ch in ";{}")
    return "?" in code[stmt + 1 : pos]


def _declare(text: str, decls: Iterable[tuple[int, tuple[str, ...]]]) -> str:
    """``text`` with ``__label__ names;`` written after each opening brace at the given index."""
    for pos, names in sorted(decls, reverse=True):
        text = text[: pos + 1] + f" __label__ {', '.join(names)};" + text[pos + 1 :]
    return text


def declare_local_labels(text: str) -> str:
    """Declare each C function's labels local to it (``__label__ fail;`` after its opening brace),
    as the text reader sees them (module docstring).

    >>> declare_local_labels("int f(int x) { if (x) goto out; return 1; out: return 0; }")
    'int f(int x) { __label__ out; if (x) goto out; return 1; out: return 0; }'
    >>> declare_local_labels("int g(int x) { switch (x) { case 1: return 2; default: return 0; } }")
    'int g(int x) { switch (x) { case 1: return 2; default: return 0; } }'
    """
    bodies = function_bodies(blank_code(text))
    return _declare(text, [(b.start, b.labels) for b in bodies if b.labels and not b.declares])


def macros(texts: Iterable[str]) -> dict[str, str]:
    """The macros ``texts`` define: name -> replacement list (comments and literals blanked).

    >>> macros(["#define GOTO(x) goto err_##x  /* jump */\\n#define N 3"])
    {'GOTO': ' goto err_##x            ', 'N': ' 3'}
    """
    found: dict[str, str] = {}
    for text in texts:
        if "define" in text:
            for m in _DEFINE.finditer(ctext.blank(text)):
                found.setdefault(m.group(1), m.group(3).replace("\\\n", "  "))
    return found


def makes_labels(replacement: str) -> bool:
    """Whether a macro's replacement list defines a label (``stop_##i:``, ``{ here: }``).

    >>> [makes_labels(r) for r in (" stop_##i: src += i;", " { here: }", " case  : case  ",
    ...                            " ((a) > (b) ? (a) : (b))", " a ? b : c")]
    [True, True, False, False, False]
    """
    return any(m.group(1).strip() not in _NOT_LABELS for m in _MADE_LABEL.finditer(replacement))


def unsure_bodies(text: str, bodies: Sequence[Body], defined: dict[str, str]) -> set[int]:
    """The starts of the ``bodies`` of ``text`` whose labels the text reader cannot tell: one with
    a label named like a macro in ``defined`` (``whitespace:``), or with labels and a
    conditional directive inside (``#ifdef _WIN32 ... win_fail: ... #endif``).
    """
    directives = [m.start() for m in _CONDITIONAL.finditer(text)] if "#" in text else []
    unsure: set[int] = set()
    for b in bodies:
        if any(name in defined for name in b.labels):
            unsure.add(b.start)
        elif b.labels and any(b.start < d < b.end for d in directives):
            unsure.add(b.start)
    return unsure


def local_labels(
    text: str, path: str, flags: Sequence[str] = (), headers: Sequence[str] = ()
) -> str:
    """``text`` (C) with each function's labels declared local to it (module docstring).

    ``path``: the absolute file name the text is parsed under (its directory resolves quoted
    includes); ``flags``: the session's ``-I``/``-D``/other compiler flags; ``headers``: the
    texts of the project headers it includes (for the macros they define). Kept for the next
    session of the same text.
    """
    return _local_labels(text, path, tuple(flags), tuple(headers))


@functools.lru_cache(maxsize=32)
def _local_labels(text: str, path: str, flags: tuple[str, ...], headers: tuple[str, ...]) -> str:
    code, *hidden = branch_views(text)
    bodies = function_bodies(code)
    hides = False  # whether the first branch of an #if hides a goto (which branch is compiled?)
    for view in hidden:
        starts = {b.start for b in bodies}
        bodies += [
            b for b in function_bodies(view) if code[b.start] == " " and b.start not in starts
        ]
        hides = hides or any(code[m.start()] == " " for m in re.finditer(r"\bgoto\b", view))
    defined = macros([text, *headers])
    unsure = unsure_bodies(text, bodies, defined)
    made = any(makes_labels(r) for r in defined.values())
    if unsure or made or hides:
        parsed = _parsed_labels(path, text, flags)
        if parsed is not None:
            return _declare(text, _preprocessed(text, parsed, defined))
    keep = [b for b in bodies if b.labels and not b.declares and b.start not in unsure]
    return _declare(text, [(b.start, b.labels) for b in keep])


def _preprocessed(
    text: str,
    parsed: tuple[tuple[int, int, tuple[str, ...]], ...],
    defined: dict[str, str],
) -> list[tuple[int, tuple[str, ...]]]:
    """The declarations from libclang's labels: byte offsets made indexes of ``text``; bodies a
    macro made, that declare ``__label__`` already or have a label named like a macro left out.
    """
    index = _indexes(clang.encode(text), [at for start, end, _ in parsed for at in (start, end)])
    code = ctext.blank(text)
    decls: list[tuple[int, tuple[str, ...]]] = []
    for start_byte, end_byte, names in parsed:
        start, end = index[start_byte], index[end_byte]
        if text[start : start + 1] != "{" or text[end - 1 : end] != "}":
            continue  # a body a macro made: nowhere to write the declaration
        if "__label__" in code[start:end] or any(name in defined for name in names):
            continue
        decls.append((start, names))
    return decls


def _indexes(data: bytes, offsets: Iterable[int]) -> dict[int, int]:
    """The index in the text of each byte offset (a character's first byte) of its UTF-8
    ``data``, the text decoded once.

    >>> _indexes("é{}".encode(), [2, 3])
    {2: 1, 3: 2}
    """
    index: dict[int, int] = {}
    byte = char = 0
    for offset in sorted(set(offsets)):
        char += len(data[byte:offset].decode("utf-8", errors="surrogateescape"))
        byte = offset
        index[offset] = char
    return index


def _parsed_labels(
    path: str, text: str, flags: tuple[str, ...]
) -> tuple[tuple[int, int, tuple[str, ...]], ...] | None:
    """``clang.function_labels`` of ``text`` parsed as ``path``; None when libclang cannot."""
    try:
        tu = clang.parse(path, text, "c", flags)
        return tuple(clang.function_labels(tu, path))
    except SourceParseError:
        return None
