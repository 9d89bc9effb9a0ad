"""bench/bench_realcode.py: the table's figures from hand-made rows (no runs)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

from bench.bench_realcode import Row, summary, table  # noqa: E402


def row(name: str, public: bool, status: str, examples: int, checked: int, score, secs, first=None):  # noqa: ANN001, ANN201
    return Row("sds", "fallback", name, public, status, examples, checked, score, secs, "", first)


def test_summary_counts_public_functions_checking_blocks_and_scores() -> None:
    rows = [
        row("sdsnew", True, "verified", 3, 2, 0.5, 4.0, 1.5),
        row("sdslen", True, "verified", 2, 1, None, 1.0, 0.5),  # no mutants: not in the mean
        row("sdsfree", True, "no_test", 0, 0, None, 2.0),  # no block: no first-block time
        row("sdsHdrSize", False, "verified", 5, 5, 1.0, 9.0, 3.0),  # static: not public
    ]
    # Wall median over the 4 calls (2.0, 4.0 -> 3.0); first-block median over the 3 blocks.
    assert summary(rows) == ["3 (4)", "2 (67%)", 0, "0.50 (n=1)", "3.0", "1.5"]
    quiet = rows + [row("sdsclear", True, "verified", 1, 0, 0.0, 1.0)]
    assert summary(quiet)[2] == 1  # a verified block with no checked output is counted
    assert "| sds | fallback | 3 (4) |" in table(rows)
