"""Undefined behaviour in a block's examples, found natively with AddressSanitizer and UBSan.

clang-repl runs a block in the JIT's memory, where a read one byte past a one-byte buffer reads
whatever lies next to it (often the same bytes every run): the example passes, and its output is
an accident. ``sanitize_block(test, code, compilers)`` compiles the block once as a native program
(``cdoctest_runner.coverage.native``, as coverage does) with ``-fsanitize=address`` and UBSan's
checks (``UB_CHECKS``: those the candidates' sessions trap on, ``server.judge.verify``), stopping at
the first report (``-fno-sanitize-recover=all``), and runs it once in the runner's sandbox. Before
each example the program writes ``==cdt== example K`` to stderr and after the last one
``==cdt== end``, so a report belongs to the example whose marker came last (``read_run``).

Stopping at the first report is what makes a report the example's own: UBSan reports each source
location once per process, and a write past a buffer may corrupt what later examples read. The
caller drops that example and runs the rest again (``server.judge.sanitize``).

The run's options (``sanitizer_env``): no leak check (a leak is no undefined behaviour, and blocks
do not free), no ODR check (a library and the file may both define a global: not the example's
doing), no symbolizer (the report's kind and access are enough). RLIMIT_AS would keep ASan from
reserving its shadow memory (terabytes of address space; so would RLIMIT_DATA), so the run has no
address-space limit (``Limits.address_space``): ASan's ``hard_rss_limit_mb`` stops it at the
session's memory limit instead, and an allocation larger than that returns NULL
(``allocator_may_return_null``), as under RLIMIT_AS. The CPU, process, file-size limits and the
wall clock stay. A stack overflow or running out of memory is reported, but it is a limit, not
undefined behaviour (``Report.undefined`` is false).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cdoctest_runner.coverage.native import (
    Compilers,
    NativeToolError,
    build_native,
    load_paths,
    run_native,
)
from cdoctest_runner.coverage.program import Program, example_inputs, native_program
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.parser import parse_examples
from cdoctest_runner.sandbox import DEFAULT_LIMITS, Limits, PrivateDir, Sandbox, detect_method

#: UBSan's checks that are undefined behaviour in C and C++ alike (one home:
#: ``server.judge.verify`` traps on the same ones in clang-repl).
UB_CHECKS = (
    "signed-integer-overflow", "shift", "integer-divide-by-zero", "bounds", "null", "return",
    "vla-bound", "float-cast-overflow", "pointer-overflow", "bool", "enum", "builtin",
)  # fmt: skip
#: Flags that make signed overflow defined (wrapping), and the one that undoes them.
WRAP_FLAGS = ("-fwrapv", "-fno-strict-overflow", "-fno-wrapv")

MARKER = "==cdt== example"
END = "==cdt== end"

#: Reports of a limit reached, not of undefined behaviour (ASan's names, as its SUMMARY says).
LIMITS = frozenset(
    {"stack-overflow", "out-of-memory", "rss-limit-exceeded", "allocation-size-too-big"}
)

_MARK = re.compile(rf"^{MARKER} (\d+)$")
_ASAN = re.compile(r"ERROR: AddressSanitizer: ([\w-]+)")
_SUMMARY = re.compile(r"^SUMMARY: AddressSanitizer: ([\w-]+)")
_ACCESS = re.compile(r"\b(READ|WRITE) (?:of size \d+|memory access)")
_UBSAN = re.compile(r": runtime error: (.*)$")
_RSS = re.compile(r"AddressSanitizer: hard rss limit exhausted")


def _doctest(text: str) -> DocTest:
    """A block of ``text`` (for the examples here)."""
    return DocTest(tuple(parse_examples(text)), "t", "t.c", 1, 1)


class SanitizerUnavailable(NativeToolError):
    """The sanitizers' runtime is missing (``libclang_rt.asan``)."""


def wraps(flags: Sequence[str]) -> bool:
    """Whether ``flags`` make signed overflow defined (the last of ``WRAP_FLAGS`` decides).

    >>> wraps(["-fwrapv"]), wraps(["-fwrapv", "-fno-wrapv"]), wraps([])
    (True, False, False)
    """
    return next((f != "-fno-wrapv" for f in reversed(flags) if f in WRAP_FLAGS), False)


def ub_checks(flags: Sequence[str]) -> tuple[str, ...]:
    """``UB_CHECKS`` for code built with ``flags``: without signed overflow when it wraps."""
    return tuple(c for c in UB_CHECKS if not (c == "signed-integer-overflow" and wraps(flags)))


