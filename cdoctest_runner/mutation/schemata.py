"""Mutant schemata: the mutants of a file in one text, each chosen at run time by a switch.

A mutant's own session compiles its whole mutated file (``mutate``'s docstring, "Cost"). A
*schema* is one text holding the original code and the change of every mutant, each behind the
switch ``__cdt_mutant`` (``reuse.MUTANT_SWITCH``, declared ``int __cdt_mutant = 0;`` before the
first mutated declaration): a session loads the schema once and a block runs on mutant ``k``
after the input ``__cdt_mutant = k;`` (``switch_input``), as Mull does in LLVM IR and dextool's
"schemata" do in source. ``cdoctest_runner.mutation.schemata_run`` runs them.

``plan_schema(source, mutants, language)`` (libclang on the original text) puts each mutant's
change, taken as the smallest syntactic unit around the bytes it changes, at one of three kinds of
*point*:

- ``statement``: an expression statement or a ``return`` around the change (or the statement a
  ``delete``/``remove-branch`` mutant removes) becomes
  ``{ if (__cdt_mutant == 7) { <the mutant's statement> } else { <the original> } }``: exactly
  the mutant's code when 7 is set;
- ``condition`` (of ``if``/``while``/``do``, of ``?:``, an operand of ``!``, ``&&``, ``||``):
  ``(__cdt_mutant == 7 ? !!(<mutant>) : !!(<original>))``, the same truth value (in C++
  ``static_cast<bool>``, the conversion the condition makes);
- ``expression``: ``(__cdt_mutant == 7 ? (<check>, (<mutant>)) : (<original>))``, whose check
  does not compile unless both sides have the same type (C: ``__builtin_types_compatible_p`` of
  their ``__typeof__``; C++: ``__is_same`` of their ``decltype((...))``, value category
  included), so the conditional converts neither. An operator swap that changes precedence
  (``&&`` -> ``||``, ``&`` -> ``|``, ``^`` -> ``&``) takes the whole chain of binary operators,
  and a change of a whole operand (``i`` -> ``(i) + 1``) the expression around it.

Mutants at one place share a point (``__cdt_mutant == 7 ? ... : __cdt_mutant == 8 ? ...``), and
points nest (a removed ``if`` holds the points of its condition and body). Left out, and run on
their own as before (``Plan.left_out`` says why): mutants in templates and ``constexpr``
functions (errors there show only when an example instantiates them), in declarations (a type, an
array size, the initialiser of a ``const`` or ``static`` variable), in statements holding a label
or ``case``, inside a macro's arguments (``#x`` would print the schema), points overlapping
without nesting, removals of a branch's or loop's only statement (in the mutant's text the next
statement takes its place), and, in a file that uses ``__LINE__``, mutants that add or remove
lines (every line after them moves in the mutant's file).

``render(plan, ids)`` writes the schema of the mutants ``ids`` (``Schema``). Every line keeps its
number: after a mutant's copy that spans lines a ``#line`` marker puts the original numbering
back, so ``__LINE__`` and diagnostics are the file's. ``mutants_in_error(schema, diagnostics,
ours)`` reads a load's errors back to the mutants whose text they point at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cdoctest_runner import clang
from cdoctest_runner.clang import Cursor
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.mutation.mutate import Mutant
from cdoctest_runner.mutation.schema_text import (
    Plan,
    Point,
    PointKind,
    line_index,
    line_starts,
    one_line,
    presumed_lines,
)

__all__ = ["plan_schema"]

# C++ precedence levels of the binary operators the mutation operators swap (smaller binds
# tighter); a swap between two levels can regroup the operands around it.
_PRECEDENCE = {
    **dict.fromkeys(("*", "/", "%"), 5),
    **dict.fromkeys(("+", "-"), 6),
    **dict.fromkeys(("<<", ">>"), 7),
    **dict.fromkeys(("<", "<=", ">", ">="), 9),
    **dict.fromkeys(("==", "!="), 10),
    "&": 11,
    "^": 12,
    "|": 13,
    "&&": 14,
    "||": 15,
}
_HEADED = frozenset({"IF_STMT", "WHILE_STMT", "FOR_STMT", "SWITCH_STMT", "CXX_FOR_RANGE_STMT"})
_LABELS = frozenset({"LABEL_STMT", "CASE_STMT", "DEFAULT_STMT"})
_TEMPLATES = frozenset(
    {"FUNCTION_TEMPLATE", "CLASS_TEMPLATE", "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION"}
)


# --------------------------------------------------------------------------------------------
# Where each mutant goes (libclang)


@dataclass(eq=False)
class _Node:
    cursor: Cursor
    kind: str
    start: int
    end: int  # the extent's end, or past the ``;`` that ends a statement
    parent: _Node | None
    children: list[_Node] = field(default_factory=list)
    expression: bool = False
    statement: bool = False


def _changed(data: bytes, text: bytes) -> tuple[int, int, bytes]:
    """``(start, end, replacement)``: the smallest span of ``data`` that ``text`` replaces.

    >>> _changed(b"a < b;", b"a <= b;")
    (3, 3, b'=')
    >>> _changed(b"if (x)", b"if (!(x))")
    (4, 5, b'!(x)')
    """
    n = min(len(data), len(text))
    a = 0
    while a < n and data[a] == text[a]:
        a += 1
    s = 0
    while s < n - a and data[-1 - s] == text[-1 - s]:
        s += 1
    return a, len(data) - s, text[a : len(text) - s]


class _Tree:
    """The nodes of the top-level declarations that hold the changes, with parents."""

    def __init__(
        self, tu: Cursor, data: bytes, filename: str, spans: list[tuple[int, int]], language: str
    ) -> None:
        self.data, self.language = data, language
        self.tu = tu
        self.roots: list[_Node] = []
        self.macros: list[tuple[int, int]] = []
        self._headers: dict[int, int] = {}
        for child in tu.cursor.get_children():
            if not clang.in_file(child, filename):
                continue
            a, b = child.extent.start.offset, child.extent.end.offset
            if child.kind.name == "MACRO_INSTANTIATION":
                self.macros.append((a, b))
            elif any(a <= s and e <= b for s, e in spans):
                root = self._build(child, None, filename)
                self._extend(root)
                self.roots.append(root)

    def _build(self, cursor: Cursor, parent: _Node | None, filename: str) -> _Node:
        try:
            kind = cursor.kind
            name = kind.name
            expression, statement = kind.is_expression(), kind.is_statement()
        except ValueError:  # a cursor kind these bindings do not know
            name, expression, statement = "UNKNOWN", False, False
        a, b = cursor.extent.start.offset, cursor.extent.end.offset
        node = _Node(cursor, name, a, b, parent, expression=expression, statement=statement)
        for child in cursor.get_children():
            f = child.extent.start.file
            if f is None or f.name != filename:
                continue
            node.children.append(self._build(child, node, filename))
        return node

    def _extend(self, node: _Node) -> None:
        """Let each statement's span end past the ``;`` that ends it (``x++;``, ``return x;``)."""
        for child in node.children:
            self._extend(child)
        if (node.statement and node.kind != "COMPOUND_STMT") or (
            node.expression and self.in_body_slot(node)
        ):
            node.end = self._through_semicolon(node.end)

    def _through_semicolon(self, end: int) -> int:
        j = end
        while j < len(self.data) and self.data[j] in b" \t\r\n":
            j += 1
        return j + 1 if j < len(self.data) and self.data[j] == ord(";") else end

    def header_end(self, node: _Node) -> int:
        """The end of the ``)`` closing the header of ``if``/``while``/``for``/``switch``."""
        if node.start not in self._headers:
            depth, end = 0, node.end
            for tok in self.tu.get_tokens(extent=node.cursor.extent):
                if tok.spelling == "(":
                    depth += 1
                elif tok.spelling == ")":
                    depth -= 1
                    if depth == 0:
                        end = tok.extent.end.offset
                        break
            self._headers[node.start] = end
        return self._headers[node.start]

    def in_body_slot(self, node: _Node) -> bool:
        """Whether ``node`` stands where a statement goes (a block's, a branch's, a label's)."""
        p = node.parent
        if p is None:
            return False
        if p.kind == "COMPOUND_STMT":
            return True
        if p.kind in _HEADED:
            return node.start >= self.header_end(p)
        if p.kind == "DO_STMT":
            return node is p.children[0]
        if p.kind == "CASE_STMT":  # ``case X: stmt``: the value, then the statement
            return len(p.children) > 1 and node is p.children[-1]
        return p.kind in _LABELS and node is p.children[-1]

    def chain(self, a: int, b: int) -> list[_Node]:
        """The nodes whose span holds ``[a, b)``, outermost first; text inserted at ``a`` (``a ==
        b``) is held only strictly inside (``<`` -> ``<=`` inserts before ``d`` in ``i<d``, not
        into ``d``).
        """
        out: list[_Node] = []
        nodes = self.roots
        while True:
            inner = [n for n in nodes if n.start <= a and b <= n.end and n.start < n.end
                     and (a < b or n.start < a < n.end)]  # fmt: skip
            if not inner:
                return out
            best = min(inner, key=lambda n: n.end - n.start)
            out.append(best)
            nodes = best.children

    def operator(self, node: _Node) -> str:
        """The operator of a binary or unary operator node, read between its operands."""
        if node.kind == "UNARY_OPERATOR" and node.children:
            return self.data[node.start : node.children[0].start].decode("utf-8", "replace").strip()
        if len(node.children) == 2:
            a, b = node.children[0].cursor.extent.end.offset, node.children[1].start
            return self.data[a:b].decode("utf-8", "replace").strip()
        return ""


