"""Related arguments of the input search (``server.search.killing``): two parameters of one
type searched as a pair, and a length kept true to the buffer it describes.

A comparison (``compare``, ``equal``, ``cmp``, ``same``, or any function of two parameters of
one type) has its bugs where its two arguments almost agree, and one parameter varied at a time
from a base call never makes them agree. ``related_pairs`` gives, for each two parameters of one
kind, values that are *equal* (also the floating values equal to themselves in odd ways:
``0.0`` and ``-0.0``, two infinities), *equal but for one edit* (integers one apart, doubles one
representable value apart, a tolerance the body names reached exactly; a text with one
character changed or one appended), one a *prefix* of the other, and texts differing only in
*case*. ``comparison_like`` says when they go first.

A length that describes a buffer (an integer named as a size right after a ``char *``) never
exceeds what was allocated: ``bounded_sizes`` gives it the buffer's own size (``ROOM``, what
``CallShape.render`` writes by default), one short (``ROOM_SHORT``), one over only where the
allocation holds it (``ROOM_OVER``: a literal's terminating NUL), 0 and 1, instead of the
integer pool (``INT_MAX`` as the size of a four-byte buffer let the call write past it and the
block pass). ``CallShape.render`` turns the markers into numbers or ``sizeof`` expressions.
"""

from __future__ import annotations

import itertools
import math
import re
import struct

from cdoctest_runner.ctext import blank
from server.analysis.kinds import Param, ParamKind
from server.search.shapes import ROOM, ROOM_OVER, ROOM_SHORT, CallShape, interchangeable

__all__ = [
    "MAX_RELATED",
    "bounded_sizes",
    "comparison_like",
    "float_literal",
    "named_comparison",
    "next_float32",
    "related_pairs",
    "text_relations",
]

#: Related pairs per call list: a comparison's come first (half as many where only its two
#: parameters of one kind make it one), other functions get a few.
MAX_RELATED = 16

#: Names of functions that compare their arguments (``str_eq``, ``cmp_version``, ``same_key``).
COMPARES = re.compile(
    r"(?i)compar|equal|equiv|cmp|same|match|differ|(?:^|_)eq(?:_|$|[A-Z])|less|greater|before|after"
)

_TEXTUAL = (ParamKind.CSTR, ParamKind.STRING)
_PAIRED = (ParamKind.INT, ParamKind.UINT, ParamKind.FLOAT, ParamKind.CHAR, *_TEXTUAL)
_FLOAT_LIT = re.compile(
    r"(?<![\w.])(\d+\.\d*(?:[eE][-+]?\d+)?|\d*\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)"
)


def comparison_like(shape: CallShape) -> bool:
    """Whether ``shape`` is a comparison: it returns a value and its name says it compares, or
    it takes exactly two parameters of one kind (two ``double``, two texts).

    >>> d = Param(ParamKind.FLOAT, "double", "a")
    >>> comparison_like(CallShape("approx_equal", (d, d), "value"))
    True
    >>> comparison_like(CallShape("clamp", (d, d, d), "value"))
    False
    """
    if shape.returns != "value" or len(shape.params) < 2:
        return False
    if named_comparison(shape):
        return any(True for _ in _pair_indices(shape))
    p, *rest = shape.params
    return len(rest) == 1 and interchangeable(p, rest[0]) and p.kind in _PAIRED


def named_comparison(shape: CallShape) -> bool:
    """Whether the name of ``shape``'s function says it compares (``COMPARES``)."""
    return COMPARES.search(shape.name.rsplit("::", 1)[-1]) is not None


def _pair_indices(shape: CallShape) -> list[tuple[int, int]]:
    """Two parameters of one kind that can take related values (not an array's or a buffer's
    length).
    """
    skip = shape.counts | shape.sizes
    return [
        (i, j)
        for i, j in itertools.combinations(range(len(shape.params)), 2)
        if {i, j}.isdisjoint(skip)
        and shape.params[i].kind in _PAIRED
        and interchangeable(shape.params[i], shape.params[j])
    ]


def float_literal(v: float, base: str = "double") -> str:
    """``v`` as a C literal of the floating type ``base`` that reads back exactly (shortest
    round trip; a negative in parentheses, infinity and NaN as builtins).

    >>> float_literal(math.nextafter(1.0, 2.0)), float_literal(-0.0), float_literal(1e-9)
    ('1.0000000000000002', '(-0.0)', '1e-09')
    >>> float_literal(next_float32(1.0, 1), "float")
    '1.0000001192092896f'
    """
    if math.isnan(v):
        return '__builtin_nan("")'
    if math.isinf(v):
        return "__builtin_inf()" if v > 0 else "(-__builtin_inf())"
    text = repr(v) + ("f" if base == "float" else "")
    return f"({text})" if text.startswith("-") else text


