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
  calls (``loadable.compiled_on_use``), not the whole file. On a runner with
  ``schemata`` (the default) the mutants are compiled once, in one text behind a run-time switch
  (``cdoctest_runner.mutation.schemata``), and each costs a replay of the block in a warm
  session (``schemata_run``), with the same report.
- ``select_examples(candidates, kills, max_examples)`` is the greedy set cover used to keep a small
  block that kills the most mutants.
- The generator's settings, shared with ``cdoctest-run --mutants``: ``function_mutants(code,
  function)`` makes every operator's mutants, at most ``MUTANTS``, in the function and up to
  ``MAX_CALLEES`` of its callees; mutant sessions run under ``MUTANT_TIMEOUT_S``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cdoctest_runner import clang
from cdoctest_runner.clang import Cursor
from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import CodeUnderTest, Declaration
from cdoctest_runner.mutation.edits import Edit, classic_edits, realistic_edits

__all__ = [
    "CLASSIC_OPERATORS",
    "MAX_CALLEES",
    "MUTANTS",
    "MUTANT_TIMEOUT_S",
    "OPERATORS",
    "REALISTIC_OPERATORS",
    "Mutant",
    "MutationError",
    "TargetNotFound",
    "function_mutants",
    "make_mutants",
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

# What the generator judges a function by (``function_mutants``), and ``cdoctest-run --mutants``.
MUTANTS = 40  # mutants per function, spread over every operator (classic and realistic)
MAX_CALLEES = 6  # functions of the same file it calls (transitively) whose bodies are mutated too
MUTANT_TIMEOUT_S = 3.0  # a block's CPU seconds (Limits.timeout_s) on a mutant: loops may never end


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


# --------------------------------------------------------------------------------------------
# Parsing (libclang, set up in cdoctest_runner.clang)


def parse_source(source: str, path: str | None, language: str, flags: Sequence[str] = ()) -> Cursor:
    """Parse ``source`` with libclang as an unsaved file (``cdoctest_runner.clang.parse``).

    Returns ``(translation_unit, filename)``; raises ``SourceParseError`` when libclang gives none.
    """
    filename = clang.buffer_path(path, language)
    return clang.parse(filename, source, language, flags), filename


def find_definition(tu: Cursor, filename: str, function: Declaration) -> Cursor:
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


def _body(cursor: Cursor) -> Cursor:
    return next((c for c in cursor.get_children() if c.kind.name == "COMPOUND_STMT"), None)


def _callee_definitions(cursor: Cursor, filename: str, limit: int) -> list[Cursor]:
    """Definitions in ``filename`` of the functions ``cursor``'s body calls or names (a callback
    passed on), breadth first (nearest first, then in order of first use), at most ``limit``.
    """
    if limit <= 0:
        return []
    seen = {cursor.hash}
    out: list[Cursor] = []
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


def _function_mutants(
    tu: Cursor, cursor: Cursor, data: bytes, operators: Sequence[str], name: str
) -> list[Mutant]:
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


def function_mutants(
    code: CodeUnderTest,
    function: Declaration,
    limit: int = MUTANTS,
    callees: int = MAX_CALLEES,
) -> list[Mutant]:
    """The mutants the generator judges ``function`` by: every operator (``OPERATORS``), at most
    ``limit``, in its body and those of up to ``callees`` functions of the file it calls, made of
    ``mutation_source(code)``. Raises ``TargetNotFound`` when the code has no definition of
    ``function``, ``MutationError`` when its file cannot be read, and ``SourceParseError`` when
    libclang cannot parse it.
    """
    try:
        source, flags = mutation_source(code)
    except OSError as exc:
        raise MutationError(f"cannot read {code.path}: {exc}") from exc
    return make_mutants(
        source,
        function,
        code.language,
        limit,
        path=code.path,
        flags=flags,
        operators=OPERATORS,
        callees=callees,
    )


# --------------------------------------------------------------------------------------------
# Running the examples against the mutants


def mutation_source(code: CodeUnderTest) -> tuple[str, tuple[str, ...]]:
    """The text mutants are made of (``code.text``, else the file) and the session's own flags
    (a macro-renamed function, ``-DZ_PREFIX``, parses as it runs).
    """
    source = code.text
    if source is None and code.path is not None:
        with open(code.path, encoding="utf-8", errors="surrogateescape") as fh:
            source = fh.read()
    return source or "", code.clang_args()
