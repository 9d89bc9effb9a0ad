"""What the pipeline's steps run with: a runner that retries start-up failures, the time budget as
an event for the model, and progress reports.

- ``Retrying(runner)``: ``run_many`` retries when clang-repl fails to *start* (``ReplSetupError``:
  memory or process limits on a loaded machine), never when the code fails.
- ``Runners(verify, mutants)``: the two runners a step runs with: candidates and blocks on the
  original code (``server.verify.verify_candidates`` compiles the code and the candidates with
  trapping UBSan, ``UB_TRAPS``, so a call with undefined behaviour drops out), and mutants (a
  short per-session limit: mutated loops often never end; no sanitizer).
- ``Budget(cancel, deadline)``: a context manager whose ``event`` is set when the user cancels or
  the deadline passes (``expired`` says which); the model backend stops decoding on it.
- ``Reporter(callback)``: sends ``ProgressEvent``s; ``phase`` (1 or 2) prefixes the messages so the
  editor says which phase is running.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult
from server.api import ProgressCallback, ProgressEvent

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.example import CodeUnderTest, DocTest
    from cdoctest_runner.sandbox import Limits
    from cdoctest_runner.toolchain import Toolchain

PHASE_NAMES = {1: "phase 1 (first block)", 2: "phase 2 (stronger block)"}


class Retrying:
    """A ``Runner`` whose ``run_many`` retries when clang-repl fails to *start* (not when the code
    fails).

    Starting can fail for passing reasons on a loaded machine (memory, process limits); one failed
    start should not abort a whole file. Everything else is the wrapped runner's.
    """

    RETRY_DELAYS_S = (1.0, 3.0)

    def __init__(self, runner: Runner) -> None:
        self.inner = runner

    @property
    def limits(self) -> Limits:
        """The wrapped runner's limits."""
        return self.inner.limits

    @property
    def workers(self) -> int:
        """The wrapped runner's worker count."""
        return self.inner.workers

    @property
    def toolchain(self) -> Toolchain:
        """The wrapped runner's clang-repl."""
        return self.inner.toolchain

    def run(
        self, test: DocTest, code: CodeUnderTest, cancel: threading.Event | None = None
    ) -> DocTestResult:
        """Run one block (a one-job ``run_many``, so it is retried too)."""
        return self.run_many([(test, code)], cancel=cancel)[0]

    def run_many(
        self,
        jobs: Sequence[tuple[DocTest, CodeUnderTest]],
        cancel: threading.Event | None = None,
    ) -> list[DocTestResult]:
        """``runner.run_many``, retried twice (after 1 s and 3 s) when a session fails to start."""
        from cdoctest_runner.repl import ReplSetupError

        for delay in (*self.RETRY_DELAYS_S, None):
            try:
                return list(self.inner.run_many(jobs, cancel=cancel))
            except ReplSetupError:
                if delay is None or (cancel is not None and cancel.is_set()):
                    raise
                time.sleep(delay)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close the wrapped runner."""
        self.inner.close()


@dataclass(frozen=True)
class Runners:
    """The runners of the steps: ``verify`` runs candidates and blocks on the original code
    (candidates with ``server.verify.UB_TRAPS``), ``mutants`` runs them on mutants (its sessions
    have a short time limit, and no sanitizer).
    """

    verify: Runner
    mutants: Runner


class Budget:
    """An event set when the user cancels or the time budget runs out (for the backend)."""

    def __init__(self, cancel: threading.Event | None, deadline: float) -> None:
        self.event = threading.Event()
        self.expired = False
        self._done = threading.Event()
        self._cancel = cancel
        self._deadline = deadline
        self._thread = threading.Thread(target=self._watch, name="cdoctest-gen-budget", daemon=True)

    def _watch(self) -> None:
        while not self._done.is_set():
            if self._cancel is not None and self._cancel.is_set():
                self.event.set()
                return
            if time.monotonic() >= self._deadline:
                self.expired = True
                self.event.set()
                return
            self._done.wait(0.05)

    def __enter__(self) -> Budget:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


class Reporter:
    """Sends ``ProgressEvent``s to ``callback`` (none: silent); ``phase`` prefixes the message."""

    def __init__(self, callback: ProgressCallback | None, phase: int | None = None) -> None:
        self.callback = callback
        self.phase = phase

    def in_phase(self, phase: int) -> Reporter:
        """The same callback, reporting ``phase``."""
        return Reporter(self.callback, phase)

    def __call__(
        self,
        stage: str,
        message: str,
        function: str | None = None,
        *,
        done: int | None = None,
        total: int | None = None,
    ) -> None:
        """Report one event; ``done``/``total`` give the stage's percentage."""
        if self.callback is None:
            return
        if self.phase in PHASE_NAMES:
            message = f"{PHASE_NAMES[self.phase]}: {message}"
        pct = int(100 * done / total) if done is not None and total else None
        self.callback(ProgressEvent(stage, message, function, done, total, pct))
