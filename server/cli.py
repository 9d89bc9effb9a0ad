"""``cdoctest-gen``: generate verified cdoctest blocks for the functions of a C/C++ file.

``main(argv=None) -> int``. Exit codes: 0 every selected function got a verified block (or was
skipped on purpose), 1 some function got no verified test, 2 usage or set-up error (no clang-repl,
no model, unreadable or unparseable file). A model that fails while generating (its process
crashed: ``models.host``) is not a set-up error: the function gets the no-model fallback's block,
its line on stderr says ``model failed: <signal, llama.cpp's last log lines>``, and the exit code
follows the rule above. Output: ``--diff`` (default) a unified diff on stdout,
``--write`` the file edited in place (atomically, after the final re-run of every new block in the
edited text), ``--json`` one JSON document. The model used and why, and per function what was done,
go to stderr; a progress bar too when stderr is a terminal. The user's file is written only by
``--write``, only with blocks that passed, and never partially.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import TYPE_CHECKING, Any, TextIO

from cdoctest_runner.cli import add_source_arguments
from server.api import (
    FileResult,
    FunctionResult,
    GenerateOptions,
    PhaseResult,
    ProgressEvent,
    SourceOptions,
    TargetSelector,
)
from server.project.cli import (
    FORCE_HINT,
    add_project_arguments,
    generator_from_args,
    warn_block_store,
)
from server.render import unified_diff

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.locate import SourceFile

EPILOG = """examples:
  cdoctest-gen examples/gen/scoring.c                    # diff for every function without a block
  cdoctest-gen src/stack.cpp --function push --write     # insert a block above Stack::push
  cdoctest-gen lib.c --line 42 --json                    # the function at line 42, as JSON
  cdoctest-gen lib.c --no-model --all                    # no model: boundary-value calls only
  cdoctest-gen src/a.cpp -p build --samples 8 --seed 1   # flags from build/compile_commands.json
  cdoctest-gen -p build --write                          # every file of the compile database
  cdoctest-gen src/ --write                              # every C/C++ file under src/
"""


def build_parser() -> argparse.ArgumentParser:
    """The ``cdoctest-gen`` argument parser."""
    p = argparse.ArgumentParser(
        prog="cdoctest-gen",
        description="Generate cdoctest tests (clang-repl examples in doc comments) that have "
        "already been run and passed.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument(
        "file",
        nargs="?",
        help="C or C++ source or header; a directory (or none, with -p) runs over the project",
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument("--function", metavar="NAME", help="function name (plain or qualified)")
    which.add_argument("--line", type=int, metavar="N", help="the function at 1-based line N")
    which.add_argument(
        "--all", action="store_true", help="every function without a cdoctest block (the default)"
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--diff", action="store_true", help="print a unified diff (the default)")
    out.add_argument("--write", action="store_true", help="edit the file in place")
    out.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument(
        "--model", metavar="PATH", help="GGUF model (default: configured, else embedded)"
    )
    p.add_argument("--adapter", metavar="PATH", help="LoRA adapter GGUF for the model")
    p.add_argument(
        "--samples",
        type=int,
        default=GenerateOptions.samples,
        metavar="N",
        help="model candidates per function (default %(default)s)",
    )
    p.add_argument("--seed", type=int, metavar="S", help="sampling seed (reproducible candidates)")
    p.add_argument(
        "--strict", action="store_true", help="keep only examples whose predicted output was right"
    )
    p.add_argument("--no-model", action="store_true", help="only the no-model fallback generator")
    p.add_argument(
        "--fallback",
        choices=("auto", "combine", "never"),
        default="auto",
        help="no-model candidates (fallback, documented calls, input search): pooled with the "
        "model's examples (auto, the default; combine is the same) or never (the model alone)",
    )
    p.add_argument(
        "--time-budget",
        type=float,
        default=GenerateOptions.time_budget_s,
        metavar="S",
        help="seconds per function (default %(default)s)",
    )
    p.add_argument(
        "--max-examples",
        type=int,
        default=GenerateOptions.max_examples,
        metavar="N",
        help="examples in a block (default %(default)s)",
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help="stop after the first verified block (documented calls, type values, API "
        "sequences; no model, no input search)",
    )
    p.add_argument(
        "--single-phase",
        action="store_true",
        help="one answer after every source, the model always asked (no fast first block; "
        "the editor's generation.singlePhase)",
    )
    p.add_argument(
        "--no-usage",
        dest="usage",
        action="store_false",
        help="do not mine the project's tests, examples, README and headers for how they call "
        "the function (candidates and the model's prompt)",
    )
    p.add_argument(
        "--no-branch-coverage",
        dest="branch_coverage",
        action="store_false",
        help="keep inputs by mutation kills only: do not add calls that reach code no other "
        "example reaches (measured with the clang, llvm-profdata and profile runtime of "
        "clang-repl's LLVM)",
    )
    p.add_argument(
        "--no-sanitizers",
        dest="sanitizers",
        action="store_false",
        help="keep examples without running the block natively under AddressSanitizer and "
        "UBSan (by default an example that trips them is dropped; needs the clang and "
        "sanitizer runtime of clang-repl's LLVM)",
    )
    p.add_argument(
        "--project-root",
        metavar="DIR",
        help="the project whose tests, examples, README and headers are mined for usage "
        "(default: the compile database's source directory with -p, else the nearest "
        "directory with a .git)",
    )
    p.add_argument(
        "--force",
        "--replace-user-blocks",
        dest="replace_user_blocks",
        action="store_true",
        help="replace the cdoctest block above a selected function even when it is not the one "
        "cdoctest-gen wrote (edited, or written by hand); without it such a block is kept",
    )
    add_source_arguments(p)
    p.add_argument(
        "--lib",
        dest="libraries",
        action="append",
        default=[],
        metavar="LIB",
        help="shared library the tests may call (the file is still loaded as source): a path, or "
        "--lib=-lNAME found where the dynamic linker looks",
    )
    p.add_argument(
        "-l",
        dest="libraries",
        action="append",
        type=lambda name: f"-l{name}",
        metavar="NAME",
        help="-lNAME: --lib=-lNAME (-lm: libm.so)",
    )
    add_project_arguments(p)
    p.add_argument(
        "--coverage",
        action="store_true",
        help="also report the line and branch coverage of each function by its own block "
        "(compiled natively with LLVM source-based coverage; one compile per block)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="more detail on stderr")
    return p


class _Progress:
    """A one-line progress display on a terminal; silent otherwise."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.width = 0

    def __call__(self, event: ProgressEvent) -> None:
        if not self.enabled:
            return
        bar = ""
        if event.percentage is not None:
            filled = event.percentage // 5
            bar = "[" + "#" * filled + "." * (20 - filled) + f"] {event.percentage:3d}% "
        line = f"{bar}{event.stage}: {event.message}"[:110]
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.enabled and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


