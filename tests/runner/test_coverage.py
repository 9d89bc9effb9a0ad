"""Coverage of the code under test by its blocks (cdoctest_runner/coverage/measure.py,
``--coverage``).

The real tests compile the blocks with the clang of clang-repl's LLVM and check the numbers
against ones computed by hand for ``sgn`` below: ``sgn(3)`` and ``sgn(-5)`` run lines 7-9 and 11
but never ``return 0;`` (line 10): 4 of 5 lines; ``x > 0`` goes both ways and ``x < 0`` only
true: 3 of 4 branch outcomes. ``twice(2)`` takes the ternary's false side only: 1/1 line, 1/2.
"""

from __future__ import annotations

import doctest
import os

import pytest

from cdoctest_runner import cli
from cdoctest_runner.coverage import lcov, program
from cdoctest_runner.coverage import measure as coverage
from cdoctest_runner.errors import ToolchainNotFound

SGN = """\
/**
>>> sgn(3)
1
>>> sgn(-5)
-1
*/
int sgn(int x) {
  if (x > 0) return 1;
  if (x < 0) return -1;
  return 0;
}

/**
>>> twice(2)
4
*/
static int twice(int x) { return x > 100 ? 0 : 2 * x; }
"""


def test_doctests_of_the_pure_parts():
    assert doctest.testmod(coverage).failed == 0
    assert doctest.testmod(program).attempted > 0 and doctest.testmod(program).failed == 0
    assert doctest.testmod(lcov).attempted > 0 and doctest.testmod(lcov).failed == 0


def _tools_or_skip() -> coverage.CoverageTools:
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        return coverage.find_tools(find_clang_repl().path)
    except (ToolchainNotFound, coverage.CoverageError) as exc:
        pytest.skip(f"no coverage tools: {exc}")


def _jobs(path: str) -> list:
    found = cli.collect(cli.RunConfig(files=[path], root=os.path.dirname(path)))
    return [(t, c) for t, c, _ in found]


def _by_name(report: coverage.CoverageReport) -> dict[str, tuple[int, int, int, int]]:
    return {
        f.name: (f.lines_hit, f.lines_total, f.branches_hit, f.branches_total)
        for f in report.functions
    }


@pytest.mark.clang
def test_line_and_branch_coverage_match_the_hand_computed_numbers(tmp_path):
    tools = _tools_or_skip()
    src = tmp_path / "sgn.c"
    src.write_text(SGN)
    report = coverage.measure(_jobs(str(src)), tools)
    assert (report.blocks, report.measured, report.notes) == (2, 2, [])
    assert _by_name(report) == {"sgn": (4, 5, 3, 4), "twice": (1, 1, 1, 2)}
    assert report.totals() == (5, 6, 4, 6)
    records = lcov.parse_lcov(report.lcov)
    assert list(records) == [str(src)]  # only the code under test, under the user's path
    assert records[str(src)].lines == {7: 2, 8: 2, 9: 1, 10: 0, 11: 1, 17: 1}
    assert "FN:17,twice\n" in report.lcov  # a static function, named as in the source


@pytest.mark.clang
def test_a_crash_keeps_the_coverage_of_the_examples_before_it(tmp_path):
    """The program writes its profile after each example, so a crash keeps what ran before it;
    an input that does not compile is left out (clang-repl skips it too) and the report says so.
    ``sgn(1)`` and ``sgn(0)`` run, the crash stops ``sgn(-1)``: every line of ``sgn`` runs, but
    ``x < 0`` is never true: 3 of 4 branch outcomes (4 of 4 had ``sgn(-1)`` run).
    """
    tools = _tools_or_skip()
    src = tmp_path / "sgn.c"
    block = (
        "/**\n>>> sgn(1)\n1\n>>> no_such_name + 1\n>>> sgn(0)\n0\n"
        ">>> *(volatile int *)0 = 1;\n>>> sgn(-1)\n-1\n*/\n"
    )
    body = SGN[SGN.index("int sgn") : SGN.index("\n/**", 1)]
    src.write_text(block + body + "\n")
    report = coverage.measure(_jobs(str(src)), tools)
    assert report.measured == 1
    assert report.notes == ["sgn.c::sgn: 1 input(s) that do not compile left out"]
    assert _by_name(report) == {"sgn": (5, 5, 3, 4)}


