"""How a value the function under test makes or changes is seen through the file's own API
(issue #39): the calls a user of the library would make after it, rather than its raw fields.

``api_observers(api, t, language)`` lists the file's functions that read a value of type ``t``
(passed as it is, or by address when ``t`` is a struct and the function takes a pointer to it),
best first, each an ``Observer`` of one ``ObserverKind``:

- ``SERIALIZER``: writes the whole value as text and returns it, other parameters scalars given 0
  (``cJSON_Print(item)``, ``json_dumps(h, 0)``): a tree in one line;
- ``PRINTER``: prints the whole value, to stdout or to a ``FILE *`` given ``stdout``
  (``void print(const T *)``, ``dump(T)``, ``fprint(FILE *, T)``, ``print(T, FILE *)``);
- ``BUFFER``: writes the value as text into the caller's buffer followed by its room
  (``to_string(T, char *buf, size_t n)``), returning the text or a length;
- ``QUERY``: takes the value and a text or a number (and maybe integer out-pointers it sets) and
  returns a printable answer (``re_matchp(re, text, &len)``, ``lookup(table, key)``,
  ``contains(set, x)``): a compiled pattern is seen through its matcher;
- ``READER``: one argument, a printable result (``sdslen(s)``, ``counter_count(h)``).

Each observer's arguments are described by ``Slot`` (what a caller writes there), so the
candidates (``server.candidates.by_type.observe``) render the calls without libclang. Which
printout a block keeps is the judge's choice (``server.judge.pool``: an API observer that shows a
call's change is preferred over the raw fields).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from server.analysis.fileapi import DESTROYS, OBSERVES, SERIALIZES, FileApi
from server.analysis.kinds import ParamKind
from server.analysis.types import (
    CType,
    canonical,
    is_stream,
    is_text,
    params_of,
    pointee,
    printable,
    same_type,
    scalar,
    spelled,
    type_class,
    type_key,
)

__all__ = ["Argument", "Observer", "ObserverKind", "Slot", "api_observers", "readers"]


class ObserverKind(StrEnum):
    """What an observer does with the value (module docstring), best first."""

    SERIALIZER = "serializer"
    PRINTER = "printer"
    BUFFER = "buffer"
    QUERY = "query"
    READER = "reader"


class Slot(StrEnum):
    """What a caller passes for one parameter of an observer."""

    VALUE = "value"  # the value observed (``&v`` for a struct the observer takes by pointer)
    ZERO = "zero"  # a scalar option: 0
    STREAM = "stream"  # a ``FILE *``: stdout
    BUFFER = "buffer"  # a ``char *`` the observer writes the text into
    ROOM = "room"  # the buffer's size
    TEXT = "text"  # a query's text (``const char *``)
    NUMBER = "number"  # a query's number (an integer, a character, a floating-point value)
    OUT = "out"  # an integer the query sets through a pointer (declared, passed by address)


@dataclass(frozen=True)
class Argument:
    """One parameter of an observer: its slot, its name and the type a caller declares for it
    (an ``OUT``'s pointee, a ``NUMBER``'s type; '' otherwise).
    """

    slot: Slot
    name: str = ""
    spelling: str = ""


@dataclass(frozen=True)
class Observer:
    """A function of the file that shows a value: its name, kind and arguments in order;
    ``returns``: its result is printed (a printer's and a void function's is not).
    """

    name: str
    kind: ObserverKind
    arguments: tuple[Argument, ...]
    returns: bool = True


#: Names of functions that print a value (a printer returns nothing to show, or a count).
PRINTS = re.compile(r"(?i)print|dump|show|display|write|puts|log")

#: Word stems of the names of queries: functions that answer a question about a value, given a
#: text or a number (``re_matchp``, ``map_lookup``, ``set_contains``, ``table_get``).
QUERY_WORDS = (
    "match",
    "find",
    "search",
    "lookup",
    "get",
    "contain",
    "has",
    "test",
    "exec",
    "index",
    "count",
    "is",
    "at",
    "eval",
    "cmp",
    "compare",
    "equal",
    "nth",
)

#: Word stems of the names of functions that change what they are given: never an observer.
CHANGE_WORDS = (
    "set",
    "put",
    "add",
    "insert",
    "append",
    "push",
    "pop",
    "remove",
    "erase",
    "clear",
    "reset",
    "del",
    "free",
    "take",
    "replace",
    "update",
    "sort",
    "reverse",
    "fill",
    "load",
    "parse",
    "read",
    "next",
    "advance",
    "consume",
    "seek",
    "step",
    "init",
    "cat",
)

#: Names of an integer parameter that gives the room of the buffer before it.
ROOM_NAMES = re.compile(r"(?i)size|len|cap|room|max|^n$|^sz$|count|avail|bytes")

#: Observers of each kind taken at most (a printout each; the judge keeps what shows a change).
LIMITS = {
    ObserverKind.SERIALIZER: 2,
    ObserverKind.PRINTER: 1,
    ObserverKind.BUFFER: 1,
    ObserverKind.QUERY: 1,
    ObserverKind.READER: 2,
}


def api_observers(api: FileApi, t: CType, language: str) -> list[Observer]:
    """The file's functions that show a value of ``t`` (module docstring), best first:
    serializers, printers, buffer writers, queries, readers (``LIMITS`` of each); the target,
    destroyers, modifiers (a result of ``t``: ``sdsdup(s)`` shows nothing new) and functions
    named as changes left out. Within a kind: names that say the kind first, the file's own
    definitions before linked declarations, shorter names first.
    """
    found: list[tuple[tuple[int, bool, bool, int], Observer]] = []
    for f in api.functions:
        observer = _observer(f, api, t, language)
        if observer is None:
            continue
        named = _named(observer)
        order = list(ObserverKind).index(observer.kind)
        found.append(((order, not named, not f.is_definition(), len(f.spelling)), observer))
    found.sort(key=lambda o: o[0])
    out: list[Observer] = []
    for _, observer in found:
        if sum(o.kind is observer.kind for o in out) < LIMITS[observer.kind]:
            out.append(observer)
    return out


def readers(api: FileApi, t: CType, language: str) -> list[Observer]:
    """The serializers and one-argument readers among ``api_observers``, at most two, readers
    whose names say so first: what the model's prompt names as ways to read a ``t``.
    """
    kinds = (ObserverKind.SERIALIZER, ObserverKind.READER)
    found = [o for o in api_observers(api, t, language) if o.kind in kinds]
    found.sort(key=lambda o: (not _named(o), o.kind is ObserverKind.SERIALIZER))
    return found[:2]


def _named(o: Observer) -> bool:
    """Whether the observer's name says what its kind does."""
    words = {
        ObserverKind.SERIALIZER: SERIALIZES,
        ObserverKind.PRINTER: PRINTS,
        ObserverKind.BUFFER: SERIALIZES,
        ObserverKind.READER: OBSERVES,
    }
    if o.kind is ObserverKind.QUERY:
        return _words_start(o.name, QUERY_WORDS)
    return words[o.kind].search(o.name) is not None