class _PhaseLog:
    """``-v``: one line per phase as soon as its blocks are ready."""

    def __init__(self, stream: TextIO, progress: _Progress) -> None:
        self.stream = stream
        self.progress = progress

    def __call__(self, phase: PhaseResult) -> None:
        self.progress.clear()
        blocks = sum(1 for f in phase.result.functions if f.edit is not None)
        line = f"cdoctest-gen: phase {phase.phase}: {blocks} verified block(s) after "
        line += f"{phase.seconds:.1f} s"
        if phase.phase == 2:
            line += f", {len(phase.improved)} stronger than phase 1's"
        print(line, file=self.stream)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (see the module docstring)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help
        return int(exc.code or 0)
    problem = usage_problem(args)
    if problem:
        print(f"cdoctest-gen: {problem}", file=sys.stderr)
        return 2
    from cdoctest_runner.errors import LibraryNotFound

    try:
        options, source_options = run_options(args)
    except LibraryNotFound as exc:
        print(f"cdoctest-gen: --lib: {exc}", file=sys.stderr)
        return 2
    if args.file is None or os.path.isdir(args.file):
        from server.project import cli as project_cli

        return project_cli.run(args, options, source_options)
    return _run_file(args, options, source_options)


def usage_problem(args: argparse.Namespace) -> str:
    """What is wrong with the arguments beyond what argparse checks ('' when nothing)."""
    if args.samples < 1 or args.max_examples < 1 or args.time_budget <= 0:
        return "--samples, --max-examples and --time-budget must be positive"
    if args.file is None and not args.compile_db_dir:
        return "give a file, a directory or -p BUILD_DIR"
    project = args.file is None or os.path.isdir(args.file)
    if not project and not os.path.isfile(os.path.abspath(args.file)):
        return f"{args.file}: no such file"
    return ""


