"""The shipped tuned adapter: applied at the embedded-default step only, on its exact base; "none"
and an explicit ``--model`` pick the base. No model is loaded except in the last test.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from models import resolve_model
from models.api import ModelConfig, SamplingParams
from models.prompt import PromptTarget, build_messages
from models.tuned import TUNED_DIR, fits, shipped_adapter


def _sha256(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture
def fake_tuned(tmp_path, monkeypatch, embedded_path):
    """A manifest in a temporary directory, made the shipped one; returns (dir, manifest dict)."""
    directory = tmp_path / "tuned"
    directory.mkdir()
    (directory / "adapter.gguf").write_bytes(b"GGUF stand-in")
    (directory / "CARD.md").write_text("# card\n")
    manifest = {
        "name": "SmolLM2-135M + test adapter v9",
        "adapter": "adapter.gguf",
        "base_file": Path(embedded_path).name,
        "base_sha256": _sha256(embedded_path),
        "card": "CARD.md",
    }
    (directory / "manifest.json").write_text(json.dumps(manifest))
    monkeypatch.setattr("models.tuned.TUNED_DIR", directory)
    return directory, manifest


def test_the_embedded_default_carries_the_shipped_adapter(xdg, fake_tuned, embedded_path):
    directory, manifest = fake_tuned
    info = resolve_model()
    assert (info.source, info.path) == ("embedded default", embedded_path)
    assert info.adapter == str(directory / "adapter.gguf")
    assert info.name == manifest["name"]
    assert "shipped tuned adapter" in info.reason and str(directory / "CARD.md") in info.reason


def test_none_or_an_explicit_model_picks_the_base(xdg, fake_tuned, embedded_path, monkeypatch):
    for info in (
        resolve_model(ModelConfig(adapter="none")),
        resolve_model(ModelConfig(model=embedded_path)),
    ):
        assert info.path == embedded_path and info.adapter is None
        assert info.name == "SmolLM2-135M-Instruct.Q4_1"
    monkeypatch.setenv("CDOCTEST_ADAPTER", "none")
    assert resolve_model().adapter is None
    monkeypatch.delenv("CDOCTEST_ADAPTER")
    config = xdg / "config" / "cdoctest-gen" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('adapter = "none"\n')
    assert resolve_model().adapter is None


def test_another_build_of_the_base_gets_no_adapter(xdg, fake_tuned):
    directory, manifest = fake_tuned
    manifest["base_sha256"] = "0" * 64
    (directory / "manifest.json").write_text(json.dumps(manifest))
    info = resolve_model()
    assert info.adapter is None and info.name == "SmolLM2-135M-Instruct.Q4_1"
    assert "trained on another build" in info.reason


def test_a_broken_or_missing_manifest_ships_nothing(tmp_path):
    assert shipped_adapter(tmp_path) is None
    (tmp_path / "manifest.json").write_text("{not json")
    assert shipped_adapter(tmp_path) is None
    (tmp_path / "manifest.json").write_text(json.dumps({"name": "x", "adapter": "gone.gguf"}))
    assert shipped_adapter(tmp_path) is None


@pytest.mark.skipif(shipped_adapter(TUNED_DIR) is None, reason="no tuned adapter is shipped")
def test_the_shipped_adapter_fits_the_embedded_model_and_loads(xdg, embedded_path, tmp_path):
    """The real one: its manifest, card and GGUF; llama.cpp loads it and answers."""
    from models import load_backend

    shipped = shipped_adapter(TUNED_DIR)
    assert fits(shipped, embedded_path)
    card = Path(shipped.card).read_text()
    for needed in ("Held-out split", "Generator bench", "synth-train", "Licence"):
        assert needed in card
    # The shipped adapter loads over the base in llama.cpp (through a copy: the package stays
    # read-only) and the default resolution names it.
    copy = tmp_path / Path(shipped.adapter).name
    shutil.copy(shipped.adapter, copy)
    backend = load_backend(ModelConfig(model=embedded_path, adapter=str(copy), n_ctx=1024))
    try:
        assert backend.info.adapter is not None
        target = PromptTarget("sq", "sq", "int sq(int x)", "int sq(int x) { return x * x; }", "c")
        (done,) = backend.generate(
            build_messages(target),
            params=SamplingParams(temperature=0.0, max_tokens=24, seed=0),
        )
        assert ">>> " in done.text, done.text  # the tuned format, from the first tokens
    finally:
        backend.close()
    assert resolve_model().name == shipped.name
