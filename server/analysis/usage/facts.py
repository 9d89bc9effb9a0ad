"""The facts usage mining hands over: each mined call (``UsageCall``: the call, its slice, what it
fills and what is called on its result afterwards), the producers seen, the literals per target
(``UsageFacts``), and the bounds the miners keep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Bounds of the mined facts: statements in one slice, calls kept per target function.
MAX_SLICE = 10


MAX_CALLS_PER_FUNCTION = 200


#: What a filled array or struct shows: its first elements, at most this many lines.
SHOWN_ELEMENTS = 2


MAX_SHOWN = 8


#: Callees whose name says they free or close what they are given.
DESTROY_WORDS = ("free", "destroy", "release", "delete", "dispose", "close", "deinit", "cleanup")


#: Statement kinds that hold other statements when written with their keyword.
CONTAINER_KEYWORDS = {
    "IF_STMT": "if",
    "FOR_STMT": "for",
    "WHILE_STMT": "while",
    "DO_STMT": "do",
    "SWITCH_STMT": "switch",
    "COMPOUND_STMT": "{",
}


#: A value a comment states for the call before it (``6``, ``-> 6``, ``returns "ok".``).
STATED = re.compile(
    r"(?:(?:->|=>|==|=|:|returns|gives|prints|is)\s*)?"
    r"(?P<v>-?\d+(?:\.\d+)?[uUlLfF]*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])'|true|false|NULL)\.?",
    re.I,
)


#: The name of the functions README blocks and header-comment code are wrapped in.
SNIPPET_FUNCTION = "cdoctest_usage_snippet_"


@dataclass(frozen=True)
class Filled:
    """A variable a call fills through a pointer parameter (``&v``, a buffer).

    ``kind``: ``scalar`` (print the bare name), ``string`` (a C string pointer: printf with a
    NULL guard), ``buffer`` (a char array: printf), ``parts`` (a struct or an array: its
    ``fields``, each ``(suffix, kind)``: ``(".host", "string")``, ``("[0].key", "string")``).
    """

    name: str
    kind: str
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Observed:
    """A call made on a call's handle afterwards (``ilist_sum(l)``) and how its result prints
    (``scalar``, ``string``).
    """

    call: str
    result: str


@dataclass(frozen=True)
class UsageCall:
    """One call of a target function as a project's own code makes it.

    ``statement`` is how the call ran with any assertion macro stripped, as clang-repl inputs:
    ``v = f(x);`` or ``T v = f(x);`` (in C ``T v;``, ``v = f(x);``) when its result is kept in
    ``result_var``, else ``f(x);``. ``slice`` holds the
    statements before it, in order, that the call needs (declarations, assignments, calls that
    fill its arguments, set-up calls of the project); ``variables``: the names they declare.
    ``result``: ``void``, ``scalar``,
    ``string``, ``handle`` (a pointer to something the API makes) or ``other``. ``expected``: the
    value an assertion compares the result with (``ASSERT_EQ(f(x), 3)`` -> ``3``), or None.
    ``source`` is ``file:line``.
    """

    function: str
    call: str
    statement: tuple[str, ...]
    result_var: str | None
    result: str
    result_type: str
    slice: tuple[str, ...]
    variables: tuple[str, ...]
    filled: tuple[Filled, ...]
    expected: str | None
    observers: tuple[Observed, ...]
    frees: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Producer:
    """A call with literal arguments whose result initialises a handle: ``json_loads("[1]", 0,
    &err)`` makes a ``json_t *``.
    """

    function: str
    call: str
    type: str
    source: str


@dataclass(frozen=True)
class UsageFacts:
    """What ``mine_usage`` found; ``literals`` maps a target to the string literals passed to it
    (as written, quotes included), ``sources`` the files that gave any fact.
    """

    calls: tuple[UsageCall, ...] = ()
    producers: tuple[Producer, ...] = ()
    literals: tuple[tuple[str, tuple[str, ...]], ...] = ()
    sources: tuple[str, ...] = ()

    def calls_of(self, function_name: str) -> tuple[UsageCall, ...]:
        """The mined calls of ``function_name``, in the order they were found."""
        return tuple(c for c in self.calls if c.function == function_name)

    def literals_of(self, function_name: str) -> tuple[str, ...]:
        """The string literals passed to ``function_name``."""
        return dict(self.literals).get(function_name, ())


@dataclass
class MiningState:
    """What one ``mine_usage`` call has collected so far (``Miner`` fills it file by file)."""

    names: frozenset[str]
    flags: tuple[str, ...]
    language: str
    deadline: float | None = None  # time.monotonic() after which no more calls are read
    aliases: dict[str, str] = field(default_factory=dict)  # a macro -> the target it stands for
    calls: list[UsageCall] = field(default_factory=list)
    producers: list[Producer] = field(default_factory=list)
    literals: dict[str, list[str]] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
