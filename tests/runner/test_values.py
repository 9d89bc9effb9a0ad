"""values.py: clang-repl value prints -> display form (pure string pairs, no clang needed).

Every pair's left side is text clang-repl 22 prints (see shared/notes/clang-repl.md and
tests/runner/test_exec_runner.py, which checks the same forms against the real interpreter).
"""

import pytest

from cdoctest_runner.values import (
    display_value,
    normalize_float,
    render_value,
    split_type,
    split_value_print,
)

PAIRS = [
    ("(int) 120\n", "120\n"),
    ("(int) -5\n", "-5\n"),
    ("(unsigned long) 3\n", "3\n"),
    ("(long long) -5\n", "-5\n"),
    ("(bool) true\n", "true\n"),
    ("(bool) false\n", "false\n"),
    ("(char) 'a'\n", "'a'\n"),
    ("(unsigned char) 'A'\n", "'A'\n"),
    ('(const char *) "hi"\n', '"hi"\n'),
    ('(const char[3]) "hi"\n', '"hi"\n'),
    ('(char[4]) "abc"\n', '"abc"\n'),
    ("(const char *) 0\n", "nullptr\n"),
    ("(double) 2.5000000\n", "2.5\n"),
    ("(double) 2.0\n", "2.0\n"),
    ("(double) 0.33333333\n", "0.33333333\n"),
    ("(double) 100.00000\n", "100.0\n"),
    ("(double) 1.00000e-07\n", "1e-07\n"),
    ("(double) inf\n", "inf\n"),
    ("(double) -inf\n", "-inf\n"),
    ("(double) nan\n", "nan\n"),
    ("(float) 2.50000f\n", "2.5\n"),
    ("(float) 0.333333f\n", "0.333333\n"),
    ("(Color) (Green) : unsigned int 1\n", "Green\n"),
    ("(E2) (E2::B) : int 1\n", "E2::B\n"),
    ("(Enum) (e2) : int -11\n", "e2\n"),
    ("(int[3]) { 1, 2, 3 }\n", "{ 1, 2, 3 }\n"),
    ("(double[2]) { 0.50000000, 2.0 }\n", "{ 0.5, 2.0 }\n"),
    ("(std::nullptr_t) { error: unknown builtin type '490 '}\n", "nullptr\n"),
    ("(S &) @0x7feb75aec000\n", "@0x7feb75aec000\n"),
    ("(__cdt_void) @0x5637203d3460\n", ""),
    ("(int *) 0x0\n", "nullptr\n"),
    ('(const char *) "a\nb"\n', '"a\nb"\n'),  # a newline in a string prints as a real newline
    ("(char) '\n'\n", "'\n'\n"),
]


@pytest.mark.parametrize(("printed", "display"), PAIRS)
def test_render_value(printed, display):
    assert render_value(printed) == display


def test_c_null_pointer_is_NULL():
    assert render_value("(int *) 0x0\n", "c") == "NULL\n"
    assert display_value("const char *", "0", "c") == "NULL"


def test_text_that_is_not_a_value_print_is_unchanged():
    assert render_value("hello\n") == "hello\n"
    assert render_value("(not a type)x\n") == "(not a type)x\n"


@pytest.mark.parametrize(
    ("token", "expected"),
    [("2.5000000", "2.5"), ("2.0", "2.0"), ("100.00000", "100.0"), ("1.00000e-07", "1e-07"),
     ("-3.5e+10", "-3.5e+10"), ("2.50000f", "2.5"), ("0.10000000", "0.1"), ("inf", "inf")],
)  # fmt: skip
def test_normalize_float(token, expected):
    assert normalize_float(token) == expected


def test_split_type_balances_parentheses():
    assert split_type("(int (&)[3]) { 1 }") == ("int (&)[3]", "{ 1 }")
    assert split_type("((lambda) &) @0x1") == ("(lambda) &", "@0x1")
    assert split_type("(int)5") is None


def test_split_value_print_takes_the_last_value_line():
    assert split_value_print("x\n(int) 1\ny\n(int) 2\n") == ("x\n(int) 1\ny\n", "(int) 2\n")
    assert split_value_print('(const char *) "a\nb"\n') == ("", '(const char *) "a\nb"\n')
