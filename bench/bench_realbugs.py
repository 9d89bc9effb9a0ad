"""Real-bug benchmark: whether the generated blocks catch bugs that upstream projects really fixed.

``python -m bench.bench_realbugs [--quick] [--no-model] [--only fallback|default]
[--libraries a,b] [--usage-root DIR] [--no-write] [--table-only] [--validate]``

The set is ``bench/data/realbugs/``: one directory per small open-source C library (vendored as it
is today, with its licence; provenance in its README) and ``index.json``. ``libraries`` gives per
library its repository, licence and the extra compile ``flags`` it needs (paths relative to its
directory); ``functions`` lists per target function its ``library``, ``file`` and the ``bugs``
fixed upstream in the code it runs. Each bug has a one-line ``desc``, the fix ``commit`` (hash in
the library's repository), a ``find``/``replace`` patch that puts the old (buggy) code back into
today's file (``find`` must occur exactly once) and a ``witness``: a cdoctest block (``>>>``
inputs and their expected output on today's code) whose output differs on the buggy code. The
witnesses are used only by ``--validate`` and the tests, never by the generator.

For each function and configuration the generator makes a block on today's file; the block is then
run on every buggy version. A bug is **caught** when the block does not pass on it (a different
output, a crash, a timeout or an example that no longer compiles). Configurations: ``fallback``
(``GenerateOptions(no_model=True)``, what ``--no-model`` gives) and ``default`` (the default
pipeline). ``--no-model`` runs the fallback only; ``--quick`` one function per library;
``--libraries`` re-runs the named libraries and keeps the saved rows of the others. Rows go to
``bench/results/realbugs.json`` after every function, the table to ``docs/benchmarks.md`` (section
``realbugs``).

Usage mining (``server.analysis.usage``) needs the project around a library's file: the vendored
files have none, so it is off unless ``--usage-root DIR`` names the projects that
``bench/usage_realbugs.py --extract`` rebuilt (``DIR/<lib>/``: each library's tests, examples and
README as of the parent of its earliest fix); each library's is then its ``project_root``.

``--validate`` checks the data set instead: every patch applies once, every buggy file loads, and
every witness passes on today's file and fails on the buggy one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.bench_bugs import Bug, BugSetError  # noqa: E402
from cdoctest_runner.example import CodeUnderTest, DocTest, Example  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "realbugs"
RESULTS = ROOT / "bench" / "results" / "realbugs.json"
CONFIGS = ("fallback", "default")


@dataclass(frozen=True)
class RealBug(Bug):
    """A bug fixed upstream in ``commit``; ``witness`` is a cdoctest block that tells it apart."""

    commit: str = ""
    witness: str = ""

    def witness_examples(self) -> list[Example]:
        """The witness block as examples (each with the output today's code gives)."""
        from cdoctest_runner.parser import parse_examples

        return parse_examples(self.witness)


@dataclass(frozen=True)
class RealBugFunction:
    """One target function of a library with the upstream bugs reachable through it."""

    library: str
    path: str
    function: str
    flags: tuple[str, ...]
    bugs: tuple[RealBug, ...]

    @property
    def name(self) -> str:
        """``library/file::function``, for reports."""
        return f"{self.library}/{Path(self.path).name}::{self.function}"

    @property
    def text(self) -> str:
        """Today's source."""
        return Path(self.path).read_text(encoding="utf-8")

    def code(self, text: str | None = None) -> CodeUnderTest:
        """The file (or ``text`` in its place, e.g. a buggy version) with the library's flags."""
        return CodeUnderTest(
            path=self.path,
            text=text,
            language=CodeUnderTest.language_of(self.path),
            flags=self.flags,
        )

    def buggy_texts(self) -> list[str]:
        """Today's source with each bug put back, in order."""
        text = self.text
        return [b.apply(text, self.name) for b in self.bugs]


def _flags(raw: list[str], directory: Path) -> tuple[str, ...]:
    """Library flags with ``{dir}`` replaced by the library's absolute directory."""
    return tuple(f.replace("{dir}", str(directory.resolve())) for f in raw)


def load_realbugs(
    directory: Path = DATA, quick: bool = False, libraries: tuple[str, ...] = ()
) -> list[RealBugFunction]:
    """Read ``index.json`` (files must exist, patches must apply exactly once)."""
    index = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    libs = index["libraries"]
    out: list[RealBugFunction] = []
    seen: set[str] = set()
    for e in index["functions"]:
        lib = e["library"]
        if lib not in libs:
            raise BugSetError(f"{e['file']}: library {lib!r} is not in 'libraries'")
        if libraries and lib not in libraries:
            continue
        if quick and lib in seen:
            continue
        path = directory / lib / e["file"]
        if not path.is_file():
            raise BugSetError(f"{path} is listed in index.json but missing")
        bugs = tuple(
            RealBug(b["desc"], b["find"], b["replace"], b["commit"], b["witness"])
            for b in e["bugs"]
        )
        flags = _flags(libs[lib].get("flags", []), directory / lib)
        fn = RealBugFunction(lib, str(path), e["function"], flags, bugs)
        fn.buggy_texts()  # validates the patches
        out.append(fn)
        seen.add(lib)
    return out


def _block(examples: list[Example] | tuple[Example, ...], fn: RealBugFunction) -> DocTest:
    return DocTest(
        examples=tuple(examples),
        name=f"realbugs::{fn.name}",
        filename=fn.path,
        lineno=1,
        end_lineno=1,
    )


def validate(fns: list[RealBugFunction], runner: Any) -> list[str]:
    """Problems of the set: witnesses that fail on today's code or pass on the buggy code,
    buggy files that do not load.
    """
    problems: list[str] = []
    jobs = []
    for fn in fns:
        for bug, buggy in zip(fn.bugs, fn.buggy_texts(), strict=True):
            test = _block(bug.witness_examples(), fn)
            jobs += [(test, fn.code()), (test, fn.code(buggy))]
    results = iter(runner.run_many(jobs))
    for fn in fns:
        for bug in fn.bugs:
            good, bad = next(results), next(results)
            where = f"{fn.name} {bug.commit[:10]}: {bug.desc!r}"
            if not bug.witness_examples():
                problems.append(f"{where}: the witness has no examples")
            elif not good.passed:
                problems.append(f"{where}: the witness fails on today's code: {_why(good)}")
            if bad.setup_error is not None:
                problems.append(f"{where}: the buggy file does not load: {bad.setup_error}")
            elif bad.passed:
                problems.append(f"{where}: the witness passes on the buggy code")
    return problems


def _why(result: Any) -> str:
    if result.setup_error is not None:
        return f"setup error {result.setup_error}"
    bad = [r for r in result.results if r.outcome.value != "passed"]
    return "; ".join(f"{r.example.source!r} -> {r.outcome.value} {r.got!r}" for r in bad[:2])


def bugs_caught(
    examples: tuple[Example, ...], fn: RealBugFunction, runner: Any
) -> tuple[list[bool], bool]:
    """Run ``examples`` (a block verified on today's file) on every buggy version.

    Returns ``(caught per bug, passed on today's file)``.
    """
    if not examples:
        return [False] * len(fn.bugs), False
    test = _block(examples, fn)
    jobs = [(test, fn.code())] + [(test, fn.code(t)) for t in fn.buggy_texts()]
    results = runner.run_many(jobs)
    base, rest = results[0], results[1:]
    return [not r.passed for r in rest], base.passed


@dataclass
class Row:
    """What one configuration did for one function."""

    config: str
    library: str
    function: str
    verified: bool
    origin: str
    examples: int
    bugs: int
    caught: int
    caught_bugs: list[str]
    missed_bugs: list[str]
    mutation_score: float | None
    seconds: float
    message: str
    block: list[str] = field(default_factory=list)  # the generated examples, ``source -> want``


def run_function(
    config: str, gen: Any, fn: RealBugFunction, runner: Any, usage_root: Path | None = None
) -> Row:
    """Generate a block for ``fn`` on today's file, then run it on every buggy version
    (``usage_root``: the rebuilt projects usage is mined from, ``usage_root/<library>``).
    """
    from server.api import SourceOptions, TargetSelector

    root = str(usage_root / fn.library) if usage_root is not None else None
    gen.source_options = replace(SourceOptions(), extra_flags=fn.flags, project_root=root)
    t0 = time.monotonic()
    fr = None
    message = ""
    try:
        result = gen.generate(fn.path, None, TargetSelector(name=fn.function))
        fr = result.functions[0] if result.functions else None
    except Exception as exc:  # noqa: BLE001 - a benchmark reports and goes on
        message = f"FAILED {type(exc).__name__}: {exc}"
    seconds = time.monotonic() - t0
    verified = fr is not None and fr.status == "verified"
    examples = tuple(fr.examples) if verified and fr is not None else ()
    caught, _ = bugs_caught(examples, fn, runner)
    if fr is not None:
        message = fr.message
    label = [f"{b.commit[:7]} {b.desc}" for b in fn.bugs]
    return Row(
        config=config,
        library=fn.library,
        function=fn.name,
        verified=verified,
        origin=fr.origin if fr is not None else "none",
        examples=len(examples),
        bugs=len(fn.bugs),
        caught=sum(caught),
        caught_bugs=[d for d, c in zip(label, caught, strict=True) if c],
        missed_bugs=[d for d, c in zip(label, caught, strict=True) if not c],
        mutation_score=fr.mutation_score if fr is not None else None,
        seconds=round(seconds, 2),
        message=message[:300],
        block=[f"{e.source.strip()} -> {e.want.strip()}" for e in examples],
    )


def generators(configs: tuple[str, ...], seed: int, usage: bool = False) -> dict[str, Any]:
    """``Generator`` per configuration name (``usage``: usage mining on)."""
    from server.api import GenerateOptions
    from server.generate.generator import Generator

    made = {
        "fallback": lambda: Generator(
            options=GenerateOptions(no_model=True, seed=seed, usage=usage)
        ),
        "default": lambda: Generator(options=GenerateOptions(seed=seed, usage=usage)),
    }
    return {c: made[c]() for c in configs}


def _cell(rows: list[Row]) -> str:
    bugs = sum(r.bugs for r in rows)
    caught = sum(r.caught for r in rows)
    return f"{caught}/{bugs} ({caught / bugs:.0%})" if bugs else "-"


def table(rows: list[Row]) -> str:
    """Bugs caught per library and in total, one column per configuration."""
    configs = [c for c in CONFIGS if any(r.config == c for r in rows)]
    header = ["library", "functions", "bugs"]
    for c in configs:
        header += [f"caught: {c}", f"verified blocks: {c}", f"median s/function: {c}"]
    libraries = list(dict.fromkeys(r.library for r in rows))
    body = []
    for lib in [*libraries, None]:
        sel = [r for r in rows if lib is None or r.library == lib]
        first = [r for r in sel if r.config == configs[0]]
        line: list[object] = [
            lib or "**total**",
            len(first),
            sum(r.bugs for r in first),
        ]
        for c in configs:
            cs = [r for r in sel if r.config == c]
            line += [
                _cell(cs),
                f"{sum(r.verified for r in cs)}/{len(cs)}",
                f"{statistics.median(r.seconds for r in cs):.1f}" if cs else "-",
            ]
        body.append(line)
    return markdown_table(header, body)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or ``--validate`` the set); write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="one function per library")
    p.add_argument("--no-model", action="store_true", help="the fallback configuration only")
    p.add_argument("--only", choices=CONFIGS, help="run one configuration only")
    p.add_argument("--libraries", default="", help="comma-separated libraries (default: all)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--usage-root",
        type=Path,
        help="the projects bench/usage_realbugs.py --extract rebuilt (DIR/<lib>): usage mining on",
    )
    p.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md alone")
    p.add_argument("--table-only", action="store_true", help="table bench/results/realbugs.json")
    p.add_argument("--validate", action="store_true", help="check the data set and exit")
    p.add_argument("--results", type=Path, default=RESULTS, help="where the rows are saved")
    p.add_argument("--note", default="", help="a sentence about the run (e.g. the machine's load)")
    args = p.parse_args(argv)
    libraries = tuple(x for x in args.libraries.split(",") if x)

    if args.table_only:
        saved = json.loads(args.results.read_text())
        meta, rows = saved["meta"], [Row(**r) for r in saved["rows"]]
    else:
        from cdoctest_runner.runner import DocTestRunner

        fns = load_realbugs(quick=args.quick, libraries=libraries)
        runner = DocTestRunner(workers=2)
        try:
            if args.validate:
                problems = validate(fns, runner)
                for line in problems:
                    print(line)
                n = sum(len(f.bugs) for f in fns)
                libs = len({f.library for f in fns})
                print(
                    f"{libs} libraries, {len(fns)} functions, {n} bugs, {len(problems)} problem(s)"
                )
                return 1 if problems else 0
            configs: tuple[str, ...] = ("fallback",) if args.no_model else CONFIGS
            if args.only:
                configs = (args.only,)
            rows, meta = _collect(fns, configs, args, runner)
        finally:
            runner.close()
    text = table(rows)
    print(text)
    if not args.no_write and rows:
        title = "Real bugs caught (bench/bench_realbugs.py)"
        write_section("realbugs", title, _body(text, meta, args.note))
    return 0


