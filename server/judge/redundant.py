"""What a chosen example adds that the rest of the block does not, read off one mutation analysis
(``server.judge.select``; docs/generate.md, "Blocks a reviewer keeps", rules 4, 6 and 8).

- ``shows``: the mutants each example shows (``MutationReport.observed_by``: it differed while it
  ran under the mutant, first or not; the greedy cover counts only first detections).
- ``shorter_units``: a chosen unit swapped for a shorter one that shows every mutant only it
  showed (rule 4, short over long).
- ``drop_twins``: of two chosen units of the same ``call_shape`` (the same statements with only
  literal values differing), one whose mutants the other shows all leaves the block (rule 8:
  the same behaviour is not shown twice with other numbers); the score does not drop.
- ``deferred_kills``: a printout of state the call did not change (``VerifiedUnit.unchanged``)
  counts for a mutant only when no other example shows it (rule 6): the cover takes it last.

Pure functions of indices, sets and texts (no runner), so each is tested by hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutation.analysis import MutationReport

__all__ = ["call_shape", "deferred_kills", "drop_twins", "shorter_units", "shows"]


def shows(report: MutationReport, n: int) -> list[set[str]]:
    """Per example of an ``n``-example block, the mutants it shows (``observed_by``).

    >>> from cdoctest_runner.mutation.analysis import MutationReport
    >>> r = MutationReport(2, 2, 1.0, [{"a"}, {"b"}], [], observed_by={"a": frozenset({0, 1})})
    >>> shows(r, 2)
    [{'a'}, {'a'}]
    """
    out: list[set[str]] = [set() for _ in range(n)]
    for mid, where in report.observed_by.items():
        for i in where:
            if 0 <= i < n:
                out[i].add(mid)
    return out


def shorter_units(
    unit_of: Sequence[int],
    chosen: list[int],
    shown: Sequence[set[str]],
    cost: Sequence[int],
    *,
    keep: AbstractSet[int] = frozenset(),
) -> list[int]:
    """``chosen`` (example indices; ``unit_of[i]``: example ``i``'s unit) with each chosen unit
    swapped for a shorter unit (fewer examples, then a lower total ``cost``) that shows
    (``shown``) every mutant only it showed; of two calls that kill the same mutants the greedy
    cover keeps whichever comes first. Units in ``keep`` (the documentation's calls) stay.

    >>> shorter_units([0, 0, 1], [0, 1], [{"a"}, set(), {"a"}], [5, 5, 3])
    [2]
    >>> shorter_units([0, 0, 1], [0, 1], [{"a"}, set(), {"a"}], [5, 5, 3], keep={0})
    [0, 1]
    """
    units = sorted(set(unit_of))
    members = {u: [i for i, k in enumerate(unit_of) if k == u] for u in units}
    current = set(chosen)
    for u in sorted({unit_of[i] for i in chosen} - keep):
        mine = [i for i in current if unit_of[i] == u]
        if not mine:
            continue
        rest = current - set(mine)
        needed = set().union(*(shown[i] for i in mine)) - set().union(*(shown[i] for i in rest))
        price = sum(cost[i] for i in mine)
        best: tuple[int, int] | None = None
        for v, idx in members.items():
            if v == u or set(idx) & current or len(idx) > len(mine):
                continue
            v_price = sum(cost[i] for i in idx)
            if v_price >= price or not needed <= set().union(*(shown[i] for i in idx)):
                continue
            if best is None or (v_price, v) < best:
                best = (v_price, v)
        if best is not None:
            current = rest | set(members[best[1]])
    return sorted(current)


_LITERAL = re.compile(
    r"""(?P<s>"(?:\\.|[^"\\\n])*")|(?P<c>'(?:\\.|[^'\\\n])+')"""
    r"|(?P<n>(?<![\w.])(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)\w*)"
)
_KINDS = frozenset("NSC")
_SIGNED = re.compile(r"(^|[(,=\[{]|return)-(?=[NSC]\b)")


