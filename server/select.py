"""Select: deduplicate verified units and keep a small block that kills the most mutants.

``build_pool(units)`` lays the kept units end to end as one block: duplicates (same code and output)
are dropped, and a variable a unit declares that an earlier unit already declared is renamed
(``s`` -> ``s_2``) so the units can share one session. ``requires[i]`` lists the earlier examples
of example ``i``'s own unit (state carries through a unit, so a later example needs all of them).

``select_block(pool, code, function, runner, max_examples)`` runs
``cdoctest_runner.mutate.mutation_analysis`` on the pool, takes the greedy cover
(``cdoctest_runner.mutate.select_examples``); the reported score is the score of the block actually
written. When the chosen examples are a prefix of the pool (all of it included), they run exactly as
in the pooled run, so their kills are read off it (``cdoctest_runner.mutate.block_kills``); any
other choice is measured again, since a left-out earlier example can change what a later one
does under a mutant (it ends the session, so later examples are SKIPPED; it uses up the session's
time limit; the code keeps state). With no mutants (no body in this file, nothing to mutate) the
first units are kept and the score is None.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.api import Finding
from server.verify import VerifiedUnit, declared_names

MAX_POOL = 24  # examples laid out for mutation analysis (each mutant runs them all)

_LITERAL_OR_ID = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|(?P<id>[A-Za-z_]\w*)')


def rename(code: str, mapping: dict[str, str]) -> str:
    """Rename identifiers outside string and character literals.

    >>> rename('int s = 1; printf("s=%d", s);', {"s": "s_2"})
    'int s_2 = 1; printf("s=%d", s_2);'
    """

    def sub(m: re.Match[str]) -> str:
        name = m.group("id")
        return mapping.get(name, name) if name else m.group(0)

    return _LITERAL_OR_ID.sub(sub, code)


def _key(ex: Example) -> tuple[str, str]:
    return (" ".join(ex.source.split()), ex.want.strip())


@dataclass
class Pool:
    """The candidate block: examples end to end, their unit and the examples each requires."""

    examples: list[Example] = field(default_factory=list)
    unit_of: list[int] = field(default_factory=list)  # index into ``units``
    requires: list[list[int]] = field(default_factory=list)
    units: list[VerifiedUnit] = field(default_factory=list)
    renamed: list[dict[str, str]] = field(default_factory=list)  # per unit


def build_pool(units: list[VerifiedUnit], max_examples: int = MAX_POOL) -> Pool:
    """Dedupe and lay out ``units`` (in order; model units first is the caller's choice)."""
    pool = Pool()
    seen_units: set[tuple[tuple[str, str], ...]] = set()
    seen_single: set[tuple[str, str]] = set()
    declared: set[str] = set()
    for vu in units:
        key = tuple(_key(e) for e in vu.examples)
        if key in seen_units:
            continue
        if len(key) == 1 and key[0] in seen_single:
            continue
        if len(pool.examples) + len(vu.examples) > max_examples:
            continue
        names: set[str] = set()
        for e in vu.examples:
            names |= declared_names(e.source)
        mapping = {}
        for n in sorted(names & declared):
            k = 2
            while f"{n}_{k}" in declared or f"{n}_{k}" in names:
                k += 1
            mapping[n] = f"{n}_{k}"
        seen_units.add(key)
        seen_single |= set(key)
        declared |= {mapping.get(n, n) for n in names}
        u = len(pool.units)
        pool.units.append(vu)
        pool.renamed.append(mapping)
        first = len(pool.examples)
        for e in vu.examples:
            src = rename(e.source, mapping) if mapping else e.source
            pool.requires.append(list(range(first, len(pool.examples))))
            pool.examples.append(replace(e, source=src))
            pool.unit_of.append(u)
    return pool


@dataclass(frozen=True)
class Selection:
    """The block to write and how good it is."""

    examples: tuple[Example, ...]
    units: tuple[VerifiedUnit, ...]
    findings: tuple[Finding, ...]
    mutation_score: float | None
    killed: int
    total: int
    note: str = ""


def select_block(
    pool: Pool,
    code: CodeUnderTest,
    function: Declaration,
    runner: object,
    max_examples: int,
    *,
    cancel: threading.Event | None = None,
) -> Selection:
    """Choose at most about ``max_examples`` examples of ``pool`` by mutation kills (module doc)."""
    from cdoctest_runner.mutate import (
        MutationError,
        block_kills,
        make_mutants,
        mutation_analysis,
        select_examples,
    )

    if not pool.examples:
        return Selection((), (), (), None, 0, 0, "nothing to select from")
    # Declarations a call needs count towards the budget; allow a little room for them.
    has_setup = any(pool.requires[i] for i in range(len(pool.examples)))
    budget = max_examples + (2 if has_setup else 0)
    source = code.text
    if source is None and code.path is not None:
        with open(code.path, encoding="utf-8", errors="surrogateescape") as fh:
            source = fh.read()
    try:
        mutants = make_mutants(
            source or "", function, code.language, 40, path=code.path, flags=code.flags
        )
    except MutationError as exc:
        mutants = []
        note = f"no mutation analysis: {exc}"
    else:
        note = "" if mutants else "no mutants (nothing to mutate in the body)"
    if not mutants:
        chosen = _first_units(pool, min(budget, 4))
        return _selection(pool, chosen, None, 0, 0, note)
    try:
        report = mutation_analysis(pool.examples, code, function, runner, mutants, cancel)  # type: ignore[arg-type]
    except MutationError as exc:
        chosen = _first_units(pool, budget)
        return _selection(pool, chosen, None, 0, 0, f"no mutation analysis: {exc}")
    kills = report.kills_per_example
    chosen = select_examples(pool.examples, kills, budget, requires=pool.requires)
    chosen = _with_a_check(pool, chosen)
    if not report.baseline_passed:
        note = "the pooled block did not pass as a whole; kills are approximate"
    if chosen == list(range(len(pool.examples))):
        return _selection(
            pool, chosen, report.score if report.total else None, report.killed, report.total, note
        )
    if chosen == list(range(len(chosen))):
        # A prefix of the pooled block runs exactly as it did there (same session, same earlier
        # examples), so its kills are read off the first analysis.
        killed = len(block_kills(report, chosen))
        score = killed / report.total if report.total else None
        return _selection(pool, chosen, score, killed, report.total, note)
    # Otherwise measure again: a left-out earlier example may have ended a mutant's session (the
    # later ones then count as SKIPPED, i.e. detected), used up its time limit or left state behind.
    block = [pool.examples[i] for i in chosen]
    final = mutation_analysis(block, code, function, runner, mutants, cancel)  # type: ignore[arg-type]
    return _selection(
        pool, chosen, final.score if final.total else None, final.killed, final.total, note
    )


def _with_a_check(pool: Pool, chosen: list[int]) -> list[int]:
    """``chosen``, plus the first example that expects output (and what it needs) if none does:
    a block whose examples only kill mutants by crashing checks nothing a reader can see."""
    if any(pool.examples[i].want for i in chosen):
        return chosen
    first = next((i for i, e in enumerate(pool.examples) if e.want), None)
    if first is None:
        return chosen
    return sorted(set(chosen) | set(pool.requires[first]) | {first})


def _first_units(pool: Pool, budget: int) -> list[int]:
    chosen: list[int] = []
    for u in range(len(pool.units)):
        members = [i for i, k in enumerate(pool.unit_of) if k == u]
        if chosen and len(chosen) + len(members) > budget:
            break
        chosen += members
    return chosen


def _selection(
    pool: Pool, chosen: list[int], score: float | None, killed: int, total: int, note: str
) -> Selection:
    examples = tuple(pool.examples[i] for i in chosen)
    unit_ids = sorted({pool.unit_of[i] for i in chosen})
    units = tuple(pool.units[u] for u in unit_ids)
    chosen_keys = {_key(e) for e in examples}
    findings = []
    for u in unit_ids:
        for f in pool.units[u].findings:
            ex = replace(f.example, source=rename(f.example.source, pool.renamed[u]))
            if _key(ex) in chosen_keys:
                findings.append(replace(f, example=ex))
    return Selection(examples, units, tuple(findings), score, killed, total, note)
