"""The generator's evaluation set (``bench/data/eval_functions``) is what the benchmark says it is.

Test data: ``bench/data/eval_functions/index.json`` and the files it lists.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

from bench.eval_set import EVAL_DIR, load_eval_set  # noqa: E402
from cdoctest_runner.example import Declaration  # noqa: E402
from cdoctest_runner.mutation.mutate import make_mutants  # noqa: E402

EVAL = load_eval_set()


def test_size_variety_and_files() -> None:
    assert len(EVAL) >= 30
    listed = {Path(f.path).name for f in EVAL}
    on_disk = {p.name for p in EVAL_DIR.iterdir() if p.suffix in (".c", ".cpp")}
    assert listed == on_disk, "every eval file is listed once in index.json"
    langs = collections.Counter(f.language for f in EVAL)
    assert langs["c"] >= 10 and langs["c++"] >= 10
    cats = collections.Counter(f.category for f in EVAL)
    for needed in (
        "branching",
        "loops",
        "c-strings",
        "std-string",
        "arrays",
        "vectors",
        "structs",
        "class-methods",
        "recursion",
        "bit-ops",
        "floating-point",
        "enums",
    ):
        assert cats[needed] >= 1, needed
    assert all(f.checks for f in EVAL)


@pytest.mark.parametrize("fn", EVAL, ids=lambda f: f.name)
def test_target_has_a_body_with_mutants(fn) -> None:  # noqa: ANN001
    """Libclang finds the target's definition, and mutation analysis has something to mutate."""
    text = Path(fn.path).read_text()
    line = next(
        i + 1 for i, s in enumerate(text.splitlines()) if f"{fn.function}(" in s and "{" in s
    )
    mutants = make_mutants(
        text,
        Declaration(fn.function, fn.function, "function", line, 1, line, 1),
        fn.language,
        path=fn.path,
    )
    assert len(mutants) >= 2, [m.id for m in mutants]


@pytest.mark.clang
def test_every_file_compiles_and_its_checks_pass() -> None:
    """Each file loads in clang-repl through the runner and its hand-checked examples pass."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner, Limits

    try:
        runner = DocTestRunner(limits=Limits(timeout_s=20.0), workers=2)
        runner.toolchain  # noqa: B018 - resolves clang-repl now, so a missing one skips
    except ToolchainNotFound as exc:
        pytest.skip(str(exc))
    with runner:
        results = runner.run_many([(f.check_test(), f.code()) for f in EVAL])
    failures = {
        f.name: r.setup_error
        or [
            (x.example.source, x.outcome.value, x.got, x.stderr[:200])
            for x in r.results
            if not x.passed
        ]
        for f, r in zip(EVAL, results, strict=True)
        if not r.passed
    }
    assert failures == {}