def _value_slot(params: Sequence[tuple[str, CType]], t: CType) -> tuple[int, bool] | None:
    """Where the value goes among ``params`` and whether by address: a parameter of ``t``
    itself, else (``t`` a struct) a pointer to it. None when none takes it.
    """
    for i, (_, pt) in enumerate(params):
        if same_type(pt, t):
            return i, False
    if type_class(t) != "RECORD":
        return None
    want = type_key(canonical(t))[1]
    for i, (_, pt) in enumerate(params):
        if type_class(pt) == "POINTER" and type_key(pointee(pt)[0])[1] == want:
            return i, True
    return None


def _argument(name: str, pt: CType, language: str, previous: Argument | None) -> Argument | None:
    """The slot of a parameter other than the value (None: an observer cannot be called with
    it): a ``FILE *``, a text, a writable character buffer, the buffer's room right after it, an
    integer out-pointer or a number.
    """
    kind = type_class(pt)
    if kind == "POINTER":
        if is_stream(pt):
            return Argument(Slot.STREAM, name)
        target, writable = pointee(pt)
        if is_text(pt):
            return Argument(Slot.BUFFER if writable else Slot.TEXT, name)
        number = scalar(target, language)
        if writable and number is not None and number.kind in (ParamKind.INT, ParamKind.UINT):
            return Argument(Slot.OUT, name, spelled(target))
        return None
    number = scalar(canonical(pt), language)
    if number is None:
        return None
    if previous is not None and previous.slot is Slot.BUFFER and ROOM_NAMES.search(name):
        return Argument(Slot.ROOM, name)
    return Argument(Slot.NUMBER, name, spelled(pt))


