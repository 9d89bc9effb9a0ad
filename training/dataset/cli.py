"""``python -m training.dataset``: summarise the seed data set; ``--check`` runs every block.

The command of docs/training-data.md ("Checking the set from the shell"), run by
``training/dataset/__main__.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from training.dataset import CATEGORIES, DatasetError, load_items


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m training.dataset [--split S] [--category C]... [--check] [--workers N]``.

    Prints a summary of the set; with ``--check``, runs every presentation's reference through
    ``DocTestRunner.run_many`` and prints each failing example with what it got (a recorded ``got``
    is a passing ``want``). Exit status: 0 all good, 1 some block failed, 2 the set could not be
    loaded or clang-repl is missing.
    """
    import argparse
    import sys
    import time
    from collections import Counter

    parser = argparse.ArgumentParser(prog="python -m training.dataset", description=main.__doc__)
    parser.add_argument("--split", choices=("train", "val"))
    parser.add_argument("--category", action="append", choices=CATEGORIES)
    parser.add_argument("--directory", help="another directory of <category>.jsonl files")
    parser.add_argument("--check", action="store_true", help="run every block in clang-repl")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        items = load_items(args.split, args.category, directory=args.directory)
    except DatasetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    shown = [p for it in items for p in it.presentations()]
    for category in dict.fromkeys(it.category for it in items):
        mine = [it for it in items if it.category == category]
        langs = Counter(it.language for it in mine)
        splits = Counter(it.split for it in mine)
        print(
            f"{category:17} {len(mine):3} items  train {splits['train']:2} val {splits['val']}  "
            f"C {langs['c']:2} C++ {langs['c++']:2}  variants {sum(len(i.variants) for i in mine)}"
        )
    print(f"{len(items)} items, {len(shown)} presentations")
    if not args.check:
        return 0

    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner

    started = time.monotonic()
    try:
        with DocTestRunner(workers=args.workers) as runner:
            results = runner.run_many([(p.doctest(), p.code_under_test()) for p in shown])
    except ToolchainNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    failed = 0
    for p, result in zip(shown, results, strict=True):
        if result.passed:
            continue
        failed += 1
        print(
            f"FAILED {p.id} presentation {p.variant}"
            + (f": {result.setup_error}" if result.setup_error else "")
        )
        for r in result.results:
            if not r.passed:
                print(f"  >>> {r.example.source.strip()}  [{r.outcome.value}]")
                print(
                    "  want: "
                    + (r.example.want.rstrip("\n").replace("\n", "\n        ") or "<nothing>")
                )
                print("  got:  " + (r.got.rstrip("\n").replace("\n", "\n        ") or "<nothing>"))
                if r.stderr.strip():
                    print("  " + r.stderr.strip().splitlines()[0])
    seconds = time.monotonic() - started
    print(
        f"{len(shown) - failed}/{len(shown)} blocks passed in {seconds:.1f} s "
        f"({args.workers} workers)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
