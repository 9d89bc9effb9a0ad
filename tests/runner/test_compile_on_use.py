"""Sessions that compile only what a block calls behave as plain ones (``compile_on_use``).

Each test runs the same blocks in fresh sessions with ``DocTestRunner(compile_on_use=False)`` and
``True`` (real clang-repl-22) and compares every example's outcome and output; the mutants' test
compares whole mutation analyses. ``inline_functions`` itself is checked on texts (pure).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.flags import code_under_test
from cdoctest_runner.loadable import compiled_on_use, inline_functions, loadable
from cdoctest_runner.mutation.analysis import mutation_analysis
from cdoctest_runner.mutation.mutate import make_mutants
from cdoctest_runner.results import DocTestResult
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

ROOT = Path(__file__).resolve().parents[2]
CLIPPER = ROOT / "bench" / "data" / "realcode" / "clipper" / "clipper.cpp"

API_H = "#pragma once\nint counter();\nnamespace geo { int area(int w, int h); }\n"

SHAPES_CPP = """\
#include <string>
#include <vector>
#include "api.h"

int counter() { static int n = 0; return ++n; }
int twice(int x) { return 2 * x; }
double twice(double x) { return 2.0 * x; }
int (*pick())(int) { return &twice; }
static int hidden(int x) { return x + 100; }
namespace {
int secret() { return 7; }
}
int uses_hidden(int x) { return hidden(x) + secret(); }
int start_value() { return 40; }
int start = start_value() + 2;
namespace geo {
int perimeter(int w, int h) { return 2 * (w + h); }
}
int geo::area(int w, int h) { return w * h; }
struct Box { int w; int side() const; };
int Box::side() const { return w; }
template <class T> T biggest(const std::vector<T> &v) {
  T best = v[0];
  for (const T &x : v) best = x > best ? x : best;
  return best;
}
std::string label(const char *w) { return std::string("<") + w + ">"; }
int main() { return 0; }
"""

SHAPES_BLOCKS = [
    [Example("counter()", "1"), Example("counter()", "2"), Example("auto c = &counter;"),
     Example("c()", "3"), Example("counter()", "4")],
    [Example("twice(4)", "8"), Example("twice(1.5)", "3.0000000"), Example("pick() == &twice"),
     Example("pick()(5)", "10")],
    [Example("uses_hidden(1)", "108"), Example("start", "42"),
     Example("geo::perimeter(2, 3)", "10"), Example("geo::area(2, 3)", "7")],  # the last fails
    [Example("Box b{3};"), Example("b.side()", "3"), Example("biggest(std::vector<int>{3, 9, 2})"),
     Example('label("x")', '"<x>"'), Example("no_such(1)", "0")],  # the last: a compile error
]  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def _needs_clang_repl() -> None:
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no clang-repl: {exc}")


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _outcomes(result: DocTestResult) -> list[tuple[str, str]]:
    assert result.setup_error is None, result.setup_error
    return [(r.outcome.name, r.got) for r in result.results]


def _both(code: CodeUnderTest, blocks: list[list[Example]]) -> tuple[list, list, list[bool]]:
    """The blocks' outcomes in plain fresh sessions and in sessions compiling on use, and whether
    each of the latter did.
    """
    jobs = [(examples_doctest(b, f"b{i}"), code) for i, b in enumerate(blocks)]
    with (
        DocTestRunner(warm=False, reuse_compiled=True) as plain,
        DocTestRunner(warm=False, reuse_compiled=True, compile_on_use=True) as lazy,
    ):
        before = [_outcomes(r) for r in plain.run_many(jobs)]
        results = lazy.run_many(jobs)
    return before, [_outcomes(r) for r in results], [r.extra["compiled_on_use"] for r in results]


def test_inline_functions_makes_only_free_functions_inline() -> None:
    """Free functions (in namespaces, an anonymous one, ``extern "C"`` blocks) get ``inline``;
    members, ``main``, templates, ``constexpr``, ``static``, attributes, operators, functions
    returning function pointers and variables initialised with braces or lambdas do not.
    """
    text, names = inline_functions(SHAPES_CPP)
    assert names == ("counter", "twice", "twice", "secret", "uses_hidden", "start_value",
                     "perimeter", "label")  # fmt: skip
    assert "\nint (*pick())(int)" in text  # a declarator it does not read: left as it is
    assert "inline int counter() {" in text and "\nint main()" in text
    assert "\nint geo::area" in text and "\nint Box::side" in text
    assert text.count("\n") == SHAPES_CPP.count("\n")
    others = (
        'extern "C" { int c_api(int x) { return x; } }\n'
        "constexpr int k() { return 1; }\n"
        "__attribute__((constructor)) void at_load() { }\n"
        "bool operator<(Box a, Box b) { return a.w < b.w; }\n"
        "Box made(Box{1});\n"
        "auto f = [](int x) { return x; };\n"
        "int table[] = {1, 2};\n"
        "template <> int biggest(const std::vector<int> &v) { return v[0]; }\n"
    )
    assert inline_functions(others)[1] == ("c_api",)


def test_same_outcomes_as_plain_sessions(tmp_path: Path) -> None:
    """Static locals, function addresses, overloads, internal linkage made external, a function
    a file-scope initialiser calls, a header-declared function and members: the same outcomes,
    passing, failing and compile errors alike.
    """
    (tmp_path / "api.h").write_text(API_H)
    (tmp_path / "shapes.cpp").write_text(SHAPES_CPP)
    before, after, lazy = _both(code_under_test(str(tmp_path / "shapes.cpp")), SHAPES_BLOCKS)
    assert after == before
    assert lazy == [True] * len(SHAPES_BLOCKS)
    assert after[0] == [("PASSED", "1\n"), ("PASSED", "2\n"), ("PASSED", ""), ("PASSED", "3\n"),
                        ("PASSED", "4\n")]  # fmt: skip
    kinds = {o for block in after for o, _ in block}
    assert {"PASSED", "FAILED", "COMPILE_ERROR"} <= kinds


def test_real_file_same_outcomes() -> None:
    """clipper.cpp: ``Area`` is declared, called by ``Orientation`` and only then defined."""
    code = code_under_test(str(CLIPPER))
    assert compiled_on_use(loadable(code))[1]
    blocks = [
        [Example("ClipperLib::Path p{{0, 0}, {4, 0}, {4, 3}};"), Example("ClipperLib::Area(p)"),
         Example("ClipperLib::Orientation(p)", "true"), Example("ClipperLib::Area(p) > 6", "true")],
    ]  # fmt: skip
    before, after, lazy = _both(code, blocks)
    assert after == before
    assert lazy == [True]
    assert [o for o, _ in after[0]] == ["PASSED", "FAILED", "PASSED", "FAILED"]


def test_mutants_take_effect(tmp_path: Path) -> None:
    """The mutation analysis of a function and its callee: the same kills and survivors."""
    scaled = "int scaled(int x, int k) { return k > 1 ? twice(x) * k : x; }"
    source = SHAPES_CPP.replace("double twice", scaled + "\ndouble twice")
    (tmp_path / "api.h").write_text(API_H)
    path = tmp_path / "shapes.cpp"
    path.write_text(source)
    code = dataclasses.replace(code_under_test(str(path)), text=source)
    line = source[: source.index("int scaled")].count("\n") + 1
    target = Declaration("scaled", "scaled", "function", line, 1, line, 70)
    examples = [Example("scaled(3, 2)", "12"), Example("scaled(3, 1)", "3")]
    mutants = make_mutants(source, target, "c++", 16, path=str(path), callees=1)
    assert {m.function for m in mutants} == {"", "twice"}
    reports = []
    for lazy in (False, True):
        with DocTestRunner(warm=False, workers=2, compile_on_use=lazy) as runner:
            reports.append(mutation_analysis(examples, code, target, runner, mutants))
    plain, on_use = reports
    assert on_use.total == plain.total > 0
    assert on_use.killed_by == plain.killed_by and on_use.killed > 0
    assert any(m.function == "twice" for m in mutants if m.id in on_use.killed_by)
    assert [m.id for m in on_use.survivors] == [m.id for m in plain.survivors]


def test_code_that_loads_only_as_it_is_falls_back(tmp_path: Path) -> None:
    """An export macro that opens with ``extern "C"`` cannot follow ``inline``: the code loads as
    it is, and the runner remembers that for the file.
    """
    source = '#define API extern "C"\nAPI int twice(int x) { return 2 * x; }\n'
    path = tmp_path / "api.cpp"
    path.write_text(source)
    block = examples_doctest([Example("twice(21)", "42")])
    with DocTestRunner(warm=False, compile_on_use=True) as runner:
        results = [runner.run(block, code_under_test(str(path))) for _ in range(2)]
    assert [_outcomes(r) for r in results] == [[("PASSED", "42\n")]] * 2
    assert [r.extra["compiled_on_use"] for r in results] == [False, False]
    assert list(runner._lazy_loads.values()) == [False]


def test_off_without_compiled_code_reuse() -> None:
    """``reuse_compiled=False`` turns compiling on use off too (``CDOCTEST_REUSE_COMPILED=0``)."""
    assert not DocTestRunner(reuse_compiled=False, compile_on_use=True).compile_on_use
    assert not compiled_on_use(CodeUnderTest(text="int f(void) { return 1; }", language="c"))[1]
