"""Hint benchmark: are "possible bug" hints right? Seeded bugs, the embedded model, fitted weights.

``python -m bench.bench_hints [--quick | --limit N] [--samples N] [--seed S] [--model GGUF]
[--fit-only] [--no-write] [--build-bugs]``

The seeded-bug set is ``bench/data/hints/seeded_bugs.json``: for every function of the evaluation
set (``bench.eval_set``) one realistic bug, a ``find``/``replace`` patch on one line of its file
(``find`` occurs exactly once), of a ``kind``: ``wrong comparison`` (``<`` -> ``<=``...),
``off-by-one`` (a constant +-1), ``wrong operator`` (``+`` -> ``-``...), ``missing step`` (a
statement or ``break`` removed), ``inverted condition`` (mostly from
``cdoctest_runner.mutation.mutate``'s operators; entries with ``"hand": true`` are written by hand:
swapped operands, missing cases). Every bug makes the function's hand-written checks fail.
``--build-bugs`` rebuilds the mutant entries (the hand-written ones are kept): per function the
first mutant, in an order of kinds that rotates over the functions, that the checks detect with a
different output (not a timeout).

For each function, the **correct** and the **buggy** file each go through the pipeline's sampling
and verification (``server.candidates.model.sample_candidates``,
``server.judge.verify.verify_candidates``: the same candidates, units and findings as
``cdoctest-gen``; mutation analysis and selection are skipped, so a hint here is one the pipeline
*could* show: selection only removes some). Every wrongly predicted example gets its
``server.judge.hints`` evidence; on the buggy file its label is 1 when the call's output on the
correct file differs (the bug shows at that call), else 0; on the correct file every wrong
prediction is a model error (label 0). Records go to ``bench/results/hints.json`` after every
function (``--fit-only`` refits a saved run without the model; ``--runs
bench/data/hints/run-smollm2-135m.json`` is the run documented in docs/benchmarks.md).

Reported per configuration: bugs caught (buggy versions with a hint), false alarms (correct
versions with a hint), precision (caught / flagged) and the threshold: *before* (every wrong
prediction is a hint, as the pipeline did), the hand-set *prior* weights at 0.5, the weights and
threshold *fitted* on all functions (``server.judge.hints.fit`` + ``choose_threshold``: these are
the shipped ``WEIGHTS``/``THRESHOLD``), and the same fit *2-fold cross-validated* by function (fit
on half, measured on the other half), the honest estimate. ``--quick``: 6 functions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.eval_set import EvalFunction, load_eval_set  # noqa: E402
from server.judge import hints  # noqa: E402

BUGS = ROOT / "bench" / "data" / "hints" / "seeded_bugs.json"
RESULTS = ROOT / "bench" / "results" / "hints.json"
QUICK = 6
KIND_ORDER = (
    ("relational", "wrong comparison"),
    ("constant", "off-by-one"),
    ("arithmetic", "wrong operator"),
    ("delete", "missing step"),
    ("negate", "inverted condition"),
    ("logical", "wrong logic"),
    ("bitwise", "wrong operator"),
)


@dataclass(frozen=True)
class Bug:
    """One seeded bug: replace ``find`` (exactly once in the file) with ``replace``."""

    file: str
    function: str
    kind: str
    desc: str
    find: str
    replace: str
    hand: bool = False

    def apply(self, text: str) -> str:
        """The buggy text; ``ValueError`` unless ``find`` occurs exactly once."""
        if text.count(self.find) != 1:
            raise ValueError(f"{self.file}: {self.find!r} occurs {text.count(self.find)} times")
        return text.replace(self.find, self.replace)


@dataclass
class Record:
    """One example with a predicted output, of one version of a function."""

    function: str
    version: str  # 'correct' | 'buggy'
    call: str
    predicted: str
    actual: str
    label: int  # 1: the bug shows at this call (buggy version only)
    evidence: dict[str, Any] = field(default_factory=dict)
    correct_output: str | None = None  # the call's output on the correct file

    @property
    def wrong(self) -> bool:
        """The prediction differs from what this version printed: a finding."""
        return not hints.same_output(self.predicted, self.actual)

    @property
    def right(self) -> int:
        """1 when the prediction is what the correct code prints (the accuracy model's label)."""
        want = self.actual if self.version == "correct" else self.correct_output
        return int(want is not None and hints.same_output(self.predicted, want))

    @property
    def knew(self) -> int:
        """1 when the model predicted what the correct code prints and the bug changed it."""
        return int(bool(self.label) and bool(self.right))


@dataclass
class VersionRun:
    """What sampling and verification gave for one version of one function."""

    function: str
    version: str
    kept_examples: int
    predicted: int  # kept examples with a predicted output
    wrong: int
    seconds: float
    records: list[Record] = field(default_factory=list)
    sampling_s: float = 0.0


def load_bugs(path: Path = BUGS) -> dict[str, Bug]:
    """Seeded bugs by file name."""
    return {b["file"]: Bug(**b) for b in json.loads(path.read_text(encoding="utf-8"))}


# -- building the seeded-bug set -------------------------------------------------------------------


def _located(fn: EvalFunction, text: str | None = None) -> Any:
    from server.analysis.locate import load_source, select_targets
    from server.api import SourceOptions, TargetSelector

    source = load_source(fn.path, text, SourceOptions())
    (target,) = select_targets(source, TargetSelector(name=fn.function))[:1]
    return source, target


def build_bugs(runner: Any) -> list[Bug]:
    """Mutant bugs for every function without a hand-written one (see the module docstring)."""
    from cdoctest_runner.example import CodeUnderTest, DocTest
    from cdoctest_runner.mutation.mutate import make_mutants
    from cdoctest_runner.results import Outcome

    old = load_bugs() if BUGS.exists() else {}
    out: list[Bug] = []
    for k, fn in enumerate(load_eval_set()):
        name = Path(fn.path).name
        if name in old and old[name].hand:
            out.append(old[name])
            continue
        text = Path(fn.path).read_text(encoding="utf-8")
        _, target = _located(fn)
        mutants = make_mutants(text, target.declaration, fn.language, 400, path=fn.path)
        order = KIND_ORDER[k % len(KIND_ORDER) :] + KIND_ORDER[: k % len(KIND_ORDER)]
        lines = text.split("\n")
        picks = []
        for op, kind in order:
            for m in mutants:
                if m.operator != op:
                    continue
                mutated = m.text.split("\n")
                if len(mutated) != len(lines):
                    continue
                find, repl = lines[m.line - 1], mutated[m.line - 1]
                if text.count(find) == 1 and find != repl:
                    picks.append(Bug(name, fn.function, kind, m.description, find, repl))
                    break
        jobs = [
            (
                DocTest(fn.checks, f"bug::{i}", fn.path, 1, 1),
                CodeUnderTest(path=fn.path, text=b.apply(text), language=fn.language),
            )
            for i, b in enumerate(picks)
        ]
        results = runner.run_many(jobs)
        chosen = next(
            (
                b
                for b, r in zip(picks, results, strict=True)
                if r.setup_error is None and any(x.outcome is Outcome.FAILED for x in r.results)
            ),
            None,
        )
        print(f"{name}: {chosen.kind + ': ' + chosen.desc if chosen else 'NO BUG FOUND'}")
        if chosen is not None:
            out.append(chosen)
    return out


# -- running the model on both versions ------------------------------------------------------------


def run_version(
    fn: EvalFunction,
    version: str,
    text: str,
    correct_text: str,
    backend: Any,
    runner: Any,
    samples: int,
    seed: int,
) -> VersionRun:
    """Sample and verify one version; label each wrong prediction against the correct file."""
    from cdoctest_runner.example import DocTest
    from cdoctest_runner.results import Outcome
    from server.analysis.context import function_context
    from server.api import GenerateOptions
    from server.candidates.model import sample_candidates
    from server.judge.verify import verify_candidates

    t0 = time.monotonic()
    source, target = _located(fn, text)
    ctx = function_context(source, target)
    names = {ctx.declaration.name}
    code = source.code_under_test()
    sampled = sample_candidates(
        backend, ctx.prompt_target, GenerateOptions(samples=samples, seed=seed)
    )
    ver = verify_candidates(sampled.candidates, code, runner, names, filename=fn.path)
    kept = list(ver.kept)
    obs = hints.observations(kept)
    evidence = hints.assess([o for _, _, o in obs], hints.function_doc(text, names))
    # Does the bug show at this call? Run the recorded examples on the correct file.
    sampling_s = sampled.seconds
    differs: dict[tuple[int, int], bool] = {}
    correct_got: dict[tuple[int, int], str] = {}
    if version == "buggy":
        correct_code = _located(fn, correct_text)[0].code_under_test()
        jobs = [
            (DocTest(vu.examples, f"label::{u}", fn.path, 1, 1), correct_code)
            for u, vu in enumerate(kept)
        ]
        for u, res in enumerate(runner.run_many(jobs) if jobs else []):
            ran = {i: r for i, r in enumerate(res.results)}
            for i in range(len(kept[u].examples)):
                r = ran.get(i)
                if r is not None and res.setup_error is None:
                    correct_got[(u, i)] = r.got
                differs[(u, i)] = (
                    res.setup_error is not None or r is None or r.outcome is not Outcome.PASSED
                )
    run = VersionRun(
        fn.name,
        version,
        kept_examples=sum(len(vu.examples) for vu in kept),
        predicted=len(obs),
        wrong=sum(not o.right for _, _, o in obs),
        seconds=0.0,
        sampling_s=round(sampling_s, 1),
    )
    for (u, i, o), ev in zip(obs, evidence, strict=True):
        run.records.append(
            Record(
                fn.name,
                version,
                call=o.key.split("\n")[-1],
                predicted=o.predicted,
                actual=o.actual,
                label=int(differs.get((u, i), False)),
                evidence=asdict(ev),
                correct_output=o.actual if version == "correct" else correct_got.get((u, i)),
            )
        )
    run.seconds = round(time.monotonic() - t0, 1)
    return run


# -- fitting and reporting -------------------------------------------------------------------------


def _max_conf(
    runs: list[VersionRun], weights: hints.Weights | None, version: str
) -> dict[str, float]:
    """Per function, the highest confidence of a finding (``weights`` None: every finding is 1)."""
    out: dict[str, float] = {}
    for r in runs:
        if r.version != version:
            continue
        confs = [
            1.0 if weights is None else hints.confidence(hints.Evidence(**rec.evidence), weights)
            for rec in r.records
            if rec.wrong
        ]
        out[r.function] = max(confs, default=0.0)
    return out


def _fit(runs: list[VersionRun]) -> tuple[hints.Weights, float]:
    recs = [rec for r in runs for rec in r.records]
    # The accuracy model learns from every prediction: right means "what the correct code prints".
    weights = hints.fit(
        [hints.Evidence(**x.evidence).features() for x in recs], [x.right for x in recs]
    )
    buggy = _max_conf(runs, weights, "buggy")
    correct = _max_conf(runs, weights, "correct")
    return weights, hints.choose_threshold(list(buggy.values()), list(correct.values()))


def _measure(
    runs: list[VersionRun], weights: hints.Weights | None, threshold: float
) -> hints.FunctionCounts:
    buggy = _max_conf(runs, weights, "buggy")
    correct = _max_conf(runs, weights, "correct")
    return hints.score_functions(list(buggy.values()), list(correct.values()), threshold)


def _add(a: hints.FunctionCounts, b: hints.FunctionCounts) -> hints.FunctionCounts:
    return hints.FunctionCounts(
        b.threshold,
        a.caught + b.caught,
        a.bugs + b.bugs,
        a.false_alarms + b.false_alarms,
        a.correct + b.correct,
    )


def report(runs: list[VersionRun], model: str) -> tuple[str, hints.Weights, float]:
    """The markdown body, the fitted weights and threshold."""
    functions = sorted({r.function for r in runs})
    weights, threshold = _fit(runs)
    rows: list[list[object]] = []

    def row(config: str, o: hints.FunctionCounts, thr: str) -> None:
        p = "-" if o.precision is None else f"{o.precision:.2f}"
        fa = f"{o.false_alarms}/{o.correct} ({100 * o.false_alarms / max(o.correct, 1):.0f}%)"
        rows.append([model, config, f"{o.caught}/{o.bugs}", fa, p, thr])

    row("before: every wrong prediction is a hint", _measure(runs, None, 0.5), "-")
    row("prior weights", _measure(runs, hints.PRIOR, 0.5), "0.5")
    row("fitted on all functions (shipped)", _measure(runs, weights, threshold), f"{threshold:.3f}")
    cv = hints.FunctionCounts(0.0, 0, 0, 0, 0)
    thresholds = []
    for fold in (0, 1):
        train = {f for k, f in enumerate(functions) if k % 2 != fold}
        w, t = _fit([r for r in runs if r.function in train])
        thresholds.append(f"{t:.3f}")
        cv = _add(cv, _measure([r for r in runs if r.function not in train], w, t))
    row("fitted, 2-fold cross-validated", cv, " / ".join(thresholds))
    recs = [x for r in runs for x in r.records if x.wrong]
    n_pred = sum(r.predicted for r in runs)
    n_right = sum(x.right for r in runs for x in r.records)
    body = markdown_table(
        ["model", "hints", "bugs caught", "false alarms", "precision", "threshold"], rows
    )
    buggy_recs = [x for x in recs if x.version == "buggy"]
    body += (
        f"\n\n{len(functions)} functions of `bench/data/eval_functions`, each once correct and "
        f"once with its seeded bug (`bench/data/hints/seeded_bugs.json`); "
        f"{sum(r.kept_examples for r in runs)} examples ran, {n_pred} with a predicted output "
        f"({n_right} of them what the correct code prints), {len(recs)} wrong (findings); of the "
        f"{len(buggy_recs)} wrong predictions on the buggy "
        f"versions, {sum(x.label for x in buggy_recs)} are on a call whose output the seeded bug "
        f"changed, and {sum(x.knew for x in buggy_recs)} predicted what the correct code prints "
        "(the others are right by luck: the model was wrong on both files). "
        "A function is *caught* (buggy version) or *falsely alarmed* (correct version) when at "
        "least one of its wrong predictions reaches the threshold; precision = caught / (caught + "
        "false alarms). Hints are counted before selection (mutation analysis can only drop "
        "some).\n\n"
        "Fitted weights (shipped in `server/judge/hints.py`): "
        + ", ".join(f"{k} {v:.2f}" for k, v in asdict(weights).items())
        + f"; threshold {threshold:.3f}. Highest confidence of a finding on a correct function "
        f"{max(_max_conf(runs, weights, 'correct').values(), default=0):.2f}, on a buggy one "
        f"{max(_max_conf(runs, weights, 'buggy').values(), default=0):.2f}; mean fitted accuracy "
        f"over all predictions {_mean_accuracy(runs, weights):.2f} (observed "
        f"{n_right / max(n_pred, 1):.2f}). Median {_median([r.seconds for r in runs]):.1f} s "
        f"per function version (sampling {_median([r.sampling_s for r in runs]):.1f} s, then "
        "verification and labelling)."
    )
    return body, weights, threshold


def _mean_accuracy(runs: list[VersionRun], weights: hints.Weights) -> float:
    accs = [hints.accuracy(hints.Evidence(**x.evidence), weights) for r in runs for x in r.records]
    return sum(accs) / len(accs) if accs else 0.0


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0.0


def save(runs: list[VersionRun], meta: dict[str, Any]) -> None:
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"meta": meta, "runs": [asdict(r) for r in runs]}, indent=1))


