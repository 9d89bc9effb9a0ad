"""Configuration setters: the global settings a function reads, and the calls that set and
restore them (issue #26).

Many C libraries keep a file-scope setting that changes how every function behaves (a path
style, a mode, a flag), set by a function of the API (``void lib_set_mode(enum mode m) { g_mode =
m; }``). A test that never calls the setter never sees the other modes' bugs. The input search
(``server.search.killing``, ``server.search.variants``) runs a unit of the target's calls between
``SET;`` and ``RESTORE;``, so what follows runs in the default mode again.

``setter_calls(code, function) -> tuple[SetterCall, ...]`` reads the code under test with libclang
(the text and flags of ``cdoctest_runner.mutation.mutate.mutation_source``, so it parses as the
session runs it; one parse per code text, kept for its other functions; the result cached per
function) and returns, for each setting the function depends on, one ``SetterCall`` per value to
try. Empty when there is none, or when libclang cannot parse the code or find the function's
definition. Safe from several threads (one lock around the kept translation unit). The rules, all
read from cursors (never from names):

- **Setting**: a variable of static storage (file or namespace scope, or a static data member),
  not ``const``, of enum, bool or integer type, *read* by ``function`` or by a function it calls
  (transitively, definitions in the same file, at most ``MAX_READERS``). A reference that is only
  the left side of ``=`` is no read.
- **Setter**: a function defined in the translation unit outside the system headers (the file
  or the project headers the parse sees), callable at file scope (a free function or a public
  static method of a class that is no template), not ``function`` itself, with exactly one
  parameter of enum, bool or integer type, whose body assigns that parameter (through
  parentheses and casts) to a setting. The first such function in the file sets each setting.
- **Values** (at most ``MAX_VALUES`` per setting, the initial value left out): each enumerator of
  the enum (one per value, those the readers compare with first, then in the file's order; C++
  spells them qualified, ``ns::Style::Windows``, cast to the parameter's type when an enum class
  goes through an integer); ``true``/``false`` for bool (``1``/``0`` in C when the setter's
  signature does not spell ``bool``); for an integer, the
  constants the readers compare it with (``v > K`` gives ``K`` and ``K+1``, ``v < K`` gives
  ``K-1`` and ``K``; ``==``, ``!=``, ``&`` and ``case`` give ``K``: the boundaries of
  ``server.analysis.mining``, here tied to the variable), else for a ``char`` the character
  literals the readers mention, else ``0`` and ``1``.
- **Restore**: the setter called with the variable's initializer as libclang sees it (the active
  preprocessor branch; a macro stays spelled as written; an enumerator spelled as the values
  are), or with ``0``/``false``/the enum's zero when it has none (no zero enumerator: skipped). A
  setting whose initializer is not a constant a test can write (it calls a function, takes an
  address, names something other than an enumerator or, in C++, a ``const`` variable, or a name
  in a namespace the way only the namespace writes it: ``kWide / 2`` inside ``layout``; a lone
  name is spelled again, ``layout::kWide``), or that is ``extern`` with no definition in the
  parse, is skipped. The constants compared with follow the same rule.
"""

from __future__ import annotations

import atexit
import functools
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cdoctest_runner import clang
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, Declaration

__all__ = ["MAX_READERS", "MAX_VALUES", "SetterCall", "setter_calls"]

MAX_VALUES = 4  # values tried per setting
MAX_READERS = 32  # functions (the target and what it calls) whose reads count

