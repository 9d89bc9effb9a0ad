"""Warm reuse after a block that includes a header or defines a macro (``reuse.leaves_state``).

``%undo`` takes back an input's declarations but not the preprocessor's state: after a block's
``#include "extra.h"`` is undone, ``EXTRA_H`` stays defined, so the next block's ``#include`` of
it declares nothing and its names are missing (robin-map's witnesses including
``tsl/robin_set.h``, bench/data/realbugs/README.md). Such a block's session is not given to the
next block; one that includes a header the session had already included still is. The files
are written under ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.results import DocTestResult
from cdoctest_runner.reuse import changes_preprocessor, included_before, leaves_state
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

GEO_H = """\
#ifndef GEO_H
#define GEO_H
#include <string.h>
static inline int area(int w, int h) { return w * h; }
#endif
"""

EXTRA_H = """\
#ifndef EXTRA_H
#define EXTRA_H
static inline int perimeter(int w, int h) { return 2 * (w + h); }
#endif
"""


@pytest.fixture
def geo(tmp_path: Path) -> CodeUnderTest:
    (tmp_path / "geo.h").write_text(GEO_H)
    (tmp_path / "extra.h").write_text(EXTRA_H)
    return CodeUnderTest(path=str(tmp_path / "geo.h"), language="c", include_dirs=(str(tmp_path),))


def test_what_leaves_state(geo: CodeUnderTest) -> None:
    assert included_before(geo) >= {"<stdio.h>", "<string.h>"}  # the prelude's, the file's
    assert leaves_state(geo, ['#include "extra.h"\n', "perimeter(1, 2)\n"])
    assert leaves_state(geo, ["#include <math.h>\n"])  # new to the session
    assert not leaves_state(geo, ["#include <string.h>\n", 'strlen("ab")\n'])
    assert changes_preprocessor("#undef GEO_H") and changes_preprocessor("#pragma pack(1)")


@pytest.fixture(scope="module")
def runner():  # noqa: ANN201
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")
    with DocTestRunner(workers=1, warm=True) as r:
        yield r


def _run(runner: DocTestRunner, code: CodeUnderTest, *pairs: tuple[str, str]) -> DocTestResult:
    return runner.run(examples_doctest([Example(s, w) for s, w in pairs]), code)


@pytest.mark.clang
def test_two_blocks_including_a_second_header_both_pass(
    runner: DocTestRunner, geo: CodeUnderTest
) -> None:
    block = (('#include "extra.h"', ""), ("perimeter(2, 3) + area(2, 3)", "16\n"))
    first = _run(runner, geo, *block)
    second = _run(runner, geo, *block)
    for result in (first, second):
        assert [r.outcome.value for r in result.results] == ["passed"] * 2, result.results
    assert second.extra["warm_uses"] == 1  # a fresh session: the first one kept EXTRA_H


@pytest.mark.clang
def test_a_macro_of_one_block_is_not_seen_by_the_next(
    runner: DocTestRunner, geo: CodeUnderTest
) -> None:
    first = _run(runner, geo, ("#define SIDE 3", ""), ("area(SIDE, SIDE)", "9\n"))
    assert [r.outcome.value for r in first.results] == ["passed"] * 2, first.results
    second = _run(runner, geo, ("area(SIDE, 1)", "3\n"))
    assert [r.outcome.value for r in second.results] == ["compile_error"]  # as in a fresh session


@pytest.mark.clang
def test_including_a_header_the_session_has_keeps_it_warm(
    runner: DocTestRunner, geo: CodeUnderTest
) -> None:
    first = _run(runner, geo, ("#include <string.h>", ""), ('(int)strlen("abc")', "3\n"))
    second = _run(runner, geo, ("area(2, 2)", "4\n"))
    assert [r.outcome.value for r in first.results + second.results] == ["passed"] * 3
    assert second.extra["warm_uses"] == first.extra["warm_uses"] + 1
