"""Generator benchmark: embedded model vs. the no-model fallback vs. both, on real functions.

``python -m bench.bench_generate [--quick] [--samples N] [--seed S] [--only fallback|model]
[--no-write] [--table-only]``

Targets: every function without a cdoctest block in ``examples/**/*.c|*.cpp`` and the evaluation
set ``bench/data/eval_functions`` (``bench.eval_set``); ``--quick``: one eval function per category
plus ``examples/gen/scoring.c``. Each target goes through ``server.generate.generator.Generator`` in
three configurations in turn (so a run cut short still compares them on the same targets); rows are
saved after every target and ``--table-only`` tables a saved run:

- **model**: ``Generator(fallback='never')``, the embedded model alone (no fallback at all);
- **fallback**: ``GenerateOptions(no_model=True)``, the no-model generator alone;
- **model+fallback**: the default pipeline (``fallback='auto'``: the fallback when the model yields
  nothing verifiable or only a weak block).

``--only model|fallback`` runs that one configuration.

Per generator: share of functions with a verified block (after the pipeline's final re-run of the
block in the edited file), mean mutation score over the verified blocks that have mutants, mean
examples per verified block, median seconds per function. Per-function rows go to
``bench/results/SECTION.json``; the table to ``docs/benchmarks.md`` (section ``SECTION``,
``generate`` unless ``--section`` names another).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.eval_set import load_eval_set  # noqa: E402
from server.api import FunctionResult, GenerateOptions, TargetSelector  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"


@dataclass(frozen=True)
class Target:
    """One ``Generator.generate`` call: a file and a function (or all functions without a block)."""

    path: str
    function: str | None  # None: every function without a cdoctest block
    group: str  # 'examples' | 'eval'


@dataclass
class Row:
    """What one generator did for one function."""

    generator: str
    group: str
    function: str  # 'file::qualname'
    verified: bool
    origin: str
    mutation_score: float | None
    killed: int
    total: int
    examples: int
    seconds: float
    message: str


def targets(quick: bool) -> list[Target]:
    """Return the benchmark's targets (see the module docstring)."""
    out: list[Target] = []
    example_files = sorted(p for p in (ROOT / "examples").rglob("*") if p.suffix in (".c", ".cpp"))
    if quick:
        example_files = [p for p in example_files if p.name == "scoring.c"]
    out += [Target(str(p), None, "examples") for p in example_files]
    evals = load_eval_set()
    if quick:
        evals = list({fn.category: fn for fn in reversed(evals)}.values())[::-1]
    out += [Target(fn.path, fn.function, "eval") for fn in evals]
    return out


def _row(generator: str, group: str, path: str, fr: FunctionResult) -> Row:
    return Row(
        generator=generator,
        group=group,
        function=f"{Path(path).name}::{fr.function.qualname}",
        verified=fr.status == "verified",
        origin=fr.origin,
        mutation_score=fr.mutation_score,
        killed=fr.mutants_killed,
        total=fr.mutants_total,
        examples=len(fr.examples) if fr.status == "verified" else 0,
        seconds=round(fr.timings.get("total", 0.0), 2),
        message=fr.message,
    )


def configs(only: str | None, samples: int, seed: int) -> dict[str, tuple[GenerateOptions, str]]:
    """Return the configurations to run: name -> (options, ``Generator``'s ``fallback`` mode)."""
    out = {
        "model": (GenerateOptions(samples=samples, seed=seed), "never"),
        "fallback": (GenerateOptions(no_model=True, samples=samples, seed=seed), "auto"),
        "model+fallback": (GenerateOptions(samples=samples, seed=seed), "auto"),
    }
    return {name: cfg for name, cfg in out.items() if only is None or name == only}


def run_target(
    name: str, gen: Any, t: Target, log: bool = True
) -> list[tuple[Row, FunctionResult]]:
    """Run one generator on one target; a file that fails as a whole gives no rows (logged)."""
    selector = TargetSelector(name=t.function) if t.function else TargetSelector(all=True)
    t0 = time.monotonic()
    try:
        result = gen.generate(t.path, None, selector)
    except Exception as exc:  # noqa: BLE001 - a benchmark reports and goes on
        print(f"[{name}] {Path(t.path).name}: FAILED {type(exc).__name__}: {exc}", file=sys.stderr)
        return []
    out = []
    for fr in result.functions:
        row = _row(name, t.group, t.path, fr)
        out.append((row, fr))
        if log:
            score = f"{row.killed}/{row.total}" if row.mutation_score is not None else "-"
            print(
                f"[{name}] {row.function}: {fr.status} ({fr.origin}) score {score}, "
                f"{row.examples} ex, {row.seconds:.1f}s",
                file=sys.stderr,
            )
    if log:
        print(f"[{name}]   {Path(t.path).name} took {time.monotonic() - t0:.1f}s", file=sys.stderr)
    return out


