"""Inputs of the mutation-guided search (``server.search.killing``): how to call the target
(``CallShape``: the parameter kinds it handles, read by ``server.analysis.kinds.classify``, and how
a call is written and its effects printed) and the candidate values per parameter
(``value_pools``: the documentation's values, the boundaries of the body's comparisons, of its
shifts and masks and the characters it tests, ``server.analysis.mining.text_boundaries``/
``bit_boundaries``/``text_chars``, the type's limits, strings made of those characters, and
strings in the grammar the body parses: ``grammar_strings``); and pairs of values for two integer
parameters that are extreme together (``limit_pairs``: a sum or a product exactly at the type's
limit or just past it), which one parameter varied at a time never reaches. A parameter of class
type built from scalars, or a ``std::vector`` of scalars or of such objects (``Composite``:
Clipper's ``IntPoint``, ``Path``), takes objects made from small coordinates around the vectors'
shapes and the scalar pools of its constructor's parameters (``object_values``), and vectors of
the shapes geometry and loops get wrong (``vector_values``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import Example
from server.analysis.documentation import DocFacts
from server.analysis.kinds import BUFFER_SIZE, Param, ParamKind, classify
from server.analysis.mining import bit_boundaries, text_boundaries, text_chars
from server.analysis.types import (
    aggregate,
    class_record,
    constructor_params,
    is_std,
    scalar,
    strip_const,
    vector_element,
)

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.context import FunctionContext

__all__ = [
    "SEARCHED_INSTANCES",
    "CallShape",
    "Composite",
    "a_len",
    "array_values",
    "doc_arrays",
    "format_values",
    "grammar_strings",
    "limit_pairs",
    "interchangeable",
    "limits",
    "object_crossings",
    "object_values",
    "value_pools",
    "vector_values",
]

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


def composite(t: Any, name: str, language: str) -> Composite | None:
    """The ``Composite`` reading of the libclang parameter type ``t`` (by value or const
    reference; see ``Composite``), None for other types and in C.
    """
    if language == "c":
        return None
    ct = t.get_canonical()
    if ct.kind.name == "LVALUEREFERENCE":
        if not ct.get_pointee().is_const_qualified():
            return None  # the function may change it: not a value to search
        ct = ct.get_pointee().get_canonical()
    if ct.kind.name != "RECORD":
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


def _scalar_param(t: Any, language: str) -> Param | None:
    """A scalar type as a searched ``Param`` (integers, ``char``, ``bool``, floating point)."""
    s = scalar(t.get_canonical(), language)
    return classify(s.spelling) if s is not None else None


def _parts(t: Any, language: str) -> tuple[tuple[Param, ...], bool] | None:
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
    if record is None or record.location.is_in_system_header:
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
        analysis's libclang types (``composite``). () for methods and unsupported types.
        """
        if ctx.is_method:
            return ()
        a = ctx.analysis
        if ctx.declaration.kind == "function":
            types = [t for _, t in a.target.params] if a is not None else []
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
                sized = i + 1 < len(self.params) and _is_capacity(self.params[i + 1])
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


