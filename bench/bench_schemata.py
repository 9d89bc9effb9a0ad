"""Mutant schemata against one compile per mutant: the same report, mutant by mutant, and the
mutants evaluated per second each way.

    python -m bench.bench_schemata [FILE ...] [--eval] [--limit 40] [--timeout 2] [--workers 2]
                                   [--stability] [--json OUT]

Targets: every function with a cdoctest block in each ``FILE`` (its block is the examples), or,
with ``--eval`` (the default without files), the evaluation set (``bench/data/eval_functions``,
its hand-written checks as the block). For each, the mutants of every operator (two callees
added) are analysed three times with one runner: the old way (each mutant compiles its file),
then on schemata twice (the first analysis settles which mutants load on a schema; the second is
what the generator's later analyses of one function cost). The reports are compared mutant by
mutant (first detecting example, every differing example, survivors, stillborn mutants,
time-outs). ``--stability`` runs the old way twice, and the mutants that differ once more on
schemata in fresh sessions (a runner without warm reuse): a mutant whose two old runs disagree
(*unstable*), or whose schema run in a fresh session agrees with the old way (*memory*: warm and
fresh sessions differ only in what memory the block did not allocate holds), reads memory it does
not own; its result is whatever that memory holds, and its difference is not a schemata error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field

from cdoctest_runner import clang
from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.finder import find_doctests
from cdoctest_runner.mutation.analysis import MutationReport, mutation_analysis
from cdoctest_runner.mutation.mutate import Mutant, function_mutants
from cdoctest_runner.mutation.schemata import plan_schema
from cdoctest_runner.mutation.scores import function_blocks
from cdoctest_runner.runner import DocTestRunner, Limits


@dataclass
class Target:
    """One function and the block its mutants are analysed with."""

    name: str
    code: CodeUnderTest
    function: Declaration
    examples: list[Example]


@dataclass
class Row:
    """What one target gave."""

    name: str
    mutants: int
    on_schemata: int
    old_s: float
    first_s: float
    settled_s: float
    differences: list[str] = field(default_factory=list)  # mutant ids
    unstable: list[str] = field(default_factory=list)  # ids whose two old runs differ
    memory: list[str] = field(default_factory=list)  # ids alike old and on fresh schema sessions


def _declaration(path: str, name: str, language: str) -> Declaration | None:
    text = open(path, encoding="utf-8").read()
    found = clang.function_definitions(clang.parse(path, text, language), path, name)
    if not found:
        return None
    d = found[0]
    return Declaration(name, name, "function", d.extent.start.line, 1, d.extent.end.line, 1)


def eval_targets() -> list[Target]:
    """The evaluation set's functions with their checks."""
    from bench.eval_set import load_eval_set

    out = []
    for f in load_eval_set():
        decl = _declaration(f.path, f.function, f.language)
        if decl is not None:
            out.append(Target(f.name, f.code(), decl, list(f.checks)))
    return out


def file_targets(path: str) -> list[Target]:
    """The functions of ``path`` that have a cdoctest block (``cdoctest-run --mutants``'s
    choice: ``function_blocks``), with it.
    """
    code = CodeUnderTest(path=path, language=CodeUnderTest.language_of(path))
    blocks = function_blocks([(test, code) for test in find_doctests(path)])
    return [Target(t.name, c, t.declaration, list(t.examples)) for t, c in blocks if t.declaration]


def _mutants(t: Target, limit: int) -> list[Mutant]:
    return function_mutants(t.code, t.function, limit, callees=2)


def _view(r: MutationReport, mid: str) -> tuple[object, ...]:
    return (
        r.killed_by.get(mid),
        r.detected_by.get(mid),
        r.observed_by.get(mid),
        mid in {m.id for m in r.stillborn},
        mid in r.timeout_kills,
    )


