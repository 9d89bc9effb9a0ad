"""``server.judge.cover_branches``: checked calls that reach code no example of the block reaches.

With real clang-repl's LLVM (clang, llvm-profdata, the profile runtime): each example's counters
come from one native compile of the block (``cdoctest_runner.coverage.measure.example_counters``).
The greedy choice and the feature matching are pure and tested on hand-made features too.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.judge.cover_branches import add_branch_coverage, coverage_tools, features, top_up
from server.judge.select import Selection
from server.judge.units import Candidate, Unit, VerifiedUnit

CLASSIFY = """\
int classify(double x) {
    if (x != x)
        return 3; /* NaN */
    if (x < 0)
        return 1;
    return 0;
}
"""
SIGN = """\
#include <string.h>
void sign_name(int x, char *out) {
    if (x < 0) {
        strcpy(out, "neg");
        return;
    }
    if (x == 0) {
        strcpy(out, "zero");
        return;
    }
    strcpy(out, "pos");
}
"""


def vu(*exs: Example) -> VerifiedUnit:
    """A verified unit of ``exs`` (outputs as recorded)."""
    return VerifiedUnit(Unit(exs, Candidate(())), exs, tuple(True for _ in exs))


def block(*units: VerifiedUnit) -> Selection:
    """A selection of every example of ``units``."""
    examples = tuple(e for u in units for e in u.examples)
    return Selection(examples, units, (), None, 0, 0)


@pytest.fixture(scope="module")
def tools():  # noqa: ANN201
    """The coverage tools next to clang-repl, or skip."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        repl = find_clang_repl().path
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    found = coverage_tools(repl)
    if found is None:
        pytest.skip("no clang, llvm-profdata or llvm-cov next to clang-repl")
    return found


def _code(tmp_path, name: str, text: str) -> tuple[CodeUnderTest, Declaration]:  # noqa: ANN001
    path = tmp_path / "f.c"
    path.write_text(text)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if f" {name}(" in ln)
    return CodeUnderTest(language="c", path=str(path)), Declaration(
        name, name, "function", line, 1, line, 1
    )


@pytest.mark.clang
def test_a_call_reaching_a_branch_no_example_reaches_is_added(tools, tmp_path) -> None:  # noqa: ANN001
    """The NaN case is added; a call reaching nothing new is not. The NaN call's initializer is
    not constant (C at file scope), so the coverage program assigns it instead.
    """
    code, fn = _code(tmp_path, "classify", CLASSIFY)
    kept = block(vu(Example("classify(1.0)", "(int) 0")), vu(Example("classify(-1.0)", "(int) 1")))
    same = vu(Example("classify(2.0)", "(int) 0"))
    nan = vu(Example("int r = classify(0.0 / 0.0);"), Example("r", "(int) 3"))
    grown, note = add_branch_coverage(kept, [same, nan], code, fn, tools)
    added = grown.examples[len(kept.examples) :]
    assert [e.source.strip() for e in added] == ["int r = classify(0.0 / 0.0);", "r"], added
    assert grown.covering == 1 and grown.units == (*kept.units, nan)
    assert note == "coverage: 1 call(s) added that reach code no other example reaches"


@pytest.mark.clang
def test_an_added_call_keeps_its_declaration_and_the_print_of_its_effect(tools, tmp_path) -> None:  # noqa: ANN001
    """The added unit comes whole: the buffer it needs, the call, the print of what it wrote;
    its buffer, named like the block's, is renamed apart.
    """
    code, fn = _code(tmp_path, "sign_name", SIGN)

    def unit(x: int, want: str) -> VerifiedUnit:
        return vu(
            Example('char o1[8] = "";'),
            Example(f"sign_name({x}, o1);"),
            Example('printf("%s\\n", o1);', want),
        )

    kept = block(unit(5, "pos"))
    grown, _ = add_branch_coverage(kept, [unit(7, "pos"), unit(0, "zero")], code, fn, tools)
    added = [(e.source.strip(), e.want.strip()) for e in grown.examples[len(kept.examples) :]]
    renamed = added[0][0].split()[1].split("[")[0]  # the other call's unit took o1_2 first
    assert renamed.startswith("o1_") and added == [
        (f'char {renamed}[8] = "";', ""),
        (f"sign_name(0, {renamed});", ""),
        (f'printf("%s\\n", {renamed});', "zero"),
    ], added


