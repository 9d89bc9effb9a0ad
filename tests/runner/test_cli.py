"""``cdoctest-run`` (``cli.main``) and the legacy ``--cdt_*`` entry point (``legacy.main``).

Usage errors, listing and flag conversion need no clang-repl; the ``clang`` tests run the shipped
``examples/`` and edited copies of them through the real runner.
"""

from __future__ import annotations

import json
import os
import shutil
from xml.etree import ElementTree as ET

import pytest

from cdoctest_runner import cli, legacy

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(REPO, "examples")
EXAMPLE_FILES = ["c/mathutil.c", "c/strutil.c", "cpp/shapes.hpp", "cpp/shapes.cpp", "cpp/text.cpp"]


def clang_repl_or_skip() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


# --- no clang-repl needed -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["x.c", "--json", "--junit-xml", "r.xml"],
        ["x.c", "--jobs", "0"],
        ["x.c", "--bogus"],
        ["x.c", "--ver"],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    assert cli.main(argv) == 2


def test_missing_file_is_an_environment_error(tmp_path, capsys):
    assert cli.main([str(tmp_path / "nope.c")]) == 2
    assert "nope.c: no such file or directory" in capsys.readouterr().err


def test_no_blocks_passes_with_a_message(tmp_path, capsys):
    (tmp_path / "plain.c").write_text("int f(void) { return 1; }\n")
    assert cli.main([str(tmp_path / "plain.c")]) == 0
    assert "no cdoctest blocks found" in capsys.readouterr().err


