"""Mutation scores of a file's own cdoctest blocks (``cdoctest-run --mutants``, docs/runner.md).

``score_blocks(jobs, runner)`` keeps the blocks attached to a function (``function_blocks``), runs
them once on the original code, and analyses each block that passes against its function's
mutants (``mutate.function_mutants``: the generator's operators, limit and callees) with
``analysis.mutation_analysis``. A block that fails on the original code is reported, not scored:
every mutant would seem to kill it. ``BlockScore.seconds`` is the wall clock of the analysis (the
baseline's run in it and the schema's first load included), not of making the mutants.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.mutation.analysis import MutationReport, mutation_analysis
from cdoctest_runner.mutation.mutate import (
    MAX_CALLEES,
    MUTANTS,
    Mutant,
    MutationError,
    function_mutants,
    mutation_source,
)
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult

__all__ = [
    "MUTABLE_KINDS",
    "BlockScore",
    "Status",
    "Survivor",
    "changed_text",
    "function_blocks",
    "score_blocks",
]

#: ``Declaration.kind``s whose blocks are scored: the ones with a body to mutate.
MUTABLE_KINDS = frozenset({"function", "method", "constructor", "destructor", "template"})


class Status(str, enum.Enum):  # noqa: UP042 - the value is the JSON form
    """What became of one block."""

    SCORED = "scored"
    FAILED = "failed"  # the block does not pass on the original code: not scored
    NOT_ANALYSED = "not_analysed"  # no definition to mutate, nothing to mutate in it


@dataclass(frozen=True)
class Survivor:
    """A mutant no example of the block detected. ``line``/``col`` are 1-based (``col`` in bytes,
    as compilers count) in ``path``; ``before`` is the exact text the mutant changes, ``after``
    what it becomes (``''``: removed).
    """

    path: str
    line: int
    col: int
    operator: str
    before: str
    after: str
    function: str  # '' for the block's own function, else the callee whose body is mutated
    id: str


@dataclass(frozen=True)
class BlockScore:
    """One block's outcome. ``report`` is set when ``status`` is ``SCORED``; ``baseline`` is the
    failing run when it is ``FAILED``; ``note`` says why a block was not scored.
    """

    test: DocTest
    code: CodeUnderTest
    status: Status
    report: MutationReport | None = None
    baseline: DocTestResult | None = None
    survivors: tuple[Survivor, ...] = ()
    seconds: float = 0.0
    note: str = ""

    @property
    def mutants(self) -> int:
        """How many mutants were run (stillborn ones included)."""
        return len(self.report.mutants) if self.report is not None else 0

    @property
    def mutants_per_second(self) -> float:
        """Mutants run per second of the analysis' wall clock (0.0 when nothing was timed)."""
        return self.mutants / self.seconds if self.seconds > 0 else 0.0


def function_blocks(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
) -> list[tuple[DocTest, CodeUnderTest]]:
    """The jobs whose block has examples and is attached to a function (``MUTABLE_KINDS``)."""
    return [
        (t, c)
        for t, c in jobs
        if t.examples and t.declaration is not None and t.declaration.kind in MUTABLE_KINDS
    ]


def score_blocks(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    runner: Runner,
    *,
    limit: int = MUTANTS,
    callees: int = MAX_CALLEES,
    schemata: bool | None = None,
    cancel: threading.Event | None = None,
) -> list[BlockScore]:
    """The score of each of ``function_blocks(jobs)``, in order (module docstring).

    ``limit``/``callees`` as ``function_mutants``; ``schemata`` as ``mutation_analysis`` (None:
    the runner's option). Raises the runner's errors (``ToolchainNotFound``, ``RunCancelled``)
    and ``MutationError`` when the runner fails during an analysis.
    """
    targets = function_blocks(jobs)
    baselines = runner.run_many(targets, cancel=cancel) if targets else []
    return [
        _score(test, code, base, runner, limit, callees, schemata, cancel)
        for (test, code), base in zip(targets, baselines, strict=True)
    ]


