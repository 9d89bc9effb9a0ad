"""Usage mining: how a project's own tests, examples, README and header comments call its API.

Four public functions; code is read with libclang (``cdoctest_runner.clang``: the AST, and
its tokens where a macro hides the AST's extents), never with regexes (text is scanned only in
Markdown fences and comments):

- ``find_usage_sources(path, project_root=None)``: the files where a project shows how its API is
  used (test and example directories, test-named files, README files, the headers), bounded, the
  file under test never among them.
- ``mine_usage(sources, function_names, flags, language)``: ``UsageFacts``. For every call of a
  target function in a function body: the call, the backward slice of the statements before it
  that define the variables it uses (so slice + call is a self-contained snippet), the expected
  value an assertion around it (or a comment after it) states, the macro itself stripped, what
  it fills through ``&var`` or a buffer, the observers and free calls applied afterwards to its
  handle; also the producers seen (a call with literal arguments that makes a handle) and the
  string literals passed to each target. README code blocks and code in header comments are
  wrapped in a function body after the project's headers and parsed the same way.
- ``usage_examples(facts, function_name, max_blocks, avoid)``: candidate blocks, each a list of
  clang-repl inputs (cdoctest examples whose expected output the runner records).
- ``project_usage(path, function_names, flags, language, project_root)``: the two first in one
  call, as the generator makes it (``server.generate.job.prepare``): bounded in time
  (``MAX_MINING_S``; a parse under way ends first), cached per sources and their modification times
  for the run (every function of a file mines once), never raising (a failure is
  ``ProjectUsage.error``).

A source that does not parse, or a statement with an error in it, gives no facts; nothing here
raises on bad input.
"""

from __future__ import annotations

import os
import re
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cdoctest_runner import clang, ctext
from cdoctest_runner.errors import SourceParseError

__all__ = [
    "Filled",
    "Observed",
    "Producer",
    "UsageCall",
    "UsageFacts",
    "find_usage_sources",
    "ProjectUsage",
    "mine_usage",
    "project_usage",
    "usage_examples",
]

#: Bounds of ``find_usage_sources``: files kept, bytes per file, directory depth walked.
MAX_SOURCES = 40
MAX_FILE_BYTES = 300_000
MAX_DEPTH = 4
#: Seconds ``project_usage`` spends mining: the sources after it are left out.
MAX_MINING_S = 10.0
#: ``project_usage``'s results kept (one per file under test and its sources' versions).
CACHED_PROJECTS = 16
#: Bounds of the mined facts: statements in one slice, calls kept per target function.
MAX_SLICE = 10
MAX_CALLS_PER_FUNCTION = 200
#: What a filled array or struct shows: its first elements, at most this many lines.
SHOWN_ELEMENTS = 2
MAX_SHOWN = 8

CODE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx")
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")
TEST_DIRS = ("test", "tests", "testing", "unittest", "unittests")
EXAMPLE_DIRS = ("example", "examples", "demo", "demos", "sample", "samples")
SKIPPED_DIRS = ("build", "cmake-build-debug", "cmake-build-release", "node_modules", "third_party")
README_NAMES = ("readme.md", "readme.markdown", "readme", "readme.txt", "readme.rst")
FENCE_LANGUAGES = ("c", "cpp", "c++", "cxx", "h")
#: Callees whose name says they free or close what they are given.
DESTROY_WORDS = ("free", "destroy", "release", "delete", "dispose", "close", "deinit", "cleanup")
#: Statement kinds that hold other statements when written with their keyword.
CONTAINER_KEYWORDS = {
    "IF_STMT": "if",
    "FOR_STMT": "for",
    "WHILE_STMT": "while",
    "DO_STMT": "do",
    "SWITCH_STMT": "switch",
    "COMPOUND_STMT": "{",
}
#: A value a comment states for the call before it (``6``, ``-> 6``, ``returns "ok".``).
STATED = re.compile(
    r"(?:(?:->|=>|==|=|:|returns|gives|prints|is)\s*)?"
    r"(?P<v>-?\d+(?:\.\d+)?[uUlLfF]*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])'|true|false|NULL)\.?",
    re.I,
)
#: The name of the functions README blocks and header-comment code are wrapped in.
SNIPPET_FUNCTION = "cdoctest_usage_snippet_"


# ----------------------------------------------------------------------------------------------
# Facts


@dataclass(frozen=True)
class Filled:
    """A variable a call fills through a pointer parameter (``&v``, a buffer).

    ``kind``: ``scalar`` (print the bare name), ``string`` (a C string pointer: printf with a
    NULL guard), ``buffer`` (a char array: printf), ``parts`` (a struct or an array: its
    ``fields``, each ``(suffix, kind)``: ``(".host", "string")``, ``("[0].key", "string")``).
    """

    name: str
    kind: str
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Observed:
    """A call made on a call's handle afterwards (``ilist_sum(l)``) and how its result prints
    (``scalar``, ``string``).
    """

    call: str
    result: str


@dataclass(frozen=True)
class UsageCall:
    """One call of a target function as a project's own code makes it.

    ``statement`` is how the call ran with any assertion macro stripped, as clang-repl inputs:
    ``v = f(x);`` or ``T v = f(x);`` (in C ``T v;``, ``v = f(x);``) when its result is kept in
    ``result_var``, else ``f(x);``. ``slice`` holds the
    statements before it, in order, that the call needs (declarations, assignments, calls that
    fill its arguments, set-up calls of the project); ``variables``: the names they declare.
    ``result``: ``void``, ``scalar``,
    ``string``, ``handle`` (a pointer to something the API makes) or ``other``. ``expected``: the
    value an assertion compares the result with (``ASSERT_EQ(f(x), 3)`` -> ``3``), or None.
    ``source`` is ``file:line``.
    """

    function: str
    call: str
    statement: tuple[str, ...]
    result_var: str | None
    result: str
    result_type: str
    slice: tuple[str, ...]
    variables: tuple[str, ...]
    filled: tuple[Filled, ...]
    expected: str | None
    observers: tuple[Observed, ...]
    frees: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Producer:
    """A call with literal arguments whose result initialises a handle: ``json_loads("[1]", 0,
    &err)`` makes a ``json_t *``.
    """

    function: str
    call: str
    type: str
    source: str