def load_runs(path: Path = RESULTS) -> tuple[list[VersionRun], dict[str, Any]]:
    """A saved run (``bench/results/hints.json``, or the copy of a full run in bench/data/hints)."""
    data = json.loads(path.read_text())
    runs = []
    for r in data["runs"]:
        recs = [Record(**x) for x in r.pop("records")]
        runs.append(VersionRun(**r, records=recs))
    return runs, data["meta"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help=f"only {QUICK} functions")
    p.add_argument("--limit", type=int, default=None, help="only the first N functions")
    p.add_argument("--samples", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--model", default=None, help="a GGUF file (default: the resolved model)")
    p.add_argument("--fit-only", action="store_true", help="refit the saved run (no model)")
    p.add_argument(
        "--runs",
        type=Path,
        default=RESULTS,
        help="the saved run --fit-only reads (default: "
        "bench/results/hints.json; bench/data/hints/run-smollm2-135m.json is the documented one)",
    )
    p.add_argument("--no-write", action="store_true", help="do not touch docs/benchmarks.md")
    p.add_argument("--build-bugs", action="store_true", help="rebuild seeded_bugs.json")
    args = p.parse_args(argv)

    from cdoctest_runner.runner import DocTestRunner, Limits

    if args.build_bugs:
        with DocTestRunner(workers=2, limits=Limits(timeout_s=3.0)) as runner:
            bugs = build_bugs(runner)
        BUGS.parent.mkdir(parents=True, exist_ok=True)
        BUGS.write_text(json.dumps([asdict(b) for b in bugs], indent=1) + "\n")
        print(f"{len(bugs)} seeded bugs -> {BUGS.relative_to(ROOT)}")
        return 0

    if args.fit_only:
        runs, meta = load_runs(args.runs)
    else:
        import os

        from models import load_backend
        from models.api import ModelConfig

        # In process: the token texts (``piece``) that place the log-probs are only there for now.
        os.environ.setdefault("CDOCTEST_MODEL_HOST", "0")

        bugs = load_bugs()
        fns = [f for f in load_eval_set() if Path(f.path).name in bugs]
        if args.quick:
            fns = fns[:: max(1, len(fns) // QUICK)][:QUICK]
        if args.limit is not None:
            fns = fns[: args.limit]
        backend = load_backend(ModelConfig(model=args.model))
        meta = {
            "model": backend.info.name or backend.info.path,
            "samples": args.samples,
            "seed": args.seed,
            "quick": args.quick or args.limit is not None,
        }
        runs = []
        t0 = time.monotonic()
        # Short sessions, as for mutants: a seeded bug often loops forever.
        with DocTestRunner(workers=2, limits=Limits(timeout_s=5.0)) as runner:
            for fn in fns:
                correct = Path(fn.path).read_text(encoding="utf-8")
                buggy = bugs[Path(fn.path).name].apply(correct)
                for version, text in (("correct", correct), ("buggy", buggy)):
                    run = run_version(
                        fn, version, text, correct, backend, runner, args.samples, args.seed
                    )
                    runs.append(run)
                    flagged = sum(
                        hints.confidence(hints.Evidence(**x.evidence)) >= hints.THRESHOLD
                        for x in run.records
                        if x.wrong
                    )
                    print(
                        f"{fn.name} [{version}]: {run.kept_examples} ran, {run.predicted} "
                        f"predicted, {run.wrong} wrong ({sum(x.label for x in run.records)} on "
                        f"the bug, {sum(x.knew for x in run.records)} knew the right output), "
                        f"{flagged} hint(s); {run.seconds:.1f}s",
                        file=sys.stderr,
                    )
                save(runs, meta)
        meta["seconds"] = round(time.monotonic() - t0)
        save(runs, meta)
    body, weights, threshold = report(runs, meta["model"])
    print(body)
    if not args.no_write and not meta.get("quick"):
        write_section(
            "hints",
            "Possible-bug hints on seeded bugs (`bench/bench_hints.py`)",
            body + f"\n\nRun: {meta.get('samples')} samples per function, seed {meta.get('seed')}, "
            f"{meta.get('seconds', '?')} s in all.",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
