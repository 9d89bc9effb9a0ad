"""Verify: run candidate examples in clang-repl and keep those that compile and run.

A candidate (one model completion, one fallback proposal, one documented, mined or searched call;
its source is its ``Origin``, its key ``(origin, index)``) is split into *units*: the connected
groups of examples that share a variable one of them declares (``Stack s;`` / ``s.push(1);`` /
``s.size()`` form one unit; ``fac(0)`` and ``fac(5)`` are two; in code that keeps state between
calls, ``cdoctest_runner.reuse.code_is_stateful``, a candidate is one unit). Units run as separate
blocks in one ``DocTestRunner.run_many`` batch (sandboxed, in parallel, on warm interpreters), so
one crash or compile error costs only its own unit and examples that depend on each other stay
together.

Inside a unit, an example is kept when it ran (outcome passed or failed); an input clang-repl
rejects has no effect on the session, so it is dropped alone, while a crash or timeout ends the
unit. A failed example records the actual output (the regression oracle) and, when the candidate
had predicted an output, yields a ``Finding`` (predicted vs actual), reported only when
``server.judge.hints`` is confident the code is wrong (else kept in ``VerifiedUnit.quiet``).
``strict`` keeps a unit only up to its first failed example. Outputs that cannot be recorded
faithfully (addresses, prompt-like lines, ``*/``, very long) drop the example. A unit none of whose
kept examples names the target (its set-up ran, every call of the function failed) is not kept:
``VerifyReport.rejected`` says why each unit that is not kept gave nothing (a ``Rejection``: the
first example that failed, with the error or the signal).

Undefined behaviour (``docs/generate.md``, "Blocks a reviewer keeps", rule 5): the sessions that run
candidates compile the code under test and the examples with trapping UBSan (``UB_TRAPS``: signed
overflow, shifts past the width, division by zero, out-of-bounds indexing, null, a missing
``return`` value, bad ``bool``/``enum`` loads, ...; no runtime library is needed). An example whose
run has undefined behaviour traps (SIGILL, or SIGTRAP where the trap instruction raises it), so it
ends its unit like any crash and its recorded output (whatever the undefined run printed) never
reaches selection; ``VerifyReport.undefined`` lists those examples. Defined behaviour (unsigned
wrap-around, ``-fwrapv`` code) runs as before. Mutants run without the traps
(``server.judge.select``).

What a call changed (docs/generate.md, "Blocks a reviewer keeps", rule 6): the lines right after a
call of the function that print something (a getter, a field, an out-parameter) are run once more
in the same batch without the call (``probes``: the unit's lines before it, the call's own
declarations, then those lines, the printing ones twice), and ``VerifiedUnit.before`` keeps what
each printed there when it printed the same twice in a row (it reads without changing what it
shows); a line that prints the same after the call shows state the call did not change
(``VerifiedUnit.unchanged``), which selection leaves out unless it alone kills a mutant.
"""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cdoctest_runner import ctext
from cdoctest_runner.coverage.sanitize import UB_CHECKS, wraps
from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from cdoctest_runner.libraries import missing_symbols
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from cdoctest_runner.reuse import code_is_stateful
from server.api import Finding
from server.judge.hints import calibrate
from server.judge.units import Candidate, Fate, Rejection, Unit, VerifiedUnit

#: Trapping UBSan checks for the sessions that run candidates (one ``-fsanitize=`` per check:
#: clang-repl splits ``--Xcc=`` values at commas). Accepted by clang-repl for C and C++ alike;
#: the native sanitizer run of a selected block has the same checks (``server.judge.sanitize``).
UB_TRAPS = (*(f"-fsanitize={check}" for check in UB_CHECKS), "-fsanitize-trap=all")
#: The signals a trap raises (``ud2`` on x86-64: SIGILL; ``brk`` elsewhere: SIGTRAP), as the
#: runner names them in a crash's message (``killed by signal 4 (SIGILL)``).
_TRAP_SIGNALS = ("(SIGILL)", "(SIGTRAP)")
UNDEFINED = "undefined behaviour (trap)"

MAX_WANT_LINES = 12
MAX_WANT_CHARS = 400

