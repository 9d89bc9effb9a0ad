"""Search: inputs that tell surviving mutants apart, from the docs and the body's boundaries.

After mutation analysis of the pooled block, some mutants survive. ``search`` looks for calls on
which the original and a surviving mutant print different things, in the spirit of
mutation-guided test generation (EvoSuite's and Pynguin's mutation-driven inputs, Meta's
mutation-guided LLM test generation):

1. ``CallShape.of(ctx)`` reads how to call the target (free functions with parameters of the
   kinds below; methods and other parameter types get no searched calls).
2. ``value_pools`` gathers candidate values per parameter: the documentation's values
   (``server.docmine``), the boundaries of the body's comparisons (each ``x < K`` gives ``K-1``,
   ``K`` and ``K+1``), the type's limits (``INT_MIN``, ``INT_MAX``, ``UINT_MAX``) and small values;
   strings are built from the character literals the body tests (``'\\t'`` gives ``"\\tx\\t"``,
   ``'+'`` gives ``"+"`` and ``"+5"``), plus the documentation's strings.
3. ``candidate_calls`` makes calls: the documentation's own calls first, then the doc's value
   tuples, then one parameter at a time varied from a base call, then pairs set to the same
   value (``(INT_MAX, INT_MAX, 1)``); at most ``max_calls``, each a self-contained unit
   (declarations, the call, prints of what it changed).
4. ``search`` runs the calls on the original (``verify_candidates``: non-compiling or crashing
   calls drop out, outputs are recorded), then all of them as one block on the original and on
   every surviving mutant side by side in warm interpreters (``mutation_analysis``), and keeps
   the fewest calls that kill the most survivors (greedy cover, each call counted only for the
   mutants it was the first to tell apart). Mutants no call tells apart are reported as *likely
   equivalent* (same output on every candidate input).

Parameter kinds: integers (any width), ``bool``, ``char``, floating point, ``const char *``
strings, ``char *`` buffers (printed after the call), pointers to integers (out-parameters,
printed after the call), ``std::string`` by value or const reference. Results print as values
(scalars), through ``printf`` (``std::string``) or as size and elements (``std::vector`` of
scalars or strings), so no bare expression destroys a class temporary.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.docmine import LIMIT_NAMES, DocFacts, MinedCall  # noqa: F401 (doctests)
from server.verify import Candidate, VerifiedUnit, verify_candidates

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutate import Mutant
    from server.context import FunctionContext

__all__ = [
    "CallShape",
    "SearchResult",
    "candidate_calls",
    "doc_calls",
    "doc_candidates",
    "search",
    "value_pools",
]

MAX_CALLS = 40
MAX_STATED_CALLS = 8  # calls taken from the documentation

_INT_WORDS = {
    "int",
    "long",
    "short",
    "signed",
    "unsigned",
    "size_t",
    "ptrdiff_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
}


@dataclass(frozen=True)
class Param:
    """One parameter as the search sees it."""

    kind: str  # 'int' | 'uint' | 'char' | 'bool' | 'float' | 'cstr' | 'buf' | 'out' | 'string'
    base: str  # the scalar type to declare ('int', 'long long', 'char') where one is needed
    name: str = ""


def classify(type_spelling: str, name: str = "") -> Param | None:
    """The kind of a parameter from its spelled type (None: the search cannot make one).

    >>> [classify(t).kind for t in ("const char *", "char *", "int *", "unsigned int",
    ...  "const std::string &", "long long", "char", "double")]
    ['cstr', 'buf', 'out', 'uint', 'string', 'int', 'char', 'float']
    >>> classify("std::vector<int>") is None
    True
    """
    t = " ".join(type_spelling.replace("&", " & ").replace("*", " * ").split())
    const = t.startswith("const ") or " const" in t
    bare = " ".join(w for w in t.split() if w not in ("const", "volatile"))
    if bare in ("char *",):
        return Param("cstr" if const else "buf", "char", name)
    if bare in ("std::string", "std::string &", "string", "std::basic_string<char> &"):
        if "&" in bare and not const:
            return None
        return Param("string", "std::string", name)
    if bare.endswith(" *"):
        inner = bare[:-2]
        if not const and set(inner.split()) <= _INT_WORDS:
            return Param("out", inner, name)
        return None
    if "&" in bare:
        inner = bare.replace("&", "").strip()
        return classify(inner, name) if const else None
    words = set(bare.split())
    if bare in ("char", "signed char"):
        return Param("char", bare, name)
    if bare in ("bool", "_Bool"):
        return Param("bool", bare, name)
    if bare in ("float", "double", "long double"):
        return Param("float", bare, name)
    if words and words <= _INT_WORDS:
        unsigned = "unsigned" in words or bare.startswith("uint") or bare == "size_t"
        return Param("uint" if unsigned else "int", bare, name)
    return None


@dataclass(frozen=True)
class CallShape:
    """How to call the target and print what it did."""

    name: str  # how to call it at global scope
    params: tuple[Param, ...]
    returns: str  # 'value' | 'void' | 'string' | 'vector' | 'vector-string'

    @staticmethod
    def of(ctx: FunctionContext) -> CallShape | None:
        """The shape of a free function's call (None for methods and unsupported types)."""
        if ctx.is_method or ctx.declaration.kind not in ("function",):
            return None
        params = []
        for p in ctx.parameters:
            k = classify(p.type, p.name)
            if k is None:
                return None
            params.append(k)
        if not params:
            return None
        r = " ".join(ctx.return_type.replace("const", " ").replace("&", " ").split())
        if r == "void":
            returns = "void"
        elif r in ("std::string", "string") or r.startswith("std::basic_string"):
            returns = "string"
        elif re.fullmatch(r"std::vector<\s*std::string\s*>", r):
            returns = "vector-string"
        elif re.fullmatch(r"std::vector<[\w ]+>", r):
            returns = "vector"
        elif r.startswith("std::"):
            return None
        else:
            returns = "value"
        return CallShape(ctx.call_name or ctx.declaration.name, tuple(params), returns)

    def render(self, args: list[str], tag: str) -> list[Example]:
        """The examples of one call with ``args`` (C spellings), variables suffixed with ``tag``.

        >>> s = CallShape("parse", (Param("cstr", "char"), Param("out", "int")), "value")
        >>> [e.source.strip() for e in s.render(['"-4"', ""], "1")]
        ['int out1 = 0; parse("-4", &out1)', 'out1']
        >>> t = CallShape("trim", (Param("buf", "char"),), "void")
        >>> [e.source.strip() for e in t.render(['" a "'], "2")]
        ['char buf2[] = " a "; trim(buf2); printf("[%s]\\\\n", buf2);']
        """
        decls: list[str] = []
        call_args: list[str] = []
        after: list[str] = []
        outs = [i for i, p in enumerate(self.params) if p.kind == "out"]
        for i, (p, a) in enumerate(zip(self.params, args, strict=True)):
            if p.kind == "out":
                var = f"out{tag}" if len(outs) == 1 else f"out{tag}_{i}"
                decls.append(f"{p.base} {var} = 0;")
                call_args.append(f"&{var}")
                after.append(var)
            elif p.kind == "buf":
                var = f"buf{tag}"
                decls.append(f"char {var}[] = {a};")
                call_args.append(var)
                after.append(f'printf("[%s]\\n", {var});')
            else:
                call_args.append(a)
        call = f"{self.name}({', '.join(call_args)})"
        # One input per call where possible (a short block holds more calls): the declarations
        # and the call, then what the call changed.
        pre = " ".join(decls)
        if self.returns == "value":
            lines = [f"{pre} {call}".strip(), *after]
        elif self.returns == "void":
            printed = [a for a in after if a.startswith("printf")]
            lines = [" ".join([pre, call + ";", *printed]).strip()]
            lines += [a for a in after if not a.startswith("printf")]
        elif self.returns == "string":
            lines = [
                f'{pre} std::string res{tag} = {call}; '
                f'printf("[%s]\\n", res{tag}.c_str());'.strip(),
                *after,
            ]
        else:
            elem = "x.c_str()" if self.returns == "vector-string" else "(long long)x"
            fmt = "[%s]" if self.returns == "vector-string" else "[%lld]"
            lines = [
                f'{pre} auto res{tag} = {call}; printf("%zu", res{tag}.size()); '
                f'for (const auto &x : res{tag}) printf("{fmt}", {elem}); printf("\\n");'.strip(),
                *after,
            ]
        return [Example(line) for line in lines]


