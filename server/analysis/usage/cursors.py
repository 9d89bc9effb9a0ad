"""What one libclang cursor of a mined file says: the callee's name, the arguments, the value an
assertion around a call states, the variable an expression stands for, the literals near a
token, the kind of a type (pure reads of cursors and tokens).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from server.analysis.usage.facts import MAX_SHOWN, SHOWN_ELEMENTS, Filled


def callee_name(tokens: Sequence[Any]) -> str:
    """The last identifier before the first ``(``: ``snprintf`` in ``test::snprintf(...)``."""
    name = ""
    for t in tokens:
        if t.spelling == "(":
            break
        if t.kind.name == "IDENTIFIER":
            name = t.spelling
    return name


def call_arguments(call_tokens: Sequence[Any]) -> list[list[Any]]:
    """The tokens of each top-level argument of a call."""
    args: list[list[Any]] = []
    depth = 0
    current: list[Any] = []
    started = False
    for t in call_tokens:
        s = t.spelling
        if s in ("(", "[", "{"):
            depth += 1
            if depth == 1 and not started:
                started = True
                continue
        elif s in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                break
        if not started:
            continue
        if s == "," and depth == 1:
            args.append(current)
            current = []
        else:
            current.append(t)
    if current:
        args.append(current)
    return args


def asserted_value(toks: Sequence[Any], start: int, end: int, in_condition: bool) -> str | None:
    """The literal the call is compared with: ``call == 3``, ``3 == call`` (``!=`` in an
    ``if`` condition, where the branch is the failure), or a sibling argument of an
    ``*EQ*`` assertion macro (``ASSERT_EQ(call, 3)``, ``lequal(call, 3)``).
    """
    ops = ("==", "!=") if in_condition else ("==",)
    right = literal_at(toks, end + 2) if end + 2 < len(toks) else None
    if right is not None and toks[end + 1].spelling in ops:
        return right
    if start >= 2 and toks[start - 1].spelling in ops:
        left = literal_before(toks, start - 2)
        if left is not None:
            return left
    # A whole argument of an enclosing equality macro or string comparison
    # (``ASSERT_EQ(call, 3)``, ``strcmp(call, "x") == 0``): a literal sibling argument.
    depth = 0
    for i in range(start - 1, 0, -1):
        s = toks[i].spelling
        if s in (")", "]"):
            depth += 1
        elif s in ("(", "["):
            depth -= 1
        if depth >= 0:
            continue
        name = toks[i - 1].spelling.lower()
        close = matching_close(toks, i)
        if s != "(" or close is None or not ("eq" in name or "cmp" in name):
            return None
        args = call_arguments(toks[i - 1 : close + 1])
        first, last = toks[start].extent.start.offset, toks[end].extent.end.offset
        for a in args:
            whole = a and a[0].extent.start.offset == first
            if whole and a[-1].extent.end.offset == last:
                lits = [b for b in args if b is not a and b and literal_len(b) == len(b)]
                return "".join(t.spelling for t in lits[0]) if lits else None
        return None
    return None


def compared_value(tokens: Sequence[Any], var: str) -> str | None:
    """``var == literal`` (or an equality macro's pair) in a later statement."""
    for i, t in enumerate(tokens):
        if t.spelling == var and t.kind.name == "IDENTIFIER":
            found = asserted_value(tokens, i, i, in_condition=tokens[0].spelling == "if")
            if found is not None:
                return found
    return None


#: Expression kinds that pass their operand through (implicit conversions, parentheses, casts).
TRANSPARENT_EXPRS = ("UNEXPOSED_EXPR", "PAREN_EXPR", "CSTYLE_CAST_EXPR")


def variable_of(arg: Any) -> Any:
    """The ``DECL_REF_EXPR`` of the variable an argument passes for filling: ``&v``, or ``v``
    itself when it is an array or a pointer (casts and parentheses looked through); None for
    anything else (``url.path``, ``buf + 1``, a call).
    """
    node = arg
    while node.kind.name in TRANSPARENT_EXPRS:
        inner = list(node.get_children())
        if len(inner) != 1:
            return None
        node = inner[0]
    by_address = False
    if node.kind.name == "UNARY_OPERATOR":
        inner = list(node.get_children())
        pointer = node.type.get_canonical().kind.name == "POINTER"
        if len(inner) != 1 or not pointer or inner[0].kind.name != "DECL_REF_EXPR":
            return None
        if inner[0].type.get_canonical().kind.name == "POINTER":
            return None  # ``*p`` (a pointer's pointee is not its own address)
        node, by_address = inner[0], True
    if node.kind.name != "DECL_REF_EXPR" or node.referenced is None:
        return None
    if node.referenced.kind.name != "VAR_DECL":
        return None
    kind = node.referenced.type.get_canonical().kind.name
    if by_address or kind in ("CONSTANTARRAY", "INCOMPLETEARRAY", "POINTER"):
        return node
    return None


def matching_close(tokens: Sequence[Any], open_index: int) -> int | None:
    """The index of the ``)`` that closes the ``(`` at ``open_index``."""
    depth = 0
    for i in range(open_index, len(tokens)):
        s = tokens[i].spelling
        if s == "(":
            depth += 1
        elif s == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


def literal_len(tokens: Sequence[Any], i: int = 0) -> int:
    """How many tokens from ``i`` make one literal (``3``, ``-1``, ``"x"``, ``NULL``), else 0."""
    if i < len(tokens) and tokens[i].spelling in ("-", "+"):
        return 2 if i + 1 < len(tokens) and tokens[i + 1].kind.name == "LITERAL" else 0
    if i < len(tokens) and (
        tokens[i].kind.name == "LITERAL" or tokens[i].spelling in ("NULL", "true", "false")
    ):
        return 1
    return 0


def literal_at(tokens: Sequence[Any], i: int) -> str | None:
    """The literal that starts at ``i`` and ends an operand (a ``)``, ``,``, ``;``, ``&&``,
    ``||`` or the end follows), as written.
    """
    n = literal_len(tokens, i)
    if not n:
        return None
    j = i + n
    if j < len(tokens) and tokens[j].spelling not in (")", ",", ";", "&&", "||"):
        return None
    return "".join(t.spelling for t in tokens[i:j])


def literal_before(tokens: Sequence[Any], i: int) -> str | None:
    """The literal that ends at ``i`` and starts an operand."""
    for n in (1, 2):
        s = i - n + 1
        if s >= 0 and literal_len(tokens, s) == n:
            if s == 0 or tokens[s - 1].spelling in ("(", ",", "&&", "||", "!"):
                return "".join(t.spelling for t in tokens[s : i + 1])
    return None


def writable_pointer(t: Any) -> bool:
    """A pointer to non-const (a parameter a call can fill)."""
    c = t.get_canonical()
    return c.kind.name == "POINTER" and not c.get_pointee().is_const_qualified()


def type_kind(t: Any) -> str:
    """``void``, ``scalar`` (prints as a bare expression), ``string`` (a C string), ``handle``
    (a pointer to a struct or class) or ``other``.
    """
    c = t.get_canonical()
    kind = c.kind.name
    if kind == "VOID":
        return "void"
    if kind in ("CONSTANTARRAY", "INCOMPLETEARRAY") or kind == "POINTER":
        inner = (c.element_type if kind != "POINTER" else c.get_pointee()).get_canonical()
        if inner.kind.name in ("CHAR_S", "SCHAR", "CHAR_U", "UCHAR"):
            return "string" if kind == "POINTER" else "buffer"
        if kind == "POINTER" and inner.kind.name == "RECORD":
            return "handle"
        return "other"
    if kind in (
        "BOOL",
        "INT",
        "UINT",
        "LONG",
        "ULONG",
        "LONGLONG",
        "ULONGLONG",
        "SHORT",
        "USHORT",
        "CHAR_S",
        "SCHAR",
        "CHAR_U",
        "UCHAR",
        "DOUBLE",
        "FLOAT",
        "ENUM",
    ):
        return "scalar"
    return "other"


def filled_var(name: str, t: Any) -> Filled:
    """How to show the variable ``name`` of type ``t`` after a call filled it: a scalar or a
    string itself, a struct by its printable fields, an array by its first ``SHOWN_ELEMENTS``
    elements (a struct element by its fields).
    """
    kind = type_kind(t)
    if kind in ("scalar", "string", "buffer"):
        return Filled(name, kind)
    c = t.get_canonical()
    parts: list[tuple[str, str]] = []
    if c.kind.name == "RECORD":
        parts = record_parts(c)
    elif c.kind.name == "CONSTANTARRAY":
        element = c.element_type.get_canonical()
        inner = type_kind(element)
        for i in range(min(SHOWN_ELEMENTS, c.element_count)):
            if inner in ("scalar", "string"):
                parts.append((f"[{i}]", inner))
            elif element.kind.name == "RECORD":
                parts += [(f"[{i}]{s}", k) for s, k in record_parts(element)]
    if parts:
        return Filled(name, "parts", tuple(parts[:MAX_SHOWN]))
    return Filled(name, "other")


def record_parts(record: Any) -> list[tuple[str, str]]:
    """``(".field", kind)`` of a struct's printable fields."""
    out = []
    for f in record.get_fields():
        kind = type_kind(f.type)
        if kind in ("scalar", "string", "buffer"):
            out.append((f".{f.spelling}", kind))
    return out


@dataclass(frozen=True)
class Leaf:
    """A statement that holds no other statement as written (a declaration, an expression, a
    macro invocation), with its tokens, the calls in its AST (read once: the slices ask each
    statement about its calls again and again) and the variables it declares, defines and uses.
    """

    cursor: Any
    tokens: tuple[Any, ...]
    calls: tuple[Any, ...]  # its CALL_EXPR cursors, macros expanded, in preorder
    text: str
    line: int
    declares: frozenset[str]
    defines: frozenset[str]  # assigned as a whole, or filled through a pointer
    uses: frozenset[str]
    broken: bool  # an error diagnostic lies in it
