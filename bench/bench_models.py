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

``python -m bench.bench_models --prefix`` writes the ``models-prefix`` section: prompt tokens
evaluated per request for the generator's prompts of ``examples/gen``, without and with the prompt
prefix cache.

``python -m bench.bench_models --host [--quick]`` writes the ``models-host`` section instead: the
model host (``models.host``) against the model in process (time to a verified block for one
function, and the round trip of one call), and tokens/s with and without llama.cpp's extra buffer
types (weight repacking; the AMX rule of ``models.llama_backend``) for the embedded Q4_1 model and
a Q4_0 copy of it (requantised here with llama.cpp; Q4_0 is what its CPU repacking handles).
"""

from __future__ import annotations

import argparse
import os
import threading
import time

os.environ.setdefault("OMP_WAIT_POLICY", "passive")  # see models.llama_lib.llama_cpp_module

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
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def bench_parallel(
    path: str, threads: int, n_parallel: int, extra_bufts: bool | None = None
) -> dict:
    from models.api import ModelConfig, SamplingParams
    from models.llama_backend import LlamaBackend

    backend = LlamaBackend(
        ModelConfig(
            model=path,
            n_ctx=4096,
            n_parallel=n_parallel,
            n_threads=threads,
            extra_bufts=extra_bufts,
        )
    )
    params = SamplingParams(
        temperature=1.0, top_k=0, top_p=1.0, min_p=0.0, max_tokens=TOKENS, seed=1, ignore_eos=True
    )
    backend.generate(
        MESSAGES, n=1, params=SamplingParams(max_tokens=2, seed=0)
    )  # warm-up, caches the prompt
    backend.reset()  # measure with prompt evaluation included
    t0, c0 = time.perf_counter(), time.process_time()
    out = backend.generate(MESSAGES, n=N, params=params)
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
            params=SamplingParams(max_tokens=400, seed=3, ignore_eos=True),
            cancel=cancel,
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
    from models.llama_backend import llama_cpp_module

    llama_cpp = llama_cpp_module()  # the extra-buffer-types (AMX) rule applies to Llama() too

    llm = llama_cpp.Llama(
        model_path=path, n_ctx=4096, n_threads=threads, n_threads_batch=threads, verbose=False
    )
    from models.api import ModelConfig
    from models.llama_backend import (
        LlamaBackend,  # noqa: F401 - same prompt text as the others
        get_backend,
    )
    from models.paths import embedded_model_path

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


def _median(xs: list[float]) -> float:
    import statistics

    return statistics.median(xs)


def requantize_q4_0(src: str, dst: str) -> str:
    """A Q4_0 copy of ``src`` (llama.cpp's quantiser; cached at ``dst``)."""
    import ctypes

    from models.llama_backend import llama_cpp_module

    if not os.path.exists(dst):
        L = llama_cpp_module()
        params = L.llama_model_quantize_default_params()
        params.ftype = L.LLAMA_FTYPE_MOSTLY_Q4_0
        params.allow_requantize = True
        if L.llama_model_quantize(src.encode(), dst.encode(), ctypes.byref(params)) != 0:
            raise RuntimeError(f"llama.cpp could not requantise {src} to Q4_0")
    return dst


def bench_extra_bufts(path: str, threads: int, repeats: int) -> dict:
    """tokens/s (wall and CPU) of N x TOKENS with extra buffer types on and off, alternating."""
    runs: dict[bool, list[dict]] = {True: [], False: []}
    for _ in range(repeats):
        for on in (True, False):
            runs[on].append(bench_parallel(path, threads, 8, extra_bufts=on))
    return {
        on: {
            "tps": _median([r["tokens"] / r["wall"] for r in rs]),
            "cps": _median([r["tokens"] / r["cpu"] for r in rs]),
        }
        for on, rs in runs.items()
    }


def bench_round_trip(path: str, threads: int, calls: int) -> dict:
    """Median seconds of one tiny call (1 token), in process and through the model host."""
    from models.api import ModelConfig, SamplingParams
    from models.host import HostedBackend
    from models.llama_backend import LlamaBackend

    config = ModelConfig(model=path, n_ctx=4096, n_parallel=2, n_threads=threads)
    t0 = time.perf_counter()
    hosted = HostedBackend(config)
    start = time.perf_counter() - t0
    t0 = time.perf_counter()
    local = LlamaBackend(config)
    load = time.perf_counter() - t0
    params = SamplingParams(max_tokens=1, seed=1)
    out = {"host_start": start, "local_load": load}
    for name, b in (("local", local), ("hosted", hosted)):
        b.generate(MESSAGES, n=1, params=params)  # prompt cached: the call itself is measured
        times = []
        for _ in range(calls):
            t0 = time.perf_counter()
            b.generate(MESSAGES, n=1, params=params)
            times.append(time.perf_counter() - t0)
        out[name] = _median(times)
    hosted.close()
    local.close()
    return out


def bench_verified_block(path: str, threads: int, repeats: int) -> dict:
    """Time to a verified block for ``clamp_score`` (examples/gen/scoring.c), model in process vs
    model host, alternating; the same seed, so both verify the same candidates.
    """
    from cdoctest_runner.runner import DocTestRunner
    from models.api import ModelConfig
    from models.host import HostedBackend
    from models.llama_backend import LlamaBackend
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    src = os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "gen", "scoring.c"
    )
    config = ModelConfig(model=path, n_ctx=4096, n_parallel=8, n_threads=threads)
    backends = {"local": LlamaBackend(config), "hosted": HostedBackend(config)}
    runner = DocTestRunner(workers=2)
    options = GenerateOptions(samples=4, seed=7)
    runs: dict[str, list[tuple[float, float]]] = {k: [] for k in backends}
    blocks: dict[str, set[str]] = {k: set() for k in backends}
    try:
        for i in range(repeats + 1):  # the first round warms clang-repl and the prompt caches
            for name, backend in backends.items():
                with Generator(config, options, backend=backend, runner=runner) as gen:
                    t0 = time.perf_counter()
                    result = gen.generate(src, None, TargetSelector(name="clamp_score"))
                    wall = time.perf_counter() - t0
                (fn,) = result.functions
                if fn.status != "verified":
                    raise RuntimeError(f"{name}: no verified block: {fn.message}")
                blocks[name].add(fn.block_text)
                if i:
                    runs[name].append((wall, fn.timings.get("sampling", 0.0)))
    finally:
        runner.close()
        for b in backends.values():
            b.close()
    return {
        name: {
            "wall": _median([w for w, _ in rs]),
            "sampling": _median([s for _, s in rs]),
            "same_block": blocks[name] == blocks["local"],
        }
        for name, rs in runs.items()
    }


