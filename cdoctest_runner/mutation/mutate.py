"""Mutation analysis of one target function: how many small faults does a block detect.

Contract:

- ``make_mutants(source, function, language="c++", limit=40)`` is pure (libclang only, no
  clang-repl): it parses ``source`` (the whole file text), finds the *definition* of ``function``
  and returns mutants of that function's body only, each carrying the whole mutated file text.
  Operators (``Mutant.operator``):

  - ``arithmetic``: ``+``<->``-``, ``*``<->``/``, ``%``->``*``, and the same on compound
    assignments (``+=``...);
  - ``relational``: ``<``->``<=``/``>``, ``<=``->``<``/``>=``, ``>``->``>=``/``<``,
    ``>=``->``>``/``<=``, ``==``<->``!=``;
  - ``logical``: ``&&``<->``||``; ``bitwise``: ``&``<->``|``, ``^``->``&``, ``<<``<->``>>``;
  - ``constant``: integer literal ``n`` -> ``n+1`` and ``n-1``; ``true``<->``false``; a letter or
    digit character literal -> the next one; an enumerator -> the next one of its enum (``case``
    labels are left alone: changing one mostly makes a duplicate label);
  - ``negate``: the condition of ``if``/``while``/``do``/``?:`` wrapped in ``!( )`` (``for``
    conditions are left alone: negating them mostly yields endless loops);
  - ``delete``: an expression statement, ``break;`` or ``continue;`` directly inside a ``{ }``
    block is removed (declarations and ``return`` never are).

  Operators are found on the AST (binary operators only, so unary ``-``/``*``/``&`` are never
  touched) and edited at exact token offsets (``cdoctest_runner.mutation.edits``). These seven
  (``CLASSIC_OPERATORS``) are the default. ``operators=OPERATORS`` adds ``REALISTIC_OPERATORS``,
  closer to the bugs people write:

  - ``drop-term``: ``a && b`` / ``a || b`` -> ``a`` and -> ``b`` (a forgotten condition);
  - ``widening``: a cast to a wider integer (``(long long)a * b``) removed, and a local
    ``long``/``long long`` variable declared ``int`` (overflow the original avoided);
  - ``off-by-one``: a non-literal array index ``i`` -> ``(i) + 1`` / ``(i) - 1``, a non-literal
    ``for`` bound ``i < n`` -> ``i < (n) - 1``;
  - ``remove-branch``: an ``if`` without ``else`` removed whole (a forgotten check), an
    ``else`` branch removed, a ``case X:`` label removed (falls to ``default`` or to the case
    above);
  - ``return``: a returned integer expression that is not a literal -> ``(expr) + 1``;
  - ``swap-args``: two neighbouring call arguments of the same type swapped.
- Order is deterministic (by position, then operator, then variant). When there are more than
  ``limit`` mutants, the kept ones are spread deterministically: the quota is dealt round-robin over
  the operators, and each operator's share is taken evenly spaced along the function.
- Callees: ``make_mutants(..., callees=N)`` also mutates up to ``N`` functions defined in the same
  file that the function calls or passes on as a callback, directly or through each other
  (breadth first: nearest first). A wrapper's behaviour is its helpers' (``snprintf_`` is three
  lines over static formatting helpers), and a block that kills the wrapper's few mutants says
  nothing about them. The target keeps up to half of ``limit``; the rest is dealt round-robin over
  every function, each share spread over its operators as above. A callee's mutants carry its
  name in ``Mutant.function`` and their description starts "in `name`: "; ids stay unique (the
  position is in the id, and function bodies do not overlap).
- ``mutation_analysis(examples, code, function, runner)`` runs the examples as ONE block (later
  examples may depend on earlier ones) on the original code and on every mutant (mutant text in
  ``CodeUnderTest.text``, the original ``path`` kept for include resolution) in one
  ``DocTestRunner.run_many`` batch. A mutant is *killed* when some example behaves differently
  from the original run (another outcome, or another output): with a passing block this is
  exactly "the block no longer passes" (failed, crash, timeout). A timeout is a budget of the
  session's CPU time, so a slow mutant is killed (or not) alike on a quiet and a loaded machine
  (``cdoctest_runner.cpuclock``); kills whose first difference is a timeout are listed in
  ``timeout_kills``, since no output shows them. A mutant whose code does not
  load is *stillborn* and left out of ``total``. ``kills_per_example[i]`` holds the ids of the
  mutants that example ``i`` was the *first* to detect. Equivalent mutants (no observable
  change) are possible and count as survivors. ``detected_by[id]`` holds every example whose run
  differed, so ``block_kills(report, chosen)`` gives a sub-block's kills without running the
  mutants again. Use a runner with a short ``Limits.timeout_s`` (a few seconds): mutants of loops
  often never terminate and each one then costs a full timeout. Cost: one fresh clang-repl
  session per mutant, which parses the file's leading headers from the precompiled header all the
  file's mutants share (``cdoctest_runner.precompiled``) and parses the mutated file: 0.2-0.6 s
  for a small C++ file with standard headers on this machine, 1-2 s for a 2,000-line one. A
  runner with ``compile_on_use`` (the generator's) compiles only the C++ free functions the block
  calls (``loadable.compiled_on_use``), not the whole file.
- ``select_examples(candidates, kills, max_examples)`` is the greedy set cover used to keep a small
  block that kills the most mutants.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cdoctest_runner import clang
from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest, Example
from cdoctest_runner.mutation.edits import Edit, classic_edits, realistic_edits
from cdoctest_runner.results import DocTestResult, Outcome

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.protocol import Runner

__all__ = [
    "CLASSIC_OPERATORS",
    "OPERATORS",
    "REALISTIC_OPERATORS",
    "Mutant",
    "MutationError",
    "MutationReport",
    "TargetNotFound",
    "block_kills",
    "make_mutants",
    "mutation_analysis",
    "select_examples",
]

CLASSIC_OPERATORS = (
    "arithmetic",
    "relational",
    "logical",
    "bitwise",
    "constant",
    "negate",
    "delete",
)
# Closer to the bugs people write (see the module docstring); the generator uses all of them.
REALISTIC_OPERATORS = (
    "drop-term",
    "widening",
    "off-by-one",
    "remove-branch",
    "return",
    "swap-args",
)
OPERATORS = CLASSIC_OPERATORS + REALISTIC_OPERATORS


class MutationError(CdoctestError):
    """Mutation analysis could not be done (the original code does not load, ...)."""


class TargetNotFound(MutationError):
    """The target function has no definition (body) in the given source."""


@dataclass(frozen=True)
class Mutant:
    """One mutated version of the file: ``text`` is the whole source with one small edit applied.

    ``line``/``column`` are 1-based (libclang) and locate the edit in the original text;
    ``original``/``replacement`` are the exact text replaced (``replacement`` is ``''`` for a
    deletion).
    """

    id: str  # e.g. 'relational@3:11/0': operator, line:column of the edit, variant at that spot
    operator: str  # one of OPERATORS
    description: str  # e.g. "`<` -> `<=`"
    line: int
    text: str
    column: int = 0
    original: str = ""
    replacement: str = ""
    function: str = ""  # '' for the target itself, else the callee whose body is mutated


@dataclass(frozen=True)
class MutationReport:
    """What a block of examples detected. ``score = killed / total`` (0.0 when ``total`` is 0)."""

    killed: int
    total: int  # mutants that loaded (stillborn ones excluded)
    score: float
    kills_per_example: list[set[str]]  # per example: ids of mutants it was the first to detect
    survivors: list[Mutant]
    stillborn: list[Mutant] = field(default_factory=list)  # mutants whose code did not load
    mutants: list[Mutant] = field(default_factory=list)  # every mutant tried, in order
    killed_by: dict[str, int] = field(
        default_factory=dict
    )  # mutant id -> index of first detecting example
    detected_by: dict[str, frozenset[int]] = field(
        default_factory=dict
    )  # id -> all differing examples
    baseline: DocTestResult | None = None  # the block run on the original code
    baseline_passed: bool = False
    # killed mutants whose first difference is that they ran out of time (CPU time: see
    # cdoctest_runner.cpuclock): a kill no output shows, reported apart
    timeout_kills: frozenset[str] = frozenset()
    # id -> the differing examples that ran under the mutant (``detected_by`` without the ones
    # SKIPPED because an earlier example ended its session): what each example shows by itself
    observed_by: dict[str, frozenset[int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready summary (mutant texts left out)."""
        return {
            "killed": self.killed,
            "total": self.total,
            "score": self.score,
            "stillborn": len(self.stillborn),
            "baseline_passed": self.baseline_passed,
            "timeout_kills": sorted(self.timeout_kills),
            "kills_per_example": [sorted(k) for k in self.kills_per_example],
            "survivors": [
                {"id": m.id, "operator": m.operator, "line": m.line, "description": m.description}
                for m in self.survivors
            ],
        }


