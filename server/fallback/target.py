"""The function under test as the fallback sees it (``_Target``: name, how to call it, its
parameter and result types, its class's constructor, getters and state-changing methods), read
from the function's libclang cursor; and finding that cursor when the caller has none (the file
text or the pipeline's ``FunctionContext`` parsed through ``cdoctest_runner.clang``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cdoctest_runner.clang import (
    buffer_path,
    constructors,
    parse,
    public_constructors,
    public_methods,
    qualified_name,
)
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import Declaration

if TYPE_CHECKING:  # pragma: no cover
    from server.context import FunctionContext

from server.fallback.values import FallbackError, _getters, _mined_chars, _mined_ints


@dataclass
class _Target:
    name: str
    call_name: str
    language: str
    kind: str  # cursor kind name
    params: list[tuple[str, Any]]
    result: Any  # canonical libclang type, None for constructors
    class_name: str = ""
    is_method: bool = False
    is_static: bool = False
    is_const: bool = False
    default_constructible: bool = True
    mined: list[int | str] = field(default_factory=list)  # boundary ints and chars from the body
    ctor_params: list[tuple[str, Any]] | None = None  # public constructor when no default one
    getters: list[str] = field(default_factory=list)  # const no-argument methods printing a scalar
    mutators: list[tuple[str, list[tuple[str, Any]]]] = field(default_factory=list)  # set up state
    result_type_declared: Any = None  # the result type as spelled (typedef names kept)
    templates: list[_Target] = field(default_factory=list)  # a template's instances to try
    const_overload: bool = False  # a const method with a non-const twin: call it on a const


def _target_from_cursor(cursor: Any, language: str, context: Any = None) -> _Target:
    params = (
        [(a.spelling, a.type) for a in cursor.get_arguments()]
        if cursor.kind.name != "FUNCTION_TEMPLATE"
        else [(p.spelling, p.type) for p in cursor.get_children() if p.kind.name == "PARM_DECL"]
    )
    parent = cursor.semantic_parent
    is_method = parent is not None and parent.kind.name in (
        "CLASS_DECL",
        "STRUCT_DECL",
        "CLASS_TEMPLATE",
        "UNION_DECL",
    )
    class_name = qualified_name(parent) if is_method else ""
    default_ctor = True
    ctor_params: list[tuple[str, Any]] | None = None
    getters: list[str] = []
    mutators: list[tuple[str, list[tuple[str, Any]]]] = []
    if is_method:
        parent = parent.get_definition() or parent
        getters = _getters(parent, language, skip=cursor.spelling)
        mutators = [
            (m.spelling, [(a.spelling, a.type) for a in m.get_arguments()])
            for m in public_methods(parent)
            if m.spelling != cursor.spelling
            and not m.is_const_method()
            and not m.is_static_method()
        ]
        public = public_constructors(parent)
        if any(
            not (c.is_copy_constructor() or c.is_move_constructor()) for c in constructors(parent)
        ):
            # Not ``default_constructible``: a constructor whose parameters all have defaults
            # (``Int128(long64 lo = 0)``) still gives objects that start from varied values.
            default_ctor = any(not list(c.get_arguments()) for c in public)
        if not default_ctor and public:
            ctor_params = [(a.spelling, a.type) for a in public[0].get_arguments()]
    is_static = bool(cursor.is_static_method()) if is_method else False
    call_name = qualified_name(cursor) if (not is_method or is_static) else cursor.spelling
    if context is not None:  # the pipeline's own reading wins where it has one
        call_name = getattr(context, "call_name", "") or call_name
        class_name = getattr(context, "class_name", "") or class_name
        if is_method:
            default_ctor = bool(getattr(context, "default_constructible", default_ctor))
    result = None if cursor.kind.name == "CONSTRUCTOR" else cursor.result_type.get_canonical()
    return _Target(
        name=cursor.spelling,
        call_name=call_name,
        language=language,
        kind=cursor.kind.name,
        params=params,
        result=result,
        class_name=class_name,
        is_method=is_method,
        is_static=is_static,
        is_const=bool(cursor.is_const_method()) if is_method else False,
        default_constructible=default_ctor,
        mined=[*_mined_ints(cursor), *_mined_chars(cursor)],
        ctor_params=ctor_params,
        getters=getters,
        mutators=mutators,
        result_type_declared=None if result is None else cursor.result_type,
        const_overload=is_method
        and bool(cursor.is_const_method())
        and any(
            m.spelling == cursor.spelling and not m.is_const_method()
            for m in public_methods(parent)
        ),
    )


def _parse(text: str, path: str | None, language: str, flags: Sequence[str]) -> tuple[Any, str]:
    """Parse ``text`` as ``path`` (or a scratch name) with ``cdoctest_runner.clang``'s set-up."""
    filename = buffer_path(path, language, "cdoctest_fallback")
    try:
        return parse(filename, text, language, flags), filename
    except SourceParseError as exc:
        raise FallbackError(str(exc)) from exc


_FUNCTION_KINDS = {
    "FUNCTION_DECL",
    "CXX_METHOD",
    "CONSTRUCTOR",
    "FUNCTION_TEMPLATE",
    "CONVERSION_FUNCTION",
}


def _find(tu: Any, filename: str, function: Declaration, match_line: bool) -> Any:
    best = None
    for c in tu.cursor.walk_preorder():
        if c.kind.name not in _FUNCTION_KINDS or c.spelling != function.name:
            continue
        if c.location.file is None or os.path.abspath(c.location.file.name) != filename:
            continue
        if match_line and c.extent.start.line <= function.line <= c.extent.end.line:
            return c
        if best is None or (c.is_definition() and not best.is_definition()):
            best = c
    if best is None:
        raise FallbackError(f"function {function.qualname or function.name!r} not found")
    return best


def _mini_source(context: FunctionContext) -> str:
    """Rebuild a small translation unit from the context: includes, types, class, function."""
    body: list[str] = list(context.types)
    if context.class_text and context.class_text not in body:
        body.append(context.class_text + ";")
    if not (context.class_text and context.source in context.class_text):
        body.append(context.source)
    q = context.class_name or context.declaration.qualname
    namespaces = q.split("::")[:-1] if context.class_name else q.split("::")[:-1]
    text = "\n".join(body)
    for ns in reversed(namespaces):
        text = f"namespace {ns} {{\n{text}\n}}"
    return "\n".join(list(context.includes) + [text]) + "\n"
