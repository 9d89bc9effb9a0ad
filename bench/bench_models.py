"""Benchmark: N=8 candidates x 128 tokens on the embedded model, three ways, in one run.

1. this backend (``models.llama_backend``): one prompt evaluation, 8 parallel sequences sharing its
   KV cache, one batched decode per step;
2. sequential llama.cpp: llama-cpp-python's high-level ``Llama.generate`` eight times (prompt
   prefix reused from its cache), and this backend with ``n_parallel=1`` (same code, no batching);
3. transformers ``generate`` batched x8 on the same GGUF weights (dequantised to float32 torch).

Sampling is neutral (temperature 1, top-k 0, top-p 1, min-p 0) and end-of-generation is ignored
so every candidate really produces 128 tokens. All use the same thread count. Also measured: how
long a generation takes to stop after ``cancel`` is set. Writes the ``models`` section of
docs/benchmarks.md. Run: ``python -m bench.bench_models`` (about 2-5 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import os
import threading
import time

os.environ.setdefault("OMP_WAIT_POLICY", "passive")  # see models.llama_backend._lib

N, TOKENS = 8, 128
MESSAGES = [
    {"role": "system", "content": "You write cdoctest tests for C functions."},
    {
        "role": "user",
        "content": "Write examples for: int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }",
    },
]


def _load_avg() -> str:
    try:
        return "%.1f" % os.getloadavg()[0]
    except OSError:
        return "?"


def bench_parallel(path: str, threads: int, n_parallel: int) -> dict:
    from models.api import ModelConfig, SamplingParams
    from models.llama_backend import LlamaBackend

    backend = LlamaBackend(
        ModelConfig(model=path, n_ctx=4096, n_parallel=n_parallel, n_threads=threads)
    )
    params = SamplingParams(
        temperature=1.0, top_k=0, top_p=1.0, min_p=0.0, max_tokens=TOKENS, seed=1
    )
    backend.generate(
        MESSAGES, n=1, params=SamplingParams(max_tokens=2, seed=0)
    )  # warm-up, caches the prompt
    backend._reset_cache()  # measure with prompt evaluation included
    t0, c0 = time.perf_counter(), time.process_time()
    out = backend.generate(MESSAGES, n=N, params=params, ignore_eos=True)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    prompt_tokens = len(backend.tokenize(backend.render(MESSAGES)))
    backend.close()
    return {
        "tokens": sum(len(c.token_ids) for c in out),
        "wall": wall,
        "cpu": cpu,
        "prompt": prompt_tokens,
    }


def bench_cancel(path: str, threads: int) -> float:
    from models.api import ModelConfig, SamplingParams
    from models.llama_backend import LlamaBackend

    backend = LlamaBackend(ModelConfig(model=path, n_ctx=4096, n_parallel=8, n_threads=threads))
    cancel = threading.Event()
    done: dict = {}

    def run() -> None:
        backend.generate(
            MESSAGES,
            n=8,
            params=SamplingParams(max_tokens=400, seed=3),
            cancel=cancel,
            ignore_eos=True,
        )
        done["t"] = time.perf_counter()

    th = threading.Thread(target=run)
    th.start()
    time.sleep(1.5)
    t_cancel = time.perf_counter()
    cancel.set()
    th.join()
    backend.close()
    return done["t"] - t_cancel


def bench_llama_cpp_sequential(path: str, threads: int) -> dict:
    import llama_cpp

    llm = llama_cpp.Llama(
        model_path=path, n_ctx=4096, n_threads=threads, n_threads_batch=threads, verbose=False
    )
    from models.api import ModelConfig
    from models.llama_backend import (
        LlamaBackend,  # noqa: F401 - same prompt text as the others
        get_backend,
    )
    from models.resolve import embedded_model_path

    prompt_text = get_backend(ModelConfig(model=embedded_model_path(), n_threads=threads)).render(
        MESSAGES
    )
    tokens = llm.tokenize(prompt_text.encode(), add_bos=False, special=True)
    t0, c0 = time.perf_counter(), time.process_time()
    produced = 0
    for i in range(N):
        llm.set_seed(1 + i)
        for j, _tok in enumerate(
            llm.generate(tokens, temp=1.0, top_k=0, top_p=1.0, min_p=0.0, repeat_penalty=1.0)
        ):
            produced += 1
            if j + 1 >= TOKENS:
                break
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    llm.close()
    return {"tokens": produced, "wall": wall, "cpu": cpu}


def bench_transformers(path: str, threads: int) -> dict:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    torch.set_num_threads(threads)
    d, f = os.path.dirname(path), os.path.basename(path)
    t0 = time.perf_counter()
    tok = AutoTokenizer.from_pretrained(d, gguf_file=f)
    model = AutoModelForCausalLM.from_pretrained(d, gguf_file=f, dtype=torch.float32)
    model.eval()
    load = time.perf_counter() - t0
    text = tok.apply_chat_template(MESSAGES, tokenize=False, add_generation_prompt=True)
    enc = tok([text] * N, return_tensors="pt")
    torch.manual_seed(1)
    with torch.no_grad():
        t0, c0 = time.perf_counter(), time.process_time()
        out = model.generate(
            **enc,
            do_sample=True,
            temperature=1.0,
            top_k=0,
            top_p=1.0,
            max_new_tokens=TOKENS,
            min_new_tokens=TOKENS,
            pad_token_id=tok.pad_token_id or tok.eos_token_id,
        )
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    produced = (out.shape[1] - enc["input_ids"].shape[1]) * N
    return {"tokens": produced, "wall": wall, "cpu": cpu, "load": load}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help="threads for every method (default: all CPUs, max 8)",
    )
    parser.add_argument(
        "--no-write", action="store_true", help="print only; do not touch docs/benchmarks.md"
    )
    args = parser.parse_args(argv)
    from models.llama_backend import default_threads
    from models.resolve import embedded_model_path

    threads = args.threads or default_threads()
    path = embedded_model_path()
    load_before = _load_avg()
    runs = {}
    runs["parallel"] = bench_parallel(path, threads, n_parallel=8)
    print("parallel", runs["parallel"], flush=True)
    runs["ours_seq"] = bench_parallel(path, threads, n_parallel=1)
    print("ours n_parallel=1", runs["ours_seq"], flush=True)
    runs["llama_seq"] = bench_llama_cpp_sequential(path, threads)
    print("llama.cpp sequential", runs["llama_seq"], flush=True)
    runs["hf"] = bench_transformers(path, threads)
    print("transformers", runs["hf"], flush=True)
    cancel_s = bench_cancel(path, threads)
    print("cancel latency", cancel_s, flush=True)

    def tps(r: dict) -> float:
        return r["tokens"] / r["wall"]

    def cps(r: dict) -> float:
        return r["tokens"] / r["cpu"]

    hf, hf_cpu = tps(runs["hf"]), cps(runs["hf"])
    names = [
        ("parallel", "this backend: 8 parallel sequences sharing the prompt's KV cache"),
        ("ours_seq", "this backend with n_parallel=1 (8 sequential generations)"),
        ("llama_seq", "llama-cpp-python Llama.generate x8, sequential"),
        ("hf", "transformers generate, batch of 8 (float32, dequantised GGUF)"),
    ]
    from bench._table import markdown_table, write_section

    rows = [
        [
            label,
            runs[k]["tokens"],
            f"{runs[k]['wall']:.2f}",
            f"{tps(runs[k]):.1f}",
            f"{tps(runs[k]) / hf:.2f}x",
            f"{runs[k]['cpu']:.2f}",
            f"{cps(runs[k]):.1f}",
            f"{cps(runs[k]) / hf_cpu:.2f}x",
        ]
        for k, label in names
    ]
    body = (
        f"N={N} candidates x {TOKENS} tokens, SmolLM2-135M-Instruct Q4_1 (embedded), {threads} threads each, "
        f"neutral sampling (T=1, top-k 0, top-p 1, min-p 0), end-of-generation ignored; prompt "
        f"{runs['parallel']['prompt']} tokens (evaluated inside the timed region for this backend). "
        f"Load average at start: {load_before} (a shared machine: compare the ratios, not the absolutes).\n\n"
        + markdown_table(
            [
                "method",
                "tokens",
                "wall s",
                "tokens/s",
                "vs transformers (wall)",
                "CPU s",
                "tokens/CPU-s",
                "vs transformers (CPU)",
            ],
            rows,
        )
        + f"\n\nParallel vs sequential llama.cpp: {tps(runs['parallel']) / tps(runs['llama_seq']):.2f}x; "
        f"target parallel >= 3x transformers batched: {'met' if tps(runs['parallel']) >= 3 * hf else 'NOT met'} "
        f"({tps(runs['parallel']) / hf:.2f}x wall, {cps(runs['parallel']) / hf_cpu:.2f}x CPU time). CPU time (process time, "
        f"OpenMP waiting passively) is the steadier figure when other jobs share the cores. transformers load time {runs['hf']['load']:.1f} s (not in the table).\n\n"
        f"Cancellation: 8 sequences generating, `cancel` set after 1.5 s -> `generate` returned {cancel_s * 1000:.0f} ms later."
    )
    print(body)
    if not args.no_write:
        write_section("models", "Model serving: parallel candidates (bench/bench_models.py)", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
