"""Types as the analysis reads them from libclang: the scalar kind of a type (``Scalar``), structs
brace-initialised from scalar fields (``Aggregate``), how an object's state is read (``getters``),
handle types, the ``std::`` templates the generator knows, and type comparisons through typedef
names. The functions take libclang ``Type``/cursor handles and return plain data (or handles of the
same kind); the consumers of the analysis never call libclang themselves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cdoctest_runner.clang import constructors, public_constructors, public_methods, qualified_name
from server.analysis.kinds import ParamKind

_SIGNED = {"SHORT", "INT", "LONG", "LONGLONG", "INT128", "SCHAR"}


_UNSIGNED = {"USHORT", "UINT", "ULONG", "ULONGLONG", "UINT128"}


_CHAR = {"CHAR_S", "CHAR_U"}


@dataclass(frozen=True)
class Scalar:
    """A scalar type: its kind, its spelling without cv-qualifiers, an enum's constants."""

    kind: ParamKind  # INT, UINT, UCHAR, CHAR, BOOL, FLOAT, DOUBLE or ENUM
    spelling: str  # canonical type spelling without const, e.g. 'unsigned int', 'geom::Color'
    constants: tuple[str, ...] = field(default=())  # enum constants, spelled for global scope


def strip_const(spelling: str) -> str:
    """A type spelling without ``const``/``volatile``.

    >>> strip_const("const unsigned int *const")
    'unsigned int *'
    """
    return " ".join(re.sub(r"\bconst\b|\bvolatile\b", " ", spelling).split())


def scalar(t: Any, language: str) -> Scalar | None:
    """The scalar reading of a canonical libclang type, or None."""
    k = t.kind.name
    spelling = strip_const(t.spelling)
    if k == "BOOL":
        return Scalar(ParamKind.BOOL, spelling)
    if k in _CHAR:
        return Scalar(ParamKind.CHAR, spelling)
    if k == "UCHAR":
        return Scalar(ParamKind.UCHAR, spelling)
    if k in _SIGNED:
        return Scalar(ParamKind.INT, spelling)
    if k in _UNSIGNED:
        return Scalar(ParamKind.UINT, spelling)
    if k == "FLOAT":
        return Scalar(ParamKind.FLOAT, spelling)
    if k in ("DOUBLE", "LONGDOUBLE"):
        return Scalar(ParamKind.DOUBLE, spelling)
    if k == "ENUM":
        return _enum(t, spelling, language)
    return None


def _enum(t: Any, spelling: str, language: str) -> Scalar | None:
    """An enum with its constants as written at global scope (None without constants)."""
    decl = t.get_declaration()
    consts = [c.spelling for c in decl.get_children() if c.kind.name == "ENUM_CONSTANT_DECL"]
    if not consts:
        return None
    if language == "c":
        return Scalar(ParamKind.ENUM, spelling, tuple(consts))
    scoped = bool(getattr(decl, "is_scoped_enum", lambda: False)())
    enum_q = qualified_name(decl)
    prefix = enum_q if scoped else enum_q.rsplit("::", 1)[0] if "::" in enum_q else ""
    return Scalar(
        ParamKind.ENUM, spelling, tuple(f"{prefix}::{c}" if prefix else c for c in consts)
    )


def is_std(t: Any, name: str) -> bool:
    """Whether ``t`` is ``std::name<...>`` (libstdc++ and libc++ spellings)."""
    s = strip_const(t.spelling)
    return (
        s.startswith(f"std::{name}<")
        or s.startswith(f"std::__cxx11::{name}<")
        or s.startswith(f"std::__1::{name}<")
    )


@dataclass(frozen=True)
class Aggregate:
    """A struct brace-initialised from its scalar fields, in declaration order."""

    spelling: str
    fields: tuple[tuple[str, Scalar], ...]


