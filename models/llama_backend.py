"""In-process llama.cpp backend: N candidates decoded as parallel sequences sharing the prompt's KV cache.

Contract (see ``models.api.Backend``):

- **Loading** happens once per (path, adapter, n_ctx, n_gpu_layers, n_threads, n_parallel) and is
  cached at module level (:func:`get_backend`); the file is checked first (``models.gguf_file``)
  so missing / not-a-GGUF / truncated files raise typed errors with the path and the reason;
  llama.cpp's own failures (unknown architecture, allocation failure) are classified from its log
  lines into :class:`UnsupportedArchitecture` / :class:`ModelOutOfMemory` / :class:`ModelLoadError`.
  llama.cpp's log goes to a ring buffer, and to stderr only with ``verbose`` (or
  ``$CDOCTEST_LLAMA_VERBOSE=1``).
- **Prompt**: the chat messages are rendered with the GGUF's own ``tokenizer.chat_template``
  (llama-cpp-python's sandboxed Jinja2 formatter, the same as ``Llama.create_chat_completion``);
  a GGUF without a template falls back to ChatML.
- **Parallel decoding** (llama.cpp low-level API, as in its ``batched`` example): the prompt is
  evaluated once into sequence 0 (all but its last token; the longest prefix shared with the
  previous call's prompt is kept in the cache and not re-evaluated); for each group of up to
  ``n_parallel`` candidates, sequence 0's cells are shared with sequences 1..k-1 by
  ``llama_memory_seq_cp`` (unified KV cache: no copy), the last prompt token is decoded once for
  all k sequences, and then every step decodes one batch holding one token per live sequence.
  Each candidate has its own sampler chain: [logit bias (``ignore_eos``)] -> [grammar] ->
  [repeat penalty] -> top-k -> top-p -> min-p -> temperature -> dist(seed + i) (greedy when
  temperature <= 0). With a fixed ``seed`` candidate i always uses seed + i, so results are
  deterministic; ``seed=None`` draws a fresh base seed.
- **Stopping**: end-of-generation token (kept in ``token_ids``, not in ``text``), a stop string
  (``text`` is cut before it; ``token_ids`` keep what was sampled), ``max_tokens``
  (finish_reason ``length``), or cancellation (``cancelled``: ``cancel`` is checked between
  decode steps and, through llama.cpp's abort callback, inside prompt evaluation).
- **Log-probs** (``params.logprobs``): for each sampled token, log-softmax of the model's logits
  divided by the temperature (the tempered model distribution, T=1 when temperature <= 0),
  *before* top-k/top-p/min-p truncation and grammar masking: the quantity GRPO's ratio uses.
- **Device**: all layers offloaded when ``llama_supports_gpu_offload()`` (CUDA, or Metal on macOS)
  unless ``n_gpu_layers`` says otherwise; ``info.device`` reports the outcome.
- **Extra buffer types** (llama.cpp's CPU weight repacking, including its AMX matmul): off on a
  CPU that reports AMX, whose AMX matmul segfaults in ``llama_decode`` (llama.cpp issue #20824),
  on elsewhere; ``ModelConfig.extra_bufts`` and then ``$CDOCTEST_EXTRA_BUFTS`` (``0``/``1``/``auto``)
  override (:func:`decide_extra_bufts`). The rule also covers llama-cpp-python's ``Llama`` class in
  this process once :func:`_lib` ran (it patches ``llama_model_default_params``).
"""

from __future__ import annotations

import collections
import ctypes
import dataclasses
import math
import os
import secrets
import sys
import threading
from collections.abc import Sequence

import numpy as np

from models.api import Completion, Message, ModelConfig, ModelInfo, SamplingParams
from models.errors import (
    ContextOverflow,
    GrammarError,
    ModelLoadError,
    ModelOutOfMemory,
    UnsupportedArchitecture,
)
from models.gguf_file import GGUFInfo, inspect_gguf

CHATML = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

_TOKEN_DATA = np.dtype(
    [("id", np.int32), ("logit", np.float32), ("p", np.float32)]
)  # llama_token_data
_log_lines: collections.deque[str] = collections.deque(maxlen=400)
_log_state: dict = {
    "verbose": os.environ.get("CDOCTEST_LLAMA_VERBOSE", "") not in ("", "0"),
    "installed": False,
    "sink": None,
}
_init_lock = threading.Lock()
AMX_FLAGS = frozenset({"amx_tile", "amx_int8", "amx_bf16", "amx_fp16", "amx_complex"})
EXTRA_BUFTS_ENV = "CDOCTEST_EXTRA_BUFTS"
_cache: dict[tuple, LlamaBackend] = {}
_llama_cpp = None


