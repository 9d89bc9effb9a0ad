"""Where a project shows how its API is used: ``find_usage_sources`` (test and example
directories, test-named files, README files, the headers; bounded, the file under test never among
them), and the code inside README fences and header comments.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Bounds of ``find_usage_sources``: files kept, bytes per file, directory depth walked.
MAX_SOURCES = 40


MAX_FILE_BYTES = 300_000


MAX_DEPTH = 4


CODE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx")


HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")


TEST_DIRS = ("test", "tests", "testing", "unittest", "unittests")


EXAMPLE_DIRS = ("example", "examples", "demo", "demos", "sample", "samples")


SKIPPED_DIRS = ("build", "cmake-build-debug", "cmake-build-release", "node_modules", "third_party")


README_NAMES = ("readme.md", "readme.markdown", "readme", "readme.txt", "readme.rst")


FENCE_LANGUAGES = ("c", "cpp", "c++", "cxx", "h")


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
    root = Path(project_root).resolve() if project_root else usage_root_of(target)
    files = walk_sources(root)
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
        if f != target and f not in out and file_size(f) <= MAX_FILE_BYTES:
            out.append(f)
    return out[:MAX_SOURCES]


def file_size(path: Path) -> int:
    """The file's size; one that vanished since the walk (another process's temporary file in
    a shared directory such as ``/tmp``) counts as too big to read.
    """
    try:
        return path.stat().st_size
    except OSError:
        return MAX_FILE_BYTES + 1


def usage_root_of(target: Path) -> Path:
    """The project root of ``target`` when none is given (``find_usage_sources``)."""
    for parent in target.parents:
        if (parent / ".git").exists():
            return parent
    if target.parent.name.lower() in ("src", "source", "lib"):
        return target.parent.parent
    return target.parent


def walk_sources(root: Path) -> list[Path]:
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


def language_of(path: Path) -> str:
    """``'c'`` for a C file or header, else ``'c++'``."""
    return "c" if path.suffix in (".c", ".h") else "c++"


def fenced_blocks(text: str) -> list[tuple[int, str]]:
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


def comment_code(comment: str, first_line: int) -> list[tuple[int, str]]:
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


class SnippetOrigin:
    """Maps a wrapped snippet file's lines back to the README or header they came from."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines: dict[int, int] = {}  # wrapped line (1-based) -> the real file's line

    def where(self, line: int) -> str:
        """``file:line`` in the real file of a line of the wrapped one."""
        return f"{self.path}:{self.lines.get(line, '?')}"
