"""llama.cpp, process-wide: the import, its log, and the CPU rules every model load follows.

- **Import** (:func:`llama_cpp_module`): ``OMP_WAIT_POLICY=passive`` is set first (OpenMP's spinning
  threads made decoding 10-30x slower on a shared machine), llama.cpp's log goes to a ring buffer
  (:func:`recent_log`, used in error messages), to stderr with :func:`set_verbose` or
  ``$CDOCTEST_LLAMA_VERBOSE=1``, and to a sink (:func:`set_log_sink`, the model host forwards it).
- **Extra buffer types** (llama.cpp's CPU weight repacking, including its AMX matmul): off on a
  CPU that reports AMX, whose AMX matmul segfaults in ``llama_decode`` (llama.cpp issue #20824),
  on elsewhere; ``ModelConfig.extra_bufts`` and then ``$CDOCTEST_EXTRA_BUFTS``
  (``0``/``1``/``auto``) override (:func:`decide_extra_bufts`). The rule also covers
  llama-cpp-python's ``Llama`` class in this process once :func:`llama_cpp_module` ran (it patches
  ``llama_model_default_params``).
- **Failures**: llama.cpp's own load failures are classified from its log lines
  (:func:`classify_failure`) into ``UnsupportedArchitecture`` / ``ModelOutOfMemory`` /
  ``ModelLoadError``.
"""

from __future__ import annotations

import collections
import ctypes
import os
import sys
import threading

from models.errors import ModelLoadError, ModelOutOfMemory, UnsupportedArchitecture
from models.gguf_file import GGUFInfo

_log_lines: collections.deque[str] = collections.deque(maxlen=400)
_log_state: dict = {
    "verbose": os.environ.get("CDOCTEST_LLAMA_VERBOSE", "") not in ("", "0"),
    "installed": False,
    "sink": None,
}
_init_lock = threading.Lock()
AMX_FLAGS = frozenset({"amx_tile", "amx_int8", "amx_bf16", "amx_fp16", "amx_complex"})
EXTRA_BUFTS_ENV = "CDOCTEST_EXTRA_BUFTS"
_llama_cpp = None


def llama_cpp_module():
    """``llama_cpp``, imported once with this project's rules: passive OpenMP waiting, llama.cpp's
    log captured (our log callback), the backend initialised, and the extra-buffer-types rule in
    ``llama_model_default_params`` (so a ``llama_cpp.Llama`` made afterwards follows it). Use it
    instead of ``import llama_cpp``.
    """
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


def loaded_lib():
    """``llama_cpp`` if this process imported it already (:func:`llama_cpp_module`), else None."""
    return _llama_cpp


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
    """:func:`decide_extra_bufts` for this machine and environment (bad value: ModelLoadError)."""
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

    llama_model_default_params._cdoctest_patched = True
    low.llama_model_default_params = llama_model_default_params
    llama_cpp.llama_model_default_params = llama_model_default_params


def set_verbose(verbose: bool) -> None:
    """Show (True) or hide (False, default) llama.cpp's log on stderr."""
    _log_state["verbose"] = verbose


def set_log_sink(sink) -> None:
    """Also pass every llama.cpp log line to ``sink(level, text)`` (ggml levels: 1 debug, 2 info,
    3 warn, 4 error, 5 continuation); the model host forwards them. None: stop.
    """
    _log_state["sink"] = sink


def clear_log() -> None:
    """Forget the logged lines (before a call whose failure is read from the log)."""
    _log_lines.clear()


def recent_log(n: int = 40) -> str:
    """The last ``n`` llama.cpp log lines (useful in error reports)."""
    return "".join(list(_log_lines)[-n:])


def gpu_offload_supported() -> bool:
    """Whether this llama.cpp build can offload layers to a GPU (CUDA / Metal / ...)."""
    return bool(llama_cpp_module().llama_supports_gpu_offload())


def default_threads() -> int:
    """Threads for decoding: the CPUs this process may use, at most 8."""
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    return max(1, min(8, n))


def available_memory() -> int | None:
    """MemAvailable + SwapFree in bytes (Linux), else None."""
    try:
        fields = dict(line.split(":", 1) for line in open("/proc/meminfo"))
        return (
            int(fields["MemAvailable"].split()[0]) + int(fields.get("SwapFree", "0 kB").split()[0])
        ) * 1024
    except (OSError, KeyError, ValueError):
        return None


def classify_failure(path: str, what: str, info: GGUFInfo | None, log: str) -> ModelLoadError:
    """The typed error for a llama.cpp failure while ``what``, read from its ``log`` lines."""
    low = log.lower()
    if "unknown model architecture" in low or "unknown architecture" in low:
        arch = info.architecture if info else "?"
        return UnsupportedArchitecture(
            path, f"architecture {arch!r} is not supported by this llama.cpp build"
        )
    if "out of memory" in low or ("alloc" in low and "fail" in low):
        return ModelOutOfMemory(
            path,
            f"out of memory while {what} (lower n_ctx / n_parallel / n_gpu_layers): "
            f"{last_errors(log)}",
        )
    return ModelLoadError(
        path, f"llama.cpp failed while {what}: {last_errors(log) or 'no reason given'}"
    )


def last_errors(log: str) -> str:
    """The last (up to three) error-looking lines of a llama.cpp log, joined with `` | ``."""
    lines = [ln.strip() for ln in log.splitlines() if ln.strip()]
    bad = [
        ln
        for ln in lines
        if any(w in ln.lower() for w in ("error", "fail", "unknown", "invalid", "cannot"))
    ]
    return " | ".join((bad or lines)[-3:])
