"""Hostile code is contained by the sandbox, with the right outcome, and leaves no process behind.

All blocks run in one ``run_many`` batch (2 workers) so the corpus costs a few seconds; each test
then checks one block's result. Sizes are chosen so a *broken* sandbox could not hurt this machine
(24 GiB): the memory case touches 3 GiB, the fork bomb is capped by the sandbox, not by luck.
"""

from __future__ import annotations

import os
import socket
import time

import pytest

from cdoctest_runner.cpuclock import BACKSTOP
from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.results import Outcome
from cdoctest_runner.runner import DocTestRunner, Limits, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl
from tests.runner.procs import leftovers, wait_no_leftovers

pytestmark = pytest.mark.clang

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = CodeUnderTest(text="int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }\n")
LIMITS = Limits(timeout_s=6, memory_mb=1024, max_procs=32, max_output_bytes=1_000_000)
OUTSIDE = [f"/root/cdt-hostile-{os.getpid()}", os.path.join(REPO, f"cdt-hostile-{os.getpid()}")]


def corpus(port: int) -> dict[str, list[tuple[str, str]]]:
    connect = (
        "int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET; "
        f'a.sin_port = htons({port}); a.sin_addr.s_addr = inet_addr("127.0.0.1"); '
        "connect(s, (sockaddr *)&a, sizeof a)"
    )
    return {
        "loop": [("while (1) {}", ""), ("fac(3)", "6")],
        "fork_bomb": [("#include <unistd.h>", ""), ("while (1) fork();", "")],
        "fork_cap": [
            ("#include <unistd.h>", ""),
            (
                "int ok = 0; for (int i = 0; i < 200; i++) { pid_t p = fork(); "
                "if (p == 0) { sleep(30); _exit(0); } if (p > 0) ok++; } ok",
                "",
            ),
        ],  # fmt: skip
        "memory_malloc": [
            ("#include <cstring>", ""),
            (
                "size_t n = 3UL << 30; char *m = (char *)malloc(n); m ? (memset(m, 1, n), 1) : 0",
                "0",
            ),
        ],
        "memory_new": [
            ("#include <vector>", ""),
            ("std::vector<char> v(3UL << 30, 1); v.size()", ""),
        ],
        "write_outside": [(f'fopen("{p}", "w") == nullptr', "true") for p in OUTSIDE]
        + [('FILE *f = fopen("inside.txt", "w"); f != nullptr', "true")],
        "network": [
            ("#include <sys/socket.h>", ""),
            ("#include <netinet/in.h>", ""),
            ("#include <arpa/inet.h>", ""),
            (connect, "-1"),
        ],  # fmt: skip
        "segfault": [("int *p = nullptr; *p = 1;", ""), ("fac(3)", "6")],
        "abort": [("abort();", ""), ("fac(3)", "6")],
        "print_100mb": [
            ("#include <cstring>", ""),
            ("static char buf[1 << 20]; memset(buf, 'x', sizeof buf);", ""),
            ("for (int i = 0; i < 100; i++) fwrite(buf, 1, sizeof buf, stdout);", ""),
        ],
        "big_file": [
            ("#include <cstring>", ""),
            ('static char blk[1 << 20]; FILE *f = fopen("big.bin", "w"); f != nullptr', "true"),
            ("for (int i = 0; i < 64; i++) fwrite(blk, 1, sizeof blk, f); fclose(f);", ""),
        ],
        "stdin": [
            ("getchar()", "-1"),
            ('int v = 3; scanf("%d", &v); v', "3"),
            ("char line[8]; fgets(line, 8, stdin) == nullptr", "true"),
            ("int w = 5; std::cin >> w; w", "5"),
        ],  # fmt: skip
    }


