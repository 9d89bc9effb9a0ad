"""No undefined behaviour in a kept example: the selected block run natively under AddressSanitizer
and UBSan, and the examples that trip them dropped.

An example can pass in clang-repl only by reading past a one-byte buffer (what lies next to it
in the JIT's memory is the same every run) or writing past one; the final check
(``server.judge.final_check``) runs it twice and sees nothing wrong. So once a function's block
is selected, and before it is written, ``drop_sanitizer_trips(selection, code, function,
clang_repl)`` compiles it once with the sanitizers and runs it once
(``cdoctest_runner.coverage.sanitize.sanitize_block``: the native program of coverage, a marker
before each example so a report names its example). The run stops at the first report; that
example goes, and so do the later examples that use a name it declares (and, in turn, the names
those declare) and the set-up lines that only the dropped examples used (``unsigned char one =
1;`` before ``sum(&one, 4)``); the rest is run again when an example after it was still to run,
for up to ``ROUNDS`` runs (examples still unchecked after the last are dropped too: every kept
example ran clean). A block left without an example that checks an output and names the
function is emptied, its ``rejected`` saying why (``server.generate.noblock``). A later example
whose output depended on a dropped one's side effects is caught by the final check, which runs
the block again in clang-repl before it is written.

What cannot be checked is kept, with a note: a block that does not compile natively (code that
only works in clang-repl, a missing library), an example with an input that does not, examples
after a time-out, a crash without a report or a limit reached (a stack overflow: not undefined
behaviour), and a report before the first example (the code under test's start-up). No clang or
sanitizer runtime: the block stands, with a note.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cdoctest_runner.coverage.native import NativeToolError, find_compilers
from cdoctest_runner.coverage.sanitize import Report, SanitizerRun, sanitize_block
from cdoctest_runner.ctext import identifiers
from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest, Example
from cdoctest_runner.sandbox import DEFAULT_LIMITS, Limits
from models.prompt import mentions
from server.judge.select import Selection
from server.judge.units import Fate, Rejection
from server.judge.verify import declared_names, unused_declarations
from server.render import checks_output

ROUNDS = 3  # native runs of one block at most (one, unless an example trips)


@dataclass(frozen=True)
class Sanitized:
    """The selection after the sanitizer run, the note for the trace ('' when there is nothing
    to say) and whether every example it keeps ran clean (``clean``: nothing left unchecked).
    """

    selection: Selection
    note: str = ""
    clean: bool = False


@dataclass(frozen=True)
class Trip:
    """An example dropped for a report: its 1-based position in the block as selected, its
    source, and the report.
    """

    position: int
    source: str
    report: Report

    def describe(self) -> str:
        """``heap-buffer-overflow READ in example 3: `f(buf, 64)```."""
        call = " ".join(self.source.split())
        return f"{self.report.describe()} in example {self.position}: `{call}`"


def users(examples: list[Example], k: int) -> set[int]:
    """The examples after ``k`` that use a name ``k`` declares, or one those declare.

    >>> exs = [Example("char b[1];"), Example("f(b, 4)"), Example("int n = f(b, 1);"),
    ...        Example("n + 1"), Example("f(0, 0)")]
    >>> sorted(users(exs, 0))
    [1, 2, 3]
    """
    names = declared_names(examples[k].source)
    out: set[int] = set()
    for i in range(k + 1, len(examples)):
        if names & {m.group() for m in identifiers(examples[i].source)}:
            out.add(i)
            names |= declared_names(examples[i].source)
    return out


def setup_of(examples: list[Example], gone: set[int]) -> set[int]:
    """The examples outside ``gone`` that print nothing and declare only names the examples of
    ``gone`` use and no other example does: set-up left with nothing to set up.

    >>> exs = [Example("char one = 1;"), Example("int n = 2;"), Example("f(&one, 4)", "1"),
    ...        Example("f(&one, n)", "1"), Example("n", "2")]
    >>> setup_of(exs, {2}), setup_of(exs, {2, 3})
    (set(), {0})
    """

    def used(indices: Iterable[int]) -> set[str]:
        return {m.group() for i in indices for m in identifiers(examples[i].source)}

    out: set[int] = set()
    for i in range(len(examples)):
        names = declared_names(examples[i].source)
        if i in gone or not names or examples[i].want.strip():
            continue
        others = used(j for j in range(len(examples)) if j != i and j not in gone | out)
        if names & used(gone) and not names & others:
            out.add(i)
    return out


def drop_sanitizer_trips(
    selection: Selection,
    code: CodeUnderTest,
    function: Declaration,
    clang_repl: str | None,
    limits: Limits = DEFAULT_LIMITS,
) -> Sanitized:
    """``selection`` without the examples that trip the sanitizers (module doc)."""
    if not selection.examples:
        return Sanitized(selection, clean=True)
    try:
        if clang_repl is None:
            raise NativeToolError("no clang-repl to find clang by")
        compilers = find_compilers(clang_repl)
        left = list(enumerate(selection.examples, start=1))  # (position, example)
        trips: list[Trip] = []
        dependents = setups = cut = 0
        why = ""  # what was not checked, and why
        for round_ in range(ROUNDS):
            examples = [e for _, e in left]
            test = DocTest(tuple(examples), function.name, code.path or "block", 1, 1)
            run = sanitize_block(test, code, compilers, limits)
            report = run.report
            if report is None or not report.undefined or report.example < 0:
                why = unchecked(run, left)
                break
            k = report.example
            trips.append(Trip(left[k][0], examples[k].source, report))
            gone = {k} | users(examples, k)
            dependents += len(gone) - 1
            setup = setup_of(examples, gone)
            gone |= setup
            setups += len(setup)
            later = [i for i in range(k + 1, len(left)) if i not in gone]
            if later and round_ == ROUNDS - 1:  # not run: every kept example ran clean
                gone |= set(later)
                cut = len(later)
            left = [x for i, x in enumerate(left) if i not in gone]
            if not later:
                break
    except (NativeToolError, OSError, subprocess.SubprocessError) as exc:
        return Sanitized(selection, f"sanitizers: not checked ({exc})")
    extra = (dependents, setups, cut)
    return _result(selection, function, left, trips, extra, why)


def unchecked(run: SanitizerRun, left: list[tuple[int, Example]]) -> str:
    """What a run that ended without an example's report left unchecked, in words ('' when
    every example ran clean).
    """
    if not run.built:
        return f"not checked: the block does not compile natively ({run.error})"
    parts = []
    report = run.report
    if report is not None and report.example < 0:
        parts.append(f"not checked: {report.describe()} before the first example")
    elif not run.ended and report is None and run.reached == 0:
        parts.append("not checked: the program stopped before the first example")
    elif not run.ended:
        k = report.example if report is not None else run.reached - 1
        position = left[k][0] if k < len(left) else len(left)
        if report is not None:
            what = f"{report.describe()} (a limit, not undefined behaviour)"
        else:
            what = "a time-out" if run.timed_out else "a stop without a report"
        parts.append(f"examples from {position} on not checked: {what} in example {position}")
    if run.unchecked:
        parts.append(f"{len(run.unchecked)} example(s) not checked (not compiled natively)")
    return "; ".join(parts)


def _result(
    selection: Selection,
    function: Declaration,
    left: list[tuple[int, Example]],
    trips: list[Trip],
    extra: tuple[int, int, int],
    why: str,
) -> Sanitized:
    """The selection with only ``left``'s examples, and the note (module doc); ``extra``: how
    many examples went with the trips (using what they declare, set-up only they used, not
    checked after the last run).
    """
    if not trips:
        return Sanitized(selection, f"sanitizers: {why}" if why else "", clean=not why)
    # Set-up whose users all went (declarations an earlier round left behind) goes too.
    kept = tuple(unused_declarations([e for _, e in left]))
    n = len(selection.examples) - len(kept)
    note = f"{n} example(s) dropped ({'; '.join(t.describe() for t in trips)}"
    dependents, setups, cut = extra
    if dependents:
        note += f"; {dependents} that use what they declare"
    if setups:
        note += f"; {setups} set-up line(s) only they used"
    if cut:
        note += f"; {cut} not checked after {ROUNDS} runs"
    note = "sanitizers: " + note + ")" + (f"; {why}" if why else "")
    if not (kept and checks_output(kept) and any(mentions(e, function.name) for e in kept)):
        rejected = tuple(Rejection(Fate.SANITIZED, t.source, t.report.describe()) for t in trips)
        emptied = replace(selection, examples=(), findings=(), rejected=rejected)
        return Sanitized(emptied, note)
    keys = {" ".join(e.source.split()) for e in kept}
    findings = tuple(f for f in selection.findings if " ".join(f.example.source.split()) in keys)
    # The kills were those of the whole block: measured again (``select.measure_block``).
    approximate = selection.approximate or bool(selection.mutants)
    trimmed = replace(selection, examples=kept, findings=findings, approximate=approximate)
    return Sanitized(trimmed, note, clean=not why)
