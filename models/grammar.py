"""GBNF grammar for the completion format shared by the model, the parser and the trainer.

The format (``models.prompt``, "Completion format"): plain lines, no comment decoration; an
optional first line ``Reasoning: <short text>``, then 1..K examples, each ``>>> <one line of
C/C++>`` optionally continued by ``... `` lines, followed by zero or more expected-output lines
(lines that do not start with ``>>> `` or ``... ``). The text ends after the last example or at a
blank line.

The grammar is deliberately a little stricter than the format, so that whatever it admits parses:
every line ends with ``\\n``; code lines are 1..200 characters and start with a non-blank; an
output line is 1..200 characters and does not start with ``>``, ``.``, a backquote (a Markdown
fence) or a blank (so it can never be mistaken for a prompt); at most 3 continuation lines and 4
output lines per example; the reasoning line is 1..200 characters.

**The block's end**: after any complete example the model may write one blank line, which ends
the block (after it only end-of-generation is allowed), or end-of-generation itself. Without the
blank line a model that wanted to stop (a small one writes a blank line and then prose) was forced
to go on with junk output lines ("Here are the results", "Traceback ...") until ``max_tokens``:
in 8 samples for ``fac`` (seed 42, 80 tokens) 6 ran to the limit before, 2 after, and 24% fewer
tokens were decoded.
"""

from __future__ import annotations

MAX_LINE = 200


def cdoctest_grammar(max_examples: int = 6, allow_reasoning: bool = True) -> str:
    """Return GBNF source for 1..``max_examples`` examples, optionally after a reasoning line.

    >>> "root ::= reasoning? example{1,6}" in cdoctest_grammar()
    True
    >>> "reasoning" in cdoctest_grammar(2, allow_reasoning=False)
    False
    """
    if max_examples < 1:
        raise ValueError(f"max_examples must be >= 1, got {max_examples}")
    tail = MAX_LINE - 1
    head = "reasoning? " if allow_reasoning else ""
    rules = [
        f'root ::= {head}example{{1,{max_examples}}} "\\n"?',
        'example ::= ">>> " code "\\n" cont{0,3} output{0,4}',
        'cont ::= "... " code "\\n"',
        f"code ::= [^ \\t\\n] [^\\n]{{0,{tail}}}",
        f'output ::= [^>.` \\t\\n] [^\\n]{{0,{tail}}} "\\n"',
    ]
    if allow_reasoning:
        rules.append(f'reasoning ::= "Reasoning: " [^\\n]{{1,{MAX_LINE}}} "\\n"')
    return "\n".join(rules) + "\n"
