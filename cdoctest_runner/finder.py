"""C/C++ file -> ``DocTest`` objects with cdoctest names (libclang), and what a session must load.

- ``find_doctests(path, text=None, flags=())``: the cdoctest blocks of one file, each attached to
  the declaration that follows it (function, method, constructor, destructor, class/struct/union,
  namespace, template), named as the original ``cdoctest`` tool names them:
  ``<path relative to root>::<lexical scopes>::<name>``, with ``::class``/``::struct``/``::union``/
  ``::namespace`` for grouping kinds, ``:label`` when the first example is a ``// label`` comment,
  then ``:1``, ``:2``... when names collide (``sample.cpp::test::Fac::fac``, ``...::Fac::class``).
  Scopes are *lexical*, as in the original: an out-of-line ``int Fac::fac(int)`` inside
  ``namespace test`` is ``sample.cpp::test::fac`` (its ``Declaration.qualname`` is
  ``test::Fac::fac``).
- ``list_entries(...)``: the same tests, each with the extent the legacy list output prints;
  ``find_blocks(...)``: every test comment with its declaration (or none), for editors.
- ``compile_flags``, ``code_under_test``, ``language_of``: re-exported from ``flags`` (what a
  session must load for a file).

Parsing is tolerant (``PARSE_INCOMPLETE`` and keep-going), so a file with errors still yields its
blocks; only an unreadable file or a missing libclang raises ``SourceParseError``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cdoctest_runner import clang, ctext
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import Declaration, DocTest, Example
from cdoctest_runner.flags import (  # noqa: F401 - re-exported (their first home)
    HEADER_EXTENSIONS,
    SOURCE_EXTENSIONS,
    code_under_test,
    compile_flags,
    db_sources,
    language_of,
)
from cdoctest_runner.parser import (
    Comment,
    find_comments,
    parse_comment,
    split_label,
)

# ----------------------------------------------------------------------------------------------
# libclang (set up in cdoctest_runner.clang)


def parse(path: str, text: str | bytes, flags: Sequence[str] = ()) -> clang.TranslationUnit:
    """The translation unit of ``path`` (absolute) with ``text`` as its contents, parsed in the
    file's language with ``flags`` (``cdoctest_runner.clang.parse``).
    """
    return clang.parse(path, text, language_of(path), flags)


_TARGETS = {
    "FUNCTION_DECL": "function",
    "CXX_METHOD": "method",
    "CONVERSION_FUNCTION": "method",
    "CONSTRUCTOR": "constructor",
    "DESTRUCTOR": "destructor",
    "CLASS_DECL": "class",
    "STRUCT_DECL": "struct",
    "UNION_DECL": "union",
    "NAMESPACE": "namespace",
    "FUNCTION_TEMPLATE": "template",
    "CLASS_TEMPLATE": "template",
    "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION": "template",
}
#: Kinds whose name gets a suffix (the original's ``test_grouping``).
_GROUPING = {
    "CLASS_DECL": "class",
    "STRUCT_DECL": "struct",
    "UNION_DECL": "union",
    "NAMESPACE": "namespace",
}
#: Kinds that hold declarations (scopes of the lexical name); linkage specs are transparent.
_CONTAINERS = {
    "NAMESPACE",
    "CLASS_DECL",
    "STRUCT_DECL",
    "UNION_DECL",
    "CLASS_TEMPLATE",
    "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION",
}
#: Declarations a comment looks past to find its target (``public:`` between block and method).
_SKIPPED = {"CXX_ACCESS_SPEC_DECL", "STATIC_ASSERT"}
_FUNCTIONS = {
    "FUNCTION_DECL",
    "CXX_METHOD",
    "CONVERSION_FUNCTION",
    "CONSTRUCTOR",
    "DESTRUCTOR",
    "FUNCTION_TEMPLATE",
}


@dataclass
class _Decl:
    cursor: clang.Cursor
    kind: str  # CursorKind name
    start: int
    end: int
    scopes: tuple[str, ...]  # lexical container names (anonymous ones left out)
    parent: int  # start offset of the lexical container (-1 = the file)


def _declarations(tu: clang.TranslationUnit, path: str) -> list[_Decl]:
    """Every declaration of the main file, with its lexical scopes (pre-order)."""
    out: list[_Decl] = []

    def in_main(c: clang.Cursor) -> bool:
        f = c.location.file
        return f is not None and f.name == path

    def walk(cursor: clang.Cursor, scopes: tuple[str, ...], parent: int) -> None:
        for child in cursor.get_children():
            if not in_main(child):
                continue
            try:
                kind = child.kind.name
                is_declaration = child.kind.is_declaration()
            except ValueError:  # a cursor kind these bindings do not know
                continue
            if kind in clang.TRANSPARENT_KINDS:
                walk(child, scopes, parent)
                continue
            if not is_declaration:
                continue
            start, end = child.extent.start.offset, child.extent.end.offset
            out.append(_Decl(child, kind, start, end, scopes, parent))
            if kind in _CONTAINERS:
                inner = scopes + ((child.spelling,) if clang.is_named(child.spelling) else ())
                walk(child, inner, start)

    walk(tu.cursor, (), -1)
    return out


def _signature(text: str, start: int, end: int) -> str:
    """The declaration's text up to its body or ``;``, on one line (``'int fac(int n)'``)."""
    depth = 0
    i = start
    while i < end:
        ch = text[i]
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in "{;":
            break
        i += 1
    return " ".join(text[start:i].split())


