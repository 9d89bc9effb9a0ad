"""GPU memory of one LoRA GRPO update step, computed from a model's config (an estimate).

``grpo_step_memory(ModelShape.from_config(cfg), StepSetup(...))`` adds up what our loop
(``training.grpo``, ``training.logprobs``) keeps on the device at the peak of an update step,
with LoRA on all linear layers, gradient checkpointing and chunked log-probs (docs/training.md,
"The 3B path"). Items, in bytes:

- ``base_weights``: every parameter in ``param_bytes`` (bf16: 2), tied embeddings counted once;
- ``lora``: the adapters (peft keeps them in float32 by default): weights, gradients, AdamW m and v;
- ``reference``: β > 0 with LoRA shares the frozen base (``training.reference.AdapterPolicy``): the
  base with the adapters disabled costs nothing, a refreshed reference (ref ← θ) one snapshot of
  the adapter tensors, which is what is counted; ``StepSetup(deep_copy_reference=True)`` gives the
  former deep copy of the wrapped model, base included; ``old`` likewise for
  ``schedule: algorithm2``;
- ``checkpoints``: with gradient checkpointing, each decoder layer's input (``B × T × hidden``);
- ``layer_working_set``: one layer recomputed in the backward pass: its saved activations
  (≈ ``B·T·(13·hidden + 3·kv_dim + 4·intermediate)`` values: norms, q/k/v and their rotated
  copies,
  k/v repeated to all heads, attention output, o_proj, the four MLP tensors, residuals; SDPA with a
  memory-efficient kernel, no ``T × T`` scores) and as much again for their gradients;
  without checkpointing every layer keeps its activations (``layers ×`` the saved part);
- ``logits_chunk``: ``logprob_chunk × vocab`` float32 logits, their softmax and gradient (3 copies)
  plus
  the bf16 projection;
- ``overhead``: CUDA context and cuBLAS workspace (``context_bytes``) and allocator fragmentation
  (``fragmentation`` × the dynamic items).

The rollout phase (sampling) is lower: weights plus a KV cache of
``B × T × layers × 2 × kv_dim``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

GB = 1e9


@dataclass(frozen=True)
class ModelShape:
    """The sizes of a Llama/Qwen2/Qwen3-style decoder that decide its memory."""

    hidden: int
    layers: int
    heads: int
    kv_heads: int
    intermediate: int
    vocab: int
    head_dim: int | None = None  # None: hidden // heads
    tied: bool = True
    qkv_bias: bool = False  # qwen2: biases on q, k and v
    qk_norm: bool = False  # qwen3: RMSNorm on q and k per head

    @property
    def dim(self) -> int:
        """Head dimension."""
        return self.head_dim or self.hidden // self.heads

    def linear_shapes(self) -> dict[str, tuple[int, int]]:
        """Map the seven linear layers of a block (LoRA's 'all-linear') to ``(in, out)``."""
        q, kv, h, i = (
            self.heads * self.dim,
            self.kv_heads * self.dim,
            self.hidden,
            self.intermediate,
        )
        return {
            "q_proj": (h, q),
            "k_proj": (h, kv),
            "v_proj": (h, kv),
            "o_proj": (q, h),
            "gate_proj": (h, i),
            "up_proj": (h, i),
            "down_proj": (i, h),
        }

    def parameters(self) -> int:
        """Count parameters as ``sum(p.numel() for p in model.parameters())`` (tied: once)."""
        per_layer = sum(a * b for a, b in self.linear_shapes().values()) + 2 * self.hidden
        if self.qkv_bias:
            per_layer += (self.heads + 2 * self.kv_heads) * self.dim
        if self.qk_norm:
            per_layer += 2 * self.dim
        embeddings = self.vocab * self.hidden * (1 if self.tied else 2)
        return self.layers * per_layer + embeddings + self.hidden

    def lora_parameters(self, r: int) -> int:
        """Adapter parameters of rank ``r`` on all linear layers of every block."""
        return self.layers * r * sum(a + b for a, b in self.linear_shapes().values())

    @classmethod
    def from_config(cls, config: Any) -> ModelShape:
        """Read a transformers config (or ``config.json`` mapping) of a llama/qwen2/qwen3 model."""

        def get(key: str, default: Any = None) -> Any:
            if isinstance(config, dict):
                return config.get(key, default)
            return getattr(config, key, default)

        model_type = get("model_type")
        if model_type not in ("llama", "mistral", "qwen2", "qwen3"):
            raise ValueError(
                f"model_type {model_type!r}: the estimate knows llama, mistral, qwen2 and qwen3"
            )
        heads = int(get("num_attention_heads"))
        return cls(
            hidden=int(get("hidden_size")),
            layers=int(get("num_hidden_layers")),
            heads=heads,
            kv_heads=int(get("num_key_value_heads") or heads),
            intermediate=int(get("intermediate_size")),
            vocab=int(get("vocab_size")),
            head_dim=get("head_dim"),
            tied=bool(get("tie_word_embeddings", False)),
            qkv_bias=model_type == "qwen2" or bool(get("attention_bias", False)),
            qk_norm=model_type == "qwen3",
        )


#: Qwen2.5-Coder-3B-Instruct's config.json (the production target).
QWEN25_CODER_3B = ModelShape(
    hidden=2048,
    layers=36,
    heads=16,
    kv_heads=2,
    intermediate=11008,
    vocab=151936,
    tied=True,
    qkv_bias=True,
)


@dataclass(frozen=True)
class StepSetup:
    """What one update step holds: micro-batch, sequence lengths and the loop's options."""

    micro_batch: int = 8  # completions per forward/backward (GRPOConfig.micro_batch_size)
    prompt_tokens: int = 600
    completion_tokens: int = 256
    lora_r: int = 16
    param_bytes: int = 2  # bf16 ('auto' on CUDA)
    adapter_bytes: int = 4  # peft keeps adapters in float32
    beta_positive: bool = True  # β > 0: a frozen reference
    deep_copy_reference: bool = False  # ref/old as deep copies (before training.reference)
    algorithm2: bool = False  # a frozen π_old copy too
    gradient_checkpointing: bool = True
    logprob_chunk: int = 256
    context_bytes: float = 0.8 * GB  # CUDA context + cuBLAS workspace
    fragmentation: float = 0.10


def grpo_step_memory(shape: ModelShape, setup: StepSetup | None = None) -> dict[str, float]:
    """Estimate bytes per item (see the module docstring) and their ``total`` for one step."""
    setup = setup or StepSetup()
    tokens = setup.micro_batch * (setup.prompt_tokens + setup.completion_tokens)
    act = setup.param_bytes
    base = shape.parameters() * setup.param_bytes
    lora = shape.lora_parameters(setup.lora_r) * setup.adapter_bytes * 4  # weights, grads, m, v
    snapshot = shape.lora_parameters(setup.lora_r) * setup.adapter_bytes
    copy = base + snapshot if setup.deep_copy_reference else snapshot
    kv_dim = shape.kv_heads * shape.dim
    layer_saved = tokens * (13 * shape.hidden + 3 * kv_dim + 4 * shape.intermediate) * act
    items = {
        "base_weights": float(base),
        "lora": float(lora),
        "reference": float(copy if setup.beta_positive else 0),
        "old": float(copy if setup.algorithm2 else 0),
        "checkpoints": float(
            shape.layers * tokens * shape.hidden * act if setup.gradient_checkpointing else 0
        ),
        "layer_working_set": float(
            2 * layer_saved
            if setup.gradient_checkpointing
            else shape.layers * layer_saved + layer_saved
        ),
        "logits_chunk": float(setup.logprob_chunk * shape.vocab * (3 * 4 + act)),
    }
    dynamic = items["checkpoints"] + items["layer_working_set"] + items["logits_chunk"]
    items["overhead"] = setup.context_bytes + setup.fragmentation * dynamic
    items["total"] = sum(items.values())
    return items


def rollout_kv_bytes(shape: ModelShape, setup: StepSetup | None = None) -> float:
    """KV cache of sampling ``micro_batch`` completions in torch (``param_bytes`` per value)."""
    setup = setup or StepSetup()
    tokens = setup.micro_batch * (setup.prompt_tokens + setup.completion_tokens)
    return float(tokens * shape.layers * 2 * shape.kv_heads * shape.dim * setup.param_bytes)


#: The columns of the table in docs/training.md ("The 3B path").
DOC_SETUPS = {
    "β > 0, micro-batch 8": StepSetup(),
    "β > 0, deep-copied reference": StepSetup(deep_copy_reference=True),
    "β > 0, micro-batch 4": StepSetup(micro_batch=4),
    "β = 0, micro-batch 8": StepSetup(beta_positive=False),
    "β = 0, no checkpointing": StepSetup(beta_positive=False, gradient_checkpointing=False),
}


def table(shape: ModelShape = QWEN25_CODER_3B, setups: dict[str, StepSetup] | None = None) -> str:
    """Format :func:`grpo_step_memory` in GB as a Markdown table, one column per setup."""
    setups = setups or DOC_SETUPS
    results = {name: grpo_step_memory(shape, s) for name, s in setups.items()}
    rows = ["| item | " + " | ".join(setups) + " |", "|---|" + "---|" * len(setups)]
    for item in next(iter(results.values())):
        cells = " | ".join(f"{r[item] / GB:.2f}" for r in results.values())
        rows.append(f"| {'**total**' if item == 'total' else item} | {cells} |")
    return "\n".join(rows)


def describe(shape: ModelShape, setup: StepSetup) -> dict[str, Any]:
    """Return the inputs of an estimate, for printing beside it."""
    return {
        "shape": asdict(shape),
        "setup": asdict(setup),
        "parameters": shape.parameters(),
        "lora_parameters": shape.lora_parameters(setup.lora_r),
    }


if __name__ == "__main__":  # python -m training.memory
    print(table())
