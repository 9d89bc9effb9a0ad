"""The text of one mutant schema (``render``) and its errors read back (``mutants_in_error``).

``cdoctest_runner.mutation.schemata`` decides where each mutant's change goes (a ``Plan`` of
``Point``s, libclang); this module writes the schema of some of those mutants from a plan, and
is pure. The three kinds of point become, with ``k`` the mutant's switch value:

- ``statement``: ``{ if (__cdt_mutant == k) { <mutant> } else { <original> } }``;
- ``condition``: ``(__cdt_mutant == k ? !!(<mutant>) : !!(<original>))`` in C, with
  ``static_cast<bool>(...)`` for ``!!(...)`` in C++ (the contextual conversion a condition
  makes, never an overloaded ``operator!``);
- ``expression``: ``(__cdt_mutant == k ? ((void)sizeof(char[<same type> ? 1 : -1]), (<mutant>))
  : (<original>))``, where ``<same type>`` is ``__builtin_types_compatible_p(__typeof__(..),
  __typeof__(..))`` in C and ``__is_same(decltype((..)), decltype((..)))`` in C++: a mutant
  whose type differs does not compile (and leaves the schema), rather than being converted.

Several mutants at one point chain their choices (``__cdt_mutant == 7 ? ... : __cdt_mutant ==
8 ? ... : <original>``); the original of a point holds the points nested in it. The switch is
declared once, ``int __cdt_mutant = 0;``, before the first declaration that holds a point.
Line numbers are kept: after each mutant copy that spans lines a ``#line`` marker gives the next
copy the point's first line again (``Schema.lines``: the number the compiler gives each physical
line).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from cdoctest_runner import ctext
from cdoctest_runner.reuse import MUTANT_SWITCH, SWITCH_DECLARATION

__all__ = [
    "Plan",
    "Point",
    "PointKind",
    "Schema",
    "line_index",
    "line_starts",
    "mutants_in_error",
    "one_line",
    "presumed_lines",
    "render",
    "switch_input",
]

PointKind = Literal["statement", "condition", "expression"]
_LINE_MARKER = re.compile(rb"^[ \t]*#[ \t]*line[ \t]+(\d+)")


def switch_input(value: int) -> str:
    """The input that selects mutant ``value`` of a loaded schema (0: the original code).

    >>> switch_input(7)
    '__cdt_mutant = 7;'
    """
    return f"{MUTANT_SWITCH} = {value};"


@dataclass(frozen=True)
class Point:
    """Where a mutant's change goes: the original bytes ``[start, end)`` become a choice."""

    start: int
    end: int
    kind: PointKind
    line: int  # the line of ``start`` as the compiler numbers it (``#line`` markers obeyed)


@dataclass(frozen=True)
class Plan:
    """Where each mutant of one file goes in its schemata (module docstring)."""

    source: bytes  # the original text, UTF-8
    language: str
    points: dict[str, Point] = field(default_factory=dict)  # mutant id -> its point
    variants: dict[str, bytes] = field(default_factory=dict)  # id -> the mutant's point text
    left_out: dict[str, str] = field(default_factory=dict)  # id -> why it runs on its own
    declare_at: int = 0  # where the switch is declared: before the first mutated declaration
    declare_line: int = 1


@dataclass(frozen=True)
class Schema:
    """One schema's text and what it holds.

    ``switch[id]`` is the value of ``__cdt_mutant`` that selects the mutant ``id``; ``spans`` are
    ``(start, end, ids)`` byte ranges of the text (each variant's, each point's with all its
    mutants), and ``lines[i]`` is the line number the compiler gives physical line ``i + 1``:
    together they read an error's position back to mutants (``mutants_in_error``).
    """

    text: str
    switch: dict[str, int]
    spans: tuple[tuple[int, int, tuple[str, ...]], ...] = ()
    lines: tuple[int, ...] = ()