def _collect(
    fns: list[RealBugFunction], configs: tuple[str, ...], args: argparse.Namespace, runner: Any
) -> tuple[list[Row], dict[str, Any]]:
    # With --libraries, the saved rows of the other libraries are kept (a library added later
    # is measured without re-running the rest).
    kept: list[Row] = []
    before = 0.0
    if args.libraries and args.results.exists():
        saved = json.loads(args.results.read_text())
        ran = {fn.library for fn in fns}
        kept = [Row(**r) for r in saved["rows"] if r["library"] not in ran]
        before = saved["meta"]["seconds"]
    gens = generators(configs, args.seed, usage=args.usage_root is not None)
    kept_functions = len({r.function for r in kept})
    meta: dict[str, Any] = {
        "quick": args.quick,
        "configs": list(configs),
        "seed": args.seed,
        "usage_root": str(args.usage_root) if args.usage_root else None,
        "functions_total": len(fns) + kept_functions,
        "functions_done": kept_functions,
        "seconds": before,
    }
    rows: list[Row] = list(kept)
    t0 = time.monotonic()
    try:
        for n, fn in enumerate(fns):
            for name, gen in gens.items():
                row = run_function(name, gen, fn, runner, args.usage_root)
                rows.append(row)
                print(
                    f"[{name}] {row.function}: {row.caught}/{row.bugs} caught, "
                    f"{row.examples} ex, {row.seconds:.1f}s ({row.origin}); missed: "
                    f"{'; '.join(row.missed_bugs) or '-'}",
                    file=sys.stderr,
                    flush=True,
                )
            meta["functions_done"] = kept_functions + n + 1
            meta["seconds"] = before + time.monotonic() - t0
            args.results.parent.mkdir(parents=True, exist_ok=True)
            args.results.write_text(
                json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=1)
            )
    finally:
        for gen in gens.values():
            gen.close()
    return rows, meta


def _body(text: str, meta: dict[str, Any], note: str) -> str:
    cut = (
        f" Cut short after {meta['functions_done']} of {meta['functions_total']} functions."
        if meta["functions_done"] < meta["functions_total"]
        else ""
    )
    cmd = "python -m bench.bench_realbugs" + (" --quick" if meta["quick"] else "")
    return (
        f"Bugs fixed upstream in small C libraries, put back into today's code "
        f"(`bench/data/realbugs/`, provenance in its README; `{cmd}`, configurations "
        f"{', '.join(meta['configs'])}, seed={meta['seed']}; {meta['seconds'] / 60:.0f} min in "
        f"all).{cut}\n\n{text}\n\n"
        "*caught*: the block generated on today's function (verified there) does not pass on the "
        "buggy version. *fallback* is `--no-model` (`GenerateOptions(no_model=True)`), *default* "
        "the default pipeline. Per-function rows, with the missed bugs: "
        f"`bench/results/realbugs.json`. {note}"
    ).rstrip()


if __name__ == "__main__":
    raise SystemExit(main())
