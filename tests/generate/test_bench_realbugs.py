"""The real-bug set of ``bench/bench_realbugs.py``: upstream fixes, each observable via the API."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bench import bench_realbugs
from bench.bench_bugs import BugSetError
from bench.bench_realbugs import (
    DATA,
    DEV_REPOS,
    RealBug,
    RealBugFunction,
    Row,
    build_path,
    domain_table,
    in_other_benchmarks,
    library_dirs,
    licence_files,
    load_realbugs,
    read_library,
    split_of,
    table,
    validate,
)

#: A synthetic CMake library (two translation units, one bug): the ``cmake`` layout.
CMAKE_SET = Path(__file__).resolve().parent.parent / "data" / "realbugs_cmake"
DEV_SEVEN = ("cwalk", "inih", "picohttpparser", "printf", "semver", "tinyexpr", "yuarel")


def test_the_corpus_has_two_hundred_upstream_bugs_in_twenty_five_licensed_libraries() -> None:
    fns = load_realbugs()
    bugs = [b for fn in fns for b in fn.bugs]
    assert len(bugs) >= 200
    assert len({(fn.library, b.commit) for fn in fns for b in fn.bugs}) >= 200  # fix commits
    assert len({fn.library for fn in fns}) >= 25
    for split in ("dev", "heldout"):
        assert len({fn.library for fn in load_realbugs(split=split)}) >= 10, split
    libs = [read_library(d)[0] for d in library_dirs()]
    assert {lib.language for lib in libs} == {"c", "c++"}
    assert {lib.layout for lib in libs} == {"single-file", "cmake"}
    assert [fn.library for fn in fns] == sorted(fn.library for fn in fns)
    for directory in library_dirs():
        lib, _ = read_library(directory)
        assert re.fullmatch(r"[0-9a-f]{40}", lib.commit), lib.name
        assert licence_files(directory), lib.name
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


def _row(
    config: str, library: str, bugs: int, caught: int, verified: bool = True, split: str = "dev"
) -> Row:
    return Row(config, library, f"{library}/f.c::f", verified, "fallback", 3, bugs, caught,
               [], [], None, 1.0, "", split=split, domain=f"d{library}")  # fmt: skip


def test_the_table_counts_per_library_and_in_total() -> None:
    rows = [
        _row("fallback", "a", 4, 1),
        _row("default", "a", 4, 2),
        _row("fallback", "b", 2, 2),
        _row("default", "b", 2, 0, verified=False),
    ]
    lines = table(rows).splitlines()
    assert lines[2].startswith("| a | 1 | 4 | 1/4 (25%) | 1/1 |")
    assert "| 2/4 (50%) |" in lines[2]
    assert lines[3].startswith("| b | 1 | 2 | 2/2 (100%) |")
    assert "| 0/2 (0%) | 0/1 |" in lines[3]
    assert lines[4].startswith("| **dev total** | 2 | 6 | 3/6 (50%) | 2/2 |")
    assert "| 2/6 (33%) | 1/2 |" in lines[4]
    assert len(lines) == 5


def test_the_held_out_half_shows_only_its_total_per_library_and_per_domain() -> None:
    rows = [_row("fallback", "a", 4, 1), _row("fallback", "h", 3, 3, split="heldout")]
    lines = table(rows).splitlines()[2:]
    assert [line.split(" | ")[0] for line in lines] == [
        "| a",
        "| **dev total**",
        "| **heldout total**",
        "| **all**",
    ]
    assert lines[2].startswith("| **heldout total** | 1 | 3 | 3/3 (100%) |")
    domains = domain_table(rows).splitlines()[2:]
    assert domains[0].startswith("| da | 1 | 1 | 4 | 1/4 (25%) |")
    assert domains[2].startswith("| **heldout total** | 1 | 1 | 3 | 3/3 (100%) |")


@pytest.mark.clang
def test_every_quick_witness_passes_today_and_fails_on_its_bug(runner) -> None:  # noqa: ANN001
    """One function of each of the seven hand-picked libraries (26 of their 45 bugs) in
    clang-repl: the patched file loads and the witness tells it apart. The whole set:
    ``python -m bench.bench_realbugs --validate``.
    """
    fns = load_realbugs(quick=True, libraries=DEV_SEVEN)
    assert len({fn.library for fn in fns}) == len(fns) == 7
    assert validate(fns, runner) == []


def first_bugs() -> list[RealBugFunction]:
    """The sample ``make test`` validates: the first bug of the first function of every library
    of the corpus (fixed and deterministic: libraries by name, entries in file order).
    """
    return [replace(fn, bugs=fn.bugs[:1]) for fn in load_realbugs(quick=True)]


@pytest.mark.clang
def test_the_first_bug_of_every_library_validates(runner) -> None:  # noqa: ANN001
    """A sample of the whole corpus, CMake libraries included (each configured and its project
    library built once per machine, in ``$XDG_CACHE_HOME``): every library's first bug loads,
    and its witness passes today and fails on it.
    """
    fns = first_bugs()
    assert len(fns) == len(library_dirs())
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


def test_the_seven_hand_picked_libraries_keep_their_45_bugs_on_the_dev_side() -> None:
    fns = load_realbugs(libraries=DEV_SEVEN)
    assert sum(len(fn.bugs) for fn in fns) == 45
    assert len(fns) == 20
    for fn in fns:
        assert fn.lib is not None and fn.lib.split == "dev", fn.name
        assert fn.lib.layout == "single-file" and fn.lib.language == "c", fn.name
        assert fn.lib.mining == {}, fn.name
    assert {fn.library: fn.domain for fn in fns}["printf"] == "formatter"


def test_an_unknown_library_is_a_clear_error() -> None:
    with pytest.raises(BugSetError, match="no such library .*: nosuchlib"):
        load_realbugs(libraries=("printf", "nosuchlib"))


def test_a_bugs_json_with_a_wrong_field_names_its_file(tmp_path: Path) -> None:
    lib = tmp_path / "tally"
    shutil.copytree(CMAKE_SET / "tally", lib)
    data = json.loads((lib / "bugs.json").read_text())
    data["domain"] = "games"
    (lib / "bugs.json").write_text(json.dumps(data))
    with pytest.raises(BugSetError, match=r"tally/bugs.json: domain 'games' not in"):
        load_realbugs(tmp_path)


@pytest.mark.clang
@pytest.mark.skipif(shutil.which("cmake") is None, reason="needs cmake")
def test_two_checkouts_of_a_cmake_library_never_share_a_build(tmp_path: Path) -> None:
    """A build's compile database names the files it was configured from: a clone reusing the
    build of another checkout compiled that checkout's headers (the clone's own never).
    """
    [fn] = load_realbugs(CMAKE_SET)
    lib = fn.lib
    assert lib is not None
    copy = tmp_path / "checkout" / "tally"
    shutil.copytree(lib.directory, copy)
    other = replace(lib, directory=str(copy))
    assert build_path(lib, tmp_path) == build_path(lib, tmp_path)
    assert build_path(other, tmp_path) != build_path(lib, tmp_path)
    assert build_path(other, tmp_path).name.startswith("tally-")


def test_a_cmake_library_is_configured_once_and_validated_with_its_target_loaded(
    runner,  # noqa: ANN001
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Test data: tests/data/realbugs_cmake/tally (``tally_sum`` in src/tally.c calls
    ``clamp_int`` of src/clamp.c, which only the project library defines).
    """
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    [fn] = load_realbugs(CMAKE_SET)
    build = Path(fn.build_dir or "")
    assert build.parent == tmp_path / "cdoctest-gen" / "realbugs-build"
    assert build.name.startswith("tally-") and (build / "compile_commands.json").is_file()
    assert "-DCMAKE_BUILD_TYPE=Debug" in (build / "configured.ok").read_text()
    code = fn.code()
    assert len(code.libraries) == 1 and code.libraries[0].endswith("libtally.so")
    assert fn.source_options().compile_db_dir == str(build)
    assert validate([fn], runner) == []
    broken = replace(fn, bugs=(replace(fn.bugs[0], replace="for (int i = 0; i < n; i++)"),))
    assert "passes on the buggy code" in validate([broken], runner)[0]


