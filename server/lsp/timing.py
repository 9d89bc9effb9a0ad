"""Request logging for the output channel: each request with its duration, and the log level.

``TimedProtocol`` is pygls' ``LanguageServerProtocol`` with two hooks: it notes when a request
arrives and logs, when its answer (or error) leaves, one line at info level such as
``cdoctest/runTestItems #7: 1834 ms`` (``cancelled`` / ``error`` appended when so);
notifications are logged at debug level. ``apply_level`` sets the level of the project's loggers
from ``cdoctest.log.level`` without lowering a more verbose ``-v`` given on the command line.
``ClientLogHandler`` sends the project's log records to the client as ``window/logMessage`` (over
stdio without ``--log-file``): VS Code's output channel then shows them with their level instead of
tagging every stderr line as an error.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from lsprotocol import types as T
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger("server.lsp.requests")

LOGGERS = ("server", "cdoctest_runner", "models")  # the project's loggers (the CLI sets the root)
_LEVELS = {
    "error": logging.ERROR,
    "warning": logging.WARNING,
    "info": logging.INFO,
    "debug": logging.DEBUG,
}


def apply_level(name: str) -> int:
    """Set the project's loggers to ``name`` (or to the root's level if that is more verbose).

    Returns the level in force. The handler (stderr or ``--log-file``) is the CLI's.
    """
    wanted = _LEVELS.get(name, logging.INFO)
    root = logging.getLogger().level or logging.WARNING
    level = min(wanted, root)
    for logger in LOGGERS:
        logging.getLogger(logger).setLevel(level)
    return level


_MESSAGE_TYPES = (
    (logging.ERROR, T.MessageType.Error),
    (logging.WARNING, T.MessageType.Warning),
    (logging.INFO, T.MessageType.Info),
)


class ClientLogHandler(logging.Handler):
    """Forward log records to the client as ``window/logMessage``, from any thread.

    Records are sent from the event loop (``call_soon_threadsafe``): pygls writes to stdout
    without a lock, and worker threads log too.
    """

    def __init__(self, server: Any, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.server = server
        self.loop = loop
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Queue the record for the loop (dropped once the loop is closed)."""
        kind = next(
            (t for level, t in _MESSAGE_TYPES if record.levelno >= level), T.MessageType.Log
        )
        try:
            text = self.format(record)
            self.loop.call_soon_threadsafe(self._send, kind, text)
        except RuntimeError:  # the loop is closed: the server is exiting
            pass

    def _send(self, kind: T.MessageType, text: str) -> None:
        try:
            self.server.window_log_message(T.LogMessageParams(type=kind, message=text))
        except Exception:  # the client is gone
            pass


def log_to_client(server: Any) -> ClientLogHandler:
    """Send the project's log records to the client instead of stderr; returns the handler."""
    handler = ClientLogHandler(server, asyncio.get_running_loop())
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.propagate = False
    return handler


class TimedProtocol(LanguageServerProtocol):
    """``LanguageServerProtocol`` that logs every request with its duration."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._started: dict[Any, tuple[str, float]] = {}

    def _handle_request(self, msg_id: Any, method_name: str, params: Any) -> Any:
        self._started[msg_id] = (method_name, time.monotonic())
        log.debug("request %s #%s started", method_name, msg_id)
        return super()._handle_request(msg_id, method_name, params)

    def _handle_notification(self, method_name: str, params: Any) -> Any:
        log.debug("notification %s", method_name)
        return super()._handle_notification(method_name, params)

    def _send_response(self, msg_id: Any, result: Any = None, error: Any = None) -> Any:
        started = self._started.pop(msg_id, None)
        if started is not None:
            method, t0 = started
            suffix = ""
            if error is not None:
                code = getattr(error, "code", None)
                suffix = " (cancelled)" if code == -32800 else f" (error {code})"
            log.info("%s #%s: %.0f ms%s", method, msg_id, (time.monotonic() - t0) * 1000, suffix)
        return super()._send_response(msg_id, result, error)