# A name being declared: preceded by a type-ish token, followed by '=', ';', '(', '[', '{' or ','.
_DECL = re.compile(r"(?:[\w>]\s+|[*&]\s*)(?P<name>[A-Za-z_]\w*)\s*(?==|;|\(|\[|\{|,)")
_ASSIGN = re.compile(r"(?<![=!<>+\-*/%&|^])=(?!=)")  # ``=`` (not ``==``, ``<=``, ``+=``...)
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{5,}|@0x")
_KEYWORDS = frozenset(
    """auto bool break case char const constexpr continue default delete do double else enum
    extern false float for goto if inline int long new nullptr return short signed sizeof static
    struct switch true typedef union unsigned void volatile while class namespace template
    typename this using public private protected virtual operator std""".split()
)


def identifiers(code: str) -> set[str]:
    """Identifiers in ``code`` outside string/char literals and comments.

    >>> sorted(identifiers('printf("%d x\\\\n", count(x)); // y'))
    ['count', 'printf', 'x']
    """
    return {m.group() for m in ctext.identifiers(code)}


def declared_names(code: str) -> set[str]:
    """Variables a statement declares (heuristic, literals blanked first).

    >>> sorted(declared_names("shop::Bin b(10); int xs[3] = {1, 2, 3}; const char *p = q;"))
    ['b', 'p', 'xs']
    >>> declared_names("s.push(4); printf(\\"%d\\", f(x));")
    set()
    """
    blanked = ctext.blank(code)
    names = {m.group("name") for m in _DECL.finditer(blanked)}
    return {n for n in names if n not in _KEYWORDS}


_FUNCTION_DEFINITION = re.compile(
    r"^\s*[A-Za-z_][\w\s\*&:<>,]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{"
)
_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def only_declares(code: str) -> set[str]:
    """The names ``code`` declares when declaring is all it does (variables, or a function it
    defines; nothing called outside a body but a declared name's constructor), else none.

    >>> sorted(only_declares("char sink[64] = {0}; int n = 0;"))
    ['n', 'sink']
    >>> only_declares("void out(char c, void *a) { if (n < 63) sink[n++] = c; }")
    {'out'}
    >>> only_declares("size_t len = 0; get_root(p, &len);"), only_declares("int n = f(1);")
    (set(), set())
    """
    blanked = ctext.blank(code)
    defined = _FUNCTION_DEFINITION.match(blanked)
    # A function's parameters are its own: the definition declares its name only.
    names = {defined.group(1)} if defined else declared_names(code)
    if not names:
        return set()
    outside = blanked
    while True:  # the bodies and initialiser lists out, innermost first
        flat = re.sub(r"\{[^{}]*\}", "", outside)
        if flat == outside:
            break
        outside = flat
    called = {m.group(1) for m in _CALL.finditer(outside)} - _KEYWORDS - {"sizeof"}
    return names if called <= names else set()


def unused_declarations(examples: Sequence[Example]) -> list[Example]:
    """``examples`` without set-up that sets up nothing: an example that prints nothing and only
    declares (``only_declares``), none of whose names a later example still kept uses. Read from
    the end, so a declaration only such set-up used goes too (what is left after examples were
    dropped: the sanitizers' trips, a trimmed block).

    >>> from cdoctest_runner.example import Example as E
    >>> exs = [E("char a[4] = {0}; int n = 0;"), E("char b[4] = {0};"),
    ...        E("void cb(char c) { a[n++] = c; }"), E("char c[4];"), E("f(cb)", "1"),
    ...        E("int m = 0;")]
    >>> [e.source.strip() for e in unused_declarations(exs)]
    ['char a[4] = {0}; int n = 0;', 'void cb(char c) { a[n++] = c; }', 'f(cb)']
    """
    keep = [True] * len(examples)
    for i in reversed(range(len(examples))):
        names = set() if examples[i].want.strip() else only_declares(examples[i].source)
        if not names:
            continue
        later = {
            m.group()
            for j in range(i + 1, len(examples))
            if keep[j]
            for m in ctext.identifiers(examples[j].source)
        }
        keep[i] = bool(names & later)
    return [e for e, k in zip(examples, keep, strict=True) if k]


