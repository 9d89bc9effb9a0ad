"""Two examples that kill the same mutants with the same shape keep one (docs/generate.md, "Blocks
a reviewer keeps", rule 8; ``server.judge.redundant.drop_twins``): the greedy cover credits a
mutant to the first example that detects it, so a call that shows a subset of a later twin's
mutants gets into the block beside it; it leaves, and the block kills what it killed.

Test data: inline C ``clamp`` and hand-built units and reports.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import MutationReport, mutation_analysis
from server.judge.pool import build_pool
from server.judge.redundant import call_shape, drop_twins
from server.judge.select import _choose, select_block
from server.judge.units import Candidate, Origin, Unit, VerifiedUnit
from server.judge.verify import verify_candidates

CLAMP = """/* x limited to lo..hi. */
int clamp(int x, int lo, int hi) {
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}
"""
FN = Declaration("clamp", "clamp", "function", 2, 1, 8, 1)


def unit(*pairs: tuple[str, str], origin: Origin = Origin.TYPES_AND_API) -> VerifiedUnit:
    examples = tuple(Example(src, want) for src, want in pairs)
    cand = Candidate(examples, origin=origin, stated=origin is Origin.DOCUMENTATION)
    return VerifiedUnit(Unit(examples, cand), examples, (True,) * len(examples))


def test_the_shape_of_a_call_ignores_literal_values_and_variable_tags() -> None:
    assert call_shape(["clamp(0, 0, 10)"]) == call_shape(["clamp(-5, 2, 1000)"])
    assert call_shape(["f(\"a,b\", ',')"]) == call_shape(["f(\"\", ';')"])
    assert call_shape(["clamp(x, 0, 10)"]) != call_shape(["clamp(1, 0, 10)"])
    assert call_shape(["f(NULL)"]) != call_shape(['f("x")'])
    tagged = call_shape(["char buf0a[8] = {0}; g(buf0a, 8)", "buf0a"], {"buf0a"})
    assert tagged == call_shape(["char buf3a[8] = {0}; g(buf3a, 4)", "buf3a"], {"buf3a"})


def test_two_examples_that_kill_the_same_mutants_with_the_same_shape_keep_one() -> None:
    """``clamp(0, ...)`` comes first and is credited with ``a``; ``clamp(5, ...)`` shows ``a``
    and ``b``: only it stays. ``clamp(-5, ...)`` shows other mutants and stays; a call of another
    shape (``big(...)``) whose mutants a clamp call shows stays too (another behaviour).
    """
    pool = build_pool(
        [
            unit(("clamp(0, 0, 10)", "0")),
            unit(("clamp(5, 0, 10)", "5")),
            unit(("clamp(-5, 0, 10)", "0")),
            unit(("clamp(big(), 0, 10)", "10")),
        ]
    )
    where = {
        "a": frozenset({0, 1, 3}),
        "b": frozenset({1}),
        "c": frozenset({2}),
        "d": frozenset({3}),
    }
    report = MutationReport(4, 4, 1.0, [{"a"}, {"b"}, {"c"}, {"d"}], [], observed_by=where)
    assert _choose(pool, report, 8, FN)[0] == [1, 2, 3]
    # A documentation call is never dropped, though its twin shows all it shows.
    stated = build_pool(
        [
            unit(("clamp(0, 0, 10)", "0"), origin=Origin.DOCUMENTATION),
            unit(("clamp(5, 0, 10)", "5")),
        ]
    )
    where = {"a": frozenset({0, 1}), "b": frozenset({1})}
    both = MutationReport(2, 2, 1.0, [{"a"}, {"b"}], [], observed_by=where)
    assert _choose(stated, both, 8, FN)[0] == [0, 1]


def test_of_two_twins_that_show_the_same_mutants_the_better_ranked_stays() -> None:
    """Equal mutants: the unit ranked better (the project's own arguments, a shorter text) stays,
    whichever came first; units of another shape are never twins.
    """
    shape = [("clamp(N,N,N)",), ("clamp(N,N,N)",), ("other(N)",)]
    shown = [{"a"}, {"a"}, {"a"}]
    assert drop_twins([0, 1, 2], [0, 1, 2], shown, shape, [(1, 15), (0, 15), (0, 9)]) == [1, 2]
    assert drop_twins([0, 1, 2], [0, 1, 2], shown, shape, [(0, 15), (1, 15), (0, 9)]) == [0, 2]


@pytest.mark.clang
def test_twins_end_to_end_the_score_does_not_drop(tmp_path, runner) -> None:  # noqa: ANN001
    """``clamp(0, 0, 10)`` (x at the lower bound) shows a subset of what ``clamp(5, 0, 10)``
    shows; the greedy cover took both, the block keeps the latter and kills what the pool kills.
    """
    path = tmp_path / "clamp.c"
    path.write_text(CLAMP)
    code = CodeUnderTest(path=str(path), text=CLAMP, language="c")
    calls = ["clamp(0, 0, 10)", "clamp(5, 0, 10)", "clamp(-5, 0, 10)", "clamp(15, 0, 10)"]
    cands = [
        Candidate((Example(c),), origin=Origin.TYPES_AND_API, index=k) for k, c in enumerate(calls)
    ]
    pool = build_pool(list(verify_candidates(cands, code, runner, {"clamp"}).kept))
    chosen = select_block(pool, code, FN, runner, 8)
    assert [e.source.strip() for e in chosen.examples] == calls[1:]
    whole = mutation_analysis(pool.examples, code, FN, runner, list(chosen.mutants))
    assert chosen.killed == whole.killed
