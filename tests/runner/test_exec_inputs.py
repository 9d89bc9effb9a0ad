"""Pure input preparation and reuse rules of the runner (inputs.py / reuse.py), no clang needed."""

import pytest

from cdoctest_runner import inputs
from cdoctest_runner.example import Example
from cdoctest_runner.repl import _classify
from cdoctest_runner.reuse import has_mutable_state, touches_global_state
from cdoctest_runner.runner import examples_doctest


def test_lines_are_joined_with_spaces_and_line_comments_removed():
    assert inputs.split_inputs("int f(int x) { // doubles\n  return 2 * x;\n}\n") == [
        "int f(int x) { return 2 * x; }"
    ]


def test_preprocessor_lines_are_sent_alone():
    assert inputs.split_inputs(
        "#include <vector>\nstd::vector<int> v{1, 2};\n#define N 3\nv.size()\n"
    ) == [
        "#include <vector>",
        "std::vector<int> v{1, 2};",
        "#define N 3",
        "v.size()",
    ]


def test_comment_markers_inside_strings_are_kept():
    assert inputs.strip_line_comment('puts("a // b"); // c') == 'puts("a // b"); '
    assert inputs.strip_line_comment("char c = '/'; // x") == "char c = '/'; "
    assert inputs.strip_line_comment(r'puts("q\"//"); //') == r'puts("q\"//"); '


def test_leading_minus_is_parenthesised():
    assert inputs.split_inputs("-1\n") == ["(-1)"]
    assert inputs.split_inputs("-x;\n") == ["(-x);"]
    assert inputs.split_inputs("x - 1\n") == ["x - 1"]


def test_percent_commands_stay_alone_and_blank_lines_vanish():
    assert inputs.split_inputs("\n%undo\n\n") == ["%undo"]
    assert inputs.split_inputs("// only a comment\n") == []


@pytest.mark.parametrize(
    ("text", "bare"),
    [("fac(5)", True), ("fac(5);", False), ("int x = 1; x", True), ("struct S { int a; }", False),
     ("#include <cstdio>", False), ("%undo", False), ("", False), ("for (;;) {}", False),
     ("[] { return 1; }()", True), ("a = 3", True)],
)  # fmt: skip
def test_is_bare_expression(text, bare):
    assert inputs.is_bare_expression(text) is bare


def test_last_statement_respects_brackets_and_strings():
    assert inputs.last_statement("int a[2] = {1, 2}; a[0]") == ("int a[2] = {1, 2};", " a[0]")
    assert inputs.last_statement('puts(";"); 1') == ('puts(";");', " 1")
    assert inputs.last_statement("f(';')") == ("", "f(';')")


def test_rewrite_keeps_the_prefix_and_wraps_only_the_last_expression():
    assert inputs.rewrite_value_expression("fac(5)") == "(fac(5), __cdt_mk())"
    assert inputs.rewrite_value_expression("int x = 5; x + 1 ") == "int x = 5; (x + 1, __cdt_mk())"
    assert inputs.rewrite_value_expression("a, b") == "(a, b, __cdt_mk())"


def test_print_directive():
    assert (
        inputs.translate_print_directive("%<< fac.fac(5);", "c++")
        == "std::cout << (fac.fac(5)) << std::endl;"
    )
    assert inputs.translate_print_directive("%<<x", "c") == "(x)"
    assert inputs.translate_print_directive("%undo", "c++") is None


def test_stderr_classification():
    assert _classify("") == "ok"
    assert _classify("input_line_3:1:1: warning: expression result unused\n") == "ok"
    assert (
        _classify(
            "input_line_3:1:1: error: use of undeclared identifier 'x'\nerror: Parsing failed.\n"
        )
        == "error"
    )
    assert _classify("JIT session error: Symbols not found: [ _ZNSaIiED1Ev ]\n") == "jit_error"
    assert _classify("error: Failed to materialize symbols: { (main, { f }) }\n") == "jit_error"


@pytest.mark.parametrize(
    ("code", "stateful"),
    [
        ("int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }", False),
        (
            "static int helper(int x) { return x; }\nint twice(int x) { return helper(x) * 2; }",
            False,
        ),
        ('static const char *names[] = {"a"};', False),
        ("constexpr int N = 4; const double pi = 3.14;", False),
        ("struct P { int x, y; };\nenum Color { Red, Green };\ntypedef int myint;", False),
        ("namespace geo { struct P { int x; }; int area(P p); }", False),
        ("int counter = 0;\nint next_id() { return ++counter; }", True),
        ("int total;", True),
        ("int next_id() { static int n; return ++n; }", True),
        ("class C { static int count; };", True),
        ("namespace m { std::vector<int> cache; }", True),
        ("int roll() { return rand() % 6; }", True),
        ("struct S { int a; } s;", True),
        ("// int counter = 0;\nint f() { return 1; }", False),
        ('const char *msg() { return "static int x = 0;"; }', False),
    ],
)
def test_has_mutable_state(code, stateful):
    assert has_mutable_state(code) is stateful


@pytest.mark.parametrize(
    ("source", "touches"),
    [("fac(5)", False), ('printf("%d\\n", add(1, 2));', False), ("srand(42); roll()", True),
     ("std::cout << std::hex << 255 << std::endl;", True), ("std::cout.precision(3);", True),
     ("setlocale(LC_ALL, \"\");", True), ('FILE *f = fopen("x", "w");', True),
     ("std::cout << left(3);", False), ('puts("srand");', False)],
)  # fmt: skip
def test_touches_global_state(source, touches):
    assert touches_global_state(source) is touches


def test_examples_doctest_wraps_candidates():
    t = examples_doctest([Example("f(1)", "2")], name="cand-3")
    assert (t.name, t.filename, t.lineno, [e.source for e in t.examples]) == (
        "cand-3",
        "",
        0,
        ["f(1)\n"],
    )


def test_backslash_newline_splices_lines_before_anything_else():
    assert inputs.split_inputs("#define SQ(x) \\\n  ((x) * (x))\nSQ(3)\n") == [
        "#define SQ(x)  ((x) * (x))",
        "SQ(3)",
    ]
    assert inputs.split_inputs("int a = 1; \\\n") == [
        "int a = 1;"
    ]  # never leaves clang-repl waiting
