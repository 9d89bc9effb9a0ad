"""``cdoctest_runner.ctext``: the one scanner of C/C++ comments and literals (pure)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from cdoctest_runner import ctext


def _kinds(source: str) -> list[tuple[str, str]]:
    return [(kind, source[s:e]) for kind, s, e in ctext.spans(source)]


def test_strings_with_escapes() -> None:
    src = r'puts("say \"hi\" // not a comment\\"); x = 1;'
    assert _kinds(src) == [("string", r'"say \"hi\" // not a comment\\"')]


def test_char_literals_and_digit_separators() -> None:
    src = "c = '\\''; d = '\"'; n = 1'000'000; e = u8'a';"
    assert _kinds(src) == [("char", "'\\''"), ("char", "'\"'"), ("char", "'a'")]


def test_raw_strings() -> None:
    src = 'a = R"x(a ")" // b)x"; b = u8R"(/* c */)"; R = 2; OR"x"'
    assert _kinds(src) == [
        ("string", 'R"x(a ")" // b)x"'),
        ("string", 'R"(/* c */)"'),
        ("string", '"x"'),  # OR is an identifier: its R is no raw-string prefix
    ]


def test_comments_and_line_continuations() -> None:
    src = "a; // one \\\n still the comment\nb; /* two\n lines */ c; /* open"
    assert _kinds(src) == [
        ("line", "// one \\\n still the comment"),
        ("block", "/* two\n lines */"),
        ("block", "/* open"),  # unterminated: to the end
    ]
    assert _kinds("x; // crlf \\\r\n continued\r\ny;") == [("line", "// crlf \\\r\n continued\r")]


def test_an_unterminated_literal_ends_at_its_line() -> None:
    assert _kinds('s = "open\nnext(); // c') == [("string", '"open'), ("line", "// c")]


def test_blank_keeps_offsets_and_lines() -> None:
    src = "f(\"a\\\nb\"); /* x\ny */ g('c'); // z"  # a string continued by backslash-newline
    out = ctext.blank(src)
    assert len(out) == len(src) and out.count("\n") == src.count("\n")
    assert out.split() == ["f(", ");", "g(", ");"]
    assert ctext.blank('extern "C" { R"(q)" }', keep_quotes=True) == 'extern " " {  "   " }'


def test_code_chars_skip_literals_but_not_comments() -> None:
    src = 'f("//"); // real'
    code = "".join(ch for _, ch in ctext.code_chars(src))
    assert code == "f(); // real"
    assert [i for i, ch in ctext.code_chars('"a"b') if ch == "b"] == [3]


def test_identifiers_and_renaming() -> None:
    src = 'int s = 1e5 + 0x1F; printf("s=%d", s); /* s */ // s'
    assert [m.group() for m in ctext.identifiers(src)] == ["int", "s", "printf", "s"]
    renamed = ctext.map_identifiers(src, lambda n: "t" if n == "s" else n)
    assert renamed == 'int t = 1e5 + 0x1F; printf("s=%d", t); /* s */ // s'


@pytest.mark.parametrize(
    "name", ["cdoctest_runner.ctext", "cdoctest_runner.inputs", "cdoctest_runner.reuse"]
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