def prompt_messages() -> list[tuple[str, list[dict[str, str]]]]:
    """(name, chat messages) the generator sends for each function of ``examples/gen``."""
    from models.prompt import build_messages
    from server.analysis.context import function_context
    from server.analysis.locate import load_source

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
    out = []
    for name in sorted(os.listdir(os.path.join(root, "gen"))):
        if name.endswith((".c", ".cpp")):
            source = load_source(os.path.join(root, "gen", name))
            for loc in source.functions:
                target = function_context(source, loc).prompt_target
                out.append((f"{name}::{target.qualname}", build_messages(target, max_examples=6)))
    return out


def bench_prefix(path: str, threads: int, order: list[tuple[str, list]]) -> dict:
    """Prompt tokens evaluated per request, without and with the prompt prefix cache.

    Before: the backend as it was (no saved prefixes; only the prefix shared with the previous
    prompt is reused). After: the prefix cache (``models.llama_decode``). One candidate of one
    token per request, so the figures are the prompt's cost.
    """
    from models.api import ModelConfig, SamplingParams
    from models.llama_backend import LlamaBackend

    config = ModelConfig(model=path, n_ctx=4096, n_parallel=8, n_threads=threads)
    params = SamplingParams(seed=1, max_tokens=1)
    out = {}
    for name, slots in (("before", 0), ("after", 4)):
        backend = LlamaBackend(config, prefix_slots=slots)
        evaluated, seconds = [], []
        for _, messages in order:
            t0 = time.process_time()
            if slots:
                backend.generate(messages, n=1, params=params)
            else:  # the previous behaviour: the longest prefix shared with the last prompt
                prompt = backend.tokenize(backend.render(messages))
                backend.generate_tokens(prompt, n=1, params=params, prefix_len=None)
            seconds.append(time.process_time() - t0)
            evaluated.append(backend.prompt_stats().last_evaluated)
        prompt = [len(backend.tokenize(backend.render(m))) for _, m in order]
        backend.close()
        out[name] = {"evaluated": evaluated, "cpu": seconds, "prompt": prompt}
    return out


