"""The input search's value mechanisms (``server.search.inputs``, issue #26), each on a small
function with a planted bug that only its inputs catch.

For each mechanism: the pure part with values a reader can check, then real clang-repl: the
search (``find_killing_inputs``) runs its candidates against the function's mutants, keeps the
calls that kill them, and those calls fail on the planted bug. The other candidate sources (one
parameter varied at a time, the characters the body tests) do not reach it: the test names the
input that only the mechanism makes.
"""

from __future__ import annotations

import pytest

from server.analysis.documentation import DocFacts
from server.analysis.kinds import Param, ParamKind
from server.analysis.mining import bit_boundaries
from server.search.inputs import doc_arrays, grammar_strings, limit_pairs
from server.search.killing import candidate_calls
from server.search.shapes import CallShape

CHECKED_MUL = """#include <limits.h>
int checked_mul(int a, int b, int *out) {
    long long p = (long long)a * b;
    if (p > INT_MAX || p < INT_MIN)
        return 0;
    *out = (int)p;
    return 1;
}
"""

TOTAL = """long long total(const int *a, int n) {
    long long sum = 0;
    for (int i = 0; i < n; i++)
        sum += a[i];
    return sum;
}
"""

ROUND_UP = """unsigned round_up(unsigned x) {
    if (x <= 1)
        return 1;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}
"""

DOTTED = """int dotted(const char *s) {
    int fields = 0;
    while (1) {
        int value = 0, len = 0;
        while (*s >= '0' && *s <= '9' && len < 3) {
            value = value * 10 + (*s - '0');
            s++;
            len++;
        }
        if (len == 0 || value > 255)
            return 0;
        fields++;
        if (*s == '\\0')
            return fields == 4;
        if (*s != '.' || fields == 4)
            return 0;
        s++;
    }
}
"""

LOWER = """int lower(char *s) {
    int n = 0;
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z') {
            *s = (char)(*s + 32);
            n++;
        }
    return n;
}
"""


def test_limit_pairs_put_sums_and_products_exactly_at_the_limits() -> None:
    i = Param(ParamKind.INT, "int")
    pairs = limit_pairs(i, i)
    assert ("2147483646", "1") in pairs and ("(-2147483647)", "(-1)") in pairs  # sums at a limit
    assert limit_pairs(i, i, product=True)[0] == ("65536", "(-32768)")  # 65536 * -32768 == INT_MIN
    assert ("46341", "46341") in pairs  # 46341^2 = 2147488281: one past
    ll = Param(ParamKind.INT, "long long")
    assert limit_pairs(ll, ll)[0] == ("9223372036854775806LL", "1")
    assert limit_pairs(i, Param(ParamKind.UINT, "unsigned")) == []


def test_limit_pairs_only_where_the_body_combines_the_parameters() -> None:
    shape = CallShape("f", (Param("int", "int", "a"), Param("int", "int", "b")), "value")
    combined = candidate_calls(shape, DocFacts(), "return (long long)a * b;")
    apart = candidate_calls(shape, DocFacts(), "return a % 7 == b % 7;")
    assert ["65536", "(-32768)"] in combined and ["65536", "(-32768)"] not in apart


def test_bit_boundaries_and_arrays_and_grammar_values() -> None:
    assert bit_boundaries("x |= x >> 8; y = x & 0x3F;") == [255, 256, 257, 63, 64]
    assert doc_arrays("/* {1, 2} sums to 3; {INT_MIN, -1} overflows an int. */") == [
        "{1, 2}",
        "{(-2147483647 - 1), (-1)}",
    ]
    strings = grammar_strings(["'0'", "'9'", "'.'"], DOTTED)
    assert strings[:2] == ['"1.2.3.4"', '"0.0.0.0"']
    assert {'"1.2.3"', '"1.2.3.4.5"', '"1..3.4"', '"01.2.3.4"', '"256.2.3.4"'} <= set(strings)


def _search(tmp_path, runner, text: str, name: str, wanted: str):  # noqa: ANN001, ANN202
    """The search's kept calls for ``name``'s mutants described as ``wanted``."""
    from cdoctest_runner.mutation.mutate import OPERATORS, make_mutants
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    path = tmp_path / f"{name}.c"
    path.write_text(text)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name=name))
    ctx = function_context(source, target)
    mutants = [
        m
        for m in make_mutants(text, ctx.declaration, "c", 200, path=str(path), operators=OPERATORS)
        if wanted in m.description
    ]
    assert mutants, f"no mutant {wanted!r}"
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        source.code_under_test(),
        ctx.declaration,
        Runners(runner, runner),
        mutants,
        names={name},
    )
    assert found.units, found.note
    return found, str(path)


