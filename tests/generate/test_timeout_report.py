"""A block's kills that only a timeout shows are reported as such by ``cdoctest-gen -v`` and
``--json`` (the mutation-level count is checked with clang-repl in ``test_mutate.py``).
"""

from __future__ import annotations

import io
import json

from cdoctest_runner.example import Declaration
from server.api import FileResult, FunctionResult
from server.cli import _summary, to_json

DECL = Declaration("count", "count", "function", 3, 1, 3, 40)


def _result(by_timeout: int) -> FileResult:
    f = FunctionResult(
        DECL,
        "verified",
        "fallback",
        mutation_score=0.75,
        mutants_killed=6,
        mutants_total=8,
        mutants_killed_by_timeout=by_timeout,
        message="1 example(s) in the block",
    )
    return FileResult("f.c", (f,), "")


def test_verbose_names_the_kills_only_a_timeout_shows() -> None:
    out = io.StringIO()
    _summary(_result(2), "f.c", out, verbose=True)
    assert "killed only by a timeout (CPU time): 2 of 6 killed mutant(s)" in out.getvalue()
    quiet = io.StringIO()
    _summary(_result(0), "f.c", quiet, verbose=True)
    assert "timeout" not in quiet.getvalue()


def test_json_carries_the_count() -> None:
    data = json.loads(json.dumps(to_json(_result(2))))
    assert data["functions"][0]["mutants_killed_by_timeout"] == 2
