"""Constants mined from a function's code: the integer boundaries of its comparisons and the
character literals it tests, for the values the generator tries.

Two consumers, two documented policies over the same kind of fact (a boundary list and a
character list), kept apart because each one's blocks depend on it:

- ``token_boundaries`` / ``token_chars`` (the no-model fallback) read the libclang tokens of
  the function: after ``>``/``<=`` a literal ``n`` gives ``n`` and ``n+1``; after ``>=``/``<``
  ``n`` and ``n-1``; after ``==``/``!=``/``%``/``case`` just ``n``; 0 and 1 and magnitudes above
  100000 skipped, at most 8; at most 4 characters. Comments and strings are not tokens.
- ``text_boundaries`` / ``text_chars`` (the input search) read text (the body and its callees'
  bodies, which change as mutants survive): every comparison with a literal, on either side, and
  every ``% K`` give ``K-1``, ``K``, ``K+1`` up to 10^7, all characters. ``bit_boundaries``
  (the input search too): every shift by a literal ``K`` gives ``2^K - 1``, ``2^K``, ``2^K + 1``
  (the values whose bits a shift moves just across a word), every mask ``& M`` gives ``M`` and
  ``M + 1``.
"""

from __future__ import annotations

import re
from typing import Any

_INT_TOKEN = re.compile(r"^(0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)[uUlL]*$")


def token_boundaries(cursor: Any, limit: int = 8) -> list[int]:
    """Boundary values from the integer literals a function body compares with (see above)."""
    toks = [t.spelling for t in cursor.get_tokens()]
    out: list[int] = []
    for i, tok in enumerate(toks):
        m = _INT_TOKEN.match(tok)
        if not m or i == 0:
            continue
        n = int(m.group(1), 16 if m.group(1)[:2].lower() == "0x" else 10)
        prev = toks[i - 1]
        neg = (
            prev == "-"
            and i >= 2
            and toks[i - 2] in ("<", "<=", ">", ">=", "==", "!=", "(", ",", "case")
        )
        if neg:
            n, prev = -n, toks[i - 2]
        if prev in (">", "<="):
            vals = [n, n + 1]
        elif prev in (">=", "<"):
            vals = [n, n - 1]
        elif prev in ("==", "!=", "%", "case"):
            vals = [n]
        else:
            continue
        for v in vals:
            if v not in (0, 1) and abs(v) <= 100000 and v not in out:
                out.append(v)
    return out[:limit]


_CHAR_TOKEN = re.compile(r"^'[ -&(-\[\]-~]'$")  # one printable character, no quote or backslash


def token_chars(cursor: Any, limit: int = 4) -> list[str]:
    """Character literals the body mentions (``'a'``, ``'-'``), to try as ``char`` arguments."""
    out: list[str] = []
    for t in cursor.get_tokens():
        if _CHAR_TOKEN.match(t.spelling) and t.spelling not in out:
            out.append(t.spelling)
    return out[:limit]


_CMP = re.compile(r"(<=|>=|<|>|==|!=)\s*(-?\s*(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\b")
_CMP_LEFT = re.compile(r"\b(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*(<=|>=|<|>|==|!=)")
_MOD = re.compile(r"%\s*(\d+)\b")
_CHARLIT = re.compile(r"'(\\.|[^'\\])'")


def text_boundaries(body: str) -> list[int]:
    """Boundary values of the integer comparisons in ``body``: ``x < K`` gives K-1, K, K+1.

    >>> text_boundaries("if (x >= 90) return 1; if (n % 4 == 0) y = 2;")
    [89, 90, 91, -1, 0, 1, 3, 4, 5]
    """
    out: list[int] = []

    def add(k: int) -> None:
        for v in (k - 1, k, k + 1):
            if v not in out and abs(v) <= 10**7:
                out.append(v)

    for m in _CMP.finditer(body):
        add(int(m.group(2).replace(" ", ""), 0))
    for m in _CMP_LEFT.finditer(body):
        add(int(m.group(1), 0))
    for m in _MOD.finditer(body):
        add(int(m.group(1)))
    return out


def text_chars(body: str) -> list[str]:
    """The character literals in ``body``, in order, without repeats.

    >>> text_chars("c == ',' || c == '\\\\t' || c == ','")
    ["','", "'\\\\t'"]
    """
    out = []
    for m in _CHARLIT.finditer(body):
        lit = f"'{m.group(1)}'"
        if lit not in out:
            out.append(lit)
    return out


_SHIFT = re.compile(r"(?:<<|>>)=?\s*(\d+)\b")
_MASK = re.compile(r"&=?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b")


def bit_boundaries(body: str) -> list[int]:
    """Values at the edges of the body's bit operations: a shift by a literal ``K`` (1..62) gives
    ``2^K - 1``, ``2^K`` and ``2^K + 1``; a mask ``& M`` (``M`` >= 3) gives ``M`` and ``M + 1``.
    In order of appearance, without repeats.

    >>> bit_boundaries("x |= x >> 1; x |= x >> 8; return x & 0xFF;")
    [1, 2, 3, 255, 256, 257]
    >>> bit_boundaries("if (a && b) return a & 1;")
    []
    """
    found: list[tuple[int, list[int]]] = []
    for m in _SHIFT.finditer(body):
        k = int(m.group(1))
        if 1 <= k <= 62:
            found.append((m.start(), [2**k - 1, 2**k, 2**k + 1]))
    for m in _MASK.finditer(body):
        if body[m.start() - 1 : m.start()] == "&":  # ``&&``, not a mask
            continue
        mask = int(m.group(1), 0)
        if mask >= 3:
            found.append((m.start(), [mask, mask + 1]))
    out: list[int] = []
    for _, vals in sorted(found):
        out += [v for v in vals if v not in out]
    return out
