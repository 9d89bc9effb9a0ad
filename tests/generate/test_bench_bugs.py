"""The realistic-bug set of ``bench/bench_bugs.py``: patches apply once, each bug is observable."""

from __future__ import annotations

import pytest

from bench.bench_bugs import Bug, BugSetError, load_bugs, validate


def test_the_set_is_large_enough_and_every_patch_applies_once() -> None:
    fns = load_bugs()
    assert len(fns) >= 30
    assert {fn.path.rsplit(".", 1)[1] for fn in fns} == {"c", "cpp"}
    for fn in fns:
        assert 3 <= len(fn.bugs) <= 5, fn.name
        texts = fn.buggy_texts()
        assert len(set(texts)) == len(texts) and fn.text not in texts, fn.name
        assert all(b.desc and "\n" not in b.desc for b in fn.bugs), fn.name


def test_a_patch_that_does_not_apply_once_is_a_clear_error() -> None:
    with pytest.raises(BugSetError, match="occurs 2 times"):
        Bug("twice", "a", "b").apply("a a", "f.c")
    with pytest.raises(BugSetError, match="occurs 0 times"):
        Bug("never", "z", "b").apply("a a", "f.c")


@pytest.mark.clang
def test_the_witness_calls_tell_every_quick_bug_apart(runner) -> None:  # noqa: ANN001
    """Every buggy version loads and differs from the correct one on the hand-written calls."""
    assert validate(load_bugs(quick=True), runner) == []
