"""Latency benchmark: time to the first verified block and to the final block, two phases vs one.

``python -m bench.bench_latency [--full] [--samples N] [--seed S] [--limit N] [--no-write]
[--table-only]``

Functions: those of the generator benchmark (``bench.bench_generate.targets``; the quick subset,
``examples/gen/scoring.c`` and one evaluation function per category, unless ``--full``), each
generated on its own (``TargetSelector(name=...)``) with the embedded default model, in two
configurations in turn, so machine load affects both alike:

- **two phases** (the default ``Generator``): phase 1 delivers the fast sources' block (documented
  calls, type values, API sequences) as soon as it passed its final check; phase 2 runs the input
  search and, while killable mutants survive, the model; its block replaces phase 1's when it kills
  more. *First block*: seconds until the first ``PhaseResult`` that holds a verified block for the
  function; *final block*: seconds until the last one.
- **single phase** (``GenerateOptions(single_phase=True)``: the pipeline before the two phases,
  every source pooled before one selection, then the search): first block = final block.

Per configuration: median and 90th percentile (nearest rank) of both times over the functions that
got a block, the mean mutation score of the first and of the final blocks (over blocks with
mutants), and how often the model was asked. The machine's load average is recorded at the start
and the end. Rows go to ``bench/results/latency.json``; the table to ``docs/benchmarks.md``
(section ``latency``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from server.api import GenerateOptions, PhaseResult, TargetSelector  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "latency.json"
CONFIGS = ("two phases", "single phase")


@dataclass
class Row:
    """One function in one configuration."""

    config: str
    function: str  # 'file::qualname'
    first_s: float | None  # seconds to the first verified block (None: no block at all)
    final_s: float | None  # seconds to the final block
    total_s: float  # seconds the whole generation took
    first_score: float | None
    final_score: float | None
    final_killed: int
    final_total: int
    model_asked: bool
    message: str


def functions(full: bool) -> list[tuple[str, str]]:
    """``(path, qualname)`` of every function of the generator benchmark's targets."""
    from bench.bench_generate import targets
    from server.analysis.locate import load_source, select_targets

    out = []
    for t in targets(quick=not full):
        if t.function is not None:
            out.append((t.path, t.function))
            continue
        source = load_source(t.path)
        out += [
            (t.path, f.declaration.qualname)
            for f in select_targets(source, TargetSelector(all=True))
        ]
    return out


def run_one(config: str, gen: Any, path: str, name: str) -> Row:
    """Generate for one function; the phases' times come from ``on_phase``."""
    phases: list[PhaseResult] = []
    t0 = time.monotonic()
    result = gen.generate(path, None, TargetSelector(name=name), on_phase=phases.append)
    total = time.monotonic() - t0
    (fr,) = result.functions
    with_block = [(p.seconds, p.result.functions[0]) for p in phases if p.result.functions[0].edit]
    first = with_block[0] if with_block else None
    final = with_block[-1] if with_block else None
    return Row(
        config=config,
        function=f"{Path(path).name}::{name}",
        first_s=round(first[0], 2) if first else None,
        final_s=round(final[0], 2) if final else None,
        total_s=round(total, 2),
        first_score=first[1].mutation_score if first else None,
        final_score=fr.mutation_score if fr.edit is not None else None,
        final_killed=fr.mutants_killed,
        final_total=fr.mutants_total,
        model_asked=fr.candidates_total > 0,
        message=fr.message,
    )


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile.

    >>> percentile([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], 0.9)
    9.0
    >>> percentile([4.0], 0.9)
    4.0
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(rows: list[Row]) -> list[object]:
    """The table cells of one configuration."""
    firsts = [r.first_s for r in rows if r.first_s is not None]
    finals = [r.final_s for r in rows if r.final_s is not None]

    def times(values: list[float]) -> str:
        if not values:
            return "-"
        return f"{statistics.median(values):.1f} / {percentile(values, 0.9):.1f}"

    def score(values: list[float | None]) -> str:
        known = [v for v in values if v is not None]
        return f"{statistics.mean(known):.2f} (n={len(known)})" if known else "-"

    return [
        f"{len(finals)}/{len(rows)}",
        times(firsts),
        times(finals),
        score([r.first_score for r in rows]),
        score([r.final_score for r in rows]),
        f"{sum(r.model_asked for r in rows)}/{len(rows)}",
    ]


def table(rows: list[Row]) -> str:
    """The markdown table: one line per configuration."""
    header = [
        "configuration",
        "functions with a block",
        "first block s (median / p90)",
        "final block s (median / p90)",
        "mutation score, first block",
        "mutation score, final block",
        "model asked",
    ]
    body = [[c, *summary([r for r in rows if r.config == c])] for c in CONFIGS]
    return markdown_table(header, [b for b in body if b[1] != "0/0"])


def compare(rows: list[Row]) -> str:
    """Per function: where the two-phase final block scores lower than the single phase's."""
    two = {r.function: r for r in rows if r.config == CONFIGS[0]}
    one = {r.function: r for r in rows if r.config == CONFIGS[1]}
    lower = [
        f"`{f}` ({two[f].final_score:.2f} < {one[f].final_score:.2f})"
        for f in two
        if f in one
        and two[f].final_score is not None
        and one[f].final_score is not None
        and two[f].final_score < one[f].final_score - 1e-9
    ]
    higher = sum(
        1
        for f in two
        if f in one
        and two[f].final_score is not None
        and one[f].final_score is not None
        and two[f].final_score > one[f].final_score + 1e-9
    )
    both = sum(1 for f in two if f in one)
    text = f"Final mutation score per function, two phases vs single phase ({both} functions): "
    text += f"higher on {higher}, lower on {len(lower)}"
    return text + (": " + ", ".join(lower) if lower else "") + "."


