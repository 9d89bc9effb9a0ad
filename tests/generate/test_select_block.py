"""``server.judge.select.select_block`` with real clang-repl: the written block's score is its real
score.

Test data: ``max2`` inline (three mutants: ``!(a < b)`` and ``a > b``, killed by ``max2(1, 2)``;
``a <= b``, equivalent). A chosen prefix of the pool is scored from the pooled analysis
(``block_kills``); any other choice is measured again. Both must equal a fresh analysis of the
chosen block alone.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import mutation_analysis
from server.judge.select import build_pool, select_block
from server.judge.units import Candidate, Unit, VerifiedUnit

MAX2 = "int max2(int a, int b) {\n    if (a < b)\n        return b;\n    return a;\n}\n"
FN = Declaration("max2", "max2", "function", 1, 1, 5, 1)


def vu(*exs: Example) -> VerifiedUnit:
    """Return a verified unit of ``exs`` (outputs as recorded)."""
    return VerifiedUnit(Unit(exs, Candidate(())), exs, tuple(True for _ in exs))


class Counting:
    """The real runner, counting ``run_many`` batches (one per mutation analysis)."""

    def __init__(self, runner: object) -> None:
        self.runner, self.batches = runner, 0

    def run_many(self, jobs, cancel=None):  # noqa: ANN001, ANN201
        """Run ``jobs`` on the real runner."""
        self.batches += 1
        return self.runner.run_many(jobs, cancel=cancel)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def mutation_runner():  # noqa: ANN201
    """Yield a runner as the pipeline's for mutants: short session limit, session starts retried."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner, Limits
    from cdoctest_runner.toolchain import find_clang_repl
    from server.judge.runners import Retrying

    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    runner = DocTestRunner(toolchain, limits=Limits(timeout_s=5.0), workers=2)
    yield Retrying(runner)
    runner.close()


@pytest.mark.clang
def test_selected_block_score_matches_a_fresh_analysis(mutation_runner, tmp_path) -> None:  # noqa: ANN001
    """Prefix (read off the pooled run) and non-prefix (run again): both equal a fresh analysis
    of the same mutants (classic and realistic operators); the survivors are listed.
    """
    path = tmp_path / "max2.cpp"
    path.write_text(MAX2)
    code = CodeUnderTest(path=str(path))
    kills, same = Example("max2(1, 2)", "2\n"), Example("max2(2, 2)", "2\n")

    # Prefix: max2(1, 2) kills both killable mutants; max2(2, 2) adds nothing and is left out.
    pool = build_pool([vu(kills), vu(same)])
    counting = Counting(mutation_runner)
    sel = select_block(pool, code, FN, counting, max_examples=1)
    assert counting.batches == 1  # the pooled analysis only
    assert [e.source for e in sel.examples] == ["max2(1, 2)\n"], sel.note
    fresh = mutation_analysis(list(sel.examples), code, FN, mutation_runner, list(sel.mutants))
    assert (sel.killed, sel.total, sel.mutation_score) == (
        fresh.killed,
        fresh.total,
        fresh.score,
    ), (
        sel.note,
        fresh.to_dict(),
    )

    # Not a prefix (max2(2, 2) first, left out): measured again, same figures.
    pool = build_pool([vu(same), vu(kills)])
    counting = Counting(mutation_runner)
    sel = select_block(pool, code, FN, counting, max_examples=1)
    assert counting.batches == 2  # the pooled analysis, then the chosen block's
    assert [e.source for e in sel.examples] == ["max2(1, 2)\n"], sel.note
    fresh = mutation_analysis(list(sel.examples), code, FN, mutation_runner, list(sel.mutants))
    assert (sel.killed, sel.total, sel.mutation_score) == (
        fresh.killed,
        fresh.total,
        fresh.score,
    ), (
        sel.note,
        fresh.to_dict(),
    )
    assert [m.id for m in sel.survivors] == [m.id for m in fresh.survivors] != []


def _c_file(path, text: str) -> CodeUnderTest:  # noqa: ANN001
    """The C code under test ``text``, written to ``path``."""
    path.write_text(text)
    return CodeUnderTest(path=str(path), language="c")


# Two separate branches: each call shows mutants of its own branch (with ``else if``, the high
# call showed every mutant the low one showed, and of two such twins only one stays: rule 8).
CLAMP = (
    "int clamp_into(int *out, int lo, int hi, int x) {\n"
    "    *out = x;\n"
    "    if (x < lo) *out = lo;\n"
    "    if (x > hi) *out = hi;\n"
    "    return *out;\n"
    "}\n"
)
CLAMP_FN = Declaration("clamp_into", "clamp_into", "function", 1, 1, 6, 1)


@pytest.mark.clang
def test_setup_lines_count_a_third_so_two_calls_fit_the_block(mutation_runner, tmp_path) -> None:  # noqa: ANN001
    """A declaration that only sets a call up counts a third of an example
    (``server.judge.select.example_weights``): with ``max_examples=3``, two calls that each need an
    out-variable fit (1/3 + 1 each), where counting every line as one left room for only one and
    the other branch's mutants alive.
    """
    code = _c_file(tmp_path / "clamp.c", CLAMP)
    low = vu(Example("int o1 = 0;", ""), Example("clamp_into(&o1, 0, 10, -5)", "0\n"))
    high = vu(Example("int o2 = 0;", ""), Example("clamp_into(&o2, 0, 10, 15)", "10\n"))
    sel = select_block(build_pool([low, high]), code, CLAMP_FN, mutation_runner, max_examples=3)
    calls = [e.source for e in sel.examples if "clamp_into" in e.source]
    assert calls == ["clamp_into(&o1, 0, 10, -5)\n", "clamp_into(&o2, 0, 10, 15)\n"], sel.note
    assert len(sel.examples) == 4


SEPS = (
    "enum style { UNIX, WINDOWS };\n"
    "static enum style s_style = UNIX;\n"
    "void set_style(enum style s) { s_style = s; }\n"
    "int is_sep(char c) {\n"
    "    return c == '/' || (s_style == WINDOWS && c == '\\\\');\n"
    "}\n"
)
SEP_FN = Declaration("is_sep", "is_sep", "function", 4, 1, 6, 1)


@pytest.mark.clang
def test_a_whole_unit_keeps_its_restore(mutation_runner, tmp_path) -> None:  # noqa: ANN001
    """A ``whole`` candidate (a global setting changed, used, put back) is kept whole: its
    restore kills nothing, yet a block that keeps the call keeps it, so later examples run in
    the default mode again.
    """
    code = _c_file(tmp_path / "seps.c", SEPS)
    examples = (
        Example("set_style(WINDOWS); is_sep('\\\\')", "1\n"),
        Example("set_style(UNIX);", ""),
    )
    unit = VerifiedUnit(Unit(examples, Candidate(examples, whole=True)), examples, (True, True))
    plain = vu(Example("is_sep('/')", "1\n"))
    pool = build_pool([plain, unit])
    assert pool.requires[1] == [2] and pool.requires[2] == [1]
    sel = select_block(pool, code, SEP_FN, mutation_runner, max_examples=3)
    sources = [e.source.strip() for e in sel.examples]
    assert "set_style(WINDOWS); is_sep('\\\\')" in sources, sel.note
    assert sources[-1] == "set_style(UNIX);"
