"""Line and branch coverage of the code under test by its blocks (``cdoctest-run --coverage``).

clang-repl cannot record it: with ``-fprofile-instr-generate -fcoverage-mapping`` passed through
``--Xcc`` and the profile runtime (``libclang_rt.profile``, linked into a shared object) loaded
with ``%lib``, the raw profile written at exit holds no functions (measured with clang-repl 22.1.8:
the runtime finds counters through its own ``__llvm_prf_*`` section bounds, and the JIT's sections
are not among them). So each block is compiled natively with the clang of the same LLVM, using
LLVM source-based coverage: one program per block, made of the runner's standard includes, the code
under test (its file, or its unsaved text), and the block's inputs as top-level statements in order
(``-Xclang -fincremental-extensions``, the parser extension clang-repl itself uses; a bare
expression gets a ``;``). After every example the program writes its raw profile, so a crash
keeps what ran before it; an input that does not compile is left out, as clang-repl skips it.
The program runs inside the runner's sandbox (``sandbox.detect_method``, the same limits). Then
``llvm-profdata merge`` and ``llvm-cov export`` give an lcov tracefile over all blocks, restricted
to the code under test, and a per-function summary (lines and branches inside each function's
extent, as in the tracefile; ``cdoctest_runner.coverage.lcov``). HTML comes from ``llvm-cov show
-format=html``.

Code loaded from a prebuilt library (``--lib``) is not measured (only what is compiled here is).
Files are named ``block.c``/``block.cpp`` in a directory per block, so a ``static`` function of the
code under test has the same profile name (``block.c:f``) in every program and the counts merge.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from collections.abc import Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from cdoctest_runner.coverage.lcov import (
    FunctionCoverage,
    filter_lcov,
    function_coverage,
    function_extents,
    parse_lcov,
)
from cdoctest_runner.coverage.native import (
    Compilers,
    NativeToolError,
    build_native,
    load_paths,
    run_native,
    tool_next_to,
)
from cdoctest_runner.coverage.program import PROFILE_FILE, Program, block_program
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.sandbox import DEFAULT_LIMITS, Limits, PrivateDir, Sandbox, detect_method

TOOLS_HINT = (
    "coverage needs clang, llvm-profdata and llvm-cov of the same LLVM as clang-repl "
    "(Debian: `apt-get install clang-22 llvm-22 libclang-rt-22-dev`)"
)

COVERAGE_FLAGS = ("-fprofile-instr-generate", "-fcoverage-mapping")


class CoverageError(NativeToolError):
    """Coverage could not be measured (a tool is missing or failed)."""


@dataclass(frozen=True)
class CoverageTools:
    """The programs coverage needs, all from one LLVM installation."""

    clang: str
    clangxx: str
    profdata: str
    cov: str
    cxxfilt: str | None = None

    @property
    def compilers(self) -> Compilers:
        """The C and C++ drivers (``cdoctest_runner.coverage.native``)."""
        return Compilers(self.clang, self.clangxx)


def find_tools(clang_repl: str) -> CoverageTools:
    """The coverage tools that belong to ``clang_repl``: the files next to its real path
    (``/usr/lib/llvm-22/bin``), else ``NAME-22`` on ``PATH``. Raises ``CoverageError``.
    """
    found = {
        n: tool_next_to(clang_repl, n) for n in ("clang", "clang++", "llvm-profdata", "llvm-cov")
    }
    missing = [n for n, p in found.items() if p is None]
    if missing:
        raise CoverageError(f"{', '.join(missing)} not found: {TOOLS_HINT}")
    return CoverageTools(
        clang=found["clang"] or "",
        clangxx=found["clang++"] or "",
        profdata=found["llvm-profdata"] or "",
        cov=found["llvm-cov"] or "",
        cxxfilt=tool_next_to(clang_repl, "llvm-cxxfilt"),
    )


# ----------------------------------------------------------------------------------------------
# Measuring.


@dataclass
class CoverageReport:
    """What ``measure`` found: the lcov text, one summary per function, and notes on blocks that
    could not be measured (or inputs left out).
    """

    lcov: str
    functions: list[FunctionCoverage]
    blocks: int
    measured: int
    notes: list[str] = field(default_factory=list)
    binaries: list[str] = field(default_factory=list)  # kept only while the report's dir lives
    profdata: str | None = None
    sources: list[str] = field(default_factory=list)

    def totals(self) -> tuple[int, int, int, int]:
        """``(lines_hit, lines_total, branches_hit, branches_total)`` over the tracefile."""
        lh = lt = bh = bt = 0
        for rec in parse_lcov(self.lcov).values():
            lt += len(rec.lines)
            lh += sum(1 for c in rec.lines.values() if c > 0)
            bt += len(rec.branches)
            bh += sum(1 for c in rec.branches.values() if c)
        return lh, lt, bh, bt


def _build(
    tools: CoverageTools,
    test: DocTest,
    code: CodeUnderTest,
    load: str | None,
    bdir: str,
    *,
    per_example: frozenset[int] | None = None,
) -> tuple[Program | None, str]:
    """Compile the block's coverage program in ``bdir`` (``native.build_native``). Returns the
    program (``None`` if it never built) and the last diagnostics; raises ``CoverageError`` when
    the profile runtime is missing.
    """

    def make(skip: frozenset[int], split: frozenset[int]) -> Program:
        return block_program(test, code, load, skip, split=split, per_example=per_example)

    program, errors = build_native(tools.compilers, code, load, bdir, make, COVERAGE_FLAGS)
    if program is None and "libclang_rt.profile" in errors:
        raise CoverageError(f"the profile runtime is missing: {TOOLS_HINT}")
    return program, errors


def _run_block(
    tools: CoverageTools,
    test: DocTest,
    code: CodeUnderTest,
    load: str | None,
    sandbox: Sandbox,
    limits: Limits,
    workdir: PrivateDir,
    index: int,
) -> tuple[str | None, str | None, str]:
    """Build and run one block; ``(binary, raw profile, note)`` (``None``s when it did not
    build or wrote no profile).
    """
    bdir = os.path.join(workdir.path, f"b{index}")
    os.makedirs(bdir)
    program, errors = _build(tools, test, code, load, bdir)
    if program is None:
        first = next((ln for ln in errors.splitlines() if "error" in ln), errors.strip()[:200])
        return None, None, f"{test.name}: not measured, the block does not compile ({first})"
    skipped = sum(1 for a, _ in program.spans if a == 0)
    note = f"{test.name}: {skipped} input(s) that do not compile left out" if skipped else ""
    note = _execute(test, code, sandbox, limits, bdir) or note
    profile = os.path.join(bdir, PROFILE_FILE)
    if not os.path.exists(profile):
        return None, None, f"{test.name}: not measured, the program wrote no profile"
    return os.path.join(bdir, "block"), profile, note


def _execute(
    test: DocTest, code: CodeUnderTest, sandbox: Sandbox, limits: Limits, bdir: str
) -> str:
    """Run ``bdir``'s program in the sandbox; a note if it timed out, else ''."""
    if run_native(code, sandbox, limits, bdir):
        return ""
    return f"{test.name}: timed out; coverage up to its last finished example"


