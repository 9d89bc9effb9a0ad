"""In-process llama.cpp backend: a GGUF model loaded once, N candidates per prompt.

Contract (see ``models.api.Backend``):

- **Loading** happens once per ``ModelConfig.load_key()`` (path, adapter, n_ctx, n_gpu_layers,
  n_threads, n_parallel, extra_bufts) and is cached at module level (:func:`get_backend`); the
  file is checked first (``models.gguf_file``) so missing / not-a-GGUF / truncated files raise
  typed errors with the path and the reason; llama.cpp's own failures are classified from its log
  (``models.llama_lib``). A KV cache that cannot fit in RAM is refused up front.
- **Prompt**: the chat messages are rendered with the GGUF's own ``tokenizer.chat_template``
  (llama-cpp-python's sandboxed Jinja2 formatter, the same as ``Llama.create_chat_completion``);
  a GGUF without a template falls back to ChatML. Everything before the last message (system text,
  few-shot turns) is the prompt's constant part, whose KV cache is kept across requests.
- **Decoding** (``models.llama_decode``): the prompt prefix cache, parallel sequences sharing the
  prompt's cells, per-candidate samplers and grammar, stopping, log-probs, cancellation.
- **Device**: all layers offloaded when ``llama_supports_gpu_offload()`` (CUDA, or Metal on macOS)
  unless ``n_gpu_layers`` says otherwise; ``info.device`` reports the outcome. Extra buffer types
  follow ``models.llama_lib.decide_extra_bufts`` (off on AMX CPUs).
- **Adapters**: ``ModelConfig.adapter``, a LoRA GGUF for the base's architecture, at scale 1.
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

from models.api import (
    DEFAULT_SAMPLING,
    Completion,
    LoadKey,
    Message,
    ModelConfig,
    ModelInfo,
    PromptStats,
    SamplingParams,
)
from models.errors import ModelLoadError, ModelOutOfMemory
from models.gguf_file import GGUFInfo, inspect_gguf
from models.llama_decode import PREFIX_SLOTS, Decoder, common_prefix
from models.llama_lib import (  # noqa: F401 - re-exported: callers import these from here
    AMX_FLAGS,
    EXTRA_BUFTS_ENV,
    available_memory,
    classify_failure,
    clear_log,
    cpu_flags,
    decide_extra_bufts,
    default_threads,
    extra_bufts,
    gpu_offload_supported,
    last_errors,
    llama_cpp_module,
    loaded_lib,
    recent_log,
    set_log_sink,
    set_verbose,
)

if TYPE_CHECKING:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter
    from llama_cpp.llama_types import ChatCompletionRequestMessage

CHATML = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + message['content']"
    " + '<|im_end|>\n' }}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
_cache: dict[LoadKey, LlamaBackend] = {}
_cache_lock = threading.Lock()  # guards _cache


def _chat(messages: Sequence[Message]) -> list[ChatCompletionRequestMessage]:
    """``messages`` as llama-cpp-python's chat formatter takes them: the same dicts, which its
    types spell as one TypedDict per role.
    """
    return cast("list[ChatCompletionRequestMessage]", list(messages))


class LlamaBackend:
    """A GGUF model loaded in-process; one ``generate`` at a time (a lock serialises calls)."""

    def __init__(
        self,
        config: ModelConfig,
        info: ModelInfo | None = None,
        *,
        verbose: bool | None = None,
        prefix_slots: int = PREFIX_SLOTS,
    ) -> None:
        L = llama_cpp_module()
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
                "this is a LoRA adapter GGUF, not a model: "
                "pass it with --adapter next to its base model",
            )
        if config.adapter:
            self._check_adapter(self.gguf, config.adapter)
        gpu = bool(L.llama_supports_gpu_offload())
        ngl = config.n_gpu_layers if config.n_gpu_layers is not None else (-1 if gpu else 0)
        self._check_memory(self.gguf, config.n_ctx, gpu and ngl != 0)
        self.n_threads = config.n_threads or default_threads()
        self.n_parallel = max(1, config.n_parallel)
        self.prefix_slots = max(0, prefix_slots)  # saved prompt prefixes (0: none)
        self._lock = threading.Lock()
        self._model = self._ctx = self._adapter = None
        self._load_model(path, ngl, config.extra_bufts)
        try:
            self._make_context(path, config)
        except BaseException:
            self.close()
            raise
        self.add_bos = bool(L.llama_vocab_get_add_bos(self._vocab))
        self._template = self.gguf.chat_template or CHATML
        self._formatter, self._formatter_prefix = self._chat_formatters()
        self.info = self._loaded_info(path, info, config, gpu, ngl)
        self.config = config

    # ----------------------------------------------------------------------------- loading
    def _load_model(self, path: str, n_gpu_layers: int, extra_bufts_setting: bool | None) -> None:
        """Load the weights into ``self._model`` with the extra-buffer-types rule
        (``self.extra_bufts`` and its reason); llama.cpp's failure is raised classified.
        """
        L = llama_cpp_module()
        self.extra_bufts, self.extra_bufts_reason = extra_bufts(extra_bufts_setting)
        mparams = L.llama_model_default_params()
        mparams.n_gpu_layers = n_gpu_layers
        mparams.use_extra_bufts = self.extra_bufts
        clear_log()
        self._model = L.llama_model_load_from_file(path.encode(), mparams)
        if not self._model:
            raise classify_failure(path, "loading the model", self.gguf, recent_log(80))

    def _make_context(self, path: str, config: ModelConfig) -> None:
        """Create the context (``config.n_ctx`` tokens, ``n_parallel`` sequences sharing one KV
        cache), apply the adapter and set up the decoder; the caller frees what was made if this
        raises.
        """
        L = llama_cpp_module()
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
        clear_log()
        self._ctx = L.llama_init_from_model(self._model, cparams)
        if not self._ctx:
            raise classify_failure(
                path, f"creating a context of {config.n_ctx} tokens", self.gguf, recent_log(80)
            )
        self.n_ctx = L.llama_n_ctx(self._ctx)
        self.n_batch = L.llama_n_batch(self._ctx)
        if config.adapter:
            self._load_adapter(config.adapter)
        self._decoder = Decoder(
            self._ctx,
            self._vocab,
            path=path,
            n_parallel=self.n_parallel,
            prefix_slots=self.prefix_slots,
        )

    def _chat_formatters(self) -> tuple[Jinja2ChatFormatter, Jinja2ChatFormatter]:
        """The model's chat template as llama-cpp-python formatters: the whole prompt, and its
        constant part (no generation prompt).
        """
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        eos, bos = self.gguf.eos_token or "", self.gguf.bos_token or ""
        return (
            Jinja2ChatFormatter(template=self._template, eos_token=eos, bos_token=bos),
            Jinja2ChatFormatter(
                template=self._template, eos_token=eos, bos_token=bos, add_generation_prompt=False
            ),
        )

    def _loaded_info(
        self, path: str, info: ModelInfo | None, config: ModelConfig, gpu: bool, ngl: int
    ) -> ModelInfo:
        """``info`` (or a description of a model loaded directly) completed with what was
        loaded: the adapter, the device and the layers on it.
        """
        L = llama_cpp_module()
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
        return dataclasses.replace(
            base,
            path=path,
            adapter=config.adapter,
            device=device,
            n_gpu_layers=(n_layers if ngl < 0 else min(ngl, n_layers)) if device != "cpu" else 0,
            name=base.name or self.gguf.name,
        )

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
            return  # VRAM is not visible here; llama.cpp reports GPU allocation failures itself
        avail = available_memory()
        if avail is not None and kv + info.size > avail:
            raise ModelOutOfMemory(
                info.path,
                f"a context of {n_ctx} tokens needs ~{kv / 2**30:.1f} GiB of KV cache "
                f"(+{info.size / 2**30:.1f} GiB "
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
                f"adapter is for architecture {ainfo.architecture!r} "
                f"but the model is {model.architecture!r}",
            )
        return ainfo

    def _load_adapter(self, adapter: str) -> None:
        L = llama_cpp_module()
        ainfo = self._check_adapter(self.gguf, adapter)
        clear_log()
        self._adapter = L.llama_adapter_lora_init(self._model, adapter.encode())
        if not self._adapter:
            raise classify_failure(adapter, "loading the LoRA adapter", ainfo, recent_log(80))
        arr = (L.llama_adapter_lora_p_ctypes * 1)(self._adapter)
        scales = (ctypes.c_float * 1)(1.0)
        if L.llama_set_adapters_lora(self._ctx, arr, 1, scales) != 0:
            raise ModelLoadError(
                adapter, f"llama.cpp refused to apply the adapter: {last_errors(recent_log())}"
            )

    def close(self) -> None:
        """Free the context, adapter and model; drop it from the load cache.

        Idempotent; waits for a running ``generate``.
        """
        L = loaded_lib()
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

    def _free(self, L: ModuleType) -> None:
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
        """The prompt text for ``messages`` (the GGUF's chat template, generation prompt added)."""
        return self._formatter(messages=_chat(messages)).prompt

    def tokenize(self, text: str, *, add_bos: bool | None = None) -> list[int]:
        """Token ids of ``text``; special tokens in the text (``<|im_start|>``) are parsed as such.

        BOS is added when the vocabulary asks for it and the text does not already start with it.
        """
        L = llama_cpp_module()
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
        return self._decoder.piece(token)

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
        params: SamplingParams = DEFAULT_SAMPLING,
        cancel: threading.Event | None = None,
    ) -> list[Completion]:
        """Return ``n`` completions of the chat prompt (see ``models.llama_decode``).

        Everything before the last message is the prompt's constant part: its KV cache is kept
        for the next prompt that starts with it.
        """
        prompt = self.tokenize(self.render(messages))
        prefix = 0
        if len(messages) > 1:
            constant = self.tokenize(self._formatter_prefix(messages=_chat(messages[:-1])).prompt)
            prefix = min(common_prefix(constant, prompt), len(prompt) - 1)
        return self.generate_tokens(prompt, n, params, cancel, prefix_len=prefix)

    def generate_tokens(
        self,
        prompt: Sequence[int],
        n: int = 1,
        params: SamplingParams = DEFAULT_SAMPLING,
        cancel: threading.Event | None = None,
        *,
        prefix_len: int | None = None,
    ) -> list[Completion]:
        """Return ``n`` completions continuing the token ids ``prompt``.

        ``prefix_len``: how many leading tokens are the constant part (kept in a prefix slot and
        reused only where a cold evaluation also splits, so the candidates do not depend on what
        was served before); None: reuse whatever prefix the previous prompt shares.
        """
        if n < 1:
            return []
        if not prompt:
            raise ValueError("empty prompt")
        with self._lock:
            if self._ctx is None:
                raise ModelLoadError(self.info.path, "the backend was closed")
            return self._decoder.run(prompt, n, params, cancel, prefix_len)

    def reset(self) -> None:
        """Forget the cached prompt and prefixes: the next prompt is evaluated from scratch."""
        with self._lock:
            if self._ctx is not None:
                self._decoder.reset()

    def prompt_stats(self) -> PromptStats:
        """Prompt tokens asked for and evaluated so far (the rest came from the prefix cache)."""
        return dataclasses.replace(self._decoder.stats)


def get_backend(
    config: ModelConfig, info: ModelInfo | None = None, *, verbose: bool | None = None
) -> LlamaBackend:
    """The cached backend for ``config`` (loaded on first use, kept warm until ``close()``)."""
    key = config.load_key()
    with _cache_lock:
        cached = _cache.get(key)
    if cached is not None and cached._ctx is not None:
        return cached
    backend = LlamaBackend(config, info, verbose=verbose)
    with _cache_lock:
        _cache[key] = backend
    return backend


def close_all() -> None:
    """Free every cached backend."""
    for backend in list(_cache.values()):
        backend.close()
