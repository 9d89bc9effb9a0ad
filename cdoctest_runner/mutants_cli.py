"""``cdoctest-run FILE --mutants``: how many small faults a file's own cdoctest blocks detect.

``cli.main`` hands over the blocks it collected; ``main`` scores each function's block
(``mutation.scores.score_blocks``: the generator's mutants, run with the file's own block) and
prints a text report or, with ``--json``, one JSON document (keys in docs/runner.md, "Mutation
testing"). Exit status: 0 every block attached to a function was scored or had nothing to mutate,
1 some block fails on the original code (it is reported, not scored), as a failing block makes
``cdoctest-run`` exit 1; usage and environment errors (2) and interrupts (130) are ``cli.main``'s.
Surviving mutants do not change the exit status: a score is a measure, not a verdict.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.mutation.edits import short_text
from cdoctest_runner.mutation.mutate import MAX_CALLEES, MUTANT_TIMEOUT_S, MUTANTS
from cdoctest_runner.mutation.scores import (
    BlockScore,
    Status,
    Survivor,
    function_blocks,
    score_blocks,
)
from cdoctest_runner.report import display_path, format_result


@dataclass(frozen=True)
class MutantsOptions:
    """What ``--mutants`` runs with (from the command line: ``options_from``)."""

    limit: int = MUTANTS  # mutants per function (--mutant-limit)
    schemata: bool = True  # False: each mutant compiles its own file (--no-schemata)
    timeout_s: float = MUTANT_TIMEOUT_S  # a block's CPU seconds, original and mutants (--timeout)
    workers: int = 1  # concurrent clang-repl sessions (--jobs)
    clang_repl: str | None = None
    as_json: bool = False


@dataclass(frozen=True)
class MutantsRun:
    """The scores of one ``--mutants`` run and how they were made."""

    scores: list[BlockScore]
    schemata: bool  # whether the analyses ran on mutant schemata
    limit: int


def add_mutant_arguments(p: argparse.ArgumentParser) -> None:
    """``--mutants``, ``--mutant-limit`` and ``--no-schemata`` on ``cdoctest-run``'s parser."""
    p.add_argument(
        "--mutants",
        action="store_true",
        help="mutation testing: score each function's block by the mutants of the function it "
        "detects (every operator the generator uses); report the survivors",
    )
    p.add_argument(
        "--mutant-limit",
        type=int,
        metavar="N",
        help=f"with --mutants, at most N mutants per function (default {MUTANTS}), spread over "
        f"the operators, the function and up to {MAX_CALLEES} functions of the file it calls",
    )
    p.add_argument(
        "--no-schemata",
        action="store_true",
        help="with --mutants, compile each mutant on its own instead of all of a function's "
        "mutants once behind a run-time switch (slower; for comparison)",
    )


def usage_error(args: argparse.Namespace) -> str | None:
    """What is wrong with the mutation flags of ``args`` (None: nothing)."""
    if not args.mutants:
        given = args.no_schemata or args.mutant_limit is not None
        return "--mutant-limit and --no-schemata need --mutants" if given else None
    if args.mutant_limit is not None and args.mutant_limit < 1:
        return "--mutant-limit must be at least 1"
    clash = [f for f, on in (("--list", args.list), ("--coverage", args.coverage)) if on]
    if args.junit_xml:
        clash.append("--junit-xml")
    return f"--mutants cannot be combined with {', '.join(clash)}" if clash else None


def options_from(args: argparse.Namespace) -> MutantsOptions:
    """The options of a ``cdoctest-run`` command line that passed ``usage_error``."""
    return MutantsOptions(
        limit=MUTANTS if args.mutant_limit is None else args.mutant_limit,
        schemata=not args.no_schemata,
        timeout_s=args.timeout or MUTANT_TIMEOUT_S,
        workers=args.jobs,
        clang_repl=args.clang_repl,
        as_json=args.json,
    )


