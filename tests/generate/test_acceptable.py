"""Blocks a reviewer keeps (``server.judge.acceptable`` and its use in ``server.judge.select``): one
test per rule, on hand-written units whose verdict can be checked by eye; the last one runs
clang-repl.

Test data: inline C snippets and units (a ``cJSON``-like "add to object" call is spelled ``add``).
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import select_examples
from server.judge.acceptable import (
    calls_target,
    dead_store,
    format_parameter,
    judge,
    missing_format_arguments,
    returns_parameter,
)
from server.judge.select import build_pool, select_block
from server.judge.units import Candidate, Origin, Unit, VerifiedUnit


def decl(name: str, kind: str = "function", qualname: str = "") -> Declaration:
    return Declaration(name, qualname or name, kind, 1, 1, 1, 1)


def unit(*pairs: tuple[str, str], origin: Origin = Origin.MODEL) -> VerifiedUnit:
    examples = tuple(Example(src, want) for src, want in pairs)
    cand = Candidate(examples, origin=origin)
    return VerifiedUnit(Unit(examples, cand), examples, (True,) * len(examples))


def test_docstring_examples() -> None:
    import doctest

    import server.judge.acceptable

    result = doctest.testmod(server.judge.acceptable)
    assert result.attempted >= 8 and result.failed == 0


# Rule 1: the block calls the function under test, under any name it has.


def test_rule_calls_the_function_under_any_name() -> None:
    f = decl("count_digits")
    assert calls_target([Example('count_digits("a1")', "1")], f)
    assert calls_target([Example("int n = count_digits (s);")], f)
    # the buffer's name and a string mentioning the function are not calls
    assert not calls_target(
        [Example('char count_digits_buf[] = "count_digits(x)";'), Example('printf("%s", b)')], f
    )
    assert not calls_target([Example("int count_digits_n = 3;"), Example("count_digits_n")], f)
    # a macro's name for it (``#define compress2 z_compress2``), template arguments, a callback
    assert calls_target(
        [Example("compress2(d, &n, s, 4, 9)", "0")], decl("z_compress2"), ["compress2"]
    )
    assert calls_target([Example("maxOf<int>(1, 0)", "1")], decl("maxOf"))
    assert calls_target([Example("qsort(v, 3, sizeof v[0], cmp);")], decl("cmp"))
    # methods and constructors
    assert calls_target(
        [Example("shop::Bin b(3);"), Example("b.add(2)", "1")], decl("add", "method")
    )
    assert calls_target([Example("ring_buffer<int> obj(3);")], decl("ring_buffer", "constructor"))
    assert calls_target([Example("shop::Bin b;")], decl("Bin", "constructor", "shop::Bin::Bin"))
    assert not calls_target([Example("int Bin_n = 1;")], decl("Bin", "constructor"))
    # operators are called without their name: exempt
    assert calls_target([Example("(a + b)", "3")], decl("operator+"))


def test_a_unit_that_never_calls_the_function_leaves_the_pool() -> None:
    """The issue's block: a buffer declared and printed, the function never called."""
    never = unit(('char buf[] = "Hello, world!";', ""), ('printf("%s\\n", buf);', "Hello, world!"))
    calls = unit(("phr_decode_chunked(&d, buf, &n)", "-2"))
    pool = build_pool([never, calls])
    f = decl("phr_decode_chunked")
    code = CodeUnderTest(text="", language="c")
    chosen = select_block(pool, code, f, None, 8, mutants=[])  # type: ignore[arg-type]
    assert [e.source.strip() for e in chosen.examples] == ["phr_decode_chunked(&d, buf, &n)"]
    alone = select_block(build_pool([never]), code, f, None, 8, mutants=[])  # type: ignore[arg-type]
    assert alone.examples == () and "never calls `phr_decode_chunked`" in alone.note


# Rule 7: a printf-like call passes the arguments its format reads.

FCT = Declaration(
    "fctprintf",
    "fctprintf",
    "function",
    1,
    1,
    1,
    1,
    "int fctprintf(void (*out)(char character, void* arg), void* arg, const char* format, ...)",
)