def test_list_examples(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert cli.main(["--list", "examples/cpp/shapes.hpp", "-k", "Rect"]) == 0
    lines = capsys.readouterr().out.splitlines()
    path = os.path.join(EXAMPLES, "cpp", "shapes.hpp")
    assert [ln.split(",")[0] for ln in lines] == [
        "examples/cpp/shapes.hpp::geo::Rect::class",
        "examples/cpp/shapes.hpp::geo::Rect::area",
        "examples/cpp/shapes.hpp::geo::Rect::perimeter",
        "examples/cpp/shapes.hpp::geo::Rect::is_square",
    ]
    assert lines[1] == f"examples/cpp/shapes.hpp::geo::Rect::area,{path},24,5,24,21"


def test_directories_are_walked(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert cli.main(["--list", "examples/c"]) == 0
    names = [ln.split(",")[0] for ln in capsys.readouterr().out.splitlines()]
    assert (
        names[0] == "examples/c/mathutil.c::gcd"
        and names[-1] == "examples/c/strutil.c::is_palindrome"
    )
    assert len(names) == 7


def test_legacy_flags_long_short_and_cdtt(tmp_path):
    parser = legacy.build_parser()
    (tmp_path / "sample.so").write_text("")
    for argv in (
        ["-cdtt=sample.h", "-cdtl=sample.so", "-cdtip=inc;other"],
        ["-cdtt", "sample.h", "-cdtl", "sample.so", "-cdtip", "inc;other"],
        [
            "--cdt_target_file=sample.h",
            "--cdt_target_lib=sample.so",
            "--cdt_include_path=inc;other",
        ],
        ["-cdttf=sample.h", "-cdtl=sample.so", "-cdtip=inc;other"],
    ):
        config = legacy.to_config(parser.parse_args(["-cdtsrp", str(tmp_path), *argv]))
        assert config.run.files == [str(tmp_path / "sample.h")]
        assert config.run.libraries == [str(tmp_path / "sample.so")]
        assert config.run.include_dirs == [
            str(tmp_path),
            str(tmp_path / "inc"),
            str(tmp_path / "other"),
        ]
        assert config.output_xml == str(tmp_path / "output.vsc") and not config.list_only


def test_legacy_rejects_abbreviations_and_contradictions(capsys):
    assert legacy.main(["--cdt_target=sample.h"]) == 2  # no prefix matching
    assert legacy.main(["-cdttf=a.h", "--cdt_list_testcase", "--cdt_run_testcase=x"]) == 2
    assert (
        "Cannot use --cdt_list_testcase and --cdt_run_testcase together." in capsys.readouterr().err
    )
    assert legacy.main([]) == 2
    assert "Either target file --cdt_target_file or cmake build path" in capsys.readouterr().err


def test_legacy_cmake_build_path_uses_compile_commands(tmp_path, capsys):
    src = tmp_path / "src"
    shutil.copytree(os.path.join(EXAMPLES, "cpp"), src)
    build = tmp_path / "build"
    build.mkdir()
    entries = [
        {
            "directory": str(build),
            "command": f"c++ -I{src} -std=c++17 -c {src / f}",
            "file": str(src / f),
        }
        for f in ("shapes.cpp", "text.cpp")
    ]
    (build / "compile_commands.json").write_text(json.dumps(entries))
    argv = [
        "-cdtsrp",
        str(tmp_path),
        "--cdt_cmake_build_path=build",
        "--cdt_cmake_target=shapes",
        "--cdt_include_target=shapes",
        "--cdt_list_testcase",
    ]
    assert legacy.main(argv) == 0
    names = [ln.split(",")[0] for ln in capsys.readouterr().out.splitlines()]
    assert names[:2] == ["src/shapes.cpp::geo::area", "src/shapes.hpp::geo::Rect::class"]
    assert "src/text.cpp::text::namespace" in names
    assert (
        legacy.main(["-cdtsrp", str(tmp_path), "--cdt_cmake_build_path=src", "--cdt_list_testcase"])
        == 2
    )
    assert "no compile_commands.json" in capsys.readouterr().err


# --- real clang-repl -----------------------------------------------------------------------


@pytest.mark.clang
def test_all_examples_pass(capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(REPO)
    code = cli.main([os.path.join("examples", f) for f in EXAMPLE_FILES] + ["--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.endswith("18 blocks: 18 passed, 0 failed (40 examples, 0 failed)\n"), out


@pytest.mark.clang
def test_wrong_expectation_and_compile_error_are_reported(tmp_path, capsys):
    clang_repl_or_skip()
    text = open(os.path.join(EXAMPLES, "c", "mathutil.c")).read()
    text = text.replace(" * >>> gcd(7, 0)\n * 7\n", " * >>> gcd(7, 0)\n * 8\n")
    text = text.replace(">>> max_of(xs, 1)\n3\n", ">>> max_of(xs, 1\n3\n")
    (tmp_path / "mathutil.c").write_text(text)
    junit = tmp_path / "junit.xml"
    code = cli.main(
        [str(tmp_path / "mathutil.c"), "--root", str(tmp_path), "--junit-xml", str(junit)]
    )
    out = capsys.readouterr().out
    assert code == 1
    path = str(tmp_path / "mathutil.c")
    assert (
        f"FAIL mathutil.c::gcd ({path}:4): 2/3 examples passed\n  {path}:9: wrong output\n"
        "  Input:\n    >>> gcd(7, 0)\n  Expected:\n      8\n  Got:\n      7\n" in out
    )
    assert (
        f"FAIL mathutil.c::max_of ({path}:38): 2/3 examples passed\n"
        f"  {path}:42: compile error\n  Input:\n    >>> max_of(xs, 1\n  Diagnostic:\n" in out
    )
    assert "error:" in out.split(f"{path}:42: compile error")[1]
    assert out.endswith("4 blocks: 2 passed, 2 failed (10 examples, 2 failed)\n")
    suite = ET.parse(junit).getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "1", "1")


@pytest.mark.clang
def test_json_output(tmp_path, capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(REPO)
    assert cli.main(["examples/c/strutil.c", "--json", "-k", "count_char"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"] == {
        "blocks": 1,
        "passed": 1,
        "failed": 0,
        "examples": 2,
        "examples_failed": 0,
    }
    [result] = data["results"]
    assert result["test"]["name"] == "examples/c/strutil.c::count_char"
    assert [r["got"] for r in result["results"]] == ["3\n", "0\n"]


def test_unusable_clang_repl_is_an_environment_error(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert cli.main(["examples/c/strutil.c", "--clang-repl", str(tmp_path / "no-clang-repl")]) == 2
    assert "cdoctest-run: error:" in capsys.readouterr().err


def test_verbose_warns_about_unattached_blocks(tmp_path, capsys):
    (tmp_path / "loose.c").write_text(
        "/** >>> 1\n1 */\nint table[3];\n/// >>> f()\n/// 2\n///>>>f()\nint f(void) { return 2; }\n"
    )
    assert cli.main(["--list", "-v", str(tmp_path / "loose.c"), "--root", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert [ln.split(",")[0] for ln in captured.out.splitlines()] == ["loose.c::f"]
    assert (
        f"cdoctest-run: {tmp_path / 'loose.c'}:1: block attached to no declaration; not run\n"
        in captured.err
    )
    assert f"cdoctest-run: {tmp_path / 'loose.c'}:6: missing space after '>>>'" in captured.err


@pytest.mark.clang
def test_include_dirs_defines_and_compile_commands_reach_the_session(tmp_path, capsys):
    """Flags from -I/-D and from compile_commands.json (-p) are used by clang-repl, not only by
    libclang.
    """
    clang_repl_or_skip()
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "scale.h").write_text("#define SCALE_BASE 10\n")
    source = tmp_path / "scaled.c"
    source.write_text(
        '#include "scale.h"\n#ifndef FACTOR\n#error FACTOR is not defined\n#endif\n'
        "/**\n * >>> scaled(2)\n * 60\n */\nint scaled(int x) { return x * SCALE_BASE * FACTOR; }\n"
    )
    assert cli.main([str(source), "-I", str(tmp_path / "inc"), "-D", "FACTOR=3"]) == 0
    assert capsys.readouterr().out.endswith("1 block: 1 passed, 0 failed (1 example, 0 failed)\n")
    assert cli.main([str(source)]) == 1  # without the flags the code under test does not load
    assert "The code under test could not be loaded:" in capsys.readouterr().out
    build = tmp_path / "build"
    build.mkdir()
    command = f"cc -I{tmp_path / 'inc'} -DFACTOR=3 -O2 -c {source} -o scaled.o"
    (build / "compile_commands.json").write_text(
        json.dumps([{"directory": str(build), "command": command, "file": str(source)}])
    )
    assert cli.main([str(source), "-p", str(build)]) == 0
