"""Why a function got no block: one line on what its call groups did and what stopped them.

A ``no_test`` result's message ends with one ``no block: ...`` summary (``no_block_reason``),
read off the ``Ran`` events of the function's trace (``server.generate.trace``: every batch of
candidates run, the groups that gave nothing and why) and the units the rules dropped at the last
selection (``server.judge.select.Selection.rejected``):

- no call to try: no source proposed one (the fallback's note says why it made none: an argument
  or an object it cannot make, a template without an instance), or the time budget ran out first;
- the groups did not run to an output: ``none compiled`` with the first error, could not link,
  crashed, timed out, printed what a block cannot hold;
- ``no observable effect``: they ran but printed nothing to check;
- the rules (``server.judge.acceptable``) dropped them: never calls the function, a dead store,
  undefined behaviour, a format reading arguments not passed, counted per rule;
- a mix: ``of 12 call group(s), 9 did not compile (...), 3 crashed (...)``;
- the selected block's examples tripped AddressSanitizer or UBSan natively, and none that checks
  an output is left (``server.judge.sanitize``).

Outputs that are all the same stop nothing (the greedy cover keeps the first call even when no
example kills a mutant). The final check's drops (``server.judge.final_check``) and a block that
cannot be rendered say ``no block:`` in their own words. ``rejected_by_reason`` gives
``FunctionResult.rejected`` (``cdoctest-gen -v``): per reason, a count and the first
``MAX_SHOWN``.

>>> stop = Rejection(Fate.NOT_COMPILED, "format(0)", "input_line_8:1:1: error: no matching call")
>>> print(no_block_reason([Ran(2, (stop, stop))]))
no block: 2 call group(s), none compiled (first error: `no matching call` in `format(0)`)
>>> silent = Rejection(Fate.SILENT, "reset(&s);")
>>> rules = [Rejection(Fate.NEVER_CALLS, "int n = 0;"), Rejection(Fate.DEAD_STORE, "s = g(s);")]
>>> print(no_block_reason([Ran(3, (silent,))], rules, name="reset"))
no block: of 3 call group(s), 1 ran but printed nothing to check (`reset(&s);`), 2 were dropped by \
the rules (never calls `reset`: 1; a dead store: 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from cdoctest_runner.example import Example
from server.api import FunctionResult, GenerateOptions, Rejected
from server.generate.job import Job
from server.generate.trace import ModelCounts, Ran, Trace
from server.judge.select import Selection
from server.judge.units import Fate, Rejection
from server.judge.verify import VerifyReport, identifiers
from server.render import checks_output

MAX_SHOWN = 3  # rejected groups shown per reason (``-v``)
MAX_CALL = 70  # characters of a call shown in a message

# ``input_line_8:1:1: error: no matching ...``, ``/tmp/x/code_under_test.cpp:8:34: error: ...``
_DIAGNOSTIC = re.compile(r"^(?P<where>.*?):(?P<line>\d+):\d+: (?:fatal )?error: (?P<what>.*)$")
# How a summary says that one fate met every group (else "all <fate>").
_WHOLE = {
    Fate.NOT_COMPILED: "none compiled",
    Fate.NOT_LINKED: "none could link",
    Fate.NOT_LOADED: "none ran: the code under test did not load",
}


def no_block_result(
    job: Job,
    selection: Selection | None,
    trace: Trace,
    model: ModelCounts,
    timings: dict[str, float],
    options: GenerateOptions,
    format_problem: str = "",
) -> FunctionResult:
    """The ``no_test`` result of ``job``'s function: the trace's notes, then the ``no block``
    line (``no_block_reason``; the model's first ``format_problem`` after it, unless
    ``options.no_model``), the rejected groups by reason; ``model``: its candidates, for the
    counts.
    """
    runs, dropped = trace.runs(), selection.rejected if selection is not None else ()
    name = job.decl.name
    void = job.ctx.return_type.strip() == "void"
    budget_s = options.time_budget_s
    why = no_block_reason(runs, dropped, name=name, void=void, budget_s=budget_s)
    message = "; ".join(filter(None, (trace.message(), why)))
    if format_problem and not options.no_model:
        message += f" (first format problem: {format_problem})"
    rejections = (*(r for run in runs for r in run.rejected), *dropped)
    return FunctionResult(
        job.decl,
        "no_test",
        origin="none",
        message=message,
        candidates_total=model.tried,
        candidates_verified=model.runnable,
        timings=timings,
        rejected=rejected_by_reason(rejections, name),
    )


def ran_of(report: VerifyReport, names: AbstractSet[str], *, out_of_time: bool = False) -> Ran:
    """What one verification gave: its call groups, those rejected, and the kept ones that print
    nothing (``Fate.SILENT``: they never reach the pool), their call the first line naming one of
    ``names``.
    """
    silent = tuple(
        Rejection(Fate.SILENT, _call(u.examples, names))
        for u in report.kept
        if not checks_output(u.examples)
    )
    return Ran(len(report.kept) + len(report.rejected), report.rejected + silent, out_of_time)


def _call(examples: Sequence[Example], names: AbstractSet[str]) -> str:
    """The first example that names one of ``names`` (else the first), as written."""
    named = (e for e in examples if identifiers(e.source) & names)
    return next(named, examples[0]).source.strip() if examples else ""


def no_block_reason(
    runs: Sequence[Ran],
    dropped: Sequence[Rejection] = (),
    *,
    name: str = "",
    void: bool = False,
    budget_s: float | None = None,
) -> str:
    """The ``no block: ...`` line (module doc) for the candidates ``runs`` ran and the units the
    rules ``dropped``; ``name``: the function's, ``void``: whether it returns nothing,
    ``budget_s``: the time budget, named when it ran out.

    >>> print(no_block_reason([Ran(0, (), out_of_time=True)], budget_s=2))
    no block: the time budget (2 s) ran out before any call was tried
    >>> print(no_block_reason([Ran(3)], [Rejection(Fate.SANITIZED, "f(&c, 4)", "SEGV READ")]))
    no block: the sanitizers left no example that checks an output (`f(&c, 4)`: SEGV READ)
    """
    if dropped and all(r.fate is Fate.SANITIZED for r in dropped):
        first = _shown(dropped[0])
        return f"no block: the sanitizers left no example that checks an output ({first})"
    groups = sum(r.groups for r in runs)
    out_of_time = any(r.out_of_time for r in runs)
    budget = f"the time budget ({budget_s:g} s)" if budget_s is not None else "the time budget"
    if groups == 0:
        if out_of_time:
            return f"no block: {budget} ran out before any call was tried"
        return "no block: no candidate call to try"
    by_fate: dict[Fate, list[Rejection]] = {}
    for r in (*(x for run in runs for x in run.rejected), *dropped):
        by_fate.setdefault(r.fate, []).append(r)
    late = f"; {budget} ran out before more could be tried" if out_of_time else ""
    rules = {f: rs for f, rs in by_fate.items() if f.rule}
    n_rules = sum(len(rs) for rs in rules.values())
    if not by_fate:
        return f"no block: {groups} call group(s) ran, none was selected{late}"
    whole = n_rules == groups or any(len(rs) == groups for rs in by_fate.values())
    if whole:
        return f"no block: {_whole(groups, by_fate, rules, name, void)}{late}"
    parts = [_part(f, rs) for f, rs in by_fate.items() if not f.rule]
    if rules:
        were = "was" if n_rules == 1 else "were"
        parts.append(f"{n_rules} {were} dropped by the rules ({_rule_counts(rules, name)})")
    rest = groups - sum(len(rs) for rs in by_fate.values())
    if rest > 0:  # not pooled: the pool keeps one of equal groups, and 48 examples at most
        parts.append(f"{rest} repeated another or did not fit in the pool")
    return f"no block: of {groups} call group(s), " + ", ".join(parts) + late


def _whole(
    groups: int,
    by_fate: dict[Fate, list[Rejection]],
    rules: dict[Fate, list[Rejection]],
    name: str,
    void: bool,
) -> str:
    """The summary when one fate (or the rules together) accounts for every group."""
    if sum(len(rs) for rs in rules.values()) == groups:
        rule, broken = next(iter(rules.items()))
        first = _shown(broken[0])
        if len(rules) == 1:
            return f"{groups} call group(s), all dropped: {_rule(rule, name)} (first: {first})"
        counts = _rule_counts(rules, name)
        return f"{groups} call group(s), all dropped by the rules ({counts}; first: {first})"
    fate, rs = next((f, rs) for f, rs in by_fate.items() if len(rs) == groups)
    if fate is Fate.NOT_COMPILED:
        return f"{groups} call group(s), none compiled ({_first_error(rs[0])})"
    if fate is Fate.SILENT:
        returns = f"`{name}` returns nothing; " if void and name else ""
        return (
            f"no observable effect: {groups} call group(s) ran but printed nothing to check "
            f"({returns}e.g. `{_short(rs[0].call)}`)"
        )
    return f"{groups} call group(s), {_WHOLE.get(fate, f'all {fate.value}')} ({_shown(rs[0])})"


def _part(fate: Fate, rs: list[Rejection]) -> str:
    """One fate's share of a mixed summary: how many, and the first of them."""
    if fate is Fate.NOT_COMPILED:
        return f"{len(rs)} did not compile ({_first_error(rs[0])})"
    if fate is Fate.SILENT:
        return f"{len(rs)} ran but printed nothing to check (`{_short(rs[0].call)}`)"
    return f"{len(rs)} {fate.value} ({_shown(rs[0])})"