def split_units(examples: list[Example]) -> list[list[int]]:
    """Group example indices into units: connected by a declared name one declares and another uses.

    >>> from cdoctest_runner.example import Example as E
    >>> split_units([E("Stack s;"), E("f(1)"), E("s.push(2);"), E("s.size()"), E("f(2)")])
    [[0, 2, 3], [1], [4]]
    """
    parent = list(range(len(examples)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    declarer: dict[str, int] = {}
    for i, ex in enumerate(examples):
        used = identifiers(ex.source)
        for name in used & declarer.keys():
            parent[find(i)] = find(declarer[name])
        for name in declared_names(ex.source):
            declarer.setdefault(name, i)
    groups: dict[int, list[int]] = {}
    for i in range(len(examples)):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])


@dataclass(frozen=True)
class VerifyReport:
    """All units of all candidates: the kept ones, and counts for the honest summary."""

    kept: tuple[VerifiedUnit, ...]
    units_total: int
    candidates_total: int
    candidates_with_kept: int
    outcomes: dict[str, int]  # Outcome value -> number of examples
    kept_per_candidate: tuple[int, ...] = ()  # examples kept, per candidate in the order given
    # Symbols the JIT could not link (other files' code): never a name the unit declares itself
    # (``int n();`` read as a function, a declaration whose input failed): no library holds it.
    missing_symbols: tuple[str, ...] = ()
    # Examples whose run on the original trapped (undefined behaviour, ``UB_TRAPS``): their units
    # end there, as at a crash.
    undefined: tuple[Example, ...] = ()
    # Units that kept no example, and candidates with no unit that names the function: why each.
    rejected: tuple[Rejection, ...] = ()

    def undefined_note(self) -> str:
        """What ``-v`` says of the examples dropped for undefined behaviour ('' when none).

        >>> VerifyReport((), 1, 1, 0, {}, undefined=(Example("f(INT_MAX, 1)"),)).undefined_note()
        '1 call(s) dropped: undefined behaviour (trap) in `f(INT_MAX, 1)`'
        """
        if not self.undefined:
            return ""
        first = self.undefined[0].source.strip()
        return f"{len(self.undefined)} call(s) dropped: {UNDEFINED} in `{first}`"


@dataclass(frozen=True)
class Probe:
    """A unit's lines after a call of the function, run without the call: ``examples`` are the
    unit's examples before the call, the call's own declarations (``int n = 0;`` of ``int n = 0;
    f(&n)``), the lines after it up to the next call, then once more those of them that may
    print (a line that prints the same twice in a row reads without changing what it shows);
    ``stands_for[k]`` is the index in the unit of the line that probe example ``k`` repeats
    (-1: a line before the call).
    """

    examples: tuple[Example, ...]
    stands_for: tuple[int, ...]


def probes(unit: Unit, target_names: set[str]) -> list[Probe]:
    """One ``Probe`` per call of the function (an example naming one of ``target_names``) with
    lines after it, before the next call; a line that reads what the call assigns (``res`` of
    ``res = f(h)``: the function's result) has no value before it and is left out.

    >>> from cdoctest_runner.example import Example as E
    >>> exs = (E("h = make();"), E("int n = 0; res = f(h, &n)"), E("n"), E("get(res)"))
    >>> exs += (E("f(h, 0)"),)
    >>> [(tuple(e.source.strip() for e in p.examples), p.stands_for)
    ...  for p in probes(Unit(exs, Candidate(exs)), {"f"})]
    [(('h = make();', 'int n = 0;', 'n', 'n'), (-1, -1, 2, 2))]
    """
    exs = unit.examples
    calls = [bool(identifiers(e.source) & target_names) for e in exs]
    out = []
    for i, call in enumerate(calls):
        if not call:
            continue
        after = list(itertools.takewhile(lambda j: not calls[j], range(i + 1, len(exs))))
        assigned = _assigned_by_call(exs[i].source, target_names)
        after = [j for j in after if not identifiers(exs[j].source) & assigned]
        if not after:
            continue
        setup = _before_call(exs[i].source, target_names)
        lines = [replace(e, want="") for e in exs[:i]] + ([Example(setup)] if setup else [])
        again = [j for j in after if _prints(exs[j].source)]
        stands = [-1] * len(lines) + after + again
        lines += [replace(exs[j], want="") for j in after + again]
        out.append(Probe(tuple(lines), tuple(stands)))
    return out


_PRINTS = re.compile(r"\b(?:printf|fprintf|puts|fputs|putchar|fwrite|cout|cerr)\b")


