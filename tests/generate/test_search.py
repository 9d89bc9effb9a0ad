"""Mutation-guided input search (``server.search.killing``) and the surviving-mutant report.

Pure parts with hand-checkable values; then real clang-repl: a comparison-boundary mutant that the
first block misses is killed by a searched input, and the report lists what stays uncovered.
"""

from __future__ import annotations

import pytest

from server.analysis.documentation import DocFacts
from server.analysis.kinds import Param, ParamKind, classify
from server.analysis.mining import text_boundaries
from server.search.killing import candidate_calls
from server.search.shapes import CallShape

ADULT = (
    "// Whether someone of this age may vote.\nint can_vote(int age) {\n    return age >= 18;\n}\n"
)


def test_search_inputs_docstring_examples() -> None:
    """The examples in ``server.search.inputs``' and ``shapes``' docstrings (call shapes,
    boundaries) hold.
    """
    import doctest

    import server.search.inputs
    import server.search.shapes

    for module in (server.search.inputs, server.search.shapes):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0


def test_comparisons_give_their_boundaries() -> None:
    assert text_boundaries("return age >= 18;") == [17, 18, 19]
    assert text_boundaries("if (0 < n && n <= 12) x = n % 7;") == [11, 12, 13, (-1), 0, 1, 6, 7, 8]


def test_candidate_calls_try_boundaries_limits_and_doc_values() -> None:
    shape = CallShape("can_vote", (Param("int", "int", "age"),), "value")
    calls = [a[0] for a in candidate_calls(shape, DocFacts(ints=("65",)), "return age >= 18;")]
    assert calls[:4] == ["65", "17", "18", "19"]
    assert "2147483647" in calls and "(-2147483647 - 1)" in calls
    assert len(calls) == len(set(calls))


def test_parameter_kinds_and_unsupported_types() -> None:
    assert classify("int *", "out") == Param(ParamKind.OUT, "int", "out")
    assert classify("const std::vector<int> &") is None
    assert classify("std::string &") is None  # a non-const reference is not a value we can pass


def _target(tmp_path, text: str, name: str):  # noqa: ANN001, ANN202
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector

    path = tmp_path / "t.c"
    path.write_text(text)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name=name))
    return source, target, function_context(source, target)


@pytest.mark.clang
def test_a_comparison_boundary_mutant_is_killed_by_a_searched_input(tmp_path, runner) -> None:  # noqa: ANN001
    """``>=`` -> ``>`` survives ``can_vote(30)``; the search finds ``can_vote(18)``."""
    from cdoctest_runner.example import Example
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    source, target, ctx = _target(tmp_path, ADULT, "can_vote")
    code = source.code_under_test()
    boundary = [
        m
        for m in make_mutants(ADULT, ctx.declaration, "c", path=source.path)
        if m.description == "`>=` -> `>`"
    ]
    first = mutation_analysis(
        [Example("can_vote(30)", "1")], code, ctx.declaration, runner, boundary
    )
    assert [m.id for m in first.survivors] == [boundary[0].id]
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        code,
        ctx.declaration,
        Runners(runner, runner),
        boundary,
        names={"can_vote"},
    )
    assert found.killed == {boundary[0].id} and found.likely_equivalent == ()
    (unit,) = found.units
    assert [(e.source.strip(), e.want.strip()) for e in unit.examples] == [("can_vote(18)", "1")]


CLAMP = """int clamp100(int x) {
    if (x > 100)
        return 100;
    return x;
}
"""


@pytest.mark.clang
def test_the_report_lists_what_the_block_does_not_cover(tmp_path, runner, capsys) -> None:  # noqa: ANN001
    """``x > 100`` -> ``x >= 100`` is equivalent (both return 100): it survives, is listed with
    its line, marked likely equivalent, and shown by ``cdoctest-gen -v``.
    """
    from server import cli
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    path = tmp_path / "clamp.c"
    path.write_text(CLAMP)
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        (fn,) = gen.generate(str(path), None, TargetSelector(name="clamp100")).functions
    assert fn.status == "verified"
    assert len(fn.surviving_mutants) == fn.mutants_total - fn.mutants_killed >= 1
    (eq,) = [m for m in fn.surviving_mutants if m.description == "`>` -> `>=`"]
    assert eq.line == 2 and eq.operator == "relational" and eq.likely_equivalent
    rc = cli.main([str(path), "--function", "clamp100", "--no-model", "-v"])
    err = capsys.readouterr().err
    assert (
        rc == 0
        and "not covered" in err
        and "line 2: relational `>` -> `>=` (likely equivalent" in err
    )
