"""Why a function got no block: one ``no block: ...`` line per reason, and ``-v``'s list of the
rejected call groups (``server.generate.noblock``; issue #39).

Pure tests build the line from hand-made ``Ran`` events and rejections a reviewer can check by
eye. Real runs (clang-repl, ``GenerateOptions(no_model=True, quick=True)`` unless a model's turn
is the point) take one small file per reason (Test Data: ``tests/data/noblock``):
``template.cpp`` (no instance of the template: nothing to try), ``macro.cpp`` (a macro after the
function renames its calls: none compiles), ``extern.c`` (calls a function no file defines: none
links), ``aborts.c`` (every call aborts), ``silent.c`` (prints nothing), ``overflow.c`` (every
call is undefined behaviour: the rule drops it), ``roll.c`` (an output that differs from run to
run: the final re-run drops the block), ``same.c`` (every output the same: not a reason, a block
is written).
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from models.api import Completion, ModelInfo
from server import cli
from server.api import FunctionResult, GenerateOptions, Rejected, TargetSelector
from server.generate.generator import Generator
from server.generate.noblock import MAX_SHOWN, no_block_reason, rejected_by_reason
from server.generate.trace import Ran
from server.judge.select import build_pool, select_block
from server.judge.units import Candidate, Fate, Rejection, Unit, VerifiedUnit

DATA = Path(__file__).resolve().parents[1] / "data" / "noblock"

# --- the line, from hand-made events (pure) -------------------------------------------------


def test_no_candidate_at_all() -> None:
    assert no_block_reason([Ran(0), Ran(0)]) == "no block: no candidate call to try"


def test_the_budget_ran_out_first_or_midway() -> None:
    assert (
        no_block_reason([Ran(0, (), out_of_time=True)], budget_s=60)
        == "no block: the time budget (60 s) ran out before any call was tried"
    )
    crashed = Rejection(Fate.CRASHED, "f(0)", "killed by signal 6 (SIGABRT)")
    assert no_block_reason([Ran(1, (crashed,)), Ran(0, (), out_of_time=True)], budget_s=5) == (
        "no block: 1 call group(s), all crashed (`f(0)`: killed by signal 6 (SIGABRT)); "
        "the time budget (5 s) ran out before more could be tried"
    )


def test_none_compiled_names_the_first_error_without_its_location() -> None:
    error = "input_line_8:1:1: error: no matching function for call to 'format'"
    first = Rejection(Fate.NOT_COMPILED, 'format("%F", tp)', error)
    other = Rejection(Fate.NOT_COMPILED, "format(1)", "input_line_9:2:3: error: other")
    assert no_block_reason([Ran(2, (first, other))]) == (
        "no block: 2 call group(s), none compiled (first error: `no matching function for call "
        "to 'format'` in `format(\"%F\", tp)`)"
    )


def test_nothing_printed_says_no_observable_effect() -> None:
    silent = (Rejection(Fate.SILENT, "reset(&s);"), Rejection(Fate.SILENT, "reset(&t);"))
    assert no_block_reason([Ran(2, silent)], name="reset", void=True) == (
        "no block: no observable effect: 2 call group(s) ran but printed nothing to check "
        "(`reset` returns nothing; e.g. `reset(&s);`)"
    )


def _unit(*sources: str) -> VerifiedUnit:
    examples = tuple(Example(s, "1" if "(" in s and not s.endswith(";") else "") for s in sources)
    return VerifiedUnit(Unit(examples, Candidate(examples)), examples, (True,) * len(examples))


def test_every_group_dropped_by_the_rules_counts_each_rule() -> None:
    """Rules 1 and 2 drop every unit in ``select_block`` (before any mutation analysis), and the
    line counts them per rule.
    """
    f = Declaration("sum", "sum", "function", 1, 1, 1, 1, "int sum(int *h)")
    never = _unit("int sum_n = 2;", "twice(sum_n)")
    dead = _unit("int *h;", "h = make(1);", "h = make(2);", "sum(h)")
    dead2 = _unit("int *g;", "g = make(3);", "g = make(4);", "sum(g)")
    chosen = select_block(
        build_pool([never, dead, dead2]), CodeUnderTest(text="", language="c"), f, None, 8
    )  # no mutants run: nothing is left to select
    assert chosen.examples == ()
    assert [r.fate for r in chosen.rejected] == [Fate.NEVER_CALLS, Fate.DEAD_STORE, Fate.DEAD_STORE]
    assert no_block_reason([Ran(3)], chosen.rejected, name="sum") == (
        "no block: 3 call group(s), all dropped by the rules (never calls `sum`: 1; "
        "a dead store: 2; first: `int sum_n = 2;`: it never calls `sum`)"
    )


def test_a_mix_of_reasons_counts_each_and_the_groups_not_pooled() -> None:
    crashed = Rejection(Fate.CRASHED, "f(NULL)", "killed by signal 11 (SIGSEGV)")
    silent = Rejection(Fate.SILENT, "f(buf);")
    trap = Rejection(Fate.UNDEFINED, "f(INT_MAX)")
    assert no_block_reason([Ran(5, (crashed, silent, trap))], name="f") == (
        "no block: of 5 call group(s), 1 crashed (`f(NULL)`: killed by signal 11 (SIGSEGV)), "
        "1 ran but printed nothing to check (`f(buf);`), 1 was dropped by the rules "
        "(undefined behaviour (trap): 1), 2 repeated another or did not fit in the pool"
    )


def test_the_verbose_list_is_bounded_per_reason() -> None:
    many = [Rejection(Fate.NOT_LINKED, f"use({i})", "symbols not found: helper") for i in range(5)]
    grouped = rejected_by_reason([*many, Rejection(Fate.NEVER_CALLS, "1 + 1")], "use")
    assert grouped == (
        Rejected(
            "could not link",
            5,
            tuple(f"`use({i})`: symbols not found: helper" for i in range(MAX_SHOWN)),
        ),
        Rejected("never calls `use`", 1, ("`1 + 1`",)),
    )
    f = FunctionResult(Declaration("use", "use", "function", 1, 1, 1, 1), "no_test")
    lines = cli.rejected_lines(FunctionResult(f.function, "no_test", rejected=grouped))
    assert lines == [
        "  rejected (6 call group(s)):",
        "    could not link: 5",
        "      `use(0)`: symbols not found: helper",
        "      `use(1)`: symbols not found: helper",
        "      `use(2)`: symbols not found: helper",
        "      ... and 2 more",
        "    never calls `use`: 1",
        "      `1 + 1`",
    ]
    assert cli.rejected_lines(f) == []


# --- real runs: one file per reason ---------------------------------------------------------


@pytest.fixture(scope="module")
def gen(runner):  # noqa: ANN001
    with Generator(runner=runner, options=GenerateOptions(no_model=True, quick=True)) as g:
        yield g


def _result(gen: Generator, file: str, name: str) -> FunctionResult:
    (f,) = gen.generate(str(DATA / file), None, TargetSelector(name)).functions
    return f


def _no_block(f: FunctionResult) -> str:
    """The result's ``no block`` line (its message's last part), after checking there is none."""
    assert f.status == "no_test" and f.edit is None, f.message
    assert f.message.count("no block: ") == 1, f.message
    return f.message[f.message.index("no block: ") :]


@pytest.mark.clang
def test_real_no_candidates_says_what_the_fallback_cannot_make(gen: Generator) -> None:
    f = _result(gen, "template.cpp", "hint")
    assert f.message.startswith("fallback: no calls to try (no instance of the template"), f
    assert _no_block(f) == "no block: no candidate call to try"
    assert f.rejected == ()


@pytest.mark.clang
def test_real_none_compiled_with_the_first_error(gen: Generator) -> None:
    f = _result(gen, "macro.cpp", "twice")
    assert re.fullmatch(
        r"no block: \d+ call group\(s\), none compiled \(first error: `use of undeclared "
        r"identifier 'twice_checked'` in `twice\(-?\d+\)`\)",
        _no_block(f),
    ), f.message
    (why,) = f.rejected
    assert why.reason == "did not compile" and why.count >= 2
    assert why.first[0].endswith(": use of undeclared identifier 'twice_checked'"), why


@pytest.mark.clang
def test_real_none_linked_names_the_missing_symbol(gen: Generator) -> None:
    f = _result(gen, "extern.c", "use")
    line = _no_block(f)
    assert re.fullmatch(
        r"no block: \d+ call group\(s\), none could link \(`use\(-?\d+\)`: symbols not found: "
        r"helper\)",
        line,
    ), f.message
    assert "`helper` is declared in " in f.message  # the fallback's note: where, what to do


@pytest.mark.clang
def test_real_every_call_crashed(gen: Generator) -> None:
    f = _result(gen, "aborts.c", "give_up")
    assert re.fullmatch(
        r"no block: \d+ call group\(s\), all crashed \(`give_up\(-?\d+\)`: killed by signal 6 "
        r"\(SIGABRT\)\)",
        _no_block(f),
    ), f.message


@pytest.mark.clang
def test_real_nothing_printed_to_check(gen: Generator) -> None:
    f = _result(gen, "silent.c", "nothing")
    assert re.fullmatch(
        r"no block: no observable effect: \d+ call group\(s\) ran but printed nothing to check "
        r"\(`nothing` returns nothing; e\.g\. `nothing\(-?\d+\);`\)",
        _no_block(f),
    ), f.message
    assert [r.reason for r in f.rejected] == ["printed nothing to check"]


@pytest.mark.clang
def test_real_every_group_dropped_by_a_rule(gen: Generator) -> None:
    """Rule 5: every call overflows a signed int; the sanitizer traps each one. The calls of
    the function run, so "fallback: nothing runnable" alone did not say why there was no block.
    """
    f = _result(gen, "overflow.c", "overflow")
    assert re.fullmatch(
        r"no block: \d+ call group\(s\), all dropped: undefined behaviour \(trap\) \(first: "
        r"`overflow\(-?\d+\)`\)",
        _no_block(f),
    ), f.message
    assert [r.reason for r in f.rejected] == ["undefined behaviour (trap)"]


@pytest.mark.clang
def test_real_every_output_the_same_still_gets_a_block(gen: Generator) -> None:
    """Equal outputs stop nothing: the cover keeps the first call even when none kills a mutant
    (``select_examples``), so no ``no block`` reason is needed for it.
    """
    f = _result(gen, "same.c", "answer")
    assert f.status == "verified" and "no block" not in f.message, f.message
    assert {e.want.strip() for e in f.examples if e.want} == {"42"}


@pytest.mark.clang
def test_real_the_final_rerun_failed(gen: Generator) -> None:
    """The block was chosen, then failed when re-run twice in the edited file: the clock's
    nanoseconds differ from run to run.
    """
    f = _result(gen, "roll.c", "roll")
    assert re.fullmatch(
        r"no block: the block failed when re-run in the edited file \(1 example\(s\) gave "
        r"different output in two runs \(`roll\(-?\d+\)`\)\)",
        _no_block(f),
    ), f.message
    assert f.phase == 0


class _Canned:
    """A real ``Backend`` whose completions are fixed texts."""

    info = ModelInfo(path="canned://test", source="argument", reason="test backend", name="canned")

    def __init__(self, text: str) -> None:
        self.text = text

    def generate(self, messages, n=1, params=None, cancel=None):  # noqa: ANN001, ANN201
        return [Completion(text=self.text) for _ in range(n)]

    def close(self) -> None:
        pass


class _Waits(_Canned):
    """A model that decodes until the time budget stops it: nothing comes back."""

    def generate(self, messages, n=1, params=None, cancel=None):  # noqa: ANN001, ANN201
        assert isinstance(cancel, threading.Event)
        cancel.wait(60)
        return [Completion(text="", finish_reason="cancelled") for _ in range(n)]


@pytest.mark.clang
def test_real_the_budget_ran_out_before_any_call(runner) -> None:  # noqa: ANN001
    options = GenerateOptions(samples=2, time_budget_s=2, usage=False)
    with Generator(runner=runner, backend=_Waits(""), options=options, fallback="never") as g:
        (f,) = g.generate(str(DATA / "same.c"), None, TargetSelector("answer")).functions
    assert f.status == "no_test", f.message
    assert "no block: the time budget (2 s) ran out before any call was tried" in f.message


@pytest.mark.clang
def test_real_phase_two_says_why_neither_phase_found_a_block(runner) -> None:  # noqa: ANN001
    """Phase 1 (none compiled) and phase 2 (the model's group takes the function's address and
    prints it: it runs, and rule 1 drops it at the selection) end in one line for both, not
    phase 1's note and "phase 2 found no stronger block".
    """
    answer = ">>> auto twice_fn = &twice;\n>>> twice_fn != nullptr\ntrue\n"
    options = GenerateOptions(samples=1, usage=False, time_budget_s=60)
    with Generator(runner=runner, backend=_Canned(answer), options=options) as g:
        (f,) = g.generate(str(DATA / "macro.cpp"), None, TargetSelector("twice")).functions
    assert "phase 2 found no stronger block" not in f.message
    assert "model: 1/1 candidates gave runnable examples" in f.message
    assert re.fullmatch(
        r"no block: of \d+ call group\(s\), \d+ did not compile \(first error: `use of "
        r"undeclared identifier 'twice_checked'` in `twice\(-?\d+\)`\), 1 was dropped by the "
        r"rules \(never calls `twice`: 1\)",
        _no_block(f),
    ), f.message
    assert (
        Rejected("never calls `twice`", 1, ("`auto twice_fn = &twice;`: it never calls `twice`",))
        in f.rejected
    )


@pytest.mark.clang
def test_cli_verbose_lists_the_rejected_groups(runner, capsys) -> None:  # noqa: ANN001
    path = str(DATA / "overflow.c")
    rc = cli.main([path, "--no-model", "--quick", "-v", "--json"])
    captured = capsys.readouterr()
    assert rc == 1
    (f,) = json.loads(captured.out)["functions"]
    assert f["message"].endswith("(first: `overflow(1)`)"), f["message"]
    (why,) = f["rejected"]
    assert why["reason"] == "undefined behaviour (trap)" and len(why["first"]) == MAX_SHOWN
    lines = captured.err.splitlines()
    at = lines.index(f"  rejected ({why['count']} call group(s)):")
    assert lines[at + 1] == f"    undefined behaviour (trap): {why['count']}"
    assert lines[at + 2] == f"      {why['first'][0]}"
