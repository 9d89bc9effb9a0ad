"""Shared fixtures of the generation tests: one clang-repl runner, one embedded model a session.

Both skip cleanly (with the reason) when clang-repl or the embedded model / llama-cpp-python is
missing; on the project's machines they are present and the tests run.
"""

from __future__ import annotations

import importlib.util

import pytest


@pytest.fixture(scope="session")
def runner():
    """A two-worker DocTestRunner on the newest clang-repl (skips without one)."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        toolchain = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    r = DocTestRunner(toolchain=toolchain, workers=2)
    yield r
    r.close()


@pytest.fixture(scope="session")
def embedded_model() -> str:
    """Path of the embedded SmolLM2 GGUF, loaded once (warm in models' cache) for the session."""
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed")
    from models import load_backend
    from models.api import ModelConfig, ModelError
    from models.paths import embedded_model_path

    try:
        path = embedded_model_path()
        load_backend(ModelConfig(model=path))
    except ModelError as exc:
        pytest.skip(f"the embedded model is not available: {exc}")
    return path
