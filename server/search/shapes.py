"""How the input search calls its target (``CallShape``): the parameters of the kinds it
handles, read by ``server.analysis.kinds.classify``, how a call is written and how its effects are
printed; a class built from scalars or a ``std::vector`` of scalars or of such objects
(``Composite``: Clipper's ``IntPoint``, ``Path``) is a parameter too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.ctext import strlen
from cdoctest_runner.example import Example
from server.analysis.kinds import BUFFER_SIZE, Param, ParamKind, classify
from server.analysis.types import (
    CType,
    aggregate,
    canonical,
    class_record,
    constructor_params,
    is_std,
    pointee,
    scalar,
    strip_const,
    type_class,
    vector_element,
)

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.context import FunctionContext

#: How many of a template's instances (the first the analysis kept) the searches call.
SEARCHED_INSTANCES = 2


MAX_OBJECTS = 28  # objects in one class-typed parameter's pool


MAX_PARTS = 4  # scalars a searched object is built from, at most


@dataclass(frozen=True)
class Composite(Param):
    """A parameter the search builds (kind ``OBJECT``, by value or const reference): an object
    of the class ``base`` made from the scalars ``parts`` (its first public constructor whose
    one to ``MAX_PARTS`` parameters are all scalars, or an aggregate's fields: ``brace``), or,
    when ``vector``, a ``std::vector`` (``base``) whose elements are such objects (``element``
    True) or scalars (``parts`` one scalar). Its values are brace lists: ``{2, 2}``,
    ``{{0, 0}, {4, 0}}``, ``{1, 3}``.
    """

    parts: tuple[Param, ...] = ()
    brace: bool = False  # an aggregate (``T v = {...}``), else a constructor call ``T v(...)``
    vector: bool = False
    element: bool = False  # a vector of objects (each element a brace list of ``parts``)

    def declare(self, var: str, value: str) -> str:
        """The declaration of ``var`` holding ``value``.

        >>> pt = Composite(ParamKind.OBJECT, "geo::Pt", "pt", (Param(ParamKind.INT, "int"),) * 2)
        >>> pt.declare("pt_s1", "{2, (-1)}")
        'geo::Pt pt_s1(2, (-1));'
        """
        if self.vector or self.brace:
            return f"{self.base} {var} = {value};"
        return f"{self.base} {var}({value[1:-1].strip()});"


def composite(t: CType, name: str, language: str) -> Composite | None:
    """The ``Composite`` reading of the parameter type ``t`` (by value or const reference; see
    ``Composite``), None for other types and in C.
    """
    if language == "c":
        return None
    ct = canonical(t)
    if type_class(ct) == "LVALUEREFERENCE":
        referred, mutable = pointee(ct)
        if mutable:
            return None  # the function may change it: not a value to search
        ct = referred
    if type_class(ct) != "RECORD":
        return None
    if is_std(ct, "vector"):
        et = vector_element(ct)
        if et is None:
            return None
        one = _scalar_param(et, language)
        if one is not None:
            spelled = one.base
            made: tuple[tuple[Param, ...], bool] | None = ((one,), False)
        else:
            made = _parts(et, language)
            spelled = strip_const(et.spelling)
        if made is None:
            return None
        return Composite(
            ParamKind.OBJECT,
            f"std::vector<{spelled}>",
            name,
            made[0],
            vector=True,
            element=one is None,
        )
    made = _parts(ct, language)
    if made is None:
        return None
    return Composite(ParamKind.OBJECT, strip_const(ct.spelling), name, made[0], brace=made[1])


def _scalar_param(t: CType, language: str) -> Param | None:
    """A scalar type as a searched ``Param`` (integers, ``char``, ``bool``, floating point)."""
    s = scalar(canonical(t), language)
    return classify(s.spelling) if s is not None else None


def _parts(t: CType, language: str) -> tuple[tuple[Param, ...], bool] | None:
    """The scalars an object of the class ``t`` is built from, and whether by aggregate
    initialization: an aggregate's fields, else its first public constructor with one to
    ``MAX_PARTS`` parameters, all scalars; None for a class of the C++ library or without one.
    """
    if strip_const(t.spelling).startswith("std::"):
        return None
    agg = aggregate(t, language)
    if agg is not None:
        fields = [classify(s.spelling) for _, s in agg.fields]
        if 1 <= len(fields) <= MAX_PARTS and all(f is not None for f in fields):
            return tuple(f for f in fields if f is not None), True
        return None
    record = class_record(t)
    if record is None or record.in_system_header:
        return None
    for params in constructor_params(record):
        ps = [_scalar_param(pt, language) for _, pt in params]
        if 1 <= len(ps) <= MAX_PARTS and all(p is not None for p in ps):
            return tuple(p for p in ps if p is not None), False
    return None


def interchangeable(p: Param, q: Param) -> bool:
    """Whether a value of ``p``'s pool is one for ``q`` too: the same kind (not an
    out-parameter), and for objects the same type.
    """
    if p.kind != q.kind or p.kind == ParamKind.OUT:
        return False
    return p.kind != ParamKind.OBJECT or p.base == q.base


@dataclass(frozen=True)
class CallShape:
    """How to call the target and print what it did."""

    name: str  # how to call it at global scope
    params: tuple[Param, ...]
    returns: str  # 'value' | 'void' | 'string' | 'vector' | 'vector-string'
    # printf-like: variadic, its last named parameter a C string (the format); its values then
    # carry the variadic arguments (``"%-5d|", 42``: ``format_values``)
    variadic: bool = False

    @property
    def counts(self) -> frozenset[int]:
        """Indices of the parameters that give the length of the array before them."""
        return frozenset(i + 1 for i, p in enumerate(self.params[:-1]) if p.kind == ParamKind.ARRAY)

    @property
    def sizes(self) -> frozenset[int]:
        """Indices of the integer parameters named as the size of the text or buffer right
        before them (``const char *s, size_t len``; ``char *buf, size_t cap``): their values
        stay within what was allocated (``server.search.pairs.bounded_sizes``).
        """
        return frozenset(
            i + 1
            for i, p in enumerate(self.params[:-1])
            if p.kind in (ParamKind.CSTR, ParamKind.BUF) and is_size(self.params[i + 1])
        )

    @staticmethod
    def of(ctx: FunctionContext) -> CallShape | None:
        """The shape of a free function's call (None for methods and unsupported types); a
        function template's is its first instance's (``each``).
        """
        shapes = CallShape.each(ctx)
        return shapes[0] if shapes else None

    @staticmethod
    def each(ctx: FunctionContext) -> tuple[CallShape, ...]:
        """The shapes to search a free function with: its own; for a function template, one
        per instance among the first ``SEARCHED_INSTANCES`` the analysis kept
        (``next_pow2<unsigned>``, ``next_pow2<unsigned long long>``: a bug only 64 bits show),
        called with its template arguments, the parameter kinds and the result read from the
        instance's substituted types. Parameters of class type and vectors are read from the
        analysis's type handles (``composite``). () for methods and unsupported types.
        """
        if ctx.is_method:
            return ()
        a = ctx.analysis
        if ctx.declaration.kind == "function":
            types: list[CType | None] = [t for _, t in a.target.params] if a is not None else []
            if len(types) != len(ctx.parameters):
                types = [None] * len(ctx.parameters)
            params = [(p.name, p.type, t) for p, t in zip(ctx.parameters, types, strict=True)]
            own = _shape(ctx, ctx.call_name or ctx.declaration.name, params, ctx.return_type)
            return (own,) if own is not None else ()
        if ctx.declaration.kind != "template" or a is None:
            return ()
        shapes = []
        for inst in a.target.templates[:SEARCHED_INSTANCES]:
            result = inst.result_type_declared or inst.result
            if result is None:
                continue
            params = [(n, t.spelling, t) for n, t in inst.params]
            shape = _shape(ctx, inst.call_name, params, result.spelling)
            if shape is not None:
                shapes.append(shape)
        return tuple(shapes)

    def render(self, args: list[str], tag: str) -> list[Example]:
        """The examples of one call with ``args`` (C spellings), variables suffixed with ``tag``.

        >>> s = CallShape("parse", (Param("cstr", "char"), Param("out", "int")), "value")
        >>> [e.source.strip() for e in s.render(['"-4"', ""], "1")]
        ['int out1 = 0; parse("-4", &out1)', 'out1']
        >>> t = CallShape("trim", (Param("buf", "char"),), "void")
        >>> [e.source.strip() for e in t.render(['" a "'], "2")]
        ['char buf2[] = " a "; trim(buf2); printf("[%s]\\\\n", buf2);']

        A buffer followed by a size has room for what the call writes; a size left empty after
        it is the buffer's:

        >>> size = Param("uint", "unsigned", "size")
        >>> w = CallShape("fill", (Param("buf", "char"), size), "void")
        >>> [e.source.strip() for e in w.render(['""', ""], "5")]
        ['char buf5[64] = ""; fill(buf5, sizeof buf5); printf("[%s]\\\\n", buf5);']

        An array's length parameter left empty takes the array's length:

        >>> u = CallShape("sum", (Param("array", "int"), Param("int", "int")), "value")
        >>> [e.source.strip() for e in u.render(["{1, (-2)}", ""], "3")]
        ['int arr3[] = {1, (-2)}; sum(arr3, 2)']

        An object is declared from its value, then passed:

        >>> v = Composite(ParamKind.OBJECT, "std::vector<int>", "v", (Param("int", "int"),),
        ...               vector=True)
        >>> [e.source.strip() for e in CallShape("top", (v,), "value").render(["{3, 1}"], "4")]
        ['std::vector<int> v4 = {3, 1}; top(v4)']
        """
        decls: list[str] = []
        call_args: list[str] = []
        after: list[str] = []
        outs = [i for i, p in enumerate(self.params) if p.kind == ParamKind.OUT]
        arrays = [i for i, p in enumerate(self.params) if p.kind == ParamKind.ARRAY]
        for i, (p, a) in enumerate(zip(self.params, args, strict=True)):
            if isinstance(p, Composite):
                var = f"{p.name or f'obj{i}'}{tag}"
                decls.append(p.declare(var, a))
                call_args.append(var)
                continue
            if p.kind == ParamKind.ARRAY:
                var = f"arr{tag}" if len(arrays) == 1 else f"arr{tag}_{i}"
                decls.append(f"{p.base} {var}[] = {a};")
                call_args.append(var)
                continue
            if i in self.counts and a == "":
                a = str(a_len(args[i - 1]))
            elif i in self.sizes and a in (ROOM, ROOM_SHORT, ROOM_OVER):
                a = self._size(i, a, args[i - 1], tag)
            elif a == "" and i and self.params[i - 1].kind == ParamKind.BUF:
                a = f"sizeof buf{tag}"  # a buffer's capacity, after it
            if p.kind == ParamKind.OUT:
                var = f"out{tag}" if len(outs) == 1 else f"out{tag}_{i}"
                decls.append(f"{p.base} {var} = 0;")
                call_args.append(f"&{var}")
                after.append(var)
            elif p.kind == ParamKind.BUF:
                var = f"buf{tag}"
                # Room for what the call writes: a format's output, or up to the size passed
                # after the buffer (its text alone would make ``sizeof`` that text's length).
                sized = i + 1 < len(self.params) and is_capacity(self.params[i + 1])
                size = str(BUFFER_SIZE) if self.variadic or sized else ""
                decls.append(f"char {var}[{size}] = {a};")
                call_args.append(var)
                after.append(f'printf("[%s]\\n", {var});')
            else:
                call_args.append(a)
        call = f"{self.name}({', '.join(call_args)})"
        # One input per call where possible (a short block holds more calls): the declarations
        # and the call, then what the call changed.
        pre = " ".join(decls)
        if self.returns == "value":
            lines = [f"{pre} {call}".strip(), *after]
        elif self.returns == "void":
            printed = [a for a in after if a.startswith("printf")]
            lines = [" ".join([pre, call + ";", *printed]).strip()]
            lines += [a for a in after if not a.startswith("printf")]
        elif self.returns == "string":
            lines = [
                f"{pre} std::string res{tag} = {call}; "
                f'printf("[%s]\\n", res{tag}.c_str());'.strip(),
                *after,
            ]
        else:
            elem = "x.c_str()" if self.returns == "vector-string" else "(long long)x"
            fmt = "[%s]" if self.returns == "vector-string" else "[%lld]"
            lines = [
                f'{pre} auto res{tag} = {call}; printf("%zu", res{tag}.size()); '
                f'for (const auto &x : res{tag}) printf("{fmt}", {elem}); printf("\\n");'.strip(),
                *after,
            ]
        return [Example(line) for line in lines]

    def _size(self, i: int, marker: str, before: str, tag: str) -> str:
        """The size ``marker`` (``ROOM``...) of parameter ``i``, whose text or buffer is passed
        ``before`` it, never past the allocation: a text literal's length (one over is its
        terminating NUL); a buffer's ``sizeof`` (one short of it; never over).

        >>> s = CallShape("f", (Param(ParamKind.CSTR, "char"), Param(ParamKind.INT, "int", "n")),
        ...               "value")
        >>> [s._size(1, m, '"ab"', "1") for m in (ROOM, ROOM_SHORT, ROOM_OVER)]
        ['2', '1', '3']
        >>> b = CallShape("g", (Param(ParamKind.BUF, "char"), Param(ParamKind.INT, "int", "cap")),
        ...               "value")
        >>> [b._size(1, m, '""', "1") for m in (ROOM, ROOM_SHORT, ROOM_OVER)]
        ['sizeof buf1', 'sizeof buf1 - 1', 'sizeof buf1']
        """
        if self.params[i - 1].kind == ParamKind.BUF:
            return f"sizeof buf{tag} - 1" if marker == ROOM_SHORT else f"sizeof buf{tag}"
        if not before.startswith('"'):
            return "0"  # not a literal: its length is unknown here
        n = strlen(before)
        return str({ROOM: n, ROOM_SHORT: max(n - 1, 0), ROOM_OVER: n + 1}[marker])


def _shape(
    ctx: FunctionContext,
    name: str,
    typed: Sequence[tuple[str, str, CType | None]],
    return_type: str,
) -> CallShape | None:
    """The shape of calling ``name`` with parameters ``typed`` (name, type spelling, type or
    None) and ``return_type`` (None for a parameter or result kind the search does not
    handle).
    """
    params: list[Param] = []
    for pname, ptype, ltype in typed:
        k = classify(ptype, pname) or _array(ptype, pname)
        if k is None and ltype is not None:
            k = composite(ltype, pname, ctx.language)
        if k is None:
            return None
        params.append(k)
    if not params:
        return None
    for i, k in enumerate(params):  # an array needs its length right after it
        if k.kind == ParamKind.ARRAY and (
            i + 1 == len(params) or params[i + 1].kind not in (ParamKind.INT, ParamKind.UINT)
        ):
            return None
    r = " ".join(return_type.replace("const", " ").replace("&", " ").split())
    if r == "void":
        returns = "void"
    elif r in ("std::string", "string") or r.startswith("std::basic_string"):
        returns = "string"
    elif re.fullmatch(r"std::vector<\s*std::string\s*>", r):
        returns = "vector-string"
    elif re.fullmatch(r"std::vector<[\w ]+>", r):
        returns = "vector"
    elif r.startswith("std::"):
        return None
    else:
        returns = "value"
    variadic = (
        ctx.declaration.signature.rstrip().endswith("...)") and params[-1].kind == ParamKind.CSTR
    )
    return CallShape(name, tuple(params), returns, variadic)


def _array(type_spelling: str, name: str) -> Param | None:
    """``const int *a`` (any integer element type): an array the function only reads."""
    t = " ".join(type_spelling.replace("*", " * ").split())
    words = t.split()
    if words[-1:] != ["*"] or "const" not in words[:-1]:
        return None
    inner = [w for w in words[:-1] if w != "const"]
    if not inner or "char" in inner or not classify(" ".join(inner)):
        return None
    k = classify(" ".join(inner))
    if k is None or k.kind not in (ParamKind.INT, ParamKind.UINT):
        return None
    return Param(ParamKind.ARRAY, " ".join(inner), name)


def a_len(init: str) -> int:
    """The number of elements of a brace initializer (``{1, (-2)}``: 2; ``{}``: 0)."""
    inner = init.strip()[1:-1].strip()
    return inner.count(",") + 1 if inner else 0


#: Names of a size parameter that gives a buffer's room (``buffer_size``, ``cap``, ``n``), not
#: the length of a text already in it (``len``).
CAPACITY_NAMES = re.compile(r"(?i)size|cap|max|room|space|avail|limit|^n$|^sz$")


#: Names of an integer that gives the length of the text or buffer before it.
SIZE_NAMES = re.compile(r"(?i)len|size|cap|max|room|space|avail|limit|bytes|^n$|^sz$")

#: Markers of a size relative to the allocation it describes (``CallShape.render``): the
#: allocation's own size (a text's length), one short, one over where the allocation holds it.
ROOM, ROOM_SHORT, ROOM_OVER = "", "<room-1>", "<room+1>"


def is_size(p: Param) -> bool:
    """Whether the integer ``p``, right after a text or buffer, is named as its size.

    >>> is_size(Param(ParamKind.UINT, "size_t", "len")), is_size(Param(ParamKind.INT, "int", "c"))
    (True, False)
    """
    return p.kind in (ParamKind.INT, ParamKind.UINT) and bool(SIZE_NAMES.search(p.name))


def is_capacity(p: Param) -> bool:
    """Whether ``p``, right after a ``char *`` buffer, is the buffer's room.

    >>> is_capacity(Param(ParamKind.UINT, "size_t", "buffer_size")), is_capacity(
    ...     Param(ParamKind.UINT, "size_t", "len"))
    (True, False)
    """
    return p.kind in (ParamKind.INT, ParamKind.UINT) and bool(CAPACITY_NAMES.search(p.name))
