"""``cdoctest-train eval``: how well a policy writes cdoctest blocks for held-out functions.

For each item of a split, one greedy completion is sampled from the torch policy with the same
prompt as training and generation, then scored with the training reward's parts
(``training.rewards.score_completions``): format, compiles, correctness (predicted output equals
actual) and mutation score, plus ``pass`` (the whole block passes as predicted). Results are
reported overall and per category. Nothing is recorded into the completions.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cdoctest_runner.protocol import Runner

METRICS = ("format", "compiles", "correctness", "strength", "reasoning", "pass")


@dataclass
class ItemScore:
    """One item's greedy completion and its scores."""

    id: str
    category: str
    completion: str
    format: float
    compiles: float
    correctness: float
    strength: float
    reasoning: float
    passed: bool
    outcomes: list[str] = field(default_factory=list)


@dataclass
class EvalReport:
    """Mean of each metric overall and per category, with the per-item detail."""

    model: str
    split: str
    n: int
    overall: dict[str, float]
    by_category: dict[str, dict[str, float]]
    items: list[ItemScore]

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return asdict(self)

    def table(self) -> str:
        """A Markdown table: one row per category and an overall row."""
        header = "| category | n | " + " | ".join(METRICS) + " |\n|---|---|" + "---|" * len(METRICS)
        rows = []
        for name, values in [*sorted(self.by_category.items()), ("**all**", self.overall)]:
            count = int(values.get("n", 0))
            rows.append(
                f"| {name} | {count} | " + " | ".join(f"{values[m]:.2f}" for m in METRICS) + " |"
            )
        return "\n".join([header, *rows])


def _means(scores: Sequence[ItemScore]) -> dict[str, float]:
    n = max(1, len(scores))
    out = {
        m: sum(float(s.passed if m == "pass" else getattr(s, m)) for s in scores) / n
        for m in METRICS
    }
    out["n"] = float(len(scores))
    return out


def greedy_completions(
    model: Any,
    tokenizer: Any,
    targets: Sequence[Any],
    max_new_tokens: int,
    few_shot: bool = True,
    batch_size: int = 4,
) -> list[str]:
    """One greedy completion per target from the torch policy (batched, left-padded)."""
    import torch
    from transformers import GenerationConfig

    from training.rollout import completion_mask, eos_ids, prompt_texts

    stops = eos_ids(tokenizer, model)
    config = GenerationConfig(
        do_sample=False,
        max_new_tokens=max_new_tokens,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=stops,
        repetition_penalty=None,
    )
    out: list[str] = []
    for start in range(0, len(targets), batch_size):
        texts = prompt_texts(tokenizer, targets[start : start + batch_size], few_shot)
        enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
        device = next(model.parameters()).device
        with torch.no_grad():
            seqs = model.generate(
                input_ids=enc["input_ids"].to(device),
                attention_mask=enc["attention_mask"].to(device),
                generation_config=config,
            )
        comp = seqs[:, enc["input_ids"].shape[1] :]
        mask, _ = completion_mask(comp, stops)
        out += [
            tokenizer.decode(r[: int(m.sum())], skip_special_tokens=True)
            for r, m in zip(comp, mask, strict=True)
        ]
    return out


def evaluate(
    model: str | None = None,
    split: str = "val",
    *,
    items: Sequence[Any] | None = None,
    to_target: Callable[[Any], Any] | None = None,
    policy: tuple[Any, Any] | None = None,
    runner: Runner | None = None,
    mutants: int = 8,
    max_new_tokens: int = 160,
    few_shot: bool = True,
    device: str = "cpu",
) -> EvalReport:
    """Evaluate ``model`` on ``split`` (GGUF, HF or checkpoint ``model/`` dir; None = embedded)."""
    from training.config import RewardWeights
    from training.rewards import MutantCache, reward_target, score_completions

    if items is None:
        from training.dataset import load_items

        items = load_items(split)
    if to_target is None:
        from training.dataset import to_prompt_target

        to_target = to_prompt_target
    if policy is None:
        from training.export import load_trained_policy

        policy = load_trained_policy(model, device=device)
    texts = greedy_completions(
        policy[0], policy[1], [to_target(i) for i in items], max_new_tokens, few_shot
    )
    own_runner = runner is None
    if runner is None:
        from cdoctest_runner.runner import DocTestRunner

        runner = DocTestRunner(workers=2)
    try:
        cache = MutantCache(mutants) if mutants > 0 else None
        scored = score_completions(
            texts,
            [reward_target(i) for i in items],
            runner=runner,
            weights=RewardWeights(),
            mutants=cache,
        )
    finally:
        if own_runner:
            runner.close()
    scores = [
        ItemScore(
            getattr(i, "id", ""),
            getattr(i, "category", ""),
            text,
            r.format,
            r.compiles,
            r.correctness,
            r.strength,
            r.reasoning,
            passed=r.format == 1.0 and r.correctness == 1.0,
            outcomes=r.outcomes,
        )
        for i, text, r in zip(items, texts, scored, strict=True)
    ]
    groups: dict[str, list[ItemScore]] = defaultdict(list)
    for s in scores:
        groups[s.category].append(s)
    return EvalReport(
        model or "embedded",
        split,
        len(scores),
        _means(scores),
        {k: _means(v) for k, v in groups.items()},
        scores,
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train eval``."""
    parser.add_argument(
        "--model",
        default=None,
        help="GGUF file, HF directory, checkpoint model/ directory or peft adapter directory "
        "(default: embedded)",
    )
    parser.add_argument(
        "--split",
        default="val",
        choices=["train", "val", "synth-train", "synth-heldout"],
        help="data set split (default: val)",
    )
    parser.add_argument(
        "--per-template",
        type=int,
        metavar="N",
        help="generated splits: only the first N items of each template (default: all)",
    )
    parser.add_argument(
        "--max-new-tokens", type=int, default=160, help="completion length limit (default: 160)"
    )
    parser.add_argument(
        "--mutants",
        type=int,
        default=8,
        help="mutants per function for the mutation score (0 = skip)",
    )
    parser.add_argument(
        "--no-few-shot", action="store_true", help="prompt without the few-shot turns"
    )
    parser.add_argument("--device", default="cpu", help="torch device (default: cpu)")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the full report (with completions) as JSON"
    )


def run(args: argparse.Namespace) -> int:
    """Run the evaluation and print the table; the CLI maps errors to exit codes."""
    items = None
    if args.per_template:
        from training.dataset import load_items

        seen: dict[str, int] = defaultdict(int)
        items = []
        for item in load_items(args.split):
            seen[item.template] += 1
            if seen[item.template] <= args.per_template:
                items.append(item)
    report = evaluate(
        args.model,
        args.split,
        items=items,
        mutants=args.mutants,
        max_new_tokens=args.max_new_tokens,
        few_shot=not args.no_few_shot,
        device=args.device,
    )
    print(f"model: {report.model}  split: {report.split}  items: {report.n}")
    print(report.table())
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report.to_dict(), handle, indent=1)
        print(f"wrote {args.json}", file=sys.stderr)
    return 0
