"""The generator benchmark's arithmetic (``bench/bench_generate.py``), with hand-checkable rows.

Test data: rows and results built inline; nothing runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

from bench.bench_generate import Row, configs, summary, table, targets  # noqa: E402


def row(verified: bool, score: float | None, examples: int, seconds: float, **kw) -> Row:  # noqa: ANN003
    """Return a fallback row on the eval set (fields in ``kw`` override)."""
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


def test_three_real_configurations() -> None:
    """model: fallback='never'; fallback: no_model=True; model+fallback: the default pipeline."""
    cfg = configs(None, 3, 7)
    assert list(cfg) == ["model", "fallback", "model+fallback"]
    assert [(o.no_model, mode) for o, mode in cfg.values()] == [
        (False, "never"),
        (True, "auto"),
        (False, "auto"),
    ]
    assert {(o.samples, o.seed) for o, _ in cfg.values()} == {(3, 7)}
    assert list(configs("model", 3, 7)) == ["model"]
    assert list(configs("fallback", 3, 7)) == ["fallback"]


def test_quick_targets_cover_every_category_once() -> None:
    """--quick: one eval function per category (12) and examples/gen/scoring.c."""
    quick = [t for t in targets(True) if t.group == "eval"]
    full = [t for t in targets(False) if t.group == "eval"]
    assert len(full) >= 30 and len(quick) == 12
    assert {Path(t.path).name for t in targets(True) if t.group == "examples"} == {"scoring.c"}
