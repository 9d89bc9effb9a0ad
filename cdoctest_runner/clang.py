"""libclang, set up once: the index, the parse, qualified names, constructor and method scans.

Every module that reads C/C++ with libclang goes through here (the finder, the mutator, the
server's locate/context/fallback, the training rewards), so the parse options, the resource
directory and the naming rule cannot drift apart.

- ``parse(path, text, language, flags)``: a tolerant parse of an unsaved buffer
  (``PARSE_INCOMPLETE`` and ``KEEP_GOING``: a file with errors still yields its declarations);
  raises ``SourceParseError`` when libclang is missing or gives no translation unit.
- ``Reparser``: one translation unit kept per file and ``reparse``d for each new text, with a
  precompiled preamble (the language server's function listing after an edit).
- ``qualified_name(cursor)``: ``ns::Class::method`` from the *semantic* parents. The one rule:
  ``extern "C"`` blocks and other unexposed declarations are transparent, and anonymous scopes
  (``namespace {``, an unnamed struct) add nothing, so the name is one a caller at file scope can
  write (an out-of-line ``int Fac::fac(int)`` in ``namespace test`` is ``test::Fac::fac``; a method
  of ``template <class T> struct Box`` is ``Box::get``).
- ``function_labels(tu, path)``: each function's labels as the preprocessor leaves them (the
  local labels of the private copy a session loads, ``cdoctest_runner.labels``).
- Scans of a class: ``is_public``, ``public_constructors``, ``default_constructible``,
  ``public_methods``, ``parameters``.

Cursors are ``clang.cindex.Cursor`` objects, typed ``Cursor`` here: an alias of ``Any`` (the
bindings have no type hints), so a signature still says which libclang object it takes.
"""

from __future__ import annotations

import functools
import glob
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Sequence
from typing import Any, TypeAlias

from cdoctest_runner.errors import SourceParseError

#: libclang's objects as the ``clang.cindex`` bindings give them. The bindings have no type hints,
#: so these are ``Any`` to the type checker: the one boundary of the runner it cannot see through.
Cursor: TypeAlias = Any  # clang.cindex.Cursor
TranslationUnit: TypeAlias = Any  # clang.cindex.TranslationUnit
ClangType: TypeAlias = Any  # clang.cindex.Type
ClangIndex: TypeAlias = Any  # clang.cindex.Index
SourceRange: TypeAlias = Any  # clang.cindex.SourceRange (a cursor's extent)
SourceLocation: TypeAlias = Any  # clang.cindex.SourceLocation (one end of an extent)

#: ``CXTranslationUnit_KeepGoing``: keep parsing after a fatal error (a missing include), so the
#: rest of the file is still seen. clang.cindex 18 does not export it by name.
KEEP_GOING = 0x200
#: ``CXTranslationUnit_CreatePreambleOnFirstParse``: build the precompiled preamble in the first
#: parse rather than in the first reparse (not exported by clang.cindex 18 either).
CREATE_PREAMBLE_ON_FIRST_PARSE = 0x100
#: Cursor kinds that hold declarations without naming a scope (``extern "C" { ... }``).
TRANSPARENT_KINDS = frozenset({"LINKAGE_SPEC", "UNEXPOSED_DECL"})
#: Kinds of a function declaration a test can call (or a template of one).
FUNCTION_KINDS = frozenset(
    {
        "FUNCTION_DECL",
        "CXX_METHOD",
        "CONSTRUCTOR",
        "DESTRUCTOR",
        "CONVERSION_FUNCTION",
        "FUNCTION_TEMPLATE",
    }
)
#: Kinds of a class definition (a method's semantic parent).
RECORD_KINDS = frozenset(
    {
        "CLASS_DECL",
        "STRUCT_DECL",
        "UNION_DECL",
        "CLASS_TEMPLATE",
        "CLASS_TEMPLATE_PARTIAL_SPECIALIZATION",
    }
)


def cindex() -> Any:
    """The ``clang.cindex`` module; ``SourceParseError`` when libclang is not installed."""
    try:
        import clang.cindex as ci
    except ImportError as exc:  # pragma: no cover - libclang is a core dependency
        raise SourceParseError(f"libclang is not installed ({exc}); pip install libclang") from exc
    return ci


