"""The review's material: the blocks the benchmarks kept, the corpus's hand-written witnesses, and
the function each block documents, as a reviewer is shown them.

Generated blocks come from two benchmarks' block files, each a few ``//`` lines naming the function
(and what its block caught) above the ``/** ... */`` block the product would write:
``bench_realbugs.write_block`` (``<split>/<config>/<library>/<file>__<function>.txt`` under
``blocks_dir(results)``; a file without a ``/**`` line is a function without a block) and
``bench_projects.keep_block`` (``<config>/<project>/<file>__<function>__<line>.txt``, written with
``--keep-blocks DIR``). Controls are the witnesses of ``bench/data/realbugs/<lib>/bugs.json``:
human-written, reviewed blocks that pass on today's code, rendered through the same
``server.render.render_block`` as generated blocks so that layout does not tell them apart.

``blind`` strips what would tell a reviewer where a block comes from: the ``//`` header lines and
every line that carries the product's marker (``cdoctest-gen: generated and verified; ...``, a
constant line that only generated blocks have). ``function_excerpt`` finds the function with the
product's own parser (``server.analysis.locate``), picking what the benchmark picked, and returns
its text with the comment above it.
"""

from __future__ import annotations

import atexit
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from bench.bench_realbugs import (
    DATA,
    RealBugFunction,
    RealBugLibrary,
    blocks_dir,
    build_root,
    library_dirs,
    read_library,
)
from server.analysis.locate import MARKER, CommentBlock, SourceFile, strip_decoration
from server.api import SourceOptions

#: ``bench/data/projects``: the multi-file projects of ``bench_projects``.
PROJECTS = DATA.parent / "projects"


class MaterialError(Exception):
    """A block file, a corpus entry or a function cannot be read as the review needs it."""


@dataclass(frozen=True)
class Candidate:
    """A block that may be reviewed: one a benchmark generated, or a control (a witness).

    ``split`` is the stratum: ``dev`` or ``heldout`` (the real-bug corpus's halves, for controls
    too) or ``projects``; ``file`` is relative to the library's (or project's) directory.
    """

    origin: str  # "generated" | "control"
    source: str  # "realbugs" | "projects"
    split: str  # "dev" | "heldout" | "projects"
    config: str  # the benchmark's configuration; "" for a control
    library: str  # the library's or project's directory name
    file: str
    function: str  # as the benchmark named it (qualified when it was)
    language: str  # "c" | "c++"
    block: str  # the block as written, header lines and marker included
    line: int = 0  # the function's 1-based line, when the benchmark recorded it
    where: str = ""  # the block file, or "<library>/bugs.json#<commit>" for a control
    witness: int = 0  # a control's index among its function's witnesses

    @property
    def ident(self) -> str:
        """A stable name of the candidate (the sampling rule hashes it)."""
        where = f"{self.library}/{self.file}::{self.function}"
        at = f"@{self.line}" if self.line else ""
        which = f"#{self.witness}" if self.origin == "control" else ""
        return f"{self.origin}:{self.split}:{self.config}:{where}{at}{which}"

    @property
    def function_key(self) -> tuple[str, str]:
        """``(file name, function)``: the same function in two benchmarks has the same key."""
        return Path(self.file).name, self.function

    @property
    def path(self) -> Path:
        """The function's file in the repository."""
        root = PROJECTS if self.source == "projects" else DATA
        return root / self.library / self.file


# ----------------------------------------------------------------------------------------------
# Block files

#: The first line of a kept block file: ``// <library>/<file>::<function> [<config>...]`` and,
#: from ``bench_projects``, ``, line N``.
_HEAD = re.compile(
    r"^// (?P<library>[^/\s]+)/(?P<file>\S+?)::(?P<function>.+?) \[(?P<config>[\w-]+)[^\]]*\]"
    r"(?:, line (?P<line>\d+))?"
)


def block_of(text: str) -> str:
    """The ``/** ... */`` block of a kept block file: from its first ``/**`` line on, or '' when
    it has none or the block holds no ``>>>`` example.

    >>> block_of("// f [default]\\n/**\\n>>> f()\\n1\\n*/\\n")
    '/**\\n>>> f()\\n1\\n*/\\n'
    >>> block_of("// f [default]\\n// (no block)\\n")
    ''
    """
    lines = text.splitlines(keepends=True)
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("/**")), None)
    if start is None:
        return ""
    block = lines[start:]
    if not any(strip_decoration(ln).startswith(">>>") for ln in block):
        return ""
    return "".join(block)


