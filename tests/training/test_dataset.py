"""The GRPO reasoning data set: schema, counts, presentations, and every reference run for real.

Test data: training/data/<category>.jsonl (the shipped set: 9 categories x 15 items, 2 or 3
variants each). The runner tests run every presentation (135 items + 284 variants) through one
``DocTestRunner.run_many`` with 2 workers, once per session; the locator test parses every distinct
source with libclang through ``server.analysis.locate``, the generator's own locator.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from training.dataset import (
    CATEGORIES,
    DatasetError,
    Item,
    load_items,
    locate,
    present,
    to_prompt_target,
)

# -- fixtures -----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def items() -> list[Item]:
    return load_items()


@pytest.fixture(scope="session")
def presentations(items: list[Item]) -> list[Item]:
    return [p for it in items for p in it.presentations()]


@pytest.fixture(scope="session")
def runner():
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl not available: {exc}")
    with DocTestRunner(toolchain=toolchain, workers=2) as r:
        yield r


@pytest.fixture(scope="session")
def all_results(runner, presentations: list[Item]):
    """Every presentation's reference, run once in one batch (warm sessions shared per source)."""
    jobs = [(p.doctest(), p.code_under_test()) for p in presentations]
    return runner.run_many(jobs)


def _failures(presentations: list[Item], results, *, variants: bool) -> list[str]:
    lines = []
    for p, res in zip(presentations, results, strict=True):
        if (p.variant != 0) != variants or res.passed:
            continue
        lines.append(f"{p.id} presentation {p.variant}: setup_error={res.setup_error}")
        for r in res.results:
            if not r.passed:
                lines.append(
                    f"    {r.outcome.value}: {r.example.source.strip()!r} want={r.example.want!r} "
                    f"got={r.got!r} {r.stderr.strip()[:200]}"
                )
    return lines


# -- the shipped set ----------------------------------------------------------------------------


def test_counts_splits_and_languages(items: list[Item]) -> None:
    assert len(items) == 135
    per_category = Counter(it.category for it in items)
    assert per_category == {c: 15 for c in CATEGORIES}
    for c in CATEGORIES:
        splits = Counter(it.split for it in items if it.category == c)
        assert splits == {"train": 14, "val": 1}, c
    assert len(load_items(split="val")) == 9
    assert len(load_items(split="train")) == 126
    assert len({it.id for it in items}) == 135
    n_c = sum(1 for it in items if it.language == "c")
    assert 40 <= n_c <= 60  # about a third of the set is C
    for c in CATEGORIES:  # and every category has both languages
        assert {it.language for it in items if it.category == c} == {"c", "c++"}, c


def test_load_filters_by_category(items: list[Item]) -> None:
    got = load_items(categories=["sorting", "loops"])
    assert [it.category for it in got] == ["sorting"] * 15 + ["loops"] * 15
    assert got[0] == next(it for it in items if it.id == "sorting-01")


def test_every_block_is_a_completion(presentations: list[Item]) -> None:
    """Each block reads back through ``parse_completion`` like the runner's parser reads it.

    So the reference is a valid model answer: no format error, and the same examples.
    """
    from models.prompt import parse_completion

    assert len(presentations) == 419
    for p in presentations:
        parsed = parse_completion(p.reference)
        assert parsed.error is None, (p.id, p.variant, parsed.error)
        assert [(e.source, e.want) for e in parsed.examples] == [
            (e.source, e.want) for e in p.examples()
        ], (p.id, p.variant)
        assert 2 <= len(parsed.examples) <= 6, (p.id, p.variant)


# -- presentations (value-modified variants) ----------------------------------------------------


def test_present_is_seeded_and_covers_every_variant(items: list[Item]) -> None:
    item = next(it for it in items if it.id == "arithmetic-01")
    assert len(item.variants) == 2
    picks = [present(item, random.Random(seed)).variant for seed in range(6)]
    assert picks == [1, 0, 0, 0, 0, 2]
    assert picks == [present(item, random.Random(seed)).variant for seed in range(6)]
    rng = random.Random(0)
    seen = Counter(present(item, rng).variant for _ in range(300))
    assert set(seen) == {0, 1, 2} and min(seen.values()) > 60


