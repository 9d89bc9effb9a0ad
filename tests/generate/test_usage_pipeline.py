"""Usage mining as a candidate source of the generator (``Steps.usage_candidates``, phase 1).

Test data: a copy of ``tests/data/usage_proj/`` (``src/ilist.c`` under test; ``tests/test_ilist.c``
calls ``ilist_get(l, 1, &got)`` on ``ilist_parse("3,4")``, a list nothing else in the project
builds). Real libclang and clang-repl, no model (``no_model=True, quick=True``: phase 1 only).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cdoctest_runner.example import Example
from models.prompt import render_target
from server.analysis.locate import load_source
from server.analysis.usage.mining import project_usage
from server.api import GenerateOptions, SourceOptions, TargetSelector
from server.cli import build_parser, run_options
from server.generate.job import Job, prepare, usage_root
from server.judge.acceptable import acceptable_units
from server.judge.units import Candidate, Origin, Unit, VerifiedUnit

PROJ = Path(__file__).resolve().parent.parent / "data" / "usage_proj"
MINED = 'ilist_parse("3,4")'  # only tests/test_ilist.c builds this list


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the project (no ``.git`` above it: the root is given)."""
    root = tmp_path / "proj"
    shutil.copytree(PROJ, root)
    return root


def source_options(root: Path) -> SourceOptions:
    return SourceOptions(include_dirs=(str(root / "include"),), project_root=str(root))


def generate(runner, root: Path, function: str, usage: bool = True):  # noqa: ANN001, ANN201
    from server.generate.generator import Generator

    options = GenerateOptions(no_model=True, quick=True, usage=usage)
    with Generator(runner=runner, options=options, source_options=source_options(root)) as gen:
        result = gen.generate(str(root / "src" / "ilist.c"), None, TargetSelector(name=function))
    (fr,) = result.functions
    return fr


@pytest.mark.clang
def test_the_block_holds_a_call_mined_from_the_projects_test_file(runner, project: Path) -> None:
    """The test file's ``ilist_get`` sequence is run, pooled and chosen by mutation analysis:
    the verified (final-checked) block holds it; ``--no-usage`` takes it away.
    """
    fr = generate(runner, project, "ilist_get")
    assert fr.status == "verified"
    assert fr.verification is not None and fr.verification.passed
    assert any(MINED in e.source for e in fr.examples), fr.block_text
    assert re.search(
        r"usage: 2 call\(s\) mined from 3 of 4 file\(s\)( in [0-9.]+ s)?; "
        r"usage: 2/2 mined block\(s\) ran",
        fr.message,
    )
    assert fr.origin == "fallback"  # every source but the model is "fallback" in the API

    off = generate(runner, project, "ilist_get", usage=False)
    assert off.status == "verified"
    assert not any(MINED in e.source for e in off.examples)
    assert "usage" not in off.message


@pytest.mark.clang
def test_a_usage_source_that_does_not_parse_still_gives_a_block(runner, project: Path) -> None:
    """A test file with errors gives no facts, and a dangling link among the sources (a file
    gone since the walk) is skipped: the fallback's block is written all the same.
    """
    (project / "tests" / "test_ilist.c").write_text("void t(void) { ilist_get(( ; }\n")
    fr = generate(runner, project, "ilist_get")
    assert fr.status == "verified"
    assert not any(MINED in e.source for e in fr.examples)

    (project / "tests" / "test_gone.c").symlink_to(project / "nowhere.c")
    skipped = generate(runner, project, "ilist_get")
    assert skipped.status == "verified"
    assert "mining failed" not in skipped.message


def job_for(root: Path, function: str, usage: bool = True) -> Job:
    options = source_options(root)
    source = load_source(str(root / "src" / "ilist.c"), None, options)
    target = next(f for f in source.functions if f.declaration.name == function)
    job = prepare(
        source,
        target,
        GenerateOptions(usage=usage),
        "/**",
        "\n",
        project_root=usage_root(options),
    )
    assert isinstance(job, Job)
    return job


def test_the_prompt_shows_the_model_a_mined_snippet(project: Path) -> None:
    prompt = render_target(job_for(project, "ilist_get").prompt)
    assert "The project's own code calls it like this:" in prompt
    assert f"l = {MINED};" in prompt and "ilist_get(l, 1, &got)" in prompt
    assert "#include" not in prompt.split("calls it like this:")[1]
    assert "calls it like this" not in render_target(job_for(project, "ilist_get", False).prompt)


def test_mining_is_cached_per_sources_and_their_versions(project: Path) -> None:
    flags = (f"-I{project / 'include'}",)
    path = project / "src" / "ilist.c"
    first = project_usage(path, ["ilist_len"], flags, "c", str(project))
    again = project_usage(path, ["ilist_len"], flags, "c", str(project))
    assert not first.cached and again.cached and again.facts == first.facts
    test = project / "tests" / "test_ilist.c"
    test.write_text(test.read_text().replace("CHECK(len == 2);", "CHECK(len == 2); /* . */"))
    assert not project_usage(path, ["ilist_len"], flags, "c", str(project)).cached


def test_the_project_root_comes_from_the_flag_or_the_compile_database(tmp_path: Path) -> None:
    args = build_parser().parse_args(["f.c", "--no-usage", "--project-root", str(tmp_path)])
    options, sources = run_options(args)
    assert options.usage is False and sources.project_root == str(tmp_path)
    assert run_options(build_parser().parse_args(["f.c"]))[0].usage is True
    db = tmp_path / "build"
    db.mkdir()
    entries = [
        {"directory": str(db), "file": str(tmp_path / d / "a.c"), "command": "cc -c a.c"}
        for d in ("src", "tests")
    ]
    import json

    (db / "compile_commands.json").write_text(json.dumps(entries))
    assert usage_root(SourceOptions(compile_db_dir=str(db))) == str(tmp_path)
    assert usage_root(SourceOptions()) is None


def test_the_acceptability_rules_drop_a_usage_unit_as_any_other() -> None:
    """Rule 1 (the unit calls the function) and rule 2 (no dead store) hold for mined units."""
    from cdoctest_runner.example import Declaration

    def unit(*sources: str) -> VerifiedUnit:
        examples = tuple(Example(s) for s in sources)
        return VerifiedUnit(
            Unit(examples, Candidate(examples, origin=Origin.USAGE)),
            examples,
            (True,) * len(examples),
        )

    decl = Declaration("ilist_sum", "ilist_sum", "function", 1, 1, 1, 1)
    calls = unit("ilist *l;", 'l = ilist_parse("1");', "ilist_sum(l)")
    no_call = unit("ilist *l;", 'l = ilist_parse("1");', "ilist_len(l)")
    overwritten = unit(
        "ilist *l;", 'l = ilist_parse("1");', 'l = ilist_parse("2");', "ilist_sum(l)"
    )
    kept, dropped = acceptable_units([calls, no_call, overwritten], decl)
    assert kept == [calls] and len(dropped) == 2
