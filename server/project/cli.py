"""``cdoctest-gen DIR`` and ``cdoctest-gen -p BUILD`` (no file): the whole-project front end.

``run(args) -> int`` is called by ``server.cli.main`` with its parsed arguments; the work is
``server.project.run``'s. Output: ``--write`` edits the files (each once, atomically), ``--diff``
(default) prints one unified diff per file at the end, ``--json`` prints one document at the
end (``files`` and ``summary``; ``--report-json FILE`` writes it to a file with any mode).
On stderr: one line per finished file, the summary, and a progress bar with an ETA (``tqdm``)
when stderr is a terminal and ``--json`` is not given.
Exit codes: 0 every generated function got a verified block, 1 some did not, 2 usage or set-up
error, 130 interrupted (Ctrl-C: files finished before keep their whole blocks, the rest are
unchanged).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import TYPE_CHECKING, Any, TextIO

from server.api import GenerateOptions, SourceOptions

if TYPE_CHECKING:  # pragma: no cover
    from server.generate.generator import Generator
    from server.ownership import BlockStore
    from server.project.run import ProjectEvent, ProjectResult

INTERRUPTED = 130
#: What the CLI adds to the line of a function whose block it kept as the user's.
FORCE_HINT = "--force replaces it"


def add_project_arguments(p: argparse.ArgumentParser) -> None:
    """``--jobs``, ``--cache-dir`` and ``--no-cache`` (used only for a directory or ``-p``)."""
    p.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="project runs: functions generated side by side (default: one per usable CPU, "
        "at most 4; they share the interpreters)",
    )
    p.add_argument(
        "--cache-dir",
        metavar="DIR",
        help="project runs: where results are cached "
        "(default $XDG_CACHE_HOME/cdoctest-gen/project)",
    )
    p.add_argument(
        "--no-cache", action="store_true", help="project runs: neither read nor write the cache"
    )
    p.add_argument(
        "--report-json",
        metavar="FILE",
        help="project runs: also write the --json document to FILE (e.g. with --write)",
    )


def default_jobs() -> int:
    """Functions side by side: one per usable CPU, at most four (``default_workers``).

    They share the generator's runners, whose worker threads bound the interpreters; on 2 cores
    two jobs doubled the functions per minute of a project run (docs/benchmarks.md).
    """
    from cdoctest_runner.sessions import default_workers

    return default_workers()


class _Display:
    """The stderr side of a project run: a tqdm bar on a terminal, plain lines otherwise."""

    def __init__(self, err: TextIO, bar: bool, root: str) -> None:
        self.err = err
        self.root = root
        self.use_bar = bar
        self.bar: Any = None

    def name(self, path: str) -> str:
        return os.path.relpath(path, self.root) if path else ""

    def line(self, text: str) -> None:
        if self.bar is not None:
            self.bar.write(text, file=self.err)
        else:
            print(text, file=self.err)

    def __call__(self, e: ProjectEvent) -> None:
        if e.kind == "planned" and self.use_bar:
            from tqdm import tqdm

            sized = _columns(self.err) > 0  # a new pseudo-terminal may report 0 x 0
            self.bar = tqdm(
                total=e.total,
                unit="fn",
                desc="cdoctest-gen",
                file=self.err,
                dynamic_ncols=sized,
                ncols=None if sized else 100,
                nrows=None if sized else 24,  # tqdm hides bars below a 0-row terminal
            )
        elif e.kind == "function":
            if e.message:
                self.line(f"cdoctest-gen: {self.name(e.path)}: {e.qualname}: {e.message}")
            if self.bar is not None:
                self.bar.set_postfix_str(
                    f"{self.name(e.path)}: {e.qualname} {e.status}", refresh=False
                )
                self.bar.update(1)
        elif e.kind == "file":
            if e.written:
                self.line(f"cdoctest-gen: wrote {e.written} block(s) to {self.name(e.path)}")
            elif e.message:
                self.line(f"cdoctest-gen: {self.name(e.path)}: {e.message}")
        elif e.kind == "skipped":
            self.line(f"cdoctest-gen: {self.name(e.path)}: skipped ({e.message})")
        elif e.kind == "kept":
            self.line(f"cdoctest-gen: {self.name(e.path)}: {e.qualname}: {e.message}; {FORCE_HINT}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError):
        return 0


def run(args: argparse.Namespace, options: GenerateOptions, source_options: SourceOptions) -> int:
    """The project run of ``cdoctest-gen`` (see the module docstring)."""
    err = sys.stderr
    if args.function or args.line is not None:
        print("cdoctest-gen: --function and --line name one file's function; give a file", file=err)
        return 2
    if getattr(args, "coverage", False):
        print("cdoctest-gen: --coverage measures one file; give a file", file=err)
        return 2
    from cdoctest_runner.errors import CdoctestError, ToolchainNotFound
    from models.api import ModelError
    from server.project.cache import ResultCache, default_cache_dir
    from server.project.run import ProjectRun, project_files
    from server.render import unified_diff

    try:
        files = project_files([args.file] if args.file else [], args.compile_db_dir)
    except CdoctestError as exc:
        print(f"cdoctest-gen: {exc}", file=err)
        return 2
    if not files:
        print("cdoctest-gen: no C or C++ file found", file=err)
        return 2
    try:
        generator = generator_from_args(args, options, source_options)
    except ToolchainNotFound as exc:
        print(f"cdoctest-gen: {exc}", file=err)
        return 2
    root = os.path.abspath(args.file) if args.file else None
    cache = None if args.no_cache else ResultCache(args.cache_dir or default_cache_dir())
    project = ProjectRun(
        generator, write=args.write, cache=cache, jobs=args.jobs or default_jobs(), root=root
    )
    shown_root = root or os.path.commonpath([os.path.dirname(f) for f in files])
    display = _Display(err, err.isatty() and not args.json, shown_root)
    cancel = threading.Event()
    try:
        generator.check_model()
        model, reason = generator.model_info()
        print(f"cdoctest-gen: {len(files)} file(s); model {model or 'none'} [{reason}]", file=err)
        result = project.run(files, cancel=cancel, on_event=display)
    except ModelError as exc:
        print(f"cdoctest-gen: {exc}", file=err)
        return 2
    finally:
        display.close()
        generator.close()
    document = to_json(result, shown_root)
    if args.report_json:
        with open(args.report_json, "w", encoding="utf-8") as fh:
            json.dump(document, fh, indent=2)
    if args.json:
        json.dump(document, sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif not args.write:
        for f in result.files:
            if f.new_text != f.text:
                sys.stdout.write(unified_diff(f.text, f.new_text, display.name(f.path)))
    print(f"cdoctest-gen: {summary_line(result)}", file=err)
    warn_block_store(generator.blocks, err)
    if result.summary.interrupted:
        print(
            "cdoctest-gen: interrupted; finished files keep their blocks, the rest are unchanged",
            file=err,
        )
        return INTERRUPTED
    funcs = [f for o in result.files for f in o.functions if f.decision == "todo"]
    return 1 if any(f.status in ("no_test", "error") for f in funcs) else 0


def warn_block_store(blocks: BlockStore, err: TextIO) -> None:
    """One line per problem of the record of the tool's blocks (``server.ownership``)."""
    for problem in blocks.problems():
        print(f"cdoctest-gen: warning: {problem}", file=err)


