"""The 3B LoRA GRPO memory estimate (training.memory): counts against real models and the docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from training.memory import (
    GB,
    QWEN25_CODER_3B,
    ModelShape,
    StepSetup,
    grpo_step_memory,
    rollout_kv_bytes,
    table,
)

# Qwen2.5-Coder-3B-Instruct's config.json (the fields the estimate reads).
QWEN25_CODER_3B_CONFIG = {
    "model_type": "qwen2",
    "hidden_size": 2048,
    "num_hidden_layers": 36,
    "num_attention_heads": 16,
    "num_key_value_heads": 2,
    "intermediate_size": 11008,
    "vocab_size": 151936,
    "tie_word_embeddings": True,
}


def _tiny(model_type: str, **extra):
    pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    cls = {
        "qwen2": transformers.Qwen2Config,
        "qwen3": transformers.Qwen3Config,
        "llama": transformers.LlamaConfig,
    }[model_type]
    config = cls(
        vocab_size=96,
        hidden_size=32,
        intermediate_size=48,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        **extra,
    )
    return config, transformers.AutoModelForCausalLM.from_config(config)


@pytest.mark.parametrize(
    ("model_type", "extra"),
    [
        ("qwen2", {"tie_word_embeddings": True}),
        ("qwen3", {"tie_word_embeddings": False, "head_dim": 24}),
        ("llama", {"tie_word_embeddings": False}),
    ],
)
def test_parameter_counts_match_models_built_from_the_config(model_type, extra):
    """The counts equal those of the transformers model and of peft's all-linear LoRA."""
    peft = pytest.importorskip("peft")
    config, model = _tiny(model_type, **extra)
    shape = ModelShape.from_config(config)
    assert shape.parameters() == sum(p.numel() for p in model.parameters())
    lora = peft.get_peft_model(
        model, peft.LoraConfig(r=4, target_modules="all-linear", task_type="CAUSAL_LM")
    )
    trainable = sum(p.numel() for p in lora.parameters() if p.requires_grad)
    assert shape.lora_parameters(4) == trainable


def test_qwen25_coder_3b_shape():
    """3.09 B parameters (2.77 B without embeddings), as the model card states."""
    assert ModelShape.from_config(QWEN25_CODER_3B_CONFIG) == QWEN25_CODER_3B
    assert QWEN25_CODER_3B.parameters() == 3_085_938_688
    assert QWEN25_CODER_3B.parameters() - 151936 * 2048 == pytest.approx(2.77e9, rel=2e-3)
    assert QWEN25_CODER_3B.lora_parameters(16) == 29_933_568
    assert rollout_kv_bytes(QWEN25_CODER_3B) == pytest.approx(0.25 * GB, rel=0.02)


def test_step_memory_items_and_options():
    full = grpo_step_memory(QWEN25_CODER_3B)
    assert full["total"] == pytest.approx(sum(v for k, v in full.items() if k != "total"))
    no_ref = grpo_step_memory(QWEN25_CODER_3B, StepSetup(beta_positive=False))
    assert full["total"] - no_ref["total"] == pytest.approx(full["reference"])
    # The reference shares the frozen base: one adapter snapshot (the deep copy held base +
    # adapters).
    assert full["reference"] == pytest.approx(QWEN25_CODER_3B.lora_parameters(16) * 4)
    deep = grpo_step_memory(QWEN25_CODER_3B, StepSetup(deep_copy_reference=True))
    assert deep["reference"] - full["reference"] == pytest.approx(full["base_weights"])
    half = grpo_step_memory(QWEN25_CODER_3B, StepSetup(micro_batch=4))
    assert half["checkpoints"] == pytest.approx(full["checkpoints"] / 2)
    no_ckpt = grpo_step_memory(QWEN25_CODER_3B, StepSetup(gradient_checkpointing=False))
    assert no_ckpt["checkpoints"] == 0 and no_ckpt["total"] > 2 * full["total"]
    # The compass goal (<= 16 GB) is met with beta > 0 at micro-batch 8; the deep copy did not.
    assert no_ref["total"] < full["total"] < 16 * GB < deep["total"]
    assert half["total"] < full["total"]


def test_docs_table_is_the_computed_one():
    docs = Path(__file__).resolve().parents[2] / "docs" / "training.md"
    assert table() in docs.read_text()


def test_unknown_architecture_is_refused():
    with pytest.raises(ValueError, match="'gpt2'"):
        ModelShape.from_config({"model_type": "gpt2"})