def _prints(source: str) -> bool:
    """Whether ``source`` may print: a bare expression (clang-repl prints its value) or a print.

    >>> [_prints(s) for s in ("n", "h->type", "s.push(3);", 'puts(b);')]
    [True, True, False, True]
    """
    code = ctext.blank(source).strip()
    return not code.endswith(";") or _PRINTS.search(code) is not None


def _statements(source: str) -> list[tuple[str, str]]:
    """``(statement, blanked statement)`` of ``source``'s top-level statements, without ``;``."""
    code = ctext.blank(source)
    return [
        (source[a:b].strip(), code[a:b].strip())
        for a, b in ctext.top_level_spans(code, ";")
        if code[a:b].strip()
    ]


def _before_call(source: str, target_names: set[str]) -> str:
    """The statements of ``source`` before its first one that names the function.

    >>> _before_call('char b[8] = ""; int n = 0; f(b, &n)', {"f"})
    'char b[8] = ""; int n = 0;'
    """
    out = []
    for statement, _ in _statements(source):
        if identifiers(statement) & target_names:
            break
        out.append(statement + ";")
    return " ".join(out)


def _assigned_by_call(source: str, target_names: set[str]) -> set[str]:
    """The names that the statements of ``source`` naming the function declare or assign.

    >>> sorted(_assigned_by_call("int n = 0; res = f(n); auto r = f(1); f(&n, 2);", {"f"}))
    ['r', 'res']
    """
    out: set[str] = set()
    for statement, code in _statements(source):
        if not identifiers(statement) & target_names:
            continue
        # ``f(&n, 3)`` reads as declaring ``n``; an address passed is an out-parameter.
        out |= {n for n in declared_names(statement) if not re.search(rf"&\s*{n}\b", code)}
        assign = _ASSIGN.search(code)
        left = list(ctext.identifiers(code[: assign.start()])) if assign is not None else []
        out |= {left[-1].group()} if left else set()  # ``res = f(h)``, ``auto r = f(1)``
    return out


def units_of(candidate: Candidate, target_names: set[str], stateful: bool = False) -> list[Unit]:
    """The candidate's units that mention one of ``target_names`` (others test nothing of ours).

    ``stateful``: the code under test keeps state between calls (``inc();`` then ``get()``), so
    the candidate's examples stay one unit, in order, as the block will run them; so do a
    ``whole`` candidate's (a global setting changed, used and restored).
    """
    # A comment-only example would read back as the block's label: it tests nothing anyway.
    exs = [
        e
        for e in candidate.examples
        if not all(ln.strip().startswith("//") or not ln.strip() for ln in e.source.split("\n"))
    ]
    out = []
    whole = (stateful or candidate.whole) and exs
    for group in [list(range(len(exs)))] if whole else split_units(exs):
        members = tuple(exs[i] for i in group)
        if any(identifiers(e.source) & target_names for e in members):
            out.append(Unit(members, candidate))
    return out


def recordable(example: Example, got: str) -> bool:
    """Whether ``got`` can be written as the expected output of a block and read back the same."""
    if _ADDRESS.search(got) or "*/" in got or "*/" in example.source:
        return False
    lines = got.rstrip("\n").split("\n") if got else []
    if len(lines) > MAX_WANT_LINES or len(got) > MAX_WANT_CHARS:
        return False
    for line in lines:
        s = line.strip()
        if s.startswith((">>>", "...", "clang-repl>", "clang-repl...")) or s == "<...>":
            return False
        if "\r" in line or "\x00" in line:
            return False
    return True


def with_ub_traps(code: CodeUnderTest) -> CodeUnderTest:
    """``code`` compiled with ``UB_TRAPS`` (once: flags it has already are not repeated). Code
    built with ``-fwrapv`` (or ``-fno-strict-overflow``) defines signed overflow as wrapping, so
    its checks leave signed overflow out (clang's check would trap on it all the same).

    >>> with_ub_traps(with_ub_traps(CodeUnderTest(path="/t/a.c", flags=("-std=c99",)))).flags[:2]
    ('-std=c99', '-fsanitize=signed-integer-overflow')
    >>> wrapping = with_ub_traps(CodeUnderTest(flags=("-fwrapv",)))
    >>> "-fsanitize=signed-integer-overflow" in wrapping.flags, "-fsanitize=shift" in wrapping.flags
    (False, True)
    """
    skip = {*code.flags, *(["-fsanitize=signed-integer-overflow"] if wraps(code.flags) else [])}
    traps = [f for f in UB_TRAPS if f not in skip]
    return replace(code, flags=(*code.flags, *traps))


