"""Locate: parse a C/C++ file with libclang and list the functions a cdoctest block can be generated
for.

``load_source(path, text, options) -> SourceFile`` parses the text (an unsaved buffer is fine),
tolerating errors and missing includes, and lists functions, methods, constructors and function
templates declared or defined *in this file* (one entry per entity: the definition when the file has
both). Each ``Located`` knows the comment block directly above it (``CommentBlock``: 1-based lines,
style, whether it holds cdoctest prompts, and whose it is: ``server.ownership``).
``select_targets(source, selector)`` picks targets by name, by 1-based line, or all without a block.

Flags come from ``cdoctest_runner.flags.compile_flags`` (``-p`` compile database, ``-I``, ``-D``,
``--std``), the same as the runner uses. Positions are 1-based lines as libclang reports them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from typing import Any

from cdoctest_runner import clang
from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import CodeUnderTest, Declaration, Language
from server.api import FunctionInfo, SourceOptions, TargetSelector

#: The first line of the blocks older versions wrote: still read as the sign of a block of ours,
#: never written (``server.ownership``).
MARKER = "cdoctest-gen:"

_PROMPT_RE = re.compile(r"^\s*(?:\*\s*)?(?:>>>|clang-repl>)(?:\s|$)")


class TargetNotFound(Exception):
    """The selector named no function in the file (the message lists what is there)."""


@dataclass(frozen=True)
class CommentBlock:
    """A comment directly above a declaration. Lines are 1-based and inclusive.

    ``generated``: cdoctest-gen wrote it, which the text alone shows only for the blocks of older
    versions (``legacy``); ``server.ownership.resolve`` sets ``recorded`` for the others.
    """

    start_line: int
    end_line: int
    style: str  # '/**' | '/*!' | '/*' | '///' | '//!' | '//'
    text: str  # the comment lines as in the file (newlines included)
    has_prompts: bool  # holds cdoctest '>>>' lines
    legacy: bool  # carries the MARKER line of older versions
    recorded: bool = False  # its examples are on record as cdoctest-gen's (server.ownership)

    @property
    def generated(self) -> bool:
        """Whether cdoctest-gen wrote the block (``legacy`` or ``recorded``): it may replace it."""
        return self.legacy or self.recorded


@dataclass(frozen=True)
class Diagnostic:
    """A libclang diagnostic in the parsed file (line is 1-based; severity 3 error, 4 fatal)."""

    line: int
    column: int
    severity: int
    message: str

    def __str__(self) -> str:
        kind = {2: "warning", 3: "error", 4: "fatal error"}.get(self.severity, "note")
        return f"{self.line}:{self.column}: {kind}: {self.message}"


@dataclass
class Located:
    """One function the generator can target, with what render and context need."""

    declaration: Declaration
    start_line: int  # 1-based line where the declaration starts (template header included)
    indent: str  # leading whitespace of that line
    block: CommentBlock | None
    is_definition: bool
    cursor: Any = field(repr=False, default=None)  # clang.cindex.Cursor (definition preferred)
    parent_cursor: Any = field(repr=False, default=None)  # enclosing class/struct, if a member
    driver: bool = False  # ``main`` or a test driver: generated for only when asked by name/line
    # The name as the file spells it, when a macro makes it another (``#define compress2
    # z_compress2``): matched, listed and written in blocks instead of the compiled name.
    shown_name: str = ""
    aliases: dict[str, str] = field(repr=False, default_factory=dict)  # the file's, compiled->shown

    @property
    def shown(self) -> Declaration:
        """The declaration with the name the file shows (``shown_name``)."""
        d = self.declaration
        if not self.shown_name:
            return d
        scope, sep, _ = d.qualname.rpartition("::")
        return replace(d, name=self.shown_name, qualname=scope + sep + self.shown_name)

    @property
    def info(self) -> FunctionInfo:
        """The public view of this function (``server.api.FunctionInfo``), with the shown name."""
        return FunctionInfo(
            declaration=self.shown,
            has_block=self.block is not None and self.block.has_prompts,
            block_generated=self.block is not None and self.block.generated,
            is_definition=self.is_definition,
        )


@dataclass
class SourceFile:
    """A parsed file: its text, flags, functions and diagnostics (``tu`` kept for context)."""

    path: str
    text: str
    language: Language
    flags: tuple[str, ...]
    functions: list[Located]
    diagnostics: list[Diagnostic]
    tu: Any = field(repr=False, default=None)
    build_dir: str | None = None  # -p: the project's other files are linked as a library
    libraries: tuple[str, ...] = ()  # --lib
    _linked: tuple[str, ...] | None = field(repr=False, default=None)

    @property
    def errors(self) -> list[Diagnostic]:
        """Errors in this file itself, missing includes excluded (they are reported separately)."""
        return [
            d for d in self.diagnostics if d.severity >= 3 and "file not found" not in d.message
        ]

    @property
    def missing_includes(self) -> list[Diagnostic]:
        """The "file not found" diagnostics of ``#include`` lines."""
        return [d for d in self.diagnostics if "file not found" in d.message]

    @property
    def lines(self) -> list[str]:
        """The text split into lines, line endings kept."""
        return self.text.splitlines(keepends=True)

    def code_under_test(self, text: str | None = None) -> CodeUnderTest:
        """What the runner loads: this text (or ``text``), built with the file's flags.

        When the file has errors, the top-level declarations that hold them are blanked out (line
        count kept) so that the functions that do parse can still be tested. With a build
        directory or ``--lib``, the libraries the tests may call are loaded too (the project's is
        built or brought up to date on the first call: ``cdoctest_runner.project_lib``).
        """
        from cdoctest_runner.flags import code_under_test

        body = self.text if text is None else text
        if text is None and (self.errors or self.missing_includes):
            body = _blank_broken(self, body)
        return code_under_test(self.path, text=body, flags=self.flags, link=self.linked())

    def linked(self) -> tuple[str, ...]:
        """The shared libraries sessions load for this file (computed once per ``SourceFile``)."""
        if self._linked is None:
            from cdoctest_runner.libraries import libraries_for

            self._linked = libraries_for(self.path, self.build_dir, self.libraries)
        return self._linked


