"""Values of the fallback (``server.fallback``): the literal values per scalar type, the ones mined
from a function's body (boundaries of its comparisons, its character constants), the scalar and
aggregate readings of libclang types, and the ``_Provider``/``_Arg`` pair every argument maker
returns. Pure: no parsing, no runs.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cdoctest_runner.clang import public_methods, qualified_name


class FallbackError(Exception):
    """The fallback could not analyse the function (libclang failed, function not found)."""


_INTS = ["1", "0", "-1", "2", "5", "10", "3", "7", "-4"]


_UINTS = ["1", "0", "2", "5", "10", "3", "7", "255", "64"]


_UCHARS = ["1", "0", "255", "65", "7"]


_CHARS = ["'a'", "'l'", "'Z'", "'0'", "' '", "'m'"]


_DOUBLES = ["1.5", "0.0", "-2.0", "10.0", "0.5", "3.0"]


_STRINGS = ['"hello"', '""', '"a"', '"Hello, World!"', '"-42"', '"abc def"', '"12321"']


_INT_ARRAYS = [[3, 1, 2], [], [5], [4, -2, 9, 0, 7], [1, 2, 3, 4], [10, 10]]


_UINT_ARRAYS = [[3, 1, 2], [], [5], [4, 200, 9, 0, 7], [1, 2, 3, 4], [10, 10]]


_DOUBLE_ARRAYS = [["1.5", "2.5", "3.0"], [], ["4.0"], ["-1.0", "0.5", "2.0", "8.0"], ["1.0", "2.0"]]


_STRING_ARRAYS = [['"one"', '"two"', '"three"'], [], ['"hello"'], ['"b"', '"a"', '""']]


_YEARS = ["2024", "2000", "1900", "2023"]


_SIGNED = {"SHORT", "INT", "LONG", "LONGLONG", "INT128", "SCHAR"}


_UNSIGNED = {"USHORT", "UINT", "ULONG", "ULONGLONG", "UINT128"}


_CHAR = {"CHAR_S", "CHAR_U"}


_FLOAT = {"FLOAT", "DOUBLE", "LONGDOUBLE"}


@dataclass
class _Scalar:
    kind: str  # 'int' | 'uint' | 'uchar' | 'char' | 'bool' | 'float' | 'double' | 'enum'
    spelling: str  # canonical type spelling without const, e.g. 'unsigned int', 'geom::Color'
    constants: list[str] = field(default_factory=list)  # enum constants, spelled for global scope

    def values(self, language: str, name: str = "", mined: Sequence[int | str] = ()) -> list[str]:
        ints = [m for m in mined if isinstance(m, int)]
        if self.kind == "int":
            return _YEARS if "year" in name.lower() else _merge(ints, _INTS)
        if self.kind == "uint":
            return _YEARS if "year" in name.lower() else _merge([m for m in ints if m >= 0], _UINTS)
        if self.kind == "uchar":
            return _UCHARS
        if self.kind == "char":
            chars = [m for m in mined if isinstance(m, str)]
            return chars + [c for c in _CHARS if c not in chars]
        if self.kind == "bool":
            return ["true", "false"] if language != "c" else ["1", "0"]
        if self.kind == "float":
            return [v + "f" for v in _DOUBLES]
        if self.kind == "double":
            return _DOUBLES
        return self.constants

    def arrays(self) -> list[list[str]]:
        if self.kind in ("float", "double"):
            suffix = "f" if self.kind == "float" else ""
            return [[v + suffix for v in a] for a in _DOUBLE_ARRAYS]
        if self.kind in ("uint", "uchar"):
            return [[str(v) for v in a] for a in _UINT_ARRAYS]
        if self.kind == "char":
            return [["'a'", "'b'", "'c'"], [], ["'x'"], ["'h'", "'i'"]]
        if self.kind == "bool":
            return [["true", "false", "true"], [], ["false"]]
        if self.kind == "enum":
            c = self.constants
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


_INT_TOKEN = re.compile(r"^(0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)[uUlL]*$")


def _mined_ints(cursor: Any, limit: int = 8) -> list[int]:
    """Boundary values from the integer literals a function body compares with.

    After ``>``/``<=`` a literal ``n`` gives ``n`` and ``n+1``; after ``>=``/``<`` it gives ``n``
    and ``n-1``; after ``==``/``!=``/``%``/``case`` just ``n``. Other literals are ignored, 0 and 1
    (already among the base values) too. Magnitudes above 100000 are skipped.
    """
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


def _mined_chars(cursor: Any, limit: int = 4) -> list[str]:
    """Character literals the body mentions (``'a'``, ``'-'``), to try as ``char`` arguments."""
    out: list[str] = []
    for t in cursor.get_tokens():
        if _CHAR_TOKEN.match(t.spelling) and t.spelling not in out:
            out.append(t.spelling)
    return out[:limit]


def _strip_const(spelling: str) -> str:
    return " ".join(re.sub(r"\bconst\b|\bvolatile\b", " ", spelling).split())


def _scalar(t: Any, language: str) -> _Scalar | None:
    """Return the scalar kind of a canonical libclang type, or None."""
    k = t.kind.name
    spelling = _strip_const(t.spelling)
    if k == "BOOL":
        return _Scalar("bool", spelling)
    if k in _CHAR:
        return _Scalar("char", spelling)
    if k == "UCHAR":
        return _Scalar("uchar", spelling)
    if k in _SIGNED:
        return _Scalar("int", spelling)
    if k in _UNSIGNED:
        return _Scalar("uint", spelling)
    if k == "FLOAT":
        return _Scalar("float", spelling)
    if k in ("DOUBLE", "LONGDOUBLE"):
        return _Scalar("double", spelling)
    if k == "ENUM":
        decl = t.get_declaration()
        consts = [c.spelling for c in decl.get_children() if c.kind.name == "ENUM_CONSTANT_DECL"]
        if not consts:
            return None
        if language == "c":
            return _Scalar("enum", spelling, consts)
        scoped = bool(getattr(decl, "is_scoped_enum", lambda: False)())
        enum_q = qualified_name(decl)
        prefix = enum_q if scoped else enum_q.rsplit("::", 1)[0] if "::" in enum_q else ""
        names = [f"{prefix}::{c}" if prefix else c for c in consts]
        return _Scalar("enum", spelling, names)
    return None


def _is_std(t: Any, name: str) -> bool:
    s = _strip_const(t.spelling)
    return (
        s.startswith(f"std::{name}<")
        or s.startswith(f"std::__cxx11::{name}<")
        or s.startswith(f"std::__1::{name}<")
    )


@dataclass
class _Aggregate:
    spelling: str
    fields: list[tuple[str, _Scalar]]


def _aggregate(t: Any, language: str) -> _Aggregate | None:
    """Return the struct if it can be brace-initialised from scalar fields, else None.

    That is: no constructors, no bases, no private fields, every field a scalar.
    """
    if t.kind.name != "RECORD":
        return None
    decl = t.get_declaration()
    d = decl.get_definition() if decl is not None else None
    if d is None:
        return None
    fields: list[tuple[str, _Scalar]] = []
    for ch in d.get_children():
        kind = ch.kind.name
        if kind in ("CONSTRUCTOR", "CXX_BASE_SPECIFIER", "DESTRUCTOR"):
            return None
        if kind == "FIELD_DECL":
            if ch.access_specifier.name not in ("PUBLIC", "INVALID", "NONE"):
                return None
            s = _scalar(ch.type.get_canonical(), language)
            if s is None:
                return None
            fields.append((ch.spelling, s))
    if not fields:
        return None
    return _Aggregate(_strip_const(t.spelling), fields)


@dataclass
class _Arg:
    setup: list[str]
    expr: str
    after: list[str]


class _Provider:
    """Makes the k-th argument for one parameter (or a pointer + length pair)."""

    def __init__(self, make: Any, count: int, label: str) -> None:
        self.make = make  # (k, tag) -> _Arg
        self.count = count  # how many distinct values it has
        self.label = label


def _brace(values: list[str]) -> str:
    return "{" + ", ".join(values) + "}"


def _strlen(literal: str) -> int:
    return len(literal[1:-1].encode().decode("unicode_escape"))


def _definition(t: Any) -> Any:
    decl = t.get_declaration()
    return decl.get_definition() if decl is not None else None


def _getters(record: Any, language: str, skip: str = "", limit: int = 3) -> list[str]:
    """How to read an object's state, as suffixes of ``obj.``: its public const methods without
    parameters that return a printable scalar (``real()``), else its public scalar fields
    (``X``, as Clipper's ``IntPoint`` has).
    """
    out = []
    for m in public_methods(record):
        if m.spelling == skip or not m.is_const_method() or m.is_static_method():
            continue
        if list(m.get_arguments()):
            continue
        r = m.result_type.get_canonical()
        if _scalar(r, language) is not None and m.spelling + "()" not in out:
            out.append(m.spelling + "()")
    if not out:
        for ch in record.get_children():
            if ch.kind.name != "FIELD_DECL" or ch.access_specifier.name != "PUBLIC":
                continue
            if _scalar(ch.type.get_canonical(), language) is not None and ch.spelling:
                out.append(ch.spelling)
    return out[:limit]


def _dereferenced(t: Any) -> Any:
    """The canonical type a reference refers to; other types as they are."""
    if t.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        return t.get_pointee().get_canonical()
    return t
