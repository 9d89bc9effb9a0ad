"""State-changing functions: which calls shrink a state, and which functions of the API build one
first (issue: a state built before a shrinking call).

A call that removes, pops, trims, truncates or cuts a length tested on an empty object shows only
its empty case: ``pop`` on a zeroed stack returns -1 whatever its off-by-one. ``shrinks(cursor)``
tells such a call by its name (remove, pop, trim, truncate, clear, erase, dequeue, a maximum
length set...) or by its body (a field or a file-scope variable decremented or reduced with
``-=``, a length field set, ``free`` called). The fallback then puts the API's *adders* before
it, two or three times with distinct values: functions that take the same object first and add
to it (``fileapi.adder_candidates``: add, push, insert, append, put, set), or, for state kept in
file-scope variables (a history, a cache), ``module_state``'s adders: functions named so whose
bodies write a variable of static storage the target also uses, and its observers: functions
returning a printable value read from it, without parameters or with an index (given 0). The
observers also follow a call that writes such a state (``writes_statics``): a setter's effect
is shown by the getter of the same variable.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from server.analysis.kinds import ParamKind
from server.analysis.types import CType, canonical, params_of, printable, scalar

__all__ = [
    "SHRINKS",
    "ModuleState",
    "module_state",
    "shrinking_name",
    "shrinks",
    "statics_of",
    "writes_statics",
]

#: Word stems of the names of calls that make a state smaller (items removed, a length cut).
SHRINKS = (
    "remove",
    "shrink",
    "trim",
    "pop",
    "clear",
    "truncat",
    "erase",
    "dequeue",
    "take",
    "cut",
    "discard",
    "evict",
    "purge",
    "drop",
    "delete",
    "del",
    "rm",
)


def shrinking_name(name: str) -> bool:
    """Whether a word of ``name`` (split at ``_`` and case changes) says it shrinks a state,
    or two say it sets a maximum length.

    >>> [shrinking_name(n) for n in ("stack_pop", "listRemoveAt", "history_set_max_len",
    ...  "execute", "push", "SetMaxLength", "truncate", "delta", "pops")]
    [True, True, True, False, False, True, True, False, True]
    """
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]
    for w in words:
        # A long stem starts a word (``removes``, ``truncated``); a short one is the word
        # (``pop``, ``del``, not ``population`` or ``delta``).
        if any(w.startswith(st) if len(st) > 4 else w in (st, st + "s") for st in SHRINKS):
            return True
    return "max" in words and any(w.startswith(("len", "size", "count")) for w in words)


#: Names of functions that add to a state kept in file-scope variables.
ADDS = re.compile(r"(?i)add|push|insert|append|put|enqueue|record|store")

#: Names of fields and variables that hold a length or a count.
_LENGTH = re.compile(r"(?i)^(?:\w*_)?(?:len|length|count|cnt|size|n|num|top|used|nitems|max\w*)$")

_ASSIGN_OPS = frozenset({"=", "+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>="})


def _tokens(cursor: Any) -> list[str]:
    """The spellings of the tokens of ``cursor``'s body (from its first ``{``)."""
    toks = [t.spelling for t in cursor.get_tokens()]
    return toks[toks.index("{") :] if "{" in toks else []


def shrinks(cursor: Any, statics: frozenset[str] = frozenset()) -> bool:
    """Whether the function at ``cursor`` makes a state smaller: its name says so
    (``SHRINKS``), or its body decrements a field or one of the file-scope variables
    ``statics`` (``s->n--``, ``--len``, ``count -= k``), sets a length field or variable
    (``s->len = n``), or calls ``free``.
    """
    if shrinking_name(cursor.spelling or ""):
        return True
    return shrinking_tokens(_tokens(cursor), statics)


def shrinking_tokens(toks: list[str], statics: frozenset[str] = frozenset()) -> bool:
    """``shrinks`` read off a body's tokens.

    >>> shrinking_tokens("{ return s -> items [ -- s -> n ] ; }".split())
    True
    >>> shrinking_tokens("{ if ( n < s -> n ) s -> n = n ; }".split())
    True
    >>> shrinking_tokens("{ history_len -- ; }".split(), frozenset({"history_len"}))
    True
    >>> shrinking_tokens("{ s -> items [ s -> n ++ ] = v ; }".split())
    False
    >>> shrinking_tokens("{ s -> len = s -> len + k ; }".split())
    False
    """
    for i, tok in enumerate(toks):
        before = toks[i - 1] if i else ""
        member = i >= 2 and toks[i - 2] in ("->", ".")
        if tok == "--":
            after = toks[i + 1 : i + 3]
            if member or before in statics or (after[1:] == ["->"] or after[1:] == ["."]):
                return True
            if after[:1] and after[0] in statics:
                return True
        elif tok == "-=" and (member or before in statics):
            return True
        elif tok == "=" and (member or before in statics) and _LENGTH.match(before):
            rhs = toks[i + 1 : toks.index(";", i) if ";" in toks[i:] else len(toks)]
            if "+" not in rhs and "++" not in rhs:  # a length set or cut, not grown
                return True
        elif tok == "free" and toks[i + 1 : i + 2] == ["("]:
            return True
    return False