def _outer(node: _Node) -> _Node:
    """``node`` or the outermost expression around it with the same extent (implicit casts)."""
    while (
        node.parent is not None
        and node.parent.expression
        and (node.parent.start, node.parent.end) == (node.start, node.end)
    ):
        node = node.parent
    return node


def _in_condition(tree: _Tree, node: _Node) -> bool:
    """Whether ``node``'s value is only tested for truth (see the module docstring)."""
    c, p = node, node.parent
    while p is not None and (p.kind == "PAREN_EXPR" or (p.expression and p.start == c.start
                                                         and p.end == c.end)):  # fmt: skip
        c, p = p, p.parent
    if p is None or not c.expression:
        return False
    if p.kind in ("IF_STMT", "WHILE_STMT"):
        header = [ch for ch in p.children if ch.start < tree.header_end(p)]
        return bool(header) and c is header[-1]
    if p.kind == "DO_STMT":
        return c is not p.children[0]
    if p.kind == "CONDITIONAL_OPERATOR":
        return c is p.children[0]
    if p.kind == "UNARY_OPERATOR":
        return tree.operator(p) == "!"
    return p.kind == "BINARY_OPERATOR" and tree.operator(p) in ("&&", "||")


def _statement_around(tree: _Tree, node: _Node) -> _Node | None:
    """The expression statement or ``return`` that ``node`` is part of (None: none)."""
    c = _outer(node)
    while True:
        if c.expression and tree.in_body_slot(c):
            return c
        p = c.parent
        if p is None or p.kind == "RETURN_STMT":
            return p
        if not p.expression:
            return None
        c = p