def test_rule_a_format_gets_the_arguments_it_reads() -> None:
    """The block of 2026-11-28: ``"%hello"`` read a ``double`` that was never passed and printed
    ``0.000000e-308llo``; its mutants were "killed" 16 times in one run and 39 in the next.
    """
    assert format_parameter(FCT) == 2
    assert format_parameter(decl("vsnprintf_")) is None  # no signature: not judged
    va_list = Declaration("v", "v", "function", 1, 1, 1, 1, "int v(const char *f, va_list va)")
    assert format_parameter(va_list) is None
    no_text = Declaration("s", "s", "function", 1, 1, 1, 1, "int s(int n, ...)")
    assert format_parameter(no_text) is None
    missing = [Example("void cb(char c, void *a) {}"), Example('fctprintf(cb, NULL, "%hello")')]
    assert missing_format_arguments(missing, FCT) == (
        '`fctprintf(cb, NULL, "%hello")` reads 1 argument its call does not pass '
        "(undefined behaviour)"
    )
    star = [Example('fctprintf(cb, NULL, "[%*d|" "%s]", 4, 7)')]  # two literals, one format
    assert "reads 1 argument" in missing_format_arguments(star, FCT)
    passed = [
        Example('fctprintf(cb, NULL, "[%*d|%s] 100%%", 4, 7, "x")'),
        Example('fctprintf(cb, NULL, "%-42")'),  # no complete directive: reads nothing
        Example("fctprintf(cb, NULL, fmt)"),  # a variable: not judged
        Example('my_fctprintf(cb, NULL, "%d")'),  # another function
    ]
    assert missing_format_arguments(passed, FCT) == ""


def test_a_unit_that_reads_a_missing_argument_leaves_the_pool() -> None:
    ub = unit(('fctprintf(cb, NULL, "H%llo, World!")', "13"))
    ok = unit(('fctprintf(cb, NULL, "%llo", 8ULL)', "2"))
    code = CodeUnderTest(text="", language="c")
    chosen = select_block(build_pool([ub, ok]), code, FCT, None, 8, mutants=[])  # type: ignore[arg-type]
    assert [e.source.strip() for e in chosen.examples] == ['fctprintf(cb, NULL, "%llo", 8ULL)']
    alone = select_block(build_pool([ub]), code, FCT, None, 8, mutants=[])  # type: ignore[arg-type]
    assert alone.examples == () and "reads 1 argument its call does not pass" in alone.note


# Rule 2: no dead stores.

ADD = """typedef struct T { int v; struct T *next; } T;
T *mk(int v) { T *t = calloc(1, sizeof *t); t->v = v; return t; }
T *add(T *o, int v) { T *item = mk(v); o->next = item; return item; }
T *push(T *o, int v) { return grow(o, v); }
T *grow(T *o, int v) { o->v += v; return o; }
int same(T *a, T *b) { return a->v == b->v; }
"""


def test_rule_no_value_overwritten_before_it_is_used() -> None:
    ex = [Example("int h;"), Example("h = f(1);"), Example("h = f(2);"), Example("h")]
    assert dead_store(ex) == "`h` is assigned again before its value is used"
    used = [Example("int n = f(2);"), Example("n"), Example("n = f(3);"), Example("n")]
    assert dead_store(used) == ""
    assert dead_store([Example('int x = 0; parse("7", &x)'), Example("x = 3;"), Example("x")]) == ""


def test_rule_no_handle_overwritten_by_an_unrelated_calls_result() -> None:
    """The issue's block: ``h = Create(); h = AddBoolToObject(h, ...)`` returns the new item, not
    ``h``; ``h = sdscat(h, ...)``-like calls that return their argument (here through ``grow``)
    are kept, and a call defined elsewhere gets the benefit of the doubt.
    """
    issue = [
        Example("T *h7a;"),
        Example("h7a = mk(0);"),
        Example("h7a = add(h7a, 4);"),
        Example("T *h7b;"),
        Example("h7b = mk(1);"),
        Example("same(h7a, h7b)", "0"),
    ]
    assert (
        dead_store(issue, ADD)
        == "`h7a` is overwritten by the result of `add`, which does not return it"
    )
    assert returns_parameter(ADD, "push", 0) is True
    modifier = [Example("T *h = mk(0);"), Example("h = push(h, 2);"), Example("same(h, h)", "1")]
    assert dead_store(modifier, ADD) == ""
    assert dead_store(issue, "") == ""  # `add` is not in the file: not judged
    assert not judge(issue, decl("same"), ADD).ok and judge(modifier, decl("same"), ADD).ok


# Rule 3: outputs that differ where the function can give different results.


def test_rule_a_block_of_equal_outputs_gets_another_output() -> None:
    """``utf8spn``-like: the cover keeps two calls that both print 0; the pool has a call that
    prints 3, which joins the block.
    """
    from server.judge.select import _with_another_output

    pool = build_pool(
        [
            unit(('span("hello", "")', "0")),
            unit(('span("", "a")', "0")),
            unit(('span("abc", "cba")', "3")),
            unit(('span("x", "y")', "0")),
        ]
    )
    f = decl("span")
    assert _with_another_output(pool, [0, 1], f) == [0, 1, 2]
    assert _with_another_output(pool, [0, 2], f) == [0, 2]  # already different
    assert _with_another_output(pool, [0], f) == [0]  # one call: nothing to compare
    same = build_pool([unit(('span("a", "")', "0")), unit(('span("", "")', "0"))])
    assert _with_another_output(same, [0, 1], f) == [0, 1]  # the pool has no other output


