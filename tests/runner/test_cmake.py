"""CTest integration (cdoctest_runner/cmake/): a real CMake project made in tmp, configured with
``find_package(cdoctest CONFIG)`` from ``cdoctest-run --cmake-dir``, built, and run by ``ctest``.

The project is a shared C library ``mathx`` with two functions whose blocks are in its header; the
blocks run against the built ``libmathx.so`` (``--lib``) with the target's include directory and
compile definition (``MATHX_SCALE``, used by a block). Breaking ``add`` in the source and rebuilding
makes exactly ``add``'s test fail, with the example, expected and got in ctest's output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cdoctest_runner import cli

CDOCTEST_RUN = os.path.join(os.path.dirname(sys.executable), "cdoctest-run")

CMAKELISTS = """\
cmake_minimum_required(VERSION 3.16)
project(mathx C)
find_package(cdoctest CONFIG REQUIRED)
add_library(mathx SHARED mathx.c mathx.h)
target_include_directories(mathx PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(mathx PUBLIC MATHX_SCALE=10)
enable_testing()
cdoctest_discover_tests(mathx TEST_PREFIX "cdt." PROPERTIES LABELS cdoctest)
"""

HEADER = """\
#ifndef MATHX_H
#define MATHX_H
/**
>>> add(2, 3)
5
>>> add(-1, 1)
0
*/
int add(int a, int b);

/**
>>> scale(2)
20
>>> MATHX_SCALE
10
*/
int scale(int x);
#endif
"""

SOURCE = """\
#include "mathx.h"
int add(int a, int b) { return a + b; }
int scale(int x) { return x * MATHX_SCALE; }
"""


def _tools_or_skip() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    if shutil.which("cmake") is None or shutil.which("ctest") is None:
        pytest.skip("cmake/ctest not installed")
    if not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")):
        pytest.skip("no C compiler")
    if not os.path.exists(CDOCTEST_RUN):
        pytest.skip(f"{CDOCTEST_RUN} is not installed (pip install -e .)")
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


def _run(args: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_cmake_dir_holds_the_config_package(capsys):
    assert cli.main(["--cmake-dir"]) == 0
    path = capsys.readouterr().out.strip()
    assert os.path.isfile(os.path.join(path, "cdoctestConfig.cmake"))
    assert os.path.isfile(os.path.join(path, "Cdoctest.cmake"))


@pytest.mark.clang
def test_ctest_runs_each_block_and_a_broken_function_fails_exactly_its_test(tmp_path):
    _tools_or_skip()
    src, build = tmp_path / "mathx", tmp_path / "build"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(CMAKELISTS)
    (src / "mathx.h").write_text(HEADER)
    (src / "mathx.c").write_text(SOURCE)
    cmake_dir = _run([CDOCTEST_RUN, "--cmake-dir"], str(tmp_path)).stdout.strip()

    configure = _run(
        ["cmake", "-S", str(src), "-B", str(build), f"-Dcdoctest_DIR={cmake_dir}"], str(tmp_path)
    )
    assert configure.returncode == 0, configure.stdout + configure.stderr
    built = _run(["cmake", "--build", str(build)], str(tmp_path))
    assert built.returncode == 0, built.stdout + built.stderr

    listed = _run(["ctest", "-N"], str(build))
    assert "cdt.mathx.h::add" in listed.stdout and "cdt.mathx.h::scale" in listed.stdout
    assert "Total Tests: 2" in listed.stdout, listed.stdout

    passed = _run(["ctest", "--output-on-failure", "-L", "cdoctest"], str(build))
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "100% tests passed, 0 tests failed out of 2" in passed.stdout

    selected = _run(["ctest", "-R", "scale"], str(build))
    assert selected.returncode == 0 and "out of 1" in selected.stdout, selected.stdout

    # Break add in the library only (the header and its blocks are unchanged), rebuild.
    (src / "mathx.c").write_text(SOURCE.replace("a + b", "a - b"))
    rebuilt = _run(["cmake", "--build", str(build)], str(tmp_path))
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    junit = tmp_path / "ctest.xml"
    failed = _run(["ctest", "--output-on-failure", "--output-junit", str(junit)], str(build))
    assert failed.returncode != 0
    assert "50% tests passed, 1 tests failed out of 2" in failed.stdout, failed.stdout
    assert "cdt.mathx.h::add (Failed)" in failed.stdout
    assert "cdt.mathx.h::scale (Failed)" not in failed.stdout
    # The failing example, what it should print and what it printed.
    assert ">>> add(2, 3)" in failed.stdout
    assert "Expected:\n      5\n  Got:\n      -1\n" in failed.stdout, failed.stdout

    cases = {c.get("name"): c for c in ET.parse(junit).getroot().iter("testcase")}
    assert set(cases) == {"cdt.mathx.h::add", "cdt.mathx.h::scale"}
    assert cases["cdt.mathx.h::add"].get("status") == "fail"
    assert cases["cdt.mathx.h::scale"].get("status") == "run"


@pytest.mark.clang
def test_select_runs_one_listed_test_and_a_vanished_name_fails(tmp_path, capsys):
    _tools_or_skip()
    (tmp_path / "mathx.h").write_text(HEADER)
    (tmp_path / "mathx.c").write_text(SOURCE)
    header = str(tmp_path / "mathx.h")
    common = [header, "--root", str(tmp_path), "-DMATHX_SCALE=10"]
    assert cli.main(["--select", "mathx.h::scale", *common]) == 0
    assert capsys.readouterr().out.endswith("1 block: 1 passed, 0 failed (2 examples, 0 failed)\n")
    assert cli.main(["--select", "mathx.h::gone", *common]) == 1
    assert "no test named mathx.h::gone" in capsys.readouterr().err
