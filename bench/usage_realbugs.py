"""What usage mining alone gives on the real-bug set: blocks mined from each library's own tests.

``python -m bench.usage_realbugs --extract LIB=GITDIR [--extract LIB/SUBMODULE=GITDIR ...]``
``python -m bench.usage_realbugs [--usage-root DIR] [--max-blocks N] [--libraries a,b] [--json F]``

Fairness: a user had the tests of the time while a bug was in the code, and today's tests hold
the regression tests added with the fixes. So each library's project is rebuilt as it was at the
parent of its EARLIEST fix commit in ``bench/data/realbugs/<lib>/bugs.json`` (the tests,
examples and README of then), with the library's own files replaced by today's vendored ones
(``bench/data/realbugs/<lib>/``, the code the bugs are put back into). ``--extract`` writes that
tree from a clone of the upstream repository (``git show <commit>^:<path>``; a submodule from
its own clone, named ``LIB/PATH``) under ``--usage-root`` (default
``$XDG_CACHE_HOME/cdoctest-gen/realbugs-usage``), with ``USAGE_SOURCE.json`` saying which commit.
The upstream files are read there, not vendored into this repository.

Then, per target function of the ``bugs.json`` files:
``server.analysis.usage.sources.find_usage_sources`` on the rebuilt project, ``mine_usage`` for the
function, ``usage_examples`` (at most ``--max-blocks``); each block is run on today's file and its
outputs recorded (a block runs when every example compiles and runs and its output can be recorded),
then ``bench_realbugs.bugs_caught`` runs the recorded block on today's file and on every buggy
version. A bug is caught when one block that passes on today's file does not pass on the buggy one.
The table is printed; ``--json`` saves the rows.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table  # noqa: E402
from bench.bench_realbugs import (  # noqa: E402
    DATA,
    RealBugFunction,
    bugs_caught,
    load_realbugs,
    read_library,
)
from cdoctest_runner.example import Example  # noqa: E402
from cdoctest_runner.runner import examples_doctest  # noqa: E402

USAGE_ROOT = (
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "cdoctest-gen"
    / "realbugs-usage"
)
#: Upstream files larger than this are not extracted (the test frameworks are smaller).
MAX_EXTRACT_BYTES = 1_000_000
TEXT_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".hpp", ".hh", ".md", ".txt", ".ini", ".def")


# ----------------------------------------------------------------------------------------------
# Extraction


def _git(git_dir: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", git_dir, *args], capture_output=True, text=True, check=True
    ).stdout


def earliest_fix(lib: str, git_dir: str) -> str:
    """The fix commit of ``lib`` in its ``bugs.json`` with the oldest committer date (of those
    the clone holds: a fix merged from a branch the clone lacks is left out).
    """
    _, fns = read_library(DATA / lib)
    commits = {b.commit for f in fns for b in f.bugs}
    dated = []
    for c in sorted(commits):
        try:
            dated.append((int(_git(git_dir, "log", "-1", "--format=%ct", c).strip()), c))
        except subprocess.CalledProcessError:
            continue
    return min(dated)[1]


def _vendored(lib: str) -> dict[str, Path]:
    """Today's vendored C/C++ files of ``lib`` by basename."""
    return {p.name: p for p in (DATA / lib).iterdir() if p.suffix in (".c", ".h")}


def extract(lib: str, git_dir: str, dest: Path, submodules: dict[str, str]) -> dict[str, Any]:
    """Write ``lib``'s project as of the parent of its earliest fix under ``dest``, today's
    vendored files in place of the library's own; returns the provenance written beside it.
    """
    fix = earliest_fix(lib, git_dir)
    parent = _git(git_dir, "rev-parse", f"{fix}^").strip()
    if dest.exists():
        shutil.rmtree(dest)
    vendored = _vendored(lib)
    files = _extract_tree(git_dir, parent, dest, vendored, submodules, lib, "")
    placed = []
    for name, path in vendored.items():
        where = next((f for f in files if Path(f).name == name), name)
        target = dest / where
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        placed.append(where)
    meta = {
        "library": lib,
        "repo": read_library(DATA / lib)[0].repo,
        "earliest_fix": fix,
        "commit": parent,
        "upstream_files": sorted(f for f in files if Path(f).name not in vendored),
        "today_files": sorted(placed),
    }
    (dest / "USAGE_SOURCE.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def _extract_tree(
    git_dir: str,
    commit: str,
    dest: Path,
    vendored: dict[str, Path],
    submodules: dict[str, str],
    lib: str,
    prefix: str,
) -> list[str]:
    out = []
    for line in _git(git_dir, "ls-tree", "-r", "-l", commit).splitlines():
        meta, path = line.split("\t", 1)
        _mode, kind, sha, size = meta.split()
        if kind == "commit":
            sub = submodules.get(f"{lib}/{prefix}{path}")
            if sub is not None:
                sub_dest = dest / path
                out += [
                    f"{path}/{f}"
                    for f in _extract_tree(sub, sha, sub_dest, {}, {}, lib, f"{prefix}{path}/")
                ]
            continue
        name = Path(path).name
        if name in vendored:  # today's file goes where upstream had it
            out.append(path)
            continue
        if kind != "blob" or int(size) > MAX_EXTRACT_BYTES:
            continue
        if Path(path).suffix.lower() not in TEXT_SUFFIXES and not name.lower().startswith("readme"):
            continue
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        blob = subprocess.run(
            ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
            capture_output=True,
            check=True,
        ).stdout
        target.write_bytes(blob)
        out.append(path)
    return out


# ----------------------------------------------------------------------------------------------
# Measurement


