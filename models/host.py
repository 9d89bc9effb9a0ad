"""Model host: the llama.cpp model in a supervised child process, behind ``models.api.Backend``.

A native crash in llama.cpp (a segfault in a CPU kernel, an abort, the OOM killer, a GPU driver
fault) kills the process it runs in. ``HostedBackend`` keeps the model in a child process
(``python -m models.host_child``) so that such a crash costs one request, not the CLI, the language
server or the test run.

Contract:

- **Start**: the host is started by the constructor (``models.load_backend``), so a bad model file
  raises the same typed ``ModelLoadError`` as in process, and again on the first request after a
  crash or ``close()``. It runs ``models.llama_backend.LlamaBackend``: same decoding, same
  candidates for the same seed.
- **Wire** (``models.host_wire``): length-prefixed pickles over the host's stdin/stdout.
  Host -> parent: ``ready``, ``result``, ``error`` (the typed exception is rebuilt in the parent)
  and ``log`` (every llama.cpp log line, forwarded as it is written, so the last lines before a
  crash are known). The host's stderr (Python's faulthandler report) is collected too. The host
  side is ``models.host_child``.
- **Calls**: ``generate``, ``render``, ``tokenize``, ``pieces``, ``detokenize``, ``reset``,
  ``prompt_stats``; one at a time (a lock). The host keeps one ``LlamaBackend``, so its prompt
  prefix cache serves every request of the parent. Cancellation: when ``cancel`` is set the host is
  asked to stop (its candidates come back ``cancelled``); if it does not answer within
  ``cancel_grace_s`` it is killed and restarted on the next request.
- **Crashes**: when the host dies during a call, the call raises :class:`ModelCrashed` naming the
  signal or exit code, the host's last llama.cpp log lines and its stderr. The next call restarts
  it after a back-off (``backoff_s`` doubled per consecutive crash); after ``max_crashes``
  consecutive crashes it stays down: calls raise :class:`ModelHostDown` (logged once). A call
  that succeeds resets the count.
- **Nothing left running**: ``close()`` (also at interpreter exit) stops the host; the host exits
  by itself when its stdin reaches EOF or its parent process is gone (it polls ``getppid``).
- **Test hook**: ``$CDOCTEST_TEST_HOST_CRASH`` (``CRASH_ENV``, see ``models.host_child``) makes
  the host crash a few decode steps into a generation.
"""

from __future__ import annotations

import atexit
import collections
import logging
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from typing import Any, cast

from models.api import (
    DEFAULT_SAMPLING,
    Completion,
    LoadKey,
    Message,
    ModelConfig,
    ModelError,
    ModelInfo,
    PromptStats,
    SamplingParams,
)
from models.errors import ModelCrashed, ModelHostDown, ModelRuntimeError
from models.host_child import CRASH_ENV, CRASH_ONCE_ENV
from models.host_wire import GENERATING, recv, send, unpack_exc

__all__ = [
    "CRASH_ENV",
    "CRASH_ONCE_ENV",
    "HostedBackend",
    "ModelCrashed",
    "ModelHostDown",
    "ModelRuntimeError",
    "get_hosted_backend",
]

log = logging.getLogger(__name__)

HOST_ENV = "CDOCTEST_MODEL_HOST"  # 0: load GGUF models in process (models.load_backend)


# ----------------------------------------------------------------------------- parent side


def _signal_name(returncode: int) -> str | None:
    if returncode >= 0:
        return None
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