_INTEGER_KINDS = frozenset(
    {
        "CHAR_U",
        "UCHAR",
        "CHAR16",
        "CHAR32",
        "USHORT",
        "UINT",
        "ULONG",
        "ULONGLONG",
        "CHAR_S",
        "SCHAR",
        "WCHAR",
        "SHORT",
        "INT",
        "LONG",
        "LONGLONG",
    }
)
_CLASSES = frozenset({"CLASS_DECL", "STRUCT_DECL", "UNION_DECL"})  # not templates: no call
_CHAR_KINDS = frozenset({"CHAR_S", "CHAR_U", "SCHAR", "UCHAR"})
_SCOPES = frozenset({"TRANSLATION_UNIT", "NAMESPACE", *clang.TRANSPARENT_KINDS})
_WRAPPERS = frozenset({"UNEXPOSED_EXPR", "PAREN_EXPR", "CSTYLE_CAST_EXPR", "CXX_STATIC_CAST_EXPR"})
_CONSTANT_KINDS = frozenset(
    {
        "INTEGER_LITERAL",
        "CHARACTER_LITERAL",
        "CXX_BOOL_LITERAL_EXPR",
        "PAREN_EXPR",
        "UNARY_OPERATOR",
        "BINARY_OPERATOR",
        "CSTYLE_CAST_EXPR",
        "CXX_STATIC_CAST_EXPR",
        "UNEXPOSED_EXPR",
        "TYPE_REF",
        "DECL_REF_EXPR",
        "NAMESPACE_REF",
    }
)
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "&"})
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!=", "&": "&"}
_INT = re.compile(r"^(0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)[uUlL]*$")


@dataclass(frozen=True)
class SetterCall:
    """One value of one setting: ``set`` before the calls, ``restore`` after them (whole
    statements, ``;`` included), ``setter`` the function's name (for notes).
    """

    set: str
    restore: str
    setter: str


def setter_calls(code: CodeUnderTest, function: Declaration) -> tuple[SetterCall, ...]:
    """The setter calls of the settings ``function`` reads (module docstring); () when none."""
    from cdoctest_runner.mutation.mutate import mutation_source

    source, flags = mutation_source(code)
    return _setter_calls(source, flags, code.language, code.path, function)


_LOCK = threading.Lock()  # the kept translation unit is read by one thread at a time


@functools.lru_cache(maxsize=32)
def _setter_calls(
    source: str, flags: tuple[str, ...], language: str, path: str | None, function: Declaration
) -> tuple[SetterCall, ...]:
    from cdoctest_runner.mutation.mutate import find_definition

    with _LOCK:
        try:
            tu, filename = _unit(source, flags, language, path)
            target = find_definition(tu, filename, function)
        except CdoctestError:
            return ()
        cpp = language != "c"
        reads = _Reads(tu, cpp)
        reads.collect(target, filename)
        if not reads.variables:
            return ()
        out: list[SetterCall] = []
        for setter, param, var in _setters(tu, target, reads.variables):
            name = clang.qualified_name(setter) if cpp else setter.spelling
            values = _values(var, param, reads)
            if values is not None:
                new, initial = values
                out += [SetterCall(f"{name}({v});", f"{name}({initial});", name) for v in new]
        return tuple(out)


@functools.lru_cache(maxsize=1)
def _unit(source: str, flags: tuple[str, ...], language: str, path: str | None) -> tuple[Any, str]:
    """The translation unit of the last code text read (one parse for all its functions)."""
    from cdoctest_runner.mutation.mutate import parse_source

    tu: tuple[Any, str] = parse_source(source, path, language, flags)
    return tu


# The kept translation unit is disposed of while libclang's bindings still exist (at interpreter
# shutdown they may be gone first, and its finalizer prints an ignored exception).
atexit.register(_unit.cache_clear)


# --------------------------------------------------------------------------------------------
# Cursors


def _kind(cursor: Any) -> str:
    """The cursor's kind name; '' for None and for a kind these bindings do not know."""
    if cursor is None:
        return ""
    try:
        return str(cursor.kind.name)
    except ValueError:  # a cursor kind these bindings do not know
        return ""


def _key(cursor: Any) -> str:
    return cursor.get_usr() or f"{cursor.spelling}@{cursor.location.line}"


def _strip(cursor: Any) -> Any:
    """``cursor`` without parentheses, casts and implicit conversions around it."""
    while _kind(cursor) in _WRAPPERS:
        inner = [c for c in cursor.get_children() if _kind(c) != "TYPE_REF"]
        if len(inner) != 1:
            break
        cursor = inner[0]
    return cursor


def _setting(cursor: Any) -> Any:
    """The variable a reference names when it is a setting (module docstring), else None."""
    if _kind(cursor) not in ("DECL_REF_EXPR", "MEMBER_REF_EXPR"):
        return None
    var = cursor.referenced
    if var is None or _kind(var) != "VAR_DECL" or var.type.is_const_qualified():
        return None
    parent = _kind(var.semantic_parent)
    if parent not in _SCOPES and parent not in clang.RECORD_KINDS:
        return None
    return var if _value_kind(var.type) else None


