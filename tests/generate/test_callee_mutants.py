"""Mutants in the callees: a wrapper is tested through the helpers of its file that it calls.

Test data: ``DIGITS`` below, a public wrapper over two static helpers (one called through the
other), so every expected mutant can be checked by hand; then real clang-repl: the input search
reaches a helper's branch only because the helper's text joins its value pools.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import Declaration
from cdoctest_runner.mutate import OPERATORS, callees, make_mutants

DIGITS = """static int digit(char c) { return c >= '0' && c <= '9'; }
static int unused(int x) { return x * 3; }
static int count(const char *s) {
    int n = 0;
    for (; *s; s++)
        if (digit(*s))
            n++;
    return n;
}
int count_digits(const char *s) { return count(s); }
"""


def decl(name: str, line: int) -> Declaration:
    return Declaration(
        name=name, qualname=name, kind="function", line=line, column=1, end_line=line, end_column=1
    )


WRAPPER = decl("count_digits", 10)


def test_callees_are_found_breadth_first_and_only_when_called() -> None:
    """``count`` (called) then ``digit`` (called by ``count``); ``unused`` is never called."""
    assert [name for name, _ in callees(DIGITS, WRAPPER, "c")] == ["count", "digit"]
    assert [name for name, _ in callees(DIGITS, WRAPPER, "c", limit=1)] == ["count"]
    (_, text), _ = callees(DIGITS, WRAPPER, "c")
    assert text.startswith("static int count(") and text.endswith("return n;\n}")


def test_callee_mutants_are_named_and_unique_and_off_by_default() -> None:
    assert make_mutants(DIGITS, WRAPPER, "c") == []  # the wrapper's own body has no operator
    mutants = make_mutants(DIGITS, WRAPPER, "c", callees=6)
    assert [(m.id, m.function, m.description) for m in mutants] == [
        ("relational@1:37/0", "digit", "in `digit`: `>=` -> `>`"),
        ("relational@1:37/1", "digit", "in `digit`: `>=` -> `<=`"),
        ("constant@1:40/0", "digit", "in `digit`: `'0'` -> `'1'`"),
        ("logical@1:44/0", "digit", "in `digit`: `&&` -> `||`"),
        ("relational@1:49/0", "digit", "in `digit`: `<=` -> `<`"),
        ("relational@1:49/1", "digit", "in `digit`: `<=` -> `>=`"),
        ("constant@1:52/0", "digit", "in `digit`: `'9'` -> `'0'`"),
        ("constant@4:13/0", "count", "in `count`: `0` -> `1`"),
        ("constant@4:13/1", "count", "in `count`: `0` -> `(-1)`"),
        ("negate@6:13/0", "count", "in `count`: negate `if` condition `digit(*s)`"),
    ]
    assert mutants[0].text == DIGITS.replace("c >= '0'", "c > '0'")
    every = make_mutants(DIGITS, WRAPPER, "c", 400, operators=OPERATORS, callees=6)
    assert len({m.id for m in every}) == len(every) > 10
    assert not any(m.function == "unused" for m in every)


def test_the_limit_is_dealt_over_the_target_and_its_callees() -> None:
    """The target keeps up to half of the limit, the callees share the rest round-robin."""
    src = DIGITS.replace(
        "int count_digits(const char *s) { return count(s); }",
        "int count_digits(const char *s) {\n"
        "    if (s == 0 || *s == '-' || *s == '+' || *s == ' ')\n"
        "        return -1;\n"
        "    return count(s);\n"
        "}",
    )
    target = decl("count_digits", 10)
    own = make_mutants(src, target, "c", 400)
    assert len(own) > 8
    eight = make_mutants(src, target, "c", 8, callees=6)
    assert len(eight) == 8
    assert sum(1 for m in eight if m.function == "") == 4
    assert sum(1 for m in eight if m.function == "count") == 2  # round-robin with `digit`
    assert sum(1 for m in eight if m.function == "digit") == 2
    assert eight == make_mutants(src, target, "c", 8, callees=6)  # deterministic
    lines = [(m.line, m.column) for m in eight]
    assert lines == sorted(lines)
    # A short target leaves its unused half to the callees.
    assert len(make_mutants(DIGITS, WRAPPER, "c", 6, callees=6)) == 6


def test_selection_mutates_the_callees(tmp_path) -> None:  # noqa: ANN001
    """``server.select.function_mutants`` (what selection and search use) includes the helpers."""
    from cdoctest_runner.example import CodeUnderTest
    from server.select import function_mutants

    path = tmp_path / "digits.c"
    path.write_text(DIGITS)
    mutants, note = function_mutants(CodeUnderTest(path=str(path), language="c"), WRAPPER)
    assert note == "" and {m.function for m in mutants} == {"", "count", "digit"}  # "": `return`


@pytest.mark.clang
def test_the_search_reaches_a_helpers_branch(tmp_path, runner) -> None:  # noqa: ANN001
    """The wrapper's own body tests no character, so only the helper's ``'0'``/``'9'`` give the
    search strings with digits: ``>=`` -> ``>`` on ``'0'`` needs a ``0`` in the input.
    """
    from server.api import TargetSelector
    from server.context import function_context
    from server.docmine import DocFacts
    from server.locate import load_source, select_targets
    from server.search import search

    path = tmp_path / "digits.c"
    path.write_text(DIGITS)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name="count_digits"))
    ctx = function_context(source, target)
    code = source.code_under_test()
    survivors = [
        m
        for m in make_mutants(DIGITS, ctx.declaration, "c", path=source.path, callees=6)
        if m.description == "in `digit`: `>=` -> `>`"
    ]
    found = search(
        ctx, DocFacts(), code, ctx.declaration, runner, runner, survivors, names={"count_digits"}
    )
    assert found.killed == {"relational@1:37/0"}
    assert found.units and all("0" in u.examples[0].source for u in found.units)
