"""What a chosen example adds that the rest of the block does not, read off one mutation analysis
(``server.judge.select``; docs/generate.md, "Blocks a reviewer keeps", rules 4 and 6).

- ``shows``: the mutants each example shows (``MutationReport.observed_by``: it differed while it
  ran under the mutant, first or not; the greedy cover counts only first detections).
- ``shorter_units``: a chosen unit swapped for a shorter one that shows every mutant only it
  showed (rule 4, short over long).
- ``deferred_kills``: a printout of state the call did not change (``VerifiedUnit.unchanged``)
  counts for a mutant only when no other example shows it (rule 6): the cover takes it last.

Pure functions of indices, sets and texts (no runner), so each is tested by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutation.analysis import MutationReport

__all__ = ["deferred_kills", "shorter_units", "shows"]


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