def declaration_site(source: SourceFile, symbol: str) -> str | None:
    """``file:line`` of the first top-level declaration of ``source`` named ``symbol`` (its
    spelling or its mangled name, as a JIT link error names it), relative to the working directory
    when below it; None when the file (with what it includes) declares no such name.
    """
    if source.tu is None:
        return None
    for cursor in source.tu.cursor.get_children():
        if cursor.spelling != symbol and getattr(cursor, "mangled_name", None) != symbol:
            continue
        loc = cursor.location
        if loc.file is None:
            continue
        return f"{shown_path(loc.file.name)}:{loc.line}"
    return None


def names_in_scope(source: SourceFile) -> frozenset[str]:
    """The file-scope names a block above one of ``source``'s functions could clash with: what its
    translation unit declares at file scope, the headers' included (functions, variables, types,
    enumerators: ``index``, ``y0``, a linked library's globals), the macros the file defines, and
    the lowercase macros compilers predefine. A function's parameters and locals are not in scope
    in a block, so they are not named.
    """
    names = set(_PREDEFINED_MACROS)
    names.update(re.findall(r"(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", source.text))
    if source.tu is not None:
        for c in source.tu.cursor.get_children():
            names.add(c.spelling)
            if c.kind.name == "ENUM_DECL":
                names.update(e.spelling for e in c.get_children())
    names.discard("")
    return frozenset(names)


#: Object-like macros compilers define without a leading underscore (GCC and clang on Linux).
_PREDEFINED_MACROS = ("linux", "unix", "i386")


def included_files(source: SourceFile) -> list[str]:
    """The real paths of the files ``source`` includes, directly or not, in include order."""
    if source.tu is None:
        return []
    return [os.path.realpath(inc.include.name) for inc in source.tu.get_includes()]