def test_the_split_is_the_rule_of_the_readme() -> None:
    for lib, repo in DEV_REPOS.items():
        assert split_of(lib, repo) == "dev"
    assert split_of("printf2", "someone/printf") == "dev"  # a fork keeps its name
    assert split_of("mine", "someone/mine", fork_of="likle/cwalk") == "dev"
    # sha256("a/b") % 3 == 1, sha256("owner/mylib") % 3 == 0; the repository's case is ignored
    assert [split_of("x", r) for r in ("a/b", "A/B", "owner/mylib")] == ["heldout"] * 2 + ["dev"]
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert "int(hashlib.sha256(repo.lower().encode()).hexdigest(), 16) % 3 != 0" in readme


def test_a_library_of_another_benchmark_is_dev() -> None:
    """The multi-file project benchmark vendors jansson and double-conversion: the engine was
    developed against them, so their mined bugs are on the dev side whatever their hash says.
    """
    assert split_of("x", "akheron/jansson") == "dev"  # its sha256 % 3 != 0
    assert split_of("x", "google/double-conversion") == "dev"
    for directory in library_dirs():
        lib, _ = read_library(directory)
        if in_other_benchmarks(lib.repo):
            assert lib.split == "dev", lib.name


def test_load_by_split(monkeypatch: pytest.MonkeyPatch) -> None:
    [fn] = load_realbugs(CMAKE_SET)  # cdoctest-gen/tally: sha256 % 3 == 2
    assert fn.lib is not None and fn.lib.split == "heldout"
    assert load_realbugs(CMAKE_SET, split="dev") == []
    assert load_realbugs(CMAKE_SET, split="heldout") == [fn]


