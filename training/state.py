"""The GRPO loop's state: the policy, its frozen companions, the optimizer and the data position.

``build_state`` makes it from a config (loading the policy unless one is given: full fine-tuning,
fresh LoRA adapters, or a saved adapter continued with ``init_adapter``); ``training.checkpoint``
saves and restores it; ``training.grpo`` advances it one step at a time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from training.config import GRPOConfig
from training.reference import frozen_policy


class TrainingError(Exception):
    """The run cannot start or continue (bad resume directory, no data, ...)."""


# --------------------------------------------------------------------------- data


@dataclass
class DataStream:
    """Items in a seeded order, reshuffled every epoch; ``(epoch, position)`` is all its state."""

    items: Sequence[Any]
    seed: int
    epoch: int = 0
    position: int = 0

    def _order(self) -> list[int]:
        order = list(range(len(self.items)))
        random.Random(f"{self.seed}-{self.epoch}").shuffle(order)
        return order

    def take(self, n: int) -> list[Any]:
        """The next ``n`` items (a new epoch reshuffles)."""
        out: list[Any] = []
        while len(out) < n:
            if self.position >= len(self.items):
                self.epoch, self.position = self.epoch + 1, 0
            out.append(self.items[self._order()[self.position]])
            self.position += 1
        return out


# --------------------------------------------------------------------------- state


@dataclass
class TrainState:
    """Everything a checkpoint holds besides the config."""

    cfg: GRPOConfig
    policy: Any
    tokenizer: Any
    ref: Any | None  # π_ref (None when β = 0)
    old: Any | None  # π_old as a separate copy (algorithm2 only)
    optimizer: torch.optim.Optimizer
    scheduler: Any
    data: DataStream
    step: int = 0
    iteration_rewards: list[float] = field(default_factory=list)


def lr_scheduler(cfg: GRPOConfig, optimizer: torch.optim.Optimizer) -> Any:
    """Linear warm-up, then constant, linear or cosine decay over ``steps × inner_updates``."""
    total = max(1, cfg.steps * cfg.inner_updates)

    def factor(update: int) -> float:
        if update < cfg.warmup_steps:
            return (update + 1) / (cfg.warmup_steps + 1)
        progress = min(1.0, (update - cfg.warmup_steps) / max(1, total - cfg.warmup_steps))
        if cfg.lr_schedule == "cosine":
            return 0.5 * (1 + math.cos(math.pi * progress))
        if cfg.lr_schedule == "linear":
            return 1.0 - progress
        return 1.0

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def disable_dropout(model: Any) -> None:
    """Zero every dropout of ``model`` (modules and attention probabilities), in any mode."""
    for module in model.modules():
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.0
        if isinstance(getattr(module, "attention_dropout", None), float):
            module.attention_dropout = 0.0
    config = getattr(model, "config", None)
    if config is not None and isinstance(getattr(config, "attention_dropout", None), float):
        config.attention_dropout = 0.0


def build_state(
    cfg: GRPOConfig, items: Sequence[Any], model: Any = None, tokenizer: Any = None
) -> TrainState:
    """Load the policy (unless given), make ref/old copies, the optimizer and the data stream."""
    if model is None:
        from training.hf_model import load_policy

        model, tokenizer = load_policy(cfg.model, dtype=cfg.torch_dtype(), device=cfg.device)
    if cfg.lora is not None and cfg.init_adapter:
        from peft import PeftModel

        model = PeftModel.from_pretrained(model, cfg.init_adapter, is_trainable=True)
    elif cfg.lora is not None:
        model = cfg.lora.wrap(model, cfg.seed)
    if cfg.gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        if cfg.lora is not None:
            model.enable_input_require_grads()
        # transformers checkpoints a layer only in training mode: train mode, dropout off.
        model.train()
        disable_dropout(model)
    else:
        model.eval()  # dropout off: log-probs are compared across passes
    # A LoRA policy's ref/old share its frozen base (training.reference): no second model.
    ref = frozen_policy(model) if cfg.beta > 0 else None
    old = frozen_policy(model) if cfg.schedule == "algorithm2" else None
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(
        params, lr=cfg.learning_rate, betas=cfg.adam_betas, weight_decay=cfg.weight_decay
    )
    if not items:
        raise TrainingError("no training items: check the split/categories in the config")
    return TrainState(
        cfg,
        model,
        tokenizer,
        ref,
        old,
        optimizer,
        lr_scheduler(cfg, optimizer),
        DataStream(items, cfg.seed),
    )


def dataset_items(cfg: GRPOConfig) -> list[Any]:
    """The configured split (and categories) of the training data set."""
    from training.dataset import load_items

    items = load_items(cfg.split)
    if cfg.categories:
        items = [i for i in items if i.category in cfg.categories]
    return items