def index() -> ClangIndex:
    """A new ``clang.cindex.Index`` (about 2 microseconds). Each parse gets its own, which its
    translation unit keeps alive: one index used from several threads at once is not safe, and
    the generator, the language server's diagnostics and the trainer's rewards parse from
    different threads.
    """
    ci = cindex()
    try:
        return ci.Index.create()
    except Exception as exc:  # noqa: BLE001 - libclang load errors are of several types
        raise SourceParseError(f"libclang cannot be loaded: {exc}") from exc


@functools.lru_cache(maxsize=1)
def resource_dir() -> str | None:
    """The installed clang's resource directory (builtin headers), which the libclang wheel lacks:
    the newest ``/usr/lib/llvm-*/lib/clang/*`` with an ``include`` folder, else what a ``clang`` on
    PATH prints for ``-print-resource-dir``; None when there is none.
    """
    candidates = sorted(
        glob.glob("/usr/lib/llvm-*/lib/clang/*"),
        key=lambda p: [int(x) for x in re.findall(r"\d+", p)],
    )
    for path in reversed(candidates):
        if os.path.isdir(os.path.join(path, "include")):
            return path
    for exe in ("clang", "clang-22", "clang-21", "clang-20", "clang-19", "clang-18"):
        if shutil.which(exe):
            try:
                out = subprocess.run(
                    [exe, "-print-resource-dir"], capture_output=True, text=True, timeout=10
                )
            except (OSError, subprocess.SubprocessError):
                continue
            path = out.stdout.strip()
            if path and os.path.isdir(path):
                return path
    return None


def parse_args(language: str, flags: Sequence[str] = ()) -> list[str]:
    """The libclang arguments: ``-x c``/``-x c++``, the resource directory, then ``flags``."""
    args = ["-x", "c" if language == "c" else "c++"]
    rdir = resource_dir()
    if rdir:
        args += ["-resource-dir", rdir]
    return args + list(flags)


def buffer_path(path: str | None, language: str, stem: str = "cdoctest_input") -> str:
    """The absolute file name a buffer is parsed under: ``path``, else
    ``/tmp/<stem>.c``/``.cpp``.
    """
    if path:
        return os.path.abspath(path)
    return f"/tmp/{stem}." + ("c" if language == "c" else "cpp")


def encode(text: str | bytes) -> bytes:
    """UTF-8 bytes of ``text`` as libclang sees it: bytes a caller decoded with
    ``surrogateescape`` come back as they were; any other lone surrogate becomes ``?``.
    """
    if isinstance(text, bytes):
        return text
    try:
        return text.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        return b"".join(encode_char(ch) for ch in text)


def encode_char(ch: str) -> bytes:
    """The bytes of one character as ``encode`` writes it."""
    try:
        return ch.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        return b"?"


def parse(
    path: str,
    text: str | bytes,
    language: str,
    flags: Sequence[str] = (),
    *,
    preamble: bool = False,
    instantiate: bool = False,
    macros: bool = False,
) -> TranslationUnit:
    """Parse ``text`` as the unsaved file ``path`` (absolute) and return the translation unit.

    Tolerant: ``PARSE_INCOMPLETE | KEEP_GOING``, so errors become diagnostics. Raises
    ``SourceParseError`` when libclang is missing or gives no translation unit. ``preamble``:
    also build a precompiled preamble for later ``reparse`` calls (``Reparser``).
    ``instantiate``: a complete translation unit (no ``PARSE_INCOMPLETE``), whose templates are
    instantiated at its end, so a ``static_assert`` in a template's body that an instance fails
    becomes a diagnostic (``server.analysis.templates``' probes). ``macros``: keep the detailed
    preprocessing record, so the unit's children include each macro expansion
    (``MACRO_INSTANTIATION``, with its extent: the mutant schemata stay out of macro arguments).
    """
    ci = cindex()
    options = KEEP_GOING | (0 if instantiate else ci.TranslationUnit.PARSE_INCOMPLETE)
    if macros:
        options |= ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    if preamble:
        options |= (
            ci.TranslationUnit.PARSE_PRECOMPILED_PREAMBLE
            | ci.TranslationUnit.PARSE_CACHE_COMPLETION_RESULTS
            | CREATE_PREAMBLE_ON_FIRST_PARSE
        )
    try:
        return index().parse(
            path,
            args=parse_args(language, flags),
            unsaved_files=[(path, encode(text))],
            options=options,
        )
    except ci.TranslationUnitLoadError as exc:
        raise SourceParseError(f"{path}: libclang could not parse the file ({exc})") from exc