# Rule 4: short over long when both kill the same mutants.


def test_rule_short_over_long_in_the_cover() -> None:
    long_call = "twice(3 + 0 * 1000 + 0 * 2000)"
    chosen = select_examples([long_call, "twice(3)"], [{"m1"}, {"m1"}], 1, cost=[len(long_call), 8])
    assert chosen == [1]
    assert select_examples([long_call, "twice(3)"], [{"m1"}, {"m1"}], 1) == [0]  # without: first


TWICE = "int twice(int x) {\n    return x * 2;\n}\n"


@pytest.mark.clang
def test_selection_keeps_the_short_example(tmp_path, runner) -> None:  # noqa: ANN001
    """Both calls print 6 and kill the same mutants; the long one comes first in the pool."""
    path = tmp_path / "twice.c"
    path.write_text(TWICE)
    code = CodeUnderTest(path=str(path), text=TWICE, language="c")
    pool = build_pool([unit(("twice(3 + 0 * 1000 + 0 * 2000)", "6")), unit(("twice(3)", "6"))])
    chosen = select_block(pool, code, decl("twice"), runner, 1)
    assert [e.source.strip() for e in chosen.examples] == ["twice(3)"] and chosen.killed >= 1


# Rule 6: a chosen call keeps the lines that print what it changed.

NORMALIZE = """#include <string.h>
/* Writes a normalized copy of path (no trailing '/') into buf; returns its length. */
unsigned normalize(const char *path, char *buf, unsigned size) {
    unsigned n = 0;
    while (path[n] && n + 1 < size) { buf[n] = path[n]; n++; }
    if (n > 1 && buf[n - 1] == '/') n--;
    buf[n] = '\\0';
    return n;
}
"""


def test_rule_a_calls_effect_is_shown() -> None:
    """Of a unit ``char b[8]; f(p, b, 8); puts(b); f(q, b, 8)``, a chosen first call keeps the
    print after it; the second call has none; a print of another unit does not follow; a field
    of a struct that a producer filled before the call is not the call's effect.
    """
    from server.judge.select import with_observers

    f = decl("normalize")
    pool = build_pool(
        [
            unit(
                ('char b[8] = "zzzzzzz";', ""),
                ('normalize("/", b, sizeof b)', "1"),
                ("puts(b);", "/"),
                ('normalize("a/", b, sizeof b)', "1"),
            ),
            unit(('puts("x");', "x")),
        ]
    )
    assert with_observers(pool, [0, 1], f) == [0, 1, 2]
    assert with_observers(pool, [0, 3], f) == [0, 3]  # nothing prints after the last call
    assert with_observers(pool, [0, 1, 2], f) == [0, 1, 2]
    # A struct another call filled first: its fields show that call's doing, not this one's.
    read = build_pool(
        [
            unit(
                ("semver_t v = {0};", ""),
                ('semver_parse("1.2.3", &v);', ""),
                ("semver_numeric(&v)", "123"),
                ("v.major", "1"),
            )
        ]
    )
    assert with_observers(read, [0, 1, 2], decl("semver_numeric")) == [0, 1, 2]
    # The same with the declaration and the producer on one line (as the fallback writes them).
    one_line = build_pool(
        [
            unit(
                ('semver_t v = {0}; semver_parse("1.2.3", &v);', ""),
                ("semver_numeric(&v)", "123"),
                ("v.major", "1"),
            )
        ]
    )
    assert with_observers(one_line, [0, 1], decl("semver_numeric")) == [0, 1]
    # A buffer declared on the call's own line is the call's to print.
    own = build_pool(
        [unit(('char b[8] = ""; normalize("a/", b, sizeof b)', "1"), ("puts(b);", "a"))]
    )
    assert with_observers(own, [0], f) == [0, 1]


@pytest.mark.clang
def test_selection_prints_the_buffer_a_chosen_call_wrote(tmp_path, runner) -> None:  # noqa: ANN001
    """The call kills mutants through its return value alone; the block still prints the buffer
    it wrote (with the buffer's text, a terminator left out shows).
    """
    path = tmp_path / "normalize.c"
    path.write_text(NORMALIZE)
    code = CodeUnderTest(path=str(path), text=NORMALIZE, language="c")
    pool = build_pool(
        [
            unit(
                ('char b[8] = "zzzzzzz";', ""),
                ('normalize("ab/", b, sizeof b)', "2"),
                ("puts(b);", "ab"),
            )
        ]
    )
    chosen = select_block(pool, code, decl("normalize"), runner, 1)
    assert [e.source.strip() for e in chosen.examples][-2:] == [
        'normalize("ab/", b, sizeof b)',
        "puts(b);",
    ]