def _rule_counts(rules: dict[Fate, list[Rejection]], name: str) -> str:
    """``never calls `f`: 2; a dead store: 1``."""
    return "; ".join(f"{_rule(f, name)}: {len(rs)}" for f, rs in rules.items())


def _rule(fate: Fate, name: str) -> str:
    return f"never calls `{name}`" if fate is Fate.NEVER_CALLS and name else fate.value


def _first_error(r: Rejection) -> str:
    """``first error: `what` in `call``` (a diagnostic's location shortened: the call is shown)."""
    what = _error(r.detail)
    return f"first error: `{what}` in `{_short(r.call)}`" if what else f"first: `{_short(r.call)}`"


def _error(detail: str) -> str:
    """A clang diagnostic without its location in the input; a line elsewhere is kept.

    >>> _error("input_line_8:2:5: error: use of undeclared identifier 'x'")
    "use of undeclared identifier 'x' (line 2)"
    >>> _error("/tmp/cdt-1/code_under_test.cpp:8:34: error: no member named 'count'")
    "no member named 'count' (code_under_test.cpp:8)"
    """
    m = _DIAGNOSTIC.match(detail.strip())
    if m is None:
        return detail.strip()
    where, line = m.group("where"), m.group("line")
    what = re.sub(r"\s*\[-W[\w-]+\]$", "", m.group("what"))  # the warning flag that made it one
    if where.startswith("input_line_"):
        return what + (f" (line {line})" if line != "1" else "")
    return f"{what} ({where.rpartition('/')[2]}:{line})"


