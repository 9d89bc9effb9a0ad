"""The layering rule of docs/architecture.md: runner <- models <- server <- training, no arrow up.

Every import in a package's modules (function-level imports included) is read with ``ast``.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS = ["cdoctest_runner", "models", "server", "training"]


def imports_of(source: str) -> set[str]:
    """The top-level packages ``source`` imports, anywhere in it."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def imported_packages(package: str) -> dict[str, set[str]]:
    """For each module of ``package``, the top-level packages it imports."""
    return {
        str(path.relative_to(ROOT)): imports_of(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / package).rglob("*.py"))
    }


@pytest.mark.parametrize("index", range(len(LAYERS)))
def test_no_layer_imports_a_layer_above_it(index: int) -> None:
    above = set(LAYERS[index + 1 :])
    wrong = {
        module: sorted(names & above)
        for module, names in imported_packages(LAYERS[index]).items()
        if names & above
    }
    assert wrong == {}


def test_the_reader_sees_every_kind_of_import() -> None:
    source = (
        "import os.path\nfrom models.api import Backend\nfrom . import sibling\n"
        "def f():\n    from training import grpo\n    import server.cli as c\n"
    )
    assert imports_of(source) == {"os", "models", "training", "server"}