def _value_kind(ctype: Any) -> str:
    """'enum', 'bool', 'int', or '' for a type a setting cannot have."""
    try:
        kind = ctype.get_canonical().kind.name
    except ValueError:  # a type kind these bindings do not know
        return ""
    if kind == "ENUM":
        return "enum"
    if kind == "BOOL":
        return "bool"
    return "int" if kind in _INTEGER_KINDS else ""


def _operator(tu: Any, left: Any, right: Any) -> str:
    """The operator token of a binary expression: the first token between its two operands."""
    end = left.extent.end
    between = clang.cindex().SourceRange.from_locations(end, right.extent.start)
    for tok in tu.get_tokens(extent=between):
        if tok.extent.start.offset >= end.offset:
            return str(tok.spelling)
    return ""


def _text(tu: Any, cursor: Any) -> str:
    """The tokens of ``cursor``, spaced only where two words meet (``(enum style)0``, ``-1``)."""
    out = ""
    for tok in tu.get_tokens(extent=cursor.extent):
        word = tok.spelling
        out += " " + word if out and _wordy(out[-1]) and _wordy(word[0]) else word
    return out


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _body(cursor: Any) -> Any:
    return next((c for c in cursor.get_children() if _kind(c) == "COMPOUND_STMT"), None)


def _walk(cursor: Any) -> Iterator[tuple[Any, Any]]:
    """``(node, parent)`` of every node under ``cursor``, in preorder (a stack, not recursion:
    a long ``else if`` chain nests deeper than Python's recursion limit).
    """
    stack = [(child, cursor) for child in reversed(list(cursor.get_children()))]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        stack += [(child, node) for child in reversed(list(node.get_children()))]


class _Reads:
    """The settings a function and its callees read, and the constants they compare them with."""

    def __init__(self, tu: Any, cpp: bool) -> None:
        self.tu = tu
        self.cpp = cpp
        self.variables: dict[str, Any] = {}  # key -> VAR_DECL
        self.constants: dict[str, list[tuple[str, str]]] = {}  # key -> (operator, constant)
        self.chars: list[str] = []  # the character literals of the readers, in order

    def collect(self, target: Any, filename: str) -> None:
        """Read the body of ``target`` and of the functions of ``filename`` it calls or names,
        breadth first, at most ``MAX_READERS``.
        """
        seen = {target.hash}
        queue = [target]
        while queue:
            body = _body(queue.pop(0))
            if body is None:
                continue
            for node, parent in _walk(body):
                kind = _kind(node)
                ref = node.referenced if kind.endswith("_EXPR") else None
                if ref is not None and _kind(ref) in clang.FUNCTION_KINDS:
                    d = ref.get_definition()
                    if d is not None and d.hash not in seen and clang.in_file(d, filename):
                        seen.add(d.hash)
                        if len(seen) <= MAX_READERS:
                            queue.append(d)
                    continue
                var = _setting(node)
                if var is not None and not self._assigned(node, parent):
                    self.variables.setdefault(_key(var), var)
                if kind == "CHARACTER_LITERAL":
                    text = _text(self.tu, node)
                    if text not in self.chars:
                        self.chars.append(text)
                elif kind == "BINARY_OPERATOR":
                    self._comparison(node)
                elif kind == "SWITCH_STMT":
                    self._switch(node)

    def _assigned(self, node: Any, parent: Any) -> bool:
        """Whether ``node`` is the left side of ``=`` (a write, no read)."""
        if _kind(parent) != "BINARY_OPERATOR":
            return False
        children = list(parent.get_children())
        return len(children) == 2 and children[0] == node and _operator(self.tu, *children) == "="

    def _comparison(self, node: Any) -> None:
        children = list(node.get_children())
        if len(children) != 2:
            return
        left, right = (_strip(c) for c in children)
        if _setting(left) is None and _setting(right) is None:
            return
        op = _operator(self.tu, *children)
        if op not in _COMPARISONS:
            return
        for var_side, other, spelled in ((left, right, op), (right, left, _MIRROR[op])):
            var = _setting(var_side)
            text = _spelled(other, self.cpp) if var is not None else None
            if text is not None:
                self.constants.setdefault(_key(var), []).append((spelled, text))

    def _switch(self, node: Any) -> None:
        children = list(node.get_children())
        if len(children) != 2:
            return
        var = _setting(_strip(children[0]))
        if var is None:
            return
        for case, _ in _walk(children[1]):
            if _kind(case) == "CASE_STMT":
                value = next(iter(case.get_children()), None)
                text = _spelled(value, self.cpp) if value is not None else None
                if text is not None:
                    self.constants.setdefault(_key(var), []).append(("==", text))


