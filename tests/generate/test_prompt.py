"""models/prompt.py: the prompt builder and the completion parser (pure, no model)."""

from __future__ import annotations

from models.prompt import (
    PromptTarget,
    build_messages,
    few_shots,
    parse_completion,
    prompt_size,
)

FAC = PromptTarget(
    name="fac",
    qualname="fac",
    signature="int fac(int n)",
    source="int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }",
    language="c",
)


def test_parse_reasoning_examples_and_outputs() -> None:
    p = parse_completion("Reasoning: zero and five.\n>>> fac(0)\n1\n>>> fac(5)\n120\n")
    assert p.reasoning == "zero and five."
    assert [(e.source, e.want, e.lineno) for e in p.examples] == [
        ("fac(0)\n", "1\n", 1),
        ("fac(5)\n", "120\n", 3),
    ]
    assert p.error is None


def test_parse_continuations_empty_marker_and_blank_line_end() -> None:
    text = '>>> int x =\n... 3;\n>>> printf("%d\\n\\n", x);\n3\n<...>\n\n>>> ignored()\n7\n'
    p = parse_completion(text)
    assert [(e.source, e.want) for e in p.examples] == [
        ("int x =\n3;\n", ""),
        ('printf("%d\\n\\n", x);\n', "3\n\n"),
    ]
    assert p.error is None and p.reasoning == ""


def test_parse_reports_format_errors_but_keeps_examples() -> None:
    p = parse_completion("Sure! Here are tests:\n>>> fac(3)\n6\n")
    assert [(e.source, e.want) for e in p.examples] == [("fac(3)\n", "6\n")]
    assert p.error == "line 1: text before the first '>>>' example: 'Sure! Here are tests:'"

    p = parse_completion(">>> a\n1\n... b\n")
    assert p.error == "line 3: '...' continuation after expected output"

    p = parse_completion("Reasoning: nothing.\n")
    assert p.examples == [] and p.error == "no '>>>' example in the completion"

    p = parse_completion(">>> \n>>> f()\n")
    assert [e.source for e in p.examples] == ["f()\n"]
    assert p.error == "line 1: empty '>>>' prompt"


def test_parse_crlf_and_leading_blank_lines() -> None:
    p = parse_completion("\r\n\r\n>>> f(1)\r\n2\r\n")
    assert [(e.source, e.want, e.lineno) for e in p.examples] == [("f(1)\n", "2\n", 2)]


def test_few_shot_completions_are_in_the_format() -> None:
    shots = few_shots()
    assert {s.language for s in shots} == {"c", "c++"}
    for s in shots:
        p = parse_completion(s.completion)
        assert p.error is None, (s.target.qualname, p.error)
        assert p.reasoning and p.examples


def test_build_messages_shape_and_size() -> None:
    msgs = build_messages(FAC)
    roles = [m["role"] for m in msgs]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "'>>> '" in msgs[0]["content"] and "C code" in msgs[0]["content"]
    assert "int fac(int n)" in msgs[-1]["content"] and "`fac`" in msgs[-1]["content"]
    assert msgs[-1]["content"].startswith("C function:\n") and "```" not in msgs[-1]["content"]
    # Few-shot turns are in the target's language only.
    assert "clamp" in msgs[1]["content"] and "gcd" not in "".join(m["content"] for m in msgs)
    # Well under ~1500 tokens (~3.5 characters a token) for a small function.
    assert prompt_size(msgs) < 2500

    bare = build_messages(FAC, few_shot=False)
    assert [m["role"] for m in bare] == ["system", "user"]


def test_long_source_is_clipped_at_a_line_boundary() -> None:
    body = "\n".join(f"    x += {i};" for i in range(1000))
    big = PromptTarget("f", "f", "int f(void)", "int f(void) {\n" + body + "\n}", "c++")
    msg = build_messages(big, few_shot=False)[-1]["content"]
    assert "/* ... */" in msg and "x += 999;" not in msg
    assert len(msg) < 2200