def _function_of(chain: list[_Node]) -> tuple[_Node | None, str]:
    """The innermost function definition in ``chain`` and why its mutants cannot join ('')."""
    fn = None
    for n in chain:
        if n.kind in _TEMPLATES:
            return None, "in a template"
        if n.kind in clang.FUNCTION_KINDS or n.kind == "LAMBDA_EXPR":
            fn = n
    if fn is None:
        return None, "not in a function body"
    body = next((c for c in fn.children if c.kind == "COMPOUND_STMT"), None)
    if body is None or body not in chain:
        return None, "not in a function body"
    if fn.kind != "LAMBDA_EXPR":
        scope = fn.cursor.semantic_parent
        while scope is not None and scope.kind.name != "TRANSLATION_UNIT":
            if scope.kind.name in _TEMPLATES:
                return None, "in a template"
            scope = scope.semantic_parent
        head = {t.spelling for t in fn.cursor.get_tokens() if t.extent.end.offset <= body.start}
        if head & {"constexpr", "consteval"}:
            return None, "in a constexpr function"
    return body, ""


def _declaration_part(tree: _Tree, chain: list[_Node]) -> str:
    """Why the change (inside the last node of ``chain``, a function body and what it holds)
    cannot be a point of a declaration: it is not a variable's initialiser (a type, an array
    size), or it initialises a ``const`` or ``static`` variable (which the switch would make no
    constant: an array sized by it becomes variable-length, its ``static_assert`` fails); ''.
    """
    for n, inner in zip(chain, chain[1:], strict=False):
        if n.kind == "VAR_DECL":
            if not (inner.expression and inner is n.children[-1] and _initialiser(tree, n, inner)):
                return "changes a declaration or a type"
            if n.cursor.type.is_const_qualified() or n.cursor.storage_class.name == "STATIC":
                return "initialises a const or static variable"
        elif not (n.expression or n.statement):
            return "changes a declaration or a type"
    return "" if chain[-1].expression or chain[-1].statement else "changes a declaration or a type"