def undefined_behaviour(result: ExampleResult) -> bool:
    """Whether ``result`` ended in a UBSan trap (a crash by SIGILL or SIGTRAP in a session
    compiled with ``UB_TRAPS``).
    """
    return result.outcome is Outcome.CRASH and result.message.endswith(_TRAP_SIGNALS)


def verify_candidates(
    candidates: list[Candidate],
    code: CodeUnderTest,
    runner: Runner,
    target_names: set[str],
    *,
    strict: bool = False,
    filename: str = "<candidate>",
    cancel: threading.Event | None = None,
) -> VerifyReport:
    """Run every unit of every candidate (one ``run_many`` batch) and keep what compiles and
    runs without undefined behaviour (the sessions compile ``code`` with ``UB_TRAPS``).
    """
    stateful = code_is_stateful(code)
    checked = with_ub_traps(code)
    per_candidate = [units_of(c, target_names, stateful) for c in candidates]
    units = [u for us in per_candidate for u in us]
    rejected = [
        Rejection(Fate.NEVER_CALLS, c.examples[0].source.strip())
        for c, us in zip(candidates, per_candidate, strict=True)
        if not us and c.examples
    ]
    jobs = [
        (
            DocTest(
                examples=u.examples,
                name=f"candidate::{u.candidate.origin.value}{u.candidate.index}:{k}",
                filename=filename,
                lineno=1,
                end_lineno=1,
            ),
            checked,
        )
        for k, u in enumerate(units)
    ]
    per_unit = [probes(u, target_names) for u in units]
    jobs += [
        (DocTest(p.examples, f"probe::{k}:{n}", filename, 1, 1), checked)
        for k, ps in enumerate(per_unit)
        for n, p in enumerate(ps)
    ]
    ran: list[DocTestResult] = runner.run_many(jobs, cancel=cancel) if jobs else []
    results, probed = ran[: len(units)], iter(ran[len(units) :])
    before = [_before(ps, [next(probed) for _ in ps]) for ps in per_unit]
    kept: list[VerifiedUnit] = []
    outcomes: dict[str, int] = {}
    missing: dict[str, None] = {}
    undefined: list[Example] = []
    for unit, result, shown in zip(units, results, before, strict=True):
        own = set().union(*(declared_names(e.source) for e in unit.examples))
        for r in result.results:
            outcomes[r.outcome.value] = outcomes.get(r.outcome.value, 0) + 1
            if undefined_behaviour(r):
                undefined.append(r.example)
            missing.update(dict.fromkeys(s for s in missing_symbols(r.stderr) if s not in own))
        vu = _keep(unit, result, strict, target_names, shown)
        if isinstance(vu, Rejection):
            rejected.append(vu)
        else:
            kept.append(vu)
    kept = calibrate(kept, code, target_names)  # only confident wrong predictions stay findings
    with_kept = {(k.unit.candidate.origin, k.unit.candidate.index) for k in kept}
    per = tuple(sum(len(k.examples) for k in kept if k.unit.candidate is c) for c in candidates)
    return VerifyReport(
        kept=tuple(kept),
        units_total=len(units),
        candidates_total=len(candidates),
        candidates_with_kept=len(with_kept),
        outcomes=outcomes,
        kept_per_candidate=per,
        missing_symbols=tuple(missing),
        undefined=tuple(undefined),
        rejected=tuple(rejected),
    )


def _before(ps: list[Probe], results: list[DocTestResult]) -> dict[int, str]:
    """What each probed line of a unit printed without the call before it (by its index in the
    unit): only lines that ran twice in a row and printed the same both times.
    """
    out: dict[int, str] = {}
    for p, result in zip(ps, results, strict=True):
        got: dict[int, list[str | None]] = {}
        for at, r in zip(p.stands_for, result.results, strict=False):
            ran = r.outcome in (Outcome.PASSED, Outcome.FAILED)
            got.setdefault(at, []).append(r.got if ran else None)
        for at, printed in got.items():
            first = printed[0]
            if at >= 0 and len(printed) == 2 and first is not None and first == printed[1]:
                out[at] = first
    return out