@dataclass
class UsageRow:
    """What the mined blocks of one target function did."""

    library: str
    function: str
    commit: str  # the upstream commit whose tests were mined
    sources: int  # files find_usage_sources listed
    calls: int  # calls of the function mined
    blocks: int  # blocks usage_examples gave
    runnable: int  # blocks that ran on today's file with their outputs recorded
    bugs: int
    caught: int
    caught_bugs: list[str]
    first_block: list[str]  # the first runnable block, ``source -> output``


def _recorded(result: Any) -> list[Example] | None:
    """The block's examples with the outputs they printed, or None when one did not run or
    printed what a block cannot hold.
    """
    from server.judge.verify import recordable

    if result.setup_error is not None:
        return None
    out = []
    for r in result.results:
        if r.outcome.value not in ("passed", "failed") or not recordable(r.example, r.got):
            return None
        out.append(Example(r.example.source, r.got))
    return out


def file_scope_names(fn: RealBugFunction) -> set[str]:
    """The names today's file and its own headers declare at file scope (a block must not
    declare a variable ``expr`` where the file has a function ``expr``).
    """
    from cdoctest_runner import clang

    tu = clang.parse(str(Path(fn.path).resolve()), fn.text, "c", fn.flags)
    return {
        c.spelling
        for c in tu.cursor.get_children()
        if c.location.file is not None and not c.location.is_in_system_header and c.spelling
    }


def measure(fn: RealBugFunction, project: Path, runner: Any, max_blocks: int) -> UsageRow:
    """Mine ``fn``'s function in ``project``, run the blocks, count the bugs they catch."""
    from server.analysis.usage.examples import usage_examples
    from server.analysis.usage.mining import mine_usage
    from server.analysis.usage.sources import find_usage_sources

    meta = json.loads((project / "USAGE_SOURCE.json").read_text())
    name = Path(fn.path).name
    where = next((f for f in meta["today_files"] if Path(f).name == name), name)
    sources = find_usage_sources(project / where, str(project))
    facts = mine_usage(sources, [fn.function], fn.flags, "c")
    blocks = usage_examples(facts, fn.function, max_blocks, avoid=file_scope_names(fn))
    jobs = [(examples_doctest([Example(s) for s in b]), fn.code()) for b in blocks]
    recorded = [r for r in (_recorded(res) for res in runner.run_many(jobs)) if r]
    caught = [False] * len(fn.bugs)
    runnable = 0
    first: list[str] = []
    for examples in recorded:
        per_bug, passed = bugs_caught(tuple(examples), fn, runner)
        if not passed:
            continue
        runnable += 1
        first = first or [f"{e.source.strip()} -> {e.want.strip()}" for e in examples]
        caught = [a or b for a, b in zip(caught, per_bug, strict=True)]
    return UsageRow(
        library=fn.library,
        function=fn.function,
        commit=meta["commit"][:10],
        sources=len(sources),
        calls=len(facts.calls_of(fn.function)),
        blocks=len(blocks),
        runnable=runnable,
        bugs=len(fn.bugs),
        caught=sum(caught),
        caught_bugs=[f"{b.commit[:7]} {b.desc}" for b, c in zip(fn.bugs, caught, strict=True) if c],
        first_block=first,
    )


def table(rows: list[UsageRow]) -> str:
    """One line per function and a total."""
    header = ["library", "function", "tests of", "sources", "calls", "blocks", "run", "caught"]
    body: list[list[object]] = [
        [r.library, r.function, r.commit, r.sources, r.calls, r.blocks, r.runnable,
         f"{r.caught}/{r.bugs}"]
        for r in rows
    ]  # fmt: skip
    body.append(
        ["**total**", len(rows), "", "", sum(r.calls for r in rows), sum(r.blocks for r in rows),
         sum(r.runnable for r in rows),
         f"{sum(r.caught for r in rows)}/{sum(r.bugs for r in rows)}"]
    )  # fmt: skip
    return markdown_table(header, body)


def main(argv: list[str] | None = None) -> int:
    """Extract the projects (``--extract``) or measure the mined blocks."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--extract", action="append", default=[], metavar="LIB=GITDIR")
    p.add_argument("--usage-root", type=Path, default=USAGE_ROOT)
    p.add_argument("--max-blocks", type=int, default=8)
    p.add_argument("--libraries", default="", help="comma-separated libraries (default: all)")
    p.add_argument("--json", type=Path, help="save the rows here")
    args = p.parse_args(argv)
    if args.extract:
        pairs = dict(e.split("=", 1) for e in args.extract)
        subs = {k: v for k, v in pairs.items() if "/" in k}
        for lib, git_dir in pairs.items():
            if "/" not in lib:
                meta = extract(lib, git_dir, args.usage_root / lib, subs)
                print(f"{lib}: {meta['commit'][:10]} ({len(meta['upstream_files'])} files)")
        return 0

    from cdoctest_runner.runner import DocTestRunner

    libraries = tuple(x for x in args.libraries.split(",") if x)
    fns = load_realbugs(libraries=libraries)
    rows = []
    with DocTestRunner(workers=2) as runner:
        for fn in fns:
            project = args.usage_root / fn.library
            if not (project / "USAGE_SOURCE.json").is_file():
                print(f"{fn.name}: no extracted project under {project}", file=sys.stderr)
                continue
            row = measure(fn, project, runner, args.max_blocks)
            rows.append(row)
            print(
                f"{fn.name}: {row.calls} calls, {row.blocks} blocks, {row.runnable} run, "
                f"{row.caught}/{row.bugs} caught",
                file=sys.stderr,
                flush=True,
            )
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
