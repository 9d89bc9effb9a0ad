"""``cdoctest-train sft``: the prompt-embedding stage — supervised fine-tuning on verified answers.

Question-and-answer pairs come from the data set (``training.dataset``): the question is exactly
the prompt the generator sends (``models.prompt.build_messages`` on ``to_prompt_target(item)``,
rendered with the model's chat template and the generation prompt), the answer is the item's
verified reference block in the completion format (``item.reference``, every presentation of the
item when ``variants`` is on) followed by the end-of-turn token. The loss is the mean token
cross-entropy over answer tokens only (prompt and padding are masked with -100).

Methods (``SFTConfig.method``):

- ``expand`` (default, the source design): ``training.expand.expand_front`` inserts ``n_new`` (2)
  identity-initialised decoder blocks at the front and only those are trained; the rest of the
  model is frozen. The output is unchanged at step 0. Saved as a full Hugging Face model
  (``num_hidden_layers`` = original + n_new) in ``RUN/model``.
- ``lora``: peft LoRA adapters (``SFTConfig.lora``) on the frozen model. Saved as the adapter in
  ``RUN/adapter`` (exported as a llama.cpp LoRA GGUF) and merged into ``RUN/model`` (the starting
  point of a following GRPO stage).

Run directory: ``config.yaml`` (this config), ``metrics.jsonl`` (one line per step: step, loss,
tokens, lr, seconds), ``model/`` (with ``DERIVED_FROM`` naming the source GGUF for
``training.export``, and ``EXPANSION`` for expanded models), ``adapter/`` (lora only),
``summary.json`` (format rates before/after when ``eval_prompts`` > 0).
Errors: ``SFTError`` (no data, bad run directory); model loading raises ``models.api.ModelError``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from training.config import LoRAOptions


class SFTError(Exception):
    """The SFT stage cannot run (no items, an unusable run directory)."""


class SFTConfig(BaseModel):
    """Configuration of the SFT stage (``cdoctest-train sft --config FILE``)."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = Field(
        None,
        description="model to start from: a .gguf, a Hugging Face directory, or null for the "
        "embedded GGUF",
    )
    method: Literal["expand", "lora"] = Field(
        "expand",
        description="'expand': train 2 new front blocks only (source design); 'lora': peft "
        "adapters",
    )
    n_new: int = Field(2, ge=1, description="expand: decoder blocks inserted at the front")
    lora: LoRAOptions = Field(default_factory=LoRAOptions, description="lora: adapter options")
    device: str = Field("cpu", description="torch device")
    seed: int = Field(0, description="seed of data order")
    split: Literal["train", "val", "synth-train", "synth-heldout"] = Field(
        "train", description="data set split to build pairs from"
    )
    categories: list[str] | None = Field(
        None, description="restrict to these categories (null = all)"
    )
    variants: bool = Field(
        True, description="one pair per presentation of an item (its value-modified variants too)"
    )
    few_shot: bool = Field(
        True, description="prompt with the generator's few-shot turns (as at generation time)"
    )
    steps: int = Field(60, gt=0, description="optimizer steps")
    batch_size: int = Field(4, gt=0, description="pairs per step")
    learning_rate: float = Field(
        3e-4,
        gt=0.0,
        description="AdamW learning rate (new blocks/adapters start at identity: use a larger "
        "rate than full fine-tuning)",
    )
    warmup_steps: int = Field(5, ge=0, description="linear warm-up steps, then cosine decay to 10%")
    weight_decay: float = Field(0.0, ge=0.0, description="AdamW weight decay")
    max_grad_norm: float = Field(1.0, gt=0.0, description="gradient clipping norm")
    max_length: int = Field(
        2048, gt=0, description="pairs longer than this many tokens are dropped"
    )
    gradient_checkpointing: bool = Field(
        False, description="recompute activations in backward (saves memory)"
    )
    eval_prompts: int = Field(
        0,
        ge=0,
        description="measure the format rate on this many val prompts before and after (0 = skip)",
    )
    eval_max_new_tokens: int = Field(
        96, gt=0, description="greedy completion length for the format rate"
    )
    output_dir: str = Field("runs/sft", description="run directory")

    @classmethod
    def from_yaml(cls, path: str | Path) -> SFTConfig:
        """Read a YAML mapping of the fields."""
        data = yaml.safe_load(Path(path).read_text()) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected a YAML mapping of SFTConfig fields")
        return cls.model_validate(data)

    def to_yaml(self) -> str:
        """The config as YAML (every field)."""
        return str(yaml.safe_dump(self.model_dump(mode="json"), sort_keys=False))