@pytest.mark.clang
def test_cli_coverage_prints_the_summary_and_writes_lcov_and_html(tmp_path, capsys):
    _tools_or_skip()
    src = tmp_path / "sgn.c"
    src.write_text(SGN)
    tracefile, html = tmp_path / "out.lcov", tmp_path / "html"
    argv = [str(src), "--root", str(tmp_path), "--coverage", "--coverage-file", str(tracefile)]
    assert cli.main([*argv, "--coverage-html", str(html)]) == 0
    out = capsys.readouterr().out
    assert "lines 4/5  branches 3/4" in out and "lines 1/1  branches 1/2" in out
    assert "total: lines 5/6 (83.3%), branches 4/6 (66.7%); 2/2 blocks measured" in out
    assert tracefile.read_text().startswith(f"SF:{src}\n")
    assert (html / "index.html").is_file()


@pytest.mark.clang
def test_a_header_with_a_sibling_source_is_measured_too(tmp_path):
    """``box.hpp``'s block loads ``box.cpp`` (the sibling source); the inline function of the
    header is reported under the header, the source's function under the source.
    """
    tools = _tools_or_skip()
    (tmp_path / "box.hpp").write_text(
        "#pragma once\n/**\n>>> half(9)\n4\n>>> twice(3)\n6\n*/\n"
        "inline int half(int x) { return x / 2; }\nint twice(int x);\n"
    )
    (tmp_path / "box.cpp").write_text('#include "box.hpp"\nint twice(int x) { return 2 * x; }\n')
    report = coverage.measure(_jobs(str(tmp_path / "box.hpp")), tools)
    where = {f.name: (os.path.basename(f.file), f.first_line) for f in report.functions}
    assert where == {"half(int)": ("box.hpp", 8), "twice(int)": ("box.cpp", 2)}


@pytest.mark.clang
def test_a_block_against_a_prebuilt_library_is_run_and_linked(tmp_path):
    """``--lib``: the header is included, the library linked (not measured: not compiled here)."""
    import shutil
    import subprocess

    tools = _tools_or_skip()
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    (tmp_path / "m.h").write_text("/**\n>>> add(2, 3)\n5\n*/\nint add(int a, int b);\n")
    (tmp_path / "m.c").write_text("int add(int a, int b) { return a + b; }\n")
    lib = tmp_path / "libm2.so"
    source = str(tmp_path / "m.c")
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(lib), source], check=True)
    config = cli.RunConfig(files=[str(tmp_path / "m.h")], libraries=[str(lib)])
    jobs = [(t, c) for t, c, _ in cli.collect(config)]
    report = coverage.measure(jobs, tools)
    assert (report.measured, report.notes, report.functions) == (1, [], [])


@pytest.mark.clang
def test_a_file_of_a_built_project_links_its_project_library(geo_cache):
    """``-p BUILD`` (tests/data/cmake_geo): ``dist2`` calls ``sq`` from ``sq.c`` through the
    project's library, which also references ``cube`` that no file defines (linked as clang-repl
    loads it, lazily). ``dist2``'s one line runs; ``norm`` is never called.
    """
    from cdoctest_runner.flags import code_under_test, compile_flags
    from cdoctest_runner.libraries import libraries_for
    from cdoctest_runner.parser import parse_examples
    from cdoctest_runner.runner import examples_doctest

    tools = _tools_or_skip()
    path = str(geo_cache.root / "src" / "dist.c")
    build = str(geo_cache.build)
    code = code_under_test(path, flags=compile_flags(path, build), link=libraries_for(path, build))
    block = examples_doctest(parse_examples(">>> dist2(0, 0, 3, 4)\n25\n"))
    report = coverage.measure([(block, code)], tools)
    assert report.notes == []
    assert _by_name(report) == {"dist2": (1, 1, 0, 0), "norm": (0, 1, 0, 0)}
