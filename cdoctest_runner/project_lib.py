"""The rest of a file's project as one cached shared library, for sessions that load the file.

A function usually calls code from other files of its library and from the libraries the target
links; a session that loads only its file ends in ``JIT session error: Symbols not found: [ sq ]``.
Loading every source into one session does not work (two files' ``static`` helpers of the same name
clash), so with a build directory (``-p``):

- the translation units of the file's target (CMake's file API codemodel, when the build directory
  has a reply; else every entry of ``compile_commands.json`` that defines no ``main``) are compiled
  with their own compile commands, minus the flags that only break or slow the build here
  (``-Werror``, sanitizers, coverage, LTO, dependency files) and plus ``-fPIC``;
- each object is cached under a key of its compiler, flags and source text, and reused while the
  headers it read (its dependency file) keep their size and modification time;
- the objects are linked into ``lib<target>.so`` (cached by the objects' keys and link flags) with
  the target's link libraries from the codemodel (``-lm``, other targets' artifacts); objects and
  libraries unused for ``KEEP_DAYS`` are removed when a new library is linked (``prune``);
- the session loads it with ``%lib`` while the file under test is still loaded as source: the
  source's definitions win over the library's (measured with clang-repl-22), so edits and mutants
  take effect without a rebuild. The file under test is in the library too, so that other files'
  references to its variables resolve when the library is loaded.

The cache lives under ``$XDG_CACHE_HOME/cdoctest-gen/projects`` (``~/.cache/...``), never in the
user's source tree. ``missing_symbols`` and ``explain_missing`` turn a link failure into what to do.
"""

from __future__ import annotations

import concurrent.futures
import functools
import glob
import hashlib
import json
import os
import re
import shlex
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cdoctest_runner.compile_db import compile_commands
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.files import write_atomic, write_json_atomic
from cdoctest_runner.flags import SOURCE_EXTENSIONS, sibling_source

#: Compile flags dropped from a project's commands (with their argument when they take one).
_DROP_WITH_ARG = frozenset(
    {"-o", "-MF", "-MT", "-MQ", "-main-file-name", "--serialize-diagnostics"}
)
_DROP = re.compile(
    r"^(?:-c|-M|-MM|-MD|-MMD|-MG|-MP|-Werror(?:=.*)?|-pedantic-errors|-fsanitize.*|-fprofile.*"
    r"|--coverage|-fcoverage.*|-ftest-coverage|-flto.*|-fno-fat-lto-objects|-fdiagnostics-color.*"
    r"|-Winvalid-pch|-include-pch)$"
)
_MAIN = re.compile(r"(?m)^[ \t]*(?:int|void)\s+main\s*\(")


class ProjectBuildError(CdoctestError):
    """The project library could not be linked (``detail`` holds the linker's output)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


@dataclass(frozen=True)
class ProjectLibrary:
    """A cached shared library of a file's project (see the module docstring)."""

    path: str  # the .so the session loads with %lib
    sources: tuple[str, ...]  # the translation units in it
    link: tuple[str, ...] = ()  # link libraries and flags used
    target: str | None = None  # the CMake target, when the codemodel named it
    skipped: tuple[tuple[str, str], ...] = ()  # (source, first error line) of units that failed
    rebuilt: tuple[str, ...] = field(default=(), compare=False)  # sources compiled by this call


@dataclass(frozen=True)
class _Unit:
    source: str
    directory: str
    args: tuple[str, ...]  # compiler first, without -c/-o/the source


