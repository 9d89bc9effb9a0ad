"""The blocks the generator writes, saved to compare two versions of the engine.

``python -m bench.snapshot_blocks OUT.json [--model] [--budget S] [--seed S]
[--set all|generate|bugs|realbugs]``
``python -m bench.snapshot_blocks --compare BEFORE.json AFTER.json``

A refactor that claims "behaviour unchanged" shows it here: the same targets as the generator
benchmark's quick subset (``bench.bench_generate.targets(quick=True)``) and every function of the
realistic-bug set (``bench/data/bugs``), and with ``--set realbugs`` every function of the real-bug
corpus's seven libraries the engine was developed against (``DEV_LIBRARIES``, dev half, with each
library's compile flags), generated with a time budget large enough that no phase is
cut by the wall clock (``--budget``, 900 s by default; mutant and block timeouts are CPU time), so
that the blocks do not depend on the machine's load. Without ``--model`` the no-model generator
runs; with it the default pipeline, the embedded model with ``--seed``. For each function the file
records the status, the origin, the block's text and the mutants killed. ``--compare`` prints every
function whose record differs and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.api import GenerateOptions, SourceOptions, TargetSelector  # noqa: E402

COMPARED = ("status", "origin", "block_text", "mutants_killed", "mutants_total")
#: The real-bug libraries the engine was developed against (all in the corpus's dev half).
DEV_LIBRARIES = ("printf", "cwalk", "tinyexpr", "semver", "inih", "yuarel", "picohttpparser")


def targets(which: str = "all") -> list[tuple[str, str | None, tuple[str, ...]]]:
    """(path, function, extra compile flags): the generator bench's quick subset (None: every
    function of the file without a block), then the realistic-bug set; ``realbugs`` (not in
    ``all``): the real-bug functions of ``DEV_LIBRARIES``.
    """
    from bench.bench_bugs import load_bugs
    from bench.bench_generate import targets as generate_targets

    out: list[tuple[str, str | None, tuple[str, ...]]] = []
    if which in ("all", "generate"):
        out += [(t.path, t.function, ()) for t in generate_targets(quick=True)]
    if which in ("all", "bugs"):
        out += [(str(fn.path), fn.function, ()) for fn in load_bugs()]
    if which == "realbugs":
        from bench.bench_realbugs import load_realbugs

        out += [(fn.path, fn.function, fn.flags) for fn in load_realbugs(libraries=DEV_LIBRARIES)]
    return out


def snapshot(out: Path, model: bool, budget: float, seed: int, which: str = "all") -> None:
    """Generate every target and write the records to ``out`` (after each target)."""
    from server.generate.generator import Generator

    opts = GenerateOptions(no_model=not model, seed=seed, time_budget_s=budget)
    gen = Generator(options=opts)
    records: dict[str, dict[str, object]] = {}
    for path, function, flags in targets(which):
        gen.source_options = replace(SourceOptions(), extra_flags=flags)
        selector = TargetSelector(name=function) if function else TargetSelector(all=True)
        where = Path(path).resolve().relative_to(ROOT)
        t0 = time.monotonic()
        try:
            found = {
                f"{where}::{fr.function.qualname}": {k: getattr(fr, k) for k in COMPARED}
                for fr in gen.generate(path, None, selector).functions
            }
        except Exception as exc:  # noqa: BLE001 - a snapshot records and goes on
            found = {f"{where}::{function}": {"status": f"FAILED {type(exc).__name__}: {exc}"}}
        seconds = round(time.monotonic() - t0, 1)
        for key, rec in found.items():
            records[key] = rec
            print(f"{key}: {rec['status']} {rec.get('mutants_killed', '')} ({seconds} s)")
        out.write_text(json.dumps(records, indent=1))


def compare(before: Path, after: Path) -> int:
    """Print each function whose record differs; 1 if any does."""
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    differ = 0
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key, {}), b.get(key, {})
        fields = [k for k in COMPARED if ra.get(k) != rb.get(k)]
        if fields:
            differ += 1
            print(f"{key}: {', '.join(fields)} differ")
            for k in fields:
                print(f"  before {k}: {ra.get(k)!r}\n  after  {k}: {rb.get(k)!r}")
    same = len(set(a) | set(b)) - differ
    print(f"{same} of {len(set(a) | set(b))} functions the same")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", nargs="?", type=Path, help="where to write the snapshot")
    p.add_argument("--model", action="store_true", help="the default pipeline (model on)")
    p.add_argument("--budget", type=float, default=900.0, help="time budget per function (s)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--set",
        choices=("all", "generate", "bugs", "realbugs"),
        default="all",
        help="which targets",
    )
    p.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = p.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        p.error("give OUT.json or --compare BEFORE AFTER")
    snapshot(args.out, args.model, args.budget, args.seed, args.set)
    return 0


if __name__ == "__main__":
    sys.exit(main())