class Reparser:
    """One translation unit per file, reparsed for each new text: libclang's precompiled preamble.

    ``parse(path, text, language, flags)`` is ``parse`` for the first text of a file, with the
    options ``PARSE_PRECOMPILED_PREAMBLE | PARSE_CACHE_COMPLETION_RESULTS`` added, so the
    *preamble* (the leading ``#include`` lines and comments: ``<vector>``, ``<map>``...) is compiled
    once; a later text of the same file (same flags) goes through ``tu.reparse``, which reuses
    the preamble and recompiles only the rest. An edit inside the preamble, or a header changed
    on disk, makes libclang rebuild it in that reparse.

    The returned translation unit is the same object each time: cursors taken from it before a
    later ``parse`` of the same file are invalid after it. Use it from one thread at a time (the
    language server lists functions on a thread of their own, ``server.lsp.state``) and turn
    cursors into plain data before the next call. libclang builds a preamble only for a file
    that exists on disk (its unsaved text may differ); another path is parsed afresh each time,
    as ``parse`` does. At most ``capacity`` files are kept, the least recently used dropped.
    """

    def __init__(self, capacity: int = 8) -> None:
        self.capacity = capacity
        self._units: dict[str, tuple[tuple[str, ...], TranslationUnit]] = {}  # path -> (args, tu)
        self._lock = threading.Lock()

    def parse(
        self, path: str, text: str | bytes, language: str, flags: Sequence[str] = ()
    ) -> TranslationUnit:
        """The translation unit of ``text`` as the file ``path`` (see the class docstring)."""
        if not os.path.isfile(path):
            return parse(path, text, language, flags)
        args = tuple(parse_args(language, flags))
        with self._lock:
            kept = self._units.pop(path, None)
        tu = kept[1] if kept is not None and kept[0] == args else None
        if tu is not None:
            try:
                tu.reparse(unsaved_files=[(path, encode(text))], options=0)
            except cindex().TranslationUnitLoadError:
                tu = None  # libclang could not reparse it: parse afresh
        if tu is None:
            tu = parse(path, text, language, flags, preamble=True)
        with self._lock:
            self._units[path] = (args, tu)  # most recently used last
            while len(self._units) > self.capacity:
                del self._units[next(iter(self._units))]
        return tu

    def forget(self, path: str) -> None:
        """Drop the translation unit of ``path`` (a closed document)."""
        with self._lock:
            self._units.pop(path, None)

    def clear(self) -> None:
        """Drop every translation unit."""
        with self._lock:
            self._units.clear()


# ----------------------------------------------------------------------------------------------
# Names


def is_named(spelling: str) -> bool:
    """False for the empty name and libclang's ``(anonymous ...)``/``(unnamed ...)`` spellings."""
    return bool(spelling) and "(unnamed" not in spelling and "(anonymous" not in spelling


def qualified_name(cursor: Cursor) -> str:
    """``ns::Class::name`` of ``cursor`` (module docstring: the one rule)."""
    parts: list[str] = []
    c = cursor
    while c is not None and c.kind.name != "TRANSLATION_UNIT":
        if c.kind.name not in TRANSPARENT_KINDS and is_named(c.spelling):
            parts.append(c.spelling)
        c = c.semantic_parent
    return "::".join(reversed(parts))