@dataclass(frozen=True)
class Pair:
    """One training pair: token ids of the rendered prompt and of the answer (ending in EOS)."""

    id: str
    prompt_ids: tuple[int, ...]
    answer_ids: tuple[int, ...]


@dataclass
class SFTResult:
    """What ``train_sft`` produced."""

    model: Any
    tokenizer: Any
    run_dir: Path
    losses: list[float] = field(default_factory=list)
    format_before: float | None = None
    format_after: float | None = None
    pairs: int = 0


def answer_text(reference: str) -> str:
    """The assistant answer for a reference block: its lines, no trailing blank line.

    >>> answer_text(">>> add(1, 2)\\n3\\n\\n")
    '>>> add(1, 2)\\n3'
    """
    return reference.strip("\n")


def build_pairs(
    items: Sequence[Any],
    tokenizer: Any,
    *,
    few_shot: bool = True,
    variants: bool = True,
    to_target: Callable[[Any], Any] | None = None,
    max_length: int | None = None,
) -> list[Pair]:
    """Q&A pairs for ``items``: the generation prompt -> the verified reference answer + EOS."""
    from models.prompt import build_messages

    if to_target is None:
        from training.dataset import to_prompt_target

        to_target = to_prompt_target
    eos = tokenizer.eos_token_id
    pairs = []
    for item in items:
        shown = item.presentations() if variants and hasattr(item, "presentations") else [item]
        for k, view in enumerate(shown):
            prompt = tokenizer.apply_chat_template(
                build_messages(to_target(view), few_shot=few_shot),
                add_generation_prompt=True,
                tokenize=False,
            )
            p_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
            a_ids = tokenizer(answer_text(view.reference), add_special_tokens=False)[
                "input_ids"
            ] + [eos]
            if max_length is not None and len(p_ids) + len(a_ids) > max_length:
                continue
            pairs.append(Pair(f"{getattr(item, 'id', '')}#{k}", tuple(p_ids), tuple(a_ids)))
    return pairs


def collate(pairs: Sequence[Pair], pad_id: int) -> dict[str, Any]:
    """Right-padded ``input_ids``, ``attention_mask`` and ``labels`` (-100 except answer tokens)."""
    import torch

    width = max(len(p.prompt_ids) + len(p.answer_ids) for p in pairs)
    ids = torch.full((len(pairs), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(pairs), width), dtype=torch.long)
    labels = torch.full((len(pairs), width), -100, dtype=torch.long)
    for row, p in enumerate(pairs):
        seq = list(p.prompt_ids) + list(p.answer_ids)
        ids[row, : len(seq)] = torch.tensor(seq)
        mask[row, : len(seq)] = 1
        labels[row, len(p.prompt_ids) : len(seq)] = torch.tensor(p.answer_ids)
    return {"input_ids": ids, "attention_mask": mask, "labels": labels}


def answer_loss(model: Any, batch: dict[str, Any]) -> Any:
    """Mean cross-entropy of the answer tokens (labels != -100), shifted by one position."""
    import torch

    out = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])
    logits = out.logits[:, :-1].float()
    labels = batch["labels"][:, 1:]
    return torch.nn.functional.cross_entropy(
        logits.reshape(-1, logits.shape[-1]), labels.reshape(-1), ignore_index=-100
    )


def format_rate(
    model: Any,
    tokenizer: Any,
    targets: Sequence[Any],
    *,
    few_shot: bool = True,
    max_new_tokens: int = 96,
) -> tuple[float, list[str]]:
    """Fraction of greedy completions that follow the block format (``parse_completion``: no error,
    at least one example), and the completions.
    """
    from models.prompt import parse_completion
    from training.evaluate import greedy_completions

    was_training = model.training
    model.eval()
    texts = greedy_completions(model, tokenizer, list(targets), max_new_tokens, few_shot)
    model.train(was_training)
    ok = 0
    for text in texts:
        parsed = parse_completion(text)
        ok += parsed.error is None and bool(parsed.examples)
    return ok / max(1, len(texts)), texts


