"""Big files: session cost and first/final block, compiled code reused off and on, side by side.

``python -m bench.bench_bigfile [--repeats N] [--no-generate] [--no-write] [--table-only]``

Files (issue #27): two small ones (``examples/gen/scoring.c``, 39 lines; ``stock.cpp``, 46 lines
with ``<string>``), a real big C file (``bench/data/realbugs/cwalk``: ``cwalk.c``, 1,479 lines,
including its 499-line ``cwalk.h``), a real C++ file with standard headers
(``bench/data/realcode/clipper/clipper.cpp``) and a generated 2,009-line C++ file including
``<map>``, ``<string>`` and ``<vector>`` (``big_cpp()``, written to a temporary directory).

Each measurement runs in both configurations in turn (``DocTestRunner(reuse_compiled=False)`` /
``CDOCTEST_REUSE_COMPILED=0``, then on: precompiled headers and restored C state, docs/runner.md),
so machine load affects both alike:

- **fresh session**: a session that loads the file and runs one call (what every mutant costs),
  ``--repeats`` times; the median seconds;
- **block**: the same call as ``--repeats`` blocks on one warm runner (what candidate blocks cost:
  a warm session where the code allows one); the median seconds per block;
- **generate**: ``Generator(options=GenerateOptions(no_model=True))`` on one function of the file,
  seconds to the first and to the final verified block (``on_phase``), and whether the input search
  ran, was skipped (not enough of the time budget left) or was not needed.

The 1-minute load average is recorded at the start and the end. Rows go to
``bench/results/bigfile.json``; the table to ``docs/benchmarks.md`` (section ``bigfile``).
"""

from __future__ import annotations

import argparse
import json
import os
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
from cdoctest_runner.example import Example  # noqa: E402
from cdoctest_runner.flags import code_under_test  # noqa: E402
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
    small: bool


@dataclass
class Row:
    """One file in one configuration."""

    label: str
    config: str
    lines: int
    session_s: float  # median seconds of a fresh session: start, load, one call
    block_s: float  # median seconds of one block of that call on a warm runner
    first_s: float | None = None  # generate: seconds to the first verified block
    final_s: float | None = None
    search: str = "-"  # the input search: 'ran', 'skipped' (time budget) or 'not needed'


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
    """The files measured (the generated one written under ``tmp``)."""
    big = os.path.join(tmp, "big.cpp")
    Path(big).write_text(big_cpp())
    gen, data = ROOT / "examples" / "gen", ROOT / "bench" / "data"
    return [
        Subject("scoring.c (C, small)", str(gen / "scoring.c"), "clamp_score",
                ("clamp_score(120)",), True),
        Subject("stock.cpp (C++, small)", str(gen / "stock.cpp"), "shop::discounted",
                ("shop::discounted(1000, 15)",), True),
        Subject("cwalk.c (C, real)", str(data / "realbugs" / "cwalk" / "cwalk.c"),
                "cwk_path_get_intersection", ('cwk_path_get_intersection("/a/b", "/a/c")',),
                False),
        Subject("clipper.cpp (C++, real, STL)", str(data / "realcode" / "clipper" / "clipper.cpp"),
                "ClipperLib::Area", ("ClipperLib::Path p{{0, 0}, {4, 0}, {4, 3}};",
                                     "ClipperLib::Area(p)"), False),
        Subject("big.cpp (C++, generated, STL)", big, "big::f3",
                ("std::vector<int> v{1, 5, 9};", 'big::f3(v, "n=")'), False),
    ]  # fmt: skip


def lines_of(path: str) -> int:
    """Lines of the file and of the project headers it includes from its own directory."""
    here = os.path.dirname(path)
    total = 0
    for name in [os.path.basename(path)] + [
        n for n in os.listdir(here) if n.endswith((".h", ".hpp"))
    ]:
        total += Path(here, name).read_text(errors="replace").count("\n")
    return total


def call_seconds(subject: Subject, reuse: bool, repeats: int, warm: bool) -> float:
    """Median seconds of one block of the subject's call: each in a fresh session (``warm``
    False), or one after the other on one runner that keeps a warm session where it may.
    """
    code = code_under_test(subject.path)
    block = examples_doctest([Example(s) for s in subject.call])
    times = []
    with DocTestRunner(reuse_compiled=reuse, warm=warm) as runner:
        for _ in range(repeats):
            t0 = time.monotonic()
            result = runner.run(block, code)
            times.append(time.monotonic() - t0)
            ran = all(r.outcome.name in ("PASSED", "FAILED") for r in result.results)
            if result.setup_error or not ran:
                bad = result.setup_error or [r.message for r in result.results]
                raise RuntimeError(f"{subject.label}: the call did not run: {bad}")
    return statistics.median(times)


