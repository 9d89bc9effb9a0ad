"""Which examples kill which mutants: ``mutation_analysis`` runs a block on the original and on
every mutant side by side (``MutationReport``), ``block_kills`` reads a sub-block's kills off it,
``select_examples`` is the greedy cover that keeps a small block killing the most mutants. The
contract is in ``cdoctest_runner.mutation.mutate``'s docstring.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest, Example
from cdoctest_runner.results import DocTestResult, Outcome, differing_examples

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.protocol import Runner

from cdoctest_runner.mutation.mutate import Mutant, MutationError, make_mutants
from cdoctest_runner.mutation.schemata_run import run_mutants


@dataclass(frozen=True)
class MutationReport:
    """What a block of examples detected. ``score = killed / total`` (0.0 when ``total`` is 0)."""

    killed: int
    total: int  # mutants that loaded (stillborn ones excluded)
    score: float
    kills_per_example: list[set[str]]  # per example: ids of mutants it was the first to detect
    survivors: list[Mutant]
    stillborn: list[Mutant] = field(default_factory=list)  # mutants whose code did not load
    mutants: list[Mutant] = field(default_factory=list)  # every mutant tried, in order
    killed_by: dict[str, int] = field(
        default_factory=dict
    )  # mutant id -> index of first detecting example
    detected_by: dict[str, frozenset[int]] = field(
        default_factory=dict
    )  # id -> all differing examples
    baseline: DocTestResult | None = None  # the block run on the original code
    baseline_passed: bool = False
    # killed mutants whose first difference is that they ran out of time (CPU time: see
    # cdoctest_runner.cpuclock): a kill no output shows, reported apart
    timeout_kills: frozenset[str] = frozenset()
    # id -> the differing examples that ran under the mutant (``detected_by`` without the ones
    # SKIPPED because an earlier example ended its session): what each example shows by itself
    observed_by: dict[str, frozenset[int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (mutant texts left out)."""
        return {
            "killed": self.killed,
            "total": self.total,
            "score": self.score,
            "stillborn": len(self.stillborn),
            "baseline_passed": self.baseline_passed,
            "timeout_kills": sorted(self.timeout_kills),
            "kills_per_example": [sorted(k) for k in self.kills_per_example],
            "survivors": [
                {"id": m.id, "operator": m.operator, "line": m.line, "description": m.description}
                for m in self.survivors
            ],
        }


def _block(examples: Sequence[Example], code: CodeUnderTest, function: Declaration) -> DocTest:
    return DocTest(
        examples=tuple(examples),
        name=f"mutation::{function.qualname or function.name}",
        filename=code.path or "<mutant>",
        lineno=1,
        end_lineno=1,
        declaration=function,
    )


def block_kills(report: MutationReport, chosen: Sequence[int]) -> set[str]:
    """Ids of the mutants that some example in ``chosen`` detected in the analysed block.

    Without another run, this is the kill set of the sub-block ``chosen`` when its examples behave
    as they did in the whole block: true when each chosen call keeps the declarations it uses
    (``select_examples``' ``requires``) and the code under test keeps no state between calls.

    >>> where = {"a": frozenset({0, 1}), "b": frozenset({1})}
    >>> r = MutationReport(2, 3, 2 / 3, [{"a"}, {"b"}], [], detected_by=where)
    >>> sorted(block_kills(r, [1])), sorted(block_kills(r, [0]))
    (['a', 'b'], ['a'])
    """
    keep = set(chosen)
    return {m for m, where in report.detected_by.items() if where & keep}