def _header_end(cursor: clang.Cursor) -> clang.SourceLocation:
    """End of the declaration without its body/initialisers, as libclang reports it when function
    bodies are skipped (the extent the original tool lists): the last token before the body.
    """
    last = None
    depth = 0
    for tok in cursor.get_tokens():
        s = tok.spelling
        if s in ("(", "["):
            depth += 1
        elif s in (")", "]"):
            depth -= 1
        elif depth == 0 and (
            s == "{" or (s == ":" and cursor.kind.name == "CONSTRUCTOR") or s == "try"
        ):
            break
        last = tok
    return last.extent.end if last is not None else cursor.extent.end


@dataclass(frozen=True)
class FoundBlock:
    """A cdoctest comment of a file and what it is attached to (``declaration`` None: nothing)."""

    comment: Comment
    declaration: Declaration | None
    scopes: tuple[str, ...]
    kind: str  # CursorKind name of the declaration, '' when unattached
    list_extent: tuple[int, int, int, int]  # (line, col, end_line, end_col) the legacy list prints


def find_blocks(path: str, text: str | None = None, flags: Sequence[str] = ()) -> list[FoundBlock]:
    """The test comments of a file (those with at least one prompt), each with its declaration.

    A comment attaches to the first declaration that starts after it in the same lexical scope
    (file, namespace, class, ``extern "C"`` block), if that declaration is of a target kind. A
    comment inside a function body or an initialiser attaches to nothing.
    """
    path = os.path.abspath(path)
    if text is None:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError as exc:
            raise SourceParseError(f"{path}: cannot read ({exc.strerror})") from exc
    comments = [c for c in find_comments(text) if parse_comment(c)]
    if not comments:
        return []
    tu = parse(path, text, flags)
    decls = _declarations(tu, path)
    # libclang offsets are in bytes of the UTF-8 text; comments are in characters.
    if not text.isascii():
        byte_to_char: list[int] = []
        for index, ch in enumerate(text):
            byte_to_char += [index] * len(clang.encode_char(ch))
        byte_to_char.append(len(text))

        def to_char(b: int) -> int:
            return byte_to_char[min(max(b, 0), len(byte_to_char) - 1)]

        for d in decls:
            d.start, d.end = to_char(d.start), to_char(d.end)
            d.parent = to_char(d.parent) if d.parent >= 0 else -1
    code = ctext.blank(text)  # for brace counting
    blocks: list[FoundBlock] = []
    for comment in comments:
        blocks.append(_attach(comment, decls, code, text))
    return blocks


