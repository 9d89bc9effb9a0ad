"""Names a person would write (``server.judge.names``): the generator's tagged variables renamed in
the chosen block; pure logic on hand-written examples (the pipeline's use is tested with real
clang-repl in test_fallback_inputs.py).
"""

from __future__ import annotations

from cdoctest_runner.example import Declaration, Example
from server.judge.names import parameter_names, readable_names

NORM = Declaration(
    "norm", "norm", "function", 1, 1, 1, 1, "size_t norm(const char *path, char *buffer, size_t n)"
)


def sources(examples: list[Example]) -> list[str]:
    return [e.source.strip() for e in examples]


def test_docstring_examples() -> None:
    import doctest

    import server.judge.names

    result = doctest.testmod(server.judge.names)
    assert result.attempted >= 4 and result.failed == 0


def test_a_variable_is_named_after_the_parameter_it_is_passed_as() -> None:
    block = [
        Example('char buf6b[8] = ""; norm("/a", buf6b, sizeof buf6b)', "2"),
        Example("buf6b", '"/a"'),
        Example('char buf0b_3[4] = ""; norm("a/b", buf0b_3, 4)', "3"),
    ]
    assert sources(readable_names(block, NORM)) == [
        'char buffer[8] = ""; norm("/a", buffer, sizeof buffer)',
        "buffer",
        'char buffer2[4] = ""; norm("a/b", buffer2, 4)',
    ]
    # The outputs are the checked ones: renaming never touches them.
    assert [e.want for e in readable_names(block, NORM)] == [e.want for e in block]


def test_a_name_in_scope_in_the_file_is_never_taken() -> None:
    block = [Example('char buf6b[8] = ""; norm("/a", buf6b, 8)', "2")]
    renamed = readable_names(block, NORM, avoid={"norm", "buffer", "buffer2"})
    assert sources(renamed) == ['char buffer3[8] = ""; norm("/a", buffer3, 8)']
    # ... nor one the block itself uses for something else.
    mixed = [Example("int buffer = 3;"), Example('char buf1a[4] = ""; norm("a", buf1a, buffer)')]
    assert (
        sources(readable_names(mixed, NORM))[1]
        == 'char buffer2[4] = ""; norm("a", buffer2, buffer)'
    )


def test_a_variable_not_passed_is_named_after_its_kind() -> None:
    block = [
        Example('size_t res0 = norm("a", 0, 0);'),
        Example("res0", "1"),
        Example('const char * txt1a = 0; size_t len1a = 0; split("k:v", &txt1a, &len1a);'),
        Example("json_t * h2a = json_object();"),
    ]
    assert sources(readable_names(block, NORM)) == [
        'size_t res = norm("a", 0, 0);',
        "res",
        'const char * text = 0; size_t len = 0; split("k:v", &text, &len);',
        "json_t * obj = json_object();",
    ]


def test_names_a_person_wrote_and_callback_parameters_stay() -> None:
    block = [
        Example('char s1[] = "ab"; int utf8 = 1;'),  # a documentation example's own names
        Example("void cb0a(char a0, void * a1) { putchar(a0); }"),
        Example('fmt(cb0a, NULL, "%d", utf8)', "1"),
    ]
    fmt = Declaration(
        "fmt", "fmt", "function", 1, 1, 1, 1, "int fmt(void (*out)(char, void *), void *arg, ...)"
    )
    assert sources(readable_names(block, fmt)) == [
        'char s1[] = "ab"; int utf8 = 1;',
        "void out(char a0, void * a1) { putchar(a0); }",
        'fmt(out, NULL, "%d", utf8)',
    ]


def test_renaming_twice_changes_nothing_and_a_name_only_used_is_not_renamed() -> None:
    block = [Example('char buf6b[8] = ""; norm("/a", buf6b, 8)', "2"), Example("res0", "0")]
    once = readable_names(block, NORM)
    assert sources(once) == ['char buffer[8] = ""; norm("/a", buffer, 8)', "res0"]
    assert readable_names(once, NORM) == once


def test_parameter_names_read_from_the_signature() -> None:
    assert parameter_names(NORM) == ["path", "buffer", "n"]
    arrays = Declaration("f", "f", "function", 1, 1, 1, 1, "void f(char name[16], int k = 3)")
    assert parameter_names(arrays) == ["name", "k"]
    assert parameter_names(Declaration("g", "g", "function", 1, 1, 1, 1)) == []
