"""When an edit provably leaves a document's function list as it was, so no parse is needed.

``relisted(old, new, functions, owns)`` gives ``new``'s functions from ``old``'s for two kinds of
edit:

- *in a body*: an edit that stays strictly inside one function's body: the changed lines (added,
  removed or edited) all between the line of that body's opening ``{`` and the line of its closing
  ``}``, their braces, parentheses and brackets balanced (code only: comments and literals do not
  count), no preprocessor line or line continuation among them, and comments and literals
  unchanged everywhere else. The functions (what ``server.api.FunctionInfo`` holds: extents,
  signatures, the block above) then cannot have changed but for their line numbers: the body's
  braces still pair up, every other line is the same text, and ``server.analysis.locate`` never
  lists what is inside a body. The functions after the edit move by the lines it added or removed.
- *in a comment* (``in_comment``): an edit on one line, wholly inside one comment of ``old``
  (after its ``//`` or ``/*``, before its ``*/``), that inserts and deletes no line break and
  neither makes nor breaks a ``/*``, ``*/``, ``//``, a backslash or a ``??/`` (its trigraph), on
  a line that is no preprocessor line nor continues one, outside every listed function's extent
  (its signature and columns are then the same text), and such that ``server.analysis.locate``'s
  ``comment_above`` finds, above every line, a block or none as before, with or without cdoctest
  prompts as before, with the ``cdoctest-gen:`` line of older versions or without as before, and
  with the same examples (``server.ownership.block_digest``) or, when ``owns`` (the record of the
  tool's blocks: ``server.ownership.BlockStore.owns``) is given, examples as much the tool's as
  before: what ``FunctionInfo.has_block`` and ``block_generated`` say. So typing in an output
  line of the user's block needs no parse; in the tool's block it does (the block becomes the
  user's).
  The compiler then reads the same tokens on the same lines, and the list is the same.

Anything else (a ``{`` being typed, an edit in a signature or between functions, a ``>>>`` typed
into a comment, a comment closed early) gives None and the caller parses.

Lines are 0-based here; ``Declaration`` lines are 1-based (libclang).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from cdoctest_runner import ctext
from server.analysis.locate import CommentBlock, comment_above
from server.api import FunctionInfo
from server.ownership import block_digest

_PAIRS = {"{": "}", "(": ")", "[": "]"}
_CLOSERS = set(_PAIRS.values())
#: What opens, closes or continues a comment (``??/`` is the backslash's trigraph): an edit in a
#: comment that makes or breaks one of these may change what the compiler reads.
_DELIMITERS = ("/*", "*/", "//", "\\", "??/")


def changed_region(old: list[str], new: list[str]) -> tuple[int, int, int] | None:
    """``(first, old_last, new_last)``: the 0-based lines where two texts differ, the changed
    lines being ``old[first:old_last + 1]`` and ``new[first:new_last + 1]`` (empty for a pure
    insertion or deletion); None when the texts are equal.

    >>> changed_region(["a", "b", "c", "d"], ["a", "B", "C", "d"])
    (1, 2, 2)
    >>> changed_region(["a", "b"], ["a", "", "b"])  # a line inserted before "b"
    (1, 0, 1)
    >>> changed_region(["a"], ["a"]) is None
    True
    """
    n = min(len(old), len(new))
    first = next((i for i in range(n) if old[i] != new[i]), n)
    if first == n and len(old) == len(new):
        return None
    same = 0  # lines equal at the end, not overlapping the equal start
    while (
        same < min(len(old), len(new)) - first
        and old[len(old) - 1 - same] == new[len(new) - 1 - same]
    ):
        same += 1
    return first, len(old) - 1 - same, len(new) - 1 - same


def balanced(code: str) -> bool:
    """Whether ``code`` (comments and literals blanked) opens and closes its brackets in pairs.

    >>> balanced("x = f(a[1]); { y(); }"), balanced("x = f(;"), balanced("} int g() {")
    (True, False, False)
    """
    stack: list[str] = []
    for ch in code:
        if ch in _PAIRS:
            stack.append(_PAIRS[ch])
        elif ch in _CLOSERS:
            if not stack or stack.pop() != ch:
                return False
    return not stack


def body_open_line(blank_lines: list[str], start: int, end: int) -> int | None:
    """The 0-based line of the ``{`` opening the body of a function spanning ``start..end``
    (0-based), in blanked lines: the first ``{`` outside parentheses; None when there is none.

    >>> body_open_line(["int f(int a,", "      int b)", "{", "  return a;", "}"], 0, 4)
    2
    """
    depth = 0
    for i in range(start, end + 1):
        for ch in blank_lines[i]:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "{" and depth == 0:
                return i
    return None


Owns = Callable[[CommentBlock], bool]


def relisted(
    old: str, new: str, functions: Sequence[FunctionInfo], owns: Owns | None = None
) -> list[FunctionInfo] | None:
    """``new``'s function list derived from ``old``'s without a parse, or None when the edit is
    not one that provably keeps it (see the module docstring): after an edit in a body, the
    functions after it move by the lines it added or removed, the one holding it ends that much
    later; after an edit in a comment, the list is the same. ``owns``: whether a block is the
    tool's (None: an edit that changes a block's examples is parsed).
    """
    old_lines, new_lines = old.split("\n"), new.split("\n")
    region = changed_region(old_lines, new_lines)
    if region is None:
        return list(functions)
    if in_comment(old, new, old_lines, new_lines, region, functions, owns):
        return list(functions)
    return _in_body(old, new, old_lines, new_lines, region, functions)


def in_comment(
    old: str,
    new: str,
    old_lines: list[str],
    new_lines: list[str],
    region: tuple[int, int, int],
    functions: Sequence[FunctionInfo],
    owns: Owns | None = None,
) -> bool:
    """Whether the edit (``region``: ``changed_region`` of the texts' lines) is one inside a
    comment that keeps ``functions`` as they are (the conditions of the module docstring).
    """
    first, old_last, new_last = region
    if old_last != first or new_last != first:
        return False  # lines added, removed, or more than one line edited
    before, after = old_lines[first], new_lines[first]
    start = next(
        (i for i, (x, y) in enumerate(zip(before, after, strict=False)) if x != y),
        min(len(before), len(after)),
    )
    same = 0  # characters equal at the end, not overlapping the equal start
    while same < min(len(before), len(after)) - start and before[-1 - same] == after[-1 - same]:
        same += 1
    if not (
        untouched(before, start, len(before) - same) and untouched(after, start, len(after) - same)
    ):
        return False
    if _lone_cr(old) or _lone_cr(new):
        return False  # a line break to the compiler, none to ``split("\\n")``: lines differ
    line_start = sum(len(line) + 1 for line in old_lines[:first])
    opener = comment_start(old, line_start + start, line_start + len(before) - same)
    if opener is None:
        return False
    opener_line = old.count("\n", 0, opener)
    if "#" in old[old.rfind("\n", 0, opener) + 1 : opener] or any(
        _continues(line) for line in (*old_lines[max(opener_line - 1, 0) : first + 1], after)
    ):
        return False  # a preprocessor line (``#include <a//b.h>``: no comment) or a continuation
    if any(f.declaration.line - 1 <= first <= f.declaration.end_line - 1 for f in functions):
        return False  # a comment within a function's extent: its signature or columns may change
    old_split, new_split = old.splitlines(), new.splitlines()
    return all(
        _same_facts(comment_above(old_split, line), comment_above(new_split, line), owns)
        for line in range(first + 2, len(old_split) + 2)  # the lines whose block may hold it
    )


def untouched(line: str, start: int, end: int) -> bool:
    r"""Whether the edited part ``line[start:end]`` holds no line break, and no comment
    delimiter, backslash or ``??/`` lies in it or across one of its ends (for an insertion,
    ``start == end``: across the point).

    >>> untouched("// a b", 3, 4), untouched("// a */", 5, 6), untouched("/* a \ */", 5, 6)
    (True, False, False)
    >>> untouched("// a */", 5, 5), untouched("// a */", 6, 6), untouched("/* a\fb */", 4, 5)
    (True, False, False)
    """
    edited = line[start:end] + "."
    if edited.splitlines() != [edited]:
        return False
    for token in _DELIMITERS:
        at = line.find(token, max(start - len(token) + 1, 0))
        if at != -1 and at < end:
            return False
    return True


def comment_start(text: str, start: int, end: int) -> int | None:
    """The offset of the ``//`` or ``/*`` of the comment whose text holds ``text[start:end]``
    (after its opener, before its closing ``*/`` or its line's end), or None when no comment
    does (code, a literal, a delimiter, an unterminated ``/*``).

    >>> text = 'f("/* x */"); /* ab */ // cd'
    >>> comment_start(text, 16, 17), comment_start(text, 25, 26), comment_start(text, 5, 6)
    (14, 23, None)
    >>> comment_start(text, 20, 21), comment_start("/* open", 3, 4)  # the ``*/``; no ``*/``
    (None, None)
    """
    for kind, s, e in ctext.spans(text):
        if e < end:
            continue
        if kind == "line" and s + 2 <= start:
            return s
        if kind == "block" and s + 2 <= start and end <= e - 2 and text.startswith("*/", e - 2):
            return s
        return None
    return None


def _continues(line: str) -> bool:
    """Whether ``line`` ends with a line continuation (a backslash or its trigraph)."""
    return line.rstrip().endswith(("\\", "??/"))


def _lone_cr(text: str) -> bool:
    """Whether ``text`` holds a carriage return not followed by a newline."""
    return "\r" in text.replace("\r\n", "")


def _same_facts(before: CommentBlock | None, after: CommentBlock | None, owns: Owns | None) -> bool:
    """Whether a block above a function shows the same in ``FunctionInfo`` before and after the
    edit: the same ``_facts``, or other examples (an edited output line) as much the tool's.
    """
    a, b = _facts(before), _facts(after)
    if a == b:
        return True
    if owns is None or before is None or after is None or a[:3] != b[:3] or not a[1]:
        return False
    return owns(before) == owns(after)


def _facts(block: CommentBlock | None) -> tuple[bool, bool, bool, str | None]:
    """What of a block above a function its ``FunctionInfo`` shows (``server.analysis.locate``: a
    block, a declaration's block carried to a definition without one): whether there is one, whether
    it holds prompts, and what decides whose it is (``server.ownership``): the line of older
    versions, the digest of its examples.
    """
    if block is None:
        return False, False, False, None
    digest = block_digest(block) if block.has_prompts else None
    return True, block.has_prompts, block.legacy, digest


def _in_body(
    old: str,
    new: str,
    old_lines: list[str],
    new_lines: list[str],
    region: tuple[int, int, int],
    functions: Sequence[FunctionInfo],
) -> list[FunctionInfo] | None:
    """``relisted`` for an edit strictly inside one body (the module docstring), else None."""
    first, old_last, new_last = region
    delta = new_last - old_last
    old_blank = ctext.blank(old).split("\n")
    new_blank = ctext.blank(new).split("\n")
    if (
        old_blank[:first] != new_blank[:first]
        or old_blank[old_last + 1 :] != new_blank[new_last + 1 :]
    ):
        return None  # a comment or literal opened or closed by the edit reaches other lines
    region_old = "\n".join(old_blank[first : old_last + 1])
    region_new = "\n".join(new_blank[first : new_last + 1])
    if "#" in region_old or "#" in region_new or not balanced(region_new):
        return None
    joined = old_lines[max(first - 1, 0) : old_last + 1] + new_lines[first : new_last + 1]
    if any(line.rstrip().endswith("\\") for line in joined):
        return None  # a line continuation joins lines across the edit
    holder = [
        f
        for f in functions
        if f.declaration.line - 1 < first and old_last < f.declaration.end_line - 1
    ]
    if not holder:
        return None
    f = min(holder, key=lambda g: g.declaration.end_line - g.declaration.line)
    opening = body_open_line(old_blank, f.declaration.line - 1, f.declaration.end_line - 1)
    if opening is None or opening >= first:
        return None  # the edit is in the signature, not the body
    out = []
    for g in functions:
        d = g.declaration
        if d.line - 1 > old_last:
            d = replace(d, line=d.line + delta, end_line=d.end_line + delta)
        elif d.end_line - 1 > old_last:
            d = replace(d, end_line=d.end_line + delta)
        out.append(g if d is g.declaration else replace(g, declaration=d))
    return out