def example_counters(
    test: DocTest,
    code: CodeUnderTest,
    tools: CoverageTools,
    limits: Limits = DEFAULT_LIMITS,
    sandbox: Sandbox | None = None,
    only: Collection[int] | None = None,
) -> list[dict[str, tuple[int, ...]] | None]:
    """Per example of ``test``, the profile counters of every function it ran: profile name
    (``block.c:helper`` for a ``static`` one, the mangled name in C++) -> counter values, the
    first being the function's entry count (clang's frontend instrumentation). ``None`` for an
    example that wrote no profile (it crashed, timed out, or the block did not build) and for
    one not in ``only`` (default: all). One native compile of the block, one run, one
    ``llvm-profdata`` call per example measured. Raises ``CoverageError`` when the profile
    runtime is missing.
    """
    measured = frozenset(range(len(test.examples)) if only is None else only)
    sandbox = sandbox or detect_method()
    work = PrivateDir()
    try:
        load = load_paths([(test, code)], work.path)[0]
        bdir = os.path.join(work.path, "b0")
        os.makedirs(bdir)
        program, _ = _build(tools, test, code, load, bdir, per_example=measured)
        if program is None:
            return [None] * len(test.examples)
        _execute(test, code, sandbox, limits, bdir)

        def read(k: int) -> dict[str, tuple[int, ...]] | None:
            raw = os.path.join(bdir, f"e{k}.profraw")
            if k not in measured or not os.path.exists(raw):
                return None
            try:
                return parse_counters(_tool([tools.profdata, "merge", "-text", "-o", "-", raw]))
            except CoverageError:
                return None

        with ThreadPoolExecutor(4) as pool:  # the tool's start dominates: a few at a time
            return list(pool.map(read, range(len(test.examples))))
    finally:
        work.cleanup()