def _shown(r: Rejection) -> str:
    """A rejected group as a message shows it: `` `call`: detail``."""
    detail = _error(r.detail)
    return f"`{_short(r.call)}`" + (f": {detail}" if detail else "")


def _short(call: str) -> str:
    """A call on one line, at most ``MAX_CALL`` characters."""
    flat = " ".join(call.split())
    return flat if len(flat) <= MAX_CALL else flat[: MAX_CALL - 3] + "..."


def rejected_by_reason(rejections: Iterable[Rejection], name: str = "") -> tuple[Rejected, ...]:
    """``FunctionResult.rejected``: per reason (in the order first met), how many and the first
    ``MAX_SHOWN``, each as `` `call`: detail``.

    >>> r = Rejection(Fate.CRASHED, "f(NULL)", "killed by signal 11")
    >>> for x in rejected_by_reason([r, r, Rejection(Fate.NEVER_CALLS, "int n = 1;")], "f"):
    ...     print(x.reason, x.count, x.first)
    crashed 2 ('`f(NULL)`: killed by signal 11', '`f(NULL)`: killed by signal 11')
    never calls `f` 1 ('`int n = 1;`',)
    """
    by_fate: dict[Fate, list[Rejection]] = {}
    for r in rejections:
        by_fate.setdefault(r.fate, []).append(r)
    return tuple(
        Rejected(_rule(f, name), len(rs), tuple(_shown(r) for r in rs[:MAX_SHOWN]))
        for f, rs in by_fate.items()
    )


def missing_note(job: Job, symbols: tuple[str, ...]) -> str:
    """Why the calls could not link: each missing symbol, where it is declared, what to do."""
    from cdoctest_runner.libraries import explain_missing
    from server.analysis.locate import declaration_site, shown_path

    return "; ".join(
        explain_missing(
            name,
            declaration_site(job.source, name),
            shown_path(job.source.path),
            shown_path(job.source.build_dir) if job.source.build_dir else None,
        )
        for name in symbols[:3]
    )
