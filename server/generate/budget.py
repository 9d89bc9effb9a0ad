"""The time budget and the progress reports of one function's generation.

- ``Budget(cancel, deadline)``: a context manager whose ``event`` is set when the user cancels or
  the deadline passes (``expired`` says which); the model backend stops decoding on it.
- ``Reporter(callback)``: sends ``ProgressEvent``s; ``phase`` (1 or 2) prefixes the messages so the
  editor says which phase is running.
"""

from __future__ import annotations

import threading
import time

from server.api import ProgressCallback, ProgressEvent

PHASE_NAMES = {1: "phase 1 (first block)", 2: "phase 2 (stronger block)"}


class Budget:
    """An event set when the user cancels or the time budget runs out (for the backend)."""

    def __init__(self, cancel: threading.Event | None, deadline: float) -> None:
        self.event = threading.Event()
        self.expired = False
        self._done = threading.Event()
        self._cancel = cancel
        self._deadline = deadline
        self._thread = threading.Thread(target=self._watch, name="cdoctest-gen-budget", daemon=True)

    def _watch(self) -> None:
        while not self._done.is_set():
            if self._cancel is not None and self._cancel.is_set():
                self.event.set()
                return
            if time.monotonic() >= self._deadline:
                self.expired = True
                self.event.set()
                return
            self._done.wait(0.05)

    def __enter__(self) -> Budget:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


class Reporter:
    """Sends ``ProgressEvent``s to ``callback`` (none: silent); ``phase`` prefixes the message."""

    def __init__(self, callback: ProgressCallback | None, phase: int | None = None) -> None:
        self.callback = callback
        self.phase = phase

    def in_phase(self, phase: int) -> Reporter:
        """The same callback, reporting ``phase``."""
        return Reporter(self.callback, phase)

    def __call__(
        self,
        stage: str,
        message: str,
        function: str | None = None,
        *,
        done: int | None = None,
        total: int | None = None,
    ) -> None:
        """Report one event; ``done``/``total`` give the stage's percentage."""
        if self.callback is None:
            return
        if self.phase in PHASE_NAMES:
            message = f"{PHASE_NAMES[self.phase]}: {message}"
        pct = int(100 * done / total) if done is not None and total else None
        self.callback(ProgressEvent(stage, message, function, done, total, pct))
