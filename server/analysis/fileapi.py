"""The file's API around the function under test: the functions the file defines (read once per
translation unit), which of them make, change, read, initialise or print a value of a given type
(producers, modifiers, observers, initialisers, ``operator<<``), and the words in their names
that say so. Names and type handles (``CType``) in, names and handles out; which producers are
usable is the fallback's choice (it needs arguments for them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.analysis.languages import LanguageFact
from server.analysis.state import ModuleState, module_state, shrinks, statics_of, writes_statics
from server.analysis.target import Params
from server.analysis.types import (
    CType,
    canonical,
    ctype,
    is_text,
    params_of,
    pointee,
    same_type,
    scalar,
    strip_const,
    type_class,
    type_key,
)

#: Names of functions that end a value's life: never called as producer, observer or modifier.
DESTROYS = re.compile(r"(?i)free|destroy|release|delete|dispose|close|deinit|drop")

#: Names of functions that make a value (preferred producers).
PRODUCES = re.compile(r"(?i)new|create|make|parse|from|init|dup|load|alloc|build")

#: Names of functions that add to a value (preferred modifiers; containers are filled first).
GROWS = re.compile(r"(?i)cat|append|push|add|insert|put")

#: Names of functions that initialise a struct in place (``jsmn_init(&p)``).
INITS = re.compile(r"(?i)init|reset|clear|setup")

#: Names of readers that cannot throw on an empty object (``size()``, ``empty()``).
SIZES = re.compile(r"(?i)size|len|count|empty|capacity")

#: Names of functions that write a whole value out as a string (``json_dumps(h, 0)``).
SERIALIZES = re.compile(r"(?i)dump|serial|to_?str|to_?te?xt|stringify|print|format|encode")

#: Names of functions that read text into a value (a consumer of what a serializer writes).
PARSES = re.compile(r"(?i)parse|from|load|read|decode|scan|deserial|unmarshal")

#: Names of functions that return a part of a value (a sub-object to reuse).
SUBOBJECTS = re.compile(r"(?i)get|item|child|first|last|next|prev|find|lookup|at$|elem|member")

#: Names of functions that read a value (preferred observers).
OBSERVES = re.compile(r"(?i)len|size|count|length|get|is|has|str|type|value|cmp")


@dataclass(frozen=True)
class FileApi:
    """The file's own functions (not from system headers, one per name; with the project
    linked, also the ones its headers only declare) and the target's place.
    """

    functions: tuple[Any, ...]  # libclang cursors: read in server.analysis only
    target: str = ""  # the function under test: never its own producer/observer
    target_result: CType | None = None  # its result type (a modifier returns the handle it was
    # given)
    target_class: CType | None = None  # the class a constructor target builds (canonical type)
    texts: tuple[str, ...] = ()  # inputs in the formats the file reads (``format_texts``)
    shrinks: bool = False  # the target makes a state smaller (``state.shrinks``)
    # the file-scope state the target uses, when it shrinks or writes it (``state.module_state``)
    module: ModuleState = ModuleState()
    # the input languages of the target's text parameters, by name (``server.analysis.languages``)
    languages: tuple[tuple[str, LanguageFact], ...] = ()

    def language_of(self, param: str) -> LanguageFact | None:
        """The input language of the target's text parameter ``param`` (None: none known)."""
        return next((fact for name, fact in self.languages if name == param), None)


def file_api(cursor: Any, functions: tuple[Any, ...] | None = None, language: str = "c") -> FileApi:
    """The API of the file ``cursor`` (the function under test) is in; ``functions`` are the
    file's (``defined_functions``) when the caller has already read them.
    """
    tu = getattr(cursor, "translation_unit", None)
    if tu is None:
        return FileApi((), cursor.spelling)
    if functions is None:
        functions = defined_functions(tu)
    result = None if cursor.kind.name == "CONSTRUCTOR" else cursor.result_type
    parent = cursor.semantic_parent
    made = parent.type.get_canonical() if cursor.kind.name == "CONSTRUCTOR" and parent else None
    statics = statics_of(cursor) if cursor.is_definition() else frozenset()
    shrinking = shrinks(cursor, statics)
    # The readers of a file-scope state the target cuts (filled first) or writes (shown after).
    changes = shrinking or writes_statics(cursor, statics)
    module = module_state(cursor, functions, language) if changes and statics else None
    return FileApi(
        functions,
        cursor.spelling,
        ctype(result),
        ctype(made),
        format_texts(tu, functions),
        shrinking,
        module or ModuleState(),
    )


