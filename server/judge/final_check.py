"""The final check: every new block re-run twice as cdoctest reads it back from the edited text.

``final_check(source, plans, runner, ...)`` applies the plans' edits, finds each block again with
``cdoctest_runner.finder`` and runs every block twice, in two fresh interpreter states (one
``run_many`` batch holding each job twice). A block passes when both runs pass every example: each
output was then seen identically three times (when it was recorded, and in both runs), so outputs
that depend on addresses, time or uninitialised memory do not reach the user.

When a block fails, the examples that failed in either run are dropped (an example whose output
differed between the runs is named in the message); a failure that ends the session (crash,
timeout) or one in an example that declares something later examples use cuts the block there.
The trimmed block is planned again and re-checked, for up to ``ROUNDS`` rounds. A block left with
no example that checks an output, or none that calls the function, is not delivered
(``status='no_test'``, no edit, the message ending in ``no block: the block failed when re-run
in the edited file (why)``). Mutation scores are those measured before trimming (the message
says so).
"""

from __future__ import annotations

import threading
from dataclasses import replace

from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult, Outcome
from models.prompt import mentions
from server.analysis.locate import SourceFile
from server.api import Finding, check_cancel
from server.judge.verify import declared_names, unused_declarations
from server.render import Plan, apply_edits, checks_output, plan_block, shifted_line

ROUNDS = 4
_ENDS_SESSION = (
    Outcome.TIMEOUT,
    Outcome.CRASH,
    Outcome.OUTPUT_LIMIT,
    Outcome.SKIPPED,
    Outcome.ERROR,
)


def final_check(
    source: SourceFile,
    plans: list[Plan],
    runner: Runner,
    *,
    replace_user_blocks: bool = False,
    cancel: threading.Event | None = None,
) -> list[Plan]:
    """The plans after re-running their blocks twice in the edited text, in the same order: what
    failed trimmed or dropped (module doc). ``plans`` is left as it is.
    """
    from cdoctest_runner.finder import find_doctests

    plans = list(plans)
    for _round in range(ROUNDS):
        live = [i for i, p in enumerate(plans) if p.edit is not None]
        if not live:
            return plans
        edits = [e for e in (plans[i].edit for i in live) if e is not None]
        new_text = apply_edits(source.text, edits)
        code = source.code_under_test()
        run_code = (
            replace(code, text=apply_edits(code.text, edits)) if code.text is not None else code
        )
        tests = find_doctests(source.path, text=new_text, flags=source.flags)
        jobs: list[tuple[DocTest, CodeUnderTest]] = []
        owners: list[int] = []  # index into ``plans`` of each job's plan
        for i in live:
            edit = plans[i].edit
            assert edit is not None
            first = shifted_line(edits, edit) + 1  # 1-based line of the block's first line
            # The block, or the user's doc comment that holds our section (server.render).
            test = next((t for t in tests if t.lineno <= first <= t.end_lineno), None)
            if test is None:
                why = "the block was not found again in the edited text (not inserted)"
                plans[i] = _dropped(plans[i], why)
                continue
            jobs.append((test, run_code))
            owners.append(i)
        check_cancel(cancel)
        results = runner.run_many(jobs + jobs, cancel=cancel) if jobs else []
        check_cancel(cancel)
        failed = False
        n = len(jobs)
        for i, (test, _), one, two in zip(owners, jobs, results[:n], results[n:], strict=True):
            p = plans[i]
            if one.passed and two.passed:
                found = place_findings(p.result.findings, test)
                plans[i] = replace(p, result=replace(p.result, verification=one, findings=found))
                continue
            failed = True
            plans[i] = _trimmed(p, one, two, replace_user_blocks)
        if not failed:  # edits were planned on the original text; keep them as they are
            return [
                replace(p, result=replace(p.result, edit=p.edit)) if p.edit is not None else p
                for p in plans
            ]
    # Still failing after the last round: never insert an unverified block.
    return [
        _dropped(p, f"the block still failed in the edited file after {ROUNDS} rounds")
        if p.edit is not None
        and (p.result.verification is None or not p.result.verification.passed)
        else p
        for p in plans
    ]


