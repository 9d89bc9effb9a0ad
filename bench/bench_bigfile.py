"""Big files: the same function in a big file and in a 50-line file, compiled code reused off and
on, side by side.

``python -m bench.bench_bigfile [--repeats N] [--no-generate] [--no-write] [--table-only]``

Pairs (issue #27: "the first block <= 3x its time on a 50-line file", the SAME function): a real
big C file (``bench/data/realbugs/cwalk/cwalk.c``, 1,479 lines and its 499-line ``cwalk.h``), a
real C++ file with standard headers (``bench/data/realcode/clipper/clipper.cpp``) and a generated
2,009-line C++ file including ``<map>``, ``<string>`` and ``<vector>`` (``big_cpp()``, written to
a temporary directory), each with its target alone in a ~50-line file: the target unchanged with
the types, variables, includes and functions it needs (``bench/data/bigfile/``, cut by hand;
``big_cpp(4)`` for the generated one).

Each measurement runs in both configurations in turn (``DocTestRunner(reuse_compiled=False)`` /
``CDOCTEST_REUSE_COMPILED=0``, then on: precompiled headers, restored C state and mutants'
sessions compiling only what their block calls, docs/runner.md), so machine load affects both
alike:

- **fresh session**: a session that loads the file and runs one call, as the generator's mutation
  runner starts one per mutant (``warm=False``, ``compile_on_use`` with the reuse on),
  ``--repeats`` times; the median seconds;
- **block**: the same call as ``--repeats`` blocks on one warm runner (what candidate blocks cost:
  a warm session where the code allows one); the median seconds per block;
- **generate**: ``Generator(options=GenerateOptions(no_model=True, usage=False))`` on the target
  (usage mining off for both files of a pair: the big ones lie in this repository, whose whole
  tree would be mined), seconds to the first and to the final verified block (``on_phase``),
  whether the input search ran, was skipped (not enough of the time budget left) or was not
  needed (read off the result's notes: phase 2's search is not always in its timings), and the
  seconds per stage (``FunctionResult.timings``; ``setup``: from the request to the function's
  start, the file's parse and analysis).

The 1-minute load average is recorded at the start and the end. Rows go to
``bench/results/bigfile.json``; the table to ``docs/benchmarks.md`` (section ``bigfile``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from cdoctest_runner.example import Example  # noqa: E402
from cdoctest_runner.flags import code_under_test  # noqa: E402
from cdoctest_runner.loadable import included_texts  # noqa: E402
from cdoctest_runner.runner import DocTestRunner, examples_doctest  # noqa: E402
from server.api import GenerateOptions, PhaseResult, SourceOptions, TargetSelector  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "bigfile.json"
CONFIGS = {"off": False, "on": True}


@dataclass(frozen=True)
class Subject:
    """One file, the function generated for, and one call that runs its code."""

    label: str
    path: str
    function: str
    call: tuple[str, ...]  # example sources for the session measurement
    small: str | None  # the label of the same function's 50-line file; None for that file
    include_dirs: tuple[str, ...] = ()


@dataclass
class Row:
    """One file in one configuration."""

    label: str
    config: str
    lines: str  # the file's lines, '+' those of the project headers it includes
    session_s: float  # median seconds of a fresh session: start, load, one call
    block_s: float  # median seconds of one block of that call on a warm runner
    first_s: float | None = None  # generate: seconds to the first verified block
    final_s: float | None = None
    search: str = "-"  # the input search: 'ran', 'skipped' (time budget) or 'not needed'
    small: str | None = None  # the label of the same function's 50-line file
    stages: dict[str, float] = field(default_factory=dict)  # seconds per stage, 'setup' first
    message: str = ""


def big_cpp(functions: int = 154) -> str:
    """A C++ file of ``functions`` small functions over ``std::map``/``std::string``/``std::vector``
    (2,009 lines for 154): a big file that includes big headers, deterministic.
    """
    out = ["#include <map>", "#include <string>", "#include <vector>", "", "namespace big {", ""]
    for i in range(functions):
        out += [
            f"/// Sums the values of `v` above {i % 7}, as text after `p`.",
            f"std::string f{i}(const std::vector<int> &v, const std::string &p) {{",
            "    std::map<int, int> counts;",
            "    int total = 0;",
            "    for (int x : v) {",
            f"        if (x > {i % 7}) total += x * {i % 5 + 1};",
            "        counts[x]++;",
            "    }",
            "    std::string s = p;",
            '    s += std::to_string(total) + ":" + std::to_string(counts.size());',
            "    return s;",
            "}",
            "",
        ]
    out += ["}  // namespace big", ""]
    return "\n".join(out)


def subjects(tmp: str) -> list[Subject]:
    """The pairs measured, each big file before its 50-line one (generated ones under ``tmp``)."""
    big, small = os.path.join(tmp, "big.cpp"), os.path.join(tmp, "small", "big.cpp")
    os.makedirs(os.path.dirname(small))
    os.chmod(os.path.dirname(small), 0o755)
    Path(big).write_text(big_cpp())
    Path(small).write_text(big_cpp(4))
    data = ROOT / "bench" / "data"
    cwalk = str(data / "realbugs" / "cwalk")
    sep = ('cwk_path_is_separator("/")',)
    area = ("ClipperLib::Path p{{0, 0}, {4, 0}, {4, 3}};", "ClipperLib::Area(p)")
    f3 = ("std::vector<int> v{1, 5, 9};", 'big::f3(v, "n=")')
    return [
        Subject("cwalk.c (C, real)", os.path.join(cwalk, "cwalk.c"), "cwk_path_is_separator",
                sep, "cwalk_small.c", (cwalk,)),
        Subject("cwalk_small.c", str(data / "bigfile" / "cwalk_small.c"),
                "cwk_path_is_separator", sep, None, (cwalk,)),
        Subject("clipper.cpp (C++, real, STL)", str(data / "realcode" / "clipper" / "clipper.cpp"),
                "ClipperLib::Area", area, "clipper_small.cpp"),
        Subject("clipper_small.cpp", str(data / "bigfile" / "clipper_small.cpp"),
                "ClipperLib::Area", area, None),
        Subject("big.cpp (C++, generated, STL)", big, "big::f3", f3, "big.cpp, 4 functions"),
        Subject("big.cpp, 4 functions", small, "big::f3", f3, None),
    ]  # fmt: skip


def lines_of(subject: Subject) -> str:
    """The file's lines, and ``+`` those of the project headers it includes from its own directory
    or its include directories.
    """
    text = Path(subject.path).read_text(errors="replace")
    headers = included_texts(subject.path, text, subject.include_dirs)
    extra = sum(h.count("\n") for h in headers)
    return f"{text.count(chr(10))}" + (f" + {extra}" if extra else "")


def call_seconds(subject: Subject, reuse: bool, repeats: int, warm: bool) -> float:
    """Median seconds of one block of the subject's call: each in a fresh session (``warm``
    False; compiling only what the block calls with ``reuse``, as mutants' sessions do), or one
    after the other on one runner that keeps a warm session where it may.
    """
    code = replace(code_under_test(subject.path), include_dirs=subject.include_dirs)
    block = examples_doctest([Example(s) for s in subject.call])
    times = []
    with DocTestRunner(reuse_compiled=reuse, warm=warm, compile_on_use=not warm) as runner:
        for _ in range(repeats):
            t0 = time.monotonic()
            result = runner.run(block, code)
            times.append(time.monotonic() - t0)
            ran = all(r.outcome.name in ("PASSED", "FAILED") for r in result.results)
            if result.setup_error or not ran:
                bad = result.setup_error or [r.message for r in result.results]
                raise RuntimeError(f"{subject.label}: the call did not run: {bad}")
    return statistics.median(times)


def generate(subject: Subject, reuse: bool) -> Row:
    """Seconds to the first and final block, what became of the input search, seconds per stage
    (a row without the session measurements).
    """
    from server.generate.generator import Generator

    os.environ["CDOCTEST_REUSE_COMPILED"] = "1" if reuse else "0"  # the generator's runners
    phases: list[PhaseResult] = []
    # the file's own directory on the include path, as `cwalk.c`'s `#include <cwalk.h>` needs
    where = (os.path.dirname(subject.path), *subject.include_dirs)
    gen = Generator(
        options=GenerateOptions(no_model=True, usage=False),
        source_options=SourceOptions(include_dirs=where),
    )
    t0 = time.monotonic()
    try:
        result = gen.generate(
            subject.path, None, TargetSelector(name=subject.function), on_phase=phases.append
        )
    finally:
        gen.close()
        os.environ.pop("CDOCTEST_REUSE_COMPILED", None)
    elapsed = time.monotonic() - t0
    (fr,) = result.functions
    with_block = [p.seconds for p in phases if p.result.functions[0].edit]
    # the search's notes: phase 2's are in the message, not always in the timings
    if "no input search: not enough of the time budget" in fr.message:
        search = "skipped"
    elif fr.timings.get("searching") or "search:" in fr.message:
        search = "ran"
    else:
        search = "not needed"
    stages = {"setup": elapsed - fr.timings.get("total", 0.0), **fr.timings}
    return Row(
        subject.label, "on" if reuse else "off", lines_of(subject), 0.0, 0.0,
        first_s=round(with_block[0], 2) if with_block else None,
        final_s=round(with_block[-1], 2) if with_block else None,
        search=search, small=subject.small,
        stages={k: round(v, 2) for k, v in stages.items()}, message=fr.message[:300],
    )  # fmt: skip


def collect(args: argparse.Namespace) -> tuple[list[Row], dict[str, Any]]:
    """Measure every subject in both configurations in turn."""
    meta: dict[str, Any] = {"repeats": args.repeats, "load_start": os.getloadavg()}
    rows: list[Row] = []
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bigfile-") as tmp:
        os.chmod(tmp, 0o755)
        for subject in subjects(tmp):
            for config, reuse in CONFIGS.items():
                row = (
                    generate(subject, reuse)
                    if args.generate
                    else Row(subject.label, config, lines_of(subject), 0.0, 0.0,
                             small=subject.small)
                )  # fmt: skip
                row.session_s = round(call_seconds(subject, reuse, args.repeats, False), 3)
                row.block_s = round(call_seconds(subject, reuse, args.repeats, True), 3)
                rows.append(row)
                print(f"{subject.label} [{config}]: {asdict(row)}", file=sys.stderr)
    meta.update(load_end=os.getloadavg(), seconds=round(time.monotonic() - t0, 1))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1))
    return rows, meta


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(rows: list[Row]) -> str:
    """Per file: session and block times, off | on side by side, each big file's with its ratio to
    the same function's 50-line file in the same configuration.
    """
    by = {(r.label, r.config): r for r in rows}
    labels = list(dict.fromkeys(r.label for r in rows))

    def ratio(row: Row, attr: str) -> str:
        ref = by.get((row.small, row.config)) if row.small else None
        value, base = getattr(row, attr), getattr(ref, attr, None) if ref else None
        return "" if value is None or not base else f" ({value / base:.1f}x)"

    out = []
    for lb in labels:
        cells: list[object] = [lb, next(by[(lb, c)].lines for c in CONFIGS if (lb, c) in by)]
        for attr in ("session_s", "block_s", "first_s", "final_s"):
            for c in CONFIGS:
                r = by.get((lb, c))
                cells.append(_s(getattr(r, attr)) + ratio(r, attr) if r else "-")
        cells.append(" / ".join(by[(lb, c)].search for c in CONFIGS if (lb, c) in by))
        out.append(cells)
    header = ["file", "lines", "fresh session s off", "fresh session s on", "block s off",
              "block s on", "first block s off",
              "first block s on", "final block s off", "final block s on",
              "input search off / on"]  # fmt: skip
    return markdown_table(header, out)


def _block(message: str) -> str:
    """``'9 examples, 14/14 killed'`` from a result's message ('' when it says neither)."""
    n = re.search(r"(\d+) example\(s\) in the block", message)
    score = re.search(r"mutation score (\d+/\d+)", message)
    return ", ".join(
        part
        for part in (n and f"{n.group(1)} examples", score and f"{score.group(1)} killed")
        if part
    )


