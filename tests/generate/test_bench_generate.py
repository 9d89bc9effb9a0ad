"""The generator benchmark's arithmetic (``bench/bench_generate.py``), with hand-checkable rows.

Test data: rows and results built inline; nothing runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

from bench.bench_generate import Row, model_only, summary, table, targets  # noqa: E402
from cdoctest_runner.example import Declaration  # noqa: E402
from server.api import FunctionResult  # noqa: E402


def row(verified: bool, score: float | None, examples: int, seconds: float, **kw) -> Row:  # noqa: ANN003
    base = dict(
        generator="fallback",
        group="eval",
        function="f.c::f",
        origin="fallback",
        killed=0,
        total=0,
        message="",
    )
    base.update(kw)
    return Row(verified=verified, mutation_score=score, examples=examples, seconds=seconds, **base)  # type: ignore[arg-type]


def test_summary_cells() -> None:
    """3 of 4 verified; scores 0.5 and 1.0 (the third block had no mutants); examples 2, 4, 3."""
    rows = [
        row(True, 0.5, 2, 10.0),
        row(True, 1.0, 4, 30.0),
        row(True, None, 3, 20.0),
        row(False, None, 0, 5.0),
    ]
    assert summary(rows) == ["3/4 (75%)", "0.75 (n=2)", "3.0", "15.0"]
    assert summary([]) == ["-", "-", "-", "-"]
    assert "| fallback | eval | 3/4 (75%) | 0.75 (n=2) | 3.0 | 15.0 |" in table(rows)


def test_model_only_is_read_off_the_default_run() -> None:
    decl = Declaration("f", "f", "function", 1, 1, 1, 1)
    timings = {"sampling": 20.0, "verifying": 5.0, "fallback": 4.0, "mutating": 30.0, "total": 60.0}
    by_fallback = FunctionResult(decl, "verified", origin="fallback", timings=timings)
    r = row(True, 0.8, 3, 60.0, generator="model+fallback", killed=8, total=10)
    m = model_only(r, by_fallback)
    # The model kept nothing: no block; its time excludes the fallback and its mutation analysis.
    assert (m.generator, m.verified, m.mutation_score, m.examples, m.seconds) == (
        "model",
        False,
        None,
        0,
        26.0,
    )
    by_model = FunctionResult(
        decl, "verified", origin="model", timings={"mutating": 30.0, "total": 56.0}
    )
    m = model_only(r, by_model)
    assert (m.verified, m.mutation_score, m.killed, m.total, m.examples, m.seconds) == (
        True,
        0.8,
        8,
        10,
        3,
        56.0,
    )


def test_quick_targets_cover_every_category_once() -> None:
    quick = [t for t in targets(True) if t.group == "eval"]
    full = [t for t in targets(False) if t.group == "eval"]
    assert len(full) >= 30 and len(quick) == 12
    assert {Path(t.path).name for t in targets(True) if t.group == "examples"} == {"scoring.c"}
