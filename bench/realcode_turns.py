"""The model's and the input search's turns on the real-code benchmark, per function.

``PYTHONPATH=TREE python bench/realcode_turns.py --out rows.json [--bases sds,jsmn] [--first N]``
runs the default pipeline (embedded model, ``GenerateOptions()``) of the tree that ``server``
is imported from (a ``git worktree``; the script prints ``server.__file__``) on the code bases of
``bench/data/realcode/`` (``bench.bench_realcode``'s targets, every function but ``main``), one
``generate`` call per function, and rewrites ``--out`` after each function, so that a run cut
short keeps its rows. ``--first N``: the first N functions of every base before the others.
``--skip ROWS.json``: leave out the functions a cut-short run's rows already hold (to finish it
on another tree; say so where the rows are tabled).

``python bench/realcode_turns.py --table before.json after.json`` prints the comparison (markdown,
one table per file, over the functions present in both).

It reads only ``FunctionResult`` fields that every tree since e7e38ef has: the model's counts
(``candidates_total``: sampled, ``candidates_verified``: gave a runnable unit), ``origin`` (a
model example survived selection: ``model``/``model+fallback``), the timings (``first_block``,
``total``) and the message, whose notes say what the search and the model did (classified by
``search_turn`` and ``model_turn``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

BASES = {
    "sds": "sds.c",
    "jsmn": "jsmn.c",
    "clipper": "clipper.cpp",
    "ring_buffer": "ring_buffer.cpp",
}
SEARCH_TURNS = ("ran", "shrunk", "skipped for time", "no searched calls", "not needed", "no block")
MODEL_TURNS = ("sampled", "not asked", "budget ran out", "failed", "no turn")


def search_turn(status: str, message: str, survivors: int) -> str:
    """What the input search did, from the result's notes: ``shrunk`` (fewer calls for the time
    left), ``ran``, ``skipped for time``, ``no searched calls`` (a kind of function it cannot
    call), ``not needed`` (no surviving mutant) or ``no block`` (nothing to search from).
    """
    if "no input search: not enough of the time budget" in message:
        return "skipped for time"
    if "no searched calls" in message:
        return "no searched calls"
    if "search: at most" in message:
        return "shrunk"
    if "search: " in message or "ran out before the mutants were run" in message:
        return "ran"
    if status != "verified":
        return "no block"
    return "not needed" if survivors == 0 else "ran"


def model_turn(message: str, sampled: int) -> str:
    """What the model did, from the result's notes and its sampled count."""
    if "model: not asked" in message:
        return "not asked"
    if "ran out while sampling" in message:
        return "budget ran out"
    if "model failed" in message:
        return "failed"
    return "sampled" if sampled or "model: " in message else "no turn"