def generate(subject: Subject, reuse: bool) -> tuple[float | None, float | None, str]:
    """Seconds to the first and final block, and what became of the input search."""
    from server.pipeline import Generator

    os.environ["CDOCTEST_REUSE_COMPILED"] = "1" if reuse else "0"  # the generator's runners
    phases: list[PhaseResult] = []
    # the file's own directory on the include path, as `cwalk.c`'s `#include <cwalk.h>` needs
    here = SourceOptions(include_dirs=(os.path.dirname(subject.path),))
    gen = Generator(options=GenerateOptions(no_model=True), source_options=here)
    try:
        result = gen.generate(
            subject.path, None, TargetSelector(name=subject.function), on_phase=phases.append
        )
    finally:
        gen.close()
        os.environ.pop("CDOCTEST_REUSE_COMPILED", None)
    (fr,) = result.functions
    with_block = [p.seconds for p in phases if p.result.functions[0].edit]
    searching = fr.timings.get("searching")  # 0.0: skipped for lack of budget; none: not needed
    search = "not needed" if searching is None else "ran" if searching > 0.0 else "skipped"
    first = round(with_block[0], 2) if with_block else None
    final = round(with_block[-1], 2) if with_block else None
    return first, final, search


def collect(args: argparse.Namespace) -> tuple[list[Row], dict[str, Any]]:
    """Measure every subject in both configurations in turn."""
    meta: dict[str, Any] = {"repeats": args.repeats, "load_start": os.getloadavg()}
    rows: list[Row] = []
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bigfile-") as tmp:
        os.chmod(tmp, 0o755)
        for subject in subjects(tmp):
            for config, reuse in CONFIGS.items():
                row = Row(subject.label, config, lines_of(subject.path),
                          round(call_seconds(subject, reuse, args.repeats, False), 3),
                          round(call_seconds(subject, reuse, args.repeats, True), 3))  # fmt: skip
                if args.generate:
                    row.first_s, row.final_s, row.search = generate(subject, reuse)
                rows.append(row)
                print(f"{subject.label} [{config}]: {asdict(row)}", file=sys.stderr)
    meta.update(load_end=os.getloadavg(), seconds=round(time.monotonic() - t0, 1))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1))
    return rows, meta


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(rows: list[Row]) -> str:
    """Per file: session and block times, off | on side by side, each with its ratio to the small
    file of the same language in the same configuration.
    """
    by = {(r.label, r.config): r for r in rows}
    labels = list(dict.fromkeys(r.label for r in rows))

    def ratio(row: Row, attr: str) -> str:
        lang = row.label.split("(")[1].split(",")[0]
        ref = next((by.get((lb, row.config)) for lb in labels if f"({lang}, small)" in lb), None)
        value, base = getattr(row, attr), getattr(ref, attr, None) if ref else None
        if value is None or not base or ref is row:
            return ""
        return f" ({value / base:.1f}x)"

    out = []
    for lb in labels:
        cells: list[object] = [lb, by[(lb, "off")].lines if (lb, "off") in by else ""]
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
    text = table(rows)
    print(text)
    if args.no_write or not rows:
        return 0
    load = ", ".join(f"{a:.1f}" for a in (meta["load_start"][0], meta["load_end"][0]))
    body = (
        f"`python -m bench.bench_bigfile` ({meta['seconds'] / 60:.0f} min; 1-minute load average "
        f"{load} at the start and the end, on a machine shared with other work). *off*: "
        "`DocTestRunner(reuse_compiled=False)` (`CDOCTEST_REUSE_COMPILED=0`): every session parses "
        "the prelude's and the file's headers, and C code with file-scope state gets a fresh "
        "session per block; *on* (the default): sessions start from a cached precompiled header "
        "of those headers (`cdoctest_runner.precompiled`), and a warm session of C code whose only "
        "state is file-scope variables is reused with them restored (`cdoctest_runner.snapshot`; "
        "docs/runner.md). *fresh session*: median of "
        f"{meta['repeats']} fresh sessions that load the file and run one call (what each mutant "
        f"costs); *block*: median of {meta['repeats']} blocks of that call on one runner (what "
        "candidate blocks cost). *first/final block*: `GenerateOptions(no_model=True)` on one "
        "function of the file, seconds from the request (one run each); *input search*: ran, "
        "skipped for lack of time budget, or not needed (no search step in the trace). Ratios: "
        "to the small file of the same language in the same configuration.\n\n"
        f"{text}" + (f"\n\n{args.note}" if args.note else "")
    )
    write_section("bigfile", "Big files: compiled code reused", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
