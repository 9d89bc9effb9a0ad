"""``cdoctest_runner.protocol.Runner``: the real runner satisfies it, things that are not runners
do not.
"""

from __future__ import annotations

import threading

from cdoctest_runner import Runner
from cdoctest_runner.runner import DocTestRunner, Limits


def test_the_real_runner_is_a_runner() -> None:
    runner: Runner = DocTestRunner(limits=Limits(timeout_s=3.0), workers=2)  # typed assignment
    try:
        assert isinstance(runner, Runner)
        assert runner.workers == 2 and runner.limits.timeout_s == 3.0
    finally:
        runner.close()


class _Partial:
    """Runs blocks but cannot be closed and has no limits: not a runner."""

    workers = 1

    def run(self, test, code, cancel: threading.Event | None = None):  # noqa: ANN001, ANN201
        raise AssertionError("not called")

    def run_many(self, jobs, cancel: threading.Event | None = None):  # noqa: ANN001, ANN201
        return []


class _Fake(_Partial):
    """The smallest stand-in a test may pass where a ``Runner`` is expected."""

    limits = Limits()
    toolchain = None

    def close(self) -> None:
        pass


def test_members_are_checked() -> None:
    assert not isinstance(_Partial(), Runner)
    assert not isinstance(object(), Runner)
    assert isinstance(_Fake(), Runner)


def test_default_workers_follow_the_usable_cpus(monkeypatch) -> None:  # noqa: ANN001
    from cdoctest_runner import sessions

    for cpus, expected in ((1, 1), (2, 2), (3, 3), (16, 4)):
        monkeypatch.setattr(sessions.os, "sched_getaffinity", lambda _pid, n=cpus: set(range(n)))
        assert sessions.usable_cpus() == cpus
        assert sessions.default_workers() == expected
    assert sessions.default_workers(limit=8) == 8
