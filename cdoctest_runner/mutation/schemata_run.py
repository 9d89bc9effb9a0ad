"""Mutation analysis on mutant schemata: a mutant's run flips a switch in a session that loaded
the schema once, instead of compiling its own file.

``run_mutants(runner, test, code, source, mutants)`` gives what running ``(test, code)`` and each
``(test, <code with the mutant's text>)`` in one ``run_many`` batch gives (the baseline, then
one result per mutant: ``mutation_analysis`` reads the same report off either):

1. ``schemata.plan_schema`` places the mutants (cached per text, mutants and flags);
2. the first analysis of those mutants loads their schema beside the original, and runs the block
   on it with the switch at 0. A schema that does not load loses the mutants its errors point at
   (``schema_text.mutants_in_error``) and is loaded again; if that fails too (an error may be
   reported where no mutant is, such as at the ``&`` before one), or the errors point at none,
   it is split in halves (at most ``MAX_FAILED_LOADS`` failed loads, then the rest runs on its
   own). What loads
   is remembered, so a later analysis of the same mutants (the generator analyses one function's
   mutants many times) runs in one batch;
3. each mutant of a schema that loads runs as the block with ``__cdt_mutant = k;`` sent first
   (``schema_text.switch_input``), in the schema's sessions: the runner keeps one warm, takes
   the block back with ``%undo`` and restores C file-scope state (``snapshot``), as for any
   code (a crash or time-out costs a new session: one compile). The switch's example is taken
   off the result. Mutants left out of every schema run on their own, as before;
4. a schema whose run at 0 differs from the original's (another outcome or output of some
   example) is not trusted for this block: its mutants run on their own. So is a switched run
   that did not load or whose switch did not pass.

Code with state the runner cannot put back between blocks (``reuse.code_is_stateful`` and not
``snapshot``'s C file-scope variables) gets a new session per block anyway; it, and fewer than
``MIN_MUTANTS`` placed mutants, run the old way.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from cdoctest_runner.loadable import loadable
from cdoctest_runner.mutation.mutate import Mutant
from cdoctest_runner.mutation.schema_text import (
    Plan,
    Schema,
    mutants_in_error,
    render,
    switch_input,
)
from cdoctest_runner.mutation.schemata import plan_schema
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult, Outcome, differing_examples
from cdoctest_runner.reuse import code_is_stateful
from cdoctest_runner.snapshot import state_variables

__all__ = ["MAX_FAILED_LOADS", "MIN_MUTANTS", "run_mutants"]

_log = logging.getLogger(__name__)

MAX_FAILED_LOADS = 4  # schema loads that may fail per set of mutants before the rest runs alone
MIN_MUTANTS = 2  # fewer placed mutants than this: one compile each is no dearer
_CACHE_SIZE = 64


@dataclass
class _Settled:
    """What is known of one set of mutants: where they go, and which schemata load."""

    plan: Plan
    groups: list[Schema] | None = None  # the schemata that loaded (None: not tried yet)
    alone: frozenset[str] = frozenset()  # ids that run on their own


_cache: OrderedDict[str, _Settled] = OrderedDict()
_lock = threading.Lock()


def _flags(code: CodeUnderTest, flags: Sequence[str]) -> tuple[str, ...]:
    return (
        *(f"-I{d}" for d in code.include_dirs),
        *(f"-D{d}" for d in code.defines),
        *code.flags,
        *flags,
    )


def _settled(
    code: CodeUnderTest, source: str, mutants: Sequence[Mutant], flags: Sequence[str]
) -> _Settled:
    """The cached entry of these mutants of ``source`` (planned on first use)."""
    h = hashlib.sha256()
    for part in (source, code.language, code.path or "", *_flags(code, flags)):
        h.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for m in mutants:
        h.update(m.id.encode() + b"\0" + m.text.encode("utf-8", "surrogateescape") + b"\0")
    key = h.hexdigest()
    with _lock:
        entry = _cache.get(key)
        if entry is not None:
            _cache.move_to_end(key)
            return entry
    plan = plan_schema(source, mutants, code.language, path=code.path, flags=_flags(code, flags))
    entry = _Settled(plan)
    with _lock:
        _cache[key] = entry
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return entry


def _worth_it(code: CodeUnderTest) -> bool:
    """Whether a session of ``code`` can serve several blocks (else each mutant compiles anyway)."""
    return not code_is_stateful(code) or state_variables(loadable(code)) is not None


def _switched(test: DocTest, value: int) -> DocTest:
    return dataclasses.replace(test, examples=(Example(switch_input(value)), *test.examples))


def _unswitched(result: DocTestResult) -> DocTestResult | None:
    """``result`` without its switch example; None when the switch did not run cleanly."""
    if result.setup_error is not None or not result.results:
        return None
    first = result.results[0]
    if first.outcome is not Outcome.PASSED or first.got:
        return None
    test = dataclasses.replace(result.test, examples=result.test.examples[1:])
    return dataclasses.replace(result, test=test, results=result.results[1:])


def _ours(code: CodeUnderTest) -> Callable[[str], bool]:
    """Whether a diagnostic's file name is the loaded schema's (its path, or the private copy)."""

    def ours(name: str) -> bool:
        base = os.path.basename(name)
        return name == code.path or base in ("code_under_test.c", "code_under_test.cpp")

    return ours


def run_mutants(
    runner: Runner,
    test: DocTest,
    code: CodeUnderTest,
    source: str,
    mutants: Sequence[Mutant],
    cancel: threading.Event | None = None,
    *,
    flags: Sequence[str] = (),
) -> list[DocTestResult]:
    """The baseline (``test`` on ``code`` with ``source``), then one result per mutant, in
    order (module docstring). ``flags``: extra compile flags the mutants were made with.
    Raises what ``runner.run_many`` raises.
    """
    original = (test, dataclasses.replace(code, text=source))
    entry = _settled(code, source, mutants, flags)
    unique = len({m.id for m in mutants}) == len(mutants)
    if len(entry.plan.points) < MIN_MUTANTS or not unique or not _worth_it(original[1]):
        return list(runner.run_many([original, *(_own(test, code, m) for m in mutants)], cancel))
    baseline = _settle(runner, test, code, entry, original, cancel, mutants)
    if baseline is not None and baseline.setup_error is not None:
        return [baseline] * (1 + len(mutants))  # the caller reports that the original fails
    groups = entry.groups or []
    jobs: list[tuple[DocTest, CodeUnderTest]] = []
    where: list[tuple[Schema, str]] = []  # per schema job: the schema, the mutant ('': at 0)
    for schema in groups:
        on_schema = dataclasses.replace(code, text=schema.text, key="schema")
        if baseline is None and not where:  # the run at 0 is the baseline (settled: as original)
            jobs.append((_switched(test, 0), on_schema))
            where.append((schema, ""))
        for mid, value in schema.switch.items():
            jobs.append((_switched(test, value), on_schema))
            where.append((schema, mid))
    if baseline is None and not where:
        jobs.append(original)
    alone = [m for m in mutants if not any(m.id in s.switch for s in groups)]
    jobs += [_own(test, code, m) for m in alone]
    results = list(runner.run_many(jobs, cancel=cancel))
    got: dict[str, DocTestResult] = {}
    for (_, mid), r in zip(where, results, strict=False):
        plain = _unswitched(r)
        if plain is not None:
            got[mid] = plain
    if baseline is None:
        baseline = got.pop("", None) if where else results[0]
    for m, r in zip(alone, results[len(jobs) - len(alone) :], strict=True):
        got[m.id] = r
    redo = [m for m in mutants if m.id not in got]
    todo = [_own(test, code, m) for m in redo]
    if baseline is None:  # the schema's run at 0 failed: the original's, as before
        todo.insert(0, original)
    again = list(runner.run_many(todo, cancel=cancel)) if todo else []
    first = baseline if baseline is not None else again.pop(0)
    got.update({m.id: r for m, r in zip(redo, again, strict=True)})
    return [first] + [got[m.id] for m in mutants]


def _own(test: DocTest, code: CodeUnderTest, m: Mutant) -> tuple[DocTest, CodeUnderTest]:
    """The job of mutant ``m`` on its own (its whole text compiled)."""
    return test, dataclasses.replace(code, text=m.text, key=m.id)


def _settle(
    runner: Runner,
    test: DocTest,
    code: CodeUnderTest,
    entry: _Settled,
    original: tuple[DocTest, CodeUnderTest],
    cancel: threading.Event | None,
    mutants: Sequence[Mutant],
) -> DocTestResult | None:
    """Find which schemata of ``entry`` load and run at 0 as the original does (module
    docstring, 2), running the baseline with the first; sets ``entry.groups`` and
    ``entry.alone``. Returns the baseline, or None when ``entry`` was settled before.
    """
    if entry.groups is not None:
        return None
    plan = entry.plan
    pending = [tuple(m.id for m in mutants if m.id in plan.points)]
    groups: list[Schema] = []
    alone = set(plan.left_out)
    baseline: DocTestResult | None = None
    failed = 0
    trimmed: set[tuple[str, ...]] = set()  # groups that lost the mutants their errors named
    ours = _ours(code)
    checker = OutputChecker()
    while pending:
        ids = pending.pop(0)
        schema = render(plan, ids)
        jobs = [(_switched(test, 0), dataclasses.replace(code, text=schema.text, key="schema"))]
        results = list(runner.run_many(jobs if baseline else [original, *jobs], cancel=cancel))
        if baseline is None:
            baseline = results.pop(0)
            if baseline.setup_error is not None:
                return baseline  # the original does not load: nothing to learn here
        zero = results[0]
        if zero.setup_error is None:
            if _same(baseline, _unswitched(zero), checker):
                groups.append(schema)
            else:  # loads, but does not behave as the original: not used
                alone.update(ids)
            continue
        failed += 1
        bad, _ = mutants_in_error(schema, zero.setup_error, ours)
        bad &= set(ids)
        if failed >= MAX_FAILED_LOADS:
            alone.update(ids, *pending)
            break
        if bad and ids not in trimmed:  # once: an error may name the wrong mutants
            alone |= bad
            rest = tuple(i for i in ids if i not in bad)
            if rest:
                pending.insert(0, rest)
                trimmed.add(rest)
        elif len(ids) > 1:
            half = len(ids) // 2
            pending[0:0] = [ids[:half], ids[half:]]
        else:
            alone.update(ids)
    entry.groups, entry.alone = groups, frozenset(alone)
    why: dict[str, int] = {}
    for mid in alone:
        reason = plan.left_out.get(mid, "did not load in a schema or ran otherwise at 0")
        why[reason] = why.get(reason, 0) + 1
    _log.info("mutant schemata of %s: %d of %d mutants in %d schema(s), %d on their own %s",
              code.path or "the code", len(mutants) - len(alone), len(mutants), len(groups),
              len(alone), why)  # fmt: skip
    return baseline


def _same(baseline: DocTestResult, zero: DocTestResult | None, checker: OutputChecker) -> bool:
    """Whether the schema at 0 behaved as the original code (every example alike)."""
    return zero is not None and not differing_examples(baseline, zero, checker)
