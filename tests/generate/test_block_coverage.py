"""``cdoctest-gen --coverage``: each function's coverage by its own block (block_coverage.py).

Hand-computed: ``sgn(3)`` and ``sgn(-5)`` run every line of ``sgn`` but ``return 0;`` (4 of 5)
and three of its four branch outcomes (``x < 0`` is never false). ``add``'s block covers its one
line whatever values the generator picks, and ``add`` has no branch.
"""

from __future__ import annotations

import json
import os

import pytest

from cdoctest_runner.coverage import measure as coverage
from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.parser import parse_examples
from server import cli
from server.analysis.locate import load_source
from server.api import FileResult, FunctionResult, TextEdit
from server.block_coverage import block_coverage

OPS = """\
int add(int a, int b) { return a + b; }

int sgn(int x) {
  if (x > 0) return 1;
  if (x < 0) return -1;
  return 0;
}
"""
SGN_BLOCK = "/**\n>>> sgn(3)\n1\n>>> sgn(-5)\n-1\n*/\n"


def _tools_or_skip() -> coverage.CoverageTools:
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        return coverage.find_tools(find_clang_repl().path)
    except (ToolchainNotFound, coverage.CoverageError) as exc:
        pytest.skip(f"no coverage tools: {exc}")


@pytest.mark.clang
def test_each_function_is_measured_with_its_own_block(tmp_path):
    tools = _tools_or_skip()
    path = str(tmp_path / "ops.c")
    (tmp_path / "ops.c").write_text(OPS)
    source = load_source(path, OPS)
    located = {f.declaration.name: f.declaration for f in source.functions}
    # A block above sgn (inserted before line 3, 0-based 2); add gets none.
    edit = TextEdit(2, 0, 2, 0, SGN_BLOCK)
    new_text = OPS.replace("int sgn", SGN_BLOCK + "int sgn")
    examples = tuple(parse_examples(SGN_BLOCK.replace("/**\n", "").replace("*/\n", "")))
    result = FileResult(
        path,
        (
            FunctionResult(located["add"], "no_test"),
            FunctionResult(located["sgn"], "verified", examples=examples, edit=edit),
        ),
        new_text,
        edits=(edit,),
    )
    add, sgn = block_coverage(source, result, tools)
    assert add is None
    assert sgn is not None and sgn.name == "sgn"
    assert (sgn.lines_hit, sgn.lines_total, sgn.branches_hit, sgn.branches_total) == (4, 5, 3, 4)


@pytest.mark.clang
def test_cli_reports_the_block_coverage_beside_the_mutation_score(tmp_path, capsys):
    _tools_or_skip()
    path = tmp_path / "ops.c"
    path.write_text(OPS)
    argv = [str(path), "--function", "add", "--no-model", "--quick", "--coverage", "--json"]
    assert cli.main(argv) == 0
    captured = capsys.readouterr()
    (entry,) = json.loads(captured.out)["functions"]
    cov = entry["block_coverage"]
    assert (cov["lines_hit"], cov["lines_total"], cov["branches_total"]) == (1, 1, 0)
    assert cov["file"] == os.path.abspath(path)
    assert "add: its block covers lines 1/1, branches 0/0, mutation score" in captured.err
