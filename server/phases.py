"""The two phases of one function's generation, composed from ``server.steps``.

- ``first(job, steps) -> First``: phase 1, the fast sources only: the documentation's calls and
  the fallback's type values and API sequences, verified, pooled and selected by mutation
  analysis (its kills read off the pooled run: one analysis, not two). No model, no input
  search: the first block arrives in seconds.
- ``second(first, steps, use_model) -> Second``: phase 2, within what is left of the time
  budget: phase 1's block measured exactly, the input search for its surviving mutants, then the
  model, asked only while mutants that are not likely equivalent survive (adaptive sampling: a
  pool that already kills every killable mutant needs no samples), or when phase 1 found
  nothing. The pool is selected again and measured; ``Second.plan`` is set only when its block
  kills more than phase 1's; ``annotate`` gives phase 1's plan what phase 2 learnt otherwise.
- ``single(job, steps, use_model, use_analysis) -> Plan``: every source pooled before one
  selection, then the search (the pipeline as it was before the two phases; ``fallback='never'``
  and ``GenerateOptions.single_phase``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from server.job import Job, Plan
from server.select import Selection
from server.steps import Candidates, Searched, Steps, has_output_checks, killable
from server.steps import survivors as steps_survivors
from server.verify import VerifiedUnit

SEARCH_RESERVE_S = 15.0  # no input search when less than this is left of the time budget
NO_EFFECT = "no observable effect: the examples ran but printed nothing to check"


@dataclass(frozen=True)
class First:
    """One function after phase 1: its plan and what phase 2 builds on."""

    job: Job
    plan: Plan
    units: tuple[VerifiedUnit, ...]
    selection: Selection | None
    notes: tuple[str, ...]
    timings: dict[str, float]
    finished: float  # time.monotonic() at the end of the function's phase 1


@dataclass(frozen=True)
class Second:
    """Phase 2's outcome for one function: a stronger plan, or none and what was tried."""

    plan: Plan | None
    notes: tuple[str, ...] = ()  # phase 2's own notes (search, model)
    equivalent: frozenset[str] = frozenset()  # survivors no searched input told apart
    candidates: tuple[int, int] = (0, 0)  # the model's: tried, gave a runnable unit
    first: Selection | None = None  # phase 1's selection with its kills measured exactly


def first(job: Job, steps: Steps) -> First:
    """Phase 1 for one function: the fast sources' block (no model, no search)."""
    found = steps.analysis_candidates(job)
    notes = [found.note]
    timings = dict(found.seconds)
    selection = None
    if found.units and not has_output_checks(found.units):
        notes.append(NO_EFFECT)
    if has_output_checks(found.units):
        # Kills read off the pooled run (no second analysis of the chosen block): the first
        # block comes sooner; phase 2 measures it exactly before comparing.
        chosen = steps.select(job, found.units, exact=False)
        selection = chosen.selection
        timings["mutating"] = chosen.seconds
    plan = steps.finalize(job, selection, notes=notes, timings=timings, phase=1)
    return First(job, plan, found.units, selection, tuple(notes), timings, time.monotonic())


def second(first: First, steps: Steps, use_model: bool) -> Second:
    """Phase 2 for one function: a block stronger than phase 1's, or None (module doc)."""
    left = max(0.0, first.job.deadline - first.finished)
    job = replace(first.job, deadline=time.monotonic() + left)
    notes, timings = list(first.notes), dict(first.timings)
    timings["first_block"] = first.finished - first.job.started
    selection, units = first.selection, first.units
    analysis_s = first.timings.get("mutating", 0.0)  # one mutation analysis of the pool
    if selection is not None and selection.approximate:
        measured = steps.measure(job, selection)
        selection = measured.selection
        timings["mutating"] = timings.get("mutating", 0.0) + measured.seconds
    base = selection  # phase 1's block, its kills measured
    searched: Searched | None = None
    if selection is not None and selection.survivors:
        searched = search(job, steps, units, selection, analysis_s)
        selection = searched.selection
    equivalent = searched.equivalent if searched is not None else frozenset()
    model = Candidates()
    if not use_model:
        pass
    elif selection is not None and selection.total and not killable(selection, equivalent):
        notes.append("model: not asked (the block kills every killable mutant)")
    else:
        model = steps.model_candidates(job)
        notes.append(model.note)
        pool = (*(searched.units if searched else ()), *model.units, *units)
        if model.units and has_output_checks(pool):
            mutants = list(selection.mutants) if selection is not None else []
            chosen = steps.select(job, pool, mutants or None, exact=False)
            timings["mutating"] = timings.get("mutating", 0.0) + chosen.seconds
            if selection is None or chosen.selection.killed >= selection.killed:
                selection = chosen.selection
    if searched is not None:
        notes.extend(searched.notes)
        timings["searching"] = searched.seconds
    if selection is None:
        return Second(
            None, tuple(notes[len(first.notes) :]), equivalent, (model.total, model.verified), base
        )
    if searched is None and selection.survivors:
        searched = search(job, steps, (*model.units, *units), selection, analysis_s)
        selection, equivalent = searched.selection, searched.equivalent
        notes.extend(searched.notes)
        timings["searching"] = searched.seconds
    measured = steps.measure(job, selection)
    selection = measured.selection
    timings = _add(timings, model.seconds, {"mutating": measured.seconds})
    was_killed, was_total = (base.killed, base.total) if base else (0, 0)
    if first.plan.edit is not None:
        if base is not None and selection.killed <= was_killed:
            return Second(
                None,
                tuple(notes[len(first.notes) :]),
                equivalent,
                (model.total, model.verified),
                base,
            )
        notes.append(
            f"phase 2: stronger block (kills {selection.killed}/{selection.total} instead of "
            f"{was_killed}/{was_total})"
        )
    plan = steps.finalize(
        job,
        selection,
        notes=notes,
        timings=timings,
        candidates=(model.total, model.verified),
        equivalent=equivalent,
        phase=2,
        first_error=model.first_error,
    )
    return Second(
        plan, tuple(notes[len(first.notes) :]), equivalent, (model.total, model.verified), base
    )


