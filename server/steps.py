"""The pipeline's steps for one function, each with a typed input and a typed output.

``prepare`` turns a located function into a ``Job`` (everything the steps read: context, code
under test, documentation facts, prompt, deadline) or, for a function that is skipped or broken, a
finished ``Plan``. Then, on a ``Steps`` (the runners, options, progress and cancel event):

- ``analysis_candidates(job) -> Candidates``: program analysis, no model: the calls the
  documentation states (``server.search.doc_candidates``) and the fallback's type values and API
  sequences (``server.fallback``), run and recorded (``server.verify``).
- ``model_candidates(job, backend) -> Candidates``: the model's samples (up to ``MAX_ATTEMPTS``
  rounds until something runs, within the deadline), run and recorded.
- ``select(job, units) -> Selected``: the pool (``server.select.build_pool``) and the examples
  that kill the most mutants (``select_block``).
- ``search(job, units, selection) -> Searched``: inputs that tell the survivors apart
  (``server.search``), and the pool chosen again with them.
- ``measure(job, selection) -> Selected``: an approximate selection's kills measured on the block.
- ``finalize(job, selection, ...) -> Plan``: the block rendered and placed (``server.render``), or
  a ``no_test`` result saying why not.

Steps return what they found and what it cost (``seconds``, per stage); none changes its
arguments. ``server.pipeline`` composes them into phases.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cdoctest_runner.protocol import Runner
from models.api import Backend, ModelError
from models.errors import ModelRuntimeError
from server.api import FunctionResult, GenerateOptions, SurvivingMutant
from server.job import Job, Plan, check_cancel
from server.render import RenderError, checks_output, plan_block
from server.runtime import Budget, Reporter
from server.sample import sample_candidates
from server.search import doc_candidates, search
from server.select import Selection, build_pool, measure, select_block
from server.verify import Candidate, VerifiedUnit, verify_candidates

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutate import Mutant

MAX_ATTEMPTS = 3  # sampling rounds per function when nothing verifies

Origin = Literal["model", "fallback", "model+fallback", "none"]


@dataclass(frozen=True)
class Candidates:
    """Runnable units from one source, with the counts and notes for the summary."""

    units: tuple[VerifiedUnit, ...] = ()
    note: str = ""
    total: int = 0  # candidates tried
    verified: int = 0  # candidates that gave a runnable unit
    first_error: str = ""  # first format problem of the model's candidates
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Selected:
    """A selection and what it cost."""

    selection: Selection
    seconds: float


@dataclass(frozen=True)
class Searched:
    """The selection after the input search, the searched units, and likely equivalent mutants."""

    selection: Selection
    units: tuple[VerifiedUnit, ...] = ()
    equivalent: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()
    seconds: float = 0.0


class Steps:
    """The steps, bound to what they run with (runners, options, progress, cancel)."""

    def __init__(
        self,
        runner: Runner,
        mutation_runner: Runner,
        options: GenerateOptions,
        report: Reporter,
        cancel: threading.Event | None,
        backend: Callable[[], Backend] | None = None,
    ) -> None:
        self.runner = runner
        self.mutation_runner = mutation_runner
        self.options = options
        self.report = report
        self.cancel = cancel
        self.backend = backend  # loads the model on first use (``ModelError`` when it cannot)

    def in_phase(self, phase: int) -> Steps:
        """The same steps, reporting progress as ``phase``."""
        return Steps(
            self.runner,
            self.mutation_runner,
            self.options,
            self.report.in_phase(phase),
            self.cancel,
            self.backend,
        )

    def analysis_candidates(self, job: Job) -> Candidates:
        """The documentation's calls and the fallback's candidates that ran (no model)."""
        from server.fallback import FallbackError, fallback_candidates

        check_cancel(self.cancel)
        self.report(
            "verifying",
            f"{job.name}: running the documented calls and the no-model fallback",
            job.name,
        )
        t0 = time.monotonic()
        try:
            proposals = fallback_candidates(
                job.decl, job.ctx, job.ctx.language, cursor=job.target.cursor
            )
        except FallbackError:
            proposals = []
        # The documentation's calls first: the pool keeps units in order up to its size limit.
        candidates = doc_candidates(job.ctx, job.facts, first_index=1000)
        candidates += [
            Candidate(tuple(exs), origin="fallback", index=i) for i, exs in enumerate(proposals)
        ]
        ran = verify_candidates(
            candidates,
            job.code,
            self.runner,
            set(job.names),
            strict=False,
            filename=job.path,
            cancel=self.cancel,
        )
        check_cancel(self.cancel)
        note = (
            f"fallback: {len(ran.kept)} runnable call group(s) recorded"
            if ran.kept
            else "fallback: nothing runnable"
        )
        if not ran.kept and ran.missing_symbols:
            note += ": " + missing_note(job, ran.missing_symbols)
        return Candidates(
            units=tuple(ran.kept),
            note=note,
            total=len(candidates),
            verified=ran.candidates_with_kept,
            seconds={"fallback": time.monotonic() - t0},
        )

    def model_candidates(self, job: Job) -> Candidates:
        """The model's candidates that ran: sampling rounds until something runs or time is up.

        A model host that dies while loading (``ModelRuntimeError``) or a model that fails while
        sampling (``ModelError``) costs only these candidates; the note then reads
        ``model failed: <the error>``. Other ``ModelError``s of loading propagate.
        """
        backend: Backend | None = None
        load_error = ""
        if self.backend is not None:
            try:
                backend = self.backend()
            except ModelRuntimeError as exc:
                load_error = str(exc)
        units: list[VerifiedUnit] = []
        total = verified = 0
        errors: list[str] = []
        notes: list[str] = []
        seconds = {"sampling": 0.0, "verifying": 0.0}
        model_error = load_error
        for attempt in range(MAX_ATTEMPTS if backend is not None else 0):
            assert backend is not None
            check_cancel(self.cancel)
            retry = f" (retry {attempt})" if attempt else ""
            self.report(
                "sampling",
                f"{job.name}: sampling {self.options.samples} candidates{retry}",
                job.name,
            )
            ts = time.monotonic()
            with Budget(self.cancel, job.deadline) as budget:
                try:
                    sampled = sample_candidates(
                        backend,
                        job.prompt,
                        self.options,
                        attempt=attempt,
                        cancel=budget.event,
                        max_tokens=self.options.max_tokens,
                    )
                except ModelError as exc:  # e.g. the model host crashed: fall back
                    check_cancel(self.cancel)
                    model_error = str(exc)
                    break
            seconds["sampling"] += time.monotonic() - ts
            check_cancel(self.cancel)
            if budget.expired:
                notes.append("the time budget ran out while sampling")
            n = len(sampled.candidates)
            total += n
            errors += [c.error for c in sampled.candidates if c.error]
            self.report(
                "verifying", f"{job.name}: running {n} candidates", job.name, done=0, total=n
            )
            tv = time.monotonic()
            ran = verify_candidates(
                sampled.candidates,
                job.code,
                self.runner,
                set(job.names),
                strict=self.options.strict,
                filename=job.source.path,
                cancel=self.cancel,
            )
            seconds["verifying"] += time.monotonic() - tv
            check_cancel(self.cancel)
            for i, k in enumerate(ran.kept_per_candidate):
                self.report(
                    "verifying",
                    f"{job.name}: candidate {i + 1}/{n}: {k} runnable example(s)",
                    job.name,
                    done=i + 1,
                    total=n,
                )
            units += ran.kept
            verified += ran.candidates_with_kept
            if units or time.monotonic() > job.deadline - 5:
                break
        note = f"model failed: {model_error}" if model_error else model_note(total, verified, units)
        return Candidates(
            units=tuple(units),
            note="; ".join([*notes, note]),
            total=total,
            verified=verified,
            first_error=errors[0] if errors else "",
            seconds=seconds,
        )

    def select(
        self,
        job: Job,
        units: tuple[VerifiedUnit, ...],
        mutants: list[Mutant] | None = None,
        *,
        exact: bool = True,
    ) -> Selected:
        """Mutation analysis of the pool and the greedy choice of the block."""
        check_cancel(self.cancel)
        self.report("mutating", f"{job.name}: choosing examples by mutation analysis", job.name)
        t0 = time.monotonic()
        chosen = select_block(
            build_pool([u for u in units if checks_output(u.examples)]),
            job.code,
            job.decl,
            self.mutation_runner,
            self.options.max_examples,
            cancel=self.cancel,
            mutants=mutants,
            exact=exact,
        )
        check_cancel(self.cancel)
        return Selected(chosen, time.monotonic() - t0)

    def search(self, job: Job, units: tuple[VerifiedUnit, ...], selection: Selection) -> Searched:
        """Search inputs for the block's surviving mutants; select again with what kills them.

        The new selection is approximate (``measure`` makes it exact); it replaces the old one
        only when it kills at least as many. ``equivalent``: the survivors no searched input told
        apart (likely equivalent mutants).
        """
        check_cancel(self.cancel)
        self.report(
            "mutating",
            f"{job.name}: searching inputs for {len(selection.survivors)} surviving mutant(s)",
            job.name,
        )
        t0 = time.monotonic()
        found = search(
            job.ctx,
            job.facts,
            job.code,
            job.decl,
            self.runner,
            self.mutation_runner,
            list(selection.survivors),
            names=set(job.names),
            filename=job.path,
            deadline=job.deadline,
            cancel=self.cancel,
        )
        check_cancel(self.cancel)
        equivalent = frozenset(found.likely_equivalent)
        notes = [found.note] if found.note else []
        if not found.units:
            if found.tried:
                notes.append(f"search: none of {found.tried} inputs killed a surviving mutant")
            return Searched(selection, (), equivalent, tuple(notes), time.monotonic() - t0)
        notes.append(
            f"search: {len(found.units)} of {found.tried} inputs kill "
            f"{len(found.killed)} surviving mutant(s)"
        )
        # Searched calls first, so the pool's size limit never leaves them out.
        again = self.select(
            job, (*found.units, *units), list(selection.mutants), exact=False
        ).selection
        best = again if again.killed >= selection.killed else selection
        return Searched(best, tuple(found.units), equivalent, tuple(notes), time.monotonic() - t0)

    def measure(self, job: Job, selection: Selection) -> Selected:
        """``selection`` with its kills measured on the block itself (no-op unless approximate)."""
        t0 = time.monotonic()
        measured = measure(selection, job.code, job.decl, self.mutation_runner, cancel=self.cancel)
        check_cancel(self.cancel)
        return Selected(measured, time.monotonic() - t0)

    def finalize(
        self,
        job: Job,
        selection: Selection | None,
        *,
        notes: list[str],
        timings: dict[str, float],
        candidates: tuple[int, int] = (0, 0),
        equivalent: frozenset[str] = frozenset(),
        phase: int = 1,
        first_error: str = "",
    ) -> Plan:
        """The block of ``selection`` placed above the function, or a ``no_test`` plan saying why.

        ``candidates``: (tried, gave a runnable unit) of the model, for the result's counts.
        """
        decl = job.decl
        total, ok = candidates
        spent = {**timings, "total": time.monotonic() - job.started}
        if selection is None or not checks_output(selection.examples):
            msg = "; ".join(notes) or "nothing verifiable"
            if first_error and not self.options.no_model:
                msg += f" (first format problem: {first_error})"
            result = FunctionResult(
                decl,
                "no_test",
                origin="none",
                message=msg,
                candidates_total=total,
                candidates_verified=ok,
                timings=spent,
            )
            return Plan(job.target, result)
        self.report("selecting", f"{job.name}: {len(selection.examples)} examples kept", job.name)
        try:
            block_text, edit = plan_block(
                job.target,
                selection.examples,
                job.style,
                job.newline,
                replace_user_blocks=self.options.replace_user_blocks,
            )
        except RenderError as exc:
            result = FunctionResult(decl, "no_test", message=f"cannot render: {exc}", timings=spent)
            return Plan(job.target, result)
        score = ""
        if selection.mutation_score is not None:
            score = f"; mutation score {selection.killed}/{selection.total}"
            if selection.timeout_kills:
                score += f" ({len(selection.timeout_kills)} killed only by a timeout)"
            if selection.approximate:
                score += " (read off the pooled run; measured in phase 2)"
        bugs = f"; {len(selection.findings)} possible bug(s)" if selection.findings else ""
        msg = "; ".join(notes) + f"; {len(selection.examples)} example(s) in the block{score}{bugs}"
        if selection.note:
            msg += f" ({selection.note})"
        result = FunctionResult(
            function=decl,
            status="verified",
            origin=origin_of(selection),
            block_text=block_text,
            examples=selection.examples,
            mutation_score=selection.mutation_score,
            mutants_killed=selection.killed,
            mutants_total=selection.total,
            mutants_killed_by_timeout=len(selection.timeout_kills),
            findings=selection.findings,
            surviving_mutants=survivors(selection, equivalent),
            candidates_total=total,
            candidates_verified=ok,
            message=msg,
            timings=spent,
            edit=edit,
            phase=phase,
        )
        return Plan(job.target, result, edit, job.style, job.newline)


def origin_of(selection: Selection) -> Origin:
    """Whose examples the block holds: the model's, the fallback's (search, docs) or both."""
    origins = {u.origin for u in selection.units}
    if len(origins) > 1:
        return "model+fallback"
    return "model" if origins == {"model"} else "fallback"


def has_output_checks(units: tuple[VerifiedUnit, ...]) -> bool:
    """Whether some unit checks an output (a block of those can be written)."""
    return any(checks_output(u.examples) for u in units)


def killable(selection: Selection, equivalent: frozenset[str]) -> int:
    """Survivors of ``selection`` that are not likely equivalent: what more examples could kill."""
    return sum(1 for m in selection.survivors if m.id not in equivalent)


def missing_note(job: Job, symbols: tuple[str, ...]) -> str:
    """Why the calls could not link: each missing symbol, where it is declared, what to do."""
    from cdoctest_runner.project_lib import explain_missing
    from server.locate import declaration_site, shown_path

    tu = job.source.tu
    return "; ".join(
        explain_missing(
            name,
            declaration_site(tu, name) if tu is not None else None,
            shown_path(job.source.path),
            shown_path(job.source.build_dir) if job.source.build_dir else None,
        )
        for name in symbols[:3]
    )


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


def survivors(selection: Selection, equivalent: frozenset[str]) -> tuple[SurvivingMutant, ...]:
    """The block's surviving mutants, as the result reports them."""
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
