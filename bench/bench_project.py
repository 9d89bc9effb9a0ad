"""Whole-project benchmark: ``cdoctest-gen DIR --write`` over the vendored real code, three runs.

``python -m bench.bench_project [--bases jsmn,ring_buffer,sds,clipper] [--model] [--quick]
[--jobs 1,2] [--no-write]``

The code bases of ``bench/data/realcode/`` (each with its licence, see its README) are copied
into one temporary project directory (sources and headers) and the real CLI runs over it, as a
user would, with a fresh result cache:

1. **first run**: every function generated and written (per ``--jobs`` value, each on a fresh
   copy); *functions per minute* is generated functions / wall minutes of the whole command;
2. **unchanged run**: the same command again: every function is cached; its wall time as a
   ratio of the first run's (issue #27's goal: <= 0.1x);
3. **one function edited**: an empty statement added to one verified function's body (its key
   changes), the command again: what is generated (that function and any caller in its file).

Configuration: ``--no-model`` unless ``--model`` (the embedded model); ``--quick`` for the first
block only. Rows go to ``bench/results/project.json``, the table to ``docs/benchmarks.md``
(section ``project``); the figures there: ``--quick --jobs 1,2`` on the default bases.
"""

from __future__ import annotations

import argparse
import json
import os
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

DATA = ROOT / "bench" / "data" / "realcode"
RESULTS = ROOT / "bench" / "results" / "project.json"
DEFAULT_BASES = ("jsmn", "ring_buffer")  # about 4 min a first run at load 14


def cli_run(project: Path, cache: Path, report: Path, extra: list[str]) -> tuple[float, dict]:
    """Run ``cdoctest-gen PROJECT --write`` in a subprocess: (wall seconds, its JSON report)."""
    cmd = [sys.executable, "-m", "server.cli", str(project), "--write"]
    cmd += ["--cache-dir", str(cache), "--report-json", str(report), *extra]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if done.returncode not in (0, 1):
        raise SystemExit(f"cdoctest-gen failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return seconds, json.loads(report.read_text())


def edit_one_function(project: Path, report: dict) -> str:
    """Add an empty statement to the body of the first verified function; return its name."""
    from server.analysis.locate import load_source

    for f in report["files"]:
        for fn in f["functions"]:
            if fn["status"] != "verified":
                continue
            path = project / f["path"]
            text = path.read_text()
            source = load_source(str(path), text)
            for located in source.functions:
                d = located.declaration
                if d.qualname != fn["qualname"] or not located.is_definition:
                    continue
                lines = text.splitlines(keepends=True)
                start = sum(len(x) for x in lines[: d.line - 1]) + d.column - 1
                brace = text.find("{", start)
                if brace < 0:
                    continue
                path.write_text(text[: brace + 1] + " ;" + text[brace + 1 :])
                return f"{f['path']}: {fn['qualname']}"
    raise SystemExit("no verified function to edit")


def copy_project(bases: list[str], into: Path) -> Path:
    """The code bases copied side by side into ``into/project`` (readable by the sandbox)."""
    project = into / "project"
    for base in bases:
        shutil.copytree(DATA / base, project / base)
    for p in [into, *project.rglob("*")]:
        os.chmod(p, 0o755 if p.is_dir() else 0o644)
    return project


def measure(bases: list[str], jobs: int, extra: list[str]) -> dict[str, Any]:
    """The three runs on a fresh copy with ``--jobs jobs``."""
    with tempfile.TemporaryDirectory(prefix="cdoctest-bench-project-") as tmp:
        tmpdir = Path(tmp)
        os.chmod(tmpdir, 0o755)
        project = copy_project(bases, tmpdir)
        cache, report = tmpdir / "cache", tmpdir / "report.json"
        args = [*extra, "--jobs", str(jobs)]
        first_s, first = cli_run(project, cache, report, args)
        second_s, second = cli_run(project, cache, report, args)
        edited = edit_one_function(project, first)
        third_s, third = cli_run(project, cache, report, args)
    s1 = first["summary"]
    regenerated = [
        f"{f['path']}: {fn['qualname']}"
        for f in third["files"]
        for fn in f["functions"]
        if fn["decision"] == "todo"
    ]
    return {
        "jobs": jobs,
        "files": s1["files"],
        "functions": s1["functions"],
        "generated": s1["generated"],
        "verified": s1["verified"],
        "blocks_written": s1["blocks_written"],
        "mutation_score": s1["mutation_score"],
        "first_s": first_s,
        "functions_per_minute": s1["generated"] / (first_s / 60.0),
        "unchanged_s": second_s,
        "unchanged_generated": second["summary"]["generated"],
        "unchanged_cached": second["summary"]["cached"],
        "ratio": second_s / first_s,
        "edited": edited,
        "edited_s": third_s,
        "edited_generated": regenerated,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print and (unless --no-write) record the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bases", default=",".join(DEFAULT_BASES))
    p.add_argument("--model", action="store_true", help="with the embedded model")
    p.add_argument("--quick", action="store_true", help="first block only")
    p.add_argument("--jobs", default="1", help="comma-separated --jobs values")
    p.add_argument("--no-write", action="store_true")
    opts = p.parse_args(argv)
    bases = [b for b in opts.bases.split(",") if b]
    extra = ([] if opts.model else ["--no-model"]) + (["--quick"] if opts.quick else [])
    load = os.getloadavg()[0]
    rows = [measure(bases, int(j), extra) for j in opts.jobs.split(",")]
    config = " ".join(extra) or "default (embedded model)"
    table = markdown_table(
        [
            "--jobs",
            "functions",
            "verified",
            "mutation score",
            "first run s",
            "functions / min",
            "unchanged run s",
            "unchanged / first",
            "after one edit: generated, s",
        ],
        [
            [
                r["jobs"],
                r["generated"],
                r["verified"],
                f"{r['mutation_score']:.2f}" if r["mutation_score"] is not None else "n/a",
                f"{r['first_s']:.1f}",
                f"{r['functions_per_minute']:.1f}",
                f"{r['unchanged_s']:.1f}",
                f"{r['ratio']:.3f}x",
                f"{len(r['edited_generated'])}, {r['edited_s']:.1f}",
            ]
            for r in rows
        ],
    )
    body = (
        f"`python -m bench.bench_project` over {', '.join(bases)} "
        f"(`bench/data/realcode`, {rows[0]['files']} files, sources and headers) copied into "
        f"one directory; `cdoctest-gen DIR --write {config}` run three times as a subprocess "
        "with a fresh cache: the first run, the same command again (every function cached), and "
        f"again after an empty statement was added to one function's body ({rows[0]['edited']})."
        " Seconds are the wall time of the whole command (interpreter start, parsing, cache). "
        "*functions / min*: functions generated per minute of the first run.\n\n"
        + table
        + f"\n\nLoad average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end "
        "(other processes share the 2 cores). After the edit the regenerated functions were: "
        + "; ".join(", ".join(r["edited_generated"]) or "none" for r in rows)
        + "."
    )
    print(body)
    if not opts.no_write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(rows, indent=2) + "\n")
        write_section("project", "Whole project: functions per minute and the cache", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
