"""The real-bug set of ``bench/bench_realbugs.py``: upstream fixes, each observable via the API."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from bench.bench_bugs import BugSetError
from bench.bench_realbugs import DATA, RealBug, Row, load_realbugs, table, validate


def test_the_set_has_forty_upstream_bugs_in_five_licensed_libraries() -> None:
    fns = load_realbugs()
    index = json.loads((DATA / "index.json").read_text(encoding="utf-8"))
    bugs = [b for fn in fns for b in fn.bugs]
    assert len(bugs) >= 40
    assert len({fn.library for fn in fns}) >= 5
    for name, lib in index["libraries"].items():
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", lib["repo"]), name
        assert re.fullmatch(r"[0-9a-f]{40}", lib["commit"]), name
        assert any(
            p.name.upper().startswith(("LICENSE", "COPYING")) for p in (DATA / name).iterdir()
        )
    for fn in fns:
        texts = fn.buggy_texts()
        assert fn.text not in texts, fn.name
        for bug in fn.bugs:
            assert re.fullmatch(r"[0-9a-f]{40}", bug.commit), (fn.name, bug.desc)
            assert bug.desc and "\n" not in bug.desc, fn.name
            examples = bug.witness_examples()
            assert examples and any(e.want for e in examples), (fn.name, bug.desc)


def test_a_library_flag_names_its_directory() -> None:
    printf = next(fn for fn in load_realbugs(libraries=("printf",)))
    stub = Path(printf.flags[printf.flags.index("-include") + 1])
    assert stub.is_absolute() and stub.is_file() and stub.parent == Path(printf.path).parent


def test_a_patch_that_does_not_apply_once_is_a_clear_error() -> None:
    bug = RealBug("twice", "a", "b", "0" * 40, ">>> 1\n1")
    with pytest.raises(BugSetError, match="occurs 2 times"):
        bug.apply("a a", "f.c")


def test_the_table_counts_per_library_and_in_total() -> None:
    def row(config: str, library: str, bugs: int, caught: int, verified: bool = True) -> Row:
        return Row(config, library, f"{library}/f.c::f", verified, "fallback", 3, bugs, caught,
                   [], [], None, 1.0, "")  # fmt: skip

    rows = [
        row("fallback", "a", 4, 1),
        row("default", "a", 4, 2),
        row("fallback", "b", 2, 2),
        row("default", "b", 2, 0, verified=False),
    ]
    lines = table(rows).splitlines()
    assert lines[2].startswith("| a | 1 | 4 | 1/4 (25%) | 1/1 |")
    assert "| 2/4 (50%) |" in lines[2]
    assert lines[3].startswith("| b | 1 | 2 | 2/2 (100%) |")
    assert "| 0/2 (0%) | 0/1 |" in lines[3]
    assert lines[4].startswith("| **total** | 2 | 6 | 3/6 (50%) | 2/2 |")
    assert "| 2/6 (33%) | 1/2 |" in lines[4]


@pytest.mark.clang
def test_every_quick_witness_passes_today_and_fails_on_its_bug(runner) -> None:  # noqa: ANN001
    """One function per library (26 of the 45 bugs) in clang-repl: the patched file loads and the
    witness tells it apart. The whole set: ``python -m bench.bench_realbugs --validate``.
    """
    fns = load_realbugs(quick=True)
    assert len({fn.library for fn in fns}) == len(fns) >= 5
    assert validate(fns, runner) == []


@pytest.mark.clang
def test_validate_reports_witnesses_that_cannot_tell_the_bug_apart(runner) -> None:  # noqa: ANN001
    fn = load_realbugs(libraries=("tinyexpr",))[0]
    bug = fn.bugs[0]
    harmless = replace(bug, replace=bug.find + "/* same code */\n")
    wrong = replace(bug, witness=bug.witness.rsplit("\n", 1)[0] + "\n-1")
    problems = validate([replace(fn, bugs=(harmless, wrong))], runner)
    assert len(problems) == 2, problems
    assert "passes on the buggy code" in problems[0]
    assert "fails on today's code" in problems[1]