@dataclass(frozen=True)
class UsageFacts:
    """What ``mine_usage`` found; ``literals`` maps a target to the string literals passed to it
    (as written, quotes included), ``sources`` the files that gave any fact.
    """

    calls: tuple[UsageCall, ...] = ()
    producers: tuple[Producer, ...] = ()
    literals: tuple[tuple[str, tuple[str, ...]], ...] = ()
    sources: tuple[str, ...] = ()

    def calls_of(self, function_name: str) -> tuple[UsageCall, ...]:
        """The mined calls of ``function_name``, in the order they were found."""
        return tuple(c for c in self.calls if c.function == function_name)

    def literals_of(self, function_name: str) -> tuple[str, ...]:
        """The string literals passed to ``function_name``."""
        return dict(self.literals).get(function_name, ())


# ----------------------------------------------------------------------------------------------
# Sources


def find_usage_sources(path: str | os.PathLike[str], project_root: str | None = None) -> list[Path]:
    """Files that show how the project of ``path`` uses its API, best first.

    The project root is ``project_root``, else the nearest ancestor with a ``.git``, else the
    parent of a ``src``/``source``/``lib`` directory holding the file, else the file's own
    directory. In order: the headers beside the file and under ``include/`` (their comments),
    the README files of the root, the C/C++ files of test and example directories
    (``test/``, ``tests/``, ``example(s)/``, ``demo/`` ...), then other files named for tests
    or examples (``test_*.c``, ``*_test.cpp``, ``*test*.c``, ``example2.c``), then the other
    headers. Hidden and build directories are skipped, at
    most ``MAX_DEPTH`` levels; files over ``MAX_FILE_BYTES`` are left out, at most
    ``MAX_SOURCES`` files, never ``path`` itself.
    """
    target = Path(path).resolve()
    root = Path(project_root).resolve() if project_root else _project_root(target)
    files = _walk(root)
    headers = [f for f in files if f.suffix in HEADER_SUFFIXES]
    own = [h for h in headers if h.parent == target.parent or "include" in h.parent.parts]
    readmes = [f for f in files if f.parent == root and f.name.lower() in README_NAMES]
    code = [f for f in files if f.suffix in CODE_SUFFIXES]
    in_dirs = [
        f
        for f in code
        if any(p.lower() in TEST_DIRS + EXAMPLE_DIRS for p in f.relative_to(root).parts[:-1])
    ]
    named = [
        f
        for f in code
        if f.suffix not in HEADER_SUFFIXES
        and any(w in f.stem.lower() for w in ("test", "example", "demo", "sample"))
    ]
    out: list[Path] = []
    for f in [*own, *readmes, *in_dirs, *named, *headers]:
        if f != target and f not in out and _size(f) <= MAX_FILE_BYTES:
            out.append(f)
    return out[:MAX_SOURCES]


def _size(path: Path) -> int:
    """The file's size; one that vanished since the walk (another process's temporary file in
    a shared directory such as ``/tmp``) counts as too big to read.
    """
    try:
        return path.stat().st_size
    except OSError:
        return MAX_FILE_BYTES + 1


def _project_root(target: Path) -> Path:
    for parent in target.parents:
        if (parent / ".git").exists():
            return parent
    if target.parent.name.lower() in ("src", "source", "lib"):
        return target.parent.parent
    return target.parent


def _walk(root: Path) -> list[Path]:
    """Regular files under ``root``, sorted, hidden and build directories left out."""
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root):
        depth = len(Path(dirpath).relative_to(root).parts)
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".") and d.lower() not in SKIPPED_DIRS and depth < MAX_DEPTH
        )
        out += [Path(dirpath) / f for f in sorted(filenames) if not f.startswith(".")]
    return out


# ----------------------------------------------------------------------------------------------
# Mining


def mine_usage(
    sources: Sequence[str | os.PathLike[str]],
    function_names: Iterable[str],
    flags: Sequence[str] = (),
    language: str = "c",
    deadline: float | None = None,
) -> UsageFacts:
    """Mine ``sources`` for calls of ``function_names`` (module docstring: what is kept).

    C/C++ files are parsed as they are (with ``flags``, ``-I`` their own directory and those of
    the headers among ``sources``), README files give their ```` ```c ````/```` ```cpp ````
    blocks and headers the code in their comments, each wrapped after ``#include`` of the
    headers among ``sources``; a call is found under a target's name or a name a header
    ``#define``s to it. ``language`` is
    that of the code under test: in C, a slice's ``T v = f(x);`` becomes ``T v;`` and ``v =
    f(x);`` (clang-repl's C mode wants constant initialisers at file scope). Past ``deadline``
    (``time.monotonic()``), no more statements are read and the sources not yet parsed are left
    out (a parse under way ends first).
    """
    names = frozenset(function_names)
    paths = [Path(s).resolve() for s in sources]
    headers = [p for p in paths if p.suffix in HEADER_SUFFIXES]
    # The headers' directories are include paths: a test writes ``#include <lib.h>``.
    include = [f"-I{d}" for d in dict.fromkeys(h.parent for h in headers)]
    miner = _Miner(names, (*flags, *include), language, deadline)
    texts = {}
    for p in paths:
        try:
            texts[p] = p.read_text(encoding="utf-8", errors="surrogateescape")
        except OSError:
            continue
    header_code = {}
    for p in headers:
        if p in texts and (deadline is None or time.monotonic() < deadline):
            header_code[p] = miner.read_header(p, texts[p])
    for p, text in texts.items():
        if deadline is not None and time.monotonic() >= deadline:
            break
        if p.suffix in CODE_SUFFIXES and p.suffix not in HEADER_SUFFIXES:
            miner.mine_file(p, text, _language_of(p))
            continue
        if p.suffix in HEADER_SUFFIXES:
            snippets = header_code.get(p, [])
        elif p.name.lower() in README_NAMES:
            snippets = _fenced_blocks(text)
        else:
            continue
        if snippets:
            miner.mine_snippets(p, snippets, headers)
    return miner.facts()


@dataclass(frozen=True)
class ProjectUsage:
    """What ``project_usage`` found: the facts, the files it read (``sources``), the seconds
    mining took (0 when ``cached``), and why nothing was mined when mining failed (``error``).
    """

    facts: UsageFacts = UsageFacts()
    sources: tuple[str, ...] = ()
    seconds: float = 0.0
    cached: bool = False
    error: str = ""


_PROJECTS: OrderedDict[tuple[Any, ...], ProjectUsage] = OrderedDict()