def _initialiser(tree: _Tree, var: _Node, expr: _Node) -> bool:
    """Whether ``expr``, the last child of the variable ``var``, is its initialiser: it follows
    ``=``, ``(`` or ``{`` after the name (not ``[``: an array size), or is a ``{...}`` list.
    """
    name = var.cursor.location.offset
    if expr.start < name:
        return False
    between = tree.data[name : expr.start].rstrip()
    return between.endswith((b"=", b"(", b"{")) or tree.data[expr.start : expr.start + 1] == b"{"


def _place(tree: _Tree, m: Mutant, a: int, b: int, new: bytes) -> Point | str:
    """The point of mutant ``m``, which replaces ``[a, b)`` with ``new``, or why it stays out."""
    chain = tree.chain(a, b)
    body, why = _function_of(chain)
    if body is None:
        return why
    inner = chain[chain.index(body) :]
    why = _declaration_part(tree, inner)
    if why:
        return why
    node = inner[-1]
    if not node.expression:  # a statement removed or changed whole
        while not tree.in_body_slot(node):
            if node.parent is None or not node.parent.statement:
                return "spans the function body"
            node = node.parent
        if node.kind == "DECL_STMT":
            return "changes a declaration or a type"
        return _statement_point(tree, node)
    node = _outer(node)
    if _PRECEDENCE.get(m.original, 0) != _PRECEDENCE.get(m.replacement, 0):
        # the swapped operator may group its operands otherwise: take the whole chain
        while (up := _outer(node).parent) is not None and up.kind == "BINARY_OPERATOR":
            node = _outer(up)
    whole = (a, b) == (node.start, node.cursor.extent.end.offset)
    if whole and tree.data[a:b] in new and not _in_condition(tree, node):
        # an operand wrapped (``i`` -> ``(i) + 1``): its type or value category may change,
        # the expression around it keeps them
        up = node.parent
        if up is not None and up.expression:
            node = _outer(up)
    while (up := _outer(node).parent) is not None and up.expression and _needs_object(tree, node):
        node = _outer(up)
    statement = _statement_around(tree, node)
    if statement is not None:
        return _statement_point(tree, statement)
    end = node.cursor.extent.end.offset
    if _in_macro(tree, node.start, end):
        return "inside a macro's arguments"
    kind: PointKind = "condition" if _in_condition(tree, node) else "expression"
    return Point(node.start, end, kind, 0)


def _needs_object(tree: _Tree, node: _Node) -> bool:
    """Whether a conditional in place of ``node`` would not do: an array (it would decay to a
    pointer) or, in C, where an lvalue is needed (a C conditional is never one: ``&x``, ``x++``,
    ``x = ...``, ``x.m``; C++'s is when both sides are, which its type check demands).
    """
    node = _outer(node)
    try:
        if node.cursor.type.get_canonical().kind.name.endswith("ARRAY"):
            return True
    except ValueError:  # a type kind these bindings do not know
        return True
    p = node.parent
    if tree.language != "c" or p is None or not p.children or node is not p.children[0]:
        return False
    if p.kind in ("COMPOUND_ASSIGNMENT_OPERATOR", "MEMBER_REF_EXPR"):
        return True
    if p.kind == "UNARY_OPERATOR":
        after = tree.data[node.cursor.extent.end.offset : p.cursor.extent.end.offset].strip()
        return tree.operator(p) in ("&", "++", "--") or after in (b"++", b"--")
    return p.kind == "BINARY_OPERATOR" and tree.operator(p) == "="


def _in_macro(tree: _Tree, start: int, end: int) -> bool:
    """Whether ``[start, end)`` overlaps a macro expansion without holding all of it."""
    return any(s < end and start < e and not (start <= s and e <= end) for s, e in tree.macros)


