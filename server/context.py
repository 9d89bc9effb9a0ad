"""Context: what the model, the fallback and the input search need to know about one target.

``function_context(source, target) -> FunctionContext`` gathers, from the libclang cursors kept by
``server.locate``: the function's signature and text, the enclosing namespace/class and how to
construct the object for a method (its public constructors), the definitions of the types the
function uses that live in this file, the file's ``#include`` lines, existing cdoctest blocks as
style examples, the comment above the function (``doc_comment``) and ``server.analysis``'s facts
(``analysis``: the function as called and its file's API, read once from the same translation
unit). ``FunctionContext.prompt_target`` is the ``models.prompt.PromptTarget`` the prompt is
built from. Pure reading; never runs anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cdoctest_runner import clang
from cdoctest_runner.example import Declaration, Language
from cdoctest_runner.flags import INCLUDE_LINE
from models.prompt import PromptTarget
from server.analysis import Analysis, analyse
from server.analysis.doc import doc_comment
from server.analysis.kinds import sample_value
from server.fallback import api_notes
from server.locate import Located, SourceFile, extent_text, strip_decoration

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
class FunctionContext:
    """Everything known about one target: plain data, and ``analysis`` (libclang types inside,
    read only through ``server.analysis``; None when libclang could not read the function).
    """

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
    api: tuple[str, ...] = ()  # '// make a sds with: ...' lines (server.fallback.api_notes)
    doc_comment: str = ""  # the comment just above the function (server.analysis.doc)
    analysis: Analysis | None = None

    @property
    def call_hint(self) -> str:
        """One or two comment lines telling the model how to call the target."""
        args = ", ".join(sample_value(p.type) for p in self.parameters)
        if self.is_method and self.declaration.kind == "constructor":
            return f"// construct it, e.g.: {self.class_name} obj({args});"
        if self.is_method and not self.is_static:
            return (
                f"// make an object first, e.g.: {self.object_setup}\n"
                f"// then call obj.{self.declaration.name}({args})"
            )
        return f"// call it as, e.g.: {self.call_name}({args})"

    @property
    def object_setup(self) -> str:
        """How a test makes the object a method is called on (``'shop::Bin obj(3);'``)."""
        if self.default_constructible or not self.constructors:
            return f"{self.class_name} obj;"
        args = ", ".join(sample_value(t) for t in self.constructor_params[0])
        return f"{self.class_name} obj({args});"

    @property
    def prompt_target(self) -> PromptTarget:
        """The prompt's view of the target: context lines, style examples, the call to test."""
        parts = [*self.includes]
        parts += list(self.types)
        if self.class_text and self.class_text not in self.types:
            parts.append(self.class_text)
        parts += list(self.api)
        parts.append(self.call_hint)
        setup, call = self.call_shape
        return PromptTarget(
            name=self.declaration.name,
            qualname=self.declaration.qualname,
            signature=self.declaration.signature,
            source=self.source,
            language=self.language,
            context="\n".join(p for p in parts if p),
            examples_style="\n\n".join(self.style_blocks[:2]),
            setup=setup,
            call=call,
        )

    @property
    def call_shape(self) -> tuple[str, str]:
        """``(setup, call)`` for the prompt's request line (see ``models.prompt.request_line``)."""
        name = self.declaration.name
        dots = "(...)" if self.parameters else "()"
        if self.is_method and self.declaration.kind == "constructor":
            return "", f"{self.class_name} obj{dots};"
        if self.is_method and not self.is_static:
            return self.object_setup, f"obj.{name}{dots}"
        return "", f"{self.call_name}{dots}" if self.call_name != name else ""


def function_context(source: SourceFile, target: Located) -> FunctionContext:
    """Collect the context of ``target`` from ``source`` (its cursors must come from ``source``)."""
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
    analysis = _analysis(source, target, call_name, class_name, default_ctor)
    style = tuple(
        _undecorate(f.block.text)
        for f in source.functions
        if f.block is not None and f.block.has_prompts and not f.block.generated and f is not target
    )
    return FunctionContext(
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
        api=_api_notes(analysis),
        doc_comment=doc_comment(source.text, target.start_line),
        analysis=analysis,
    )


def _analysis(
    source: SourceFile,
    target: Located,
    call_name: str,
    class_name: str,
    default_constructible: bool | None,
) -> Analysis | None:
    """``server.analysis``'s facts, with this context's call name, class and construction; None
    when libclang cannot read the function (the fallback then has nothing to build from).
    """
    try:
        return analyse(
            source,
            target,
            call_name=call_name,
            class_name=class_name,
            default_constructible=default_constructible,
        )
    except Exception:  # noqa: BLE001 - libclang raises plain errors on odd cursors
        return None


def _api_notes(analysis: Analysis | None) -> tuple[str, ...]:
    """How the file makes and reads the function's handle-typed arguments (fallback's analysis)."""
    if analysis is None:
        return ()
    try:
        return tuple(api_notes(analysis))
    except Exception:  # noqa: BLE001 - a hint for the prompt: never worth failing the context
        return ()


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