def mutation_analysis(
    examples: Sequence[Example],
    code: CodeUnderTest,
    function: Declaration,
    runner: Runner,
    mutants: list[Mutant] | None = None,
    cancel: threading.Event | None = None,
    *,
    limit: int = 40,
    flags: Sequence[str] = (),
    schemata: bool | None = None,
) -> MutationReport:
    """Run ``examples`` (one block) on the original code and on each mutant (see module docstring).

    ``code`` must carry the source: ``code.text``, or else the file at ``code.path`` is read.
    When ``mutants`` is None they are made with ``make_mutants(..., limit=limit)``.
    ``schemata``: run the mutants on mutant schemata (``cdoctest_runner.mutation.schemata_run``:
    each mutant's run flips a switch in a session that loaded every mutant once; the same
    report); None: as the runner's ``schemata`` option says (``DocTestRunner(schemata=)``, on
    unless ``CDOCTEST_SCHEMATA=0``; a runner without the option runs each mutant on its own).
    Raises ``MutationError`` when the original code does not load or the runner fails (a session
    that cannot start, ...), and the runner's ``RunCancelled`` (not a ``MutationError``) when
    ``cancel`` was set.
    """
    if code.text is not None:
        source = code.text
    elif code.path is not None:
        try:
            with open(code.path, encoding="utf-8") as fh:
                source = fh.read()
        except OSError as exc:
            raise MutationError(f"cannot read {code.path}: {exc}") from exc
    else:
        raise MutationError("mutation analysis needs the source: give CodeUnderTest.text or .path")
    if mutants is None:
        mutants = make_mutants(
            source, function, code.language, limit, path=code.path, flags=tuple(flags) + code.flags
        )
    if not examples:  # nothing can tell a mutant apart: every one survives, nothing to run
        return MutationReport(0, len(mutants), 0.0, [], list(mutants), mutants=list(mutants))
    test = _block(examples, code, function)
    jobs = [(test, dataclasses.replace(code, text=source))]
    jobs += [(test, dataclasses.replace(code, text=m.text, key=m.id)) for m in mutants]
    from cdoctest_runner.runner import RunCancelled

    if schemata is None:
        schemata = bool(getattr(runner, "schemata", False))
    try:
        if schemata:
            results = run_mutants(runner, test, code, source, mutants, cancel, flags=flags)
        else:
            results = runner.run_many(jobs, cancel=cancel)
    except RunCancelled:
        raise
    except CdoctestError as exc:  # e.g. a session that could not start: no analysis, typed
        if cancel is not None and cancel.is_set():
            raise RunCancelled("mutation analysis cancelled") from exc
        raise MutationError(f"the runner failed during mutation analysis: {exc}") from exc
    if cancel is not None and cancel.is_set():
        raise RunCancelled("mutation analysis cancelled")
    baseline, mutant_results = results[0], results[1:]
    if baseline.setup_error is not None:
        raise MutationError(f"the original code does not load: {baseline.setup_error}")
    checker = OutputChecker()
    kills: list[set[str]] = [set() for _ in examples]
    killed_by: dict[str, int] = {}
    detected_by: dict[str, frozenset[int]] = {}
    observed_by: dict[str, frozenset[int]] = {}
    survivors: list[Mutant] = []
    stillborn: list[Mutant] = []
    timeouts: set[str] = set()
    for m, r in zip(mutants, mutant_results, strict=True):
        if r.setup_error is not None:
            stillborn.append(m)
            continue
        where = differing_examples(baseline, r, checker)
        if not where:
            survivors.append(m)
        else:
            i = where[0]
            if _timed_out(r, i) and not _timed_out(baseline, i):
                timeouts.add(m.id)
            killed_by[m.id] = i
            detected_by[m.id] = frozenset(where)
            observed_by[m.id] = frozenset(
                j
                for j in where
                if j < len(r.results) and r.results[j].outcome is not Outcome.SKIPPED
            )
            if 0 <= i < len(kills):
                kills[i].add(m.id)
    total = len(mutants) - len(stillborn)
    killed = len(killed_by)
    return MutationReport(
        killed=killed,
        total=total,
        score=killed / total if total else 0.0,
        kills_per_example=kills,
        survivors=survivors,
        stillborn=stillborn,
        mutants=list(mutants),
        killed_by=killed_by,
        detected_by=detected_by,
        observed_by=observed_by,
        baseline=baseline,
        baseline_passed=baseline.passed,
        timeout_kills=frozenset(timeouts),
    )


