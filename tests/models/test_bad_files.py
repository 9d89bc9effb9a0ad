"""Loading errors: each bad model file gives its typed error naming the path and the reason."""

from __future__ import annotations

import pytest

from models.api import ModelConfig, ModelError
from models.errors import (
    ModelLoadError,
    ModelNotFound,
    ModelOutOfMemory,
    ModelTruncated,
    NotAGGUF,
    UnsupportedArchitecture,
)
from models.gguf_file import inspect_gguf
from models.llama_backend import LlamaBackend

pytestmark = pytest.mark.model


def _write_gguf(path, arch: str, kind: str | None = None) -> str:
    import gguf
    import numpy as np

    w = gguf.GGUFWriter(str(path), arch)
    if kind:
        w.add_type(kind)
    w.add_block_count(1)
    w.add_context_length(128)
    w.add_tensor("token_embd.weight", np.zeros((4, 8), dtype=np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return str(path)


def load(path: str, **kw):
    return LlamaBackend(ModelConfig(model=path, **kw))


def test_missing_file(tmp_path, embedded_path):
    path = str(tmp_path / "nope.gguf")
    with pytest.raises(ModelNotFound) as info:
        load(path)
    assert str(info.value) == f"{path}: no such file"
    assert isinstance(info.value, ModelError) and info.value.path == path


def test_not_a_gguf(tmp_path, embedded_path):
    path = tmp_path / "model.gguf"
    path.write_text("<html>404 Not Found</html>\n")  # what a failed download often leaves behind
    with pytest.raises(
        NotAGGUF, match=r"model.gguf: not a GGUF file \(starts with b'<htm', not the GGUF magic"
    ):
        load(str(path))
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(NotAGGUF, match="empty file"):
        load(str(empty))


def test_truncated_download(tmp_path, embedded_path):
    cut = tmp_path / "cut.gguf"
    with open(embedded_path, "rb") as src:
        cut.write_bytes(src.read(50_000_000))  # half of the 98 MB model
    with pytest.raises(ModelTruncated) as info:
        load(str(cut))
    assert str(info.value) == (
        f"{cut}: truncated: tensor data needs 98362432 bytes "
        "but the file has 50000000 (partial download?)"
    )
    mid_header = tmp_path / "mid.gguf"
    with open(embedded_path, "rb") as src:
        mid_header.write_bytes(src.read(1_000_000))  # cut inside the vocabulary
    with pytest.raises(
        ModelTruncated, match=r"mid.gguf: truncated GGUF header \(1000000 bytes on disk"
    ):
        load(str(mid_header))
    header_only = tmp_path / "head.gguf"
    with open(embedded_path, "rb") as src:
        header_only.write_bytes(src.read(20))
    with pytest.raises(ModelTruncated, match=r"truncated GGUF header \(20 bytes\)"):
        load(str(header_only))


def test_truncated_tensor_data_is_measured(tmp_path):
    path = _write_gguf(tmp_path / "small.gguf", "llama")
    data = open(path, "rb").read()
    open(path, "wb").write(data[:-16])  # the only tensor (4x8 f32 = 128 bytes) loses 16 bytes
    with pytest.raises(
        ModelTruncated,
        match=f"tensor data needs {len(data)} bytes but the file has {len(data) - 16}",
    ):
        inspect_gguf(path)


def test_unknown_architecture(tmp_path, embedded_path):
    path = _write_gguf(tmp_path / "weird.gguf", "frobnicator")
    assert (
        inspect_gguf(path).architecture == "frobnicator"
    )  # a valid GGUF as far as the format goes
    with pytest.raises(
        UnsupportedArchitecture,
        match="architecture 'frobnicator' is not supported by this llama.cpp build",
    ):
        load(path)


def test_out_of_memory_context(embedded_path):
    with pytest.raises(
        ModelOutOfMemory, match=r"a context of 1073741824 tokens needs ~\d+\.\d GiB of KV cache"
    ):
        load(embedded_path, n_ctx=1 << 30)


def test_adapter_errors(tmp_path, embedded_path):
    adapter = _write_gguf(tmp_path / "lora.gguf", "llama", kind="adapter")
    with pytest.raises(ModelLoadError, match="this is a LoRA adapter GGUF, not a model"):
        load(adapter)
    other = _write_gguf(tmp_path / "qwen-lora.gguf", "qwen2", kind="adapter")
    with pytest.raises(
        ModelLoadError, match="adapter is for architecture 'qwen2' but the model is 'llama'"
    ):
        LlamaBackend(ModelConfig(model=embedded_path, adapter=other))
    with pytest.raises(
        ModelLoadError, match=r"not a LoRA adapter GGUF \(general.type is 'model'\)"
    ):
        LlamaBackend(ModelConfig(model=embedded_path, adapter=embedded_path))