def run(bases: list[str], first: int | None, out: Path, skip: Path | None = None) -> None:
    """Every selected function of ``bases`` through the default pipeline, rows to ``out``, but
    those ``skip``'s rows hold.
    """
    import server
    from server.analysis.locate import load_source, select_targets
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    tree = Path(server.__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(f"server from {server.__file__} (commit {commit})", flush=True)
    meta = {"tree": str(tree), "commit": commit, "start": time.strftime("%Y-%m-%d %H:%M:%S")}
    meta["uptime_start"] = os.popen("uptime").read().strip()
    rows: list[dict[str, Any]] = []
    work = Path(tempfile.mkdtemp(prefix="cdt-turns-"))
    os.chmod(work, 0o755)  # the sandbox user must reach the copy
    try:
        targets = {}
        for base in bases:
            (work / base).mkdir(mode=0o755)
            for f in (tree / "bench" / "data" / "realcode" / base).iterdir():
                shutil.copy(f, work / base / f.name)
                os.chmod(work / base / f.name, 0o644)
            targets[base] = select_targets(
                load_source(str(work / base / BASES[base])), TargetSelector()
            )
        if skip is not None:
            skipped = json.loads(skip.read_text())["rows"]
            done = Counter((r["base"], r["function"]) for r in skipped)
            for base, fs in targets.items():
                kept = []
                for f in fs:  # overloads: the first ones in file order are the ones done
                    if done[base, f.shown.qualname] > 0:
                        done[base, f.shown.qualname] -= 1
                    else:
                        kept.append(f)
                targets[base] = kept
            meta["skipped"] = f"{skip} ({len(skipped)} rows)"
        passes = [(0, first), (first, None)] if first else [(0, None)]
        for lo, hi in passes:
            for base in bases:
                if targets[base][lo:hi]:
                    path = str(work / base / BASES[base])
                    with Generator(options=GenerateOptions()) as gen:
                        for f in targets[base][lo:hi]:
                            rows += generate_one(gen, base, path, f.start_line)
                            meta["uptime_end"] = os.popen("uptime").read().strip()
                            meta["end"] = time.strftime("%Y-%m-%d %H:%M:%S")
                            out.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def generate_one(gen: Any, base: str, path: str, line: int) -> list[dict[str, Any]]:
    """One ``generate`` call for the function at ``line``: its rows (one per result)."""
    from server.api import PhaseResult, TargetSelector

    phase1: dict[str, float] = {}

    def on_phase(p: PhaseResult) -> None:
        if p.phase == 1:  # the functions phase 1 gave a block
            phase1.update({fr.function.qualname: p.seconds for fr in p.result.functions if fr.edit})

    t0 = time.monotonic()
    res = gen.generate(path, None, TargetSelector(line=line), on_phase=on_phase)
    wall = round(time.monotonic() - t0, 2)
    rows = []
    for fr in res.functions:
        block = fr.status == "verified" and fr.edit is not None
        total = fr.timings.get("total")
        # Without a phase-1 block the first block is phase 2's, at the end.
        first_s = fr.timings.get("first_block", total) if fr.function.qualname in phase1 else total
        r = {
            "base": base,
            "function": fr.function.qualname,
            "status": fr.status,
            "sampled": fr.candidates_total,
            "runnable": fr.candidates_verified,
            "origin": fr.origin,
            "model_survives": fr.origin in ("model", "model+fallback"),
            "search": search_turn(fr.status, fr.message, len(fr.surviving_mutants)),
            "model": model_turn(fr.message, fr.candidates_total),
            "first_block": round(first_s, 2) if block and first_s is not None else None,
            "final_block": round(total, 2) if block and total is not None else None,
            "wall": wall,
            "mutation_score": fr.mutation_score,
            "killed": fr.mutants_killed,
            "mutants": fr.mutants_total,
            "examples": len(fr.examples) if block else 0,
            "message": fr.message,
        }
        rows.append(r)
        print(
            f"[{base}] {r['function']}: {r['status']} model {r['model']} "
            f"{r['runnable']}/{r['sampled']} survives={r['model_survives']} "
            f"search {r['search']} score {r['mutation_score']} "
            f"first {r['first_block']} final {r['final_block']} wall {wall}",
            flush=True,
        )
    return rows


def keyed(rows: list[dict[str, Any]]) -> dict[tuple[str, str, int], dict[str, Any]]:
    """Rows by (base, function, n): ``n`` tells overloads of one name apart (file order)."""
    out: dict[tuple[str, str, int], dict[str, Any]] = {}
    for r in rows:
        n = 0
        while (r["base"], r["function"], n) in out:
            n += 1
        out[r["base"], r["function"], n] = r
    return out


def cells(rows: list[dict[str, Any]]) -> list[object]:
    """A table row's cells after the first, for ``rows``."""
    blocks = [r for r in rows if r["final_block"] is not None]
    sampled, runnable = sum(r["sampled"] for r in rows), sum(r["runnable"] for r in rows)
    scores = [r["mutation_score"] for r in blocks if r["mutation_score"] is not None]

    def med(k: str) -> str:
        return f"{statistics.median(r[k] for r in blocks):.1f}" if blocks else "-"

    def turns(k: str, names: tuple[str, ...]) -> str:
        return " / ".join(str(sum(r[k] == t for r in rows)) for t in names)

    return [
        f"{len(rows)} ({len(blocks)})",
        f"{sampled} / {runnable} ({runnable / sampled:.0%})" if sampled else "0 / 0",
        sum(r["model_survives"] for r in rows),
        turns("search", SEARCH_TURNS),
        turns("model", MODEL_TURNS),
        f"{statistics.mean(scores):.2f} (n={len(scores)})" if scores else "-",
        med("first_block"),
        med("final_block"),
    ]


def table(paths: list[Path]) -> str:
    """One markdown table per rows file (a row per code base, then all), over the functions
    every file holds.
    """
    data = [json.loads(p.read_text()) for p in paths]
    keys = set.intersection(*(set(keyed(d["rows"])) for d in data))
    head = [
        "code base",
        "functions (verified blocks)",
        "model candidates sampled / runnable (share)",
        "blocks with a model example",
        "search turns (" + " / ".join(SEARCH_TURNS) + ")",
        "model turns (" + " / ".join(MODEL_TURNS) + ")",
        "mean mutation score",
        "median s to first block",
        "median s to final block",
    ]
    out = []
    for p, d in zip(paths, data, strict=True):
        rows = [r for k, r in keyed(d["rows"]).items() if k in keys]
        bases = list(dict.fromkeys(r["base"] for r in rows))
        body = [[b, *cells([r for r in rows if r["base"] == b])] for b in bases]
        body.append(["all", *cells(rows)])
        m = d["meta"]
        out.append(
            f"**{p.stem}**: commit {m['commit']}, {m['start']} to {m['end']} UTC; "
            f"load average at start {m['uptime_start'].split('average: ')[-1]}, "
            f"at end {m['uptime_end'].split('average: ')[-1]}\n"
        )
        out.append("| " + " | ".join(head) + " |\n" + "|---" * len(head) + "|")
        out.extend("| " + " | ".join(str(c) for c in row) + " |" for row in body)
        out.append("")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--bases", default=",".join(BASES))
    ap.add_argument("--first", type=int, default=None, help="N of each base before the rest")
    ap.add_argument("--skip", type=Path, help="rows of functions to leave out")
    ap.add_argument("--table", nargs="+", type=Path)
    args = ap.parse_args()
    if args.table:
        print(table(args.table))
    else:
        run(args.bases.split(","), args.first, args.out, args.skip)


if __name__ == "__main__":
    main()
