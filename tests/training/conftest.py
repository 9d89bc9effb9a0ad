"""Shared fixtures of the training tests: the embedded policy (loaded once) and tiny items.

The items here are the trainer's own small fixtures (self-contained C/C++ functions in the data
set's shape), so these tests do not depend on the 135-item data set in training/data/.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class TinyItem:
    """The fields of ``training.dataset.Item`` the loop and the rewards read."""

    id: str
    category: str
    language: str
    function: str
    source: str
    reference: str
    split: str = "train"


TINY_ITEMS = [
    TinyItem(
        "tiny-add",
        "arithmetic",
        "c",
        "add",
        "int add(int a, int b) { return a + b; }\n",
        ">>> add(2, 3)\n5\n",
    ),
    TinyItem(
        "tiny-fac",
        "recursion",
        "c++",
        "fac",
        "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }\n",
        ">>> fac(5)\n120\n",
    ),
    TinyItem(
        "tiny-max",
        "if_statements",
        "c",
        "max2",
        "int max2(int a, int b) {\n    if (a > b)\n        return a;\n    return b;\n}\n",
        ">>> max2(4, 9)\n9\n>>> max2(7, -1)\n7\n",
    ),
]


def tiny_target(item: TinyItem):
    """A ``PromptTarget`` for a tiny item (the function's text is the whole source)."""
    from models.prompt import PromptTarget

    signature = item.source.split("{", 1)[0].strip()
    return PromptTarget(
        name=item.function,
        qualname=item.function,
        signature=signature,
        source=item.source,
        language=item.language,
    )


@pytest.fixture(scope="session")
def to_target():
    """``tiny_target`` as a fixture (test modules cannot import conftest)."""
    return tiny_target


@pytest.fixture(scope="session")
def tiny_items() -> list[TinyItem]:
    return list(TINY_ITEMS)


@pytest.fixture(scope="session")
def embedded_policy():
    """The embedded SmolLM2-135M in torch, loaded once per session (skips without torch/GGUF)."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from models.api import ModelError
    from training.hf_model import load_policy

    try:
        return load_policy()
    except ModelError as exc:
        pytest.skip(f"embedded model unavailable: {exc}")