def _keep(
    unit: Unit,
    result: DocTestResult,
    strict: bool,
    target_names: set[str],
    before: dict[int, str] | None = None,
) -> VerifiedUnit | Rejection:
    """The unit with the examples that ran and their outputs recorded (with what the probed ones
    printed without the call before them: ``before``, by index in the unit), or, when none did
    (or none that names one of ``target_names``), why: the first thing that went wrong.
    """
    if result.setup_error is not None:
        call = unit.examples[0].source.strip() if unit.examples else ""
        return Rejection(Fate.NOT_LOADED, call, first_error_line(result.setup_error))
    examples: list[Example] = []
    right: list[bool] = []
    findings: list[Finding] = []
    first: Rejection | None = None  # the first example that did not run to a recorded output
    shown: list[str | None] = []
    for k, r in enumerate(result.results):
        ex = r.example
        if r.outcome is Outcome.COMPILE_ERROR:
            first = first or rejection_of(r)
            continue  # rejected input: no effect on the session
        if r.outcome not in (Outcome.PASSED, Outcome.FAILED):
            first = first or rejection_of(r)
            break  # crash, timeout, output limit: the session is over
        if not recordable(ex, r.got):
            printed = f"printed {r.got.strip()[:40]!r}"  # repr: a NUL or a prompt stays visible
            first = first or Rejection(Fate.UNRECORDABLE, ex.source.strip(), printed)
            break  # later examples may depend on this one's effects
        ok = r.outcome is Outcome.PASSED
        if not ok and strict:
            first = first or Rejection(Fate.WRONG, ex.source.strip(), r.message)
            break
        recorded = replace(ex, want=r.got)
        if not ok and ex.want.strip():
            findings.append(
                Finding(
                    example=recorded,
                    predicted=ex.want,
                    actual=r.got,
                    message=f"possible bug (or a wrong prediction): `{ex.source.strip()}` "
                    f"was predicted to print {ex.want.strip()!r} but printed {r.got.strip()!r}",
                )
            )
        examples.append(recorded)
        right.append(ok)
        shown.append((before or {}).get(k))
    if not any(identifiers(e.source) & target_names for e in examples):
        return first or Rejection(Fate.NOT_COMPILED, unit.examples[0].source.strip())
    probed = tuple(shown) if any(b is not None for b in shown) else ()
    return VerifiedUnit(unit, tuple(examples), tuple(right), tuple(findings), result, before=probed)


def first_error_line(text: str) -> str:
    r"""The line of a compiler's output that says what went wrong: the first ``error:`` line
    (not the ``In file included from`` lines before it), else the first line.

    >>> first_error_line("In file included from input_line_6:1:\n"
    ...                  "a.c:3:10: fatal error: 'b.h' file not found\n   3 | #include <b.h>")
    "a.c:3:10: fatal error: 'b.h' file not found"
    """
    lines = [ln.strip() for ln in text.strip().splitlines()]
    return next((ln for ln in lines if "error:" in ln), lines[0] if lines else "")


def rejection_of(result: ExampleResult) -> Rejection:
    """Why an example that did not run to an output gave nothing: its fate and the runner's
    words (the first error, the signal, the missing symbols).

    >>> from cdoctest_runner.results import ExampleResult as R
    >>> why = rejection_of(R(Example("f(1)"), Outcome.COMPILE_ERROR, message="1:1: error: no f"))
    >>> why.fate.value, why.call, why.detail
    ('did not compile', 'f(1)', '1:1: error: no f')
    """
    call = result.example.source.strip()
    if result.outcome is Outcome.COMPILE_ERROR:
        missing = missing_symbols(result.stderr)
        if missing:
            return Rejection(Fate.NOT_LINKED, call, "symbols not found: " + ", ".join(missing))
        return Rejection(Fate.NOT_COMPILED, call, result.message)
    if undefined_behaviour(result):
        return Rejection(Fate.UNDEFINED, call)
    fate = {Outcome.TIMEOUT: Fate.TIMED_OUT, Outcome.OUTPUT_LIMIT: Fate.UNRECORDABLE}.get(
        result.outcome, Fate.NOT_LOADED if result.outcome is Outcome.ERROR else Fate.CRASHED
    )
    return Rejection(fate, call, result.message)
