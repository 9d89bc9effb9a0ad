"""Candidates from the documentation: the calls the doc comment states (``Origin.DOCUMENTATION``,
no model), shaped by the input search's ``CallShape`` (``server.search.stated.doc_calls``).
"""

from __future__ import annotations

from server.analysis.context import FunctionContext
from server.analysis.documentation import DocFacts
from server.judge.units import Candidate, Origin
from server.search.shapes import CallShape
from server.search.stated import doc_calls


def doc_candidates(ctx: FunctionContext, facts: DocFacts) -> list[Candidate]:
    """The documentation's calls as candidates (``Origin.DOCUMENTATION``: no model)."""
    shape = CallShape.of(ctx)
    if shape is None:
        return []
    return [
        Candidate(
            tuple(shape.render(args, f"_d{k}")),
            origin=Origin.DOCUMENTATION,
            index=k,
            stated=True,
        )
        for k, args in enumerate(doc_calls(shape, facts, ctx.source))
    ]