def next_float32(v: float, direction: int) -> float:
    """The next single-precision value after ``v`` (finite) towards the sign of ``direction``."""
    bits = struct.unpack("<i", struct.pack("<f", v))[0]
    if v == 0:
        bits = 1 if direction > 0 else -(2**31) + 1
    elif (v > 0) == (direction > 0):
        bits += 1
    else:
        bits -= 1
    return float(struct.unpack("<f", struct.pack("<i", bits))[0])


def _parse_float(lit: str) -> float | None:
    """The value of a floating literal of the pools (``0.5``, ``(-1.5)``, ``1e9``), else None."""
    text = lit.strip().strip("()").rstrip("fFlL")
    try:
        return float(text)
    except ValueError:
        return None


def _float_pairs(p: Param, pool: list[str], body: str) -> list[tuple[str, str]]:
    """Equal and almost-equal floating values: each value with itself and with the next
    representable value up and down (one ulp), ``0.0`` with ``-0.0``, infinity with itself, a
    tolerance the body names (``1e-9``) reached exactly from 0 and from 1 and missed by its
    double.
    """

    def lit(v: float) -> str:
        return float_literal(v, p.base)

    def step(v: float, up: int) -> float:
        if p.base == "float":
            return next_float32(v, up)
        return math.nextafter(v, math.inf if up > 0 else -math.inf)

    sources = [v for v in (_parse_float(s) for s in pool[:6]) if v is not None and math.isfinite(v)]
    sources = list(dict.fromkeys([1.0, *sources]))[:4]
    tolerances = [float(m) for m in _FLOAT_LIT.findall(blank(body))]
    tolerances = [t for t in dict.fromkeys(tolerances) if 0 < t < 1][:2]
    rows: list[list[tuple[str, str]]] = [
        [(lit(v), lit(v)) for v in sources],
        [(lit(v), lit(step(v, 1))) for v in sources],
        [(lit(step(v, -1)), lit(v)) for v in sources],
        [("0.0", "(-0.0)"), ("__builtin_inf()", "__builtin_inf()")],
    ]
    for t in tolerances:
        rows.append([("0.0", lit(t)), (lit(1.0), lit(1.0 + t)), ("0.0", lit(2 * t))])
    return _interleave(rows)


def _int_pairs(p: Param, pool: list[str]) -> list[tuple[str, str]]:
    """Equal integers and integers one apart, from the first small values of the pool."""
    values = []
    for s in pool:
        try:
            values.append(int(s.strip().strip("()").rstrip("uUlL"), 0))
        except ValueError:
            continue
    small = [v for v in dict.fromkeys([5, *values]) if abs(v) < 10**6][:4]
    unsigned = p.kind == ParamKind.UINT
    suffix = "u" if unsigned else ""

    def lit(v: int) -> str:
        return f"({v})" if v < 0 else f"{v}{suffix}"

    small = [v for v in small if not unsigned or v >= 0]
    rows = [
        [(lit(v), lit(v)) for v in small],
        [(lit(v), lit(v + 1)) for v in small],
        [(lit(v + 1), lit(v)) for v in small],
    ]
    return _interleave(rows)


def _char_pairs(pool: list[str]) -> list[tuple[str, str]]:
    """Equal characters, neighbours, a letter and its other case."""
    out = [("'a'", "'a'"), ("'a'", "'b'"), ("'a'", "'A'")]
    for c in pool[:2]:
        inner = c[1:-1]
        if len(inner) == 1 and inner.isalpha():
            out += [(c, c), (c, f"'{inner.swapcase()}'")]
    return list(dict.fromkeys(out))


