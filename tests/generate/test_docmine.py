"""Inputs from the documentation (``server.analysis.documentation``): pure mining, the prompt, and a
real run in which a call the comment states ends up in the block.
"""

from __future__ import annotations

import pytest

from models.prompt import PromptTarget, render_target
from server.analysis.doc import doc_comment
from server.analysis.documentation import mine, prompt_notes

PARSE_INT_DOC = """/* Parse a whole string as a signed decimal int: an optional '+' or '-'
 * followed by at least one digit and nothing else. Returns 0 for "", a lone sign, or a value
 * outside INT_MIN..INT_MAX.
 * parse_int("-42", &v) gives 1 and v == -42; parse_int("+", &v) gives 0. */"""


def test_calls_results_values_and_edge_cases_are_mined() -> None:
    facts = mine(PARSE_INT_DOC, "parse_int")
    assert [(c.call, c.expected) for c in facts.calls] == [
        ('parse_int("-42", &v)', "1"),
        ('parse_int("+", &v)', "0"),
    ]
    assert facts.strings == ('""', '"-42"', '"+"')
    assert facts.chars == ("'+'", "'-'")
    # Named limits are spelled so clang-repl accepts them; negatives are parenthesised.
    assert facts.ints == ("0", "(-2147483647 - 1)", "2147483647", "1", "(-42)")
    assert any("a lone sign" in e for e in facts.edge_cases)


def test_results_in_braces_are_outputs_not_inputs() -> None:
    facts = mine('// split("a,,b", \',\') gives {"a", "", "b"}; "x;" gives {"x", ""}.', "split")
    assert facts.calls[0].expected == '{"a", "", "b"}'
    assert facts.strings == ('"a,,b"', '"x;"')


def test_the_comment_above_a_function_is_found() -> None:
    text = "int x;\n\n// Twice n.\n// twice(2) == 4\nint twice(int n);\n/* no */ int y;\n"
    assert doc_comment(text, 5) == "// Twice n.\n// twice(2) == 4"
    assert doc_comment(text, 2) == ""
    assert mine(doc_comment(text, 5), "twice").calls[0].expected == "4"


def test_the_stated_cases_go_into_the_prompt() -> None:
    notes = prompt_notes(mine(PARSE_INT_DOC, "parse_int"))
    assert notes.splitlines()[0] == '- parse_int("-42", &v) == 1'
    target = PromptTarget(
        "parse_int",
        "parse_int",
        "int parse_int(const char *s, int *out)",
        "int parse_int(const char *s, int *out) { return 0; }",
        "c",
        doc_notes=notes,
    )
    text = render_target(target)
    assert "Its documentation states these cases" in text and '- parse_int("+", &v) == 0' in text
    assert "documentation" not in render_target(
        PromptTarget("f", "f", "int f()", "int f() { return 0; }", "c")
    )


BUCKET = """// Bucket of a reading: readings are grouped by hundreds, so bucket(1234) == 12 and
// bucket(99) == 0; negative readings all go to bucket -1.
int bucket(int reading) {
    if (reading < 0)
        return -1;
    return reading / 100;
}
"""


@pytest.mark.clang
def test_a_call_the_documentation_states_is_used(tmp_path, runner) -> None:  # noqa: ANN001
    """No model: the block keeps ``bucket(1234)``, a value only the comment mentions."""
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    path = tmp_path / "bucket.c"
    path.write_text(BUCKET)
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        (fn,) = gen.generate(str(path), None, TargetSelector(name="bucket")).functions
    assert fn.status == "verified"
    sources = [e.source.strip() for e in fn.examples]
    assert "bucket(1234)" in sources and "bucket(99)" in sources
    assert fn.examples[sources.index("bucket(1234)")].want.strip() == "12"
