"""Related arguments of the fallback: a comparison's two arguments of one type given values
that almost agree (``server.search.pairs`` is the input search's side of the same idea).

The fallback's rows (``server.candidates.by_type.build``) pick one value per parameter, so two
parameters of one type rarely meet the same value. A comparison (a name that says so, or two
parameters of one type, with a scalar result) gets, after its first row, a row where the two
are equal and rows where they are one edit apart (two rows in all when only its parameters
make it one): integers one apart, doubles one
representable value apart, ``0.0`` and ``-0.0``, two infinities, a character and its neighbour
or other case, a text with its last character changed or one appended, a prefix of it, the text
in the other case. Two objects the API makes (two handles) are made equal: the same producer
with the same arguments, twice. The other arguments keep their first value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from server.analysis.kinds import ParamKind
from server.analysis.target import Target
from server.analysis.types import CType, scalar, type_key
from server.candidates.by_type.values import Provider
from server.search.pairs import COMPARES, float_literal, next_float32, text_relations

__all__ = ["MAX_RELATED_ROWS", "related_rows"]

#: Rows of related values a comparison gets next to its usual ones.
MAX_RELATED_ROWS = 6

_TEXTS = ("cstring", "std::string", "string_view")
_INTS = (ParamKind.INT, ParamKind.UINT, ParamKind.UCHAR)
_FLOATS = (ParamKind.FLOAT, ParamKind.DOUBLE)


def related_rows(
    t: Target, types: Sequence[CType], provs: Sequence[Provider]
) -> list[list[int | str]]:
    """Rows (an index or a literal per provider) giving two parameters of one type of a
    comparison related values (module docstring); ``types[j]`` is the type of the first
    parameter ``provs[j]`` fills. [] for other functions.
    """
    if t.result is None or scalar(t.result, t.language) is None or len(provs) < 2:
        return []
    pair = next(
        (
            (i, j)
            for i in range(len(provs))
            for j in range(i + 1, len(provs))
            if type_key(types[i]) == type_key(types[j]) and provs[i].label == provs[j].label
        ),
        None,
    )
    named = COMPARES.search(t.name) is not None
    two_alike = len(provs) == 2 and pair is not None
    if pair is None or not (named or two_alike):
        return []
    i, j = pair
    # Named a comparison: its rows of related values; two parameters of one type otherwise
    # (``perimeter(w, h)``, ``gcd(a, b)``): equal and one apart only, the usual rows kept.
    limit = MAX_RELATED_ROWS if named else 2
    rows: list[list[int | str]] = []
    if not _literal(provs[i]):
        # Objects the API makes (two ``cJSON *``): the same value made twice, equal by
        # construction (the same producer, the same arguments), for its first two values.
        for k in range(min(2, limit, provs[i].count)):
            same: list[int | str] = [0] * len(provs)
            same[i] = same[j] = k
            rows.append(same)
        return rows
    first = provs[i].make(0, "r").expr
    for a, b in related_values(provs[i].label, first)[:limit]:
        row: list[int | str] = [0] * len(provs)
        row[i], row[j] = a, b
        rows.append(row)
    return rows


def _literal(p: Provider) -> bool:
    """Whether ``p`` passes a literal and declares nothing (a value a row may spell)."""
    if p.label not in _TEXTS and not isinstance(p.label, ParamKind):
        return False
    arg = p.make(0, "r")
    return not arg.setup and not arg.after


def related_values(label: str, first: str) -> list[tuple[str, str]]:
    """Pairs of literals related to ``first`` (a value of a provider labelled ``label``) as a
    comparison's two arguments: equal, then almost equal.

    >>> related_values(ParamKind.DOUBLE, "1.5")
    [('1.5', '1.5'), ('1.5', '1.5000000000000002'), ('1.4999999999999998', '1.5'), \
('0.0', '(-0.0)'), ('__builtin_inf()', '__builtin_inf()')]
    >>> related_values(ParamKind.INT, "1")
    [('1', '1'), ('1', '2'), ('2', '1')]
    >>> related_values("cstring", '"hello"')[:4]
    [('"hello"', '"hello"'), ('"hello"', '"hellp"'), ('"hello"', '"hellox"'), \
('"hello"', '"hell"')]
    """
    if label in _TEXTS and first.startswith('"') and "\\" not in first:
        return [(first, f'"{other}"') for _, other in text_relations(first[1:-1])]
    if label in _INTS:
        try:
            v = int(first.strip("()"), 0)
        except ValueError:
            return []
        return [(str(v), str(v)), (str(v), str(v + 1)), (str(v + 1), str(v))]
    if label in _FLOATS:
        try:
            x = float(first.strip("()").rstrip("fF"))
        except ValueError:
            return []
        base = "float" if label == ParamKind.FLOAT else "double"
        up, down = math.nextafter(x, math.inf), math.nextafter(x, -math.inf)
        if base == "float":
            up, down = next_float32(x, 1), next_float32(x, -1)
        lit = [float_literal(v, base) for v in (x, up, down)]
        pairs = [(lit[0], lit[0]), (lit[0], lit[1]), (lit[2], lit[0])]
        return [*pairs, ("0.0", "(-0.0)"), ("__builtin_inf()", "__builtin_inf()")]
    if label == ParamKind.CHAR and len(first) == 3:
        c = first[1]
        out = [(first, first)] + ([(first, f"'{chr(ord(c) + 1)}'")] if c.isalnum() else [])
        if c.isalpha():
            out.append((first, f"'{c.swapcase()}'"))
        return out
    return []
