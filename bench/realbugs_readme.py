"""The generated tables of ``bench/data/realbugs/README.md``: the libraries and the mining funnel.

``python -m bench.bench_realbugs --readme-tables`` rewrites what lies between the README's
``<!-- realbugs:libraries -->`` / ``<!-- /realbugs:libraries -->`` and ``<!-- realbugs:funnel -->``
/ ``<!-- /realbugs:funnel -->`` markers from every ``<lib>/bugs.json``, so that the README stays
true as libraries are added. A ``bugs.json`` that cannot be read is listed with its error.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bench._table import markdown_table
from bench.bench_bugs import BugSetError
from bench.bench_realbugs import (
    DATA,
    DROP_CATEGORIES,
    RealBugFunction,
    RealBugLibrary,
    library_dirs,
    licence_files,
    read_library,
)

README = DATA / "README.md"


def _read_all(
    directory: Path,
) -> tuple[list[tuple[RealBugLibrary, list[RealBugFunction]]], list[str]]:
    read, broken = [], []
    for d in library_dirs(directory):
        try:
            read.append(read_library(d))
        except BugSetError as exc:
            broken.append(f"`{d.name}/`: {exc}")
    return read, broken


def _licence_file(directory: str) -> str:
    names = licence_files(Path(directory))
    return f" (`{names[0]}`)" if names else " (**no licence file**)"


def libraries_table(directory: Path = DATA) -> str:
    """One row per library, then the totals by split, language, layout and domain."""
    read, broken = _read_all(directory)
    rows: list[list[object]] = []
    for lib, fns in read:
        bugs = sum(len(fn.bugs) for fn in fns)
        rows.append(
            [
                f"`{lib.name}/`",
                f"[{lib.repo}](https://github.com/{lib.repo})",
                f"`{lib.commit[:10]}`",
                lib.language,
                lib.layout,
                lib.domain,
                lib.split,
                len(fns),
                bugs,
                lib.licence + _licence_file(lib.directory),
            ]
        )
    header = ["dir", "repo", "commit", "language", "layout", "domain", "split"]
    text = markdown_table([*header, "functions", "bugs", "licence"], rows)

    def count(key: str) -> str:
        c: Counter[str] = Counter()
        for lib, fns in read:
            c[getattr(lib, key)] += sum(len(fn.bugs) for fn in fns)
        libs = Counter(getattr(lib, key) for lib, _ in read)
        return ", ".join(f"{k} {libs[k]} ({c[k]} bugs)" for k in sorted(c))

    total = sum(len(fn.bugs) for _, fns in read for fn in fns)
    lines = [
        text,
        "",
        f"**{total} bugs in {sum(len(fns) for _, fns in read)} functions of {len(read)} "
        f"libraries.** By split: {count('split')}. By language: {count('language')}. "
        f"By layout: {count('layout')}. By domain: {count('domain')}.",
    ]
    if broken:
        lines += ["", "Not readable now (left out above):", *[f"- {b}" for b in broken]]
    return "\n".join(lines)


def funnel_table(directory: Path = DATA) -> str:
    """Per library: commits scanned -> candidates -> validated, and the drops by category."""
    read, _ = _read_all(directory)
    rows: list[list[object]] = []
    sums = Counter[str]()
    for lib, fns in read:
        validated = {b.commit for fn in fns for b in fn.bugs}
        bugs = sum(len(fn.bugs) for fn in fns)
        drops = Counter(why.split(":", 1)[0].strip() for _, why in lib.dropped)
        scanned = lib.mining.get("commits_scanned", "")
        candidates = lib.mining.get("candidates", "")
        mined = isinstance(candidates, int)
        accounted = len(validated | {c for c, _ in lib.dropped})
        rows.append(
            [
                lib.name,
                scanned if mined else "hand-picked",
                candidates if mined else "-",
                f"{len(validated)} ({bugs} bugs)",
                *[drops.get(c, "") for c in DROP_CATEGORIES],
                "" if not mined or accounted == candidates else f"{candidates - accounted}",
            ]
        )
        if mined:
            sums["scanned"] += int(scanned or 0)
            sums["candidates"] += candidates
            sums["validated"] += len(validated)
            sums["bugs"] += bugs
            for c in DROP_CATEGORIES:
                sums[c] += drops.get(c, 0)
    rows.append(
        [
            "**mined, total**",
            sums["scanned"],
            sums["candidates"],
            f"{sums['validated']} ({sums['bugs']} bugs)",
            *[sums[c] or "" for c in DROP_CATEGORIES],
            "",
        ]
    )
    header = ["library", "commits scanned", "candidates", "validated commits", *DROP_CATEGORIES]
    return markdown_table([*header, "unaccounted"], rows)


TABLES = {"libraries": libraries_table, "funnel": funnel_table}


def write_readme_tables(readme: Path = README, directory: Path = DATA) -> str:
    """Rewrite the generated tables of ``readme`` (markers in the module docstring); returns a
    one-line summary. ``BugSetError`` when a marker pair is missing.
    """
    text = readme.read_text(encoding="utf-8")
    for name, make in TABLES.items():
        start, end = f"<!-- realbugs:{name} -->", f"<!-- /realbugs:{name} -->"
        pattern = re.compile(rf"{re.escape(start)}.*?{re.escape(end)}", re.S)
        if not pattern.search(text):
            raise BugSetError(f"{readme}: no {start} ... {end} markers")
        body = make(directory)
        text = pattern.sub(lambda _, b=body, s=start, e=end: f"{s}\n{b}\n{e}", text)
    readme.write_text(text, encoding="utf-8")
    return f"{readme}: tables rewritten from {len(library_dirs(directory))} bugs.json files"