def run_mutants(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    options: MutantsOptions,
    cancel: threading.Event | None = None,
) -> MutantsRun:
    """Score the function blocks of ``jobs`` on a runner made for ``options``. Raises what
    ``score_blocks`` raises (``ToolchainNotFound`` when no clang-repl is usable, ...).
    """
    from cdoctest_runner.runner import DocTestRunner, Limits
    from cdoctest_runner.toolchain import find_clang_repl

    with DocTestRunner(
        toolchain=find_clang_repl(options.clang_repl) if function_blocks(jobs) else None,
        limits=Limits(timeout_s=options.timeout_s),
        workers=options.workers,
        schemata=None if options.schemata else False,  # None: on unless CDOCTEST_SCHEMATA=0
    ) as runner:
        scores = score_blocks(jobs, runner, limit=options.limit, cancel=cancel)
        return MutantsRun(scores, runner.schemata, options.limit)


def main(
    jobs: Sequence[tuple[DocTest, CodeUnderTest]],
    options: MutantsOptions,
    cancel: threading.Event | None = None,
) -> int:
    """Score, print the report (stdout; notes on stderr), return the exit status (module
    docstring). Raises the runner's errors for ``cli.main`` to map.
    """
    run = run_mutants(jobs, options, cancel)
    if not run.scores:
        what = "cdoctest blocks found" if not jobs else "cdoctest block is attached to a function"
        print(f"cdoctest-run: no {what}: nothing to mutate", file=sys.stderr)
    sys.stdout.write(to_json(run) if options.as_json else format_text(run))
    return 1 if any(s.status is Status.FAILED for s in run.scores) else 0


# --------------------------------------------------------------------------- the text report


def survivor_line(s: Survivor) -> str:
    """One surviving mutant as a one-line diff: ``path:line:col: operator: before -> after``,
    each side on one line and cut to 40 characters (``(nothing)`` for an empty side), and
    ``(in name)`` when the mutant is in a function the block's function calls.
    """
    before, after = (short_text(t) or "(nothing)" for t in (s.before, s.after))
    where = f" (in {s.function})" if s.function else ""
    return f"{display_path(s.path)}:{s.line}:{s.col}: {s.operator}: {before} -> {after}{where}"


def _percent(killed: int, total: int) -> str:
    return f"{100 * killed / total:.1f}%" if total else "-"


def _counts(killed: int, total: int, timeouts: int, stillborn: int) -> str:
    out = f"{killed}/{total} killed ({_percent(killed, total)})"
    if timeouts:
        out += f", {timeouts} by time-out"
    if stillborn:
        out += f"; {stillborn} stillborn (did not compile)"
    return out


def _speed(mutants: int, seconds: float) -> str:
    rate = f" ({mutants / seconds:.1f} mutants/s)" if seconds > 0 else ""
    return f"{mutants} mutants in {seconds:.1f} s{rate}"


def format_block(score: BlockScore) -> str:
    """One block: its score line and its survivors, or why it was not scored."""
    test = score.test
    head = f"{test.name} ({display_path(test.filename)}:{test.lineno}): "
    report = score.report
    if score.status is Status.SCORED and report is not None:
        counts = _counts(
            report.killed, report.total, len(report.timeout_kills), len(report.stillborn)
        )
        out = head + f"{counts}; {_speed(score.mutants, score.seconds)}\n"
        return out + "".join(f"  {survivor_line(s)}\n" for s in score.survivors)
    why = "not analysed" if score.status is Status.NOT_ANALYSED else "not scored"
    out = head + f"{why}: {score.note}\n"
    if score.baseline is not None:
        out += "".join(f"  {line}\n" for line in format_result(score.baseline).splitlines())
    return out


def format_text(run: MutantsRun) -> str:
    """The report: one block per function (``format_block``), then a ``total:`` line."""
    out = "".join(format_block(s) for s in run.scores)
    return out + summary_line(run) + "\n" if run.scores else out