class _FakeResult:
    def __init__(self, passed: bool) -> None:
        self.passed = passed
        self.setup_error = None


class _FakeWorker:
    """Generators that return one verified example, a runner that says the bug changes it."""

    made = 0

    def __init__(self, configs: tuple[str, ...], seed: int, usage: bool) -> None:
        from types import SimpleNamespace

        from cdoctest_runner.example import Example

        _FakeWorker.made += 1
        fr = SimpleNamespace(
            status="verified",
            examples=(Example("int xs[] = {5, 20, 1};"), Example("tally_sum(xs, 3, 0, 10)", "16")),
            origin="fallback",
            mutation_score=0.5,
            message="",
        )
        result = SimpleNamespace(functions=[fr])
        gen = SimpleNamespace(source_options=None, generate=lambda *a, **k: result)
        self.gens = {c: gen for c in configs}
        self.runner = SimpleNamespace(
            run_many=lambda jobs: [_FakeResult(i == 0) for i, _ in enumerate(jobs)]
        )

    def close(self) -> None:
        pass


def test_a_run_appends_rows_writes_blocks_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Test data: tests/data/realbugs_cmake (the generator and runner are stand-ins)."""
    monkeypatch.setattr(bench_realbugs, "_Worker", _FakeWorker)
    monkeypatch.setattr(bench_realbugs.RealBugFunction, "build_dir", None)
    results = tmp_path / "r.jsonl"
    argv = ["--data", str(CMAKE_SET), "--split", "all", "--results", str(results), "--no-write"]
    assert bench_realbugs.main([*argv, "--jobs", "2"]) == 0
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted(r["config"] for r in rows) == ["default", "fallback"]
    assert all(r["caught"] == 1 and r["split"] == "heldout" for r in rows)
    out = capsys.readouterr().out
    assert "| **heldout total** | 1 | 1 | 1/1 (100%) |" in out
    assert "| numeric |" not in out  # held-out domains only in the total
    block = tmp_path / "r-blocks" / "heldout" / "fallback" / "tally" / "tally.c__tally_sum.txt"
    text = block.read_text()
    assert text.startswith("// tally/tally.c::tally_sum [fallback, seed 0]: 1/1 caught")
    assert "\n/**\n" in text
    assert text.endswith("\n>>> int xs[] = {5, 20, 1};\n>>> tally_sum(xs, 3, 0, 10)\n16\n*/\n")
    made = _FakeWorker.made
    assert bench_realbugs.main(argv) == 0  # everything done: nothing runs again
    assert _FakeWorker.made == made and len(results.read_text().splitlines()) == 2
    assert bench_realbugs.main([*argv, "--fresh", "--only", "fallback"]) == 0
    assert _FakeWorker.made == made + 1
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert [r["config"] for r in rows] == ["fallback"]  # --fresh forgot the function's rows


def test_the_readme_tables_are_generated_between_markers(tmp_path: Path) -> None:
    from bench.realbugs_readme import write_readme_tables

    readme = tmp_path / "README.md"
    readme.write_text(
        "# x\n<!-- realbugs:libraries -->\nold\n<!-- /realbugs:libraries -->\n"
        "<!-- realbugs:funnel -->\n<!-- /realbugs:funnel -->\nend\n"
    )
    write_readme_tables(readme, CMAKE_SET)
    text = readme.read_text()
    assert "old" not in text and text.endswith("end\n")
    assert "| `tally/` | [cdoctest-gen/tally](https://github.com/cdoctest-gen/tally) |" in text
    assert "| c | cmake | numeric | heldout | 1 | 1 |" in text
    assert "**1 bugs in 1 functions of 1 libraries.**" in text
    assert "| tally | hand-picked | - | 1 (1 bugs) |" in text
    real = (DATA / "README.md").read_text(encoding="utf-8")
    assert "<!-- realbugs:libraries -->" in real and "<!-- /realbugs:funnel -->" in real
