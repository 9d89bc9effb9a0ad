"""Values of the fallback (``server.candidates.by_type``): the literal values per scalar kind,
merged with the boundaries mined from the function's body (``server.analysis.mining``), and the
``Provider``/``Arg`` pair every argument maker returns. Pure: no parsing, no runs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from server.analysis.kinds import ParamKind
from server.analysis.types import Scalar


class FallbackError(Exception):
    """The fallback has nothing to build from (no analysis of the function)."""


_INTS = ["1", "0", "-1", "2", "5", "10", "3", "7", "-4"]


_UINTS = ["1", "0", "2", "5", "10", "3", "7", "255", "64"]


_UCHARS = ["1", "0", "255", "65", "7"]


_CHARS = ["'a'", "'l'", "'Z'", "'0'", "' '", "'m'"]


_DOUBLES = ["1.5", "0.0", "-2.0", "10.0", "0.5", "3.0"]


#: Short strings to try as string arguments, most telling first.
STRINGS = ['"hello"', '""', '"a"', '"Hello, World!"', '"-42"', '"abc def"', '"12321"']


_INT_ARRAYS = [[3, 1, 2], [], [5], [4, -2, 9, 0, 7], [1, 2, 3, 4], [10, 10]]


_UINT_ARRAYS = [[3, 1, 2], [], [5], [4, 200, 9, 0, 7], [1, 2, 3, 4], [10, 10]]


_DOUBLE_ARRAYS = [["1.5", "2.5", "3.0"], [], ["4.0"], ["-1.0", "0.5", "2.0", "8.0"], ["1.0", "2.0"]]


#: Lists of strings to try as ``std::vector<std::string>`` arguments.
STRING_ARRAYS = [['"one"', '"two"', '"three"'], [], ['"hello"'], ['"b"', '"a"', '""']]


_YEARS = ["2024", "2000", "1900", "2023"]


def scalar_values(
    s: Scalar, language: str, name: str = "", mined: Sequence[int | str] = ()
) -> list[str]:
    """The values tried for a scalar parameter called ``name``: the kind's base values, the
    body's boundaries (integers) or characters (``char``) first; years for a ``year``.

    >>> scalar_values(Scalar(ParamKind.INT, "int"), "c", "n", [90, 89])
    ['90', '1', '89', '0', '-1', '2', '5', '10', '3', '7', '-4']
    """
    ints = [m for m in mined if isinstance(m, int)]
    if s.kind is ParamKind.INT:
        return _YEARS if "year" in name.lower() else _merge(ints, _INTS)
    if s.kind is ParamKind.UINT:
        return _YEARS if "year" in name.lower() else _merge([m for m in ints if m >= 0], _UINTS)
    if s.kind is ParamKind.UCHAR:
        return _UCHARS
    if s.kind is ParamKind.CHAR:
        chars = [m for m in mined if isinstance(m, str)]
        return chars + [c for c in _CHARS if c not in chars]
    if s.kind is ParamKind.BOOL:
        return ["true", "false"] if language != "c" else ["1", "0"]
    if s.kind is ParamKind.FLOAT:
        return [v + "f" for v in _DOUBLES]
    if s.kind is ParamKind.DOUBLE:
        return _DOUBLES
    return list(s.constants)


def scalar_arrays(s: Scalar) -> list[list[str]]:
    """Arrays of the scalar's kind to try: a few elements, none, one, more."""
    if s.kind in (ParamKind.FLOAT, ParamKind.DOUBLE):
        suffix = "f" if s.kind is ParamKind.FLOAT else ""
        return [[v + suffix for v in a] for a in _DOUBLE_ARRAYS]
    if s.kind in (ParamKind.UINT, ParamKind.UCHAR):
        return [[str(v) for v in a] for a in _UINT_ARRAYS]
    if s.kind is ParamKind.CHAR:
        return [["'a'", "'b'", "'c'"], [], ["'x'"], ["'h'", "'i'"]]
    if s.kind is ParamKind.BOOL:
        return [["true", "false", "true"], [], ["false"]]
    if s.kind is ParamKind.ENUM:
        c = list(s.constants)
        return [c[:3], [], c[:1], list(reversed(c[:3]))]
    return [[str(v) for v in a] for a in _INT_ARRAYS]


def _merge(mined: Sequence[int], base: Sequence[str]) -> list[str]:
    """Interleave boundary values mined from the body with the base values, without repeats.

    >>> _merge([90, 89], ["1", "0", "-1"])
    ['90', '1', '89', '0', '-1']
    """
    out: list[str] = []
    for pair in itertools.zip_longest([str(m) for m in mined], base):
        for v in pair:
            if v is not None and v not in out:
                out.append(v)
    return out


@dataclass(frozen=True)
class Arg:
    """One argument: the lines that declare it, the expression passed, the lines that print it
    after the call (an in-out value).
    """

    setup: list[str]
    expr: str
    after: list[str]


@dataclass(frozen=True, eq=False)
class Provider:
    """Makes the k-th argument for one parameter (or a pointer + length pair)."""

    make: Callable[[int, str], Arg]  # (k, variable tag) -> Arg
    count: int  # how many distinct values it has
    label: str  # what it makes: a scalar kind, 'cstring', 'object', ...


def brace(values: list[str]) -> str:
    """A braced initialiser list.

    >>> brace(["1", "2"])
    '{1, 2}'
    """
    return "{" + ", ".join(values) + "}"


Found = tuple[Provider, int] | None  # a provider and how many parameters it consumes (1 or 2)