def _observer(f: Any, api: FileApi, t: CType, language: str) -> Observer | None:
    """The observer the function ``f`` is for a value of ``t``, or None."""
    name = str(f.spelling)
    params = params_of(f)
    if name == api.target or not params or _changes(name):
        return None  # ``stack_pop(s)`` returns a value, but reading it changes the stack
    at = _value_slot(params, t)
    if at is None:
        return None
    result = CType(f.result_type)
    if same_type(result, t):
        return None  # a copy or a modifier that returns the value
    arguments: list[Argument] = []
    for i, (pname, pt) in enumerate(params):
        if i == at[0]:
            arguments.append(Argument(Slot.VALUE, "&" if at[1] else ""))
            continue
        arg = _argument(pname, pt, language, arguments[-1] if arguments else None)
        if arg is None:
            return None
        arguments.append(arg)
    kind = _kind(name, result, tuple(a.slot for a in arguments), language)
    if kind is None:
        return None
    if kind is not ObserverKind.QUERY:  # a printer's and a serializer's numbers are options
        arguments = [Argument(Slot.ZERO) if a.slot is Slot.NUMBER else a for a in arguments]
    returns = kind is not ObserverKind.PRINTER and type_class(result) != "VOID"
    return Observer(name, kind, tuple(arguments), returns)


def _kind(name: str, result: CType, slots: tuple[Slot, ...], language: str) -> ObserverKind | None:
    """The kind of an observer named ``name`` with result ``result`` and argument ``slots``."""
    others = [s for s in slots if s is not Slot.VALUE]
    rest = set(others)
    text_result = is_text(result)
    shows = printable(result, language)
    void = type_class(result) == "VOID"
    if rest <= {Slot.NUMBER} and text_result and SERIALIZES.search(name):
        return ObserverKind.SERIALIZER
    if (
        rest <= {Slot.NUMBER, Slot.STREAM}
        and others.count(Slot.STREAM) <= 1
        and PRINTS.search(name)
        and not text_result
        and (void or shows)
    ):
        return ObserverKind.PRINTER
    if not others:
        return ObserverKind.READER if shows else None
    if Slot.BUFFER in rest:
        room = slots.index(Slot.BUFFER) + 1
        buffered = room < len(slots) and slots[room] is Slot.ROOM and others.count(Slot.BUFFER) == 1
        if buffered and rest <= {Slot.BUFFER, Slot.ROOM, Slot.NUMBER} and SERIALIZES.search(name):
            return ObserverKind.BUFFER if shows else None
        return None
    asks = rest & {Slot.TEXT, Slot.NUMBER}
    if asks and rest <= {Slot.TEXT, Slot.NUMBER, Slot.OUT} and shows:
        return ObserverKind.QUERY if _words_start(name, QUERY_WORDS) else None
    return None


def _words(name: str) -> list[str]:
    """The words of a function's name, split at ``_`` and case changes, in lower case.

    >>> _words("cJSON_GetObjectItem"), _words("re_matchp")
    (['c', 'json', 'get', 'object', 'item'], ['re', 'matchp'])
    """
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]


def _words_start(name: str, stems: tuple[str, ...]) -> bool:
    """Whether a word of ``name`` starts with one of ``stems`` of four letters or more, or is
    one of the shorter ones (with an ``s``): ``matchp``, ``gets``, not ``attr`` for ``at``.

    >>> [_words_start(n, ("match", "at")) for n in ("re_matchp", "node_at", "node_attr")]
    [True, True, False]
    """
    return any(
        w.startswith(st) if len(st) >= 4 else w in (st, st + "s")
        for w in _words(name)
        for st in stems
    )


def _changes(name: str) -> bool:
    """Whether a word of ``name`` says it changes what it is given (``CHANGE_WORDS``), or it
    adds, initialises or frees (``fileapi``'s words): ``hash_set``, not ``utf8_offset``.

    >>> [_changes(n) for n in ("map_set", "utf8_offset", "list_append", "re_matchp", "stack_pop")]
    [True, False, True, False, True]
    """
    return _words_start(name, CHANGE_WORDS) or DESTROYS.search(name) is not None