def compare(t: Target, runner: DocTestRunner, limit: int, fresh: DocTestRunner | None) -> Row:
    """Analyse ``t``'s mutants the old way and on schemata; time both and compare (``fresh``:
    a runner without warm reuse, for ``--stability``).
    """
    mutants = _mutants(t, limit)
    source = t.code.source_text() or ""
    plan = plan_schema(source, mutants, t.code.language, path=t.code.path)

    def timed(schemata: bool) -> tuple[float, MutationReport]:
        t0 = time.perf_counter()
        report = mutation_analysis(t.examples, t.code, t.function, runner, mutants,
                                   schemata=schemata)  # fmt: skip
        return time.perf_counter() - t0, report

    old_s, old = timed(False)
    first_s, first = timed(True)
    settled_s, settled = timed(True)
    again = timed(False)[1] if fresh is not None else old
    row = Row(t.name, len(mutants), len(plan.points), old_s, first_s, settled_s)
    for m in mutants:
        views = {_view(r, m.id) for r in (old, first, settled)}
        if len(views) > 1:
            unstable = _view(old, m.id) != _view(again, m.id)
            (row.unstable if unstable else row.differences).append(m.id)
    if row.differences and fresh is not None:
        cold = mutation_analysis(t.examples, t.code, t.function, fresh, mutants, schemata=True)
        row.memory = [i for i in row.differences if _view(cold, i) == _view(old, i)]
        row.differences = [i for i in row.differences if i not in row.memory]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", help="C/C++ files with cdoctest blocks")
    ap.add_argument("--eval", action="store_true", help="the evaluation set (default: no files)")
    ap.add_argument("--only", default="", help="only targets whose name contains this")
    ap.add_argument("--limit", type=int, default=40, help="mutants per function")
    ap.add_argument("--timeout", type=float, default=2.0, help="a block's CPU seconds")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--stability", action="store_true", help="run the old way twice")
    ap.add_argument("--json", default="", help="write the rows to this file")
    args = ap.parse_args(argv)
    targets = [t for f in args.files for t in file_targets(f)]
    if args.eval or not args.files:
        targets += eval_targets()
    targets = [t for t in targets if args.only in t.name]
    limits = Limits(timeout_s=args.timeout)
    runner = DocTestRunner(limits=limits, workers=args.workers)
    fresh = DocTestRunner(limits=limits, workers=args.workers, warm=False)
    rows: list[Row] = []
    print(f"{'target':44} {'mut':>4} {'schema':>6} {'old s':>7} {'first':>7} {'settled':>7} "
          f"{'old/s':>6} {'new/s':>6} {'ratio':>5}  differences")  # fmt: skip
    try:
        for t in targets:
            r = compare(t, runner, args.limit, fresh if args.stability else None)
            rows.append(r)
            print(f"{r.name[:44]:44} {r.mutants:4} {r.on_schemata:6} {r.old_s:7.2f} "
                  f"{r.first_s:7.2f} {r.settled_s:7.2f} {r.mutants / r.old_s:6.1f} "
                  f"{r.mutants / r.settled_s:6.1f} {r.old_s / r.settled_s:5.1f}  "
                  f"{' '.join(r.differences) or '-'}"
                  f"{' (unstable: ' + ' '.join(r.unstable) + ')' if r.unstable else ''}"
                  f"{' (memory: ' + ' '.join(r.memory) + ')' if r.memory else ''}",
                  flush=True)  # fmt: skip
    finally:
        runner.close()
        fresh.close()
    n = sum(r.mutants for r in rows)
    old_s, settled_s = sum(r.old_s for r in rows), sum(r.settled_s for r in rows)
    if rows:
        print(f"total: {n} mutants, {sum(r.on_schemata for r in rows)} on schemata; "
              f"{n / old_s:.1f} mutants/s the old way, {n / settled_s:.1f} on settled schemata "
              f"({old_s / settled_s:.1f}x); {sum(len(r.differences) for r in rows)} differences, "
              f"{sum(len(r.unstable) for r in rows)} unstable, "
              f"{sum(len(r.memory) for r in rows)} memory")  # fmt: skip
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([r.__dict__ for r in rows], fh, indent=1)
    return 1 if any(r.differences for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