def summary_line(run: MutantsRun) -> str:
    """``total: ...``: the score over every scored block, the speed, what was not scored."""
    t = _totals(run)
    schemata = "on mutant schemata" if run.schemata else "each mutant compiled on its own"
    n = t["functions"]
    out = f"total: {n} function{'s' if n != 1 else ''} scored"
    if n:
        out += (
            f", {_counts(t['killed'], t['total'], t['timeout_kills'], t['stillborn'])}; "
            f"{_speed(t['mutants'], t['seconds'])}, {schemata}"
        )
    if t["failed"]:
        out += f"; {t['failed']} not scored (the block fails on the original code)"
    if t["not_analysed"]:
        out += f"; {t['not_analysed']} not analysed"
    return out


# --------------------------------------------------------------------------- the JSON document


def _totals(run: MutantsRun) -> dict[str, Any]:
    scored = [s for s in run.scores if s.status is Status.SCORED and s.report is not None]
    reports = [s.report for s in scored if s.report is not None]
    killed, total = sum(r.killed for r in reports), sum(r.total for r in reports)
    mutants, seconds = sum(s.mutants for s in scored), sum(s.seconds for s in scored)
    return {
        "functions": len(scored),
        "failed": sum(1 for s in run.scores if s.status is Status.FAILED),
        "not_analysed": sum(1 for s in run.scores if s.status is Status.NOT_ANALYSED),
        "killed": killed,
        "total": total,
        "score": killed / total if total else None,
        "timeout_kills": sum(len(r.timeout_kills) for r in reports),
        "stillborn": sum(len(r.stillborn) for r in reports),
        "mutants": mutants,
        "seconds": seconds,
        "mutants_per_second": mutants / seconds if seconds > 0 else None,
    }


_NUMBERS = (
    "score", "killed", "total", "timeout_kills", "stillborn", "mutants", "seconds",
    "mutants_per_second",
)  # fmt: skip


def _numbers(score: BlockScore) -> dict[str, Any]:
    """A block's counts, all None unless it was scored."""
    r = score.report
    if score.status is not Status.SCORED or r is None:
        return dict.fromkeys(_NUMBERS)
    return {
        "score": r.score,
        "killed": r.killed,
        "total": r.total,
        "timeout_kills": len(r.timeout_kills),
        "stillborn": len(r.stillborn),
        "mutants": score.mutants,
        "seconds": score.seconds,
        "mutants_per_second": score.mutants_per_second,
    }


def block_dict(score: BlockScore) -> dict[str, Any]:
    """One block as JSON data: every key always present, the numbers null unless scored."""
    test, decl = score.test, score.test.declaration
    return {
        "name": test.name,
        "function": decl.qualname if decl is not None else "",
        "file": display_path(test.filename),
        "line": test.lineno,
        "status": score.status.value,
        "note": score.note,
        **_rounded(_numbers(score)),
        "survivors": [
            {
                "file": display_path(s.path),
                "line": s.line,
                "col": s.col,
                "operator": s.operator,
                "before": s.before,
                "after": s.after,
                "function": s.function,
                "id": s.id,
            }
            for s in score.survivors
        ],
    }


def _rounded(numbers: dict[str, Any]) -> dict[str, Any]:
    """``numbers`` with the times to the millisecond and the speeds to two decimals."""
    out = dict(numbers)
    for key, digits in (("seconds", 3), ("mutants_per_second", 2)):
        if out.get(key) is not None:
            out[key] = round(out[key], digits)
    return out


def to_json(run: MutantsRun) -> str:
    """The whole run as one JSON document (keys documented in docs/runner.md)."""
    doc = {
        "schemata": run.schemata,
        "mutant_limit": run.limit,
        "functions": [block_dict(s) for s in run.scores],
        "totals": _rounded(_totals(run)),
    }
    return json.dumps(doc, indent=2) + "\n"
