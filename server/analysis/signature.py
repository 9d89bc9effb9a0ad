"""The signature facts of a function: its parameters and result as spelled, how it is called,
its class (text, public constructors, default construction), the definitions of the types it uses
that live in this file, the file's ``#include`` lines and existing cdoctest blocks (style
examples). Read from the cursors ``server.analysis.locate`` kept; plain data out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cdoctest_runner import clang
from cdoctest_runner.example import Declaration, Language
from cdoctest_runner.flags import INCLUDE_LINE
from server.analysis.locate import Located, SourceFile, extent_text, strip_decoration

_TYPE_DECLS = {
    "STRUCT_DECL",
    "CLASS_DECL",
    "UNION_DECL",
    "ENUM_DECL",
    "TYPEDEF_DECL",
    "TYPE_ALIAS_DECL",
    "CLASS_TEMPLATE",
}


@dataclass(frozen=True)
class Parameter:
    """One parameter: its spelled type and name (name may be '')."""

    type: str
    name: str


@dataclass(frozen=True)
class Signature:
    """What the function's declaration, its class and its file say about calling it."""

    declaration: Declaration
    language: Language
    source: str  # the function's own text
    call_name: str  # how to call it at global scope: 'shop::discounted' (free) or 'add' (method)
    return_type: str
    parameters: tuple[Parameter, ...]
    is_method: bool = False
    is_static: bool = False
    is_const: bool = False
    class_name: str = ""  # qualified, e.g. 'shop::Bin'
    class_text: str = ""
    constructors: tuple[str, ...] = ()  # public constructor signatures of the class
    constructor_params: tuple[tuple[str, ...], ...] = ()  # their parameter types, same order
    default_constructible: bool = False
    types: tuple[str, ...] = ()  # definitions of types used (text from this file)
    includes: tuple[str, ...] = ()
    style_blocks: tuple[str, ...] = ()  # existing cdoctest blocks, undecorated


def read_signature(source: SourceFile, target: Located) -> Signature:
    """The signature facts of ``target``, read from ``source``'s cursors (which must be its)."""
    data = source.text.encode("utf-8", errors="surrogateescape")
    c = target.cursor
    decl = target.declaration
    params = tuple(Parameter(p.type.spelling, p.spelling) for p in clang.parameters(c))
    try:
        return_type = c.result_type.spelling if decl.kind != "constructor" else ""
    except Exception:  # noqa: BLE001 - libclang raises plain errors on odd cursors
        return_type = ""
    parent = target.parent_cursor
    is_method = parent is not None
    class_name = clang.qualified_name(parent) if parent is not None else ""
    class_text = ""
    ctors: list[str] = []
    ctor_params: list[tuple[str, ...]] = []
    default_ctor = False
    if parent is not None:
        definition = parent.get_definition() or parent
        in_file = clang.in_file(definition, source.path)
        class_text = extent_text(definition, data) if in_file else ""
        for ch in clang.public_constructors(definition):
            ps = clang.parameters(ch)
            args = ", ".join(f"{p.type.spelling} {p.spelling}".strip() for p in ps)
            ctors.append(f"{class_name}({args})")
            ctor_params.append(tuple(p.type.spelling for p in ps))
        default_ctor = clang.default_constructible(definition)
    is_static = bool(c.is_static_method())  # libclang answers False for a non-method
    is_const = bool(c.is_const_method())
    call_name = decl.qualname if not is_method or is_static else decl.name
    includes = tuple(m.group(0).strip() for m in INCLUDE_LINE.finditer(source.text))
    style = tuple(
        _undecorate(f.block.text)
        for f in source.functions
        if f.block is not None and f.block.has_prompts and not f.block.generated and f is not target
    )
    return Signature(
        declaration=decl,
        language=source.language,
        source=extent_text(c, data),
        call_name=call_name,
        return_type=return_type,
        parameters=params,
        is_method=is_method,
        is_static=is_static,
        is_const=is_const,
        class_name=class_name,
        class_text=class_text,
        constructors=tuple(ctors),
        constructor_params=tuple(ctor_params),
        default_constructible=default_ctor,
        types=_used_types(c, source, data, exclude=parent),
        includes=includes,
        style_blocks=style,
    )


def _used_types(c: Any, source: SourceFile, data: bytes, exclude: Any) -> tuple[str, ...]:
    """Definitions (from this file) of the types the function's signature and body mention."""
    seen: dict[str, str] = {}
    skip = exclude.get_usr() if exclude is not None else None

    def add(ref: Any, depth: int) -> None:
        if ref is None or ref.kind.name not in _TYPE_DECLS:
            return
        d = ref.get_definition() or ref
        usr = d.get_usr()
        if not usr or usr == skip or usr in seen or not clang.in_file(d, source.path):
            return
        seen[usr] = extent_text(d, data).rstrip() + ";"
        if depth < 2:  # one level of nesting: a struct holding another struct
            for ch in d.walk_preorder():
                if ch.kind.name == "TYPE_REF":
                    add(ch.referenced, depth + 1)

    for node in c.walk_preorder():
        if node.kind.name == "TYPE_REF":
            add(node.referenced, 0)
    return tuple(seen.values())


def _undecorate(comment: str) -> str:
    """The comment's non-empty lines without their decoration (``locate.strip_decoration``)."""
    return "\n".join(s for s in map(strip_decoration, comment.splitlines()) if s)
