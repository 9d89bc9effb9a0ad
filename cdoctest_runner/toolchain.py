"""Find a usable clang-repl: ``find_clang_repl(override=None) -> Toolchain``.

Discovery order: the ``override`` (``--clang-repl PATH``; a bare name is looked up on ``PATH``),
else the newest ``clang-repl-NN`` on ``PATH``, else plain ``clang-repl``. A candidate is used only
if it runs; value printing is probed (clang-repl 19 answers ``Not implement yet.`` to a bare
expression). Raises ``ToolchainNotFound`` whose message says what to install. Results are cached per
path.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from dataclasses import dataclass

from cdoctest_runner.errors import ToolchainNotFound

INSTALL_HINT = (
    "install clang-repl (LLVM 20 or newer; 22 is tested): on Debian/Ubuntu "
    "`apt-get install clang-tools-22` (from apt.llvm.org if your release lacks it), "
    "or pass the interpreter explicitly with --clang-repl PATH"
)


@dataclass(frozen=True)
class Toolchain:
    """A working clang-repl.

    ``resource_dir`` is the matching clang resource directory (builtin headers) when found, for
    tools such as libclang that need it; ``None`` when it could not be located.
    """

    path: str
    version: tuple[int, ...]
    value_printing: bool
    resource_dir: str | None = None


_NAME = re.compile(r"^clang-repl(?:-(\d+)(?:\.(\d+))?)?$")


def _candidates_on_path() -> list[str]:
    """Every ``clang-repl[-NN]`` on PATH, newest suffix first, plain ``clang-repl`` last."""
    found: dict[str, tuple[int, ...]] = {}
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        try:
            names = os.listdir(directory or ".")
        except OSError:
            continue
        for name in names:
            m = _NAME.match(name)
            if not m or name in found:
                continue
            full = os.path.join(directory, name)
            if os.path.isfile(full) and os.access(full, os.X_OK):
                key = tuple(int(g) for g in m.groups() if g is not None)
                found[name] = key
    ordered = sorted(found, key=lambda n: (found[n] != (), found[n]), reverse=True)
    return [shutil.which(n) or n for n in ordered]


def _version(path: str) -> tuple[int, ...]:
    out = subprocess.run(
        [path, "--version"], capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL
    )
    m = re.search(r"version (\d+(?:\.\d+)*)", out.stdout + out.stderr)
    if out.returncode != 0 or not m:
        raise ToolchainNotFound(
            f"{path} does not run (`{path} --version` exited {out.returncode}): {INSTALL_HINT}"
        )
    return tuple(int(x) for x in m.group(1).split("."))


def _value_printing(path: str) -> bool:
    out = subprocess.run(
        [path], input="6*7\n", capture_output=True, text=True, timeout=30, env=_minimal_env()
    )
    return "(int) 42" in out.stdout


def _resource_dir(path: str, version: tuple[int, ...]) -> str | None:
    real = os.path.realpath(path)
    prefix = os.path.dirname(os.path.dirname(real))  # /usr/lib/llvm-22
    for cand in (
        os.path.join(prefix, "lib", "clang", str(version[0])),
        f"/usr/lib/llvm-{version[0]}/lib/clang/{version[0]}",
    ):
        if os.path.isdir(os.path.join(cand, "include")):
            return cand
    return None


def _minimal_env() -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp"}


@functools.lru_cache(maxsize=16)
def _probe(path: str) -> Toolchain:
    try:
        version = _version(path)
        printing = _value_printing(path)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ToolchainNotFound(f"{path} does not run ({exc}): {INSTALL_HINT}") from exc
    return Toolchain(path, version, printing, _resource_dir(path, version))


def find_clang_repl(override: str | None = None) -> Toolchain:
    """Return the clang-repl to use; ``override`` (a path or a name on PATH) wins when given."""
    if override:
        path = override if os.sep in override else shutil.which(override)
        if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
            raise ToolchainNotFound(
                f"clang-repl {override!r} not found or not executable: {INSTALL_HINT}"
            )
        return _probe(os.path.abspath(path))
    candidates = _candidates_on_path()
    errors = []
    for path in candidates:
        try:
            return _probe(path)
        except ToolchainNotFound as exc:
            errors.append(str(exc))
    detail = ("; tried: " + "; ".join(errors)) if errors else ""
    raise ToolchainNotFound(f"no usable clang-repl on PATH: {INSTALL_HINT}{detail}")
