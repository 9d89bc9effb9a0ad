"""Search: inputs that tell surviving mutants apart, from the docs and the body's boundaries.

After mutation analysis of the pooled block, some mutants survive. ``find_killing_inputs`` looks
for calls on which the original and a surviving mutant print different things, in the spirit of
mutation-guided test generation (EvoSuite's and Pynguin's mutation-driven inputs, Meta's
mutation-guided LLM test generation):

1. ``CallShape.each(ctx)`` reads how to call the target (free functions with parameters of the
   kinds below, a function template through its first instances, which share the calls; other
   parameter types get no calls of their own, only step 5's). A method gets call sequences on
   a real object instead (``server.search.methods``), run and chosen the same way (step 4).
2. ``value_pools`` gathers candidate values per parameter: the documentation's values
   (``server.analysis.documentation``), the boundaries of the body's comparisons (each ``x < K``
   gives ``K-1``, ``K`` and ``K+1``) and the edges of its shifts and masks (``x >> 8`` gives 255,
   256, 257), the type's limits (``INT_MIN``, ``INT_MAX``, ``UINT_MAX``) and small values; strings
   are built from the character literals the body tests (``'\\t'`` gives ``"\\tx\\t"``, ``'+'``
   gives ``"+"`` and ``"+5"``, ``'A'`` and ``'Z'`` with their neighbours ``"@ABYZ["``) and from the
   grammar it parses (digit groups and a separator: ``"1.2.3.4"``, ``"256.2.3.4"``,
   ``"1..3.4"``), plus the documentation's strings and, for a text whose input language
   ``server.analysis.languages`` infers (a regular expression, JSON, a path...), inputs in that
   language (``server.search.grammars``: seeds, grammar-aware edits, AFL++ dictionary tokens),
   ahead of the body's characters; arrays from the documentation's brace lists
   and of the shapes loops get wrong. "The body" includes the helpers of the same file whose
   mutants survive (their mutants are among the survivors).
3. ``candidate_calls`` makes calls: the documentation's own calls first, then the doc's value
   tuples, then, when the body combines two integer parameters in arithmetic or guards it
   against overflow (``a + b``, ``INT_MAX - b``, a ``long long`` copy), pairs that are extreme
   together (``limit_pairs``: ``(INT_MAX - 1, 1)``, ``(65536, -32768)``), then two texts of one
   kind one edit apart (``near_texts``: ``("a/./b/../c/", "a/./b/../c")``: a comparison of two
   paths or versions shows most where they almost agree), then a pattern with texts it
   matches and misses and a text with its length, or one that splits a multi-byte character
   (``language_pairs``), then one parameter at
   a time varied from a base call, then pairs set to the same value (``(INT_MAX, INT_MAX, 1)``),
   then an object's values against a vector's shapes (``object_crossings``);
   at most ``max_calls``, each a self-contained unit (declarations, the call, prints of what it
   changed).
4. ``find_killing_inputs`` runs the calls on the original (``verify_candidates``: non-compiling or
   crashing calls drop out, outputs are recorded), then all of them as one block on the original
   and on every surviving mutant side by side in warm interpreters (``mutation_analysis``), and
   keeps the fewest calls that kill the most survivors (greedy cover, each call counted only for the
   mutants it was the first to tell apart). Mutants no call tells apart are reported as *likely
   equivalent* (same output on every candidate input) when at least ``EQUIVALENCE_EVIDENCE``
   calls ran (step 5's variants do not count); with fewer, they stay plain survivors and phase 2
   still asks the model.
5. Next to those calls, ``server.search.variants`` varies the runnable units that call the
   target (``seeds``, phase 1's): one literal of one unit edited (a string emptied, a field
   between separators deleted, a digit group set to 0, an integer argument set to ``n - 1``...),
   or the unit run under another value of a global setting (``server.analysis.setters``); a
   text the API wrote that a unit printed and passed on is first written as a literal
   (``server.search.feedback``), its edits tried before the others'. They
   fill ``max_calls`` when the function gets no calls of its own (a struct its parser fills, a
   handle, a callback), else take a sixth of it and what its own calls leave; they run and are
   chosen as in step 4.

Parameter kinds: integers (any width), ``bool``, ``char``, floating point, ``const char *``
strings, ``char *`` buffers (printed after the call; an integer right after one is its size,
``sizeof buf``, before the other values), pointers to integers (out-parameters,
printed after the call), ``std::string`` by value or const reference, read-only integer arrays
followed by their length (``const int *a, int n``: the documentation's brace lists, then arrays
of the shapes loops get wrong, ``array_values``; the length is the array's or 0), objects of a
class built from scalars and ``std::vector``s of scalars or of such objects (``Composite``:
small-coordinate objects and polygon shapes, ``object_values``/``vector_values``). Results print
as values (scalars), through ``printf`` (``std::string``) or as size and elements
(``std::vector`` of scalars or strings), so no bare expression destroys a class temporary.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.ctext import blank
from cdoctest_runner.example import CodeUnderTest, Declaration
from server.analysis.documentation import LIMIT_NAMES, DocFacts, MinedCall  # noqa: F401 (doctests)
from server.analysis.kinds import Param, classify  # noqa: F401 (doctests)
from server.analysis.languages import InputLanguage, LanguageFact, parameter_languages
from server.analysis.setters import setter_calls
from server.judge.acceptable import calls_target as target_called
from server.judge.runners import Runners
from server.judge.units import Candidate, Origin, VerifiedUnit
from server.judge.verify import verify_candidates
from server.search.feedback import inlined
from server.search.grammars import TEXT_KINDS, language_pairs, shape_languages
from server.search.inputs import doc_arrays, limit_pairs, limits, object_crossings, value_pools
from server.search.methods import method_candidates
from server.search.pairs import (
    MAX_RELATED,
    bounded_sizes,
    comparison_like,
    named_comparison,
    related_pairs,
)
from server.search.shapes import CallShape, interchangeable
from server.search.stated import doc_args, doc_calls
from server.search.variants import (
    Variant,
    dictionary,
    string_edits,
    variants,
    with_own_punctuation,
)

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutation.mutate import Mutant
    from server.analysis.context import FunctionContext

__all__ = [
    "KillingInputs",
    "argument_languages",
    "candidate_calls",
    "find_killing_inputs",
]

MAX_CALLS = 48
VARIANT_SHARE = 6  # variants of runnable units take max_calls // 6 next to a function's own calls
MAX_LIMIT_PAIRS = 14  # calls of ``limit_pairs``, taken before the one-at-a-time sweep
# Survivors are called likely equivalent only when at least this many searched calls ran and none
# told them apart. With fewer (a narrow call shape: count_char(s, c) got 5), the model is still
# asked for other calls: there it killed 3 of 13 mutants that 5 searched inputs had missed.
EQUIVALENCE_EVIDENCE = 12


def candidate_calls(
    shape: CallShape,
    facts: DocFacts,
    body: str,
    max_calls: int = MAX_CALLS,
    arrays: tuple[str, ...] = (),
    texts: tuple[str, ...] = (),
    languages: Sequence[LanguageFact | None] | None = None,
) -> list[list[str]]:
    """Argument lists to try, most telling first, without repeats (module docstring, step 3);
    ``arrays``: the arrays the documentation states, first for an array parameter; ``texts``:
    inputs in the formats the file reads (``FileApi.texts``), the first sources of near texts;
    ``languages``: each parameter's input language (None: read from the names and ``body``).

    >>> s = CallShape("clamp", (Param("int", "int"),) * 3, "value")
    >>> calls = candidate_calls(s, DocFacts(ints=("5", "0", "3")), "if (x < lo) return lo;", 8)
    >>> calls[:4]
    [['5', '0', '3'], ['5', '5', '5'], ['0', '0', '0'], ['3', '3', '3']]
    """
    if languages is None:
        languages = shape_languages(shape, body)
    pools = bounded_sizes(shape, value_pools(shape, facts, body, arrays, languages))
    out: list[list[str]] = []

    def add(args: list[str]) -> None:
        if args not in out and len(out) < max_calls:
            out.append(args)

    doc = doc_args(shape, facts)
    for args in doc_calls(shape, facts, body):
        add(args)
    n = len(shape.params)
    base = doc[0] if doc else [pool[0] if pool else "0" for pool in pools]
    if shape.variadic:  # a printf-like function: its formats first, the other arguments as base
        for v in pools[-1][: (3 * max_calls) // 4]:
            add([*base[:-1], v])

    def add_related(limit: int) -> None:
        for i, j, a, b in related_pairs(shape, pools, body, limit):
            args = list(base)
            args[i], args[j] = a, b
            add(args)

    # A comparison's bugs are where its arguments almost agree: related pairs come first.
    compares = comparison_like(shape)
    if compares:
        most = MAX_RELATED if named_comparison(shape) else MAX_RELATED // 2
        add_related(min(most, max_calls // 2))
    # All parameters of one kind set to the same small or extreme value (equality cases).
    kinds = {p.kind for p in shape.params}
    if n >= 2 and len(kinds) == 1 and kinds.isdisjoint(("out", "object")):
        # A text has no limit value (``limits`` gives an integer's).
        numeric = str(shape.params[0].kind) not in ("cstr", "buf", "string")
        for v in [v for v in pools[0] if len(v) <= 3][:3] + limits(shape.params[0])[:numeric]:
            add([v] * n)
    # Two integer parameters extreme together, where the body does arithmetic on them.
    pair = _combined_pair(shape, body)
    if pair is not None:
        i, j, product = pair
        pairs = limit_pairs(shape.params[i], shape.params[j], product)
        for a, b in pairs[:MAX_LIMIT_PAIRS]:
            args = list(base)
            args[i], args[j] = a, b
            add(args)
    for i, j, a, b in near_texts(shape, pools, body, max(1, max_calls // NEAR_SHARE), texts):
        args = list(base)
        args[i], args[j] = a, b
        add(args)
    # A pattern with texts it matches and misses; a text with its length, or one that splits
    # a multi-byte character (``server.search.grammars.language_pairs``).
    for i, a, j, b in language_pairs(shape, pools, languages, max(1, max_calls // NEAR_SHARE)):
        args = list(base)
        args[i], args[j] = a, b
        add(args)
    if not compares:  # two parameters of one type still meet as equal and almost equal values
        add_related(max(2, max_calls // RELATED_SHARE))
    # One parameter at a time, the others from the base call, interleaved across parameters.
    columns = []
    for i, pool in enumerate(pools):
        columns.append([base[:i] + [v] + base[i + 1 :] for v in pool])
    for row in itertools.zip_longest(*columns):
        for args in row:
            if args is not None:
                add(args)
    # Two parameters set to the same value (overflow and equality cases).
    if n >= 2:
        for i, j in itertools.combinations(range(n), 2):
            if not interchangeable(shape.params[i], shape.params[j]):
                continue
            if {i, j} & (shape.counts | shape.sizes):  # a length stays its array's or text's
                continue
            for v in pools[i][:12]:
                args = list(base)
                args[i] = args[j] = v
                add(args)
    # An object against a vector's other shapes (a point and the polygons it may lie in).
    for i, v, j, w in object_crossings(shape, pools):
        args = list(base)
        args[i], args[j] = v, w
        add(args)
    return out


NEAR_SHARE = 4  # near texts take at most a quarter of the calls
RELATED_SHARE = 8  # related pairs take an eighth of the calls where the target is no comparison
NEAR_KINDS = ("field", "replace", "trim", "double", "insert")  # an edit of each, in this order
NEAR_SOURCES = 4  # texts of the pool that get near copies (non-trivial ones, in pool order)


def near_texts(
    shape: CallShape,
    pools: list[list[str]],
    body: str,
    limit: int,
    texts: Sequence[str] = (),
) -> list[tuple[int, int, str, str]]:
    """``(i, j, a, b)``: parameters ``i`` and ``j`` of one text kind set to a text (of
    ``texts``, then of their pools) and a copy one edit away
    (``server.search.variants.string_edits``, one edit per kind of ``NEAR_KINDS``, the
    dictionary read from ``body``), at most ``limit``, interleaved across texts so each gets a
    turn.

    >>> s = CallShape("common", (Param("cstr", "char"), Param("cstr", "char")), "value")
    >>> near_texts(s, [['""', '"a/b"'], ['""']], "if (c == '/')", 3)
    [(0, 1, '"a/b"', '"/b"'), (0, 1, '"a/b"', '"a//b"'), (0, 1, '"a/b"', '"/a/b"')]
    """
    textual = ("cstr", "string")
    chars = dictionary(body)
    rows: list[list[tuple[int, int, str, str]]] = []
    for i, j in itertools.combinations(range(len(shape.params)), 2):
        p, q = shape.params[i], shape.params[j]
        if str(p.kind) not in textual or str(q.kind) not in textual or {i, j} & shape.counts:
            continue
        both = dict.fromkeys([*texts, *pools[i], *pools[j]])
        sources = [v for v in both if v.startswith('"') and len(v) > 3][:NEAR_SOURCES]
        for v in sources:
            text = v[1:-1]
            edits = string_edits(text, with_own_punctuation(text, chars))
            by_kind = [[new for k, new in edits if k == kind] for kind in NEAR_KINDS]
            turns = itertools.zip_longest(*by_kind)  # an edit of each kind, then the next
            rows.append(
                [(i, j, v, f'"{new}"') for turn in turns for new in turn if new is not None]
            )
    out = [pair for row in itertools.zip_longest(*rows) for pair in row if pair is not None]
    return out[:limit]


_LIMIT_WORDS = re.compile(r"\b(?:U?INT\d*_MAX|INT\d*_MIN|U?L?LONG_M(?:AX|IN)|SIZE_MAX)\b")
_WIDE = re.compile(r"\b(?:long\s+long|int64_t|uint64_t|__int128)\b")


def _combined_pair(shape: CallShape, body: str) -> tuple[int, int, bool] | None:
    """The first two integer parameters of one kind when the body adds, subtracts or multiplies
    them, names a type limit (``INT_MAX - b``) or a wider type than theirs (``long long x = a``):
    where two values extreme together matter; and whether it multiplies them. None otherwise.

    >>> ints = CallShape("f", (Param("int", "int", "a"), Param("int", "int", "b")), "value")
    >>> _combined_pair(ints, "return (a + b) / 2;"), _combined_pair(ints, "return a % b;")
    ((0, 1, False), None)
    >>> _combined_pair(ints, "long long p = (long long)a * b;")
    (0, 1, True)
    """
    idx = [
        k
        for k, p in enumerate(shape.params)
        if p.kind in ("int", "uint") and k not in shape.counts | shape.sizes
    ]
    if len(idx) < 2:
        return None
    i, j = (
        idx[0],
        next((k for k in idx[1:] if shape.params[k].kind == shape.params[idx[0]].kind), -1),
    )
    if j < 0:
        return None
    code = blank(body)
    a, b = (re.escape(shape.params[k].name) for k in (i, j))
    cast = r"\s*(?:\([\w ]+\)\s*)?"
    product = bool(
        a and b and re.search(rf"\b{a}{cast}\*{cast}{b}\b|\b{b}{cast}\*{cast}{a}\b", code)
    )
    arith = rf"\b{a}{cast}[-+]{cast}{b}\b|\b{b}{cast}[-+]{cast}{a}\b"
    wide = "long" not in shape.params[i].base and _WIDE.search(code)
    if product or (a and b and re.search(arith, code)) or _LIMIT_WORDS.search(code) or wide:
        return i, j, product
    return None


# ---------------------------------------------------------------------------------------------
# The search


def format_texts(ctx: FunctionContext) -> tuple[str, ...]:
    """The inputs in the formats the function's file reads (``FileApi.texts``), or ()."""
    analysis = getattr(ctx, "analysis", None)
    api = getattr(analysis, "api", None)
    return tuple(getattr(api, "texts", ()))