def prepare_model(cfg: SFTConfig, model: Any) -> tuple[Any, list[Any]]:
    """Apply the method to ``model``; return it and its trainable parameters."""
    if cfg.method == "expand":
        from training.expand import expand_front, freeze_except_new

        model = expand_front(model, cfg.n_new)
        params = freeze_except_new(model, cfg.n_new)
    else:
        model = cfg.lora.wrap(model, cfg.seed)
        params = [p for p in model.parameters() if p.requires_grad]
    if cfg.gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.enable_input_require_grads()
    return model, params


def _schedule(cfg: SFTConfig) -> Callable[[int], float]:
    def factor(step: int) -> float:
        if step < cfg.warmup_steps:
            return (step + 1) / (cfg.warmup_steps + 1)
        progress = min(1.0, (step - cfg.warmup_steps) / max(1, cfg.steps - cfg.warmup_steps))
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress))

    return factor


def _items(cfg: SFTConfig) -> list[Any]:
    from training.dataset import load_items

    items = load_items(cfg.split)
    if cfg.categories:
        items = [i for i in items if i.category in cfg.categories]
    return items


def train_sft(
    cfg: SFTConfig,
    *,
    items: Sequence[Any] | None = None,
    eval_items: Sequence[Any] | None = None,
    to_target: Callable[[Any], Any] | None = None,
    policy: tuple[Any, Any] | None = None,
    progress: bool = False,
) -> SFTResult:
    """Run the SFT stage and save the run directory; returns the trained model and figures.

    ``items`` default to the configured split; ``eval_items`` (for the format rate) to the ``val``
    split; ``policy`` = ``(model, tokenizer)`` to start from an already loaded model (modified in
    place), else ``load_policy(cfg.model)``.
    """
    from training.hf_model import load_policy

    if to_target is None:
        from training.dataset import to_prompt_target

        to_target = to_prompt_target
    items = list(items) if items is not None else _items(cfg)
    if not items:
        raise SFTError("no items to build SFT pairs from: check split/categories")
    model, tokenizer = policy if policy is not None else load_policy(cfg.model, device=cfg.device)
    pairs = build_pairs(
        items,
        tokenizer,
        few_shot=cfg.few_shot,
        variants=cfg.variants,
        to_target=to_target,
        max_length=cfg.max_length,
    )
    if not pairs:
        raise SFTError(f"every pair is longer than max_length {cfg.max_length}")
    run_dir = Path(cfg.output_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "config.yaml").write_text(cfg.to_yaml())
    result = SFTResult(model, tokenizer, run_dir, pairs=len(pairs))
    eval_targets: list[Any] = []
    if cfg.eval_prompts:
        if eval_items is None:
            from training.dataset import load_items

            eval_items = load_items("val")
        eval_targets = [to_target(i) for i in list(eval_items)[: cfg.eval_prompts]]
        result.format_before = _format_rate(cfg, model, tokenizer, eval_targets)
    model, params = prepare_model(cfg, model)
    result.model = model
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    model.train()
    # Dropout stays as configured by the model (SmolLM2/Qwen2 have none).
    _optimise(cfg, model, params, pairs, pad, run_dir / "metrics.jsonl", result.losses, progress)
    model.eval()
    if cfg.eval_prompts:
        result.format_after = _format_rate(cfg, model, tokenizer, eval_targets)
    save_sft(cfg, result)
    return result


def _format_rate(cfg: SFTConfig, model: Any, tokenizer: Any, targets: list[Any]) -> float:
    """``format_rate`` of ``targets`` with the run's few-shot and token settings."""
    rate, _ = format_rate(
        model, tokenizer, targets, few_shot=cfg.few_shot, max_new_tokens=cfg.eval_max_new_tokens
    )
    return rate


def _batches(n_pairs: int, batch_size: int, seed: int) -> Iterator[list[int]]:
    """Endless batches of pair indices: each epoch a fresh shuffle (``random.Random(seed)``),
    taken from its end; a batch may span two epochs.
    """
    rng = random.Random(seed)
    order: list[int] = []
    while True:
        batch = []
        for _ in range(batch_size):
            if not order:
                order = list(range(n_pairs))
                rng.shuffle(order)
            batch.append(order.pop())
        yield batch


