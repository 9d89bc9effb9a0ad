"""Texts the API wrote, written back as literals: feedback from the runs for the input search.

A runnable unit may pass a text the API produced to the target (the fallback's round trip:
``text = point_to_text(&obj);``, ``text`` printed ``"(1,0)"``, ``point_from_text(&p, text)``).
The variants of ``server.search.variants`` edit literals only, so the text in the API's own
format, the one a parser's bugs hide near, is out of their reach. ``inlined`` turns such a unit
into one that passes the printed text as a literal (``point_from_text(&p, "(1,0)")``), the
statements that only made it left out; its variants then drop the closing parenthesis, double a
comma, empty a field: inputs one edit away from what the API writes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cdoctest_runner import ctext
from cdoctest_runner.example import Example
from server.judge.verify import declared_names

__all__ = ["inlined"]

#: A printed text that reads back as a C string literal (one line, no escapes or quotes).
_PLAIN_TEXT = re.compile(r'"[^"\\\n]*"')
_IDENT = re.compile(r"[A-Za-z_]\w*")


def _statements(source: str) -> list[str]:
    """The statements of one input, split at the ``;`` outside literals and brackets, each with
    its ``;`` (a last one without it kept as it is).

    >>> _statements('int a = 1; f("x;y", a)')
    ['int a = 1;', 'f("x;y", a)']
    """
    code = ctext.blank(source)
    out, start, depth = [], 0, 0
    for i, ch in enumerate(code):
        depth += (ch in "([{") - (ch in ")]}")
        if ch == ";" and depth == 0:
            out.append(source[start : i + 1].strip())
            start = i + 1
    if source[start:].strip():
        out.append(source[start:].strip())
    return out


def _uses(statement: str) -> set[str]:
    return {m.group() for m in ctext.identifiers(ctext.blank(statement))}


def inlined(examples: Sequence[Example], names: set[str]) -> tuple[Example, ...] | None:
    """``examples`` with the first variable that a line printed as a text (its recorded output
    a plain string literal) and a later call of ``names`` uses replaced there by that literal;
    the statements that declared, assigned or printed it, and declarations nothing else uses,
    left out. None when no such variable.

    >>> ex = [Example('struct point o = {1, 0}; const char *t; t = to_text(&o);'),
    ...       Example("t", '"(1,0)"'), Example("from_text(&p, t)", "0")]
    >>> [e.source.strip() for e in inlined(ex, {"from_text"})]
    ['from_text(&p, "(1,0)")']
    """
    for i, e in enumerate(examples):
        var = e.source.strip()
        text = e.want.strip()
        if not _IDENT.fullmatch(var) or not _PLAIN_TEXT.fullmatch(text):
            continue
        later = examples[i + 1 :]
        if not any(var in _uses(x.source) and names & _uses(x.source) for x in later):
            continue
        pattern = re.compile(rf"\b{re.escape(var)}\b")
        kept = [s for x in examples[:i] for s in _statements(x.source) if var not in _uses(s)]
        rest = [pattern.sub(text, x.source.strip()) for x in later]
        # Declarations only the text's making used (the serializer's argument) go too.
        needed: set[str] = set()
        for s in [*rest, *(s for s in kept if not declared_names(s))]:
            needed |= _uses(s)
        grew = True
        while grew:
            grew = False
            for s in kept:
                if declared_names(s) & needed and not _uses(s) <= needed:
                    needed |= _uses(s)
                    grew = True
        kept = [s for s in kept if not declared_names(s) or declared_names(s) & needed]
        return tuple(Example(s) for s in [*kept, *rest])
    return None
