"""Shared fixtures for tests/models: one embedded-model backend per session, isolated XDG dirs."""

from __future__ import annotations

import importlib.util

import pytest

from models.api import ModelConfig


def _embedded_or_skip() -> str:
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed")
    from models.errors import EmbeddedModelMissing
    from models.paths import embedded_model_path

    try:
        return embedded_model_path()
    except EmbeddedModelMissing as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def embedded_path() -> str:
    """Path of the embedded SmolLM2 GGUF (skips when the wheel or llama-cpp-python is missing)."""
    return _embedded_or_skip()


@pytest.fixture(scope="session")
def backend(embedded_path):
    """The embedded model loaded once for the whole session (8 parallel sequences, 4096 context)."""
    from models.llama_backend import get_backend

    b = get_backend(ModelConfig(model=embedded_path, n_ctx=4096, n_parallel=8))
    yield b
    b.close()


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    """Empty XDG config/data dirs and no CDOCTEST_* variables, so resolution sees a clean user."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for var in ("CDOCTEST_MODEL", "CDOCTEST_ADAPTER", "CDOCTEST_URL"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path
