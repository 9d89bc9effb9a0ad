"""Sampling one GRPO step's groups: the prompts of the step and ``group_size`` completions each.

``sample(state, ...)`` draws the step's items from the data stream (value presentations seeded by
``(seed, step, slot)``, so a resumed run shows the same), shards them under torchrun, and samples
from θ (π_old under ``algorithm2``) with torch (``training.rollout``) or with llama.cpp
(``training.llama_rollout``, re-synced from the policy every ``rollout_sync_interval`` steps).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from training import distributed
from training.config import GRPOConfig
from training.rollout import Rollout, rollout
from training.state import TrainState


@dataclass
class Sampled:
    """One step's rollout: the items shown, the sampled completions and llama.cpp's log-probs."""

    batch: list[Any]
    roll: Rollout
    engine_logps: torch.Tensor | None  # (B, C) from the llama.cpp sampler, when it sampled


def sample(
    state: TrainState,
    to_target: Callable[[Any], Any],
    present_fn: Callable[[Any, random.Random], Any] | None,
    engine: Any,
    ctx: distributed.DistContext,
) -> Sampled:
    """Draw the step's prompts and sample ``group_size`` completions each (θ, or π_old under
    algorithm2; llama.cpp when configured). Seeded by step, so a resumed run samples the same;
    under torchrun every rank draws the same global batch and keeps its slice.
    """
    cfg, step = state.cfg, state.step
    batch = _present(cfg, state.data.take(cfg.prompts_per_step * ctx.world_size), step, present_fn)
    batch = distributed.shard(batch, ctx)
    seed = cfg.seed * 1_000_003 + step + 7919 * ctx.rank
    torch.manual_seed(seed)
    targets = [to_target(i) for i in batch]
    if engine is not None:
        if engine.synced_step is None or step - engine.synced_step >= cfg.rollout_sync_interval:
            engine.sync(state.policy, step)
        roll, engine_logps = engine.rollout(
            targets,
            cfg.group_size,
            cfg.max_completion_tokens,
            cfg.temperature,
            cfg.few_shot,
            seed=seed,
        )
        return Sampled(batch, roll, engine_logps)
    sampler = state.old if cfg.schedule == "algorithm2" else state.policy
    roll = rollout(
        sampler,
        state.tokenizer,
        targets,
        cfg.group_size,
        cfg.max_completion_tokens,
        cfg.temperature,
        cfg.top_k,
        cfg.top_p,
        cfg.few_shot,
    )
    return Sampled(batch, roll, None)


def _present(
    cfg: GRPOConfig,
    items: list[Any],
    step: int,
    present_fn: Callable[[Any, random.Random], Any] | None,
) -> list[Any]:
    if not cfg.present_values or present_fn is None:
        return items
    # A per-(seed, step, slot) RNG: presentation depends on nothing else, so resuming repeats it.
    return [
        present_fn(item, random.Random(f"{cfg.seed}-{step}-{k}")) for k, item in enumerate(items)
    ]


def llama_engine(
    cfg: GRPOConfig, state: TrainState, run_dir: Path, ctx: distributed.DistContext
) -> Any:
    """The llama.cpp rollout engine of ``rollout_engine: llama`` (base GGUF: the model's source)."""
    from training.export import source_gguf
    from training.llama_rollout import LlamaRolloutEngine

    if cfg.model is None:
        from models import embedded_model_path

        base = embedded_model_path()
    else:
        base = source_gguf(cfg.model)
    return LlamaRolloutEngine(
        state.tokenizer,
        base,
        run_dir / "llama" / f"rank{ctx.rank}",
        n_parallel=cfg.group_size,
        n_ctx=4096,
        outtype=cfg.rollout_outtype,
    )
