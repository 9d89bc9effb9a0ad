"""The ``>>>`` examples in the pure generation modules' docstrings run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "models.prompt",
    "server.judge.verify",
    "server.judge.pool",
    "server.judge.redundant",
    "server.judge.units",
    "server.render",
    "server.ownership",
    "server.candidates.model",
    "server.analysis.kinds",
    "server.analysis.mining",
    "server.analysis.languages",
    "server.analysis.doc",
    "server.analysis.types",
    "server.candidates.by_type.values",
    "server.candidates.by_type.handles",
    "server.candidates.by_type.operators",
    "server.analysis.documentation",
    "server.search.killing",
    "server.search.inputs",
    "server.search.grammars",
    "server.search.dictionaries",
    "server.search.variants",
    "server.search.stated",
    "server.search.pairs",
    "server.search.feedback",
    "server.search.variants",
    "server.search.shapes",
    "server.analysis.state",
    "server.candidates.by_type.related",
    "server.candidates.by_type.slots",
    "server.candidates.by_type.state",
    "server.generate.trace",
    "server.generate.noblock",
    "server.cli",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