def project_usage(
    path: str | os.PathLike[str],
    function_names: Iterable[str],
    flags: Sequence[str] = (),
    language: str = "c",
    project_root: str | None = None,
) -> ProjectUsage:
    """``find_usage_sources(path, project_root)`` mined for ``function_names`` within
    ``MAX_MINING_S`` seconds. The result is kept for the run (the ``CACHED_PROJECTS`` latest),
    keyed by the sources with their sizes and modification times, the names, flags and
    language: an edited test file is mined again. Never raises: a failure (an unreadable
    tree, libclang) gives no facts and says why in ``error``.
    """
    t0 = time.monotonic()
    try:
        sources = find_usage_sources(path, project_root)
        stamps = tuple(_stamp(p) for p in sources)
        key = (stamps, frozenset(function_names), tuple(flags), language)
        if key in _PROJECTS:
            _PROJECTS.move_to_end(key)
            return replace(_PROJECTS[key], seconds=0.0, cached=True)
        facts = mine_usage(sources, key[1], flags, language, deadline=t0 + MAX_MINING_S)
    except Exception as exc:  # noqa: BLE001 - mining is a bonus: it never fails generation
        return ProjectUsage(seconds=time.monotonic() - t0, error=f"{type(exc).__name__}: {exc}")
    found = ProjectUsage(facts, tuple(str(p) for p in sources), time.monotonic() - t0)
    _PROJECTS[key] = found
    while len(_PROJECTS) > CACHED_PROJECTS:
        _PROJECTS.popitem(last=False)
    return found


def _stamp(path: Path) -> tuple[str, int, int]:
    """``path`` with its modification time and size; (-1, -1) for a file gone meanwhile."""
    try:
        st = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path), st.st_mtime_ns, st.st_size)


def _language_of(path: Path) -> str:
    return "c" if path.suffix in (".c", ".h") else "c++"


def _fenced_blocks(text: str) -> list[tuple[int, str]]:
    """The ```` ```c ````/```` ```cpp ```` blocks of a Markdown text as ``(first line, code)``."""
    out: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = lines[i].strip()
        if fence.startswith("```") and fence[3:].strip().lower() in FENCE_LANGUAGES:
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            out.append((i + 2, "\n".join(lines[i + 1 : j])))
            i = j
        i += 1
    return out


def _comment_code(comment: str, first_line: int) -> list[tuple[int, str]]:
    """Code in a comment: fenced (```` ``` ````, ``@code``/``\\code``) lines, else runs of lines
    that end a statement (``;``, before a trailing ``//`` comment); ``(first line, code)``.
    """
    out: list[tuple[int, str]] = []
    run: list[str] = []
    start = 0
    fenced = False
    for n, raw in enumerate(comment.splitlines()):
        line = raw.strip()
        for mark in ("/**", "/*!", "/*", "*/", "///", "//!", "//"):
            if line.startswith(mark):
                line = line[len(mark) :]
                break
        if line.startswith("*") and not line.startswith("*/"):
            line = line[1:]
        if line.endswith("*/"):
            line = line[:-2]
        bare = line.strip()
        if bare.startswith(("```", "@code", "\\code", "@endcode", "\\endcode")):
            fenced = not fenced and not bare.startswith(("@endcode", "\\endcode"))
            continue
        code_line = fenced or bare.split("//")[0].rstrip().endswith(";")
        if code_line and bare:
            if not run:
                start = first_line + n
            run.append(bare)
        elif run:
            out.append((start, "\n".join(run)))
            run = []
    if run:
        out.append((start, "\n".join(run)))
    return out


class _Miner:
    """Collects the facts of one ``mine_usage`` call."""

    def __init__(
        self,
        names: frozenset[str],
        flags: tuple[str, ...],
        language: str,
        deadline: float | None = None,
    ) -> None:
        self.names = names
        self.flags = flags
        self.language = language
        self.deadline = deadline  # time.monotonic() after which no more calls are read
        self.aliases: dict[str, str] = {}  # a macro name -> the target it stands for
        self.calls: list[UsageCall] = []
        self.producers: list[Producer] = []
        self.literals: dict[str, list[str]] = {}
        self.sources: list[str] = []

    def facts(self) -> UsageFacts:
        """The facts collected so far."""
        return UsageFacts(
            calls=tuple(self.calls),
            producers=tuple(self.producers),
            literals=tuple((k, tuple(v)) for k, v in self.literals.items()),
            sources=tuple(self.sources),
        )

    # -- parsing --------------------------------------------------------------------------------

    def _parse(self, path: Path, text: str, language: str) -> Any:
        """The translation unit of ``text`` as ``path``, or None when libclang gives none."""
        try:
            return clang.parse(str(path), text, language, [*self.flags, f"-I{path.parent}"])
        except SourceParseError:
            return None

    def mine_file(self, path: Path, text: str, language: str, origin: Any = None) -> None:
        """Mine the function bodies of one C/C++ file (``origin``: maps lines to the real file
        for wrapped snippets).
        """
        tu = self._parse(path, text, language)
        if tu is None:
            return
        before = len(self.calls) + len(self.producers)
        _FileMiner(self, tu, path, text, origin).run()
        if len(self.calls) + len(self.producers) > before:
            self.sources.append(str(path if origin is None else origin.path))

    def read_header(self, path: Path, text: str) -> list[tuple[int, str]]:
        """The code in the comments of the header ``path`` (libclang's comment tokens); also
        notes the names its ``#define NAME target`` lines give a target (``#define printf
        printf_``: a test calls ``printf(...)``).
        """
        tu = self._parse(path, text, _language_of(path))
        if tu is None:
            return []
        raw = text.encode("utf-8", errors="surrogateescape")
        out: list[tuple[int, str]] = []
        tokens = [t for t in tu.get_tokens(extent=tu.cursor.extent) if clang.in_file(t, str(path))]
        for i in range(len(tokens) - 3):
            spelled = [t.spelling for t in tokens[i : i + 4]]
            if spelled[:2] == ["#", "define"] and spelled[3] in self.names:
                after = tokens[i + 4].location.line if i + 4 < len(tokens) else 0
                if after != tokens[i + 3].location.line:  # the whole body is the one name
                    self.aliases[spelled[2]] = spelled[3]
        for tok in tokens:
            if tok.kind.name != "COMMENT":
                continue
            e = tok.extent
            body = raw[e.start.offset : e.end.offset].decode("utf-8", errors="surrogateescape")
            out += _comment_code(body, e.start.line)
        return out

    def mine_snippets(
        self, path: Path, snippets: list[tuple[int, str]], headers: list[Path]
    ) -> None:
        """Wrap each snippet in a function after the headers (and the snippets' own
        ``#include`` lines), parse once, mine the bodies.
        """
        prelude = [f'#include "{h}"' for h in headers if h != path]
        if path.suffix in HEADER_SUFFIXES:
            prelude.append(f'#include "{path}"')
        prelude += ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"]
        bodies: list[list[tuple[int, str]]] = []  # per snippet: (real line, code line)
        for first, code in snippets:
            numbered = [(first + i, ln) for i, ln in enumerate(code.splitlines())]
            prelude += [ln for _, ln in numbered if ln.lstrip().startswith("#")]
            bodies.append([(r, ln) for r, ln in numbered if not ln.lstrip().startswith("#")])
        origin = _Origin(path)
        lines = list(prelude)
        for n, body in enumerate(bodies):
            lines.append(f"void {SNIPPET_FUNCTION}{n}(void) {{")
            for real, line in body:
                lines.append(line)
                origin.lines[len(lines)] = real
            lines.append("}")
        wrapped = (
            path.parent / f".cdoctest_usage_{path.name}.{'c' if self.language == 'c' else 'cpp'}"
        )
        language = "c++" if path.suffix in (".hpp", ".hh", ".hxx") else self.language
        self.mine_file(wrapped, "\n".join(lines) + "\n", language, origin)


