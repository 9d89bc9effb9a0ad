"""Mutation analysis (``cdoctest_runner.mutation.mutate``): exact mutants from libclang, then one
real run.

Test data: small sources written inline, so every expected mutant can be checked by hand.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import block_kills, mutation_analysis, select_examples
from cdoctest_runner.mutation.mutate import (
    OPERATORS,
    REALISTIC_OPERATORS,
    Mutant,
    MutationError,
    TargetNotFound,
    make_mutants,
)


def decl(name: str, line: int) -> Declaration:
    return Declaration(
        name=name, qualname=name, kind="function", line=line, column=1, end_line=line, end_column=1
    )


MAX2 = "int max2(int a, int b) {\n    if (a < b)\n        return b;\n    return a;\n}\n"


def test_relational_and_negation_mutants_exact() -> None:
    mutants = make_mutants(MAX2, decl("max2", 1))
    assert [(m.id, m.operator, m.description, m.line) for m in mutants] == [
        ("negate@2:9/0", "negate", "negate `if` condition `a < b`", 2),
        ("relational@2:11/0", "relational", "`<` -> `<=`", 2),
        ("relational@2:11/1", "relational", "`<` -> `>`", 2),
    ]
    assert mutants[0].text == MAX2.replace("if (a < b)", "if (!(a < b))")
    assert mutants[2].text == MAX2.replace("a < b", "a > b")
    assert (mutants[1].original, mutants[1].replacement, mutants[1].column) == ("<", "<=", 11)


def test_only_the_target_body_and_only_binary_operators() -> None:
    """``twice`` is left alone; unary ``-`` and ``*`` in ``neg`` are never touched."""
    src = "int twice(int x) { return x * 2; }\nint neg(const int *p) {\n    return -*p - 1;\n}\n"
    mutants = make_mutants(src, decl("neg", 2), language="c")
    assert [(m.id, m.description) for m in mutants] == [
        ("arithmetic@3:16/0", "`-` -> `+`"),
        ("constant@3:18/0", "`1` -> `2`"),
        ("constant@3:18/1", "`1` -> `0`"),
    ]
    assert all(m.text.startswith("int twice(int x) { return x * 2; }\n") for m in mutants)
    assert mutants[0].text.endswith("    return -*p + 1;\n}\n")


BUMP = (
    "void bump(int *p, int n) {\n"
    "    int i = 0;\n"
    "    do {\n"
    "        p[i]++;\n"
    "        i += 1;\n"
    "    } while (i < n);\n"
    "    return;\n"
    "}\n"
)


def test_deletions_constants_compound_assignment_and_do_while() -> None:
    """Declarations and ``return`` are never deleted; ``0`` -> ``(-1)`` keeps the code valid."""
    mutants = make_mutants(BUMP, decl("bump", 1), language="c")
    assert [(m.id, m.description) for m in mutants] == [
        ("constant@2:13/0", "`0` -> `1`"),
        ("constant@2:13/1", "`0` -> `(-1)`"),
        ("delete@4:9/0", "delete `p[i]++;`"),
        ("delete@5:9/0", "delete `i += 1;`"),
        ("arithmetic@5:11/0", "`+=` -> `-=`"),
        ("constant@5:14/0", "`1` -> `2`"),
        ("constant@5:14/1", "`1` -> `0`"),
        ("negate@6:14/0", "negate `do-while` condition `i < n`"),
        ("relational@6:16/0", "`<` -> `<=`"),
        ("relational@6:16/1", "`<` -> `>`"),
    ]
    by_id = {m.id: m for m in mutants}
    assert by_id["delete@4:9/0"].text == BUMP.replace("        p[i]++;\n", "        \n")
    assert by_id["constant@2:13/1"].text == BUMP.replace("int i = 0;", "int i = (-1);")
    assert by_id["negate@6:14/0"].text == BUMP.replace("while (i < n);", "while (!(i < n));")


def test_ternary_logical_and_bitwise_in_a_method() -> None:
    src = (
        "struct S {\n"
        "    unsigned v;\n"
        "    bool odd_or_big() const { return (v & 1u) || v > 9u ? true : false; }\n"
        "};\n"
    )
    mutants = make_mutants(src, Declaration("odd_or_big", "S::odd_or_big", "method", 3, 5, 3, 80))
    assert [(m.id, m.description) for m in mutants] == [
        ("negate@3:38/0", "negate `?:` condition `(v & 1u) || v > 9u`"),
        ("bitwise@3:41/0", "`&` -> `|`"),
        ("constant@3:43/0", "`1u` -> `2u`"),
        ("constant@3:43/1", "`1u` -> `0u`"),
        ("logical@3:47/0", "`||` -> `&&`"),
        ("relational@3:52/0", "`>` -> `>=`"),
        ("relational@3:52/1", "`>` -> `<`"),
        ("constant@3:54/0", "`9u` -> `10u`"),
        ("constant@3:54/1", "`9u` -> `8u`"),
        ("constant@3:59/0", "`true` -> `false`"),
        ("constant@3:66/0", "`false` -> `true`"),
    ]


def test_enumerators_and_characters_but_not_case_labels() -> None:
    src = (
        "enum class Dir { Up, Down, Left };\n"
        "char turn(Dir d) {\n"
        "    switch (d) {\n"
        "    case Dir::Up: return 'u';\n"
        "    case Dir::Down: d = Dir::Left; break;\n"
        "    default: break;\n"
        "    }\n"
        "    return d == Dir::Left ? 'L' : '?';\n"
        "}\n"
    )
    mutants = make_mutants(src, decl("turn", 2))
    assert [(m.id, m.description) for m in mutants] == [
        ("constant@4:26/0", "`'u'` -> `'v'`"),
        ("constant@5:30/0", "`Left` -> `Up`"),
        ("delete@5:36/0", "delete `break;`"),
        ("negate@8:12/0", "negate `?:` condition `d == Dir::Left`"),
        ("relational@8:14/0", "`==` -> `!=`"),
        ("constant@8:22/0", "`Left` -> `Up`"),
        ("constant@8:29/0", "`'L'` -> `'M'`"),
    ]


def test_limit_spreads_over_operators_deterministically() -> None:
    full = make_mutants(BUMP, decl("bump", 1), language="c")
    four = make_mutants(BUMP, decl("bump", 1), language="c", limit=4)
    # One per operator (arithmetic, relational, constant, negate), listed by position.
    assert [m.id for m in four] == [
        "constant@2:13/0",
        "arithmetic@5:11/0",
        "negate@6:14/0",
        "relational@6:16/0",
    ]
    assert four == make_mutants(BUMP, decl("bump", 1), language="c", limit=4)
    assert {m.id for m in four} <= {m.id for m in full}
    seven = make_mutants(BUMP, decl("bump", 1), language="c", limit=7)
    assert sorted(m.operator for m in seven) == sorted(
        ["arithmetic", "relational", "relational", "constant", "constant", "negate", "delete"]
    )
    assert make_mutants(BUMP, decl("bump", 1), language="c", limit=0) == []


TOTAL = (
    "int pick(int a, int b) { return a - b; }\n"
    "long long total(const int *v, int n, int lo) {\n"
    "    long long s = 0;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        if (v[i] > lo && v[i] < 100)\n"
    "            s += (long long)v[i] * 2;\n"
    "        else\n"
    "            s -= 1;\n"
    "    switch (n) {\n"
    "    case 1: return pick(n, lo);\n"
    "    default: break;\n"
    "    }\n"
    "    return s;\n"
    "}\n"
)


def test_realistic_operators_exact() -> None:
    """Each realistic operator (dropped term, widening, off-by-one, removed branch, neighbour
    return value, swapped arguments) on hand-checkable code; the classic ones stay the default.
    """
    mutants = make_mutants(TOTAL, decl("total", 2), "c", 100, operators=REALISTIC_OPERATORS)
    assert [(m.id, m.description) for m in mutants] == [
        ("widening@3:5/0", "`long long s` -> `int s`"),
        ("off-by-one@4:25/0", "loop bound `n` -> `(n) - 1`"),
        ("drop-term@5:13/0", "drop `&& v[i] < 100`"),
        ("drop-term@5:13/1", "drop `v[i] > lo &&`"),
        ("off-by-one@5:15/0", "index `i` -> `(i) + 1`"),
        ("off-by-one@5:15/1", "index `i` -> `(i) - 1`"),
        ("off-by-one@5:28/0", "index `i` -> `(i) + 1`"),
        ("off-by-one@5:28/1", "index `i` -> `(i) - 1`"),
        ("widening@6:18/0", "remove the widening cast `(long long)`"),
        ("off-by-one@6:31/0", "index `i` -> `(i) + 1`"),
        ("off-by-one@6:31/1", "index `i` -> `(i) - 1`"),
        ("remove-branch@7:9/0", "remove `else s -= 1`"),
        ("remove-branch@10:5/0", "remove `case 1:`"),
        ("return@10:20/0", "return `pick(n, lo)` -> `(pick(n, lo)) + 1`"),
        ("swap-args@10:25/0", "swap `n` and `lo` in `pick(...)`"),
        ("return@13:12/0", "return `s` -> `(s) + 1`"),
    ]
    by_id = {m.id: m for m in mutants}
    assert by_id["widening@6:18/0"].text == TOTAL.replace("(long long)v[i]", "v[i]")
    assert by_id["drop-term@5:13/0"].text == TOTAL.replace(" && v[i] < 100", "")
    assert by_id["swap-args@10:25/0"].text == TOTAL.replace("pick(n, lo)", "pick(lo, n)")
    assert by_id["remove-branch@10:5/0"].text == TOTAL.replace("case 1: return", " return")
    classic = make_mutants(TOTAL, decl("total", 2), "c", 100)
    assert not {m.operator for m in classic} & set(REALISTIC_OPERATORS)
    both = make_mutants(TOTAL, decl("total", 2), "c", 1000, operators=OPERATORS)
    assert {m.id for m in both} == {m.id for m in classic} | set(by_id)
    with pytest.raises(ValueError, match="unknown"):
        make_mutants(TOTAL, decl("total", 2), "c", operators=("typo",))
    # A guard without `else` is removed whole (a forgotten check).
    cap = "int cap(int x) {\n    if (x > 9)\n        return 9;\n    return x;\n}\n"
    (guard,) = make_mutants(cap, decl("cap", 1), "c", operators=("remove-branch",))
    assert guard.description == "remove the check `if (x > 9) ...`"
    assert guard.text == cap.replace("if (x > 9)\n        return 9;", "")


def test_missing_definition_is_a_typed_error() -> None:
    with pytest.raises(TargetNotFound, match="nope"):
        make_mutants("int nope(int);\nint f(void) { return 1; }\n", decl("nope", 1), language="c")
    assert issubclass(TargetNotFound, MutationError)


def test_select_examples_greedy_cover() -> None:
    kills = [{"m1"}, {"m1", "m2"}, {"m3"}, set(), {"m1", "m2", "m3"}]
    assert select_examples(range(5), kills, 1) == [4]
    assert select_examples(range(4), kills[:4], 2) == [1, 2]
    assert select_examples(range(4), kills[:4], 10) == [1, 2]  # stops once nothing adds a kill
    # A call (2) needs its declaration (0): both are taken and both count towards the budget.
    assert select_examples(range(3), [set(), {"m1"}, {"m1", "m2"}], 5, requires=[[], [], [0]]) == [
        0,
        2,
    ]
    assert select_examples(range(3), [set(), {"m1"}, {"m1", "m2"}], 1, requires=[[], [], [0]]) == [
        1
    ]
    # Nothing kills anything: the first candidate is kept so a block is never empty.
    assert select_examples(range(3), [set(), set(), set()], 3) == [0]
    assert select_examples([], [], 3) == []
    with pytest.raises(ValueError):
        select_examples(range(2), [set()], 2)


def test_no_examples_kill_nothing_and_run_nothing() -> None:
    """With no examples every mutant survives; the runner (None here) is never called."""
    code = CodeUnderTest(text=MAX2)
    empty = mutation_analysis([], code, decl("max2", 1), runner=None)  # type: ignore[arg-type]
    assert (empty.killed, empty.total, len(empty.survivors)) == (0, 3, 3)


class _FailingRunner:
    """Stands in for DocTestRunner: its batch raises the error it was given."""

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def run_many(self, jobs, cancel=None):  # noqa: ANN001, ANN201
        raise self.exc


def test_runner_failures_are_typed_and_cancellation_passes_through() -> None:
    from cdoctest_runner.errors import CdoctestError
    from cdoctest_runner.runner import RunCancelled

    code, fn, ex = CodeUnderTest(text=MAX2), decl("max2", 1), [Example("max2(1, 2)", "2")]
    with pytest.raises(MutationError, match="runner failed"):
        mutation_analysis(ex, code, fn, _FailingRunner(CdoctestError("clang-repl did not start")))
    with pytest.raises(RunCancelled):
        mutation_analysis(ex, code, fn, _FailingRunner(RunCancelled("cancelled")))


# ---------------------------------------------------------------------------------------------
# Real clang-repl


@pytest.fixture(scope="module")
def mutation_runner():  # noqa: ANN201
    from cdoctest_runner.errors import ToolchainNotFound

    try:
        from cdoctest_runner.runner import DocTestRunner, Limits
        from cdoctest_runner.toolchain import find_clang_repl

        toolchain = find_clang_repl()
    except (ImportError, ToolchainNotFound) as exc:
        pytest.skip(f"no clang-repl runner: {exc}")
    runner = DocTestRunner(toolchain, limits=Limits(timeout_s=5.0), workers=2)
    yield runner
    runner.close()


@pytest.mark.clang
def test_mutation_analysis_with_clang_repl(mutation_runner, tmp_path) -> None:  # noqa: ANN001
    """max2(1, 2) kills `!(a < b)` and `a > b`; `a <= b` is equivalent; `broken` is stillborn."""
    path = tmp_path / "max2.cpp"
    path.write_text(MAX2)
    code = CodeUnderTest(path=str(path))
    examples = [Example("max2(1, 2)", "2"), Example("max2(5, 3)", "5")]
    broken = Mutant(
        "broken", "delete", "drop a semicolon", 4, MAX2.replace("return a;", "return a")
    )
    mutants = make_mutants(MAX2, decl("max2", 1)) + [broken]
    report = mutation_analysis(examples, code, decl("max2", 1), mutation_runner, mutants)
    assert report.baseline_passed
    assert (report.killed, report.total) == (2, 3)
    assert report.score == pytest.approx(2 / 3)
    assert report.kills_per_example == [{"negate@2:9/0", "relational@2:11/1"}, set()]
    # max2(5, 3) also tells both apart (they return b = 3): the second example alone kills both.
    assert report.detected_by == {"negate@2:9/0": {0, 1}, "relational@2:11/1": {0, 1}}
    assert block_kills(report, [1]) == {"negate@2:9/0", "relational@2:11/1"}
    assert [m.id for m in report.survivors] == ["relational@2:11/0"]
    assert [m.id for m in report.stillborn] == ["broken"]
    # A block that cannot tell the mutants apart kills nothing.
    weak = mutation_analysis([Example("max2(2, 2)", "2")], code, decl("max2", 1), mutation_runner)
    assert (weak.killed, weak.total) == (0, 3)


@pytest.mark.clang
def test_realistic_mutants_compile_and_are_killed(mutation_runner) -> None:  # noqa: ANN001
    """Every realistic mutant of ``total`` loads; two calls kill all but four of them."""
    mutants = make_mutants(TOTAL, decl("total", 2), "c", 100, operators=REALISTIC_OPERATORS)
    code = CodeUnderTest(text=TOTAL, language="c")
    examples = [
        Example("int v[] = {5, 2000000000, 200, 0};"),
        Example("total(v, 3, 1)"),
        Example("total(v, 1, 7)"),
    ]
    report = mutation_analysis(examples, code, decl("total", 2), mutation_runner, mutants)
    assert report.baseline is not None and report.baseline.setup_error is None
    assert report.stillborn == []
    # Survivors these inputs cannot reach: every v[i] > 1 here (so `v[i] > lo` never decides),
    # v[i + 1] > lo agrees with v[i] > lo on every counted i, and no counted value is big enough
    # for an int sum or product to overflow.
    assert sorted(m.id for m in report.survivors) == [
        "drop-term@5:13/1",
        "off-by-one@5:15/0",
        "widening@3:5/0",
        "widening@6:18/0",
    ]


@pytest.mark.clang
def test_mutation_analysis_rejects_code_that_does_not_load(mutation_runner) -> None:  # noqa: ANN001
    code = CodeUnderTest(text="int max2(int a, int b) { return a }\n")
    with pytest.raises(MutationError, match="does not load"):
        mutation_analysis(
            [Example("max2(1, 2)", "2")], code, decl("max2", 1), mutation_runner, mutants=[]
        )


@pytest.mark.clang
def test_kills_by_timeout_are_reported_apart(mutation_runner, tmp_path) -> None:  # noqa: ANN001
    """A mutant that never ends is killed by a timeout and listed in ``timeout_kills``; one that
    returns another value is killed by its output and is not.
    """
    path = tmp_path / "max2.cpp"
    path.write_text(MAX2)
    code = CodeUnderTest(path=str(path))
    endless = Mutant("endless", "delete", "loop", 2, MAX2.replace("if", "while (1) {} if", 1))
    wrong = Mutant("wrong", "return", "b + 1", 3, MAX2.replace("return b;", "return b + 1;"))
    examples = [Example("max2(1, 2)", "2")]
    report = mutation_analysis(examples, code, decl("max2", 1), mutation_runner, [endless, wrong])
    assert (report.killed, report.total) == (2, 2)
    assert report.timeout_kills == {"endless"}
    assert report.to_dict()["timeout_kills"] == ["endless"]


def test_mutant_edits_docstring_examples() -> None:
    import doctest

    from cdoctest_runner.mutation import edits as mutant_edits

    result = doctest.testmod(mutant_edits)
    assert result.attempted > 0 and result.failed == 0