def stage_table(rows: list[Row]) -> str:
    """Where each generation's seconds went: setup (parse and analysis), then each stage."""
    keys = list(dict.fromkeys(k for r in rows for k in r.stages if k != "total"))
    out = [[r.label, r.config, *(_s(r.stages.get(k)) for k in keys), _block(r.message)]
           for r in rows if r.stages]  # fmt: skip
    return markdown_table(["file", "config", *(f"{k} s" for k in keys), "block"], out)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=5, help="fresh sessions per file and config")
    p.add_argument("--no-generate", dest="generate", action="store_false",
                   help="only the session measurement")  # fmt: skip
    p.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md alone")
    p.add_argument("--table-only", action="store_true", help="table bench/results/bigfile.json")
    p.add_argument("--note", default="", help="a paragraph appended to the table's text")
    args = p.parse_args(argv)
    if args.table_only:
        saved = json.loads(RESULTS.read_text())
        meta, rows = saved["meta"], [Row(**r) for r in saved["rows"]]
    else:
        rows, meta = collect(args)
    text = table(rows) + "\n\n" + stage_table(rows)
    print(text)
    if args.no_write or not rows:
        return 0
    load = ", ".join(f"{a:.1f}" for a in (meta["load_start"][0], meta["load_end"][0]))
    body = (
        f"`python -m bench.bench_bigfile` ({meta['seconds'] / 60:.0f} min; 1-minute load average "
        f"{load} at the start and the end, on a machine shared with other work). Each big file "
        "is paired with the same target function in a ~50-line file (`bench/data/bigfile/`: the "
        "function unchanged with the types, variables, includes and functions it needs; the "
        "generated big.cpp's is `big_cpp(4)`, the same `big::f3`); ratios are to that file in "
        "the same configuration. *off*: `DocTestRunner(reuse_compiled=False)` "
        "(`CDOCTEST_REUSE_COMPILED=0`): every session parses the prelude's and the file's "
        "headers and compiles every function of the file, and C code with file-scope state gets "
        "a fresh session per block; *on* (the default): sessions start from a cached precompiled "
        "header of those headers (`cdoctest_runner.precompiled`), a warm session of C code whose "
        "only state is file-scope variables is reused with them restored "
        "(`cdoctest_runner.snapshot`), and the mutants' fresh sessions load C++ code with its "
        "free functions `inline`, so that only what a block calls is compiled "
        "(`compile_on_use`; docs/runner.md). *fresh session*: median of "
        f"{meta['repeats']} fresh sessions that load the file and run one call (what each mutant "
        f"costs); *block*: median of {meta['repeats']} blocks of that call on one runner (what "
        "candidate blocks cost). *first/final block*: `GenerateOptions(no_model=True, "
        "usage=False)` on the target, seconds from the request (one run each; usage mining off "
        "for both files of a pair, since the big files lie in this repository); *input search*: "
        "ran, skipped for lack of time budget, or not needed (read off the result's notes). The "
        "second table splits each generation: *setup* from the request to the function's start "
        "(the file's parse and analysis), then `FunctionResult.timings` per stage.\n\n"
        f"{text}" + (f"\n\n{args.note}" if args.note else "")
    )
    write_section("bigfile", "Big files: compiled code reused", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
