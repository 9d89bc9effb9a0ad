"""Acceptability: what makes a block one a reviewer keeps, enforced on the pool before selection.

A verified unit can pass and kill mutants and still be a block a reviewer deletes (issue #26: two
handles overwritten by an "add to object" call that returns something else, so the block compares
two NULLs; a block that declares a buffer and prints it, never calling the function). The rules
(docs/generate.md, "Blocks a reviewer keeps"):

1. **calls** (``calls_target``): a unit calls the function under test, under any name it has (its
   name, qualified or not, with template arguments, as a method ``obj.f(`` / ``p->f(``, a
   constructor as ``T x(...)``, ``T x;``, ``T(...)``, ``new T``, or passed on as a callback).
   Operators, destructors and conversions are called without their name and are exempt.
2. **no dead stores** (``dead_store``): a variable's value is used before the variable is
   assigned again, and it is never overwritten by the result of an unrelated call: ``h = f(h,
   ...)`` keeps ``h`` only when ``f`` (defined in the file under test) returns the parameter ``h``
   is passed as (``s = sdscat(s, "x")`` returns ``s``; ``cJSON_AddBoolToObject(h, ...)`` returns
   the new item). A call whose definition is not in the file gets the benefit of the doubt.
3. **different outputs** (``server.judge.select``): when every checked output of the chosen block is
   the same while the pool shows the function giving another, the first example with another
   output joins the block.
4. **short over long** (``cdoctest_runner.mutation.analysis.select_examples``' ``cost``): between
   examples that add the same kills, the shorter source is taken.

5. **no undefined behaviour** (``server.judge.verify``, ``UB_TRAPS``): candidates run on the
   original with trapping UBSan, so a call whose run has undefined behaviour (signed overflow, a
   shift past the width, ...) traps and ends its unit like a crash, before the pool is built.

6. **a call's effect is shown** (``server.judge.pool.with_observers``): a chosen call keeps the
   lines right after it in its unit that print what it changed (the buffer it wrote into, an
   out-parameter, when no earlier line of the group used it: not a struct a producer filled):
   a call whose output buffer nothing prints checks only its return value (and a path without
   segments left unterminated in the buffer goes unseen). A line that prints what it printed
   without the call (``VerifiedUnit.unchanged``: a field the call left alone, an out-parameter
   printed back) is not its effect, and the cover takes it only for a mutant nothing else shows
   (``server.judge.redundant.deferred_kills``).

7. **a format's arguments are passed** (``missing_format_arguments``): a call of a printf-like
   function (variadic, its last named parameter a character pointer) whose format literal reads
   more arguments than the call passes (``fctprintf(out, NULL, "%hello")``: ``%he`` reads a
   ``double``) prints whatever the registers held: undefined behaviour that no sanitizer traps,
   an output that differs from run to run (and a mutant "killed" by chance).

8. **nothing another example implies** (``server.judge.redundant.drop_twins``): of two chosen
   units of the same shape (only literal values differ), one whose mutants the other shows all
   leaves the block.

9. **what changed is shown through the API** (``server.judge.pool``: ``raw_behind_the_api``,
   ``through_the_api``): when a line of the library's API after a call (its serializer, a
   printer, a matcher, a getter) shows the change, the raw field reads after it count only for
   the mutants nothing else shows, and a chosen call brings the API line, not the fields
   (issue #39).

Rules 1, 2 and 7 drop units (``acceptable_units``), rule 5 drops them earlier (in verification);
3, 4, 6, 8 and 9 steer the choice among the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cdoctest_runner.ctext import IDENTIFIER_RE, blank, identifiers, top_level_spans
from cdoctest_runner.example import Declaration, Example
from server.judge.units import Fate, Rejection, VerifiedUnit

__all__ = [
    "Verdict",
    "acceptable_units",
    "calls_target",
    "dead_store",
    "format_arguments",
    "missing_format_arguments",
    "returns_parameter",
]

_EXEMPT_KINDS = ("destructor",)


def _split_statements(source: str) -> list[str]:
    """Top-level statements of an example (literals blanked, so their ``;`` do not count).

    >>> _split_statements('int x = f(";"); g(x)')
    ['int x = f(   )', 'g(x)']
    """
    code = blank(source)
    pieces = (code[a:b].strip() for a, b in top_level_spans(code, ";"))
    return [s for s in pieces if s]


def calls_target(
    examples: Sequence[Example], function: Declaration, names: Iterable[str] = ()
) -> bool:
    """Whether some example calls ``function`` (rule 1; ``names``: other names it has, e.g. the
    name a macro gives it).

    >>> d = Declaration("sq", "sq", "function", 1, 1, 1, 1)
    >>> calls_target([Example("int x = 3;"), Example("sq(x)", "9")], d)
    True
    >>> calls_target([Example('char sq_buf[] = "sq"; printf("%s", sq_buf);')], d)
    False
    >>> rb = Declaration("rb<T>", "rb::rb<T>", "constructor", 1, 1, 1, 1)
    >>> calls_target([Example("rb<int> r(3);"), Example("r.size()", "0")], rb)
    True
    """
    name = function.name
    if function.kind in _EXEMPT_KINDS or name.startswith(("operator", "~")):
        return True
    # A class template's constructor is named with its parameters (``ring_buffer<T>``); calls
    # name the template (``ring_buffer<int> rb(3);``).
    wanted = {n.partition("<")[0] for n in (name, *names)}
    tail = function.qualname.rpartition("::")[2].partition("<")[0]
    if tail:
        wanted.add(tail)
    for ex in examples:
        code = blank(ex.source)
        for m in identifiers(code):
            if m.group() not in wanted:
                continue
            rest = code[m.end() :]
            rest = re.sub(r"^\s*<[^;(){}]*>", "", rest)  # template arguments: f<int>(...)
            if re.match(r"\s*\(", rest):
                return True
            before = code[: m.start()].rstrip()
            if re.match(r"\s*[,)]", rest) and before.endswith((",", "(")):
                return True  # passed on as a callback: qsort(v, n, sizeof *v, cmp)
            if function.kind == "constructor" and (
                re.match(r"\s*(?:[{]|\w+\s*[({;=]|\w+\s*$)", rest) or before.endswith("new")
            ):
                return True
    return False


_ASSIGN = re.compile(
    r"^(?:(?:const\s+|struct\s+|unsigned\s+)*[A-Za-z_][\w:<>]*[\s*&]+)?"
    r"(?P<var>[A-Za-z_]\w*)\s*=(?!=)\s*(?P<rhs>.*)$",
    re.S,
)
_CALL = re.compile(
    r"^\(?\s*(?:\([^()]*\)\s*)?(?P<fn>[A-Za-z_][\w:]*)\s*\((?P<args>.*)\)\s*\)?$", re.S
)


def _top_args(args: str) -> list[str]:
    """The top-level arguments of a blanked argument list (a trailing empty one dropped)."""
    out = [args[a:b].strip() for a, b in top_level_spans(args, ",")]
    return out if out[-1] else out[:-1]


def _definition(code: str, fn: str) -> tuple[list[str], str] | None:
    """The parameters and body of ``fn``'s definition in ``code`` (literals blanked), or None."""
    for m in re.finditer(rf"\b{re.escape(fn)}\s*\(", code):
        close = _matching(code, m.end() - 1, "(", ")")
        after = re.sub(r"^\s*(?:const\s*|noexcept\s*)*", "", code[close + 1 :])
        if not after.startswith("{"):
            continue  # a call or a prototype, not the definition
        start = len(code) - len(after)
        return _top_args(code[m.end() : close]), code[start : _matching(code, start, "{", "}") + 1]
    return None


