"""Precompiled headers: what every session of a file parses first, parsed once per version.

Every session parses the runner's prelude headers (``<iostream>``, ``<string>``... in C++) and the
headers the file under test includes first (``<vector>``, ``<map>``, its own project header);
mutants and candidate batches of one file repeat that in every fresh session. Measured with
clang-repl-22 on a 2,000-line C++ file including ``<map>``/``<string>``/``<vector>`` (2 cores,
load 4-6; docs/benchmarks.md, "Big files: compiled code reused"): start + load + first call
1.2-2.8 s plain, 0.5-1.6 s with a precompiled header of those headers.

- ``prefix_includes(text)``: the ``#include`` lines at the top of the file (before its first other
  line; comments, blank lines and ``#line`` markers skipped).
- ``precompile(toolchain, language, args, header, directory)``: the ``.pch`` of ``header`` built
  with the clang next to clang-repl (same version, so the interpreter accepts it), with clang-repl's
  ``-fincremental-extensions`` and the session's own compile arguments, run in ``directory`` so
  that quoted includes resolve as they do from the file. Cached under
  ``$XDG_CACHE_HOME/cdoctest-gen/pch/`` (never in the user's tree), keyed by the compiler, the
  arguments, the directory and the header's text, and rebuilt when a header it read changed size
  or modification time; the ``MAX_ENTRIES`` most recently used are kept. Raises
  ``PrecompileError`` (with the reason) when no PCH can be made.

``ClangRepl(precompiled=path)`` passes it with ``-include-pch``; the session's prelude and the file
then include those headers again, which their include guards make a no-op. ``DocTestRunner``
decides when to use one and falls back to the plain load on any failure.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import threading

from cdoctest_runner import ctext
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import Language
from cdoctest_runner.files import write_json_atomic
from cdoctest_runner.inputs import C_PRELUDE, CXX_PRELUDE
from cdoctest_runner.project_lib import deps_unchanged
from cdoctest_runner.toolchain import Toolchain

BUILD_TIMEOUT_S = 120.0
MAX_ENTRIES = 32  # headers kept in the cache (5-30 MB each), the least recently used dropped

_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:<[^>\n]+>|"[^"\n]+")[ \t]*$')
_LINE_MARKER = re.compile(r"^[ \t]*#[ \t]*line\b")
_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


class PrecompileError(CdoctestError):
    """No precompiled header could be made or used; the message says why."""


def cache_root() -> str:
    """``$XDG_CACHE_HOME/cdoctest-gen/pch`` (``~/.cache/cdoctest-gen/pch``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cdoctest-gen", "pch")


def prefix_includes(text: str) -> str:
    """The ``#include`` lines that open ``text``, one per line (comments, blank lines and ``#line``
    markers skipped; the first other line ends the prefix).

    >>> prefix_includes('#line 1 "a.cpp"\\n// x\\n#include <map>\\n#include "a.h" /* c */\\nint f;')
    '#include <map>\\n#include "a.h"\\n'
    >>> prefix_includes("#ifndef A_H\\n#include <map>\\n")
    ''
    """
    code = ctext.blank(text, keep_quotes=True)
    original = text.split("\n")
    out: list[str] = []
    for i, line in enumerate(code.split("\n")):
        if not line.strip() or _LINE_MARKER.match(line):
            continue
        if not _INCLUDE.match(line.rstrip()):
            break
        # the blanked line hides the included name: take it from the text, without comments
        name = re.search(r'[<"][^">]+[">]', original[i][: len(line.rstrip())])
        if name is None:
            break
        out.append(f"#include {name.group()}\n")
    return "".join(out)


def prelude_includes(language: Language) -> str:
    """The preprocessor lines that open the runner's prelude (its headers).

    >>> prelude_includes("c")
    '#include <stdio.h>\\n'
    """
    prelude = C_PRELUDE if language == "c" else CXX_PRELUDE
    lines: list[str] = []
    for line in prelude.split("\n"):
        if not line.startswith("#"):
            break
        lines.append(line + "\n")
    return "".join(lines)


@functools.cache
def compiler_for(clang_repl: str) -> str:
    """The ``clang`` beside ``clang_repl`` (same LLVM build); ``PrecompileError`` if none."""
    here = os.path.dirname(os.path.realpath(clang_repl))
    for name in ("clang", "clang-" + os.path.basename(clang_repl).rpartition("-")[2]):
        path = os.path.join(here, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise PrecompileError(f"no clang beside {clang_repl} to build a precompiled header")


def _digest(parts: list[str]) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogateescape") + b"\0")
    return h.hexdigest()[:24]


def _lock(key: str) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


def _dependencies(depfile: str, directory: str) -> dict[str, list[int]]:
    """``{path: [mtime_ns, size]}`` of the files a make-style dependency file lists."""
    with open(depfile, encoding="utf-8") as fh:
        text = fh.read().replace("\\\n", " ")
    deps: dict[str, list[int]] = {}
    for p in text.partition(":")[2].split():
        p = os.path.normpath(os.path.join(directory, p))
        st = os.stat(p)
        deps[p] = [st.st_mtime_ns, st.st_size]
    return deps


def _prune(keep: int) -> None:
    """Remove all but the ``keep`` most recently used entries of the cache."""
    root = cache_root()
    try:
        entries = [os.path.join(root, name) for name in os.listdir(root)]
    except OSError:
        return
    entries.sort(key=lambda e: os.stat(e).st_mtime if os.path.exists(e) else 0.0, reverse=True)
    for old in entries[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def precompile(
    toolchain: Toolchain,
    language: Language,
    args: tuple[str, ...],
    header: str,
    directory: str,
) -> str:
    """The cached ``.pch`` of ``header`` for sessions started with ``args`` (module docstring).

    ``args`` are the session's compile arguments (``ClangRepl.compile_args``: ``-xc``, ``-I``,
    ``-D``, other flags); ``directory`` is where quoted includes resolve from (the file's own).
    Raises ``PrecompileError`` with the compiler's first error line when the build fails.
    """
    compiler = compiler_for(toolchain.path)
    flags = tuple(a for a in args if a != "-xc")
    try:
        built = str(os.stat(compiler).st_mtime_ns)  # an upgraded compiler makes another key
    except OSError as exc:
        raise PrecompileError(f"{compiler}: {exc.strerror}") from exc
    version = ".".join(map(str, toolchain.version))
    key = _digest([compiler, built, version, language, *flags, directory, header])
    entry = os.path.join(cache_root(), key)
    pch = os.path.join(entry, "prefix.pch")
    record = os.path.join(entry, "deps.json")
    with _lock(key):
        if os.path.isfile(pch) and deps_unchanged(record):
            os.utime(entry)  # in use: kept by ``_prune``
            return pch
        _prune(keep=MAX_ENTRIES - 1)
        os.makedirs(entry, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".pch", dir=entry)
        os.close(fd)
        depfile = tmp + ".d"
        kind = "c-header" if language == "c" else "c++-header"
        argv = [compiler, "-x", kind, "-Xclang", "-fincremental-extensions", *flags,
                "-MD", "-MF", depfile, "-", "-o", tmp]  # fmt: skip
        try:
            proc = subprocess.run(
                argv, input=header, cwd=directory if os.path.isdir(directory) else entry,
                capture_output=True, text=True, timeout=BUILD_TIMEOUT_S,
            )  # fmt: skip
            if proc.returncode != 0:
                first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), "")
                raise PrecompileError(
                    first.strip()[:300] or f"{compiler} exited with {proc.returncode}"
                )
            deps = _dependencies(depfile, directory)
        except (OSError, subprocess.TimeoutExpired, PrecompileError) as exc:
            if os.path.exists(tmp):  # the compiler removes its output when it fails
                os.unlink(tmp)
            if isinstance(exc, PrecompileError):
                raise
            raise PrecompileError(f"building the precompiled header failed: {exc}") from exc
        finally:
            if os.path.exists(depfile):
                os.unlink(depfile)
        os.chmod(tmp, 0o644)  # a sandbox user other than ours may read it
        os.replace(tmp, pch)
        write_json_atomic(record, deps)
        return pch
