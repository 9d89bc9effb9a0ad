"""``GRPOConfig``: every knob of the GRPO trainer, documented, validated, loadable from YAML.

The defaults run out of the box on CPU with the embedded SmolLM2-135M model (float32, full
fine-tuning, small groups and short completions). Each field's ``description`` is its
documentation (``docs/training.md`` lists them all); impossible combinations are rejected at load
time with a ``ValueError`` (pydantic ``ValidationError``) that says what to change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator


class RewardWeights(BaseModel):
    """Weights of the reward parts; the scalar reward is their weighted sum (training.rewards)."""

    model_config = ConfigDict(extra="forbid")

    format: float = Field(
        0.2,
        description="weight of the format part (a parsable block that calls the target), 0 or 1",
    )
    compiles: float = Field(
        0.3, description="weight of the fraction of examples that compile and run"
    )
    correctness: float = Field(
        1.0,
        description="weight of the fraction of output-checking examples whose predicted output is "
        "the actual one",
    )
    strength: float = Field(
        0.5,
        description="weight of the mutation score (killed/total mutants) of a fully passing block",
    )
    reasoning: float = Field(
        0.1,
        description="weight of the reasoning-sufficiency rule on the optional 'Reasoning:' line",
    )


class LoRAOptions(BaseModel):
    """Low-rank adapters through peft; the base weights stay frozen."""

    model_config = ConfigDict(extra="forbid")

    r: int = Field(16, gt=0, description="adapter rank")
    alpha: int = Field(32, gt=0, description="LoRA scaling numerator (scale = alpha / r)")
    dropout: float = Field(
        0.0,
        ge=0.0,
        lt=1.0,
        description="dropout on the adapter input (keep 0: GRPO compares log-probs across passes)",
    )
    target_modules: list[str] | str = Field(
        "all-linear", description="module names to adapt, or 'all-linear'"
    )

    def wrap(self, model: Any, seed: int) -> Any:
        """``model`` with fresh adapters of these options (peft ``get_peft_model``).

        peft draws ``lora_A`` from torch's global generator; it is seeded here with the run's
        ``seed`` (and restored after), so the same configuration starts from the same adapters.
        """
        import torch
        from peft import LoraConfig, get_peft_model

        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            return get_peft_model(
                model,
                LoraConfig(
                    r=self.r,
                    lora_alpha=self.alpha,
                    lora_dropout=self.dropout,
                    target_modules=self.target_modules,
                    task_type="CAUSAL_LM",
                ),
            )


class GRPOConfig(BaseModel):
    """Configuration of one GRPO run (``cdoctest-train grpo --config FILE``)."""

    model_config = ConfigDict(extra="forbid")

    # --- model and hardware
    model: str | None = Field(
        None,
        description="policy to train: a .gguf file, a Hugging Face directory, or null for the "
        "embedded SmolLM2-135M GGUF",
    )
    device: str = Field("cpu", description="torch device, e.g. 'cpu', 'cuda', 'cuda:1'")
    dtype: Literal["auto", "float32", "bfloat16"] = Field(
        "auto", description="parameter dtype: 'auto' = bfloat16 on CUDA, float32 on CPU"
    )
    seed: int = Field(
        0, description="seed of sampling, data order, value presentation and fresh LoRA adapters"
    )
    gradient_checkpointing: bool = Field(
        False,
        description="recompute activations in the backward pass (saves memory, costs ~30% time)",
    )
    lora: LoRAOptions | None = Field(
        None, description="train LoRA adapters instead of all weights (null = full fine-tuning)"
    )
    init_adapter: str | None = Field(
        None,
        description="a peft adapter directory (e.g. an SFT stage's adapter/) to continue training "
        "on `model` instead of fresh adapters; needs lora",
    )

    # --- data and prompts
    split: Literal["train", "val", "synth-train", "synth-heldout"] = Field(
        "train", description="data set split to train on (training/data)"
    )
    categories: list[str] | None = Field(
        None, description="restrict training to these categories (null = all)"
    )
    present_values: bool = Field(
        True,
        description="present items with modified values (training.dataset.present) when sampling",
    )
    few_shot: bool = Field(
        True,
        description="include the generator's few-shot turns in the prompt "
        "(models.prompt.build_messages)",
    )

    # --- sampling
    prompts_per_step: int = Field(
        2,
        gt=0,
        description="prompts per rollout batch (a batch holds prompts_per_step × group_size "
        "completions)",
    )
    group_size: int = Field(
        4,
        ge=2,
        description="G: completions sampled per prompt (the group the advantage is relative to)",
    )
    max_completion_tokens: int = Field(96, gt=0, description="maximum new tokens per completion")
    temperature: float = Field(
        1.0,
        gt=0.0,
        description="sampling temperature; log-probs are computed at the same temperature",
    )
    top_k: int = Field(
        0, ge=0, description="top-k sampling filter (0 = off; keep off for on-policy GRPO)"
    )
    top_p: float = Field(
        1.0,
        gt=0.0,
        le=1.0,
        description="nucleus sampling filter (1 = off; keep off for on-policy GRPO)",
    )
    mask_truncated: bool = Field(
        False,
        description="drop completions that hit max_completion_tokens from the loss (DAPO overlong "
        "filtering)",
    )
    skip_no_signal: bool = Field(
        True,
        description="with beta 0, make no update for a batch whose groups all have equal rewards "
        "(its gradient is "
        "exactly zero; skipping also saves the backward pass and AdamW's momentum-only step)",
    )

    # --- schedule
    schedule: Literal["algorithm1", "algorithm2"] = Field(
        "algorithm1",
        description="'algorithm1' (DeepSeekMath): ref <- θ at each outer iteration, old <- θ "
        "before each batch, "
        "inner_updates updates per batch; 'algorithm2' (source design): old <- θ every "
        "update_interval steps, "
        "ref <- θ only when the iteration's mean reward exceeds reward_threshold, each batch used "
        "once",
    )
    steps: int = Field(20, gt=0, description="number of rollout batches (steps) to run")
    steps_per_iteration: int = Field(
        10,
        gt=0,
        description="steps per outer iteration (reference refresh period, reward averaging window)",
    )
    inner_updates: int = Field(
        1,
        gt=0,
        description="K: optimizer updates per rollout batch (algorithm1 only; μ in the papers)",
    )
    update_interval: int = Field(
        4, gt=0, description="algorithm2: steps between old <- θ refreshes"
    )
    reward_threshold: float = Field(
        0.5,
        description="algorithm2: the reference is refreshed when an iteration's mean reward "
        "exceeds this",
    )

    # --- objective
    policy_term: Literal["clip", "upper_bound"] = Field(
        "clip",
        description="'clip': -min(r·A, clip(r,1-ε_low,1+ε_high)·A); 'upper_bound': -A·min(r, "
        "1+ε_high)",
    )
    epsilon: float = Field(
        0.2,
        gt=0.0,
        lt=1.0,
        description="ε_low, the lower clip range (and the upper one when epsilon_high is null)",
    )
    epsilon_high: float | None = Field(
        None, gt=0.0, description="ε_high (null = epsilon: symmetric; DAPO uses 0.28)"
    )
    beta: float = Field(
        0.04, ge=0.0, description="KL coefficient β (0 = no reference model is kept)"
    )
    kl_estimator: Literal["k3", "exact"] = Field(
        "k3",
        description="'k3': ρ - log ρ - 1 with ρ = π_ref/π per sampled token; 'exact': Σ_v π "
        "log(π/π_ref) per position",
    )
    normalization: Literal["sequence", "token", "constant"] = Field(
        "sequence",
        description="'sequence': per-sequence token mean then mean (DeepSeekMath); 'token': over "
        "all tokens of the batch (DAPO); 'constant': Σ/(B·max_completion_tokens) (Dr. GRPO)",
    )
    scale_advantages: bool = Field(
        True, description="divide by the group's std (false = Dr. GRPO's r - mean)"
    )
    advantage_eps: float = Field(1e-4, gt=0.0, description="eps in (r - mean) / (std + eps)")
    advantage_clamp: float | None = Field(
        5.0, gt=0.0, description="clamp advantages to ±this (null = no clamp)"
    )

    # --- optimisation
    learning_rate: float = Field(1e-6, gt=0.0, description="AdamW learning rate")
    lr_schedule: Literal["constant", "cosine", "linear"] = Field(
        "constant",
        description="learning-rate schedule after warm-up, over steps × inner_updates updates",
    )
    warmup_steps: int = Field(0, ge=0, description="linear warm-up updates")
    weight_decay: float = Field(0.0, ge=0.0, description="AdamW weight decay")
    adam_betas: tuple[float, float] = Field((0.9, 0.99), description="AdamW betas")
    max_grad_norm: float = Field(1.0, gt=0.0, description="gradient clipping norm")
    micro_batch_size: int = Field(
        4,
        gt=0,
        description="completions per forward/backward pass (gradients are accumulated over the "
        "batch)",
    )
    logprob_chunk: int = Field(
        256,
        gt=0,
        description="positions projected through the LM head at once (bounds full-vocabulary "
        "logits memory)",
    )

    # --- reward
    rewards: RewardWeights = Field(
        default_factory=RewardWeights, description="weights of the reward parts"
    )
    mutants: int = Field(
        8, ge=0, description="mutants per function for the strength reward (0 = no strength part)"
    )
    reasoning_min_words: int = Field(
        4, ge=1, description="reasoning rule: fewest words of a sufficient 'Reasoning:' line"
    )
    reasoning_max_words: int = Field(
        60, ge=1, description="reasoning rule: most words of a sufficient 'Reasoning:' line"
    )
    runner_workers: int = Field(
        2, gt=0, description="concurrent clang-repl sessions when scoring a batch"
    )
    runner_timeout_s: float = Field(
        10.0, gt=0.0, description="wall-clock limit of one candidate's clang-repl session"
    )

    # --- output
    output_dir: str = Field(
        "runs/grpo", description="run directory (metrics.jsonl, traces.jsonl, checkpoints/)"
    )
    checkpoint_every: int = Field(
        25, ge=0, description="save a checkpoint every N steps (0 = only at the end)"
    )
    keep_checkpoints: int = Field(2, ge=1, description="how many recent checkpoints to keep")
    traces: bool = Field(
        True,
        description="write every sampled completion with token ids and log-probs to traces.jsonl",
    )
    tensorboard: bool = Field(
        True,
        description="also log to TensorBoard under output_dir/tb when tensorboard is installed",
    )
    rollout_engine: Literal["torch", "llama"] = Field(
        "torch",
        description="sampler of the rollouts: 'torch' (model.generate) or 'llama' (llama.cpp on "
        "the "
        "policy exported to GGUF every rollout_sync_interval steps; training.llama_rollout)",
    )
    rollout_sync_interval: int = Field(
        1, ge=1, description="llama rollouts: re-export the policy to llama.cpp every N steps"
    )
    rollout_logprobs: Literal["torch", "engine"] = Field(
        "torch",
        description="llama rollouts: π_old log-probs for the ratio recomputed in torch (default) "
        "or "
        "taken from llama.cpp's sampling distribution",
    )
    rollout_outtype: Literal["f32", "f16", "q8_0"] = Field(
        "f32",
        description="llama rollouts: tensor type of the exported GGUF (f32: closest to torch)",
    )

    @model_validator(mode="after")
    def _check(self) -> GRPOConfig:
        if self.schedule == "algorithm2" and self.inner_updates != 1:
            raise ValueError(
                "schedule 'algorithm2' uses each batch once: set inner_updates: 1 (or use "
                "'algorithm1')"
            )
        if self.epsilon_high is not None and self.epsilon_high < self.epsilon:
            raise ValueError(
                f"epsilon_high {self.epsilon_high} < epsilon {self.epsilon}: clip-higher widens "
                f"the upper range; set epsilon_high >= epsilon or null"
            )
        if self.reasoning_min_words > self.reasoning_max_words:
            raise ValueError("reasoning_min_words must not exceed reasoning_max_words")
        if self.init_adapter and self.lora is None:
            raise ValueError(
                "init_adapter continues a LoRA adapter: set lora (e.g. lora: {}) or drop "
                "init_adapter"
            )
        if self.device == "cpu" and self.dtype == "bfloat16" and self.lora is None:
            raise ValueError(
                "bfloat16 full fine-tuning on CPU loses updates to rounding: use dtype 'float32' "
                "(or 'auto') on CPU"
            )
        if self.kl_estimator == "exact" and self.beta == 0.0:
            raise ValueError(
                "kl_estimator 'exact' has no effect with beta 0: set beta > 0 or leave "
                "kl_estimator at 'k3'"
            )
        if self.rollout_engine == "llama" and self.schedule != "algorithm1":
            raise ValueError(
                "rollout_engine 'llama' samples from θ: use schedule 'algorithm1' (or "
                "rollout_engine 'torch')"
            )
        if self.rewards.strength > 0 and self.mutants == 0:
            raise ValueError("rewards.strength > 0 needs mutants > 0 (or set rewards.strength: 0)")
        return self

    @property
    def batch_size(self) -> int:
        """Completions per rollout batch."""
        return self.prompts_per_step * self.group_size

    def torch_dtype(self) -> Any:
        """The parameter dtype as a torch dtype ('auto' resolved from the device)."""
        import torch

        if self.dtype == "auto":
            return torch.bfloat16 if self.device.startswith("cuda") else torch.float32
        return getattr(torch, self.dtype)

    @classmethod
    def from_yaml(cls, path: str | Path) -> GRPOConfig:
        """Load a config from a YAML mapping (missing keys take their defaults)."""
        data = yaml.safe_load(Path(path).read_text()) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected a YAML mapping of GRPOConfig fields")
        return cls.model_validate(data)

    def to_yaml(self) -> str:
        """The full config as YAML (stored in every checkpoint)."""
        return str(yaml.safe_dump(self.model_dump(mode="json"), sort_keys=False))
