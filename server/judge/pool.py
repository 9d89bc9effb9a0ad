"""The pooled block of ``server.judge.select`` and which of its lines show what a call changed.

``build_pool(units)`` lays the kept units end to end as one block: duplicates (same code and output)
are dropped, and a variable a unit declares that an earlier unit already declared is renamed
(``s`` -> ``s_2``) so the units can share one session. ``requires[i]`` lists the earlier examples
of example ``i``'s own unit (state carries through a unit, so a later example needs all of them);
for a unit whose candidate is ``whole`` (it changes a global setting and restores it at its end)
every other example of the unit, so a selection keeps all of it or none. ``Pool.unchanged(i)``
says whether example ``i`` prints what it printed without the call before it
(``VerifiedUnit.unchanged``, from ``server.judge.verify.probes``). A printout that only reads
(``Pool.reads``: ``reads_only``, and it printed the same twice in a row) is not among the
examples a later one of its unit requires: a block shows it only for what it shows.

``observers`` are the lines right after a call that print what it changed (docs/generate.md,
"Blocks a reviewer keeps", rule 6): never a printout of state the call left as it was
(``Pool.unchanged``), and ``with_observers`` adds them to a chosen call, through the library's
API when a line of it shows the change (rule 9: ``re_matchp(res, "aab", &len)`` rather than
``res->type``; ``raw_behind_the_api`` tells the cover which raw field reads to count last).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace

from cdoctest_runner import ctext
from cdoctest_runner.ctext import identifiers
from cdoctest_runner.example import Declaration, Example
from server.judge.units import VerifiedUnit
from server.judge.verify import declared_names

MAX_POOL = 48  # examples laid out for mutation analysis (each mutant runs them all)


def rename(code: str, mapping: dict[str, str]) -> str:
    """Rename identifiers outside string and character literals.

    >>> rename('int s = 1; printf("s=%d", s);', {"s": "s_2"})
    'int s_2 = 1; printf("s=%d", s_2);'
    """
    return ctext.map_identifiers(code, lambda name: mapping.get(name, name))


def example_key(ex: Example) -> tuple[str, str]:
    """What makes two examples the same: their code (blanks squeezed) and their output."""
    return (" ".join(ex.source.split()), ex.want.strip())


@dataclass
class Pool:
    """The candidate block: examples end to end, their unit and the examples each requires."""

    examples: list[Example] = field(default_factory=list)
    unit_of: list[int] = field(default_factory=list)  # index into ``units``
    requires: list[list[int]] = field(default_factory=list)
    units: list[VerifiedUnit] = field(default_factory=list)
    renamed: list[dict[str, str]] = field(default_factory=list)  # per unit
    # per example: it prints what it printed without the call before it (``VerifiedUnit.before``)
    same_as_before: list[bool] = field(default_factory=list)
    # per example: it only reads (``reads_only``, and printed the same twice in a row)
    reads: list[bool] = field(default_factory=list)

    def unchanged(self, i: int) -> bool:
        """Whether example ``i`` prints state that the call before it did not change."""
        return i < len(self.same_as_before) and self.same_as_before[i]


def build_pool(
    units: list[VerifiedUnit],
    max_examples: int = MAX_POOL,
    *,
    taken: AbstractSet[str] = frozenset(),
) -> Pool:
    """Dedupe and lay out ``units`` (in order; model units first is the caller's choice);
    ``taken``: names declared before the pool (renamed apart like the units' own).
    """
    pool = Pool()
    seen_units: set[tuple[tuple[str, str], ...]] = set()
    seen_single: set[tuple[str, str]] = set()
    declared: set[str] = set(taken)
    for vu in units:
        key = tuple(example_key(e) for e in vu.examples)
        if key in seen_units:
            continue
        if len(key) == 1 and key[0] in seen_single:
            continue
        if len(pool.examples) + len(vu.examples) > max_examples:
            continue
        names: set[str] = set()
        for e in vu.examples:
            names |= declared_names(e.source)
        mapping = {}
        for n in sorted(names & declared):
            k = 2
            while f"{n}_{k}" in declared or f"{n}_{k}" in names:
                k += 1
            mapping[n] = f"{n}_{k}"
        seen_units.add(key)
        seen_single |= set(key)
        declared |= {mapping.get(n, n) for n in names}
        u = len(pool.units)
        pool.units.append(vu)
        pool.renamed.append(mapping)
        first, last = len(pool.examples), len(pool.examples) + len(vu.examples)
        for k, e in enumerate(vu.examples):
            pool.same_as_before.append(vu.unchanged(k))
            pool.reads.append(vu.probed(k) and reads_only(e))
            at = len(pool.examples)
            before = list(range(first, at))
            whole = before + list(range(at + 1, last))
            needed = [j for j in before if not pool.reads[j]]  # a line that only reads: no need
            pool.requires.append(whole if vu.unit.candidate.whole else needed)
            src = rename(e.source, mapping) if mapping else e.source
            pool.examples.append(replace(e, source=src))
            pool.unit_of.append(u)
    return pool


_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
#: Names of calls that may change what they are given: never a line a later one can do without.
_CHANGES = re.compile(
    r"(?i)pop|push|take|remove|erase|clear|reset|set|put|add|insert|append|next|read|write|"
    r"shift|free|destroy|release|delete|close|init|load|parse|fill|step|advance|consume|seek"
)
_PRINTS = frozenset({"printf", "fprintf", "puts", "fputs", "putchar", "sizeof"})
_WRITES = re.compile(r"(?<![=!<>])=(?!=)|\+\+|--|&\s*[A-Za-z_(]")


def reads_only(example: Example) -> bool:
    """Whether ``example`` looks like a read (``Pool.reads`` also needs it to have printed the
    same twice in a row): no declaration, no assignment, no increment, no address passed, no
    call whose name says it changes something (``pop``, ``set``...), so the lines after it do
    not need it.

    >>> [reads_only(Example(s)) for s in ("n", "h->type", "get(h)", 'puts(b);', "a == b")]
    [True, True, True, True, True]
    >>> [reads_only(Example(s)) for s in ("s.pop()", "n = 2;", "n++", "f(&v)", "m[1] += 2")]
    [False, False, False, False, False]
    >>> reads_only(Example("re_t h;"))
    False
    """
    code = ctext.blank(example.source)
    if _WRITES.search(code) or declared_names(example.source):
        return False  # a declaration (``re_t h;``) is what later lines use
    calls = {m.group(1) for m in _CALL.finditer(code)} - _PRINTS
    return not any(_CHANGES.search(name) for name in calls)


def observers(pool: Pool, i: int, calls: Sequence[bool]) -> list[int]:
    """The examples right after example ``i`` of ``pool`` in its unit that print something and
    call nothing of the function (``calls[j]``: example ``j`` calls it): the lines that show
    what call ``i`` changed (a buffer it wrote into, an out-parameter).
    """
    out = []
    for j in range(i + 1, len(pool.examples)):
        if pool.unit_of[j] != pool.unit_of[i] or calls[j] or not pool.examples[j].want:
            break
        if not pool.unchanged(j):  # a printout the call left as it was shows nothing of it
            out.append(j)
    return out


def with_observers(pool: Pool, chosen: list[int], function: Declaration) -> list[int]:
    """``chosen``, plus the lines that print what each chosen call of the function changed
    (``observers``; ``server.judge.acceptable``, rule 6): a call into a buffer that nothing prints
    checks only its return value, as a store nobody reads checks nothing.

    Through the API first (issue #39): when a line after the call that calls the library
    (``api_line``: a serializer, a printer, a query, a getter) shows the change, the raw field
    reads after it (``raw_line``: ``h->type``, ``v.major``) are not added, and of several lines
    calling the same function (a query asked three times) only the first is; the others stay
    only where the cover chose them for a mutant. Raw fields are added when no API line shows
    the change.

    >>> from cdoctest_runner.example import Example as E
    >>> from server.judge.units import Candidate, Unit
    >>> exs = (E("char b[8] = {0};"), E("f(b)", "1"), E("puts(b);", "ab"), E("f(b)", "1"))
    >>> pool = build_pool([VerifiedUnit(Unit(exs, Candidate(exs)), exs, ())])
    >>> f = Declaration("f", "f", "function", 1, 1, 1, 1)
    >>> with_observers(pool, [0, 1], f)
    [0, 1, 2]

    A printout equal to what it printed before the call (``VerifiedUnit.before``) is left out:

    >>> exs = (E("int n = 0; int m = 0; f(&n, &m)", "1"), E("n", "2"), E("m", "0"))
    >>> vu = VerifiedUnit(Unit(exs, Candidate(exs)), exs, (), before=(None, "0", "0"))
    >>> with_observers(build_pool([vu]), [0], f)
    [0, 1]

    A compiled value shown by its matcher, twice, and by its field: the first match stays.

    >>> exs = (E("r_t h;"), E('h = f("a*b");'), E('match(h, "ab")', "1"), E('match(h, "b")', "0"))
    >>> exs += (E("h->type", "2"),)
    >>> with_observers(build_pool([VerifiedUnit(Unit(exs, Candidate(exs)), exs, ())]), [0, 1], f)
    [0, 1, 2]
    """
    from server.judge.acceptable import calls_target

    calls = [calls_target([ex], function) for ex in pool.examples]
    shown: set[int] = set()
    for i in chosen:
        if calls[i]:
            after = [j for j in observers(pool, i, calls) if _first_writer(pool, i, j)]
            shown |= through_the_api(pool, after)
    return sorted(set(chosen) | shown) if shown - set(chosen) else chosen


def _calls(source: str) -> frozenset[str]:
    """The functions ``source`` calls, the C library's printing ones left out.

    >>> sorted(_calls('int n = 0; re_matchp(h, "a", &n)')), _calls('printf("%d", h->n);')
    (['re_matchp'], frozenset())
    """
    return frozenset(m.group(1) for m in _CALL.finditer(ctext.blank(source))) - _PRINTS


def api_line(example: Example) -> bool:
    """Whether ``example`` calls a function other than the C library's printing ones: a line
    that shows a value through the library (its serializer, printer, a query, a getter).
    """
    return bool(_calls(example.source))


def raw_line(example: Example) -> bool:
    """Whether ``example`` reads a field raw: a member access (``h->type``, ``v.major``,
    ``printf("[%s]", arr[0].name)``) and no call of the library.

    >>> [raw_line(Example(s)) for s in ("h->type", 'printf("%d", v.n);', "get(h)", "n")]
    [True, True, False, False]
    """
    if api_line(example):
        return False
    return re.search(r"(?:\.|->)\s*[A-Za-z_]", ctext.blank(example.source)) is not None


def through_the_api(pool: Pool, after: Sequence[int]) -> set[int]:
    """Of ``after`` (the lines that print what one call changed), those that come with the call
    (``with_observers``; ``server.judge.cover_branches``'s added calls): every line that is
    neither an API line nor a raw field read (a buffer, an out-parameter), the first API line
    per function called, and the raw field reads only when there is no API line.
    """
    api = [j for j in after if api_line(pool.examples[j])]
    raw = [j for j in after if raw_line(pool.examples[j])]
    out = set(after) - set(api) - set(raw)
    seen: set[frozenset[str]] = set()
    for j in api:
        called = _calls(pool.examples[j].source)
        if called not in seen:
            seen.add(called)
            out.add(j)
    return out if api else out | set(raw)


def raw_behind_the_api(pool: Pool, function: Declaration) -> set[int]:
    """The raw field reads (``raw_line``) after a call of ``function`` whose change an API line
    after the same call (``api_line``, printing something other than before the call) shows:
    the cover counts them only for the mutants nothing else shows (``server.judge.select``),
    so an observer of the library is chosen over raw fields whenever it shows the change.

    >>> from cdoctest_runner.example import Example as E
    >>> from server.judge.units import Candidate, Unit
    >>> exs = (E("r_t h;"), E('h = f("a");'), E('match(h, "a")', "1"), E("h->type", "2"))
    >>> exs += (E('f("b")', "3"), E("h->type", "2"))
    >>> pool = build_pool([VerifiedUnit(Unit(exs, Candidate(exs)), exs, ())])
    >>> sorted(raw_behind_the_api(pool, Declaration("f", "f", "function", 1, 1, 1, 1)))
    [3]
    """
    from server.judge.acceptable import calls_target

    calls = [calls_target([ex], function) for ex in pool.examples]
    out: set[int] = set()
    for i in range(len(pool.examples)):
        if calls[i]:
            after = observers(pool, i, calls)
            if any(api_line(pool.examples[j]) for j in after):
                out |= {j for j in after if raw_line(pool.examples[j])}
    return out


def _names(source: str) -> set[str]:
    return {m.group() for m in identifiers(source)}


def _first_writer(pool: Pool, i: int, j: int) -> bool:
    """Whether example ``j`` prints a variable that call ``i`` is passed and that no earlier
    example of its unit uses after declaring it: what ``j`` shows is then the call's doing
    (``semver_numeric(&v)`` after ``semver_parse("1.2.3", &v)`` changes nothing ``v.major``
    would show; ``snprintf_(buf, ...)`` on a fresh buffer writes all it holds).
    """
    shown = _names(pool.examples[j].source) & _names(pool.examples[i].source)
    for k in range(i - 1, -1, -1):
        if pool.unit_of[k] != pool.unit_of[i]:
            break
        if shown & used_names(pool.examples[k].source):
            return False
    return bool(shown)


def used_names(source: str) -> set[str]:
    """The names ``source`` uses other than in declaring them, statement by statement: a line
    that declares ``v`` and passes it to a producer uses it.

    >>> sorted(used_names('semver_t v = {0}; semver_parse("1.2", &v);'))
    ['semver_parse', 'semver_t', 'v']
    >>> used_names("char b[8] = {0}; int n = 0; re_t h;") & {"b", "n", "h"}
    set()
    """
    code = ctext.blank(source)
    out: set[str] = set()
    for start, end in ctext.top_level_spans(code, ";"):
        statement = source[start:end] + ";"  # ``T h;`` declares ``h`` only with its ``;``
        out |= _names(statement) - declared_names(statement)
    return out