def annotate(plan: Plan, second: Second, total_s: float) -> Plan:
    """Phase 1's ``plan`` kept: its message says what phase 2 tried, its survivors which are
    likely equivalent; its timings say when that block came (``first_block``) and when phase 2
    ended for the function (``total``, ``total_s``), as a stronger plan's do.
    """
    result = plan.result
    first_block = result.timings.get("total", total_s)
    result = replace(
        result, timings={**result.timings, "first_block": first_block, "total": total_s}
    )
    if second.notes:
        tried = "; ".join(n for n in second.notes if n)
        result = replace(
            result, message=f"{result.message}; phase 2 found no stronger block ({tried})"
        )
    survivors = tuple(
        replace(m, likely_equivalent=m.likely_equivalent or m.id in second.equivalent)
        for m in result.surviving_mutants
    )
    base = second.first
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
        survivors = steps_survivors(base, second.equivalent)
    total, verified = second.candidates
    result = replace(
        result,
        surviving_mutants=survivors,
        candidates_total=result.candidates_total + total,
        candidates_verified=result.candidates_verified + verified,
    )
    return replace(plan, result=result)


def single(job: Job, steps: Steps, use_model: bool, use_analysis: bool) -> Plan:
    """Every source pooled before one selection, then the search (module doc)."""
    notes: list[str] = []
    model = steps.model_candidates(job) if use_model else Candidates()
    if use_model:
        notes.append(model.note)
    found = steps.analysis_candidates(job) if use_analysis else Candidates()
    if use_analysis:
        notes.append(found.note)
    timings = _add(model.seconds, found.seconds)
    units = (*model.units, *found.units)
    if units and not has_output_checks(units):
        notes.append(NO_EFFECT)
    counts = (model.total, model.verified)
    if not has_output_checks(units):
        return steps.finalize(
            job,
            None,
            notes=notes,
            timings=timings,
            candidates=counts,
            first_error=model.first_error,
        )
    chosen = steps.select(job, units, exact=not use_analysis)
    selection, equivalent = chosen.selection, frozenset[str]()
    timings = _add(timings, {"mutating": chosen.seconds})
    if use_analysis and selection.survivors:
        searched = search(job, steps, units, selection, chosen.seconds)
        selection, equivalent = searched.selection, searched.equivalent
        notes.extend(searched.notes)
        timings = _add(timings, {"searching": searched.seconds})
    measured = steps.measure(job, selection)
    return steps.finalize(
        job,
        measured.selection,
        notes=notes,
        timings=_add(timings, {"mutating": measured.seconds}),
        candidates=counts,
        equivalent=equivalent,
        phase=2,
        first_error=model.first_error,
    )


def search(
    job: Job,
    steps: Steps,
    units: tuple[VerifiedUnit, ...],
    selection: Selection,
    mutating_s: float,
) -> Searched:
    """The input search, when enough of the budget is left: it, the second selection and the
    final measure cost about two and a half more mutation analyses of the pool (``mutating_s``).
    """
    need = max(SEARCH_RESERVE_S, 3.0 * mutating_s)
    if time.monotonic() > job.deadline - need:
        return Searched(
            selection, notes=("no input search: not enough of the time budget is left",)
        )
    return steps.search(job, units, selection)


def _add(*parts: dict[str, float]) -> dict[str, float]:
    """Timings summed per stage."""
    out: dict[str, float] = {}
    for part in parts:
        for k, v in part.items():
            out[k] = out.get(k, 0.0) + v
    return out
