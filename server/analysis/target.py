"""The function under test as the generator calls it (``Target``), read from its libclang cursor;
and finding that cursor in a file text parsed on its own (``parse_text``, ``find_function``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.clang import buffer_path, parse, public_methods, qualified_name
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import Declaration
from server.analysis.kinds import ParamKind
from server.analysis.mining import token_boundaries, token_chars
from server.analysis.types import (
    CType,
    Record,
    constructor_params,
    dereferenced,
    getters,
    has_user_constructor,
    is_std,
    params_of,
    scalar,
    vector_element,
)


class AnalysisError(Exception):
    """libclang could not read the function (the text does not parse, the function is absent)."""


Params = tuple[tuple[str, CType], ...]  # (name, type) per parameter


@dataclass(frozen=True)
class Accessor:
    """A public const method of the class with its types as the class (or a class template's
    instance, its arguments substituted) spells them: ``const T & front() const`` on
    ``ring_buffer<int>`` returns a reference to a scalar, ``std::vector<T> to_vector() const``
    a vector of them, ``const T & at(size_t i) const`` takes one parameter.
    """

    name: str
    params: Params
    reference: bool  # the result is a reference (``const T &``)
    vector: bool  # the result is a ``std::vector`` of ``element``
    element: str  # the result's (or its vector's elements') reading: 'value' (a scalar other
    # than an enum), 'string' (``std::string``), '' (another type)


def read_accessor(name: str, result_type: CType, params: Params, language: str) -> Accessor:
    """The ``Accessor`` ``name`` from the types of its result and parameters (the method's own,
    or a probe declaration's, spelled with a class template instance's types).
    """
    declared = CType(result_type.clang.get_canonical())
    result = dereferenced(declared)
    vector = language != "c" and is_std(result, "vector")
    element_type = (vector_element(result) or result) if vector else result
    s = scalar(element_type, language)
    if s is not None:
        element = "value" if s.kind is not ParamKind.ENUM else ""
    else:
        element = "string" if language != "c" and is_std(element_type, "basic_string") else ""
    return Accessor(
        name=name,
        params=params,
        reference=result is not declared,
        vector=vector,
        element=element,
    )


@dataclass(frozen=True)
class Target:
    """The function under test: how it is called, its parameter and result types (``CType``
    handles, read through ``server.analysis.types``), its class's constructor, getters and
    state-changing methods, and the constants its body compares with.
    """

    name: str
    call_name: str
    language: str
    kind: str  # cursor kind name: 'FUNCTION_DECL', 'CXX_METHOD', 'CONSTRUCTOR', ...
    params: Params
    result: CType | None  # canonical, None for constructors
    class_name: str = ""
    is_method: bool = False
    is_static: bool = False
    is_const: bool = False
    default_constructible: bool = True
    mined: tuple[int | str, ...] = ()  # boundary ints and chars from the body (mining.token_*)
    ctor_params: Params | None = None  # public constructor when no default one
    getters: tuple[str, ...] = ()  # const no-argument methods printing a scalar
    mutators: tuple[tuple[str, Params], ...] = ()  # public methods that set up state
    result_type_declared: CType | None = None  # the result type as spelled (typedef names kept)
    templates: tuple[Target, ...] = ()  # a template's instances to try
    const_overload: bool = False  # a const method with a non-const twin: call it on a const
    template_args: str = ""  # an explicit specialization's arguments as written: '<double>'
    accessors: tuple[Accessor, ...] = ()  # the class's public const methods, the target's too

    @property
    def has_size(self) -> bool:
        """Whether the class has ``size() const`` (an indexed read of its last element)."""
        return any(a.name == "size" and not a.params for a in self.accessors)


_RECORD_KINDS = ("CLASS_DECL", "STRUCT_DECL", "CLASS_TEMPLATE", "UNION_DECL")


def read_target(
    cursor: Any,
    language: str,
    *,
    call_name: str = "",
    class_name: str = "",
    default_constructible: bool | None = None,
) -> Target:
    """The ``Target`` at ``cursor``. ``call_name``, ``class_name`` and (for a method)
    ``default_constructible``, when given, replace what the cursor says (the pipeline's own
    reading, ``server.analysis.context``, wins where it has one).
    """
    params = (
        params_of(cursor)
        if cursor.kind.name != "FUNCTION_TEMPLATE"
        else [
            (p.spelling, CType(p.type)) for p in cursor.get_children() if p.kind.name == "PARM_DECL"
        ]
    )
    parent = cursor.semantic_parent
    is_method = parent is not None and parent.kind.name in _RECORD_KINDS
    is_static = bool(cursor.is_static_method()) if is_method else False
    own_call = qualified_name(cursor) if (not is_method or is_static) else cursor.spelling
    specialized = explicit_template_args(cursor)
    result = None if cursor.kind.name == "CONSTRUCTOR" else cursor.result_type.get_canonical()
    target = Target(
        name=cursor.spelling,
        call_name=call_name or own_call + specialized,
        language=language,
        kind=cursor.kind.name,
        params=tuple(params),
        result=CType(result) if result is not None else None,
        class_name=class_name,
        is_static=is_static,
        mined=(*token_boundaries(cursor), *token_chars(cursor)),
        result_type_declared=None if result is None else CType(cursor.result_type),
        template_args=specialized,
    )
    if not is_method:
        return target
    return _as_method(target, cursor, parent, language, class_name, default_constructible)


def _as_method(
    target: Target,
    cursor: Any,
    parent: Any,
    language: str,
    class_name: str,
    default_constructible: bool | None,
) -> Target:
    """``target`` with its class's facts: constructor, getters, state changes, const overload."""
    own_class = qualified_name(parent)
    record = Record(parent.get_definition() or parent)
    methods = public_methods(record.clang)
    default_ctor = True
    ctor_params = None
    public = constructor_params(record)
    if has_user_constructor(record):
        # Not ``clang.default_constructible``: a constructor whose parameters all have defaults
        # (``Int128(long64 lo = 0)``) still gives objects that start from varied values.
        default_ctor = any(not ps for ps in public)
    if not default_ctor and public:
        ctor_params = tuple(public[0])
    if default_constructible is not None:
        default_ctor = default_constructible
    is_const = bool(cursor.is_const_method())
    return Target(
        name=target.name,
        call_name=target.call_name,
        language=target.language,
        kind=target.kind,
        params=target.params,
        result=target.result,
        class_name=class_name or own_class,
        is_method=True,
        is_static=target.is_static,
        is_const=is_const,
        default_constructible=default_ctor,
        mined=target.mined,
        ctor_params=ctor_params,
        getters=tuple(getters(record, language, skip=cursor.spelling)),
        mutators=tuple(
            (m.spelling, tuple(params_of(m)))
            for m in methods
            if m.spelling != cursor.spelling
            and not m.is_const_method()
            and not m.is_static_method()
        ),
        result_type_declared=target.result_type_declared,
        const_overload=is_const
        and any(m.spelling == cursor.spelling and not m.is_const_method() for m in methods),
        template_args=target.template_args,
        accessors=tuple(
            read_accessor(m.spelling, CType(m.result_type), tuple(params_of(m)), language)
            for m in methods
            if m.is_const_method() and not m.is_static_method()
        ),
    )