def save(rows: list[Row], meta: dict[str, Any]) -> None:
    """Write the rows so far (the run can be cut short and tabled later with --table-only)."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{meta['section']}.json"
    path.write_text(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1))


def summary(rows: list[Row]) -> list[object]:
    """Return the four table cells of one generator over ``rows``."""
    n = len(rows)
    verified = [r for r in rows if r.verified]
    scores = [r.mutation_score for r in verified if r.mutation_score is not None]
    return [
        f"{len(verified)}/{n} ({len(verified) / n:.0%})" if n else "-",
        f"{statistics.mean(scores):.2f} (n={len(scores)})" if scores else "-",
        f"{statistics.mean(r.examples for r in verified):.1f}" if verified else "-",
        f"{statistics.median(r.seconds for r in rows):.1f}" if rows else "-",
    ]


def table(rows: list[Row]) -> str:
    """Return the markdown table: per generator, for examples/, the eval set and both."""
    header = [
        "generator",
        "functions",
        "verified block",
        "mean mutation score",
        "mean examples/block",
        "median s/function",
    ]
    body = []
    for gen in ("model", "fallback", "model+fallback"):
        for group in ("examples", "eval", "all"):
            sel = [r for r in rows if r.generator == gen and (group == "all" or r.group == group)]
            if sel:
                body.append([gen, group, *summary(sel)])
    return markdown_table(header, body)


def collect(args: argparse.Namespace) -> tuple[list[Row], dict[str, Any]]:
    """Run every target through the selected configurations in turn, saving rows as they come."""
    from server.generate.generator import Generator

    todo = targets(args.quick)
    gens = {
        name: Generator(options=opts, fallback=mode)
        for name, (opts, mode) in configs(args.only, args.samples, args.seed).items()
    }
    meta: dict[str, Any] = {
        "quick": args.quick,
        "section": args.section,
        "only": args.only,
        "samples": args.samples,
        "seed": args.seed,
        "targets_total": len(todo),
        "targets_done": 0,
        "seconds": 0.0,
    }
    rows: list[Row] = []
    t0 = time.monotonic()
    try:
        for n, t in enumerate(todo):
            print(f"== {n + 1}/{len(todo)} {Path(t.path).name}", file=sys.stderr)
            for name, gen in gens.items():
                rows += [row for row, _ in run_target(name, gen, t)]
            meta["targets_done"] = n + 1
            meta["seconds"] = time.monotonic() - t0
            save(rows, meta)
    finally:
        for gen in gens.values():
            gen.close()
    return rows, meta


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--quick",
        action="store_true",
        help="one eval function per category + examples/gen/scoring.c",
    )
    p.add_argument(
        "--samples",
        type=int,
        default=GenerateOptions().samples,
        help="model candidates per attempt",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--only", choices=("fallback", "model"), help="run one pipeline configuration only"
    )
    p.add_argument(
        "--no-write", action="store_true", help="print the table, leave docs/benchmarks.md alone"
    )
    p.add_argument(
        "--section",
        default="generate",
        help="section of docs/benchmarks.md and name of bench/results/NAME.json (default generate)",
    )
    p.add_argument(
        "--table-only",
        action="store_true",
        help="table the rows saved in bench/results/SECTION.json (e.g. of a run cut short)",
    )
    args = p.parse_args(argv)

    if args.table_only:
        saved = json.loads((RESULTS_DIR / f"{args.section}.json").read_text())
        meta, rows = saved["meta"], [Row(**r) for r in saved["rows"]]
    else:
        rows, meta = collect(args)
    wall = meta["seconds"]
    partial = meta["targets_done"] < meta["targets_total"]
    text = table(rows)
    n_eval = len({r.function for r in rows if r.group == "eval"})
    n_ex = len({r.function for r in rows if r.group == "examples"})
    run_name = "Quick run" if meta["quick"] else "Full run"
    command = "python -m bench.bench_generate" + (" --quick" if meta["quick"] else "")
    if meta.get("only"):
        command += f" --only {meta['only']}"
    cut = (
        f" Cut short after {meta['targets_done']} of {meta['targets_total']} targets."
        if partial
        else ""
    )
    only = meta.get("only")
    if only == "fallback":
        setup = "no model"
    else:
        setup = (
            f"samples={meta['samples']}, seed={meta['seed']}, embedded SmolLM2-135M-Instruct Q4_1 "
            "on CPU" + ("" if only else "; each target runs in the three configurations in turn")
        )
    body = (
        f"{run_name}: {n_ex} functions without a block in `examples/` and {n_eval} functions of "
        f"the evaluation set `bench/data/eval_functions` (`{command}`; {setup}; "
        f"{wall / 60:.0f} min in all).{cut}\n\n"
        f"{text}\n\n"
        "*verified block*: the pipeline wrote a block that passed its final re-run in the edited "
        "file. *mutation score*: killed / non-stillborn mutants of the function "
        "(`cdoctest_runner.mutation.mutate`, at most 40), for the block as written, "
        "averaged over verified blocks with mutants. *model*: `Generator(fallback='never')`, "
        "the model alone; "
        "*fallback*: `GenerateOptions(no_model=True)`; *model+fallback*: the default pipeline. "
        "Seconds are per function including mutation analysis, "
        "on 2 cores shared with other work. "
        f"Per-function rows: `bench/results/{args.section}.json`."
    )
    print(text)
    if not args.no_write and rows:
        title = "Generator: model vs. fallback vs. both"
        if meta.get("only"):
            title = f"Generator: {'fallback' if meta['only'] == 'fallback' else 'model'} only"
        write_section(args.section, title, body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