class _Origin:
    """Maps a wrapped snippet file's lines back to the README or header they came from."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: dict[int, int] = {}  # wrapped line (1-based) -> the real file's line

    def where(self, line: int) -> str:
        """``file:line`` in the real file of a line of the wrapped one."""
        return f"{self.path}:{self.lines.get(line, '?')}"


@dataclass(frozen=True)
class _Leaf:
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


class _FileMiner:
    """Walks the function bodies of one translation unit."""

    def __init__(self, miner: _Miner, tu: Any, path: Path, text: str, origin: Any) -> None:
        self.m = miner
        self.tu = tu
        self.path = str(path)
        self.raw = text.encode("utf-8", errors="surrogateescape")
        self.file = tu.get_file(self.path)
        self.origin = origin
        self.error_lines = {
            d.location.line
            for d in tu.diagnostics
            if d.severity >= 3 and d.location.file is not None and d.location.file.name == self.path
        }
        self.globals: set[str] = set()
        self.locals: set[str] = set()
        self.params: set[str] = set()
        self.blocked: set[str] = set()  # variables a loop header around the statement sets
        self.leaves: dict[tuple[int, int, int], _Leaf] = {}  # ``_leaf_of``'s, per statement

    def run(self) -> None:
        bodies = []
        for fn in self._functions(self.tu.cursor):
            if self.origin is not None and not fn.spelling.startswith(SNIPPET_FUNCTION):
                continue
            body = next((c for c in fn.get_children() if c.kind.name == "COMPOUND_STMT"), None)
            if body is not None:
                bodies.append((fn, body))
        for fn, body in bodies:
            self.params = {p.spelling for p in clang.parameters(fn)}
            self.locals = {c.spelling for c in body.walk_preorder() if c.kind.name == "VAR_DECL"}
            self._block(body, [])

    def _functions(self, cursor: Any) -> Iterable[Any]:
        for c in cursor.get_children():
            if not clang.in_file(c, self.path):
                continue
            kind = c.kind.name
            if kind in ("FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE") and c.is_definition():
                yield c
            elif kind in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL", *clang.RECORD_KINDS):
                yield from self._functions(c)
            elif kind == "VAR_DECL":
                self.globals.add(c.spelling)

    # -- statements -----------------------------------------------------------------------------

    def _tokens(self, cursor: Any) -> tuple[Any, ...]:
        """The tokens of ``cursor``'s extent in this file. The range is rebuilt from file
        offsets: libclang tokenizes nothing for the extent of a statement a macro expands to.
        """
        e = cursor.extent
        if e.start.offset >= e.end.offset or not clang.in_file(cursor, self.path):
            return ()
        ci = clang.cindex()
        start = ci.SourceLocation.from_offset(self.tu, self.file, e.start.offset)
        end = ci.SourceLocation.from_offset(self.tu, self.file, e.end.offset)
        return tuple(self.tu.get_tokens(extent=ci.SourceRange.from_locations(start, end)))

    def _text(self, tokens: Sequence[Any]) -> str:
        """The source text from the first to the last token, on one line."""
        if not tokens:
            return ""
        start, end = tokens[0].extent.start.offset, tokens[-1].extent.end.offset
        text = self.raw[start:end].decode("utf-8", errors="surrogateescape")
        return " ".join(part.strip() for part in text.splitlines() if part.strip())

    def _block(self, compound: Any, before: list[_Leaf]) -> None:
        """Mine the statements of ``compound``; ``before`` are the leaves that precede it."""
        seen = list(before)
        children = list(compound.get_children())
        for i, stmt in enumerate(children):
            tokens = self._tokens(stmt)
            if not tokens:
                continue
            keyword = CONTAINER_KEYWORDS.get(stmt.kind.name)
            if keyword is not None and tokens[0].spelling == keyword:
                seen += self._container(stmt, seen)
                continue
            leaf = self._leaf_of(stmt)
            self._calls_in(leaf, seen, children[i + 1 : i + 5], in_condition=False)
            seen.append(leaf)

    def _container(self, stmt: Any, seen: list[_Leaf]) -> list[_Leaf]:
        """An ``if``/loop/block: its condition is a leaf seen from here, its bodies are mined
        (in a loop's body, the variables its header names have no value a slice can give).
        Returns the ``if`` condition's leaf, which runs before what follows (``if
        (parse(&url, s) == -1) return;`` fills ``url``), else nothing.
        """
        cond: list[_Leaf] = []
        blocked = set(self.blocked)
        if stmt.kind.name in ("FOR_STMT", "WHILE_STMT", "DO_STMT"):
            body = [c for c in stmt.get_children() if c.kind.name == "COMPOUND_STMT"]
            cut = body[0].extent.start.offset if body else None
            header = [t for t in self._tokens(stmt) if cut is None or t.extent.start.offset < cut]
            self.blocked |= self._names(header)
        for child in stmt.get_children():
            if child.kind.name == "COMPOUND_STMT":
                self._block(child, seen + cond)
            elif stmt.kind.name == "IF_STMT" and child.kind.is_expression() and not cond:
                tokens = self._tokens(child)
                if tokens:
                    leaf = self._leaf(child, tokens)
                    self._calls_in(leaf, seen, [], in_condition=True)
                    cond.append(self._condition_call(leaf))
        self.blocked = blocked
        return cond

    def _condition_call(self, leaf: _Leaf) -> _Leaf:
        """An ``if`` condition as a statement of a slice: the one call in it that fills a
        variable (``parse(&url, s) == -1`` -> ``parse(&url, s);``), else the condition.
        """
        filling = [c for c in leaf.calls if self._filled(c) and self._tokens(c)]
        if len(filling) != 1:
            return leaf
        return replace(leaf, text=self._text(self._tokens(filling[0])) + ";")

    def _leaf_of(self, stmt: Any) -> _Leaf:
        """``_leaf`` of a statement, made once (a statement is read again as one that follows
        a call).
        """
        e = stmt.extent
        key = (stmt.hash, e.start.offset, e.end.offset)
        if key not in self.leaves:
            self.leaves[key] = self._leaf(stmt, self._tokens(stmt))
        return self.leaves[key]

    def _leaf(self, stmt: Any, tokens: Sequence[Any]) -> _Leaf:
        names = self._names(tokens)
        declares: set[str] = set()
        defines: set[str] = set()
        if stmt.kind.name == "DECL_STMT":
            declares = {c.spelling for c in stmt.get_children() if c.kind.name == "VAR_DECL"}
        elif (
            stmt.kind.name in ("BINARY_OPERATOR", "COMPOUND_ASSIGNMENT_OPERATOR")
            and len(tokens) > 2
            and tokens[1].spelling == "="
            and tokens[0].spelling in self.locals
        ):
            defines.add(tokens[0].spelling)
        calls = tuple(c for c in stmt.walk_preorder() if c.kind.name == "CALL_EXPR")
        for call in calls:
            defines |= {f.name for f in self._filled(call)}
        lines = range(tokens[0].location.line, tokens[-1].location.line + 1) if tokens else ()
        return _Leaf(
            cursor=stmt,
            tokens=tuple(tokens),
            calls=calls,
            text=self._text(tokens),
            line=tokens[0].location.line if tokens else 0,
            declares=frozenset(declares),
            defines=frozenset(defines),
            uses=frozenset(names - declares),
            broken=any(n in self.error_lines for n in lines),
        )

    def _names(self, tokens: Sequence[Any]) -> set[str]:
        """The variables of the body, its parameters and the file's globals that ``tokens``
        name (a member name after ``.``/``->`` is not a variable).
        """
        known = self.locals | self.params | self.globals
        out = set()
        for i, t in enumerate(tokens):
            if t.kind.name != "IDENTIFIER" or t.spelling not in known:
                continue
            if i > 0 and tokens[i - 1].spelling in (".", "->"):
                continue
            out.add(t.spelling)
        return out

    # -- calls ----------------------------------------------------------------------------------

    def _calls_in(
        self, leaf: _Leaf, seen: list[_Leaf], following: list[Any], in_condition: bool
    ) -> None:
        """Record the producer and the target calls in ``leaf``; ``following``: the statements
        after it (where observers and frees of its handle are looked for).
        """
        if leaf.broken or (self.m.deadline is not None and time.monotonic() > self.m.deadline):
            return
        asts = list(leaf.calls)
        self._producer(leaf, asts)
        spans = self._target_spans(leaf, asts)
        after = [self._leaf_of(s) for s in following] if spans else []
        for start, end, callee in spans:
            if len(self.m.calls) >= MAX_CALLS_PER_FUNCTION * max(1, len(self.m.names)):
                return
            call = self._usage(leaf, start, end, callee, seen, after, in_condition)
            if call is not None:
                self.m.calls.append(call)

    def _target_spans(self, leaf: _Leaf, asts: list[Any]) -> list[tuple[int, int, Any]]:
        """``(first token, last token, callee)`` of each call of a target in ``leaf``, the
        callee's qualifiers (``test::``) left out. Calls written inside a macro's arguments have
        no extent of their own: they are found in the macro invocation's tokens by name.
        """
        targets = [c for c in asts if c.spelling in self.m.names and c.referenced is not None]
        if not targets:
            return []
        toks = leaf.tokens
        written = {c.spelling for c in targets}
        written |= {a for a, t in self.m.aliases.items() if t in written}
        for c in targets:  # the name a macro gives the function (``snprintf`` for snprintf_)
            ts = self._tokens(c)
            if ts and ts[0].kind.name == "IDENTIFIER":
                written.add(_callee_name(ts))
        out = []
        i = 0
        while i < len(toks) - 1:
            t = toks[i]
            if (
                t.kind.name == "IDENTIFIER"
                and t.spelling in written
                and toks[i + 1].spelling == "("
            ):
                if i > 0 and toks[i - 1].spelling in (".", "->"):
                    i += 1
                    continue
                close = _matching(toks, i + 1)
                if close is None:
                    break
                spelling = self.m.aliases.get(t.spelling, t.spelling)
                callee = next((c for c in targets if c.spelling == spelling), targets[0])
                out.append((i, close, callee))
                i = close + 1
            else:
                i += 1
        return out

    def _usage(
        self,
        leaf: _Leaf,
        start: int,
        end: int,
        callee: Any,
        seen: list[_Leaf],
        after: list[_Leaf],
        in_condition: bool,
    ) -> UsageCall | None:
        """The call at tokens ``start..end`` of ``leaf`` with its slice from ``seen`` and what
        ``after`` does with its handle; None when it is not self-contained (it uses a parameter
        or a global of the test file, or a variable no slice can give a value).
        """
        toks = leaf.tokens
        call_tokens = toks[start : end + 1]
        call = self._text(call_tokens)
        result_type = callee.type
        uses = self._names(call_tokens)
        result_var = self._stored(leaf, start, end)
        statement = (f"{call};",)
        need = set(uses)
        if result_var is not None:
            statement = tuple(self._statement(leaf))
            if not leaf.declares:  # ``v = f(x);``: v's declaration comes from the slice
                need.add(result_var)
        named = need | ({result_var} if result_var is not None else set())
        if named & (self.params | (self.globals - self.locals)):
            return None
        sliced = self._slice(need, uses, seen, callee.spelling)
        if sliced is None:
            return None
        variables = sliced[1] | set(leaf.declares)
        expected = _expected(toks, start, end, in_condition) or self._stated(leaf)
        if expected is None and result_var is not None:
            expected = next(
                (e for lf in after for e in [_compared(lf.tokens, result_var)] if e), None
            )
        args = _arguments(call_tokens)
        filled = tuple(self._filled_args(callee.referenced, args, seen))
        handles = {result_var} if result_var else set()
        handles |= {a[0].spelling for a in args if len(a) == 1 and a[0].spelling in self.locals}
        observers, frees = self._afterwards(after, handles)
        self._literals(callee.spelling, args, seen)
        return UsageCall(
            function=callee.spelling,
            call=call,
            statement=statement,
            result_var=result_var,
            result=_type_kind(result_type),
            result_type=result_type.spelling,
            slice=tuple(sliced[0]),
            variables=tuple(sorted(variables)),
            filled=filled,
            expected=expected,
            observers=tuple(observers),
            frees=tuple(frees),
            source=self._where(leaf.line),
        )

    def _literals(self, function: str, args: list[list[Any]], seen: list[_Leaf]) -> None:
        """Note the string literals passed to ``function``: written as an argument, or the
        value the statement that last set an argument variable gave it (``text = "4,5";``).
        """
        found: list[Any] = []
        for a in args:
            found += a
            if len(a) == 1 and a[0].spelling in self.locals:
                setter = next(
                    (lf for lf in reversed(seen) if a[0].spelling in lf.declares | lf.defines),
                    None,
                )
                found += setter.tokens if setter is not None and len(setter.tokens) <= 12 else []
        lits = self.m.literals.setdefault(function, [])
        for t in found:
            if t.kind.name == "LITERAL" and t.spelling.startswith('"') and t.spelling not in lits:
                lits.append(t.spelling)

    def _where(self, line: int) -> str:
        return self.origin.where(line) if self.origin is not None else f"{self.path}:{line}"

    def _stored(self, leaf: _Leaf, start: int, end: int) -> str | None:
        """The variable ``leaf`` keeps the call's result in (``T v = call;``, ``v = call;``)."""
        toks = leaf.tokens
        whole = end + 1 == len(toks) or (end + 2 == len(toks) and toks[-1].spelling == ";")
        if not whole or start == 0 or toks[start - 1].spelling != "=":
            return None
        if leaf.declares and len(leaf.declares) == 1:
            return next(iter(leaf.declares))
        if leaf.defines and start == 2 and toks[0].spelling in leaf.defines:
            return toks[0].spelling
        return None

    def _c_statement(self, leaf: _Leaf, always: bool = False) -> list[str] | None:
        """``T v = init;`` as ``T v;`` and ``v = init;`` (C at file scope wants constant
        initialisers); None when it is not one declaration with a non-constant initialiser
        (``always``: with any initialiser but a brace list).
        """
        var = next((c for c in leaf.cursor.get_children() if c.kind.name == "VAR_DECL"), None)
        if var is None or len(leaf.declares) != 1 or var.type.kind.name.endswith("ARRAY"):
            return None
        toks = list(leaf.tokens)
        eq = next((i for i, t in enumerate(toks) if t.spelling == "="), None)
        if eq is None or toks[eq + 1].spelling == "{":
            return None
        end = len(toks) - 1 if toks[-1].spelling == ";" else len(toks)
        init = toks[eq + 1 : end]
        if not always and all(t.kind.name in ("LITERAL", "PUNCTUATION") for t in init):
            return None
        head = toks[:eq]
        if head[0].spelling == "const" and var.type.is_const_qualified():
            head = head[1:]  # assigned below: not const
        return [f"{self._text(head)};", f"{var.spelling} = {self._text(init)};"]

    def _slice(
        self, need: set[str], values: set[str], seen: list[_Leaf], function: str
    ) -> tuple[list[str], set[str]] | None:
        """The statements of ``seen`` that declare the variables ``need`` and give ``values``
        their values (backward), in order, and the variables they declare. An earlier call
        of the same ``function`` defines nothing here (``rc = f(a, out); ... rc = f(b, out);``:
        the second needs neither). None when a variable is not declared there or a loop
        around the call sets it, a statement has an error or the slice is longer than
        ``MAX_SLICE``.
        """
        need_decl = set(need)
        need_def = set(values)
        taken: list[list[str]] = []
        setups: set[str] = set()
        touched = need | values
        declared: set[str] = set()
        for leaf in reversed(seen):
            setup = self._setup(leaf)
            target = any(c.spelling == function for c in leaf.calls)
            defines = leaf.defines if not target else frozenset()
            take = bool(leaf.declares & need_decl or defines & need_def)
            if setup is not None and not take and setup not in setups:
                setups.add(setup)
                take = True
            if not take:
                continue
            if leaf.broken:
                return None
            split = self._c_statement(leaf, always=True) if target else None
            # An earlier call of a target declares a variable the call needs: its declaration
            # alone (``int rc = f(a);`` -> ``int rc;``).
            taken.append([split[0]] if split else self._statement(leaf))
            need_def -= defines | leaf.declares
            need_decl -= leaf.declares
            declared |= leaf.declares
            if not split:
                need_decl |= leaf.uses
                need_def |= leaf.uses - leaf.defines
                touched |= leaf.uses
        if need_decl or len(taken) > MAX_SLICE or (touched & self.blocked):
            return None
        return [line for lines in reversed(taken) for line in lines], declared

    def _statement(self, leaf: _Leaf) -> list[str]:
        """``leaf`` as clang-repl inputs (a C declaration with a non-constant initialiser
        split in two).
        """
        split = self._c_statement(leaf) if self.m.language == "c" else None
        return split or [leaf.text if leaf.text.endswith((";", "}")) else leaf.text + ";"]

    def _setup(self, leaf: _Leaf) -> str | None:
        """The callee of a set-up call (``cwk_path_set_style(CWK_STYLE_UNIX);``: the project's
        void function, no variables, not a target), else None.
        """
        c = leaf.cursor
        if c.kind.name != "CALL_EXPR" or leaf.uses or c.spelling in self.m.names:
            return None
        fn = c.referenced
        if fn is None or fn.result_type.kind.name != "VOID" or fn.location.is_in_system_header:
            return None
        return c.spelling

    # -- arguments, results and what follows ----------------------------------------------------

    def _filled(self, call: Any) -> list[Filled]:
        """What an AST call fills: ``&v`` or an array/pointer variable passed as a pointer to
        non-const.
        """
        fn = call.referenced
        if fn is None:
            return []
        out = []
        params = list(fn.get_arguments()) if hasattr(fn, "get_arguments") else []
        for param, arg in zip(params, call.get_arguments(), strict=False):
            if not _writable_pointer(param.type):
                continue
            ref = _variable_of(arg)
            if ref is not None:
                out.append(_filled_var(ref.spelling, ref.referenced.type))
        return out

    def _filled_args(self, fn: Any, args: list[list[Any]], seen: list[_Leaf]) -> list[Filled]:
        """What the target call fills, from its written arguments (``&v`` or a buffer)."""
        if fn is None:
            return []
        decls = {}
        for leaf in seen:
            for c in leaf.cursor.get_children():
                if c.kind.name == "VAR_DECL":
                    decls[c.spelling] = c
        out: list[Filled] = []
        for param, arg in zip(list(fn.get_arguments()), args, strict=False):
            if not _writable_pointer(param.type):
                continue
            spell = [t.spelling for t in arg]
            name = spell[-1] if spell[:1] == ["&"] and len(spell) == 2 else None
            if name is None and len(spell) == 1:
                name = spell[0]
            var = decls.get(name or "")
            if var is None:
                continue
            canon = var.type.get_canonical().kind.name
            if spell[0] != "&" and canon not in ("CONSTANTARRAY", "POINTER"):
                continue
            f = _filled_var(name or "", var.type)
            if f.kind != "other" and f not in out:
                out.append(f)
        return out

    def _afterwards(
        self, after: list[_Leaf], handles: set[str]
    ) -> tuple[list[Observed], list[str]]:
        """Calls after the target call that take one of ``handles`` first: observers (a
        result that prints, other arguments literal) and frees.
        """
        observers: list[Observed] = []
        frees: list[str] = []
        for leaf in after:
            if leaf.broken:
                continue
            for c in leaf.calls:
                if c.spelling in self.m.names:
                    continue
                ts = self._tokens(c)
                if not ts or _callee_name(ts) != c.spelling:
                    continue  # a call a macro makes (``lok(h)``'s printf)
                args = _arguments(ts)
                if not args or [t.spelling for t in args[0]] not in ([h] for h in handles):
                    continue
                text = self._text(ts)
                if any(w in c.spelling.lower() for w in DESTROY_WORDS):
                    if text not in frees:
                        frees.append(text)
                    continue
                if any(
                    t.kind.name == "IDENTIFIER" and t.spelling in self.locals
                    for a in args[1:]
                    for t in a
                ):
                    continue
                kind = _type_kind(c.type)
                if kind in ("scalar", "string") and all(o.call != text for o in observers):
                    observers.append(Observed(text, kind))
        return observers, frees

    def _stated(self, leaf: _Leaf) -> str | None:
        """The value a comment after the statement, on its line, states: ``f(l);  // 6``,
        ``// -> 6``, ``/* returns "a" */`` (documentation's way of giving a result).
        """
        if not leaf.tokens:
            return None
        end = leaf.tokens[-1].extent.end.offset
        line_end = self.raw.find(b"\n", end)
        rest = self.raw[end : len(self.raw) if line_end < 0 else line_end]
        text = rest.decode("utf-8", errors="surrogateescape").strip().removeprefix(";").strip()
        if not text.startswith(("//", "/*")):
            return None
        m = STATED.fullmatch(text[2:].removesuffix("*/").strip())
        return m.group("v") if m else None

    def _producer(self, leaf: _Leaf, asts: list[Any]) -> None:
        """``T *v = g(literals...);`` with ``g`` the project's own: a producer of ``T *``."""
        if not leaf.declares and not leaf.defines:
            return
        toks = leaf.tokens
        eq = next((i for i, t in enumerate(toks) if t.spelling == "="), None)
        if eq is None or eq + 2 >= len(toks) or toks[eq + 2].spelling != "(":
            return
        call = next((c for c in asts if c.spelling == toks[eq + 1].spelling), None)
        if call is None or call.referenced is None or call.referenced.location.is_in_system_header:
            return
        if _type_kind(call.type) != "handle":
            return
        close = _matching(toks, eq + 2)
        if close is None:
            return
        args = _arguments(toks[eq + 1 : close + 1])
        for a in args:
            spell = [t.spelling for t in a]
            literal = _literal_len(a) == len(a) and len(a) > 0
            if not (literal or spell[:1] == ["&"] or spell in (["NULL"], ["nullptr"], ["0"])):
                return
        text = self._text(toks[eq + 1 : close + 1])
        if all(p.call != text for p in self.m.producers):
            self.m.producers.append(
                Producer(call.spelling, text, call.type.spelling, self._where(leaf.line))
            )