def defined_functions(tu: Any, linked: bool = False) -> tuple[Any, ...]:
    """The functions defined in the translation unit outside system headers, one per name;
    with ``linked`` (the project's other files are linked into the session, ``-p``/``--lib``)
    then also the ones only declared there (the project's API in its headers: ``json_dumps``
    declared in ``jansson.h``, defined in another file), variadic ones left out.
    """
    seen: dict[str, Any] = {}
    declared: dict[str, Any] = {}

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
                # Only what is defined here (or linked) can be called once the file is loaded.
                if c.location.is_in_system_header or c.spelling.startswith("__"):
                    continue
                if c.is_definition():
                    seen[c.spelling] = c
                elif linked and not c.type.is_function_variadic():
                    declared.setdefault(c.spelling, c)

    visit(tu.cursor)
    return tuple(seen.values()) + tuple(f for n, f in declared.items() if n not in seen)


#: Text formats a file may read, each a cue (a regular expression over the file's own text and
#: its headers': code and comments) and sample inputs in it (C string literals), plain first, then
#: the grammar's corners: empty parts, separators at the ends, optional parts present.
_FORMATS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(r"HTTP/1\."),  # HTTP/1.x messages
        (
            r'"GET / HTTP/1.1\r\n\r\n"',
            r'"GET /a?b=1 HTTP/1.0\r\nHost: example.com\r\nX-A: b \t\r\n\r\n"',
            r'"POST /x HTTP/1.1\r\nContent-Length: 0\r\n\r\n"',
            r'" / HTTP/1.1\r\n\r\n"',
            r'"GET / HTTP/1.1\r\n: v\r\n\r\n"',
            r'"GET / HTTP/1.1\r\nHost"',
        ),
    ),
    (
        re.compile(r"(?i)://[\s\S]*\burls?\b|\burls?\b[\s\S]*://"),  # URLs (not a licence's link)
        (
            '"http://example.com/a/b?x=1&y=2#top"',
            '"https://user:pw@host:8080/p"',
            '"http://user@host/"',
            '"ftp://host"',
            '"/a/b/c"',
            '"http://host:80?q"',
        ),
    ),
    (
        re.compile(r"\[section\]|name=value"),  # INI files
        (
            r'"[s]\na = 1\nb: 2\n"',
            r'"a = b ; c\n  ; comment\n[t]\nk=v\n"',
            r'"[x]\nk = v\n  more\n"',
            r'"a = ;c\n"',
            r'"\xEF\xBB\xBFk=v\n"',
            r'"a: b = c\n"',
        ),
    ),
    (
        re.compile(r"\bmajor\b[\s\S]*\bminor\b[\s\S]*\bpatch\b"),  # version numbers
        (
            '"1.2.3"',
            '"0.0.0"',
            '"1.2.3-alpha.1+build.5"',
            '"1.0.0"',
            '"2.10.0-rc.1"',
            '"1.2"',
            '" 1.2.3 "',
        ),
    ),
    (
        re.compile(r'"\.\."'),  # paths (the file names the parent directory)
        (
            '"/a/b/c"',
            '"a/./b/../c/"',
            '"/"',
            '"../a"',
            r'"C:\\a\\b"',
            r'"\\\\server\\share\\x"',
            '"/a//b/"',
        ),
    ),
    (
        re.compile(r"\bsqrt\b[\s\S]*\bpow\b|\bpow\b[\s\S]*\bsqrt\b"),  # expressions
        ('"1+2*3"', '"(1+2)*3 "', '"sqrt(16)"', '"2^3"', '"1,2+3"', '"-4/2"', '"1+"'),
    ),
)


def format_texts(tu: Any, functions: tuple[Any, ...]) -> tuple[str, ...]:
    """Inputs in the text formats the translation unit's main file reads (HTTP messages, URLs,
    INI files, version numbers, paths, expressions), told by cues in the text of that file and
    of the files that first declare its ``functions`` (its headers: code and comments): C string
    literals, at most 7 per format; ``()`` when no cue matches.
    """
    names = dict.fromkeys([tu.spelling])
    for f in functions:
        where = f.canonical.location.file
        if where is not None:
            names[where.name] = None
    text = ""
    for name in names:
        try:
            text += Path(name).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    out: list[str] = []
    for cue, samples in _FORMATS:
        if cue.search(text):
            out += samples
    return tuple(out)