def cache_root() -> str:
    """``$XDG_CACHE_HOME/cdoctest-gen/projects`` (``~/.cache/cdoctest-gen/projects``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cdoctest-gen", "projects")


def _entries(build_dir: str) -> list[_Unit]:
    units: dict[str, _Unit] = {}
    for c in compile_commands(build_dir):
        if not c.arguments or c.source in units:
            continue
        units[c.source] = _Unit(
            c.source, c.directory, tuple(sanitize(c.arguments, c.source, c.directory))
        )
    return list(units.values())


def sanitize(args: Sequence[str], source: str, directory: str) -> list[str]:
    """A compile command without its output, source and the flags that break or slow a rebuild.

    >>> sanitize(["cc", "-DX", "-Werror", "-Wall", "-o", "a.o", "-c", "a.c", "-MD"], "/p/a.c", "/p")
    ['cc', '-DX', '-Wall']
    """
    out = [args[0]]
    i = 1
    while i < len(args):
        a = args[i]
        i += 1
        if a in _DROP_WITH_ARG:
            i += 1
        elif _DROP.match(a):
            continue
        elif os.path.normpath(os.path.join(directory, a)) == source:
            continue
        else:
            out.append(a)
    return out


# ----------------------------------------------------------------------------------------------
# CMake's file API


@dataclass(frozen=True)
class _Target:
    name: str
    sources: tuple[str, ...]
    link: tuple[str, ...]


def _codemodel_targets(build_dir: str) -> list[tuple[dict[str, Any], str]]:
    """``(target json, source root)`` for every target of the newest codemodel reply."""
    reply = os.path.join(build_dir, ".cmake", "api", "v1", "reply")
    indexes = sorted(glob.glob(os.path.join(reply, "index-*.json")))
    if not indexes:
        return []
    try:
        with open(indexes[-1], encoding="utf-8") as fh:
            index = json.load(fh)
        model_file = next(
            o["jsonFile"] for o in index.get("objects", ()) if o.get("kind") == "codemodel"
        )
        with open(os.path.join(reply, model_file), encoding="utf-8") as fh:
            model = json.load(fh)
        root = model["paths"]["source"]
        out = []
        for ref in model["configurations"][0]["targets"]:
            with open(os.path.join(reply, ref["jsonFile"]), encoding="utf-8") as fh:
                out.append((json.load(fh), root))
        return out
    except (OSError, ValueError, KeyError, StopIteration, IndexError):
        return []


def _codemodel_target(build_dir: str, path: str) -> _Target | None:
    """The library (else executable) target that compiles ``path``, with the sources of the static
    and object libraries it depends on, and its link libraries.
    """
    targets = _codemodel_targets(build_dir)
    by_id = {t.get("id"): t for t, _ in targets}
    root = targets[0][1] if targets else ""

    def sources(t: dict[str, Any]) -> list[str]:
        return [
            os.path.normpath(os.path.join(root, s["path"]))
            for s in t.get("sources", ())
            if "compileGroupIndex" in s
        ]

    owners = [t for t, _ in targets if path in sources(t)]
    owners.sort(key=lambda t: t.get("type") == "EXECUTABLE")
    if not owners:
        return None
    target = owners[0]
    srcs = sources(target)
    own_artifacts: set[str] = set()
    todo = [d["id"] for d in target.get("dependencies", ())]
    seen: set[str] = set()
    while todo:
        dep = by_id.get(todo.pop())
        if dep is None or dep.get("id") in seen:
            continue
        seen.add(dep["id"])
        if dep.get("type") in ("STATIC_LIBRARY", "OBJECT_LIBRARY"):
            srcs += [s for s in sources(dep) if s not in srcs]
            for artifact in dep.get("artifacts", ()):
                own_artifacts.add(os.path.normpath(os.path.join(build_dir, artifact["path"])))
            todo += [d["id"] for d in dep.get("dependencies", ())]
    link: list[str] = []
    for frag in target.get("link", {}).get("commandFragments", ()):
        if frag.get("role") not in ("libraries", "libraryPath"):
            continue
        for word in shlex.split(frag.get("fragment", "")):
            if not word.startswith("-") and not os.path.isabs(word):
                word = os.path.normpath(os.path.join(build_dir, word))
            if word not in own_artifacts:
                link.append(word)
    return _Target(target.get("name", "project"), tuple(srcs), tuple(link))


def request_codemodel(build_dir: str) -> None:
    """Ask CMake for a codemodel reply at the next configure (a stateless query file)."""
    query = os.path.join(build_dir, ".cmake", "api", "v1", "query")
    try:
        os.makedirs(query, exist_ok=True)
        open(os.path.join(query, "codemodel-v2"), "a").close()
    except OSError:
        pass


# ----------------------------------------------------------------------------------------------
# Building


def _digest(parts: Iterable[str | bytes]) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode("utf-8", "surrogateescape"))
        h.update(b"\0")
    return h.hexdigest()[:24]


def deps_unchanged(record: str) -> bool:
    """Whether every file in a dependency record (JSON: path -> [mtime_ns, size]) is unchanged;
    False when the record cannot be read.
    """
    try:
        with open(record, encoding="utf-8") as fh:
            deps = json.load(fh)
        return all(
            (st := os.stat(p)).st_mtime_ns == m and st.st_size == s for p, (m, s) in deps.items()
        )
    except (OSError, ValueError, TypeError):
        return False


def _record_deps(depfile: str, record: str) -> None:
    try:
        with open(depfile, encoding="utf-8") as fh:
            text = fh.read().replace("\\\n", " ")
    except OSError:
        return
    _, _, rest = text.partition(":")
    deps: dict[str, list[int]] = {}
    for p in rest.split():
        try:
            st = os.stat(p)
        except OSError:
            continue
        deps[os.path.abspath(p)] = [st.st_mtime_ns, st.st_size]
    write_json_atomic(record, deps)


def _compile(unit: _Unit, objects: str) -> tuple[str, bool, str]:
    """``(object path, rebuilt, error)``: the unit's cached object, compiled when stale."""
    try:
        with open(unit.source, "rb") as fh:
            content = fh.read()
    except OSError as exc:
        return "", False, f"cannot read: {exc.strerror}"
    key = _digest([*unit.args, unit.source, content])
    obj = os.path.join(objects, key + ".o")
    record = os.path.join(objects, key + ".deps.json")
    if os.path.isfile(obj) and deps_unchanged(record):
        _touch(obj)  # in use: kept by ``prune``
        return obj, False, ""
    fd, tmp = tempfile.mkstemp(suffix=".o", dir=objects)
    os.close(fd)
    depfile = tmp + ".d"
    argv = [*unit.args, "-fPIC", "-MD", "-MF", depfile, "-c", unit.source, "-o", tmp]
    try:
        proc = subprocess.run(argv, cwd=unit.directory, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        os.unlink(tmp)
        return "", False, str(exc)
    if proc.returncode != 0:
        os.unlink(tmp)
        first = next((ln for ln in proc.stderr.splitlines() if "error" in ln), proc.stderr.strip())
        return "", False, first[:300] or f"compiler exited with {proc.returncode}"
    _record_deps(depfile, record)
    try:
        os.unlink(depfile)
    except OSError:
        pass
    os.replace(tmp, obj)
    return obj, True, ""


#: Calls between the library's own functions bind inside it: clang-repl's process already has
#: libz, libxml2... loaded, and a project's own ``compress`` would otherwise call zlib's (measured).
_LINK_FLAGS = ("-Wl,-Bsymbolic-functions",)

#: A project symbol that clang-repl's own process also defines (zlib's ``compress``...) would bind
#: there, before any ``%lib``: the library exports it a second time as ``__cdt_p_<name>`` and lists
#: it in ``<library>.renames``, and the runner declares ``#pragma redefine_extname <name>
#: __cdt_p_<name>`` before loading it (measured: then ``compress(1)`` calls the project's).
RENAMED = "__cdt_p_"
RENAMES_SUFFIX = ".renames"


def _symbols(paths: Sequence[str], dynamic: bool) -> set[str]:
    """Defined external C symbols (not C++-mangled) of object files or shared libraries."""
    if not paths:
        return set()
    argv = ["nm", "--defined-only", "--extern-only", "--format=posix", *(["-D"] if dynamic else [])]
    try:
        proc = subprocess.run([*argv, *paths], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    out: set[str] = set()
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1] in "TWDBRVi" and not parts[0].startswith(("_Z", "__")):
            out.add(parts[0].split("@", 1)[0])
    return out


def _exported(objects: Sequence[str]) -> set[str]:
    return _symbols(objects, dynamic=False)


@functools.cache
def _session_symbols() -> frozenset[str]:
    """The C symbols the libraries of clang-repl's own process define (not LLVM's and clang's)."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        exe = os.path.realpath(find_clang_repl().path)
        proc = subprocess.run(["ldd", exe], capture_output=True, text=True, timeout=60)
    except (ToolchainNotFound, OSError, subprocess.TimeoutExpired):
        return frozenset()
    libs = [
        m.group(1)
        for m in re.finditer(r"=>\s*(/\S+)", proc.stdout)
        if not re.search(r"lib(?:LLVM|clang|stdc\+\+|gcc_s)", m.group(1))
    ]
    return frozenset(_symbols(libs, dynamic=True))


#: Objects and libraries of a build directory unused for this long are removed by the next link.
KEEP_DAYS = 7.0


def _touch(path: str) -> None:
    try:
        os.utime(path)
    except OSError:
        pass


def prune(root: str, keep_days: float = KEEP_DAYS) -> list[str]:
    """Remove the objects and libraries under ``root`` (one build directory's cache) that no call
    has used for ``keep_days`` (each use refreshes a file's modification time); returns them.
    """
    import shutil
    import time

    limit = time.time() - keep_days * 86400
    removed: list[str] = []
    objects = os.path.join(root, "objects")
    for name in os.listdir(objects) if os.path.isdir(objects) else ():
        if not name.endswith(".o"):
            continue
        obj = os.path.join(objects, name)
        try:
            old = os.stat(obj).st_mtime < limit
        except OSError:
            continue
        if old:
            for p in (obj, obj[: -len(".o")] + ".deps.json"):
                try:
                    os.unlink(p)
                except OSError:
                    pass
            removed.append(obj)
    libs = os.path.join(root, "lib")
    for name in os.listdir(libs) if os.path.isdir(libs) else ():
        folder = os.path.join(libs, name)
        try:
            newest = max(os.stat(os.path.join(folder, f)).st_mtime for f in os.listdir(folder))
        except (OSError, ValueError):
            continue
        if newest < limit:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _linker(units: Sequence[_Unit]) -> str:
    """The driver that links: the first C++ unit's compiler, else the first unit's."""
    for u in units:
        if not u.source.endswith(".c"):
            return u.args[0]
    return units[0].args[0]


def project_library(
    path: str,
    build_dir: str,
    cache_dir: str | None = None,
    jobs: int = 2,
) -> ProjectLibrary | None:
    """The cached shared library of ``path``'s project (module docstring); None when the project
    has no other translation unit than the file itself.

    Raises ``CdoctestError`` when ``build_dir`` has no readable ``compile_commands.json`` and
    ``ProjectBuildError`` when the objects do not link. Units that do not compile are left out
    (``skipped``): their symbols are then reported missing where a test needs them.
    """
    build_dir = os.path.abspath(build_dir)
    path = os.path.abspath(path)
    if not path.endswith(SOURCE_EXTENSIONS):
        path = sibling_source(path) or path
    units = _entries(build_dir)
    target = _codemodel_target(build_dir, path)
    if target is not None:
        wanted = set(target.sources)
        units = [u for u in units if u.source in wanted]
        link = list(target.link)
    else:
        request_codemodel(build_dir)
        units = [u for u in units if u.source == path or not _defines_main(u.source)]
        link = ["-Wl,--allow-multiple-definition"]
    if not any(u.source != path for u in units):
        return None
    root = os.path.join(cache_dir or cache_root(), _digest([build_dir]))
    objects = os.path.join(root, "objects")
    os.makedirs(objects, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        built = list(pool.map(lambda u: _compile(u, objects), units))
    objs = [obj for obj, _, _ in built if obj]
    pairs = list(zip(units, built, strict=True))
    skipped = tuple((u.source, err) for u, (obj, _, err) in pairs if not obj)
    rebuilt = tuple(u.source for u, (_, new, _) in pairs if new)
    name = target.name if target is not None else "project"
    key = _digest([*objs, *link, *_LINK_FLAGS])
    lib = os.path.join(root, "lib", key, f"lib{name}.so")
    if not os.path.isfile(lib):
        os.makedirs(os.path.dirname(lib), exist_ok=True)
        tmp = lib + f".{os.getpid()}.tmp"
        clashes = sorted(_exported(objs) & _session_symbols())
        aliases = [f"-Wl,--defsym={RENAMED}{s}={s}" for s in clashes]
        # Whole, before the library.
        write_atomic(lib + RENAMES_SUFFIX, "".join(s + "\n" for s in clashes))
        argv = [_linker(units), "-shared", *_LINK_FLAGS, *aliases, "-o", tmp, *objs, *link]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise ProjectBuildError(
                f"the project library for {path} did not link: {proc.stderr.strip()[:500]}",
                proc.stderr,
            )
        os.replace(tmp, lib)
        prune(root, keep_days=KEEP_DAYS)
    else:
        _touch(lib)
    sources = tuple(u.source for u, (obj, _, _) in pairs if obj)
    return ProjectLibrary(lib, sources, tuple(link), name if target else None, skipped, rebuilt)


def _defines_main(source: str) -> bool:
    try:
        with open(source, encoding="utf-8", errors="replace") as fh:
            return _MAIN.search(fh.read()) is not None
    except OSError:
        return False


# ----------------------------------------------------------------------------------------------
# Missing symbols


def renamed_symbols(library: str) -> list[str]:
    """The ``#pragma redefine_extname`` lines a session declares before loading ``library`` (its
    ``.renames`` list, see ``RENAMED``; none for a library without one).
    """
    try:
        with open(library + RENAMES_SUFFIX, encoding="utf-8") as fh:
            names = fh.read().split()
    except OSError:
        return []
    return [f"#pragma redefine_extname {n} {RENAMED}{n}" for n in names]
