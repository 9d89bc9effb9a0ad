"""What a GRPO run writes per step: ``metrics.jsonl``, ``traces.jsonl``, TensorBoard, progress.

``StepLog`` opens the run directory's files once (append mode, so a resumed run continues them) and
``write(...)`` records one step: the metrics line (fields listed in docs/training.md, "Run
directory"), every completion of the batch in the traces (token ids, log-probs, reward breakdown),
the numeric metrics as TensorBoard scalars, and the progress bar. Under torchrun only rank 0 writes.
"""

from __future__ import annotations

import json
import resource
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from training.config import GRPOConfig
from training.rewards import PARTS, RewardBreakdown
from training.rollout import Experience, Rollout

#: The update statistics copied into each metrics line (from the last update of the step).
UPDATE_FIELDS = (
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


@dataclass
class StepRecord:
    """One step's inputs to the log (everything ``metrics`` and the traces read)."""

    step: int
    batch: list[Any]
    roll: Rollout
    scored: list[RewardBreakdown]
    rewards: torch.Tensor
    exp: Experience
    adv_stats: dict[str, float]
    updates: list[Any]  # training.grpo.UpdateStats, one per inner update
    sampled_logps: torch.Tensor | None  # (B, C) torch log-probs of the first update, detached
    timings: dict[str, float]
    seconds: float


def metrics(cfg: GRPOConfig, rec: StepRecord) -> dict[str, Any]:
    """The metrics line of one step (docs/training.md, "Run directory")."""
    last = rec.updates[-1]
    tokens = int(rec.roll.completion_mask.sum())
    record: dict[str, Any] = {
        "step": rec.step,
        "iteration": rec.step // cfg.steps_per_iteration,
        "reward": float(rec.rewards.mean()),
        "reward_std": float(rec.rewards.std()) if rec.rewards.numel() > 1 else 0.0,
    }
    for part in PARTS:
        record[f"reward/{part}"] = sum(getattr(r, part) for r in rec.scored) / len(rec.scored)
    record.update(rec.adv_stats)
    record.update({key: getattr(last, key) for key in UPDATE_FIELDS})
    record["losses"] = [u.loss for u in rec.updates]
    record["skipped_updates"] = sum(bool(u.skipped) for u in rec.updates)
    record["completion_tokens"] = tokens
    record["completion_length"] = tokens / rec.roll.completion_mask.shape[0]
    record["truncated"] = float(rec.roll.truncated.float().mean())
    record["tokens_per_s"] = tokens / max(rec.seconds, 1e-9)
    record["seconds"] = {k: round(v, 3) for k, v in rec.timings.items()}
    record["seconds_total"] = round(rec.seconds, 3)
    record["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if torch.cuda.is_available():
        record["peak_cuda_mb"] = round(torch.cuda.max_memory_allocated() / 2**20, 1)
    return record


def _rounded(values: torch.Tensor | None, row: int, n: int) -> list[float] | None:
    return None if values is None else [round(x, 5) for x in values[row, :n].tolist()]


def traces(cfg: GRPOConfig, rec: StepRecord) -> list[dict[str, Any]]:
    """One trace entry per completion of the step."""
    comp = rec.roll.sequences[:, rec.roll.prompt_len :]
    out = []
    for row in range(comp.shape[0]):
        n = int(rec.roll.completion_mask[row].sum())
        item = rec.batch[row // cfg.group_size]
        out.append(
            {
                "step": rec.step,
                "item": getattr(item, "id", ""),
                "group": row // cfg.group_size,
                "text": rec.roll.texts[row],
                "token_ids": comp[row, :n].tolist(),
                "logprobs": _rounded(rec.sampled_logps, row, n),
                "old_logprobs": _rounded(rec.exp.old_logps, row, n),
                "ref_logprobs": _rounded(rec.exp.ref_logps, row, n),
                "advantage": float(rec.exp.advantages[row]),
                "truncated": bool(rec.roll.truncated[row]),
                "reward": rec.scored[row].to_dict(),
            }
        )
    return out


class StepLog:
    """The run directory's per-step outputs (module docstring); a no-op off the main rank."""

    def __init__(self, cfg: GRPOConfig, run_dir: Path, start: int, *, main: bool, progress: bool):
        self.cfg, self.main = cfg, main
        self.metrics_file = open(run_dir / "metrics.jsonl", "a") if main else None  # noqa: SIM115
        self.traces_file = open(run_dir / "traces.jsonl", "a") if main else None  # noqa: SIM115
        self.writer = _tensorboard(cfg, run_dir) if main else None
        self.bar = _progress(cfg, start) if progress and main else None

    def write(self, record: dict[str, Any], rec: StepRecord) -> None:
        """Log one step: its metrics line (``record``), traces, scalars and the progress bar."""
        if self.metrics_file is not None:
            self.metrics_file.write(json.dumps(record) + "\n")
            self.metrics_file.flush()
        if self.traces_file is not None and self.cfg.traces:
            for entry in traces(self.cfg, rec):
                self.traces_file.write(json.dumps(entry) + "\n")
            self.traces_file.flush()
        if self.writer is not None:
            for key, value in record.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    self.writer.add_scalar(key, value, rec.step)
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix(
                reward=f"{record['reward']:.3f}",
                loss=f"{record['loss']:.4f}",
                kl=f"{record['kl']:.4f}",
                skip=record["skipped_updates"],
            )

    def close(self) -> None:
        """Close the files, the writer and the bar."""
        for handle in (self.metrics_file, self.traces_file, self.writer, self.bar):
            if handle is not None:
                handle.close()


def _tensorboard(cfg: GRPOConfig, run_dir: Path) -> Any:
    if not cfg.tensorboard:
        return None
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:  # tensorboard is optional
        return None
    return SummaryWriter(str(run_dir / "tb"))


def _progress(cfg: GRPOConfig, start: int) -> Any:
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=cfg.steps, initial=start, desc="grpo", unit="step", dynamic_ncols=True)
