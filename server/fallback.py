"""The no-model generator: candidate calls built from the target's parameter types.

``fallback_candidates(function, context, language)`` returns candidate blocks
(``list[list[Example]]``): each block is one self-contained scenario (declarations it needs, the
call, and prints of state the call may change), every ``want`` left empty. The pipeline runs the
blocks, drops the examples that do not compile, crash or time out, and records the actual outputs
(regression oracle). It is also the baseline the model must beat.

Values are boundary and small values per type (0, 1, -1, small positives, and the boundaries of
the integer literals the body compares with: ``x >= 90`` gives 90 and 89; empty, one-letter and
short strings; empty, one-element and small arrays), chosen small so that recursive or loop-heavy
functions finish quickly and signed overflow (undefined behaviour) is unlikely. Supported
parameter types: integers of any width and signedness, ``bool``, ``char``, floating point,
``const char*`` strings, ``char*`` buffers, ``std::string`` (value, const or non-const
reference), ``std::string_view``, pointer + length pairs (``int *a, int n``), ``std::vector<T>``
of scalars or strings, enums (their constants), aggregate structs of scalars, objects of classes
with a usable public constructor, and pointers/references to all of these (in-out values, printed
after the call). Methods run on a fresh object per candidate (default-constructed, or built from
ordinary constructor arguments); every other candidate first calls another public method of the
class to change the object's state, and the class's const getters print the state after the call.
Constructors are tested through the getters of the object they build. A function with another
parameter type gets no candidates. Inputs follow clang-repl's rules (see docs/runner.md): class
results are stored in a named variable before being printed (``std::string`` through
``c_str()``, other classes through their getters), so no bare expression creates a temporary with
a non-trivial destructor, and no input starts with ``-``.

The type facts come from libclang: from ``cursor`` when the caller has the function's cursor
(the pipeline's ``Located.cursor``; most exact), else from the whole file text given as
``context``, else from a small translation unit rebuilt from the ``FunctionContext`` (includes,
used types, class, function).
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import Declaration, Example, Language

if TYPE_CHECKING:  # pragma: no cover
    from server.context import FunctionContext

__all__ = ["FallbackError", "api_notes", "fallback_candidates"]


class FallbackError(Exception):
    """The fallback could not analyse the function (libclang failed, function not found)."""


# ---------------------------------------------------------------------------------------------
# Values per scalar kind (the k-th candidate takes the k-th value, rotated per parameter)

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


def _qualname(cursor: Any) -> str:
    parts = []
    c = cursor
    while c is not None and c.kind.name != "TRANSLATION_UNIT":
        if c.spelling and c.kind.name not in ("LINKAGE_SPEC", "UNEXPOSED_DECL"):
            parts.append(c.spelling)
        c = c.semantic_parent
    return "::".join(reversed(parts))


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
        enum_q = _qualname(decl)
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


# ---------------------------------------------------------------------------------------------
# One parameter (or a pointer + length pair) -> per-candidate setup lines, argument, after lines


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


def _provider_for(
    params: list[tuple[str, Any]],
    i: int,
    language: str,
    mined: Sequence[int | str] = (),
    depth: int = 0,
) -> tuple[_Provider, int] | None:
    """Return the provider for params[i] and how many parameters it consumes (1 or 2)."""
    name, t = params[i]
    ct = t.get_canonical()
    kind = ct.kind.name
    if _is_handle(t, language):
        # A pointer spelled through a typedef (``sds``, ``json_t *``): the file's producers know
        # how to make one; a char buffer or a bare struct would not be a valid handle.
        got = _api_provider(t, language, not ct.get_pointee().is_const_qualified(), depth)
        if got is not None:
            return got
    nxt = params[i + 1][1].get_canonical() if i + 1 < len(params) else None
    nxt_scalar = _scalar(nxt, language) if nxt is not None else None
    length_follows = nxt_scalar is not None and nxt_scalar.kind in ("int", "uint")

    s = _scalar(ct, language)
    if s is not None:
        vals = s.values(language, name, mined)
        return _Provider(lambda k, tag: _Arg([], vals[k % len(vals)], []), len(vals), s.kind), 1

    if kind == "POINTER":
        pointee = ct.get_pointee()
        pc = pointee.get_canonical()
        mutable = not pointee.is_const_qualified()
        ps = _scalar(pc, language)
        if ps is None and pc.kind.name == "VOID" and not mutable and length_follows:
            ps = _Scalar("char", "char")  # ``const void *buf, size_t len``: bytes, as a string
        if ps is not None and ps.kind == "char":
            if length_follows:
                texts = _texts_for(name)
                return _Provider(
                    lambda k, tag: _Arg(
                        [], f"{texts[k % len(texts)]}, {_strlen(texts[k % len(texts)])}", []
                    ),
                    len(texts),
                    "string+length",
                ), 2
            if not mutable:
                texts = _texts_for(name)
                return _Provider(
                    lambda k, tag: _Arg([], texts[k % len(texts)], []), len(texts), "cstring"
                ), 1

            def buf(k: int, tag: str) -> _Arg:
                lit = _STRINGS[k % len(_STRINGS)]
                var = f"str{tag}"
                return _Arg([f"char {var}[] = {lit};"], var, [var])

            return _Provider(buf, len(_STRINGS), "char buffer"), 1
        if ps is not None and length_follows:
            arrays = ps.arrays()

            def arr(k: int, tag: str) -> _Arg:
                a = arrays[k % len(arrays)]
                var = f"arr{tag}"
                if not a:
                    return _Arg(
                        [f"{ps.spelling} {var}[1] = {_brace([ps.values(language)[0]])};"],
                        f"{var}, 0",
                        [],
                    )
                return _Arg(
                    [f"{ps.spelling} {var}[] = {_brace(a)};"],
                    f"{var}, {len(a)}",
                    [var] if mutable else [],
                )

            return _Provider(arr, len(arrays), "array+length"), 2
        if ps is not None:
            vals = ps.values(language, name)

            def ptr(k: int, tag: str) -> _Arg:
                var = f"val{tag}"
                return _Arg(
                    [f"{ps.spelling} {var} = {vals[k % len(vals)]};"],
                    f"&{var}",
                    [var] if mutable else [],
                )

            return _Provider(ptr, len(vals), "scalar pointer"), 1
        agg = _aggregate(pc, language)
        if agg is not None and length_follows and mutable:
            return _struct_array_provider(agg, language), 2
        init = _initialiser(pc, language, depth) if agg is not None and mutable else None
        if init is not None:
            return init, 1
        if agg is not None:
            return _struct_provider(agg, language, mutable, pointer=True), 1
        return _constructed_provider(
            pc, language, mutable, pointer=True, depth=depth
        ) or _api_provider(t, language, mutable, depth)

    if kind in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        pointee = ct.get_pointee()
        pc = pointee.get_canonical()
        mutable = not pointee.is_const_qualified() and kind == "LVALUEREFERENCE"
        ps = _scalar(pc, language)
        if ps is not None:
            vals = ps.values(language, name)
            if not mutable:
                return _Provider(
                    lambda k, tag: _Arg([], vals[k % len(vals)], []), len(vals), ps.kind
                ), 1

            def ref(k: int, tag: str) -> _Arg:
                var = f"val{tag}"
                return _Arg([f"{ps.spelling} {var} = {vals[k % len(vals)]};"], var, [var])

            return _Provider(ref, len(vals), "scalar reference"), 1
        return _class_provider(pc, language, mutable, name, depth)

    if kind == "RECORD":
        return _class_provider(ct, language, False, name, depth) or _api_provider(
            t, language, False, depth
        )
    return None


def _strlen(literal: str) -> int:
    return len(literal[1:-1].encode().decode("unicode_escape"))


def _class_provider(
    t: Any, language: str, mutable: bool, name: str, depth: int = 0
) -> tuple[_Provider, int] | None:
    if _is_std(t, "basic_string"):
        if not mutable:
            return _Provider(
                lambda k, tag: _Arg([], _STRINGS[k % len(_STRINGS)], []),
                len(_STRINGS),
                "std::string",
            ), 1

        def sref(k: int, tag: str) -> _Arg:
            var = f"str{tag}"
            return _Arg(
                [f"std::string {var} = {_STRINGS[k % len(_STRINGS)]};"], var, [f"{var}.c_str()"]
            )

        return _Provider(sref, len(_STRINGS), "std::string reference"), 1
    if _is_std(t, "basic_string_view"):
        return _Provider(
            lambda k, tag: _Arg([], _STRINGS[k % len(_STRINGS)], []), len(_STRINGS), "string_view"
        ), 1
    if _is_std(t, "vector"):
        if t.get_num_template_arguments() < 1:
            return None
        et = t.get_template_argument_type(0).get_canonical()
        es = _scalar(et, language)
        if es is not None:
            arrays, elem, show = es.arrays(), es.spelling, ""
        elif _is_std(et, "basic_string"):
            arrays, elem, show = _STRING_ARRAYS, "std::string", ".c_str()"
        else:
            got = _point_arrays(et, language)
            if got is None:
                return None
            arrays, elem, show = got

        def vec(k: int, tag: str) -> _Arg:
            a = arrays[k % len(arrays)]
            var = f"vec{tag}"
            after = (
                [f"{var}.size()"] + [f"{var}.at({j}){show}" for j in range(min(len(a), 4))]
                if mutable
                else []
            )
            return _Arg([f"std::vector<{elem}> {var} = {_brace(a)};"], var, after)

        return _Provider(vec, len(arrays), "std::vector"), 1
    agg = _aggregate(t, language)
    if agg is not None:
        return _struct_provider(agg, language, mutable, pointer=False), 1
    return _constructed_provider(t, language, mutable, pointer=False, depth=depth)


_POINTS = [
    [(0, 0), (4, 0), (4, 4)],
    [],
    [(1, 1)],
    [(0, 0), (0, 3), (3, 3), (3, 0)],
    [(2, 1), (5, 1)],
]


def _point_arrays(et: Any, language: str) -> tuple[list[list[str]], str, str] | None:
    """A ``std::vector`` of a class built from up to three integers (a point: Clipper's
    ``Path`` is ``std::vector<IntPoint>``): element lists such as a triangle and a square, each
    element written ``{x, y}``; elements are shown through the class's first reader.
    """
    record = _definition(et)
    if language == "c" or record is None:
        return None
    arity = None
    for c in record.get_children():
        if c.kind.name == "CONSTRUCTOR" and c.access_specifier.name == "PUBLIC":
            args = list(c.get_arguments())
            kinds = [_scalar(a.type.get_canonical(), language) for a in args]
            integers = all(k is not None and k.kind in ("int", "uint") for k in kinds)
            if 1 <= len(args) <= 3 and integers:
                arity = len(args)
                break
    reads = _getters(record, language)
    if arity is None or not reads:
        return None
    arrays = [[_brace([str(v) for v in (p * 2)[:arity]]) for p in pts] for pts in _POINTS]
    return arrays, _strip_const(et.spelling), "." + reads[0]


def _definition(t: Any) -> Any:
    decl = t.get_declaration()
    return decl.get_definition() if decl is not None else None


def _public_methods(record: Any) -> list[Any]:
    return [
        c
        for c in record.get_children()
        if c.kind.name == "CXX_METHOD"
        and c.access_specifier.name == "PUBLIC"
        and not c.spelling.startswith("operator")
    ]


def _getters(record: Any, language: str, skip: str = "", limit: int = 3) -> list[str]:
    """How to read an object's state, as suffixes of ``obj.``: its public const methods without
    parameters that return a printable scalar (``real()``), else its public scalar fields
    (``X``, as Clipper's ``IntPoint`` has).
    """
    out = []
    for m in _public_methods(record):
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


def _providers(params: list[tuple[str, Any]], language: str, depth: int) -> list[_Provider] | None:
    out, i = [], 0
    while i < len(params):
        got = _provider_for(params, i, language, (), depth)
        if got is None:
            return None
        out.append(got[0])
        i += got[1]
    return out


def _ctor_providers(record: Any, language: str, depth: int) -> list[_Provider] | None:
    """Return providers for the first usable public constructor ([] for a default one), or None."""
    ctors = [
        c
        for c in record.get_children()
        if c.kind.name == "CONSTRUCTOR" and not (c.is_copy_constructor() or c.is_move_constructor())
    ]
    if not ctors:
        return []
    for c in ctors:
        if c.access_specifier.name != "PUBLIC":
            continue
        got = _providers([(a.spelling, a.type) for a in c.get_arguments()], language, depth + 1)
        if got is not None:
            return got
    return None


def _construct(spelling: str, var: str, ctor: list[_Provider], k: int, tag: str) -> list[str]:
    setup, args = [], []
    for j, p in enumerate(ctor):
        a = p.make((k + 5) % max(p.count, 1), f"{tag}{'pqrstuvw'[j % 8]}")
        setup += a.setup
        args.append(a.expr)
    return setup + [f"{spelling} {var}({', '.join(args)});" if args else f"{spelling} {var};"]


def _constructed_provider(
    t: Any, language: str, mutable: bool, pointer: bool, depth: int = 0
) -> tuple[_Provider, int] | None:
    """Provide a class object made by a public constructor (getters print after, if mutable)."""
    if language == "c" or depth > 1:
        return None
    record = _definition(t)
    if record is None or record.kind.name not in ("CLASS_DECL", "STRUCT_DECL"):
        return None
    ctor = _ctor_providers(record, language, depth)
    if ctor is None:
        return None
    spelling = _strip_const(t.spelling)
    getters = _getters(record, language)

    def make(k: int, tag: str) -> _Arg:
        var = f"obj{tag}"
        after = [f"{var}.{g}" for g in getters] if mutable else []
        return _Arg(_construct(spelling, var, ctor, k, tag), ("&" if pointer else "") + var, after)

    return _Provider(make, max([p.count for p in ctor], default=1), "object"), 1


def _struct_provider(agg: _Aggregate, language: str, mutable: bool, pointer: bool) -> _Provider:
    lists = [s.values(language, n) for n, s in agg.fields]
    count = max(len(v) for v in lists)

    def make(k: int, tag: str) -> _Arg:
        var = f"obj{tag}"
        vals = [v[(k + j) % len(v)] for j, v in enumerate(lists)]
        after = [f"{var}.{n}" for n, _ in agg.fields] if mutable else []
        return _Arg(
            [f"{agg.spelling} {var} = {_brace(vals)};"], ("&" if pointer else "") + var, after
        )

    return _Provider(make, count, "struct")


# ---------------------------------------------------------------------------------------------
# API-aware values (as Randoop does for Java): a parameter of a type that cannot be written as a
# literal (an opaque handle such as ``typedef char *sds;``, a pointer to a struct) is built by a
# *producer* the translation unit offers (a function returning that type: ``sdsnew("abc")``),
# sometimes changed by a *modifier* (``h = sdscat(h, "x");``), and its state is printed by
# *observers* (one-argument functions returning a scalar or a string: ``sdslen(h)``).


@dataclass
class _Api:
    functions: list[Any]  # the file's own functions (not from system headers), one per name
    target: str = ""  # the function under test: never its own producer/observer
    target_result: Any = None  # its result type (a modifier returns the handle it was given)
    target_class: Any = None  # the class a constructor target builds


_API: ContextVar[_Api | None] = ContextVar("cdoctest_fallback_api", default=None)

_DESTROYS = re.compile(r"(?i)free|destroy|release|delete|dispose|close|deinit|drop")
_PRODUCES = re.compile(r"(?i)new|create|make|parse|from|init|dup|load|alloc|build")
_GROWS = re.compile(r"(?i)cat|append|push|add|insert|put")
_INITS = re.compile(r"(?i)init|reset|clear|setup")
_SIZES = re.compile(r"(?i)size|len|count|empty|capacity")
_OBSERVES = re.compile(r"(?i)len|size|count|length|get|is|has|str|type|value|cmp")


def _api_of(cursor: Any) -> _Api:
    seen: dict[str, Any] = {}
    tu = getattr(cursor, "translation_unit", None)
    if tu is None:
        return _Api([], cursor.spelling)

    def visit(node: Any) -> None:
        for c in node.get_children():
            kind = c.kind.name
            if kind in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL", "FRIEND_DECL"):
                visit(c)
            elif kind in ("CLASS_DECL", "STRUCT_DECL"):
                for member in c.get_children():  # friend functions defined in the class
                    if member.kind.name == "FRIEND_DECL":
                        visit(member)
            elif kind == "FUNCTION_DECL" and c.location.file is not None:
                # Only what is defined here can be called once the file is loaded.
                if not c.location.is_in_system_header and not c.spelling.startswith("__"):
                    if c.is_definition():
                        seen[c.spelling] = c

    visit(tu.cursor)
    result = None if cursor.kind.name == "CONSTRUCTOR" else cursor.result_type
    parent = cursor.semantic_parent
    made = parent.type.get_canonical() if cursor.kind.name == "CONSTRUCTOR" and parent else None
    return _Api(list(seen.values()), cursor.spelling, result, made)


def _type_key(t: Any) -> tuple[str, str]:
    """``(declared, canonical)`` spellings without cv-qualifiers."""
    return _strip_const(t.spelling), _strip_const(t.get_canonical().spelling)


def _same_type(param: Any, other: Any) -> bool:
    """Whether ``other`` is the parameter's type: the same typedef name when the parameter is
    spelled with one (``sds``, not any ``char *``), else the same canonical type.
    """
    pd, pc = _type_key(param)
    od, oc = _type_key(other)
    if pc != oc:
        return False
    if pd != pc or od != oc:  # spelled through a typedef (or an elaborated name): names must match
        return od.removeprefix("struct ") == pd.removeprefix("struct ")
    return True


def _printable(t: Any, language: str) -> bool:
    ct = t.get_canonical()
    if _scalar(ct, language) is not None:
        return True
    if ct.kind.name == "POINTER":
        ps = _scalar(ct.get_pointee().get_canonical(), language)
        return ps is not None and ps.kind == "char"
    return False


def _params_of(f: Any) -> list[tuple[str, Any]]:
    return [(a.spelling, a.type) for a in f.get_arguments()]


def _is_handle(t: Any, language: str) -> bool:
    """A pointer spelled through a typedef to something that is not a plain struct of scalars
    (``sds``, ``json_t *``): only the library's own producers make a valid one.
    """
    ct = t.get_canonical()
    if ct.kind.name != "POINTER" or _type_key(t)[0] == _type_key(t)[1]:
        return False
    return _aggregate(ct.get_pointee().get_canonical(), language) is None


def _simple_providers(params: list[tuple[str, Any]], language: str) -> list[_Provider] | None:
    """Providers for arguments written as literals or local values (no producers: depth 1)."""
    if any(_is_handle(pt, language) for _, pt in params):
        return None
    return _providers(params, language, 1)


def _observers(api: _Api, t: Any, language: str, limit: int = 2) -> list[str]:
    """Names of one-argument functions of the file that take ``t`` and return a printable value."""
    found = []
    for f in api.functions:
        params = _params_of(f)
        if f.spelling == api.target or len(params) != 1 or _DESTROYS.search(f.spelling):
            continue
        if not _same_type(params[0][1], t) or not _printable(f.result_type, language):
            continue
        if _same_type(f.result_type, t):
            continue  # a copy (``sdsdup(s)``) shows nothing the value itself does not
        found.append(f.spelling)
    found.sort(key=lambda n: (not _OBSERVES.search(n), len(n)))
    return found[:limit]


def _record_fields(t: Any, language: str, limit: int = 4) -> list[str]:
    """Scalar (or string) fields of the struct ``t`` points to, printable as ``var->field``."""
    ct = t.get_canonical()
    if ct.kind.name != "POINTER":
        return []
    d = _definition(ct.get_pointee().get_canonical())
    if d is None or d.kind.name not in ("STRUCT_DECL", "CLASS_DECL"):
        return []
    out = []
    for ch in d.get_children():
        if ch.kind.name != "FIELD_DECL":
            continue
        if ch.access_specifier.name not in ("PUBLIC", "INVALID", "NONE"):
            continue
        if _printable(ch.type, language) and ch.spelling:
            out.append(ch.spelling)
    return out[:limit]


def _producers(api: _Api, t: Any, language: str) -> list[tuple[str, list[_Provider]]]:
    """Functions of the file that return ``t`` from arguments written as literals."""
    out = []
    for f in api.functions:
        if f.spelling == api.target or not _same_type(f.result_type, t):
            continue
        params = _params_of(f)
        if any(_same_type(pt, t) for _, pt in params):
            continue  # it needs a value of the type to make one: a modifier, not a producer
        provs = _simple_providers(params, language)
        if provs is not None:
            out.append((f.spelling, provs))
    out.sort(key=lambda p: (not _PRODUCES.search(p[0]), len(p[1]) == 0, len(p[1])))
    return out[:4]


def _modifiers(api: _Api, t: Any, language: str) -> list[tuple[str, bool, list[_Provider]]]:
    """``(name, returns the handle, providers for the other arguments)``: functions that take
    the value first and change it (``sdscat(s, "x")``, ``list_push(l, 3)``).
    """
    out = []
    for f in api.functions:
        params = _params_of(f)
        if f.spelling == api.target or not params or _DESTROYS.search(f.spelling):
            continue
        if not _same_type(params[0][1], t):
            continue
        r = f.result_type
        returns_it = _same_type(r, t)
        if not returns_it and r.get_canonical().kind.name != "VOID":
            continue
        provs = _simple_providers(params[1:], language)
        if provs is not None:
            out.append((f.spelling, returns_it, provs))
    out.sort(key=lambda m: (not _GROWS.search(m[0]), not m[1]))
    return out[:4]


def _call_args(provs: list[_Provider], k: int, tag: str) -> tuple[list[str], list[str]]:
    setup, args = [], []
    for j, p in enumerate(provs):
        a = p.make(k % max(p.count, 1), f"{tag}{'pqrstuvw'[j % 8]}")
        setup += a.setup
        args.append(a.expr)
    return setup, args


def _declare(spelling: str, var: str, value: str, language: str) -> list[str]:
    """``T var = value;`` (C: declaration and assignment apart: clang-repl's C mode wants a
    constant initialiser at file scope).
    """
    sep = "" if spelling.endswith("*") else " "
    if language == "c":
        return [f"{spelling}{sep}{var};", f"{var} = {value};"]
    return [f"{spelling}{sep}{var} = {value};"]


def _api_provider(t: Any, language: str, mutable: bool, depth: int) -> tuple[_Provider, int] | None:
    """Values of ``t`` made by the file's own producers (see above), or None."""
    api = _API.get()
    if api is None or depth > 0:
        return None
    producers = _producers(api, t, language)
    if not producers:
        return None
    modifiers = _modifiers(api, t, language)
    spelling = _strip_const(t.spelling)
    # Nothing to read after a free; a target that returns the value it was given (``s =
    # sdscat(s, "x")``) may have moved it: its result is printed instead of the old variable.
    returns_it = api.target_result is not None and _same_type(api.target_result, t)
    mutable = mutable and not _DESTROYS.search(api.target) and not returns_it
    show = _observers(api, t, language)
    if _printable(t, language):
        show = ["{var}", *[f"{o}({{var}})" for o in show]]
    else:
        show = [f"{o}({{var}})" for o in show]
        show += [f"{{var}}->{f}" for f in _record_fields(t, language)]

    def make(k: int, tag: str) -> _Arg:
        var = f"h{tag}"
        name, provs = producers[k % len(producers)]
        setup, args = _call_args(provs, k // len(producers), tag)
        lines = setup + _declare(spelling, var, f"{name}({', '.join(args)})", language)
        if modifiers and k % 2 == 1:  # every other value is changed once after it is made
            mname, returns_it, mprovs = modifiers[(k // 2) % len(modifiers)]
            msetup, margs = _call_args(mprovs, k // 2, f"{tag}m")
            call = f"{mname}({', '.join([var, *margs])})"
            lines += msetup + [f"{var} = {call};" if returns_it else f"{call};"]
        after = [s.format(var=var) for s in show] if mutable else []
        return _Arg(lines, var, after)

    return _Provider(make, max(2 * len(producers), 4 if modifiers else 2), "api"), 1


_JSON_TEXTS = ['"[1,2]"', '"{\\"a\\": 1}"', '""', '"\\"hi\\""', '"[1,"', '"true"', '"-3.5"']
_JSON_NAME = re.compile(r"(?i)json|^js$|^json_?text$")


def _texts_for(name: str) -> list[str]:
    """String arguments to try: JSON texts for a parameter or function about JSON, else the
    usual short strings.
    """
    api = _API.get()
    about_json = _JSON_NAME.search(name) or (api is not None and "json" in api.target.lower())
    return _JSON_TEXTS if about_json else _STRINGS


def _struct_array_provider(agg: _Aggregate, language: str) -> _Provider:
    """A pointer to a struct followed by a count: an array the function fills (``tokens, n``),
    zero-initialised, then its first elements' fields are printed.
    """
    sizes = [8, 2, 8]

    def make(k: int, tag: str) -> _Arg:
        var = f"arr{tag}"
        n = sizes[k % len(sizes)]
        after = [f"{var}[{i}].{f}" for i in range(min(n, 2)) for f, _ in agg.fields[:4]]
        return _Arg([f"{agg.spelling} {var}[{n}] = {{0}};"], f"{var}, {n}", after)

    return _Provider(make, len(sizes), "struct array+length")


def _initialiser(t: Any, language: str, depth: int) -> _Provider | None:
    """A struct the file initialises with a function of its own (``jsmn_init(&p)``,
    ``list_init(&l)``) is made that way rather than from a literal.
    """
    api = _API.get()
    if api is None or depth > 0:
        return None
    spelling = _strip_const(t.spelling)
    for f in api.functions:
        params = _params_of(f)
        if f.spelling == api.target or len(params) != 1 or not _INITS.search(f.spelling):
            continue
        pt = params[0][1].get_canonical()
        if pt.kind.name != "POINTER" or f.result_type.get_canonical().kind.name != "VOID":
            continue
        if _strip_const(pt.get_pointee().get_canonical().spelling) != _strip_const(
            t.get_canonical().spelling
        ):
            continue
        agg = _aggregate(t, language)
        fields = [n for n, _ in agg.fields] if agg is not None else []

        def make(k: int, tag: str, name: str = f.spelling, shown: tuple = tuple(fields)) -> _Arg:
            var = f"obj{tag}"
            return _Arg(
                [f"{spelling} {var};", f"{name}(&{var});"], f"&{var}", [f"{var}.{n}" for n in shown]
            )

        return _Provider(make, 1, "initialised struct")
    return None


def api_notes(cursor: Any, language: str, limit: int = 6) -> list[str]:
    """Comment lines naming the file's producers and observers for the handle-typed parameters of
    the function at ``cursor`` (``// make a sds with: sdsnew(const char *init)``), so that a model
    writes the same call sequences as the fallback. ``[]`` when none apply.
    """
    api = _api_of(cursor)
    token = _API.set(api)
    try:
        out: list[str] = []
        params = (
            [(a.spelling, a.type) for a in cursor.get_arguments()]
            if hasattr(cursor, "get_arguments")
            else []
        )
        seen: set[str] = set()
        for _, t in params:
            key = _type_key(t)[0]
            ct = t.get_canonical()
            handle = _is_handle(t, language) or (
                ct.kind.name == "POINTER"
                and _aggregate(ct.get_pointee().get_canonical(), language) is None
                and _scalar(ct.get_pointee().get_canonical(), language) is None
            )
            if not handle or key in seen:
                continue
            seen.add(key)
            by_name = {f.spelling: f for f in api.functions}
            made = [by_name[n] for n, _ in _producers(api, t, language)[:2]]
            read = [by_name[n] for n in _observers(api, t, language)]
            if made:
                out.append(f"// make a {key} with: " + "; ".join(_decl_text(f) for f in made))
            if read:
                out.append(f"// read a {key} with: " + "; ".join(_decl_text(f) for f in read))
        return out[:limit]
    finally:
        _API.reset(token)


def _decl_text(f: Any) -> str:
    args = ", ".join(f"{a.type.spelling} {a.spelling}".strip() for a in f.get_arguments())
    return f"{f.result_type.spelling} {f.spelling}({args})"


def _api_result_lines(t: _Target, call: str, tag: str) -> list[str] | None:
    """A result of a handle/struct-pointer type: kept in a variable, shown through observers."""
    api = _API.get()
    r = t.result_type_declared
    if api is None or r is None or _printable(r, t.language):
        return None
    if r.get_canonical().kind.name != "POINTER":
        return None
    show = [f"{o}(res{tag})" for o in _observers(api, r, t.language)]
    show += [f"res{tag}->{f}" for f in _record_fields(r, t.language)]
    if not show:
        return None
    return _declare(_strip_const(r.spelling), f"res{tag}", call, t.language) + show


# ---------------------------------------------------------------------------------------------
# The target


@dataclass
class _Target:
    name: str
    call_name: str
    language: str
    kind: str  # cursor kind name
    params: list[tuple[str, Any]]
    result: Any  # canonical libclang type, None for constructors
    class_name: str = ""
    is_method: bool = False
    is_static: bool = False
    is_const: bool = False
    default_constructible: bool = True
    mined: list[int | str] = field(default_factory=list)  # boundary ints and chars from the body
    ctor_params: list[tuple[str, Any]] | None = None  # public constructor when no default one
    getters: list[str] = field(default_factory=list)  # const no-argument methods printing a scalar
    mutators: list[tuple[str, list[tuple[str, Any]]]] = field(default_factory=list)  # set up state
    result_type_declared: Any = None  # the result type as spelled (typedef names kept)
    templates: list[_Target] = field(default_factory=list)  # a template's instances to try
    const_overload: bool = False  # a const method with a non-const twin: call it on a const


def _target_from_cursor(cursor: Any, language: str, context: Any = None) -> _Target:
    params = (
        [(a.spelling, a.type) for a in cursor.get_arguments()]
        if cursor.kind.name != "FUNCTION_TEMPLATE"
        else [(p.spelling, p.type) for p in cursor.get_children() if p.kind.name == "PARM_DECL"]
    )
    parent = cursor.semantic_parent
    is_method = parent is not None and parent.kind.name in (
        "CLASS_DECL",
        "STRUCT_DECL",
        "CLASS_TEMPLATE",
        "UNION_DECL",
    )
    class_name = _qualname(parent) if is_method else ""
    default_ctor = True
    ctor_params: list[tuple[str, Any]] | None = None
    getters: list[str] = []
    mutators: list[tuple[str, list[tuple[str, Any]]]] = []
    if is_method:
        parent = parent.get_definition() or parent
        getters = _getters(parent, language, skip=cursor.spelling)
        mutators = [
            (m.spelling, [(a.spelling, a.type) for a in m.get_arguments()])
            for m in _public_methods(parent)
            if m.spelling != cursor.spelling
            and not m.is_const_method()
            and not m.is_static_method()
        ]
        ctors = [
            c
            for c in parent.get_children()
            if c.kind.name == "CONSTRUCTOR"
            and not (c.is_copy_constructor() or c.is_move_constructor())
        ]
        public = [c for c in ctors if c.access_specifier.name == "PUBLIC"]
        if ctors:
            default_ctor = any(not list(c.get_arguments()) for c in public)
        if not default_ctor and public:
            ctor_params = [(a.spelling, a.type) for a in public[0].get_arguments()]
    is_static = bool(cursor.is_static_method()) if is_method else False
    call_name = _qualname(cursor) if (not is_method or is_static) else cursor.spelling
    if context is not None:  # the pipeline's own reading wins where it has one
        call_name = getattr(context, "call_name", "") or call_name
        class_name = getattr(context, "class_name", "") or class_name
        if is_method:
            default_ctor = bool(getattr(context, "default_constructible", default_ctor))
    result = None if cursor.kind.name == "CONSTRUCTOR" else cursor.result_type.get_canonical()
    return _Target(
        name=cursor.spelling,
        call_name=call_name,
        language=language,
        kind=cursor.kind.name,
        params=params,
        result=result,
        class_name=class_name,
        is_method=is_method,
        is_static=is_static,
        is_const=bool(cursor.is_const_method()) if is_method else False,
        default_constructible=default_ctor,
        mined=[*_mined_ints(cursor), *_mined_chars(cursor)],
        ctor_params=ctor_params,
        getters=getters,
        mutators=mutators,
        result_type_declared=None if result is None else cursor.result_type,
        const_overload=is_method
        and bool(cursor.is_const_method())
        and any(
            m.spelling == cursor.spelling and not m.is_const_method()
            for m in _public_methods(parent)
        ),
    )


def _parse(text: str, path: str | None, language: str, flags: Sequence[str]) -> tuple[Any, str]:
    from clang import cindex

    filename = (
        os.path.abspath(path)
        if path
        else "/tmp/cdoctest_fallback." + ("c" if language == "c" else "cpp")
    )
    from cdoctest_runner.finder import resource_dir

    args = ["-x", "c" if language == "c" else "c++"]
    rdir = resource_dir()
    if rdir:
        args += ["-resource-dir", rdir]
    options = cindex.TranslationUnit.PARSE_INCOMPLETE | 0x200  # KeepGoing: tolerate errors
    try:
        tu = cindex.Index.create().parse(
            filename, args=args + list(flags), unsaved_files=[(filename, text)], options=options
        )
    except cindex.TranslationUnitLoadError as exc:
        raise FallbackError(f"libclang could not parse {filename}: {exc}") from exc
    return tu, filename


_FUNCTION_KINDS = {
    "FUNCTION_DECL",
    "CXX_METHOD",
    "CONSTRUCTOR",
    "FUNCTION_TEMPLATE",
    "CONVERSION_FUNCTION",
}


def _find(tu: Any, filename: str, function: Declaration, match_line: bool) -> Any:
    best = None
    for c in tu.cursor.walk_preorder():
        if c.kind.name not in _FUNCTION_KINDS or c.spelling != function.name:
            continue
        if c.location.file is None or os.path.abspath(c.location.file.name) != filename:
            continue
        if match_line and c.extent.start.line <= function.line <= c.extent.end.line:
            return c
        if best is None or (c.is_definition() and not best.is_definition()):
            best = c
    if best is None:
        raise FallbackError(f"function {function.qualname or function.name!r} not found")
    return best


def _mini_source(context: FunctionContext) -> str:
    """Rebuild a small translation unit from the context: includes, types, class, function."""
    body: list[str] = list(context.types)
    if context.class_text and context.class_text not in body:
        body.append(context.class_text + ";")
    if not (context.class_text and context.source in context.class_text):
        body.append(context.source)
    q = context.class_name or context.declaration.qualname
    namespaces = q.split("::")[:-1] if context.class_name else q.split("::")[:-1]
    text = "\n".join(body)
    for ns in reversed(namespaces):
        text = f"namespace {ns} {{\n{text}\n}}"
    return "\n".join(list(context.includes) + [text]) + "\n"


# ---------------------------------------------------------------------------------------------
# Candidate blocks


def _examples(lines: list[str]) -> list[Example]:
    return [Example(source=line) for line in lines]


def _result_lines(t: _Target, call: str, tag: str) -> list[str]:
    """How to run ``call`` so that its result prints deterministically."""
    r = t.result
    if r is None or r.kind.name == "VOID":
        return [call + ";"]
    if _scalar(_dereferenced(r), t.language) is not None:  # ``const T &front()`` on ints
        return [call]
    via_api = _api_result_lines(t, call, tag)
    if via_api is not None:
        return via_api
    if _scalar(r, t.language) is not None:
        return [call]
    if r.kind.name == "POINTER":
        pointee = _scalar(r.get_pointee().get_canonical(), t.language)
        if pointee is not None and pointee.kind == "char":
            return [call]
        return [f"({call}) != 0"]
    if t.language != "c" and _is_std(r, "basic_string"):
        return [f"std::string res{tag} = {call};", f"res{tag}.c_str()"]
    if t.language != "c" and _is_std(r, "basic_string_view"):
        return [f"std::string res{tag}({call});", f"res{tag}.c_str()"]
    if t.language != "c" and _is_std(r, "vector"):
        return [f"auto res{tag} = {call};", f"res{tag}.size()"] + [
            f"res{tag}.at({j})" for j in range(3)
        ]
    agg = _aggregate(r, t.language)
    if agg is not None:
        decl = f"{agg.spelling} res{tag} = {call};"
        return [decl] + [f"res{tag}.{n}" for n, _ in agg.fields]
    record = _definition(r) if t.language != "c" and r.kind.name == "RECORD" else None
    getters = _getters(record, t.language) if record is not None else []
    if getters:
        return [f"auto res{tag} = {call};"] + [f"res{tag}.{g}" for g in getters]
    return _stream_lines(t, r, call, tag) or [call + ";"]


def _build(t: _Target, max_candidates: int) -> list[list[Example]]:
    if t.templates:
        return _build_instances(t, max_candidates)
    providers: list[_Provider] = []
    i = 1 if _streams_out(t) else 0  # ``operator<<(std::ostream &, const T &)``: std::cout
    while i < len(t.params):
        got = _provider_for(t.params, i, t.language, t.mined)
        if got is None:
            return []
        p, used = got
        providers.append(p)
        i += used
    if t.kind == "CONSTRUCTOR":
        return _build_constructor(t, providers, max_candidates)
    needs_object = t.is_method and not t.is_static
    ctor: list[_Provider] = []
    if needs_object and not t.default_constructible:
        if not t.ctor_params:
            return []
        i = 0
        while i < len(t.ctor_params):
            got = _provider_for(t.ctor_params, i, t.language)
            if got is None:
                return []
            ctor.append(got[0])
            i += got[1]

    mutators: list[tuple[str, list[_Provider]]] = []
    if needs_object:
        for mname, mparams in t.mutators:
            mp = _providers(mparams, t.language, 1)
            if mp is not None:
                mutators.append((mname, mp))
    # Methods that add items (push, insert, append): an empty container throws on reads.
    grows = [m for m in mutators if m[1] and _GROWS.search(m[0])]
    variety = max([p.count for p in providers + ctor], default=1)
    if mutators:
        variety = max(variety, 2 * len(mutators) + 1)
    if grows:
        variety = max(variety, 4)
    n = min(max_candidates, variety if (providers or ctor or mutators) else 1)
    calls_per_object = 2 if (t.is_method and not t.is_static and not t.is_const) else 1
    shift = 4 if _operator_symbol(t.name) else 5

    # A row picks one value per provider: an index into its values, or a fixed literal.
    rows: list[list[int | str]] = []
    for k in range(n * 3):
        rows.append([(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(providers)])
    if len(providers) >= 2 and all(p.label in ("int", "uint") for p in providers):
        # Several integers: all equal, and ascending (3, 4, 5): triangle sides, range bounds.
        rows.insert(1, ["5"] * len(providers))
        rows.insert(3, [str(3 + j) for j in range(len(providers))])

    out: list[list[Example]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(len(rows)):
        if len(out) >= n:
            break
        tag = str(len(out))
        lines: list[str] = []
        after: list[str] = []
        obj = f"obj{tag}m"
        key: list[str] = []
        if needs_object and not ctor:
            lines.append(f"{t.class_name} {obj};")
        elif needs_object:
            cargs = []
            for j, p in enumerate(ctor):
                # Objects the target runs on start from ordinary values (10, 3, 7...), not edges;
                # an operator's left operand differs from its right one (``a == b``).
                a = p.make((k + shift) % max(p.count, 1), f"{tag}c{'abcdefgh'[j % 8]}")
                lines += a.setup
                cargs.append(a.expr)
            lines.append(f"{t.class_name} {obj}({', '.join(cargs)});")
            key.append(lines[-1].replace(obj, ""))
        # State first: a container gets 2, 4 (past a small capacity), 1 or 0 added items; then
        # every other candidate calls another public method to change the object's state.
        reps, change = 0, None
        if grows and k < 4:
            reps, change = (2, 4, 1, 0)[k], grows[0]
        elif mutators and k % 2 == 1:
            change = mutators[(k // 2) % len(mutators)]
            reps = 2 if change in grows else 1
        if change is not None:
            for rep in range(reps):
                lines += _change_lines(obj, change, k // 2 + rep, f"{tag}m{rep or ''}")
                key.append(lines[-1].replace(obj, ""))
        for c in range(calls_per_object):
            row = rows[(k + c) % len(rows)]
            args = []
            for j, (p, choice) in enumerate(zip(providers, row, strict=True)):
                var_tag = f"{tag}{'abcdefgh'[j % 8]}{c or ''}"
                a = _Arg([], choice, []) if isinstance(choice, str) else p.make(choice, var_tag)
                lines += a.setup
                args.append(a.expr)
                after += a.after
            on = f"static_cast<const {t.class_name} &>({obj})" if t.const_overload else obj
            callee = f"{on}.{t.name}" if needs_object else t.call_name
            call = _operator_call(t, obj if needs_object else None, args) or (
                f"{callee}({', '.join(args)})"
            )
            key.append(", ".join(args))
            lines += _result_lines(t, call, f"{tag}{c or ''}")
        if needs_object and not t.is_const:
            if k == 0 and grows and t.result is not None and t.result.kind.name == "VOID":
                # ``clear()``, ``reset()``: one item added afterwards shows the state it left.
                after += _change_lines(obj, grows[0], 3, f"{tag}z")
            after += [f"{obj}.{g}" for g in t.getters]
        if tuple(key) in seen:
            continue
        seen.add(tuple(key))
        out.append(_examples(lines + after))
    return out


def _change_lines(obj: str, change: tuple[str, list[_Provider]], seed: int, tag: str) -> list[str]:
    """One call of a state-changing method on ``obj``, its arguments the ``seed``-th values."""
    name, provs = change
    lines, args = [], []
    for j, p in enumerate(provs):
        a = p.make((seed + j) % max(p.count, 1), f"{tag}{'abcdefgh'[j % 8]}")
        lines += a.setup
        args.append(a.expr)
    return [*lines, f"{obj}.{name}({', '.join(args)});"]


_BINARY_OPS = frozenset(
    "+ - * / % ^ & | < > <= >= == != && || << >> += -= *= /= %= ^= &= |= <<= >>= <=>".split()
)
_UNARY_OPS = frozenset("- + ! ~ ++ --".split())


def _operator_symbol(name: str) -> str | None:
    """``'operator+'`` -> ``'+'``; None for conversions, ``new``/``delete`` and non-operators."""
    if not name.startswith("operator"):
        return None
    sym = name[len("operator") :].strip()
    return sym if sym and not sym[0].isalpha() and sym[0] != "_" else None


def _streams_out(t: _Target) -> bool:
    """``operator<<(std::ostream &, X)``: written as ``std::cout << x``."""
    if t.name != "operator<<" or t.is_method or len(t.params) != 2:
        return False
    return "ostream" in t.params[0][1].spelling


def _operator_call(t: _Target, obj: str | None, args: list[str]) -> str | None:
    """An overloaded operator called as C++ code uses it: ``(a + b)``, ``(-a)``, ``a[1]``."""
    sym = _operator_symbol(t.name)
    if sym is None:
        return None
    if _streams_out(t):
        return f"std::cout << {args[0]} << std::endl"
    operands = ([obj] if obj is not None else []) + args
    if sym == "[]" and len(operands) == 2:
        return f"{operands[0]}[{operands[1]}]"
    if sym == "()" and operands:
        return f"{operands[0]}({', '.join(operands[1:])})"
    if len(operands) == 2 and sym in _BINARY_OPS:
        return f"({operands[0]} {sym} {operands[1]})"
    if len(operands) == 1 and sym in _UNARY_OPS:
        return f"({sym}{operands[0]})"
    return None


#: Types a function template is instantiated with, in order.
TEMPLATE_TYPES = ("int", "double", "std::string")


def _template_instances(cursor: Any, target: _Target, flags: Sequence[str]) -> list[_Target]:
    """The template's instances with ``TEMPLATE_TYPES`` (every type parameter the same type):
    parameter and result types come from a probe declaration parsed after the user's file.
    """
    names = [c.spelling for c in cursor.get_children() if c.kind.name == "TEMPLATE_TYPE_PARAMETER"]
    others = [
        c
        for c in cursor.get_children()
        if c.kind.name in ("TEMPLATE_NON_TYPE_PARAMETER", "TEMPLATE_TEMPLATE_PARAMETER")
    ]
    if not names or others or cursor.location.file is None:
        return []
    path = os.path.abspath(cursor.location.file.name)
    if not os.path.exists(path):
        return []
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")
    result = cursor.result_type.spelling
    params = [(n, t.spelling) for n, t in target.params]
    probes = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        decl = ", ".join(pattern.sub(ty, spelling) for _, spelling in params)
        probes.append(f"{pattern.sub(ty, result)} __cdt_probe{k}({decl});")
    text = f'#include <string>\n#include "{path}"\n' + "\n".join(probes) + "\n"
    try:
        tu, filename = _parse(text, None, "c++", flags)
    except FallbackError:
        return []
    found = {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.spelling.startswith("__cdt_probe") and c.location.file is not None
    }
    out = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        probe = found.get(f"__cdt_probe{k}")
        if probe is None or probe.type.kind.name != "FUNCTIONPROTO":
            continue
        args = list(probe.get_arguments())
        if len(args) != len(params):
            continue
        inst = _Target(
            name=target.name,
            call_name=f"{target.call_name}<{', '.join([ty] * len(names))}>",
            language="c++",
            kind="FUNCTION_DECL",
            params=[(n, a.type) for (n, _), a in zip(params, args, strict=True)],
            result=probe.result_type.get_canonical(),
            mined=target.mined,
            result_type_declared=probe.result_type,
        )
        out.append(inst)
    return out


def _class_template_instances(cursor: Any, target: _Target, flags: Sequence[str]) -> list[_Target]:
    """A method or constructor of a class template, on the class's instances with
    ``TEMPLATE_TYPES`` (``ring_buffer<int>``, ``ring_buffer<double>``...): the types of the
    target, the constructors, the state-changing methods and the getters come from probe
    declarations parsed after the user's file, spelled with the type parameters replaced.
    """
    parent = cursor.semantic_parent
    if parent is None or parent.kind.name != "CLASS_TEMPLATE":
        return []
    parent = parent.get_definition() or parent
    names = [c.spelling for c in parent.get_children() if c.kind.name == "TEMPLATE_TYPE_PARAMETER"]
    others = [
        c
        for c in parent.get_children()
        if c.kind.name in ("TEMPLATE_NON_TYPE_PARAMETER", "TEMPLATE_TEMPLATE_PARAMETER")
    ]
    if not names or others or cursor.location.file is None:
        return []
    path = os.path.abspath(cursor.location.file.name)
    if not os.path.exists(path):
        return []
    cls = _qualname(parent)
    tparam = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")
    injected = re.compile(r"(?<![\w:])" + re.escape(parent.spelling) + r"\b(?!\s*<)")

    def spell(spelling: str, ty: str) -> str:
        return tparam.sub(ty, injected.sub(f"{cls}<{', '.join(names)}>", spelling))

    methods = _public_methods(parent)
    ctors = [
        c
        for c in parent.get_children()
        if c.kind.name == "CONSTRUCTOR"
        and c.access_specifier.name == "PUBLIC"
        and not (c.is_copy_constructor() or c.is_move_constructor())
    ]
    mutators = [  # not the accessors that merely return a reference (``T &front()``)
        m
        for m in methods
        if m.spelling != cursor.spelling
        and not m.is_const_method()
        and not m.is_static_method()
        and (list(m.get_arguments()) or m.result_type.kind.name == "VOID")
    ]
    getters = [
        m
        for m in methods
        if m.spelling != cursor.spelling
        and m.is_const_method()
        and not m.is_static_method()
        and not list(m.get_arguments())
    ]
    fields = [
        c
        for c in parent.get_children()
        if c.kind.name == "FIELD_DECL" and c.spelling and c.access_specifier.name == "PUBLIC"
    ]

    def args_of(f: Any) -> list[Any]:
        return [a.type.spelling for a in f.get_arguments()]

    probes: list[str] = []
    for k, ty in enumerate(TEMPLATE_TYPES):

        def decl(name: str, result: str, params: list[str], ty: str = ty) -> str:
            return f"{spell(result, ty)} {name}({', '.join(spell(p, ty) for p in params)});"

        if cursor.kind.name != "CONSTRUCTOR":
            probes.append(decl(f"__cdt_t{k}", cursor.result_type.spelling, args_of(cursor)))
        for j, c in enumerate(ctors[:1]):
            probes.append(decl(f"__cdt_c{k}_{j}", "void", args_of(c)))
        for j, m in enumerate(mutators):
            probes.append(decl(f"__cdt_m{k}_{j}", "void", args_of(m)))
        for j, m in enumerate(getters):
            probes.append(decl(f"__cdt_g{k}_{j}", m.result_type.spelling, []))
        for j, f in enumerate(fields):
            probes.append(decl(f"__cdt_f{k}_{j}", f.type.spelling, []))
    text = f'#include <string>\n#include "{path}"\n' + "\n".join(probes) + "\n"
    try:
        tu, _ = _parse(text, None, "c++", flags)
    except FallbackError:
        return []
    found = {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.spelling.startswith("__cdt_") and c.type.kind.name == "FUNCTIONPROTO"
    }

    def params_of(probe: Any, original: Any) -> list[tuple[str, Any]] | None:
        if probe is None:
            return None
        got = list(probe.get_arguments())
        want = list(original.get_arguments())
        if len(got) != len(want):
            return None
        return [(w.spelling, g.type) for w, g in zip(want, got, strict=True)]

    out = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        name = f"{cls}<{', '.join([ty] * len(names))}>"
        result = result_declared = None
        if cursor.kind.name != "CONSTRUCTOR":
            probe = found.get(f"__cdt_t{k}")
            if probe is None:
                continue
            result_declared = probe.result_type
            result = result_declared.get_canonical()
        params = params_of(found.get(f"__cdt_t{k}") or found.get(f"__cdt_c{k}_0"), cursor)
        if cursor.kind.name == "CONSTRUCTOR":
            params = (
                params_of(found.get(f"__cdt_c{k}_0"), cursor) if ctors[:1] == [cursor] else None
            )
        if params is None and list(cursor.get_arguments()):
            continue
        ctor_params = params_of(found.get(f"__cdt_c{k}_0"), ctors[0]) if ctors else None
        shown = [
            m.spelling + "()"
            for j, m in enumerate(getters)
            if (g := found.get(f"__cdt_g{k}_{j}")) is not None
            and _scalar(_dereferenced(g.result_type.get_canonical()), "c++") is not None
        ]
        if not shown:
            shown = [
                f.spelling
                for j, f in enumerate(fields)
                if (g := found.get(f"__cdt_f{k}_{j}")) is not None
                and _scalar(g.result_type.get_canonical(), "c++") is not None
            ]
        changes = [
            (m.spelling, mp)
            for j, m in enumerate(mutators)
            if (mp := params_of(found.get(f"__cdt_m{k}_{j}"), m)) is not None
        ]
        shown.sort(key=lambda g: not _SIZES.search(g))  # ``empty()`` cannot throw, ``front()`` can
        out.append(
            _Target(
                name=target.name,
                call_name=f"{name}::{target.name}" if target.is_static else target.name,
                language="c++",
                kind=target.kind,
                params=params or [],
                result=result,
                class_name=name,
                is_method=True,
                is_static=target.is_static,
                is_const=target.is_const,
                default_constructible=target.default_constructible,
                mined=target.mined,
                ctor_params=ctor_params if not target.default_constructible else None,
                getters=list(dict.fromkeys(shown))[:3],
                mutators=changes,
                result_type_declared=result_declared,
                const_overload=target.is_const
                and any(m.spelling == target.name and not m.is_const_method() for m in methods),
            )
        )
    return out


def _dereferenced(t: Any) -> Any:
    """The canonical type a reference refers to; other types as they are."""
    if t.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        return t.get_pointee().get_canonical()
    return t


def _build_instances(t: _Target, max_candidates: int) -> list[list[Example]]:
    """Blocks for each instance of a function template, interleaved (int, double, string...)."""
    per = [_build(inst, max(3, max_candidates // len(t.templates))) for inst in t.templates]
    out: list[list[Example]] = []
    for group in itertools.zip_longest(*per):
        out += [b for b in group if b is not None]
    return out[:max_candidates]


def _class_type(t: _Target) -> Any:
    """The class a constructor target builds (its canonical type), from the API's cursor."""
    api = _API.get()
    return api.target_class if api is not None else None


def _stream_lines(t: _Target, r: Any, call: str, tag: str) -> list[str] | None:
    """A class result without getters, printed with the file's ``operator<<`` if it has one:
    ``auto res = call;`` then ``std::cout << res << std::endl;``.
    """
    if not _streamable(t, r):
        return None
    return [f"auto res{tag} = {call};", f"std::cout << res{tag} << std::endl;"]


def _streamable(t: _Target, r: Any) -> bool:
    """Whether the file has an ``operator<<(std::ostream &, R)`` for the class type ``r``."""
    api = _API.get()
    if api is None or r is None or t.language == "c" or r.kind.name != "RECORD":
        return False
    spelling = _strip_const(r.spelling)
    for f in api.functions:
        params = _params_of(f)
        if f.spelling == "operator<<" and len(params) == 2 and "ostream" in params[0][1].spelling:
            other = params[1][1].get_canonical()
            if other.kind.name == "LVALUEREFERENCE":
                other = other.get_pointee().get_canonical()
            if _strip_const(other.spelling) == spelling:
                return True
    return False


def _build_constructor(
    t: _Target, providers: list[_Provider], max_candidates: int
) -> list[list[Example]]:
    """Construct objects with boundary arguments and print what their getters return."""
    if t.language == "c" or not t.class_name:
        return []
    shown = list(t.getters)
    n = min(max_candidates, max([p.count for p in providers], default=1))
    out: list[list[Example]] = []
    seen: set[str] = set()
    for k in range(n * 3):
        if len(out) >= n:
            break
        tag = str(len(out))
        var = f"obj{tag}m"
        row = [(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(providers)]
        lines, args = [], []
        for j, (p, idx) in enumerate(zip(providers, row, strict=True)):
            a = p.make(idx, f"{tag}{'abcdefgh'[j % 8]}")
            lines += a.setup
            args.append(a.expr)
        if ", ".join(args) in seen:
            continue
        seen.add(", ".join(args))
        lines.append(
            f"{t.class_name} {var}({', '.join(args)});" if args else f"{t.class_name} {var};"
        )
        if not shown:
            if not _streamable(t, _class_type(t)):
                return []  # nothing observable about a constructed object
            out.append(_examples(lines + [f"std::cout << {var} << std::endl;"]))
            continue
        out.append(_examples(lines + [f"{var}.{g}" for g in shown]))
    return out


def fallback_candidates(
    function: Declaration,
    context: FunctionContext | str | None = None,
    language: Language = "c++",
    *,
    cursor: Any = None,
    path: str | None = None,
    flags: Sequence[str] = (),
    max_candidates: int = 8,
) -> list[list[Example]]:
    """Return candidate blocks for ``function`` (``want`` empty); ``[]`` for unsupported types.

    ``context`` is the pipeline's ``FunctionContext``, or the whole file text (``str``, with
    ``path``/``flags`` for libclang). ``cursor`` (the function's libclang cursor), when given, is
    used directly. Raises ``FallbackError`` when libclang cannot parse or find the function.
    """
    if cursor is None:
        if isinstance(context, str):
            tu, filename = _parse(context, path, language, flags)
            cursor = _find(tu, filename, function, match_line=True)
        elif context is not None:
            tu, filename = _parse(_mini_source(context), None, language, flags)
            cursor = _find(tu, filename, function, match_line=False)
        else:
            raise FallbackError(
                "fallback_candidates needs a context (FunctionContext or file text) or a cursor"
            )
    target = _target_from_cursor(cursor, language, None if isinstance(context, str) else context)
    if cursor.kind.name == "FUNCTION_TEMPLATE" and language != "c":
        target.templates = _template_instances(cursor, target, flags)
    elif language != "c" and target.is_method:
        target.templates = _class_template_instances(cursor, target, flags)
    token = _API.set(_api_of(cursor))
    try:
        return _build(target, max_candidates)
    finally:
        _API.reset(token)