# ---------------------------------------------------------------------------------------------
# Values


_CMP = re.compile(r"(<=|>=|<|>|==|!=)\s*(-?\s*(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\b")
_CMP_LEFT = re.compile(r"\b(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\s*(<=|>=|<|>|==|!=)")
_MOD = re.compile(r"%\s*(\d+)\b")
_CHARLIT = re.compile(r"'(\\.|[^'\\])'")


def body_ints(body: str) -> list[int]:
    """Boundary values of the integer comparisons in ``body``: ``x < K`` gives K-1, K, K+1.

    >>> body_ints("if (x >= 90) return 1; if (n % 4 == 0) y = 2;")
    [89, 90, 91, -1, 0, 1, 3, 4, 5]
    """
    out: list[int] = []

    def add(k: int) -> None:
        for v in (k - 1, k, k + 1):
            if v not in out and abs(v) <= 10**7:
                out.append(v)

    for m in _CMP.finditer(body):
        add(int(m.group(2).replace(" ", ""), 0))
    for m in _CMP_LEFT.finditer(body):
        add(int(m.group(1), 0))
    for m in _MOD.finditer(body):
        add(int(m.group(1)))
    return out


def _c(v: int) -> str:
    return f"({v})" if v < 0 else str(v)


def _limits(p: Param, body: str) -> list[str]:
    if p.kind == "uint":
        return (
            ["4294967295u", "2147483648u"] if "long" not in p.base else ["18446744073709551615ull"]
        )
    if "long" in p.base:
        return ["9223372036854775807LL", "(-9223372036854775807LL - 1)"]
    return ["2147483647", "(-2147483647 - 1)", "2147483646", "(-2147483647)"]