def main_prefix(threads: int, write: bool) -> int:
    """The ``models-prefix`` section: prompt tokens evaluated per request, before and after."""
    from models.paths import embedded_model_path

    path = embedded_model_path()
    funcs = prompt_messages()
    c = [f for f in funcs if f[0].split("::")[0].endswith(".c")]
    cpp = [f for f in funcs if not f[0].split("::")[0].endswith(".c")]
    mixed = [f for pair in zip(c, cpp, strict=False) for f in pair]
    mixed += c[len(mixed) // 2 :] + cpp[len(mixed) // 2 :]
    load_before = _load_avg()
    orders = {"file by file": funcs, "C and C++ alternating": mixed}
    results = {k: bench_prefix(path, threads, o) for k, o in orders.items()}
    from bench._table import markdown_table, write_section

    rows = []
    for order, r in results.items():
        for name in ("before", "after"):
            ev, cpu = r[name]["evaluated"], r[name]["cpu"]
            rows.append(
                [
                    order,
                    name,
                    len(ev),
                    f"{_median(r[name]['prompt']):.0f}",
                    f"{sum(ev) / len(ev):.0f}",
                    f"{_median(ev):.0f}",
                    f"{sum(ev) / sum(r[name]['prompt']) * 100:.0f}%",
                    f"{_median(cpu) * 1000:.0f}",
                ]
            )
    body = (
        f"The prompts the generator sends for the {len(funcs)} functions of `examples/gen` "
        f"({len(c)} C, {len(cpp)} C++; system text, two few-shot turns in the target's language, "
        "the target), one candidate of one token each, SmolLM2-135M Q4_1 (embedded), "
        f"{threads} threads, in process. *before*: only the prefix shared with the previous prompt "
        "is reused (the backend as it was); *after*: the constant part (everything before the last "
        "message) is saved once per language and restored. Load average "
        f"{load_before} at start, {_load_avg()} at the end (shared machine: CPU time is the "
        "steadier "
        "figure).\n\n"
        + markdown_table(
            [
                "order",
                "cache",
                "requests",
                "prompt tokens (median)",
                "evaluated / request (mean)",
                "evaluated (median)",
                "evaluated / asked",
                "CPU ms / request (median)",
            ],
            rows,
        )
    )
    print(body)
    if write:
        write_section("models-prefix", "Prompt prefix cache (bench/bench_models.py --prefix)", body)
    return 0


def main_host(threads: int, quick: bool, write: bool) -> int:
    """The ``models-host`` section: model host vs in process, extra buffer types on vs off."""
    import platform

    from models.llama_backend import cpu_flags, extra_bufts
    from models.paths import embedded_model_path

    path = embedded_model_path()
    import tempfile

    q4_0 = requantize_q4_0(
        path, os.path.join(tempfile.gettempdir(), "cdoctest-bench-smollm2-q4_0.gguf")
    )
    load_before = _load_avg()
    repeats = 1 if quick else 3
    rt = bench_round_trip(path, threads, 5 if quick else 20)
    print("round trip", rt, flush=True)
    vb = bench_verified_block(path, threads, repeats)
    print("verified block", vb, flush=True)
    eb = {
        name: bench_extra_bufts(p, threads, repeats)
        for name, p in (("Q4_1 (embedded)", path), ("Q4_0 (requantised)", q4_0))
    }
    print("extra bufts", eb, flush=True)
    load_after = _load_avg()
    from bench._table import markdown_table, write_section

    cpu = next(
        (
            ln.split(":", 1)[1].strip()
            for ln in open("/proc/cpuinfo")
            if ln.startswith("model name")
        ),
        platform.processor(),
    )
    amx = sorted(f for f in cpu_flags() if f.startswith("amx"))
    loc, hos = vb["local"], vb["hosted"]
    overhead = hos["wall"] / loc["wall"] - 1
    body = (
        f"CPU: {cpu} ({'AMX: ' + ', '.join(amx) if amx else 'no AMX flags'}); {threads} threads; "
        f"this machine's default rule: extra buffer types {extra_bufts()[1]}. Load average "
        f"{load_before} at start, {load_after} at the end (a shared machine); medians of {repeats} "
        f"alternating run(s){' (--quick)' if quick else ''}.\n\n"
        "**Time to a verified block** for `clamp_score` (examples/gen/scoring.c; 4 candidates, "
        "seed 7, "
        "the whole pipeline: sampling, clang-repl verification, mutation analysis, final "
        "re-run):\n\n"
        + markdown_table(
            ["model", "wall s (median)", "sampling s (median)", "same block as in process"],
            [
                ["in process (LlamaBackend)", f"{loc['wall']:.2f}", f"{loc['sampling']:.2f}", "-"],
                [
                    "model host (HostedBackend)",
                    f"{hos['wall']:.2f}",
                    f"{hos['sampling']:.2f}",
                    "yes" if hos["same_block"] else "NO",
                ],
            ],
        )
        + f"\n\nModel host overhead on the time to a verified block: {overhead * 100:+.1f}% "
        f"(target < 5%: {'met' if overhead < 0.05 else 'NOT met'}). One call's round trip (1 "
        "token, prompt cached): "
        f"{rt['local'] * 1000:.1f} ms in process, {rt['hosted'] * 1000:.1f} ms through the host "
        f"(+{(rt['hosted'] - rt['local']) * 1000:.1f} ms per `generate`). Starting the host "
        "(spawn, import, load): "
        f"{rt['host_start']:.2f} s, once, vs {rt['local_load']:.2f} s to load in process.\n\n"
        f"**Extra buffer types** (llama.cpp's CPU weight repacking; N={N} x {TOKENS} tokens, 8 "
        "parallel sequences):\n\n"
        + markdown_table(
            [
                "model",
                "on: tokens/s",
                "off: tokens/s",
                "off vs on (wall)",
                "on: tokens/CPU-s",
                "off: tokens/CPU-s",
            ],
            [
                [
                    name,
                    f"{r[True]['tps']:.1f}",
                    f"{r[False]['tps']:.1f}",
                    f"{r[False]['tps'] / r[True]['tps']:.2f}x",
                    f"{r[True]['cps']:.1f}",
                    f"{r[False]['cps']:.1f}",
                ]
                for name, r in eb.items()
            ],
        )
        + "\n\nThe embedded Q4_1 model has no tensor llama.cpp's CPU repacking handles (its load "
        "log says "
        "`cannot be used with preferred buffer type CPU_REPACK`), so the setting cannot change its "
        "speed on a "
        "CPU without AMX; the Q4_0 copy is repacked (`q4_0_8x8`) and shows what repacking is worth "
        "where it "
        "applies. On an AMX CPU the same setting selects llama.cpp's AMX buffer type, whose matmul "
        "segfaults "
        "(llama.cpp #20824): hence off there, on elsewhere."
    )
    print(body)
    if write:
        write_section(
            "models-host", "Model host and extra buffer types (bench/bench_models.py --host)", body
        )
    return 0


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
    parser.add_argument(
        "--host",
        action="store_true",
        help="model host vs in process, and extra buffer types on vs off (the models-host section)",
    )
    parser.add_argument("--quick", action="store_true", help="with --host: one repeat each")
    parser.add_argument(
        "--prefix",
        action="store_true",
        help="prompt tokens evaluated per request with and without the prefix cache",
    )
    args = parser.parse_args(argv)
    from models.llama_backend import default_threads
    from models.paths import embedded_model_path

    threads = args.threads or default_threads()
    if args.host:
        return main_host(threads, args.quick, not args.no_write)
    if args.prefix:
        return main_prefix(threads, not args.no_write)
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
        f"N={N} candidates x {TOKENS} tokens, SmolLM2-135M-Instruct Q4_1 (embedded), {threads} "
        "threads each, "
        f"neutral sampling (T=1, top-k 0, top-p 1, min-p 0), end-of-generation ignored; prompt "
        f"{runs['parallel']['prompt']} tokens (evaluated inside the timed region for this "
        "backend). "
        f"Load average at start: {load_before} (a shared machine: compare the ratios, not the "
        "absolutes).\n\n"
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
        + f"\n\nParallel vs sequential llama.cpp: "
        f"{tps(runs['parallel']) / tps(runs['llama_seq']):.2f}x; "
        f"target parallel >= 3x transformers batched: "
        f"{'met' if tps(runs['parallel']) >= 3 * hf else 'NOT met'} "
        f"({tps(runs['parallel']) / hf:.2f}x wall, {cps(runs['parallel']) / hf_cpu:.2f}x CPU "
        "time). CPU time (process time, "
        f"OpenMP waiting passively) is the steadier figure when other jobs share the cores. "
        f"transformers load time {runs['hf']['load']:.1f} s (not in the table).\n\n"
        f"Cancellation: 8 sequences generating, `cancel` set after 1.5 s -> `generate` returned "
        f"{cancel_s * 1000:.0f} ms later."
    )
    print(body)
    if not args.no_write:
        write_section("models", "Model serving: parallel candidates (bench/bench_models.py)", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
