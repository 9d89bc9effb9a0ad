"""The lines that show a value through the file's API (``server.analysis.observing``), written
after the call that made or changed it: its serializer or printer, a query asked with the inputs
the value was built from (``re_matchp(res, "aab", &len)`` after ``res = re_compile("a*b")``),
its readers. Raw fields come after them, for the judge to keep only where no API line shows the
change (``server.judge.pool.with_observers``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from server.analysis.languages import InputLanguage
from server.analysis.observing import Argument, Observer, ObserverKind, Slot
from server.search.grammars import subjects_of

__all__ = ["QUERY_INPUTS", "observer_lines", "query_rows", "query_texts"]

QUERY_INPUTS = 3  # inputs a query is asked with (a match and a miss, and one more)
TEXT_ROOM = 128  # the buffer a buffer serializer writes into

_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
_NUMBER = re.compile(r"-?(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*|'(?:\\.|[^'\\\n])'")


def observer_lines(
    observers: Sequence[Observer],
    var: str,
    built_from: Sequence[str] = (),
    tag: str = "",
    language: InputLanguage | None = None,
) -> list[str]:
    """The lines that show the value ``var`` through ``observers``, in their order:
    serializers and readers as expressions (their results printed), printers as statements
    (``pt_print(h);``, ``fprint(stdout, h);``), a buffer serializer after its zeroed buffer
    (``char txt0q[128] = ""; to_text(h, txt0q, sizeof txt0q)``, then the buffer unless the call
    returns it), a query once per input (``query_rows``), each integer it sets printed after it.
    ``built_from``: the argument expressions of the call that made or changed the value;
    ``language``: the input language of its text, when known (a pattern's subjects).

    >>> from server.analysis.observing import Argument as A, Observer as O, ObserverKind as K
    >>> value, text = A(Slot.VALUE), A(Slot.TEXT, "text")
    >>> match = O("re_matchp", K.QUERY, (value, text, A(Slot.OUT, "len", "int")))
    >>> observer_lines([match], "res", ['"a*b"'], "0")
    ['int len0q = 0; re_matchp(res, "aab", &len0q)', 'len0q', \
'int len0q1 = 0; re_matchp(res, "b", &len0q1)', 'len0q1', \
'int len0q2 = 0; re_matchp(res, "ac", &len0q2)', 'len0q2']
    >>> show = O("pt_fprint", K.PRINTER, (A(Slot.STREAM), A(Slot.VALUE, "&")), returns=False)
    >>> observer_lines([show], "p")
    ['pt_fprint(stdout, &p);']
    """
    out: list[str] = []
    for o in observers:
        if o.kind is ObserverKind.QUERY:
            for k, row in enumerate(query_rows(o, built_from, language)):
                out += _query_lines(o, var, row, f"{tag}q{k or ''}")
        elif o.kind is ObserverKind.BUFFER:
            out += _buffer_lines(o, var, f"txt{tag}q")
        else:
            call = f"{o.name}({', '.join(_fixed(a, var) for a in o.arguments)})"
            out.append(call if o.returns else call + ";")
    return out


def _fixed(a: Argument, var: str) -> str:
    """The argument written for a slot that needs no input: the value, ``stdout`` or 0."""
    if a.slot is Slot.VALUE:
        return a.name + var
    return "stdout" if a.slot is Slot.STREAM else "0"


def _buffer_lines(o: Observer, var: str, buf: str) -> list[str]:
    """A buffer serializer's call on a zeroed buffer of ``TEXT_ROOM`` characters, and the
    buffer printed after it unless the call returns text.
    """
    args = []
    for a in o.arguments:
        if a.slot is Slot.BUFFER:
            args.append(buf)
        elif a.slot is Slot.ROOM:
            args.append(f"sizeof {buf}")
        else:
            args.append(_fixed(a, var))
    call = f'char {buf}[{TEXT_ROOM}] = ""; {o.name}({", ".join(args)})'
    return [call, buf] if o.returns else [call + ";", buf]


def _query_lines(o: Observer, var: str, row: Sequence[str], tag: str) -> list[str]:
    """One query call with the inputs ``row`` (one per ``TEXT``/``NUMBER`` slot, in order): its
    integer out-parameters declared on its line and printed after it.
    """
    inputs = iter(row)
    decls: list[str] = []
    args: list[str] = []
    outs: list[str] = []
    for a in o.arguments:
        if a.slot in (Slot.TEXT, Slot.NUMBER):
            args.append(next(inputs))
        elif a.slot is Slot.OUT:
            name = f"{_out_kind(a.name)}{tag}{'bcdefgh'[len(outs) - 1] if outs else ''}"
            decls.append(f"{a.spelling} {name} = 0;")
            args.append(f"&{name}")
            outs.append(name)
        else:
            args.append(_fixed(a, var))
    return [" ".join([*decls, f"{o.name}({', '.join(args)})"]), *outs]


def _out_kind(name: str) -> str:
    """The kind a query's out-parameter is declared as (``server.judge.names`` renames it):
    ``len`` for a length, ``n`` otherwise.
    """
    return "len" if re.search(r"(?i)len|size|count", name) else "n"


def query_rows(
    o: Observer, built_from: Sequence[str], language: InputLanguage | None = None
) -> list[list[str]]:
    """The inputs a query is asked with, at most ``QUERY_INPUTS`` rows of one value per
    ``TEXT``/``NUMBER`` slot: texts from ``query_texts``, numbers from the integer and
    character literals of ``built_from`` (then one more, then 0), else 0 and 1.

    >>> from server.analysis.observing import Argument as A, Observer as O, ObserverKind as K
    >>> get = O("map_get", K.QUERY, (A(Slot.VALUE), A(Slot.NUMBER, "key", "int")))
    >>> query_rows(get, ["7"])
    [['7'], ['8'], ['0']]
    """
    columns = []
    for a in o.arguments:
        if a.slot is Slot.TEXT:
            columns.append(query_texts(built_from, language))
        elif a.slot is Slot.NUMBER:
            columns.append(_numbers(built_from, a.spelling))
    if not columns:
        return []
    rows = max(len(c) for c in columns)
    return [[c[k % len(c)] for c in columns] for k in range(min(rows, QUERY_INPUTS))]


def query_texts(built_from: Sequence[str], language: InputLanguage | None = None) -> list[str]:
    """Texts (C literals) to ask a query about a value built from ``built_from``: for a pattern
    (a seed of a pattern language), texts it matches and misses (``subjects_of``); else the
    first text it was built from, the same with its last character changed (a near miss) and
    the empty text; ``"a"`` and ``""`` without a text.

    >>> query_texts(['"a*b"'])
    ['"aab"', '"b"', '"ac"']
    >>> query_texts(['"key"', "3"])
    ['"key"', '"kez"', '""']
    """
    texts = [m.group() for a in built_from for m in [_STRING.fullmatch(a.strip())] if m]
    if not texts:
        return ['"a"', '""']
    subjects = subjects_of(texts[0], language)
    if subjects:
        return subjects[:QUERY_INPUTS]
    return list(dict.fromkeys([texts[0], _near(texts[0]), '""']))[:QUERY_INPUTS]


def _near(literal: str) -> str:
    """``literal`` (a C string literal) with its last character one letter or digit on, or
    ``x`` appended when it does not end with one.

    >>> _near('"abz"'), _near('"a9"'), _near('"a."'), _near('""')
    ('"aba"', '"a0"', '"a.x"', '"x"')
    """
    body = literal[1:-1]
    last = body[-1:] if body[-2:-1] != "\\" else ""  # an escape sequence is not a letter
    if last.isalnum() and last.isascii():
        wrap = {"z": "a", "Z": "A", "9": "0"}
        return f'"{body[:-1]}{wrap.get(last, chr(ord(last) + 1))}"'
    return f'"{body}x"'


def _numbers(built_from: Sequence[str], spelling: str) -> list[str]:
    """A query's numbers: the first integer or character literal of ``built_from``, the next
    one, then 0; ``0``, ``1`` without one (``'a'``, ``'b'`` for a character).
    """
    found = [a.strip() for a in built_from if _NUMBER.fullmatch(a.strip())]
    char = spelling in ("char", "signed char", "unsigned char")
    if not found:
        return ["'a'", "'b'"] if char else ["0", "1"]
    first = found[0]
    if first.startswith("'"):
        nxt = f"'{chr(ord(first[1]) + 1)}'" if len(first) == 3 else first
        return list(dict.fromkeys([first, nxt]))
    digits = re.match(r"-?\d+", first)
    nxt = str(int(digits.group()) + 1) if digits and not first.lower().startswith("0x") else first
    return list(dict.fromkeys([first, nxt, "0"]))
