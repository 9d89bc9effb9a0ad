"""How much of its function each generated block covers (``cdoctest-gen --coverage``).

After generation, every function that got a block is measured with that block alone, in the edited
text (``cdoctest_runner.coverage.measure.measure``, one block at a time so that another function's
block calling it does not count), and the lines and branch outcomes inside the function are reported
beside its mutation score: a block can kill every mutant the operators make and still leave a
branch unrun, and the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TextIO

from cdoctest_runner.coverage.lcov import FunctionCoverage
from cdoctest_runner.coverage.measure import CoverageError, CoverageTools, find_tools, measure
from cdoctest_runner.example import CodeUnderTest, DocTest
from server.analysis.locate import SourceFile
from server.api import FileResult, FunctionResult


def block_of(result: FunctionResult, tests: Sequence[DocTest]) -> DocTest | None:
    """The block of ``tests`` (found in the edited text) that ``result`` wrote: attached to the
    function's qualified name, with the same example sources.
    """
    want = [e.source for e in result.examples]
    for test in tests:
        d = test.declaration
        if d is None or d.qualname != result.function.qualname:
            continue
        if [e.source for e in test.examples] == want:
            return test
    return None


def _covered(
    test: DocTest, code: CodeUnderTest, tools: CoverageTools, path: str
) -> FunctionCoverage | None:
    """The function of ``test``'s declaration as measured with ``test`` alone."""
    d = test.declaration
    assert d is not None
    report = measure([(test, code)], tools)
    # Named like the declaration (llvm-cov's C++ names carry the parameters), and the first such
    # function that ends after the declaration starts (its body may start lines later).
    named = [
        f
        for f in report.functions
        if f.file == path and _base_name(f.name) == d.name and f.last_line >= d.line
    ]
    return min(named, key=lambda f: f.first_line, default=None)


def _base_name(name: str) -> str:
    """``'geo::Rect::area() const'`` -> ``'area'``; ``'max<int>(int, int)'`` -> ``'max'``.

    >>> _base_name("geo::Rect::area() const"), _base_name("max<int>(int, int)"), _base_name("f")
    ('area', 'max', 'f')
    """
    head = name.split("(")[0]
    return re.sub(r"<[^()]*>$", "", head).split("::")[-1]


def block_coverage(
    source: SourceFile, result: FileResult, tools: CoverageTools, workers: int = 1
) -> list[FunctionCoverage | None]:
    """Per function of ``result`` (same order): the coverage of the function by its own block,
    ``None`` when it got no block or its block could not be measured.
    """
    from cdoctest_runner.finder import find_doctests

    out: list[FunctionCoverage | None] = [None] * len(result.functions)
    if not result.edits:
        return out
    code = source.code_under_test(text=result.new_text)
    tests = find_doctests(source.path, text=result.new_text, flags=source.flags)
    jobs = [
        (i, test)
        for i, f in enumerate(result.functions)
        if f.edit is not None and (test := block_of(f, tests)) is not None
    ]
    with ThreadPoolExecutor(max(1, workers)) as pool:
        found = list(pool.map(lambda job: _covered(job[1], code, tools, source.path), jobs))
    for (i, _), f in zip(jobs, found, strict=True):
        out[i] = f
    return out


def describe(f: FunctionCoverage) -> str:
    """``'lines 4/5, branches 3/4'``."""
    return f"lines {f.lines_hit}/{f.lines_total}, branches {f.branches_hit}/{f.branches_total}"


def report_block_coverage(
    source: SourceFile, result: FileResult, clang_repl: str, name: str, err: TextIO
) -> list[FunctionCoverage | None] | None:
    """``cdoctest-gen --coverage``: measure (``block_coverage``), print one line per function
    with a block to ``err`` (``NAME:LINE: QUALNAME: its block covers lines 4/5, branches 3/4,
    mutation score 0.83``), and return the list; ``None`` (after saying why) when the coverage
    tools are missing or fail.
    """
    from cdoctest_runner.sessions import default_workers

    try:
        covered = block_coverage(source, result, find_tools(clang_repl), default_workers())
    except CoverageError as exc:
        print(f"cdoctest-gen: coverage: {exc}", file=err)
        return None
    for f, cov in zip(result.functions, covered, strict=True):
        if cov is None:
            continue
        score = "" if f.mutation_score is None else f", mutation score {f.mutation_score:.2f}"
        print(
            f"{name}:{f.function.line}: {f.function.qualname}: its block covers "
            f"{describe(cov)}{score}",
            file=err,
        )
    return covered
