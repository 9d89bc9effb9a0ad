"""The cdoctest completion grammar: its text, llama.cpp accepting it, real samples parsing."""

from __future__ import annotations

import pytest

from models.api import SamplingParams
from models.grammar import cdoctest_grammar


def test_grammar_text_for_the_completion_format():
    g = cdoctest_grammar(max_examples=3, allow_reasoning=True)
    assert g.splitlines()[0] == 'root ::= reasoning? example{1,3} "\\n"?'  # a blank line ends it
    assert "output ::= [^>.` \\t\\n]" in g  # never a prompt, a continuation or a fence
    assert 'example ::= ">>> " code "\\n" cont{0,3} output{0,4}' in g
    assert 'reasoning ::= "Reasoning: " [^\\n]{1,200} "\\n"' in g
    plain = cdoctest_grammar(max_examples=1, allow_reasoning=False)
    assert plain.splitlines()[0] == 'root ::= example{1,1} "\\n"?' and "reasoning" not in plain
    with pytest.raises(ValueError, match="max_examples must be >= 1"):
        cdoctest_grammar(0)


@pytest.mark.model
@pytest.mark.parametrize("k,reasoning", [(1, False), (6, True), (12, True)])
def test_llama_cpp_accepts_the_grammar(backend, k, reasoning):
    # max_tokens=1: only checks that llama.cpp parses the grammar and samples under it
    (c,) = backend.generate(
        [{"role": "user", "content": "x"}],
        n=1,
        params=SamplingParams(seed=0, max_tokens=1, grammar=cdoctest_grammar(k, reasoning)),
    )
    assert backend.detokenize(c.token_ids)[:1] in (">", "R")


@pytest.mark.model
def test_every_constrained_sample_parses(backend):
    """8 grammar-constrained candidates from the embedded model, prompted as the generator does.

    Each parses with the runner's parser into >= 1 example and matches parse_completion
    (a candidate cut by max_tokens inside its reasoning line has no example to parse).
    """
    from cdoctest_runner.parser import parse_examples
    from models.prompt import PromptTarget, build_messages, parse_completion

    target = PromptTarget(
        name="fac",
        qualname="fac",
        signature="int fac(int n)",
        language="c",
        source="int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }",
    )
    params = SamplingParams(
        seed=42, max_tokens=80, temperature=0.8, grammar=cdoctest_grammar(max_examples=4)
    )
    out = backend.generate(build_messages(target), n=8, params=params)
    assert len(out) == 8
    complete = 0
    for c in out:
        text = c.text
        if c.finish_reason == "length" and "\n" not in text:
            assert text.startswith("Reasoning: "), text  # cut inside the reasoning line
            continue
        body = text.split("\n", 1)[1] if text.startswith("Reasoning: ") else text
        assert body.startswith(">>> "), text
        examples = parse_examples(body)
        assert len(examples) >= 1, text
        assert all(e.source.strip() for e in examples)
        parsed = parse_completion(text)
        if c.finish_reason == "stop":  # grammar complete: the whole text is in the format
            complete += 1
            assert text.endswith("\n") and "\n\n" not in text.rstrip("\n"), text
            assert parsed.error is None, (parsed.error, text)
            assert [(e.source, e.want) for e in parsed.examples] == [
                (e.source, e.want) for e in examples
            ]
    # The block's end: most candidates end by themselves (a blank line or end-of-generation)
    # instead of running to max_tokens (2 of 8 did before the grammar allowed the blank line).
    assert complete >= 4, [c.text for c in out]