def presumed_lines(text: bytes) -> list[int]:
    """The line number the compiler gives each physical line of ``text`` (``#line`` obeyed).

    >>> presumed_lines(b"a\\n#line 7\\nb\\nc")
    [1, 2, 7, 8]
    """
    out: list[int] = []
    number = 1
    for line in text.split(b"\n"):
        out.append(number)
        m = _LINE_MARKER.match(line)
        number = int(m.group(1)) if m else number + 1
    return out


def line_starts(data: bytes) -> list[int]:
    """The offset where each line of ``data`` starts.

    >>> line_starts(b"ab\\nc\\n")
    [0, 3, 5]
    """
    return [0] + [i + 1 for i, ch in enumerate(data) if ch == 10]


def line_index(starts: list[int], offset: int) -> int:
    """The 0-based line of ``offset``, given ``line_starts``.

    >>> line_index([0, 3, 5], 4)
    1
    """
    return bisect.bisect_right(starts, offset) - 1


def one_line(text: bytes) -> bytes | None:
    """``text`` on one line, comments blanked (for the type check); None when it cannot be
    (a preprocessor line, a literal spanning lines).

    >>> one_line(b"a + // c\\n b")
    b'a +       b'
    """
    s = text.decode("utf-8", "surrogateescape")
    out = list(s)
    for kind, a, b in ctext.spans(s):
        if kind in ("block", "line"):
            out[a:b] = [" " if ch != "\n" else "\n" for ch in s[a:b]]
        elif "\n" in s[a:b]:
            return None
    joined = "".join(out)
    if any(line.lstrip().startswith("#") for line in joined.split("\n")) or "\\\n" in joined:
        return None
    return joined.replace("\n", " ").encode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------------------------
# The schema's text


def render(plan: Plan, ids: Iterable[str]) -> Schema:
    """The schema of the mutants ``ids`` (those in ``plan.points``, in that order): the ``k``-th
    is selected by ``__cdt_mutant == k`` (from 1; 0 runs the original code).
    """
    chosen = [mid for mid in dict.fromkeys(ids) if mid in plan.points]
    switch = {mid: k + 1 for k, mid in enumerate(chosen)}
    groups: dict[tuple[int, int], list[str]] = {}
    for mid in chosen:
        p = plan.points[mid]
        groups.setdefault((p.start, p.end), []).append(mid)
    writer = _Writer(plan, switch, groups)
    text = writer.write()
    return Schema(
        text.decode("utf-8", "surrogateescape"),
        switch,
        tuple(writer.spans),
        tuple(presumed_lines(text)),
    )


class _Writer:
    """Writes one schema: the original bytes with each point's choice in place."""

    def __init__(
        self, plan: Plan, switch: dict[str, int], groups: dict[tuple[int, int], list[str]]
    ) -> None:
        self.plan, self.switch, self.groups = plan, switch, groups
        self.out = bytearray()
        self.spans: list[tuple[int, int, tuple[str, ...]]] = []
        self.children: dict[tuple[int, int] | None, list[tuple[int, int]]] = {None: []}
        stack: list[tuple[int, int]] = []
        for span in sorted(groups, key=lambda s: (s[0], -s[1])):
            while stack and not (stack[-1][0] <= span[0] and span[1] <= stack[-1][1]):
                stack.pop()
            self.children[stack[-1] if stack else None].append(span)
            self.children[span] = []
            stack.append(span)

    def write(self) -> bytes:
        data, at = self.plan.source, self.plan.declare_at
        self.out += data[:at]
        if self.groups:
            self.out += SWITCH_DECLARATION.encode() + b"\n#line %d\n" % self.plan.declare_line
        self._range(at, len(data), self.children[None])
        return bytes(self.out)

    def _range(self, start: int, end: int, points: list[tuple[int, int]]) -> None:
        pos = start
        for span in points:
            self.out += self.plan.source[pos : span[0]]
            self._point(span)
            pos = span[1]
        self.out += self.plan.source[pos:end]

    def _point(self, span: tuple[int, int]) -> None:
        ids = self.groups[span]
        point = self.plan.points[ids[0]]
        kind, switch = point.kind, MUTANT_SWITCH.encode()
        original = self.plan.source[span[0] : span[1]]
        begin = len(self.out)
        self.out += b"{ " if kind == "statement" else b"("
        for mid in ids:
            at, k, v = len(self.out), self.switch[mid], self.plan.variants[mid]
            if kind == "statement":
                self.out += b"if (%s == %d) { %s } else " % (switch, k, v)
            elif kind == "condition":
                self.out += b"%s == %d ? %s%s) : " % (switch, k, self._truth(), v)
            else:
                check = self._same_type(v, original)
                self.out += b"%s == %d ? (%s, (%s)) : " % (switch, k, check, v)
            self.spans.append((at, len(self.out), (mid,)))
            if b"\n" in v:  # the next copy starts on the point's line again
                self.out += b"\n#line %d\n" % point.line
        self.out += {"statement": b"{ ", "condition": self._truth(), "expression": b"("}[kind]
        self._range(span[0], span[1], self.children[span])
        self.out += b" } }" if kind == "statement" else b"))"
        self.spans.append((begin, len(self.out), tuple(ids)))

    def _truth(self) -> bytes:
        """What opens a condition's side: its truth value as the condition tests it."""
        return b"!!(" if self.plan.language == "c" else b"static_cast<bool>("

    def _same_type(self, variant: bytes, original: bytes) -> bytes:
        """An expression that compiles only when ``variant`` and ``original`` have one type."""
        v, o = one_line(variant) or b"", one_line(original) or b""
        if self.plan.language == "c":
            same = b"__builtin_types_compatible_p(__typeof__((%s)), __typeof__((%s)))" % (v, o)
        else:
            same = b"__is_same(decltype((%s)), decltype((%s)))" % (v, o)
        return b"(void)sizeof(char[%s ? 1 : -1])" % same