@pytest.mark.clang
def test_nothing_is_added_when_every_call_reaches_what_the_block_reaches(tools, tmp_path) -> None:  # noqa: ANN001
    code, fn = _code(tmp_path, "classify", CLASSIFY)
    kept = block(vu(Example("classify(1.0)", "(int) 0")))
    grown, note = add_branch_coverage(
        kept, [vu(Example("classify(4.0)", "(int) 0"))], code, fn, tools
    )
    assert (grown, note) == (kept, "")


def test_missing_tools_are_none() -> None:
    assert coverage_tools("/nonexistent/bin/clang-repl-99") is None


def test_features_count_the_function_and_its_callees_only() -> None:
    counters = {"block.c:helper": (2, 0, 1), "f": (1, 1), "other": (5, 5), "block.c:cold": (0, 0)}
    assert features(counters, {"f", "helper", "cold"}) == {
        ("helper", 0, True),
        ("helper", 1, False),
        ("helper", 2, True),
        ("f", 0, True),
        ("f", 1, True),
    }


def test_top_up_stops_at_its_budget_and_prefers_the_call_reaching_most_per_cost() -> None:
    a, b, c, d = (("f", k, True) for k in range(4))
    reached = [frozenset({a}), frozenset({b}), frozenset({b, c, d}), frozenset({c})]
    # 1 reaches one new feature, 2 three, 3 one; the budget takes one call.
    assert top_up(reached, [0], [1, 2, 3], [[]] * 4, [1.0] * 4, extra=1) == [2]
    # A budget of two: 2, then nothing new is left in 1 (b) or 3 (c).
    assert top_up(reached, [0], [1, 2, 3], [[]] * 4, [1.0] * 4, extra=2) == [2]


def test_a_branch_not_taken_counts_less_than_one_taken() -> None:
    taken, not_taken = ("f", 1, True), ("f", 2, False)
    reached = [frozenset(), frozenset({not_taken}), frozenset({taken})]
    assert top_up(reached, [0], [1, 2], [[]] * 3, [1.0] * 3, extra=1) == [2]


@pytest.mark.clang
def test_the_pipeline_adds_the_call_that_skips_the_loop(tools, capsys) -> None:  # noqa: ANN001
    """``count_vowels`` (examples/gen/scoring.c): phase 1's block kills every mutant with a name
    of one vowel; phase 2 adds the empty name, the one input that never enters the loop.
    """
    from server import cli

    from .test_two_phases import SCORING

    assert cli.main([SCORING, "--function", "count_vowels", "--no-model", "-v"]) == 0
    captured = capsys.readouterr()
    assert "coverage: 1 call(s) added that reach code no other example reaches" in captured.err
    assert '+>>> count_vowels("")\n+0\n' in captured.out, captured.out
    assert "block from phase 2" in captured.err


def test_top_up_adds_at_most_max_lines_examples() -> None:
    """The first call comes with its three set-up lines, whatever ``max_lines``; a second call
    only within it.
    """
    a, b, c = ("f", 1, True), ("f", 2, True), ("f", 3, True)
    reached = [frozenset()] * 4 + [frozenset({a, b}), frozenset({c})]
    requires = [[], [], [], [], [1, 2, 3], []]
    weight = [1.0, 0.1, 0.1, 0.1, 1.0, 1.0]
    assert top_up(reached, [0], [4, 5], requires, weight, extra=4, max_lines=3) == [1, 2, 3, 4]
    assert top_up(reached, [0], [4, 5], requires, weight, extra=4, max_lines=5) == [1, 2, 3, 4, 5]


@pytest.mark.clang
def test_a_failing_coverage_step_leaves_the_block_as_it_was(tools, capsys, monkeypatch) -> None:  # noqa: ANN001
    """The coverage is optional: an error in it (here a missing file) is a note, not a failure."""
    import server.judge.cover_branches
    from server import cli

    from .test_two_phases import SCORING

    def boom(*_args, **_kwargs):  # noqa: ANN002, ANN003, ANN202
        raise FileNotFoundError("llvm-profdata vanished")

    monkeypatch.setattr(server.judge.cover_branches, "add_branch_coverage", boom)
    assert cli.main([SCORING, "--function", "count_vowels", "--no-model", "-v"]) == 0
    captured = capsys.readouterr()
    assert "coverage: not measured (FileNotFoundError: llvm-profdata vanished)" in captured.err
    assert "block from phase 1" in captured.err and '>>> count_vowels("")' not in captured.out