def _timed_out(result: DocTestResult, i: int) -> bool:
    return i < len(result.results) and result.results[i].outcome is Outcome.TIMEOUT


def select_examples(
    candidates: Sequence[object],
    kills: Sequence[set[str]],
    max_examples: int,
    *,
    requires: Sequence[Sequence[int]] | None = None,
    start: Sequence[int] = (),
    cost: Sequence[int] | None = None,
    weight: Sequence[float] | None = None,
) -> list[int]:
    """Greedy set cover: indices (ascending) of at most ``max_examples`` candidates killing most.

    ``weight[i]`` is what candidate ``i`` counts towards ``max_examples`` (default 1 each; e.g. a
    declaration that sets up a call may count a third of a check).

    ``start``: candidates taken first, whatever they kill (e.g. calls the documentation states),
    each with its requirements while they fit in ``max_examples``.

    Each round takes the candidate (with its not-yet-taken ``requires[i]``, e.g. the declarations a
    call uses, which count towards ``max_examples``) that adds the most new kills per example taken;
    ties go to the larger gain, then to the lower ``cost`` (e.g. the length of the source: short
    over long), then to the earliest candidate. Stops when nothing adds a kill.
    When no candidate kills anything, the first one (with its requirements) is kept, so a block
    is never empty.

    >>> select_examples("abcd", [{"m1"}, {"m1", "m2"}, {"m3"}, set()], 2)
    [1, 2]
    >>> select_examples("abc", [set(), {"m1"}, {"m1", "m2"}], 5, requires=[[], [], [0]])
    [0, 2]
    >>> select_examples("abcd", [{"m1"}, {"m1", "m2"}, {"m3"}, set()], 2, start=[3])
    [1, 3]
    >>> select_examples("ab", [{"m1"}, {"m1"}], 1, cost=[30, 12])
    [1]
    >>> select_examples("abcd", [set(), {"m1"}, set(), {"m2"}], 3, requires=[[], [0], [], [2]])
    [0, 1]
    >>> select_examples("abcd", [set(), {"m1"}, set(), {"m2"}], 3, requires=[[], [0], [], [2]],
    ...                 weight=[0.5, 1, 0.5, 1])
    [0, 1, 2, 3]
    """
    if len(kills) != len(candidates):
        raise ValueError(f"{len(candidates)} candidates but {len(kills)} kill sets")
    n = len(candidates)
    reqs = [list(requires[i]) if requires is not None else [] for i in range(n)]
    sizes = [float(weight[i]) if weight is not None else 1.0 for i in range(n)]
    chosen: set[int] = set()
    covered: set[str] = set()
    used = 0.0  # the weight taken so far

    def size(take: list[int]) -> float:
        return sum(sizes[j] for j in take)

    def closure(i: int) -> list[int]:
        out, stack = [], [i]
        while stack:
            j = stack.pop()
            if j in chosen or j in out:
                continue
            out.append(j)
            stack += [r for r in reqs[j] if 0 <= r < n]
        return out

    for i in start:
        take = closure(i)
        if 0 <= i < n and used + size(take) <= max_examples:
            chosen.update(take)
            used += size(take)
            for j in take:
                covered |= kills[j]
    while used < max_examples:
        best: tuple[float, int, int, int] | None = None
        best_take: list[int] = []
        for i in range(n):
            if i in chosen:
                continue
            take = closure(i)
            if used + size(take) > max_examples:
                continue
            gain = len(set().union(*(kills[j] for j in take)) - covered)
            if gain == 0:
                continue
            price = sum(cost[j] for j in take) if cost is not None else 0
            key = (gain / max(size(take), 1e-9), gain, -price, -i)
            if best is None or key > best:
                best, best_take = key, take
        if best is None:
            break
        chosen.update(best_take)
        used += size(best_take)
        for j in best_take:
            covered |= kills[j]
    if not chosen and n and max_examples > 0:
        take = closure(0)
        if size(take) <= max_examples:
            chosen.update(take)
    return sorted(chosen)