def test_presentation_applies_variant(items: list[Item]) -> None:
    item = next(it for it in items if it.id == "arithmetic-08")
    v2 = item.presentation(2)
    assert (v2.variant, v2.variants, v2.id, v2.function) == (2, (), item.id, item.function)
    assert "return (bytes + 511) / 512;" in v2.source
    assert "1023" not in v2.source and "1023" in item.source
    assert v2.reference == item.variants[1].reference
    assert v2.reference.startswith(">>> kib_needed(512)\n1\n")
    v1 = item.presentation(1)
    assert v1.source == item.source and v1.reference != item.reference
    assert item.presentation(0).reference == item.reference
    assert present(v2, random.Random(1)) is v2  # a presentation presents itself
    with pytest.raises(DatasetError, match="no presentation 3"):
        item.presentation(3)


def test_every_item_has_variants(items: list[Item]) -> None:
    assert all(len(it.variants) in (2, 3) for it in items)
    assert sum(len(it.variants) for it in items) == 284
    # 24 variants change constants in the source, so the prompt itself changes
    assert sum(1 for it in items for v in it.variants if v.replace) == 24


# -- schema errors ------------------------------------------------------------------------------

_GOOD = {
    "id": "arithmetic-01",
    "category": "arithmetic",
    "split": "train",
    "language": "c",
    "function": "twice",
    "source": "int twice(int x) { return 2 * x; }\n",
    "reference": ">>> twice(2)\n4\n>>> twice(0)\n0\n",
    "variants": [{"replace": [["2 * x", "x + x"]], "reference": ">>> twice(5)\n10\n"}],
}


def _write(tmp_path: Path, *records: dict) -> Path:
    (tmp_path / "arithmetic.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return tmp_path


def test_good_record_loads(tmp_path: Path) -> None:
    (item,) = load_items(categories=["arithmetic"], directory=_write(tmp_path, _GOOD))
    assert (item.qualname, item.filename, item.presentation(1).source) == (
        "twice",
        "arithmetic-01.c",
        "int twice(int x) { return x + x; }\n",
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"category": "loops"}, "in arithmetic.jsonl|must be 'loops-NN'"),
        ({"id": "arith-1"}, "must be 'arithmetic-NN'"),
        ({"split": "test"}, "split"),
        ({"language": "rust"}, "language"),
        ({"reference": ">>> twice(2)\n4\n\n>>> twice(3)\n6\n"}, "blank"),
        ({"reference": ">>> 1 + 1\n2\n"}, "never calls 'twice'"),
        ({"reference": ">>> twice(2)\n4 \n"}, "trailing whitespace"),
        ({"reference": ">>> twice(2)\n.4\n"}, "may not start with '.'"),
        ({"reference": ">>> twice(2)\n4\n4\n4\n4\n4\n"}, "more than 4 output lines"),
        ({"reference": ">>> twice(\n... 2)\n4\n"}, "continuation"),
        ({"function": "thrice"}, "does not define or call 'thrice'"),
        (
            {"variants": [{"replace": [["3 * x", "x"]], "reference": ">>> twice(1)\n2\n"}]},
            "exactly once",
        ),
        ({"variants": [{"reference": ">>> twice(2)\n4\n>>> twice(0)\n0\n"}]}, "identical"),
        ({"surprise": 1}, "surprise"),
        ({"variants": [{"reference": ">>> twice(1)\n\n2\n"}]}, "variants.0.reference.*blank"),
    ],
)
def test_bad_record_is_rejected(tmp_path: Path, change: dict, message: str) -> None:
    with pytest.raises(DatasetError, match=message):
        load_items(categories=["arithmetic"], directory=_write(tmp_path, {**_GOOD, **change}))


def test_duplicates_are_rejected(tmp_path: Path) -> None:
    source = "/* doubles */\nint twice(int x) { return 2 * x; }\n"
    other = {**_GOOD, "id": "arithmetic-02", "source": source}
    same_source = {**_GOOD, "id": "arithmetic-02"}
    with pytest.raises(DatasetError, match="duplicate id arithmetic-01"):
        load_items(categories=["arithmetic"], directory=_write(tmp_path, _GOOD, _GOOD))
    with pytest.raises(DatasetError, match="arithmetic-02 repeats the source of line 1"):
        load_items(categories=["arithmetic"], directory=_write(tmp_path, _GOOD, same_source))
    assert len(load_items(categories=["arithmetic"], directory=_write(tmp_path, _GOOD, other))) == 2


def test_unknown_split_category_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="unknown split"):
        load_items(split="test")
    with pytest.raises(DatasetError, match="unknown categories"):
        load_items(categories=["graphs"])
    with pytest.raises(DatasetError, match="cannot read"):
        load_items(categories=["loops"], directory=tmp_path)