# ----------------------------------------------------------------------------------------------
# Tokens: pure functions of a statement's libclang tokens and cursors (no file state)


def _callee_name(tokens: Sequence[Any]) -> str:
    """The last identifier before the first ``(``: ``snprintf`` in ``test::snprintf(...)``."""
    name = ""
    for t in tokens:
        if t.spelling == "(":
            break
        if t.kind.name == "IDENTIFIER":
            name = t.spelling
    return name


def _arguments(call_tokens: Sequence[Any]) -> list[list[Any]]:
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


def _expected(toks: Sequence[Any], start: int, end: int, in_condition: bool) -> str | None:
    """The literal the call is compared with: ``call == 3``, ``3 == call`` (``!=`` in an
    ``if`` condition, where the branch is the failure), or a sibling argument of an
    ``*EQ*`` assertion macro (``ASSERT_EQ(call, 3)``, ``lequal(call, 3)``).
    """
    ops = ("==", "!=") if in_condition else ("==",)
    right = _literal_at(toks, end + 2) if end + 2 < len(toks) else None
    if right is not None and toks[end + 1].spelling in ops:
        return right
    if start >= 2 and toks[start - 1].spelling in ops:
        left = _literal_before(toks, start - 2)
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
        close = _matching(toks, i)
        if s != "(" or close is None or not ("eq" in name or "cmp" in name):
            return None
        args = _arguments(toks[i - 1 : close + 1])
        first, last = toks[start].extent.start.offset, toks[end].extent.end.offset
        for a in args:
            whole = a and a[0].extent.start.offset == first
            if whole and a[-1].extent.end.offset == last:
                lits = [b for b in args if b is not a and b and _literal_len(b) == len(b)]
                return "".join(t.spelling for t in lits[0]) if lits else None
        return None
    return None


