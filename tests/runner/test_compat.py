"""Golden fixtures of the original cdoctest surface (tests/fixtures/cdoctest_compat/, see its
README).

Byte equality with checked-in files: the list output (``name,file,line,col,endline,endcol``), the
names, and the ``.vsc`` result files the cdoctest VS Code extension reads (``failedtests="0"``).
The run tests use the original README's own command lines through ``python -m cdoctest_runner``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from cdoctest_runner import legacy
from cdoctest_runner.finder import find_doctests

FIXTURES = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures", "cdoctest_compat"
)
FILES = ("sample.h", "sample.cpp", "original_test_sample.h")


def golden(name: str) -> str:
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as fh:
        return fh.read()


@pytest.fixture
def work(tmp_path):
    """A copy of the fixtures (tests write result files next to them)."""
    for f in FILES:
        shutil.copy(os.path.join(FIXTURES, f), tmp_path)
    return str(tmp_path)


def clang_repl_or_skip() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


def test_list_output_is_golden(work, capsys, monkeypatch):
    monkeypatch.chdir(work)
    assert (
        legacy.main(["-cdtt=sample.h;sample.cpp;original_test_sample.h", "--cdt_list_testcase"])
        == 0
    )
    out = capsys.readouterr().out
    assert out == golden("list.expected").replace("@DIR@", os.path.realpath(work))


def test_names_are_golden(work):
    names = [t.name for f in FILES for t in find_doctests(os.path.join(work, f), root=work)]
    assert "\n".join(names) + "\n" == golden("names.expected")


def test_list_lines_split_as_the_extension_splits_them():
    """``resultHandler.ts::getTestListHandler``: fixture = name up to the last '::', test = the
    rest.
    """
    first = golden("list.expected").splitlines()[0].split(",")
    fixture, _, test = first[0].rpartition("::")
    assert (fixture, test, first[2]) == ("sample.h::test", "namespace", "9")


@pytest.mark.clang
def test_run_writes_the_golden_vsc(work, capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(work)
    assert legacy.main(["-cdtt=sample.h;sample.cpp", "--cdt_output_xml=cdoctest_output.vsc"]) == 0
    with open(os.path.join(work, "cdoctest_output.vsc")) as fh:
        assert fh.read() == golden("output.vsc.expected")
    assert capsys.readouterr().out.endswith("4 blocks: 4 passed, 0 failed (9 examples, 0 failed)\n")


@pytest.mark.clang
def test_a_wrong_expectation_gives_the_golden_failed_vsc(work, capsys, monkeypatch):
    clang_repl_or_skip()
    path = os.path.join(work, "sample.cpp")
    with open(path) as fh:
        text = fh.read()
    with open(path, "w") as fh:
        fh.write(text.replace("\n5040\n", "\n5041\n"))
    monkeypatch.chdir(work)
    assert legacy.main(["--cdt_target_file=sample.h;sample.cpp"]) == 1
    with open(os.path.join(work, "output.vsc")) as fh:
        assert fh.read() == golden("output_fail.vsc.expected")
    out = capsys.readouterr().out
    assert (
        "FAIL sample.cpp::test::fac (sample.cpp:3): 1/2 examples passed\n"
        "  sample.cpp:5: wrong output\n  Input:\n    >>> %<< fac.fac(7);\n  Expected:\n"
        "      5041\n  Got:\n      5040\n" in out
    )


@pytest.mark.clang
def test_run_testcase_selects_by_full_or_original_name(work, capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(work)
    # The extension sends '${test_suite_name}::${test_case_name}' of a listed line.
    assert (
        legacy.main(
            ["-cdttf=sample.h", "--cdt_run_testcase=sample.h::test::Fac::fac", "-cdtox=one.vsc"]
        )
        == 0
    )
    with open(os.path.join(work, "one.vsc")) as fh:
        assert fh.read() == (
            '<unitest-results tests="1" failedtests="0" >\n'
            '<test suite="sample.h::test::Fac" name="fac" />\n</unitest-results>\n'
        )
    # The original's own forms: without the '::namespace' suffix, and with the absolute path.
    absolute = os.path.realpath(os.path.join(work, "sample.h")) + "::test::Fac::fac"
    assert (
        legacy.main(
            ["-cdttf=sample.h", f"--cdt_run_testcase=sample.h::test;{absolute}", "-cdtox=two.vsc"]
        )
        == 0
    )
    with open(os.path.join(work, "two.vsc")) as fh:
        assert fh.read().startswith('<unitest-results tests="2" failedtests="0" >\n')


@pytest.mark.clang
def test_readme_shared_library_command(work):
    """The README: build sample.so, then
    ``python -m cdoctest -cdtt=sample.h -cdtl=sample.so -cdtip=.``.
    """
    clang_repl_or_skip()
    compiler = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if compiler is None:
        pytest.skip("no C++ compiler to build the README's sample.so")
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", "sample.so", "sample.cpp"],
        cwd=work,
        check=True,
        timeout=120,
    )
    os.remove(os.path.join(work, "sample.cpp"))  # the tests must run from the library alone
    proc = subprocess.run(
        [sys.executable, "-m", "cdoctest_runner", "-cdtt=sample.h", "-cdtl=sample.so", "-cdtip=."],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.endswith("2 blocks: 2 passed, 0 failed (5 examples, 0 failed)\n")
    with open(os.path.join(work, "output.vsc")) as fh:
        assert fh.read() == (
            '<unitest-results tests="2" failedtests="0" >\n'
            '<test suite="sample.h::test" name="namespace" />\n'
            '<test suite="sample.h::test::Fac" name="fac" />\n</unitest-results>\n'
        )


def test_a_vanished_test_case_counts_as_failed(work, capsys, monkeypatch):
    """The extension asks for a listed name after the block was deleted: not a silent pass."""
    monkeypatch.chdir(work)
    assert legacy.main(["-cdttf=sample.h", "--cdt_run_testcase=sample.h::test::Gone::fac"]) == 1
    with open(os.path.join(work, "output.vsc")) as fh:
        assert fh.read() == (
            '<unitest-results tests="1" failedtests="1" >\n'
            '<test suite="sample.h::test::Gone" name="fac" />\n'
            "</unitest-results>\n"
        )
    assert "cdoctest: no test case named 'sample.h::test::Gone::fac'" in capsys.readouterr().err
