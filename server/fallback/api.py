"""API-aware values of the fallback: the translation unit's own producers (functions returning a
handle type), modifiers and observers (functions taking it and returning something printable),
the structs a file initialises with its own init function, JSON texts for parsers, and
``api_notes``, the same facts as lines for the model's prompt.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from server.fallback.values import (
    _STRINGS,
    _Aggregate,
    _aggregate,
    _Arg,
    _definition,
    _Provider,
    _scalar,
    _strip_const,
)


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
    from server.fallback.providers import _providers  # providers use this module's makers

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
