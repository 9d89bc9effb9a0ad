"""Benchmark: a few GRPO steps with our loop (training.grpo) vs TRL's GRPOTrainer, same algorithm.

Both runs use the embedded SmolLM2-135M (the same dequantised float32 weights, on CPU), the same
prompts (training-split items in one fixed order, chat-templated from
``models.prompt.build_messages``
without few-shot turns), the same group size, completion length, sampling (T=1, no top-k/top-p),
the same cdoctest reward (``training.rewards.score_completions`` through one ``DocTestRunner``)
and the same algorithm: DeepSeekMath GRPO, ``loss_type="grpo"`` (per-sequence mean then mean) =
our ``normalization="sequence"``, group-std-scaled advantages, symmetric ε = 0.2, β = 0.04 with the
k3 KL to a frozen reference copy, one update per batch (TRL ``num_iterations=1``, our
``inner_updates=1``), AdamW at the same learning rate, gradient clipping 1.0, no gradient
checkpointing, float32. Each implementation runs in its own subprocess so peak RSS is its own;
seconds per step exclude the first (warm-up) step. Results go to docs/benchmarks.md (``grpo``).

Run: ``.venv/bin/python -m bench.bench_grpo [--steps 3]`` (needs the ``bench`` extra: trl).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time

COMMON = dict(prompts=2, group=2, completion=32, lr=1e-6, beta=0.04, epsilon=0.2, seed=0)


def _items(n: int) -> list:
    from training.dataset import load_items
    from training.grpo import DataStream

    items = load_items("train")
    stream = DataStream(items, COMMON["seed"])
    return stream.take(n)  # the order our loop takes them in


def _reward_fn(runner):
    from training.rewards import MutantCache, score_completions

    cache = MutantCache(4)

    def score(texts, targets):
        return score_completions(texts, targets, runner=runner, mutants=cache)

    return score


def run_ours(steps: int, out_dir: str) -> dict:
    """Our loop: returns seconds per step (after the first) from metrics.jsonl."""
    from cdoctest_runner.runner import DocTestRunner
    from training.config import GRPOConfig
    from training.dataset import to_prompt_target
    from training.grpo import train

    cfg = GRPOConfig(
        output_dir=out_dir,
        steps=steps,
        prompts_per_step=COMMON["prompts"],
        group_size=COMMON["group"],
        max_completion_tokens=COMMON["completion"],
        few_shot=False,
        present_values=False,
        learning_rate=COMMON["lr"],
        beta=COMMON["beta"],
        kl_estimator="k3",
        epsilon=COMMON["epsilon"],
        normalization="sequence",
        schedule="algorithm1",
        inner_updates=1,
        steps_per_iteration=10_000,
        micro_batch_size=COMMON["prompts"] * COMMON["group"],
        checkpoint_every=0,
        traces=False,
        tensorboard=False,
        seed=COMMON["seed"],
        mutants=4,
    )
    items = _items(steps * COMMON["prompts"])
    with DocTestRunner(workers=2) as runner:
        train(
            cfg,
            items=items,
            to_target=to_prompt_target,
            reward_fn=_reward_fn(runner),
            progress=False,
        )
    with open(f"{out_dir}/metrics.jsonl") as handle:
        return {"seconds": [json.loads(line)["seconds_total"] for line in handle]}


def run_trl(steps: int, out_dir: str) -> dict:
    """TRL's GRPOTrainer set to the same algorithm; seconds per optimizer step via a callback."""
    import torch
    from datasets import Dataset
    from transformers import TrainerCallback
    from trl import GRPOConfig as TRLConfig
    from trl import GRPOTrainer

    from cdoctest_runner.runner import DocTestRunner
    from models.prompt import build_messages
    from training.dataset import to_prompt_target
    from training.hf_model import convert_gguf, embedded_gguf_path, load_policy
    from training.rewards import RewardTarget

    model_dir = str(convert_gguf(embedded_gguf_path()))
    _, tokenizer = load_policy(model_dir)
    items = _items(steps * COMMON["prompts"])
    rows = [
        {
            "prompt": build_messages(to_prompt_target(i), few_shot=False),
            "function": i.function,
            "source": i.source,
            "language": i.language,
            "item_id": i.id,
        }
        for i in items
    ]
    runner = DocTestRunner(workers=2)
    score = _reward_fn(runner)

    def cdoctest_reward(prompts, completions, function, source, language, item_id, **_):
        texts = [c[0]["content"] if isinstance(c, list) else c for c in completions]
        targets = [
            RewardTarget(f, s, lang, k)
            for f, s, lang, k in zip(function, source, language, item_id, strict=True)
        ]
        return [r.total for r in score(texts, targets)]

    times: list[float] = []

    class Timer(TrainerCallback):
        def on_step_begin(self, args, state, control, **kw):
            self.t = time.perf_counter()

        def on_step_end(self, args, state, control, **kw):
            times.append(time.perf_counter() - self.t)

    batch = COMMON["prompts"] * COMMON["group"]
    args = TRLConfig(
        output_dir=out_dir,
        max_steps=steps,
        per_device_train_batch_size=batch,
        gradient_accumulation_steps=1,
        num_generations=COMMON["group"],
        max_completion_length=COMMON["completion"],
        temperature=1.0,
        top_p=1.0,
        top_k=0,
        beta=COMMON["beta"],
        epsilon=COMMON["epsilon"],
        loss_type="grpo",
        scale_rewards="group",
        num_iterations=1,
        learning_rate=COMMON["lr"],
        lr_scheduler_type="constant",
        warmup_steps=0,
        max_grad_norm=1.0,
        weight_decay=0.0,
        adam_beta2=0.99,
        gradient_checkpointing=False,
        bf16=False,
        use_cpu=True,
        shuffle_dataset=False,
        disable_dropout=True,
        logging_steps=1,
        report_to=[],
        save_strategy="no",
        seed=COMMON["seed"],
        model_init_kwargs={"dtype": torch.float32},
        dataloader_num_workers=0,
    )
    trainer = GRPOTrainer(
        model=model_dir,
        reward_funcs=[cdoctest_reward],
        args=args,
        train_dataset=Dataset.from_list(rows),
        processing_class=tokenizer,
        callbacks=[Timer()],
    )
    try:
        trainer.train()
    finally:
        runner.close()
    return {"seconds": times}