def sanitizer_flags(flags: Sequence[str]) -> tuple[str, ...]:
    """The instrumentation of the sanitizer run for code built with ``flags``.

    >>> sanitizer_flags(["-fwrapv"])[:2]
    ('-fsanitize=address', '-fsanitize=shift,integer-divide-by-zero,bounds,null,return,vla-bound,\
float-cast-overflow,pointer-overflow,bool,enum,builtin')
    """
    return (
        "-fsanitize=address",
        "-fsanitize=" + ",".join(ub_checks(flags)),
        "-fno-sanitize-recover=all",
    )


def without_sanitizers(code: CodeUnderTest) -> CodeUnderTest:
    """``code`` without the sanitizer flags of its own (the run sets them; a trapping UBSan would
    end the run without a report).

    >>> code = CodeUnderTest(flags=("-O1", "-fsanitize=null", "-fsanitize-trap=all"))
    >>> without_sanitizers(code).flags
    ('-O1',)
    """
    kept = tuple(f for f in code.flags if not f.startswith(("-fsanitize", "-fno-sanitize")))
    return replace(code, flags=kept)


def sanitizer_env(limits: Limits) -> dict[str, str]:
    """``ASAN_OPTIONS`` and ``UBSAN_OPTIONS`` of the run (module doc)."""
    asan = {
        "detect_leaks": "0",
        "detect_odr_violation": "0",
        "halt_on_error": "1",
        "abort_on_error": "0",
        "symbolize": "0",
        "print_legend": "0",
        "hard_rss_limit_mb": str(limits.memory_mb),
        "max_allocation_size_mb": str(limits.memory_mb),
        "allocator_may_return_null": "1",
    }
    ubsan = {"print_stacktrace": "0", "halt_on_error": "1", "symbolize": "0"}
    return {
        "ASAN_OPTIONS": ":".join(f"{k}={v}" for k, v in asan.items()),
        "UBSAN_OPTIONS": ":".join(f"{k}={v}" for k, v in ubsan.items()),
    }


@dataclass(frozen=True)
class Report:
    """A sanitizer's report: the example it belongs to (0-based; -1 before the first example),
    its kind (ASan's name, or UBSan's words) and access (``READ``, ``WRITE`` or ''), and whether
    it is undefined behaviour (not a limit reached: ``LIMITS``).
    """

    example: int
    kind: str
    access: str = ""
    undefined: bool = True

    def describe(self) -> str:
        """``heap-buffer-overflow READ``, ``signed integer overflow``."""
        return f"{self.kind} {self.access}".strip()


@dataclass(frozen=True)
class SanitizerRun:
    """One sanitized run of a block: its first report (None: none), how many examples' markers
    were written (``reached``), whether the program reached its end, the examples some input of
    which did not compile natively and was left out (``unchecked``), and, when it did not build,
    the compiler's first error (``error``).
    """

    report: Report | None
    reached: int = 0
    ended: bool = False
    unchecked: frozenset[int] = frozenset()
    error: str = ""
    timed_out: bool = False

    @property
    def built(self) -> bool:
        """Whether the program built and ran."""
        return not self.error

    def checked(self, examples: int) -> frozenset[int]:
        """The examples of ``examples`` that ran to their end without a report."""
        done = examples if self.ended else max(0, self.reached - 1)
        if self.report is not None:
            done = min(done, self.report.example)
        return frozenset(range(done)) - self.unchecked