def _attach(comment: Comment, decls: list[_Decl], code: str, text: str) -> FoundBlock:
    unattached = FoundBlock(
        comment,
        None,
        (),
        "",
        (comment.line, comment.column, comment.end_line, comment.end_column + 1),
    )
    # The innermost declaration enclosing the comment.
    enclosing = [d for d in decls if d.start <= comment.start and comment.end <= d.end]
    scope_start = -1
    if enclosing:
        inner = max(enclosing, key=lambda d: d.start)
        if inner.kind not in _CONTAINERS:
            return unattached  # inside a function body, an initialiser, an enum...
        scope_start = inner.start
    # Braces opened between the scope's start and the comment: 0 at file level, 1 inside a scope;
    # more means a body that libclang has no declaration for (a skipped or broken function).
    opened = code[scope_start + 1 if scope_start >= 0 else 0 : comment.start]
    depth = opened.count("{") - opened.count("}")
    expected = 0 if scope_start < 0 else 1
    if depth > expected and not _only_linkage_braces(opened, depth - expected):
        return unattached
    following = [
        d
        for d in decls
        if d.start >= comment.end and d.parent == scope_start and d.kind not in _SKIPPED
    ]
    if not following:
        return unattached
    target = min(following, key=lambda d: (d.start, -d.end))
    if target.kind not in _TARGETS:
        return unattached
    c = target.cursor
    extent = c.extent
    declaration = Declaration(
        name=c.spelling,
        qualname=clang.qualified_name(c),
        kind=_TARGETS[target.kind],
        line=extent.start.line,
        column=extent.start.column,
        end_line=extent.end.line,
        end_column=extent.end.column,
        signature=_signature(text, target.start, target.end),
    )
    list_end = _header_end(c) if target.kind in _FUNCTIONS else extent.end
    list_extent = (extent.start.line, extent.start.column, list_end.line, list_end.column)
    return FoundBlock(comment, declaration, target.scopes, target.kind, list_extent)


def _only_linkage_braces(opened: str, extra: int) -> bool:
    """True when the extra open braces all belong to ``extern "C" {`` blocks."""
    return (
        len(re.findall(r"extern\s*(?:\"C(?:\+\+)?\")?\s*\{", opened)) >= extra
    )  # literals are blanked


# ----------------------------------------------------------------------------------------------
# Names


def relative_name(path: str, root: str | None = None) -> str:
    """The file part of a test name: ``path`` relative to ``root`` (default: the working directory),
    with ``/`` separators; the absolute path when ``path`` is outside ``root``.
    """
    path = os.path.realpath(path)
    root = os.path.realpath(root or os.getcwd())
    rel = os.path.relpath(path, root)
    if rel.startswith(".."):
        rel = path
    return rel.replace(os.sep, "/")


def _base_name(block: FoundBlock, file_part: str) -> str:
    if block.declaration is None:
        return file_part
    parts = [file_part, *block.scopes]
    if clang.is_named(block.declaration.name):
        parts.append(block.declaration.name)
    name = "::".join(parts)
    if block.kind in _GROUPING:
        name += "::" + _GROUPING[block.kind]
    return name


def find_doctests(
    path: str,
    text: str | None = None,
    flags: Sequence[str] = (),
    *,
    root: str | None = None,
    unattached: bool = False,
) -> list[DocTest]:
    """The ``DocTest`` of every cdoctest block in ``path`` (``text``: an unsaved buffer), in order.

    Names follow the original tool (module docstring); ``root`` is the directory test names are
    relative to (default: the working directory). Blocks attached to no declaration are dropped,
    as the original drops them, unless ``unattached=True`` (then they are named after the file).
    Raises ``SourceParseError`` for an unreadable file or a libclang failure.
    """
    return [t for t, _ in list_entries(path, text, flags, root=root, unattached=unattached)]


Extent = tuple[int, int, int, int]


def list_entries(
    path: str,
    text: str | None = None,
    flags: Sequence[str] = (),
    *,
    root: str | None = None,
    unattached: bool = False,
) -> list[tuple[DocTest, Extent]]:
    """``find_doctests`` with, for each test, the ``(line, col, end_line, end_col)`` the legacy
    ``--cdt_list_testcase`` prints: the declaration's extent without its function body (the
    original parsed with function bodies skipped), or the comment's for an unattached block.
    """
    blocks = find_blocks(path, text, flags)
    file_part = relative_name(path, root)
    abspath = os.path.abspath(path)
    pending: list[tuple[str, FoundBlock, list[Example]]] = []
    for block in blocks:
        if block.declaration is None and not unattached:
            continue
        label, examples = split_label(parse_comment(block.comment))
        if not examples:
            continue
        name = _base_name(block, file_part)
        if label is not None:
            name += ":" + label
        pending.append((name, block, examples))
    counts: dict[str, int] = {}
    for name, _, _ in pending:
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: list[tuple[DocTest, Extent]] = []
    for name, block, examples in pending:
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name}:{seen[name]}"
        c = block.comment
        test = DocTest(
            examples=tuple(examples),
            name=name,
            filename=abspath,
            lineno=c.line,
            end_lineno=c.end_line,
            declaration=block.declaration,
            comment_style=c.style,
            column=c.column,
        )
        out.append((test, block.list_extent))
    return out
