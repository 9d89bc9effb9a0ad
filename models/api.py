"""The one interface between model users (``server/``, ``training/``) and model backends.

A backend takes a chat-formatted prompt (a list of ``{"role", "content"}`` messages, rendered with
the GGUF's own chat template) and returns N candidate completions. Backends: the llama.cpp
backend (``models.llama_backend``), served from a supervised child process by default
(``models.host``), and the OpenAI-compatible HTTP backend (``models.http_backend``).
``models.load_backend(config)`` picks and loads one.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": "..."}


class ModelError(Exception):
    """A model could not be resolved, fetched or loaded; the message names the path and reason."""


@dataclass(frozen=True)
class SamplingParams:
    """How to sample. The defaults are llama.cpp's usual chat defaults; GRPO uses neutral ones."""

    temperature: float = 0.8
    top_p: float = 0.95
    top_k: int = 40
    min_p: float = 0.05
    repeat_penalty: float = 1.0
    max_tokens: int = 256
    seed: int | None = None  # None: a fresh random seed; fixed seed: deterministic candidates
    stop: tuple[str, ...] = ()
    grammar: str | None = None  # GBNF source text; None: unconstrained
    logprobs: bool = False  # return the log-prob of each generated token
    ignore_eos: bool = False  # forbid end-of-generation tokens (benchmarks: run to max_tokens)


DEFAULT_SAMPLING = SamplingParams()  # the default of every ``generate``


@dataclass(frozen=True)
class Completion:
    """One candidate. ``logprobs[i]`` is the log-prob of ``token_ids[i]`` (when requested)."""

    text: str
    token_ids: tuple[int, ...] = ()
    logprobs: tuple[float, ...] | None = None
    finish_reason: Literal["stop", "length", "cancelled", "error"] = "stop"


@dataclass
class PromptStats:
    """Prompt tokens asked for and evaluated, over all requests and for the last one."""

    requests: int = 0
    prompt_tokens: int = 0
    evaluated: int = 0
    last_prompt_tokens: int = 0
    last_evaluated: int = 0


@dataclass(frozen=True)
class ModelInfo:
    """Which model is in use and why: every entry point reports this."""

    path: str  # GGUF path, or the URL of an HTTP backend
    # 'argument' | 'environment' | 'config file' | 'preset' | 'trained (installed)'
    # | 'embedded default' | 'http'
    source: str
    reason: str  # e.g. "--model given", "CDOCTEST_MODEL is set", "no model configured"
    adapter: str | None = None
    device: str = "cpu"  # 'cpu' | 'cuda' | 'metal' | 'remote'
    n_gpu_layers: int = 0
    name: str = ""  # short display name, e.g. 'SmolLM2-135M-Instruct.Q4_1'


@dataclass(frozen=True)
class ModelConfig:
    """Everything that selects and loads a model; one place for it (server settings map onto it)."""

    model: str | None = None  # explicit GGUF path (highest precedence)
    adapter: str | None = None  # LoRA adapter GGUF applied on top of ``model``
    preset: str | None = None  # name in models/presets.json
    url: str | None = None  # OpenAI-compatible HTTP endpoint; selects the HTTP backend
    api_model: str | None = None  # model name sent to the HTTP endpoint
    n_ctx: int = 4096
    n_gpu_layers: int | None = None  # None: all layers when the build has a GPU backend, else 0
    n_threads: int | None = None
    n_parallel: int = 8  # max sequences decoded together
    extra_bufts: bool | None = (
        None  # llama.cpp weight repacking / AMX; None: off on AMX CPUs (llama_backend)
    )
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    def load_key(self) -> tuple[object, ...]:
        """Return what tells two loaded models apart (backends are cached by it)."""
        return (
            os.path.realpath(self.model) if self.model else None,
            os.path.realpath(self.adapter) if self.adapter else None,
            self.n_ctx,
            self.n_gpu_layers,
            self.n_threads,
            self.n_parallel,
            self.extra_bufts,
        )


@runtime_checkable
class Backend(Protocol):
    """A loaded model. Implementations are thread-safe for one ``generate`` at a time."""

    info: ModelInfo

    def generate(
        self,
        messages: list[Message],
        n: int = 1,
        params: SamplingParams = DEFAULT_SAMPLING,
        cancel: threading.Event | None = None,
    ) -> list[Completion]:
        """Return ``n`` completions of the chat prompt.

        Stop early (finish_reason 'cancelled') once ``cancel`` is set.
        """
        ...

    def close(self) -> None:
        """Free the model."""
        ...