def blind(block: str) -> str:
    """``block`` as a reviewer sees it: without ``//`` lines before the comment and without the
    lines that carry the product's marker.

    >>> blind("// x::f [default]: 1/2 caught\\n/**\\ncdoctest-gen: generated and verified\\n"
    ...       ">>> f()\\n1\\n*/\\n")
    '/**\\n>>> f()\\n1\\n*/\\n'
    """
    lines = block.splitlines(keepends=True)
    while lines and lines[0].lstrip().startswith("//"):
        lines.pop(0)
    return "".join(ln for ln in lines if not strip_decoration(ln).startswith(MARKER))


@dataclass(frozen=True)
class Corpus:
    """The real-bug corpus as the review reads it: each library and its functions."""

    libraries: dict[str, RealBugLibrary]
    functions: dict[tuple[str, str, str], RealBugFunction]  # (library, file name, function)

    @classmethod
    def read(cls, data: Path = DATA) -> Corpus:
        """Every ``<lib>/bugs.json`` under ``data`` (``BugSetError`` as ``read_library``)."""
        libraries: dict[str, RealBugLibrary] = {}
        functions: dict[tuple[str, str, str], RealBugFunction] = {}
        for directory in library_dirs(data):
            lib, fns = read_library(directory)
            libraries[lib.name] = lib
            for fn in fns:
                functions[(lib.name, Path(fn.path).name, fn.function)] = fn
        return cls(libraries, functions)

    def relative(self, fn: RealBugFunction) -> str:
        """The function's file relative to its library's directory."""
        lib = self.libraries[fn.library]
        return Path(fn.path).relative_to(lib.directory).as_posix()


def realbugs_blocks(
    results: Path, corpus: Corpus, configs: tuple[str, ...]
) -> tuple[list[Candidate], list[str]]:
    """The blocks ``bench_realbugs`` kept next to ``results`` for ``configs`` (files without a
    block left out), and one line per file that could not be read.
    """
    root = blocks_dir(results)
    found: list[Candidate] = []
    problems: list[str] = [] if root.is_dir() else [f"{root}: no such directory"]
    for path in sorted(root.glob("*/*/*/*.txt")):
        split, config, library = path.relative_to(root).parts[:3]
        if config not in configs:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        head = _HEAD.match(text)
        if head is None:
            problems.append(f"{path}: no '// <library>/<file>::<function> [config]' first line")
            continue
        block = block_of(text)
        if not block:
            continue
        fn = corpus.functions.get((head["library"], head["file"], head["function"]))
        if fn is None or fn.lib is None:
            problems.append(f"{path}: {head['library']}/{head['file']}::{head['function']} is not "
                            "in the corpus")  # fmt: skip
            continue
        if split != fn.lib.split:  # the corpus's rule decides, as of now
            problems.append(f"{path}: under {split}/, but {library} is in the {fn.lib.split} half")
        found.append(
            Candidate(
                origin="generated",
                source="realbugs",
                split=fn.lib.split,
                config=config,
                library=library,
                file=corpus.relative(fn),
                function=fn.function,
                language=fn.lib.language,
                block=block,
                where=str(path),
            )
        )
    return found, problems


def project_blocks(directory: Path, configs: tuple[str, ...]) -> tuple[list[Candidate], list[str]]:
    """The blocks ``bench_projects --keep-blocks directory`` kept for ``configs``, and one line
    per file that could not be read.
    """
    from cdoctest_runner.flags import language_of

    found: list[Candidate] = []
    problems: list[str] = [] if directory.is_dir() else [f"{directory}: no such directory"]
    for path in sorted(directory.glob("*/*/*.txt")):
        config, project = path.relative_to(directory).parts[:2]
        if config not in configs:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        head = _HEAD.match(text)
        if head is None or head["line"] is None:
            problems.append(f"{path}: no '// <project>/<file>::<function> [config], line N' line")
            continue
        block = block_of(text)
        if not block:
            continue
        found.append(
            Candidate(
                origin="generated",
                source="projects",
                split="projects",
                config=config,
                library=project,
                file=head["file"],
                function=head["function"],
                language=language_of(str(PROJECTS / project / head["file"])),
                block=block,
                line=int(head["line"]),
                where=str(path),
            )
        )
    return found, problems


