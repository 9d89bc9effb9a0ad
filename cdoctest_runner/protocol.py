"""``Runner``: what the rest of the project may ask of a block runner.

``cdoctest_runner.runner.DocTestRunner`` is the real one; the generator's retrying wrapper, the
trainer's reward and test fakes stand in for it. Callers type their parameter as ``Runner``
instead of ``Any``/``object``, so what they use is stated in one place:

- ``run(test, code, cancel=None) -> DocTestResult`` and ``run_many(jobs, cancel=None)`` (results
  in job order; ``cancel`` is a ``threading.Event``, setting it raises ``RunCancelled``);
- ``close()``: no interpreter outlives it;
- ``limits`` (``sandbox.Limits``: the generator derives a mutant runner with a shorter timeout),
  ``toolchain`` (the clang-repl it runs, shared with a derived runner), ``workers`` (how many
  blocks run at once, so a caller can size a batch).

The protocol is ``runtime_checkable``: ``isinstance(x, Runner)`` checks that the members exist.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.example import CodeUnderTest, DocTest
    from cdoctest_runner.results import DocTestResult
    from cdoctest_runner.sandbox import Limits
    from cdoctest_runner.toolchain import Toolchain

#: One unit of work: a block and the code it tests.
Job = tuple["DocTest", "CodeUnderTest"]


@runtime_checkable
class Runner(Protocol):
    """Runs ``DocTest`` blocks against ``CodeUnderTest`` (module docstring)."""

    @property
    def limits(self) -> Limits:
        """The limits each session runs under."""
        ...

    @property
    def workers(self) -> int:
        """How many blocks run at once."""
        ...

    @property
    def toolchain(self) -> Toolchain:
        """The clang-repl the runner starts (resolved on first use)."""
        ...

    def run(
        self, test: DocTest, code: CodeUnderTest, cancel: threading.Event | None = None
    ) -> DocTestResult:
        """Run one block."""
        ...

    def run_many(
        self, jobs: Sequence[Job], cancel: threading.Event | None = None
    ) -> list[DocTestResult]:
        """Run many blocks; results in job order."""
        ...

    def close(self) -> None:
        """Stop every interpreter the runner started."""
        ...
