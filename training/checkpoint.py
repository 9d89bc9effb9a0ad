"""GRPO checkpoints: ``RUN/checkpoints/step-NNNNNN`` with everything a bit-identical resume needs.

A checkpoint holds the policy (``model/``: the full model, or the adapter of a LoRA policy), the
tokenizer, ``state.pt`` (step, optimizer, scheduler, RNG states, data position, the current
iteration's rewards), the frozen policies' state (``ref.pt``/``old.pt``: full weights, or adapter
snapshots for a LoRA policy) and the run's ``config.yaml``. It is written to ``.tmp`` and renamed,
so a crash never leaves a half-written checkpoint; only the newest ``keep_checkpoints`` stay.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from training.config import GRPOConfig
from training.state import TrainingError, TrainState, build_state


def save_checkpoint(state: TrainState, run_dir: Path) -> Path:
    """Write ``checkpoints/step-NNNNNN`` (module docstring: what it holds); return its path."""
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
        peft_model = PeftModel.from_pretrained(base, str(ckpt / "model"), is_trainable=True)
        state = build_state(cfg.model_copy(update={"lora": None}), items, peft_model, tokenizer)
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