def witnesses(corpus: Corpus) -> list[Candidate]:
    """Every witness of the corpus as a control, rendered as the product renders a block."""
    from cdoctest_runner.parser import parse_examples
    from server.render import render_block

    out: list[Candidate] = []
    for fn in corpus.functions.values():
        lib = fn.lib
        if lib is None:
            continue
        for i, bug in enumerate(fn.bugs):
            block = render_block(parse_examples(bug.witness), "/**", "", "\n")
            out.append(
                Candidate(
                    origin="control",
                    source="realbugs",
                    split=lib.split,
                    config="",
                    library=lib.name,
                    file=corpus.relative(fn),
                    function=fn.function,
                    language=lib.language,
                    block=block,
                    where=f"{lib.name}/bugs.json#{bug.commit[:10]}",
                    witness=i,
                )
            )
    return out


# ----------------------------------------------------------------------------------------------
# The function a block documents


def excerpt(lines: list[str], start: int, end: int, comment: CommentBlock | None) -> str:
    """Lines ``start``..``end`` (1-based, inclusive) of ``lines`` with their ``comment``.

    A comment directly above comes with the lines. One that sits elsewhere (above a separate
    declaration of the function, whose comment the definition inherits) comes with that
    declaration, up to its ``;``, and a blank line parts the two, in the file's order.

    >>> src = ["/** Doubles. */", "int twice(int);", "", "int twice(int x)", "{", "  return 2 * x;",
    ...        "}"]
    >>> print(excerpt(src, 4, 7, None), end="")
    int twice(int x)
    {
      return 2 * x;
    }
    """
    body = "".join(ln + "\n" for ln in lines[start - 1 : end])
    if comment is None:
        return body
    if start - 1 <= comment.end_line <= end:
        return "".join(ln + "\n" for ln in lines[comment.start_line - 1 : end])
    last = comment.end_line + 1  # the declaration below the comment ends at its ';'
    while last < len(lines) and not lines[last - 1].rstrip().endswith(";"):
        last += 1
    declaration = "".join(ln + "\n" for ln in lines[comment.start_line - 1 : last])
    return declaration + "\n" + body if last < start else body + "\n" + declaration


def realbugs_options(lib: RealBugLibrary) -> SourceOptions:
    """What ``bench_realbugs`` parses a library's file with: its flags and, for a CMake library,
    the compile database of a build the bench already configured (the newest), else none. None
    is configured here: the bench's build cache is shared with benchmarks that may be running.
    """
    build = None
    if lib.layout == "cmake":
        done = [
            p
            for p in build_root().glob(f"{lib.name}-*/configured.ok")
            if re.fullmatch(rf"{re.escape(lib.name)}-[0-9a-f]{{16}}", p.parent.name)
        ]
        if done:
            build = str(max(done, key=lambda p: p.stat().st_mtime).parent)
    return SourceOptions(compile_db_dir=build, extra_flags=lib.flags)


@functools.lru_cache(maxsize=4)  # a packet takes several functions from one file, in turn
def _parsed(path: str, options: SourceOptions) -> SourceFile:
    from server.analysis.locate import load_source

    return load_source(path, options=options)


atexit.register(_parsed.cache_clear)  # free the parses while libclang is still loaded


def function_excerpt(
    path: Path, function: str, line: int = 0, options: SourceOptions | None = None
) -> str:
    """The text of ``function`` in ``path`` with its comment (``excerpt``): the function at
    ``line`` when given (the one ``bench_projects`` ran), else the first of that name in the file
    (the one ``bench_realbugs`` reports, ``Generator.generate``'s first result).

    Raises ``MaterialError`` when the file cannot be parsed or holds no such function.
    """
    from cdoctest_runner.errors import CdoctestError
    from server.analysis.locate import TargetNotFound, select_targets
    from server.api import TargetSelector

    selector = TargetSelector(line=line) if line else TargetSelector(name=function)
    try:
        source = _parsed(str(path.resolve()), options or SourceOptions())
        target = select_targets(source, selector)[0]
    except (CdoctestError, TargetNotFound) as exc:
        raise MaterialError(f"{path}: {function}: {exc}") from exc
    start, end = target.start_line, target.declaration.end_line
    return excerpt(source.text.splitlines(), start, end, target.block)
