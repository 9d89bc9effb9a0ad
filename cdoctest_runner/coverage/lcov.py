"""lcov tracefiles and per-function coverage (pure; used by ``cdoctest_runner.coverage.measure``).

``parse_lcov`` reads the ``DA`` (line hits) and ``BRDA`` (branch outcomes) records of each ``SF``
section; ``filter_lcov`` keeps the sections of the code under test under the user's paths;
``function_extents`` reads each function's line range from an ``llvm-cov export -format=text``
document and ``function_coverage`` counts the tracefile's lines and branch outcomes inside it, so
the per-function summary and the tracefile always agree. The format is the TRACEFILE FORMAT
section of lcov's geninfo(1) manual page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class FileRecord:
    """One ``SF:`` section of an lcov tracefile: line hits and branch outcomes (``None``: the
    branch's condition never ran, lcov's ``-``).
    """

    lines: dict[int, int] = field(default_factory=dict)
    branches: dict[tuple[int, str, str], int | None] = field(default_factory=dict)


def parse_lcov(text: str) -> dict[str, FileRecord]:
    """``DA`` and ``BRDA`` records per source file.

    >>> r = parse_lcov("SF:/a.c\\nDA:1,2\\nDA:2,0\\nBRDA:1,0,0,1\\nBRDA:1,0,1,-\\nend_of_record\\n")
    >>> r["/a.c"].lines, r["/a.c"].branches
    ({1: 2, 2: 0}, {(1, '0', '0'): 1, (1, '0', '1'): None})
    """
    records: dict[str, FileRecord] = {}
    current: FileRecord | None = None
    for line in text.splitlines():
        tag, _, value = line.partition(":")
        if tag == "SF":
            current = records.setdefault(value, FileRecord())
        elif current is None:
            continue
        elif tag == "DA":
            n, count = value.split(",")[:2]
            current.lines[int(n)] = current.lines.get(int(n), 0) + int(count)
        elif tag == "BRDA":
            n, block, branch, taken = value.split(",")
            current.branches[(int(n), block, branch)] = None if taken == "-" else int(taken)
    return records


def filter_lcov(text: str, keep: Sequence[str], rename: dict[str, str] | None = None) -> str:
    """The sections of ``text`` whose ``SF`` is in ``keep``, each ``SF`` renamed by ``rename``
    (and static functions' names without the program's file name).

    >>> text = "SF:/p/x.c\\nFN:1,block.c:f\\nDA:1,1\\nend_of_record\\nSF:/b.c\\nend_of_record\\n"
    >>> print(filter_lcov(text, ["/p/x.c"], {"/p/x.c": "/src/x.c"}), end="")
    SF:/src/x.c
    FN:1,f
    DA:1,1
    end_of_record
    """
    rename = rename or {}
    out: list[str] = []
    section: list[str] = []
    for line in text.splitlines():
        section.append(line)
        if line == "end_of_record":
            sf = next((ln[3:] for ln in section if ln.startswith("SF:")), "")
            if sf in keep:
                out += [_rename_line(ln, rename) for ln in section]
            section = []
    return "".join(ln + "\n" for ln in out)


def _rename_line(line: str, rename: dict[str, str]) -> str:
    """An lcov line with its ``SF`` renamed and the ``block.c:`` of a static function's name
    dropped (the program's file name, not the user's).
    """
    tag, _, value = line.partition(":")
    if tag == "SF":
        return f"SF:{rename.get(value, value)}"
    if tag in ("FN", "FNDA"):
        return re.sub(r",block\.(?:c|cpp):", ",", line, count=1)
    return line


@dataclass(frozen=True)
class FunctionCoverage:
    """Coverage of one function: the lcov lines and branch outcomes inside its extent."""

    name: str
    file: str
    first_line: int
    last_line: int
    lines_hit: int
    lines_total: int
    branches_hit: int
    branches_total: int


def function_coverage(
    records: dict[str, FileRecord], extents: Sequence[tuple[str, str, int, int]]
) -> list[FunctionCoverage]:
    """For each ``(name, file, first_line, last_line)``, the lines and branch outcomes of
    ``records[file]`` in that range (a branch outcome counts as hit when taken at least once).

    >>> recs = parse_lcov("SF:/f.c\\nDA:1,2\\nDA:2,2\\nDA:3,0\\nBRDA:2,0,0,2\\nBRDA:2,0,1,0\\n"
    ...                   "end_of_record\\n")
    >>> f = function_coverage(recs, [("sgn", "/f.c", 1, 3)])[0]
    >>> (f.lines_hit, f.lines_total, f.branches_hit, f.branches_total)
    (2, 3, 1, 2)
    """
    out = []
    for name, file, first, last in extents:
        rec = records.get(file, FileRecord())
        lines = [c for n, c in rec.lines.items() if first <= n <= last]
        branches = [c for (n, _, _), c in rec.branches.items() if first <= n <= last]
        out.append(
            FunctionCoverage(
                name,
                file,
                first,
                last,
                sum(1 for c in lines if c > 0),
                len(lines),
                sum(1 for c in branches if c),
                len(branches),
            )
        )
    return out


def function_extents(
    export: dict[str, Any], files: Sequence[str], rename: dict[str, str] | None = None
) -> list[tuple[str, str, int, int]]:
    """``(name, file, first_line, last_line)`` of every function of ``files`` in an
    ``llvm-cov export -format=text`` document: the lines its code regions span in its own file.
    """
    rename = rename or {}
    out = []
    for data in export.get("data", []):
        for fn in data.get("functions", []):
            filenames = fn.get("filenames") or [""]
            if filenames[0] not in files:
                continue
            spans = [(r[0], r[2]) for r in fn.get("regions", []) if r[5] == 0 and r[7] == 0]
            if not spans:
                continue
            first, last = min(a for a, _ in spans), max(b for _, b in spans)
            name = fn["name"].split(";")[-1]
            name = re.sub(r"^block\.(?:c|cpp):", "", name)
            out.append((name, rename.get(filenames[0], filenames[0]), first, last))
    return sorted(set(out), key=lambda e: (e[1], e[2], e[0]))
