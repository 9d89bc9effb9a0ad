"""Real-code benchmark: the generator on open-source code bases it was not developed on.

``python -m bench.bench_realcode [--quick] [--only fallback|default] [--bases sds,jsmn,clipper]
[--no-write] [--table-only]``

Code bases (``bench/data/realcode/``, each with its licence, see its README): ``sds`` (C, an
opaque ``typedef char *`` handle with create/modify/read functions), ``jsmn`` (C, parses JSON text
into token structs), ``clipper`` (C++: classes, member and free operator overloads) and
``ring_buffer`` (C++: llama.cpp's fixed-capacity ring buffer class template). Each file
is copied to a temporary directory and goes through ``server.generate.generator.Generator`` once per
configuration, every function of the file targeted (``main`` and test drivers excepted):

- **fallback**: ``GenerateOptions(no_model=True)``, the program-analysis generator alone;
- **default**: the default pipeline (embedded model, fallback pooled in as the pipeline decides).

Per code base and configuration: public functions targeted (not ``static``, not a non-public
method), verified non-empty blocks among them, verified blocks with no checked output (must be 0),
mean mutation score over the verified blocks that have mutants, median wall seconds of a
function's ``generate`` call (both phases: what a CLI user waits for) and median seconds to its
first verified block (phase 1's answer; the language server inserts it then).
``--quick``: the first three public functions per base. Rows go to
``bench/results/realcode.json``; the table to ``docs/benchmarks.md`` (section ``realcode``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
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

DATA = ROOT / "bench" / "data" / "realcode"
RESULTS = ROOT / "bench" / "results" / "realcode.json"
BASES = {
    "sds": "sds.c",
    "jsmn": "jsmn.c",
    "clipper": "clipper.cpp",
    "ring_buffer": "ring_buffer.cpp",
}
CONFIGS = ("fallback", "default")


@dataclass
class Row:
    """What one configuration did for one function of one code base."""

    base: str
    config: str
    function: str
    public: bool
    status: str
    examples: int
    checked: int  # examples with an expected output
    mutation_score: float | None
    seconds: float  # wall seconds of the generate call that targeted this function
    message: str
    first_block: float | None = None  # seconds to its first verified block (None: no block)


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


def run_base(base: str, config: str, quick: bool) -> list[Row]:
    """Generate for every function of ``base`` (``quick``: its first three public ones)."""
    from server.analysis.locate import load_source, select_targets
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    work = Path(tempfile.mkdtemp(prefix=f"cdt-realcode-{base}-"))
    os.chmod(work, 0o755)  # the sandbox user must reach the copy
    for f in (DATA / base).iterdir():
        shutil.copy(f, work / f.name)
        os.chmod(work / f.name, 0o644)
    path = str(work / BASES[base])
    source = load_source(path)
    public = {f.declaration.qualname: is_public(f.cursor) for f in source.functions}
    targets = [f for f in select_targets(source, TargetSelector())]
    if quick:
        targets = [f for f in targets if public[f.declaration.qualname]][:3]
    opts = GenerateOptions(no_model=True) if config == "fallback" else GenerateOptions()
    rows: list[Row] = []
    try:
        with Generator(options=opts) as gen:
            for f in targets:  # one call per function: its seconds are its own
                t0 = time.monotonic()
                res = gen.generate(path, None, TargetSelector(line=f.start_line))
                wall = round(time.monotonic() - t0, 2)
                for fr in res.functions:
                    # Without a phase 2 (one phase, --quick) "total" is the time to the block.
                    first = fr.timings.get("first_block", fr.timings.get("total"))
                    rows.append(
                        Row(
                            base=base,
                            config=config,
                            function=fr.function.qualname,
                            public=public.get(fr.function.qualname, True),
                            status=fr.status,
                            examples=len(fr.examples) if fr.edit is not None else 0,
                            checked=sum(1 for e in fr.examples if e.want)
                            if fr.edit is not None
                            else 0,
                            mutation_score=fr.mutation_score,
                            seconds=wall,
                            message=fr.message[:200],
                            first_block=round(first, 2)
                            if first is not None and fr.edit is not None
                            else None,
                        )
                    )
                    print(
                        f"[{base}/{config}] {fr.function.qualname}: {fr.status} "
                        f"{rows[-1].checked}/{rows[-1].examples} checked, "
                        f"score {fr.mutation_score}, first block {rows[-1].first_block}s, "
                        f"call {wall}s",
                        flush=True,
                    )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def summary(rows: list[Row]) -> list[object]:
    """Table cells for one code base and configuration (public functions only)."""
    pub = [r for r in rows if r.public]
    kept = [r for r in pub if r.status == "verified" and r.examples > 0]
    empty = [r for r in rows if r.status == "verified" and r.checked == 0]
    scores = [r.mutation_score for r in kept if r.mutation_score is not None]
    secs = [r.seconds for r in rows]
    firsts = [r.first_block for r in rows if r.first_block is not None]
    return [
        f"{len(pub)} ({len(rows)})",
        f"{len(kept)} ({100 * len(kept) / len(pub):.0f}%)" if pub else "0",
        len(empty),
        f"{statistics.mean(scores):.2f} (n={len(scores)})" if scores else "-",
        f"{statistics.median(secs):.1f}" if secs else "-",
        f"{statistics.median(firsts):.1f}" if firsts else "-",
    ]


def table(rows: list[Row]) -> str:
    header = [
        "code base",
        "configuration",
        "public functions (all)",
        "verified non-empty blocks (public)",
        "blocks with no checked output",
        "mean mutation score (blocks with mutants)",
        "median s/function (wall)",
        "median s to first block",
    ]
    body = []
    for base in BASES:
        for config in CONFIGS:
            sel = [r for r in rows if r.base == base and r.config == config]
            if sel:
                body.append([base, config, *summary(sel)])
    return markdown_table(header, body)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="three public functions per code base")
    p.add_argument("--only", choices=CONFIGS, help="run one configuration")
    p.add_argument("--bases", default=",".join(BASES), help="comma-separated code bases")
    p.add_argument("--no-write", action="store_true", help="do not write docs/benchmarks.md")
    p.add_argument("--table-only", action="store_true", help="table the saved rows")
    p.add_argument("--results", type=Path, default=RESULTS, help="where the rows are saved")
    p.add_argument("--note", default="", help="a sentence about the run (e.g. the machine's load)")
    args = p.parse_args(argv)
    results: Path = args.results
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")
    if args.table_only:  # every saved run (one file per configuration when run side by side)
        rows = [
            Row(**r)
            for f in sorted(results.parent.glob("realcode*.json"))
            for r in json.loads(f.read_text())["rows"]
        ]
    else:
        saved = json.loads(results.read_text())["rows"] if results.exists() else []
        rows = [Row(**r) for r in saved]
        t0 = time.monotonic()
        for base in args.bases.split(","):
            for config in [args.only] if args.only else CONFIGS:
                fresh = run_base(base, config, args.quick)
                rows = [r for r in rows if not (r.base == base and r.config == config)] + fresh
                results.parent.mkdir(parents=True, exist_ok=True)
                results.write_text(
                    json.dumps({"quick": args.quick, "rows": [asdict(r) for r in rows]}, indent=1)
                )
        print(f"done in {time.monotonic() - t0:.0f}s")
    text = table(rows)
    print(text)
    if not args.no_write:
        write_section(
            "realcode",
            "Real code (bench/bench_realcode.py)",
            text + "\n\nCode bases in `bench/data/realcode/` (see its README for provenance and "
            "licences). *fallback*: `GenerateOptions(no_model=True)`; *default*: the default "
            "pipeline with the embedded SmolLM2-135M. A verified block has passed clang-repl "
            "twice (verification and the final re-run in the edited file). Public: not "
            "`static`, not a non-public member. " + args.note,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
