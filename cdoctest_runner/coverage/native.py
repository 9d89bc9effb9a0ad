"""A block as a native program, compiled and run: what coverage (``measure``) and the sanitizer
run (``sanitize``) share.

- ``find_compilers(clang_repl)``: clang and clang++ of clang-repl's own LLVM (``tool_next_to``).
- ``load_paths(jobs, workdir)``: the file each block's program includes (unsaved text written
  once per code under test).
- ``build_native(compilers, code, load, bdir, make, flags)``: one compile of the program ``make``
  gives (``cdoctest_runner.coverage.program``), the code's include dirs, defines, flags and
  libraries, ``-Xclang -fincremental-extensions`` (top-level statements, as clang-repl reads
  them). An input a compiler rejects where clang-repl accepts it is left out, or, a C declaration
  whose initializer is not constant, written as an assignment (``split_initializers``); up to five
  compiles.
- ``run_native(code, sandbox, limits, bdir)``: the program run once inside the runner's sandbox
  (``sandbox.Sandbox.spawn``: the same confinement and limits as a clang-repl session).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO

from cdoctest_runner.coverage.program import NOT_CONSTANT, Program, failing_inputs
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.sandbox import NOBODY, Limits, Sandbox, scrubbed_env

TOOLS_HINT = (
    "native runs of blocks need the clang of clang-repl's LLVM "
    "(Debian: `apt-get install clang-22 llvm-22 libclang-rt-22-dev`)"
)

#: The program of a block with its inputs left out (``skip``) or split (``split``), by index.
MakeProgram = Callable[[frozenset[int], frozenset[int]], Program]


class NativeToolError(CdoctestError):
    """A tool a block's native program needs is missing or failed."""


@dataclass(frozen=True)
class Compilers:
    """The C and C++ drivers (clang, clang++) of one LLVM installation."""

    clang: str
    clangxx: str

    def of(self, language: str) -> str:
        """The driver for ``language`` (``'c'``: clang, else clang++)."""
        return self.clang if language == "c" else self.clangxx


def tool_next_to(clang_repl: str, name: str) -> str | None:
    """The LLVM tool ``name`` that belongs to ``clang_repl``: the file next to its real path
    (``/usr/lib/llvm-22/bin``), else ``NAME-22`` on ``PATH`` (``NAME`` when clang-repl has no
    version suffix); None when there is none.
    """
    bindir = os.path.dirname(os.path.realpath(clang_repl))
    m = re.search(r"-(\d+)$", os.path.basename(clang_repl))
    suffix = f"-{m.group(1)}" if m else ""
    here = os.path.join(bindir, name)
    if os.access(here, os.X_OK):
        return here
    return shutil.which(name + suffix) or (shutil.which(name) if not suffix else None)


def find_compilers(clang_repl: str) -> Compilers:
    """The C and C++ drivers of ``clang_repl``'s LLVM (``tool_next_to``). Raises
    ``NativeToolError``.
    """
    clang, clangxx = tool_next_to(clang_repl, "clang"), tool_next_to(clang_repl, "clang++")
    if clang is None or clangxx is None:
        missing = "clang" if clang is None else "clang++"
        raise NativeToolError(f"{missing} not found: {TOOLS_HINT}")
    return Compilers(clang, clangxx)


def load_paths(jobs: Sequence[tuple[DocTest, CodeUnderTest]], workdir: str) -> list[str | None]:
    """Per job, the file its program includes (``None``: the code is headers + libraries). A
    ``text`` is written once per distinct code into ``workdir/src<k>/`` under the file's name, so
    every block of that code compiles the same file (and coverage counts merge).
    """
    written: dict[CodeUnderTest, str] = {}
    out: list[str | None] = []
    for _, code in jobs:
        if code.text is None:
            out.append(code.path)
            continue
        if code not in written:
            ext = "c" if code.language == "c" else "cpp"
            name = os.path.basename(code.path or f"code.{ext}")
            load = os.path.join(workdir, f"src{len(written)}", name)
            os.makedirs(os.path.dirname(load))
            with open(load, "w", encoding="utf-8") as fh:
                fh.write(code.text)
            written[code] = load
        out.append(written[code])
    return out


