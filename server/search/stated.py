"""The calls the documentation states, as argument lists for a ``CallShape``: its own calls
first, then its values in the parameters' order (``doc_calls``, at most ``MAX_STATED_CALLS``).
Read by the search's ``candidate_calls`` and by ``server.candidates.documentation``.
"""

from __future__ import annotations

import re

from cdoctest_runner.ctext import blank, identifiers, top_level_spans
from server.analysis.documentation import LIMIT_NAMES, DocFacts, MinedCall  # noqa: F401 (doctests)
from server.analysis.kinds import Param  # noqa: F401 (doctests)
from server.analysis.mining import text_chars
from server.search.inputs import value_pools
from server.search.shapes import CallShape

MAX_STATED_CALLS = 8  # calls taken from the documentation


def _split_args(call: str) -> list[str] | None:
    """Top-level arguments of ``f(a, b)`` (literals and nesting respected)."""
    open_at = call.find("(")
    if open_at < 0 or not call.endswith(")"):
        return None
    inner = call[open_at + 1 : -1]
    # Literals as spaces: their commas and brackets do not count.
    args = [inner[a:b].strip() for a, b in top_level_spans(blank(inner), ",")]
    return args if args[-1] else args[:-1]


def doc_args(shape: CallShape, facts: DocFacts) -> list[list[str]]:
    """Argument lists of the documentation's own calls that fit the shape."""
    out = []
    for c in facts.calls:
        args = _split_args(c.call)
        if args is None or len(args) != len(shape.params):
            continue
        fixed = []
        for p, a in zip(shape.params, args, strict=True):
            if p.kind == "out":
                fixed.append("")
                continue
            a = LIMIT_NAMES.get(a, a)
            if re.match(r"-\s*\d", a):
                a = f"({a})"
            if next(identifiers(a), None) is not None:  # a name outside literals: not a constant
                if not re.fullmatch(r"\(?-?(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*\)?", a):
                    fixed = []
                    break
            fixed.append(a)
        if fixed:
            out.append(fixed)
    return out


def doc_calls(shape: CallShape, facts: DocFacts, body: str = "") -> list[list[str]]:
    """Calls the documentation states: its own calls that fit the shape; for all-integer
    functions its value tuples ("1, 2, 3 is degenerate": the mined integers in order, one per
    parameter); for a string parameter one call per documented string, a character parameter
    taking a character that occurs in that string.

    >>> s = CallShape("tri", (Param("int", "int"),) * 3, "value")
    >>> doc_calls(s, DocFacts(calls=(MinedCall("tri(3, 4, 5)", "2", ""),), ints=("1", "2", "3")))
    [['3', '4', '5'], ['1', '2', '3']]
    >>> doc_calls(CallShape("leap", (Param("int", "int"),), "value"), DocFacts(ints=("1900",)))
    [['1900']]
    >>> sp = CallShape("split", (Param("string", "std::string"), Param("char", "char")), "vector")
    >>> doc_calls(sp, DocFacts(strings=('"a,,b"', '""', '"x;"'), chars=("';'",)))
    [['"a,,b"', "','"], ['""', "';'"], ['"x;"', "';'"]]
    """
    out = doc_args(shape, facts)
    n = len(shape.params)
    if n == 1 and shape.params[0].kind in ("int", "uint"):  # "1900 is not a leap year"
        out += [[v] for v in facts.ints if [v] not in out]
    if n > 1 and all(p.kind in ("int", "uint") for p in shape.params):
        for k in range(0, max(0, len(facts.ints) - n + 1), n):
            args = list(facts.ints[k : k + n])
            if args not in out:
                out.append(args)
    strs = [i for i, p in enumerate(shape.params) if p.kind in ("cstr", "buf", "string")]
    if strs and not facts.calls:
        pools = value_pools(shape, DocFacts(ints=facts.ints, chars=facts.chars), body)
        for lit in facts.strings:
            args = [pool[0] if pool else "0" for pool in pools]
            for i in strs:
                args[i] = lit
            for i, p in enumerate(shape.params):
                if p.kind == "char":
                    args[i] = _char_in(lit, list(facts.chars) + text_chars(body)) or args[i]
            if args not in out:
                out.append(args)
    return out[:MAX_STATED_CALLS]


def _char_in(lit: str, chars: list[str]) -> str | None:
    """A character literal of ``chars`` occurring in the string literal ``lit``, else one made
    from the first punctuation character of ``lit``.
    """
    inner = lit[1:-1]
    for c in chars:
        if len(c) == 3 and c[1] in inner:
            return c
    for ch in inner:
        if not ch.isalnum() and ch not in "'\\ ":
            return f"'{ch}'"
    return None
