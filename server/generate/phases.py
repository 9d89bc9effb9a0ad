"""The phases of one function's generation, composed from the steps of ``server.generate.steps``.

- ``run_phase1(job, steps) -> Phase1Result``: the fast sources only: the project's own calls of
  the function (usage mined from its tests, examples, README and headers), the documentation's
  calls and the fallback's type values and API sequences, verified, pooled and selected by mutation
  analysis (its kills read off the pooled run: one analysis, not two), the examples that trip
  the sanitizers dropped (``Steps.sanitize``). No model, no input search: the first block
  arrives in seconds.
- ``run_phase2(phase1, steps, use_model) -> Phase2Result``: within what is left of the time
  budget: phase 1's block measured exactly, the input search for its surviving mutants, the
  calls that reach code the block does not (branch coverage), then the model, asked only while
  mutants that are not likely equivalent survive (adaptive sampling: a pool that already kills
  every killable mutant needs no samples), or when phase 1 found nothing. The model's examples
  that kill survivors are added to the block (one run against the survivors, not a new
  selection); then the block is measured (``search_then_measure``; with no phase-1 block, the
  model's pool is selected, searched and covered there). With a phase-1 block,
  ``Phase2Result.plan`` is set only when its block kills more than phase 1's (or as many, with
  calls that reach more code), and ``keep_phase1_block`` gives phase 1's plan what phase 2
  learnt otherwise; without one, it is phase 2's block or its ``no_test`` result, whose message
  says why neither phase found a block (``server.generate.noblock``).
- ``run_single_phase(job, steps, use_model, use_analysis) -> Plan``: the same steps in one chain:
  every source pooled before one selection, then ``search_then_measure`` (``fallback='never'``
  and ``GenerateOptions.single_phase``).

Each phase concatenates its steps' traces (``server.generate.trace``) in the order their notes are
read.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from server.generate.job import Job
from server.generate.steps import (
    NO_MODEL,
    FoundUnits,
    SearchStep,
    Steps,
    has_output_checks,
    killable,
    reported_survivors,
)
from server.generate.trace import ModelCounts, Stage, Step, Trace, function_timings
from server.judge.select import Selection
from server.judge.units import VerifiedUnit
from server.render import Plan
from server.search.killing import MAX_CALLS

SEARCH_RESERVE_S = 15.0  # no input search when less than this is left of the time budget
MODEL_RESERVE_S = 20.0  # kept for the model's turn after the search (phase 2 with a model)
AFTER_MODEL_S = 10.0  # kept after the model's turn: branch coverage and the final measure
MIN_SEARCH_CALLS = 8  # the smallest search: a short budget shrinks the search, down to this


@dataclass(frozen=True)
class Phase1Result:
    """One function after phase 1: its plan and what phase 2 builds on."""

    job: Job
    plan: Plan  # final-checked once the pipeline has checked it (``server.generate.generator``)
    units: tuple[VerifiedUnit, ...]
    selection: Selection | None
    trace: Trace
    finished: float  # time.monotonic() at the end of the function's phase 1


@dataclass(frozen=True)
class Phase2Result:
    """Phase 2's outcome for one function: a stronger plan, or none and what was tried."""

    plan: Plan | None
    trace: Trace = Trace()  # phase 2's own steps (search, model, measurements)
    equivalent: frozenset[str] = frozenset()  # survivors no searched input told apart
    model: ModelCounts = NO_MODEL  # the model's candidates
    phase1_measured: Selection | None = None  # phase 1's selection, its kills measured exactly


def run_phase1(job: Job, steps: Steps) -> Phase1Result:
    """Phase 1 for one function: the fast sources' block (no model, no search)."""
    found = fast_sources(job, steps)
    # Kills read off the pooled run (no second analysis of the chosen block): the first block
    # comes sooner; phase 2 measures it exactly before comparing.
    selection, trace = select_if_checked(job, steps, found, exact=False)
    if selection is not None:
        checked = steps.sanitize(job, selection)
        selection, trace = checked.selection, trace + checked.trace
    plan = steps.finalize(job, selection, trace, phase=1)
    return Phase1Result(job, plan, found.units, selection, trace, time.monotonic())


def fast_sources(job: Job, steps: Steps) -> FoundUnits:
    """The units of the sources without a model: the project's own calls first (few, and the
    pool keeps units in order up to its size limit), then the documentation's and the
    fallback's.
    """
    mined = steps.usage_candidates(job)
    found = steps.analysis_candidates(job)
    return FoundUnits((*mined.units, *found.units), found.trace + mined.trace)


def select_if_checked(
    job: Job, steps: Steps, found: FoundUnits, *, exact: bool
) -> tuple[Selection | None, Trace]:
    """The selection of ``found``'s units when some check an output (else None: ``finalize``
    says why, ``server.generate.noblock``), with ``found``'s trace and the selection's.
    """
    if not has_output_checks(found.units):
        return None, found.trace
    chosen = steps.select_by_mutation(job, found.units, exact=exact)
    return chosen.selection, found.trace + chosen.trace


