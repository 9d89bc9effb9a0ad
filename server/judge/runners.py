"""What the pipeline's steps run code with: a runner that retries start-up failures, and the pair
of runners (original code, mutants).

- ``Retrying(runner)``: ``run_many`` retries when clang-repl fails to *start* (``ReplSetupError``:
  memory or process limits on a loaded machine), never when the code fails.
- ``Runners(verify, mutants)``: the two runners a step runs with: candidates and blocks on the
  original code (``server.judge.verify.verify_candidates`` compiles the code and the candidates with
  trapping UBSan, ``UB_TRAPS``, so a call with undefined behaviour drops out), and mutants (a
  short per-session limit: mutated loops often never end; no sanitizer).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.example import CodeUnderTest, DocTest
    from cdoctest_runner.sandbox import Limits
    from cdoctest_runner.toolchain import Toolchain


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

    @property
    def schemata(self) -> bool:
        """Whether mutation analyses run mutant schemata on the wrapped runner (its option)."""
        return bool(getattr(self.inner, "schemata", False))

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
        from cdoctest_runner.errors import ReplSetupError

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
    (candidates with ``server.judge.verify.UB_TRAPS``), ``mutants`` runs them on mutants (its
    sessions have a short time limit, and no sanitizer).
    """

    verify: Runner
    mutants: Runner
