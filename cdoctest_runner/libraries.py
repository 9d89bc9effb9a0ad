"""Libraries a session loads and the symbols it misses: ``resolve_library`` and ``libraries_for``
find a library by name (the linker's search path, ``ldconfig``'s cache), ``missing_symbols`` reads
a JIT session's "Symbols not found" and ``explain_missing`` turns it into what to do.
"""

from __future__ import annotations

import functools
import glob
import os
import re
import subprocess
from collections.abc import Callable, Sequence

from cdoctest_runner.errors import LibraryNotFound
from cdoctest_runner.project_lib import project_library

_NOT_FOUND = re.compile(r"Symbols not found: \[([^\]]*)\]")


def missing_symbols(stderr: str) -> list[str]:
    """The symbols a ``JIT session error: Symbols not found: [ a, b ]`` names, in order.

    >>> missing_symbols("JIT session error: Symbols not found: [ sq, _Z4cubei ]\\nerror: ...")
    ['sq', '_Z4cubei']
    """
    out: list[str] = []
    for m in _NOT_FOUND.finditer(stderr):
        for name in m.group(1).split(","):
            name = name.strip()
            if name and name not in out:
                out.append(name)
    return out


def _inline_destructor(symbol: str) -> str | None:
    """``ns::Der::~Der`` for the mangled complete or base destructor of a non-template class
    (``_ZN2ns3DerD1Ev``), else None.

    >>> _inline_destructor("_ZN3DerD1Ev"), _inline_destructor("_Z4cubei")
    ('Der::~Der', None)
    """
    m = re.fullmatch(r"_ZN((?:\d+[A-Za-z_]\w*)+)D[012]Ev", symbol)
    if m is None:
        return None
    names, rest = [], m.group(1)
    while rest:
        n = re.match(r"\d+", rest)
        if n is None:
            return None
        name = rest[n.end() : n.end() + int(n.group())]
        if len(name) != int(n.group()):
            return None
        names.append(name)
        rest = rest[n.end() + len(name) :]
    return "::".join(names) + "::~" + names[-1]


def explain_missing(
    symbol: str,
    declared_at: str | None,
    path: str,
    build_dir: str | None,
) -> str:
    """What to tell a user whose test cannot link ``symbol`` (``declared_at``: ``file:line``).

    >>> explain_missing("sq", "include/geo.h:4", "src/dist.c", "build")
    '`sq` is declared in include/geo.h:4 but no file in build/compile_commands.json defines it: build the target, or pass --lib'
    >>> explain_missing("sq", None, "dist.c", None)
    '`sq` is defined neither in dist.c nor in a library loaded: pass -p BUILD_DIR (the build directory with compile_commands.json) or --lib'
    >>> explain_missing("_ZN2ns3DerD1Ev", None, "shapes.cpp", None)
    '`ns::Der::~Der` (_ZN2ns3DerD1Ev): clang-repl 22 does not emit an inline destructor for a temporary destroyed in a bare expression (`Der(1).f()`): write the call as a statement (`int r = Der(1).f();`) or through a named variable'
    """  # noqa: E501
    destructor = _inline_destructor(symbol)
    if destructor is not None:
        cls = destructor.rpartition("::")[2].lstrip("~")
        return (
            f"`{destructor}` ({symbol}): clang-repl 22 does not emit an inline destructor for a "
            f"temporary destroyed in a bare expression (`{cls}(1).f()`): write the call as a "
            f"statement (`int r = {cls}(1).f();`) or through a named variable"
        )
    where = f"is declared in {declared_at} but" if declared_at else "is used but"
    if build_dir is not None:
        db = os.path.join(build_dir, "compile_commands.json")
        return f"`{symbol}` {where} no file in {db} defines it: build the target, or pass --lib"
    if declared_at:
        return (
            f"`{symbol}` {where} {path} does not define it: pass -p BUILD_DIR (the build "
            "directory with compile_commands.json) or --lib"
        )
    return (
        f"`{symbol}` is defined neither in {path} nor in a library loaded: pass -p BUILD_DIR "
        "(the build directory with compile_commands.json) or --lib"
    )


def libraries_for(
    path: str,
    build_dir: str | None,
    libraries: Sequence[str] = (),
    warn: Callable[[str], None] | None = None,
) -> tuple[str, ...]:
    """What a session testing ``path`` loads with ``%lib``: its project's library (with a build
    directory) then ``libraries`` given by hand. ``warn`` receives one line per unit left out.
    """
    out: list[str] = []
    if build_dir is not None:
        lib = project_library(path, build_dir)
        if lib is not None:
            out.append(lib.path)
            for source, error in lib.skipped:
                if warn is not None:
                    warn(f"{source}: left out of the project library: {error}")
    return tuple(out) + tuple(os.path.abspath(p) for p in libraries)


def resolve_library(entry: str, base: str | None = None) -> str:
    """The file a session loads for one ``--lib`` entry: a path (relative to ``base``, else the
    working directory), or ``-lNAME`` as the dynamic linker finds it (``ldconfig``'s cache, then
    ``LD_LIBRARY_PATH``). Raises ``LibraryNotFound`` for a ``-l`` name it does not find; a path is
    checked when a session loads it.

    >>> resolve_library("lib/libgeo.so", "/w")
    '/w/lib/libgeo.so'
    >>> resolve_library("-lm").split("/")[-1].startswith("libm.so")
    True
    """
    if not entry.startswith("-l"):
        return os.path.abspath(os.path.join(base or os.getcwd(), os.path.expanduser(entry)))
    name = entry[2:].strip()
    found = _ldconfig_cache().get(f"lib{name}.so")
    if found is None:
        dirs = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
        found = next(
            (p for d in dirs for p in sorted(glob.glob(os.path.join(d, f"lib{name}.so*")))
             if _is_elf(p)),
            None,
        )  # fmt: skip
    if found is None:
        raise LibraryNotFound(
            f"no shared library {entry} (lib{name}.so) on the dynamic linker's path: "
            "give its path instead"
        )
    return found


@functools.cache
def _ldconfig_cache() -> dict[str, str]:
    """``libNAME.so`` -> the file the dynamic linker's cache gives for it (this machine's
    architecture first, as ``ldconfig -p`` lists it).
    """
    exe = next((p for p in ("/sbin/ldconfig", "/usr/sbin/ldconfig") if os.path.exists(p)), None)
    if exe is None:
        return {}
    try:
        out = subprocess.run([exe, "-p"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    cache: dict[str, str] = {}
    for m in re.finditer(r"(?m)^\s+(lib\S+?\.so)(?:\.[\d.]+)?\s+\(([^)]*)\)\s+=>\s+(\S+)$", out):
        native = "x86-64" in m.group(2) or os.uname().machine not in ("x86_64",)
        if native and _is_elf(m.group(3)):
            cache.setdefault(m.group(1), m.group(3))
    return cache


def _is_elf(path: str) -> bool:
    """Whether ``path`` is an ELF file (``libm.so`` may be a linker script: dlopen rejects it)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False