def _body_chars(body: str) -> list[str]:
    out = []
    for m in _CHARLIT.finditer(body):
        lit = f"'{m.group(1)}'"
        if lit not in out:
            out.append(lit)
    return out


def _char_neighbours(chars: list[str]) -> list[str]:
    out = []
    for lit in chars:
        inner = lit[1:-1]
        if len(inner) == 1 and inner.isalnum():
            for d in (-1, 1):
                c = chr(ord(inner) + d)
                if c not in "'\\" and 32 <= ord(c) < 127:
                    out.append(f"'{c}'")
    return out


def _strings_from_chars(chars: list[str], body: str) -> list[str]:
    """Strings that exercise the characters the body tests (as separators, signs, digits)."""
    inner = [c[1:-1] for c in chars]
    out = ['""', '"a"']
    specials = [c for c in inner if not c.isalnum() and c not in ("\\0", "\\'", '\\"')]
    for c in specials:
        out += [f'"{c}"', f'"{c}x{c}"', f'"x{c}{c}y{c}"', f'"{c}{c}"']
    if any(c in ("+", "-") for c in inner) or ("'0'" in chars and "'9'" in chars):
        out += [
            '"+"',
            '"-"',
            '"+5"',
            '"-0"',
            '"12a"',
            '"2147483647"',
            '"2147483648"',
            '"-2147483648"',
            '"-2147483649"',
            '" 7"',
        ]
    ws = [c for c in specials if c in (" ", "\\t", "\\n")]
    if ws:
        joined = "".join(ws)
        out += [f'"{joined}a b{joined}"', f'"{joined}"']
    letters = [c for c in inner if c.isalpha()]
    if letters:
        out += ['"' + "".join(letters) + '"', '"' + "".join(reversed(letters)) + '"']
    seen: list[str] = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return seen


def value_pools(shape: CallShape, facts: DocFacts, body: str) -> list[list[str]]:
    """Candidate arguments per parameter, most telling first (see the module docstring)."""
    ints = [_c(v) for v in body_ints(body)]
    chars = _body_chars(body)
    pools: list[list[str]] = []
    for p in shape.params:
        if p.kind in ("int", "uint"):
            vals = list(facts.ints) + ints + _limits(p, body) + ["0", "1", "(-1)", "2", "3"]
            if p.kind == "uint":
                vals = [v for v in vals if not v.startswith("(-")]
        elif p.kind == "char":
            vals = list(facts.chars) + chars + _char_neighbours(chars) + ["'a'", "' '", "'0'"]
        elif p.kind == "bool":
            vals = ["true", "false"]
        elif p.kind == "float":
            vals = ["0.5", "(-1.5)", "0.0", "2.0", "1e9"] + [v for v in facts.ints if "(" not in v][
                :3
            ]
        elif p.kind in ("cstr", "buf", "string"):
            vals = list(facts.strings) + _strings_from_chars(chars, body)
        else:  # out-parameter: no value of its own
            vals = [""]
        pools.append(list(dict.fromkeys(vals)))
    return pools