# --------------------------------------------------------------------------------------------
# A schema that does not load: which mutants its errors point at

_DIAGNOSTIC = re.compile(r"^(.+?):(\d+):(\d+): (fatal error|error|warning|note): ", re.M)


def mutants_in_error(
    schema: Schema, diagnostics: str, ours: Callable[[str], bool]
) -> tuple[frozenset[str], bool]:
    """The mutants whose text the errors of ``diagnostics`` (clang's ``file:line:col: error:``
    lines, from loading ``schema``) point at, and whether every error pointed at one.

    An error is placed at its own position when that is in the schema (``ours(file)``), else at
    the positions of the notes after it that are (``in instantiation of ... requested here``);
    a position names the innermost variant or point holding it (``Schema.spans``; lines as the
    compiler numbers them, ``Schema.lines``).
    """
    text = schema.text.encode("utf-8", "surrogateescape")
    starts = line_starts(text)
    errors: list[list[tuple[str, int, int]]] = []
    current: list[tuple[str, int, int]] | None = None
    for m in _DIAGNOSTIC.finditer(diagnostics):
        where = (m.group(1), int(m.group(2)), int(m.group(3)))
        if m.group(4) in ("error", "fatal error"):
            current = [where]
            errors.append(current)
        elif m.group(4) == "note" and current is not None:
            current.append(where)
        else:
            current = None
    found: set[str] = set()
    placed_all = True
    for group in errors:
        inside = [w for w in group if ours(w[0])]
        if inside and inside[0] is group[0]:
            inside = inside[:1]
        hit: set[str] = set()
        for _, line, column in inside:
            hit |= _ids_at(schema, starts, line, column)
        placed_all = placed_all and bool(hit)
        found |= hit
    return frozenset(found), placed_all


def _ids_at(schema: Schema, starts: list[int], line: int, column: int) -> set[str]:
    """The mutants of the innermost span at ``line:column``; of the physical lines numbered
    ``line`` (a mutant's copy of a statement and the original share their numbers), the one
    where that span is smallest.
    """
    best: tuple[int, int, tuple[str, ...]] | None = None
    for i, number in enumerate(schema.lines):
        if number != line or i >= len(starts):
            continue
        offset = starts[i] + column - 1
        for span in schema.spans:
            if span[0] <= offset < span[1] and (
                best is None or span[1] - span[0] < best[1] - best[0]
            ):
                best = span
    return set(best[2]) if best is not None else set()