def shown_path(path: str) -> str:
    """``path`` relative to the working directory when it is below it, else as given."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


_FUNCTION_KINDS = {
    "FUNCTION_DECL": "function",
    "CXX_METHOD": "method",
    "CONSTRUCTOR": "constructor",
    "FUNCTION_TEMPLATE": "template",
}
_SCOPE_KINDS = {
    "NAMESPACE",
    "CLASS_DECL",
    "STRUCT_DECL",
    "CLASS_TEMPLATE",
    "UNEXPOSED_DECL",
    "LINKAGE_SPEC",
}


def source_flags(path: str, options: SourceOptions) -> list[str]:
    """Compile flags for ``path`` (the runner's ``compile_flags``) plus ``options.extra_flags``."""
    from cdoctest_runner.flags import compile_flags

    flags = list(
        compile_flags(
            path,
            compile_db_dir=options.compile_db_dir,
            include_dirs=options.include_dirs,
            defines=options.defines,
            std=options.std,
        )
    )
    return flags + list(options.extra_flags)


_DEFAULT_OPTIONS = SourceOptions()


def load_source(
    path: str,
    text: str | None = None,
    options: SourceOptions = _DEFAULT_OPTIONS,
    *,
    reparser: clang.Reparser | None = None,
) -> SourceFile:
    """Parse ``path`` (or the unsaved ``text`` for it) and list its functions.

    With ``reparser`` the file's translation unit is kept and reparsed (precompiled preamble):
    the result's cursors and ``tu`` are valid only until the next parse of that file through it.
    Raises ``SourceParseError`` when the file cannot be read or libclang gives no translation unit,
    and ``CdoctestError`` when ``options.compile_db_dir`` holds no readable compile database.
    """
    from cdoctest_runner.flags import language_of

    path = os.path.abspath(path)
    if text is None:
        try:
            with open(path, "rb") as fh:
                text = fh.read().decode("utf-8", errors="surrogateescape")
        except OSError as exc:
            raise SourceParseError(f"{path}: cannot read: {exc.strerror}") from exc
    language: Language = language_of(path)
    flags = source_flags(path, options)
    parse = reparser.parse if reparser is not None else clang.parse
    tu = parse(path, text.encode("utf-8", errors="surrogateescape"), language, flags)
    diagnostics = [
        Diagnostic(d.location.line, d.location.column, d.severity, d.spelling)
        for d in tu.diagnostics
        if d.location.file is not None and os.path.abspath(d.location.file.name) == path
    ]
    source = SourceFile(path, text, language, tuple(flags), [], diagnostics, tu)
    source.build_dir = options.compile_db_dir
    source.libraries = options.libraries
    source.functions = _collect(tu, path, text)
    return source


def _collect(tu: Any, path: str, text: str) -> list[Located]:
    lines = text.splitlines()
    data = text.encode("utf-8", errors="surrogateescape")
    by_usr: dict[str, Located] = {}
    order: list[str] = []

    def visit(cursor: Any, parent: Any) -> None:
        for c in cursor.get_children():
            if not clang.in_file(c, path):
                continue
            kind = c.kind.name
            if kind in _SCOPE_KINDS:
                visit(c, c if kind in {"CLASS_DECL", "STRUCT_DECL", "CLASS_TEMPLATE"} else parent)
                continue
            if kind not in _FUNCTION_KINDS:
                continue
            if kind == "CXX_METHOD" and (c.is_default_method() or c.is_deleted_method()):
                continue
            loc = _locate(c, kind, lines, data, parent)
            key = c.get_usr() or f"{c.spelling}:{c.location.line}"
            old = by_usr.get(key)
            if old is None:
                by_usr[key] = loc
                order.append(key)
            elif loc.is_definition and not old.is_definition:
                if loc.block is None and old.block is not None:
                    loc.block = old.block  # the declaration's block still counts as this function's
                by_usr[key] = loc

    visit(tu.cursor, None)
    funcs = sorted((by_usr[k] for k in order), key=lambda f: f.start_line)
    aliases = {f.declaration.name: f.shown_name for f in funcs if f.shown_name}
    for f in funcs:
        f.aliases = aliases
    return funcs


_IDENT_AT = re.compile(rb"[A-Za-z_]\w*")


def _name_in_file(c: Any, data: bytes) -> str:
    """The identifier at ``c``'s location in the file's bytes (libclang gives the macro's
    expansion site for a name a macro made), or '' when there is none.
    """
    loc = c.location
    if loc.line < 1 or loc.column < 1 or loc.offset >= len(data):
        return ""
    m = _IDENT_AT.match(data, loc.offset)  # the byte offset of that line and column
    return m.group().decode("utf-8", "replace") if m else ""


def _locate(c: Any, kind: str, lines: list[str], data: bytes, parent: Any) -> Located:
    start = c.extent.start.line
    end = c.extent.end.line
    semantic = c.semantic_parent
    if (
        parent is None
        and semantic is not None
        and semantic.kind.name in {"CLASS_DECL", "STRUCT_DECL", "CLASS_TEMPLATE"}
    ):
        parent = semantic  # out-of-line method definition
    decl = Declaration(
        name=c.spelling,
        qualname=clang.qualified_name(c),
        kind=_FUNCTION_KINDS[kind],
        line=start,
        column=c.extent.start.column,
        end_line=end,
        end_column=c.extent.end.column,
        signature=signature_of(c, data),
    )
    line_text = lines[start - 1] if 0 < start <= len(lines) else ""
    indent = line_text[: len(line_text) - len(line_text.lstrip())]
    return Located(
        declaration=decl,
        start_line=start,
        indent=indent,
        block=comment_above(lines, start),
        is_definition=c.is_definition(),
        cursor=c,
        parent_cursor=parent,
        driver=kind == "FUNCTION_DECL"
        and is_test_driver(c.spelling, len(list(c.get_arguments())), extent_text(c, data)),
        shown_name=_shown_name(c, kind, data),
    )


def _shown_name(c: Any, kind: str, data: bytes) -> str:
    """The file's spelling of a function a macro renames, else ''."""
    if kind != "FUNCTION_DECL" or not IDENTIFIER_RE.fullmatch(c.spelling):
        return ""  # an operator (`operator<<`) is spelled with its symbol, never by a macro
    name = _name_in_file(c, data)
    return name if name and name != c.spelling else ""


_CHECK_CALL = re.compile(
    r"\b(?:assert|ASSERT\w*|EXPECT_\w+|CHECK\w*|REQUIRE\w*|test_\w+|TEST\w*)\s*\("
)
_PRINT_CALL = re.compile(r"\b(?:printf|puts|fprintf|fputs|putchar)\s*\(|\bstd::cout\b|\bcout\s*<<")
_DRIVER_NAME = re.compile(r"(?i)(?:^|_)(?:test|tests|selftest|check|demo|bench)|test(?:s)?$|Test")


def is_test_driver(name: str, n_params: int, text: str) -> bool:
    """``main``, or a function that runs its own checks: no parameters, and either a test-like
    name with a body that asserts or prints, or a body of several assertion calls.

    >>> is_test_driver("main", 2, "int main(int c, char **v) { return 0; }")
    True
    >>> is_test_driver("sdsTest", 0, 'int sdsTest(void) { test_cond("len", sdslen(x) == 3); }')
    True
    >>> is_test_driver("test", 0, 'static void test() { printf("%d\\n", add(1, 2)); }')
    True
    >>> is_test_driver("reset", 0, "void reset(void) { count = 0; }")
    False
    >>> is_test_driver("test_bit", 2, "int test_bit(int w, int b) { return (w >> b) & 1; }")
    False
    """
    if name == "main":
        return True
    if n_params:
        return False
    body = text[text.find("{") :] if "{" in text else ""
    checks = len(_CHECK_CALL.findall(body))
    if _DRIVER_NAME.search(name) and (checks or _PRINT_CALL.search(body)):
        return True
    return checks >= 2


def extent_text(c: Any, data: bytes) -> str:
    """The source text of a cursor's extent (byte offsets, so non-ASCII text is safe)."""
    return data[c.extent.start.offset : c.extent.end.offset].decode("utf-8", errors="replace")


def signature_of(c: Any, data: bytes) -> str:
    """The declaration up to its body (or ';'), whitespace collapsed, constructor initialisers
    cut.
    """
    body = next((ch for ch in c.get_children() if ch.kind.name == "COMPOUND_STMT"), None)
    end = body.extent.start.offset if body is not None else c.extent.end.offset
    text = data[c.extent.start.offset : end].decode("utf-8", errors="replace")
    text = " ".join(text.split()).rstrip(" ;{")
    if c.kind.name == "CONSTRUCTOR":
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if ch == ":" and depth == 0 and text[i - 1 : i + 1] != "::" and text[i : i + 2] != "::":
                text = text[:i].rstrip()
                break
    return text


def comment_above(lines: list[str], start_line: int) -> CommentBlock | None:
    """The comment that ends on the line directly above ``start_line`` (1-based), if any."""
    i = start_line - 2  # 0-based index of the line above
    if i < 0:
        return None
    above = lines[i].strip()
    if above.endswith("*/"):
        j = i
        while j >= 0 and "/*" not in lines[j]:
            j -= 1
        if j < 0:
            return None
        opening = lines[j].strip()
        if not opening.startswith("/*"):
            return None  # code before the comment on its first line: not a block of its own
        style = "/**" if opening.startswith("/**") else "/*!" if opening.startswith("/*!") else "/*"
        first, last = j, i
    elif above.startswith("//"):
        j = i
        while j - 1 >= 0 and lines[j - 1].strip().startswith("//"):
            j -= 1
        opening = lines[j].strip()
        style = "///" if opening.startswith("///") else "//!" if opening.startswith("//!") else "//"
        first, last = j, i
    else:
        return None
    body = lines[first : last + 1]
    stripped = [strip_decoration(ln) for ln in body]
    return CommentBlock(
        start_line=first + 1,
        end_line=last + 1,
        style=style,
        text="".join(ln + "\n" for ln in body),
        has_prompts=any(_PROMPT_RE.match(s) for s in stripped),
        legacy=any(s.strip().startswith(MARKER) for s in stripped),
    )


_STARS = re.compile(r"^\*+(?!/)")
_OPENER = re.compile(r"^(?:/\*+!?|//+!?)")
_CLOSER = re.compile(r"\*+/$")


def strip_decoration(line: str) -> str:
    """A comment line's text without its decoration, stripped: the leading ``*`` of a block
    comment's line, then an opener (``/*``, ``/**``, ``/*!``, ``/*****``, ``//``, ``///``,
    ``//!``), and a closing ``*/`` (``**/``). The one decoration stripper of ``server``.

    >>> strip_decoration(" * @brief Adds."), strip_decoration("/// >>> f()")
    ('@brief Adds.', '>>> f()')
    >>> strip_decoration(" */"), strip_decoration("/******** banner **/"), strip_decoration("//! x")
    ('', 'banner', 'x')
    """
    s = _STARS.sub("", line.strip(), count=1)
    s = _OPENER.sub("", s.strip(), count=1)
    return _CLOSER.sub("", s).strip()


def select_targets(source: SourceFile, selector: TargetSelector) -> list[Located]:
    """The functions ``selector`` names. By name: a plain or qualified name (or its ``::`` suffix);
    by line: the innermost function whose extent or block above holds the line; ``all``: every
    function without a cdoctest block (also the default when nothing is named), except ``main``
    and test drivers (``is_test_driver``), which are targeted only by name or line.

    Raises ``TargetNotFound`` when a name or line matches nothing.
    """
    funcs = source.functions
    if selector.name:
        want = selector.name.strip()
        hits = [f for f in funcs if want in (f.declaration.qualname, f.shown.qualname)]
        if not hits:
            hits = [f for f in funcs if _named(f, want)]
        if not hits:
            raise TargetNotFound(f"no function named {want!r} in {source.path}" + _listing(funcs))
        return hits
    if selector.line is not None:
        line = selector.line
        holding = []
        for f in funcs:
            top = f.block.start_line if f.block is not None else f.start_line
            if top <= line <= f.declaration.end_line:
                holding.append(f)
        if not holding:
            raise TargetNotFound(f"no function at line {line} of {source.path}" + _listing(funcs))
        return [min(holding, key=lambda f: f.declaration.end_line - f.start_line)]
    return [f for f in funcs if not f.info.has_block and not f.driver]


def _named(f: Located, want: str) -> bool:
    """Whether ``want`` is ``f``'s plain name or a ``::`` suffix of its qualified name, compiled or
    as the file shows it.
    """
    return any(d.name == want or d.qualname.endswith("::" + want) for d in (f.declaration, f.shown))


def _listing(funcs: list[Located]) -> str:
    if not funcs:
        return " (the file has no functions)"
    names = ", ".join(f"{f.shown.qualname} (line {f.start_line})" for f in funcs[:20])
    return f"; functions: {names}"


def _blank_broken(source: SourceFile, text: str) -> str:
    """Blank (keep newlines of) every top-level declaration that holds an error, and missing
    includes.
    """
    lines = text.splitlines(keepends=True)
    bad_lines = {d.line for d in source.errors}
    include_lines = {d.line for d in source.missing_includes}
    spans: list[tuple[int, int]] = []

    def visit(cursor: Any) -> None:
        for c in cursor.get_children():
            if c.location.file is None or os.path.abspath(c.location.file.name) != source.path:
                continue
            s, e = c.extent.start.line, c.extent.end.line
            if any(s <= b <= e for b in bad_lines):
                if c.kind.name in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL"):
                    visit(c)  # blank the broken declaration inside, not the whole namespace
                else:
                    spans.append((s, e))

    if source.tu is not None:
        visit(source.tu.cursor)
    covered = {b for b in bad_lines if any(s <= b <= e for s, e in spans)}
    spans += [(b, b) for b in (bad_lines - covered) | include_lines]
    for s, e in spans:
        for n in range(s - 1, min(e, len(lines))):
            ending = (
                "\r\n" if lines[n].endswith("\r\n") else "\n" if lines[n].endswith("\n") else ""
            )
            lines[n] = ending
    return "".join(lines)