def summary_line(result: ProjectResult) -> str:
    """'12 function(s) in 3 file(s): 8 generated, 3 cached, 1 kept; 7 blocks written; ...'."""
    s = result.summary
    score = f"{s.mutation_score:.2f}" if s.mutation_score is not None else "n/a"
    return (
        f"{s.functions} function(s) in {s.files} file(s): {s.generated} generated "
        f"({s.verified} verified, {s.no_test} without a test), {s.cached} cached, {s.kept} kept; "
        f"{s.blocks_written} block(s) written; mutation score {score} "
        f"({s.mutants_killed}/{s.mutants_total}); {s.seconds:.1f} s"
    )


def to_json(result: ProjectResult, root: str) -> dict[str, Any]:
    """The ``--json`` document: per file its functions (decision, status, kills); the summary."""
    return {
        "files": [
            {
                "path": os.path.relpath(f.path, root),
                "written": f.written,
                "blocks": f.blocks,
                "message": f.message,
                "functions": [
                    {
                        "qualname": fn.qualname,
                        "line": fn.line,
                        "decision": fn.decision,
                        "status": fn.status,
                        "mutants_killed": fn.mutants_killed,
                        "mutants_total": fn.mutants_total,
                        "block_text": fn.result.block_text if fn.result is not None else "",
                        "error": fn.error,
                    }
                    for fn in f.functions
                ],
            }
            for f in result.files
        ],
        "summary": result.summary.as_dict(),
    }


def generator_from_args(
    args: argparse.Namespace, options: GenerateOptions, source_options: SourceOptions
) -> Generator:
    """The generator ``cdoctest-gen``'s arguments ask for (``--model``, ``--adapter``,
    ``--clang-repl``, ``--fallback``), one file or a project; ``ToolchainNotFound`` without
    clang-repl.
    """
    from models.api import ModelConfig
    from server.generate.generator import generator_for

    return generator_for(
        ModelConfig(model=args.model, adapter=args.adapter),
        options,
        source_options,
        clang_repl=args.clang_repl,
        fallback=args.fallback,
    )
