"""Model serving for cdoctest-gen: every model user goes through ``load_backend``.

``load_backend(config)`` resolves which model to use (``models.resolve``: argument > preset >
environment > user config file > installed trained model > embedded default), fetches a preset if
needed (``models.presets``), and returns a warm, cached backend: the llama.cpp model in a
supervised child process (``models.host``: a native crash costs one request, not the caller;
``$CDOCTEST_MODEL_HOST=0`` loads it in process, ``models.llama_backend``) or, when a URL is
configured, the OpenAI-compatible HTTP backend (``models.http_backend``). ``backend.info`` (a
``ModelInfo``) says which model, why, and on which device. ``python -m models info`` prints the
same without generating anything.
"""

from __future__ import annotations

import dataclasses
import os

# See models.llama_lib.llama_cpp_module: OpenMP spin-waiting collapses llama.cpp throughput on a
# busy machine. Set here too so it applies when ``models`` is imported before anything loads
# llama_cpp.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

from models.api import Backend, Completion, ModelConfig, ModelError, ModelInfo, SamplingParams
from models.paths import embedded_model_path
from models.resolve import resolve

__all__ = [
    "Backend",
    "Completion",
    "ModelConfig",
    "ModelError",
    "ModelInfo",
    "SamplingParams",
    "embedded_model_path",
    "load_backend",
    "resolve_model",
]


def resolve_model(config: ModelConfig | None = None) -> ModelInfo:
    """Which model ``load_backend(config)`` would use and why (no loading, no download)."""
    return resolve(config).info


def load_backend(config: ModelConfig | None = None, *, verbose: bool | None = None) -> Backend:
    """Resolve, fetch (presets) and load the model; the same config returns the same warm backend.

    Raises :class:`models.api.ModelError` subclasses (``models.errors``) with the path and reason.
    """
    resolved = resolve(config)
    cfg, info = resolved.config, resolved.info
    if cfg.url:
        from models.http_backend import HttpBackend

        return HttpBackend(cfg, info)
    if cfg.model is None and resolved.preset is not None:
        from models.presets import fetch_preset

        path = fetch_preset(resolved.preset)
        cfg = dataclasses.replace(cfg, model=path)
        info = dataclasses.replace(
            info, path=path, reason=info.reason.replace(" (not downloaded yet)", "")
        )
    if os.environ.get("CDOCTEST_MODEL_HOST", "1").strip().lower() in ("0", "off", "false", "no"):
        from models.llama_backend import get_backend

        return get_backend(cfg, info, verbose=verbose)
    from models.host import get_hosted_backend

    return get_hosted_backend(cfg, info, verbose=verbose)
