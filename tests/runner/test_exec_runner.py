"""DocTestRunner against the real clang-repl: outcomes, display forms, code loading, warm reuse,
batches, cancellation and process clean-up. Blocks are built by hand (``examples_doctest``).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
import time

import pytest

from cdoctest_runner.errors import LibraryNotFound, ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.runner import DocTestRunner, Limits, RunCancelled, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl
from tests.runner.procs import leftovers, wait_no_leftovers

pytestmark = pytest.mark.clang

FAC = CodeUnderTest(
    text="#include <string>\n"
    "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }\n"
    'std::string greet(const std::string &who) { return "hello " + who; }\n'
    "double half(double x) { return x / 2; }\n"
    "enum Color { Red, Green, Blue };\n"
    "Color next(Color c) { return Color((c + 1) % 3); }\n",
    key="fac",
)
COUNTER = CodeUnderTest(
    text="int counter = 0;\nint next_id() { return ++counter; }\n", key="counter"
)


def block(*pairs: tuple[str, str], name: str = "t"):
    return examples_doctest([Example(s, w) for s, w in pairs], name=name)


def outcomes(result) -> list[str]:
    return [r.outcome.value for r in result.results]


@pytest.fixture(scope="module")
def toolchain():
    try:
        return find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")


@pytest.fixture(scope="module")
def runner(toolchain):
    before = frozenset(leftovers())  # idle warm sessions of other modules' runners in this process
    with DocTestRunner(toolchain=toolchain, limits=Limits(timeout_s=20)) as r:
        yield r
    assert wait_no_leftovers(before) == []


def test_examples_pass_in_display_form(runner):
    t = block(
        ("fac(5)", "120"),
        ("fac(3) == 6", "true"),
        ("'a'", "'a'"),
        ('"hi"', '"hi"'),
        ('const char *p = "abc"; p', '"abc"'),
        ('greet("bob")', '"hello bob"'),
        ('std::string s = greet("amy"); s', '"hello amy"'),
        ("s.size()", "9"),
        ("half(5)", "2.5"),
        ("half(4)", "2.0"),
        ("2.5f", "2.5"),
        ("next(Red)", "Green"),
        ("int arr[3] = {1, 2, 3}; arr", "{ 1, 2, 3 }"),
        ('printf("%d\\n", fac(4));', "24"),
        ('printf("x\\n"); fac(2)', "x\n2"),
        ("std::cout << fac(3) << std::endl;", "6"),
        ("%<< fac(6);", "720"),
        ("-fac(2)", "-2"),
        ("int y = 2;\ny * 21", "42"),  # a continued example: lines joined
        ("nullptr", "nullptr"),
        ('void shout() { puts("HEY"); }', ""),
        ("shout()", "HEY"),  # a bare void call runs (plain clang-repl 22 skips it)
        ("#define SQ(x) \\\n  ((x) * (x))", ""),  # a continued macro is one input
        ("SQ(4)", "16"),
        ('printf("no newline"); 7', "no newline7"),  # unflushed C output is not held back
    )
    result = runner.run(t, FAC)
    assert [
        (r.example.source, r.outcome.value, r.got) for r in result.results if not r.passed
    ] == []
    assert result.passed and result.setup_error is None
    assert result.sandbox is not None and result.sandbox.method == "bwrap"


def test_wrong_expectation_fails_with_expected_and_actual(runner):
    result = runner.run(block(("fac(3)", "7"), ("fac(1)", "1")), FAC)
    first = result.results[0]
    assert outcomes(result) == ["failed", "passed"]
    assert (first.example.want, first.got) == ("7\n", "6\n")
    assert "7" in first.message and "6" in first.message
    assert not result.passed and result.failed == 1


def test_compile_error_is_reported_with_the_users_code(runner):
    result = runner.run(block(("nosuch(1)", ""), ("fac(2)", "2")), FAC)
    err = result.results[0]
    assert outcomes(result) == ["compile_error", "passed"]
    assert "use of undeclared identifier 'nosuch'" in err.stderr
    assert "__cdt" not in err.stderr and "nosuch(1)" in err.stderr
    assert "error" in err.message


def test_code_that_does_not_compile_is_a_setup_error(runner):
    broken = CodeUnderTest(text="int f( { return 1; }\n")
    result = runner.run(block(("f()", "1"), ("f()", "1")), broken)
    assert outcomes(result) == ["error", "error"]
    assert result.setup_error is not None and "error" in result.setup_error


def test_recorded_got_used_as_want_passes(runner):
    sources = [
        "fac(4)",
        'greet("x")',
        "half(1)",
        "next(Blue)",
        "'z'",
        'printf("a\\nb\\n");',
        "fac(3) > 2",
    ]
    recorded = runner.run(block(*[(s, "") for s in sources]), FAC)
    again = runner.run(block(*[(r.example.source, r.got) for r in recorded.results]), FAC)
    assert [r.got for r in recorded.results] == [
        "24\n",
        '"hello x"\n',
        "0.5\n",
        "Red\n",
        "'z'\n",
        "a\nb\n",
        "true\n",
    ]
    assert again.passed


def test_raw_clang_repl_form_is_accepted_too(runner):
    assert runner.run(block(("fac(5)", "(int) 120")), FAC).passed


def test_c_code_runs_in_c_mode(runner):
    code = CodeUnderTest(
        text="#include <string.h>\nint twice(int x) { return 2 * x; }\n", language="c"
    )
    result = runner.run(
        block(
            ("twice(21)", "42"),
            ("'a'", "97"),
            ('strlen("abc")', "3"),
            ('printf("%d\\n", twice(2));', "4"),
        ),
        code,
    )
    assert result.passed, [(r.outcome, r.got, r.stderr) for r in result.results]


def test_path_header_and_shared_library(runner, tmp_path):
    src = tmp_path / "sq.cpp"
    src.write_text('#include "sq.h"\nint sq(int x) { return x * x; }\n')
    (tmp_path / "sq.h").write_text("int sq(int x);\n")
    assert runner.run(block(("sq(9)", "81")), CodeUnderTest(path=str(src))).passed
    if shutil.which("g++") is None:
        pytest.skip("g++ is needed to build the shared library")
    lib = tmp_path / "libsq.so"
    subprocess.run(["g++", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True, cwd=tmp_path)
    code = CodeUnderTest(headers=(str(tmp_path / "sq.h"),), libraries=(str(lib),))
    assert runner.run(block(("sq(7)", "49")), code).passed
    with pytest.raises(LibraryNotFound):
        runner.run(
            block(("sq(7)", "49")),
            CodeUnderTest(headers=(str(tmp_path / "sq.h"),), libraries=("/nope/libx.so",)),
        )


def test_text_with_a_path_resolves_relative_includes(runner, tmp_path):
    (tmp_path / "k.h").write_text("#define K 11\n")
    code = CodeUnderTest(
        path=str(tmp_path / "unsaved.cpp"), text='#include "k.h"\nint k() { return K; }\n'
    )
    assert runner.run(block(("k()", "11")), code).passed


def test_warm_session_is_reused_and_isolated(toolchain):
    with DocTestRunner(toolchain=toolchain, workers=1) as r:
        first = r.run(block(("int x = 1; struct T { int v; };", ""), ("x", "1")), FAC)
        second = r.run(
            block(("int x = 2; struct T { double w; };", ""), ("x", "2"), ("fac(3)", "6")), FAC
        )
        assert first.passed and second.passed, [(e.outcome, e.stderr) for e in second.results]
        assert (first.extra["warm_uses"], second.extra["warm_uses"]) == (1, 2)
        # A block that ended badly never hands its session on.
        bad = r.run(block(("int *p = nullptr; *p = 1;", "")), FAC)
        after = r.run(block(("fac(4)", "24")), FAC)
        assert outcomes(bad) == ["crash"] and after.passed and after.extra["warm_uses"] == 1


def test_code_with_mutable_state_gets_a_fresh_session_per_block(runner):
    results = runner.run_many([(block(("next_id()", "1"), ("next_id()", "2")), COUNTER)] * 3)
    assert [outcomes(r) for r in results] == [["passed", "passed"]] * 3


def test_a_jit_link_error_is_a_compile_error_and_the_session_is_replaced(runner):
    code = CodeUnderTest(
        text=(
            "#include <vector>\n"
            "int sum(std::vector<int> v) { int s = 0; for (int x : v) s += x; return s; }\n"
        )
    )
    bad = runner.run(block(("sum({1, 2, 3})", "6")), code)
    good = runner.run(block(("std::vector<int> w{4, 5}; w.size()", "2")), code)
    assert outcomes(bad) == ["compile_error"] and "Symbols not found" in bad.results[0].stderr
    assert good.passed and good.extra["warm_uses"] == 1


def test_run_many_keeps_job_order_with_two_workers(toolchain):
    other = CodeUnderTest(text="int add(int a, int b) { return a + b; }\n")
    jobs = []
    for i in range(10):
        if i % 2:
            jobs.append((block((f"add({i}, 1)", str(i + 1 if i % 3 else 0)), name=f"j{i}"), other))
        else:
            jobs.append((block((f"fac({i % 5})", str([1, 1, 2, 6, 24][i % 5])), name=f"j{i}"), FAC))
    before = frozenset(leftovers())
    with DocTestRunner(toolchain=toolchain, workers=2) as r:
        results = r.run_many(jobs)
    assert [res.test.name for res in results] == [f"j{i}" for i in range(10)]
    assert [res.passed for res in results] == [not (i % 2 and i % 3 == 0) for i in range(10)]
    assert wait_no_leftovers(before) == []


def test_run_many_async(runner):
    async def main():
        return await runner.run_many_async(
            [(block(("fac(2)", "2")), FAC), (block(("fac(3)", "5")), FAC)]
        )

    results = asyncio.run(main())
    assert [r.passed for r in results] == [True, False]


def test_cancel_kills_promptly_and_leaves_nothing(toolchain):
    cancel = threading.Event()
    before = frozenset(leftovers())
    with DocTestRunner(toolchain=toolchain, limits=Limits(timeout_s=60), workers=2) as r:
        jobs = [(block(("while (1) {}", "")), FAC), (block(("while (1) {}", "")), FAC)]
        timer = threading.Timer(2.0, cancel.set)
        timer.start()
        t0 = time.monotonic()
        with pytest.raises(RunCancelled):
            r.run_many(jobs, cancel=cancel)
        elapsed = time.monotonic() - t0
        timer.cancel()
    assert elapsed < 30, elapsed  # well before the 60 s timeout (a loaded machine included)
    assert wait_no_leftovers(before) == []


def test_empty_block_runs_nothing(runner):
    result = runner.run(examples_doctest([]), FAC)
    assert (result.attempted, result.passed) == (0, False)


@pytest.mark.parametrize("method", ["unshare", "rlimits"])
def test_fallback_confinement_runs_and_reports_honestly(toolchain, method):
    from cdoctest_runner.sandbox import detect_method

    sandbox = detect_method(method)
    if sandbox.method != method:
        pytest.skip(f"{method} is not available here")
    with DocTestRunner(toolchain=toolchain, sandbox=sandbox) as r:
        uid = [("#include <unistd.h>", ""), ("getuid()", "65534")] if os.geteuid() == 0 else []
        result = r.run(block(("fac(5)", "120"), *uid), FAC)  # root drops to nobody outside bwrap
    assert result.passed, [(x.got, x.stderr) for x in result.results]
    report = result.sandbox
    assert report is not None and report.method == method
    assert report.network_isolated is (method == "unshare")
    assert report.filesystem_readonly is False


def test_a_failing_job_stops_the_batch_without_touching_the_callers_event(toolchain, tmp_path):
    (tmp_path / "x.h").write_text("int x();\n")
    bad = CodeUnderTest(headers=(str(tmp_path / "x.h"),), libraries=(str(tmp_path / "libx.so"),))
    caller = threading.Event()
    with DocTestRunner(toolchain=toolchain, workers=2) as r:
        with pytest.raises(LibraryNotFound):
            r.run_many([(block(("fac(1)", "1")), FAC), (block(("x()", "1")), bad)], cancel=caller)
    assert not caller.is_set()


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid-65534 mode exists only for root")
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_root_without_a_pids_cgroup_runs_code_the_sandbox_user_cannot_reach(toolchain, tmp_path):
    """Root with bwrap but no pids cgroup runs bwrap as uid 65534 (so RLIMIT_NPROC holds).

    Code in a private (0700) directory, as pytest's and mkdtemp's are, cannot be bound by that user:
    the runner loads a copy of its text instead of failing with bwrap's 'Can't find source path'.
    """
    from cdoctest_runner.sandbox import Sandbox, reachable_by

    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    src = private / "twice.c"
    src.write_text("int twice(int x) { return 2 * x; }\n")
    assert not reachable_by(str(src))
    sandbox = Sandbox("bwrap", None)
    assert sandbox.drop_to_nobody
    code = CodeUnderTest(path=str(src), language="c", key="twice-private")
    with DocTestRunner(toolchain=toolchain, sandbox=sandbox) as r:
        result = r.run(
            block(("twice(21)", "42"), ("#include <unistd.h>", ""), ("getuid()", "65534")), code
        )
    assert result.passed, (result.setup_error, [(x.got, x.stderr) for x in result.results])
