"""How the runner spreads blocks over interpreters: the CPUs it may use (``default_workers``),
the idle warm sessions kept per code under test (``SessionPool``), the order that keeps equal code
on one worker (``interleave``) and a cancel event of its own beside the caller's (``EitherEvent``).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence

from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.repl import ClangRepl


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def default_workers(limit: int = 4) -> int:
    """Interpreters to run side by side by default: one per usable CPU, at most ``limit``."""
    return max(1, min(limit, usable_cpus()))


class SessionPool:
    """Idle warm sessions keyed by ``CodeUnderTest``, least recently used evicted first."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._idle: OrderedDict[int, tuple[CodeUnderTest, ClangRepl]] = OrderedDict()
        self._lock = threading.Lock()
        self._count = 0

    def take(self, code: CodeUnderTest) -> ClangRepl | None:
        """An idle session of ``code`` (the most recent), None when there is none."""
        with self._lock:
            for k, (c, repl) in reversed(self._idle.items()):
                if c == code:
                    del self._idle[k]
                    return repl
        return None

    def give(self, code: CodeUnderTest, repl: ClangRepl) -> None:
        """Keep ``repl`` idle for ``code``, closing the least recently used beyond capacity."""
        evicted: list[ClangRepl] = []
        with self._lock:
            self._count += 1
            self._idle[self._count] = (code, repl)
            while len(self._idle) > self.capacity:
                evicted.append(self._idle.popitem(last=False)[1][1])
        for r in evicted:
            r.close()

    def close(self) -> None:
        """Close every idle session."""
        with self._lock:
            items = list(self._idle.values())
            self._idle.clear()
        for _, repl in items:
            repl.close()


class EitherEvent:
    """``is_set()`` when the caller's event or our own is set; ``set()`` sets only our own."""

    def __init__(self, outer: threading.Event | None) -> None:
        self._outer = outer
        self._own = threading.Event()

    def is_set(self) -> bool:
        """Whether either event is set."""
        return self._own.is_set() or (self._outer is not None and self._outer.is_set())

    def set(self) -> None:
        """Set our own event (the caller's is left alone)."""
        self._own.set()


def interleave(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
) -> tuple[list[tuple[DocTest, CodeUnderTest]], list[int]]:
    """Order jobs so equal code under test is contiguous (warm sessions stay on one worker)."""
    groups: OrderedDict[CodeUnderTest, list[int]] = OrderedDict()
    for i, (_, code) in enumerate(jobs):
        groups.setdefault(code, []).append(i)
    order = [i for idx in groups.values() for i in idx]
    return [jobs[i] for i in order], order