# --------------------------------------------------------------------------------------------
# Parsing (libclang, set up in cdoctest_runner.clang)


def parse_source(source: str, path: str | None, language: str, flags: Sequence[str] = ()):  # noqa: ANN201
    """Parse ``source`` with libclang as an unsaved file (``cdoctest_runner.clang.parse``).

    Returns ``(translation_unit, filename)``; raises ``SourceParseError`` when libclang gives none.
    """
    filename = clang.buffer_path(path, language)
    return clang.parse(filename, source, language, flags), filename


def find_definition(tu, filename: str, function: Declaration):  # noqa: ANN001, ANN201
    """Return the cursor of ``function``'s definition in the main file (by name, then line)."""
    found = clang.function_definitions(tu, filename, function.name)
    if not found:
        raise TargetNotFound(
            f"no definition of {function.qualname or function.name!r} in {filename}"
        )
    for cur in found:
        if cur.extent.start.line <= function.line <= cur.extent.end.line:
            return cur
    return found[0]


def _line_col(source: bytes, offset: int) -> tuple[int, int]:
    line = source.count(b"\n", 0, offset) + 1
    col = offset - (source.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


def _apply(source: bytes, edit: Edit) -> bytes:
    parts = [(edit.start, edit.end, edit.replacement)] + [(o, o, t) for o, t in edit.inserts]
    out = source
    for a, b, text in sorted(parts, key=lambda p: p[0], reverse=True):
        out = out[:a] + text + out[b:]
    return out


def _spread(mutants: list[Mutant], limit: int) -> list[Mutant]:
    """Keep ``limit`` mutants: quota dealt round-robin over operators, evenly spaced within each."""
    if limit <= 0:
        return []
    if len(mutants) <= limit:
        return mutants
    groups: dict[str, list[int]] = {}
    for i, m in enumerate(mutants):
        groups.setdefault(m.operator, []).append(i)
    order = [op for op in OPERATORS if op in groups]
    quota = dict.fromkeys(order, 0)
    left = limit
    while left > 0:
        progressed = False
        for op in order:
            if left > 0 and quota[op] < len(groups[op]):
                quota[op] += 1
                left -= 1
                progressed = True
        if not progressed:
            break
    keep: list[int] = []
    for op in order:
        idx, q = groups[op], quota[op]
        keep += [idx[(k * len(idx)) // q] for k in range(q)]
    return [mutants[i] for i in sorted(keep)]


def _body(cursor):  # noqa: ANN001, ANN202
    return next((c for c in cursor.get_children() if c.kind.name == "COMPOUND_STMT"), None)


def _callee_definitions(cursor, filename: str, limit: int) -> list:  # noqa: ANN001
    """Definitions in ``filename`` of the functions ``cursor``'s body calls or names (a callback
    passed on), breadth first (nearest first, then in order of first use), at most ``limit``.
    """
    if limit <= 0:
        return []
    seen = {cursor.hash}
    out: list = []
    queue = [cursor]
    while queue and len(out) < limit:
        body = _body(queue.pop(0))
        if body is None:
            continue
        for node in body.walk_preorder():
            try:
                if node.kind.name not in ("CALL_EXPR", "DECL_REF_EXPR", "MEMBER_REF_EXPR"):
                    continue
            except ValueError:  # a cursor kind these bindings do not know
                continue
            ref = node.referenced
            if ref is None or ref.kind.name not in clang.FUNCTION_KINDS:
                continue
            d = ref.get_definition()
            if d is None or d.hash in seen or not clang.in_file(d, filename):
                continue
            seen.add(d.hash)
            if _body(d) is None:
                continue
            out.append(d)
            queue.append(d)
            if len(out) >= limit:
                break
    return out


def callees(
    source: str,
    function: Declaration,
    language: str = "c++",
    limit: int = 6,
    *,
    path: str | None = None,
    flags: Sequence[str] = (),
) -> list[tuple[str, str]]:
    """``(name, text)`` of the functions defined in ``source`` that ``function`` calls, directly
    or through each other (breadth first, at most ``limit``): the helpers whose mutants
    ``make_mutants(..., callees=limit)`` adds.
    """
    tu, filename = parse_source(source, path, language, flags)
    data = source.encode("utf-8")
    return [
        (d.spelling, data[d.extent.start.offset : d.extent.end.offset].decode("utf-8", "replace"))
        for d in _callee_definitions(find_definition(tu, filename, function), filename, limit)
    ]


def make_mutants(
    source: str,
    function: Declaration,
    language: str = "c++",
    limit: int = 40,
    *,
    path: str | None = None,
    flags: Sequence[str] = (),
    operators: Sequence[str] = CLASSIC_OPERATORS,
    callees: int = 0,
) -> list[Mutant]:
    """Mutants of ``function``'s body in ``source`` (see the module docstring for the operators).

    ``path`` (optional) names the file for libclang, so relative includes resolve; ``flags`` are
    extra compiler flags (``-I``, ``-D``, ``-std=``); ``operators`` picks the operators (default:
    the classic ones; ``OPERATORS`` adds the realistic ones). ``callees`` > 0 adds the mutants of
    up to that many functions of the same file that the function calls, directly or through each
    other (``Mutant.function`` names them; module docstring, "Callees"). Raises
    ``TargetNotFound`` when the function has no definition in ``source`` and ``ValueError`` for
    an unknown operator.
    """
    unknown = set(operators) - set(OPERATORS)
    if unknown:
        raise ValueError(f"unknown mutation operator(s): {sorted(unknown)}")
    tu, filename = parse_source(source, path, language, flags)
    cursor = find_definition(tu, filename, function)
    data = source.encode("utf-8")
    groups = [_function_mutants(tu, cursor, data, operators, "")]
    for d in _callee_definitions(cursor, filename, callees):
        groups.append(_function_mutants(tu, d, data, operators, d.spelling))
    return _deal(groups, limit)


def _deal(groups: list[list[Mutant]], limit: int) -> list[Mutant]:
    """``limit`` mutants over the target's (``groups[0]``) and its callees' mutants: the target
    keeps up to half, the rest is dealt round-robin over the callees, and what they cannot use
    goes back to the target; each function's share is ``_spread`` over its operators. In order
    of position in the file.
    """
    if len(groups) == 1 or limit <= 0:
        return _spread(groups[0], limit)
    quota = [0] * len(groups)
    quota[0] = min(len(groups[0]), limit // 2)
    left = limit - quota[0]
    for dealt in (range(1, len(groups)), range(len(groups))):  # the callees, then anyone
        while left > 0:
            progressed = False
            for g in dealt:
                if left > 0 and quota[g] < len(groups[g]):
                    quota[g] += 1
                    left -= 1
                    progressed = True
            if not progressed:
                break
    kept = [m for g, ms in enumerate(groups) for m in _spread(ms, quota[g])]
    order = {id(m): k for k, m in enumerate(m for ms in groups for m in ms)}
    position = {m.id: (m.line, m.column) for m in kept}
    return sorted(kept, key=lambda m: (position[m.id], order[id(m)]))


def _function_mutants(tu, cursor, data: bytes, operators: Sequence[str], name: str) -> list[Mutant]:  # noqa: ANN001
    """Mutants of one function's body (``name`` '' for the target, else the callee's name)."""
    body = _body(cursor)
    if body is None:
        return []
    edits = classic_edits(tu, body, data)
    if set(operators) & set(REALISTIC_OPERATORS):
        edits += realistic_edits(tu, body, data)
    edits = [e for e in edits if e.operator in operators]
    variant_order = {op: i for i, op in enumerate(OPERATORS)}
    edits.sort(key=lambda e: (e.start, variant_order[e.operator]))  # stable: keeps variant order
    where = f"in `{name}`: " if name else ""
    mutants: list[Mutant] = []
    seen: set[bytes] = {data}
    per_spot: dict[tuple[str, int], int] = {}
    for e in edits:
        new = _apply(data, e)
        if new in seen:
            continue
        seen.add(new)
        line, col = _line_col(data, e.start)
        k = per_spot.get((e.operator, e.start), 0)
        per_spot[(e.operator, e.start)] = k + 1
        mutants.append(
            Mutant(
                id=f"{e.operator}@{line}:{col}/{k}",
                operator=e.operator,
                description=where + e.description,
                line=line,
                text=new.decode("utf-8"),
                column=col,
                original=data[e.start : e.end].decode("utf-8", "replace"),
                replacement=e.replacement.decode("utf-8"),
                function=name,
            )
        )
    return mutants


# --------------------------------------------------------------------------------------------
# Running the examples against the mutants


def _block(examples: Sequence[Example], code: CodeUnderTest, function: Declaration) -> DocTest:
    return DocTest(
        examples=tuple(examples),
        name=f"mutation::{function.qualname or function.name}",
        filename=code.path or "<mutant>",
        lineno=1,
        end_lineno=1,
        declaration=function,
    )


def _differences(base: DocTestResult, other: DocTestResult, checker: OutputChecker) -> list[int]:
    """Return the indices of the examples whose outcome or output differs between two runs."""
    n = max(len(base.results), len(other.results))
    out = []
    for i in range(n):
        if i >= len(base.results) or i >= len(other.results):
            out.append(min(i, n - 1))
            continue
        b, o = base.results[i], other.results[i]
        if b.outcome is not o.outcome or not checker.check(b.got, o.got):
            out.append(i)
    return sorted(set(out))


def block_kills(report: MutationReport, chosen: Sequence[int]) -> set[str]:
    """Ids of the mutants that some example in ``chosen`` detected in the analysed block.

    Without another run, this is the kill set of the sub-block ``chosen`` when its examples behave
    as they did in the whole block: true when each chosen call keeps the declarations it uses
    (``select_examples``' ``requires``) and the code under test keeps no state between calls.

    >>> where = {"a": frozenset({0, 1}), "b": frozenset({1})}
    >>> r = MutationReport(2, 3, 2 / 3, [{"a"}, {"b"}], [], detected_by=where)
    >>> sorted(block_kills(r, [1])), sorted(block_kills(r, [0]))
    (['a', 'b'], ['a'])
    """
    keep = set(chosen)
    return {m for m, where in report.detected_by.items() if where & keep}


def mutation_analysis(
    examples: Sequence[Example],
    code: CodeUnderTest,
    function: Declaration,
    runner: Runner,
    mutants: list[Mutant] | None = None,
    cancel: threading.Event | None = None,
    *,
    limit: int = 40,
    flags: Sequence[str] = (),
) -> MutationReport:
    """Run ``examples`` (one block) on the original code and on each mutant (see module docstring).

    ``code`` must carry the source: ``code.text``, or else the file at ``code.path`` is read.
    When ``mutants`` is None they are made with ``make_mutants(..., limit=limit)``.
    Raises ``MutationError`` when the original code does not load or the runner fails (a session
    that cannot start, ...), and the runner's ``RunCancelled`` (not a ``MutationError``) when
    ``cancel`` was set.
    """
    if code.text is not None:
        source = code.text
    elif code.path is not None:
        try:
            with open(code.path, encoding="utf-8") as fh:
                source = fh.read()
        except OSError as exc:
            raise MutationError(f"cannot read {code.path}: {exc}") from exc
    else:
        raise MutationError("mutation analysis needs the source: give CodeUnderTest.text or .path")
    if mutants is None:
        mutants = make_mutants(
            source, function, code.language, limit, path=code.path, flags=tuple(flags) + code.flags
        )
    if not examples:  # nothing can tell a mutant apart: every one survives, nothing to run
        return MutationReport(0, len(mutants), 0.0, [], list(mutants), mutants=list(mutants))
    test = _block(examples, code, function)
    jobs = [(test, dataclasses.replace(code, text=source))]
    jobs += [(test, dataclasses.replace(code, text=m.text, key=m.id)) for m in mutants]
    from cdoctest_runner.runner import RunCancelled

    try:
        results = runner.run_many(jobs, cancel=cancel)
    except RunCancelled:
        raise
    except CdoctestError as exc:  # e.g. a session that could not start: no analysis, typed
        if cancel is not None and cancel.is_set():
            raise RunCancelled("mutation analysis cancelled") from exc
        raise MutationError(f"the runner failed during mutation analysis: {exc}") from exc
    if cancel is not None and cancel.is_set():
        raise RunCancelled("mutation analysis cancelled")
    baseline, mutant_results = results[0], results[1:]
    if baseline.setup_error is not None:
        raise MutationError(f"the original code does not load: {baseline.setup_error}")
    checker = OutputChecker()
    kills: list[set[str]] = [set() for _ in examples]
    killed_by: dict[str, int] = {}
    detected_by: dict[str, frozenset[int]] = {}
    observed_by: dict[str, frozenset[int]] = {}
    survivors: list[Mutant] = []
    stillborn: list[Mutant] = []
    timeouts: set[str] = set()
    for m, r in zip(mutants, mutant_results, strict=True):
        if r.setup_error is not None:
            stillborn.append(m)
            continue
        where = _differences(baseline, r, checker)
        if not where:
            survivors.append(m)
        else:
            i = where[0]
            if _timed_out(r, i) and not _timed_out(baseline, i):
                timeouts.add(m.id)
            killed_by[m.id] = i
            detected_by[m.id] = frozenset(where)
            observed_by[m.id] = frozenset(
                j
                for j in where
                if j < len(r.results) and r.results[j].outcome is not Outcome.SKIPPED
            )
            if 0 <= i < len(kills):
                kills[i].add(m.id)
    total = len(mutants) - len(stillborn)
    killed = len(killed_by)
    return MutationReport(
        killed=killed,
        total=total,
        score=killed / total if total else 0.0,
        kills_per_example=kills,
        survivors=survivors,
        stillborn=stillborn,
        mutants=list(mutants),
        killed_by=killed_by,
        detected_by=detected_by,
        observed_by=observed_by,
        baseline=baseline,
        baseline_passed=baseline.passed,
        timeout_kills=frozenset(timeouts),
    )


def _timed_out(result: DocTestResult, i: int) -> bool:
    return i < len(result.results) and result.results[i].outcome is Outcome.TIMEOUT


def select_examples(
    candidates: Sequence[object],
    kills: Sequence[set[str]],
    max_examples: int,
    *,
    requires: Sequence[Sequence[int]] | None = None,
    start: Sequence[int] = (),
    cost: Sequence[int] | None = None,
    weight: Sequence[float] | None = None,
) -> list[int]:
    """Greedy set cover: indices (ascending) of at most ``max_examples`` candidates killing most.

    ``weight[i]`` is what candidate ``i`` counts towards ``max_examples`` (default 1 each; e.g. a
    declaration that sets up a call may count a third of a check).

    ``start``: candidates taken first, whatever they kill (e.g. calls the documentation states),
    each with its requirements while they fit in ``max_examples``.

    Each round takes the candidate (with its not-yet-taken ``requires[i]``, e.g. the declarations a
    call uses, which count towards ``max_examples``) that adds the most new kills per example taken;
    ties go to the larger gain, then to the lower ``cost`` (e.g. the length of the source: short
    over long), then to the earliest candidate. Stops when nothing adds a kill.
    When no candidate kills anything, the first one (with its requirements) is kept, so a block
    is never empty.

    >>> select_examples("abcd", [{"m1"}, {"m1", "m2"}, {"m3"}, set()], 2)
    [1, 2]
    >>> select_examples("abc", [set(), {"m1"}, {"m1", "m2"}], 5, requires=[[], [], [0]])
    [0, 2]
    >>> select_examples("abcd", [{"m1"}, {"m1", "m2"}, {"m3"}, set()], 2, start=[3])
    [1, 3]
    >>> select_examples("ab", [{"m1"}, {"m1"}], 1, cost=[30, 12])
    [1]
    >>> select_examples("abcd", [set(), {"m1"}, set(), {"m2"}], 3, requires=[[], [0], [], [2]])
    [0, 1]
    >>> select_examples("abcd", [set(), {"m1"}, set(), {"m2"}], 3, requires=[[], [0], [], [2]],
    ...                 weight=[0.5, 1, 0.5, 1])
    [0, 1, 2, 3]
    """
    if len(kills) != len(candidates):
        raise ValueError(f"{len(candidates)} candidates but {len(kills)} kill sets")
    n = len(candidates)
    reqs = [list(requires[i]) if requires is not None else [] for i in range(n)]
    sizes = [float(weight[i]) if weight is not None else 1.0 for i in range(n)]
    chosen: set[int] = set()
    covered: set[str] = set()
    used = 0.0  # the weight taken so far

    def size(take: list[int]) -> float:
        return sum(sizes[j] for j in take)

    def closure(i: int) -> list[int]:
        out, stack = [], [i]
        while stack:
            j = stack.pop()
            if j in chosen or j in out:
                continue
            out.append(j)
            stack += [r for r in reqs[j] if 0 <= r < n]
        return out

    for i in start:
        take = closure(i)
        if 0 <= i < n and used + size(take) <= max_examples:
            chosen.update(take)
            used += size(take)
            for j in take:
                covered |= kills[j]
    while used < max_examples:
        best: tuple[float, int, int, int] | None = None
        best_take: list[int] = []
        for i in range(n):
            if i in chosen:
                continue
            take = closure(i)
            if used + size(take) > max_examples:
                continue
            gain = len(set().union(*(kills[j] for j in take)) - covered)
            if gain == 0:
                continue
            price = sum(cost[j] for j in take) if cost is not None else 0
            key = (gain / max(size(take), 1e-9), gain, -price, -i)
            if best is None or key > best:
                best, best_take = key, take
        if best is None:
            break
        chosen.update(best_take)
        used += size(best_take)
        for j in best_take:
            covered |= kills[j]
    if not chosen and n and max_examples > 0:
        take = closure(0)
        if size(take) <= max_examples:
            chosen.update(take)
    return sorted(chosen)


def mutation_source(code: CodeUnderTest) -> tuple[str, tuple[str, ...]]:
    """The text mutants are made of (``code.text``, else the file) and the session's own flags
    (a macro-renamed function, ``-DZ_PREFIX``, parses as it runs).
    """
    source = code.text
    if source is None and code.path is not None:
        with open(code.path, encoding="utf-8", errors="surrogateescape") as fh:
            source = fh.read()
    flags = (
        *(f"-I{d}" for d in code.include_dirs),
        *(f"-D{d}" for d in code.defines),
        *code.flags,
    )
    return source or "", flags
