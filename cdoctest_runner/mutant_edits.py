"""The edits of each mutation operator on one function body (libclang AST and tokens).

``classic_edits(tu, body, source)`` finds the edits of ``CLASSIC_OPERATORS`` and
``realistic_edits(tu, body, source)`` those of ``REALISTIC_OPERATORS`` (the operators are listed
in ``cdoctest_runner.mutate``'s docstring, which owns the contract); ``source`` is the file's UTF-8
bytes and every ``Edit`` is at byte offsets into it. ``cdoctest_runner.mutate.make_mutants`` turns
the edits into ``Mutant`` objects. Pure: libclang only, nothing runs.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass

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

    def __init__(self, tu, extent) -> None:  # noqa: ANN001
        toks = list(tu.get_tokens(extent=extent))
        self.spelling = [t.spelling for t in toks]
        self.start = [t.extent.start.offset for t in toks]
        self.end = [t.extent.end.offset for t in toks]
        self.kind = [t.kind.name for t in toks]
        self.lo, self.hi = extent.start.offset, extent.end.offset

    def inside(self, cursor) -> bool:  # noqa: ANN001
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


def _walk(cursor):  # noqa: ANN001, ANN202
    for child in cursor.get_children():
        yield child
        yield from _walk(child)


def classic_edits(tu, body, source: bytes) -> list[Edit]:  # noqa: ANN001
    """Edits of the operators in ``CLASSIC_OPERATORS`` (``cdoctest_runner.mutate``)."""
    from clang import cindex

    K = cindex.CursorKind
    toks = Tokens(tu, body.extent)
    inside = toks.inside
    edits: list[Edit] = []

    def negate_parens(open_i: int, keyword: str) -> None:
        close_i = toks.matching_paren(open_i)
        if close_i is None or close_i <= open_i + 1:
            return
        a, b = toks.end[open_i], toks.start[close_i]
        cond = source[a:b].decode("utf-8", "replace").strip()
        edits.append(
            Edit(a, a, b"!(", "negate", f"negate `{keyword}` condition `{cond}`", ((b, b")"),))
        )

    # `case X:` labels are left alone: changing one mostly makes a duplicate label (stillborn).
    case_labels = set()
    for cur in _walk(body):
        if cur.kind == K.CASE_STMT:
            label = next(iter(cur.get_children()), None)
            if label is not None:
                case_labels.update(c.extent.start.offset for c in _walk(label))
                case_labels.add(label.extent.start.offset)

    for cur in _walk(body):
        if not inside(cur):
            continue
        kind = cur.kind
        if cur.extent.start.offset in case_labels:
            continue
        if kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            children = list(cur.get_children())
            if len(children) != 2:
                continue
            i = toks.index_at_or_after(children[0].extent.end.offset)
            if i >= len(toks.spelling) or toks.start[i] >= children[1].extent.start.offset:
                continue
            op = toks.spelling[i]
            if op not in _BINARY:
                continue
            operator, replacements = _BINARY[op]
            for rep in replacements:
                edits.append(
                    Edit(toks.start[i], toks.end[i], rep.encode(), operator, f"`{op}` -> `{rep}`")
                )
        elif kind == K.INTEGER_LITERAL:
            i = toks.index_at_or_after(cur.extent.start.offset)
            if i >= len(toks.spelling) or toks.start[i] != cur.extent.start.offset:
                continue
            lit = toks.spelling[i]
            m = _INT_LITERAL.match(lit)
            if not m:
                continue  # macro expansion, octal, binary, digit separators: left alone
            digits, suffix = m.group(1), m.group(2)
            is_hex = digits[:2].lower() == "0x"
            value = int(digits, 16 if is_hex else 10)
            for new in (value + 1, value - 1):
                if new < 0:
                    if "u" in suffix.lower():
                        continue
                    rep = f"(-1{suffix})"
                else:
                    rep = (f"0x{new:X}" if is_hex else str(new)) + suffix
                edits.append(
                    Edit(
                        toks.start[i], toks.end[i], rep.encode(), "constant", f"`{lit}` -> `{rep}`"
                    )
                )
        elif kind == K.CXX_BOOL_LITERAL_EXPR:
            i = toks.index_at_or_after(cur.extent.start.offset)
            if i < len(toks.spelling) and toks.spelling[i] in ("true", "false"):
                lit = toks.spelling[i]
                rep = "false" if lit == "true" else "true"
                edits.append(
                    Edit(
                        toks.start[i], toks.end[i], rep.encode(), "constant", f"`{lit}` -> `{rep}`"
                    )
                )
        elif kind == K.CHARACTER_LITERAL:
            i = toks.index_at_or_after(cur.extent.start.offset)
            lit = toks.spelling[i] if i < len(toks.spelling) else ""
            if len(lit) == 3 and lit[0] == lit[2] == "'" and lit[1].isalnum():
                c = lit[1]
                nxt = {"z": "a", "Z": "A", "9": "0"}.get(c, chr(ord(c) + 1))
                rep = f"'{nxt}'"
                edits.append(
                    Edit(
                        toks.start[i], toks.end[i], rep.encode(), "constant", f"`{lit}` -> `{rep}`"
                    )
                )
        elif (
            kind == K.DECL_REF_EXPR
            and cur.referenced is not None
            and cur.referenced.kind == K.ENUM_CONSTANT_DECL
        ):
            consts = [
                c.spelling
                for c in cur.referenced.semantic_parent.get_children()
                if c.kind == K.ENUM_CONSTANT_DECL
            ]
            i = toks.index_at_or_after(cur.extent.end.offset) - 1
            if len(consts) < 2 or i < 0 or toks.spelling[i] != cur.referenced.spelling:
                continue
            name = toks.spelling[i]
            rep = consts[(consts.index(name) + 1) % len(consts)]
            edits.append(
                Edit(toks.start[i], toks.end[i], rep.encode(), "constant", f"`{name}` -> `{rep}`")
            )
        elif kind in (K.IF_STMT, K.WHILE_STMT):
            i = toks.index_at_or_after(cur.extent.start.offset)
            keyword = "if" if kind == K.IF_STMT else "while"
            if i + 1 >= len(toks.spelling) or toks.spelling[i] != keyword:
                continue
            if toks.spelling[i + 1] != "(":  # `if constexpr`, `if consteval`
                continue
            negate_parens(i + 1, keyword)
        elif kind == K.DO_STMT:
            i0 = toks.index_at_or_after(cur.extent.start.offset)
            i1 = toks.index_at_or_after(cur.extent.end.offset)
            whiles = [
                j for j in range(i0, min(i1 + 1, len(toks.spelling))) if toks.spelling[j] == "while"
            ]
            if (
                whiles
                and whiles[-1] + 1 < len(toks.spelling)
                and toks.spelling[whiles[-1] + 1] == "("
            ):
                negate_parens(whiles[-1] + 1, "do-while")
        elif kind == K.CONDITIONAL_OPERATOR:
            children = list(cur.get_children())
            if len(children) != 3:
                continue
            c = children[0].extent
            a, b = c.start.offset, c.end.offset
            cond = source[a:b].decode("utf-8", "replace")
            edits.append(
                Edit(a, a, b"!(", "negate", f"negate `?:` condition `{cond}`", ((b, b")"),))
            )
        if kind == K.COMPOUND_STMT:
            for st in cur.get_children():
                if not inside(st):
                    continue
                if not (st.kind.is_expression() or st.kind in (K.BREAK_STMT, K.CONTINUE_STMT)):
                    continue
                j = toks.index_at_or_after(st.extent.end.offset - 1)
                while j < len(toks.spelling) and toks.spelling[j] != ";":
                    j += 1
                if j >= len(toks.spelling):
                    continue
                a, b = st.extent.start.offset, toks.end[j]
                text = source[a:b].decode("utf-8", "replace")
                if "\n" in text:
                    text = text.split("\n", 1)[0] + " ..."
                edits.append(Edit(a, b, b"", "delete", f"delete `{text}`"))
    return edits


_WIDE = {"LONG", "LONGLONG", "ULONG", "ULONGLONG", "INT128", "UINT128"}
_NARROW = {"INT", "UINT", "SHORT", "USHORT", "CHAR_S", "CHAR_U", "SCHAR", "UCHAR", "BOOL"}
_INTEGRAL = _WIDE | _NARROW | {"ENUM"}


def _kind(t) -> str:  # noqa: ANN001
    return t.get_canonical().kind.name


def realistic_edits(tu, body, source: bytes) -> list[Edit]:  # noqa: ANN001
    """Edits of the operators in ``REALISTIC_OPERATORS`` (module docstring)."""
    from clang import cindex

    K = cindex.CursorKind
    toks = Tokens(tu, body.extent)
    inside = toks.inside
    edits: list[Edit] = []

    def text(c) -> str:  # noqa: ANN001
        return source[c.extent.start.offset : c.extent.end.offset].decode("utf-8", "replace")

    def short(t: str) -> str:
        t = " ".join(t.split())
        return t if len(t) <= 40 else t[:37] + "..."

    def wrap(c, suffix: str, operator: str, what: str) -> None:  # noqa: ANN001
        a, b = c.extent.start.offset, c.extent.end.offset
        edits.append(
            Edit(
                a,
                a,
                b"(",
                operator,
                f"{what} `{short(text(c))}` -> `({short(text(c))}){suffix}`",
                ((b, f"){suffix}".encode()),),
            )
        )

    for cur in _walk(body):
        if not inside(cur):
            continue
        kind = cur.kind
        if kind == K.BINARY_OPERATOR:
            children = list(cur.get_children())
            if len(children) != 2:
                continue
            i = toks.index_at_or_after(children[0].extent.end.offset)
            if i >= len(toks.spelling) or toks.spelling[i] not in ("&&", "||"):
                continue
            a, b = cur.extent.start.offset, cur.extent.end.offset
            for keep, gone in ((children[0], children[1]), (children[1], children[0])):
                edits.append(
                    Edit(
                        a,
                        b,
                        text(keep).encode(),
                        "drop-term",
                        f"drop `{toks.spelling[i]} {short(text(gone))}`"
                        if keep is children[0]
                        else f"drop `{short(text(gone))} {toks.spelling[i]}`",
                    )
                )
        elif kind == K.CSTYLE_CAST_EXPR:
            children = [c for c in cur.get_children() if c.kind.is_expression()]
            if not children or _kind(cur.type) not in _WIDE:
                continue
            operand = children[-1]
            if _kind(operand.type) not in _NARROW:
                continue
            a, b = cur.extent.start.offset, operand.extent.start.offset
            cast = source[a:b].decode("utf-8", "replace").strip()
            edits.append(Edit(a, b, b"", "widening", f"remove the widening cast `{cast}`"))
        elif kind == K.VAR_DECL and _kind(cur.type) in _WIDE:
            i0 = toks.index_at_or_after(cur.extent.start.offset)
            j = i0
            while j < len(toks.spelling) and toks.spelling[j] in (
                "long",
                "unsigned",
                "signed",
                "int",
            ):
                j += 1
            if j == i0 or j >= len(toks.spelling) or toks.spelling[j] != cur.spelling:
                continue
            narrow = b"unsigned" if "unsigned" in toks.spelling[i0:j] else b"int"
            typ = " ".join(toks.spelling[i0:j])
            edits.append(
                Edit(
                    toks.start[i0],
                    toks.end[j - 1],
                    narrow,
                    "widening",
                    f"`{typ} {cur.spelling}` -> `{narrow.decode()} {cur.spelling}`",
                )
            )
        elif kind == K.ARRAY_SUBSCRIPT_EXPR:
            children = list(cur.get_children())
            if len(children) != 2 or children[1].kind == K.INTEGER_LITERAL:
                continue
            wrap(children[1], " + 1", "off-by-one", "index")
            wrap(children[1], " - 1", "off-by-one", "index")
        elif kind == K.FOR_STMT:
            conds = [c for c in cur.get_children() if c.kind == K.BINARY_OPERATOR]
            if not conds:
                continue
            cond = conds[0]
            parts = list(cond.get_children())
            i = toks.index_at_or_after(parts[0].extent.end.offset) if len(parts) == 2 else -1
            if i < 0 or i >= len(toks.spelling) or toks.spelling[i] not in ("<", "<=", "!="):
                continue
            if parts[1].kind == K.INTEGER_LITERAL:
                continue  # the constant operator already moves it
            wrap(parts[1], " - 1", "off-by-one", "loop bound")
        elif kind == K.IF_STMT:
            children = list(cur.get_children())
            if len(children) == 2:
                # A whole guard without `else` (`if (v > MAX) return 0;`): a forgotten check.
                i0 = toks.index_at_or_after(cur.extent.start.offset)
                k = toks.index_at_or_after(cur.extent.end.offset)
                end = cur.extent.end.offset
                if k < len(toks.spelling) and toks.start[k] == end and toks.spelling[k] == ";":
                    end = toks.end[k]
                if i0 < len(toks.spelling) and toks.spelling[i0] == "if":
                    cond = text(children[0])
                    edits.append(
                        Edit(
                            toks.start[i0],
                            end,
                            b"",
                            "remove-branch",
                            f"remove the check `if ({short(cond)}) ...`",
                        )
                    )
                continue
            if len(children) != 3:
                continue
            els = children[2]
            j = toks.index_at_or_after(els.extent.start.offset) - 1
            if j < 0 or toks.spelling[j] != "else":
                continue
            k = toks.index_at_or_after(els.extent.end.offset)
            end = els.extent.end.offset
            if k < len(toks.spelling) and toks.start[k] == end and toks.spelling[k] == ";":
                end = toks.end[k]
            edits.append(
                Edit(toks.start[j], end, b"", "remove-branch", f"remove `else {short(text(els))}`")
            )
        elif kind == K.CASE_STMT:
            i0 = toks.index_at_or_after(cur.extent.start.offset)
            if i0 >= len(toks.spelling) or toks.spelling[i0] != "case":
                continue
            j = i0 + 1
            while j < len(toks.spelling) and toks.spelling[j] != ":":
                j += 1
            if j >= len(toks.spelling):
                continue
            label = source[toks.start[i0] : toks.end[j]].decode("utf-8", "replace")
            edits.append(
                Edit(toks.start[i0], toks.end[j], b"", "remove-branch", f"remove `{label}`")
            )
        elif kind == K.RETURN_STMT:
            children = list(cur.get_children())
            if len(children) != 1:
                continue
            value = children[0]
            if _kind(value.type) not in _INTEGRAL - {"BOOL", "ENUM"}:
                continue
            if not any(t.kind.name == "IDENTIFIER" for t in value.get_tokens()):
                continue  # a literal: the constant operator already moves it
            wrap(value, " + 1", "return", "return")
        elif kind == K.CALL_EXPR:
            args = list(cur.get_arguments())
            for x, y in itertools.pairwise(args):
                if not (inside(x) and inside(y)):
                    continue
                if x.type.get_canonical().spelling != y.type.get_canonical().spelling:
                    continue
                tx, ty = text(x), text(y)
                if tx == ty:
                    continue
                a, b = x.extent.start.offset, y.extent.end.offset
                between = source[x.extent.end.offset : y.extent.start.offset]
                edits.append(
                    Edit(
                        a,
                        b,
                        ty.encode() + between + tx.encode(),
                        "swap-args",
                        f"swap `{short(tx)}` and `{short(ty)}` in `{cur.spelling}(...)`",
                    )
                )
    return edits