def targets(rows: list[Row]) -> str:
    """Issue #14's targets against the two-phase rows: met or not, with the figures."""
    two = [r for r in rows if r.config == CONFIGS[0]]
    one = [r for r in rows if r.config == CONFIGS[1]]
    firsts = [r.first_s for r in two if r.first_s is not None]
    finals = [r.final_s for r in two if r.final_s is not None]
    if not firsts or not finals:
        return "Targets: no two-phase block to measure."

    def mean(rs: list[Row]) -> float | None:
        known = [r.final_score for r in rs if r.final_score is not None]
        return statistics.mean(known) if known else None

    first, final = statistics.median(firsts), statistics.median(finals)
    ok = {True: "met", False: "**not met**"}
    parts = [
        f"first block median <= 5 s: {ok[first <= 5.0]} ({first:.1f} s)",
        f"final block median <= 20 s: {ok[final <= 20.0]} ({final:.1f} s)",
    ]
    m2, m1 = mean(two), mean(one)
    if m1 is not None and m2 is not None:
        parts.append(
            f"final mutation score not lower than the single phase's: {ok[m2 >= m1 - 1e-9]} "
            f"(mean {m2:.2f} vs {m1:.2f})"
        )
    return "Targets of issue #14: " + "; ".join(parts) + "."


def collect(args: argparse.Namespace) -> tuple[list[Row], dict[str, Any]]:
    """Run every function in both configurations in turn, saving rows as they come."""
    from server.generate.generator import Generator

    todo = functions(args.full)[: args.limit or None]
    base = GenerateOptions(samples=args.samples, seed=args.seed)
    gens = {
        CONFIGS[0]: Generator(options=base),
        CONFIGS[1]: Generator(options=replace(base, single_phase=True)),
    }
    meta: dict[str, Any] = {
        "full": args.full,
        "samples": args.samples,
        "seed": args.seed,
        "functions_total": len(todo),
        "functions_done": 0,
        "load_start": os.getloadavg(),
        "seconds": 0.0,
    }
    rows: list[Row] = []
    t0 = time.monotonic()
    try:
        gens[CONFIGS[0]].backend  # load the model once, before any timing  # noqa: B018
        for n, (path, name) in enumerate(todo):
            for config, gen in gens.items():
                row = run_one(config, gen, path, name)
                rows.append(row)
                print(
                    f"[{n + 1}/{len(todo)}] {config}: {row.function}: first {row.first_s} s, "
                    f"final {row.final_s} s, score {row.first_score} -> {row.final_score}",
                    file=sys.stderr,
                )
            meta.update(
                functions_done=n + 1, seconds=time.monotonic() - t0, load_end=os.getloadavg()
            )
            RESULTS.parent.mkdir(parents=True, exist_ok=True)
            RESULTS.write_text(
                json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1)
            )
    finally:
        for gen in gens.values():
            gen.close()
    return rows, meta


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--full", action="store_true", help="every generator-bench target")
    p.add_argument("--samples", type=int, default=GenerateOptions().samples)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=0, help="only the first N functions")
    p.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md alone")
    p.add_argument("--table-only", action="store_true", help="table bench/results/latency.json")
    p.add_argument("--note", default="", help="a paragraph appended to the table's text")
    args = p.parse_args(argv)
    if args.table_only:
        saved = json.loads(RESULTS.read_text())
        meta, rows = saved["meta"], [Row(**r) for r in saved["rows"]]
    else:
        rows, meta = collect(args)
    text = table(rows)
    print(text)
    print(compare(rows))
    print(targets(rows))
    if args.no_write or not rows:
        return 0
    load = ", ".join(f"{a:.1f}" for a in (meta["load_start"][0], meta.get("load_end", [0.0])[0]))
    cut = meta["functions_done"] < meta["functions_total"]
    body = (
        f"{meta['functions_done']} functions of the generator benchmark's "
        f"{'targets' if meta['full'] else 'quick subset'} (`python -m bench.bench_latency"
        f"{' --full' if meta['full'] else ''}`; embedded SmolLM2-135M-Instruct Q4_1 on CPU, "
        f"samples={meta['samples']}, seed={meta['seed']}; each function generated alone, in both "
        f"configurations in turn; {meta['seconds'] / 60:.0f} min in all; 1-minute load average "
        f"{load} at the start and the end, on a machine shared with other work)."
        + (" Cut short." if cut else "")
        + f"\n\n{text}\n\n{compare(rows)} {targets(rows)}\n\n"
        "*two phases*: the default `Generator`; phase 1 (documented calls, type values, API "
        "sequences, chosen by mutation analysis, final-checked) answers first, phase 2 (input "
        "search, then the model only while killable mutants survive) replaces the block when it "
        "kills more. *single phase*: `GenerateOptions(single_phase=True)`, the pipeline before "
        "the two phases (model, fallback and search pooled before one block). Times are seconds "
        "from the request to the block, over the functions that got one (p90: nearest rank). "
        "*model asked*: functions whose final result counted model candidates. Rows: "
        "`bench/results/latency.json`." + (f"\n\n{args.note}" if args.note else "")
    )
    write_section("latency", "Latency: first block and final block", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