@dataclass(frozen=True)
class ModuleState:
    """The functions around a state kept in file-scope variables that a function uses:
    ``adders`` put items into it (``(name, parameters)``), ``observers`` read it (calls of
    functions that return a printable value, without parameters or with an index, given 0:
    ``history_count()``, ``history_get(0)``).
    """

    adders: tuple[tuple[str, tuple[tuple[str, CType], ...]], ...] = ()
    observers: tuple[str, ...] = ()


def _walk(cursor: Any) -> Iterator[Any]:
    """Every node under ``cursor`` (a stack, not recursion: deep ``else if`` chains)."""
    stack = list(cursor.get_children())
    while stack:
        node = stack.pop()
        yield node
        stack += list(node.get_children())


def _statics_used(cursor: Any) -> dict[str, str]:
    """The variables of static storage (file scope, not ``const``) that ``cursor``'s body
    names: usr -> spelling.
    """
    out: dict[str, str] = {}
    for node in _walk(cursor):
        if node.kind.name != "DECL_REF_EXPR":
            continue
        var = node.referenced
        if var is None or var.kind.name != "VAR_DECL" or var.type.is_const_qualified():
            continue
        parent = var.semantic_parent
        if parent is not None and parent.kind.name == "TRANSLATION_UNIT":
            out[var.get_usr() or var.spelling] = var.spelling
    return out


def _writes(toks: list[str], names: set[str]) -> bool:
    """Whether the tokens write one of ``names`` (an assignment, ``++``/``--``, an element of
    it assigned: ``history[len++] = s``).

    >>> _writes("{ buf [ n ++ ] = c ; }".split(), {"n"})
    True
    >>> _writes("{ return n == 0 ; }".split(), {"n"})
    False
    """
    for i, tok in enumerate(toks):
        if tok not in names:
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        prev = toks[i - 1] if i else ""
        if nxt in _ASSIGN_OPS or nxt in ("++", "--") or prev in ("++", "--"):
            return True
        if nxt == "[":
            depth, j = 0, i + 1
            while j < len(toks):
                depth += (toks[j] == "[") - (toks[j] == "]")
                if depth == 0:
                    break
                j += 1
            if j + 1 < len(toks) and toks[j + 1] in _ASSIGN_OPS:
                return True
    return False


def module_state(cursor: Any, functions: tuple[Any, ...], language: str) -> ModuleState:
    """The adders and observers of the file-scope state the function at ``cursor`` uses
    (module docstring), among ``functions`` (the file's, ``fileapi.defined_functions``); an
    empty ``ModuleState`` when it uses none.
    """
    used = _statics_used(cursor)
    if not used:
        return ModuleState()
    adders: list[tuple[str, tuple[tuple[str, CType], ...]]] = []
    observers: list[str] = []
    for f in functions:
        if f.spelling == cursor.spelling or not f.is_definition():
            continue
        shared = set(_statics_used(f).values()) & set(used.values())
        if not shared:
            continue
        params = tuple(params_of(f))
        writes = _writes(_tokens(f), set(used.values()))
        if params and ADDS.search(f.spelling) and writes:
            adders.append((f.spelling, params))
        elif printable(CType(f.result_type), language) and not writes:  # a reader only
            if not params:
                observers.append(f"{f.spelling}()")
            elif len(params) == 1 and _integer(params[0][1], language):
                observers.append(f"{f.spelling}(0)")  # the first item (the oldest kept)
    return ModuleState(tuple(adders[:2]), tuple(observers[:3]))


def _integer(t: CType, language: str) -> bool:
    s = scalar(canonical(t), language)
    return s is not None and s.kind in (ParamKind.INT, ParamKind.UINT)


def writes_statics(cursor: Any, statics: frozenset[str]) -> bool:
    """Whether the body of the function at ``cursor`` writes one of the file-scope variables
    ``statics`` (an assignment, ``++``/``--``, an element assigned).
    """
    return bool(statics) and _writes(_tokens(cursor), set(statics))


def statics_of(cursor: Any) -> frozenset[str]:
    """The names of the file-scope variables the function at ``cursor`` uses."""
    return frozenset(_statics_used(cursor).values())