def parse_counters(text: str) -> dict[str, tuple[int, ...]]:
    """Function name -> counter values, from ``llvm-profdata merge -text`` output.

    >>> parse_counters("f\\n# Func Hash:\\n7\\n# Num Counters:\\n2\\n# Counter Values:\\n3\\n0\\n")
    {'f': (3, 0)}
    """
    out: dict[str, tuple[int, ...]] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        name = lines[i].strip()
        if not name or name.startswith(("#", ":")) or i + 6 > len(lines):
            i += 1
            continue
        if lines[i + 1].strip() != "# Func Hash:" or lines[i + 3].strip() != "# Num Counters:":
            i += 1
            continue
        n = int(lines[i + 4])
        values = lines[i + 6 : i + 6 + n]
        out[name] = tuple(int(v) for v in values)
        i += 6 + n
    return out


def measure(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    tools: CoverageTools,
    limits: Limits = DEFAULT_LIMITS,
    sandbox: Sandbox | None = None,
    workers: int = 1,
    workdir: PrivateDir | None = None,
    cancel: threading.Event | None = None,
) -> CoverageReport:
    """Coverage of the code under test of ``jobs`` by their blocks (see the module docstring).

    ``workdir`` holds the programs and profiles (the caller removes it; ``write_html`` needs it);
    a fresh one is made and removed when not given.
    """
    sandbox = sandbox or detect_method()
    own_workdir = workdir is None
    work = workdir or PrivateDir()
    try:
        loads = load_paths(jobs, work.path)
        with ThreadPoolExecutor(max(1, workers)) as pool:
            futures = [
                pool.submit(_run_block, tools, t, c, load, sandbox, limits, work, i)
                for i, ((t, c), load) in enumerate(zip(jobs, loads, strict=True))
                if not (cancel and cancel.is_set())
            ]
            runs = [f.result() for f in futures]
        notes = [n for _, _, n in runs if n]
        built = [(b, p) for b, p, _ in runs if b and p]
        sources: dict[str, str] = {}  # a file compiled -> the user's path
        for (test, code), load in zip(jobs, loads, strict=True):
            if load is not None:
                sources[load] = code.path or load
            for h in code.headers:
                sources[os.path.abspath(h)] = os.path.abspath(h)
            # A block in a header whose sibling source is loaded measures the header too.
            block_file = os.path.abspath(test.filename)
            if block_file != code.path and os.path.isfile(block_file):
                sources.setdefault(block_file, block_file)
        report = CoverageReport("", [], len(jobs), len(built), notes, sources=sorted(sources))
        if not built:
            return report
        profdata = os.path.join(work.path, "blocks.profdata")
        _tool([tools.profdata, "merge", "-o", profdata, *[p for _, p in built]])
        objects = [built[0][0]] + [a for b, _ in built[1:] for a in ("-object", b)]
        common = [*objects, "-instr-profile", profdata]
        lcov = _tool([tools.cov, "export", "-format=lcov", *common])
        export = json.loads(_tool([tools.cov, "export", "-format=text", *common]))
        report.lcov = filter_lcov(lcov, list(sources), sources)
        extents = function_extents(export, list(sources), sources)
        extents = _demangle(tools, extents)
        report.functions = function_coverage(parse_lcov(report.lcov), extents)
        report.binaries = [b for b, _ in built]
        report.profdata = profdata
        return report
    finally:
        if own_workdir:
            work.cleanup()


