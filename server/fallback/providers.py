"""Argument providers of the fallback: how to make a value for one parameter (or a pointer +
length pair) from its libclang type: scalars and references to them, strings and buffers,
arrays, ``std::vector``/``std::string``, aggregates, class objects built through a public
constructor, and handles (through ``server.fallback.api``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cdoctest_runner.clang import constructors, public_constructors
from server.fallback.api import (
    _api_provider,
    _initialiser,
    _is_handle,
    _struct_array_provider,
    _texts_for,
)
from server.fallback.values import (
    _STRING_ARRAYS,
    _STRINGS,
    _Aggregate,
    _aggregate,
    _Arg,
    _brace,
    _definition,
    _getters,
    _is_std,
    _Provider,
    _Scalar,
    _scalar,
    _strip_const,
    _strlen,
)


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
    if not any(
        not (c.is_copy_constructor() or c.is_move_constructor()) for c in constructors(record)
    ):
        return []  # the implicit default constructor
    for c in public_constructors(record):
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
