"""Coverage for the Testing view's "Run with Coverage" profile (``cdoctest/runTestItems`` with
``coverage: true``, features/testing.py).

``file_coverage`` measures a document's selected blocks against its text
(``cdoctest_runner.coverage.measure``: each block compiled natively with LLVM source-based coverage,
run in the sandbox) and ``coverage_json`` turns the file's lcov record into what the extension hands
to VS Code's test coverage API (``FileCoverage`` with statement and branch details): 0-based lines,
each with its execution count and its branch outcomes' counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cdoctest_runner.coverage.lcov import FileRecord, parse_lcov
from cdoctest_runner.coverage.measure import find_tools, measure
from cdoctest_runner.example import DocTest


def coverage_json(uri: str, record: FileRecord, notes: Sequence[str] = ()) -> dict[str, Any]:
    """One file's coverage for the extension; lines 0-based, branch outcomes in lcov's order.

    >>> from cdoctest_runner.coverage.lcov import parse_lcov
    >>> rec = parse_lcov("SF:/f.c\\nDA:2,1\\nDA:3,0\\nBRDA:2,0,0,1\\nBRDA:2,0,1,-\\n")
    >>> c = coverage_json("file:///f.c", rec["/f.c"])
    >>> c["lines"]
    [{'line': 1, 'count': 1, 'branches': [1, 0]}, {'line': 2, 'count': 0, 'branches': []}]
    >>> (c["linesHit"], c["linesTotal"], c["branchesHit"], c["branchesTotal"])
    (1, 2, 1, 2)
    """
    branches: dict[int, list[int]] = {}
    for (line, _, _), taken in sorted(record.branches.items()):
        branches.setdefault(line, []).append(taken or 0)
    lines = [
        {"line": n - 1, "count": count, "branches": branches.get(n, [])}
        for n, count in sorted(record.lines.items())
    ]
    outcomes = [t for b in branches.values() for t in b]
    return {
        "uri": uri,
        "linesHit": sum(1 for c in record.lines.values() if c > 0),
        "linesTotal": len(record.lines),
        "branchesHit": sum(1 for t in outcomes if t > 0),
        "branchesTotal": len(outcomes),
        "lines": lines,
        "notes": list(notes),
    }


def file_coverage(
    uri: str,
    path: str,
    text: str,
    tests: Sequence[DocTest],
    flags: Sequence[str],
    build_dir: str | None,
    clang_repl: str | None,
) -> dict[str, Any]:
    """Measure ``tests`` against the document ``text`` (the unsaved buffer, as the run did) and
    return ``coverage_json`` of the document's own file. Raises ``CdoctestError`` (no coverage
    tools, a tool failed).
    """
    from cdoctest_runner.flags import code_under_test
    from cdoctest_runner.libraries import libraries_for
    from cdoctest_runner.toolchain import find_clang_repl

    tools = find_tools(find_clang_repl(clang_repl or None).path)
    code = code_under_test(path, text, flags, link=libraries_for(path, build_dir))
    report = measure([(t, code) for t in tests], tools)
    record = parse_lcov(report.lcov).get(path, FileRecord())
    return coverage_json(uri, record, report.notes)
