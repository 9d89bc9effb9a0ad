"""Select: deduplicate verified units and keep a small block that kills the most mutants.

``build_pool(units)`` (``server.judge.pool``) lays the kept units end to end as one block, renamed
apart.

``select_block(pool, code, function, runner, max_examples)`` runs
``cdoctest_runner.mutation.analysis.mutation_analysis`` on the pool, takes the greedy cover
(``cdoctest_runner.mutation.analysis.select_examples``), in which a line that only sets a call up (a
declaration, a buffer, a filling call: no expected output, no call of the function) counts a third
of an example towards ``max_examples`` (``example_weights``); the reported score is the score of the
block actually written. When the chosen examples are a prefix of the pool (all of it included), they
run exactly as in the pooled run, so their kills are read off it
(``cdoctest_runner.mutation.analysis.block_kills``); any other choice is measured again, since a
left-out earlier example can change what a later one does under a mutant (it ends the session, so
later examples are SKIPPED; it uses up the session's time limit; the code keeps state). With no
mutants (no body in this file, nothing to mutate) the first units are kept and the score is None.

The mutants are ``server.judge.mutants.function_mutants``. Units of ``stated`` candidates (calls the
documentation states) are taken first. Before the analysis, units a reviewer would delete leave the
pool (``server.judge.acceptable``: a unit that never calls the function, a dead store); the cover
prefers the shorter of two examples that add the same kills, takes a printout of state the call
did not change (``Pool.unchanged``), and a raw field read whose change a line of the library's API
shows (``raw_behind_the_api``: an API observer is preferred over raw fields), only for a mutant
nothing else shows, keeps one of two units of
the same shape that show the same mutants (``server.judge.redundant``), and a block whose checked
calls all print the same gets one that prints another output when the pool has one.
``Selection.survivors`` lists the mutants the block does not kill (the input search's targets and
the user's "not covered" report). ``exact=False`` reads a non-prefix choice's
kills off the pooled run too (marked ``approximate``); ``measure_block`` runs it once at the end.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.mutate import mutation_source
from cdoctest_runner.protocol import Runner
from server.api import Finding
from server.judge.mutants import function_mutants
from server.judge.pool import (
    MAX_POOL,
    Pool,
    build_pool,
    example_key,
    raw_behind_the_api,
    rename,
    with_observers,
)
from server.judge.redundant import call_shape, deferred_kills, drop_twins, shorter_units, shows
from server.judge.units import Origin, Rejection, VerifiedUnit
from server.judge.verify import declared_names

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutation.analysis import MutationReport
    from cdoctest_runner.mutation.mutate import Mutant

MAX_STATED = 3  # units of calls the documentation states, kept in the block first
SETUP_WEIGHT = 1 / 3  # a line that only sets a call up counts a third of a check (block size)


@dataclass(frozen=True)
class Selection:
    """The block to write and how good it is."""

    examples: tuple[Example, ...]
    units: tuple[VerifiedUnit, ...]
    findings: tuple[Finding, ...]
    mutation_score: float | None
    killed: int
    total: int
    note: str = ""
    survivors: tuple[Mutant, ...] = ()  # mutants the block as written does not kill
    mutants: tuple[Mutant, ...] = ()  # every mutant tried (stillborn ones included)
    approximate: bool = False  # kills read off the pooled run, not measured on the block itself
    timeout_kills: frozenset[str] = frozenset()  # kills that only a timeout shows (CPU time)
    covering: int = 0  # checked calls added for the code they reach (server.judge.cover_branches)
    # units the rules dropped, when none was left to select; or the examples that tripped the
    # sanitizers, when they left none (server.judge.sanitize)
    rejected: tuple[Rejection, ...] = ()


def measure_block(
    selection: Selection,
    code: CodeUnderTest,
    function: Declaration,
    runner: Runner,
    *,
    cancel: threading.Event | None = None,
) -> Selection:
    """``selection`` with its kills measured on the block itself (no-op unless approximate)."""
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import MutationError

    if not selection.approximate or not selection.mutants:
        return selection
    try:
        final = mutation_analysis(
            list(selection.examples),
            code,
            function,
            runner,
            list(selection.mutants),
            cancel,
        )
    except MutationError as exc:
        return replace(selection, mutation_score=None, note=f"no mutation analysis: {exc}")
    return replace(
        selection,
        mutation_score=final.score if final.total else None,
        killed=final.killed,
        total=final.total,
        survivors=tuple(final.survivors),
        approximate=False,
        timeout_kills=final.timeout_kills,
    )


def select_block(
    pool: Pool,
    code: CodeUnderTest,
    function: Declaration,
    runner: Runner,
    max_examples: int,
    *,
    cancel: threading.Event | None = None,
    mutants: list[Mutant] | None = None,
    exact: bool = True,
) -> Selection:
    """Choose at most about ``max_examples`` examples of ``pool`` by mutation kills (module doc).

    ``mutants`` (default: ``function_mutants``) lets a caller reuse one list across rounds.
    Examples of units whose candidate is ``stated`` (calls the documentation states; the first
    ``MAX_STATED`` such units) are taken first. ``exact=False`` skips the second run of a chosen
    block that is not a prefix of the pool: the kills are read off the pooled run and the
    selection is marked ``approximate`` (``measure_block`` makes it exact later), unless a chosen
    unit was swapped for a shorter one (``_shorter_units``): that block is measured at once.
    """
    from cdoctest_runner.mutation.analysis import block_kills, mutation_analysis
    from cdoctest_runner.mutation.mutate import MutationError

    pool, dropped = _acceptable(pool, code, function)
    if not pool.examples:
        why = f": {len(dropped)} unit(s) dropped, {dropped[0].detail}" if dropped else ""
        return Selection((), (), (), None, 0, 0, "nothing to select from" + why, rejected=dropped)
    # Without mutants, declarations a call needs count as examples; allow a little room for them
    # (with mutants, ``example_weights`` counts them a third each).
    has_setup = any(pool.requires[i] for i in range(len(pool.examples)))
    budget = max_examples + (2 if has_setup else 0)
    if mutants is None:
        mutants, note = function_mutants(code, function)
    else:
        note = "" if mutants else "no mutants (nothing to mutate in the body)"
    if not mutants:
        chosen = _first_units(pool, min(budget, 4), raw_behind_the_api(pool, function))
        return _selection(pool, chosen, None, 0, 0, note)
    try:
        report = mutation_analysis(pool.examples, code, function, runner, mutants, cancel)
    except MutationError as exc:
        chosen = _first_units(pool, budget, raw_behind_the_api(pool, function))
        return _selection(pool, chosen, None, 0, 0, f"no mutation analysis: {exc}")
    chosen, swapped = _choose(pool, report, max_examples, function)
    if not report.baseline_passed:
        note = "the pooled block did not pass as a whole; kills are approximate"
    stillborn = {m.id for m in report.stillborn}
    if chosen == list(range(len(chosen))):
        # A prefix of the pooled block (or all of it) runs exactly as it did there (same session,
        # same earlier examples), so its kills are read off the first analysis.
        killed_ids = block_kills(report, chosen)
        score = len(killed_ids) / report.total if report.total else None
        return _selection(
            pool,
            chosen,
            score,
            len(killed_ids),
            report.total,
            note,
            survivors=[m for m in mutants if m.id not in killed_ids | stillborn],
            mutants=mutants,
            timeout_kills=killed_ids & report.timeout_kills,
        )
    if not exact and not swapped:
        # Read off the pooled run (close, not exact: see below); ``measure_block`` makes it exact.
        killed_ids = block_kills(report, chosen)
        return _selection(
            pool,
            chosen,
            len(killed_ids) / report.total if report.total else None,
            len(killed_ids),
            report.total,
            note,
            survivors=[m for m in mutants if m.id not in killed_ids | stillborn],
            mutants=mutants,
            approximate=True,
            timeout_kills=killed_ids & report.timeout_kills,
        )
    # Otherwise measure again: a left-out earlier example may have ended a mutant's session (the
    # later ones then count as SKIPPED, i.e. detected), used up its time limit or left state behind.
    block = [pool.examples[i] for i in chosen]
    final = mutation_analysis(block, code, function, runner, mutants, cancel)
    return _selection(
        pool,
        chosen,
        final.score if final.total else None,
        final.killed,
        final.total,
        note,
        survivors=final.survivors,
        mutants=mutants,
        timeout_kills=final.timeout_kills,
    )


def extend_block(
    selection: Selection,
    units: Sequence[VerifiedUnit],
    code: CodeUnderTest,
    function: Declaration,
    runner: Runner,
    max_examples: int,
    *,
    cancel: threading.Event | None = None,
) -> tuple[Selection, int]:
    """``selection`` with the examples of ``units`` that kill mutants it leaves alive, and how
    many more it kills: the acceptable units (``_acceptable``) run against its survivors only,
    at most ``max_examples`` checks (with what they need) chosen greedily by new kills, added
    after its examples, renamed apart from them. One small analysis, not a new selection: the
    block (its calls added for coverage included) stays as it is, and the kills are read off
    that run (``approximate``: ``measure_block`` makes them exact).
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import MutationError

    fresh = [u for u in units if u not in selection.units and any(e.want for e in u.examples)]
    if not selection.survivors or not fresh:
        return selection, 0
    taken = set().union(*(declared_names(e.source) for e in selection.examples))
    pool, _ = _acceptable(build_pool(fresh, taken=taken), code, function)
    if not pool.examples:
        return selection, 0
    try:
        report = mutation_analysis(
            pool.examples, code, function, runner, list(selection.survivors), cancel
        )
    except MutationError:
        return selection, 0
    weights = example_weights(pool, function)
    chosen = _cover(pool, report, max_examples, weights, last=raw_behind_the_api(pool, function))
    new = set().union(*(report.kills_per_example[i] for i in chosen)) if chosen else set()
    if not new:
        return selection, 0
    chosen = with_observers(pool, chosen, function)
    added = _selection(pool, chosen, None, 0, 0, "")
    grown = replace(
        selection,
        examples=(*selection.examples, *added.examples),
        units=(*selection.units, *added.units),
        findings=(*selection.findings, *added.findings),
        killed=selection.killed + len(new),
        mutation_score=(selection.killed + len(new)) / selection.total if selection.total else None,
        survivors=tuple(m for m in selection.survivors if m.id not in new),
        approximate=True,
    )
    return grown, len(new)


