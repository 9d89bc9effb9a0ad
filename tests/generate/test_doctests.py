"""The ``>>>`` examples in the pure generation modules' docstrings run and pass."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "models.prompt",
    "server.verify",
    "server.select",
    "server.render",
    "server.sample",
    "server.analysis.kinds",
    "server.analysis.mining",
    "server.analysis.doc",
    "server.analysis.types",
    "server.fallback.values",
    "server.fallback.handles",
    "server.fallback.operators",
    "server.docmine",
    "server.search",
    "server.trace",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