def aggregate(t: Any, language: str) -> Aggregate | None:
    """Return the struct if it can be brace-initialised from scalar fields, else None.

    That is: no constructors, no bases, no private fields, every field a scalar.
    """
    if t.kind.name != "RECORD":
        return None
    d = definition(t)
    if d is None:
        return None
    fields: list[tuple[str, Scalar]] = []
    for ch in d.get_children():
        kind = ch.kind.name
        if kind in ("CONSTRUCTOR", "CXX_BASE_SPECIFIER", "DESTRUCTOR"):
            return None
        if kind == "FIELD_DECL":
            if ch.access_specifier.name not in ("PUBLIC", "INVALID", "NONE"):
                return None
            s = scalar(ch.type.get_canonical(), language)
            if s is None:
                return None
            fields.append((ch.spelling, s))
    if not fields:
        return None
    return Aggregate(strip_const(t.spelling), tuple(fields))


@dataclass(frozen=True)
class OutStruct:
    """A plain struct a function fills through a pointer (``json_error_t *error``): declared
    zeroed, passed by address, its printable fields read after the call.
    """

    spelling: str
    fields: tuple[str, ...]  # text fields (``char[N]``, ``char *``), then scalar ones, in order


def out_struct(pointer: Any, language: str, limit: int = 4) -> OutStruct | None:
    """The struct the pointer type ``pointer`` points to, as an out-parameter (``struct_fields``
    of its pointee, spelled as the pointer's declaration spells it); None for other types.
    """
    return struct_fields(pointer.get_pointee(), language, limit)


def struct_fields(declared: Any, language: str, limit: int = 4) -> OutStruct | None:
    """The struct type ``declared`` as a value to zero and print field by field: a struct without
    constructors, bases or non-public fields, not from a system header, whose scalar, ``char[N]``
    or ``char *`` fields (at most ``limit``, texts first) can be printed, spelled as ``declared``
    spells it; None for other types or a struct with no such field.
    """
    t = declared.get_canonical()
    d = definition(t) if t.kind.name == "RECORD" else None
    if d is None or d.kind.name not in ("STRUCT_DECL", "CLASS_DECL"):
        return None
    if d.location.is_in_system_header:
        return None  # the C library's own (``FILE``): made by its functions, not zeroed
    fields: list[tuple[bool, str]] = []
    for ch in d.get_children():
        kind = ch.kind.name
        if kind in ("CONSTRUCTOR", "CXX_BASE_SPECIFIER", "DESTRUCTOR"):
            return None
        if kind != "FIELD_DECL":
            continue
        if ch.access_specifier.name not in ("PUBLIC", "INVALID", "NONE"):
            return None
        ct = ch.type.get_canonical()
        array = ct.kind.name == "CONSTANTARRAY" and _is_char(ct.get_array_element_type())
        text = array or is_text(ch.type)
        if ch.spelling and (text or scalar(ct, language) is not None):
            fields.append((not text, ch.spelling))
    if not fields:
        return None
    fields.sort(key=lambda f: f[0])  # texts (a message) say the most
    return OutStruct(strip_const(declared.spelling), tuple(n for _, n in fields[:limit]))


def _is_char(t: Any) -> bool:
    """Whether ``t`` is ``char`` (signed or not, as the target's ``char`` is)."""
    return t.get_canonical().kind.name in _CHAR


def definition(t: Any) -> Any:
    """The cursor of the definition of the type's declaration (None when there is none)."""
    decl = t.get_declaration()
    return decl.get_definition() if decl is not None else None


def getters(record: Any, language: str, skip: str = "", limit: int = 3) -> list[str]:
    """How to read an object's state, as suffixes of ``obj.``: its public const methods without
    parameters that return a printable scalar (``real()``), else its public scalar fields
    (``X``, as Clipper's ``IntPoint`` has).
    """
    out = []
    for m in public_methods(record):
        if m.spelling == skip or not m.is_const_method() or m.is_static_method():
            continue
        if list(m.get_arguments()):
            continue
        r = m.result_type.get_canonical()
        if scalar(r, language) is not None and m.spelling + "()" not in out:
            out.append(m.spelling + "()")
    if not out:
        for ch in record.get_children():
            if ch.kind.name != "FIELD_DECL" or ch.access_specifier.name != "PUBLIC":
                continue
            if scalar(ch.type.get_canonical(), language) is not None and ch.spelling:
                out.append(ch.spelling)
    return out[:limit]