def _tool(argv: list[str]) -> str:
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise CoverageError(f"{os.path.basename(argv[0])} failed: {proc.stderr.strip()[:500]}")
    return proc.stdout


_STD_STRING = re.compile(
    r"std::(?:__cxx11::)?basic_string<char, std::char_traits<char>, std::allocator<char>\s*>"
)


def _demangle(
    tools: CoverageTools, extents: list[tuple[str, str, int, int]]
) -> list[tuple[str, str, int, int]]:
    if not tools.cxxfilt or not any(n.startswith("_Z") for n, *_ in extents):
        return extents
    proc = subprocess.run(
        [tools.cxxfilt],
        input="".join(n + "\n" for n, *_ in extents),
        capture_output=True,
        text=True,
        timeout=60,
    )
    names = [_STD_STRING.sub("std::string", n) for n in proc.stdout.splitlines()]
    if proc.returncode != 0 or len(names) != len(extents):
        return extents
    return [(n, *e[1:]) for n, e in zip(names, extents, strict=True)]


def write_html(report: CoverageReport, tools: CoverageTools, out_dir: str) -> None:
    """An HTML report of the measured files by ``llvm-cov show -format=html`` (needs the
    programs: call before the ``measure`` work directory is removed).
    """
    if not report.binaries or report.profdata is None:
        raise CoverageError("no block was measured: no HTML report")
    objects = [report.binaries[0]] + [a for b in report.binaries[1:] for a in ("-object", b)]
    _tool(
        [
            tools.cov,
            "show",
            "-format=html",
            "-show-branches=count",
            f"-output-dir={out_dir}",
            *objects,
            "-instr-profile",
            report.profdata,
            *[s for s in report.sources if os.path.exists(s)],
        ]
    )


def format_report(report: CoverageReport) -> str:
    """The terminal summary: one line per function, then the totals and any notes."""
    out = ["Coverage of the code under test by its blocks:"]
    for f in report.functions:
        rel = os.path.relpath(f.file)
        where = f"{f.file if rel.startswith('..') else rel}:{f.first_line}"
        out.append(
            f"  {f.name:<30} {where:<30} lines {f.lines_hit}/{f.lines_total}"
            f"  branches {f.branches_hit}/{f.branches_total}"
        )
    lh, lt, bh, bt = report.totals()

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f}%" if b else "-"

    out.append(
        f"  total: lines {lh}/{lt} ({pct(lh, lt)}), branches {bh}/{bt} ({pct(bh, bt)}); "
        f"{report.measured}/{report.blocks} blocks measured"
    )
    out += [f"  note: {n}" for n in report.notes]
    return "\n".join(out) + "\n"


def measure_and_write(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    clang_repl: str,
    lcov_path: str,
    html_dir: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    workers: int = 1,
    cancel: threading.Event | None = None,
) -> CoverageReport:
    """``measure`` with the tools of ``clang_repl``, then write the lcov tracefile to
    ``lcov_path`` and, if asked, the HTML report to ``html_dir`` (``cdoctest-run --coverage``).
    Raises ``CoverageError`` (tools missing or failing, a file that cannot be written).
    """
    tools = find_tools(clang_repl)
    work = PrivateDir()
    try:
        report = measure(jobs, tools, limits, workers=workers, workdir=work, cancel=cancel)
        try:
            with open(lcov_path, "w", encoding="utf-8") as fh:
                fh.write(report.lcov)
        except OSError as exc:
            raise CoverageError(f"cannot write {lcov_path}: {exc.strerror}") from exc
        if html_dir:
            write_html(report, tools, html_dir)
        return report
    finally:
        work.cleanup()