def _catches(runner, path: str, found, text: str, bug: tuple[str, str]) -> bool:  # noqa: ANN001
    """Whether the kept calls, passing on ``text``, fail once ``bug`` (find, replace) is in."""
    from cdoctest_runner.example import CodeUnderTest, DocTest

    examples = tuple(e for u in found.units for e in u.examples)
    test = DocTest(examples=examples, name="planted", filename=path, lineno=1, end_lineno=1)
    assert text.count(bug[0]) == 1
    buggy = text.replace(*bug)
    good, bad = runner.run_many(
        [(test, CodeUnderTest(path=path, text=text)), (test, CodeUnderTest(path=path, text=buggy))]
    )
    return good.passed and not bad.passed


def _sources(found) -> list[str]:  # noqa: ANN001
    return [e.source.strip() for u in found.units for e in u.examples]


@pytest.mark.clang
def test_a_product_exactly_at_int_min_is_searched(tmp_path, runner) -> None:  # noqa: ANN001
    """``p < INT_MIN`` -> ``p <= INT_MIN`` rejects INT_MIN itself: only a product equal to
    INT_MIN (a limit pair) tells; the planted bug is the same slip.
    """
    found, path = _search(tmp_path, runner, CHECKED_MUL, "checked_mul", "`<` -> `<=`")
    assert any("65536, (-32768)" in s or "(-2147483647 - 1), 1" in s for s in _sources(found))
    assert _catches(runner, path, found, CHECKED_MUL, ("p < INT_MIN", "p <= INT_MIN"))


@pytest.mark.clang
def test_an_array_of_two_maxima_catches_a_narrow_accumulator(tmp_path, runner) -> None:  # noqa: ANN001
    """Before arrays had a call shape the search made no call for ``total``; an array of two
    ``INT_MAX`` tells a ``long long`` sum from an ``int`` one.
    """
    found, path = _search(tmp_path, runner, TOTAL, "total", "-> `int sum`")
    assert any("{2147483647, 2147483647}; total(arr_s" in s for s in _sources(found))
    assert _catches(runner, path, found, TOTAL, ("long long sum = 0;", "int sum = 0;"))


@pytest.mark.clang
def test_shift_edges_catch_a_missing_smear_step(tmp_path, runner) -> None:  # noqa: ANN001
    """A forgotten ``x |= x >> 8`` shows only for an input whose bits sit above bit 8 alone
    (257 = 2^8 + 1: 512, not 511).
    """
    found, path = _search(tmp_path, runner, ROUND_UP, "round_up", "`8` ->")
    assert any(s in ("round_up(257)", "round_up(256)", "round_up(255)") for s in _sources(found))
    assert _catches(runner, path, found, ROUND_UP, ("    x |= x >> 8;\n", ""))


@pytest.mark.clang
def test_dotted_groups_catch_an_empty_field_accepted(tmp_path, runner) -> None:  # noqa: ANN001
    """A parser that forgets ``len == 0``: ``""``, ``"."``, ``".."`` and ``"x..y."`` (the
    separator strings) are rejected either way; only a well-formed address with one group
    emptied (``"1..3.4"``) is accepted by it.
    """
    found, path = _search(tmp_path, runner, DOTTED, "dotted", "drop `len == 0 ||`")
    assert 'dotted("1..3.4")' in _sources(found)
    assert _catches(runner, path, found, DOTTED, ("len == 0 || ", ""))


@pytest.mark.clang
def test_range_edges_catch_a_range_one_too_wide(tmp_path, runner) -> None:  # noqa: ANN001
    """``'A'`` and ``'Z'`` with their neighbours in one string: ``>= '@'`` changes the ``@``."""
    found, path = _search(tmp_path, runner, LOWER, "lower", "`>=` -> `>`")
    assert any('"@ABYZ[' in s for s in _sources(found))
    assert _catches(runner, path, found, LOWER, ("*s >= 'A'", "*s >= '@'"))