def _compared(tokens: Sequence[Any], var: str) -> str | None:
    """``var == literal`` (or an equality macro's pair) in a later statement."""
    for i, t in enumerate(tokens):
        if t.spelling == var and t.kind.name == "IDENTIFIER":
            found = _expected(tokens, i, i, in_condition=tokens[0].spelling == "if")
            if found is not None:
                return found
    return None


#: Expression kinds that pass their operand through (implicit conversions, parentheses, casts).
TRANSPARENT_EXPRS = ("UNEXPOSED_EXPR", "PAREN_EXPR", "CSTYLE_CAST_EXPR")


def _variable_of(arg: Any) -> Any:
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


def _matching(tokens: Sequence[Any], open_index: int) -> int | None:
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


def _literal_len(tokens: Sequence[Any], i: int = 0) -> int:
    """How many tokens from ``i`` make one literal (``3``, ``-1``, ``"x"``, ``NULL``), else 0."""
    if i < len(tokens) and tokens[i].spelling in ("-", "+"):
        return 2 if i + 1 < len(tokens) and tokens[i + 1].kind.name == "LITERAL" else 0
    if i < len(tokens) and (
        tokens[i].kind.name == "LITERAL" or tokens[i].spelling in ("NULL", "true", "false")
    ):
        return 1
    return 0