def run_options(args: argparse.Namespace) -> tuple[GenerateOptions, SourceOptions]:
    """The generation and source options the arguments ask for; a ``--lib``/``-l`` entry is
    resolved into its file (``libraries.resolve_library``: ``LibraryNotFound`` for a ``-lNAME``
    the dynamic linker's path does not have).
    """
    from cdoctest_runner.libraries import resolve_library

    options = GenerateOptions(
        samples=args.samples,
        seed=args.seed,
        strict=args.strict,
        no_model=args.no_model,
        time_budget_s=args.time_budget,
        max_examples=args.max_examples,
        replace_user_blocks=args.replace_user_blocks,
        quick=args.quick,
        single_phase=args.single_phase,
        usage=args.usage,
        branch_coverage=args.branch_coverage,
        sanitizers=args.sanitizers,
    )
    source_options = SourceOptions(
        compile_db_dir=args.compile_db_dir,
        include_dirs=tuple(args.include_dirs),
        defines=tuple(args.defines),
        std=args.std,
        libraries=tuple(resolve_library(lib) for lib in args.libraries),
        project_root=os.path.abspath(args.project_root) if args.project_root else None,
    )
    return options, source_options


def _run_file(
    args: argparse.Namespace, options: GenerateOptions, source_options: SourceOptions
) -> int:
    """One file: parsed once (its diagnostics first), generated for, and the result delivered."""
    from cdoctest_runner.errors import CdoctestError, ToolchainNotFound
    from models.api import ModelError
    from server.analysis.locate import TargetNotFound, load_source
    from server.api import GenerationCancelled
    from server.render import read_text

    err = sys.stderr
    path = os.path.abspath(args.file)
    try:
        text = read_text(path)
    except OSError as exc:
        print(f"cdoctest-gen: {args.file}: cannot read: {exc.strerror}", file=err)
        return 2
    try:
        generator = generator_from_args(args, options, source_options)
        repl_path = generator.runner.toolchain.path
    except ToolchainNotFound as exc:
        print(f"cdoctest-gen: {exc}", file=err)
        return 2
    progress = _Progress(err, err.isatty() and not args.json)
    cancel = threading.Event()
    selector = TargetSelector(name=args.function, line=args.line, all=args.all)
    try:
        # Parse first: a file with errors gets a clear message before any model work.
        source = load_source(path, text, source_options)
        if not report_source(source, args.file, err):
            return 2
        model, reason = generator.model_info()
        print(f"cdoctest-gen: {f'model {model}' if model else 'no model'} [{reason}]", file=err)
        result = generator.generate(
            path,
            text,
            selector,
            progress=progress,
            cancel=cancel,
            on_phase=_PhaseLog(err, progress) if args.verbose else None,
            source=source,
        )
    except (TargetNotFound, ModelError, CdoctestError) as exc:  # CdoctestError: parse, toolchain
        progress.clear()
        print(f"cdoctest-gen: {exc}", file=err)
        return 2
    except (KeyboardInterrupt, GenerationCancelled):
        cancel.set()
        progress.clear()
        print("cdoctest-gen: cancelled; the file was not changed", file=err)
        return 2
    finally:
        generator.close()
    progress.clear()
    _summary(result, args.file, err, args.verbose)
    print(f"cdoctest-gen: {phase_times(result)}", file=err)
    warn_block_store(generator.blocks, err)
    return _deliver(args, path, text, source, result, repl_path)


def report_source(source: SourceFile, name: str, err: TextIO) -> bool:
    """Print the file's parse errors and left-out includes; False when no function parsed."""
    for d in source.errors[:10]:
        print(f"{name}:{d}", file=err)
    if source.errors:
        print(
            f"cdoctest-gen: {name} has {len(source.errors)} error(s); generating for the "
            "functions that parse (the broken declarations are left out of the test session)",
            file=err,
        )
    for d in source.missing_includes[:5]:
        print(f"{name}:{d} (the include is left out of the test session)", file=err)
    if not source.functions:
        print(f"cdoctest-gen: no function could be parsed in {name}", file=err)
        return False
    return True


def _deliver(
    args: argparse.Namespace,
    path: str,
    text: str,
    source: SourceFile,
    result: FileResult,
    clang_repl: str,
) -> int:
    """The result as asked (``--coverage``, then ``--json``, ``--write`` or a diff); exit code."""
    from server.render import read_text, write_text_atomic

    err = sys.stderr
    covered = None
    if args.coverage:
        from server.block_coverage import report_block_coverage

        covered = report_block_coverage(source, result, clang_repl, args.file, err)
        if covered is None:
            return 2
    if args.json:
        data = to_json(result)
        if covered is not None:
            from cdoctest_runner.results import to_jsonable

            for entry, cov in zip(data["functions"], covered, strict=True):
                entry["block_coverage"] = to_jsonable(cov)
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif args.write:
        if result.edits:
            if read_text(path) != text:
                print(f"cdoctest-gen: {args.file} changed while generating; not written", file=err)
                return 2
            write_text_atomic(path, result.new_text)
            print(f"cdoctest-gen: wrote {len(result.edits)} block(s) to {args.file}", file=err)
        else:
            print(f"cdoctest-gen: nothing to write to {args.file}", file=err)
    else:
        sys.stdout.write(unified_diff(text, result.new_text, args.file))
    return 1 if any(f.status in ("no_test", "error") for f in result.functions) else 0


