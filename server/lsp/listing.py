"""When an edit provably leaves a document's function list as it was, so no parse is needed.

``relisted(old, new, functions)`` gives ``new``'s functions from ``old``'s only for an edit that
stays strictly inside one function's body: the changed lines (added, removed or edited) all
between the line of that body's opening ``{`` and the line of its closing ``}``, their braces,
parentheses and brackets balanced (code only: comments and literals do not count), no
preprocessor line or line continuation among them, and comments and literals unchanged
everywhere else. The functions (what ``server.api.FunctionInfo`` holds: extents, signatures, the
block above) then cannot have changed but for their line numbers: the body's braces still pair
up, every other line is the same text, and ``server.locate`` never lists what is inside a body.
Anything else (a ``{`` being typed, an edit in a signature or between functions) gives None and
the caller parses.

Lines are 0-based here; ``Declaration`` lines are 1-based (libclang).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cdoctest_runner import ctext
from server.api import FunctionInfo

_PAIRS = {"{": "}", "(": ")", "[": "]"}
_CLOSERS = set(_PAIRS.values())


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


def relisted(old: str, new: str, functions: Sequence[FunctionInfo]) -> list[FunctionInfo] | None:
    """``new``'s function list derived from ``old``'s without a parse, or None when the edit is
    not one that provably keeps it (see the module docstring): the functions after the edit move
    by the lines it added or removed, the one holding it ends that much later.
    """
    old_lines, new_lines = old.split("\n"), new.split("\n")
    region = changed_region(old_lines, new_lines)
    if region is None:
        return list(functions)
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