def _spelled(cursor: Any, cpp: bool) -> str | None:
    """How a test at file scope writes the constant expression at ``cursor``, or None when it
    cannot: literals, operators, casts, enumerators and (C++) ``const`` variables, each name as
    written being its name at file scope (a namespace's names are not in scope at the call
    site); a lone name is spelled again (``_file_scope_name``), whatever it was written as.
    """
    lone = _strip(cursor)
    if _kind(lone) == "DECL_REF_EXPR":
        return _file_scope_name(lone.referenced, cpp)
    for node in cursor.walk_preorder():
        kind = _kind(node)
        if kind not in _CONSTANT_KINDS:
            return None
        if kind == "DECL_REF_EXPR" and _text(node.translation_unit, node) != _file_scope_name(
            node.referenced, cpp
        ):
            return None
    return _text(cursor.translation_unit, cursor)


def _file_scope_name(ref: Any, cpp: bool) -> str | None:
    """How a test at file scope names an enumerator or (C++) a ``const`` variable, else None."""
    if _kind(ref) == "ENUM_CONSTANT_DECL":
        return _enumerator(ref, cpp)
    if cpp and _kind(ref) == "VAR_DECL" and ref.type.is_const_qualified():
        return clang.qualified_name(ref)
    return None


# --------------------------------------------------------------------------------------------
# Setters


def _functions(cursor: Any) -> Iterator[Any]:
    """Function definitions of the translation unit outside the system headers, through
    namespaces, classes (not templates) and ``extern "C"`` blocks.
    """
    for child in cursor.get_children():
        if child.location.is_in_system_header:
            continue
        kind = _kind(child)
        if kind in ("FUNCTION_DECL", "CXX_METHOD") and child.is_definition():
            yield child
        elif kind in _SCOPES or kind in _CLASSES:
            yield from _functions(child)


def _setters(tu: Any, target: Any, variables: dict[str, Any]) -> Iterator[tuple[Any, Any, Any]]:
    """``(setter, parameter, variable)`` for the first setter of each setting in ``variables``."""
    found: set[str] = set()
    for fn in _functions(tu.cursor):
        if fn == target or _kind(fn.semantic_parent) not in _SCOPES | _CLASSES:
            continue
        if _kind(fn) == "CXX_METHOD" and not (fn.is_static_method() and clang.is_public(fn)):
            continue
        params = clang.parameters(fn)
        if len(params) != 1 or not _value_kind(params[0].type):
            continue
        body = _body(fn)
        if body is None:
            continue
        for node, _ in _walk(body):
            if _kind(node) != "BINARY_OPERATOR":
                continue
            children = list(node.get_children())
            if len(children) != 2:
                continue
            var = _setting(_strip(children[0]))
            value = _strip(children[1])
            if (
                var is None
                or _key(var) not in variables
                or _kind(value) != "DECL_REF_EXPR"
                or value.referenced != params[0]
                or _operator(tu, *children) != "="
            ):
                continue
            if _key(var) not in found:
                found.add(_key(var))
                yield fn, params[0], variables[_key(var)]


# --------------------------------------------------------------------------------------------
# Values


def _initializer(definition: Any) -> Any:
    """The initializer expression of a variable's definition, or None."""
    exprs = [c for c in definition.get_children() if c.kind.is_expression()]
    return exprs[-1] if exprs else None


def _int(text: str) -> int | None:
    text = text.replace(" ", "")
    negative = text.startswith("-")
    m = _INT.match(text.lstrip("-"))
    if not m:
        return None
    value = int(m.group(1), 0)
    return -value if negative else value


