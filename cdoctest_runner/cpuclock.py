"""Time limits that mean the same on a quiet and on a loaded machine.

A block's ``Limits.timeout_s`` is a budget of the *session's CPU time*, not of wall-clock time:
on a machine where other jobs take most of the CPU, a slow but finite mutant gets the same
computing time as on a quiet one, so whether it "times out" (and counts as killed) does not
depend on what else runs. Wall-clock time stays a backstop, for code that waits instead of
computing:

- ``BlockClock.expired(now)`` is asked once the wall deadline has passed. It extends the deadline
  while the session has used less CPU than the budget *and* is computing (at least ``MIN_SHARE``
  of the wall time since the last look on a CPU: a starved session, not a blocked one), up to
  ``BACKSTOP`` times the budget of wall time. A session that sleeps or waits is timed out at the
  wall deadline, as before (or at the next look, once it stops computing).
- ``ProcessTree.cpu_seconds()`` reads the CPU time (user + system, all threads, reaped children
  included) of the sandbox's process and its descendants from ``/proc``; the tree is found again
  at each block's start and when one of its processes is gone. Where ``/proc`` cannot be read it
  returns None and the clock falls back to wall time.

>>> c = BlockClock(deadline=10.0, wall_start=7.0, cpu_start=1.0)
>>> c.expired(now=10.0, cpu_now=3.9)   # 2.9 of 3 CPU seconds in 3 wall seconds: extend
False
>>> round(c.until, 2)                  # by the CPU time still owed
10.1
>>> c.expired(now=10.1, cpu_now=4.0)   # the budget is spent
True
>>> BlockClock(10.0, 7.0, 1.0).expired(now=10.0, cpu_now=1.03)  # 1% CPU: waiting, not starved
True
>>> BlockClock(10.0, 7.0, 1.0).expired(now=67.0, cpu_now=2.5)   # past 20x the budget: backstop
True
>>> c = BlockClock(10.0, 7.0, 1.0)
>>> c.expired(now=10.0, cpu_now=1.9)   # 0.9 s of CPU in 3 s (30%): starved, extended
False
>>> c.expired(now=c.until, cpu_now=1.9)   # no CPU since the last look: it waits now
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["BACKSTOP", "MIN_SHARE", "BlockClock", "ProcessTree"]

# Wall time never exceeds this many times the budget. A starved session gets its CPU budget up to
# a CPU share of 1/BACKSTOP (a load average of about 40 on 2 cores); at 5x, a load of 16 (reached
# by a test run beside four other jobs) already cut mutants that finish on a quiet machine.
BACKSTOP = 20.0
# Below this CPU share of the elapsed wall time a session waits, not starves: a session in
# ``sleep`` or a blocked read measures 0%; one that computes on a 2-core machine with a load
# average of 20 still gets about 10%.
MIN_SHARE = 0.02
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class BlockClock:
    """The time limit of one block: ``deadline - wall_start`` seconds of session CPU time."""

    deadline: float  # the wall deadline the caller set (monotonic seconds)
    wall_start: float
    cpu_start: float | None  # the session's CPU seconds when the block started (None: unknown)
    until: float = 0.0  # the current wall deadline, extended while the session is starved
    extended: bool = False  # whether the deadline was ever extended
    _seen: tuple[float, float] | None = None  # (wall, cpu) at the last look

    def __post_init__(self) -> None:
        self.until = self.until or self.deadline

    @property
    def budget(self) -> float:
        """Seconds of CPU time the block may use."""
        return max(0.0, self.deadline - self.wall_start)

    def expired(self, now: float, cpu_now: float | None) -> bool:
        """Whether the block is out of time at ``now`` (call when ``now >= until``); else extends
        ``until``.
        """
        if now < self.until:
            return False
        if cpu_now is None or self.cpu_start is None:
            return True
        used = cpu_now - self.cpu_start
        # the share since the last look (since the start at the first): computing right now?
        since_wall, since_cpu = self._seen or (self.wall_start, self.cpu_start)
        self._seen = (now, cpu_now)
        recent = (cpu_now - since_cpu) / max(now - since_wall, 1e-9)
        backstop = self.wall_start + BACKSTOP * self.budget
        if used >= self.budget or now >= backstop or recent < MIN_SHARE:
            return True
        self.until = min(now + max(0.05, self.budget - used), backstop)
        self.extended = True
        return False

    def describe(self, now: float, cpu_now: float | None) -> str:
        """'timed out: 3.0 s of CPU time (5.8 s wall)' and the like, for the error message."""
        wall = now - self.wall_start
        if cpu_now is None or self.cpu_start is None:
            return f"timed out after {wall:.1f} s (wall clock; CPU time not measurable here)"
        used = cpu_now - self.cpu_start
        if used >= self.budget:
            return f"timed out: {used:.1f} s of CPU time ({wall:.1f} s wall)"
        if wall >= BACKSTOP * self.budget:
            return f"timed out: {wall:.1f} s wall, only {used:.1f} s of CPU time (backstop)"
        return f"timed out after {wall:.1f} s waiting ({used:.1f} s of CPU time: not computing)"


class ProcessTree:
    """CPU time of a process and its descendants, read from ``/proc`` (Linux)."""

    def __init__(self, root: int) -> None:
        self.root = root
        self._pids: tuple[int, ...] = ()

    def cpu_seconds(self, rescan: bool = False) -> float | None:
        """User + system seconds used so far by the tree (None where /proc is unreadable).

        ``rescan`` finds the tree's processes again (the sandbox starts its own children after
        the first look); otherwise the processes found last time are read.
        """
        if self._pids and not rescan:
            total = _ticks(self._pids)
            if total is not None:
                return total / _TICK
        self._pids = _descendants(self.root)
        if not self._pids:
            return None
        total = _ticks(self._pids)
        return None if total is None else total / _TICK


def _stat_fields(pid: int) -> list[bytes] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    # fields after "pid (comm) ": state, ppid, ... utime is field 14 (index 11 here)
    return data[data.rfind(b")") + 2 :].split()


def _ticks(pids: tuple[int, ...]) -> int | None:
    """The CPU ticks (user, system, reaped children's) of ``pids``; None when one is gone."""
    total = 0
    for pid in pids:
        f = _stat_fields(pid)
        if f is None or len(f) < 15:
            return None
        total += sum(int(x) for x in f[11:15])
    return total


def _descendants(root: int) -> tuple[int, ...]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return ()
    parent: dict[int, int] = {}
    for name in names:
        if name.isdigit():
            f = _stat_fields(int(name))
            if f is not None and len(f) > 1:
                parent[int(name)] = int(f[1])
    if root not in parent:
        return ()
    tree, frontier = [root], [root]
    while frontier:
        frontier = [p for p, pp in parent.items() if pp in frontier]
        tree += frontier
    return tuple(tree)
