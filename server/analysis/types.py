"""Types as the analysis reads them from libclang: a type (``CType``) and a class or struct
definition (``Record``) as opaque handles, the scalar kind of a type (``Scalar``), structs
brace-initialised from scalar fields (``Aggregate``), how an object's state is read (``getters``),
handle types, the ``std::`` templates the generator knows, and type comparisons through typedef
names. The functions take ``CType``/``Record`` handles and return plain data (or handles); the
libclang object inside a handle (``.clang``) is read in ``server.analysis`` only, so the
consumers of the analysis never call libclang themselves.
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


class CType:
    """A C or C++ type as libclang read it, opaque outside ``server.analysis`` (read it with this
    module's functions). Equal when libclang says the types are the same.
    """

    __slots__ = ("clang",)

    def __init__(self, clang: Any) -> None:
        self.clang = clang  # the libclang ``Type``: read in server.analysis only

    @property
    def spelling(self) -> str:
        """The type as written, qualifiers and typedef names kept: ``const sds``."""
        return str(self.clang.spelling)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CType) and bool(self.clang == other.clang)

    def __hash__(self) -> int:
        return hash(self.spelling)

    def __repr__(self) -> str:
        return f"CType({self.spelling!r})"


def ctype(clang: Any) -> CType | None:
    """The handle of a libclang type (None stays None)."""
    return CType(clang) if clang is not None else None


class Record:
    """The definition of a class, struct or union as libclang read it, opaque outside
    ``server.analysis`` (read it with this module's functions).
    """

    __slots__ = ("clang",)

    def __init__(self, clang: Any) -> None:
        self.clang = clang  # the libclang ``Cursor``: read in server.analysis only

    @property
    def in_system_header(self) -> bool:
        """Whether the C or C++ library declares it (``std::pair``, ``FILE``)."""
        return bool(self.clang.location.is_in_system_header)

    def __repr__(self) -> str:
        return f"Record({self.clang.spelling!r})"


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


def scalar(t: CType, language: str) -> Scalar | None:
    """The scalar reading of a canonical type, or None."""
    c = t.clang
    k = c.kind.name
    spelling = strip_const(c.spelling)
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
        return _enum(c, spelling, language)
    return None


def _scalar(clang: Any, language: str) -> Scalar | None:
    """``scalar`` of a libclang type's canonical type."""
    return scalar(CType(clang.get_canonical()), language)


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


def is_std(t: CType, name: str) -> bool:
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


def aggregate(t: CType, language: str) -> Aggregate | None:
    """Return the struct if it can be brace-initialised from scalar fields, else None.

    That is: no constructors, no bases, no private fields, every field a scalar.
    """
    if t.clang.kind.name != "RECORD":
        return None
    d = _definition(t.clang)
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
            s = _scalar(ch.type, language)
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


def out_struct(pointer: CType, language: str, limit: int = 4) -> OutStruct | None:
    """The struct the pointer type ``pointer`` points to, as an out-parameter (``struct_fields``
    of its pointee, spelled as the pointer's declaration spells it); None for other types.
    """
    return struct_fields(declared_pointee(pointer), language, limit)


def struct_fields(declared: CType, language: str, limit: int = 4) -> OutStruct | None:
    """The struct type ``declared`` as a value to zero and print field by field: a struct without
    constructors, bases or non-public fields, not from a system header, whose scalar, ``char[N]``
    or ``char *`` fields (at most ``limit``, texts first) can be printed, spelled as ``declared``
    spells it; None for other types or a struct with no such field.
    """
    t = declared.clang.get_canonical()
    d = _definition(t) if t.kind.name == "RECORD" else None
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
        text = array or _is_text(ch.type)
        if ch.spelling and (text or _scalar(ct, language) is not None):
            fields.append((not text, ch.spelling))
    if not fields:
        return None
    fields.sort(key=lambda f: f[0])  # texts (a message) say the most
    return OutStruct(strip_const(declared.spelling), tuple(n for _, n in fields[:limit]))


def _is_char(t: Any) -> bool:
    """Whether the libclang type ``t`` is ``char`` (signed or not, as the target's is)."""
    return t.get_canonical().kind.name in _CHAR


def _definition(t: Any) -> Any:
    """The cursor of the definition of a libclang type's declaration (None when there is none)."""
    decl = t.get_declaration()
    return decl.get_definition() if decl is not None else None


def definition(t: CType) -> Record | None:
    """The definition of the type's declaration (None when there is none)."""
    d = _definition(t.clang)
    return Record(d) if d is not None else None


#: Names of a const method returning a character pointer that reads as the object's text.
_TEXT_GETTER = re.compile(r"(?i)str|text|name|string")


def getters(record: Record, language: str, skip: str = "", limit: int = 3) -> list[str]:
    """How to read an object's state, as suffixes of ``obj.``: its public const methods without
    parameters that return its text as a character pointer (``c_str()``, ``str()``, ``name()``:
    the whole value, first; issue #39) or a printable scalar (``size()``, ``empty()``,
    ``real()``), else its public scalar fields (``X``, as Clipper's ``IntPoint`` has).
    """
    out: list[str] = []
    texts: list[str] = []
    for m in public_methods(record.clang):
        if m.spelling == skip or not m.is_const_method() or m.is_static_method():
            continue
        if list(m.get_arguments()) or m.spelling + "()" in out + texts:
            continue
        if _scalar(m.result_type, language) is not None:
            out.append(m.spelling + "()")
        elif _is_text(m.result_type) and _TEXT_GETTER.search(m.spelling):
            texts.append(m.spelling + "()")
    out = texts + out
    if not out:
        for ch in record.clang.get_children():
            if ch.kind.name != "FIELD_DECL" or ch.access_specifier.name != "PUBLIC":
                continue
            if _scalar(ch.type, language) is not None and ch.spelling:
                out.append(ch.spelling)
    return out[:limit]


def dereferenced(t: CType) -> CType:
    """The canonical type a reference refers to; other types as they are (``t`` itself)."""
    if t.clang.kind.name in ("LVALUEREFERENCE", "RVALUEREFERENCE"):
        return CType(t.clang.get_pointee().get_canonical())
    return t


def type_key(t: CType) -> tuple[str, str]:
    """``(declared, canonical)`` spellings without cv-qualifiers."""
    return strip_const(t.spelling), strip_const(t.clang.get_canonical().spelling)


def same_type(param: CType, other: CType) -> bool:
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


def printable(t: CType, language: str) -> bool:
    """Whether a value of ``t`` prints as it is: a scalar or a character pointer."""
    return _printable(t.clang, language)


def _printable(t: Any, language: str) -> bool:
    """``printable`` of a libclang type."""
    ct = t.get_canonical()
    if _scalar(ct, language) is not None:
        return True
    if ct.kind.name == "POINTER":
        ps = _scalar(ct.get_pointee(), language)
        return ps is not None and ps.kind is ParamKind.CHAR
    return False


def is_stream(pointer: CType) -> bool:
    """Whether the pointer type points to the C library's ``FILE`` (``FILE *out``)."""
    return strip_const(pointer.clang.get_pointee().spelling) in ("FILE", "std::FILE")


def is_text(t: CType) -> bool:
    """Whether ``t`` is a pointer to characters (``char *``, ``const char *``)."""
    return _is_text(t.clang)


def _is_text(t: Any) -> bool:
    """``is_text`` of a libclang type."""
    ct = t.get_canonical()
    return ct.kind.name == "POINTER" and _is_char(ct.get_pointee())


def function_pointer(t: CType) -> tuple[CType, tuple[CType, ...]] | None:
    """``(result, parameter types)`` of a pointer-to-function type (``ini_handler``, ``void
    (*out)(char, void *)``), canonical; None for other types and for a variadic function.
    """
    ct = t.clang.get_canonical()
    if ct.kind.name != "POINTER":
        return None
    fn = ct.get_pointee().get_canonical()
    if fn.kind.name != "FUNCTIONPROTO" or fn.is_function_variadic():
        return None
    params = tuple(CType(a.get_canonical()) for a in fn.argument_types())
    return CType(fn.get_result().get_canonical()), params


def pointer_to_text(t: CType) -> bool:
    """Whether ``t`` is a pointer to a character pointer (``char **``, ``const char **``)."""
    ct = t.clang.get_canonical()
    return ct.kind.name == "POINTER" and _is_text(ct.get_pointee())


def text_lengths(declared: CType) -> dict[str, str]:
    """The struct's ``char *`` fields that an integer field right after gives the length of
    (``const char *name; size_t name_len;`` gives ``{"name": "name_len"}``).
    """
    d = _definition(declared.clang.get_canonical())
    if d is None:
        return {}
    fields = [ch for ch in d.get_children() if ch.kind.name == "FIELD_DECL"]
    out = {}
    for a, b in zip(fields, fields[1:], strict=False):
        length = _scalar(b.type, "c")
        if (
            _is_text(a.type)
            and length is not None
            and length.kind in (ParamKind.INT, ParamKind.UINT)
        ):
            out[a.spelling] = b.spelling
    return out


def is_handle(t: CType, language: str) -> bool:
    """A pointer spelled through a typedef to something that is not a plain struct of scalars
    (``sds``, ``json_t *``): only the library's own producers make a valid one.
    """
    ct = t.clang.get_canonical()
    if ct.kind.name != "POINTER" or type_key(t)[0] == type_key(t)[1]:
        return False
    return aggregate(CType(ct.get_pointee().get_canonical()), language) is None


def opaque_pointer(t: CType, language: str) -> bool:
    """A handle, or a pointer to neither a struct of scalars nor a scalar (``FILE *``)."""
    ct = t.clang.get_canonical()
    if is_handle(t, language):
        return True
    if ct.kind.name != "POINTER":
        return False
    pointed = CType(ct.get_pointee().get_canonical())
    return aggregate(pointed, language) is None and scalar(pointed, language) is None


def record_fields(t: CType, language: str, limit: int = 4) -> list[str]:
    """Scalar (or string) fields of the struct ``t`` points to, printable as ``var->field``."""
    ct = t.clang.get_canonical()
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


def class_record(t: CType) -> Record | None:
    """The definition of the class or struct ``t`` names, or None."""
    record = _definition(t.clang)
    if record is None or record.kind.name not in ("CLASS_DECL", "STRUCT_DECL"):
        return None
    return Record(record)


def has_user_constructor(record: Record) -> bool:
    """Whether the record declares a constructor other than a copy or move one."""
    return any(
        not (c.is_copy_constructor() or c.is_move_constructor()) for c in constructors(record.clang)
    )


def constructor_params(record: Record) -> list[list[tuple[str, CType]]]:
    """The parameters ``(name, type)`` of the record's public constructors, in order."""
    return [params_of(c) for c in public_constructors(record.clang)]


def params_of(function: Any) -> list[tuple[str, CType]]:
    """A function cursor's parameters as ``(name, type)``."""
    return [(a.spelling, CType(a.type)) for a in function.get_arguments()]


def point_arity(t: CType, language: str) -> tuple[int, str] | None:
    """A class built from one to three integers (a point), by its first such public
    constructor: ``(how many integers, its first reader)``; None for other types and in C.
    """
    record = _definition(t.clang)
    if language == "c" or record is None:
        return None
    arity = None
    for c in record.get_children():
        if c.kind.name == "CONSTRUCTOR" and c.access_specifier.name == "PUBLIC":
            args = list(c.get_arguments())
            kinds = [_scalar(a.type, language) for a in args]
            integers = all(
                k is not None and k.kind in (ParamKind.INT, ParamKind.UINT) for k in kinds
            )
            if 1 <= len(args) <= 3 and integers:
                arity = len(args)
                break
    reads = getters(Record(record), language)
    if arity is None or not reads:
        return None
    return arity, reads[0]


def vector_element(t: CType) -> CType | None:
    """The canonical element type of a ``std::vector`` type (None without template arguments)."""
    if t.clang.get_num_template_arguments() < 1:
        return None
    return CType(t.clang.get_template_argument_type(0).get_canonical())


def pointee(t: CType) -> tuple[CType, bool]:
    """``(canonical pointee, mutable)`` of a pointer or reference type."""
    p = t.clang.get_canonical().get_pointee()
    return CType(p.get_canonical()), not p.is_const_qualified()


def declared_pointee(t: CType) -> CType:
    """What a pointer or reference type points to, as its declaration spells it (typedef names
    and qualifiers kept: ``const struct phr_header``).
    """
    return CType(t.clang.get_pointee())


def canonical(t: CType) -> CType:
    """The canonical type (typedefs resolved)."""
    return CType(t.clang.get_canonical())


def type_class(t: CType) -> str:
    """The libclang kind of the canonical type: ``'POINTER'``, ``'RECORD'``, ``'VOID'``,
    ``'LVALUEREFERENCE'``, ``'INT'``...
    """
    return str(t.clang.get_canonical().kind.name)


def spelled(t: CType) -> str:
    """The type as spelled (typedef names kept), without cv-qualifiers."""
    return strip_const(t.spelling)