def read_run(stderr: str) -> tuple[Report | None, int, bool]:
    """The first report in a sanitized program's ``stderr`` (``Report``, its example the last
    marker before it), how many example markers came before it, and whether the end marker did.

    >>> err = "==cdt== example 0\\n==cdt== example 1\\n=====\\n==7==ERROR: AddressSanitizer: "
    >>> err += "heap-buffer-overflow on address 0x6\\nREAD of size 1 at 0x6 thread T0\\n"
    >>> read_run(err + "SUMMARY: AddressSanitizer: heap-buffer-overflow (b+0x1)\\n")
    (Report(example=1, kind='heap-buffer-overflow', access='READ', undefined=True), 2, False)
    >>> ub = "==cdt== example 0\\nb.c:2:34: runtime error: signed integer overflow: 2 + 1 ..."
    >>> read_run(ub)[0].describe()
    'signed integer overflow'
    >>> read_run("==cdt== example 0\\n==cdt== example 1\\n==cdt== end\\n")
    (None, 2, True)
    >>> read_run("==cdt== example 0\\n==1==ERROR: AddressSanitizer: stack-overflow on address")[0]
    Report(example=0, kind='stack-overflow', access='', undefined=False)
    """
    example, reached = -1, 0
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        mark = _MARK.match(line.strip())
        if mark:
            example, reached = int(mark.group(1)), reached + 1
        elif line.strip() == END:
            return None, reached, True
        elif (ub := _UBSAN.search(line)) is not None:
            what = ub.group(1).split(":")[0].strip()
            return Report(example, what[:80]), reached, False
        elif _RSS.search(line):
            return Report(example, "rss-limit-exceeded", undefined=False), reached, False
        elif (asan := _ASAN.search(line)) is not None:
            kind, access = asan.group(1), ""
            for more in lines[i + 1 :]:
                if (summary := _SUMMARY.match(more)) is not None:
                    kind = summary.group(1)
                    break
                if not access and (m := _ACCESS.search(more)) is not None:
                    access = m.group(1)
            return Report(example, kind, access, kind not in LIMITS), reached, False
    return None, reached, False


def sanitized_program(
    test: DocTest,
    code: CodeUnderTest,
    load: str | None,
    skip: frozenset[int] = frozenset(),
    split: frozenset[int] = frozenset(),
) -> Program:
    """The block's native program with a marker before each example and after the last.

    >>> p = sanitized_program(_doctest(">>> f(1)\\n1\\n"), CodeUnderTest(language="c"), "/s/f.c")
    >>> print(p.text, end="")
    #include <stdio.h>
    #include "/s/f.c"
    fputs("\\n==cdt== example 0\\n", stderr);
    f(1);
    fputs("\\n==cdt== end\\n", stderr);
    #include <stdlib.h>
    _Exit(0);
    """

    def before(k: int) -> list[str]:
        return [f'fputs("\\n{MARKER} {k}\\n", stderr);']

    end = [f'fputs("\\n{END}\\n", stderr);']
    return native_program(test, code, load, skip, split=split, before=before, tail=end)


def sanitize_block(
    test: DocTest,
    code: CodeUnderTest,
    compilers: Compilers,
    limits: Limits = DEFAULT_LIMITS,
    sandbox: Sandbox | None = None,
) -> SanitizerRun:
    """``test`` compiled once with the sanitizers and run once (module doc). Raises
    ``SanitizerUnavailable`` when their runtime is missing.
    """
    sandbox = sandbox or detect_method()
    code = without_sanitizers(code)
    work = PrivateDir()
    try:
        load = load_paths([(test, code)], work.path)[0]
        bdir = os.path.join(work.path, "b0")
        os.makedirs(bdir)

        def make(skip: frozenset[int], split: frozenset[int]) -> Program:
            return sanitized_program(test, code, load, skip, split)

        flags = sanitizer_flags(code.flags)
        program, errors = build_native(compilers, code, load, bdir, make, flags)
        if program is None:
            if "libclang_rt." in errors:
                why = first_error(errors)
                raise SanitizerUnavailable(f"the sanitizer runtime is missing ({why})")
            return SanitizerRun(None, error=first_error(errors))
        left_out = {i for i, (a, _) in enumerate(program.spans) if a == 0}
        unchecked = frozenset(
            k
            for k, inputs in enumerate(example_inputs(test, code.language))
            if left_out.intersection(inputs)
        )
        err_path = os.path.join(work.path, "stderr")
        with open(err_path, "wb") as err:
            ended = run_native(
                code,
                sandbox,
                replace(limits, address_space=False),
                bdir,
                env=sanitizer_env(limits),
                stderr=err,
            )
        with open(err_path, encoding="utf-8", errors="replace") as fh:
            report, reached, end = read_run(fh.read(limits.max_output_bytes * 4))
        return SanitizerRun(report, reached, end, unchecked, timed_out=not ended)
    finally:
        work.cleanup()


def first_error(diagnostics: str) -> str:
    """The first line of ``diagnostics`` that says ``error`` (else their start), shortened.

    >>> first_error("x.c:1:2: warning: w\\nx.c:3:4: error: no member named 'n'\\n")
    "x.c:3:4: error: no member named 'n'"
    """
    line = next((ln for ln in diagnostics.splitlines() if "error" in ln), diagnostics.strip())
    return line.strip()[:200]
