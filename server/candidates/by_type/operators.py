"""Overloaded operators in the fallback's blocks, written as C++ uses them (``a + b``, ``-a``,
``a[i]``, ``f(x)``, ``std::cout << a``).
"""

from __future__ import annotations

from server.analysis.target import Target
from server.analysis.types import spelled

_BINARY_OPS = frozenset(
    "+ - * / % ^ & | < > <= >= == != && || << >> += -= *= /= %= ^= &= |= <<= >>= <=>".split()
)


_UNARY_OPS = frozenset("- + ! ~ ++ --".split())


def operator_symbol(name: str) -> str | None:
    """``'operator+'`` -> ``'+'``; None for conversions, ``new``/``delete`` and non-operators.

    >>> [operator_symbol(n) for n in ("operator+", "operator[]", "operator bool", "plus")]
    ['+', '[]', None, None]
    """
    if not name.startswith("operator"):
        return None
    sym = name[len("operator") :].strip()
    return sym if sym and not sym[0].isalpha() and sym[0] != "_" else None


def streams_out(t: Target) -> bool:
    """``operator<<(std::ostream &, X)``: written as ``std::cout << x``."""
    if t.name != "operator<<" or t.is_method or len(t.params) != 2:
        return False
    return "ostream" in spelled(t.params[0][1])


def operator_call(t: Target, obj: str | None, args: list[str]) -> str | None:
    """An overloaded operator called as C++ code uses it: ``(a + b)``, ``(-a)``, ``a[1]``; None
    for a target that is no operator (or an arity the operator has no written form for).
    """
    sym = operator_symbol(t.name)
    if sym is None:
        return None
    if streams_out(t):
        return f"std::cout << {args[0]} << std::endl"
    operands = ([obj] if obj is not None else []) + args
    if sym == "[]" and len(operands) == 2:
        return f"{operands[0]}[{operands[1]}]"
    if sym == "()" and operands:
        return f"{operands[0]}({', '.join(operands[1:])})"
    if len(operands) == 2 and sym in _BINARY_OPS:
        return f"({operands[0]} {sym} {operands[1]})"
    if len(operands) == 1 and sym in _UNARY_OPS:
        return f"({sym}{operands[0]})"
    return None
