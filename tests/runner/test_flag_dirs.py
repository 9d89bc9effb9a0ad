"""Directories named by a code's own flags (``-I``, ``-isystem``, ``-include``) are visible in the
sandbox, also under ``/tmp``, which the sandbox replaces by a private one (a fresh clone or a
project under ``/tmp`` failed with "'ilist.h' file not found" before).
"""

from __future__ import annotations

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl


@pytest.fixture(scope="module")
def runner():
    try:
        find_clang_repl()
    except ToolchainNotFound:
        pytest.skip("clang-repl not installed")
    r = DocTestRunner(workers=1)
    yield r
    r.close()


@pytest.mark.clang
def test_headers_named_by_flags_are_found_under_tmp(tmp_path, runner) -> None:
    assert str(tmp_path).startswith("/tmp/")
    (tmp_path / "include").mkdir()
    (tmp_path / "sys").mkdir()
    (tmp_path / "include" / "twice.h").write_text("int twice(int x);\n")
    (tmp_path / "sys" / "base.h").write_text("#define BASE 40\n")
    (tmp_path / "stub.h").write_text("#define STUB 2\n")
    src = tmp_path / "src" / "twice.c"
    src.parent.mkdir()
    src.write_text('#include "twice.h"\n#include <base.h>\nint twice(int x) { return 2 * x; }\n')
    flags = (
        f"-I{tmp_path / 'include'}",
        "-isystem",
        str(tmp_path / "sys"),
        "-include",
        str(tmp_path / "stub.h"),
    )
    code = CodeUnderTest(path=str(src), language="c", flags=flags)
    test = examples_doctest([Example("twice(BASE + STUB)", "84")])
    result = runner.run(test, code)
    assert result.setup_error is None, result.setup_error
    assert [r.outcome.value for r in result.results] == ["passed"], result.to_dict()
