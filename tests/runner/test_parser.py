"""The cdoctest parser: comment text -> Examples (pure; no clang needed).

Exact tuples as in CPython's test_doctest, plus hypothesis properties: malformed comments never
raise, and examples stay well formed.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cdoctest_runner.parser import (
    Comment,
    find_comments,
    parse_comment,
    parse_examples,
    split_label,
)


def tuples(examples):
    return [(e.source, e.want, e.lineno) for e in examples]


def only_comment(source: str) -> Comment:
    comments = find_comments(source)
    assert len(comments) == 1, comments
    return comments[0]


def test_readme_block_exact_tuples():
    comment = only_comment("/**\n>>> test::Fac fac;\n>>> %<< fac.fac(5);\n120\n*/\nint x;\n")
    assert comment.style == "/**"
    assert (comment.line, comment.column, comment.end_line) == (1, 1, 5)
    assert tuples(parse_comment(comment)) == [
        ("test::Fac fac;\n", "", 1),
        ("%<< fac.fac(5);\n", "120\n", 2),
    ]


def test_clang_repl_prompts_and_continuations_join_into_one_source():
    text = (
        "clang-repl> int x = 1;\nclang-repl... x + 1\n2\n"
        ">>> int f(int a) {\n...   return a;\n... }\n"
    )
    assert tuples(parse_examples(text)) == [
        ("int x = 1;\nx + 1\n", "2\n", 0),
        ("int f(int a) {\n  return a;\n}\n", "", 3),
    ]


def test_continuation_after_output_starts_a_new_example():
    # The original sends every prompt line on its own, so output between them belongs to the first.
    assert tuples(parse_examples(">>> a\n1\n... b\n2\n")) == [("a\n", "1\n", 0), ("b\n", "2\n", 2)]


def test_blank_marker_and_blank_line_end():
    text = '>>> printf("a\\n\\nb\\n");\na\n<...>\nb\n\nprose, not output\n>>> 1\n1\n'
    assert tuples(parse_examples(text)) == [
        ('printf("a\\n\\nb\\n");\n', "a\n\nb\n", 0),
        ("1\n", "1\n", 6),
    ]


def test_star_decoration_and_indentation_stripped_to_prompt_column():
    source = (
        "    /**\n     * Doc.\n     *\n     *   >>> fac(3)\n     *   6\n     *     indented more\n"
        "     */\n"
    )
    [example] = parse_comment(only_comment(source))
    assert (example.source, example.want, example.lineno) == ("fac(3)\n", "6\n  indented more\n", 3)
    assert example.indent == 9  # 0-based column of '>>>' in the file line


def test_output_less_indented_than_prompt_is_kept_from_its_text():
    assert tuples(parse_examples("    >>> f()\n  x\n")) == [("f()\n", "x\n", 0)]


def test_triple_slash_run_and_bang_styles():
    source = "/// >>> add(1, 2)\n///     3\n//! >>> g()\n//! 0\n/*! >>> h()\n1 */\n"
    comments = find_comments(source)
    assert [c.style for c in comments] == ["///", "//!", "/*!"]
    assert tuples(parse_comment(comments[0])) == [("add(1, 2)\n", "    3\n", 0)]
    assert tuples(parse_comment(comments[1])) == [("g()\n", "0\n", 0)]
    assert tuples(parse_comment(comments[2])) == [("h()\n", "1\n", 0)]


def test_triple_slash_run_stops_at_a_gap_or_code():
    source = "/// >>> a()\n/// 1\n\n/// >>> b()\nint x; /// >>> c()\n"
    comments = find_comments(source)
    assert [(c.line, c.end_line) for c in comments] == [(1, 2), (4, 4)]


def test_label_first_line():
    examples = parse_examples(">>> // first  test\n>>> f()\n1\n")
    label, rest = split_label(examples)
    assert label == "first__test"
    assert tuples(rest) == [("f()\n", "1\n", 1)]
    assert split_label(parse_examples(">>> f()\n1\n"))[0] is None


def test_options_directive():
    [example] = parse_examples(">>> f()  // cdoctest: +ELLIPSIS +BOGUS\n1...\n")
    assert example.options == frozenset({"ELLIPSIS"})
    [example] = parse_examples(">>> g() // doctest: +normalize_whitespace\n1  2\n")
    assert example.options == frozenset({"NORMALIZE_WHITESPACE"})


def test_comment_without_prompt_is_not_a_test():
    comment = only_comment("/**\nj;fldkjf;lasdfjkl;sd\n120\n*/")
    assert parse_comment(comment) == []


def test_literals_and_plain_line_comments_are_not_comments():
    source = (
        "const char *s = \"/** >>> no */\"; char q = '\"'; int n = 1'000; // >>> no\n"
        'auto r = R"x(/* no */)x";\n/** >>> yes()\n*/\n'
    )
    assert [c.text for c in find_comments(source)] == ["/** >>> yes()\n*/"]


def test_unterminated_comment_runs_to_end_of_file():
    comment = only_comment("int a;\n/**\n>>> f()\n1\n")
    assert comment.end == len("int a;\n/**\n>>> f()\n1\n")
    assert tuples(parse_comment(comment)) == [("f()\n", "1\n", 1)]


def test_lineno_offset_for_undecorated_text():
    assert [e.lineno for e in parse_examples(">>> a\n>>> b\n", lineno=10)] == [10, 11]


def test_crlf_line_endings():
    assert tuples(parse_examples(">>> f()\r\n1\r\n")) == [("f()\n", "1\n", 0)]


# --- properties ---------------------------------------------------------------------------------

_pieces = st.sampled_from(
    [
        "/**",
        "/*!",
        "/*",
        "*/",
        "///",
        "//!",
        "//",
        ">>> ",
        "... ",
        "clang-repl> ",
        "clang-repl... ",
        "<...>",
        "*",
        " ",
        "\t",
        "\n",
        "\r\n",
        '"',
        "'",
        "\\",
        'R"(',
        ')"',
        "f(1)",
        "120",
        "{",
        "}",
        ";",
        "é",
        "\x00",
    ]
)
_sources = st.lists(st.one_of(_pieces, st.text(max_size=5)), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(_sources)
def test_malformed_source_never_crashes(source):
    for comment in find_comments(source):
        assert 0 <= comment.start < comment.end <= len(source)
        assert comment.line <= comment.end_line
        for example in parse_comment(comment):
            assert example.source.endswith("\n")
            assert example.want == "" or example.want.endswith("\n")
            assert 0 <= example.lineno <= comment.text.count("\n")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_parses(text):
    examples = parse_examples(text)
    lines = text.replace("\r\n", "\n").split("\n")
    for e in examples:
        assert (
            lines[e.lineno].strip().startswith((">>> ", "clang-repl> ", "... ", "clang-repl... "))
        )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(
                st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
                min_size=1,
                max_size=20,
            ).filter(lambda s: s.strip() == s and s and "*/" not in s),
            st.lists(
                st.text(
                    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
                    min_size=1,
                    max_size=10,
                ).filter(
                    lambda s: (
                        s.strip() == s
                        and s
                        and not s.startswith((">>> ", "... ", "clang-repl"))
                        and s != "<...>"
                        and "*/" not in s
                    )
                ),
                max_size=3,
            ),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_round_trip_of_rendered_blocks(blocks):
    """Rendering examples as a /** */ block with ' * ' decoration and parsing it gives them back."""
    body = []
    for source, want in blocks:
        body.append(" * >>> " + source)
        body += [" * " + w for w in want]
    comment = only_comment("/**\n" + "\n".join(body) + "\n */\nint f();\n")
    parsed = parse_comment(comment)
    assert [(e.source, e.want) for e in parsed] == [
        (s + "\n", "".join(w + "\n" for w in want)) for s, want in blocks
    ]


@pytest.mark.parametrize("style", ["/**", "/*!"])
def test_block_styles(style):
    comment = only_comment(f"{style}\n>>> 1\n1\n*/")
    assert comment.style == style and len(parse_comment(comment)) == 1


def test_lint_reports_likely_mistakes_with_file_lines():
    from cdoctest_runner.parser import lint_comment

    source = (
        "int a;\n/**\n *   >>> fac(5)\n *  120\n *   >>>fac(3)\n *\n * prose\n */\n/// ... y\n"
        "/// >>> z\n"
    )
    messages = [str(e) for c in find_comments(source) for e in lint_comment(c, "a.h")]
    assert messages == [
        "a.h:4: output line has inconsistent indentation: '  120'",
        "a.h:5: missing space after '>>>'; the line is read as expected output: '>>>fac(3)'",
        "a.h:9: continuation line before any prompt: '... y'",
    ]
    assert lint_comment(only_comment("/**\n>>> f()\n1\n*/")) == []