def _optimise(
    cfg: SFTConfig,
    model: Any,
    params: list[Any],
    pairs: Sequence[Any],
    pad: int,
    metrics_path: Path,
    losses: list[float],
    progress: bool,
) -> None:
    """``cfg.steps`` AdamW steps on the answer loss of batches of ``pairs`` (``_batches``), with
    the learning-rate schedule and gradient clipping of ``cfg``; each step's loss is appended to
    ``losses`` and its record (loss, grad norm, answer tokens, lr, seconds) to ``metrics_path``.
    """
    import torch

    optimizer = torch.optim.AdamW(params, lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, _schedule(cfg))
    device = next(model.parameters()).device
    batches = _batches(len(pairs), cfg.batch_size, cfg.seed)
    with open(metrics_path, "w") as metrics:
        bar = _bar(cfg.steps, progress)
        for step in range(cfg.steps):
            t0 = time.perf_counter()
            batch_pairs = [pairs[i] for i in next(batches)]
            batch = {k: v.to(device) for k, v in collate(batch_pairs, pad).items()}
            loss = answer_loss(model, batch)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            grad_norm = float(torch.nn.utils.clip_grad_norm_(params, cfg.max_grad_norm))
            optimizer.step()
            scheduler.step()
            loss_value = float(loss.detach())
            losses.append(loss_value)
            record = {
                "step": step,
                "loss": loss_value,
                "grad_norm": grad_norm,
                "tokens": int((batch["labels"] != -100).sum()),
                "lr": optimizer.param_groups[0]["lr"],
                "seconds": round(time.perf_counter() - t0, 3),
            }
            metrics.write(json.dumps(record) + "\n")
            metrics.flush()
            if bar is not None:
                bar.update(1)
                bar.set_postfix(loss=f"{loss_value:.3f}")
        if bar is not None:
            bar.close()


def save_sft(cfg: SFTConfig, result: SFTResult) -> Path:
    """Write ``model/`` (and ``adapter/`` for lora) and ``summary.json``; return the model dir."""
    from training.export import source_gguf
    from training.hf_model import embedded_gguf_path

    run_dir = result.run_dir
    origin = source_gguf(cfg.model) if cfg.model else embedded_gguf_path()
    model_dir = run_dir / "model"
    model = result.model
    if cfg.method == "lora":
        model.save_pretrained(run_dir / "adapter")
        import copy

        model = copy.deepcopy(model).merge_and_unload()
    model.save_pretrained(model_dir)
    result.tokenizer.save_pretrained(model_dir)
    (model_dir / "DERIVED_FROM").write_text(origin + "\n")
    if cfg.method == "expand":
        from training.expand import EXPANSION_FILE

        (model_dir / EXPANSION_FILE).write_text(
            json.dumps({"front": cfg.n_new, "source_layer": 0}) + "\n"
        )
    summary = {
        "method": cfg.method,
        "pairs": result.pairs,
        "steps": cfg.steps,
        "loss_first": result.losses[0] if result.losses else None,
        "loss_last": result.losses[-1] if result.losses else None,
        "loss_last10_mean": sum(result.losses[-10:]) / max(1, len(result.losses[-10:])),
        "format_before": result.format_before,
        "format_after": result.format_after,
        "eval_prompts": cfg.eval_prompts,
        "source_gguf": origin,
    }
    (run_dir / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return model_dir


def _bar(total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="sft", unit="step", dynamic_ncols=True)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train sft``."""
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="YAML file of SFTConfig fields (default: built-in defaults)",
    )
    parser.add_argument(
        "--model",
        metavar="HF_DIR_OR_GGUF",
        help="model to start from (default: the embedded model)",
    )
    parser.add_argument(
        "--method", choices=["expand", "lora"], help="expand (2 new front blocks, default) or lora"
    )
    parser.add_argument("--steps", type=int, help="optimizer steps (overrides the config)")
    parser.add_argument(
        "--eval-prompts", type=int, help="val prompts for the before/after format rate"
    )
    parser.add_argument("--out", metavar="DIR", help="run directory (overrides output_dir)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Train and print the summary."""
    cfg = SFTConfig.from_yaml(args.config) if args.config else SFTConfig()
    updates = {
        k: v
        for k, v in (
            ("model", args.model),
            ("method", args.method),
            ("steps", args.steps),
            ("eval_prompts", args.eval_prompts),
            ("output_dir", args.out),
        )
        if v is not None
    }
    cfg = SFTConfig.model_validate({**cfg.model_dump(), **updates})
    result = train_sft(cfg, progress=not args.no_progress)
    print((result.run_dir / "summary.json").read_text())
    print(f"done: model in {result.run_dir / 'model'}", file=sys.stderr)
    return 0
