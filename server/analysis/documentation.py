"""Docmine: example calls, values and stated edge cases mined from a function's documentation.

``mine(comment, name)`` reads the comment above a function (and the comments in its body) the way
a tester reads a spec, with no model: it is pure and works on plain text.

- **Example calls**: ``name(args)`` written in the comment, with the result the text states right
  after it, if any (``f(3) == 6``, ``f(3) gives 6``, ``f(3) returns 6``, ``f(3) -> 6``,
  ``f(3) is 6``). Arguments are kept as written (``INT_MAX`` too).
- **Values**: integer literals (``-42``, ``0xFF``, ``1900``), named limits (``INT_MAX``,
  ``INT_MIN``, ...), string literals (``"a,,b"``, ``""``) and character literals (``'\\t'``),
  in order of appearance, without repeats. They become arguments of searched calls
  (``server.search.killing``).
- **Edge-case sentences**: sentences that state a special case ("empty fields are kept",
  "returns 0 when the answer does not fit", "1900 is not a leap year"), by their wording. They go
  into the model's prompt (``models.prompt``) so it tests them.

The comment above a function is ``FunctionContext.doc_comment`` (``server.analysis.doc``: a
``/* */`` block or a run of ``//`` lines ending right above it, blank lines not allowed in
between), so plain comments count as documentation too, not only ``/** */`` doc comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cdoctest_runner.ctext import spans
from server.analysis import locate

__all__ = [
    "DocFacts",
    "MinedCall",
    "comment_text",
    "comments_in",
    "mine",
    "prompt_notes",
]

LIMIT_NAMES = {
    "INT_MAX": "2147483647",
    "INT_MIN": "(-2147483647 - 1)",
    "UINT_MAX": "4294967295u",
    "LLONG_MAX": "9223372036854775807LL",
    "LLONG_MIN": "(-9223372036854775807LL - 1)",
    "SIZE_MAX": "18446744073709551615ull",
    "CHAR_MAX": "127",
    "SHRT_MAX": "32767",
}

_STRING = r'"(?:\\.|[^"\\\n])*"'
_CHAR = r"'(?:\\.|[^'\\\n])'"
_NUMBER = r"(?<![\w.])-?(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*(?![\w.])"
_VALUE = re.compile(
    rf"(?P<s>{_STRING})|(?P<c>{_CHAR})|(?P<n>{_NUMBER})|(?P<lim>\b(?:{'|'.join(LIMIT_NAMES)})\b)"
)
# What follows a call to state its result.
_RESULT = re.compile(
    r"\s*(?:==|=>|->|\bgives\b|\breturns\b|\bis\b|\bequals\b|:)\s*"
    rf"(?P<v>{_STRING}|{_CHAR}|-?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?)[uUlLf]*|true|false|"
    r"[A-Z][A-Z_0-9]*\b|\{[^{}]*\})"
)
_EDGE_WORDS = re.compile(
    r"\b(empty|zero|negative|overflow|does not fit|fit|invalid|lone|leading|trailing|only|"
    r"except|unless|must|never|always|not|no|outside|inclusive|exclusive|at least|at most|"
    r"boundary|limit|INT_MAX|INT_MIN|null|NULL|wrap|round|degenerate|kept|ignored|rejected)\b",
    re.I,
)


@dataclass(frozen=True)
class MinedCall:
    """A call of the function written in its documentation."""

    call: str  # as written, whitespace normalised: 'parse_int("-42", &v)'
    expected: str | None  # the stated result as written ('1', '{"a", "", "b"}'), or None
    sentence: str  # the sentence it came from


@dataclass(frozen=True)
class DocFacts:
    """What the documentation says, for the search and the prompt."""

    calls: tuple[MinedCall, ...] = ()
    ints: tuple[str, ...] = ()  # C spellings: '-42' is given as '(-42)', INT_MIN expanded
    strings: tuple[str, ...] = ()  # C string literals with their quotes
    chars: tuple[str, ...] = ()  # C character literals with their quotes
    edge_cases: tuple[str, ...] = ()  # sentences stating a special case

    @property
    def empty(self) -> bool:
        """Nothing was mined: no calls, values or stated edge cases."""
        return not (self.calls or self.ints or self.strings or self.chars or self.edge_cases)


def comment_text(comment: str) -> str:
    """The words of a C/C++ comment: markers (``/*``, ``*/``, leading ``*``, ``//``) removed.

    >>> comment_text("/* Sum of a.\\n * Empty gives 0. */")
    'Sum of a.\\nEmpty gives 0.'
    >>> comment_text("// one\\n/// two")
    'one\\ntwo'
    >>> comment_text("/** Sum.\\n>>> sum(2)\\n2\\n\\nMore. */")
    'Sum.\\nMore.'
    """
    out = []
    in_block = False  # inside a cdoctest block (tests, not prose): from '>>>' to a blank line
    for line in comment.replace("\r\n", "\n").split("\n"):
        s = locate.strip_decoration(line)
        if s.startswith((">>>", "clang-repl>")) or s.startswith("cdoctest-gen:"):
            in_block = True
        elif not s:
            in_block = False
        if s and not in_block:
            out.append(s)
    return "\n".join(out)


def comments_in(code: str) -> str:
    r"""The comments inside ``code`` (e.g. a function body), one per line, literals skipped.

    >>> comments_in('int f() { // "x" is kept\n  return g("// no"); /* ok */ }')
    '// "x" is kept\n/* ok */'
    """
    return "\n".join(code[i:j] for kind, i, j in spans(code) if kind in ("block", "line"))


def _sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    # Split after '.', ';' or ':' followed by a space and a capital or a quote, outside literals.
    parts, buf, i = [], "", 0
    while i < len(flat):
        m = re.compile(_STRING + "|" + _CHAR).match(flat, i)
        if m:
            buf += m.group(0)
            i = m.end()
            continue
        ch = flat[i]
        buf += ch
        i += 1
        if ch in ".;" and i < len(flat) and flat[i] == " " and not re.match(r"\.\d", flat[i - 1 :]):
            parts.append(buf.strip())
            buf = ""
    if buf.strip():
        parts.append(buf.strip())
    return parts


def _balanced(text: str, open_at: int) -> int | None:
    """Index just past the ')' matching the '(' at ``open_at`` (literals skipped)."""
    depth, i = 0, open_at
    lit = re.compile(_STRING + "|" + _CHAR)
    while i < len(text):
        m = lit.match(text, i)
        if m:
            i = m.end()
            continue
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _c_int(token: str) -> str:
    if token in LIMIT_NAMES:
        return LIMIT_NAMES[token]
    return f"({token})" if token.startswith("-") else token


def mine(comment: str, name: str) -> DocFacts:
    """Mine ``comment`` (raw, with or without comment markers) for ``name``'s examples and values.

    >>> f = mine('// Split at delim: split("a,,b", \\',\\') gives {"a", "", "b"}. '
    ...          '"" gives {""}; empty fields are kept.', "split")
    >>> [(c.call, c.expected) for c in f.calls]
    [('split("a,,b", \\',\\')', '{"a", "", "b"}')]
    >>> f.strings, f.chars, f.edge_cases[-1]
    (('"a,,b"', '""'), ("','",), 'empty fields are kept.')
    >>> mine("/* fac(5) == 120; INT_MAX overflows. */", "fac").ints
    ('5', '120', '2147483647')
    """
    text = comment_text(comment) if re.search(r"/\*|//", comment) else comment
    calls: list[MinedCall] = []
    ints: list[str] = []
    strings: list[str] = []
    chars: list[str] = []
    edges: list[str] = []
    call_re = re.compile(rf"(?<![\w.>:]){re.escape(name)}\s*\(")
    for sentence in _sentences(text):
        for m in call_re.finditer(sentence):
            end = _balanced(sentence, m.end() - 1)
            if end is None:
                continue
            call = " ".join(sentence[m.start() : end].split())
            r = _RESULT.match(sentence, end)
            expected = r.group("v") if r else None
            if call not in [c.call for c in calls]:
                calls.append(MinedCall(call, expected, sentence))
        # Brace lists are stated results ({"a", "", "b"}), not inputs.
        for v in _VALUE.finditer(re.sub(r"\{[^{}]*\}", " ", sentence)):
            if v.group("s") is not None:
                target, tok = strings, v.group("s")
            elif v.group("c") is not None:
                target, tok = chars, v.group("c")
            else:
                target, tok = ints, _c_int(v.group("n") or v.group("lim"))
            if tok not in target:
                target.append(tok)
        if _EDGE_WORDS.search(sentence) or _VALUE.search(sentence):
            edges.append(sentence)
    return DocFacts(tuple(calls), tuple(ints), tuple(strings), tuple(chars), tuple(edges[:8]))


def prompt_notes(facts: DocFacts, max_lines: int = 6) -> str:
    """The stated cases for the model's prompt: the doc's calls with their results, then the
    edge-case sentences, one per line (``models.prompt.PromptTarget.doc_notes``).

    >>> prompt_notes(mine("/* f(2) == 4. Negative n gives 0. */", "f"))
    '- f(2) == 4\\n- Negative n gives 0.'
    """
    lines = [f"- {c.call} == {c.expected}" if c.expected else f"- {c.call}" for c in facts.calls]
    stated = {c.sentence for c in facts.calls}
    lines += [f"- {e}" for e in facts.edge_cases if e not in stated]
    return "\n".join(lines[:max_lines])
