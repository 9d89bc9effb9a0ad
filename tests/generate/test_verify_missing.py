"""``server.judge.verify``'s missing symbols, the names behind the "pass --lib" advice: what the JIT
could not link, never a name the candidate's examples declare themselves.

Test data: a C file with ``twice`` defined and ``g`` only declared (no library defines it), run
in real clang-repl sessions.
"""

from __future__ import annotations

import pytest

from cdoctest_runner.example import CodeUnderTest, Example
from server.judge.units import Candidate, Origin
from server.judge.verify import verify_candidates

CODE = "int g(int);\nint twice(int x) { return 2 * x; }\n"


@pytest.mark.clang
def test_only_symbols_no_example_declares_are_missing(runner) -> None:
    """``int n();`` (a function, not the variable meant) and ``extern int total;`` declare
    names the session never links: the examples' own, no library to pass; ``g`` is the file's,
    so its link error names it.
    """
    candidates = [
        Candidate((Example("int n();"), Example("twice(n())")), Origin.TYPES_AND_API, 0),
        Candidate((Example("extern int total;"), Example("twice(total)")), Origin.TYPES_AND_API, 1),
        Candidate((Example("twice(g(1))"),), Origin.TYPES_AND_API, 2),
    ]
    code = CodeUnderTest(text=CODE, language="c")
    report = verify_candidates(candidates, code, runner, {"twice"})
    assert report.outcomes.get("compile_error") == 3  # the three calls that could not link
    assert report.missing_symbols == ("g",)