def dereferenced(t: Any) -> Any:
    """The canonical type a reference refers to; other types as they are."""
    if t.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        return t.get_pointee().get_canonical()
    return t


def type_key(t: Any) -> tuple[str, str]:
    """``(declared, canonical)`` spellings without cv-qualifiers."""
    return strip_const(t.spelling), strip_const(t.get_canonical().spelling)


def same_type(param: Any, other: Any) -> bool:
    """Whether ``other`` is the parameter's type: the same typedef name when the parameter is
    spelled with one (``sds``, not any ``char *``), else the same canonical type.
    """
    pd, pc = type_key(param)
    od, oc = type_key(other)
    if pc != oc:
        return False
    if pd != pc or od != oc:  # spelled through a typedef (or an elaborated name): names must match
        return od.removeprefix("struct ") == pd.removeprefix("struct ")
    return True


def printable(t: Any, language: str) -> bool:
    """Whether a value of ``t`` prints as it is: a scalar or a character pointer."""
    ct = t.get_canonical()
    if scalar(ct, language) is not None:
        return True
    if ct.kind.name == "POINTER":
        ps = scalar(ct.get_pointee().get_canonical(), language)
        return ps is not None and ps.kind is ParamKind.CHAR
    return False


def is_stream(pointer: Any) -> bool:
    """Whether the pointer type points to the C library's ``FILE`` (``FILE *out``)."""
    return strip_const(pointer.get_pointee().spelling) in ("FILE", "std::FILE")


def is_text(t: Any) -> bool:
    """Whether ``t`` is a pointer to characters (``char *``, ``const char *``)."""
    ct = t.get_canonical()
    return ct.kind.name == "POINTER" and _is_char(ct.get_pointee())


def function_pointer(t: Any) -> tuple[Any, tuple[Any, ...]] | None:
    """``(result, parameter types)`` of a pointer-to-function type (``ini_handler``, ``void
    (*out)(char, void *)``), canonical; None for other types and for a variadic function.
    """
    ct = t.get_canonical()
    if ct.kind.name != "POINTER":
        return None
    fn = ct.get_pointee().get_canonical()
    if fn.kind.name != "FUNCTIONPROTO" or fn.is_function_variadic():
        return None
    return fn.get_result().get_canonical(), tuple(a.get_canonical() for a in fn.argument_types())


def pointer_to_text(t: Any) -> bool:
    """Whether ``t`` is a pointer to a character pointer (``char **``, ``const char **``)."""
    ct = t.get_canonical()
    return ct.kind.name == "POINTER" and is_text(ct.get_pointee())


def text_lengths(declared: Any) -> dict[str, str]:
    """The struct's ``char *`` fields that an integer field right after gives the length of
    (``const char *name; size_t name_len;`` gives ``{"name": "name_len"}``).
    """
    d = definition(declared.get_canonical())
    if d is None:
        return {}
    fields = [ch for ch in d.get_children() if ch.kind.name == "FIELD_DECL"]
    out = {}
    for a, b in zip(fields, fields[1:], strict=False):
        length = scalar(b.type.get_canonical(), "c")
        if (
            is_text(a.type)
            and length is not None
            and length.kind in (ParamKind.INT, ParamKind.UINT)
        ):
            out[a.spelling] = b.spelling
    return out


def is_handle(t: Any, language: str) -> bool:
    """A pointer spelled through a typedef to something that is not a plain struct of scalars
    (``sds``, ``json_t *``): only the library's own producers make a valid one.
    """
    ct = t.get_canonical()
    if ct.kind.name != "POINTER" or type_key(t)[0] == type_key(t)[1]:
        return False
    return aggregate(ct.get_pointee().get_canonical(), language) is None