def unstable_examples(one: DocTestResult, two: DocTestResult) -> list[int]:
    """Indices of the examples whose outcome or output differed between two runs of a block."""
    return [
        i
        for i, (a, b) in enumerate(zip(one.results, two.results, strict=False))
        if (a.outcome, a.got) != (b.outcome, b.got)
    ]


def kept_examples(
    examples: tuple[Example, ...], one: DocTestResult, two: DocTestResult
) -> list[Example]:
    """The examples that passed in both runs, up to the first failure later examples depend on.

    A failure that ends the session, or a failed example that declares a name, cuts the block
    there; other failed examples are left out alone.
    """
    if one.setup_error is not None or two.setup_error is not None:
        return []
    kept: list[Example] = []
    for i, ex in enumerate(examples):
        a = one.results[i] if i < len(one.results) else None
        b = two.results[i] if i < len(two.results) else None
        if a is not None and b is not None and a.passed and b.passed:
            kept.append(ex)
            continue
        ends = any(r is None or r.outcome in _ENDS_SESSION for r in (a, b))
        if ends or declared_names(ex.source):
            break
    return kept


def _trimmed(p: Plan, one: DocTestResult, two: DocTestResult, replace_user_blocks: bool) -> Plan:
    """The plan planned again without what failed, or dropped when nothing worth keeping is left."""
    res = one if not one.passed else two
    kept = unused_declarations(kept_examples(p.result.examples, one, two))
    name = p.target.declaration.name
    why = _failure(p, one, two)
    if kept and checks_output(kept) and any(mentions(e, name) for e in kept):
        block_text, edit = plan_block(
            p.target, kept, p.style, p.newline, replace_user_blocks=replace_user_blocks
        )
        keys = {" ".join(e.source.split()) for e in kept}
        result = replace(
            p.result,
            examples=tuple(kept),
            block_text=block_text,
            edit=edit,
            verification=None,
            findings=tuple(
                f for f in p.result.findings if " ".join(f.example.source.split()) in keys
            ),
            message=p.result.message + f"; trimmed to {len(kept)} example(s): {why} when "
            "re-run in the edited file (mutation score measured before trimming)",
        )
        return replace(p, result=result, edit=edit)
    failed = replace(p, result=replace(p.result, verification=res))
    return _dropped(failed, f"the block failed when re-run in the edited file ({why})")


def _failure(p: Plan, one: DocTestResult, two: DocTestResult) -> str:
    """Why the block failed: its set-up error, examples that differed, or the first failure."""
    res = one if not one.passed else two
    k = next((i for i, r in enumerate(res.results) if not r.passed), 0)
    bad = res.results[k] if k < len(res.results) else None
    unstable = unstable_examples(one, two)
    if res.setup_error:
        return res.setup_error
    if unstable:
        shown = (
            p.result.examples[unstable[0]].source.strip()
            if unstable[0] < len(p.result.examples)
            else "?"
        )
        return f"{len(unstable)} example(s) gave different output in two runs (`{shown}`)"
    if bad is not None:
        return f"`{bad.example.source.strip()}` gave {bad.outcome.value}"
    return "no examples"


def _dropped(p: Plan, why: str) -> Plan:
    """The plan without its edit, ``no_test``, ``no block: why`` added to its message (the form
    of every "no block" reason: ``server.generate.noblock``).
    """
    message = p.result.message + "; no block: " + why
    result = replace(p.result, status="no_test", edit=None, message=message, phase=0)
    return replace(p, result=result, edit=None)


def place_findings(findings: tuple[Finding, ...], test: DocTest) -> tuple[Finding, ...]:
    """Give each finding the 0-based line of its example's '>>>' in the new text."""
    out = []
    for f in findings:
        key = " ".join(f.example.source.split())
        ex: Example | None = next(
            (e for e in test.examples if " ".join(e.source.split()) == key), None
        )
        line = test.lineno + ex.lineno - 1 if ex is not None else None
        out.append(replace(f, line=line))
    return tuple(out)
