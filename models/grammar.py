"""GBNF grammar for the completion format shared by the model, the parser and the trainer.

The format (docs in /tmp contracts, "Completion format"): plain lines, no comment decoration;
an optional first line ``Reasoning: <short text>``, then 1..K examples, each ``>>> <one line of
C/C++>`` optionally continued by ``... `` lines, followed by zero or more expected-output lines
(lines that do not start with ``>>> `` or ``... ``). The text ends after the last example.

The grammar is deliberately a little stricter than the format, so that whatever it admits parses:
every line ends with ``\\n``; code lines are 1..200 characters and start with a non-blank; an
output line is 1..200 characters and does not start with ``>``, ``.`` or a blank (so it can never
be mistaken for a prompt); at most 3 continuation lines and 4 output lines per example; the
reasoning line is 1..200 characters. Once the last example is complete only end-of-generation is
allowed, which ends the completion (a blank line is therefore never produced).
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
        f"root ::= {head}example{{1,{max_examples}}}",
        'example ::= ">>> " code "\\n" cont{0,3} output{0,4}',
        'cont ::= "... " code "\\n"',
        f"code ::= [^ \\t\\n] [^\\n]{{0,{tail}}}",
        f'output ::= [^>. \\t\\n] [^\\n]{{0,{tail}}} "\\n"',
    ]
    if allow_reasoning:
        rules.append(f'reasoning ::= "Reasoning: " [^\\n]{{1,{MAX_LINE}}} "\\n"')
    return "\n".join(rules) + "\n"