def _literal_at(tokens: Sequence[Any], i: int) -> str | None:
    """The literal that starts at ``i`` and ends an operand (a ``)``, ``,``, ``;``, ``&&``,
    ``||`` or the end follows), as written.
    """
    n = _literal_len(tokens, i)
    if not n:
        return None
    j = i + n
    if j < len(tokens) and tokens[j].spelling not in (")", ",", ";", "&&", "||"):
        return None
    return "".join(t.spelling for t in tokens[i:j])


def _literal_before(tokens: Sequence[Any], i: int) -> str | None:
    """The literal that ends at ``i`` and starts an operand."""
    for n in (1, 2):
        s = i - n + 1
        if s >= 0 and _literal_len(tokens, s) == n:
            if s == 0 or tokens[s - 1].spelling in ("(", ",", "&&", "||", "!"):
                return "".join(t.spelling for t in tokens[s : i + 1])
    return None


def _writable_pointer(t: Any) -> bool:
    """A pointer to non-const (a parameter a call can fill)."""
    c = t.get_canonical()
    return c.kind.name == "POINTER" and not c.get_pointee().is_const_qualified()


def _type_kind(t: Any) -> str:
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


def _filled_var(name: str, t: Any) -> Filled:
    """How to show the variable ``name`` of type ``t`` after a call filled it: a scalar or a
    string itself, a struct by its printable fields, an array by its first ``SHOWN_ELEMENTS``
    elements (a struct element by its fields).
    """
    kind = _type_kind(t)
    if kind in ("scalar", "string", "buffer"):
        return Filled(name, kind)
    c = t.get_canonical()
    parts: list[tuple[str, str]] = []
    if c.kind.name == "RECORD":
        parts = _record_parts(c)
    elif c.kind.name == "CONSTANTARRAY":
        element = c.element_type.get_canonical()
        inner = _type_kind(element)
        for i in range(min(SHOWN_ELEMENTS, c.element_count)):
            if inner in ("scalar", "string"):
                parts.append((f"[{i}]", inner))
            elif element.kind.name == "RECORD":
                parts += [(f"[{i}]{s}", k) for s, k in _record_parts(element)]
    if parts:
        return Filled(name, "parts", tuple(parts[:MAX_SHOWN]))
    return Filled(name, "other")


