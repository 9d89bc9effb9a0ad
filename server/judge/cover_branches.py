"""Branch coverage next to mutation: checked calls that reach code no example of the block reaches.

The selection keeps an input only when one of the sampled mutants (at most
``server.judge.mutants.MUTANTS``) tells it apart from the inputs already kept. A real bug often sits
in a branch no sampled mutant touches: printf's NaN case, a ``'#'`` flag on a zero value, a request
line with an empty method. The input search tries such inputs and the selection drops them,
because no mutant prints differently on them. So after the mutation-guided selection, the block
may grow by up to ``COVER_EXTRA`` checked calls, each reaching code of the function or its
callees that no other example of the block reaches, as EvoSuite combines branch coverage with
mutation (Rojas et al., "Combining multiple coverage criteria in search-based unit test
generation", 2015).

``add_branch_coverage(selection, units, code, function, tools)``:

1. The block's examples, then the other verified units (the pool's and every input the search ran
   on the original code), laid out as one block (``server.judge.select.build_pool``: the units'
   names renamed apart from the block's).
2. One native compile of it with LLVM's profile instrumentation, each example writing its own
   counters (``cdoctest_runner.coverage.measure.example_counters``).
3. An example's *features* are, for each function it entered among the function and up to
   ``MAX_FUNCTIONS`` functions of its file that it calls
   (``cdoctest_runner.mutation.mutate.callees``), each counter that ran (a region reached: a branch
   taken, a loop body entered) and, weighted less (``NOT_TAKEN``), each that did not (the other way
   of a branch, as far as counters show it).
4. Greedy: the call (with the set-up lines of its unit) that adds the most features no kept
   example has, per example it costs, until ``COVER_EXTRA`` checks are added (at most
   ``MAX_LINES`` lines after the first call, or ``LINES_PER_CALL`` per call the budget allows:
   the budget grows with the code, a call and its print come with it) or nothing new is
   reached. Only calls of the function that check an output are added; they were all run and
   recorded on the original code before, and the block is run again (its kills measured, then
   ``server.judge.final_check``) before it is written.

No clang, ``llvm-profdata`` or profile runtime next to clang-repl (``coverage.find_tools``), or a
block that does not build: the selection is returned as it was, with a note.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from cdoctest_runner.coverage.measure import (
    CoverageError,
    CoverageTools,
    example_counters,
    find_tools,
)
from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest
from cdoctest_runner.mutation.mutate import mutation_source
from cdoctest_runner.sandbox import Limits
from server.judge.pool import build_pool, observers, through_the_api
from server.judge.select import Selection
from server.judge.units import VerifiedUnit
from server.judge.verify import declared_names

COVER_EXTRA = (2, 8)  # checked calls coverage may add: at least, at most (set-up: a third)
MAX_LINES = 12  # examples added in all (calls, their declarations and prints), after the first
LINES_PER_CALL = 2  # and at least this many per call the budget allows (a call and its print)
LINE_WEIGHT = 0.1  # a line that comes with a call (a declaration, a print), against the call
COUNTERS_PER_CALL = 25  # in between, one call per this many counters of the functions reached
MAX_FUNCTIONS = 24  # the function's callees in its file whose counters count
NOT_TAKEN = 0.25  # a counter that did not run, where the function ran, against one that did
MAX_CANDIDATES = 480  # examples laid out after the block's

Feature = tuple[str, int, bool]


def covered_functions(code: CodeUnderTest, function: Declaration) -> set[str]:
    """The names whose counters count: the function and the functions of its file it calls."""
    from cdoctest_runner.mutation.mutate import MutationError, callees

    names = {function.name}
    source, flags = mutation_source(code)
    try:
        found = callees(source, function, code.language, MAX_FUNCTIONS, path=code.path, flags=flags)
    except MutationError:
        found = []
    return names | {name for name, _ in found}


def _matches(profile_name: str, names: set[str]) -> str | None:
    """The name of ``names`` that ``profile_name`` is the counters of, or None.

    >>> _matches("block.c:_ftoa", {"_ftoa"}), _matches("_ZN4ring3getEv", {"get"})
    ('_ftoa', 'get')
    >>> _matches("main", {"get"}) is None
    True
    """
    base = profile_name.rsplit(":", 1)[-1] if not profile_name.startswith("_Z") else profile_name
    if base in names:
        return base
    if base.startswith("_Z") or re.match(r"^[^:]*:_Z", profile_name):
        for name in names:
            if f"{len(name)}{name}" in profile_name:
                return name
    return None


def features(counters: dict[str, tuple[int, ...]] | None, names: set[str]) -> frozenset[Feature]:
    """What one example reached (module doc, step 3).

    >>> sorted(features({"block.c:f": (1, 2, 0), "g": (0, 0), "h": (1, 1)}, {"f", "g"}))
    [('f', 0, True), ('f', 1, True), ('f', 2, False)]
    """
    out: set[Feature] = set()
    for profile_name, values in (counters or {}).items():
        name = _matches(profile_name, names)
        if name is None or not values or not values[0]:
            continue
        out |= {(name, k, v > 0) for k, v in enumerate(values)}
    return frozenset(out)


def _gain(new: set[Feature]) -> float:
    return sum(1.0 if taken else NOT_TAKEN for _, _, taken in new)


def top_up(
    reached: Sequence[frozenset[Feature]],
    kept: Sequence[int],
    eligible: Sequence[int],
    requires: Sequence[Sequence[int]],
    weight: Sequence[float],
    extra: float = COVER_EXTRA[0],
    follow: Sequence[Sequence[int]] = (),
    max_lines: int = MAX_LINES,
) -> list[int]:
    """The examples to add to ``kept`` (module doc, step 4), in the order they were picked: at
    most ``max_lines``, unless the first call alone needs more (a call with seven out-pointers
    to declare and print); ``follow[i]``: the examples that come with ``i`` (the lines printing
    what it changed).

    Example 2 reaches a feature no kept example reaches; example 3 reaches nothing new.

    >>> a, b, c = ("f", 1, True), ("f", 2, True), ("f", 3, False)
    >>> reached = [frozenset({a}), frozenset(), frozenset({b, c}), frozenset({a}), frozenset()]
    >>> weight = [1, 1 / 3, 1, 1, 1 / 3]
    >>> top_up(reached, [0], [2, 3], [[], [], [1], [], []], weight)
    [1, 2]
    >>> top_up(reached, [0], [2, 3], [[], [], [1], [], []], weight, follow=[[], [], [4], [], []])
    [1, 2, 4]
    """
    chosen = set(kept)
    covered: set[Feature] = set().union(*(reached[i] for i in kept)) if kept else set()
    added: list[int] = []
    spent = 0.0
    while True:
        best: tuple[float, int, list[int]] | None = None
        for i in eligible:
            if i in chosen:
                continue
            need = sorted({*requires[i], i, *(follow[i] if follow else ())} - chosen)
            cost = sum(weight[j] for j in need)
            if spent + cost > extra + 1e-9 or (added and len(added) + len(need) > max_lines):
                continue
            new = set().union(*(reached[j] for j in need)) - covered
            gain = _gain(new) / max(cost, 1e-9)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, i, need)
        if best is None:
            return added
        _, _, need = best
        for j in need:
            covered |= reached[j]
            chosen.add(j)
        added += need
        spent += sum(weight[j] for j in need)


def add_branch_coverage(
    selection: Selection,
    units: Sequence[VerifiedUnit],
    code: CodeUnderTest,
    function: Declaration,
    tools: CoverageTools,
    limits: Limits | None = None,
) -> tuple[Selection, str]:
    """``selection`` with up to ``COVER_EXTRA`` checked calls of ``units`` that reach code its
    examples do not (module doc), and a note for the trace ('' when nothing was added). The
    calls come after the block's examples, which run under each mutant as before, so the kills
    it had stay kills (a lower bound until measured again).
    """
    from server.judge.acceptable import acceptable_units, calls_target

    if not selection.examples:
        return selection, ""
    taken = set().union(*(declared_names(e.source) for e in selection.examples))
    own = {(" ".join(e.source.split()), e.want.strip()) for e in selection.examples}
    # The selection's rules hold for what coverage adds too (a format's arguments passed, ...).
    others, _ = acceptable_units([u for u in units if u not in selection.units], function)
    pool = build_pool(others, max_examples=MAX_CANDIDATES, taken=taken)
    if not pool.examples:
        return selection, ""
    n = len(selection.examples)
    examples = (*selection.examples, *pool.examples)
    test = DocTest(examples, function.name, code.path or "block", 1, 1)
    calls = [calls_target([ex], function) for ex in pool.examples]
    measured = [*range(n), *(n + i for i, c in enumerate(calls) if c)]
    try:
        if limits:
            counters = example_counters(test, code, tools, limits, only=measured)
        else:
            counters = example_counters(test, code, tools, only=measured)
    except CoverageError as exc:
        return selection, f"coverage: not measured ({exc})"
    names = covered_functions(code, function)
    reached = [features(c, names) for c in counters]
    counted = {(f, k) for r in reached for f, k, _ in r}
    extra = min(COVER_EXTRA[1], max(COVER_EXTRA[0], len(counted) // COUNTERS_PER_CALL))
    # The budget counts calls; a declaration or a print of a call's effect comes with its call.
    weights = [1.0] * n + [1.0 if c else LINE_WEIGHT for c in calls]

    # The lines right after a call that print what it changed come with it, through the API
    # when a line of it shows the change (``through_the_api``).
    follow = [sorted(through_the_api(pool, observers(pool, i, calls))) for i in range(len(calls))]

    def eligible(i: int) -> bool:
        ex = pool.examples[i]
        key = (" ".join(ex.source.split()), ex.want.strip())
        return calls[i] and key not in own and bool(ex.want or follow[i])

    added = top_up(
        reached,
        list(range(n)),
        [n + i for i in range(len(pool.examples)) if eligible(i)],
        [[] for _ in range(n)] + [[n + j for j in r] for r in pool.requires],
        weights,
        extra,
        follow=[[] for _ in range(n)] + [[n + j for j in f] for f in follow],
        max_lines=max(MAX_LINES, LINES_PER_CALL * int(extra)),
    )
    if not added:
        return selection, ""
    picked = sorted(i - n for i in added)
    new_units = [pool.units[u] for u in sorted({pool.unit_of[i] for i in picked})]
    checks = sum(1 for i in picked if eligible(i))
    note = f"coverage: {checks} call(s) added that reach code no other example reaches"
    grown = replace(
        selection,
        examples=(*selection.examples, *(pool.examples[i] for i in picked)),
        units=(*selection.units, *new_units),
        covering=selection.covering + checks,
    )
    return grown, note


def coverage_tools(clang_repl: str) -> CoverageTools | None:
    """The coverage tools of ``clang_repl``'s LLVM, or None when some are missing."""
    try:
        return find_tools(clang_repl)
    except CoverageError:
        return None