def _matching(code: str, at: int, opening: str, closing: str) -> int:
    depth = 0
    for i in range(at, len(code)):
        if code[i] == opening:
            depth += 1
        elif code[i] == closing:
            depth -= 1
            if depth == 0:
                return i
    return len(code) - 1


_RETURN = re.compile(r"\breturn\b(?P<expr>[^;]*);")


def returns_parameter(source: str, fn: str, index: int, depth: int = 0) -> bool | None:
    """Whether ``fn``'s definition in ``source`` may return its parameter number ``index``: some
    ``return`` gives that parameter (possibly cast), or the result of a call it is passed to that
    may return it in turn (a call defined elsewhere may). None when ``source`` does not define
    ``fn`` (text only; comments and literals left out).

    >>> src = "sds sdscatlen(sds s, int n) { s = grow(s); return s; }\\n"
    >>> src += "sds sdscat(sds s, const char *t) { return sdscatlen(s, strlen(t)); }"
    >>> returns_parameter(src, "sdscat", 0), returns_parameter(src, "sdscat", 1)
    (True, False)
    >>> returns_parameter("cJSON *add(cJSON *o, int b) { cJSON *it = mk(b); return it; }", "add", 0)
    False
    >>> returns_parameter("int other(int x) { return x; }", "add", 0) is None
    True
    """
    found = _definition(blank(source), fn)
    if found is None:
        return None
    params, body = found
    if index >= len(params) or depth > 4:
        return index < len(params)
    words = IDENTIFIER_RE.findall(params[index])
    if not words:
        return False
    name = words[-1]
    for m in _RETURN.finditer(body):
        expr = m.group("expr").strip()
        if re.fullmatch(rf"(?:\([^()]*\)\s*)?\(?\s*{re.escape(name)}\s*\)?", expr):
            return True
        call = _CALL.match(expr)
        if call is None:
            continue
        args = _top_args(call.group("args"))
        at = next((k for k, a in enumerate(args) if re.fullmatch(rf"&?\s*{name}", a)), None)
        if at is not None:
            inner = call.group("fn").rpartition("::")[2]
            if returns_parameter(source, inner, at, depth + 1) is not False:
                return True
    return False


