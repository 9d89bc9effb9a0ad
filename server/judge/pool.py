"""The pooled block of ``server.judge.select`` and which of its lines show what a call changed.

``build_pool(units)`` lays the kept units end to end as one block: duplicates (same code and output)
are dropped, and a variable a unit declares that an earlier unit already declared is renamed
(``s`` -> ``s_2``) so the units can share one session. ``requires[i]`` lists the earlier examples
of example ``i``'s own unit (state carries through a unit, so a later example needs all of them);
for a unit whose candidate is ``whole`` (it changes a global setting and restores it at its end)
every other example of the unit, so a selection keeps all of it or none. ``Pool.unchanged(i)``
says whether example ``i`` prints what it printed without the call before it
(``VerifiedUnit.unchanged``, from ``server.judge.verify.probes``). A probed printout that only
reads (``Pool.reads``: ``reads_only``, and it printed the same twice in a row) is not among the
examples a later one of its unit requires: a block shows it only for what it shows.

``observers`` are the lines right after a call that print what it changed (docs/generate.md,
"Blocks a reviewer keeps", rule 6): never a printout of state the call left as it was
(``Pool.unchanged``), and ``with_observers`` adds them to a chosen call, leaving out a raw field
(``h->type``) that prints what a getter of the same call already prints (``mxmlGetType(h)``).
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
    same twice in a row): no assignment, no increment, no address passed, no call whose
    name says it changes something (``pop``, ``set``...), so the lines after it do not need it.

    >>> [reads_only(Example(s)) for s in ("n", "h->type", "get(h)", 'puts(b);', "a == b")]
    [True, True, True, True, True]
    >>> [reads_only(Example(s)) for s in ("s.pop()", "n = 2;", "n++", "f(&v)", "m[1] += 2")]
    [False, False, False, False, False]
    """
    code = ctext.blank(example.source)
    if _WRITES.search(code):
        return False
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
    """
    from server.judge.acceptable import calls_target

    calls = [calls_target([ex], function) for ex in pool.examples]
    shown: set[int] = set()
    for i in chosen:
        if calls[i]:
            after = [j for j in observers(pool, i, calls) if _first_writer(pool, i, j)]
            shown |= set(after) - _shown_by_a_getter(pool, after)
    return sorted(set(chosen) | shown) if shown - set(chosen) else chosen


#: A raw read of a field (``h->type``, ``v.major``, ``arr[0].n``): no call in it.
_FIELD = re.compile(
    r"[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*|\s*\[[^\]]*\])*(?:\.|->)\s*\w+\s*;?"
)


def _shown_by_a_getter(pool: Pool, lines: Sequence[int]) -> set[int]:
    """The raw field reads among ``lines`` whose output a call among them (a getter of the
    API: ``mxmlGetType(h)``) prints too: the field adds nothing a reader needs.

    >>> from cdoctest_runner.example import Example as E
    >>> from server.judge.units import Candidate, Unit
    >>> exs = (E("get(h)", "3"), E("h->n", "3"), E("h->m", "4"))
    >>> pool = build_pool([VerifiedUnit(Unit(exs, Candidate(exs)), exs, ())])
    >>> sorted(_shown_by_a_getter(pool, [0, 1, 2]))
    [1]
    """
    shown = {pool.examples[j].want for j in lines if "(" in pool.examples[j].source}
    return {
        j
        for j in lines
        if _FIELD.fullmatch(pool.examples[j].source.strip()) and pool.examples[j].want in shown
    }


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
    >>> used_names("char b[8] = {0}; int n = 0;") & {"b", "n"}
    set()
    """
    code = ctext.blank(source)
    out: set[str] = set()
    for start, end in ctext.top_level_spans(code, ";"):
        statement = source[start:end]
        out |= _names(statement) - declared_names(statement)
    return out