def explicit_template_args(cursor: Any) -> str:
    """The template arguments an explicit specialization of a function template writes after
    its name (``template <> double Conv::StringTo<double>(...)``: ``'<double>'``), which a call
    must repeat when they are not deduced from the arguments; '' for other functions.
    """
    if "<>(" not in cursor.displayname:  # libclang spells a specialization ``StringTo<>(...)``
        return ""
    tokens = [t.spelling for t in cursor.get_tokens()]
    for i, tok in enumerate(tokens[:-1]):
        if tok != cursor.spelling or tokens[i + 1] != "<":
            continue
        depth, j = 0, i + 1
        while j < len(tokens):
            depth += {"<": 1, ">": -1, ">>": -2}.get(tokens[j], 0)
            if depth <= 0:
                return joined(tokens[i + 1 : j + 1])
            j += 1
    return ""


def joined(tokens: list[str]) -> str:
    """Tokens written back with a space only between two words (``unsigned long``)."""
    out: list[str] = []
    for tok in tokens:
        if out and out[-1][-1:].isalnum() and tok[:1].isalnum():
            out.append(" ")
        out.append(tok)
    return "".join(out)


def parse_text(text: str, path: str | None, language: str, flags: Sequence[str]) -> tuple[Any, str]:
    """Parse ``text`` as ``path`` (or a scratch name) with ``cdoctest_runner.clang``'s set-up:
    ``(translation unit, the file name used)``; ``AnalysisError`` when libclang cannot.
    """
    filename = buffer_path(path, language, "cdoctest_fallback")
    try:
        return parse(filename, text, language, flags), filename
    except SourceParseError as exc:
        raise AnalysisError(str(exc)) from exc


_FUNCTION_KINDS = {
    "FUNCTION_DECL",
    "CXX_METHOD",
    "CONSTRUCTOR",
    "FUNCTION_TEMPLATE",
    "CONVERSION_FUNCTION",
}


def find_function(tu: Any, filename: str, function: Declaration, match_line: bool) -> Any:
    """The cursor of ``function`` in ``filename``: the one spanning its line (``match_line``),
    else its definition, else its first declaration; ``AnalysisError`` when absent.
    """
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
        raise AnalysisError(f"function {function.qualname or function.name!r} not found")
    return best
