"""server/judge/verify.py and server/judge/select.py: the pure parts (splitting, keeping, pooling),
no clang-repl.

Results are built as the runner would return them (``DocTestResult``/``ExampleResult`` values), so
the keep/drop rules are checked example by example.
"""

from __future__ import annotations

from cdoctest_runner.example import DocTest, Example
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server.judge.select import build_pool, rename
from server.judge.units import Candidate, Fate, Rejection, Unit, VerifiedUnit
from server.judge.verify import _keep, declared_names, recordable, split_units, units_of

E = Example


def _result(unit: Unit, outcomes: list[tuple[Outcome, str]]) -> DocTestResult:
    test = DocTest(unit.examples, "t", "f.c", 1, 1)
    pairs = zip(unit.examples, outcomes, strict=True)
    return DocTestResult(test, tuple(ExampleResult(e, o, got) for e, (o, got) in pairs))


def test_units_keep_declarations_with_their_uses() -> None:
    exs = [
        E("Stack s;"),
        E("fac(3)", "6"),
        E("s.push(2); s.push(5);"),
        E("s.top()", "5"),
        E("int k = 4;"),
        E("fac(k)", "24"),
        E("1 + 1", "2"),
    ]
    assert split_units(exs) == [[0, 2, 3], [1], [4, 5], [6]]
    cand = Candidate(tuple(exs))
    units = units_of(cand, {"fac", "push"})
    # '1 + 1' names neither target and is dropped; the others are units.
    assert [[e.source.strip() for e in u.examples] for u in units] == [
        ["Stack s;", "s.push(2); s.push(5);", "s.top()"],
        ["fac(3)"],
        ["int k = 4;", "fac(k)"],
    ]
    assert declared_names("std::string r = shop::describe(1); char buf[8];") == {"r", "buf"}


def test_keep_records_actual_output_and_reports_wrong_predictions() -> None:
    unit = Unit(
        (E("int x = 2;"), E("sq(x)", "5"), E("sq(x) +", "1"), E("sq(3)"), E("sq(4)", "16")),
        Candidate(()),
    )
    res = _result(
        unit,
        [
            (Outcome.PASSED, ""),
            (Outcome.FAILED, "4\n"),
            (Outcome.COMPILE_ERROR, ""),
            (Outcome.FAILED, "9\n"),
            (Outcome.PASSED, "16\n"),
        ],
    )
    vu = _keep(unit, res, strict=False, target_names={"sq"})
    assert isinstance(vu, VerifiedUnit)
    assert [(e.source, e.want) for e in vu.examples] == [
        ("int x = 2;\n", ""),
        ("sq(x)\n", "4\n"),
        ("sq(3)\n", "9\n"),
        ("sq(4)\n", "16\n"),
    ]
    assert vu.predicted_right == (True, False, False, True)
    # Only a prediction that was made and was wrong is a finding ('sq(3)' predicted nothing).
    assert [(f.example.source, f.predicted, f.actual) for f in vu.findings] == [
        ("sq(x)\n", "5\n", "4\n")
    ]
    # Strict: only the declaration ran before the first wrong prediction; no call is left.
    strict = _keep(unit, res, strict=True, target_names={"sq"})
    assert isinstance(strict, Rejection)
    assert (strict.fate, strict.call) == (Fate.WRONG, "sq(x)")


def test_keep_stops_at_a_crash_and_drops_unrecordable_output() -> None:
    unit = Unit((E("f(1)", "1"), E("f(0)"), E("f(2)", "2")), Candidate(()))
    res = _result(unit, [(Outcome.PASSED, "1\n"), (Outcome.CRASH, ""), (Outcome.SKIPPED, "")])
    vu = _keep(unit, res, strict=False, target_names={"f"})
    assert isinstance(vu, VerifiedUnit) and [e.source for e in vu.examples] == ["f(1)\n"]
    # A unit whose set-up ran and whose every call crashed gives the crash as its reason.
    crashed = Unit((E("int n = 1;"), E("f(n)")), Candidate(()))
    res = _result(crashed, [(Outcome.PASSED, ""), (Outcome.CRASH, "")])
    why = _keep(crashed, res, strict=False, target_names={"f"})
    assert isinstance(why, Rejection) and (why.fate, why.call) == (Fate.CRASHED, "f(n)")
    # An output a block cannot hold (a NUL byte) is named as printed, the NUL visible.
    nul = Unit((E("get(&c)"),), Candidate(()))
    res = _result(nul, [(Outcome.PASSED, "'\x00'\n")])
    why = _keep(nul, res, strict=False, target_names={"get"})
    assert why == Rejection(Fate.UNRECORDABLE, "get(&c)", "printed \"'\\x00'\"")
    assert recordable(E("p"), "(int *) 0x7ffd3a2c1e40\n") is False
    assert recordable(E("s"), ">>> x\n") is False
    assert recordable(E("s"), "a\n\nb\n") is True
    assert recordable(E("/* c */ f()"), "1\n") is False
    setup = DocTestResult(
        DocTest(unit.examples, "t", "f.c", 1, 1), (), setup_error="does not compile"
    )
    assert _keep(unit, setup, strict=False, target_names={"f"}) == Rejection(
        Fate.NOT_LOADED, "f(1)", "does not compile"
    )


def test_pool_dedupes_and_renames_colliding_declarations() -> None:
    def vu(*exs: Example) -> VerifiedUnit:
        return VerifiedUnit(Unit(exs, Candidate(())), exs, tuple(True for _ in exs))

    units = [
        vu(E("Bin b(3);"), E("b.add(5)", "3\n")),
        vu(E("fac(3)", "6\n")),
        vu(E("fac(3)", "6\n")),  # duplicate
        vu(E("Bin b(1);"), E('printf("%d b\\n", b.add(1));', "1 b\n")),  # 'b' collides
    ]
    pool = build_pool(units)
    assert [e.source for e in pool.examples] == [
        "Bin b(3);\n",
        "b.add(5)\n",
        "fac(3)\n",
        "Bin b_2(1);\n",
        'printf("%d b\\n", b_2.add(1));\n',
    ]
    assert pool.requires == [[], [0], [], [], [3]]
    assert pool.unit_of == [0, 0, 1, 2, 2]
    assert rename("a.b(a, 'a', \"a\")", {"a": "z"}) == "z.b(z, 'a', \"a\")"
