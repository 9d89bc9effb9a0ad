"""A state built before a shrinking call (``server.analysis.state``): the object a remove, pop,
trim, truncate or clear is given first gets items from the API's adders, and a state kept in
file-scope variables gets them from its module adders, so the block shows the call shrink a
non-empty state, then an empty one.

``with_state`` wraps the provider of the object (a zeroed struct, one its init function made, a
handle a producer made): its values add ``REPS`` items in turn (three, two, none), with distinct
values (``1, 2, 3`` for an integer; the adder's own values otherwise), each call right after the
object is made. ``module_lines`` are the same calls for file-scope state, written before the
call.
"""

from __future__ import annotations

import re

from server.analysis.kinds import ParamKind
from server.candidates.by_type.values import Arg, Provider

__all__ = ["REPS", "Adder", "adder_lines", "plain_values", "with_state"]

#: Items added before a shrinking call, by candidate: several, fewer, none (its empty case).
REPS = (3, 2, 0)

#: An adder as the fallback calls it: name, whether it returns the object, its other
#: arguments' providers.
Adder = tuple[str, bool, list[Provider]]

_NUMBERS = (ParamKind.INT, ParamKind.UINT, ParamKind.UCHAR, ParamKind.DOUBLE, ParamKind.FLOAT)
_IDENT = re.compile(r"[A-Za-z_]\w*")


#: What an adder's other arguments may be: values written as literals (numbers, texts).
_PLAIN = ("cstring", "string+length", "std::string", "string_view")


def plain_values(provs: list[Provider]) -> bool:
    """Whether every provider gives a value written as a literal (a number, a character, a
    text), so an adder puts distinct plain items in: an object made up for the call (a zeroed
    struct pushed into a container) is no item a tester would add.

    >>> plain_values([Provider(lambda k, tag: Arg([], "1", []), 3, ParamKind.INT)])
    True
    >>> plain_values([Provider(lambda k, tag: Arg(["T o;"], "&o", []), 1, "out struct")])
    False
    """
    return all(isinstance(p.label, ParamKind) or p.label in _PLAIN for p in provs)


def adder_lines(obj: str | None, adder: Adder, count: int, tag: str) -> list[str]:
    """``count`` calls of ``adder`` (on ``obj``, its first argument, or on nothing for a
    module's state), the ``r``-th with distinct values: ``r + 1`` for a number, the adder's
    ``r``-th value otherwise. An adder that returns the object is assigned back to it.

    >>> ints = Provider(lambda k, tag: Arg([], str(k), []), 3, ParamKind.INT)
    >>> adder_lines("&s", ("push", False, [ints]), 2, "0")
    ['push(&s, 1);', 'push(&s, 2);']
    >>> adder_lines("l", ("list_add", True, [ints]), 1, "0")
    ['l = list_add(l, 1);']
    """
    name, returns_it, provs = adder
    lines: list[str] = []
    for r in range(count):
        args = [obj] if obj is not None else []
        for j, p in enumerate(provs):
            if p.label in _NUMBERS:
                args.append(str(r + 1))
                continue
            a = p.make(r, f"{tag}{r}{'pqrstuvw'[j % 8]}")
            lines += a.setup
            args.append(a.expr)
        call = f"{name}({', '.join(a for a in args if a is not None)})"
        if returns_it and obj is not None and _IDENT.fullmatch(obj):
            lines.append(f"{obj} = {call};")
        elif not returns_it:
            lines.append(call + ";")
    return lines


def with_state(base: Provider, adders: list[Adder]) -> Provider:
    """``base``'s values with ``REPS[k % 3]`` items added by an adder (the adders in turn, one
    per three values) right after the object is made.

    >>> obj = Provider(lambda k, tag: Arg([f"struct s o{tag} = {{0}};"], f"&o{tag}", [f"o{tag}.n"]),
    ...                1, "out struct")
    >>> ints = Provider(lambda k, tag: Arg([], str(k), []), 3, ParamKind.INT)
    >>> made = with_state(obj, [("push", False, [ints])])
    >>> made.count, made.make(0, "0").setup
    (3, ['struct s o0 = {0};', 'push(&o0, 1);', 'push(&o0, 2);', 'push(&o0, 3);'])
    >>> made.make(2, "2").setup
    ['struct s o2 = {0};']
    """
    if not adders:
        return base

    def make(k: int, tag: str) -> Arg:
        a = base.make(k, tag)
        adder = adders[(k // len(REPS)) % len(adders)]
        added = adder_lines(a.expr, adder, REPS[k % len(REPS)], f"{tag}i")
        return Arg([*a.setup, *added], a.expr, a.after)

    return Provider(make, max(base.count, len(REPS)), base.label)