class HostedBackend:
    """A GGUF model served by a child process (see the module docstring). Implements ``Backend``."""

    def __init__(
        self,
        config: ModelConfig,
        info: ModelInfo | None = None,
        *,
        verbose: bool | None = None,
        max_crashes: int = 3,
        backoff_s: float = 1.0,
        cancel_grace_s: float = 5.0,
        start: bool = True,
    ) -> None:
        self.config = config
        self.info = info or ModelInfo(
            path=config.model or "", source="argument", reason="loaded directly"
        )
        self.verbose = (
            verbose
            if verbose is not None
            else os.environ.get("CDOCTEST_LLAMA_VERBOSE", "") not in ("", "0")
        )
        self.max_crashes = max_crashes
        self.backoff_s = backoff_s
        self.cancel_grace_s = cancel_grace_s
        self.crashes = 0  # consecutive crashes
        self.restarts = 0  # hosts started after the first one
        self._last_crash = 0.0
        self._down_reported = False
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._inbox: queue.Queue[Any] = queue.Queue()
        self._log: collections.deque[str] = collections.deque(maxlen=200)
        self._stderr: collections.deque[str] = collections.deque(maxlen=60)
        self._ids = 0
        self._stopping = False
        self._started = False
        self.n_ctx = self.n_threads = self.n_parallel = 0
        self.extra_bufts: bool | None = None
        _live.add(self)
        if start:
            self.start()

    # -- process management --------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The host's process id while it runs, else None."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def start(self) -> None:
        """Make sure a host runs (restarting after a back-off); or ``ModelHostDown``."""
        with self._lock:
            self._ensure_host(None)

    def _start(self) -> None:
        """Start a host and load the model (caller holds the lock); typed errors as in process."""
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        env.setdefault("OMP_WAIT_POLICY", "passive")
        self._log.clear()
        self._stderr.clear()
        self._stopping = False
        proc = subprocess.Popen(
            [sys.executable, "-m", "models.host_child"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            close_fds=True,
        )
        inbox: queue.Queue[Any] = queue.Queue()
        self._proc, self._inbox = proc, inbox
        threading.Thread(
            target=self._read_messages, args=(proc, inbox), name="model-host-out", daemon=True
        ).start()
        threading.Thread(
            target=self._read_stderr, args=(proc,), name="model-host-err", daemon=True
        ).start()
        try:
            self._write(("load", self.config, self.info))
        except OSError:
            pass  # the host died at once: its EOF is in the inbox
        msg = inbox.get()
        if msg[0] == "ready":
            _, info, attrs = msg
            self.info = info
            for k, v in attrs.items():
                setattr(self, k, v)
            return
        self._reap()
        if msg[0] == "error":
            raise unpack_exc(msg[2])
        raise self._crash_error("while loading the model")

    def _read_messages(self, proc: subprocess.Popen[bytes], inbox: queue.Queue[Any]) -> None:
        assert proc.stdout is not None
        while True:
            try:
                msg = recv(proc.stdout)
            except (EOFError, OSError, pickle.UnpicklingError, ValueError):
                inbox.put(("eof",))
                return
            if msg[0] == "log":
                self._log.append(msg[1])
                if self.verbose:
                    sys.stderr.write(msg[1])
            else:
                inbox.put(msg)

    def _read_stderr(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            line = raw.decode("utf-8", "replace")
            self._stderr.append(line)
            if self.verbose:
                sys.stderr.write(line)

    def _write(self, msg: object) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise BrokenPipeError("no model host")
        send(proc.stdin, msg)

    def _reap(self, timeout: float = 10.0) -> int | None:
        """Wait for the host to exit (kill it when it does not) and drop it; its exit status."""
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
        for f in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        return rc

    def _crash_error(self, what: str, rc: int | None = None) -> ModelCrashed:
        """Count a crash of the host (already reaped, or reaped here) and describe it."""
        if rc is None:
            rc = self._reap()
        self.crashes += 1
        self._last_crash = time.monotonic()
        sig = _signal_name(rc) if rc is not None else None
        if sig is not None and rc is not None:
            how = f"was killed by {sig}"
            try:
                how += f" ({signal.strsignal(-rc)})"
            except (ValueError, TypeError):
                pass
            if sig == "SIGKILL":
                how += ", e.g. by the kernel's out-of-memory killer"
        else:
            how = f"exited with code {rc}"
        llama_log = "".join(list(self._log)[-3:]).strip().replace("\n", " | ")
        err = [ln.strip() for ln in self._stderr if ln.strip()]
        fatal = next((ln for ln in err if ln.startswith("Fatal Python error")), None)
        detail = fatal or (err[-1] if err else "")
        msg = f"the model host {how} {what} ({self.info.path})"
        if llama_log:
            msg += f"; last llama.cpp log: {llama_log}"
        if detail:
            msg += f"; host: {detail}"
        if self.crashes >= self.max_crashes:
            msg += f"; it crashed {self.crashes} times in a row and stays down"
        else:
            msg += "; it is restarted on the next request"
        return ModelCrashed(msg, signal=sig, exit_code=rc, log=llama_log)

    def _ensure_host(self, cancel: threading.Event | None) -> None:
        """A running host (caller holds the lock): restart after a back-off, or stay down."""
        if self._proc is not None:
            rc = self._proc.poll()
            if rc is None:
                return
            err = self._crash_error("while idle", self._reap())
            log.warning("%s", err)
        if self.crashes >= self.max_crashes:
            msg = (
                f"the model host crashed {self.crashes} times in a row and stays down "
                f"({self.info.path}); change the model or restart to try again"
            )
            if not self._down_reported:
                self._down_reported = True
                log.error("%s", msg)
            raise ModelHostDown(msg)
        if self.crashes:
            wait = self.backoff_s * 2 ** (self.crashes - 1) - (time.monotonic() - self._last_crash)
            if wait > 0 and cancel is None:
                time.sleep(wait)
            elif wait > 0 and cancel is not None and cancel.wait(wait):
                return  # cancelled during the back-off: the caller sees cancel set
        if self._started:
            self.restarts += 1
        self._started = True
        self._start()

    # -- calls ----------------------------------------------------------------------------

    def _call(
        self,
        method: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        cancel: threading.Event | None = None,
        n: int = 0,
    ) -> Any:
        cancelled = [Completion(text="", finish_reason="cancelled") for _ in range(n)]
        with self._lock:
            self._ensure_host(cancel)
            if cancel is not None and cancel.is_set() and method in GENERATING:
                return cancelled
            self._ids += 1
            rid = self._ids
            try:
                self._write(("call", rid, method, args, kwargs))
            except OSError:
                pass  # the host is gone: its EOF follows
            inbox = self._inbox
            asked_at: float | None = None
            while True:
                try:
                    msg = inbox.get(timeout=0.05 if cancel is not None else None)
                except queue.Empty:
                    if cancel is None or not cancel.is_set():
                        continue
                    if asked_at is None:
                        asked_at = time.monotonic()
                        try:
                            self._write(("cancel", rid))
                        except OSError:
                            pass
                    elif time.monotonic() - asked_at > self.cancel_grace_s:
                        log.warning(
                            "the model host did not stop within %.1fs: killed", self.cancel_grace_s
                        )
                        self._kill()
                        return cancelled
                    continue
                if msg[0] == "eof":
                    if self._stopping:
                        self._reap()
                        raise ModelError(f"{self.info.path}: the model host was stopped (close())")
                    raise self._crash_error(f"while running {method}")
                if msg[1] != rid:
                    continue  # the answer to an earlier, abandoned call
                if msg[0] == "error":
                    raise unpack_exc(msg[2])
                self.crashes = 0
                self._down_reported = False
                return msg[2]

    def generate(
        self,
        messages: list[Message],
        n: int = 1,
        params: SamplingParams = DEFAULT_SAMPLING,
        cancel: threading.Event | None = None,
    ) -> list[Completion]:
        """``n`` completions of the chat prompt, decoded in the host (``LlamaBackend.generate``)."""
        # The host's answers are unpickled, untyped: each method states what its answer is.
        return cast(
            list[Completion], self._call("generate", (list(messages), n, params), {}, cancel, n)
        )

    def render(self, messages: list[Message]) -> str:
        """The prompt text for ``messages`` (the GGUF's chat template)."""
        return cast(str, self._call("render", (list(messages),), {}))

    def tokenize(self, text: str, *, add_bos: bool | None = None) -> list[int]:
        """Token ids of ``text`` (as ``LlamaBackend.tokenize``)."""
        return cast(list[int], self._call("tokenize", (text,), {"add_bos": add_bos}))

    def pieces(self, tokens: list[int]) -> list[bytes]:
        """The bytes of each token (as ``LlamaBackend.pieces``)."""
        return cast(list[bytes], self._call("pieces", (list(tokens),), {}))

    def detokenize(self, tokens: list[int]) -> str:
        """Text of ``tokens``."""
        return cast(str, self._call("detokenize", (list(tokens),), {}))

    def reset(self) -> None:
        """Forget the host's cached prompt and prefixes (``LlamaBackend.reset``)."""
        self._call("reset", (), {})

    def prompt_stats(self) -> PromptStats:
        """Prompt tokens asked for and evaluated by the host since it started."""
        return cast(PromptStats, self._call("prompt_stats", (), {}))

    def _kill(self) -> None:
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
        self._reap()

    def close(self) -> None:
        """Stop the host and free the model (idempotent); a later call starts a new host."""
        self._stopping = True
        proc = self._proc
        if proc is not None and proc.poll() is None:
            try:
                self._write(("close",))
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
        with self._lock:
            self._reap()
            self.crashes = 0
            self._down_reported = False

    def __enter__(self) -> HostedBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_live: weakref.WeakSet[HostedBackend] = weakref.WeakSet()
_cache: dict[LoadKey, HostedBackend] = {}
_cache_lock = threading.Lock()


def get_hosted_backend(
    config: ModelConfig, info: ModelInfo | None = None, *, verbose: bool | None = None
) -> HostedBackend:
    """The cached hosted backend for ``config`` (started on first use; a closed one restarts)."""
    key = config.load_key()
    with _cache_lock:
        backend = _cache.get(key)
        if backend is None:
            backend = _cache[key] = HostedBackend(config, info, verbose=verbose, start=False)
    backend.start()  # cached even when this fails: its crash count decides when it stays down
    return backend


@atexit.register
def close_all() -> None:
    """Stop every model host of this process."""
    for backend in list(_live):
        try:
            backend.close()
        except Exception:  # pragma: no cover - best effort at exit
            pass