def _choose(
    pool: Pool, report: MutationReport, budget: int, function: Declaration
) -> tuple[list[int], bool]:
    """The examples of ``pool`` to keep (module doc) and whether a chosen unit was swapped for a
    shorter one (a block the pooled run did not choose: measured again, even when inexact).
    """
    stated = [u for u, vu in enumerate(pool.units) if vu.unit.candidate.stated][:MAX_STATED]
    start = [i for i, u in enumerate(pool.unit_of) if u in stated]
    cost = [len(" ".join(e.source.split())) for e in pool.examples]
    weights = example_weights(pool, function)
    raw = raw_behind_the_api(pool, function)
    covered = _cover(pool, report, budget, weights, start, cost, last=raw)
    shown = shows(report, len(pool.examples))
    chosen = shorter_units(pool.unit_of, covered, shown, cost, keep=set(stated))
    swapped = chosen != covered
    chosen = drop_twins(
        pool.unit_of, chosen, shown, _shapes(pool, chosen), _ranks(pool, cost), keep=set(stated)
    )
    chosen = _with_a_check(pool, chosen)
    chosen = _with_another_output(pool, chosen, function)
    return with_observers(pool, chosen, function), swapped


def example_weights(pool: Pool, function: Declaration) -> list[float]:
    """What each example of ``pool`` counts towards the block's size: a check (an expected
    output) or a call of the function counts 1, a line that only sets a call up (a declaration,
    a buffer, a callback, a filling call) counts ``SETUP_WEIGHT``: a function whose call needs
    seven out-pointers gets several calls in its block, not one.
    """
    from server.judge.acceptable import calls_target

    return [
        1.0 if ex.want or calls_target([ex], function) else SETUP_WEIGHT for ex in pool.examples
    ]


