"""Drop-in for the original tool's command line (``python -m cdoctest ...``): its ``--cdt_*`` flags.

Every flag of the original ``cdoctest/__main__.py`` is accepted, long and short (``-cdttf``,
``-cdtl``, ``-cdtip``...), plus ``-cdtt`` (which the original README uses but never defined), with
``allow_abbrev=False`` so no prefix guessing. The flags become one ``cli.RunConfig`` at once.
Outputs are the original's: ``--cdt_list_testcase`` prints ``name,file,line,col,endline,endcol``
lines; a run writes the ``.vsc`` result file (``--cdt_output_xml``, default ``output.vsc``) and
prints the human report. Exit status as ``cdoctest-run`` (0 pass, 1 fail, 2 usage/environment);
the original always exited 0. Differences are listed in ``docs/format.md``.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from dataclasses import dataclass

from cdoctest_runner.cli import RunConfig, collect, name_forms, run
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.flags import HEADER_EXTENSIONS, db_sources

EPILOG = """\
examples (the original cdoctest's command lines):
  python -m cdoctest_runner -cdtt=sample.h -cdtl=sample.so -cdtip=.
  python -m cdoctest_runner --cdt_target_file=sample.cpp --cdt_list_testcase
  python -m cdoctest_runner --cdt_cmake_build_path=build --cdt_cmake_target=sample \\
      --cdt_run_testcase='sample.h::test::Fac::fac' --cdt_output_xml=cdoctest_output.vsc
"""


@dataclass
class LegacyConfig:
    """The legacy flags, converted: the run itself plus the legacy-only outputs."""

    run: RunConfig
    list_only: bool = False
    output_xml: str | None = "output.vsc"


def build_parser() -> argparse.ArgumentParser:
    """The parser of the original tool's ``--cdt_*`` options."""
    p = argparse.ArgumentParser(
        prog="python -m cdoctest_runner",
        description="Run doctests for C/C++ code (drop-in for the original cdoctest command line).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    add = p.add_argument
    add(
        "-cdtsrp",
        "--cdt_src_root_path",
        help="source root; relative paths are taken from it (default: cwd)",
    )
    add(
        "-cdttf",
        "-cdtt",
        "--cdt_target_file",
        action="append",
        help="target file (repeat, or separate by ';')",
    )
    add("-cdtl", "--cdt_target_lib", action="append", help="target shared library, separate by ';'")
    add("-cdtlp", "--cdt_lib_path", help="directories to find target libraries in, separate by ';'")
    add("-cdtip", "--cdt_include_path", help="include paths, separate by ';'")
    add("-cdtcpe", "--cdt_cpp_extension", default="cpp", help="C++ file extension (default cpp)")
    add("-cdtce", "--cdt_c_extension", default="c", help="C file extension (default c)")
    add("-cdthe", "--cdt_header_extension", default="h", help="header file extension (default h)")
    add("-v", "--verbose", action="store_true", help="verbose mode")
    add(
        "-cdtct",
        "--cdt_cmake_target",
        help="CMake target (accepted; files come from compile_commands.json)",
    )
    add(
        "-cdtcbp",
        "--cdt_cmake_build_path",
        help="CMake build directory (must hold compile_commands.json)",
    )
    add(
        "-cdtsp",
        "--cdt_src_path",
        help="directory test names are relative to (default: the source root)",
    )
    add("-cdtlt", "--cdt_list_testcase", action="store_true", help="list the test cases")
    add("-cdtrt", "--cdt_run_testcase", help="run only these test cases, separate by ';'")
    add("-cdtox", "--cdt_output_xml", default="output.vsc", help="result file (default output.vsc)")
    add(
        "-cdtit",
        "--cdt_include_target",
        default="",
        help="accepted for compatibility (CMake target filter)",
    )
    add(
        "-cdtet",
        "--cdt_exclude_target",
        default="",
        help="accepted for compatibility (CMake target filter)",
    )
    add(
        "--clang-repl",
        dest="clang_repl",
        help="the clang-repl executable (default: the newest on PATH)",
    )
    add("--jobs", type=int, default=1, help="concurrent clang-repl sessions (default 1)")
    return p


def _split(values: list[str] | str | None) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [part for v in values for part in v.split(";") if part]


def to_config(args: argparse.Namespace) -> LegacyConfig:
    """Convert parsed legacy flags into one ``LegacyConfig`` (raises ``CdoctestError`` on
    contradictory or missing flags, with the original's messages).
    """
    root = os.path.abspath(args.cdt_src_root_path or os.getcwd())

    def at_root(p: str) -> str:
        return p if os.path.isabs(p) else os.path.join(root, p)

    files = [at_root(f) for f in _split(args.cdt_target_file)]
    lib_dirs = [root] + [at_root(d) for d in _split(args.cdt_lib_path)]
    libraries = []
    for lib in _split(args.cdt_target_lib):
        candidates = [at_root(lib)] + [os.path.join(d, lib) for d in lib_dirs]
        libraries.append(next((c for c in candidates if os.path.isfile(c)), at_root(lib)))
    include_dirs = [root] + [at_root(d) for d in _split(args.cdt_include_path)]
    cmake = args.cdt_cmake_build_path
    if args.cdt_target_lib and cmake:
        raise CdoctestError("Cannot use --cdt_target_lib and --cdt_cmake_build_path together.")
    if args.cdt_list_testcase and args.cdt_run_testcase is not None:
        raise CdoctestError("Cannot use --cdt_list_testcase and --cdt_run_testcase together.")
    if not files and not cmake:
        raise CdoctestError(
            "Either target file --cdt_target_file or cmake build path --cdt_cmake_build_path "
            "should be provided."
        )
    if args.cdt_include_target and args.cdt_exclude_target:
        raise CdoctestError("Cannot use --cdt_include_target and --cdt_exclude_target together.")
    compile_db = None
    if cmake:
        compile_db = at_root(cmake)
        if not files:
            files = _cmake_files(compile_db, root, args.cdt_header_extension)
    names_root = at_root(args.cdt_src_path) if args.cdt_src_path else root
    run_config = RunConfig(
        files=files,
        compile_db_dir=compile_db,
        include_dirs=include_dirs,
        libraries=libraries,
        jobs=args.jobs,
        clang_repl=args.clang_repl,
        root=names_root,
        select=_split(args.cdt_run_testcase),
        verbose=args.verbose,
    )
    output = at_root(args.cdt_output_xml) if args.cdt_output_xml else None
    return LegacyConfig(run=run_config, list_only=args.cdt_list_testcase, output_xml=output)


def _cmake_files(compile_db: str, root: str, header_ext: str) -> list[str]:
    """The sources of ``compile_commands.json`` under the source root, and the headers beside
    them.
    """
    out: list[str] = []
    for src in db_sources(compile_db):
        if not os.path.realpath(src).startswith(os.path.realpath(root) + os.sep):
            continue
        if os.path.isfile(src):
            out.append(src)
        stem = os.path.splitext(src)[0]
        for ext in ("." + header_ext.lstrip("."), *HEADER_EXTENSIONS):
            if os.path.isfile(stem + ext):
                out.append(stem + ext)
                break
    return list(dict.fromkeys(out))


def main(argv: list[str] | None = None) -> int:
    """The legacy entry point; returns the exit status."""
    from cdoctest_runner import report

    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    cancel = threading.Event()
    try:
        config = to_config(args)
        found = collect(config.run)
        if config.list_only:
            sys.stdout.write(report.legacy_list([(t, e) for t, _, e in found]))
            return 0
        results = run([(t, c) for t, c, _ in found], config.run, cancel) if found else []
        missing = [n for n in config.run.select if not any(n in name_forms(t) for t, _, _ in found)]
    except KeyboardInterrupt:
        cancel.set()
        return 130
    except CdoctestError as exc:
        print(f"cdoctest: error: {exc}", file=sys.stderr)
        return 2
    if config.output_xml:
        try:
            with open(config.output_xml, "w", encoding="utf-8") as fh:
                fh.write(report.legacy_vsc(results, missing))
        except OSError as exc:
            print(
                f"cdoctest: error: cannot write {config.output_xml}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
    for name in missing:
        print(f"cdoctest: no test case named {name!r}", file=sys.stderr)
    sys.stdout.write(report.format_text(results, verbose=config.run.verbose))
    return 0 if all(r.passed for r in results) and not missing else 1
