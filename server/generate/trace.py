"""What one function's generation did and what it cost: typed step events, rendered once.

A ``Trace`` is a sequence of ``Step``s (stage, seconds, note) in the order their notes are read.
Steps return a trace of their own; phases concatenate them (``+``). The trace is rendered in one
place each: ``Trace.message()`` joins the notes (the first part of ``FunctionResult.message``) and
``function_timings`` gives the public ``FunctionResult.timings``: the seconds summed per stage
under the stage's key (``Stage.value``), then ``first_block`` (two phases) and ``total``. A step
that ran candidates also says what they gave (``Ran``: the call groups, and why each rejected one
gave nothing): ``server.generate.noblock`` reads that when a function gets no block.

>>> t = Trace.of(Step(Stage.ANALYSIS, 1.5, "fallback: 2 runnable call group(s) recorded"))
>>> t += Trace.of(Step(Stage.MUTATING, 2.0), Step(Stage.MUTATING, 0.5, ""))
>>> t.message()
'fallback: 2 runnable call group(s) recorded'
>>> function_timings(t, total=5.0)
{'fallback': 1.5, 'mutating': 2.5, 'total': 5.0}
>>> ModelCounts(4, 1) + ModelCounts(4, 2)
ModelCounts(tried=8, runnable=3)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from server.judge.units import Rejection, VerifiedUnit


class Stage(Enum):
    """A stage of a function's generation; the value is its key in ``FunctionResult.timings``."""

    ANALYSIS = "fallback"  # the documented calls, type values and API sequences, run (no model)
    SAMPLING = "sampling"  # the model's completions
    VERIFYING = "verifying"  # the model's candidates run
    MUTATING = "mutating"  # mutation analysis: selections and their exact measurement
    SEARCHING = "searching"  # the input search and the selection with its inputs
    SANITIZING = "sanitizers"  # the block run natively under ASan and UBSan (judge.sanitize)


@dataclass(frozen=True)
class Ran:
    """What running one batch of candidates gave: ``groups`` call groups tried (a candidate that
    names no function of ours counts as one), ``rejected``: those that gave the pool nothing
    (``server.judge.units.Rejection``: did not compile, crashed, printed nothing...), and
    whether the time budget cut the batch short (``out_of_time``).
    """

    groups: int = 0
    rejected: tuple[Rejection, ...] = ()
    out_of_time: bool = False


@dataclass(frozen=True)
class Step:
    """One event: its stage, what it cost (``None``: a note only, not timed), what it says and,
    for a step that ran candidates, what they gave (``ran``).
    """

    stage: Stage
    seconds: float | None = None
    note: str = ""
    ran: Ran | None = None


@dataclass(frozen=True)
class Trace:
    """Steps in the order their notes are read."""

    steps: tuple[Step, ...] = ()

    @staticmethod
    def of(*steps: Step) -> Trace:
        """A trace of ``steps``."""
        return Trace(steps)

    def __add__(self, other: Trace) -> Trace:
        return Trace(self.steps + other.steps)

    def seconds(self, stage: Stage) -> float:
        """Seconds spent in ``stage``."""
        return sum(s.seconds for s in self.steps if s.stage is stage and s.seconds is not None)

    def message(self) -> str:
        """The notes, in order, joined with ``'; '`` ('' without any)."""
        return "; ".join(s.note for s in self.steps if s.note)

    def runs(self) -> tuple[Ran, ...]:
        """What each batch of candidates gave, in order."""
        return tuple(s.ran for s in self.steps if s.ran is not None)

    def timings(self) -> dict[str, float]:
        """Seconds per timed stage, in the order the stages first appear."""
        out: dict[str, float] = {}
        for s in self.steps:
            if s.seconds is not None:
                out[s.stage.value] = out.get(s.stage.value, 0.0) + s.seconds
        return out


def function_timings(
    trace: Trace, *, total: float, first_block: float | None = None
) -> dict[str, float]:
    """``FunctionResult.timings``: seconds per stage, ``first_block`` (seconds from the function's
    start to phase 1's block, with two phases) and ``total`` (to its last phase's end).
    """
    out = trace.timings()
    if first_block is not None:
        out["first_block"] = first_block
    out["total"] = total
    return out


@dataclass(frozen=True)
class ModelCounts:
    """The model's candidates: ``tried``, and those that gave a runnable unit (``runnable``)."""

    tried: int = 0
    runnable: int = 0

    def __add__(self, other: ModelCounts) -> ModelCounts:
        return ModelCounts(self.tried + other.tried, self.runnable + other.runnable)


def model_note(total: int, ok: int, kept: list[VerifiedUnit]) -> str:
    """The model's part of the summary: candidates that ran, examples, wrong predictions."""
    if total == 0:
        return "model: no candidates"
    if not kept:
        return f"model: 0/{total} candidates gave anything runnable"
    n_examples = sum(len(u.examples) for u in kept)
    wrong = sum(len(u.findings) + len(u.quiet) for u in kept)  # quiet: below the hint threshold
    note = f"model: {ok}/{total} candidates gave runnable examples ({n_examples} examples"
    return note + (f", {wrong} with a wrong predicted output)" if wrong else ")")
