"""No printout of state the call did not change (docs/generate.md, "Blocks a reviewer keeps",
rule 6; issue [reviewer]): the lines after a call are probed without the call
(``server.judge.verify.probes``), and selection shows a line only when the call changed what it
prints, unless it alone kills a mutant.

Test data: inline C: ``counter_add`` (a struct API whose call changes the count, not the
capacity: getters and raw fields of both) and ``parse_num`` (an out-parameter left as it was on
a failed parse).
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.mutation.analysis import MutationReport, mutation_analysis
from server.judge.pool import build_pool
from server.judge.select import _choose, select_block
from server.judge.units import Candidate, Origin, Unit, VerifiedUnit
from server.judge.verify import verify_candidates

COUNTER = """#include <stdlib.h>

typedef struct { int count; int cap; } counter_t;

counter_t *counter_new(int cap) {
    counter_t *c = calloc(1, sizeof *c);
    c->cap = cap;
    return c;
}

int counter_count(const counter_t *c) { return c->count; }

int counter_cap(const counter_t *c) { return c->cap; }

/* Adds n to the count, at most up to the capacity. */
void counter_add(counter_t *c, int n) {
    c->count += n;
    if (c->count > c->cap)
        c->count = c->cap;
}
"""
ADD = Declaration("counter_add", "counter_add", "function", 16, 1, 20, 1)

#: As the fallback and the model write such a unit: after each call, getters and raw fields of
#: both the field the call changes (``count``) and the one it leaves alone (``cap``).
COUNTER_UNIT = (
    "counter_t *h;",
    "h = counter_new(10);",
    "counter_add(h, 3);",
    "counter_cap(h)",
    "counter_count(h)",
    "h->count",
    "h->cap",
    "counter_add(h, 20);",
    "counter_count(h)",
)

PARSE_NUM = """#include <stdlib.h>

/* Reads a decimal number from s into *out; returns 0, or -1 (and leaves *out) when s has none. */
int parse_num(const char *s, long *out) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s)
        return -1;
    *out = v;
    return 0;
}
"""
PARSE = Declaration("parse_num", "parse_num", "function", 4, 1, 11, 1)


def _code(tmp_path, name: str, text: str) -> CodeUnderTest:  # noqa: ANN001
    path = tmp_path / name
    path.write_text(text)
    return CodeUnderTest(path=str(path), text=text, language="c")


def _verified(code: CodeUnderTest, runner, names: set[str], *units: tuple[str, ...]):  # noqa: ANN001, ANN202
    cands = [
        Candidate(tuple(Example(s) for s in u), origin=Origin.TYPES_AND_API, index=k)
        for k, u in enumerate(units)
    ]
    report = verify_candidates(cands, code, runner, names)
    assert len(report.kept) == len(units), report.rejected
    return list(report.kept)


def _block(selection) -> list[tuple[str, str]]:  # noqa: ANN001
    return [(e.source.strip(), e.want.strip()) for e in selection.examples]


@pytest.mark.clang
def test_a_field_that_no_call_changed_is_not_printed(tmp_path, runner) -> None:  # noqa: ANN001
    """The probe finds ``counter_cap(h)`` and ``h->cap`` printing what they printed before the
    call; the block shows the count after each call (its getter, not the raw field that prints
    the same) and neither capacity line, and kills what the whole unit kills.
    """
    code = _code(tmp_path, "counter.c", COUNTER)
    (vu,) = _verified(code, runner, {"counter_add"}, COUNTER_UNIT)
    unchanged = [e.source.strip() for i, e in enumerate(vu.examples) if vu.unchanged(i)]
    assert unchanged == ["counter_cap(h)", "h->cap"]
    assert vu.before[4] is not None and vu.before[4].strip() == "0"  # the count before: changed

    pool = build_pool([vu])
    chosen = select_block(pool, code, ADD, runner, 8)
    block = _block(chosen)
    assert not any("cap" in src for src, _ in block), block
    assert ("counter_count(h)", "3") in block and ("counter_count(h)", "10") in block
    assert ("h->count", "3") not in block
    whole = mutation_analysis(pool.examples, code, ADD, runner, list(chosen.mutants))
    assert chosen.killed == whole.killed


@pytest.mark.clang
def test_an_out_parameter_the_call_leaves_unchanged_is_not_printed_back(tmp_path, runner) -> None:  # noqa: ANN001
    """``long out = 64; parse_num("abc", &out)`` fails and leaves ``out`` at 64: the block does
    not print it back; the parse that writes 12 shows it.
    """
    code = _code(tmp_path, "num.c", PARSE_NUM)
    units = _verified(
        code,
        runner,
        {"parse_num"},
        ('long out_s0 = 64; parse_num("abc", &out_s0)', "out_s0"),
        ('long out_s1 = 64; parse_num("12", &out_s1)', "out_s1"),
    )
    assert [vu.unchanged(1) for vu in units] == [True, False]
    pool = build_pool(units)
    chosen = select_block(pool, code, PARSE, runner, 8)
    block = _block(chosen)
    assert ('long out_s0 = 64; parse_num("abc", &out_s0)', "-1") in block
    assert ("out_s0", "64") not in block
    assert ("out_s1", "12") in block
    whole = mutation_analysis(pool.examples, code, PARSE, runner, list(chosen.mutants))
    assert chosen.killed == whole.killed


def _unit(pairs: list[tuple[str, str]], before: tuple[str | None, ...]) -> VerifiedUnit:
    examples = tuple(Example(src, want) for src, want in pairs)
    return VerifiedUnit(
        Unit(examples, Candidate(examples)), examples, (True,) * len(examples), before=before
    )


def test_an_unchanged_printout_is_kept_only_for_a_mutant_nothing_else_shows() -> None:
    """Pure selection on a hand-built report: ``m`` (left as it was) first detects mutant ``b``,
    which ``n`` (changed) shows too, so ``n`` is shown instead; ``k`` (left as it was) alone shows
    ``c`` and stays: the kills do not drop.
    """
    pool = build_pool(
        [
            _unit(
                [("int n = 0; int m = 0; f(&n, &m)", "1"), ("m", "0"), ("n", "2"), ("k", "5")],
                (None, "0", "0", "5"),
            )
        ]
    )
    assert [pool.unchanged(i) for i in range(4)] == [False, True, False, True]
    assert pool.requires == [[], [0], [0], [0]]  # the reads after the call are no later need
    where = {"a": frozenset({0}), "b": frozenset({1, 2}), "c": frozenset({3})}
    report = MutationReport(3, 3, 1.0, [{"a"}, {"b"}, set(), {"c"}], [], observed_by=where)
    f = Declaration("f", "f", "function", 1, 1, 1, 1)
    chosen, _ = _choose(pool, report, 8, f)
    assert chosen == [0, 2, 3]
    # Without the probe (``before`` unknown) the first detection decides, as before.
    plain = build_pool([_unit([(e.source, e.want) for e in pool.examples], ())])
    assert _choose(plain, report, 8, f)[0] == [0, 1, 2, 3]
