"""Sessions started from a precompiled header behave as plain ones (``precompiled``).

Each test runs the same blocks with ``DocTestRunner(reuse_compiled=False)`` and with ``True``
(real clang-repl-22, real clang) and compares every example's outcome and output. Files are
written under ``tmp_path``; the PCH cache is ``tmp_path/cache`` (``XDG_CACHE_HOME``). The real file
is ``bench/data/realcode/clipper/clipper.cpp``.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from cdoctest_runner import precompiled
from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.flags import code_under_test
from cdoctest_runner.mutation.analysis import mutation_analysis
from cdoctest_runner.precompiled import PrecompileError, compiler_for, precompile, prefix_includes
from cdoctest_runner.results import DocTestResult, Outcome
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

ROOT = Path(__file__).resolve().parents[2]
CLIPPER = ROOT / "bench" / "data" / "realcode" / "clipper" / "clipper.cpp"

STATS_CPP = """\
#include <map>
#include <string>
#include <vector>
#include "limits.hpp"

namespace {
int calls = 0;
}
static std::map<std::string, int> seen;

int count_word(const std::string &w) { ++calls; return ++seen[w]; }
int total_calls() { return calls; }
int clamp_sum(const std::vector<int> &v) {
  int s = 0;
  for (int x : v) s += x;
  return s > LIMIT ? LIMIT : s;
}
"""

STATS_BLOCKS = [
    [Example("count_word(\"a\")", "1"), Example("count_word(\"a\")", "2"),
     Example("total_calls()", "2")],
    [Example("count_word(\"a\")", "1"), Example("total_calls()", "7")],  # fails: 1
    [Example("std::vector<int> v{40, 50};"), Example("clamp_sum(v)", "90"),
     Example("no_such_function(1)", "0")],  # fails (LIMIT is 64), compile error
]  # fmt: skip

STATE_C = """\
#include <stdio.h>
#include <string.h>

static int counter = 5;
static int bump(int by) { counter += by; return counter; }
int bumped(const char *s) { return bump((int)strlen(s)); }
"""

STATE_BLOCKS = [
    [Example('bumped("abc")', "8"), Example('bumped("")', "8"), Example("counter", "8")],
    [Example('bumped("x")', "7"), Example('printf("%d\\n", bump(0));', "6")],  # fails (6), passes
]


@pytest.fixture(scope="module", autouse=True)
def _needs_clang() -> None:
    try:
        compiler_for(find_clang_repl().path)
    except (ToolchainNotFound, PrecompileError) as exc:
        pytest.skip(f"no usable clang-repl and clang: {exc}")


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _outcomes(result: DocTestResult) -> list[tuple[str, str]]:
    assert result.setup_error is None, result.setup_error
    return [(r.outcome.name, r.got) for r in result.results]


def _both(code: CodeUnderTest, blocks: list[list[Example]]) -> tuple[list, list, list[bool]]:
    """The blocks' outcomes without and with a precompiled header, and whether each used one."""
    jobs = [(examples_doctest(b, f"b{i}"), code) for i, b in enumerate(blocks)]
    with DocTestRunner(reuse_compiled=False) as plain, DocTestRunner(reuse_compiled=True) as pch:
        before = [_outcomes(r) for r in plain.run_many(jobs)]
        results = pch.run_many(jobs)
    return before, [_outcomes(r) for r in results], [r.extra["precompiled"] for r in results]


def _write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text)
    return str(tmp_path / name)


def test_cpp_with_statics_same_outcomes(tmp_path: Path) -> None:
    """STL headers and a project header precompiled; statics and an anonymous namespace kept
    per session; passing, failing and compile-error examples alike.
    """
    _write(tmp_path, "limits.hpp", "#pragma once\nconstexpr int LIMIT = 64;\n")
    code = code_under_test(_write(tmp_path, "stats.cpp", STATS_CPP))
    before, after, used = _both(code, STATS_BLOCKS)
    assert after == before
    assert all(used)
    kinds = {o for block in after for o, _ in block}
    assert {"PASSED", "FAILED", "COMPILE_ERROR"} <= kinds


def test_c_file_same_outcomes(tmp_path: Path) -> None:
    """A C file with file-scope ``static`` state (made external by ``loadable``)."""
    code = code_under_test(_write(tmp_path, "state.c", STATE_C))
    before, after, used = _both(code, STATE_BLOCKS)
    assert after == before
    assert all(used)
    assert after[0][0] == ("PASSED", "8\n")
    assert after[1] == [("FAILED", "6\n"), ("PASSED", "6\n")]


