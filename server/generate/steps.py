"""The pipeline's steps for one function, each with a typed input and a typed output.

``server.generate.job.prepare`` turns a located function into a ``Job`` (everything the steps read:
context, code under test, documentation facts, prompt, deadline) or, for a function that is
skipped or broken, a finished ``Plan``. Then, on a ``Steps`` (the runners, options, progress,
cancel event and the model):

- ``analysis_candidates(job) -> FoundUnits``: program analysis, no model: the calls the
  documentation states (``server.candidates.documentation.doc_candidates``) and the fallback's type
  values and API sequences (``server.candidates.by_type``), run and recorded
  (``server.judge.verify``).
- ``model_candidates(job) -> FoundUnits``: the model's samples (the model from ``backend``, up
  to ``MAX_ATTEMPTS`` rounds until something runs, within the deadline), run and recorded.
- ``select_by_mutation(job, units) -> SelectionStep``: the pool (``server.judge.select.build_pool``)
  and the examples that kill the most mutants (``select_block``).
- ``find_killing_inputs(job, units, selection) -> SearchStep``: inputs that tell the survivors
  apart (``server.search.killing.find_killing_inputs``), and the pool chosen again with them.
- ``sanitize(job, selection) -> SelectionStep``: the block run natively under AddressSanitizer
  and UBSan, the examples that trip them dropped (``server.judge.sanitize``).
- ``measure_exactly(job, selection) -> SelectionStep``: an approximate selection's kills measured
  on the block (``server.judge.select.measure_block``).
- ``finalize(job, selection, trace, ...) -> Plan``: the block rendered and placed
  (``server.render``), or a ``no_test`` result saying why not; the trace rendered into the
  result's message and timings (``server.generate.trace``).

Steps return what they found and a ``Trace`` of what they did and what it cost; none changes its
arguments. ``server.generate.phases`` composes them into phases.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from cdoctest_runner.example import CodeUnderTest, Example
from models.api import Backend, ModelError
from models.errors import ModelRuntimeError
from server.api import FunctionResult, GenerateOptions, SurvivingMutant, check_cancel
from server.candidates.documentation import doc_candidates
from server.candidates.model import sample_candidates
from server.generate.budget import Budget, Reporter
from server.generate.job import Job
from server.generate.noblock import missing_note, no_block_result, ran_of
from server.generate.trace import ModelCounts, Stage, Step, Trace, function_timings, model_note
from server.judge.names import readable_block
from server.judge.pool import build_pool
from server.judge.runners import Runners
from server.judge.select import Selection, extend_block, measure_block, select_block
from server.judge.units import Candidate, Origin, VerifiedUnit
from server.judge.verify import VerifyReport, verify_candidates
from server.render import Plan, RenderError, checks_output, plan_block
from server.search.killing import MAX_CALLS, find_killing_inputs

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutation.mutate import Mutant

MAX_ATTEMPTS = 3  # sampling rounds per function when nothing verifies
NO_MODEL = ModelCounts()  # no candidates of the model
COVER_MEASURE_S = 15.0  # time left to measure a block's kills again after coverage grew it
COVER_MIN_S = 3.0  # time left for one native compile and run of the block (branch coverage)


@dataclass(frozen=True)
class FoundUnits:
    """Runnable units from the model or the program analysis, and what finding them did."""

    units: tuple[VerifiedUnit, ...] = ()
    trace: Trace = Trace()
    model: ModelCounts = ModelCounts()  # the model's candidates (none for the analysis)
    first_error: str = ""  # first format problem of the model's candidates


@dataclass(frozen=True)
class SelectionStep:
    """A selection and what choosing or measuring it cost."""

    selection: Selection
    trace: Trace


@dataclass(frozen=True)
class SearchStep:
    """The selection after the input search, the searched units, and likely equivalent mutants."""

    selection: Selection
    units: tuple[VerifiedUnit, ...] = ()
    equivalent: frozenset[str] = frozenset()
    trace: Trace = Trace()
    ran: tuple[VerifiedUnit, ...] = ()  # every searched call that ran on the original


@dataclass(frozen=True)
class _Round:
    """One sampling round of the model: what ran, or the model's error."""

    ran: VerifyReport | None
    trace: Trace
    tried: int = 0
    errors: tuple[str, ...] = ()
    model_error: str = ""


