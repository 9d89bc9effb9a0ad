"""A real LoRA adapter GGUF (written here with gguf-py) on the embedded model (--adapter)."""

from __future__ import annotations

import pytest

from models.api import ModelConfig, SamplingParams

pytestmark = pytest.mark.model

MESSAGES = [{"role": "user", "content": "Name a C keyword."}]
GREEDY = SamplingParams(temperature=0.0, max_tokens=8, logprobs=True)


def write_lora(path, scale_b: float) -> str:
    """Rank-4 LoRA on every layer's attn_q/attn_v of SmolLM2-135M (n_embd 576, 3 KV heads x 64).

    Layout as llama.cpp's convert_lora_to_gguf writes it: general.type=adapter, adapter.type=lora,
    tensors '<base tensor>.lora_a' with numpy shape (r, n_in) and '.lora_b' with (n_out, r).
    """
    import gguf
    import numpy as np

    rng = np.random.default_rng(0)
    w = gguf.GGUFWriter(str(path), "llama")
    w.add_type("adapter")
    w.add_string("adapter.type", "lora")
    w.add_float32("adapter.lora.alpha", 4.0)
    for layer in range(30):
        for name, n_out in (("attn_q", 576), ("attn_v", 192)):
            a = rng.standard_normal((4, 576)).astype(np.float32) * 0.05
            b = rng.standard_normal((n_out, 4)).astype(np.float32) * scale_b
            w.add_tensor(f"blk.{layer}.{name}.weight.lora_a", a)
            w.add_tensor(f"blk.{layer}.{name}.weight.lora_b", b)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return str(path)


def test_zero_adapter_is_identity_and_nonzero_adapter_changes_logprobs(
    tmp_path, embedded_path, backend
):
    from models.llama_backend import LlamaBackend

    backend.reset()  # no prefix left over from earlier tests: compare with fresh backends
    base = backend.generate(MESSAGES, n=1, params=GREEDY)[0]
    zero = write_lora(tmp_path / "zero.gguf", 0.0)
    with LlamaBackend(ModelConfig(model=embedded_path, adapter=zero, n_parallel=1)) as b0:
        assert b0.info.adapter == zero
        same = b0.generate(MESSAGES, n=1, params=GREEDY)[0]
    assert same.token_ids == base.token_ids
    assert same.logprobs == pytest.approx(base.logprobs, abs=2e-3)
    strong = write_lora(tmp_path / "strong.gguf", 0.5)
    with LlamaBackend(ModelConfig(model=embedded_path, adapter=strong, n_parallel=1)) as b1:
        changed = b1.generate(MESSAGES, n=1, params=GREEDY)[0]
    assert (
        changed.token_ids != base.token_ids
        or max(abs(x - y) for x, y in zip(changed.logprobs, base.logprobs, strict=False)) > 0.05
    )
