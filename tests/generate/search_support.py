"""Helpers shared by the search tests (test_search_methods, test_search_objects,
test_search_templates): a C++ text's function context, the fallback's verified pool, and whether
examples pass on a (planted-bug) text. They need the real libclang and clang-repl.
"""

from __future__ import annotations

from typing import Any


def cpp_context(tmp_path: Any, text: str, name: str, filename: str = "t.cpp") -> tuple[Any, Any]:
    """``text`` written to ``tmp_path / filename`` and loaded: its source and the function
    context of the one function ``name``.
    """
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector

    path = tmp_path / filename
    path.write_text(text)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name=name))
    return source, function_context(source, target)


def fallback_pool(ctx: Any, code: Any, runner: Any, names: Any) -> list[Any]:
    """The fallback's candidates, verified and pooled: everything its block could hold."""
    from server.candidates.by_type import fallback_candidates
    from server.judge.select import build_pool
    from server.judge.units import Candidate, Origin
    from server.judge.verify import verify_candidates

    cands = [
        Candidate(tuple(b), origin=Origin.TYPES_AND_API, index=k)
        for k, b in enumerate(fallback_candidates(ctx.analysis))
    ]
    ver = verify_candidates(cands, code, runner, names)
    return build_pool(list(ver.kept)).examples


def passes(examples: Any, text: str, path: str, runner: Any) -> bool:
    """Whether ``examples`` (with their recorded outputs) pass on the C++ code ``text``."""
    from cdoctest_runner.example import CodeUnderTest, DocTest

    test = DocTest(examples=tuple(examples), name="t", filename=path, lineno=1, end_lineno=1)
    (result,) = runner.run_many([(test, CodeUnderTest(path=path, text=text, language="cpp"))])
    return result.passed