def child(impl: str, steps: int) -> None:
    with tempfile.TemporaryDirectory() as out_dir:
        result = run_ours(steps, out_dir) if impl == "ours" else run_trl(steps, out_dir)
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("RESULT " + json.dumps(result))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--child", choices=["ours", "trl"])
    args = parser.parse_args()
    if args.child:
        child(args.child, args.steps)
        return 0
    results = {}
    for impl in ("ours", "trl"):
        proc = subprocess.run(
            [sys.executable, "-m", "bench.bench_grpo", "--child", impl, "--steps", str(args.steps)],
            capture_output=True,
            text=True,
        )
        line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")), None)
        if proc.returncode != 0 or line is None:
            print(proc.stderr[-4000:], file=sys.stderr)
            raise SystemExit(f"{impl} run failed (exit {proc.returncode})")
        results[impl] = json.loads(line[len("RESULT ") :])
        print(impl, results[impl], file=sys.stderr)
    write(results, args.steps)
    return 0


def write(results: dict, steps: int) -> None:
    from bench._table import markdown_table, write_section

    def per_step(r: dict) -> float:
        timed = r["seconds"][1:] or r["seconds"]
        return statistics.median(timed)

    ours, trl = results["ours"], results["trl"]
    rows = [
        [
            "seconds per step (median, after step 1)",
            f"{per_step(ours):.1f}",
            f"{per_step(trl):.1f}",
            f"{per_step(trl) / per_step(ours):.2f}×",
        ],
        [
            "peak RSS (MB)",
            f"{ours['peak_rss_mb']:.0f}",
            f"{trl['peak_rss_mb']:.0f}",
            f"{trl['peak_rss_mb'] / ours['peak_rss_mb']:.2f}×",
        ],
    ]
    body = (
        f"{steps} GRPO steps, embedded SmolLM2-135M float32 on CPU, {COMMON['prompts']} prompts × "
        f"G={COMMON['group']}, "
        f"{COMMON['completion']} completion tokens, cdoctest reward (runner, 2 workers, 4 "
        f"mutants).\n"
        'Algorithm in both: DeepSeekMath GRPO, per-sequence-mean loss (TRL `loss_type="grpo"` = '
        "ours "
        f"`normalization: sequence`), group-std advantages, ε={COMMON['epsilon']} symmetric, "
        f"β={COMMON['beta']} k3 KL "
        f"to a frozen reference, 1 update per batch (TRL `num_iterations=1`), AdamW lr "
        f"{COMMON['lr']}, clip 1.0, "
        "no gradient checkpointing. TRL: `GRPOTrainer` 1.16, `per_device_train_batch_size=4`, "
        "`gradient_accumulation_steps=1`, `top_k=0`, `top_p=1`, `use_cpu=True`, `bf16=False`.\n\n"
        + markdown_table(["measure", "ours", "TRL", "TRL / ours"], rows)
        + "\n\nSeconds per step include sampling, the cdoctest reward and the update; the machine "
        "was shared, so"
        " only the ratio (both measured in one run) is meaningful.\n"
    )
    write_section("grpo", "GRPO step: our loop vs TRL GRPOTrainer", body)


if __name__ == "__main__":
    raise SystemExit(main())
