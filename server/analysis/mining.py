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
- ``literals_tested_on`` (the input languages, ``server.analysis.languages``): the character and
  string literals the body compares one parameter with (``*pattern == '*'``, ``case '[':`` in a
  ``switch (*p)`` where ``p = pattern``, ``strncmp(s, "<!--", 4)``), through the names the body
  takes from it (``aliases``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.ctext import IDENTIFIER, IDENTIFIER_RE, blank, spans

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


# ---------------------------------------------------------------------------------------------
# What the body compares one parameter with


def aliases(body: str, name: str) -> set[str]:
    """``name`` and the names the body takes from it: a pointer into it or a character read
    from it (``const char *p = pattern;``, ``c = *s++``, ``q = p + 1``, ``ch = s[i]``), to two
    steps. A length (``n = strlen(s)``) is not an alias.

    >>> sorted(aliases("const char *p = pattern + 1; char c = *p++; int n = strlen(p);", "pattern"))
    ['c', 'p', 'pattern']
    """
    code = blank(body)
    found = {name}
    for _ in range(2):
        names = "|".join(re.escape(n) for n in sorted(found))
        assign = re.compile(
            rf"\b({IDENTIFIER})\s*(?<![=!<>+\-*/%&|^])=(?!=)\s*"
            rf"(?:\([\w\s*]+\)\s*)?[*&]?\s*(?:{names})\b\s*(?:\[[^\]]*\])?\s*"
            r"(?:\+\+|--|[-+]\s*\w+)?\s*[;,)]"
        )
        found |= {m.group(1) for m in assign.finditer(code)}
    return found


@dataclass(frozen=True)
class Compared:
    """The literals the body compares one parameter with: characters as spelled (``"'*'"``)
    and the texts of string literals (``"://"``), in order, without repeats.
    """

    chars: tuple[str, ...] = ()
    strings: tuple[str, ...] = ()


_RELATION = re.compile(r"(==|!=|<=|>=|<|>)\s*$")
_RELATION_AFTER = re.compile(r"^\s*(==|!=|<=|>=|<|>)")
_CASE = re.compile(r"\bcase\s*$")
#: Calls whose literal arguments are what another argument is compared with.
_COMPARING_CALLS = frozenset(
    {
        "strchr",
        "strrchr",
        "memchr",
        "strcmp",
        "strncmp",
        "strcasecmp",
        "strncasecmp",
        "strstr",
        "memcmp",
        "strspn",
        "strcspn",
        "strpbrk",
    }
)


def _operand(code: str, at: int, step: int) -> str:
    """The operand of a relation in blanked ``code`` read from offset ``at`` backwards (``step``
    -1) or forwards (1): up to a bracket it did not open, a ``,``/``;``/``?``, ``&&``/``||``.

    >>> code = "if (x && *p == 'a')"
    >>> _operand(code, code.index("==") - 1, -1)
    ' *p '
    """
    opening, closing = ("([", ")]") if step < 0 else (")]", "([")
    depth, k = 0, at
    while 0 <= k < len(code):
        ch = code[k]
        if ch in opening:
            if depth == 0:
                break
            depth -= 1
        elif ch in closing:
            depth += 1
        elif depth == 0 and (
            ch in ",;{}?" or (code[k : k + 2] if step > 0 else code[k - 1 : k + 1]) in ("&&", "||")
        ):
            break
        k += step
    lo, hi = (k + 1, at + 1) if step < 0 else (at, k)
    return code[lo:hi]


def _mentions(text: str, names: set[str]) -> bool:
    return any(m.group() in names for m in IDENTIFIER_RE.finditer(text))


def _matching(code: str, at: int) -> int:
    """The offset of the bracket that closes the one at ``at`` (-1: none)."""
    depth = 0
    for k in range(at, len(code)):
        depth += (code[k] in "([{") - (code[k] in ")]}")
        if depth == 0:
            return k
    return -1


def _switches(code: str) -> list[tuple[int, int, str]]:
    """``(start, end, operand)`` of each ``switch`` block of blanked ``code``."""
    out = []
    for m in re.finditer(r"\bswitch\s*\(", code):
        close = _matching(code, m.end() - 1)
        brace = code.find("{", close) if close >= 0 else -1
        if brace < 0:
            continue
        end = _matching(code, brace)
        out.append((brace, end if end >= 0 else len(code), code[m.end() : close]))
    return out


def _enclosing_call(code: str, at: int) -> tuple[str, str] | None:
    """``(name, arguments)`` of the call whose parentheses enclose offset ``at`` of ``code``
    (None past the statement's start).
    """
    depth = 0
    for k in range(at - 1, -1, -1):
        if code[k] in ";{}" and depth == 0:
            return None
        if code[k] == ")":
            depth += 1
        elif code[k] == "(":
            if depth:
                depth -= 1
                continue
            m = re.search(r"([A-Za-z_]\w*)\s*$", code[max(0, k - 64) : k])
            close = _matching(code, k)
            if m is None or close < 0:
                return None
            return m.group(1), code[k + 1 : close]
    return None


def literals_tested_on(body: str, name: str) -> Compared:
    """The literals ``body`` compares the parameter ``name`` with (through its ``aliases``):
    a character or string literal on one side of a relation whose other side reads it, a
    ``case`` of a ``switch`` on it, the literal arguments of a comparing call that is passed
    it (``strchr``, ``strncmp``, ``strspn``...).

    >>> body = (
    ...     "if (*pattern == '*' && *text != 'x') return 1;"
    ...     "const char *p = pattern; switch (*p) { case '[': case '?': break; }"
    ...     'if (!strncmp(text, "<!--", 4)) return 2;'
    ... )
    >>> literals_tested_on(body, "pattern")
    Compared(chars=("'*'", "'['", "'?'"), strings=())
    >>> literals_tested_on(body, "text")
    Compared(chars=("'x'",), strings=('<!--',))
    """
    names = aliases(body, name)
    code = blank(body, keep_quotes=True)
    switches = [(a, b) for a, b, operand in _switches(code) if _mentions(operand, names)]
    chars: list[str] = []
    strings: list[str] = []
    for kind, start, end in spans(body):
        if kind not in ("char", "string"):
            continue
        hit = False
        rel = _RELATION.search(code, max(0, start - 16), start)  # a relation right before
        if rel is not None:
            hit = _mentions(_operand(code, rel.start() - 1, -1), names)
        after = _RELATION_AFTER.match(code[end : end + 16])
        if not hit and after is not None:
            hit = _mentions(_operand(code, end + after.end(), 1), names)
        if not hit and _CASE.search(code, max(0, start - 16), start):
            hit = any(a < start < b for a, b in switches)
        call = None if hit else _enclosing_call(code, start)
        if call is not None and call[0] in _COMPARING_CALLS:
            hit = _mentions(call[1], names)
        lit = body[start:end]
        if not hit:
            continue
        if kind == "char" and lit not in chars:
            chars.append(lit)
        elif kind == "string" and lit[1:-1] not in strings:
            strings.append(lit[1:-1])
    return Compared(tuple(chars), tuple(strings))