def phase_times(result: FileResult) -> str:
    """When each phase's blocks were ready: 'first block after 2.1 s, final block after 14.0 s'.

    >>> phase_times(FileResult("f.c", (), "", timings={"first_block": 2.06, "final": 14.0}))
    'first block after 2.1 s, final block after 14.0 s'
    >>> phase_times(FileResult("f.c", (), "", timings={"first_block": 2.06}))
    'first block after 2.1 s (--quick: no model, no input search)'
    """
    t = result.timings
    first = f"first block after {t.get('first_block', 0.0):.1f} s"
    if "final" not in t:
        return first + " (--quick: no model, no input search)"
    return f"{first}, final block after {t['final']:.1f} s"


def _summary(result: FileResult, name: str, err: TextIO, verbose: bool) -> None:
    for f in result.functions:
        d = f.function
        message = f"{f.message}; {FORCE_HINT}" if f.user_block else f.message
        print(f"{name}:{d.line}: {d.qualname}: {f.status} [{f.origin}] {message}", file=err)
        for b in f.findings:
            where = [f"line {b.line + 1}"] if b.line is not None else []
            if b.confidence is not None:
                where.append(f"confidence {b.confidence:.2f}")
            print(
                f"  possible bug{' (' + ', '.join(where) + ')' if where else ''}: "
                f"{b.example.source.strip()} -> predicted "
                f"{b.predicted.strip()!r}, got {b.actual.strip()!r}"
                + (f"\n    evidence: {b.evidence}" if b.evidence else ""),
                file=err,
            )
        if verbose:
            print(
                "  timings: " + ", ".join(f"{k} {v:.1f}s" for k, v in f.timings.items()), file=err
            )
            if f.phase:
                print(f"  block from phase {f.phase}", file=err)
            if f.mutants_killed_by_timeout:
                print(
                    f"  killed only by a timeout (CPU time): {f.mutants_killed_by_timeout} of "
                    f"{f.mutants_killed} killed mutant(s)",
                    file=err,
                )
            if f.surviving_mutants:
                print(f"  not covered ({len(f.surviving_mutants)} surviving mutant(s)):", file=err)
            for m in f.surviving_mutants:
                eq = " (likely equivalent: no searched input told it apart)" * m.likely_equivalent
                print(f"    line {m.line}: {m.operator} {m.description}{eq}", file=err)
            for line in rejected_lines(f):
                print(line, file=err)


def rejected_lines(f: FunctionResult) -> list[str]:
    """``-v``'s list of the call groups that gave a function without a block nothing: per reason,
    how many, then the first few (the error or the rule each met).

    >>> from cdoctest_runner.example import Declaration
    >>> from server.api import Rejected
    >>> why = (Rejected("did not compile", 5, ("`f(1)`: no matching function",)),)
    >>> f = FunctionResult(Declaration("f", "f", "function", 1, 1, 1, 1), "no_test", rejected=why)
    >>> print("\\n".join(rejected_lines(f)))
      rejected (5 call group(s)):
        did not compile: 5
          `f(1)`: no matching function
          ... and 4 more
    """
    if not f.rejected:
        return []
    out = [f"  rejected ({sum(r.count for r in f.rejected)} call group(s)):"]
    for r in f.rejected:
        out.append(f"    {r.reason}: {r.count}")
        out += [f"      {shown}" for shown in r.first]
        if r.count > len(r.first):
            out.append(f"      ... and {r.count - len(r.first)} more")
    return out


def to_json(result: FileResult) -> dict[str, Any]:
    """The JSON document of ``--json``: everything in ``FileResult``, per function."""
    from cdoctest_runner.results import to_jsonable

    data: dict[str, Any] = to_jsonable(result)
    data["summary"] = {
        "functions": len(result.functions),
        "verified": sum(1 for f in result.functions if f.status == "verified"),
        "no_test": sum(1 for f in result.functions if f.status == "no_test"),
        "skipped": sum(1 for f in result.functions if f.status == "skipped"),
        "findings": sum(len(f.findings) for f in result.functions),
    }
    return data


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
