"""Inputs of the mutation-guided search (``server.search.killing``): for a target called as
``server.search.shapes.CallShape`` says, the candidate values per parameter
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
from collections.abc import Sequence

from server.analysis.documentation import DocFacts
from server.analysis.kinds import Param, ParamKind
from server.analysis.languages import LanguageFact
from server.analysis.mining import bit_boundaries, text_boundaries, text_chars
from server.search.grammars import language_values, shape_languages
from server.search.shapes import MAX_OBJECTS, CallShape, Composite

__all__ = [
    "array_values",
    "doc_arrays",
    "format_values",
    "grammar_strings",
    "limit_pairs",
    "limits",
    "object_crossings",
    "object_values",
    "value_pools",
    "vector_values",
]


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


# printf conversions by family: the conversion, a typical argument, an edge argument
_CONVERSIONS = (
    ("d", "42", "(-42)"),
    ("i", "42", "(-42)"),
    ("u", "42u", "4294967295u"),
    ("x", "0x123", "0"),
    ("f", "0.5", "(0.0 / 0.0)"),
    ("e", "1.5", "(-0.0)"),
    ("g", "0.0001", "1e20"),
    ("c", "'a'", "' '"),
    ("s", '"ab"', '""'),
)


def format_values(chars: list[str], ints: list[int], percent: bool = False) -> list[str]:
    """Format strings with their variadic arguments for a printf-like function, from the format
    grammar the body tests: the conversions and flags that occur among its character literals
    (``'%'`` is needed), each flag with a width after some text (``"ab[%-5d]", 42``: where a
    field starts matters), precisions (3, and for floating point the first bound above 9 the
    body compares with), ``*`` precisions (``-1``), the ``0`` flag with a precision, ``#`` with
    a zero; the conversions' edge arguments (``0``, NaN, ``-42``). Interleaved over the
    conversions, so a short list covers them all. ``percent``: the body compares with ``'%'``
    twice (the directive's start and ``%%``): a literal percent sign among text comes first.

    >>> format_values(["'%'", "'d'", "'-'", "'.'"], [])
    ['"ab[%-5d]", 42', '"%.3d|", 42', '"%d|", (-42)', '"%d|", 42']
    >>> format_values(["'%'", "'s'", "'i'", "'u'"], [], percent=True)[:4]
    ['"a%%b|"', '"%i|", (-42)', '"%u|", 4294967295u', '"%s|", ""']
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
    out: list[str] = ['"a%%b|"'] if percent and rows else []
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
    shapes = [small[1:4], [], small[:1], small[:3][::-1], [small[0]] * 3]
    if p.element:
        shapes = [[elem([v]) for v in a] for a in shapes]
    return list(dict.fromkeys(elem(a) for a in shapes))


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
    shape: CallShape,
    facts: DocFacts,
    body: str,
    arrays: tuple[str, ...] = (),
    languages: Sequence[LanguageFact | None] | None = None,
) -> list[list[str]]:
    """Candidate arguments per parameter, most telling first (see the module docstring);
    ``arrays``: the arrays the documentation states (``doc_arrays``). An array's length
    parameter takes the array's length (``""``) or 0. A text in a language
    (``languages``, per parameter; None: read from the names and ``body``,
    ``server.search.grammars.shape_languages``) takes inputs in it after the documentation's
    strings, before the strings of the body's characters (``language_values``).
    """
    if languages is None:
        languages = shape_languages(shape, body)
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
        last = shape.variadic and k == len(shape.params) - 1
        if last:
            formats = format_values(chars, text_boundaries(body), body.count("'%'") > 1)
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
            fact = languages[k] if k < len(languages) else None
            # A format's directives need their arguments: a variadic one takes format_values.
            own = language_values(fact.language) if fact is not None and not last else []
            vals = list(facts.strings) + own + _strings_from_chars(chars, body)
        else:  # out-parameter: no value of its own
            vals = [""]
        pools.append(list(dict.fromkeys(vals)))
    return pools
