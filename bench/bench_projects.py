"""Multi-file CMake projects: the generator on functions that call other files of their library.

``python -m bench.bench_projects [--only fallback|default] [--projects jansson,double-conversion]
[--limit N] [--keep-blocks DIR] [--no-write] [--table-only]``

Projects (``bench/data/projects/``, each with its licence, see its README): ``jansson`` (C, a JSON
library of 14 translation units: dump.c writes through strbuffer.c, load.c reads through
strbuffer.c, utf.c and strconv.c) and ``double-conversion`` (C++ classes: the converters of
double-to-string.cc and string-to-double.cc call fast-dtoa.cc, fixed-dtoa.cc, bignum-dtoa.cc,
strtod.cc). Each project is copied to a temporary directory, configured by CMake (with a file API
codemodel query and ``CMAKE_EXPORT_COMPILE_COMMANDS=ON``) and built; then every public function of
the listed files goes through ``server.generate.generator.Generator`` with ``-p`` (``SourceOptions
(compile_db_dir=build)``), one call per function, once per configuration (*fallback*: no model;
*default*: the embedded model as the pipeline decides). The project library cache is a temporary
``XDG_CACHE_HOME``, built once per project before the first function (its seconds are reported
apart, not in any function's).

A target is *cross-file* when its body calls a function of the project whose definition is not in
its translation unit (it must come from another file of the library). Per project and
configuration: targets (cross-file), verified blocks with a checked output of all and of the
cross-file ones, mean mutation score over those blocks, median wall seconds per target. Rows go to
``bench/results/projects.json``; the table to ``docs/benchmarks.md`` (section ``projects``).
``--keep-blocks DIR`` also writes each verified block, as ``bench_realbugs.write_block`` does
(``keep_block``; the blind review, ``bench/review/``, samples them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402

DATA = ROOT / "bench" / "data" / "projects"
RESULTS = ROOT / "bench" / "results" / "projects.json"
PROJECTS: dict[str, dict[str, Any]] = {
    "jansson": {
        "cmake": ["-DJANSSON_BUILD_DOCS=OFF", "-DJANSSON_WITHOUT_TESTS=ON",
                  "-DJANSSON_EXAMPLES=OFF", "-DJANSSON_BUILD_SHARED_LIBS=ON"],
        "files": ["src/dump.c", "src/load.c"],
    },
    "double-conversion": {
        "cmake": ["-DBUILD_SHARED_LIBS=ON", "-DBUILD_TESTING=OFF"],
        "files": ["double-conversion/double-to-string.h", "double-conversion/double-to-string.cc",
                  "double-conversion/string-to-double.cc"],
        "methods_only": True,  # the converter classes' API, not the file-local helpers
    },
}  # fmt: skip
CONFIGS = ("fallback", "default")


@dataclass
class Row:
    """What one configuration did for one target function."""

    project: str
    config: str
    file: str
    function: str
    cross_file: bool
    callees: list[str]  # functions it calls that other files define
    status: str
    examples: int
    checked: int  # examples with an expected output
    mutation_score: float | None
    seconds: float
    message: str


def build(project: str, work: Path) -> Path:
    """Copy, configure and build ``project`` under ``work``; returns the build directory."""
    src = work / project
    shutil.copytree(DATA / project, src)
    build_dir = work / "build"
    query = build_dir / ".cmake" / "api" / "v1" / "query"
    query.mkdir(parents=True)
    (query / "codemodel-v2").touch()
    flags = ["-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", *PROJECTS[project]["cmake"]]
    for cmd in (
        ["cmake", "-S", str(src), "-B", str(build_dir), *flags],
        ["cmake", "--build", str(build_dir), "-j2"],
    ):
        subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=900)
    for dirpath, _, files in os.walk(work):  # the sandbox user must reach the sources
        os.chmod(dirpath, 0o755)
        for f in files:
            os.chmod(os.path.join(dirpath, f), 0o644)
    return build_dir


def is_public(cursor: Any) -> bool:
    """Not ``static`` (internal linkage) and, for a member, publicly accessible."""
    if cursor is None:
        return True
    if cursor.storage_class.name == "STATIC" and cursor.semantic_parent.kind.name in (
        "TRANSLATION_UNIT",
        "NAMESPACE",
    ):
        return False
    return cursor.access_specifier.name in ("PUBLIC", "INVALID", "NONE")


def cross_file_callees(cursor: Any, root: Path) -> list[str]:
    """Functions of the project (declared under ``root``) that ``cursor`` calls, directly or
    through functions its translation unit defines, and whose definition is not in that unit.
    """
    main = cursor.translation_unit.spelling
    local: dict[str, Any] = {}  # definitions of the file itself, templates included
    for c in cursor.translation_unit.cursor.walk_preorder():
        f = c.location.file
        if f is not None and f.name == main and c.kind.name in _DEFINES and c.is_definition():
            local.setdefault(c.spelling, c)
    out: list[str] = []
    seen: set[str] = set()
    todo = [cursor]
    while todo:
        for c in todo.pop().walk_preorder():
            if c.kind.name != "CALL_EXPR" or c.referenced is None:
                continue
            ref = c.referenced
            loc = ref.location.file
            if loc is None or not os.path.abspath(loc.name).startswith(str(root)):
                continue
            usr = ref.get_usr()
            if usr in seen:
                continue
            seen.add(usr)
            definition = ref.get_definition() or local.get(ref.spelling)
            if definition is not None:
                todo.append(definition)
            elif ref.kind.name in _LINKED and ref.semantic_parent.kind.name != "CLASS_TEMPLATE":
                out.append(ref.spelling)
    return out


_LINKED = ("FUNCTION_DECL", "CXX_METHOD", "CONSTRUCTOR", "DESTRUCTOR")
_DEFINES = (*_LINKED, "FUNCTION_TEMPLATE")


def keep_block(directory: Path, row: Row, line: int, text: str) -> Path:
    """Write ``row``'s block ``text`` to ``<config>/<project>/<file>__<function>__<line>.txt``
    under ``directory``, below one line naming the function (``// project/file::function
    [config], line N: ...``).
    """
    name = re.sub(r"[^\w.-]+", "_", f"{Path(row.file).name}__{row.function.replace('::', '__')}")
    path = directory / row.config / row.project / f"{name}__{line}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    head = (
        f"// {row.project}/{row.file}::{row.function} [{row.config}], line {line}: "
        f"{row.checked}/{row.examples} checked, mutation score {row.mutation_score}, "
        f"{row.seconds} s\n"
    )
    path.write_text(head + text, encoding="utf-8")
    return path


def run_project(
    project: str,
    configs: tuple[str, ...],
    limit: int | None = None,
    keep_blocks: Path | None = None,
) -> tuple[list[Row], float]:
    """Generate for every public function of the project's listed files, per configuration
    (``keep_blocks``: a directory ``keep_block`` writes the verified blocks to).
    """
    from cdoctest_runner.project_lib import project_library
    from server.analysis.locate import load_source, select_targets
    from server.api import GenerateOptions, SourceOptions, TargetSelector
    from server.generate.generator import Generator
    from server.render import render_block

    work = Path(tempfile.mkdtemp(prefix=f"cdt-projects-{project}-"))
    os.chmod(work, 0o755)
    os.environ["XDG_CACHE_HOME"] = str(work / "cache")
    rows: list[Row] = []
    try:
        build_dir = build(project, work)
        src = work / project
        sopts = SourceOptions(compile_db_dir=str(build_dir))
        t0 = time.monotonic()
        project_library(str(src / PROJECTS[project]["files"][0]), str(build_dir))
        library_s = round(time.monotonic() - t0, 2)
        for config in configs:
            gopts = GenerateOptions(no_model=True) if config == "fallback" else GenerateOptions()
            with Generator(options=gopts, source_options=sopts) as gen:
                for rel in PROJECTS[project]["files"]:
                    path = str(src / rel)
                    source = load_source(path, options=sopts)
                    targets = [f for f in select_targets(source, TargetSelector())]
                    targets = [f for f in targets if is_public(f.cursor) and f.is_definition]
                    if PROJECTS[project].get("methods_only"):
                        targets = [f for f in targets if f.declaration.kind == "method"]
                    targets = targets[:limit]
                    for f in targets:
                        callees = cross_file_callees(f.cursor, src)
                        t1 = time.monotonic()
                        res = gen.generate(path, None, TargetSelector(line=f.start_line))
                        wall = round(time.monotonic() - t1, 2)
                        for fr in res.functions:
                            kept = fr.edit is not None
                            row = Row(
                                project=project,
                                config=config,
                                file=rel,
                                function=fr.function.qualname,
                                cross_file=bool(callees),
                                callees=callees,
                                status=fr.status,
                                examples=len(fr.examples) if kept else 0,
                                checked=sum(1 for e in fr.examples if e.want) if kept else 0,
                                mutation_score=fr.mutation_score,
                                seconds=wall,
                                message=fr.message[:240],
                            )
                            rows.append(row)
                            if keep_blocks is not None and row.status == "verified" and kept:
                                text = render_block(fr.examples, "/**", "", "\n")
                                keep_block(keep_blocks, row, f.start_line, text)
                            print(
                                f"[{project}/{config}] {row.function} "
                                f"{'cross-file' if callees else 'local'}: {row.status} "
                                f"{row.checked}/{row.examples} checked, score {row.mutation_score},"
                                f" {wall}s",
                                flush=True,
                            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows, library_s


def _kept(rows: list[Row]) -> list[Row]:
    return [r for r in rows if r.status == "verified" and r.checked > 0]


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def summary(rows: list[Row]) -> list[object]:
    """Table cells for one project and configuration."""
    cross = [r for r in rows if r.cross_file]
    kept = _kept(rows)
    scores = [r.mutation_score for r in kept if r.mutation_score is not None]
    return [
        f"{len(rows)} ({len(cross)})",
        _share(len(kept), len(rows)),
        _share(len(_kept(cross)), len(cross)),
        f"{statistics.mean(scores):.2f} (n={len(scores)})" if scores else "-",
        f"{statistics.median(r.seconds for r in rows):.1f}" if rows else "-",
    ]


def table(rows: list[Row]) -> str:
    header = [
        "project",
        "configuration",
        "targets (cross-file)",
        "verified, checking blocks: all",
        "of the cross-file targets",
        "mean mutation score (blocks with mutants)",
        "median s/target (wall)",
    ]
    body = []
    for project in PROJECTS:
        for config in CONFIGS:
            sel = [r for r in rows if r.project == project and r.config == config]
            if sel:
                body.append([project, config, *summary(sel)])
    return markdown_table(header, body)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", choices=CONFIGS, help="run one configuration")
    p.add_argument("--projects", default=",".join(PROJECTS), help="comma-separated projects")
    p.add_argument("--limit", type=int, help="the first N targets per file (a smoke run)")
    p.add_argument(
        "--keep-blocks",
        type=Path,
        metavar="DIR",
        help="write each verified block to DIR/<config>/<project>/ (bench/review samples them)",
    )
    p.add_argument("--no-write", action="store_true", help="do not write docs/benchmarks.md")
    p.add_argument("--table-only", action="store_true", help="table the saved rows")
    p.add_argument("--note", default="", help="a sentence about the run (e.g. the machine's load)")
    args = p.parse_args(argv)
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    if args.table_only:
        saved = json.loads(RESULTS.read_text())
        rows, library = [Row(**r) for r in saved["rows"]], saved["library_seconds"]
    else:
        configs = (args.only,) if args.only else CONFIGS
        rows, library = [], {}
        started = time.strftime("%Y-%m-%d %H:%M")
        for project in args.projects.split(","):
            got, seconds = run_project(project, configs, args.limit, args.keep_blocks)
            rows += got
            library[project] = seconds
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(
            json.dumps(
                {"started": started, "library_seconds": library, "rows": [asdict(r) for r in rows]},
                indent=1,
            )
        )
    text = table(rows)
    print(text)
    libs = ", ".join(f"{k} {v:.1f} s" for k, v in library.items())
    body = (
        f"{text}\n\nProjects in `bench/data/projects/` (see its README for provenance and "
        "licences), configured and built by the benchmark; targets: every public function of "
        + "; ".join(f"{k}: {', '.join(v['files'])}" for k, v in PROJECTS.items())
        + ". *Cross-file*: the body calls a project function defined in another translation "
        "unit. A counted block is verified (passed twice, the second time in the edited file) "
        "and checks an output. Each target is one `Generator.generate` call with "
        "`SourceOptions(compile_db_dir=build)`; the project library was built once before "
        f"(first build: {libs}). `python -m bench.bench_projects`. {args.note}"
    )
    if not args.no_write:
        write_section("projects", "Multi-file CMake projects (bench/bench_projects.py)", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
