"""Argument providers of the fallback: how to make a value for one parameter (or a pointer +
length pair) from its type (``server.analysis.types``): scalars and references to them, strings
and buffers (a writable one with its size zeroed for the call to fill), arrays,
``std::vector``/``std::string``, aggregates, structs the call fills (out-parameters), memory
streams for ``FILE *``, class objects built through a public constructor, and handles and
initialised structs (``server.candidates.by_type.handles``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cdoctest_runner.ctext import strlen
from server.analysis.fileapi import GROWS, FileApi, adder_candidates
from server.analysis.kinds import BUFFER_SIZE, ParamKind
from server.analysis.target import Params
from server.analysis.types import (
    Aggregate,
    CType,
    OutStruct,
    Record,
    Scalar,
    aggregate,
    canonical,
    class_record,
    constructor_params,
    declared_pointee,
    function_pointer,
    getters,
    has_user_constructor,
    is_handle,
    is_std,
    is_stream,
    out_struct,
    point_arity,
    pointee,
    pointer_to_text,
    scalar,
    spelled,
    type_class,
    vector_element,
)
from server.candidates.by_type.handles import (
    Arguments,
    api_provider,
    declare,
    filled_provider,
    initialised_provider,
    interleaved,
    serialized_provider,
    struct_array_provider,
    texts_for,
)
from server.candidates.by_type.slots import (
    byte_buffer_provider,
    callback_provider,
    filled_with_length,
    struct_slots,
    text_slots_provider,
)
from server.candidates.by_type.state import plain_values, with_state
from server.candidates.by_type.values import (
    STRING_ARRAYS,
    STRINGS,
    Arg,
    Found,
    Provider,
    brace,
    scalar_arrays,
    scalar_values,
)


def plain_providers(params: Params, language: str, api: FileApi) -> list[Provider] | None:
    """Providers for arguments written as literals or local values (a producer's or modifier's
    own arguments: no handles, depth 1); None when one parameter has none.
    """
    if any(is_handle(pt, language) for _, pt in params):
        return None
    return providers(params, language, api, 1)


def _arguments(language: str, api: FileApi) -> Arguments:
    """The plain providers as ``server.candidates.by_type.handles`` asks for them."""
    return lambda params: plain_providers(params, language, api)


def provider_for(
    params: Params,
    i: int,
    language: str,
    api: FileApi,
    mined: Sequence[int | str] = (),
    depth: int = 0,
) -> Found:
    """The provider for ``params[i]`` and how many parameters it consumes (1 or 2); None when
    the fallback cannot make a value of its type. ``api`` is the file's (handles, JSON texts),
    ``mined`` the body's constants, ``depth`` how deep in a producer's or constructor's
    arguments this parameter is. An object a shrinking target is given gets items from the
    API's adders first (``server.candidates.by_type.state.with_state``).
    """
    got = _provider_for(params, i, language, api, mined, depth)
    t = params[i][1]
    # A shrinking call, or a reader (a ``const`` pointer) of an object the API adds to.
    reads = type_class(t) == "POINTER" and not pointee(t)[1]
    if got is None or got[1] != 1 or depth > 0 or not (api.shrinks or reads):
        return got  # (a pointer with its length is no object an adder takes)
    adders = []
    # A reader is run on a grown object (push, add, append...); only a shrinking call also
    # gets one whose state a setter made.
    found = [a for a in adder_candidates(api, t) if api.shrinks or GROWS.search(a[0])]
    for name, returns_it, ps in found[:2]:
        provs = plain_providers(ps, language, api)
        if provs is not None and plain_values(provs):
            adders.append((name, returns_it, provs))
    return (with_state(got[0], adders), got[1]) if adders else got


def _provider_for(
    params: Params,
    i: int,
    language: str,
    api: FileApi,
    mined: Sequence[int | str],
    depth: int,
) -> Found:
    """``provider_for`` before a state is built."""
    name, t = params[i]
    ct = canonical(t)
    kind = type_class(t)
    if is_handle(t, language):
        # A pointer spelled through a typedef (``sds``, ``json_t *``): the file's producers know
        # how to make one; a char buffer or a bare struct would not be a valid handle.
        got = api_provider(api, t, language, pointee(ct)[1], depth, _arguments(language, api))
        if got is not None:
            return got
    s = scalar(ct, language)
    if s is not None:
        vals = scalar_values(s, language, name, mined)
        return Provider(lambda k, tag: Arg([], vals[k % len(vals)], []), len(vals), s.kind), 1
    if kind == "POINTER":
        after = params[i + 1][1] if i + 1 < len(params) else None
        nxt = scalar(canonical(after), language) if after is not None else None
        length_follows = nxt is not None and nxt.kind in (ParamKind.INT, ParamKind.UINT)
        filled = (
            filled_with_length(t, after, language)
            if after is not None and _length_out(after, language) and not _api_object(api, t)
            else None
        )
        if filled is not None:
            return filled
        if type_class(pointee(ct)[0]) == "VOID" and any(function_pointer(pt) for _, pt in params):
            # The user data a callback is given back (``ini_parse(f, handler, user)``): none.
            null = "NULL" if language == "c" else "nullptr"
            return Provider(lambda k, tag: Arg([], null, []), 1, "user data"), 1
        return _pointer_provider(t, name, language, api, length_follows, depth)
    if kind in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        pc, mutable = pointee(ct)
        return _reference_provider(
            pc, name, language, api, mutable and kind == "LVALUEREFERENCE", depth
        )
    if kind == "RECORD":
        return (
            _class_provider(ct, language, api, False, name, depth)
            or api_provider(api, t, language, False, depth, _arguments(language, api))
            or _found(
                filled_provider(api, t, language, False, False, depth, _arguments(language, api))
            )
        )
    return None


def _written(params: Params, language: str, api: FileApi) -> Provider | None:
    """The provider of a serializer's argument (``params``: its first parameter): a struct
    written as a literal, or a handle one of the file's producers makes.
    """
    got = _provider_for(params, 0, language, api, (), 1)
    if got is None and is_handle(params[0][1], language):
        got = api_provider(api, params[0][1], language, False, 0, _arguments(language, api))
    return got[0] if got is not None else None


def _api_object(api: FileApi, t: CType) -> bool:
    """Whether ``t`` points to a struct the API adds to (``stack_push(&s, v)``): one object,
    even with an integer or a length pointer after it (``stack_truncate(s, n)``,
    ``rbuf_dequeue(rb, &out)``), not an array to fill.
    """
    return type_class(pointee(t)[0]) == "RECORD" and bool(adder_candidates(api, t))


def _found(p: Provider | None) -> Found:
    """A provider that consumes one parameter, or None."""
    return (p, 1) if p is not None else None


def _length_out(t: CType, language: str) -> bool:
    """Whether ``t`` is a pointer to an integer the call writes (``size_t *method_len``)."""
    if type_class(t) != "POINTER":
        return False
    pc, mutable = pointee(t)
    s = scalar(pc, language)
    return mutable and s is not None and s.kind in (ParamKind.INT, ParamKind.UINT)


def _pointer_provider(
    t: CType, name: str, language: str, api: FileApi, length_follows: bool, depth: int
) -> Found:
    """A pointer parameter: a string (and its length), a char buffer, an array and its length,
    a scalar in-out value, structs, initialised structs, objects, handles.
    """
    pc, mutable = pointee(t)
    if is_stream(t):
        return _stream_provider(texts_for(api, name, depth), language), 1
    callback = function_pointer(t)
    if callback is not None:
        return _found(callback_provider(*callback, language))
    if pointer_to_text(t) and mutable:
        return text_slots_provider(t, length_follows)
    ps = scalar(pc, language)
    if ps is None and type_class(pc) == "VOID" and not mutable and length_follows:
        ps = Scalar(ParamKind.CHAR, "char")  # ``const void *buf, size_t len``: bytes, as a string
    if ps is not None and ps.kind is ParamKind.CHAR:
        strings = _string_provider(
            texts_for(api, name, depth), mutable, length_follows, depth, name
        )
        if mutable or length_follows or depth > 0 or strings is None:
            return strings
        written = serialized_provider(api, language, lambda ps: _written(ps, language, api))
        return (interleaved(written, strings[0]), 1) if written is not None else strings
    if ps is not None and length_follows:
        return _array_provider(ps, language, mutable), 2
    if ps is not None and ps.kind is ParamKind.UCHAR and mutable:
        return byte_buffer_provider(t), 1  # bytes written: a buffer, not one byte
    if ps is not None:
        vals = scalar_values(ps, language, name)

        def ptr(k: int, tag: str) -> Arg:
            var = f"val{tag}"
            return Arg(
                [f"{ps.spelling} {var} = {vals[k % len(vals)]};"],
                f"&{var}",
                [var] if mutable else [],
            )

        return Provider(ptr, len(vals), "scalar pointer"), 1
    agg = aggregate(pc, language)
    api_object = _api_object(api, t)
    if agg is not None and length_follows and mutable and not api_object:
        return struct_array_provider(agg), 2
    slots = struct_slots(t, language) if length_follows and not api_object else None
    if slots is not None:
        return slots, 2
    init = (
        initialised_provider(api, pc, language, depth)
        if (agg is not None and mutable) or api_object
        else None
    )
    if init is not None:
        return init, 1
    filled = filled_provider(
        api, declared_pointee(t), language, True, mutable, depth, _arguments(language, api)
    )
    if filled is not None:
        return filled, 1
    if agg is not None:
        return _struct_provider(agg, language, mutable, pointer=True), 1
    out = out_struct(t, language) if mutable or api_object else None
    if out is not None:
        return _out_struct_provider(out, language), 1
    return _constructed_provider(
        pc, language, api, mutable, pointer=True, depth=depth
    ) or api_provider(api, t, language, mutable, depth, _arguments(language, api))


def _stream_provider(texts: list[str], language: str) -> Provider:
    """A ``FILE *``: a memory stream (``fmemopen``) the call writes into, a zeroed buffer printed
    after it is flushed; or one it reads a text from (the first three texts).
    """
    values = [None, *texts[:3]]

    def make(k: int, tag: str) -> Arg:
        var, buf, lit = f"fs{tag}", f"fsbuf{tag}", values[k % len(values)]
        if lit is None:
            opened = f'fmemopen({buf}, {BUFFER_SIZE}, "w")'
            setup = [
                f"char {buf}[{BUFFER_SIZE}] = {{0}};",
                *declare("FILE *", var, opened, language),
            ]
            return Arg(setup, var, [f"fflush({var});", buf])
        opened = f'fmemopen({buf}, {max(strlen(lit), 1)}, "r")'
        return Arg([f"char {buf}[] = {lit};", *declare("FILE *", var, opened, language)], var, [])

    return Provider(make, len(values), "stream")


def _out_struct_provider(out: OutStruct, language: str) -> Provider:
    """A struct the call fills (``json_error_t *error``): a zeroed local passed by address, its
    scalar and text fields printed after the call.
    """
    zeroed = " = {0}" if language == "c" else "{}"

    def make(k: int, tag: str) -> Arg:
        var = f"out{tag}"
        return Arg(
            [f"{out.spelling} {var}{zeroed};"], f"&{var}", [f"{var}.{f}" for f in out.fields]
        )

    return Provider(make, 1, "out struct")


#: Names of ``char *`` parameters (without a size) a call writes its result into.
_OUTPUT = re.compile(r"(?i)^(dest|dst|out|output|result)$")


def _string_provider(
    texts: list[str], mutable: bool, length_follows: bool, depth: int, name: str = ""
) -> Found:
    """A character pointer: a literal and its length, a literal, or a buffer of one. A writable
    buffer and its size is a zeroed buffer the call may fill (``DoubleToAscii(..., buf, 64)``),
    for a constructor's arguments the only value (an object that writes into it: a string
    builder), else first before the texts copied into buffers; the buffer is printed after. A
    writable one without a size is a text copied into a buffer, or, named as an output
    (``char *dest``), a zeroed buffer of ``BUFFER_SIZE``.
    """
    if length_follows and mutable:
        values: list[str | None] = [None] if depth > 0 else [None, *texts]

        def out(k: int, tag: str) -> Arg:
            var, lit = f"buf{tag}", values[k % len(values)]
            if lit is None:
                return Arg([f"char {var}[{BUFFER_SIZE}] = {{0}};"], f"{var}, {BUFFER_SIZE}", [var])
            return Arg([f"char {var}[] = {lit};"], f"{var}, {strlen(lit)}", [var])

        return Provider(out, len(values), "char buffer+size"), 2
    if length_follows:
        # Each text with its length; then the first non-empty one with one less and one more
        # (its NUL, inside the literal): never a length past what the literal holds.
        sized = [(lit, strlen(lit)) for lit in texts]
        some = next(((lit, n) for lit, n in sized if n > 1), None)
        if some is not None:
            sized += [(some[0], some[1] - 1), (some[0], some[1] + 1)]
        return Provider(
            lambda k, tag: Arg([], f"{sized[k % len(sized)][0]}, {sized[k % len(sized)][1]}", []),
            len(sized),
            "string+length",
        ), 2
    if not mutable:
        return Provider(lambda k, tag: Arg([], texts[k % len(texts)], []), len(texts), "cstring"), 1

    if _OUTPUT.match(name):
        return Provider(
            lambda k, tag: Arg(
                [f"char out{tag}[{BUFFER_SIZE}] = {{0}};"], f"out{tag}", [f"out{tag}"]
            ),
            1,
            "output buffer",
        ), 1

    def buf(k: int, tag: str) -> Arg:
        lit = texts[k % len(texts)]
        var = f"str{tag}"
        return Arg([f"char {var}[] = {lit};"], var, [var])

    return Provider(buf, len(texts), "char buffer"), 1


def _array_provider(ps: Scalar, language: str, mutable: bool) -> Provider:
    """A scalar array and its length (an empty one passed as a one-element array and 0)."""
    arrays = scalar_arrays(ps)

    def arr(k: int, tag: str) -> Arg:
        a = arrays[k % len(arrays)]
        var = f"arr{tag}"
        if not a:
            return Arg(
                [f"{ps.spelling} {var}[1] = {brace([scalar_values(ps, language)[0]])};"],
                f"{var}, 0",
                [],
            )
        return Arg(
            [f"{ps.spelling} {var}[] = {brace(a)};"],
            f"{var}, {len(a)}",
            [var] if mutable else [],
        )

    return Provider(arr, len(arrays), "array+length")


def _reference_provider(
    pc: CType, name: str, language: str, api: FileApi, mutable: bool, depth: int
) -> Found:
    """A reference parameter: a scalar value (a variable when mutable), else a class value."""
    ps = scalar(pc, language)
    if ps is None:
        return _class_provider(pc, language, api, mutable, name, depth)
    vals = scalar_values(ps, language, name)
    if not mutable:
        return Provider(lambda k, tag: Arg([], vals[k % len(vals)], []), len(vals), ps.kind), 1

    def ref(k: int, tag: str) -> Arg:
        var = f"val{tag}"
        return Arg([f"{ps.spelling} {var} = {vals[k % len(vals)]};"], var, [var])

    return Provider(ref, len(vals), "scalar reference"), 1


def _class_provider(
    t: CType, language: str, api: FileApi, mutable: bool, name: str, depth: int = 0
) -> Found:
    """A class value: ``std::string`` (a variable when mutable), ``std::string_view``,
    ``std::vector``, an aggregate, or an object from a public constructor.
    """
    # Texts in the parameter's input language and the file's formats first (a pattern, a JSON
    # text), if it has them.
    strings = texts_for(api, name, depth) if name else STRINGS
    if is_std(t, "basic_string"):
        if not mutable:
            return Provider(
                lambda k, tag: Arg([], strings[k % len(strings)], []),
                len(strings),
                "std::string",
            ), 1

        def sref(k: int, tag: str) -> Arg:
            var = f"str{tag}"
            return Arg(
                [f"std::string {var} = {strings[k % len(strings)]};"], var, [f"{var}.c_str()"]
            )

        return Provider(sref, len(strings), "std::string reference"), 1
    if is_std(t, "basic_string_view"):
        return Provider(
            lambda k, tag: Arg([], strings[k % len(strings)], []), len(strings), "string_view"
        ), 1
    if is_std(t, "vector"):
        return _vector_provider(t, language, mutable)
    agg = aggregate(t, language)
    if agg is not None:
        return _struct_provider(agg, language, mutable, pointer=False), 1
    return _constructed_provider(t, language, api, mutable, pointer=False, depth=depth)


def _vector_provider(t: CType, language: str, mutable: bool) -> Found:
    """A ``std::vector`` of scalars, strings or points, its size and elements shown after."""
    et = vector_element(t)
    if et is None:
        return None
    es = scalar(et, language)
    if es is not None:
        arrays, elem, show = scalar_arrays(es), es.spelling, ""
    elif is_std(et, "basic_string"):
        arrays, elem, show = STRING_ARRAYS, "std::string", ".c_str()"
    else:
        got = _point_arrays(et, language)
        if got is None:
            return None
        arrays, elem, show = got

    def vec(k: int, tag: str) -> Arg:
        a = arrays[k % len(arrays)]
        var = f"vec{tag}"
        after = (
            [f"{var}.size()"] + [f"{var}.at({j}){show}" for j in range(min(len(a), 4))]
            if mutable
            else []
        )
        return Arg([f"std::vector<{elem}> {var} = {brace(a)};"], var, after)

    return Provider(vec, len(arrays), "std::vector"), 1


_POINTS = [
    [(0, 0), (4, 0), (4, 4)],
    [],
    [(1, 1)],
    [(0, 0), (0, 3), (3, 3), (3, 0)],
    [(2, 1), (5, 1)],
]


def _point_arrays(et: CType, language: str) -> tuple[list[list[str]], str, str] | None:
    """A ``std::vector`` of a class built from up to three integers (a point: Clipper's
    ``Path`` is ``std::vector<IntPoint>``): element lists such as a triangle and a square, each
    element written ``{x, y}``; elements are shown through the class's first reader.
    """
    got = point_arity(et, language)
    if got is None:
        return None
    arity, read = got
    arrays = [[brace([str(v) for v in (p * 2)[:arity]]) for p in pts] for pts in _POINTS]
    return arrays, spelled(et), "." + read


def providers(params: Params, language: str, api: FileApi, depth: int) -> list[Provider] | None:
    """One provider per parameter (a pointer + length pair shares one); None when one has none."""
    out, i = [], 0
    while i < len(params):
        got = provider_for(params, i, language, api, (), depth)
        if got is None:
            return None
        out.append(got[0])
        i += got[1]
    return out


def _ctor_providers(
    record: Record, language: str, api: FileApi, depth: int
) -> list[Provider] | None:
    """Return providers for the first usable public constructor ([] for a default one), or None."""
    if not has_user_constructor(record):
        return []  # the implicit default constructor
    for params in constructor_params(record):
        got = providers(tuple(params), language, api, depth + 1)
        if got is not None:
            return got
    return None


def _construct(
    spelling: str, var: str, ctor: list[Provider], k: int, tag: str
) -> tuple[list[str], list[str]]:
    """The lines that build ``var`` from the ``k``-th constructor arguments, and the lines that
    print what its arguments hold after a call (a buffer the object writes into).
    """
    setup, args, after = [], [], []
    for j, p in enumerate(ctor):
        a = p.make((k + 5) % max(p.count, 1), f"{tag}{'pqrstuvw'[j % 8]}")
        setup += a.setup
        args.append(a.expr)
        after += a.after
    made = f"{spelling} {var}({', '.join(args)});" if args else f"{spelling} {var};"
    return [*setup, made], after


def _constructed_provider(
    t: CType, language: str, api: FileApi, mutable: bool, pointer: bool, depth: int = 0
) -> Found:
    """Provide a class object made by a public constructor (getters print after, if mutable)."""
    if language == "c" or depth > 1:
        return None
    record = class_record(t)
    if record is None:
        return None
    ctor = _ctor_providers(record, language, api, depth)
    if ctor is None:
        return None
    spelling = spelled(t)
    shown = getters(record, language)

    def make(k: int, tag: str) -> Arg:
        var = f"obj{tag}"
        lines, held = _construct(spelling, var, ctor, k, tag)
        after = [*held, *[f"{var}.{g}" for g in shown]] if mutable else []
        return Arg(lines, ("&" if pointer else "") + var, after)

    return Provider(make, max([p.count for p in ctor], default=1), "object"), 1


def _struct_provider(agg: Aggregate, language: str, mutable: bool, pointer: bool) -> Provider:
    """A struct of scalars brace-initialised from the fields' values; through a mutable pointer
    (a state the call updates: a decoder, a parser) the first value is zeroed, the state such a
    struct starts from, and the fields are printed after the call.
    """
    lists = [scalar_values(s, language, n) for n, s in agg.fields]
    zeroed = mutable and pointer
    count = max(len(v) for v in lists) + zeroed

    def make(k: int, tag: str) -> Arg:
        var = f"obj{tag}"
        k -= zeroed
        vals = [v[(k + j) % len(v)] for j, v in enumerate(lists)]
        after = [f"{var}.{n}" for n, _ in agg.fields] if mutable else []
        init = brace(vals) if k >= 0 else ("{0}" if language == "c" else "{}")
        return Arg([f"{agg.spelling} {var} = {init};"], ("&" if pointer else "") + var, after)

    return Provider(make, count, "struct")