def dead_store(examples: Sequence[Example], source: str = "") -> str:
    """Why the unit has a dead store (rule 2), or '' when it has none. ``source``: the code under
    test, where the definitions of the overwriting calls are looked up.

    >>> ex = [Example("int h;"), Example("h = make(1);"), Example("h = make(2);"), Example("h")]
    >>> dead_store(ex)
    '`h` is assigned again before its value is used'
    >>> src = "T *add(T *o, int b) { T *it = mk(b); return it; }"
    >>> dead_store([Example("T *h = mk(0);"), Example("h = add(h, 1);"), Example("f(h)")], src)
    '`h` is overwritten by the result of `add`, which does not return it'
    >>> dead_store([Example("int n = f(2);"), Example("n"), Example("n = f(3);"), Example("n")])
    ''
    """
    assigned: dict[str, bool] = {}  # variable -> its current value has been used
    for ex in examples:
        for stmt in _split_statements(ex.source):
            m = _ASSIGN.match(stmt)
            if m is None:
                for ident in identifiers(stmt):
                    if ident.group() in assigned:
                        assigned[ident.group()] = True
                continue
            var, rhs = m.group("var"), m.group("rhs")
            reads = {i.group() for i in identifiers(rhs)}
            call = _CALL.match(rhs.strip())
            if var in reads and call is not None:
                args = _top_args(call.group("args"))
                at = next((k for k, a in enumerate(args) if re.fullmatch(rf"&?\s*{var}", a)), None)
                fn = call.group("fn").rpartition("::")[2]
                if at is not None and returns_parameter(source, fn, at) is False:
                    return (
                        f"`{var}` is overwritten by the result of `{fn}`, which does not return it"
                    )
            for name in reads:
                if name in assigned:
                    assigned[name] = True
            if var in assigned and not assigned[var] and var not in reads:
                return f"`{var}` is assigned again before its value is used"
            assigned[var] = False
    return ""


#: A C ``printf`` conversion: flags, width, precision, length, conversion (``%%`` reads nothing).
_CONVERSION = re.compile(
    r"%(?:%|[-+ #0']*(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d*))?"
    r"(?:hh|h|ll|l|j|z|t|L|q)?[diouxXeEfFgGaAcspn])"
)

_STRING_LITERALS = re.compile(r'\s*(?:(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*"\s*)+')


def format_arguments(fmt: str) -> int:
    """How many arguments the ``printf`` format ``fmt`` reads (a ``*`` width or precision reads
    one more; an incomplete or unknown directive reads none).

    >>> format_arguments("%d items, %*.*f%%")
    4
    >>> format_arguments("%hello"), format_arguments("100%"), format_arguments("%-42")
    (1, 0, 0)
    """
    return sum(
        1 + (m.group("width") == "*") + (m.group("precision") == "*")
        for m in _CONVERSION.finditer(fmt)
        if m.group() != "%%"
    )


