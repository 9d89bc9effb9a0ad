"""The generated splits (training.synth): disjoint templates, reproducible drafts, blocks that pass.

The committed files under training/data/synth are the output of ``cdoctest-train synth
--per-template
10 --heldout-per-template 4`` (seed 0): one template of each split is regenerated here through the
real runner and must give the stored items; a seeded sample of stored items is re-run and must pass.
"""

from __future__ import annotations

import random
import shutil

import pytest

from training.dataset import DatasetError, load_items, load_synth
from training.synth import SynthError, drafts, generate
from training.synth_templates import HELDOUT, TEMPLATES


def test_splits_share_no_template_and_cover_every_family():
    train, heldout = load_items("synth-train"), load_items("synth-heldout")
    assert len(train) >= 200 and len(heldout) >= 40
    train_templates = {it.template for it in train}
    heldout_templates = {it.template for it in heldout}
    assert heldout_templates == set(HELDOUT)
    assert train_templates == set(TEMPLATES) - HELDOUT
    assert not train_templates & heldout_templates
    # every family of the held-out split is also trained on (by other templates)
    assert {it.category for it in heldout} <= {it.category for it in train}
    assert {"methods", "structs", "std_types", "handles"} <= {it.category for it in train}
    assert len({it.id for it in train + heldout}) == len(train) + len(heldout)


def test_seed_set_is_unchanged_by_the_generated_splits():
    assert len(load_items()) == 135
    assert all(not it.template for it in load_items())
    assert [it.split for it in load_items("synth-heldout", ["structs"])] == ["synth-heldout"] * 4


def test_drafts_are_seeded():
    one, again, other = drafts(0, 2, 1), drafts(0, 2, 1), drafts(1, 2, 1)
    assert one == again
    assert one != other
    assert {(s, t) for s, t, _, _ in one if t in HELDOUT} == {("synth-heldout", t) for t in HELDOUT}


def test_bad_requests_are_clear_errors(tmp_path):
    with pytest.raises(DatasetError, match="unknown generated split"):
        load_synth("synth-val")
    with pytest.raises(DatasetError, match="cdoctest-train synth"):
        load_synth("synth-train", tmp_path)
    (tmp_path / "train.jsonl").write_text('{"id": "loops-s0001"}\n')
    with pytest.raises(DatasetError, match="train.jsonl:1"):
        load_synth("synth-train", tmp_path)
    with pytest.raises(SynthError, match="unknown templates"):
        generate(None, only=["no_such_template"])


@pytest.fixture(scope="module")
def runner():
    if not (shutil.which("clang-repl-22") or shutil.which("clang-repl")):
        pytest.skip("clang-repl is not installed")
    from cdoctest_runner.runner import DocTestRunner

    with DocTestRunner(workers=2) as r:
        yield r


@pytest.mark.clang
def test_a_sample_of_stored_blocks_passes(runner):
    items = load_items("synth-train") + load_items("synth-heldout")
    sample = random.Random(0).sample(items, 6)
    results = runner.run_many([(it.doctest(), it.code_under_test()) for it in sample])
    assert [r.passed for r in results] == [True] * len(sample), [
        (it.id, [x.got for x in r.results]) for it, r in zip(sample, results, strict=True)
    ]


@pytest.mark.clang
def test_regenerating_a_template_gives_the_stored_items(runner):
    by_split, report = generate(
        runner, per_template=1, heldout_per_template=1, only=["affine", "vector_max"]
    )
    assert report.written == {"synth-train": 1, "synth-heldout": 1} and not report.dropped
    stored_train = [it for it in load_items("synth-train") if it.template == "affine"][0]
    stored_heldout = [it for it in load_items("synth-heldout") if it.template == "vector_max"][0]
    for new, old in (
        (by_split["synth-train"][0], stored_train),
        (by_split["synth-heldout"][0], stored_heldout),
    ):
        assert (new.source, new.reference, new.function) == (
            old.source,
            old.reference,
            old.function,
        )
