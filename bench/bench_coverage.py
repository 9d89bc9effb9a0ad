"""Coverage of generated blocks on real code, and what measuring it costs.

``python -m bench.bench_coverage [--bases sds,jsmn,clipper,ring_buffer] [--model] [--no-write]``

Each code base of ``bench/data/realcode/`` (see ``bench/bench_realcode.py``) is copied to a
temporary directory; ``cdoctest-gen FILE --all --write`` writes its verified blocks into the copy
(``--no-model``, the fallback generator, unless ``--model``); then ``cdoctest-run FILE`` runs them
without and with ``--coverage``. Per code base: the functions that got a block, the line and branch
coverage of the file by all its blocks (``cdoctest_runner.coverage``; a branch outcome is one side
of a condition), and the wall seconds of the two runs. The table goes to ``docs/benchmarks.md``
(section ``coverage``).
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
        t0 = time.monotonic()
        plain = subprocess.run(run, capture_output=True, text=True)
        run_s = time.monotonic() - t0
        t0 = time.monotonic()
        cov = subprocess.run(
            run + ["--coverage", "--coverage-file", str(Path(tmp) / "blocks.lcov")],
            capture_output=True,
            text=True,
        )
        cov_s = time.monotonic() - t0
        summary = plain.stdout.strip().splitlines()[-1] if plain.stdout.strip() else ""
        m = TOTAL.search(cov.stdout)
        if not m:
            print(cov.stdout + cov.stderr, file=sys.stderr)
            row = [base, summary, "-", "-", f"{gen_s:.0f}", f"{run_s:.1f}", f"{cov_s:.1f}"]
            return [*row, (0, 0), (0, 0)]
        lh, lt, bh, bt = (int(g) for g in m.groups())
        return [
            base,
            summary.split(" (")[0],
            f"{_pct(lh, lt)} ({lh}/{lt})",
            f"{_pct(bh, bt)} ({bh}/{bt})",
            f"{gen_s:.0f}",
            f"{run_s:.1f}",
            f"{cov_s:.1f}",
            (lh, lt),
            (bh, bt),
        ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bases", default=",".join(BASES), help="comma-separated code bases")
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
    rows = []
    for base in args.bases.split(","):
        rows.append(run_base(base, args.model))
        print(" | ".join(str(c) for c in rows[-1][:7]), flush=True)
    lh, lt = (sum(r[7][i] for r in rows) for i in (0, 1))  # type: ignore[index]
    bh, bt = (sum(r[8][i] for r in rows) for i in (0, 1))  # type: ignore[index]
    blocks = sum(int(m.group(1)) for r in rows if (m := re.match(r"(\d+) block", str(r[1]))))
    total = ["all", f"{blocks} blocks"]
    total += [f"{_pct(lh, lt)} ({lh}/{lt})", f"{_pct(bh, bt)} ({bh}/{bt})", "", "", ""]
    text = markdown_table(header, [r[:7] for r in rows] + [total])
    print(text)
    if not args.no_write:
        config = "the default pipeline" if args.model else "the fallback generator (`--no-model`)"
        write_section(
            "coverage",
            "Coverage of generated blocks (bench/bench_coverage.py)",
            text + f"\n\nBlocks written by {config} into a copy of each file of "
            "`bench/data/realcode/`, then `cdoctest-run FILE` without and with `--coverage`. "
            "Coverage is of the whole file by all its blocks (`cdoctest_runner.coverage`: each "
            "block compiled natively with LLVM source-based coverage; a branch is one outcome of "
            "a condition, as lcov counts). " + CITYWALK + " " + args.note,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