def _record_parts(record: Any) -> list[tuple[str, str]]:
    """``(".field", kind)`` of a struct's printable fields."""
    out = []
    for f in record.get_fields():
        kind = _type_kind(f.type)
        if kind in ("scalar", "string", "buffer"):
            out.append((f".{f.spelling}", kind))
    return out


# ----------------------------------------------------------------------------------------------
# Blocks


def usage_examples(
    facts: UsageFacts, function_name: str, max_blocks: int = 8, avoid: Iterable[str] = ()
) -> list[list[str]]:
    """Candidate blocks for ``function_name`` from its mined calls, at most ``max_blocks``,
    without repeats: the slice, the call (a bare expression when it returns a scalar, kept and
    printed with ``printf`` when it returns a string; under the function's own name where a
    header's ``#define`` gave it another), what it filled (printed the same way; a
    struct field by field), then one observer of its handle if one was seen (after this call,
    else after another call of the function). A variable the
    block declares whose name is in ``avoid`` (the names the code under test declares at file
    scope: ``expr`` in a file with a function ``expr``) is renamed ``expr_2``.
    """
    blocks: list[list[str]] = []
    avoided = frozenset(avoid)
    for mined in facts.calls_of(function_name):
        c = _by_own_name(mined)
        lines = list(c.slice)
        if c.result_var is not None:
            lines += c.statement
            lines += _show(c.result_var, c.result)
        elif c.result == "scalar":
            lines.append(c.call)
        elif c.result == "string":
            lines += ["const char *usage_res;", f"usage_res = {c.call};"]
            lines += _show("usage_res", "string")
        else:
            lines.append(f"{c.call};")
        for f in c.filled:
            if f.name != c.result_var:
                lines += _show(f.name, f.kind, f.fields)
        o = c.observers[0] if c.observers else _borrowed(facts, c)
        if o is not None:
            lines += [o.call] if o.result == "scalar" else _show(f"({o.call})", "string")
        clash = {v: f"{v}_2" for v in c.variables if v in avoided}
        if clash:
            lines = [_rename(line, clash) for line in lines]
        if any(ln.startswith("printf(") for ln in lines):
            lines.insert(0, "#include <stdio.h>")
        if lines not in blocks:
            blocks.append(lines)
        if len(blocks) >= max_blocks:
            break
    return blocks


def _by_own_name(call: UsageCall) -> UsageCall:
    """``call`` written under the function's own name where a header's ``#define`` gave it
    another (``total(l)`` -> ``ilist_sum(l)``: the same call once the macro expands), so that a
    reader, and the rule that a block calls the function, see it.
    """
    written = call.call.split("(", 1)[0].strip()
    if written == call.function:
        return call
    own = call.function + call.call[len(written) :]
    return replace(
        call, call=own, statement=tuple(s.replace(call.call, own) for s in call.statement)
    )


def _borrowed(facts: UsageFacts, call: UsageCall) -> Observed | None:
    """For a handle kept in a variable with no observer after it: the observer another call
    of the same function had on its handle, applied to this one (``te_eval(expr1)``).
    """
    if call.result != "handle" or call.result_var is None:
        return None
    for other in facts.calls_of(call.function):
        if other.observers and other.result_var is not None:
            o = other.observers[0]
            return Observed(_rename(o.call, {other.result_var: call.result_var}), o.result)
    return None


def _rename(line: str, mapping: dict[str, str]) -> str:
    """``line`` with the variables of ``mapping`` renamed (not a member of the same name after
    ``.``/``->``, nor text in literals or comments).
    """
    out: list[str] = []
    last = 0
    for m in ctext.identifiers(line):
        member = line[: m.start()].rstrip().endswith((".", "->"))
        out.append(line[last : m.start()])
        out.append(m.group() if member else mapping.get(m.group(), m.group()))
        last = m.end()
    return "".join(out) + line[last:]


def _show(name: str, kind: str, fields: tuple[tuple[str, str], ...] = ()) -> list[str]:
    if kind == "scalar":
        return [name]
    if kind == "string":
        return [f'printf("%s\\n", {name} ? {name} : "(null)");']
    if kind == "buffer":
        return [f'printf("%s\\n", {name});']
    if kind == "parts":
        return [line for f, k in fields for line in _show(f"{name}{f}", k)]
    return []
