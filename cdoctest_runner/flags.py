"""What a session needs to know about a file: its language, its compile flags, what to load.

- ``language_of(path)``: ``'c'`` for ``.c`` files and headers whose sibling source is ``.c``.
- ``compile_flags(path, compile_db_dir=None, include_dirs=(), defines=(), std=None)``: flags for
  libclang and clang-repl, from ``compile_commands.json`` (``-p``) and the command line; only the
  flags that change what the language means are kept from a compile command.
- ``code_under_test(path, text=None, flags=(), libraries=())``: the ``CodeUnderTest`` of a file
  (an unsaved header is spliced into its sibling source, so the source's definitions run).
- ``gnu89_inline(flags)``: whether C is compiled with GNU89 inline rules.

Re-exported by ``cdoctest_runner.finder``, where these names were first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from cdoctest_runner.compile_db import compile_commands, database_file
from cdoctest_runner.errors import CdoctestError, LibraryNotFound
from cdoctest_runner.example import CodeUnderTest, Language

SOURCE_EXTENSIONS = (".c", ".cc", ".cpp", ".cxx", ".c++", ".C")
HEADER_EXTENSIONS = (".h", ".hh", ".hpp", ".hxx", ".h++", ".H", ".inl", ".ipp")


def language_of(path: str) -> Language:
    """``'c'`` for ``.c`` files and for headers whose sibling source is a ``.c`` file; else
    ``'c++'``.
    """
    root, ext = os.path.splitext(path)
    if ext == ".c":
        return "c"
    if (
        ext in HEADER_EXTENSIONS
        and os.path.exists(root + ".c")
        and not any(os.path.exists(root + e) for e in SOURCE_EXTENSIONS if e != ".c")
    ):
        return "c"
    return "c++"


def sibling_source(path: str) -> str | None:
    """For a header ``foo.h``, the source ``foo.c``/``foo.cpp``/... next to it (None if none)."""
    root, ext = os.path.splitext(path)
    if ext not in HEADER_EXTENSIONS:
        return None
    for e in (".cpp", ".cc", ".cxx", ".c++", ".c", ".C"):
        if os.path.isfile(root + e):
            return root + e
    return None


_PATH_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-include")
_KEEP_PREFIXES = ("-D", "-U", "-std=", "-pthread")
#: ``-f``/``-fno-`` flags that change what the language means, kept from compile commands. Others
#: (sanitizers, coverage, LTO, PIC, ``-W``/``-Werror``...) are dropped: they need runtimes the
#: interpreter lacks, or would turn clang-repl's warnings about bare expressions into errors.
_KEEP_F = (
    "exceptions", "cxx-exceptions", "rtti", "char8_t", "signed-char", "unsigned-char",
    "short-enums", "gnu-keywords", "ms-extensions", "ms-compatibility", "permissive",
    "strict-aliasing", "wrapv", "trapv", "fast-math", "finite-math-only", "coroutines",
    "modules", "sized-deallocation", "aligned-new", "operator-names", "threadsafe-statics",
    "builtin", "common", "trigraphs", "declspec", "asm", "gnu89-inline",
)  # fmt: skip


def _keep_f_flag(arg: str) -> bool:
    name = arg[2:]
    if name.startswith("no-"):
        name = name[3:]
    return name.split("=", 1)[0] in _KEEP_F


def _flags_from_command(arguments: Sequence[str], directory: str, filename: str) -> list[str]:
    """The flags of a compile command that matter for parsing and interpreting (paths made
    absolute).
    """
    args = list(arguments)[1:]  # drop the compiler
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg in ("-o", "-MF", "-MT", "-MQ", "-main-file-name") and i < len(args):
            i += 1
            continue
        matched = False
        for flag in _PATH_FLAGS:
            if arg == flag and i < len(args):
                out += [flag, os.path.normpath(os.path.join(directory, args[i]))]
                i += 1
                matched = True
                break
            if (
                arg.startswith(flag)
                and len(arg) > len(flag)
                and not (flag == "-I" and arg.startswith("-include"))
            ):
                out.append(flag + os.path.normpath(os.path.join(directory, arg[len(flag) :])))
                matched = True
                break
        if matched:
            continue
        if arg in ("-D", "-U") and i < len(args):
            out.append(arg + args[i])
            i += 1
        elif arg.startswith(_KEEP_PREFIXES) or (arg.startswith("-f") and _keep_f_flag(arg)):
            out.append(arg)
    return out


def compile_flags(
    path: str,
    compile_db_dir: str | None = None,
    include_dirs: Sequence[str] = (),
    defines: Sequence[str] = (),
    std: str | None = None,
) -> list[str]:
    """Flags for ``path``: its ``compile_commands.json`` entry (if ``compile_db_dir``), then ``-I``,
    ``-D`` and ``-std`` from the command line (which win, coming last).

    A header missing from the database borrows the entry of its sibling source, else the first
    entry of the database (the usual heuristic of clangd-like tools). Raises ``CdoctestError``
    when ``compile_db_dir`` has no readable ``compile_commands.json``.
    """
    flags: list[str] = []
    if compile_db_dir is not None:
        flags += _db_flags(os.path.abspath(compile_db_dir), os.path.abspath(path))
    flags += ["-I" + os.path.abspath(d) for d in include_dirs]
    flags += ["-D" + d for d in defines]
    if std:
        flags = [f for f in flags if not f.startswith("-std=")]
        flags.append("-std=" + std)
    return flags


def _db_flags(db_dir: str, path: str) -> list[str]:
    db_file = database_file(db_dir)
    from clang.cindex import CompilationDatabase, CompilationDatabaseError

    try:
        db = CompilationDatabase.fromDirectory(db_dir)
    except CompilationDatabaseError as exc:
        raise CdoctestError(f"{db_file}: cannot be read ({exc})") from exc
    candidates = [path]
    source = sibling_source(path)
    if source:
        candidates.append(source)
    for candidate in candidates:
        commands = db.getCompileCommands(candidate)
        for cmd in commands or ():
            return _flags_from_command(list(cmd.arguments), cmd.directory, cmd.filename)
    for cmd in db.getAllCompileCommands() or ():
        return _flags_from_command(list(cmd.arguments), cmd.directory, cmd.filename)
    return []


def db_sources(compile_db_dir: str) -> list[str]:
    """Every source file named in ``compile_db_dir/compile_commands.json`` (absolute, in order)."""
    database_file(compile_db_dir)
    return list(dict.fromkeys(c.source for c in compile_commands(compile_db_dir)))


def flag_dirs(flags: Sequence[str]) -> list[str]:
    """The directories a flag list reads from: those of ``-I``, ``-isystem``, ``-iquote``,
    ``-idirafter`` (joined or separate) and the directory of each ``-include`` file. A sandboxed
    session must be able to see them (``sandbox``'s private ``/tmp`` hides the host's).

    >>> flag_dirs(["-I/tmp/p/include", "-isystem", "/tmp/sys", "-include", "/tmp/p/stub.h", "-DX"])
    ['/tmp/p/include', '/tmp/sys', '/tmp/p']
    """
    out: list[str] = []
    i = 0
    while i < len(flags):
        arg = flags[i]
        i += 1
        for flag in _PATH_FLAGS:
            if arg == flag and i < len(flags):
                value = flags[i]
                i += 1
            elif (
                arg.startswith(flag)
                and len(arg) > len(flag)
                and not (flag == "-I" and arg.startswith("-include"))
            ):
                value = arg[len(flag) :]
            else:
                continue
            out.append(os.path.dirname(value) if flag == "-include" else value)
            break
    return out


def split_flags(flags: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """``(include_dirs, defines, other_flags)`` of a flag list (the ``CodeUnderTest`` fields)."""
    includes: list[str] = []
    defines: list[str] = []
    other: list[str] = []
    it = iter(range(len(flags)))
    for i in it:
        f = flags[i]
        if f == "-I" and i + 1 < len(flags):
            includes.append(flags[i + 1])
            next(it, None)
        elif f.startswith("-I"):
            includes.append(f[2:])
        elif f == "-D" and i + 1 < len(flags):
            defines.append(flags[i + 1])
            next(it, None)
        elif f.startswith("-D"):
            defines.append(f[2:])
        else:
            other.append(f)
    return tuple(includes), tuple(defines), tuple(other)


def code_under_test(
    path: str,
    text: str | None = None,
    flags: Sequence[str] = (),
    libraries: Sequence[str] = (),
    link: Sequence[str] = (),
) -> CodeUnderTest:
    """What a session must load to test the blocks of ``path``.

    - ``libraries`` given (the original's ``-cdtl``): the file is included as a header and the
      libraries are loaded with ``%lib`` (``LibraryNotFound`` if one does not exist).
    - ``link`` given (the project's library, ``cdoctest_runner.project_lib``, and ``--lib`` with
      ``-p``): loaded with ``%lib`` while the file is still loaded as source, as below.
    - a ``.c``/``.cpp`` file: the file itself (``text``, when given, replaces its saved contents).
    - a header with a sibling source (``foo.h`` + ``foo.cpp``): the source, which includes the
      header. With an unsaved ``text`` of the header, the source's ``#include`` of it is replaced by
      that text (with ``#line`` markers, so diagnostics still name the right file and line).
    - any other header: the header itself.
    """
    path = os.path.abspath(path)
    includes, defines, other = split_flags(flags)
    includes = tuple(dict.fromkeys((*includes, os.path.dirname(path))))
    language = language_of(path)
    other = _flags_for_language(other, language)
    common: dict[str, Any] = {
        "include_dirs": includes,
        "defines": defines,
        "flags": other,
        "key": path,
    }
    linked = tuple(os.path.abspath(lib) for lib in link)
    for lib in linked:
        if not os.path.isfile(lib):
            raise LibraryNotFound(f"{lib}: no such shared library")
    if libraries:
        libs = []
        for lib in libraries:
            if not os.path.isfile(lib):
                raise LibraryNotFound(f"{lib}: no such shared library")
            libs.append(os.path.abspath(lib))
        return CodeUnderTest(
            headers=(path,),
            libraries=tuple(libs),
            language=language,
            **common,
        )
    source = sibling_source(path)
    if source is not None:
        spliced = _splice_header(source, path, text) if text is not None else None
        return CodeUnderTest(
            path=source,
            text=spliced,
            language=language_of(source),
            libraries=linked,
            **common,
        )
    return CodeUnderTest(path=path, text=text, language=language, libraries=linked, **common)


def _flags_for_language(flags: tuple[str, ...], language: Language) -> tuple[str, ...]:
    """``flags`` without a ``-std=`` of the other language (a header's borrowed C command).

    >>> _flags_for_language(("-std=c89", "-fwrapv"), "c++")
    ('-fwrapv',)
    >>> _flags_for_language(("-std=c++17",), "c")
    ()
    """

    def other_language(f: str) -> bool:
        if not f.startswith("-std="):
            return False
        cxx = "++" in f or "cxx" in f
        return cxx != (language == "c++")

    return tuple(f for f in flags if not other_language(f))


#: An ``#include`` line; group 1 is the included name.
INCLUDE_LINE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*["<]([^">]+)[">].*$', re.M)


def _splice_header(source: str, header: str, header_text: str) -> str | None:
    """The text of ``source`` with its ``#include`` of ``header`` replaced by ``header_text``
    (``None`` when the source cannot be read or does not include the header by name).
    """
    try:
        with open(source, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return None
    name = os.path.basename(header)
    for match in INCLUDE_LINE.finditer(text):
        if os.path.basename(match.group(1)) != name:
            continue
        after_line = text.count("\n", 0, match.end()) + 2
        body = header_text if header_text.endswith("\n") else header_text + "\n"
        replacement = f'#line 1 "{header}"\n{body}#line {after_line} "{source}"'
        return text[: match.start()] + replacement + text[match.end() :]
    return None


_C89 = re.compile(r"-ansi|-std=(?:c|gnu|iso9899:)(?:89|90|1990|199409)")


def gnu89_inline(flags: Sequence[str]) -> bool:
    """Whether ``flags`` compile C with GNU89 inline rules, where ``extern inline`` is the
    definition that emits no symbol (C99's ``inline`` alone is): ``-fgnu89-inline``, or a C89
    ``-std=``/``-ansi`` without ``-fno-gnu89-inline``.

    >>> gnu89_inline(["-fgnu89-inline", "-std=c11"]), gnu89_inline(["-std=gnu89"])
    (True, True)
    >>> gnu89_inline(["-std=c11"]), gnu89_inline(["-ansi", "-fno-gnu89-inline"])
    (False, False)
    """
    explicit: bool | None = None
    c89 = False
    for flag in flags:
        if flag in ("-fgnu89-inline", "-fno-gnu89-inline"):
            explicit = flag == "-fgnu89-inline"
        elif flag == "-ansi" or flag.startswith("-std="):
            c89 = _C89.fullmatch(flag) is not None
    return c89 if explicit is None else explicit