class Steps:
    """The steps, bound to what they run with (runners, options, progress, cancel, the model)."""

    def __init__(
        self,
        runners: Runners,
        options: GenerateOptions,
        report: Reporter,
        cancel: threading.Event | None,
        backend: Callable[[], Backend] | None = None,
        clean: set[tuple[CodeUnderTest, tuple[Example, ...]]] | None = None,
    ) -> None:
        self.runners = runners
        self.options = options
        self.report = report
        self.cancel = cancel
        self.backend = backend  # loads the model on first use (``ModelError`` when it cannot)
        self.clean = set() if clean is None else clean  # blocks the sanitizers found clean

    def in_phase(self, phase: int) -> Steps:
        """The same steps, reporting progress as ``phase``."""
        report = self.report.in_phase(phase)
        return Steps(self.runners, self.options, report, self.cancel, self.backend, self.clean)

    def analysis_candidates(self, job: Job) -> FoundUnits:
        """The documentation's calls and the fallback's candidates that ran (no model)."""
        from server.candidates.by_type import FallbackError, fallback_candidates, no_candidates_note

        check_cancel(self.cancel)
        self.report(
            "verifying",
            f"{job.name}: running the documented calls and the no-model fallback",
            job.name,
        )
        t0 = time.monotonic()
        try:
            proposals = fallback_candidates(job.ctx.analysis)
        except FallbackError:
            proposals = []
        # The documentation's calls first: the pool keeps units in order up to its size limit.
        candidates = doc_candidates(job.ctx, job.facts)
        candidates += [
            Candidate(tuple(exs), origin=Origin.TYPES_AND_API, index=i)
            for i, exs in enumerate(proposals)
        ]
        ran = self._run_found(job, candidates)
        note = (
            f"fallback: {len(ran.kept)} runnable call group(s) recorded"
            if ran.kept
            else "fallback: nothing runnable"
        )
        if not candidates:
            why = no_candidates_note(job.ctx.analysis)
            note = "fallback: no calls to try" + (f" ({why})" if why else "")
        if not ran.kept and ran.missing_symbols:
            note += ": " + missing_note(job, ran.missing_symbols)
        done = ran_of(ran, set(job.names))
        step = Step(Stage.ANALYSIS, time.monotonic() - t0, note, done)
        return FoundUnits(units=tuple(ran.kept), trace=Trace.of(step))

    def _run_found(self, job: Job, candidates: list[Candidate]) -> VerifyReport:
        """Run candidates found without the model (no predicted outputs to check: not strict)."""
        ran = verify_candidates(
            candidates,
            job.code,
            self.runners.verify,
            set(job.names),
            strict=False,
            filename=job.path,
            cancel=self.cancel,
        )
        check_cancel(self.cancel)
        return ran

    def usage_candidates(self, job: Job) -> FoundUnits:
        """The blocks mined from the project's own calls of the function that ran (``Origin
        .USAGE``); the trace has mining's note (``server.generate.job.Usage``) and says how many
        ran.
        """
        check_cancel(self.cancel)
        # Mining came before the function's clock (``prepare``): a note, not a timed step.
        mined = Trace.of(Step(Stage.ANALYSIS, note=job.usage.note))
        if not job.usage.blocks:
            return FoundUnits(trace=mined)
        n = len(job.usage.blocks)
        self.report("verifying", f"{job.name}: running {n} call(s) the project makes", job.name)
        t0 = time.monotonic()
        candidates = [
            Candidate(tuple(Example(line) for line in block), origin=Origin.USAGE, index=i)
            for i, block in enumerate(job.usage.blocks)
        ]
        ran = self._run_found(job, candidates)
        note = f"usage: {ran.candidates_with_kept}/{n} mined block(s) ran"
        step = Step(Stage.ANALYSIS, time.monotonic() - t0, note, ran_of(ran, set(job.names)))
        return FoundUnits(units=tuple(ran.kept), trace=mined + Trace.of(step))

    def model_candidates(self, job: Job) -> FoundUnits:
        """The model's candidates that ran: sampling rounds until something runs or time is up.

        A model host that dies while loading (``ModelRuntimeError``) or a model that fails while
        sampling (``ModelError``) costs only these candidates; the note then reads
        ``model failed: <the error>``. Other ``ModelError``s of loading propagate.
        """
        backend: Backend | None = None
        model_error = ""
        if self.backend is not None:
            try:
                backend = self.backend()
            except ModelRuntimeError as exc:
                model_error = str(exc)
        units: list[VerifiedUnit] = []
        counts = ModelCounts()
        errors: list[str] = []
        # The model was asked: both stages are in the timings, also when no round ran.
        trace = Trace.of(Step(Stage.SAMPLING, 0.0), Step(Stage.VERIFYING, 0.0))
        for attempt in range(MAX_ATTEMPTS if backend is not None else 0):
            assert backend is not None
            one = self._sampling_round(job, backend, attempt, first_index=counts.tried)
            if one.ran is None:
                model_error = one.model_error
                break
            trace += one.trace
            errors += one.errors
            units += one.ran.kept
            counts += ModelCounts(one.tried, one.ran.candidates_with_kept)
            if units or time.monotonic() > job.deadline - 5:
                break
        note = (
            f"model failed: {model_error}"
            if model_error
            else model_note(counts.tried, counts.runnable, units)
        )
        return FoundUnits(
            units=tuple(units),
            trace=trace + Trace.of(Step(Stage.SAMPLING, note=note)),
            model=counts,
            first_error=errors[0] if errors else "",
        )

    def _sampling_round(
        self, job: Job, backend: Backend, attempt: int, *, first_index: int
    ) -> _Round:
        """One round: ``options.samples`` completions within the deadline, each run and recorded
        (``ran`` None and ``model_error`` set when the model failed while sampling).
        """
        check_cancel(self.cancel)
        retry = f" (retry {attempt})" if attempt else ""
        self.report(
            "sampling", f"{job.name}: sampling {self.options.samples} candidates{retry}", job.name
        )
        ts = time.monotonic()
        with Budget(self.cancel, job.deadline) as budget:
            try:
                sampled = sample_candidates(
                    backend,
                    job.prompt,
                    self.options,
                    attempt=attempt,
                    first_index=first_index,
                    cancel=budget.event,
                    max_tokens=self.options.max_tokens,
                )
            except ModelError as exc:  # e.g. the model host crashed: fall back
                check_cancel(self.cancel)
                return _Round(None, Trace(), model_error=str(exc))
        trace = Trace.of(Step(Stage.SAMPLING, time.monotonic() - ts))
        check_cancel(self.cancel)
        if budget.expired:
            trace += Trace.of(Step(Stage.SAMPLING, note="the time budget ran out while sampling"))
        n = len(sampled.candidates)
        self.report("verifying", f"{job.name}: running {n} candidates", job.name, done=0, total=n)
        tv = time.monotonic()
        ran = verify_candidates(
            sampled.candidates,
            job.code,
            self.runners.verify,
            set(job.names),
            strict=self.options.strict,
            filename=job.source.path,
            cancel=self.cancel,
        )
        done = ran_of(ran, set(job.names), out_of_time=budget.expired)
        trace += Trace.of(Step(Stage.VERIFYING, time.monotonic() - tv, ran=done))
        check_cancel(self.cancel)
        for i, k in enumerate(ran.kept_per_candidate):
            self.report(
                "verifying",
                f"{job.name}: candidate {i + 1}/{n}: {k} runnable example(s)",
                job.name,
                done=i + 1,
                total=n,
            )
        errors = tuple(c.error for c in sampled.candidates if c.error)
        return _Round(ran, trace, tried=n, errors=errors)

    def select_by_mutation(
        self,
        job: Job,
        units: tuple[VerifiedUnit, ...],
        mutants: list[Mutant] | None = None,
        *,
        exact: bool = True,
    ) -> SelectionStep:
        """Mutation analysis of the pool and the greedy choice of the block."""
        check_cancel(self.cancel)
        self.report("mutating", f"{job.name}: choosing examples by mutation analysis", job.name)
        t0 = time.monotonic()
        chosen = select_block(
            build_pool([u for u in units if checks_output(u.examples)]),
            job.code,
            job.decl,
            self.runners.mutants,
            self.options.max_examples,
            cancel=self.cancel,
            mutants=mutants,
            exact=exact,
        )
        check_cancel(self.cancel)
        return SelectionStep(chosen, Trace.of(Step(Stage.MUTATING, time.monotonic() - t0)))

    def extend_by_mutation(
        self, job: Job, selection: Selection, units: tuple[VerifiedUnit, ...]
    ) -> SelectionStep:
        """``selection`` with the examples of ``units`` that kill its survivors, added after its
        own (``server.judge.select.extend_block``: a run against the survivors, not a new
        selection).
        """
        check_cancel(self.cancel)
        if not units:  # the model gave nothing runnable: nothing to run, nothing to report
            return SelectionStep(selection, Trace.of())
        self.report("mutating", f"{job.name}: running new examples on surviving mutants", job.name)
        t0 = time.monotonic()
        grown, more = extend_block(
            selection,
            units,
            job.code,
            job.decl,
            self.runners.mutants,
            self.options.max_examples,
            cancel=self.cancel,
        )
        check_cancel(self.cancel)
        steps = [Step(Stage.MUTATING, time.monotonic() - t0)]
        if more:
            added = len(grown.examples) - len(selection.examples)
            note = f"model: {added} example(s) added that kill {more} surviving mutant(s)"
            steps.append(Step(Stage.MUTATING, note=note))
        return SelectionStep(grown, Trace.of(*steps))

    def find_killing_inputs(
        self,
        job: Job,
        units: tuple[VerifiedUnit, ...],
        selection: Selection,
        *,
        max_calls: int = MAX_CALLS,
    ) -> SearchStep:
        """Search inputs for the block's surviving mutants (at most ``max_calls`` calls, variants
        of the runnable ``units`` among them); select again with what kills them.

        The new selection is approximate (``measure_exactly`` makes it exact); it replaces the
        old one only when it kills at least as many. ``equivalent``: the survivors no searched
        input told apart (likely equivalent mutants).
        """
        check_cancel(self.cancel)
        self.report(
            "mutating",
            f"{job.name}: searching inputs for {len(selection.survivors)} surviving mutant(s)",
            job.name,
        )
        t0 = time.monotonic()
        # The block's units first: the seeds whose variants the search tries first.
        seeds = (*selection.units, *(u for u in units if u not in selection.units))
        found = find_killing_inputs(
            job.ctx,
            job.facts,
            job.code,
            job.decl,
            self.runners,
            list(selection.survivors),
            names=set(job.names),
            filename=job.path,
            deadline=job.deadline,
            max_calls=max_calls,
            cancel=self.cancel,
            seeds=seeds,
        )
        check_cancel(self.cancel)
        equivalent = frozenset(found.likely_equivalent)
        notes = [found.note] if found.note else []
        best = selection
        if found.units:
            notes.append(
                f"search: {len(found.units)} of {found.tried} inputs kill "
                f"{len(found.killed)} surviving mutant(s)"
            )
            # Searched calls first, so the pool's size limit never leaves them out.
            pool = (*found.units, *units)
            again = self.select_by_mutation(job, pool, list(selection.mutants), exact=False)
            if again.selection.killed >= selection.killed:
                best = again.selection
        elif found.tried:
            notes.append(f"search: none of {found.tried} inputs killed a surviving mutant")
        trace = Trace.of(
            Step(Stage.SEARCHING, time.monotonic() - t0),
            *(Step(Stage.SEARCHING, note=n) for n in notes),
        )
        return SearchStep(best, found.units, equivalent, trace, found.ran)

    def cover_branches(
        self, job: Job, selection: Selection, units: tuple[VerifiedUnit, ...]
    ) -> SelectionStep:
        """``selection`` with checked calls of ``units`` that reach code its examples do not
        (``server.judge.cover_branches``); unchanged when the option is off, the coverage tools are
        missing or the time budget is spent.
        """
        from server.judge.cover_branches import add_branch_coverage, coverage_tools

        if not self.options.branch_coverage or job.deadline - time.monotonic() < COVER_MIN_S:
            return SelectionStep(selection, Trace())
        toolchain = getattr(self.runners.verify, "toolchain", None)
        tools = coverage_tools(toolchain.path) if toolchain is not None else None
        if tools is None:
            return SelectionStep(selection, Trace())
        check_cancel(self.cancel)
        self.report("mutating", f"{job.name}: looking for calls that reach more code", job.name)
        t0 = time.monotonic()
        try:
            grown, note = add_branch_coverage(
                selection, units, job.code, job.decl, tools, self.runners.verify.limits
            )
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            # An optional step: the block stands without it.
            grown, note = selection, f"coverage: not measured ({type(exc).__name__}: {exc})"
        check_cancel(self.cancel)
        steps = [Step(Stage.SEARCHING, time.monotonic() - t0)]
        if note:
            steps.append(Step(Stage.SEARCHING, note=note))
        if grown.covering > selection.covering and grown.mutants:
            if job.deadline - time.monotonic() >= COVER_MEASURE_S:
                grown = replace(grown, approximate=True)  # measured again (measure_exactly)
            else:
                note = "kills measured before those calls were added (a lower bound)"
                steps.append(Step(Stage.SEARCHING, note=note))
        return SelectionStep(grown, Trace.of(*steps))

    def sanitize(self, job: Job, selection: Selection) -> SelectionStep:
        """``selection`` without the examples that trip AddressSanitizer or UBSan natively, nor
        those that use what they declare (``server.judge.sanitize``); as it is when the option is
        off, or the same block of the same code was found clean before (phase 2 keeps phase 1's).
        """
        from server.judge.sanitize import drop_sanitizer_trips

        key = (job.code, selection.examples)
        if not self.options.sanitizers or not selection.examples or key in self.clean:
            return SelectionStep(selection, Trace())
        check_cancel(self.cancel)
        self.report("selecting", f"{job.name}: running the block under the sanitizers", job.name)
        t0 = time.monotonic()
        toolchain = getattr(self.runners.verify, "toolchain", None)
        clang_repl = toolchain.path if toolchain is not None else None
        limits = self.runners.verify.limits
        done = drop_sanitizer_trips(selection, job.code, job.decl, clang_repl, limits)
        check_cancel(self.cancel)
        if done.clean:
            self.clean.add((job.code, done.selection.examples))
        step = Step(Stage.SANITIZING, time.monotonic() - t0, done.note)
        return SelectionStep(done.selection, Trace.of(step))

    def measure_exactly(self, job: Job, selection: Selection) -> SelectionStep:
        """``selection`` with its kills measured on the block itself (no-op unless approximate)."""
        t0 = time.monotonic()
        measured = measure_block(
            selection, job.code, job.decl, self.runners.mutants, cancel=self.cancel
        )
        check_cancel(self.cancel)
        return SelectionStep(measured, Trace.of(Step(Stage.MUTATING, time.monotonic() - t0)))

    def finalize(
        self,
        job: Job,
        selection: Selection | None,
        trace: Trace,
        *,
        model: ModelCounts = NO_MODEL,
        equivalent: frozenset[str] = frozenset(),
        phase: int = 1,
        first_error: str = "",
        first_block: float | None = None,
    ) -> Plan:
        """The block of ``selection`` placed above the function, or a ``no_test`` plan saying why.

        ``trace``: everything done for the function so far, rendered into the result's message
        and timings (``first_block``: seconds to phase 1's block, for a phase-2 result);
        ``model``: the model's candidates, for the result's counts.
        """
        decl = job.decl
        timings = function_timings(
            trace, total=time.monotonic() - job.started, first_block=first_block
        )
        if selection is None or not checks_output(selection.examples):
            result = no_block_result(
                job, selection, trace, model, timings, self.options, first_error
            )
            return Plan(job.target, result)
        self.report("selecting", f"{job.name}: {len(selection.examples)} examples kept", job.name)
        examples = readable_block(selection.examples, decl, job.source)
        try:
            block_text, edit = plan_block(
                job.target,
                examples,
                job.style,
                job.newline,
                replace_user_blocks=self.options.replace_user_blocks,
            )
        except RenderError as exc:
            message = "; ".join(filter(None, (trace.message(), f"no block: cannot render: {exc}")))
            result = FunctionResult(decl, "no_test", message=message, timings=timings)
            return Plan(job.target, result)
        result = FunctionResult(
            function=decl,
            status="verified",
            origin=public_origin(selection),
            block_text=block_text,
            examples=tuple(examples),
            mutation_score=selection.mutation_score,
            mutants_killed=selection.killed,
            mutants_total=selection.total,
            mutants_killed_by_timeout=len(selection.timeout_kills),
            findings=selection.findings,
            surviving_mutants=reported_survivors(selection, equivalent),
            candidates_total=model.tried,
            candidates_verified=model.runnable,
            message=trace.message() + block_summary(selection),
            timings=timings,
            edit=edit,
            phase=phase,
        )
        return Plan(job.target, result, edit, job.style, job.newline)


