"""Coverage of generated blocks on real code, and what measuring it costs.

``python -m bench.bench_coverage [--bases sds,jsmn,clipper,ring_buffer]
[--projects jansson,double-conversion] [--model] [--no-write]``

Each code base of ``bench/data/realcode/`` (see ``bench/bench_realcode.py``) is copied to a
temporary directory; ``cdoctest-gen FILE --all --write`` writes its verified blocks into the copy
(``--no-model``, the fallback generator, unless ``--model``); then ``cdoctest-run FILE`` runs them
without and with ``--coverage``. Per code base: the functions that got a block, the line and branch
coverage of the file by all its blocks (``cdoctest_runner.coverage.measure``; a branch outcome is
one side of a condition), and the wall seconds of the two runs. The table goes to
``docs/benchmarks.md`` (section ``coverage``).

The multi-file CMake projects of ``bench/bench_projects.py`` (``--projects``; ``--projects ''``
skips them) are configured and built as that benchmark does; the same targets (the public
functions of its listed files) go through ``server.generate.generator.Generator`` with ``-p``, one
call per function from the bottom of the file up, and each verified block is written into the copy.
Then ``cdoctest-run -p BUILD --coverage`` runs the files that got a block: coverage of those whole
files (every function in them, also the ones without a block); the library's other files are linked
uninstrumented, so they are not counted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.bench_realcode import BASES, DATA  # noqa: E402

BIN = Path(sys.executable).parent
TOTAL = re.compile(r"total: lines (\d+)/(\d+) .*?branches (\d+)/(\d+)")


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


CITYWALK = (
    "**Beside CITYWALK**: it reports 44.5% line and 37.7% branch coverage for GPT-4o-written C++ "
    "tests on ten real projects (and CoverUp an 80% median). What differs: their model is GPT-4o; "
    "their projects are whole C++ code bases measured as a project, ours four files cut from four "
    "libraries (two C, two C++) measured file by file; ours are doc-comment blocks of at most 8 "
    "examples per function. Not a ranking."
)


def run_base(base: str, model: bool) -> list[object]:
    """Generate the blocks of one code base and measure them; one table row (the last two
    cells: the ``(hit, total)`` counts of lines and branch outcomes, for the total row).
    """
    with tempfile.TemporaryDirectory(prefix=f"cov-{base}-") as tmp:
        work = Path(tmp) / base
        shutil.copytree(DATA / base, work)
        path = work / BASES[base]
        gen = [str(BIN / "cdoctest-gen"), str(path), "--all", "--write"]
        t0 = time.monotonic()
        subprocess.run(gen + ([] if model else ["--no-model"]), capture_output=True, check=False)
        gen_s = time.monotonic() - t0
        run = [str(BIN / "cdoctest-run"), str(path), "--root", str(work)]
        return _measure(base, run, Path(tmp), gen_s)


def _measure(name: str, run: list[str], tmp: Path, gen_s: float) -> list[object]:
    """Run ``run`` (a ``cdoctest-run`` command) without and with ``--coverage``; the row."""
    t0 = time.monotonic()
    plain = subprocess.run(run, capture_output=True, text=True)
    run_s = time.monotonic() - t0
    t0 = time.monotonic()
    cov = subprocess.run(
        run + ["--coverage", "--coverage-file", str(tmp / "blocks.lcov")],
        capture_output=True,
        text=True,
    )
    cov_s = time.monotonic() - t0
    summary = plain.stdout.strip().splitlines()[-1] if plain.stdout.strip() else ""
    m = TOTAL.search(cov.stdout)
    if not m:
        print(cov.stdout + cov.stderr, file=sys.stderr)
        row = [name, summary, "-", "-", f"{gen_s:.0f}", f"{run_s:.1f}", f"{cov_s:.1f}"]
        return [*row, (0, 0), (0, 0)]
    lh, lt, bh, bt = (int(g) for g in m.groups())
    return [
        name,
        summary.split(" (")[0],
        f"{_pct(lh, lt)} ({lh}/{lt})",
        f"{_pct(bh, bt)} ({bh}/{bt})",
        f"{gen_s:.0f}",
        f"{run_s:.1f}",
        f"{cov_s:.1f}",
        (lh, lt),
        (bh, bt),
    ]


def bottom_up(targets: list[Any]) -> list[Any]:
    """Targets (with a ``start_line``) from the last to the first, so that writing one's block
    leaves the lines of those still to do where they were.

    >>> from types import SimpleNamespace as F
    >>> [f.start_line for f in bottom_up([F(start_line=3), F(start_line=40), F(start_line=12)])]
    [40, 12, 3]
    """
    return sorted(targets, key=lambda f: f.start_line, reverse=True)


def total_counts(rows: list[list[object]]) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The summed ``(hit, total)`` of lines and of branch outcomes over ``rows`` (their last two
    cells), and the number of blocks their second cell names (``'6 blocks: ...'``).
    """
    lh, lt = (sum(r[-2][i] for r in rows) for i in (0, 1))  # type: ignore[index]
    bh, bt = (sum(r[-1][i] for r in rows) for i in (0, 1))  # type: ignore[index]
    blocks = sum(int(m.group(1)) for r in rows if (m := re.match(r"(\d+) block", str(r[1]))))
    return (lh, lt), (bh, bt), blocks