def _split_args(call: str) -> list[str] | None:
    """Top-level arguments of ``f(a, b)`` (literals and nesting respected)."""
    open_at = call.find("(")
    if open_at < 0 or not call.endswith(")"):
        return None
    inner = call[open_at + 1 : -1]
    args, depth, buf, i = [], 0, "", 0
    lit = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
    while i < len(inner):
        m = lit.match(inner, i)
        if m:
            buf += m.group(0)
            i = m.end()
            continue
        ch = inner[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(buf.strip())
            buf = ""
        else:
            buf += ch
        i += 1
    if buf.strip():
        args.append(buf.strip())
    return args


def _doc_args(shape: CallShape, facts: DocFacts) -> list[list[str]]:
    """Argument lists of the documentation's own calls that fit the shape."""
    out = []
    for c in facts.calls:
        args = _split_args(c.call)
        if args is None or len(args) != len(shape.params):
            continue
        fixed = []
        for p, a in zip(shape.params, args, strict=True):
            if p.kind == "out":
                fixed.append("")
                continue
            a = LIMIT_NAMES.get(a, a)
            if re.match(r"-\s*\d", a):
                a = f"({a})"
            if re.search(r"[A-Za-z_]\w*", re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', "", a)):
                if not re.fullmatch(r"\(?-?(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*\)?", a):
                    fixed = []
                    break
            fixed.append(a)
        if fixed:
            out.append(fixed)
    return out


def doc_calls(shape: CallShape, facts: DocFacts, body: str = "") -> list[list[str]]:
    """Calls the documentation states: its own calls that fit the shape; for all-integer
    functions its value tuples ("1, 2, 3 is degenerate": the mined integers in order, one per
    parameter); for a string parameter one call per documented string, a character parameter
    taking a character that occurs in that string.

    >>> s = CallShape("tri", (Param("int", "int"),) * 3, "value")
    >>> doc_calls(s, DocFacts(calls=(MinedCall("tri(3, 4, 5)", "2", ""),), ints=("1", "2", "3")))
    [['3', '4', '5'], ['1', '2', '3']]
    >>> doc_calls(CallShape("leap", (Param("int", "int"),), "value"), DocFacts(ints=("1900",)))
    [['1900']]
    >>> sp = CallShape("split", (Param("string", "std::string"), Param("char", "char")), "vector")
    >>> doc_calls(sp, DocFacts(strings=('"a,,b"', '""', '"x;"'), chars=("';'",)))
    [['"a,,b"', "','"], ['""', "';'"], ['"x;"', "';'"]]
    """
    out = _doc_args(shape, facts)
    n = len(shape.params)
    if n == 1 and shape.params[0].kind in ("int", "uint"):  # "1900 is not a leap year"
        out += [[v] for v in facts.ints if [v] not in out]
    if n > 1 and all(p.kind in ("int", "uint") for p in shape.params):
        for k in range(0, max(0, len(facts.ints) - n + 1), n):
            args = list(facts.ints[k : k + n])
            if args not in out:
                out.append(args)
    strs = [i for i, p in enumerate(shape.params) if p.kind in ("cstr", "buf", "string")]
    if strs and not facts.calls:
        pools = value_pools(shape, DocFacts(ints=facts.ints, chars=facts.chars), body)
        for lit in facts.strings:
            args = [pool[0] if pool else "0" for pool in pools]
            for i in strs:
                args[i] = lit
            for i, p in enumerate(shape.params):
                if p.kind == "char":
                    args[i] = _char_in(lit, list(facts.chars) + _body_chars(body)) or args[i]
            if args not in out:
                out.append(args)
    return out[:MAX_STATED_CALLS]


def _char_in(lit: str, chars: list[str]) -> str | None:
    """A character literal of ``chars`` occurring in the string literal ``lit``, else one made
    from the first punctuation character of ``lit``.
    """
    inner = lit[1:-1]
    for c in chars:
        if len(c) == 3 and c[1] in inner:
            return c
    for ch in inner:
        if not ch.isalnum() and ch not in "'\\ ":
            return f"'{ch}'"
    return None


def doc_candidates(ctx: FunctionContext, facts: DocFacts, first_index: int = 0) -> list[Candidate]:
    """The documentation's calls as candidates (origin ``fallback``: program analysis, no model)."""
    shape = CallShape.of(ctx)
    if shape is None:
        return []
    return [
        Candidate(
            tuple(shape.render(args, f"_d{k}")),
            origin="fallback",
            index=first_index + k,
            stated=True,
        )
        for k, args in enumerate(doc_calls(shape, facts, ctx.source))
    ]


def candidate_calls(
    shape: CallShape, facts: DocFacts, body: str, max_calls: int = MAX_CALLS
) -> list[list[str]]:
    """Argument lists to try, most telling first, without repeats (module docstring, step 3).

    >>> s = CallShape("clamp", (Param("int", "int"),) * 3, "value")
    >>> calls = candidate_calls(s, DocFacts(ints=("5", "0", "3")), "if (x < lo) return lo;", 8)
    >>> calls[:4]
    [['5', '0', '3'], ['5', '5', '5'], ['0', '0', '0'], ['3', '3', '3']]
    """
    pools = value_pools(shape, facts, body)
    out: list[list[str]] = []

    def add(args: list[str]) -> None:
        if args not in out and len(out) < max_calls:
            out.append(args)

    doc = _doc_args(shape, facts)
    for args in doc_calls(shape, facts, body):
        add(args)
    n = len(shape.params)
    base = doc[0] if doc else [pool[0] if pool else "0" for pool in pools]
    # All parameters of one kind set to the same small or extreme value (equality cases).
    kinds = {p.kind for p in shape.params}
    if n >= 2 and len(kinds) == 1 and "out" not in kinds:
        for v in [v for v in pools[0] if len(v) <= 3][:3] + _limits(shape.params[0], body)[:1]:
            add([v] * n)
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
            if shape.params[i].kind != shape.params[j].kind or shape.params[i].kind == "out":
                continue
            for v in pools[i][:12]:
                args = list(base)
                args[i] = args[j] = v
                add(args)
    return out


# ---------------------------------------------------------------------------------------------
# The search


@dataclass
class SearchResult:
    """What the search found: units that kill survivors, and what it could not kill."""

    units: list[VerifiedUnit] = field(default_factory=list)
    killed: set[str] = field(default_factory=set)
    likely_equivalent: list[str] = field(default_factory=list)  # ids no tried input told apart
    tried: int = 0  # calls that ran on the original
    seconds: float = 0.0
    note: str = ""


def search(
    ctx: FunctionContext,
    facts: DocFacts,
    code: CodeUnderTest,
    function: Declaration,
    runner: Any,
    mutation_runner: Any,
    survivors: list[Mutant],
    *,
    names: set[str],
    filename: str = "<search>",
    deadline: float | None = None,
    max_calls: int = MAX_CALLS,
    cancel: threading.Event | None = None,
) -> SearchResult:
    """Calls that make the original and the ``survivors`` print different things (module doc)."""
    from cdoctest_runner.mutate import MutationError, mutation_analysis, select_examples
    from server.select import build_pool

    t0 = time.monotonic()
    shape = CallShape.of(ctx)
    if shape is None:
        return SearchResult(note="no searched calls for this kind of function")
    calls = candidate_calls(shape, facts, ctx.source, max_calls)
    cands = [
        Candidate(tuple(shape.render(args, f"_s{k}")), origin="fallback", index=1000 + k)
        for k, args in enumerate(calls)
    ]
    ver = verify_candidates(cands, code, runner, names, filename=filename, cancel=cancel)
    units = list(ver.kept)
    result = SearchResult(tried=len(units))
    if not units or not survivors:
        result.seconds = time.monotonic() - t0
        return result
    if deadline is not None and time.monotonic() > deadline:
        result.note = "the time budget ran out before the mutants were run"
        result.seconds = time.monotonic() - t0
        return result
    pool = build_pool(units, max_examples=10**6)
    try:
        report = mutation_analysis(
            pool.examples, code, function, mutation_runner, list(survivors), cancel
        )
    except MutationError as exc:
        result.note = f"search: {exc}"
        result.seconds = time.monotonic() - t0
        return result
    # Each call counts only for the mutants it was the first to tell apart (a crash or timeout
    # ends a mutant's session, so later calls of the block say nothing about that mutant).
    chosen = select_examples(
        pool.examples, report.kills_per_example, len(pool.examples), requires=pool.requires
    )
    keep_units = sorted({pool.unit_of[i] for i in chosen if report.kills_per_example[i]})
    result.units = [pool.units[u] for u in keep_units]
    result.killed = set(report.killed_by)
    result.likely_equivalent = [m.id for m in report.survivors]
    result.seconds = time.monotonic() - t0
    return result
