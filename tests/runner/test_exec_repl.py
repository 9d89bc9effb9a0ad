"""ClangRepl, the process wrapper: per-input capture, typed failures, explicit lifetime."""

from __future__ import annotations

import os
import signal

import psutil
import pytest

from cdoctest_runner.errors import ReplCrashed, ReplTimeout, ToolchainNotFound
from cdoctest_runner.repl import ClangRepl
from cdoctest_runner.sandbox import Limits
from cdoctest_runner.toolchain import find_clang_repl

pytestmark = pytest.mark.clang


@pytest.fixture(scope="module")
def toolchain():
    try:
        return find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")


def test_outputs_and_diagnostics_are_captured_per_input(toolchain):
    with ClangRepl(toolchain, limits=Limits(timeout_s=20)) as repl:
        a = repl.execute('printf("one\\n"); fprintf(stderr, "err-one\\n"); 1 + 1')
        b = repl.execute("int unused = 3 == 3; 10 == 10")
        c = repl.execute("%help")  # cannot be mistaken for the runner's own delimiter
        d = repl.execute('puts("after");')
    assert (a.got, a.stderr, a.raw) == ("one\n2\n", "err-one\n", "one\n(int) 2\n")
    assert b.got == "true\n" and b.status == "ok"
    assert c.got.startswith("%help") and d.got == "after\n" and d.stderr == ""


def test_rollback_takes_back_a_blocks_inputs(toolchain):
    with ClangRepl(toolchain) as repl:
        repl.send("int base = 1;")
        repl.checkpoint()
        repl.execute("int x = 5;\n#define TWICE(v) (2 * (v))\nstruct P { int a; };")
        assert repl.rollback()
        again = repl.execute("int x = 6; struct P { double b; }; x + base")
        assert (again.got, again.status) == ("7\n", "ok")


def test_timeout_and_crash_are_typed_and_kill_the_process(toolchain):
    repl = ClangRepl(toolchain, limits=Limits(timeout_s=2))
    repl.start()
    pid = repl.pid
    with pytest.raises(ReplTimeout):
        repl.execute("while (1) {}")
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    assert repl.workdir is None  # the private directory is gone
    with ClangRepl(toolchain) as crashing:
        with pytest.raises(ReplCrashed) as info:
            crashing.execute("int *p = nullptr; *p = 3;")
    assert info.value.signo == signal.SIGSEGV and "SIGSEGV" in info.value.message


def test_context_manager_removes_the_private_directory(toolchain):
    with ClangRepl(toolchain) as repl:
        path = repl.workdir.path
        assert repl.execute('FILE *f = fopen("here.txt", "w"); f != nullptr').got == "true\n"
        assert os.path.exists(os.path.join(path, "here.txt"))
    assert not os.path.exists(path)