def text_relations(text: str) -> list[tuple[str, str]]:
    """``(kind, other)``: texts related to ``text`` as a comparison's second argument: the same,
    one character changed (the last, then the first), one appended, a prefix (one shorter),
    empty, the same in the other case.

    >>> text_relations("abc")
    [('equal', 'abc'), ('changed', 'abd'), ('appended', 'abcx'), ('prefix', 'ab'), \
('case', 'ABC'), ('changed', 'bbc'), ('empty', '')]
    """
    out = [("equal", text)]
    if text:
        last = text[-1]
        out.append(("changed", text[:-1] + ("a" if last == "b" else chr(ord(last) + 1))))
    out.append(("appended", text + "x"))
    if len(text) > 1:
        out.append(("prefix", text[:-1]))
    if text.swapcase() != text:
        out.append(("case", text.swapcase()))
    if len(text) > 1:
        out.append(("changed", ("a" if text[0] == "b" else chr(ord(text[0]) + 1)) + text[1:]))
    if text:
        out.append(("empty", ""))
    seen: dict[str, str] = {}
    for kind, other in out:
        if "\\" not in other and '"' not in other and 32 <= min(map(ord, other or " ")):
            seen.setdefault(other, kind)
    return [(kind, other) for other, kind in seen.items()]


def _text_pairs(pool: list[str]) -> list[tuple[str, str]]:
    """Equal and related texts (``text_relations``), from ``"abc"`` and the pool's first
    non-empty plain texts; each source's relations in turn, then the next source's.
    """
    plain = [s[1:-1] for s in pool if len(s) > 2 and s.startswith('"') and "\\" not in s]
    sources = list(dict.fromkeys(["abc", *plain[:2]]))
    rows = []
    for text in sources:
        rel = text_relations(text)
        rows.append([(f'"{text}"', f'"{other}"') for _, other in rel])
        rows.append([(f'"{other}"', f'"{text}"') for k, other in rel if k in ("appended", "case")])
    return _interleave(rows[:2]) + [pair for row in rows[2:] for pair in row]


def _interleave(rows: list[list[tuple[str, str]]]) -> list[tuple[str, str]]:
    out = [pair for turn in itertools.zip_longest(*rows) for pair in turn if pair is not None]
    return list(dict.fromkeys(out))


def related_pairs(
    shape: CallShape, pools: list[list[str]], body: str, limit: int = MAX_RELATED
) -> list[tuple[int, int, str, str]]:
    """``(i, j, a, b)``: parameters ``i`` and ``j`` of one kind set to related values (module
    docstring), at most ``limit``, interleaved across the pairs of parameters.

    >>> d = Param(ParamKind.FLOAT, "double", "a")
    >>> related_pairs(CallShape("near", (d, d), "value"), [["0.5"], ["0.5"]], "", 5)
    [(0, 1, '1.0', '1.0'), (0, 1, '1.0', '1.0000000000000002'), \
(0, 1, '0.9999999999999999', '1.0'), (0, 1, '0.0', '(-0.0)'), (0, 1, '0.5', '0.5')]
    >>> s = Param(ParamKind.CSTR, "char", "a")
    >>> [p[2:] for p in related_pairs(CallShape("same", (s, s), "value"), [[], []], "", 5)]
    [('"abc"', '"abc"'), ('"abcx"', '"abc"'), ('"abc"', '"abd"'), ('"ABC"', '"abc"'), \
('"abc"', '"abcx"')]
    """
    rows = []
    for i, j in _pair_indices(shape):
        p = shape.params[i]
        pool = list(dict.fromkeys([*pools[i], *pools[j]]))
        if p.kind == ParamKind.FLOAT:
            pairs = _float_pairs(p, pool, body)
        elif p.kind in (ParamKind.INT, ParamKind.UINT):
            pairs = _int_pairs(p, pool)
        elif p.kind == ParamKind.CHAR:
            pairs = _char_pairs(pool)
        else:
            pairs = _text_pairs(pool)
        rows.append([(i, j, a, b) for a, b in pairs])
    out = [q for turn in itertools.zip_longest(*rows) for q in turn if q is not None]
    return out[:limit]


def bounded_sizes(shape: CallShape, pools: list[list[str]]) -> list[list[str]]:
    """``pools`` with the pool of each length that describes a buffer (``CallShape.sizes``)
    replaced by sizes within the allocation (module docstring).

    >>> s = CallShape("f", (Param(ParamKind.CSTR, "char", "s"), Param(ParamKind.INT, "int",
    ...     "len")), "value")
    >>> bounded_sizes(s, [['"ab"'], ["2147483647", "0"]])
    [['"ab"'], ['', '<room-1>', '<room+1>', '0', '1']]
    """
    out = [list(p) for p in pools]
    for k in shape.sizes:
        out[k] = [ROOM, ROOM_SHORT, ROOM_OVER, "0", "1"]
    return out
