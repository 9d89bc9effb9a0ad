"""Mutant schemata (``cdoctest_runner.mutation.schemata``, ``schema_text``, ``schemata_run``).

The planner and the text are checked by hand (libclang only); with clang-repl, mutation analysis
runs both ways, each mutant compiled on its own and the mutants on their schema, and the reports
must agree mutant by mutant: kills, the examples that see each, survivors, stillborn mutants and
time-outs (C and C++, functions of ``bench/data/eval_functions`` and small ones written here for a
file-scope counter, ``__LINE__``, a mutant whose type differs, one that does not compile and one
that never ends).
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import MutationReport, mutation_analysis
from cdoctest_runner.mutation.mutate import OPERATORS, Mutant, make_mutants
from cdoctest_runner.mutation.schema_text import (
    mutants_in_error,
    presumed_lines,
    render,
    switch_input,
)
from cdoctest_runner.mutation.schemata import plan_schema


def decl(name: str, source: str) -> Declaration:
    """The declaration of ``name`` defined in ``source`` (the line holding ``name(`` and ``{``)."""
    line = next(i + 1 for i, t in enumerate(source.split("\n")) if f" {name}(" in t and "{" in t)
    return Declaration(name, name, "function", line, 1, line, 1)


PICK = """int pick(int a, int b, int k) {
    int buf[4] = {0};
    int r = a + b;
    if (a < b)
        r++;
    switch (k) {
    case 1:
        return r * 2;
    default:
        break;
    }
    long long w = (long long)a * b;
    return r + buf[k & 3] + (a && b) + (int)w;
}
"""


def test_each_mutant_gets_the_point_its_change_needs() -> None:
    """Statements whole, conditions by truth, other expressions typed; declarations, case labels
    out.
    """
    mutants = make_mutants(PICK, decl("pick", PICK), "c", 100, operators=OPERATORS)
    plan = plan_schema(PICK, mutants, "c")
    where = {m.id: plan.points[m.id].kind if m.id in plan.points else plan.left_out[m.id]
             for m in mutants}  # fmt: skip
    assert {k: where[k] for k in (
        "constant@2:13/0",  # `int buf[4]` -> `[5]`: an array size
        "constant@2:19/0",  # `{0}` -> `{1}`: an initialiser
        "arithmetic@3:15/0",  # `a + b` -> `a - b` in `int r = ...`
        "remove-branch@4:5/0",  # the whole `if` removed
        "negate@4:9/0",
        "relational@4:11/1",
        "remove-branch@7:5/0",  # `case 1:` removed
        "arithmetic@8:18/0",  # in `return r * 2;`
        "widening@12:5/0",  # `long long w` -> `int w`
        "widening@12:19/0",  # `(long long)a * b` -> `a * b`
        "off-by-one@13:20/0",  # in the `return`
    )} == {
        "constant@2:13/0": "changes a declaration or a type",
        "constant@2:19/0": "expression",
        "arithmetic@3:15/0": "expression",
        "remove-branch@4:5/0": "statement",
        "negate@4:9/0": "condition",
        "relational@4:11/1": "condition",
        "remove-branch@7:5/0": "a statement with a label or case",
        "arithmetic@8:18/0": "statement",
        "widening@12:5/0": "changes a declaration or a type",
        "widening@12:19/0": "expression",
        "off-by-one@13:20/0": "statement",
    }  # fmt: skip


LOOP = """int max_of(const int *xs, int n) {
    int best = xs[0];
    for (int i = 1; i < n; ++i)
        if (xs[i] > best)
            best = xs[i];
    if (n > 5) {
        if (n > 9)
            best = 0;
    }
    return best;
}
"""


def test_a_branch_or_loop_keeps_its_only_statement() -> None:
    """Without the ``if`` that is a loop's only statement, the mutant's loop runs ``return``: the
    next statement takes its place, which no schema can do; an ``if`` in a block is removed.
    """
    mutants = make_mutants(LOOP, decl("max_of", LOOP), "c", 100, operators=OPERATORS)
    plan = plan_schema(LOOP, mutants, "c")
    assert plan.left_out["remove-branch@4:9/0"] == "removes the only statement of a branch or loop"
    assert plan.points["remove-branch@7:9/0"].kind == "statement"


def test_an_inserted_operator_goes_to_the_expression_around_it() -> None:
    """``i<n`` -> ``i<=n`` inserts ``=`` where ``n`` starts: the point is ``i<n``, not ``n``."""
    text = "int below(int i, int n) {\n    while (i<n)\n        i++;\n    return i;\n}\n"
    mutants = make_mutants(text, decl("below", text), "c", 100)
    plan = plan_schema(text, mutants, "c")
    point = plan.points["relational@2:13/0"]
    assert (text.encode()[point.start : point.end], plan.variants["relational@2:13/0"]) == (
        b"i<n",
        b"i<=n",
    )


MAX2 = """/* The larger of a and b. */
int max2(int a, int b) {
    if (a < b)
        return b;
    return a + 0;
}
"""


def test_the_schema_text() -> None:
    """Nested points, several mutants at one point, the switch declared before the function and
    the line numbers kept.
    """
    mutants = make_mutants(MAX2, decl("max2", MAX2), "c", 100, operators=OPERATORS)
    schema = render(plan_schema(MAX2, mutants, "c"), [m.id for m in mutants])
    s = "__cdt_mutant"
    assert schema.text == (
        "/* The larger of a and b. */\n"
        f"int {s} = 0;\n#line 2\n"
        "int max2(int a, int b) {\n"
        f"    {{ if ({s} == 1) {{  }} else {{ if (({s} == 2 ? !!(!(a < b)) : {s} == 3 ? "
        f"!!(a <= b) : {s} == 4 ? !!(a > b) : !!(a < b)))\n"
        f"        {{ if ({s} == 5) {{ return (b) + 1; }} else {{ return b; }} }} }} }}\n"
        f"    {{ if ({s} == 6) {{ return (a + 0) + 1; }} else if ({s} == 7) {{ return a - 0; }} "
        f"else if ({s} == 8) {{ return a + 1; }} else if ({s} == 9) {{ return a + (-1); }} "
        f"else {{ return a + 0; }} }}\n"
        "}\n"
    )
    assert schema.switch == {m.id: k + 1 for k, m in enumerate(mutants)}
    assert switch_input(schema.switch["relational@3:11/0"]) == f"{s} = 3;"


IF_ELSE = """int sign(int x) {
    int s = 0;
    if (x > 0)
        s = 1;
    else
        s = -1;
    return s;
}
"""


def test_lines_keep_their_numbers() -> None:
    """Every line copied from the file has the number the compiler gives it in the file, also
    after a mutant's copy that spans lines (``#line``).
    """
    mutants = make_mutants(IF_ELSE, decl("sign", IF_ELSE), "c", 100, operators=OPERATORS)
    assert any(m.operator == "remove-branch" for m in mutants)  # a copy spanning lines
    schema = render(plan_schema(IF_ELSE, mutants, "c"), [m.id for m in mutants])
    original = IF_ELSE.split("\n")
    numbered = presumed_lines(schema.text.encode())
    for text, number in zip(schema.text.split("\n"), numbered, strict=True):
        if text.strip() in ("s = 1;", "else", "s = -1;", "}", "int s = 0;"):
            assert text.strip() in original[number - 1], (text, number)
    assert schema.text.count("#line") >= 2


def test_errors_are_read_back_to_their_mutants() -> None:
    """An error in a mutant's copy names it; an error in a header, by the note in the schema;
    an error elsewhere names none.
    """
    mutants = make_mutants(PICK, decl("pick", PICK), "c", 100, operators=OPERATORS)
    plan = plan_schema(PICK, mutants, "c")
    schema = render(plan, [m.id for m in mutants if m.id in plan.points])
    text = schema.text  # ASCII: byte offsets are character offsets
    start = max(a for a, _, ids in schema.spans if ids == ("widening@12:19/0",))  # its variant
    cast = text.index("(void)sizeof(char[__builtin_types_compatible_p", start)
    line = text.count("\n", 0, cast)
    column = cast - text.rfind("\n", 0, cast)
    number = schema.lines[line]
    ours = lambda name: name == "/p/pick.c"  # noqa: E731
    error = f"/p/pick.c:{number}:{column}: error: array size is negative\n"
    assert mutants_in_error(schema, error, ours) == (frozenset({"widening@12:19/0"}), True)
    in_header = f"/usr/include/x.h:3:1: error: no\n/p/pick.c:{number}:{column}: note: here\n"
    assert mutants_in_error(schema, in_header, ours)[0] == {"widening@12:19/0"}
    elsewhere = "/p/pick.c:1:1: error: no\n"
    assert mutants_in_error(schema, elsewhere, ours) == (frozenset(), False)


def test_the_runner_option_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from cdoctest_runner.runner import DocTestRunner
    from server.judge.runners import Retrying

    monkeypatch.delenv("CDOCTEST_SCHEMATA", raising=False)
    assert DocTestRunner().schemata and Retrying(DocTestRunner()).schemata
    assert not DocTestRunner(warm=False).schemata and not DocTestRunner(schemata=False).schemata
    monkeypatch.setenv("CDOCTEST_SCHEMATA", "0")
    assert not DocTestRunner().schemata and DocTestRunner(schemata=True).schemata


# ---------------------------------------------------------------------------------------------
# Real clang-repl: both ways, mutant by mutant


def same_reports(old: MutationReport, new: MutationReport) -> None:
    """Assert that two reports of one block on the same mutants agree mutant by mutant."""
    ids = [m.id for m in old.mutants]
    assert [m.id for m in new.mutants] == ids
    for mid in ids:
        seen = [(r.killed_by.get(mid), r.detected_by.get(mid), r.observed_by.get(mid))
                for r in (old, new)]  # fmt: skip
        assert seen[0] == seen[1], mid
    assert [m.id for m in new.survivors] == [m.id for m in old.survivors]
    assert [m.id for m in new.stillborn] == [m.id for m in old.stillborn]
    assert new.timeout_kills == old.timeout_kills
    assert new.kills_per_example == old.kills_per_example
    assert old.baseline is not None and new.baseline is not None
    assert [(r.outcome, r.got) for r in new.baseline.results] == [
        (r.outcome, r.got) for r in old.baseline.results
    ]


@pytest.fixture(scope="module")
def mutants_runner():  # noqa: ANN201
    """A runner as the generator's for mutants: short limit, two workers, schemata on."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner, Limits
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    runner = DocTestRunner(toolchain, limits=Limits(timeout_s=2.0), workers=2, schemata=True)
    yield runner
    runner.close()


def both_ways(runner, code: CodeUnderTest, name: str, examples, extra=()):  # noqa: ANN001, ANN201
    """The reports of the old way and of schemata (twice: planned, then settled) on all the
    mutants of ``name`` (every operator, two callees) and ``extra``; the schemata's log says how
    many mutants ran on them.
    """
    source = code.source_text()
    assert source is not None
    function = decl(name, source)
    mutants = make_mutants(source, function, code.language, 40, path=code.path,
                           operators=OPERATORS, callees=2) + list(extra)  # fmt: skip
    old = mutation_analysis(examples, code, function, runner, mutants, schemata=False)
    first = mutation_analysis(examples, code, function, runner, mutants, schemata=True)
    again = mutation_analysis(examples, code, function, runner, mutants, schemata=True)
    return old, first, again


def on_schemata(caplog: pytest.LogCaptureFixture) -> tuple[int, int]:
    """(mutants that ran on a schema, mutants), from the log of the analysis that settled them."""
    (message,) = [r.getMessage() for r in caplog.records if r.name.endswith(".schemata_run")]
    m = re.search(r": (\d+) of (\d+) mutants in", message)
    assert m is not None, message
    return int(m.group(1)), int(m.group(2))


EVAL = ["leap_year.c", "manhattan.c", "fib.c", "grade.cpp", "counter.cpp", "account.cpp",
        "rect_area.cpp", "triangle.cpp"]  # fmt: skip


@pytest.mark.clang
@pytest.mark.parametrize("file", EVAL)
def test_eval_functions_give_the_same_report(mutants_runner, caplog, file: str) -> None:  # noqa: ANN001
    """Functions of the evaluation set (no mutant reads outside an object: such a read gives
    what memory holds, which differs between any two sessions) with their hand-written checks.
    """
    from bench.eval_set import load_eval_set

    (target,) = [f for f in load_eval_set() if f.path.endswith("/" + file)]
    with caplog.at_level(logging.INFO, logger="cdoctest_runner.mutation.schemata_run"):
        old, first, again = both_ways(mutants_runner, target.code(), target.function,
                                      list(target.checks))  # fmt: skip
    assert on_schemata(caplog) == (len(old.mutants), len(old.mutants))  # all of them
    assert old.total >= 5
    same_reports(old, first)
    same_reports(old, again)


COUNTER = """int calls = 0;
/* Add step to the running total and return it. */
int bump(int step) {
    if (step < 0)
        step = 0;
    calls += step;
    return calls;
}
"""

WHERE = """#include <stdio.h>
/* Print where the answer came from. */
int where(int x) {
    if (x > 0) {
        printf("line %d\\n", __LINE__);
        return 1;
    }
    printf("line %d\\n",
           __LINE__);
    return 0;
}
"""

WIDE = """/* Halve n until it is 1; count the steps. The product is taken wide. */
long long steps(int n, int m) {
    int k = 0;
    while (n > 1) {
        n /= 2;
        k++;
    }
    long long p = (long long)m * 65536;
    return k + p * 0;
}
"""

CPP = """#include <string>
template <class T> T twice(T x) { return x + x; }
constexpr int square(int x) { return x * x; }
/* "yes" for a positive number, else "no"; with a template and a constexpr helper. */
std::string answer(int x) {
    std::string s = x > 0 ? "yes" : "no";
    if (twice(x) > 10 && square(x) > 1)
        s += "!";
    return s;
}
"""


SMALL = {  # text, language, function, examples, a change that does not compile, mutants alone
    "state": (COUNTER, "c", "bump", ["bump(2)", "bump(-1)", "bump(3)"], "calls += step;", 1),
    # the removed `if` moves the second __LINE__
    "__LINE__": (WHERE, "c", "where", ["where(1)", "where(-1)"], "return 1;", 2),
    # `long long p` -> `int p`, and `(long long)m * 65536` -> `m * 65536` of another type
    "types, endless": (WIDE, "c", "steps", ["steps(8, 1)", "steps(3, 2)"], "k++;", 3),
    # the two mutants of `square`
    "templates": (CPP, "c++", "answer", ["answer(6)", "answer(-2)", "answer(2)"], 's += "!";', 3),
}


@pytest.mark.clang
@pytest.mark.parametrize("name", list(SMALL))
def test_small_functions_give_the_same_report(mutants_runner, caplog, tmp_path, name: str) -> None:  # noqa: ANN001
    """File-scope state restored between mutants; ``__LINE__`` kept; a mutant of another type
    (the widening cast) and one that does not compile (``broken``: it fails in the schema too,
    and is stillborn) run on their own; a mutant that never ends (``n /= 2`` deleted) costs its
    session; templates and ``constexpr`` functions are left out.
    """
    text, language, function, examples, statement, alone = SMALL[name]
    path = tmp_path / ("f.c" if language == "c" else "f.cpp")
    path.write_text(text)
    code = CodeUnderTest(path=str(path), language=language)
    runs = [Example(e) for e in examples]
    bad = text.replace(statement, statement[:-1] + " x x;", 1)
    broken = Mutant("broken@0:0/0", "delete", "does not compile", 1, bad)
    with caplog.at_level(logging.INFO, logger="cdoctest_runner.mutation.schemata_run"):
        old, first, again = both_ways(mutants_runner, code, function, runs, [broken])
    assert on_schemata(caplog) == (len(old.mutants) - alone, len(old.mutants))
    assert "broken@0:0/0" in {m.id for m in old.stillborn}
    same_reports(old, first)
    same_reports(old, again)
    if function == "steps":
        assert old.timeout_kills


class Batches:
    """The real runner, counting ``run_many`` batches and the jobs that compile the original."""

    def __init__(self, runner: object, source: str) -> None:
        self.runner, self.source = runner, source
        self.batches = self.originals = 0
        self.limits, self.workers = runner.limits, runner.workers  # type: ignore[attr-defined]

    def run_many(self, jobs, cancel: threading.Event | None = None):  # noqa: ANN001, ANN201
        """Run ``jobs`` on the real runner."""
        self.batches += 1
        self.originals += sum(1 for _, code in jobs if code.text == self.source)
        return self.runner.run_many(jobs, cancel=cancel)  # type: ignore[attr-defined]


@pytest.mark.clang
def test_a_settled_schema_runs_in_one_batch_on_warm_sessions(mutants_runner, tmp_path) -> None:  # noqa: ANN001
    """After the first analysis of some mutants, the next runs in one batch, its baseline the
    schema at 0 (the original is not compiled again), and its mutants in reused sessions.
    """
    from cdoctest_runner.mutation.analysis import _block
    from cdoctest_runner.mutation.schemata_run import run_mutants

    path = tmp_path / "max2.c"
    path.write_text(MAX2)
    code = CodeUnderTest(path=str(path), language="c")
    mutants = make_mutants(MAX2, decl("max2", MAX2), "c", 40, path=str(path), operators=OPERATORS)
    test = _block([Example("max2(1, 2)"), Example("max2(5, 3)")], code, decl("max2", MAX2))
    counting = Batches(mutants_runner, MAX2)
    first = run_mutants(counting, test, code, MAX2, mutants)  # type: ignore[arg-type]
    assert counting.originals == 1
    counting.batches = counting.originals = 0
    again = run_mutants(counting, test, code, MAX2, mutants)  # type: ignore[arg-type]
    assert (counting.batches, counting.originals) == (1, 0)
    assert [[(r.outcome, r.got) for r in x.results] for x in again] == [
        [(r.outcome, r.got) for r in x.results] for x in first
    ]
    warm = [r.extra.get("warm_uses", 0) for r in again[1:]]
    assert sum(1 for w in warm if w > 0) >= len(mutants) - 2, warm
    assert dataclasses.replace(again[0], extra={}).test == test
