"""The objects handed between the candidate sources and the judge: a ``Candidate`` (examples as
predicted, from one ``Origin``), its ``Unit``s (examples that must run together), a
``VerifiedUnit`` (a unit after its run, with the outputs recorded) and a ``Rejection`` (a unit
that gave the block nothing, and its ``Fate``). Types only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from cdoctest_runner.example import Example
from cdoctest_runner.results import DocTestResult
from server.api import Finding


class Origin(Enum):
    """The source of a candidate; candidates are numbered per source (``Candidate.index``)."""

    MODEL = "model"  # the model's completions (server.candidates.model)
    DOCUMENTATION = "documentation"  # calls the documentation states (candidates.documentation)
    TYPES_AND_API = "types"  # type values and API sequences (server.candidates.by_type)
    USAGE = "usage"  # the project's own calls of the function (server.analysis.usage)
    INPUT_SEARCH = "search"  # inputs searched for surviving mutants (server.search.killing)


@dataclass(frozen=True)
class Candidate:
    """One proposal: examples as predicted (``want`` = predicted output, '' = no prediction)."""

    examples: tuple[Example, ...]
    origin: Origin = Origin.MODEL
    index: int = 0  # candidate number within its origin: (origin, index) is the candidate's key
    text: str = ""  # the raw completion, for logs
    error: str | None = None  # format problem reported by the parser
    stated: bool = False  # a call the documentation states: kept in the block when it fits
    # Kept whole or not at all: it changes a global setting and puts it back at its end, so no
    # selection may keep the change without the restore (``server.judge.select.build_pool``).
    whole: bool = False
    output_logprobs: tuple[float | None, ...] = ()  # per example: mean token log-prob of its want


@dataclass(frozen=True)
class Unit:
    """Examples of one candidate that must run together, in order."""

    examples: tuple[Example, ...]
    candidate: Candidate


@dataclass(frozen=True)
class VerifiedUnit:
    """A unit after running: ``examples`` carry the recorded (actual) outputs."""

    unit: Unit
    examples: tuple[Example, ...]
    # per kept example: the prediction matched (or none was needed)
    predicted_right: tuple[bool, ...]
    findings: tuple[Finding, ...] = ()  # wrong predictions reported as hints (server.judge.hints)
    result: DocTestResult | None = field(default=None, compare=False)
    quiet: tuple[Finding, ...] = ()  # wrong predictions below the hint threshold: not reported
    # per kept example (or () when nothing was probed): what the same line printed when run
    # without the call of the function right before it (``server.judge.verify.probes``; the
    # same twice in a row), None when it was not probed; equal to the example's output when
    # that call left unchanged what the line shows
    before: tuple[str | None, ...] = ()

    def probed(self, i: int) -> bool:
        """Whether example ``i`` was run without the call before it, and printed the same twice
        in a row there (it reads without changing what it shows).
        """
        return i < len(self.before) and self.before[i] is not None

    def unchanged(self, i: int) -> bool:
        """Whether example ``i`` prints what it printed before the call it follows.

        >>> from cdoctest_runner.example import Example as E
        >>> exs = (E("int n = 0; f(&n)", "1"), E("n", "0"), E("m", "2"))
        >>> vu = VerifiedUnit(Unit(exs, Candidate(exs)), exs, (True,) * 3, before=(None, "0", "3"))
        >>> [vu.unchanged(i) for i in range(3)]
        [False, True, False]
        """
        b, want = self.before[i] if i < len(self.before) else None, self.examples[i].want
        return b is not None and bool(want) and b.rstrip("\n") == want.rstrip("\n")

    @property
    def origin(self) -> Origin:
        """Where the unit came from."""
        return self.unit.candidate.origin


class Fate(Enum):
    """Why a call group gave the block nothing; the value is how a message says it.

    The rules of ``server.judge.acceptable`` are ``NEVER_CALLS`` (rule 1), ``DEAD_STORE`` (2),
    ``UNDEFINED`` (5) and ``FORMAT`` (7); ``SANITIZED`` is an example of the selected block that
    tripped the sanitizers natively (``server.judge.sanitize``); the others are what running it
    gave.
    """

    NOT_COMPILED = "did not compile"
    NOT_LINKED = "could not link"
    NOT_LOADED = "the code under test did not load"
    CRASHED = "crashed"
    TIMED_OUT = "timed out"
    UNRECORDABLE = "printed what a block cannot hold"  # an address, too long, a prompt
    WRONG = "printed another output than predicted (--strict)"
    SILENT = "printed nothing to check"
    NEVER_CALLS = "never calls the function"
    DEAD_STORE = "a dead store"
    UNDEFINED = "undefined behaviour (trap)"
    FORMAT = "a format reads arguments not passed"
    SANITIZED = "tripped AddressSanitizer or UBSan"

    @property
    def rule(self) -> bool:
        """Whether a rule of ``server.judge.acceptable`` dropped the group (it ran)."""
        return self in (Fate.NEVER_CALLS, Fate.DEAD_STORE, Fate.UNDEFINED, Fate.FORMAT)


@dataclass(frozen=True)
class Rejection:
    """A call group that gave the block nothing: its fate, the call where that happened (its
    source as written) and the error or the rule's words ('' when the fate says it all).
    """

    fate: Fate
    call: str
    detail: str = ""
