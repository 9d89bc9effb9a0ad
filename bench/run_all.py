"""Run each benchmark (``make bench``); each writes its own section of docs/benchmarks.md."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = [
    "bench_runner",
    "bench_models",
    "bench_lsp",
    "bench_generate",
    "bench_rollout",
    "bench_grpo",
]


def main() -> int:
    """Run each benchmark's ``main()``; return non-zero when any of them failed."""
    failed = []
    for name in BENCHMARKS:
        print(f"== bench.{name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        try:
            code = module.main() if name == "bench_grpo" else module.main([])
        except Exception as exc:  # one broken benchmark must not hide the others' figures
            print(f"bench.{name} failed: {exc!r}", file=sys.stderr)
            code = 1
        if code:
            failed.append(name)
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