def test_real_file_same_outcomes() -> None:
    """clipper.cpp (C++, ``<vector>``, ``<cmath>``, ``<ostream>``...)."""
    code = code_under_test(str(CLIPPER))
    blocks = [
        [Example("ClipperLib::IntPoint p(3, 4);"), Example("p.X + p.Y", "7"),
         Example("p == ClipperLib::IntPoint(3, 4)", "true"), Example("p.X", "4")],
    ]  # fmt: skip
    before, after, used = _both(code, blocks)
    assert after == before
    assert used == [True]
    assert [o for o, _ in after[0]] == ["PASSED", "PASSED", "PASSED", "FAILED"]


def test_changed_header_and_file_are_not_served_stale(tmp_path: Path) -> None:
    """The PCH holds ``limits.hpp``: editing it (or the file) shows in the next session."""
    header = _write(tmp_path, "limits.hpp", "#pragma once\nconstexpr int LIMIT = 64;\n")
    path = _write(tmp_path, "stats.cpp", STATS_CPP)
    block = examples_doctest([Example("std::vector<int> v{40, 50};"), Example("clamp_sum(v)")])
    with DocTestRunner(reuse_compiled=True, warm=False) as runner:
        first = runner.run(block, code_under_test(path))
        Path(header).write_text("#pragma once\nconstexpr int LIMIT = 80;\n")
        second = runner.run(block, code_under_test(path))
        Path(path).write_text(STATS_CPP.replace("s > LIMIT", "s >= 0"))
        third = runner.run(block, code_under_test(path))
    assert [r.extra["precompiled"] for r in (first, second, third)] == [True] * 3
    assert [r.results[1].got for r in (first, second, third)] == ["64\n", "80\n", "80\n"]


def test_mutants_take_effect(tmp_path: Path) -> None:
    """Mutants (whole mutated texts) over the same precompiled headers: the same kills."""
    _write(tmp_path, "limits.hpp", "#pragma once\nconstexpr int LIMIT = 64;\n")
    code = code_under_test(_write(tmp_path, "stats.cpp", STATS_CPP))
    code = dataclasses.replace(code, text=STATS_CPP)
    target = Declaration("clamp_sum", "clamp_sum", "function", 13, 1, 17, 2)
    examples = [Example("std::vector<int> v{40, 50};"), Example("clamp_sum(v)", "64"),
                Example("std::vector<int> w{1, 2};"), Example("clamp_sum(w)", "3")]  # fmt: skip
    reports = []
    for reuse in (False, True):
        with DocTestRunner(reuse_compiled=reuse, warm=False, workers=2) as runner:
            reports.append(mutation_analysis(examples, code, target, runner, limit=8))
    plain, pch = reports
    assert pch.total == plain.total > 0
    assert pch.killed_by == plain.killed_by and pch.killed > 0
    assert [m.id for m in pch.survivors] == [m.id for m in plain.survivors]


def test_header_without_guard_falls_back(tmp_path: Path) -> None:
    """A leading header without include guards would be defined twice over the PCH: the runner
    sees that the code loads only without it and starts plain sessions for it from then on.
    """
    _write(tmp_path, "point.h", "struct Point { int x, y; };\n")
    source = '#include "point.h"\nint l1(Point p) { return p.x + p.y; }\n'
    path = _write(tmp_path, "norm.cpp", source)
    block = examples_doctest([Example("l1(Point{1, 2})", "3")])
    with DocTestRunner(reuse_compiled=True, warm=False) as runner:
        results = [runner.run(block, code_under_test(path)) for _ in range(2)]
    assert [r.results[0].outcome for r in results] == [Outcome.PASSED] * 2
    assert [r.extra["precompiled"] for r in results] == [False, False]


def test_prefix_includes_of_a_c_file() -> None:
    """The leading includes, comments and blank lines skipped; the first declaration ends it."""
    text = '/* c */\n#include <stdio.h>\n\n#include "cwalk.h" // ours\nint x;\n#include <m.h>\n'
    assert prefix_includes(text) == '#include <stdio.h>\n#include "cwalk.h"\n'
    assert os.path.basename(str(CLIPPER)) in prefix_includes(f'#include "{CLIPPER}"\n')


def test_cache_keeps_the_most_recently_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building a new header drops the least recently used ones beyond ``MAX_ENTRIES``; a header
    that does not compile is a ``PrecompileError`` naming the error.
    """
    monkeypatch.setattr(precompiled, "MAX_ENTRIES", 2)
    toolchain = find_clang_repl()
    built = [
        precompile(toolchain, "c", ("-xc",), f"#include <stdio.h>\n#define V{i} 1\n", str(tmp_path))
        for i in range(3)
    ]
    assert [os.path.exists(p) for p in built] == [False, True, True]
    with pytest.raises(PrecompileError, match="no_such_header"):
        precompile(toolchain, "c", ("-xc",), "#include <no_such_header.h>\n", str(tmp_path))