def _statement_point(tree: _Tree, node: _Node) -> Point | str:
    """A ``statement`` point at ``node``, or why not (a label inside, a macro cut)."""
    if _in_macro(tree, node.start, node.end):
        return "inside a macro's arguments"
    stack = [node]
    while stack:
        n = stack.pop()
        if n.kind in _LABELS:
            return "a statement with a label or case"
        stack += n.children
    return Point(node.start, node.end, "statement", 0)


def plan_schema(
    source: str,
    mutants: Sequence[Mutant],
    language: str,
    *,
    path: str | None = None,
    flags: Sequence[str] = (),
) -> Plan:
    """Where each of ``mutants`` (of ``source``) goes in a schema (module docstring).

    ``path`` and ``flags`` are those of ``make_mutants`` (libclang parses the file as the session
    compiles it). Never raises for a mutant: one that cannot join is in ``left_out`` with why.
    """
    data = source.encode("utf-8", "surrogateescape")
    changes = {m.id: _changed(data, m.text.encode("utf-8", "surrogateescape")) for m in mutants}
    filename = clang.buffer_path(path, language)
    try:
        tu = clang.parse(filename, data, language, flags, macros=True)
    except SourceParseError as exc:
        return Plan(data, language, left_out={m.id: f"libclang: {exc}" for m in mutants})
    tree = _Tree(tu, data, filename, [(a, b) for a, b, _ in changes.values()], language)
    lines = presumed_lines(data)
    starts = line_starts(data)
    points: dict[str, Point] = {}
    variants: dict[str, bytes] = {}
    left_out: dict[str, str] = {}
    lines_show = b"__LINE__" in data
    for m in mutants:
        a, b, new = changes[m.id]
        if m.id in points or m.id in left_out:
            continue
        if a == b and not new:
            placed: Point | str = "no change"
        elif lines_show and data[a:b].count(b"\n") != new.count(b"\n"):
            # the mutant moves every line after it, which ``__LINE__`` shows; a schema cannot
            placed = "moves the lines after it, in a file that uses __LINE__"
        else:
            placed = _place(tree, m, a, b, new)
        if isinstance(placed, str):
            left_out[m.id] = placed
            continue
        delta = len(m.text.encode("utf-8", "surrogateescape")) - len(data)
        text = m.text.encode("utf-8", "surrogateescape")[placed.start : placed.end + delta]
        original = data[placed.start : placed.end]
        if placed.kind == "expression" and (one_line(text) is None or one_line(original) is None):
            left_out[m.id] = "a multi-line expression with a directive or raw string"
            continue
        if placed.kind == "statement" and not text.strip() and not _in_block(tree, placed):
            # ``for (...) if (c) x;`` without the ``if``: the next statement is the loop's body
            left_out[m.id] = "removes the only statement of a branch or loop"
            continue
        line = lines[line_index(starts, placed.start)]
        points[m.id] = Point(placed.start, placed.end, placed.kind, line)
        variants[m.id] = text
    _drop_overlaps(points, left_out)
    tops = [r.start for r in tree.roots if any(r.start <= p.start < r.end for p in points.values())]
    at = min(tops, default=0)
    return Plan(data, language, points, variants, left_out, at, lines[line_index(starts, at)])


def _in_block(tree: _Tree, point: Point) -> bool:
    """Whether the statement at ``point`` is one of a ``{ }`` block's (not a branch's only one)."""
    chain = tree.chain(point.start, point.end)
    return bool(chain) and chain[-1].parent is not None and chain[-1].parent.kind == "COMPOUND_STMT"


def _drop_overlaps(points: dict[str, Point], left_out: dict[str, str]) -> None:
    """Leave out the mutants whose point overlaps an earlier one without nesting."""
    spans: dict[tuple[int, int], PointKind] = {}
    for mid, p in sorted(points.items(), key=lambda kv: (kv[1].start, -kv[1].end)):
        clash = any(
            (s < p.start < e < p.end) or (p.start < s < p.end < e) or ((s, e) == (p.start, p.end)
                                                                        and k != p.kind)
            for (s, e), k in spans.items()
        )  # fmt: skip
        if clash:
            left_out[mid] = "overlaps another mutant's point"
            del points[mid]
        else:
            spans[(p.start, p.end)] = p.kind