def _score(
    test: DocTest,
    code: CodeUnderTest,
    base: DocTestResult,
    runner: Runner,
    limit: int,
    callees: int,
    schemata: bool | None,
    cancel: threading.Event | None,
) -> BlockScore:
    """One block: not scored when it fails, else its mutants made and analysed."""
    failing = "the block fails on the original code"
    if not base.passed or test.declaration is None:
        return BlockScore(test, code, Status.FAILED, baseline=base, note=failing)
    if code.path is None and code.text is None:  # headers over libraries (``--lib``)
        note = "the code under test is a prebuilt library: no source to mutate"
        return BlockScore(test, code, Status.NOT_ANALYSED, note=note)
    try:
        mutants = function_mutants(code, test.declaration, limit, callees)
    except (MutationError, SourceParseError) as exc:
        return BlockScore(test, code, Status.NOT_ANALYSED, note=str(exc))
    if not mutants:
        note = "no mutants (nothing to mutate in the body)"
        return BlockScore(test, code, Status.NOT_ANALYSED, note=note)
    started = time.perf_counter()
    report = mutation_analysis(
        test.examples, code, test.declaration, runner, mutants, cancel, schemata=schemata
    )
    seconds = time.perf_counter() - started
    if not report.baseline_passed:  # passed alone, not in the analysis' run: not trusted
        again = dataclasses.replace(report.baseline, test=test) if report.baseline else None
        return BlockScore(test, code, Status.FAILED, baseline=again, note=failing)
    source = mutation_source(code)[0]
    path = code.path or test.filename
    survivors = tuple(_survivor(source, m, path) for m in report.survivors)
    return BlockScore(
        test, code, Status.SCORED, report=report, survivors=survivors, seconds=seconds
    )


def _survivor(source: str, m: Mutant, path: str) -> Survivor:
    before, after = changed_text(source, m)
    return Survivor(path, m.line, m.column, m.operator, before, after, m.function, m.id)


def changed_text(source: str, mutant: Mutant) -> tuple[str, str]:
    """``(before, after)``: the text of ``source`` that ``mutant`` changes, and what it becomes.

    Both run from the edit's start (``mutant.line``/``column``, 1-based, the column in bytes) to
    where the two texts agree again up to their end, and cover at least the edit's own
    ``original``/``replacement``; so a negation, which inserts ``!(`` and ``)`` around a
    condition, shows the whole condition.

    >>> src = "int f(int a) { return a < 1; }"
    >>> lt = Mutant("relational@1:25/0", "relational", "", 1, src.replace("<", "<="), 25, "<", "<=")
    >>> changed_text(src, lt)
    ('<', '<=')
    >>> src = "if (a < b) g();"
    >>> neg = Mutant("negate@1:5/0", "negate", "", 1, "if (!(a < b)) g();", 5, "", "!(")
    >>> changed_text(src, neg)
    ('a < b', '!(a < b)')
    >>> gone = Mutant("delete@1:12/0", "delete", "", 1, "if (a < b) ", 12, "g();", "")
    >>> changed_text(src, gone)
    ('g();', '')
    """
    old = source.encode("utf-8", "surrogateescape")
    new = mutant.text.encode("utf-8", "surrogateescape")
    start = _offset(old, mutant.line, mutant.column)
    shared = _common_suffix(old, new, min(len(old), len(new)) - start)
    old_end = max(start + len(mutant.original.encode()), len(old) - shared)
    new_end = max(start + len(mutant.replacement.encode()), len(new) - shared)
    return _text(old[start:old_end]), _text(new[start:new_end])


def _offset(data: bytes, line: int, column: int) -> int:
    """The byte offset of 1-based ``line``/``column`` in ``data``."""
    offset = 0
    for _ in range(line - 1):
        offset = data.index(b"\n", offset) + 1
    return offset + column - 1


def _common_suffix(a: bytes, b: bytes, bound: int) -> int:
    """The length of the longest common suffix of ``a`` and ``b``, at most ``bound`` (a binary
    search: a suffix that matches has every shorter one match).
    """
    lo, hi = 0, max(bound, 0)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[len(a) - mid :] == b[len(b) - mid :]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")
