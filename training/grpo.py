"""The GRPO loop: sample groups, score them with cdoctest, update the policy (DeepSeekMath GRPO).

One *step* = one rollout batch (``prompts_per_step`` prompts × ``group_size`` completions) and the
updates made with it. Schedules (``GRPOConfig.schedule``):

- ``algorithm1`` (DeepSeekMath Alg. 1): at the start of each outer iteration of
  ``steps_per_iteration`` steps ref ← θ; before each batch old ← θ (samples come from θ); then
  ``inner_updates`` optimizer updates on the batch. With one update, π_old = θ exactly, so the old
  log-probs are the detached current ones (as TRL does) and no extra forward pass is made.
- ``algorithm2`` (the source design): old ← θ every ``update_interval`` steps and samples come from
  π_old; each batch is used for one update; at the end of an iteration ref ← θ only if the
  iteration's mean reward exceeded ``reward_threshold``.

``train`` is a loop over ``grpo_step``, which reads top to bottom: ``refresh_policies`` →
``sample`` (training.rollout or training.llama_rollout) → the reward (training.rewards) →
``make_experience`` (advantages, old/ref log-probs) → ``update_step`` × K (returns ``UpdateStats``)
→ ``end_iteration``. The state and its construction are in training.state, checkpoints in
training.checkpoint, the per-step logs in training.steplog, frozen policies in training.reference.
Run directory layout, metrics fields and the checkpoint format are documented in docs/training.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from training import distributed
from training.checkpoint import latest_checkpoint, load_checkpoint, save_checkpoint
from training.config import GRPOConfig
from training.logprobs import (
    chunked_exact_kl,
    chunked_selected_logprobs,
    completion_hidden,
    sequence_logprobs,
)
from training.loss import group_advantages, group_std, grpo_loss, kl_k3
from training.reference import AdapterPolicy, active, refresh_from
from training.rewards import RewardFn, default_reward_fn, reward_target
from training.rollout import Experience, Rollout
from training.sampling import llama_engine, sample
from training.state import DataStream, TrainingError, TrainState, build_state, dataset_items
from training.steplog import StepLog, StepRecord, metrics

__all__ = [  # the loop's public pieces (state and checkpoints live in their own modules)
    "DataStream",
    "TrainState",
    "TrainingError",
    "UpdateStats",
    "build_state",
    "latest_checkpoint",
    "load_checkpoint",
    "make_experience",
    "save_checkpoint",
    "train",
    "update_step",
]


# --------------------------------------------------------------------------- experience


def make_experience(
    state: TrainState, roll: Rollout, rewards: torch.Tensor
) -> tuple[Experience, dict[str, float]]:
    """Advantages, old and reference log-probs for a scored rollout (no gradients)."""
    cfg = state.cfg
    mask = roll.completion_mask.clone()
    if cfg.mask_truncated:
        mask[roll.truncated] = 0.0
    adv = group_advantages(
        rewards, cfg.group_size, cfg.advantage_eps, cfg.advantage_clamp, cfg.scale_advantages
    )
    n_completion = roll.completion_mask.shape[1]
    old_logps = ref_logps = None
    with torch.no_grad():
        needs_old = cfg.schedule == "algorithm2" or cfg.inner_updates > 1
        if needs_old:
            source = state.old if cfg.schedule == "algorithm2" else state.policy
            with active(source) as model:
                old_logps = _batched_logps(model, roll, n_completion, cfg)
        if state.ref is not None and cfg.kl_estimator == "k3":
            with active(state.ref) as model:
                ref_logps = _batched_logps(model, roll, n_completion, cfg)
    stds = group_std(rewards, cfg.group_size)
    stats = {
        "advantage_mean": float(adv.mean()),
        "advantage_std": float(adv.std()) if adv.numel() > 1 else 0.0,
        "advantage_min": float(adv.min()),
        "advantage_max": float(adv.max()),
        "zero_std_groups": float((stds < 1e-8).float().mean()),
    }
    device = roll.sequences.device
    exp = Experience(
        roll.sequences, roll.attention_mask, mask.to(device), adv.to(device), old_logps, ref_logps
    )
    return exp, stats


def _batched_logps(model: Any, roll: Rollout, n_completion: int, cfg: GRPOConfig) -> torch.Tensor:
    pieces = []
    for start in range(0, roll.sequences.shape[0], cfg.micro_batch_size):
        sl = slice(start, start + cfg.micro_batch_size)
        pieces.append(
            sequence_logprobs(
                model,
                roll.sequences[sl],
                roll.attention_mask[sl],
                n_completion,
                cfg.temperature,
                cfg.logprob_chunk,
            )
        )
    return torch.cat(pieces)


# --------------------------------------------------------------------------- update


@dataclass
class UpdateStats:
    """Statistics of one optimizer update (token-weighted means over the batch's micro-batches)."""

    loss: float = 0.0
    policy_loss: float = 0.0
    kl: float = 0.0
    clip_low: float = 0.0  # fraction of tokens clipped below (A < 0)
    clip_high: float = 0.0  # fraction of tokens clipped above (A > 0)
    ratio_mean: float = 1.0
    ratio_min: float = 1.0
    ratio_max: float = 1.0
    grad_norm: float = 0.0
    skipped: bool = False  # non-finite loss or gradient: parameters and optimizer untouched
    lr: float = 0.0


def _micro_batch_loss(
    state: TrainState, mb: Experience, n_completion: int, total_tokens: float
) -> tuple[Any, torch.Tensor]:
    """The loss parts of one micro-batch (``training.loss.grpo_loss``), its detached log-probs."""
    cfg, policy = state.cfg, state.policy
    hidden = completion_hidden(policy, mb.sequences, mb.attention_mask, n_completion)
    targets = mb.sequences[:, -n_completion:]
    logp = chunked_selected_logprobs(hidden, policy, targets, cfg.temperature, cfg.logprob_chunk)
    old = mb.old_logps if mb.old_logps is not None else logp.detach()
    kl = None
    if state.ref is not None and cfg.kl_estimator == "k3":
        assert mb.ref_logps is not None  # the rollout scores π_ref whenever the KL is k3
        kl = kl_k3(logp, mb.ref_logps)
    elif state.ref is not None:
        with torch.no_grad(), active(state.ref) as ref_model:
            ref_hidden = completion_hidden(ref_model, mb.sequences, mb.attention_mask, n_completion)
        head = policy if isinstance(state.ref, AdapterPolicy) else state.ref  # a shared head
        kl = chunked_exact_kl(hidden, policy, ref_hidden, head, cfg.temperature, cfg.logprob_chunk)
    parts = grpo_loss(
        logp,
        old,
        mb.advantages,
        mb.completion_mask,
        kl=kl,
        beta=cfg.beta,
        eps_low=cfg.epsilon,
        eps_high=cfg.epsilon_high,
        form=cfg.policy_term,
        normalization=cfg.normalization,
        max_len=cfg.max_completion_tokens,
        num_tokens=total_tokens,
    )
    return parts, logp.detach()


def update_step(state: TrainState, exp: Experience) -> tuple[UpdateStats, torch.Tensor]:
    """One optimizer update on the whole batch (micro-batched, gradients accumulated).

    Returns the update's statistics and the torch log-probs of the sampled tokens ``(B, C)``
    (detached). A non-finite loss or gradient skips the update (``stats.skipped``) and leaves
    parameters and optimizer state untouched.
    """
    cfg, policy = state.cfg, state.policy
    ctx = distributed.context()  # under torchrun: the normalisers are global (all-reduced)
    rows = distributed.all_reduce_sum(exp.sequences.shape[0], ctx)
    n_completion = exp.completion_mask.shape[1]
    local_tokens = float(exp.completion_mask.sum())
    total_tokens = distributed.all_reduce_sum(local_tokens, ctx)
    state.optimizer.zero_grad(set_to_none=True)
    stats = UpdateStats(ratio_mean=0.0, ratio_min=math.inf, ratio_max=-math.inf)
    sampled_logps = []
    for mb in exp.split(cfg.micro_batch_size):
        parts, logp = _micro_batch_loss(state, mb, n_completion, total_tokens)
        sampled_logps.append(logp)
        # Each normalisation is a batch-level mean: weight micro-batches so their sum equals it.
        weight = 1.0 if cfg.normalization == "token" else mb.sequences.shape[0] / rows
        (parts.loss * weight).backward()
        share = float(mb.completion_mask.sum()) / max(local_tokens, 1.0)
        stats.loss += float(parts.loss.detach()) * weight
        stats.policy_loss += parts.policy_loss * weight
        stats.kl += parts.kl * share
        stats.clip_low += parts.clip_low * share
        stats.clip_high += parts.clip_high * share
        stats.ratio_mean += parts.ratio_mean * share
        stats.ratio_min = min(stats.ratio_min, parts.ratio_min)
        stats.ratio_max = max(stats.ratio_max, parts.ratio_max)
    params = [p for p in policy.parameters() if p.requires_grad]
    if ctx.enabled:  # what DDP does: sum the gradients (of the global-batch loss) over ranks
        distributed.all_reduce_grads(params, ctx)
        stats.loss = distributed.all_reduce_sum(stats.loss, ctx)
        stats.policy_loss = distributed.all_reduce_sum(stats.policy_loss, ctx)
    stats.grad_norm = float(torch.nn.utils.clip_grad_norm_(params, cfg.max_grad_norm))
    stats.skipped = not (math.isfinite(stats.loss) and math.isfinite(stats.grad_norm))
    if not stats.skipped:
        state.optimizer.step()
        state.scheduler.step()
    state.optimizer.zero_grad(set_to_none=True)
    stats.lr = state.optimizer.param_groups[0]["lr"]
    return stats, torch.cat(sampled_logps)


def no_update(state: TrainState) -> UpdateStats:
    """The statistics of a batch that carries no gradient (no forward or backward pass is made)."""
    return UpdateStats(lr=state.optimizer.param_groups[0]["lr"])


# --------------------------------------------------------------------------- the loop


@dataclass
class LoopContext:
    """What the loop's step functions share besides the training state."""

    to_target: Callable[[Any], Any]
    present_fn: Callable[[Any, random.Random], Any] | None
    reward_fn: RewardFn
    engine: Any  # training.llama_rollout.LlamaRolloutEngine, or None for torch sampling
    dist: distributed.DistContext


def refresh_policies(state: TrainState) -> None:
    """The schedule's refreshes at the start of a step: ref ← θ (algorithm1, each outer iteration)
    and old ← θ (algorithm2, every ``update_interval`` steps).
    """
    cfg, step = state.cfg, state.step
    if (
        cfg.schedule == "algorithm1"
        and step % cfg.steps_per_iteration == 0
        and state.ref is not None
    ):
        refresh_from(state.ref, state.policy)
    if cfg.schedule == "algorithm2" and step % cfg.update_interval == 0:
        refresh_from(state.old, state.policy)


def has_no_signal(state: TrainState, exp: Experience, ctx: distributed.DistContext) -> bool:
    """Every group tied (all advantages 0) and β = 0: the gradient is exactly zero. All ranks agree,
    or the gradient all-reduce would hang.
    """
    cfg = state.cfg
    none = cfg.skip_no_signal and cfg.beta == 0 and bool((exp.advantages == 0).all())
    if ctx.enabled:
        none = distributed.all_reduce_sum(float(not none), ctx) == 0
    return none


def end_iteration(state: TrainState, mean_reward: float) -> bool:
    """Bookkeeping at the end of a step; under algorithm2 ref ← θ after an iteration whose mean
    reward exceeded ``reward_threshold``. Returns whether ref was refreshed.
    """
    cfg = state.cfg
    state.iteration_rewards.append(mean_reward)
    refreshed = False
    if (state.step + 1) % cfg.steps_per_iteration == 0:
        mean = sum(state.iteration_rewards) / len(state.iteration_rewards)
        if cfg.schedule == "algorithm2" and state.ref is not None and mean > cfg.reward_threshold:
            refresh_from(state.ref, state.policy)
            refreshed = True
        state.iteration_rewards = []
    state.step += 1
    return refreshed


def grpo_step(state: TrainState, loop: LoopContext) -> tuple[dict[str, Any], StepRecord]:
    """One step: refresh, sample, score, advantages and log-probs, update(s), bookkeeping."""
    cfg, step = state.cfg, state.step
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    refresh_policies(state)
    sampled = sample(state, loop.to_target, loop.present_fn, loop.engine, loop.dist)
    timings["rollout"] = time.perf_counter() - t0
    t = time.perf_counter()
    targets = [reward_target(item) for item in sampled.batch for _ in range(cfg.group_size)]
    scored = loop.reward_fn(sampled.roll.texts, targets)
    rewards = torch.tensor([r.total for r in scored], dtype=torch.float32)
    timings["reward"] = time.perf_counter() - t
    t = time.perf_counter()
    exp, adv_stats = make_experience(state, sampled.roll, rewards)
    if sampled.engine_logps is not None and cfg.rollout_logprobs == "engine":
        exp.old_logps = sampled.engine_logps  # π_old = llama.cpp's sampling distribution
    timings["logprobs"] = time.perf_counter() - t
    t = time.perf_counter()
    no_signal = has_no_signal(state, exp, loop.dist)
    updates: list[UpdateStats] = []
    sampled_logps = None
    if no_signal:
        updates.append(no_update(state))
    for k in range(0 if no_signal else cfg.inner_updates):
        stats, logps = update_step(state, exp)
        updates.append(stats)
        sampled_logps = logps if k == 0 else sampled_logps
    timings["update"] = time.perf_counter() - t
    ref_refreshed = end_iteration(state, float(rewards.mean()))
    rec = StepRecord(step, sampled.batch, sampled.roll, scored, rewards, exp, adv_stats, updates,
                     sampled_logps, timings, time.perf_counter() - t0)  # fmt: skip
    record = metrics(cfg, rec)
    record["ref_refreshed"] = ref_refreshed
    if sampled.engine_logps is not None and sampled_logps is not None:
        from training.llama_rollout import logprob_gap  # |llama.cpp − torch| at the sampled tokens

        record.update(
            logprob_gap(sampled.engine_logps, sampled_logps, sampled.roll.completion_mask)
        )
    record["no_signal"] = no_signal
    return record, rec


def train(
    cfg: GRPOConfig,
    *,
    items: Sequence[Any] | None = None,
    to_target: Callable[[Any], Any] | None = None,
    present_fn: Callable[[Any, random.Random], Any] | None = None,
    reward_fn: RewardFn | None = None,
    resume: str | Path | None = None,
    state: TrainState | None = None,
    progress: bool = True,
) -> TrainState:
    """Run GRPO until ``cfg.steps`` steps are done; returns the final state.

    ``items`` default to the data set (``training.dataset``), ``to_target`` to
    ``training.dataset.to_prompt_target`` and ``present_fn`` to ``training.dataset.present``;
    ``reward_fn`` defaults to the cdoctest reward through a ``DocTestRunner``.
    """
    if items is None:
        items = dataset_items(cfg)
        if present_fn is None:
            from training.dataset import present

            present_fn = present
    if to_target is None:
        from training.dataset import to_prompt_target

        to_target = to_prompt_target
    ctx = distributed.init()  # rank 0 of 1 without a launcher (docs/training.md, multi-GPU)
    if state is None:
        # Resuming keeps the checkpoint's config except the step budget and the run directory.
        overrides = {"steps": cfg.steps, "output_dir": cfg.output_dir}
        state = load_checkpoint(resume, items, overrides) if resume else build_state(cfg, items)
    cfg = state.cfg
    for model in (state.policy, state.ref, state.old):
        if model is not None:
            distributed.broadcast_parameters(model, ctx)  # every rank starts from rank 0's weights
    run_dir = Path(cfg.output_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    if ctx.is_main:
        (run_dir / "config.yaml").write_text(cfg.to_yaml())
    close: Callable[[], None] = lambda: None  # noqa: E731
    if reward_fn is None:
        reward_fn, close = default_reward_fn(cfg)
    engine = llama_engine(cfg, state, run_dir, ctx) if cfg.rollout_engine == "llama" else None
    loop = LoopContext(to_target, present_fn, reward_fn, engine, ctx)
    log = StepLog(cfg, run_dir, state.step, main=ctx.is_main, progress=progress)
    try:
        while state.step < cfg.steps:
            record, rec = grpo_step(state, loop)
            log.write(record, rec)
            if (
                cfg.checkpoint_every
                and state.step % cfg.checkpoint_every == 0
                and state.step < cfg.steps
            ):
                _checkpoint(state, run_dir, ctx)
        _checkpoint(state, run_dir, ctx)
    finally:
        close()
        if engine is not None:
            engine.close()
        log.close()
    return state


def _checkpoint(state: TrainState, run_dir: Path, ctx: distributed.DistContext) -> None:
    """``save_checkpoint`` on rank 0 only; the other ranks wait for it."""
    if ctx.is_main:
        save_checkpoint(state, run_dir)
    distributed.barrier(ctx)
