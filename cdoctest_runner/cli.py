"""``cdoctest-run``: find the cdoctest blocks of C/C++ files and run them in clang-repl.

``main(argv) -> int`` is the only place that chooses exit codes: 0 every block passed (or there
was none), 1 some block failed, 2 usage or environment error (no clang-repl, unreadable file,
bad ``compile_commands.json``, missing library), 130 interrupted. Library code below raises.
The legacy ``--cdt_*`` entry point (``python -m cdoctest_runner``) is ``cdoctest_runner.legacy``;
both build a ``RunConfig`` and call ``collect`` and ``run``. ``--mutants`` hands the collected
blocks to ``cdoctest_runner.mutants_cli`` (its report and exit status).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cdoctest_runner import mutants_cli
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.finder import list_entries
from cdoctest_runner.flags import (
    HEADER_EXTENSIONS,
    SOURCE_EXTENSIONS,
    code_under_test,
    compile_flags,
)
from cdoctest_runner.libraries import libraries_for
from cdoctest_runner.parser import find_comments, lint_comment
from cdoctest_runner.results import DocTestResult

EPILOG = """\
examples:
  cdoctest-run examples/c/mathutil.c
  cdoctest-run src/fac.h -I include --std c++17 --jobs 2
  cdoctest-run src/ -p build --junit-xml cdoctest.xml
  cdoctest-run sample.h --lib build/libsample.so -I .
  cdoctest-run --list src/fac.cpp
  cdoctest-run --select src/fac.cpp::fac src/fac.cpp
  cdoctest-run src/ --coverage --coverage-html cov-html
  cdoctest-run src/clamp.c --mutants --mutant-limit 20
  cmake -Dcdoctest_DIR="$(cdoctest-run --cmake-dir)" ...   (then cdoctest_discover_tests)