def fillers(api: FileApi, t: CType) -> list[tuple[str, Params]]:
    """``(name, parameters)`` of the file's functions that fill a struct of type ``t`` from a
    text (``int semver_parse(const char *str, semver_t *ver)``, ``yuarel_parse(&url, text)``):
    one parameter a pointer to ``t``, another a character pointer; names that say parse, make
    or init first.
    """
    want = strip_const(canonical(t).spelling)
    out = []
    for f in api.functions:
        params = params_of(f)
        if f.spelling == api.target or DESTROYS.search(f.spelling) or len(params) < 2:
            continue
        into = [
            pt
            for _, pt in params
            if type_class(pt) == "POINTER"
            and pointee(pt)[1]
            and strip_const(pointee(pt)[0].spelling) == want
        ]
        if len(into) == 1 and any(is_text(pt) for _, pt in params):
            out.append((not PRODUCES.search(f.spelling), len(params), f.spelling, tuple(params)))
    out.sort(key=lambda f: f[:2])
    return [(name, params) for _, _, name, params in out]


def returned_class(api: FileApi, class_name: str) -> CType | None:
    """The first class type, named ``class_name`` (canonical spelling), that one of the file's
    functions returns by value; None when none does.
    """
    for f in api.functions:
        r = CType(f.result_type)
        if type_class(r) == "RECORD" and type_key(r)[1] == class_name:
            return r
    return None


def producer_candidates(api: FileApi, t: CType) -> list[tuple[str, Params]]:
    """``(name, parameters)`` of the file's functions that return ``t`` without taking one."""
    out = []
    for f in api.functions:
        if f.spelling == api.target or not same_type(CType(f.result_type), t):
            continue
        params = params_of(f)
        if any(same_type(pt, t) for _, pt in params):
            continue  # it needs a value of the type to make one: a modifier, not a producer
        out.append((f.spelling, tuple(params)))
    return out


def modifier_candidates(api: FileApi, t: CType) -> list[tuple[str, bool, Params]]:
    """``(name, returns the value, the other parameters)`` of the file's functions that take
    ``t`` first and change it (``sdscat(s, "x")``, ``list_push(l, 3)``), returning it or nothing.
    """
    out = []
    for f in api.functions:
        params = params_of(f)
        if f.spelling == api.target or not params or DESTROYS.search(f.spelling):
            continue
        if not same_type(params[0][1], t):
            continue
        r = CType(f.result_type)
        returns_it = same_type(r, t)
        if not returns_it and type_class(r) != "VOID":
            continue
        out.append((f.spelling, returns_it, tuple(params[1:])))
    return out


#: Names of functions that add to an object (an adder called before a shrinking call).
ADDS = re.compile(r"(?i)cat|append|push|add|insert|put|set|enqueue")


def adder_candidates(api: FileApi, t: CType) -> list[tuple[str, bool, Params]]:
    """``(name, returns the object, the other parameters)`` of the file's functions that take
    the object ``t`` (a pointer, the same type or a pointer to the same struct) first and an
    item after it, and add it (``int stack_push(struct stack *s, int v)``: another result is
    left unused; ``list *list_push(list *l, int v)`` returns the object), names that say push,
    add, append first; the target and destroyers left out.
    """
    pointer = type_class(t) == "POINTER"
    want = type_key(pointee(t)[0])[1] if pointer and type_class(pointee(t)[0]) == "RECORD" else ""
    if not want and type_key(t)[0] == type_key(t)[1]:
        return []  # neither a struct nor a handle spelled through a typedef (``sds``)
    out = []
    for f in api.functions:
        params = params_of(f)
        name = f.spelling
        if name == api.target or len(params) < 2 or DESTROYS.search(name):
            continue  # an item to add is passed after the object (``json_object_put(o)`` adds none)
        if not ADDS.search(name):
            continue
        first = params[0][1]
        same = same_type(first, t) or (
            bool(want)
            and type_class(first) == "POINTER"
            and pointee(first)[1]
            and type_key(pointee(first)[0])[1] == want
        )
        if not same:
            continue
        returns = same_type(CType(f.result_type), t) and _returns_first(f)
        if returns is None:
            continue  # it returns an object, maybe another (a new item): unknown without a body
        out.append((not GROWS.search(name), len(params), name, returns, tuple(params[1:])))
    out.sort(key=lambda a: a[:2])
    return [(name, returns, params) for _, _, name, returns, params in out]