def function_definitions(tu: TranslationUnit, path: str, name: str) -> list[Cursor]:
    """The definitions (with a body) of functions named ``name`` in the file ``path``, in order.

    Only the file's own declarations are walked, through namespaces, classes and ``extern "C"``
    blocks (not into function bodies nor the included headers), so it is quick on a file that
    includes the standard library.
    """
    scopes = {"NAMESPACE", *RECORD_KINDS, *TRANSPARENT_KINDS}
    found: list[Cursor] = []

    def walk(cursor: Cursor) -> None:
        for child in cursor.get_children():
            if not in_file(child, path):
                continue
            try:
                kind = child.kind.name
            except ValueError:  # a cursor kind these bindings do not know
                continue
            if kind in FUNCTION_KINDS and child.spelling == name and child.is_definition():
                found.append(child)
            elif kind in scopes:
                walk(child)

    walk(tu.cursor)
    return found


def function_labels(tu: TranslationUnit, path: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """For each function definition at file scope of the file ``path`` that has labels: the byte
    offsets of its body (its opening brace, and just after its closing one, where the file's
    text has them; a body a macro made points at the macro's use) and its labels' names after
    macro expansion (``goto fail_##n`` with ``fail_##n:`` gives ``fail_1``), in order.

    Only what the preprocessor kept is there: a label in a skipped ``#if`` branch is not.
    """
    found: list[tuple[int, int, tuple[str, ...]]] = []
    for fn in tu.cursor.get_children():
        try:
            if fn.kind.name != "FUNCTION_DECL" or not fn.is_definition():
                continue
        except ValueError:  # a cursor kind these bindings do not know
            continue
        if not in_file(fn, path):
            continue
        body = next((c for c in fn.get_children() if c.kind.name == "COMPOUND_STMT"), None)
        if body is None:
            continue
        names: list[str] = []
        for c in body.walk_preorder():
            if c.kind.name == "LABEL_STMT" and c.spelling and c.spelling not in names:
                names.append(c.spelling)
        if names:
            found.append((body.extent.start.offset, body.extent.end.offset, tuple(names)))
    return found


def in_file(cursor: Cursor, path: str) -> bool:
    """Whether ``cursor`` is located in the file ``path`` (absolute)."""
    f = cursor.location.file
    return f is not None and os.path.abspath(f.name) == path


# ----------------------------------------------------------------------------------------------
# Classes


def record_of(cursor: Cursor) -> Cursor:
    """The class a method/constructor belongs to (its definition when seen), else None."""
    parent = cursor.semantic_parent
    if parent is None or parent.kind.name not in RECORD_KINDS:
        return None
    return parent.get_definition() or parent


def is_public(cursor: Cursor) -> bool:
    """Reachable from outside: a public member, or something that is no member at all (a C
    struct's field has no access specifier).
    """
    return cursor.access_specifier.name in ("PUBLIC", "INVALID", "NONE")


def parameters(cursor: Cursor) -> list[Cursor]:
    """The ``PARM_DECL`` children of a function, method, constructor or function template."""
    return [p for p in cursor.get_children() if p.kind.name == "PARM_DECL"]


def constructors(record: Cursor) -> list[Cursor]:
    """Every user-declared constructor of the class ``record`` (copy and move ones included)."""
    return [c for c in record.get_children() if c.kind.name == "CONSTRUCTOR"]


def public_constructors(record: Cursor) -> list[Cursor]:
    """The constructors a test can call to make an object: public, neither copy, move nor
    deleted, in declaration order.
    """
    return [
        c
        for c in constructors(record)
        if is_public(c)
        and not (c.is_copy_constructor() or c.is_move_constructor() or c.is_deleted_method())
    ]


def default_constructible(record: Cursor) -> bool:
    """``T obj;`` compiles: no user-declared constructor (so the implicit default one exists), or
    a public constructor callable without arguments.
    """
    if not constructors(record):
        return True
    return any(c.is_default_constructor() or not parameters(c) for c in public_constructors(record))


def public_methods(record: Cursor, operators: bool = False) -> list[Cursor]:
    """The public methods of ``record`` in declaration order (operators only when asked)."""
    return [
        c
        for c in record.get_children()
        if c.kind.name == "CXX_METHOD"
        and c.access_specifier.name == "PUBLIC"
        and (operators or not c.spelling.startswith("operator"))
    ]