def _shape(
    ctx: FunctionContext, name: str, typed: list[tuple[str, str, Any]], return_type: str
) -> CallShape | None:
    """The shape of calling ``name`` with parameters ``typed`` (name, type spelling, libclang
    type or None) and ``return_type`` (None for a parameter or result kind the search does not
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


# ---------------------------------------------------------------------------------------------
# Values


def _c(v: int) -> str:
    return f"({v})" if v < 0 else str(v)


def limits(p: Param) -> list[str]:
    """The extreme values of an integer parameter's type (``INT_MAX``, ``UINT_MAX``...); for a
    64-bit unsigned one also ``2**63 + 1``, its top and bottom bits with 62 zeros between (code
    that handles only 32 of the 64 bits shows: a bit smear or a count cut at 32 bits).
    """
    if p.kind == ParamKind.UINT:
        if "long" not in p.base:
            return ["4294967295u", "2147483648u"]
        return ["18446744073709551615ull", "9223372036854775809ull"]
    if "long" in p.base:
        return ["9223372036854775807LL", "(-9223372036854775807LL - 1)"]
    return ["2147483647", "(-2147483647 - 1)", "2147483646", "(-2147483647)"]


def _bits(p: Param) -> int:
    return 64 if "long" in p.base or "64" in p.base else 32


def _int_literal(v: int, p: Param) -> str:
    """``v`` spelled for ``p``'s type (the minimum as ``(-MAX - 1)``: ``-2147483648`` is a
    negated ``long``).
    """
    wide = _bits(p) == 64
    if p.kind == ParamKind.UINT:
        return f"{v}ull" if wide else f"{v}u"
    suffix = "LL" if wide and abs(v) > 2**31 - 1 else ""
    if v == -(2 ** (_bits(p) - 1)):
        return f"(-{-v - 1}{suffix} - 1)"
    return f"({v}{suffix})" if v < 0 else f"{v}{suffix}"


def limit_pairs(p: Param, q: Param, product: bool = False) -> list[tuple[str, str]]:
    """Values for two integer parameters that are extreme together: their sum exactly at the
    type's maximum or minimum and one past it (``INT_MAX - 1, 1``; ``INT_MIN + 1, -1``; two
    halves), their product exactly at a limit and one past it (``65536, -32768`` is ``INT_MIN``;
    ``46341, 46341`` overflows; a limit times one and minus one), the product's first when
    ``product`` (the body multiplies them). A checked addition or multiplication
    (``a > INT_MAX - b``, ``(long long)a * b``) and a sum kept in a wider accumulator are told
    apart only there. Both parameters take ``p``'s width; none for two different kinds.

    >>> i = Param(ParamKind.INT, "int")
    >>> limit_pairs(i, i)[:4]
    [('2147483646', '1'), ('1', '2147483646'), ('(-2147483647)', '(-1)'), ('(-1)', '(-2147483647)')]
    >>> limit_pairs(i, i, product=True)[:3]
    [('65536', '(-32768)'), ('(-2147483647 - 1)', '1'), ('46341', '46341')]
    >>> u = Param(ParamKind.UINT, "unsigned")
    >>> limit_pairs(u, u)[:2]
    [('4294967294u', '1u'), ('4294967295u', '1u')]
    """
    if p.kind != q.kind or p.kind not in (ParamKind.INT, ParamKind.UINT):
        return []
    bits = _bits(p)
    half = 2 ** (bits // 2)  # 65536: its square is one past the unsigned range
    if p.kind == ParamKind.UINT:
        top = 2**bits - 1
        sums = [(top - 1, 1), (top, 1), (top // 2 + 1, top // 2 + 1)]
        products = [(half - 1, half + 1), (half, half), (top, 2)]
    else:
        top, low = 2 ** (bits - 1) - 1, -(2 ** (bits - 1))
        root = 46340 if bits == 32 else 3037000499  # the largest square within the maximum
        sums = [
            (top - 1, 1),
            (1, top - 1),
            (low + 1, -1),
            (-1, low + 1),
            (top // 2, top // 2 + 1),
            (top // 2 + 1, top // 2 + 1),
            (top, 1),
            (low, -1),
        ]
        products = [
            (half, -(half // 2)),
            (low, 1),
            (root + 1, root + 1),
            (root, root),
            (half, half // 2),
            (-1, low),
        ]
    pairs = products + sums if product else sums + products
    return [(_int_literal(a, p), _int_literal(b, p)) for a, b in pairs]


def _char_neighbours(chars: list[str]) -> list[str]:
    out = []
    for lit in chars:
        inner = lit[1:-1]
        if len(inner) == 1 and inner.isalnum():
            for d in (-1, 1):
                c = chr(ord(inner) + d)
                if c not in "'\\" and 32 <= ord(c) < 127:
                    out.append(f"'{c}'")
    return out


_SMALL_EQ = re.compile(r"(?:==|!=)\s*([2-8])\b")
_SMALL_CMP = re.compile(r"(?:<=|>=|<|>)\s*([2-8])\b")


def grammar_strings(chars: list[str], body: str) -> list[str]:
    """Well-formed and nearly well-formed inputs of a parser of digit groups separated by a
    character the body tests (``'.'`` with ``'0'``..``'9'``: a dotted quad, a version, a date):
    the group count is the first small number the body compares with ``==`` (``fields == 4``),
    else with ``<``/``>``, else 3; a group's bound the largest comparison constant above 9
    (``value > 255``). Variants: all zeros, groups at the bound and one past it (first and last
    group), a leading zero, one group too few and one too many, an empty group, a trailing and a
    leading separator, a letter, an over-long group, one group alone. Separators: at most two,
    neither a sign nor whitespace (``"+5"`` is a number, not two groups).

    >>> grammar_strings(["'0'", "'9'", "'.'"], "if (value > 255 || fields == 4) return 0;")[:6]
    ['"1.2.3.4"', '"0.0.0.0"', '"255.2.3.4"', '"256.2.3.4"', '"1.2.3.256"', '"01.2.3.4"']
    >>> grammar_strings(["'0'", "'9'", "'-'"], "")
    []
    """
    inner = [c[1:-1] for c in chars]
    digits = ("0" in inner and "9" in inner) or "isdigit" in body
    seps = [c for c in inner if len(c) == 1 and not c.isalnum() and c not in "+- \"'"][:2]
    if not digits or not seps:
        return []
    eq = [int(k) for k in _SMALL_EQ.findall(body)]
    rel = [int(k) for k in _SMALL_CMP.findall(body)]
    n = (eq or rel or [3])[0]
    bound = max((v for v in text_boundaries(body) if 9 < v <= 100000), default=0)
    bound -= 1 if bound else 0  # text_boundaries gives K-1, K, K+1: K is the bound
    out: list[str] = []
    for sep in seps:
        groups = [str(k + 1) for k in range(n)]

        def join(gs: list[str], sep: str = sep) -> str:
            return '"' + sep.join(gs) + '"'

        out.append(join(groups))
        out.append(join(["0"] * n))
        if bound:
            out += [join([str(bound), *groups[1:]]), join([str(bound + 1), *groups[1:]])]
            out.append(join([*groups[:-1], str(bound + 1)]))
        out += [
            join(["0" + groups[0], *groups[1:]]),
            join(groups[:-1]),
            join([*groups, str(n + 1)]),
            join([groups[0], "", *groups[2:]]),
            join(groups)[:-1] + sep + '"',
            '"' + sep + join(groups)[1:],
            join([*groups[:-1], "a"]),
            join(["1234", *groups[1:]]),
            join(groups[:1]),
        ]
    return out


def _range_edges(inner: list[str]) -> str:
    """The letters and digits the body tests, each with its two neighbours, in one string: a
    range check (``c >= 'A' && c <= 'Z'``) off by one at either end shows in it.

    >>> _range_edges(["A", "Z", "-"])
    '@ABYZ['
    """
    out: list[str] = []
    for c in inner:
        if len(c) == 1 and c.isalnum():
            for ch in (chr(ord(c) - 1), c, chr(ord(c) + 1)):
                if 32 < ord(ch) < 127 and ch not in "'\"\\" and ch not in out:
                    out.append(ch)
    return "".join(out)


def _strings_from_chars(chars: list[str], body: str) -> list[str]:
    """Strings that exercise the characters the body tests (as separators, signs, digits), and
    the grammar the body parses (``grammar_strings``) first.
    """
    inner = [c[1:-1] for c in chars]
    out = ['""', '"a"', *grammar_strings(chars, body)]
    specials = [c for c in inner if not c.isalnum() and c not in ("\\0", "\\'", '\\"')]
    for c in specials:
        out += [f'"{c}"', f'"{c}x{c}"', f'"x{c}{c}y{c}"', f'"{c}{c}"']
    if any(c in ("+", "-") for c in inner) or ("'0'" in chars and "'9'" in chars):
        out += [
            '"+"',
            '"-"',
            '"+5"',
            '"-0"',
            '"12a"',
            '"2147483647"',
            '"2147483648"',
            '"-2147483648"',
            '"-2147483649"',
            '" 7"',
        ]
    ws = [c for c in specials if c in (" ", "\\t", "\\n")]
    if ws:
        joined = "".join(ws)
        out += [f'"{joined}a b{joined}"', f'"{joined}"']
    edges = _range_edges(inner)
    if edges:
        out.append(f'"{edges}"')
    letters = [c for c in inner if c.isalpha()]
    if letters:
        out += ['"' + "".join(letters) + '"', '"' + "".join(reversed(letters)) + '"']
    seen: list[str] = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return seen


#: Names of a size parameter that gives a buffer's room (``buffer_size``, ``cap``, ``n``), not
#: the length of a text already in it (``len``).
_CAPACITY = re.compile(r"(?i)size|cap|max|room|space|avail|limit|^n$|^sz$")


def _is_capacity(p: Param) -> bool:
    """Whether ``p``, right after a ``char *`` buffer, is the buffer's room.

    >>> _is_capacity(Param(ParamKind.UINT, "size_t", "buffer_size")), _is_capacity(
    ...     Param(ParamKind.UINT, "size_t", "len"))
    (True, False)
    """
    return p.kind in (ParamKind.INT, ParamKind.UINT) and bool(_CAPACITY.search(p.name))


# printf conversions by family: the conversion, a typical argument, an edge argument
_CONVERSIONS = (
    ("d", "42", "(-42)"),
    ("x", "0x123", "0"),
    ("f", "0.5", "(0.0 / 0.0)"),
    ("e", "1.5", "(-0.0)"),
    ("g", "0.0001", "1e20"),
    ("c", "'a'", "' '"),
    ("s", '"ab"', '""'),
)


def format_values(chars: list[str], ints: list[int]) -> list[str]:
    """Format strings with their variadic arguments for a printf-like function, from the format
    grammar the body tests: the conversions and flags that occur among its character literals
    (``'%'`` is needed), each flag with a width after some text (``"ab[%-5d]", 42``: where a
    field starts matters), precisions (3, and for floating point the first bound above 9 the
    body compares with), ``*`` precisions (``-1``), the ``0`` flag with a precision, ``#`` with
    a zero; the conversions' edge arguments (``0``, NaN, ``-42``). Interleaved over the
    conversions, so a short list covers them all.

    >>> format_values(["'%'", "'d'", "'-'", "'.'"], [])
    ['"ab[%-5d]", 42', '"%.3d|", 42', '"%d|", (-42)', '"%d|", 42']
    >>> format_values(["'d'", "'-'"], [])
    []
    """
    inner = {c[1:-1] for c in chars}
    if "%" not in inner:
        return []
    rows: list[list[str]] = []
    for conv, typical, edge in _CONVERSIONS:
        if conv not in inner:
            continue
        floating = conv in "feg"
        width = 15 if floating else 5
        prec = next((v for v in ints if 9 < v <= 20), 10) if floating else 3
        padded = [f'"ab[%{flag}{width}{conv}]", {typical}' for flag in "-0+ " if flag in inner]
        row = padded[:1]
        if "#" in inner and conv == "x":
            row += [f'"%#{conv}|", {edge}', f'"%#.3{conv}|", {typical}']
        if "." in inner:
            row.append(f'"%.{prec}{conv}|", {typical}')
            if "*" in inner:
                row.append(f'"%.*{conv}|", -1, {typical}')
            if "0" in inner and not floating:
                row.append(f'"[%08.3{conv}]", {typical}')
        row += [f'"%{conv}|", {edge}', *padded[1:], f'"%{conv}|", {typical}']
        rows.append(row)
    out: list[str] = []
    for k in range(max((len(r) for r in rows), default=0)):
        out += [r[k] for r in rows if k < len(r)]
    return out


_BRACE_INTS = re.compile(r"\{\s*(-?\s*\w+(?:\s*,\s*-?\s*\w+)*)\s*\}")


def doc_arrays(comment: str) -> list[str]:
    """The integer brace lists a comment states (``{1, 2, 3}``, ``{INT_MAX, INT_MAX}``), as
    initializers with the limit names spelled out.

    >>> doc_arrays("For {1, 2, 3} the sum is 6; for {INT_MAX, -1} it is ...; {a, b} is not.")
    ['{1, 2, 3}', '{2147483647, (-1)}']
    """
    from server.analysis.documentation import LIMIT_NAMES

    out = []
    for m in _BRACE_INTS.finditer(comment):
        items = []
        for tok in (t.replace(" ", "") for t in m.group(1).split(",")):
            neg = tok.startswith("-")
            bare = tok.lstrip("-")
            if bare in LIMIT_NAMES and not neg:
                items.append(LIMIT_NAMES[bare])
            elif re.fullmatch(r"\d+", bare):
                items.append(f"({tok})" if neg else tok)
            else:
                break
        else:
            init = "{" + ", ".join(items) + "}"
            if init not in out:
                out.append(init)
    return out


def array_values(p: Param, stated: list[str]) -> list[str]:
    """Arrays for a read-only integer array: the stated ones, then one of each shape a loop over
    an array gets wrong: ascending, one element, all negative (a maximum that starts at 0), a
    dip between two rises (a run that must restart), descending, repeated values, zero in the
    middle, two maxima and two minima (a sum that needs a wider accumulator).

    >>> array_values(Param(ParamKind.ARRAY, "int"), ["{1, 3}"])[:4]
    ['{1, 3}', '{1, 3, 5, 7}', '{5}', '{(-3), (-1), (-2)}']
    """
    shapes = [
        "{1, 3, 5, 7}",
        "{5}",
        "{(-3), (-1), (-2)}",
        "{2, (-5), 7}",
        "{7, 5, 3, 1}",
        "{2, 2, 2}",
        "{4, 0, (-4)}",
    ]
    if p.kind == ParamKind.ARRAY and "unsigned" not in p.base and not p.base.startswith("u"):
        top = limits(Param(ParamKind.INT, p.base))
        shapes += [f"{{{top[0]}, {top[0]}}}", f"{{{top[1]}, (-1)}}"]
    else:
        shapes = [a for a in shapes if "(-" not in a] + ["{4294967295u, 4294967295u}"]
    return list(dict.fromkeys([*stated, *shapes]))


# Small coordinates (the shapes' 0 and 4, the middle, neighbours), the centre first.
_COORDS = (2, 0, 4, 1, 3, 5, -1)
MAX_GRID = 18  # objects of small coordinates, before the scalar pools' own values
CROSSED_OBJECTS = 6  # an object's values tried against every vector shape (object_crossings)
# Point lists a loop over a polygon or a path gets wrong: the first is the base call's.
_SHAPES: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (4, 0), (4, 4), (0, 4)),  # a square, counter-clockwise
    (),
    ((1, 1),),
    ((0, 0), (4, 0), (0, 4)),  # a triangle
    ((0, 0), (0, 4), (4, 0)),  # the triangle clockwise
    ((0, 0), (0, 4), (4, 4), (4, 0)),  # the square clockwise
    ((0, 0), (4, 0), (4, 0), (4, 4), (0, 4), (0, 0)),  # repeated points
    ((0, 0), (2, 0), (4, 0)),  # collinear
    ((0, 0), (4, 4)),
    ((0, 0), (4, 0), (4, 4), (2, 2), (0, 4)),  # concave
    ((0, 0), (2, 0), (4, 0), (4, 4), (0, 4)),  # a vertex on an edge
    ((-4, -4), (4, -4), (4, 4), (-4, 4)),  # around the origin
)


def _coord(p: Param, v: int) -> str | None:
    """The small integer ``v`` as a value of the scalar ``p`` (None: not one of its values)."""
    if p.kind == ParamKind.INT:
        return _c(v)
    if p.kind == ParamKind.UINT:
        return str(v) if v >= 0 else None
    if p.kind == ParamKind.FLOAT:
        return f"({v}.0)" if v < 0 else f"{v}.0"
    return None


def object_values(p: Composite, parts: list[list[str]]) -> list[str]:
    """Objects for a class-typed parameter, as brace lists of its ``parts`` (``parts``: each
    part's scalar pool): first a grid of small coordinates around the vectors' shapes
    (``_COORDS``: the centre ``{2, 2}``, then one part moved to an edge or past it, ``{0, 2}``,
    ``{5, 2}``, then corners ``{0, 0}``, ``{4, 4}``), then each part's own pool values (the
    body's boundaries, the type's limits) with the others at the centre; at most
    ``MAX_OBJECTS``. A part that takes no small integer (``bool``, ``char``) takes its pool's.

    >>> i = Param(ParamKind.INT, "int")
    >>> pt = Composite(ParamKind.OBJECT, "Pt", "pt", (i, i))
    >>> object_values(pt, [["7", "0"], ["0"]])[:6]
    ['{2, 2}', '{0, 2}', '{2, 0}', '{4, 2}', '{2, 4}', '{1, 2}']
    >>> '{7, 2}' in object_values(pt, [["7", "0"], ["0"]])
    True
    """
    coords = []
    for part, pool in zip(p.parts, parts, strict=True):
        own = [c for c in (_coord(part, v) for v in _COORDS) if c is not None]
        coords.append(own or pool[:3] or ["0"])
    grid = sorted(
        itertools.product(*(range(len(c)) for c in coords)),
        key=lambda ix: (sum(1 for k in ix if k), max(ix), [-k for k in ix]),
    )
    out = ["{" + ", ".join(coords[j][k] for j, k in enumerate(ix)) + "}" for ix in grid]
    out = out[:MAX_GRID]
    centre = [c[0] for c in coords]
    extra = [[v for v in pool if v not in coords[j]] for j, pool in enumerate(parts)]
    for row in itertools.zip_longest(*extra):
        for j, v in enumerate(row):
            if v is not None:
                out.append("{" + ", ".join([*centre[:j], v, *centre[j + 1 :]]) + "}")
    return list(dict.fromkeys(out))[:MAX_OBJECTS]


def vector_values(p: Composite, parts: list[list[str]]) -> list[str]:
    """Vectors for a ``std::vector`` parameter, from its element's ``parts`` (their scalar
    pools): of objects with two or more parts, the point lists of ``_SHAPES`` (a square first,
    empty, one point, a triangle both ways round, the square clockwise, repeated points,
    collinear points, a concave one, a vertex on an edge, around the origin; other parts at 0);
    of integers or one-part objects, the shapes of ``array_values`` and the empty one; of other
    scalars, lists from their pool.

    >>> i = Param(ParamKind.INT, "int")
    >>> path = Composite(ParamKind.OBJECT, "std::vector<Pt>", "path", (i, i), vector=True,
    ...                  element=True)
    >>> vector_values(path, [["0"], ["0"]])[:3]
    ['{{0, 0}, {4, 0}, {4, 4}, {0, 4}}', '{}', '{{1, 1}}']
    >>> vector_values(Composite(ParamKind.OBJECT, "std::vector<int>", "v", (i,), vector=True),
    ...               [["0"]])[:3]
    ['{1, 3, 5, 7}', '{}', '{5}']
    """
    first = p.parts[0]

    def elem(values: list[str]) -> str:
        return "{" + ", ".join(values) + "}"

    if len(p.parts) >= 2:
        out = []
        for pts in _SHAPES:
            items = []
            for point in pts:
                vals = [_coord(q, v) for q, v in zip(p.parts, point, strict=False)]
                vals += [_coord(q, 0) or parts[j][0] for j, q in enumerate(p.parts) if j >= 2]
                if None in vals:
                    break
                items.append(elem([v for v in vals if v is not None]))
            else:
                out.append(elem(items))
        return out
    if first.kind in (ParamKind.INT, ParamKind.UINT):
        lists = array_values(Param(ParamKind.ARRAY, first.base), [])
        lists.insert(1, "{}")
        if not p.element:
            return lists
        return [elem([elem([v.strip()]) for v in a[1:-1].split(",") if v.strip()]) for a in lists]
    small = [c for c in (_coord(first, v) for v in _COORDS) if c is not None] or parts[0]
    lists = [small[1:4], [], small[:1], small[:3][::-1], [small[0]] * 3]
    if p.element:
        lists = [[elem([v]) for v in a] for a in lists]
    return list(dict.fromkeys(elem(a) for a in lists))


def _items(init: str) -> int:
    """The number of top-level elements of a brace list (``{{0, 0}, {4, 0}}``: 2)."""
    inner = init.strip()[1:-1]
    depth, commas = 0, 0
    for ch in inner:
        depth += (ch in "({") - (ch in ")}")
        commas += ch == "," and depth == 0
    return commas + 1 if inner.strip() else 0


def object_crossings(shape: CallShape, pools: list[list[str]]) -> list[tuple[int, str, int, str]]:
    """Values of an object parameter and a vector parameter varied together, as ``(i, value,
    j, vector)``: every vector after the base one with at least three elements (a triangle
    both ways round, the square clockwise, repeated points: not only the base square), in
    order, against each of the object's first ``CROSSED_OBJECTS`` values after its base one (a
    point on an edge, inside, outside: slanted edges cross its row). [] without such a pair of
    parameters.

    >>> i = Param(ParamKind.INT, "int")
    >>> pt = Composite(ParamKind.OBJECT, "Pt", "pt", (i, i))
    >>> poly = Composite(ParamKind.OBJECT, "std::vector<Pt>", "poly", (i, i), vector=True,
    ...                  element=True)
    >>> s = CallShape("inside", (pt, poly), "value")
    >>> object_crossings(s, [["{2, 2}", "{0, 2}"], ["{}", "{{1, 1}}", "{{0, 0}, {4, 0}, {0, 4}}"]])
    [(0, '{0, 2}', 1, '{{0, 0}, {4, 0}, {0, 4}}')]
    """
    out = []
    ps = shape.params
    for i, j in itertools.permutations(range(len(ps)), 2):
        p, q = ps[i], ps[j]
        if not (isinstance(p, Composite) and isinstance(q, Composite)):
            continue
        if p.vector or not q.vector:
            continue
        vectors = [w for w in pools[j][1:] if _items(w) >= 3]
        out += [(i, v, j, w) for w in vectors for v in pools[i][1 : 1 + CROSSED_OBJECTS]]
    return out


def value_pools(
    shape: CallShape, facts: DocFacts, body: str, arrays: tuple[str, ...] = ()
) -> list[list[str]]:
    """Candidate arguments per parameter, most telling first (see the module docstring);
    ``arrays``: the arrays the documentation states (``doc_arrays``). An array's length
    parameter takes the array's length (``""``) or 0.
    """
    ints = [_c(v) for v in text_boundaries(body)]
    bit_values = bit_boundaries(body)
    chars = text_chars(body)
    pools: list[list[str]] = []
    counts = shape.counts
    for k, p in enumerate(shape.params):
        if k in counts:
            pools.append(["", "0"])
            continue
        if isinstance(p, Composite):
            parts = value_pools(CallShape(shape.name, p.parts, "value"), facts, body)
            pools.append(vector_values(p, parts) if p.vector else object_values(p, parts))
            continue
        if p.kind == ParamKind.ARRAY:
            pools.append(array_values(p, list(arrays)))
            continue
        if shape.variadic and k == len(shape.params) - 1:
            formats = format_values(chars, text_boundaries(body))
            if formats:
                pools.append(formats + [f"{s}, 0" for s in facts.strings])
                continue
        if p.kind in (ParamKind.INT, ParamKind.UINT):
            top = 2 ** (_bits(p) - (0 if p.kind == ParamKind.UINT else 1)) - 1
            bits = [_c(v) for v in bit_values if v <= top]
            vals = list(facts.ints) + ints + bits + limits(p) + ["0", "1", "(-1)", "2", "3"]
            if k and shape.params[k - 1].kind == ParamKind.BUF:
                vals.insert(0, "")  # the buffer's size first (``render``), so it is written
            if p.kind == ParamKind.UINT:
                vals = [v for v in vals if not v.startswith("(-")]
        elif p.kind == ParamKind.CHAR:
            vals = list(facts.chars) + chars + _char_neighbours(chars) + ["'a'", "' '", "'0'"]
        elif p.kind == ParamKind.BOOL:
            vals = ["true", "false"]
        elif p.kind == ParamKind.FLOAT:
            vals = ["0.5", "(-1.5)", "0.0", "2.0", "1e9"] + [v for v in facts.ints if "(" not in v][
                :3
            ]
        elif p.kind in (ParamKind.CSTR, ParamKind.BUF, ParamKind.STRING):
            vals = list(facts.strings) + _strings_from_chars(chars, body)
        else:  # out-parameter: no value of its own
            vals = [""]
        pools.append(list(dict.fromkeys(vals)))
    return pools