def block_summary(selection: Selection) -> str:
    """The summary's end for a written block: examples, mutation score, possible bugs, note."""
    score = ""
    if selection.mutation_score is not None:
        score = f"; mutation score {selection.killed}/{selection.total}"
        if selection.timeout_kills:
            score += f" ({len(selection.timeout_kills)} killed only by a timeout)"
        if selection.approximate:
            score += " (read off the pooled run; measured in phase 2)"
    bugs = f"; {len(selection.findings)} possible bug(s)" if selection.findings else ""
    out = f"; {len(selection.examples)} example(s) in the block{score}{bugs}"
    return out + (f" ({selection.note})" if selection.note else "")


def public_origin(selection: Selection) -> Literal["model", "fallback", "model+fallback"]:
    """``FunctionResult.origin`` of a block (the one place ``Origin`` maps to it): ``model``,
    ``fallback`` (every other source: documentation, the project's own calls, type values, API
    sequences, input search) or ``model+fallback``.
    """
    origins = {u.origin is Origin.MODEL for u in selection.units}
    if len(origins) > 1:
        return "model+fallback"
    return "model" if origins == {True} else "fallback"


def has_output_checks(units: tuple[VerifiedUnit, ...]) -> bool:
    """Whether some unit checks an output (a block of those can be written)."""
    return any(checks_output(u.examples) for u in units)


def killable(selection: Selection, equivalent: frozenset[str]) -> int:
    """Survivors of ``selection`` that are not likely equivalent: what more examples could kill."""
    return sum(1 for m in selection.survivors if m.id not in equivalent)


def reported_survivors(
    selection: Selection, equivalent: frozenset[str]
) -> tuple[SurvivingMutant, ...]:
    """The block's surviving mutants as the result reports them (``likely_equivalent`` marked)."""
    return tuple(
        SurvivingMutant(
            id=m.id,
            operator=m.operator,
            line=m.line,
            description=m.description,
            likely_equivalent=m.id in equivalent,
        )
        for m in selection.survivors
    )
