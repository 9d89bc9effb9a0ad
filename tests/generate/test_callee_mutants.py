"""Mutants in the callees: a wrapper is tested through the helpers of its file that it calls.

Test data: ``DIGITS`` below, a public wrapper over two static helpers (one called through the
other), so every expected mutant can be checked by hand; then real clang-repl: the input search
reaches a helper's branch only because the helper's text joins its value pools.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import Declaration
from cdoctest_runner.mutation.mutate import OPERATORS, callees, make_mutants

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
    """``server.judge.mutants.function_mutants`` (what selection and search use) includes the
    helpers.
    """
    from cdoctest_runner.example import CodeUnderTest
    from server.judge.mutants import function_mutants

    path = tmp_path / "digits.c"
    path.write_text(DIGITS)
    mutants, note = function_mutants(CodeUnderTest(path=str(path), language="c"), WRAPPER)
    assert note == "" and {m.function for m in mutants} == {"", "count", "digit"}  # "": `return`


@pytest.mark.clang
def test_the_search_reaches_a_helpers_branch(tmp_path, runner) -> None:  # noqa: ANN001
    """The wrapper's own body tests no character, so only the helper's ``'0'``/``'9'`` give the
    search strings with digits: ``>=`` -> ``>`` on ``'0'`` needs a ``0`` in the input.
    """
    from server.analysis.context import function_context
    from server.analysis.documentation import DocFacts
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

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
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        code,
        ctx.declaration,
        Runners(runner, runner),
        survivors,
        names={"count_digits"},
    )
    assert found.killed == {"relational@1:37/0"}
    assert found.units and all("0" in u.examples[0].source for u in found.units)


MINI_FORMAT = r"""#include <stdarg.h>
#include <stddef.h>
static size_t put_int(char *out, size_t at, size_t n, int v, int left, int width) {
    char digits[16];
    int k = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do { digits[k++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) digits[k++] = '-';
    size_t start = at;
    if (!left) while (k + (int)(at - start) < width) { if (at < n) out[at] = ' '; at++; }
    while (k) { k--; if (at < n) out[at] = digits[k]; at++; }
    if (left) while ((int)(at - start) < width) { if (at < n) out[at] = ' '; at++; }
    return at;
}
int mini_format(char *buf, size_t n, const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    size_t at = 0;
    for (; *fmt; fmt++) {
        if (*fmt != '%') { if (at < n) buf[at] = *fmt; at++; continue; }
        fmt++;
        int left = 0, width = 0;
        if (*fmt == '-') { left = 1; fmt++; }
        while (*fmt >= '0' && *fmt <= '9') width = width * 10 + (*fmt++ - '0');
        if (*fmt == 'd') at = put_int(buf, at, n, va_arg(va, int), left, width);
    }
    if (n) buf[at < n ? at : n - 1] = '\0';
    va_end(va);
    return (int)at;
}
"""


def test_a_printf_like_shape_takes_formats_with_their_arguments() -> None:
    """A variadic function whose last named parameter is a C string gets format strings built
    from the conversions and flags its body tests, each with its argument, in a 64-byte buffer.
    """
    from server.search.inputs import Param, format_values
    from server.search.shapes import CallShape

    values = format_values(["'%'", "'-'", "'d'", "'0'", "'.'"], [])
    assert values == [
        '"ab[%-5d]", 42',
        '"%.3d|", 42',
        '"[%08.3d]", 42',
        '"%d|", (-42)',
        '"ab[%05d]", 42',
        '"%d|", 42',
    ]
    shape = CallShape(
        "mini_format",
        (Param("buf", "char"), Param("uint", "size_t"), Param("cstr", "char")),
        "value",
        variadic=True,
    )
    assert [e.source.strip() for e in shape.render(['""', "64", values[0]], "1")] == [
        'char buf1[64] = ""; mini_format(buf1, 64, "ab[%-5d]", 42)',
        'printf("[%s]\\n", buf1);',
    ]


@pytest.mark.clang
def test_the_search_gives_a_printf_like_helper_a_padded_field(tmp_path, runner) -> None:  # noqa: ANN001
    """``<`` -> ``<=`` in the helper's left-justified padding shows only with a ``%-5d`` format
    and its argument, after some text (the field's start matters).
    """
    from server.analysis.context import function_context
    from server.analysis.documentation import DocFacts
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    path = tmp_path / "mini.c"
    path.write_text(MINI_FORMAT)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name="mini_format"))
    ctx = function_context(source, target)
    padding = [
        m
        for m in make_mutants(MINI_FORMAT, ctx.declaration, "c", 400, path=source.path, callees=6)
        if m.id == "relational@12:40/0"  # `(at - start) < width` -> `<=`
    ]
    assert len(padding) == 1 and padding[0].function == "put_int"
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        source.code_under_test(),
        ctx.declaration,
        Runners(runner, runner),
        padding,
        names={"mini_format"},
        max_calls=8,  # formats first: 6 of them
    )
    assert found.killed == {padding[0].id}
    assert any("%-5d" in u.examples[0].source for u in found.units)
