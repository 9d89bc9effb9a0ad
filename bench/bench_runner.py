"""Blocks verified per second for a GRPO-shaped batch: 200 small candidate blocks, one function.

    python -m bench.bench_runner [--blocks 200] [--naive-blocks 40] [--no-write]

Compares, in one run on one machine:

- *naive*: one fresh (sandboxed) clang-repl session per block, run sequentially: what a runner
  without warm reuse does (the original cdoctest starts a fresh shell per test). Measured on the
  first ``--naive-blocks`` blocks (it is slow) and reported as a rate.
- *warm, 1 worker* and *warm, 2 workers*: ``DocTestRunner.run_many`` over all blocks, with warm
  interpreters reused across blocks (``%undo`` between blocks), starting from a cold runner.

The outcomes of the naive and warm runs are compared block by block (warm reuse must not change any
result), and the table is written into docs/benchmarks.md (section ``runner``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from bench._table import markdown_table, write_section
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

CODE = CodeUnderTest(
    text=(
        "int gcd(int a, int b) {\n"
        "  while (b != 0) { int t = a % b; a = b; b = t; }\n"
        "  return a < 0 ? -a : a;\n}\n"
    ),
    key="gcd",
)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return abs(a)


def candidate_blocks(n: int, seed: int = 0) -> list:
    """``n`` blocks of 1-3 examples: mostly right, some wrong expectations, a few compile errors."""
    rng = random.Random(seed)
    blocks = []
    for i in range(n):
        examples = []
        for _ in range(rng.randint(1, 3)):
            a, b = rng.randint(0, 60), rng.randint(1, 60)
            kind = rng.random()
            if kind < 0.55:
                examples.append(Example(f"gcd({a}, {b})", str(_gcd(a, b))))
            elif kind < 0.75:
                examples.append(Example(f"gcd({a}, {b})", str(_gcd(a, b) + 1)))  # wrong expectation
            elif kind < 0.85:
                examples.append(Example(f'printf("%d\\n", gcd({a}, {b}));', str(_gcd(a, b))))
            elif kind < 0.95:
                examples.append(Example(f"int g = gcd({a}, {b});\ng * 2", str(2 * _gcd(a, b))))
            else:
                examples.append(Example(f"gdc({a}, {b})", str(_gcd(a, b))))  # compile error
        blocks.append(examples_doctest(examples, name=f"candidate-{i}"))
    return blocks


def _signature(results) -> list[tuple[str, ...]]:
    return [tuple(r.outcome.value for r in res.results) for res in results]


def _timed(runner: DocTestRunner, blocks) -> tuple[float, list]:
    t0 = time.perf_counter()
    results = runner.run_many([(b, CODE) for b in blocks])
    return time.perf_counter() - t0, results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blocks", type=int, default=200)
    ap.add_argument("--naive-blocks", type=int, default=40)
    ap.add_argument("--no-write", action="store_true", help="print the table only")
    args = ap.parse_args(argv)

    toolchain = find_clang_repl()
    load_before = os.getloadavg()[0]
    blocks = candidate_blocks(args.blocks)
    naive_blocks = blocks[: args.naive_blocks]

    with DocTestRunner(toolchain=toolchain, workers=1, warm=False) as r:
        naive_s, naive_res = _timed(r, naive_blocks)
    with DocTestRunner(toolchain=toolchain, workers=1) as r:
        warm1_s, warm1_res = _timed(r, blocks)
    with DocTestRunner(toolchain=toolchain, workers=2) as r:
        warm2_s, warm2_res = _timed(r, blocks)

    same = _signature(naive_res) == _signature(warm1_res[: len(naive_blocks)])
    same2 = _signature(warm1_res) == _signature(warm2_res)
    examples = sum(len(b.examples) for b in blocks)
    counts: dict[str, int] = {}
    for res in warm1_res:
        for x in res.results:
            counts[x.outcome.value] = counts.get(x.outcome.value, 0) + 1

    naive_rate = len(naive_blocks) / naive_s
    rows = [
        ["naive: fresh session per block, sequential", len(naive_blocks), f"{naive_s:.1f}",
         f"{naive_rate:.2f}", "1.0x"],
        ["warm `run_many`, 1 worker", len(blocks), f"{warm1_s:.1f}",
         f"{len(blocks) / warm1_s:.2f}", f"{len(blocks) / warm1_s / naive_rate:.1f}x"],
        ["warm `run_many`, 2 workers", len(blocks), f"{warm2_s:.1f}",
         f"{len(blocks) / warm2_s:.2f}", f"{len(blocks) / warm2_s / naive_rate:.1f}x"],
    ]  # fmt: skip
    repl_version = ".".join(map(str, toolchain.version))
    table = markdown_table(["configuration", "blocks", "seconds", "blocks/s", "vs naive"], rows)
    body = (
        f"{args.blocks} candidate blocks ({examples} examples: "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        + f") against one C++ function (`gcd`), clang-repl {repl_version}, "
        f"sandbox `{warm1_res[0].sandbox.method if warm1_res[0].sandbox else '?'}`. "
        "Every session loads the same prelude and code; *naive* starts one per block.\n\n"
        + table
        + f"\n\nOutcomes identical, naive vs warm (first {len(naive_blocks)} blocks): {same}; "
        f"1 vs 2 workers (all blocks): {same2}. "
        f"Load average (1 min) {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on "
        f"{os.cpu_count()} cores: the machine was shared, so compare the ratios, not the absolute "
        "rates. Reproduce: `python -m bench.bench_runner`."
    )
    print(body)
    if not args.no_write:
        write_section(
            "runner", "Runner: candidate blocks verified per second (GRPO reward batch)", body
        )
    return 0 if same and same2 else 1


if __name__ == "__main__":
    sys.exit(main())