def run_phase2(phase1: Phase1Result, steps: Steps, use_model: bool) -> Phase2Result:
    """Phase 2 for one function: a block stronger than phase 1's, or None (module doc)."""
    left = max(0.0, phase1.job.deadline - phase1.finished)
    job = replace(phase1.job, deadline=time.monotonic() + left)
    selection, units = phase1.selection, phase1.units
    if selection is not None and not selection.examples:
        selection = None  # the rules dropped every unit: the model's are selected with them
    analysis_s = phase1.trace.seconds(Stage.MUTATING)  # one mutation analysis of the pool
    timed = Trace()  # measurements and selections: seconds, no notes
    if selection is not None and selection.approximate:
        measured = steps.measure_exactly(job, selection)
        selection, timed = measured.selection, timed + measured.trace
    base = selection  # phase 1's block, its kills measured
    searched: SearchStep | None = None
    if selection is not None and selection.survivors:
        keep_s = MODEL_RESERVE_S if use_model else 0.0
        searched = search_if_time_left(job, steps, units, selection, analysis_s, keep_s=keep_s)
        selection = searched.selection
    equivalent = searched.equivalent if searched is not None else frozenset[str]()
    model = FoundUnits()
    own = Trace()  # phase 2's steps, in the order their notes are read
    cover_trace = Trace()  # branch coverage and the model's examples added, before the model
    covered_first = False
    if not use_model:
        pass
    elif selection is not None and selection.total and not killable(selection, equivalent):
        own += Trace.of(
            Step(Stage.SAMPLING, note="model: not asked (the block kills every killable mutant)")
        )
    else:
        if selection is not None:
            # The calls that reach more code first: the model's examples are then added to the
            # block (``Steps.extend_by_mutation``), not chosen again with it, so the model can
            # neither drop those calls nor leave them no time.
            ran = searched.ran if searched is not None else ()
            covered = steps.cover_branches(job, selection, (*ran, *units))
            selection, cover_trace, covered_first = covered.selection, covered.trace, True
        # The model's rounds end early enough for the final measure.
        model = steps.model_candidates(replace(job, deadline=job.deadline - AFTER_MODEL_S))
        own += model.trace
        if selection is not None:
            extended = steps.extend_by_mutation(job, selection, model.units)
            selection, cover_trace = extended.selection, cover_trace + extended.trace
        elif model.units and has_output_checks(model.units):
            chosen = steps.select_by_mutation(job, (*model.units, *units), exact=False)
            timed, selection = timed + chosen.trace, chosen.selection
    if searched is not None:
        own += searched.trace
    own += cover_trace
    if selection is None:
        plan = None
        if phase1.plan.edit is None:  # no block in either phase: why, for both
            trace = phase1.trace + own + timed
            plan = steps.finalize(
                job, phase1.selection, trace, model=model.model, first_error=model.first_error
            )
        return Phase2Result(plan, own + timed, equivalent, model.model, base)
    final = search_then_measure(
        job,
        steps,
        (*model.units, *units),
        selection,
        equivalent,
        analysis_s,
        search=searched is None,
        ran=searched.ran if searched is not None else (),
        cover=not covered_first,
    )
    own, selection, equivalent = own + timed + final.trace, final.selection, final.equivalent
    if phase1.plan.edit is not None:
        was_killed, was_total = (base.killed, base.total) if base else (0, 0)
        if base is not None and (
            selection.killed < was_killed
            or (selection.killed == was_killed and not selection.covering)
        ):
            # Not stronger: phase 1's block, with the calls that reach code it does not.
            covered = steps.cover_branches(job, base, (*final.ran, *model.units, *units))
            if not covered.selection.covering:
                return Phase2Result(None, own, equivalent, model.model, base)
            checked = steps.sanitize(job, covered.selection)
            measured = steps.measure_exactly(job, checked.selection)
            selection = measured.selection
            own += covered.trace + checked.trace + measured.trace
        stronger = (
            f"phase 2: stronger block (kills {selection.killed}/{selection.total} instead of "
            f"{was_killed}/{was_total})"
            if selection.killed > was_killed
            else "phase 2: phase 1's block and calls that reach code it does not"
        )
        own += Trace.of(Step(Stage.MUTATING, note=stronger))
    plan = steps.finalize(
        job,
        selection,
        phase1.trace + own,
        model=model.model,
        equivalent=equivalent,
        phase=2,
        first_error=model.first_error,
        first_block=phase1.finished - phase1.job.started,
    )
    return Phase2Result(plan, own, equivalent, model.model, base)


