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

The pieces are importable for later extensions (llama.cpp rollouts, SFT, DDP): ``rollout``
(training.rollout), ``score`` (training.rewards), ``make_experience`` and ``update_step`` here.
Run directory layout, metrics fields and the checkpoint format are documented in docs/training.md.
"""

from __future__ import annotations

import json
import math
import random
import resource
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from training import distributed
from training.config import GRPOConfig
from training.logprobs import (
    chunked_exact_kl,
    chunked_selected_logprobs,
    completion_hidden,
    sequence_logprobs,
)
from training.reference import AdapterPolicy, active, frozen_policy, refresh_from
from training.loss import group_advantages, group_std, grpo_loss, kl_k3
from training.rewards import PARTS, MutantCache, RewardBreakdown, RewardTarget, score_completions
from training.rollout import Experience, Rollout, rollout


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
        out = []
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


def _scheduler(cfg: GRPOConfig, optimizer: torch.optim.Optimizer) -> Any:
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
        from peft import LoraConfig, get_peft_model

        model = get_peft_model(
            model,
            LoraConfig(
                r=cfg.lora.r,
                lora_alpha=cfg.lora.alpha,
                lora_dropout=cfg.lora.dropout,
                target_modules=cfg.lora.target_modules,
                task_type="CAUSAL_LM",
            ),
        )
    if cfg.gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        if cfg.lora is not None:
            model.enable_input_require_grads()
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
        _scheduler(cfg, optimizer),
        DataStream(items, cfg.seed),
    )


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


def update_step(state: TrainState, exp: Experience) -> dict[str, Any]:
    """One optimizer update on the whole batch (micro-batched, gradients accumulated).

    Returns the step's loss statistics; a non-finite loss or gradient skips the update
    (``skipped`` is True) and leaves parameters and optimizer state untouched.
    """
    cfg, policy = state.cfg, state.policy
    ctx = distributed.context()  # under torchrun: the normalisers are global (all-reduced)
    rows = distributed.all_reduce_sum(exp.sequences.shape[0], ctx)
    n_completion = exp.completion_mask.shape[1]
    local_tokens = float(exp.completion_mask.sum())
    total_tokens = distributed.all_reduce_sum(local_tokens, ctx)
    state.optimizer.zero_grad(set_to_none=True)
    totals = {
        "loss": 0.0,
        "policy_loss": 0.0,
        "kl": 0.0,
        "clip_low": 0.0,
        "clip_high": 0.0,
        "ratio_mean": 0.0,
    }
    ratio_min, ratio_max = math.inf, -math.inf
    sampled_logps = []
    for mb in exp.split(cfg.micro_batch_size):
        mb_rows = mb.sequences.shape[0]
        hidden = completion_hidden(policy, mb.sequences, mb.attention_mask, n_completion)
        targets = mb.sequences[:, -n_completion:]
        logp = chunked_selected_logprobs(
            hidden, policy, targets, cfg.temperature, cfg.logprob_chunk
        )
        sampled_logps.append(logp.detach())
        old = mb.old_logps if mb.old_logps is not None else logp.detach()
        kl = None
        if state.ref is not None:
            if cfg.kl_estimator == "k3":
                kl = kl_k3(logp, mb.ref_logps)
            else:
                with torch.no_grad(), active(state.ref) as ref_model:
                    ref_hidden = completion_hidden(
                        ref_model, mb.sequences, mb.attention_mask, n_completion
                    )
                head = policy if isinstance(state.ref, AdapterPolicy) else state.ref  # shared head
                kl = chunked_exact_kl(
                    hidden, policy, ref_hidden, head, cfg.temperature, cfg.logprob_chunk
                )
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
        # Each normalisation is a batch-level mean: weight micro-batches so their sum equals it.
        weight = 1.0 if cfg.normalization == "token" else mb_rows / rows
        (parts.loss * weight).backward()
        tok_share = float(mb.completion_mask.sum()) / max(local_tokens, 1.0)
        totals["loss"] += float(parts.loss.detach()) * weight
        totals["policy_loss"] += parts.policy_loss * weight
        for key in ("kl", "clip_low", "clip_high", "ratio_mean"):
            totals[key] += getattr(parts, key) * tok_share
        ratio_min, ratio_max = min(ratio_min, parts.ratio_min), max(ratio_max, parts.ratio_max)
    params = [p for p in policy.parameters() if p.requires_grad]
    if ctx.enabled:  # what DDP does: sum the gradients (of the global-batch loss) over ranks
        distributed.all_reduce_grads(params, ctx)
        totals["loss"] = distributed.all_reduce_sum(totals["loss"], ctx)
        totals["policy_loss"] = distributed.all_reduce_sum(totals["policy_loss"], ctx)
    grad_norm = float(torch.nn.utils.clip_grad_norm_(params, cfg.max_grad_norm))
    skipped = not (math.isfinite(totals["loss"]) and math.isfinite(grad_norm))
    if skipped:
        state.optimizer.zero_grad(set_to_none=True)
    else:
        state.optimizer.step()
        state.scheduler.step()
    state.optimizer.zero_grad(set_to_none=True)
    return {
        **totals,
        "ratio_min": ratio_min,
        "ratio_max": ratio_max,
        "grad_norm": grad_norm,
        "skipped": skipped,
        "lr": state.optimizer.param_groups[0]["lr"],
        "_logps": torch.cat(sampled_logps),
    }


# --------------------------------------------------------------------------- checkpoints


def save_checkpoint(state: TrainState, run_dir: Path) -> Path:
    """Write ``checkpoints/step-NNNNNN`` (model or adapter, optimizer, scheduler, RNG, data position, config)."""
    cfg = state.cfg
    target = run_dir / "checkpoints" / f"step-{state.step:06d}"
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    state.policy.save_pretrained(tmp / "model")
    state.tokenizer.save_pretrained(tmp / "model")
    torch.save(
        {
            "step": state.step,
            "optimizer": state.optimizer.state_dict(),
            "scheduler": state.scheduler.state_dict(),
            "rng": {
                "torch": torch.get_rng_state(),
                "python": random.getstate(),
                "cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else None,
            },
            "data": {"epoch": state.data.epoch, "position": state.data.position},
            "iteration_rewards": state.iteration_rewards,
        },
        tmp / "state.pt",
    )
    if state.ref is not None:
        torch.save(state.ref.state_dict(), tmp / "ref.pt")
    if state.old is not None:
        torch.save(state.old.state_dict(), tmp / "old.pt")
    (tmp / "config.yaml").write_text(cfg.to_yaml())
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    kept = sorted((run_dir / "checkpoints").glob("step-??????"))
    for stale in kept[: -cfg.keep_checkpoints]:
        shutil.rmtree(stale, ignore_errors=True)
    return target


def latest_checkpoint(path: str | Path) -> Path:
    """``path`` itself when it is a checkpoint, else the newest ``checkpoints/step-*`` under it."""
    path = Path(path)
    if (path / "state.pt").is_file():
        return path
    found = sorted((path / "checkpoints").glob("step-??????"))
    if not found:
        raise TrainingError(
            f"{path}: no checkpoint (expected state.pt or checkpoints/step-NNNNNN/)"
        )
    return found[-1]


def load_checkpoint(
    path: str | Path, items: Sequence[Any], overrides: dict[str, Any] | None = None
) -> TrainState:
    """Rebuild the full training state from a checkpoint directory (see ``save_checkpoint``)."""
    ckpt = latest_checkpoint(path)
    data = GRPOConfig.from_yaml(ckpt / "config.yaml").model_dump()
    data.update(overrides or {})
    cfg = GRPOConfig.model_validate(data)
    if cfg.lora is None:
        from training.hf_model import load_policy

        model, tokenizer = load_policy(
            str(ckpt / "model"), dtype=cfg.torch_dtype(), device=cfg.device
        )
        state = build_state(cfg, items, model, tokenizer)
    else:
        from peft import PeftModel

        from training.hf_model import load_policy

        base, tokenizer = load_policy(cfg.model, dtype=cfg.torch_dtype(), device=cfg.device)
        model = PeftModel.from_pretrained(base, str(ckpt / "model"), is_trainable=True)
        state = build_state(cfg.model_copy(update={"lora": None}), items, model, tokenizer)
        state.cfg = cfg
    saved = torch.load(ckpt / "state.pt", weights_only=False)
    state.optimizer.load_state_dict(saved["optimizer"])
    state.scheduler.load_state_dict(saved["scheduler"])
    torch.set_rng_state(saved["rng"]["torch"])
    random.setstate(saved["rng"]["python"])
    if saved["rng"]["cuda"] is not None and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(saved["rng"]["cuda"])
    state.step = saved["step"]
    state.data.epoch, state.data.position = saved["data"]["epoch"], saved["data"]["position"]
    state.iteration_rewards = list(saved["iteration_rewards"])
    if state.ref is not None and (ckpt / "ref.pt").is_file():
        state.ref.load_state_dict(torch.load(ckpt / "ref.pt"))
    if state.old is not None and (ckpt / "old.pt").is_file():
        state.old.load_state_dict(torch.load(ckpt / "old.pt"))
    return state


# --------------------------------------------------------------------------- the loop

RewardFn = Callable[[list[str], list[RewardTarget]], list[RewardBreakdown]]


def default_reward_fn(cfg: GRPOConfig) -> tuple[RewardFn, Callable[[], None]]:
    """The cdoctest reward with a warm ``DocTestRunner``; returns ``(reward_fn, close)``."""
    from cdoctest_runner.runner import DocTestRunner, Limits

    runner = DocTestRunner(
        limits=Limits(timeout_s=cfg.runner_timeout_s), workers=cfg.runner_workers
    )
    mutants = MutantCache(cfg.mutants) if cfg.mutants > 0 and cfg.rewards.strength > 0 else None

    def reward_fn(texts: list[str], targets: list[RewardTarget]) -> list[RewardBreakdown]:
        return score_completions(
            texts,
            targets,
            runner=runner,
            weights=cfg.rewards,
            mutants=mutants,
            min_words=cfg.reasoning_min_words,
            max_words=cfg.reasoning_max_words,
        )

    return reward_fn, runner.close


def dataset_items(cfg: GRPOConfig) -> list[Any]:
    """The configured split (and categories) of the training data set."""
    from training.dataset import load_items

    items = load_items(cfg.split)
    if cfg.categories:
        items = [i for i in items if i.category in cfg.categories]
    return items


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
            from training.dataset import present as present_fn
    if to_target is None:
        from training.dataset import to_prompt_target as to_target
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
    close = lambda: None  # noqa: E731
    if reward_fn is None:
        reward_fn, close = default_reward_fn(cfg)
    engine = _llama_engine(cfg, state, run_dir, ctx) if cfg.rollout_engine == "llama" else None
    writer = _tensorboard(cfg, run_dir) if ctx.is_main else None
    bar = _progress(cfg, state.step, progress and ctx.is_main)
    try:
        with (
            open(run_dir / "metrics.jsonl", "a") as metrics_file,
            open(run_dir / "traces.jsonl", "a") as traces_file,
        ):
            while state.step < cfg.steps:
                step = state.step
                timings: dict[str, float] = {}
                t0 = time.perf_counter()
                # 1. refresh the policies the schedule asks for
                if (
                    cfg.schedule == "algorithm1"
                    and step % cfg.steps_per_iteration == 0
                    and state.ref is not None
                ):
                    refresh_from(state.ref, state.policy)  # ref <- θ at each outer iteration
                if cfg.schedule == "algorithm2" and step % cfg.update_interval == 0:
                    refresh_from(state.old, state.policy)  # old <- θ every update_interval steps
                # 2. sample groups (from θ, or from π_old under algorithm2); seeded by step for resume
                # (under torchrun every rank draws the same global batch and keeps its slice)
                batch = _present(
                    cfg, state.data.take(cfg.prompts_per_step * ctx.world_size), step, present_fn
                )
                batch = distributed.shard(batch, ctx)
                torch.manual_seed(cfg.seed * 1_000_003 + step + 7919 * ctx.rank)
                sampler = state.old if cfg.schedule == "algorithm2" else state.policy
                engine_logps = None
                if engine is not None:  # llama.cpp sampling (training.llama_rollout)
                    if engine.synced_step is None or step - engine.synced_step >= cfg.rollout_sync_interval:
                        engine.sync(state.policy, step)
                    roll, engine_logps = engine.rollout(
                        [to_target(i) for i in batch],
                        cfg.group_size,
                        cfg.max_completion_tokens,
                        cfg.temperature,
                        cfg.few_shot,
                        seed=cfg.seed * 1_000_003 + step + 7919 * ctx.rank,
                    )
                else:
                    roll = rollout(
                        sampler,
                        state.tokenizer,
                        [to_target(i) for i in batch],
                        cfg.group_size,
                        cfg.max_completion_tokens,
                        cfg.temperature,
                        cfg.top_k,
                        cfg.top_p,
                        cfg.few_shot,
                    )
                timings["rollout"] = time.perf_counter() - t0
                # 3. score with cdoctest (the whole batch concurrently)
                t1 = time.perf_counter()
                targets = [_reward_target(item) for item in batch for _ in range(cfg.group_size)]
                scored = reward_fn(roll.texts, targets)
                rewards = torch.tensor([r.total for r in scored], dtype=torch.float32)
                timings["reward"] = time.perf_counter() - t1
                # 4. advantages, old and reference log-probs
                t2 = time.perf_counter()
                exp, adv_stats = make_experience(state, roll, rewards)
                if engine_logps is not None and cfg.rollout_logprobs == "engine":
                    exp.old_logps = engine_logps  # π_old = llama.cpp's sampling distribution
                timings["logprobs"] = time.perf_counter() - t2
                # 5. policy update(s): K inner updates under algorithm1, one under algorithm2
                t3 = time.perf_counter()
                no_signal = cfg.skip_no_signal and cfg.beta == 0 and bool((exp.advantages == 0).all())
                if ctx.enabled:  # all ranks must agree, or the gradient all-reduce would hang
                    no_signal = distributed.all_reduce_sum(float(not no_signal), ctx) == 0
                if no_signal:  # every group tied: the gradient is exactly zero
                    updates = [_no_update(state)]
                else:
                    updates = [update_step(state, exp) for _ in range(cfg.inner_updates)]
                timings["update"] = time.perf_counter() - t3
                # 6. schedule bookkeeping: algorithm2 refreshes ref only on a good iteration
                state.iteration_rewards.append(float(rewards.mean()))
                ref_refreshed = False
                if (step + 1) % cfg.steps_per_iteration == 0:
                    mean_reward = sum(state.iteration_rewards) / len(state.iteration_rewards)
                    if (
                        cfg.schedule == "algorithm2"
                        and state.ref is not None
                        and mean_reward > cfg.reward_threshold
                    ):
                        refresh_from(state.ref, state.policy)
                        ref_refreshed = True
                    state.iteration_rewards = []
                state.step += 1
                # 7. log metrics and traces, checkpoint
                record = _metrics(
                    cfg,
                    step,
                    roll,
                    scored,
                    rewards,
                    adv_stats,
                    updates,
                    timings,
                    time.perf_counter() - t0,
                )
                record["ref_refreshed"] = ref_refreshed
                if engine_logps is not None and updates[0]["_logps"] is not None:
                    # |llama.cpp − torch| log-prob of the sampled tokens (no pass on no-signal steps)
                    from training.llama_rollout import logprob_gap

                    record.update(
                        logprob_gap(engine_logps, updates[0]["_logps"], roll.completion_mask)
                    )
                record["no_signal"] = no_signal
                if ctx.is_main:  # only rank 0 writes (its own shard's rollout statistics)
                    metrics_file.write(json.dumps(record) + "\n")
                    metrics_file.flush()
                if cfg.traces and ctx.is_main:
                    _write_traces(
                        traces_file, step, batch, cfg, roll, scored, exp, updates[0]["_logps"]
                    )
                if writer is not None:
                    for key, value in record.items():
                        if isinstance(value, (int, float)) and not isinstance(value, bool):
                            writer.add_scalar(key, value, step)
                if bar is not None:
                    bar.update(1)
                    bar.set_postfix(
                        reward=f"{record['reward']:.3f}",
                        loss=f"{record['loss']:.4f}",
                        kl=f"{record['kl']:.4f}",
                        skip=record["skipped_updates"],
                    )
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
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.close()
    return state


def _no_update(state: TrainState) -> dict[str, Any]:
    """The statistics of a batch that carries no gradient (no forward or backward pass is made)."""
    zero = dict.fromkeys(("loss", "policy_loss", "kl", "clip_low", "clip_high", "grad_norm"), 0.0)
    return {**zero, "ratio_mean": 1.0, "ratio_min": 1.0, "ratio_max": 1.0, "skipped": False,
            "lr": state.optimizer.param_groups[0]["lr"], "_logps": None}


def _llama_engine(
    cfg: GRPOConfig, state: TrainState, run_dir: Path, ctx: distributed.DistContext
) -> Any:
    """The llama.cpp rollout engine for ``rollout_engine: llama`` (base GGUF = the model's source)."""
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


def _checkpoint(state: TrainState, run_dir: Path, ctx: distributed.DistContext) -> None:
    """``save_checkpoint`` on rank 0 only; the other ranks wait for it."""
    if ctx.is_main:
        save_checkpoint(state, run_dir)
    distributed.barrier(ctx)


def _reward_target(item: Any) -> RewardTarget:
    return RewardTarget(
        function=item.function,
        source=item.source,
        language=item.language,
        id=getattr(item, "id", ""),
    )


def _metrics(
    cfg: GRPOConfig,
    step: int,
    roll: Rollout,
    scored: list[RewardBreakdown],
    rewards: torch.Tensor,
    adv_stats: dict[str, float],
    updates: list[dict[str, Any]],
    timings: dict[str, float],
    seconds: float,
) -> dict[str, Any]:
    last = updates[-1]
    tokens = int(roll.completion_mask.sum())
    record: dict[str, Any] = {
        "step": step,
        "iteration": step // cfg.steps_per_iteration,
        "reward": float(rewards.mean()),
        "reward_std": float(rewards.std()) if rewards.numel() > 1 else 0.0,
    }
    for part in PARTS:
        record[f"reward/{part}"] = sum(getattr(r, part) for r in scored) / len(scored)
    record.update(adv_stats)
    record.update(
        {
            key: last[key]
            for key in (
                "loss",
                "policy_loss",
                "kl",
                "clip_low",
                "clip_high",
                "ratio_mean",
                "ratio_min",
                "ratio_max",
                "grad_norm",
                "lr",
            )
        }
    )
    record["losses"] = [u["loss"] for u in updates]
    record["skipped_updates"] = sum(bool(u["skipped"]) for u in updates)
    record["completion_tokens"] = tokens
    record["completion_length"] = tokens / roll.completion_mask.shape[0]
    record["truncated"] = float(roll.truncated.float().mean())
    record["tokens_per_s"] = tokens / max(seconds, 1e-9)
    record["seconds"] = {k: round(v, 3) for k, v in timings.items()}
    record["seconds_total"] = round(seconds, 3)
    record["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if torch.cuda.is_available():
        record["peak_cuda_mb"] = round(torch.cuda.max_memory_allocated() / 2**20, 1)
    return record


def _write_traces(
    handle: Any,
    step: int,
    batch: list[Any],
    cfg: GRPOConfig,
    roll: Rollout,
    scored: list[RewardBreakdown],
    exp: Experience,
    logps: torch.Tensor | None,
) -> None:
    comp = roll.sequences[:, roll.prompt_len :]
    for row in range(comp.shape[0]):
        n = int(roll.completion_mask[row].sum())
        item = batch[row // cfg.group_size]
        entry = {
            "step": step,
            "item": getattr(item, "id", ""),
            "group": row // cfg.group_size,
            "text": roll.texts[row],
            "token_ids": comp[row, :n].tolist(),
            "logprobs": None if logps is None else [round(x, 5) for x in logps[row, :n].tolist()],
            "old_logprobs": None
            if exp.old_logps is None
            else [round(x, 5) for x in exp.old_logps[row, :n].tolist()],
            "ref_logprobs": None
            if exp.ref_logps is None
            else [round(x, 5) for x in exp.ref_logps[row, :n].tolist()],
            "advantage": float(exp.advantages[row]),
            "truncated": bool(roll.truncated[row]),
            "reward": scored[row].to_dict(),
        }
        handle.write(json.dumps(entry) + "\n")
    handle.flush()


def _tensorboard(cfg: GRPOConfig, run_dir: Path) -> Any:
    if not cfg.tensorboard:
        return None
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:  # tensorboard is optional
        return None
    return SummaryWriter(str(run_dir / "tb"))


def _progress(cfg: GRPOConfig, start: int, enabled: bool) -> Any:
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=cfg.steps, initial=start, desc="grpo", unit="step", dynamic_ncols=True)
