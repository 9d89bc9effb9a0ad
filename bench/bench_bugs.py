"""Realistic-bug benchmark: whether the generated blocks catch the bugs people actually write.

``python -m bench.bench_bugs [--quick] [--functions NAME ...] [--no-model]
[--only fallback|model|default] [--samples N] [--seed S] [--no-write] [--table-only] [--validate]``

The set is ``bench/data/bugs/``: one self-contained C or C++ file per function, each with a
realistic doc comment, and ``index.json`` listing per file the target ``function``, a ``category``,
``witness`` calls (hand-written inputs that tell every bug apart from the original; used only by
``--validate`` and the tests, never by the generator) and 3-5 hand-written ``bugs``: a one-line
``desc`` and a ``find``/``replace`` patch applied to the correct file (``find`` must occur exactly
once). The bugs are written by hand, not by ``cdoctest_runner.mutation.mutate``'s operators.

For each function and configuration the generator makes a block on the *correct* file; the block
is then run on every buggy version. A bug is **caught** when the block does not pass on it (a
different output, a crash, a timeout or an example that no longer compiles). Configurations:
``fallback`` (``GenerateOptions(no_model=True)``), ``model`` (``Generator(fallback='never')``) and
``default`` (the default pipeline). ``--no-model`` runs the fallback only; ``--quick`` a subset of
8 functions; ``--functions`` the named ones (a file, ``ring_buffer.cpp``, or
``file::function``). Rows go to ``bench/results/SECTION.json`` after every function, the table to
``docs/benchmarks.md`` (section ``bugs`` unless ``--section``).

``--validate`` checks the data set instead: every patch applies, every buggy file loads, and the
witness calls give a different result on every buggy version than on the correct one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from cdoctest_runner.example import CodeUnderTest, DocTest, Example  # noqa: E402
from server.api import GenerateOptions, TargetSelector  # noqa: E402

BUGS_DIR = Path(__file__).resolve().parent / "data" / "bugs"
RESULTS_DIR = ROOT / "bench" / "results"
QUICK = (
    "parse_int.c",
    "str_trim.c",
    "triangle.cpp",
    "split.cpp",
    "days_in_month.c",
    "safe_add.c",
    "pow2.c",
    "account.cpp",
)
CONFIGS = ("fallback", "model", "default")


class BugSetError(ValueError):
    """The data set is inconsistent (a patch that does not apply once, a missing file)."""


@dataclass(frozen=True)
class Bug:
    """One hand-written bug: replace ``find`` (exactly one occurrence) by ``replace``."""

    desc: str
    find: str
    replace: str

    def apply(self, text: str, where: str = "") -> str:
        """Return ``text`` with the bug in it (``BugSetError`` unless ``find`` occurs once)."""
        n = text.count(self.find)
        if n != 1:
            raise BugSetError(f"{where}: {self.desc!r}: `find` occurs {n} times, not once")
        return text.replace(self.find, self.replace)


@dataclass(frozen=True)
class BugFunction:
    """One function of the set with its bugs."""

    path: str
    function: str
    category: str
    witness: tuple[str, ...]
    bugs: tuple[Bug, ...]

    @property
    def name(self) -> str:
        """``file::function``, for reports."""
        return f"{Path(self.path).name}::{self.function}"

    @property
    def text(self) -> str:
        """The correct source."""
        return Path(self.path).read_text(encoding="utf-8")

    def code(self, text: str | None = None) -> CodeUnderTest:
        """The file (or ``text`` in its place, e.g. a buggy version) as code under test."""
        return CodeUnderTest(
            path=self.path, text=text, language=CodeUnderTest.language_of(self.path)
        )

    def buggy_texts(self) -> list[str]:
        """The source with each bug applied, in order."""
        text = self.text
        return [b.apply(text, self.name) for b in self.bugs]


def load_bugs(
    directory: Path = BUGS_DIR, quick: bool = False, functions: tuple[str, ...] = ()
) -> list[BugFunction]:
    """Read ``index.json`` (every file must exist; every patch must apply exactly once); with
    ``functions``, only the entries named there (a file name or ``file::function``).
    """
    entries = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    out = []
    for e in entries:
        path = directory / e["file"]
        if not path.is_file():
            raise BugSetError(f"{path} is listed in index.json but missing")
        if quick and e["file"] not in QUICK:
            continue
        if functions and not {e["file"], f"{e['file']}::{e['function']}"} & set(functions):
            continue
        bugs = tuple(Bug(b["desc"], b["find"], b["replace"]) for b in e["bugs"])
        fn = BugFunction(str(path), e["function"], e["category"], tuple(e["witness"]), bugs)
        fn.buggy_texts()  # validates the patches
        out.append(fn)
    return out


def _block(examples: tuple[Example, ...] | list[Example], fn: BugFunction) -> DocTest:
    return DocTest(
        examples=tuple(examples),
        name=f"bugs::{fn.name}",
        filename=fn.path,
        lineno=1,
        end_lineno=1,
    )


def bugs_caught(
    examples: tuple[Example, ...], fn: BugFunction, runner: Any
) -> tuple[list[bool], bool]:
    """Run ``examples`` (a block that passes on the correct file) on every buggy version.

    Returns ``(caught per bug, passed on the correct file)``.
    """
    if not examples:
        return [False] * len(fn.bugs), False
    test = _block(examples, fn)
    jobs = [(test, fn.code())] + [(test, fn.code(t)) for t in fn.buggy_texts()]
    results = runner.run_many(jobs)
    base, rest = results[0], results[1:]
    return [not r.passed for r in rest], base.passed


def validate(fns: list[BugFunction], runner: Any) -> list[str]:
    """Problems of the set: buggy files that do not load, bugs the witness cannot tell apart."""
    from cdoctest_runner.checker import OutputChecker

    checker = OutputChecker()
    problems: list[str] = []
    jobs = []
    for fn in fns:
        test = _block([Example(s) for s in fn.witness], fn)
        jobs.append((test, fn.code()))
        jobs += [(test, fn.code(t)) for t in fn.buggy_texts()]
    results = iter(runner.run_many(jobs))
    for fn in fns:
        base = next(results)
        if base.setup_error or any(
            r.outcome.value not in ("passed", "failed") for r in base.results
        ):
            problems.append(f"{fn.name}: the witness does not run on the correct file: {base}")
        for bug in fn.bugs:
            r = next(results)
            if r.setup_error is not None:
                problems.append(f"{fn.name}: {bug.desc!r}: the buggy file does not load")
                continue
            same = len(r.results) == len(base.results) and all(
                a.outcome is b.outcome and checker.check(a.got, b.got)
                for a, b in zip(base.results, r.results, strict=True)
            )
            if same:
                problems.append(f"{fn.name}: {bug.desc!r}: the witness does not detect it")
    return problems


@dataclass
class Row:
    """What one configuration did for one function."""

    config: str
    function: str
    category: str
    verified: bool
    origin: str
    examples: int
    bugs: int
    caught: int
    caught_bugs: list[str]
    missed_bugs: list[str]
    mutation_score: float | None
    seconds: float
    budget_s: float
    message: str


def run_function(config: str, gen: Any, fn: BugFunction, runner: Any) -> Row:
    """Generate a block for ``fn`` on the correct file, then run it on every buggy version."""
    t0 = time.monotonic()
    fr = None
    try:
        result = gen.generate(fn.path, None, TargetSelector(name=fn.function))
        fr = result.functions[0] if result.functions else None
    except Exception as exc:  # noqa: BLE001 - a benchmark reports and goes on
        message = f"FAILED {type(exc).__name__}: {exc}"
    seconds = time.monotonic() - t0
    verified = fr is not None and fr.status == "verified"
    examples = fr.examples if verified and fr is not None else ()
    caught, _ = bugs_caught(examples, fn, runner)
    if fr is not None:
        message = fr.message
    return Row(
        config=config,
        function=fn.name,
        category=fn.category,
        verified=verified,
        origin=fr.origin if fr is not None else "none",
        examples=len(examples),
        bugs=len(fn.bugs),
        caught=sum(caught),
        caught_bugs=[b.desc for b, c in zip(fn.bugs, caught, strict=True) if c],
        missed_bugs=[b.desc for b, c in zip(fn.bugs, caught, strict=True) if not c],
        mutation_score=fr.mutation_score if fr is not None else None,
        seconds=round(seconds, 2),
        budget_s=gen.options.time_budget_s,
        message=message,
    )


def generators(configs: tuple[str, ...], samples: int, seed: int) -> dict[str, Any]:
    """``Generator`` per configuration name."""
    from server.generate.generator import Generator

    made = {
        "fallback": lambda: Generator(options=GenerateOptions(no_model=True, seed=seed)),
        "model": lambda: Generator(
            options=GenerateOptions(samples=samples, seed=seed), fallback="never"
        ),
        "default": lambda: Generator(options=GenerateOptions(samples=samples, seed=seed)),
    }
    return {c: made[c]() for c in configs}


def summary(rows: list[Row]) -> list[object]:
    """The table cells of one configuration."""
    bugs = sum(r.bugs for r in rows)
    caught = sum(r.caught for r in rows)
    verified = [r for r in rows if r.verified]
    over = sum(1 for r in rows if r.seconds > r.budget_s)
    return [
        f"{len(verified)}/{len(rows)}",
        f"{caught}/{bugs} ({caught / bugs:.0%})" if bugs else "-",
        f"{statistics.mean(r.examples for r in verified):.1f}" if verified else "-",
        f"{statistics.median(r.seconds for r in rows):.1f}" if rows else "-",
        f"{max(r.seconds for r in rows):.0f}" if rows else "-",
        str(over),
    ]


def table(rows: list[Row]) -> str:
    """The markdown table, one line per configuration."""
    header = [
        "configuration",
        "verified block",
        "bugs caught",
        "examples/block",
        "median s/function",
        "max s",
        "over budget",
    ]
    body = [[c, *summary(sel)] for c in CONFIGS if (sel := [r for r in rows if r.config == c])]
    return markdown_table(header, body)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or ``--validate`` the set); write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help=f"{len(QUICK)} functions only")
    p.add_argument(
        "--functions",
        nargs="+",
        default=[],
        metavar="NAME",
        help="these functions only: a file (ring_buffer.cpp) or file::function",
    )
    p.add_argument("--no-model", action="store_true", help="the fallback configuration only")
    p.add_argument("--only", choices=CONFIGS, help="run one configuration only")
    p.add_argument("--samples", type=int, default=GenerateOptions().samples)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md alone")
    p.add_argument("--section", default="bugs")
    p.add_argument("--table-only", action="store_true", help="table bench/results/SECTION.json")
    p.add_argument("--validate", action="store_true", help="check the data set and exit")
    p.add_argument(
        "--reverse", action="store_true", help="last function first (a second process from the end)"
    )
    p.add_argument(
        "--merge",
        metavar="SECTION",
        action="append",
        default=[],
        help="with --table-only: add the rows of bench/results/SECTION.json (first row per "
        "configuration and function wins)",
    )
    args = p.parse_args(argv)

    from cdoctest_runner.runner import DocTestRunner

    if args.table_only:
        saved = json.loads((RESULTS_DIR / f"{args.section}.json").read_text())
        meta, rows = saved["meta"], [Row(**r) for r in saved["rows"]]
        for other in args.merge:
            more = json.loads((RESULTS_DIR / f"{other}.json").read_text())
            seen = {(r.config, r.function) for r in rows}
            rows += [Row(**r) for r in more["rows"] if (r["config"], r["function"]) not in seen]
            meta["seconds"] = max(meta["seconds"], more["meta"]["seconds"])
        meta["functions_done"] = len({r.function for r in rows})
    else:
        fns = load_bugs(quick=args.quick, functions=tuple(args.functions))
        if args.functions and not fns:
            p.error(f"no function of the set is named {' '.join(args.functions)}")
        if args.reverse:
            fns.reverse()
        runner = DocTestRunner(workers=2)
        try:
            if args.validate:
                problems = validate(fns, runner)
                for line in problems:
                    print(line)
                n = sum(len(f.bugs) for f in fns)
                print(f"{len(fns)} functions, {n} bugs, {len(problems)} problem(s)")
                return 1 if problems else 0
            configs = ("fallback",) if args.no_model else CONFIGS
            if args.only:
                configs = (args.only,)
            rows, meta = _collect(fns, configs, args, runner)
        finally:
            runner.close()
    text = table(rows)
    print(text)
    if not args.no_write and rows:
        write_section(args.section, "Realistic bugs caught", _body(text, rows, meta))
    return 0


def _collect(
    fns: list[BugFunction], configs: tuple[str, ...], args: argparse.Namespace, runner: Any
) -> tuple[list[Row], dict[str, Any]]:
    gens = generators(configs, args.samples, args.seed)
    meta: dict[str, Any] = {
        "quick": args.quick,
        "configs": list(configs),
        "samples": args.samples,
        "seed": args.seed,
        "functions_total": len(fns),
        "functions_done": 0,
        "seconds": 0.0,
    }
    rows: list[Row] = []
    t0 = time.monotonic()
    try:
        for n, fn in enumerate(fns):
            for name, gen in gens.items():
                row = run_function(name, gen, fn, runner)
                rows.append(row)
                print(
                    f"[{name}] {row.function}: {row.caught}/{row.bugs} caught, "
                    f"{row.examples} ex, {row.seconds:.1f}s ({row.origin}); missed: "
                    f"{'; '.join(row.missed_bugs) or '-'}",
                    file=sys.stderr,
                )
            meta["functions_done"] = n + 1
            meta["seconds"] = time.monotonic() - t0
            RESULTS_DIR.mkdir(parents=True, exist_ok=True)
            out = RESULTS_DIR / f"{args.section}.json"
            out.write_text(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1))
    finally:
        for gen in gens.values():
            gen.close()
    return rows, meta


def _body(text: str, rows: list[Row], meta: dict[str, Any]) -> str:
    n = len({r.function for r in rows})
    cut = (
        f" Cut short after {meta['functions_done']} of {meta['functions_total']} functions."
        if meta["functions_done"] < meta["functions_total"]
        else ""
    )
    cmd = "python -m bench.bench_bugs" + (" --quick" if meta["quick"] else "")
    return (
        f"{n} functions of `bench/data/bugs` with hand-written bugs (`{cmd}`, configurations "
        f"{', '.join(meta['configs'])}; samples={meta['samples']}, seed={meta['seed']}; "
        f"{meta['seconds'] / 60:.0f} min in all).{cut}\n\n{text}\n\n"
        "*bugs caught*: the block generated on the correct function does not pass on the buggy "
        "version. *over budget*: functions slower than `GenerateOptions.time_budget_s`. "
        "Per-function rows, with the missed bugs: `bench/results/bugs.json`."
    )


if __name__ == "__main__":
    raise SystemExit(main())