def keep_phase1_block(phase1: Phase1Result, phase2: Phase2Result, total_s: float) -> Plan:
    """Phase 1's (final-checked) plan kept: its message says what phase 2 tried, its survivors
    which are likely equivalent; its timings say when that block came (``first_block``) and when
    phase 2 ended for the function (``total``, ``total_s``), as a stronger plan's do.
    """
    plan = phase1.plan
    result = plan.result
    first_block = result.timings.get("total", total_s)
    result = replace(
        result,
        timings=function_timings(phase1.trace, total=total_s, first_block=first_block),
    )
    tried = phase2.trace.message()
    if tried:
        result = replace(
            result, message=f"{result.message}; phase 2 found no stronger block ({tried})"
        )
    survivors = tuple(
        replace(m, likely_equivalent=m.likely_equivalent or m.id in phase2.equivalent)
        for m in result.surviving_mutants
    )
    base = phase2.phase1_measured
    if base is not None and base.mutation_score is not None:
        if (base.killed, base.total) != (result.mutants_killed, result.mutants_total):
            result = replace(
                result, message=f"{result.message}; measured: {base.killed}/{base.total}"
            )
        result = replace(
            result,
            mutation_score=base.mutation_score,
            mutants_killed=base.killed,
            mutants_total=base.total,
            mutants_killed_by_timeout=len(base.timeout_kills),
        )
        survivors = reported_survivors(base, phase2.equivalent)
    result = replace(
        result,
        surviving_mutants=survivors,
        candidates_total=result.candidates_total + phase2.model.tried,
        candidates_verified=result.candidates_verified + phase2.model.runnable,
    )
    return replace(plan, result=result)


def run_single_phase(job: Job, steps: Steps, use_model: bool, use_analysis: bool) -> Plan:
    """Every source pooled before one selection, then the search and the measurement (module
    doc).
    """
    model = steps.model_candidates(job) if use_model else FoundUnits()
    found = fast_sources(job, steps) if use_analysis else FoundUnits()
    pooled = FoundUnits((*model.units, *found.units), model.trace + found.trace)
    selection, trace = select_if_checked(job, steps, pooled, exact=not use_analysis)
    if selection is None:
        return steps.finalize(job, None, trace, model=model.model, first_error=model.first_error)
    mutating_s = trace.seconds(Stage.MUTATING)
    final = search_then_measure(
        job, steps, pooled.units, selection, frozenset(), mutating_s, search=use_analysis
    )
    return steps.finalize(
        job,
        final.selection,
        trace + final.trace,
        model=model.model,
        equivalent=final.equivalent,
        phase=2,
        first_error=model.first_error,
    )


def search_then_measure(
    job: Job,
    steps: Steps,
    units: tuple[VerifiedUnit, ...],
    selection: Selection,
    equivalent: frozenset[str],
    mutating_s: float,
    *,
    search: bool,
    ran: tuple[VerifiedUnit, ...] = (),
    cover: bool = True,
) -> SearchStep:
    """The last steps of a block: when ``search`` and mutants survive, the input search
    (``search_if_time_left``, its likely equivalent mutants replacing ``equivalent``); then,
    unless ``cover`` is off (done already), checked calls that reach code no example reaches
    (``Steps.cover_branches``, from the pool and every searched call that ran: ``ran``, the
    earlier search's); then the examples that trip the sanitizers dropped (``Steps.sanitize``)
    and the kills measured exactly.
    """
    trace = Trace()
    if search and selection.survivors:
        searched = search_if_time_left(job, steps, units, selection, mutating_s)
        selection, equivalent, trace = searched.selection, searched.equivalent, searched.trace
        ran = searched.ran
    if cover:
        covered = steps.cover_branches(job, selection, (*ran, *units))
        selection, trace = covered.selection, trace + covered.trace
    checked = steps.sanitize(job, selection)
    selection, trace = checked.selection, trace + checked.trace
    measured = steps.measure_exactly(job, selection)
    trace += measured.trace
    return SearchStep(measured.selection, (), equivalent, trace, ran)


def search_if_time_left(
    job: Job,
    steps: Steps,
    units: tuple[VerifiedUnit, ...],
    selection: Selection,
    mutating_s: float,
    *,
    keep_s: float = 0.0,
) -> SearchStep:
    """The input search, sized to the time budget that is left (less ``keep_s``, kept for the
    model's turn after it).

    A full search, the second selection and the final measure cost about two and a half more
    mutation analyses of the pool (``mutating_s``); with less time than that (a loaded machine,
    a slow pool), the search tries proportionally fewer calls (``search.MAX_CALLS`` scaled, at
    least ``MIN_SEARCH_CALLS``) instead of being left out. Only under ``SEARCH_RESERVE_S`` is it
    skipped.
    """
    avail = job.deadline - keep_s - time.monotonic()
    if avail < SEARCH_RESERVE_S:
        note = "no input search: not enough of the time budget is left"
        return SearchStep(selection, trace=Trace.of(Step(Stage.SEARCHING, 0.0, note)))
    need = max(SEARCH_RESERVE_S, 3.0 * mutating_s)
    calls = MAX_CALLS if avail >= need else max(MIN_SEARCH_CALLS, int(MAX_CALLS * avail / need))
    searched = steps.find_killing_inputs(job, units, selection, max_calls=calls)
    if calls == MAX_CALLS:
        return searched
    note = f"search: at most {calls} of {MAX_CALLS} calls (the time budget that is left)"
    return replace(searched, trace=searched.trace + Trace.of(Step(Stage.SEARCHING, note=note)))