def _enumerator(constant: Any, cpp: bool) -> str:
    """How a test at file scope spells an enumerator."""
    if not cpp:
        return str(constant.spelling)
    enum = constant.semantic_parent
    if enum.is_scoped_enum():
        return clang.qualified_name(constant)
    scope = clang.qualified_name(enum.semantic_parent)
    return f"{scope}::{constant.spelling}" if scope else constant.spelling


def _values(var: Any, param: Any, reads: _Reads) -> tuple[list[str], str] | None:
    """The values to set and the restoring argument of ``var``, or None to skip it."""
    cpp = reads.cpp
    definition = var.get_definition()  # None for C's tentative ``static int x;``
    if definition is None and var.storage_class.name == "EXTERN":
        return None  # defined in another file: its initial value is unknown here
    init = _initializer(definition or var)
    initial = _spelled(init, cpp) if init is not None else None
    if init is not None and initial is None:
        return None
    kind = _value_kind(var.type)
    enum_type = param.type if kind == "int" and _value_kind(param.type) == "enum" else var.type
    if _value_kind(enum_type) == "enum":
        compared = [text for _, text in reads.constants.get(_key(var), [])]
        values = _enum_values(enum_type, init, initial, compared, cpp)
        scoped = cpp and enum_type.get_canonical().get_declaration().is_scoped_enum()
        if values is None or not scoped or _value_kind(param.type) == "enum":
            return values
        cast = f"static_cast<{param.type.spelling}>"  # an enum class passed to an integer
        return [f"{cast}({v})" for v in values[0]], f"{cast}({values[1]})"
    if kind == "bool":
        spelled = cpp or _spelled_bool(param.semantic_parent)
        true, false = ("true", "false") if spelled else ("1", "0")
        initial = initial or false
        return [false if initial in ("true", "1") else true], initial
    initial = initial or "0"
    start = _int(initial)
    out: list[str] = []
    for op, text in reads.constants.get(_key(var), []):
        k = _int(text)
        if k is not None and op in (">", "<="):
            cands = [str(k), str(k + 1)]
        elif k is not None and op in ("<", ">="):
            cands = [str(k - 1), str(k)]
        else:
            cands = [text]
        for c in cands:
            if c != initial and (start is None or _int(c) != start) and c not in out:
                out.append(c)
    if not out and var.type.get_canonical().kind.name in _CHAR_KINDS:
        out = [c for c in reads.chars if c != initial]
    if not out:
        out = [v for v in ("0", "1") if _int(v) != start]
    return out[:MAX_VALUES], initial


def _spelled_bool(function: Any) -> bool:
    """Whether the signature of ``function`` (a C setter) spells ``bool``: ``<stdbool.h>`` or C23,
    where ``true`` and ``false`` exist too.
    """
    for tok in function.get_tokens():
        if tok.spelling in ("bool", "{"):
            return bool(tok.spelling == "bool")
    return False


def _enum_values(
    enum_type: Any, init: Any, initial: str | None, compared: list[str], cpp: bool
) -> tuple[list[str], str] | None:
    """The other enumerators (one per value, those the readers compare with first) and the
    restoring argument of an enum setting whose initializer ``init`` is written ``initial``
    (None: no initializer, the zero enumerator).
    """
    decl = enum_type.get_canonical().get_declaration()
    constants = [c for c in decl.get_children() if _kind(c) == "ENUM_CONSTANT_DECL"]
    start: int | None = 0
    if init is not None:
        ref = _strip(init).referenced if _kind(_strip(init)) == "DECL_REF_EXPR" else None
        if ref is not None and _kind(ref) == "ENUM_CONSTANT_DECL":
            start = ref.enum_value
        else:
            start = _int(initial or "")
    else:
        zero = next((c for c in constants if c.enum_value == 0), None)
        if zero is None:
            return None  # no initializer and no zero enumerator: nothing to restore with
        initial = _enumerator(zero, cpp)
    seen = {start}
    out: list[str] = []
    constants.sort(key=lambda c: _enumerator(c, cpp) not in compared)  # stable: file order kept
    for c in constants:
        if c.enum_value not in seen:
            seen.add(c.enum_value)
            out.append(_enumerator(c, cpp))
    return (out[:MAX_VALUES], initial) if out and initial else None
