"""bench/bench_coverage.py: the order targets are written in and the total rows (no runs)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

import bench.bench_coverage as bench_coverage  # noqa: E402
from bench.bench_coverage import bottom_up, total_counts, total_row  # noqa: E402


def test_targets_are_written_from_the_last_line_up() -> None:
    targets = [SimpleNamespace(start_line=n) for n in (12, 300, 7, 45)]
    assert [f.start_line for f in bottom_up(targets)] == [300, 45, 12, 7]


def test_total_sums_counts_and_blocks_and_leaves_unmeasured_rows_at_zero() -> None:
    rows: list[list[object]] = [
        ["jansson", "5 blocks: 5 passed, 0 failed", "x", "x", "9", "1", "2", (30, 100), (5, 40)],
        ["double-conversion", "7 blocks: 7 passed, 0 failed", "x", "x", "9", "1", "2",
         (70, 300), (15, 60)],
        ["none", "0 blocks", "-", "-", "3", "-", "-", (0, 0), (0, 0)],
    ]  # fmt: skip
    assert total_counts(rows) == ((100, 400), (20, 100), 12)
    assert total_row("both projects", rows) == [
        "both projects",
        "12 blocks",
        "25.0% (100/400)",
        "20.0% (20/100)",
        "",
        "",
        "",
    ]


def test_total_of_nothing_measured_says_so() -> None:
    row = total_row("both projects", [["p", "0 blocks", "-", "-", "1", "-", "-", (0, 0), (0, 0)]])
    assert row[1:4] == ["0 blocks", "-", "-"]


def test_docstring_examples() -> None:
    assert doctest.testmod(bench_coverage).failed == 0
