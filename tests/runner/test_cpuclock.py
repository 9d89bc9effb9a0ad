"""A block's time limit is CPU time of the session, so a loaded machine gives the same outcomes.

The starved session is made deterministic: the interpreter and two busy loops share one CPU
(``sched_setaffinity``), so the session gets at most a third of it whatever else the machine
does. A block that computes for 1.2 s of CPU time (``clock()``, the process's own CPU clock)
then needs at least 3.6 s of wall time: over a 3 s wall-clock limit, within a 3 s CPU-time one.
"""

from __future__ import annotations

import doctest
import os
import subprocess

import pytest

from cdoctest_runner import cpuclock
from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.results import Outcome
from cdoctest_runner.runner import DocTestRunner, Limits, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

BUDGET_S = 3.0
SPIN = (
    "clock_t c0 = clock(); "
    "while (clock() - c0 < (clock_t)(1.2 * CLOCKS_PER_SEC)) {} "
    'printf("spun\\n");'
)
CODE = CodeUnderTest(text="#include <ctime>\nint twice(int x) { return 2 * x; }\n")


def test_clock_rules_by_hand() -> None:
    result = doctest.testmod(cpuclock)
    assert result.attempted >= 5 and result.failed == 0


def test_a_slow_process_is_not_starved_by_a_fresh_clock() -> None:
    c = cpuclock.BlockClock(deadline=103.0, wall_start=100.0, cpu_start=None)
    assert c.expired(now=103.0, cpu_now=None)  # no CPU reading: the wall deadline, as before
    assert "wall clock" in c.describe(103.0, None)


def test_process_tree_counts_a_busy_child() -> None:
    child = subprocess.Popen(["sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"])
    try:
        tree = cpuclock.ProcessTree(child.pid)
        first = tree.cpu_seconds()
        assert first is not None
        child.wait(timeout=120)
    finally:
        child.kill()
    assert cpuclock.ProcessTree(child.pid).cpu_seconds() is None  # gone: nothing to read


@pytest.fixture
def one_busy_cpu():
    """Pin this process (and so the interpreters it starts) and two busy loops to one CPU."""
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no CPU affinity on this platform")
    before = os.sched_getaffinity(0)
    cpu = min(before)
    hogs = [
        subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True)
        for _ in range(2)
    ]
    try:
        for h in hogs:
            os.sched_setaffinity(h.pid, {cpu})
        os.sched_setaffinity(0, {cpu})
        yield cpu
    finally:
        os.sched_setaffinity(0, before)
        for h in hogs:
            h.kill()
            h.wait()


@pytest.mark.clang
def test_starved_block_gets_its_cpu_time_and_loops_still_time_out(one_busy_cpu) -> None:
    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    blocks = {
        "spin": [Example(SPIN, "spun\n"), Example("twice(21)", "42\n")],
        "loop": [Example("while (1) {}", ""), Example("twice(1)", "2\n")],
        "sleep": [Example("#include <unistd.h>", ""), Example("sleep(30);", "")],
    }
    jobs = [(examples_doctest(ex, name=n), CODE) for n, ex in blocks.items()]
    limits = Limits(timeout_s=BUDGET_S, memory_mb=2048)
    with DocTestRunner(toolchain=toolchain, limits=limits, workers=1, warm=False) as runner:
        spin, loop, sleep = runner.run_many(jobs)
    # 1.2 s of CPU at a third of one CPU: over the 3 s as wall time, well within it as CPU time.
    assert [r.outcome for r in spin.results] == [Outcome.PASSED, Outcome.PASSED], spin.results
    assert spin.results[0].duration_s > BUDGET_S
    # An endless loop still ends: after 3 s of CPU time (at most 5x the budget of wall time).
    assert [r.outcome for r in loop.results] == [Outcome.TIMEOUT, Outcome.SKIPPED]
    assert "CPU time" in loop.results[0].message, loop.results[0].message
    # Code that waits instead of computing gets the wall-clock limit, as before.
    assert sleep.results[1].outcome is Outcome.TIMEOUT
    assert "waiting" in sleep.results[1].message, sleep.results[1].message
