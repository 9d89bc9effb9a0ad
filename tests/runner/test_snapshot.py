"""A warm session of C code with file-scope state behaves as a fresh one (``snapshot``).

Each test runs the same blocks on a runner that reuses sessions (``warm=True``) and on one that
starts a fresh session for every block (``warm=False``), with real clang-repl-22, and compares
every example's outcome and output; ``extra["warm_uses"]`` shows whether a session was reused.
Files are written under ``tmp_path``; the real file is ``bench/data/realbugs/cwalk/cwalk.c``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import Example
from cdoctest_runner.flags import code_under_test
from cdoctest_runner.loadable import loadable
from cdoctest_runner.results import DocTestResult
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.snapshot import state_variables
from cdoctest_runner.toolchain import find_clang_repl

CWALK = Path(__file__).resolve().parents[2] / "bench" / "data" / "realbugs" / "cwalk" / "cwalk.c"

COUNTERS_C = """\
#include <stdio.h>

static int next = 1;
int history[4];
struct config { int step; const char *name; } cfg = { 1, "one" };
static const int LIMIT = 3;

int take(void) { history[next % 4] = next; next += cfg.step; return next - cfg.step; }
void configure(int step) { cfg.step = step; cfg.name = "custom"; }
int seen(int i) { return history[i]; }
"""

COUNTER_BLOCKS = [
    [Example("take()", "1"), Example("take()", "2"), Example("seen(1)", "1")],
    [Example("configure(5);"), Example("take()", "1"), Example("take()", "1")],  # fails: 6
    [Example("take()", "1"), Example('printf("%s %d\\n", cfg.name, seen(2));', "one 0"),
     Example("undeclared_thing", "0")],  # compile error
    [Example("take()", "1"), Example("history[1]", "1"), Example("cfg.step", "1")],
]  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def _needs_clang() -> None:
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


def _outcomes(result: DocTestResult) -> list[tuple[str, str]]:
    assert result.setup_error is None, result.setup_error
    return [(r.outcome.name, r.got) for r in result.results]


def _warm_and_fresh(path: str, blocks: list[list[Example]]) -> tuple[list, list, list[int]]:
    code = code_under_test(path)
    tests = [examples_doctest(b, f"b{i}") for i, b in enumerate(blocks)]
    with DocTestRunner(warm=False) as fresh:
        expected = [_outcomes(fresh.run(t, code)) for t in tests]
    with DocTestRunner(warm=True) as warm:
        results = [warm.run(t, code) for t in tests]
    return expected, [_outcomes(r) for r in results], [r.extra["warm_uses"] for r in results]


def _write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text)
    return str(tmp_path / name)


def test_file_scope_state_is_restored(tmp_path: Path) -> None:
    """A counter, an array and a struct: each block sees them as loaded, in one session."""
    path = _write(tmp_path, "counters.c", COUNTERS_C)
    expected, got, uses = _warm_and_fresh(path, COUNTER_BLOCKS)
    assert got == expected
    assert uses == [1, 2, 3, 4]
    assert expected[1][2] == ("FAILED", "6\n") and expected[2][2][0] == "COMPILE_ERROR"
    assert state_variables(loadable(code_under_test(path))) == ("next", "history", "cfg")


def test_real_file_state_is_restored() -> None:
    """cwalk.c: the path style a block sets is the default again for the next block."""
    block = [Example("cwk_path_get_style()", "CWK_STYLE_UNIX"),
             Example("cwk_path_set_style(CWK_STYLE_WINDOWS);"),
             Example('cwk_path_is_absolute("C:\\\\x")', "true")]  # fmt: skip
    expected, got, uses = _warm_and_fresh(str(CWALK), [block, block, block])
    assert got == expected
    assert expected[0] == [("PASSED", "CWK_STYLE_UNIX\n"), ("PASSED", ""), ("PASSED", "true\n")]
    assert uses == [1, 2, 3]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("local.c", "int next_id(void) { static int n; return ++n; }\n"),
        ("dice.c", "#include <stdlib.h>\nint seed = 1;\nint roll(void) { return rand() % 6; }\n"),
        ("ids.cpp", "int n = 0;\nint next_id() { return ++n; }\n"),
    ],
)
def test_other_state_gets_fresh_sessions(tmp_path: Path, name: str, text: str) -> None:
    """A function-local ``static``, process-wide state, or C++: no snapshot, no reuse."""
    path = _write(tmp_path, name, text)
    call = "next_id()" if "next_id" in text else "roll() >= 0"
    expected, got, uses = _warm_and_fresh(path, [[Example(call)]] * 2)
    assert got == expected
    assert uses == [1, 1]
    assert state_variables(loadable(code_under_test(path))) is None
