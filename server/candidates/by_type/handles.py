"""Values the file's own API makes (``server.analysis.fileapi``): handles made by its producers
and changed by its modifiers, then shown through its observers or fields; structs initialised by
its init function; arrays of structs to fill; texts in a parameter's input language (JSON for
a JSON parser's text, a pattern for a matcher: ``language_texts``). The
providers of the producers' and modifiers' own arguments come from ``arguments`` (the caller's
plain providers, ``server.candidates.by_type.providers.plain_providers``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import zip_longest

from server.analysis.fileapi import (
    DESTROYS,
    GROWS,
    PARSES,
    PRODUCES,
    FileApi,
    fillers,
    initialiser,
    modifier_candidates,
    producer_candidates,
    serializers,
    subobject_getters,
)
from server.analysis.languages import infer_language
from server.analysis.observing import api_observers
from server.analysis.target import Params
from server.analysis.types import (
    Aggregate,
    CType,
    aggregate,
    params_of,
    pointee,
    printable,
    record_fields,
    same_type,
    spelled,
    struct_fields,
    type_class,
    type_key,
)
from server.candidates.by_type.observe import observer_lines
from server.candidates.by_type.values import STRINGS, Arg, Provider
from server.search.grammars import language_values

#: The providers of plain arguments (literals and local values), None when one has none.
Arguments = Callable[[Params], list[Provider] | None]


def producers(api: FileApi, t: CType, arguments: Arguments) -> list[tuple[str, list[Provider]]]:
    """Functions of the file that return ``t`` from arguments written as literals, preferred
    names first, at most 4.
    """
    out = []
    for name, params in producer_candidates(api, t):
        provs = arguments(params)
        if provs is not None:
            out.append((name, provs))
    out.sort(key=lambda p: (not PRODUCES.search(p[0]), len(p[1]) == 0, len(p[1])))
    return out[:4]


def modifiers(
    api: FileApi, t: CType, arguments: Arguments
) -> list[tuple[str, bool, list[Provider]]]:
    """``(name, returns the handle, providers for the other arguments)``: functions that take
    the value first and change it (``sdscat(s, "x")``, ``list_push(l, 3)``), at most 4.
    """
    out = []
    for name, returns_it, params in modifier_candidates(api, t):
        provs = arguments(params)
        if provs is not None:
            out.append((name, returns_it, provs))
    out.sort(key=lambda m: (not GROWS.search(m[0]), not m[1]))
    return out[:4]


def _call_args(provs: list[Provider], k: int, tag: str) -> tuple[list[str], list[str]]:
    setup, args = [], []
    for j, p in enumerate(provs):
        a = p.make(k % max(p.count, 1), f"{tag}{'pqrstuvw'[j % 8]}")
        setup += a.setup
        args.append(a.expr)
    return setup, args


def declare(spelling: str, var: str, value: str, language: str) -> list[str]:
    """``T var = value;`` (C: declaration and assignment apart: clang-repl's C mode wants a
    constant initialiser at file scope).

    >>> declare("sds", "h0", 'sdsnew("a")', "c")
    ['sds h0;', 'h0 = sdsnew("a");']
    """
    sep = "" if spelling.endswith("*") else " "
    if language == "c":
        return [f"{spelling}{sep}{var};", f"{var} = {value};"]
    return [f"{spelling}{sep}{var} = {value};"]


def api_provider(
    api: FileApi, t: CType, language: str, mutable: bool, depth: int, arguments: Arguments
) -> tuple[Provider, int] | None:
    """Values of ``t`` made by the file's own producers (every other one changed once by a
    modifier, every fourth a part of the value made, taken by a getter of the API:
    ``fileapi.subobject_getters``), shown after the call through the API
    (``server.analysis.observing``: serializers, printers, queries asked with the producer's
    arguments, readers), then its fields; None at depth > 0 or without producers.
    """
    if depth > 0:
        return None
    made = producers(api, t, arguments)
    if not made:
        return None
    # A getter of a part (``cJSON_GetArrayItem(h, 0)``) changes nothing: its result, a
    # sub-object the API made, is a value of its own (Randoop's reuse of returned values).
    parts = subobject_getters(api, t, language)[:2]
    changes = [m for m in modifiers(api, t, arguments) if m[0] not in {n for n, _ in parts}]
    spelling = spelled(t)
    # Nothing to read after a free; a target that returns the value it was given (``s =
    # sdscat(s, "x")``) may have moved it: its result is printed instead of the old variable.
    returns_it = api.target_result is not None and same_type(api.target_result, t)
    mutable = mutable and not DESTROYS.search(api.target) and not returns_it
    seen = api_observers(api, t, language)
    fields = [] if printable(t, language) else record_fields(t, language)

    def make(k: int, tag: str) -> Arg:
        var = f"h{tag}"
        name, provs = made[k % len(made)]
        setup, args = _call_args(provs, k // len(made), tag)
        lines = setup + declare(spelling, var, f"{name}({', '.join(args)})", language)
        part = bool(parts) and k % 4 == 2
        # Every other value is changed once after it is made, as is one a part is taken of.
        if changes and (k % 2 == 1 or part):
            mname, returns_it, mprovs = changes[(k // 2) % len(changes)]
            msetup, margs = _call_args(mprovs, k // 2, f"{tag}m")
            call = f"{mname}({', '.join([var, *margs])})"
            lines += msetup + [f"{var} = {call};" if returns_it else f"{call};"]
            args += margs
        if part:  # every fourth value is a part of the value made
            gname, gparams = parts[(k // 4) % len(parts)]
            sub = f"{var}p"
            lines += declare(spelling, sub, f"{gname}({var}{', 0' * len(gparams)})", language)
            var = sub
        # What the target did to the value, through the API first (its serializer, printer,
        # a query asked with what the value was built from, its readers), then raw fields.
        shown = [var] if printable(t, language) else []
        shown += observer_lines(seen, var, args, tag)
        shown += [f"{var}->{f}" for f in fields]
        return Arg(lines, var, shown if mutable else [])

    count = max(2 * len(made), 4 if changes or parts else 2)
    return Provider(make, count, "api"), 1


FALLBACK_VALUES = 8  # texts in a parameter's input language, before the others


def language_texts(api: FileApi, name: str, depth: int = 0) -> list[str]:
    """Texts (C literals) in the input language of the parameter ``name``: at ``depth`` 0 the
    target's own (``FileApi.languages``: from its name, its function's, its documentation and
    body), deeper (a producer's or constructor's argument) read from its name and the prefix
    of the target's name, its library's (``json_object_get``: a producer's ``text`` is JSON;
    ``version_number``: a parser's ``text`` is no number); the first two of
    ``server.search.grammars.language_values``, the empty text, the others. [] without one.
    """
    prefix = api.target.split("_")[0] if "_" in api.target else ""
    fact = api.language_of(name) if depth == 0 else infer_language(name, prefix)
    if fact is None:
        return []
    own = language_values(fact.language, FALLBACK_VALUES)
    return list(dict.fromkeys([*own[:2], '""', *own[2:]]))


def texts_for(api: FileApi, name: str, depth: int = 0) -> list[str]:
    """String arguments to try: texts in the parameter's input language (``language_texts``)
    and the inputs in the formats the file reads (``FileApi.texts``: paths, URLs, version
    numbers... told by cues in the file and its headers) taken in turn, one of each, so that
    neither pushes the other out of the first values a caller tries (a path library's own
    ``"C:\\a\\b"`` beside the path grammar's seeds); then the usual short strings.
    """
    own = language_texts(api, name, depth)
    read = list(api.texts)
    turns = [t for pair in zip_longest(own, read) for t in pair if t is not None]
    return list(dict.fromkeys([*turns, *STRINGS]))


def struct_array_provider(agg: Aggregate) -> Provider:
    """A pointer to a struct followed by a count: an array the function fills (``tokens, n``),
    zero-initialised, then its first elements' fields are printed.
    """
    sizes = [8, 2, 8]

    def make(k: int, tag: str) -> Arg:
        var = f"arr{tag}"
        n = sizes[k % len(sizes)]
        after = [f"{var}[{i}].{f}" for i in range(min(n, 2)) for f, _ in agg.fields[:4]]
        return Arg([f"{agg.spelling} {var}[{n}] = {{0}};"], f"{var}, {n}", after)

    return Provider(make, len(sizes), "struct array+length")


def initialised_provider(api: FileApi, t: CType, language: str, depth: int) -> Provider | None:
    """A struct the file initialises with a function of its own (``jsmn_init(&p)``,
    ``list_init(&l)``) is made that way rather than from a literal; after the call it is shown
    through the API (``server.analysis.observing``), then its fields.
    """
    if depth > 0:
        return None
    name = initialiser(api, t)
    if name is None:
        return None
    spelling = spelled(t)
    agg = aggregate(t, language)
    fields = struct_fields(t, language) if agg is None else None  # a struct with arrays
    shown = tuple(n for n, _ in agg.fields) if agg is not None else ()
    shown = fields.fields if fields is not None else shown

    seen = api_observers(api, t, language)

    def make(k: int, tag: str) -> Arg:
        var = f"obj{tag}"
        after = observer_lines(seen, var, (), tag) + [f"{var}.{n}" for n in shown]
        return Arg([f"{spelling} {var};", f"{name}(&{var});"], f"&{var}", after)

    return Provider(make, 1, "initialised struct")


def filled_provider(
    api: FileApi,
    declared: CType,
    language: str,
    pointer: bool,
    mutable: bool,
    depth: int,
    arguments: Arguments,
) -> Provider | None:
    """A struct (``declared``, by value or through a pointer) that the file's own function fills
    from a text (``fileapi.fillers``): a zeroed local, then ``semver_parse("1.2.3", &v);`` with
    the file's format texts, passed as ``v`` or ``&v``; through a mutable pointer it is shown
    after the call through the API (``server.analysis.observing``), then its printable fields.
    None at depth > 0 or without such a function.
    """
    if depth > 0:
        return None
    fill = None
    for name, params in fillers(api, declared):
        at = next(
            i
            for i, (_, pt) in enumerate(params)
            if type_class(pt) == "POINTER"
            and pointee(pt)[1]
            and type_key(pointee(pt)[0])[1] == type_key(declared)[1]
        )
        provs = arguments(params[:at] + params[at + 1 :])
        if provs is not None:
            fill = (name, at, provs)
            break
    if fill is None:
        return None
    name, at, provs = fill
    shown = struct_fields(declared, language, 6)
    seen = api_observers(api, declared, language)
    zeroed = " = {0}" if language == "c" else "{}"
    spelling = spelled(declared)

    def make(k: int, tag: str) -> Arg:
        var = f"obj{tag}"
        setup, args = _call_args(provs, k, tag)
        args.insert(at, f"&{var}")
        lines = [*setup, f"{spelling} {var}{zeroed};", f"{name}({', '.join(args)});"]
        after: list[str] = []
        if pointer and mutable:
            after = observer_lines(seen, var, args, tag)
            after += [f"{var}.{f}" for f in shown.fields] if shown else []
        return Arg(lines, ("&" if pointer else "") + var, after)

    return Provider(make, max([p.count for p in provs], default=1), "filled struct")


#: A provider of the value a serializer writes out (its first argument), or None.
ValueOf = Callable[[Params], Provider | None]


def serialized_provider(api: FileApi, language: str, value_of: ValueOf) -> Provider | None:
    """Texts the API itself writes, for a text parameter of a function that reads them back
    (Randoop's feedback: a value the API returns is an argument of a later call): a value made
    for one of the file's serializers (``fileapi.serializers``), then ``const char *txt =
    point_to_text(&obj);`` and ``txt`` (the text, printed), passed on. The serializer is one of
    a struct the target also takes (``point_from_text(struct point *, const char *)``: a round
    trip), else, for a target named as a parser (``PARSES``), any. None otherwise.
    """
    target = next((f for f in api.functions if f.spelling == api.target), None)
    if target is None:
        return None
    structs = [
        pt
        for _, pt in params_of(target)
        if type_class(pt) == "POINTER" and type_class(pointee(pt)[0]) == "RECORD"
    ]
    if structs:
        found = serializers(api, structs[0], language)
    else:
        found = serializers(api, None, language) if PARSES.search(api.target) else []
    made = ((name, params, value_of(params[:1])) for name, params in found)
    usable = next(((n, ps, v) for n, ps, v in made if v is not None), None)
    if usable is None:
        return None
    name, params, value = usable
    rest = ", 0" * (len(params) - 1)

    def make(k: int, tag: str) -> Arg:
        a = value.make(k, f"{tag}s")
        var = f"txt{tag}"
        written = declare("const char *", var, f"{name}({a.expr}{rest})", language)
        return Arg([*a.setup, *written, var], var, [])

    return Provider(make, 2, "serialized text")


def interleaved(written: Provider, texts: Provider) -> Provider:
    """The first of ``texts``, then every value of ``written``, then the rest of ``texts``."""
    order = [(texts, 0), *((written, k) for k in range(written.count))]
    order += [(texts, k) for k in range(1, texts.count)]

    def make(k: int, tag: str) -> Arg:
        p, j = order[k % len(order)]
        return p.make(j, tag)

    return Provider(make, len(order), texts.label)