def compile_args(code: CodeUnderTest, load: str | None) -> list[str]:
    """The code's include directories (its own directory too), defines and flags."""
    args = [f"-I{d}" for d in code.include_dirs]
    if load:
        args.append(f"-I{os.path.dirname(code.path or load)}")
    args += [f"-D{d}" for d in code.defines]
    return args + list(code.flags)


def build_native(
    compilers: Compilers,
    code: CodeUnderTest,
    load: str | None,
    bdir: str,
    make: MakeProgram,
    flags: Sequence[str],
) -> tuple[Program | None, str]:
    """Compile ``make``'s program of a block in ``bdir`` into ``bdir/block`` (module doc), with
    ``flags`` (the instrumentation) before the code's own. Returns the program (``None`` if it
    never built) and the last diagnostics.
    """
    c = code.language == "c"
    with open(os.path.join(bdir, "main.c"), "w") as fh:
        fh.write("__attribute__((weak)) int main(void) { return 0; }\n")
    # Compiled on its own: the code's flags (``-include stub.h``) are not for it.
    argv = [compilers.clang, "-w", *flags, "-c", "main.c", "-o", "main.o"]
    proc = subprocess.run(argv, cwd=bdir, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        return None, proc.stderr
    skip: frozenset[int] = frozenset()
    split: frozenset[int] = frozenset()
    errors = ""
    for _ in range(5):
        program = make(skip, split)
        name = "block.c" if c else "block.cpp"
        with open(os.path.join(bdir, name), "w", encoding="utf-8") as fh:
            fh.write(program.text)
        argv = [
            compilers.of(code.language),
            "-w",
            "-O0",
            *flags,
            "-Xclang",
            "-fincremental-extensions",
            *compile_args(code, load),
            name,
            "-x",
            "none",  # main.o and the libraries after it are objects, not sources
            "main.o",
            "-o",
            "block",
            *code.libraries,
            *[f"-Wl,-rpath,{os.path.dirname(lib)}" for lib in code.libraries],
            # A project library may reference a symbol no file defines (resolved lazily, so
            # clang-repl loads it; a block that never calls it runs): link as clang-repl loads.
            "-Wl,--allow-shlib-undefined",
            "-lm",
        ]
        proc = subprocess.run(argv, cwd=bdir, capture_output=True, text=True, timeout=300)
        if proc.returncode == 0:
            return program, ""
        errors = proc.stderr
        bad = failing_inputs(errors, program) - skip
        constant = failing_inputs(
            "\n".join(m.group(0) for m in NOT_CONSTANT.finditer(errors)), program
        )
        if not bad:
            break
        split, skip = split | (bad & constant - split), skip | (bad - (constant - split))
    return None, errors


def run_native(
    code: CodeUnderTest,
    sandbox: Sandbox,
    limits: Limits,
    bdir: str,
    *,
    env: Mapping[str, str] | None = None,
    stderr: IO[bytes] | int = subprocess.DEVNULL,
) -> bool:
    """Run ``bdir/block`` once in the sandbox (its directory the working directory; ``env`` added
    to the scrubbed environment, ``stderr`` where its standard error goes); whether it ended
    before the wall clock (the session's budget and its set-up time) ran out.
    """
    if sandbox.drop_to_nobody:
        for root, dirs, files in os.walk(bdir):
            for name in dirs + files:
                os.chown(os.path.join(root, name), NOBODY, NOBODY)
        os.chown(bdir, NOBODY, NOBODY)
    visible = [os.path.dirname(lib) for lib in code.libraries]
    extra = {} if env is None else {"env": {**scrubbed_env(bdir), **env}}
    confined = sandbox.spawn(
        [os.path.join(bdir, "block")],
        bdir,
        limits,
        visible,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        **extra,
    )
    try:
        confined.proc.wait(timeout=limits.timeout_s + limits.setup_timeout_s)
        return True
    except subprocess.TimeoutExpired:
        return False
    finally:
        confined.kill()
