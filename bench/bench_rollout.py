"""Benchmark: GRPO rollouts through llama.cpp (training.llama_rollout) vs torch sampling.

Same policy (the embedded SmolLM2-135M; llama.cpp serves the policy as exported for rollouts: a
LoRA adapter GGUF on the embedded Q4_1 base, torch samples from the dequantised float32 model),
the same chat-templated prompts (training tiny items, no few-shot turns), the same group size G
and completion length (end-of-generation suppressed in neither: lengths are reported), T = 1 with
top-k/top-p off. Rates are completion tokens per second of wall time, median of ``--repeats``
after one warm-up; the export + reload cost of one sync is reported separately. Writes
docs/benchmarks.md section ``rollout``.

Run: ``.venv/bin/python -m bench.bench_rollout [--group 4] [--tokens 64] [--repeats 3] [--threads
N]``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

PROMPTS = [
    ("add", "int add(int a, int b) { return a + b; }\n", "c"),
    ("fac", "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }\n", "c++"),
]


def targets():
    from models.prompt import PromptTarget

    return [
        PromptTarget(
            name=n, qualname=n, signature=s.split("{", 1)[0].strip(), source=s, language=lang
        )
        for n, s, lang in PROMPTS
    ]


def main(argv=None) -> int:
    import torch
    from peft import LoraConfig, get_peft_model

    from bench._table import markdown_table, write_section
    from models import embedded_model_path
    from training.hf_model import load_policy
    from training.llama_rollout import LlamaRolloutEngine
    from training.rollout import rollout

    ap = argparse.ArgumentParser()
    ap.add_argument("--group", type=int, default=4)
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", type=int, default=None, help="torch and llama.cpp threads")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    model, tok = load_policy()
    policy = get_peft_model(
        model,
        LoraConfig(r=8, lora_alpha=16, target_modules=["q_proj", "v_proj"], task_type="CAUSAL_LM"),
    )
    policy.eval()
    tg = targets()

    def rate(fn):
        fn(0)  # warm-up
        out = []
        for i in range(args.repeats):
            t = time.perf_counter()
            n = fn(i + 1)
            out.append((n / (time.perf_counter() - t), n))
        return statistics.median(r for r, _ in out), statistics.median(n for _, n in out)

    def torch_fn(seed):
        torch.manual_seed(seed)
        r = rollout(policy, tok, tg, args.group, args.tokens, 1.0, 0, 1.0, False)
        return int(r.completion_mask.sum())

    with tempfile.TemporaryDirectory() as tmp:
        engine = LlamaRolloutEngine(
            tok, embedded_model_path(), tmp, n_parallel=args.group, n_threads=args.threads
        )
        t = time.perf_counter()
        engine.sync(policy, 0)
        sync_s = time.perf_counter() - t

        def llama_fn(seed):
            r, _ = engine.rollout(tg, args.group, args.tokens, 1.0, False, seed=seed * 100)
            return int(r.completion_mask.sum())

        llama_rate, llama_n = rate(llama_fn)
        engine.close()
    torch_rate, torch_n = rate(torch_fn)
    rows = [
        ["torch `model.generate` (float32)", f"{torch_rate:.1f}", f"{torch_n:.0f}", "1.00"],
        [
            "llama.cpp (`LlamaRolloutEngine`, Q4_1 base + f32 LoRA adapter)",
            f"{llama_rate:.1f}",
            f"{llama_n:.0f}",
            f"{llama_rate / torch_rate:.2f}",
        ],
    ]
    body = (
        f"{len(tg)} prompts x G={args.group}, up to {args.tokens} completion tokens, T=1, "
        f"median of {args.repeats} after a warm-up; threads: {args.threads or 'default'}.\n\n"
        + markdown_table(["sampler", "completion tokens/s", "tokens per batch", "speed-up"], rows)
        + f"\n\nOne sync (LoRA adapter export + llama.cpp reload): {sync_s:.2f} s.\n"
    )
    print(body)
    if not args.no_write:
        write_section("rollout", "GRPO rollouts: llama.cpp vs torch sampling", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
