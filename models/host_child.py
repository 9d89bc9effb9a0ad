"""The model host's main loop (``python -m models.host_child``): a ``LlamaBackend`` behind a pipe.

Started by ``models.host.HostedBackend``. The host moves its own fd 1 to stderr first (stray prints
cannot corrupt the channel), loads the model named by the first message, answers ``ready`` (or the
load error), then serves one call at a time in a worker thread so that ``cancel`` messages are read
while a generation runs. It forwards every llama.cpp log line as it is written, exits when its
stdin reaches EOF or its parent process changes, and enables faulthandler so that a native crash
leaves its report on stderr.

Test hook: ``$CDOCTEST_TEST_HOST_CRASH`` = ``segv`` | ``abort`` | ``kill`` makes the host kill
itself that way a few decode steps into a generation; with ``$CDOCTEST_TEST_HOST_CRASH_ONCE=FILE``
only while FILE does not exist (it is created first).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import Any

from models.api import ModelError
from models.host_wire import CALLS, GENERATING, pack_exc, recv, send

CRASH_ENV = "CDOCTEST_TEST_HOST_CRASH"
CRASH_ONCE_ENV = "CDOCTEST_TEST_HOST_CRASH_ONCE"


class _CrashingEvent(threading.Event):
    """Test hook: a cancel event that kills the process at its ``after``-th ``is_set`` check."""

    def __init__(self, inner: threading.Event, mode: str, after: int = 4) -> None:
        super().__init__()
        self.inner, self.mode, self.left = inner, mode, after

    def is_set(self) -> bool:
        self.left -= 1
        if self.left <= 0:
            sys.stderr.flush()
            if self.mode == "abort":
                os.abort()
            os.kill(os.getpid(), signal.SIGKILL if self.mode == "kill" else signal.SIGSEGV)
            time.sleep(5)  # the signal is delivered to this thread's process; never reached
        return self.inner.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self.inner.wait(timeout)


def _crash_mode() -> str | None:
    mode = os.environ.get(CRASH_ENV, "").strip().lower()
    if mode not in ("segv", "abort", "kill"):
        return None
    once = os.environ.get(CRASH_ONCE_ENV)
    if once:
        try:
            fd = os.open(once, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return None
        os.close(fd)
    return mode


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def serve() -> int:
    """The host's main loop (``python -m models.host_child``)."""
    import faulthandler

    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed (by Python or C) goes to stderr, not into the channel
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    faulthandler.enable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    send_lock = threading.Lock()

    def reply(msg: object) -> None:
        with send_lock:
            try:
                send(out, msg)
            except (OSError, ValueError):
                os._exit(0)  # the parent is gone

    try:
        first = recv(inp)
    except EOFError:
        return 0
    _, config, info = first
    from models import llama_backend as lb
    from models.llama_lib import set_log_sink

    def forward(level: int, text: str) -> None:
        if level != 1:  # GGML_LOG_LEVEL_DEBUG ("set_abort_callback: call" ...) says nothing useful
            reply(("log", text))

    set_log_sink(forward)
    try:
        backend = lb.LlamaBackend(config, info, verbose=False)
    except Exception as exc:
        reply(("error", None, pack_exc(exc)))
        return 1
    reply(
        (
            "ready",
            backend.info,
            {
                "n_ctx": backend.n_ctx,
                "n_threads": backend.n_threads,
                "n_parallel": backend.n_parallel,
                "extra_bufts": backend.extra_bufts,
            },
        )
    )
    events: dict[int, threading.Event] = {}

    def run(rid: int, method: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        try:
            if method not in CALLS:
                raise ModelError(f"the model host has no call {method!r}")
            if method in GENERATING:
                cancel: threading.Event = events[rid]
                mode = _crash_mode()
                if mode is not None:
                    cancel = _CrashingEvent(cancel, mode)
                kwargs = {**kwargs, "cancel": cancel}
            result = getattr(backend, method)(*args, **kwargs)
            reply(("result", rid, result))
        except Exception as exc:
            reply(("error", rid, pack_exc(exc)))
        finally:
            events.pop(rid, None)

    worker: threading.Thread | None = None
    while True:
        try:
            msg = recv(inp)
        except EOFError:
            break
        if msg[0] == "call":
            _, rid, method, args, kwargs = msg
            if worker is not None:
                worker.join()  # the parent sends one call at a time
            events[rid] = threading.Event()
            worker = threading.Thread(target=run, args=(rid, method, args, kwargs), daemon=True)
            worker.start()
        elif msg[0] == "cancel":
            ev = events.get(msg[1])
            if ev is not None:
                ev.set()
        elif msg[0] == "close":
            break
    for ev in list(events.values()):
        ev.set()
    if worker is not None:
        worker.join(timeout=5)
    if worker is None or not worker.is_alive():
        backend.close()
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