exit status: 0 all blocks passed, 1 some failed, 2 usage or environment error
  (--mutants: 1 when some function's block fails on the original code; survivors do not count)
"""


@dataclass
class RunConfig:
    """Everything one run needs, whichever CLI it came from."""

    files: list[str] = field(default_factory=list)
    compile_db_dir: str | None = None
    include_dirs: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    libraries: list[str] = field(default_factory=list)
    std: str | None = None
    jobs: int = 1
    clang_repl: str | None = None
    timeout_s: float | None = None
    root: str | None = None  # test names are relative to this directory (default: cwd)
    select: list[str] = field(default_factory=list)  # run only tests with these names
    keyword: str | None = None  # run only tests whose name contains this
    verbose: bool = False


def expand_files(paths: Sequence[str]) -> list[str]:
    """Files as given, directories walked for C/C++ sources and headers (sorted, hidden skipped).
    Raises ``CdoctestError`` for a path that does not exist.
    """
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                for f in sorted(filenames):
                    if f.endswith(SOURCE_EXTENSIONS + HEADER_EXTENSIONS):
                        out.append(os.path.join(dirpath, f))
        elif os.path.isfile(p):
            out.append(p)
        else:
            raise CdoctestError(f"{p}: no such file or directory")
    return list(dict.fromkeys(out))


_KIND_SUFFIX = ("::class", "::struct", "::union", "::namespace")


def name_forms(test: DocTest) -> set[str]:
    """The names ``--cdt_run_testcase``/selection accept for ``test``: its name; the original's
    absolute-path form (``/abs/sample.h::test::Fac::fac``); and the original's list form, without
    the ``::class``-style and ``:label``/``:1`` suffixes (which may select several tests).
    """
    forms = {test.name}
    base = test.name
    head, sep, last = base.rpartition("::")
    if ":" in last:
        base = head + sep + last.split(":", 1)[0]
    for suffix in _KIND_SUFFIX:
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    forms.add(base)
    for form in list(forms):
        _, sep, rest = form.partition("::")
        forms.add(os.path.realpath(test.filename) + (sep + rest if sep else ""))
    return forms


def _selected(test: DocTest, config: RunConfig) -> bool:
    if config.keyword and config.keyword not in test.name:
        return False
    if not config.select:
        return True
    return not name_forms(test).isdisjoint(config.select)


def collect(
    config: RunConfig,
    warn: Callable[[str], None] | None = None,
) -> list[tuple[DocTest, CodeUnderTest, tuple[int, int, int, int]]]:
    """Find the selected tests of every file, each with its code under test and list extent.

    ``warn`` (if given) receives one line per block that is attached to no declaration and
    therefore not run, and one per likely mistake ``parser.lint_comment`` finds
    (``path:line: ...``).
    """
    jobs = []
    for path in expand_files(config.files):
        flags = compile_flags(
            path, config.compile_db_dir, config.include_dirs, config.defines, config.std
        )
        entries = list_entries(path, flags=flags, root=config.root, unattached=warn is not None)
        if warn is not None:
            _lint(path, warn)
            for test, _ in entries:
                if test.declaration is None:
                    warn(f"{path}:{test.lineno}: block attached to no declaration; not run")
            entries = [(t, e) for t, e in entries if t.declaration is not None]
        entries = [(t, e) for t, e in entries if _selected(t, config)]
        if not entries:
            continue
        if config.compile_db_dir is not None:  # the file as source, the rest of its project linked
            link = libraries_for(path, config.compile_db_dir, config.libraries, warn)
            code = code_under_test(path, flags=flags, link=link)
        else:
            code = code_under_test(path, flags=flags, libraries=config.libraries)
        jobs += [(t, code, e) for t, e in entries]
    return jobs


def _lint(path: str, warn: Callable[[str], None]) -> None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return  # list_entries has already reported an unreadable file
    for comment in find_comments(text):
        for error in lint_comment(comment, path):
            warn(str(error))


def run(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    config: RunConfig,
    cancel: threading.Event | None = None,
) -> list[DocTestResult]:
    """Run ``jobs`` with ``DocTestRunner.run_many`` (raises ``ToolchainNotFound`` when no
    clang-repl is usable).
    """
    from cdoctest_runner.runner import DocTestRunner, Limits
    from cdoctest_runner.toolchain import find_clang_repl

    toolchain = find_clang_repl(config.clang_repl)
    limits = Limits(timeout_s=config.timeout_s) if config.timeout_s else Limits()
    with DocTestRunner(toolchain=toolchain, limits=limits, workers=max(1, config.jobs)) as runner:
        return runner.run_many(list(jobs), cancel=cancel)


def add_source_arguments(p: argparse.ArgumentParser) -> None:
    """The flags that say how to compile and run the code under test (cdoctest-run and -gen).

    ``-p`` → ``compile_db_dir``, ``-I`` → ``include_dirs``, ``-D`` → ``defines``, ``--std``,
    ``--clang-repl`` → ``clang_repl``.
    """
    p.add_argument(
        "-p",
        dest="compile_db_dir",
        metavar="BUILD_DIR",
        help="directory holding compile_commands.json: flags from it, and the other files of "
        "the file's target built into a cached library the tests can call",
    )
    p.add_argument(
        "-I",
        dest="include_dirs",
        action="append",
        default=[],
        metavar="DIR",
        help="add an include directory",
    )
    p.add_argument(
        "-D",
        dest="defines",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="define a macro",
    )
    p.add_argument("--std", metavar="STD", help="language standard, e.g. c++17 or c11")
    p.add_argument(
        "--clang-repl",
        metavar="PATH",
        help="the clang-repl executable (default: the newest on PATH)",
    )


class _CMakeDirAction(argparse.Action):
    """``--cmake-dir``: print where ``cdoctestConfig.cmake`` is and exit (like ``--version``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(  # noqa: D102
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cmake"))
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The ``cdoctest-run`` argument parser."""
    p = argparse.ArgumentParser(
        prog="cdoctest-run",
        description=(
            "Run the cdoctest blocks (>>> examples in /** */ or /// comments) of C/C++ files "
            "in clang-repl."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="C/C++ source or header files, or directories to search",
    )
    add_source_arguments(p)
    p.add_argument(
        "--lib",
        dest="libraries",
        action="append",
        default=[],
        metavar="LIB",
        help="shared library to load (the file is then included as a header; with -p, the file "
        "is still loaded as source)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="concurrent clang-repl sessions (default 1)",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true", help="print the results as JSON instead of the human report"
    )
    out.add_argument("--junit-xml", metavar="PATH", help="also write JUnit XML to PATH")
    p.add_argument(
        "--list",
        action="store_true",
        help="list the tests (name,file,line,col,endline,endcol) without running them",
    )
    p.add_argument(
        "-k", dest="keyword", metavar="TEXT", help="run only tests whose name contains TEXT"
    )
    p.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="NAME",
        help="run only the test NAME as --list prints it (repeatable); a name not found fails",
    )
    p.add_argument(
        "--coverage",
        action="store_true",
        help="also measure the line and branch coverage of the code under test by its blocks "
        "(compiled natively with LLVM source-based coverage): a per-function summary and an "
        "lcov tracefile",
    )
    p.add_argument(
        "--coverage-file",
        default="cdoctest.lcov",
        metavar="PATH",
        help="where --coverage writes the lcov tracefile (default: cdoctest.lcov)",
    )
    p.add_argument(
        "--coverage-html",
        metavar="DIR",
        help="with --coverage, also write an HTML report (llvm-cov show) into DIR",
    )
    mutants_cli.add_mutant_arguments(p)
    p.add_argument(
        "--cmake-dir",
        action=_CMakeDirAction,
        help="print the directory of the CMake package (find_package(cdoctest)) and exit",
    )
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="CPU-time limit per block (default: the runner's; with --mutants 3 s)",
    )
    p.add_argument(
        "--root",
        metavar="DIR",
        help="make test names relative to DIR (default: the working directory)",
    )
    p.add_argument(
        "-v", "--verbose", action="store_true", help="also show the examples that passed"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    """The ``cdoctest-run`` entry point; returns the exit status."""
    from cdoctest_runner import report

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help
        return int(exc.code or 0)
    if args.jobs < 1:
        print("cdoctest-run: error: --jobs must be at least 1", file=sys.stderr)
        return 2
    wrong = mutants_cli.usage_error(args)
    if wrong is not None:
        print(f"cdoctest-run: error: {wrong}", file=sys.stderr)
        return 2
    config = RunConfig(
        files=args.files,
        compile_db_dir=args.compile_db_dir,
        include_dirs=args.include_dirs,
        defines=args.defines,
        libraries=args.libraries,
        std=args.std,
        jobs=args.jobs,
        clang_repl=args.clang_repl,
        timeout_s=args.timeout,
        root=args.root,
        keyword=args.keyword,
        select=args.select,
        verbose=args.verbose,
    )
    cancel = threading.Event()
    try:
        warn = (
            (lambda line: print(f"cdoctest-run: {line}", file=sys.stderr)) if args.verbose else None
        )
        found = collect(config, warn)
        if args.list:
            sys.stdout.write(report.legacy_list([(t, e) for t, _, e in found]))
            return 0
        missing = [n for n in args.select if all(n not in name_forms(t) for t, _, _ in found)]
        if missing and not args.list:  # CTest asks for a listed name: a vanished test fails
            print(f"cdoctest-run: no test named {', '.join(missing)}", file=sys.stderr)
            return 1
        if args.mutants:
            jobs = [(t, c) for t, c, _ in found]
            return mutants_cli.main(jobs, mutants_cli.options_from(args), cancel)
        if not found:
            print("cdoctest-run: no cdoctest blocks found", file=sys.stderr)
            if args.json:
                sys.stdout.write(report.to_json([]))
            return 0
        results = run([(t, c) for t, c, _ in found], config, cancel)
    except KeyboardInterrupt:
        cancel.set()
        print("cdoctest-run: interrupted", file=sys.stderr)
        return 130
    except CdoctestError as exc:
        print(f"cdoctest-run: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(report.to_json(results))
    else:
        sys.stdout.write(report.format_text(results, verbose=args.verbose))
    if args.junit_xml:
        try:
            with open(args.junit_xml, "w", encoding="utf-8") as fh:
                fh.write(report.junit_xml(results))
        except OSError as exc:
            print(
                f"cdoctest-run: error: cannot write {args.junit_xml}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
    if args.coverage:
        from cdoctest_runner.coverage import measure as coverage
        from cdoctest_runner.runner import Limits
        from cdoctest_runner.toolchain import find_clang_repl

        try:
            measured = coverage.measure_and_write(
                [(t, c) for t, c, _ in found],
                find_clang_repl(config.clang_repl).path,
                args.coverage_file,
                args.coverage_html,
                Limits(timeout_s=config.timeout_s) if config.timeout_s else Limits(),
                workers=config.jobs,
            )
        except CdoctestError as exc:
            print(f"cdoctest-run: error: coverage: {exc}", file=sys.stderr)
            return 2
        out = sys.stderr if args.json else sys.stdout  # --json keeps stdout one JSON document
        out.write(coverage.format_report(measured) + f"lcov: {args.coverage_file}\n")
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
