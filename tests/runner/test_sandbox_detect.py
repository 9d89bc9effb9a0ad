"""Sandbox detection under threads (``cdoctest_runner.sandbox``): a runner's worker threads reach
``detect_method`` together on first use, and every session of the process must get the same
confinement. Before, two threads probing the pids cgroup under one probe name made one of them
find no cgroup, and that runner then ran every session as uid 65534, which cannot read include
directories under ``/root`` (a CMake build's generated ``config.h``: "file not found").
"""

from __future__ import annotations

import os
import threading
import time

import pytest

from cdoctest_runner import sandbox


def test_the_sandbox_is_detected_once_at_a_time_when_threads_ask_together(monkeypatch) -> None:
    inside, most = 0, 0
    lock = threading.Lock()
    found = sandbox.Sandbox("rlimits")

    def slow_detect(prefer: str | None) -> sandbox.Sandbox:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        time.sleep(0.05)
        with lock:
            inside -= 1
        return found

    monkeypatch.setattr(sandbox, "_detect", slow_detect)
    start = threading.Barrier(4)
    results: list[sandbox.Sandbox] = []

    def ask() -> None:
        start.wait()
        results.append(sandbox.detect_method())

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == 1 and results == [found] * 4


PIDS = "/sys/fs/cgroup/pids"


@pytest.mark.skipif(
    os.geteuid() != 0 or not os.access(PIDS, os.W_OK), reason="needs root and a pids cgroup"
)
def test_two_threads_probing_the_pids_cgroup_at_once_both_find_it(monkeypatch) -> None:
    real_mkdir = os.mkdir
    both = threading.Barrier(2, timeout=2)

    def mkdir(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        real_mkdir(path, *args, **kwargs)
        if "cdt-probe-" in str(path):
            try:
                both.wait()  # both probes exist before either is removed
            except threading.BrokenBarrierError:
                pass

    monkeypatch.setattr(os, "mkdir", mkdir)
    bases: list[str | None] = []
    threads = [
        threading.Thread(target=lambda: bases.append(sandbox._pids_cgroup_base())) for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert bases == [PIDS, PIDS]
