"""Rule 5 of the blocks a reviewer keeps: no undefined behaviour (``server.judge.verify``'s
``UB_TRAPS``).

Candidates run on the original code with trapping UBSan in real clang-repl: a call whose run has
undefined behaviour traps and drops out before selection, an ordinary call and a defined wrap-around
stay; mutants still run without the traps.

Test data: inline C and C++ functions (a running sum of an array, a bit mask by shift, an unsigned
increment), written to ``tmp_path``.
"""

from __future__ import annotations

import re
from pathlib import Path

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.judge.select import build_pool, select_block
from server.judge.units import Candidate, Origin
from server.judge.verify import UNDEFINED, verify_candidates

C_SOURCE = """\
#include <limits.h>

/* The largest sum of a run of a[0..n). */
int max_run(const int *a, int n) {
    int best = a[0], cur = 0;
    for (int i = 0; i < n; i++) {
        cur += a[i];
        if (cur > best) best = cur;
        if (cur < 0) cur = 0;
    }
    return best;
}

/* x + 1, wrapping to 0 after UINT_MAX (defined for unsigned). */
unsigned next_up(unsigned x) { return x + 1u; }
"""

CXX_SOURCE = """\
// The mask with bit k set.
int bit(int k) { return 1 << k; }
"""


def cand(index: int, *sources: str) -> Candidate:
    return Candidate(tuple(Example(s) for s in sources), Origin.INPUT_SEARCH, index)


def kept_calls(report) -> dict[str, str]:  # noqa: ANN001
    return {e.source.strip(): e.want.strip() for u in report.kept for e in u.examples}


def test_signed_overflow_is_dropped_ordinary_and_unsigned_wrap_kept(runner, tmp_path: Path) -> None:
    path = tmp_path / "run.c"
    path.write_text(C_SOURCE)
    code = CodeUnderTest(path=str(path), language="c")
    candidates = [
        cand(0, "int big[] = {INT_MAX, INT_MAX};", "max_run(big, 2)"),
        cand(1, "int mixed[] = {2, -5, 3, 4};", "max_run(mixed, 4)"),
        cand(2, "next_up(UINT_MAX)"),
        cand(3, "next_up(41u)"),
    ]
    report = verify_candidates(candidates, code, runner, {"max_run", "next_up"})
    calls = kept_calls(report)
    assert "max_run(big, 2)" not in calls  # INT_MAX + INT_MAX: undefined, its output unrecorded
    assert calls["max_run(mixed, 4)"] == "7"
    assert calls["next_up(UINT_MAX)"] == "0"  # defined wrap-around: no false positive
    assert calls["next_up(41u)"] == "42"
    assert [e.source.strip() for e in report.undefined] == ["max_run(big, 2)"]
    assert report.outcomes.get("crash") == 1
    assert UNDEFINED in report.undefined_note()

    # Selection never sees the overflowing call (the declaration left of its unit calls nothing),
    # and the mutants it runs (without the traps) still count kills.
    max_run = Declaration("max_run", "max_run", "function", 4, 12, 4, 1)
    chosen = select_block(build_pool(list(report.kept)), code, max_run, runner, 4)
    assert "max_run(mixed, 4)" in [e.source.strip() for e in chosen.examples]
    assert not any("big" in e.source for e in chosen.examples)
    assert chosen.killed > 0


def test_shift_past_the_width_is_dropped_in_cxx(runner, tmp_path: Path) -> None:
    path = tmp_path / "bits.cpp"
    path.write_text(CXX_SOURCE)
    code = CodeUnderTest(path=str(path), language="c++", flags=("-std=c++17",))
    report = verify_candidates([cand(0, "bit(40)"), cand(1, "bit(3)")], code, runner, {"bit"})
    assert kept_calls(report) == {"bit(3)": "8"}
    assert [e.source.strip() for e in report.undefined] == ["bit(40)"]


def test_wrapv_code_keeps_its_defined_signed_overflow(runner, tmp_path: Path) -> None:
    """Code built with ``-fwrapv`` defines signed overflow: the call stays, with its output."""
    path = tmp_path / "run.c"
    path.write_text(C_SOURCE)
    code = CodeUnderTest(path=str(path), language="c", flags=("-fwrapv",))
    report = verify_candidates(
        [cand(0, "int big[] = {INT_MAX, 1};", "max_run(big, 2)")], code, runner, {"max_run"}
    )
    assert kept_calls(report)["max_run(big, 2)"] == "2147483647"  # INT_MAX, then INT_MIN: best
    assert report.undefined == ()


TOP_TWO = """\
/* The sum of the larger two of a, b and c. */
int top_two(int a, int b, int c) {
    int lo = a;
    if (b < lo) lo = b;
    if (c < lo) lo = c;
    return a + b + c - lo;
}
"""


def test_searched_extremes_with_overflow_are_dropped_and_named(runner, tmp_path: Path) -> None:
    """The input search tries limit values (``INT_MAX`` triples overflow ``a + b + c``): those
    calls drop out, the search's note says so, and every call it keeps sums within range.
    """
    from cdoctest_runner.mutation.mutate import OPERATORS, make_mutants
    from server.analysis.context import function_context
    from server.analysis.documentation import DocFacts
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    path = tmp_path / "top_two.c"
    path.write_text(TOP_TWO)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name="top_two"))
    ctx = function_context(source, target)
    mutants = make_mutants(TOP_TWO, ctx.declaration, "c", 40, path=str(path), operators=OPERATORS)
    code = source.code_under_test()
    found = find_killing_inputs(
        ctx, DocFacts(), code, ctx.declaration, Runners(runner, runner), mutants, names={"top_two"}
    )
    assert UNDEFINED in found.note and "2147483647" in found.note, found.note
    for u in found.units:
        for e in u.examples:
            call = e.source.strip()
            inside = call[call.index("(") + 1 : call.rindex(")")].replace(" ", "")
            # an argument is a literal or a sum of them: ``(-2147483647 - 1)``
            args = [sum(map(int, re.findall(r"[+-]?\d+", a))) for a in inside.split(",")]
            assert -(2**31) <= sum(args) - min(args) < 2**31, call