@pytest.fixture(scope="module")
def hostile():
    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    blocks = corpus(listener.getsockname()[1])
    names = list(blocks)
    jobs = [(examples_doctest([Example(s, w) for s, w in blocks[n]], name=n), CODE) for n in names]
    before = frozenset(leftovers())  # idle warm sessions of other modules' runners in this process
    t0 = time.monotonic()
    with DocTestRunner(toolchain=toolchain, limits=LIMITS, workers=2) as runner:
        results = runner.run_many(jobs)
    elapsed = time.monotonic() - t0
    try:
        listener.accept()
        accepted = True
    except BlockingIOError:
        accepted = False
    listener.close()
    yield {
        "results": dict(zip(names, results, strict=True)),
        "elapsed": elapsed,
        "accepted": accepted,
        "before": before,
    }
    for p in OUTSIDE:
        if os.path.exists(p):
            os.unlink(p)


def outcomes(result) -> list[Outcome]:
    return [r.outcome for r in result.results]


def test_infinite_loop_times_out_and_later_examples_are_skipped(hostile):
    r = hostile["results"]["loop"]
    assert outcomes(r) == [Outcome.TIMEOUT, Outcome.SKIPPED]
    # The limit is CPU time; wall time only backstops it (cdoctest_runner.cpuclock), so a loop
    # starved by the fork bomb beside it may take longer than its budget, never past the backstop.
    assert r.duration_s < BACKSTOP * LIMITS.timeout_s + 30


def test_fork_bomb_is_contained(hostile):
    assert outcomes(hostile["results"]["fork_bomb"]) == [Outcome.PASSED, Outcome.TIMEOUT]


def test_process_cap_holds(hostile):
    r = hostile["results"]["fork_cap"].results[1]
    assert r.outcome is Outcome.FAILED, (
        r.outcome,
        r.message,
        r.got,
        r.stderr[-500:],
    )  # value = forks
    assert 0 < int(r.got) < LIMITS.max_procs


def test_memory_beyond_the_limit_fails_to_allocate(hostile):
    assert outcomes(hostile["results"]["memory_malloc"]) == [Outcome.PASSED, Outcome.PASSED]
    crash = hostile["results"]["memory_new"].results[1]
    assert crash.outcome is Outcome.CRASH and "bad_alloc" in crash.message


def test_writing_outside_the_private_directory_fails(hostile):
    r = hostile["results"]["write_outside"]
    assert all(x.passed for x in r.results), [(x.got, x.stderr) for x in r.results]
    assert not any(os.path.exists(p) for p in OUTSIDE)


def test_network_is_unreachable(hostile):
    r = hostile["results"]["network"]
    assert r.sandbox is not None and r.sandbox.network_isolated
    assert outcomes(r) == [Outcome.PASSED] * 4, [(x.got, x.stderr) for x in r.results]
    assert not hostile["accepted"]


def test_segfault_and_abort_are_crashes(hostile):
    seg = hostile["results"]["segfault"]
    assert outcomes(seg) == [Outcome.CRASH, Outcome.SKIPPED] and "SIGSEGV" in seg.results[0].message
    abort = hostile["results"]["abort"]
    assert (
        outcomes(abort) == [Outcome.CRASH, Outcome.SKIPPED]
        and "SIGABRT" in abort.results[0].message
    )


def test_printing_100_mb_hits_the_output_limit(hostile):
    r = hostile["results"]["print_100mb"]
    assert outcomes(r) == [Outcome.PASSED, Outcome.PASSED, Outcome.OUTPUT_LIMIT], r.results[
        1
    ].stderr
    assert len(r.results[2].got) < LIMITS.max_output_bytes


def test_file_size_limit(hostile):
    r = hostile["results"]["big_file"]
    assert [x.outcome for x in r.results] == [Outcome.PASSED, Outcome.PASSED, Outcome.CRASH]
    assert "SIGXFSZ" in r.results[2].message


def test_reading_stdin_gets_end_of_file_at_once(hostile):
    r = hostile["results"]["stdin"]
    assert all(x.passed for x in r.results), [(x.example.source, x.got) for x in r.results]


def test_nothing_is_left_running(hostile):
    assert wait_no_leftovers(hostile["before"]) == []