def _callee_text(code: CodeUnderTest, function: Declaration, survivors: list[Mutant]) -> str:
    """The text of the callees whose mutants survive (``server.judge.mutants.function_mutants``
    mutates the helpers a function calls): their comparisons and characters join the value pools, so
    a wrapper's search reaches its helpers' branches.
    """
    from cdoctest_runner.errors import CdoctestError
    from cdoctest_runner.mutation.mutate import callees, mutation_source
    from server.judge.mutants import MAX_CALLEES

    wanted = {m.function for m in survivors if m.function}
    if not wanted:
        return ""
    source, flags = mutation_source(code)
    try:
        found = callees(source, function, code.language, MAX_CALLEES, path=code.path, flags=flags)
    except CdoctestError:  # no definition, no parse: the pools keep the function's own body
        return ""
    return "".join("\n" + text for name, text in found if name in wanted)


def _variants(
    seeds: Sequence[VerifiedUnit],
    code: CodeUnderTest,
    function: Declaration,
    names: set[str],
    body: str,
    max_variants: int,
    languages: Sequence[InputLanguage | None] = (),
) -> list[Variant]:
    """At most ``max_variants`` variants of the ``seeds`` that call the target (step 5), the
    dictionary read from ``body``, the settings from ``server.analysis.setters``, the grammar
    edits from ``languages`` (per parameter of the target). A text the API wrote that the first
    such seed passes on is also written as a literal (``server.search.feedback.inlined``), whose
    variants take up to half of ``max_variants`` first: inputs one edit away from what the API
    writes.
    """
    # An operator's units call it through its symbol (``a == b``): every seed calls it.
    runnable = [u.examples for u in seeds if target_called(u.examples, function, names)]
    if not runnable or max_variants <= 0:
        return []
    settings = [(s.set, s.restore) for s in setter_calls(code, function)]
    chars = dictionary(body)
    # One text the API wrote, its edits explored first (two half-explored say less).
    texts = next((x for x in (inlined(u, names) for u in runnable) if x), None)
    written = variants([texts], names, chars, max_variants // 2) if texts else []
    seen = {v.examples for v in written}
    found = variants(runnable, names, chars, max_variants, settings, languages)
    return [*written, *(v for v in found if v.examples not in seen)][:max_variants]


def argument_languages(ctx: FunctionContext, body: str) -> tuple[InputLanguage | None, ...]:
    """The input language of each of the target's parameters (None for one that is not a
    text or says none), from their names, the function's, ``body`` and its documentation.
    """
    kinds = [classify(p.type, p.name) for p in ctx.parameters]
    texts = [
        p.name for p, k in zip(ctx.parameters, kinds, strict=True) if k and k.kind in TEXT_KINDS
    ]
    found = parameter_languages(texts, ctx.call_name or ctx.declaration.name, body, ctx.doc_comment)
    by_name = {n: f.language for n, f in zip(texts, found, strict=True) if f is not None}
    return tuple(by_name.get(p.name) for p in ctx.parameters)


@dataclass(frozen=True)
class KillingInputs:
    """What the search found: units that kill survivors, and what it could not kill."""

    units: tuple[VerifiedUnit, ...] = ()
    killed: frozenset[str] = frozenset()
    likely_equivalent: tuple[str, ...] = ()  # ids no tried input told apart
    tried: int = 0  # calls that ran on the original
    seconds: float = 0.0
    note: str = ""
    ran: tuple[VerifiedUnit, ...] = ()  # every call that ran on the original, outputs recorded


def find_killing_inputs(
    ctx: FunctionContext,
    facts: DocFacts,
    code: CodeUnderTest,
    function: Declaration,
    runners: Runners,
    survivors: list[Mutant],
    *,
    names: set[str],
    filename: str = "<search>",
    deadline: float | None = None,
    max_calls: int = MAX_CALLS,
    cancel: threading.Event | None = None,
    seeds: Sequence[VerifiedUnit] = (),
) -> KillingInputs:
    """Calls that make the original and the ``survivors`` print different things (module doc):
    ``runners.verify`` runs them on the original, ``runners.mutants`` on the survivors.

    ``seeds``: runnable units that call the target, whose variants (step 5) fill ``max_calls``
    when the function gets no calls of its own, else take a sixth of it and what its own calls
    leave.
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis, select_examples
    from cdoctest_runner.mutation.mutate import MutationError
    from server.judge.pool import build_pool

    t0 = time.monotonic()
    shapes = CallShape.each(ctx)
    body = ctx.source + (_callee_text(code, function, survivors) if shapes or seeds else "")
    methods = [] if shapes else method_candidates(ctx, facts, max_calls)
    found = _variants(seeds, code, function, names, body, max_calls, argument_languages(ctx, body))
    # The function's own calls leave a sixth to the variants, which also fill what they leave.
    share = max_calls // VARIANT_SHARE if shapes or methods else max_calls
    budget = max_calls - min(share, len(found))
    if not shapes:
        cands = methods[:budget]
    else:
        arrays = tuple(doc_arrays(ctx.doc_comment))
        calls = [  # a template's instances share the calls
            (shape, args)
            for shape in shapes
            for args in candidate_calls(
                shape,
                facts,
                body,
                budget // len(shapes),
                arrays,
                format_texts(ctx),
                shape_languages(shape, body, ctx.doc_comment),
            )
        ]
        cands = [
            Candidate(tuple(shape.render(args, f"_s{k}")), origin=Origin.INPUT_SEARCH, index=k)
            for k, (shape, args) in enumerate(calls)
        ]
    own = len(cands)  # the function's own calls; the variants' candidates come after them
    cands += [
        Candidate(
            v.examples,
            origin=Origin.INPUT_SEARCH,
            index=own + k,
            whole=v.kind == "configured",
        )
        for k, v in enumerate(found[: max_calls - own])
    ]
    if not cands:
        return KillingInputs(note="no searched calls for this kind of function")
    ver = verify_candidates(cands, code, runners.verify, names, filename=filename, cancel=cancel)
    units = list(ver.kept)
    ran = tuple(units)
    if not units or not survivors:
        return KillingInputs(
            tried=len(units), seconds=time.monotonic() - t0, note=ver.undefined_note(), ran=ran
        )
    if deadline is not None and time.monotonic() > deadline:
        note = "the time budget ran out before the mutants were run"
        return KillingInputs(tried=len(units), seconds=time.monotonic() - t0, note=note, ran=ran)
    pool = build_pool(units, max_examples=10**6)
    try:
        report = mutation_analysis(
            pool.examples, code, function, runners.mutants, list(survivors), cancel
        )
    except MutationError as exc:
        note = f"search: {exc}"
        return KillingInputs(tried=len(units), seconds=time.monotonic() - t0, note=note, ran=ran)
    # Each call counts only for the mutants it was the first to tell apart (a crash or timeout
    # ends a mutant's session, so later calls of the block say nothing about that mutant).
    chosen = select_examples(
        pool.examples, report.kills_per_example, len(pool.examples), requires=pool.requires
    )
    keep_units = sorted({pool.unit_of[i] for i in chosen if report.kills_per_example[i]})
    # Fewer tried inputs than EQUIVALENCE_EVIDENCE say little about equivalence; the variants of
    # runnable units vary a few literals of a few units only and are no evidence.
    enough = sum(u.unit.candidate.index < own for u in units) >= EQUIVALENCE_EVIDENCE
    return KillingInputs(
        units=tuple(pool.units[u] for u in keep_units),
        killed=frozenset(report.killed_by),
        likely_equivalent=tuple(m.id for m in report.survivors) if enough else (),
        tried=len(units),
        seconds=time.monotonic() - t0,
        note=ver.undefined_note(),
        ran=ran,
    )