def opaque_pointer(t: Any, language: str) -> bool:
    """A handle, or a pointer to neither a struct of scalars nor a scalar (``FILE *``)."""
    ct = t.get_canonical()
    if is_handle(t, language):
        return True
    if ct.kind.name != "POINTER":
        return False
    pointee = ct.get_pointee().get_canonical()
    return aggregate(pointee, language) is None and scalar(pointee, language) is None


def record_fields(t: Any, language: str, limit: int = 4) -> list[str]:
    """Scalar (or string) fields of the struct ``t`` points to, printable as ``var->field``."""
    ct = t.get_canonical()
    if ct.kind.name != "POINTER":
        return []
    d = definition(ct.get_pointee().get_canonical())
    if d is None or d.kind.name not in ("STRUCT_DECL", "CLASS_DECL"):
        return []
    out = []
    for ch in d.get_children():
        if ch.kind.name != "FIELD_DECL":
            continue
        if ch.access_specifier.name not in ("PUBLIC", "INVALID", "NONE"):
            continue
        if printable(ch.type, language) and ch.spelling:
            out.append(ch.spelling)
    return out[:limit]


def class_record(t: Any) -> Any:
    """The definition of the class or struct ``t`` names, or None."""
    record = definition(t)
    if record is None or record.kind.name not in ("CLASS_DECL", "STRUCT_DECL"):
        return None
    return record


def has_user_constructor(record: Any) -> bool:
    """Whether the record declares a constructor other than a copy or move one."""
    return any(
        not (c.is_copy_constructor() or c.is_move_constructor()) for c in constructors(record)
    )


def constructor_params(record: Any) -> list[list[tuple[str, Any]]]:
    """The parameters ``(name, type)`` of the record's public constructors, in order."""
    return [params_of(c) for c in public_constructors(record)]


def params_of(function: Any) -> list[tuple[str, Any]]:
    """A function cursor's parameters as ``(name, type)``."""
    return [(a.spelling, a.type) for a in function.get_arguments()]


def point_arity(t: Any, language: str) -> tuple[int, str] | None:
    """A class built from one to three integers (a point), by its first such public
    constructor: ``(how many integers, its first reader)``; None for other types and in C.
    """
    record = definition(t)
    if language == "c" or record is None:
        return None
    arity = None
    for c in record.get_children():
        if c.kind.name == "CONSTRUCTOR" and c.access_specifier.name == "PUBLIC":
            args = list(c.get_arguments())
            kinds = [scalar(a.type.get_canonical(), language) for a in args]
            integers = all(
                k is not None and k.kind in (ParamKind.INT, ParamKind.UINT) for k in kinds
            )
            if 1 <= len(args) <= 3 and integers:
                arity = len(args)
                break
    reads = getters(record, language)
    if arity is None or not reads:
        return None
    return arity, reads[0]


def vector_element(t: Any) -> Any:
    """The canonical element type of a ``std::vector`` type (None without template arguments)."""
    if t.get_num_template_arguments() < 1:
        return None
    return t.get_template_argument_type(0).get_canonical()


def pointee(t: Any) -> tuple[Any, bool]:
    """``(canonical pointee, mutable)`` of a pointer or reference type."""
    p = t.get_canonical().get_pointee()
    return p.get_canonical(), not p.is_const_qualified()


def canonical(t: Any) -> Any:
    """The canonical type (typedefs resolved)."""
    return t.get_canonical()


def type_class(t: Any) -> str:
    """The libclang kind of the canonical type: ``'POINTER'``, ``'RECORD'``, ``'VOID'``,
    ``'LVALUEREFERENCE'``, ``'INT'``...
    """
    return str(t.get_canonical().kind.name)


def spelled(t: Any) -> str:
    """The type as spelled (typedef names kept), without cv-qualifiers."""
    return strip_const(t.spelling)