def _with_a_check(pool: Pool, chosen: list[int]) -> list[int]:
    """``chosen``, plus the first example that expects output (and what it needs) if none does:
    a block whose examples only kill mutants by crashing checks nothing a reader can see.
    """
    if any(pool.examples[i].want for i in chosen):
        return chosen
    first = next((i for i, e in enumerate(pool.examples) if e.want), None)
    if first is None:
        return chosen
    return sorted(set(chosen) | set(pool.requires[first]) | {first})


def _acceptable(
    pool: Pool, code: CodeUnderTest, function: Declaration
) -> tuple[Pool, tuple[Rejection, ...]]:
    """``pool`` without the units a reviewer would delete (``server.judge.acceptable``, rules 1 and
    2), and why each was dropped.
    """
    from server.judge.acceptable import acceptable_units

    try:
        source = mutation_source(code)[0]
    except OSError:  # no text to look the overwriting calls up in: they get the benefit of doubt
        source = ""
    kept, dropped = acceptable_units(pool.units, function, source)
    if not dropped:
        return pool, ()
    return build_pool(kept, max_examples=max(MAX_POOL, len(pool.examples))), tuple(dropped)


def _cover(
    pool: Pool,
    report: MutationReport,
    budget: int,
    weight: Sequence[float],
    start: Sequence[int] = (),
    cost: Sequence[int] | None = None,
    *,
    last: AbstractSet[int] = frozenset(),
) -> list[int]:
    """The greedy cover of ``pool`` (``select_examples``) where a printout of state the call did
    not change (``Pool.unchanged``) and the examples in ``last`` (raw field reads whose change an
    API line shows: ``raw_behind_the_api``) count only for the mutants no other example shows
    (``deferred_kills``): taken last, and only when the block kills as many mutants as the
    plain cover's.
    """
    from cdoctest_runner.mutation.analysis import select_examples

    def cover(kills: Sequence[set[str]], first: Sequence[int]) -> list[int]:
        return select_examples(
            pool.examples,
            kills,
            budget,
            requires=pool.requires,
            start=first,
            cost=cost,
            weight=weight,
        )

    def killed(kills: Sequence[set[str]], chosen: Sequence[int]) -> set[str]:
        return set().union(*(kills[i] for i in chosen))

    covered = cover(report.kills_per_example, start)
    deferred = {i for i in range(len(pool.examples)) if pool.unchanged(i)} | set(last)
    if not deferred & set(covered):
        return covered
    first, only = deferred_kills(report, deferred)
    preferred = cover(first, start)
    if any(only):
        preferred = cover([a | b for a, b in zip(first, only, strict=True)], preferred)
    kept = killed(first, preferred) | killed(only, preferred)
    return preferred if len(kept) >= len(killed(report.kills_per_example, covered)) else covered


