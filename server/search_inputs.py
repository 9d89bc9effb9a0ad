"""Inputs of the mutation-guided search (``server.search``): how to call the target
(``Param``, ``classify``, ``CallShape``: the parameter kinds it handles and how a call is written
and its effects printed) and the candidate values per parameter (``value_pools``: the
documentation's values, the boundaries of the body's comparisons, the type's limits, strings
made of the characters the body tests).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.example import Example
from server.docmine import DocFacts

if TYPE_CHECKING:  # pragma: no cover
    from server.context import FunctionContext

__all__ = ["CallShape", "Param", "body_ints", "classify", "value_pools"]

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
                f"{pre} std::string res{tag} = {call}; "
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
