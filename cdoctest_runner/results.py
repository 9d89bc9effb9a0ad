"""Results of running cdoctest blocks: the API the generator, the language server and the trainer
use.

Results are returned, never flipped onto the parsed tests (``Example``/``DocTest`` stay frozen).
``to_dict`` gives a JSON-ready form (used by ``cdoctest-run --json`` and ``cdoctest-gen --json``).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from cdoctest_runner.example import DocTest, Example

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.checker import OutputChecker


class Outcome(str, enum.Enum):  # noqa: UP042 - str() and format() of members stay as they were
    """What happened to one example."""

    PASSED = "passed"
    FAILED = "failed"  # ran, output differs from ``want``
    COMPILE_ERROR = "compile_error"  # clang-repl rejected the input (diagnostic in ``stderr``)
    TIMEOUT = "timeout"  # the session ran past its wall-clock or CPU limit
    CRASH = "crash"  # the interpreter died (signal) while running this example
    OUTPUT_LIMIT = "output_limit"  # the example printed more than the output cap
    SKIPPED = "skipped"  # not run, because an earlier example ended the session
    ERROR = "error"  # the session could not be set up (code under test does not compile, ...)


@dataclass(frozen=True)
class SandboxReport:
    """How the session was confined, so a result says honestly what protected the machine."""

    method: str  # 'bwrap' | 'unshare' | 'rlimits'
    network_isolated: bool
    pid_isolated: bool
    filesystem_readonly: bool
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExampleResult:
    """The outcome of one example. ``got`` is the output in display form (value prints rendered)."""

    example: Example
    outcome: Outcome
    got: str = ""
    stderr: str = ""  # compiler diagnostics and warnings for this input
    message: str = ""  # human summary, e.g. 'killed by signal 11 (SIGSEGV)'
    duration_s: float = 0.0

    @property
    def passed(self) -> bool:
        """Whether the example passed."""
        return self.outcome is Outcome.PASSED


@dataclass(frozen=True)
class DocTestResult:
    """The outcome of one block: one ``ExampleResult`` per example, in order."""

    test: DocTest
    results: tuple[ExampleResult, ...]
    setup_error: str | None = None  # the code under test failed to load: every example is ERROR
    sandbox: SandboxReport | None = None
    duration_s: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def attempted(self) -> int:
        """How many examples have a result."""
        return len(self.results)

    @property
    def failed(self) -> int:
        """How many examples did not pass (skipped and errors included)."""
        return sum(1 for r in self.results if not r.passed)

    @property
    def passed(self) -> bool:
        """Whether the code loaded and every example (at least one) passed."""
        return self.setup_error is None and self.failed == 0 and self.attempted > 0

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (``to_jsonable``)."""
        data: dict[str, Any] = to_jsonable(self)
        return data


def differing_examples(
    base: DocTestResult, other: DocTestResult, checker: OutputChecker
) -> list[int]:
    """The indices of the examples whose outcome or output (``checker.check``) differs between
    two runs of one block; an example only one run has counts as the last both have.

    >>> from cdoctest_runner.checker import OutputChecker
    >>> t = DocTest((Example("f()"), Example("g()")), "t", "", 0, 0)
    >>> run = lambda *got: DocTestResult(t, tuple(ExampleResult(e, Outcome.PASSED, g)
    ...                                            for e, g in zip(t.examples, got)))
    >>> differing_examples(run("1\\n", "2\\n"), run("1\\n", "3\\n"), OutputChecker())
    [1]
    """
    n = max(len(base.results), len(other.results))
    out = []
    for i in range(n):
        if i >= len(base.results) or i >= len(other.results):
            out.append(min(i, n - 1))
            continue
        b, o = base.results[i], other.results[i]
        if b.outcome is not o.outcome or not checker.check(b.got, o.got):
            out.append(i)
    return sorted(set(out))


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, enums, tuples and frozensets to plain JSON types (recursively)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out = {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        for prop in ("passed", "failed", "attempted"):
            if hasattr(type(obj), prop) and isinstance(getattr(type(obj), prop), property):
                out[prop] = getattr(obj, prop)
        return out
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(to_jsonable(x) for x in obj)
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    return obj


@dataclass(frozen=True)
class InputResult:
    """What one physical input printed. ``status``: 'ok', 'error' (rejected, no state change) or
    'jit_error' (accepted but failed to link/run: interpreter state is uncertain).
    """

    source: str
    output: str  # program output on stdout, value print excluded
    value: str  # the raw value print ('(int) 120\n'), '' when none
    stderr: str
    status: Literal["ok", "error", "jit_error"]


@dataclass(frozen=True)
class ExecResult:
    """One example's worth of inputs: ``got`` is stdout in display form (value prints rendered)."""

    got: str
    stderr: str
    status: Literal["ok", "error", "jit_error"]
    inputs: tuple[InputResult, ...] = field(default=())

    @property
    def raw(self) -> str:
        """The output as clang-repl printed it (value prints not rendered)."""
        return "".join(r.output + r.value for r in self.inputs)
