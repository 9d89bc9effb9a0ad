"""The edits of each mutation operator on one function body (libclang AST and tokens).

``classic_edits(tu, body, source)`` finds the edits of ``CLASSIC_OPERATORS`` and
``realistic_edits(tu, body, source)`` those of ``REALISTIC_OPERATORS`` (the operators are listed
in ``cdoctest_runner.mutation.mutate``'s docstring, which owns the contract); ``source`` is the
file's UTF-8 bytes and every ``Edit`` is at byte offsets into it.
``cdoctest_runner.mutation.mutate.make_mutants`` turns the edits into ``Mutant`` objects. Pure:
libclang only, nothing runs.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from cdoctest_runner.clang import Cursor

_BINARY = {
    "+": ("arithmetic", ["-"]),
    "-": ("arithmetic", ["+"]),
    "*": ("arithmetic", ["/"]),
    "/": ("arithmetic", ["*"]),
    "%": ("arithmetic", ["*"]),
    "+=": ("arithmetic", ["-="]),
    "-=": ("arithmetic", ["+="]),
    "*=": ("arithmetic", ["/="]),
    "/=": ("arithmetic", ["*="]),
    "%=": ("arithmetic", ["*="]),
    "<": ("relational", ["<=", ">"]),
    "<=": ("relational", ["<", ">="]),
    ">": ("relational", [">=", "<"]),
    ">=": ("relational", [">", "<="]),
    "==": ("relational", ["!="]),
    "!=": ("relational", ["=="]),
    "&&": ("logical", ["||"]),
    "||": ("logical", ["&&"]),
    "&": ("bitwise", ["|"]),
    "|": ("bitwise", ["&"]),
    "^": ("bitwise", ["&"]),
    "<<": ("bitwise", [">>"]),
    ">>": ("bitwise", ["<<"]),
    "&=": ("bitwise", ["|="]),
    "|=": ("bitwise", ["&="]),
    "^=": ("bitwise", ["&="]),
    "<<=": ("bitwise", [">>="]),
    ">>=": ("bitwise", ["<<="]),
}

_INT_LITERAL = re.compile(r"^(0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)([uUlLzZ]*)$")


@dataclass(frozen=True)
class Edit:
    """One textual change of the source: ``source[start:end]`` becomes ``replacement``."""

    start: int  # byte offsets into the UTF-8 source
    end: int
    replacement: bytes
    operator: str
    description: str
    inserts: tuple[tuple[int, bytes], ...] = ()  # extra insertions (offset, text), for negations


class Tokens:
    """The tokens of one extent, with byte offsets, searchable by offset."""

    def __init__(self, tu: Cursor, extent: Cursor) -> None:
        toks = list(tu.get_tokens(extent=extent))
        self.spelling = [t.spelling for t in toks]
        self.start = [t.extent.start.offset for t in toks]
        self.end = [t.extent.end.offset for t in toks]
        self.kind = [t.kind.name for t in toks]
        self.lo, self.hi = extent.start.offset, extent.end.offset

    def inside(self, cursor: Cursor) -> bool:
        """Whether ``cursor`` is a non-empty extent within this one (in the main file)."""
        s, e = cursor.extent.start, cursor.extent.end
        return (
            s.file is not None
            and self.lo <= s.offset
            and e.offset <= self.hi
            and s.offset < e.offset
        )

    def index_at_or_after(self, offset: int) -> int:
        """Index of the first token starting at or after ``offset``."""
        return bisect.bisect_left(self.start, offset)

    def matching_paren(self, i: int) -> int | None:
        """Index of the ``)`` that closes the first ``(`` at or after token ``i`` (None: none)."""
        depth = 0
        for j in range(i, len(self.spelling)):
            s = self.spelling[j]
            if s == "(":
                depth += 1
            elif s == ")":
                depth -= 1
                if depth == 0:
                    return j
        return None


def _walk(cursor: Cursor) -> Iterator[Cursor]:
    for child in cursor.get_children():
        yield child
        yield from _walk(child)


def short_text(text: str) -> str:
    """``text`` on one line, cut to 40 characters.

    >>> short_text("a  +\\n b"), short_text("x" * 50)
    ('a + b', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')
    """
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


class _Body:
    """One function body as the operators see it: its tokens and the file's bytes."""

    def __init__(self, tu: Cursor, body: Cursor, source: bytes) -> None:
        self.toks = Tokens(tu, body.extent)
        self.source = source

    def text(self, cursor: Cursor) -> str:
        """The source text of ``cursor``."""
        return self.source[cursor.extent.start.offset : cursor.extent.end.offset].decode(
            "utf-8", "replace"
        )

    def replace_token(self, i: int, rep: str, operator: str, what: str) -> Edit:
        """Token ``i`` becomes ``rep``."""
        return Edit(self.toks.start[i], self.toks.end[i], rep.encode(), operator, what)

    def negate_parens(self, open_i: int, keyword: str) -> list[Edit]:
        """The condition in the parentheses opening at token ``open_i`` wrapped in ``!( )``."""
        toks = self.toks
        close_i = toks.matching_paren(open_i)
        if close_i is None or close_i <= open_i + 1:
            return []
        a, b = toks.end[open_i], toks.start[close_i]
        cond = self.source[a:b].decode("utf-8", "replace").strip()
        return [Edit(a, a, b"!(", "negate", f"negate `{keyword}` condition `{cond}`", ((b, b")"),))]

    def wrap(self, cursor: Cursor, suffix: str, operator: str, what: str) -> Edit:
        """``cursor``'s expression ``e`` becomes ``(e)suffix``."""
        a, b = cursor.extent.start.offset, cursor.extent.end.offset
        shown = short_text(self.text(cursor))
        return Edit(
            a,
            a,
            b"(",
            operator,
            f"{what} `{shown}` -> `({shown}){suffix}`",
            ((b, f"){suffix}".encode()),),
        )

    def through_semicolon(self, end: int) -> int:
        """``end``, or the end of the ``;`` that starts right there."""
        toks = self.toks
        k = toks.index_at_or_after(end)
        if k < len(toks.spelling) and toks.start[k] == end and toks.spelling[k] == ";":
            return int(toks.end[k])
        return end


# --------------------------------------------------------------------------- classic operators


def _operator_swap(cur: Cursor, body: _Body) -> list[Edit]:
    """``arithmetic``/``relational``/``logical``/``bitwise``: a binary or compound operator."""
    toks = body.toks
    children = list(cur.get_children())
    if len(children) != 2:
        return []
    i = toks.index_at_or_after(children[0].extent.end.offset)
    if i >= len(toks.spelling) or toks.start[i] >= children[1].extent.start.offset:
        return []
    op = toks.spelling[i]
    if op not in _BINARY:
        return []
    operator, replacements = _BINARY[op]
    return [body.replace_token(i, rep, operator, f"`{op}` -> `{rep}`") for rep in replacements]


def _integer_constant(cur: Cursor, body: _Body) -> list[Edit]:
    """``constant``: an integer literal ``n`` -> ``n+1`` and ``n-1`` (kept in its base/suffix)."""
    toks = body.toks
    i = toks.index_at_or_after(cur.extent.start.offset)
    if i >= len(toks.spelling) or toks.start[i] != cur.extent.start.offset:
        return []
    lit = toks.spelling[i]
    m = _INT_LITERAL.match(lit)
    if not m:
        return []  # macro expansion, octal, binary, digit separators: left alone
    digits, suffix = m.group(1), m.group(2)
    is_hex = digits[:2].lower() == "0x"
    value = int(digits, 16 if is_hex else 10)
    edits = []
    for new in (value + 1, value - 1):
        if new < 0:
            if "u" in suffix.lower():
                continue
            rep = f"(-1{suffix})"
        else:
            rep = (f"0x{new:X}" if is_hex else str(new)) + suffix
        edits.append(body.replace_token(i, rep, "constant", f"`{lit}` -> `{rep}`"))
    return edits


def _bool_constant(cur: Cursor, body: _Body) -> list[Edit]:
    """``constant``: ``true`` <-> ``false``."""
    toks = body.toks
    i = toks.index_at_or_after(cur.extent.start.offset)
    if i >= len(toks.spelling) or toks.spelling[i] not in ("true", "false"):
        return []
    lit = toks.spelling[i]
    rep = "false" if lit == "true" else "true"
    return [body.replace_token(i, rep, "constant", f"`{lit}` -> `{rep}`")]


def _char_constant(cur: Cursor, body: _Body) -> list[Edit]:
    """``constant``: a letter or digit character literal -> the next one (``z`` -> ``a``)."""
    toks = body.toks
    i = toks.index_at_or_after(cur.extent.start.offset)
    lit = toks.spelling[i] if i < len(toks.spelling) else ""
    if not (len(lit) == 3 and lit[0] == lit[2] == "'" and lit[1].isalnum()):
        return []
    c = lit[1]
    rep = "'{}'".format({"z": "a", "Z": "A", "9": "0"}.get(c, chr(ord(c) + 1)))
    return [body.replace_token(i, rep, "constant", f"`{lit}` -> `{rep}`")]


def _enum_constant(cur: Cursor, body: _Body) -> list[Edit]:
    """``constant``: a use of an enumerator -> the next one of its enum (cyclically)."""
    from clang.cindex import CursorKind as K

    if cur.referenced is None or cur.referenced.kind != K.ENUM_CONSTANT_DECL:
        return []
    toks = body.toks
    consts = [
        c.spelling
        for c in cur.referenced.semantic_parent.get_children()
        if c.kind == K.ENUM_CONSTANT_DECL
    ]
    i = toks.index_at_or_after(cur.extent.end.offset) - 1
    if len(consts) < 2 or i < 0 or toks.spelling[i] != cur.referenced.spelling:
        return []
    name = toks.spelling[i]
    rep = consts[(consts.index(name) + 1) % len(consts)]
    return [body.replace_token(i, rep, "constant", f"`{name}` -> `{rep}`")]


def _negate_if_or_while(cur: Cursor, body: _Body) -> list[Edit]:
    """``negate``: the condition of ``if (...)`` / ``while (...)`` (not ``if constexpr``)."""
    from clang.cindex import CursorKind as K

    toks = body.toks
    i = toks.index_at_or_after(cur.extent.start.offset)
    keyword = "if" if cur.kind == K.IF_STMT else "while"
    if i + 1 >= len(toks.spelling) or toks.spelling[i] != keyword:
        return []
    if toks.spelling[i + 1] != "(":  # `if constexpr`, `if consteval`
        return []
    return body.negate_parens(i + 1, keyword)


def _negate_do_while(cur: Cursor, body: _Body) -> list[Edit]:
    """``negate``: the condition of ``do ... while (...)`` (its last ``while``)."""
    toks = body.toks
    i0 = toks.index_at_or_after(cur.extent.start.offset)
    i1 = toks.index_at_or_after(cur.extent.end.offset)
    whiles = [j for j in range(i0, min(i1 + 1, len(toks.spelling))) if toks.spelling[j] == "while"]
    if whiles and whiles[-1] + 1 < len(toks.spelling) and toks.spelling[whiles[-1] + 1] == "(":
        return body.negate_parens(whiles[-1] + 1, "do-while")
    return []


def _negate_conditional(cur: Cursor, body: _Body) -> list[Edit]:
    """``negate``: the condition of ``c ? a : b``."""
    children = list(cur.get_children())
    if len(children) != 3:
        return []
    c = children[0].extent
    a, b = c.start.offset, c.end.offset
    cond = body.source[a:b].decode("utf-8", "replace")
    return [Edit(a, a, b"!(", "negate", f"negate `?:` condition `{cond}`", ((b, b")"),))]


def _delete_statements(cur: Cursor, body: _Body) -> list[Edit]:
    """``delete``: each expression statement, ``break;`` and ``continue;`` of a ``{ }`` block."""
    from clang.cindex import CursorKind as K

    toks = body.toks
    edits = []
    for st in cur.get_children():
        if not toks.inside(st):
            continue
        if not (st.kind.is_expression() or st.kind in (K.BREAK_STMT, K.CONTINUE_STMT)):
            continue
        j = toks.index_at_or_after(st.extent.end.offset - 1)
        while j < len(toks.spelling) and toks.spelling[j] != ";":
            j += 1
        if j >= len(toks.spelling):
            continue
        a, b = st.extent.start.offset, toks.end[j]
        text = body.source[a:b].decode("utf-8", "replace")
        if "\n" in text:
            text = text.split("\n", 1)[0] + " ..."
        edits.append(Edit(a, b, b"", "delete", f"delete `{text}`"))
    return edits


def _case_label_offsets(body: Cursor) -> set[int]:
    """Start offsets of every cursor in a ``case X:`` label of ``body``."""
    from clang.cindex import CursorKind as K

    offsets: set[int] = set()
    for cur in _walk(body):
        if cur.kind == K.CASE_STMT:
            label = next(iter(cur.get_children()), None)
            if label is not None:
                offsets.update(c.extent.start.offset for c in _walk(label))
                offsets.add(label.extent.start.offset)
    return offsets


def classic_edits(tu: Cursor, body: Cursor, source: bytes) -> list[Edit]:
    """Edits of the operators in ``CLASSIC_OPERATORS`` (``cdoctest_runner.mutation.mutate``), in the
    order of the body's cursors (preorder), each cursor's edits in its operator's order.
    """
    from clang.cindex import CursorKind as K

    by_kind = {
        K.BINARY_OPERATOR: _operator_swap,
        K.COMPOUND_ASSIGNMENT_OPERATOR: _operator_swap,
        K.INTEGER_LITERAL: _integer_constant,
        K.CXX_BOOL_LITERAL_EXPR: _bool_constant,
        K.CHARACTER_LITERAL: _char_constant,
        K.DECL_REF_EXPR: _enum_constant,
        K.IF_STMT: _negate_if_or_while,
        K.WHILE_STMT: _negate_if_or_while,
        K.DO_STMT: _negate_do_while,
        K.CONDITIONAL_OPERATOR: _negate_conditional,
        K.COMPOUND_STMT: _delete_statements,
    }
    scope = _Body(tu, body, source)
    # `case X:` labels are left alone: changing one mostly makes a duplicate label (stillborn).
    case_labels = _case_label_offsets(body)
    edits: list[Edit] = []
    for cur in _walk(body):
        if not scope.toks.inside(cur) or cur.extent.start.offset in case_labels:
            continue
        operator = by_kind.get(cur.kind)
        if operator is not None:
            edits += operator(cur, scope)
    return edits


# --------------------------------------------------------------------------- realistic operators

_WIDE = {"LONG", "LONGLONG", "ULONG", "ULONGLONG", "INT128", "UINT128"}
_NARROW = {"INT", "UINT", "SHORT", "USHORT", "CHAR_S", "CHAR_U", "SCHAR", "UCHAR", "BOOL"}
_INTEGRAL = _WIDE | _NARROW | {"ENUM"}


def _kind(t: Cursor) -> str:
    return str(t.get_canonical().kind.name)


def _drop_term(cur: Cursor, body: _Body) -> list[Edit]:
    """``drop-term``: ``a && b`` / ``a || b`` -> ``a`` and -> ``b``."""
    toks = body.toks
    children = list(cur.get_children())
    if len(children) != 2:
        return []
    i = toks.index_at_or_after(children[0].extent.end.offset)
    if i >= len(toks.spelling) or toks.spelling[i] not in ("&&", "||"):
        return []
    a, b = cur.extent.start.offset, cur.extent.end.offset
    op = toks.spelling[i]
    left, right = children
    return [
        Edit(
            a,
            b,
            body.text(left).encode(),
            "drop-term",
            f"drop `{op} {short_text(body.text(right))}`",
        ),
        Edit(
            a,
            b,
            body.text(right).encode(),
            "drop-term",
            f"drop `{short_text(body.text(left))} {op}`",
        ),
    ]


def _remove_widening_cast(cur: Cursor, body: _Body) -> list[Edit]:
    """``widening``: a C cast of a narrow integer to a wide one removed."""
    children = [c for c in cur.get_children() if c.kind.is_expression()]
    if not children or _kind(cur.type) not in _WIDE:
        return []
    operand = children[-1]
    if _kind(operand.type) not in _NARROW:
        return []
    a, b = cur.extent.start.offset, operand.extent.start.offset
    cast = body.source[a:b].decode("utf-8", "replace").strip()
    return [Edit(a, b, b"", "widening", f"remove the widening cast `{cast}`")]


def _narrow_variable(cur: Cursor, body: _Body) -> list[Edit]:
    """``widening``: a local ``long``/``long long`` variable declared ``int`` (or ``unsigned``)."""
    if _kind(cur.type) not in _WIDE:
        return []
    toks = body.toks
    i0 = toks.index_at_or_after(cur.extent.start.offset)
    j = i0
    while j < len(toks.spelling) and toks.spelling[j] in ("long", "unsigned", "signed", "int"):
        j += 1
    if j == i0 or j >= len(toks.spelling) or toks.spelling[j] != cur.spelling:
        return []
    narrow = b"unsigned" if "unsigned" in toks.spelling[i0:j] else b"int"
    typ = " ".join(toks.spelling[i0:j])
    what = f"`{typ} {cur.spelling}` -> `{narrow.decode()} {cur.spelling}`"
    return [Edit(toks.start[i0], toks.end[j - 1], narrow, "widening", what)]


def _index_off_by_one(cur: Cursor, body: _Body) -> list[Edit]:
    """``off-by-one``: a non-literal array index ``i`` -> ``(i) + 1`` / ``(i) - 1``."""
    from clang.cindex import CursorKind as K

    children = list(cur.get_children())
    if len(children) != 2 or children[1].kind == K.INTEGER_LITERAL:
        return []
    return [
        body.wrap(children[1], " + 1", "off-by-one", "index"),
        body.wrap(children[1], " - 1", "off-by-one", "index"),
    ]


def _loop_bound_off_by_one(cur: Cursor, body: _Body) -> list[Edit]:
    """``off-by-one``: a non-literal ``for`` bound ``i < n`` -> ``i < (n) - 1``."""
    from clang.cindex import CursorKind as K

    toks = body.toks
    conds = [c for c in cur.get_children() if c.kind == K.BINARY_OPERATOR]
    if not conds:
        return []
    parts = list(conds[0].get_children())
    i = toks.index_at_or_after(parts[0].extent.end.offset) if len(parts) == 2 else -1
    if i < 0 or i >= len(toks.spelling) or toks.spelling[i] not in ("<", "<=", "!="):
        return []
    if parts[1].kind == K.INTEGER_LITERAL:
        return []  # the constant operator already moves it
    return [body.wrap(parts[1], " - 1", "off-by-one", "loop bound")]


def _remove_if_or_else(cur: Cursor, body: _Body) -> list[Edit]:
    """``remove-branch``: an ``if`` without ``else`` removed whole (a forgotten check), or the
    ``else`` branch of one that has it.
    """
    toks = body.toks
    children = list(cur.get_children())
    if len(children) == 2:
        # A whole guard without `else` (`if (v > MAX) return 0;`): a forgotten check.
        i0 = toks.index_at_or_after(cur.extent.start.offset)
        end = body.through_semicolon(cur.extent.end.offset)
        if i0 >= len(toks.spelling) or toks.spelling[i0] != "if":
            return []
        what = f"remove the check `if ({short_text(body.text(children[0]))}) ...`"
        return [Edit(toks.start[i0], end, b"", "remove-branch", what)]
    if len(children) != 3:
        return []
    els = children[2]
    j = toks.index_at_or_after(els.extent.start.offset) - 1
    if j < 0 or toks.spelling[j] != "else":
        return []
    end = body.through_semicolon(els.extent.end.offset)
    what = f"remove `else {short_text(body.text(els))}`"
    return [Edit(toks.start[j], end, b"", "remove-branch", what)]


def _remove_case_label(cur: Cursor, body: _Body) -> list[Edit]:
    """``remove-branch``: a ``case X:`` label removed (falls to ``default`` or the case above)."""
    toks = body.toks
    i0 = toks.index_at_or_after(cur.extent.start.offset)
    if i0 >= len(toks.spelling) or toks.spelling[i0] != "case":
        return []
    j = i0 + 1
    while j < len(toks.spelling) and toks.spelling[j] != ":":
        j += 1
    if j >= len(toks.spelling):
        return []
    label = body.source[toks.start[i0] : toks.end[j]].decode("utf-8", "replace")
    return [Edit(toks.start[i0], toks.end[j], b"", "remove-branch", f"remove `{label}`")]


def _return_plus_one(cur: Cursor, body: _Body) -> list[Edit]:
    """``return``: a returned non-literal integer expression -> ``(expr) + 1``."""
    children = list(cur.get_children())
    if len(children) != 1:
        return []
    value = children[0]
    if _kind(value.type) not in _INTEGRAL - {"BOOL", "ENUM"}:
        return []
    if not any(t.kind.name == "IDENTIFIER" for t in value.get_tokens()):
        return []  # a literal: the constant operator already moves it
    return [body.wrap(value, " + 1", "return", "return")]


def _swap_arguments(cur: Cursor, body: _Body) -> list[Edit]:
    """``swap-args``: two neighbouring call arguments of the same type (and other text) swapped."""
    edits = []
    for x, y in itertools.pairwise(cur.get_arguments()):
        if not (body.toks.inside(x) and body.toks.inside(y)):
            continue
        if x.type.get_canonical().spelling != y.type.get_canonical().spelling:
            continue
        tx, ty = body.text(x), body.text(y)
        if tx == ty:
            continue
        a, b = x.extent.start.offset, y.extent.end.offset
        between = body.source[x.extent.end.offset : y.extent.start.offset]
        what = f"swap `{short_text(tx)}` and `{short_text(ty)}` in `{cur.spelling}(...)`"
        edits.append(Edit(a, b, ty.encode() + between + tx.encode(), "swap-args", what))
    return edits


def realistic_edits(tu: Cursor, body: Cursor, source: bytes) -> list[Edit]:
    """Edits of the operators in ``REALISTIC_OPERATORS`` (module docstring), in the order of the
    body's cursors (preorder), each cursor's edits in its operator's order.
    """
    from clang.cindex import CursorKind as K

    by_kind = {
        K.BINARY_OPERATOR: _drop_term,
        K.CSTYLE_CAST_EXPR: _remove_widening_cast,
        K.VAR_DECL: _narrow_variable,
        K.ARRAY_SUBSCRIPT_EXPR: _index_off_by_one,
        K.FOR_STMT: _loop_bound_off_by_one,
        K.IF_STMT: _remove_if_or_else,
        K.CASE_STMT: _remove_case_label,
        K.RETURN_STMT: _return_plus_one,
        K.CALL_EXPR: _swap_arguments,
    }
    scope = _Body(tu, body, source)
    edits: list[Edit] = []
    for cur in _walk(body):
        operator = by_kind.get(cur.kind)
        if operator is not None and scope.toks.inside(cur):
            edits += operator(cur, scope)
    return edits
