"""Finding sandbox processes a test process left behind (shared by the runner tests)."""

from __future__ import annotations

import os
import time

import psutil


def leftovers() -> list[int]:
    """Sandbox processes this test process started that are still alive (cgroup tag or
    descendants).
    """
    tag = f"/cdt-{os.getpid()}-"
    found = set()
    for pid in psutil.pids():
        try:
            with open(f"/proc/{pid}/cgroup") as f:
                if tag in f.read():
                    found.add(pid)
        except OSError:
            pass
    for child in psutil.Process().children(recursive=True):
        try:
            if child.name() in (
                "bwrap",
                "clang-repl-22",
                "clang-repl",
                "prlimit",
                "unshare",
                "setpriv",
                "sh",
            ):
                found.add(child.pid)
        except psutil.Error:
            pass
    return sorted(found)


def wait_no_leftovers(before: frozenset[int] = frozenset(), timeout: float = 5.0) -> list[int]:
    """Wait until no sandbox process is left but those in ``before`` (another runner's idle
    sessions).
    """
    end = time.monotonic() + timeout
    while (left := [p for p in leftovers() if p not in before]) and time.monotonic() < end:
        time.sleep(0.05)
    return left