def format_parameter(function: Declaration) -> int | None:
    """The index of the format parameter of a printf-like function (variadic, its last named
    parameter a character pointer), read from its signature; None for other functions.

    >>> d = Declaration("log_at", "log_at", "function", 1, 1, 1, 1,
    ...                 "int log_at(void (*out)(char, void *), const char *fmt, ...)")
    >>> format_parameter(d)
    1
    """
    code = blank(function.signature)
    m = re.search(rf"\b{re.escape(function.name)}\s*\(", code)
    if m is None:
        return None
    inner = code[m.end() : _matching(code, m.end() - 1, "(", ")")]
    params = [inner[a:b].strip() for a, b in top_level_spans(inner, ",")]
    if len(params) < 2 or params[-1] != "..." or not re.search(r"\bchar\s*\*", params[-2]):
        return None
    return len(params) - 2


def missing_format_arguments(examples: Sequence[Example], function: Declaration) -> str:
    """Why a call of the printf-like ``function`` reads arguments it was not given (rule 7), or
    '' when every call with a literal format passes what the format reads.

    >>> d = Declaration("out", "out", "function", 1, 1, 1, 1, "int out(const char *f, ...)")
    >>> missing_format_arguments([Example('out("%s=%d", "n", 3)', "3")], d)
    ''
    >>> missing_format_arguments([Example('out("H%llo, World!")', "13")], d)
    '`out("H%llo, World!")` reads 1 argument its call does not pass (undefined behaviour)'
    """
    at = format_parameter(function)
    if at is None:
        return ""
    for ex in examples:
        code = blank(ex.source)
        for m in re.finditer(rf"(?<![\w.>:]){re.escape(function.name)}\s*\(", code):
            close = _matching(code, m.end() - 1, "(", ")")
            spans = top_level_spans(code[m.end() : close], ",")
            if len(spans) <= at:
                continue
            a, b = spans[at]
            literal = ex.source[m.end() + a : m.end() + b]
            if not _STRING_LITERALS.fullmatch(literal):
                continue  # a variable or an expression: its text is not known here
            text = "".join(re.findall(r'"((?:[^"\\\n]|\\.)*)"', literal))
            missing = format_arguments(text) - (len(spans) - at - 1)
            if missing > 0:
                call = ex.source[m.start() : close + 1]
                return (
                    f"`{call}` reads {missing} argument{'s' if missing > 1 else ''} its call "
                    "does not pass (undefined behaviour)"
                )
    return ""


@dataclass(frozen=True)
class Verdict:
    """Whether a unit is acceptable, and why not ('' when it is)."""

    ok: bool
    reason: str = ""
    fate: Fate | None = None  # the rule broken, when not ``ok``


def judge(
    examples: Sequence[Example], function: Declaration, source: str = "", names: Iterable[str] = ()
) -> Verdict:
    """Rules 1, 2 and 7 on one unit's examples."""
    if not calls_target(examples, function, names):
        return Verdict(False, f"it never calls `{function.name}`", Fate.NEVER_CALLS)
    why = dead_store(examples, source)
    if why:
        return Verdict(False, why, Fate.DEAD_STORE)
    why = missing_format_arguments(examples, function)
    return Verdict(False, why, Fate.FORMAT) if why else Verdict(True)


def acceptable_units(
    units: Sequence[VerifiedUnit], function: Declaration, source: str = ""
) -> tuple[list[VerifiedUnit], list[Rejection]]:
    """The units (``server.judge.units.VerifiedUnit``) that rules 1, 2 and 7 accept, and why each
    other one was dropped (the rule, the unit's first line and the rule's words).
    """
    kept, dropped = [], []
    for vu in units:
        verdict = judge(vu.examples, function, source)
        if verdict.ok:
            kept.append(vu)
        else:
            fate = verdict.fate or Fate.NEVER_CALLS
            dropped.append(Rejection(fate, vu.examples[0].source.strip(), verdict.reason))
    return kept, dropped