def _shapes(pool: Pool, chosen: Sequence[int]) -> list[tuple[str, ...]]:
    """Per unit of ``pool``, the ``call_shape`` of its examples in ``chosen``."""
    out = []
    for u in range(len(pool.units)):
        sources = [pool.examples[i].source for i in chosen if pool.unit_of[i] == u]
        declared = set().union(*(declared_names(s) for s in sources))
        out.append(call_shape(sources, declared))
    return out


def _ranks(pool: Pool, cost: Sequence[int]) -> list[tuple[int, ...]]:
    """Per unit, how much worse a reader finds it than a twin (higher is worse): arguments the
    project or its documentation did not write, then a longer text.
    """
    own = (Origin.DOCUMENTATION, Origin.USAGE)
    return [
        (
            vu.origin not in own,
            sum(cost[i] for i, k in enumerate(pool.unit_of) if k == u),
        )
        for u, vu in enumerate(pool.units)
    ]


def _with_another_output(pool: Pool, chosen: list[int], function: Declaration) -> list[int]:
    """``chosen``, plus the first example (and what it needs) that calls the function and prints
    another output, when every call the block checks prints the same (``server.judge.acceptable``,
    rule 3): four calls that all print ``0`` say less than two that differ.
    """
    from server.judge.acceptable import calls_target

    def checked_call(i: int) -> bool:
        return bool(pool.examples[i].want) and calls_target([pool.examples[i]], function)

    outputs = {pool.examples[i].want for i in chosen if checked_call(i)}
    if len([i for i in chosen if checked_call(i)]) < 2 or len(outputs) != 1:
        return chosen
    other = next(
        (
            i
            for i in range(len(pool.examples))
            if i not in chosen and checked_call(i) and pool.examples[i].want not in outputs
        ),
        None,
    )
    if other is None:
        return chosen
    return sorted(set(chosen) | set(pool.requires[other]) | {other})


def _first_units(pool: Pool, budget: int, last: AbstractSet[int] = frozenset()) -> list[int]:
    """The first units of ``pool`` that fit in ``budget`` examples (without mutants to choose
    by), less the printouts of state a call left as it was, and the raw field reads an API
    line shows the change for (``last``), that a later line does not need.
    """
    hidden = [pool.reads[i] and (pool.unchanged(i) or i in last) for i in range(len(pool.reads))]
    chosen: list[int] = []
    for u in range(len(pool.units)):
        members = [i for i, k in enumerate(pool.unit_of) if k == u]
        shown = [i for i in members if not hidden[i]]
        if any(pool.examples[i].want for i in shown):
            members = shown
        if chosen and len(chosen) + len(members) > budget:
            break
        chosen += members
    return chosen


def _selection(
    pool: Pool,
    chosen: list[int],
    score: float | None,
    killed: int,
    total: int,
    note: str,
    *,
    survivors: Sequence[Mutant] = (),
    mutants: Sequence[Mutant] = (),
    approximate: bool = False,
    timeout_kills: frozenset[str] | set[str] = frozenset(),
) -> Selection:
    examples = tuple(pool.examples[i] for i in chosen)
    unit_ids = sorted({pool.unit_of[i] for i in chosen})
    units = tuple(pool.units[u] for u in unit_ids)
    chosen_keys = {example_key(e) for e in examples}
    findings = []
    for u in unit_ids:
        for f in pool.units[u].findings:
            ex = replace(f.example, source=rename(f.example.source, pool.renamed[u]))
            if example_key(ex) in chosen_keys:
                findings.append(replace(f, example=ex))
    return Selection(
        examples,
        units,
        tuple(findings),
        score,
        killed,
        total,
        note,
        tuple(survivors),
        tuple(mutants),
        approximate,
        frozenset(timeout_kills),
    )