def call_shape(sources: Sequence[str], declared: AbstractSet[str] = frozenset()) -> tuple[str, ...]:
    """The shape of a unit's examples: their code with each literal replaced by its kind (``N``
    a number, a negative one too; ``S`` a string; ``C`` a character), the variables the unit
    declares (``declared``) numbered in order of appearance and blanks left out. Two units of
    one shape make the same calls and differ only in literal values.

    >>> call_shape(["f(3, \\"ab\\")"]) == call_shape(["f(-12, \\"\\")"])
    True
    >>> call_shape(["f(3, x)"]) == call_shape(["f(3, 4)"])
    False
    >>> a = call_shape(["int n0a = 2; g(&n0a)", "n0a"], {"n0a"})
    >>> a == call_shape(["int n1a = 7; g(&n1a)", "n1a"], {"n1a"}), a
    (True, ('intv0=N;g(&v0)', 'v0'))
    """
    numbers: dict[str, str] = {}

    def name(m: re.Match[str]) -> str:
        word = m.group()
        if word not in declared or word in _KINDS:
            return word
        return numbers.setdefault(word, f"v{len(numbers)}")

    out = []
    for source in sources:
        code = _LITERAL.sub(
            lambda m: "N" if m.group("n") else ("S" if m.group("s") else "C"), source
        )
        code = re.sub(r"\b[A-Za-z_]\w*\b", name, code)
        code = "".join(code.split())
        out.append(_SIGNED.sub(r"\1", code))
    return tuple(out)


def drop_twins(
    unit_of: Sequence[int],
    chosen: list[int],
    shown: Sequence[set[str]],
    shape: Sequence[tuple[str, ...]],
    rank: Sequence[tuple[int, ...]],
    *,
    keep: AbstractSet[int] = frozenset(),
) -> list[int]:
    """``chosen`` without the units that have a twin in it: another chosen unit of the same
    ``shape`` (``shape[u]``, of the chosen examples of unit ``u``) that shows (``shown``) every
    mutant they show. Units go worst first by ``rank[u]`` (higher is worse: less recognisable
    arguments, longer), so of two that show the same mutants the better stays; a unit in
    ``keep`` (the documentation's calls) stays. Every mutant a dropped unit showed is shown by
    the twin that stays, so the block kills what it killed.

    >>> unit_of, shown = [0, 1, 2], [{"a"}, {"a", "b"}, {"a"}]
    >>> shape = [("f(N)",), ("f(N)",), ("g(N)",)]
    >>> drop_twins(unit_of, [0, 1, 2], shown, shape, [(0,), (1,), (0,)])
    [1, 2]
    >>> drop_twins([0, 1], [0, 1], [{"a"}, {"a"}], shape, [(1,), (0,)])
    [1]
    >>> drop_twins([0, 1], [0, 1], [{"a"}, {"b"}], shape, [(1,), (0,)])
    [0, 1]
    """
    current = set(chosen)

    def of(u: int) -> list[int]:
        return [i for i in current if unit_of[i] == u]

    def union(idx: list[int]) -> set[str]:
        return set().union(*(shown[i] for i in idx))

    units = sorted({unit_of[i] for i in chosen})
    for u in sorted((u for u in units if u not in keep), key=lambda u: (rank[u], u), reverse=True):
        mine = of(u)
        twin = next(
            (
                v
                for v in units
                if v != u and of(v) and shape[v] == shape[u] and union(mine) <= union(of(v))
            ),
            None,
        )
        if twin is not None:
            current -= set(mine)
    return sorted(current)


def deferred_kills(
    report: MutationReport, unchanged: AbstractSet[int]
) -> tuple[list[set[str]], list[set[str]]]:
    """The first detections of ``report`` with the examples in ``unchanged`` (printouts of state
    the call did not change) put last: ``(first, only)``, where a mutant first detected by an
    unchanged printout counts for the first other example that shows it (``first``), else, when
    only unchanged printouts show it, for the printout that detected it (``only``). The cover
    takes ``first`` and then, for what is left, ``only``.

    >>> from cdoctest_runner.mutation.analysis import MutationReport
    >>> where = {"a": frozenset({1, 2}), "b": frozenset({1})}
    >>> r = MutationReport(2, 2, 1.0, [set(), {"a", "b"}, set()], [], observed_by=where)
    >>> deferred_kills(r, {1})
    ([set(), set(), {'a'}], [set(), {'b'}, set()])
    """
    n = len(report.kills_per_example)
    first: list[set[str]] = [set() for _ in range(n)]
    only: list[set[str]] = [set() for _ in range(n)]
    for i, killed in enumerate(report.kills_per_example):
        for m in killed:
            if i not in unchanged:
                first[i].add(m)
                continue
            others = sorted(j for j in report.observed_by.get(m, ()) if j not in unchanged)
            if others and others[0] < n:
                first[others[0]].add(m)
            else:
                only[i].add(m)
    return first, only