def total_row(name: str, rows: list[list[object]]) -> list[object]:
    (lh, lt), (bh, bt), blocks = total_counts(rows)
    cell = lambda a, b: f"{_pct(a, b)} ({a}/{b})" if b else "-"  # noqa: E731
    return [name, f"{blocks} blocks", cell(lh, lt), cell(bh, bt), "", "", ""]


def run_project(project: str, model: bool) -> list[object]:
    """Build ``project`` (``bench.bench_projects``), write the verified blocks of its targets
    into the copy, run the files that got one with and without ``--coverage``; one table row as
    ``run_base``'s.
    """
    from bench.bench_projects import PROJECTS, build, is_public
    from server.analysis.locate import load_source, select_targets
    from server.api import GenerateOptions, SourceOptions, TargetSelector
    from server.generate.generator import Generator

    work = Path(tempfile.mkdtemp(prefix=f"cov-{project}-"))
    os.chmod(work, 0o755)
    old_cache = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(work / "cache")
    try:
        build_dir = build(project, work)
        src = work / project
        sopts = SourceOptions(compile_db_dir=str(build_dir))
        gopts = GenerateOptions() if model else GenerateOptions(no_model=True)
        written: list[str] = []
        t0 = time.monotonic()
        with Generator(options=gopts, source_options=sopts) as gen:
            for rel in PROJECTS[project]["files"]:
                path = str(src / rel)
                source = load_source(path, options=sopts)
                targets = [f for f in select_targets(source, TargetSelector())]
                targets = [f for f in targets if is_public(f.cursor) and f.is_definition]
                if PROJECTS[project].get("methods_only"):
                    targets = [f for f in targets if f.declaration.kind == "method"]
                lines = [f.start_line for f in bottom_up(targets)]
                del source, targets  # the cursors keep the translation unit
                for line in lines:
                    res = gen.generate(path, None, TargetSelector(line=line))
                    if any(fr.edit is not None for fr in res.functions):
                        Path(path).write_text(res.new_text, encoding="utf-8")
                        if path not in written:
                            written.append(path)
                    print(f"[{project}] {rel}:{line}: "
                          + ", ".join(f"{fr.function.qualname} {fr.status}"
                                      for fr in res.functions), flush=True)  # fmt: skip
        gen_s = time.monotonic() - t0
        if not written:
            return [project, "0 blocks", "-", "-", f"{gen_s:.0f}", "-", "-", (0, 0), (0, 0)]
        run = [str(BIN / "cdoctest-run"), "-p", str(build_dir), "--root", str(src), *written]
        return _measure(project, run, work, gen_s)
    finally:
        if old_cache is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = old_cache
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    from bench.bench_projects import PROJECTS

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bases", default=",".join(BASES), help="comma-separated code bases")
    p.add_argument("--projects", default=",".join(PROJECTS), help="comma-separated projects")
    p.add_argument("--model", action="store_true", help="generate with the default pipeline")
    p.add_argument("--no-write", action="store_true", help="do not write docs/benchmarks.md")
    p.add_argument("--note", default="", help="a sentence about the run (e.g. the machine's load)")
    args = p.parse_args(argv)
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    header = [
        "code base",
        "blocks (cdoctest-run)",
        "line coverage",
        "branch coverage",
        "generation s",
        "run s",
        "run + coverage s",
    ]
    rows: list[list[object]] = []
    for base in filter(None, args.bases.split(",")):
        rows.append(run_base(base, args.model))
        print(" | ".join(str(c) for c in rows[-1][:7]), flush=True)
    projects: list[list[object]] = []
    for project in filter(None, args.projects.split(",")):
        projects.append(run_project(project, args.model))
        print(" | ".join(str(c) for c in projects[-1][:7]), flush=True)
    body = [r[:7] for r in rows] + ([total_row("all four", rows)] if rows else [])
    body += [[f"{r[0]} (project, -p)", *r[1:7]] for r in projects]
    body += [total_row("both projects", projects)] if projects else []
    text = markdown_table(header, body)
    print(text)
    if not args.no_write:
        config = "the default pipeline" if args.model else "the fallback generator (`--no-model`)"
        write_section(
            "coverage",
            "Coverage of generated blocks (bench/bench_coverage.py)",
            text + f"\n\nBlocks written by {config} into a copy of each file of "
            "`bench/data/realcode/`, then `cdoctest-run FILE` without and with `--coverage`. "
            "Coverage is of the whole file by all its blocks "
            "(`cdoctest_runner.coverage.measure`: each block compiled natively with LLVM "
            "source-based coverage; a branch is one outcome of "
            "a condition, as lcov counts). *(project, -p)*: the projects of "
            "`bench/bench_projects.py`, built; blocks for its targets written with `-p BUILD`; "
            "coverage of the files that got a block, the library's other files not counted. "
            + CITYWALK
            + " "
            + args.note,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