def _lib():
    """Import llama_cpp once, install our log callback and initialise the backend."""
    global _llama_cpp, _log_callback
    with _init_lock:
        if _llama_cpp is not None:
            return _llama_cpp
        # llama.cpp's CPU backend uses OpenMP, whose threads spin while waiting by default; on a
        # shared or oversubscribed machine that made decoding 10-30x slower (measured: 0.4 vs 12
        # tok/s at load 14 on 2 cores). Passive waiting costs little on an idle machine. Read by
        # libgomp when it loads, so it must be set before llama_cpp is imported; an explicit
        # OMP_WAIT_POLICY in the environment wins.
        os.environ.setdefault("OMP_WAIT_POLICY", "passive")
        try:
            import llama_cpp
        except ImportError as exc:  # pragma: no cover - depends on the environment
            from models.api import ModelError

            raise ModelError(
                f"llama-cpp-python is not installed ({exc}); pip install llama-cpp-python"
            ) from exc

        @llama_cpp.llama_log_callback
        def _log_callback(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
            s = text.decode("utf-8", "replace") if text else ""
            _log_lines.append(s)
            sink = _log_state.get("sink")
            if sink is not None:
                sink(level, s)
            if _log_state["verbose"]:
                sys.stderr.write(s)

        llama_cpp.llama_log_set(_log_callback, ctypes.c_void_p(0))
        llama_cpp.llama_backend_init()
        _patch_default_params(llama_cpp)
        _llama_cpp = llama_cpp
        return llama_cpp


def llama_cpp_module():
    """``llama_cpp``, imported with this project's rules: passive OpenMP waiting, llama.cpp's log
    captured, and the extra-buffer-types rule in ``llama_model_default_params`` (so a
    ``llama_cpp.Llama`` made afterwards follows it). Use it instead of ``import llama_cpp``."""
    return _lib()


def cpu_flags(cpuinfo: str = "/proc/cpuinfo") -> frozenset[str]:
    """The CPU feature flags (``flags`` of /proc/cpuinfo, else ``lscpu``); empty when unknown."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() in ("flags", "Features"):
                    return frozenset(value.split())
    except OSError:
        pass
    import shutil
    import subprocess

    if shutil.which("lscpu"):
        try:
            out = subprocess.run(
                ["lscpu"], capture_output=True, text=True, timeout=10, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            return frozenset()
        for line in out.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Flags":
                return frozenset(value.split())
    return frozenset()


def decide_extra_bufts(
    flags: frozenset[str] | set[str], setting: bool | None = None, env: str | None = None
) -> tuple[bool, str]:
    """Whether llama.cpp may use extra buffer types (weight repacking, AMX), and why.

    ``setting`` (``ModelConfig.extra_bufts``) wins, then ``env`` (``$CDOCTEST_EXTRA_BUFTS``:
    ``1``/``on``/``true``, ``0``/``off``/``false``, ``auto`` or empty), then the CPU: off when
    ``flags`` holds an AMX flag (llama.cpp's AMX matmul crashes, llama.cpp #20824), on otherwise
    (repacking speeds up some quantisations on AVX2/AVX-512 CPUs). An unknown ``env`` value raises
    ``ValueError``.

    >>> decide_extra_bufts({"avx2", "amx_tile", "amx_int8"})
    (False, 'off: the CPU has AMX (amx_int8, amx_tile), whose llama.cpp matmul crashes')
    >>> decide_extra_bufts({"avx2"})[0], decide_extra_bufts({"amx_tile"}, env="1")[0]
    (True, True)
    """
    if setting is not None:
        return bool(setting), f"{'on' if setting else 'off'}: ModelConfig.extra_bufts"
    value = (env or "").strip().lower()
    if value in ("1", "on", "true", "yes"):
        return True, f"on: ${EXTRA_BUFTS_ENV}={env}"
    if value in ("0", "off", "false", "no"):
        return False, f"off: ${EXTRA_BUFTS_ENV}={env}"
    if value not in ("", "auto"):
        raise ValueError(f"${EXTRA_BUFTS_ENV} must be 0, 1 or auto, not {env!r}")
    amx = sorted(AMX_FLAGS & set(flags))
    if amx:
        return False, f"off: the CPU has AMX ({', '.join(amx)}), whose llama.cpp matmul crashes"
    return True, "on: no AMX on this CPU"


def extra_bufts(setting: bool | None = None) -> tuple[bool, str]:
    """:func:`decide_extra_bufts` for this machine and environment (a bad env value: ModelLoadError)."""
    try:
        return decide_extra_bufts(cpu_flags(), setting, os.environ.get(EXTRA_BUFTS_ENV))
    except ValueError as exc:
        raise ModelLoadError(EXTRA_BUFTS_ENV, str(exc)) from None


def _patch_default_params(llama_cpp) -> None:
    """Make ``llama_model_default_params()`` follow the extra-buffer-types rule in this process.

    llama-cpp-python's ``Llama`` class takes no such argument and loads in its constructor, so
    its defaults are the one place to set it (export round trips and benchmarks use ``Llama``).
    """
    low = llama_cpp.llama_cpp
    original = low.llama_model_default_params
    if getattr(original, "_cdoctest_patched", False):
        return
    on, _ = extra_bufts()

    def llama_model_default_params():
        params = original()
        params.use_extra_bufts = on
        return params

    llama_model_default_params._cdoctest_patched = True  # type: ignore[attr-defined]
    low.llama_model_default_params = llama_model_default_params
    llama_cpp.llama_model_default_params = llama_model_default_params


def set_verbose(verbose: bool) -> None:
    """Show (True) or hide (False, default) llama.cpp's log on stderr."""
    _log_state["verbose"] = verbose


def set_log_sink(sink) -> None:
    """Also pass every llama.cpp log line to ``sink(level, text)`` (ggml levels: 1 debug, 2 info,
    3 warn, 4 error, 5 continuation); the model host forwards them. None: stop."""
    _log_state["sink"] = sink


def recent_log(n: int = 40) -> str:
    """The last ``n`` llama.cpp log lines (useful in error reports)."""
    return "".join(list(_log_lines)[-n:])


def gpu_offload_supported() -> bool:
    """Whether this llama.cpp build can offload layers to a GPU (CUDA / Metal / ...)."""
    return bool(_lib().llama_supports_gpu_offload())


def default_threads() -> int:
    """Threads for decoding: the CPUs this process may use, at most 8."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    return max(1, min(8, n))


def _available_memory() -> int | None:
    """MemAvailable + SwapFree in bytes (Linux), else None."""
    try:
        fields = dict(line.split(":", 1) for line in open("/proc/meminfo"))
        return (
            int(fields["MemAvailable"].split()[0]) + int(fields.get("SwapFree", "0 kB").split()[0])
        ) * 1024
    except (OSError, KeyError, ValueError):
        return None


def _classify(path: str, what: str, info: GGUFInfo | None, log: str):
    low = log.lower()
    if "unknown model architecture" in low or "unknown architecture" in low:
        arch = info.architecture if info else "?"
        return UnsupportedArchitecture(
            path, f"architecture {arch!r} is not supported by this llama.cpp build"
        )
    if "out of memory" in low or ("alloc" in low and "fail" in low):
        return ModelOutOfMemory(
            path,
            f"out of memory while {what} (lower n_ctx / n_parallel / n_gpu_layers): {_last_errors(log)}",
        )
    return ModelLoadError(
        path, f"llama.cpp failed while {what}: {_last_errors(log) or 'no reason given'}"
    )


def _last_errors(log: str) -> str:
    lines = [ln.strip() for ln in log.splitlines() if ln.strip()]
    bad = [
        ln
        for ln in lines
        if any(w in ln.lower() for w in ("error", "fail", "unknown", "invalid", "cannot"))
    ]
    return " | ".join((bad or lines)[-3:])


@dataclasses.dataclass
class _Seq:
    """Decoding state of one candidate."""

    sampler: object
    grammar: object = None
    tokens: list[int] = dataclasses.field(default_factory=list)
    logprobs: list[float] = dataclasses.field(default_factory=list)
    data: bytearray = dataclasses.field(default_factory=bytearray)
    finish: str | None = None
    out_idx: int = 0  # index of this sequence's logits in the last decoded batch


class LlamaBackend:
    """A GGUF model loaded in-process. Thread-safe for one ``generate`` at a time (a lock serialises calls)."""

    def __init__(
        self, config: ModelConfig, info: ModelInfo | None = None, *, verbose: bool | None = None
    ) -> None:
        L = _lib()
        if verbose is not None:
            set_verbose(verbose)
        if not config.model:
            raise ModelLoadError(
                "<none>", "no model path given (resolve the config first: models.load_backend)"
            )
        path = config.model
        self.gguf = inspect_gguf(path)
        if self.gguf.kind == "adapter":
            raise ModelLoadError(
                path,
                "this is a LoRA adapter GGUF, not a model: pass it with --adapter next to its base model",
            )
        if config.adapter:
            self._check_adapter(self.gguf, config.adapter)
        gpu = bool(L.llama_supports_gpu_offload())
        ngl = config.n_gpu_layers if config.n_gpu_layers is not None else (-1 if gpu else 0)
        self._check_memory(self.gguf, config.n_ctx, gpu and ngl != 0)
        self.n_threads = config.n_threads or default_threads()
        self.n_parallel = max(1, config.n_parallel)
        self._lock = threading.Lock()
        self._model = self._ctx = self._adapter = None
        self._kv_tokens: list[int] = []
        self._abort = False

        self.extra_bufts, self.extra_bufts_reason = extra_bufts(config.extra_bufts)
        mparams = L.llama_model_default_params()
        mparams.n_gpu_layers = ngl
        mparams.use_extra_bufts = self.extra_bufts
        _log_lines.clear()
        self._model = L.llama_model_load_from_file(path.encode(), mparams)
        if not self._model:
            raise _classify(path, "loading the model", self.gguf, recent_log(80))
        try:
            self._vocab = L.llama_model_get_vocab(self._model)
            self.n_vocab = L.llama_vocab_n_tokens(self._vocab)
            cparams = L.llama_context_default_params()
            cparams.n_ctx = config.n_ctx
            cparams.n_batch = 512
            cparams.n_ubatch = 512
            cparams.n_seq_max = self.n_parallel
            cparams.kv_unified = True  # sequences share the prompt's cells instead of copying them
            cparams.n_threads = self.n_threads
            cparams.n_threads_batch = self.n_threads
            cparams.no_perf = True
            _log_lines.clear()
            self._ctx = L.llama_init_from_model(self._model, cparams)
            if not self._ctx:
                raise _classify(
                    path, f"creating a context of {config.n_ctx} tokens", self.gguf, recent_log(80)
                )
            self.n_ctx = L.llama_n_ctx(self._ctx)
            self.n_batch = L.llama_n_batch(self._ctx)
            if config.adapter:
                self._load_adapter(config.adapter)
            self._abort_cb = L.ggml_abort_callback(lambda _data: bool(self._abort))
            self._null_cb = L.ggml_abort_callback()
        except BaseException:
            self.close()
            raise
        self._eog = [t for t in range(self.n_vocab) if L.llama_vocab_is_eog(self._vocab, t)]
        self.add_bos = bool(L.llama_vocab_get_add_bos(self._vocab))
        self._template = self.gguf.chat_template or CHATML
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        self._formatter = Jinja2ChatFormatter(
            template=self._template,
            eos_token=self.gguf.eos_token or "",
            bos_token=self.gguf.bos_token or "",
        )
        device = "cpu"
        if gpu and ngl != 0:
            device = "metal" if sys.platform == "darwin" else "cuda"
        n_layers = L.llama_model_n_layer(self._model)
        base = info or ModelInfo(
            path=path,
            source="argument",
            reason="loaded directly",
            name=os.path.splitext(os.path.basename(path))[0],
        )
        self.info = dataclasses.replace(
            base,
            path=path,
            adapter=config.adapter,
            device=device,
            n_gpu_layers=(n_layers if ngl < 0 else min(ngl, n_layers)) if device != "cpu" else 0,
            name=base.name or self.gguf.name,
        )
        self.config = config

    # ----------------------------------------------------------------------------- loading
    @staticmethod
    def _check_memory(info: GGUFInfo, n_ctx: int, on_gpu: bool) -> None:
        """Refuse a context whose KV cache cannot fit in RAM, before llama.cpp tries.

        llama.cpp allocates the KV cache with overcommit and then touches it, so an oversized
        ``n_ctx`` gets the process killed by the kernel's OOM killer instead of returning NULL.
        Estimate from the GGUF header: n_ctx x n_layer x 2 (K and V) x n_head_kv x head_dim x 2
        bytes (f16 cache), plus the weights (the file size) on CPU.
        """
        kv = info.kv_cache_bytes(n_ctx)
        if on_gpu or kv is None:
            return  # VRAM is not visible from here; llama.cpp reports GPU allocation failures itself
        avail = _available_memory()
        if avail is not None and kv + info.size > avail:
            raise ModelOutOfMemory(
                info.path,
                f"a context of {n_ctx} tokens needs ~{kv / 2**30:.1f} GiB of KV cache (+{info.size / 2**30:.1f} GiB "
                f"of weights) but only {avail / 2**30:.1f} GiB of memory is available; lower n_ctx",
            )

    @staticmethod
    def _check_adapter(model: GGUFInfo, adapter: str) -> GGUFInfo:
        ainfo = inspect_gguf(adapter)
        if ainfo.kind != "adapter":
            raise ModelLoadError(
                adapter, f"not a LoRA adapter GGUF (general.type is {ainfo.kind!r})"
            )
        if ainfo.architecture and ainfo.architecture != model.architecture:
            raise ModelLoadError(
                adapter,
                f"adapter is for architecture {ainfo.architecture!r} but the model is {model.architecture!r}",
            )
        return ainfo

    def _load_adapter(self, adapter: str) -> None:
        L = _lib()
        ainfo = self._check_adapter(self.gguf, adapter)
        _log_lines.clear()
        self._adapter = L.llama_adapter_lora_init(self._model, adapter.encode())
        if not self._adapter:
            raise _classify(adapter, "loading the LoRA adapter", ainfo, recent_log(80))
        arr = (L.llama_adapter_lora_p_ctypes * 1)(self._adapter)
        scales = (ctypes.c_float * 1)(1.0)
        if L.llama_set_adapters_lora(self._ctx, arr, 1, scales) != 0:
            raise ModelLoadError(
                adapter, f"llama.cpp refused to apply the adapter: {_last_errors(recent_log())}"
            )

    def close(self) -> None:
        """Free the context, adapter and model (idempotent; waits for a running ``generate``); drop it from the load cache."""
        L = _llama_cpp
        for key, value in list(_cache.items()):
            if value is self:
                del _cache[key]
        if L is None:
            return
        lock = getattr(self, "_lock", None)
        if lock is not None:
            with lock:
                self._free(L)
        else:
            self._free(L)

    def _free(self, L) -> None:
        if self._ctx:
            L.llama_free(self._ctx)
            self._ctx = None
        if self._adapter:
            L.llama_adapter_lora_free(self._adapter)
            self._adapter = None
        if self._model:
            L.llama_model_free(self._model)
            self._model = None

    def __enter__(self) -> LlamaBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------------------- text
    def render(self, messages: Sequence[Message]) -> str:
        """The prompt text for ``messages`` through the GGUF's chat template (generation prompt added)."""
        return self._formatter(messages=list(messages)).prompt

    def tokenize(self, text: str, *, add_bos: bool | None = None) -> list[int]:
        """Token ids of ``text``; special tokens in the text (``<|im_start|>``) are parsed as such.

        BOS is added when the vocabulary asks for it and the text does not already start with it.
        """
        L = _lib()
        if add_bos is None:
            bos = self.gguf.bos_token
            add_bos = self.add_bos and not (bos and text.startswith(bos))
        data = text.encode("utf-8")
        cap = len(data) + 8
        buf = (L.llama_token * cap)()
        n = L.llama_tokenize(self._vocab, data, len(data), buf, cap, add_bos, True)
        if n < 0:
            cap = -n
            buf = (L.llama_token * cap)()
            n = L.llama_tokenize(self._vocab, data, len(data), buf, cap, add_bos, True)
        return list(buf[:n])

    def piece(self, token: int) -> bytes:
        """The bytes of one token (control tokens render as nothing)."""
        L = _lib()
        buf = ctypes.create_string_buffer(64)
        n = L.llama_token_to_piece(self._vocab, token, buf, 64, 0, False)
        if n < 0:
            buf = ctypes.create_string_buffer(-n)
            n = L.llama_token_to_piece(self._vocab, token, buf, -n, 0, False)
        return buf.raw[:n]

    def pieces(self, tokens: Sequence[int]) -> list[bytes]:
        """The bytes of each token (one call for a whole completion; the model host forwards it)."""
        return [self.piece(t) for t in tokens]

    def detokenize(self, tokens: Sequence[int]) -> str:
        """Text of ``tokens`` (invalid UTF-8 replaced)."""
        return b"".join(self.piece(t) for t in tokens).decode("utf-8", "replace")

    # ----------------------------------------------------------------------------- generation
    def generate(
        self,
        messages: list[Message],
        n: int = 1,
        params: SamplingParams = SamplingParams(),
        cancel: threading.Event | None = None,
        *,
        ignore_eos: bool = False,
    ) -> list[Completion]:
        """Return ``n`` completions of the chat prompt (see the module docstring for the contract).

        ``ignore_eos`` forbids end-of-generation tokens (benchmarks: every candidate runs to
        ``max_tokens``).
        """
        return self.generate_tokens(
            self.tokenize(self.render(messages)), n, params, cancel, ignore_eos=ignore_eos
        )

    def generate_text(
        self,
        prompt: str,
        n: int = 1,
        params: SamplingParams = SamplingParams(),
        cancel: threading.Event | None = None,
        *,
        ignore_eos: bool = False,
    ) -> list[Completion]:
        """Like :meth:`generate` for an already rendered prompt text."""
        return self.generate_tokens(self.tokenize(prompt), n, params, cancel, ignore_eos=ignore_eos)

    def generate_tokens(
        self,
        prompt: Sequence[int],
        n: int = 1,
        params: SamplingParams = SamplingParams(),
        cancel: threading.Event | None = None,
        *,
        ignore_eos: bool = False,
    ) -> list[Completion]:
        """Return ``n`` completions continuing the token ids ``prompt``."""
        if n < 1:
            return []
        if not prompt:
            raise ValueError("empty prompt")
        k_max = min(n, self.n_parallel)
        need = len(prompt) + k_max * params.max_tokens
        if need > self.n_ctx:
            raise ContextOverflow(
                f"prompt ({len(prompt)} tokens) + {k_max} sequences x {params.max_tokens} max_tokens = {need} tokens "
                f"exceeds the context of {self.n_ctx}; raise n_ctx or lower n_parallel/max_tokens"
            )
        base_seed = params.seed if params.seed is not None else secrets.randbits(31)
        with self._lock:
            if self._ctx is None:
                raise ModelLoadError(self.info.path, "the backend was closed")
            out: list[Completion] = []
            try:
                if not self._eval_prompt(list(prompt), cancel):
                    return [self._cancelled() for _ in range(n)]
                for start in range(0, n, self.n_parallel):
                    k = min(self.n_parallel, n - start)
                    if cancel is not None and cancel.is_set():
                        out += [self._cancelled() for _ in range(k)]
                        continue
                    out += self._decode_group(
                        len(prompt), prompt[-1], k, start, base_seed, params, cancel, ignore_eos
                    )
            except BaseException:
                self._reset_cache()
                raise
            return out

    @staticmethod
    def _cancelled() -> Completion:
        return Completion(text="", token_ids=(), logprobs=None, finish_reason="cancelled")

    def reset(self) -> None:
        """Forget the cached prompt prefix.

        A prompt that shares a prefix with the previous one only evaluates the rest; llama.cpp's
        batched and split evaluations differ in the last bits of the logits (quantised activations),
        so a warm backend's log-probs depend slightly on what it served before. Call this first
        when exact agreement with a fresh backend matters.
        """
        with self._lock:
            self._reset_cache()

    def _reset_cache(self) -> None:
        L = _lib()
        if self._ctx:
            L.llama_memory_clear(L.llama_get_memory(self._ctx), True)
        self._kv_tokens = []

    def _batch(self, entries: list[tuple[int, int, Sequence[int], bool]]):
        """A llama_batch of (token, pos, seq_ids, want_logits) entries; caller frees it."""
        L = _lib()
        n_seq = max(len(e[2]) for e in entries)
        batch = L.llama_batch_init(len(entries), 0, n_seq)
        for i, (tok, pos, seqs, logits) in enumerate(entries):
            batch.token[i] = tok
            batch.pos[i] = pos
            batch.n_seq_id[i] = len(seqs)
            for j, s in enumerate(seqs):
                batch.seq_id[i][j] = s
            batch.logits[i] = 1 if logits else 0
        batch.n_tokens = len(entries)
        return batch

    def _decode(self, entries, what: str) -> int:
        L = _lib()
        batch = self._batch(entries)
        try:
            rc = L.llama_decode(self._ctx, batch)
        finally:
            L.llama_batch_free(batch)
        if rc not in (0, 2):
            raise _classify(
                self.info.path, f"decoding ({what}, llama_decode returned {rc})", None, recent_log()
            )
        return rc

    def _eval_prompt(self, prompt: list[int], cancel: threading.Event | None) -> bool:
        """Put ``prompt[:-1]`` into sequence 0, reusing the cached prefix. False when cancelled."""
        L = _lib()
        mem = L.llama_get_memory(self._ctx)
        body = prompt[:-1]
        keep = 0
        for a, b in zip(self._kv_tokens, body):
            if a != b:
                break
            keep += 1
        # Drop every cell past the shared prefix, in every sequence (-1 = all sequences).
        if not L.llama_memory_seq_rm(mem, -1, keep, -1):
            L.llama_memory_clear(mem, True)
            keep = 0
        for s in range(1, self.n_parallel):
            L.llama_memory_seq_rm(mem, s, -1, -1)
        self._kv_tokens = body[:keep]
        if keep == len(body):
            return True
        self._abort = False
        stop = threading.Event()
        watcher = None
        if cancel is not None:

            def watch() -> None:
                while not stop.is_set():
                    if cancel.wait(0.02):
                        self._abort = True
                        return

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
        L.llama_set_abort_callback(self._ctx, self._abort_cb, None)
        try:
            for i in range(keep, len(body), self.n_batch):
                chunk = body[i : i + self.n_batch]
                rc = self._decode([(t, i + j, (0,), False) for j, t in enumerate(chunk)], "prompt")
                if rc == 2 or (cancel is not None and cancel.is_set()):
                    self._reset_cache()
                    return False
                self._kv_tokens = body[: i + len(chunk)]
        finally:
            stop.set()
            L.llama_set_abort_callback(self._ctx, self._null_cb, None)
            self._abort = False
        return True

    def _sampler(self, params: SamplingParams, seed: int, ignore_eos: bool):
        """(chain, grammar): the sampler chain without the grammar, and the grammar sampler or None."""
        L = _lib()
        grammar = None
        if params.grammar:
            _log_lines.clear()
            grammar = L.llama_sampler_init_grammar(self._vocab, params.grammar.encode(), b"root")
            if not grammar:
                raise GrammarError(
                    f"llama.cpp rejected the GBNF grammar: {_last_errors(recent_log())}"
                )
        chain = L.llama_sampler_chain_init(L.llama_sampler_chain_default_params())
        try:
            if ignore_eos and self._eog:
                bias = (L.llama_logit_bias * len(self._eog))()
                for i, t in enumerate(self._eog):
                    bias[i].token = t
                    bias[i].bias = -math.inf
                L.llama_sampler_chain_add(
                    chain, L.llama_sampler_init_logit_bias(self.n_vocab, len(self._eog), bias)
                )
            if params.repeat_penalty != 1.0:
                L.llama_sampler_chain_add(
                    chain, L.llama_sampler_init_penalties(64, params.repeat_penalty, 0.0, 0.0)
                )
            if params.temperature <= 0:
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_greedy())
            else:
                if params.top_k > 0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_top_k(params.top_k))
                if params.top_p < 1.0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_top_p(params.top_p, 1))
                if params.min_p > 0.0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_min_p(params.min_p, 1))
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_temp(params.temperature))
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_dist(seed % 0xFFFFFFFF))
        except BaseException:
            L.llama_sampler_free(chain)
            if grammar:
                L.llama_sampler_free(grammar)
            raise
        return chain, grammar

    def _logits(self, idx: int) -> np.ndarray:
        L = _lib()
        return np.ctypeslib.as_array(L.llama_get_logits_ith(self._ctx, idx), shape=(self.n_vocab,))

    def _apply(self, sampler, logits: np.ndarray) -> int:
        """Run ``sampler`` over all tokens with these logits; the token it selects."""
        L = _lib()
        cur = np.empty(self.n_vocab, dtype=_TOKEN_DATA)
        cur["id"] = np.arange(self.n_vocab, dtype=np.int32)
        cur["logit"] = logits
        cur["p"] = 0.0
        arr = L.llama_token_data_array(
            data=cur.ctypes.data_as(L.llama_token_data_p),
            size=self.n_vocab,
            selected=-1,
            sorted=False,
        )
        L.llama_sampler_apply(sampler, ctypes.byref(arr))
        if arr.selected < 0:
            raise GrammarError("the sampler selected no token (the grammar allows nothing here)")
        return int(arr.data[arr.selected].id)

    def _grammar_allows(self, grammar, token: int, logit: float) -> bool:
        L = _lib()
        one = (L.llama_token_data * 1)()
        one[0].id, one[0].logit, one[0].p = token, logit, 0.0
        arr = L.llama_token_data_array(data=one, size=1, selected=-1, sorted=False)
        L.llama_sampler_apply(grammar, ctypes.byref(arr))
        return math.isfinite(one[0].logit)

    def _sample(self, s: _Seq) -> int:
        """Sample the next token of ``s`` from its output row; with a grammar, llama.cpp's
        common_sampler trick: sample unconstrained, keep the token if the grammar accepts it, else
        resample with the grammar applied to the full vocabulary (same distribution, far cheaper
        than masking ~50k tokens every step).
        """
        L = _lib()
        if s.grammar is None:
            return L.llama_sampler_sample(s.sampler, self._ctx, s.out_idx)
        logits = self._logits(s.out_idx)
        tok = self._apply(s.sampler, logits)
        if not self._grammar_allows(s.grammar, tok, float(logits[tok])):
            masked = np.array(logits, dtype=np.float32)
            cur = np.empty(self.n_vocab, dtype=_TOKEN_DATA)
            cur["id"] = np.arange(self.n_vocab, dtype=np.int32)
            cur["logit"] = masked
            cur["p"] = 0.0
            arr = L.llama_token_data_array(
                data=cur.ctypes.data_as(L.llama_token_data_p),
                size=self.n_vocab,
                selected=-1,
                sorted=False,
            )
            L.llama_sampler_apply(s.grammar, ctypes.byref(arr))
            keep = cur[: arr.size]
            masked[:] = -np.inf
            masked[keep["id"]] = keep["logit"]
            tok = self._apply(s.sampler, masked)
        L.llama_sampler_accept(s.grammar, tok)
        L.llama_sampler_accept(s.sampler, tok)
        return tok

    def _logprob(self, idx: int, token: int, temperature: float) -> float:
        L = _lib()
        ptr = L.llama_get_logits_ith(self._ctx, idx)
        logits = np.ctypeslib.as_array(ptr, shape=(self.n_vocab,)).astype(np.float64)
        if temperature > 0:
            logits = logits / temperature
        m = logits.max()
        return float(logits[token] - m - math.log(np.exp(logits - m).sum()))

    def _decode_group(
        self,
        n_prompt: int,
        last: int,
        k: int,
        first_index: int,
        base_seed: int,
        params: SamplingParams,
        cancel: threading.Event | None,
        ignore_eos: bool,
    ) -> list[Completion]:
        L = _lib()
        mem = L.llama_get_memory(self._ctx)
        # Fresh sequences 1..k-1 sharing sequence 0's prompt cells.
        L.llama_memory_seq_rm(mem, -1, n_prompt - 1, -1)
        for s in range(1, self.n_parallel):
            L.llama_memory_seq_rm(mem, s, -1, -1)
        for s in range(1, k):
            L.llama_memory_seq_cp(mem, 0, s, -1, -1)
        seqs = [
            _Seq(*self._sampler(params, base_seed + first_index + i, ignore_eos)) for i in range(k)
        ]
        try:
            # The last prompt token, decoded once for all k sequences: one output row they all sample from.
            self._decode([(last, n_prompt - 1, tuple(range(k)), True)], "first step")
            pos = n_prompt
            stops = [s.encode() for s in params.stop if s]
            while True:
                for s in seqs:
                    if s.finish is not None:
                        continue
                    tok = self._sample(s)
                    s.tokens.append(tok)
                    if params.logprobs:
                        s.logprobs.append(self._logprob(s.out_idx, tok, params.temperature))
                    if L.llama_vocab_is_eog(self._vocab, tok):
                        s.finish = "stop"
                        continue
                    s.data += self.piece(tok)
                    if stops:
                        hit = [s.data.find(x) for x in stops if x in s.data]
                        if hit:
                            s.data = s.data[: min(hit)]
                            s.finish = "stop"
                            continue
                    if len(s.tokens) >= params.max_tokens:
                        s.finish = "length"
                live = [(i, s) for i, s in enumerate(seqs) if s.finish is None]
                if not live:
                    break
                if cancel is not None and cancel.is_set():
                    for _, s in live:
                        s.finish = "cancelled"
                    break
                for row, (_, s) in enumerate(live):
                    s.out_idx = row
                self._decode([(s.tokens[-1], pos, (i,), True) for i, s in live], "generation step")
                pos += 1
        finally:
            for s in seqs:
                L.llama_sampler_free(s.sampler)
                if s.grammar:
                    L.llama_sampler_free(s.grammar)
            # Candidate 0's tokens live in sequence 0 past the prompt: forget them (prefix cache = prompt).
            L.llama_memory_seq_rm(mem, -1, n_prompt - 1, -1)
        return [
            Completion(
                text=bytes(s.data).decode("utf-8", "replace"),
                token_ids=tuple(s.tokens),
                logprobs=tuple(s.logprobs) if params.logprobs else None,
                finish_reason=s.finish or "length",
            )
            for s in seqs
        ]


def get_backend(
    config: ModelConfig, info: ModelInfo | None = None, *, verbose: bool | None = None
) -> LlamaBackend:
    """The cached backend for ``config`` (loaded on first use, kept warm until ``close()``)."""
    key = config.load_key()
    with _init_lock:
        cached = _cache.get(key)
    if cached is not None and cached._ctx is not None:
        return cached
    backend = LlamaBackend(config, info, verbose=verbose)
    with _init_lock:
        _cache[key] = backend
    return backend


def close_all() -> None:
    """Free every cached backend."""
    for backend in list(_cache.values()):
        backend.close()