# -- libclang and the generator's locator --------------------------------------------------------


def test_every_source_parses_and_locator_finds_function(presentations: list[Item]) -> None:
    """Every distinct source parses cleanly (libclang) and ``server.analysis.locate`` finds the
    target.
    """
    seen: set[str] = set()
    for p in presentations:
        if p.source in seen:
            continue
        seen.add(p.source)
        parsed, found = locate(p)
        assert parsed.language == p.language
        problems = [str(d) for d in parsed.errors + parsed.missing_includes]
        assert not problems, (p.id, problems)
        assert found.declaration.name == p.function and found.is_definition, p.id
        assert found.declaration.qualname == p.qualname, p.id
        target = to_prompt_target(p)  # reuses the parse above
        assert (target.name, target.qualname) == (p.function, p.qualname)
        assert target.language == p.language
        assert p.function in target.signature and target.source in p.source
    assert len(seen) >= 135


def test_prompt_target_of_a_method_shows_its_class(items: list[Item]) -> None:
    item = next(it for it in items if it.id == "state_management-03")
    target = to_prompt_target(item)
    assert (target.name, target.qualname) == ("withdraw", "BankAccount::withdraw")
    assert target.signature == "bool withdraw(long amount)"
    assert target.source.startswith("bool withdraw(long amount) {")
    assert "class BankAccount" in target.context and "BankAccount obj(" in target.context


# -- the real runner -----------------------------------------------------------------------------


@pytest.mark.clang
@pytest.mark.slow
def test_every_reference_passes(presentations: list[Item], all_results) -> None:
    failures = _failures(presentations, all_results, variants=False)
    assert not failures, "\n".join(failures)
    assert sum(1 for p in presentations if p.variant == 0) == 135


@pytest.mark.clang
@pytest.mark.slow
def test_every_variant_passes(presentations: list[Item], all_results) -> None:
    failures = _failures(presentations, all_results, variants=True)
    assert not failures, "\n".join(failures)
    assert sum(1 for p in presentations if p.variant != 0) == 284


@pytest.mark.clang
def test_a_wrong_expected_output_fails(items: list[Item], runner) -> None:
    """The check above can fail: the same item with one expected value changed does not pass."""
    item = next(it for it in items if it.id == "recursion-01")
    bad = item.model_copy(update={"reference": item.reference.replace("\n120\n", "\n121\n")})
    assert bad.reference != item.reference
    result = runner.run(bad.doctest(), bad.code_under_test())
    assert [r.outcome.value for r in result.results] == ["passed", "failed", "passed"]
    assert result.results[1].got == "120\n"


# -- python -m training.dataset ----------------------------------------------------------------


def test_cli_summary(capsys: pytest.CaptureFixture[str]) -> None:
    from training.dataset.cli import main

    assert main(["--category", "loops", "--split", "train"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "loops              14 items  train 14 val 0  C  6 C++  8  variants 29",
        "14 items, 43 presentations",
    ]


def test_cli_bad_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from training.dataset.cli import main

    assert main(["--category", "loops", "--directory", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.clang
def test_cli_check_reports_a_wrong_block(
    runner, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--check`` runs the blocks: the wrong variant fails with what it got, exit status 1."""
    from training.dataset.cli import main

    wrong = {**_GOOD, "variants": [{"replace": [], "reference": ">>> twice(21)\n43\n"}]}
    _write(tmp_path, wrong)
    status = main(["--category", "arithmetic", "--directory", str(tmp_path), "--check"])
    out = capsys.readouterr().out
    assert status == 1, out
    assert "FAILED arithmetic-01 presentation 1\n  >>> twice(21)  [failed]\n" in out
    assert "  want: 43\n  got:  42\n" in out
    assert out.rstrip().splitlines()[-1].startswith("1/2 blocks passed in ")


def test_constant_variant_changes_the_prompt(items: list[Item]) -> None:
    """A ``replace`` variant edits the function the prompt shows, not only the reference."""
    item = next(it for it in items if it.id == "sorting-01")
    stored, flipped = to_prompt_target(item), to_prompt_target(item.presentation(3))
    assert "if (a[i] > a[i + 1])" in stored.source
    assert "if (a[i] < a[i + 1])" in flipped.source and "if (a[i] > a[i + 1])" not in flipped.source
    assert item.presentation(3).reference.endswith("8 5 4 2 1\n")