def serializers(api: FileApi, t: CType | None, language: str) -> list[tuple[str, Params]]:
    """``(name, parameters)`` of the file's functions that write a value as text
    (``char *point_to_text(const struct point *p)``, ``cJSON_Print(item)``): a name that says
    so (``SERIALIZES``), a character pointer returned, a pointer (a struct or a handle) first and
    scalars after it (given 0); with ``t``, only those that read a ``t`` (the same struct).
    """
    out = []
    for f in api.functions:
        params = params_of(f)
        if f.spelling == api.target or not params or not SERIALIZES.search(f.spelling):
            continue
        first = params[0][1]
        if not is_text(CType(f.result_type)) or type_class(first) != "POINTER" or is_text(first):
            continue
        if not all(scalar(canonical(pt), language) for _, pt in params[1:]):
            continue
        if t is not None and type_key(pointee(first)[0])[1] != type_key(pointee(t)[0])[1]:
            continue
        out.append((f.spelling, tuple(params)))
    return out


def subobject_getters(api: FileApi, t: CType, language: str) -> list[tuple[str, Params]]:
    """``(name, the other parameters)`` of the file's functions that return a part of a value
    of ``t`` as another ``t`` (``cJSON_GetArrayItem(array, 0)``, ``node_first_child(n)``): ``t``
    first and returned, a name that says get, item, child, first, next, find...; the other
    parameters scalars (given 0: the first part).
    """
    out = []
    for f in api.functions:
        params = params_of(f)
        if f.spelling == api.target or not params or not SUBOBJECTS.search(f.spelling):
            continue
        if DESTROYS.search(f.spelling) or GROWS.search(f.spelling):
            continue
        if not same_type(params[0][1], t) or not same_type(CType(f.result_type), t):
            continue
        if all(scalar(canonical(pt), language) for _, pt in params[1:]):
            out.append((f.spelling, tuple(params[1:])))
    return out


def _returns_first(f: Any) -> bool | None:
    """Whether the function at ``f`` may return its first parameter (a ``return`` that names
    it: ``return n;``, ``return sdscatlen(s, t, len);``), so a call must assign its result
    back (``s = sdscat(s, "x")``); not when it returns something else (the new item an "add to
    object" call makes). None without a body to read.
    """
    toks = [t.spelling for t in f.get_tokens()]
    args = list(f.get_arguments())
    if "{" not in toks or not args:
        return None
    body = toks[toks.index("{") :]
    first = args[0].spelling
    for i, tok in enumerate(body):
        if tok == "return":
            end = body.index(";", i) if ";" in body[i:] else len(body)
            if first in body[i + 1 : end]:
                return True
    return False


def initialiser(api: FileApi, t: CType) -> str | None:
    """The file's function that initialises a struct of type ``t`` in place
    (``void list_init(list *l)``), by name; None when there is none.
    """
    for f in api.functions:
        params = params_of(f)
        if f.spelling == api.target or len(params) != 1 or not INITS.search(f.spelling):
            continue
        pt = params[0][1]
        if type_class(pt) != "POINTER" or type_class(CType(f.result_type)) != "VOID":
            continue
        if strip_const(pointee(pt)[0].spelling) != strip_const(canonical(t).spelling):
            continue
        return str(f.spelling)
    return None


def streamable(api: FileApi, r: CType | None, language: str) -> bool:
    """Whether the file has an ``operator<<(std::ostream &, R)`` for the class type ``r``."""
    if r is None or language == "c" or r.clang.kind.name != "RECORD":
        return False
    spelling = strip_const(r.spelling)
    for f in api.functions:
        params = params_of(f)
        if f.spelling == "operator<<" and len(params) == 2 and "ostream" in params[0][1].spelling:
            other = canonical(params[1][1])
            if type_class(other) == "LVALUEREFERENCE":
                other = pointee(other)[0]
            if strip_const(other.spelling) == spelling:
                return True
    return False


def declaration_text(api: FileApi, name: str) -> str:
    """How the file declares its function ``name``: ``'sds sdsnew(const char * init)'``."""
    f = next(f for f in api.functions if f.spelling == name)
    args = ", ".join(f"{a.type.spelling} {a.spelling}".strip() for a in f.get_arguments())
    return f"{f.result_type.spelling} {f.spelling}({args})"
