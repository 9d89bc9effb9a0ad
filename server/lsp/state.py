"""The language server's state: ``CdoctestServer`` (``server.lsp.host.Host``, the state every
feature shares, plus the features' own objects: test runs, the Testing view, the life cycle, and
the status they report).

The handlers that register on it live in ``server/lsp/server.py`` (split along that seam: the
feature modules type against ``Host``, which imports no feature that needs it; this module
composes them; that one is the LSP surface).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from lsprotocol import types as T

from server.lsp import args as A
from server.lsp.features import (
    lifecycle,
    test_runs,
    testing,
    trust,
)
from server.lsp.host import VERSION, Host
from server.lsp.settings import parse_settings, to_client
from server.lsp.timing import apply_level

log = logging.getLogger(__name__)


class CdoctestServer(Host):
    """``Host`` plus our features' objects and the status they report."""

    def __init__(self) -> None:
        super().__init__()
        self.test_runs = test_runs.TestRuns(self)
        self.testing = testing.TestingView(self, self.test_runs)
        self.lifecycle = lifecycle.Lifecycle(self, self.test_runs, self.testing)

    def apply_settings(self, raw: Any, origin: str, announce: bool = True) -> None:
        """Parse and apply settings; one message lists every problem (those fields keep defaults).

        ``announce=False`` (during ``initialize``) keeps the message and the status notification
        for ``initialized``.
        """
        settings, problems = parse_settings(raw)
        apply_level(settings.log.level)
        if problems:
            message = f"cdoctest: problems in the {origin} settings: " + "; ".join(problems)
            if announce:
                self.show(message, T.MessageType.Warning)
            else:
                self.deferred.append(message)
        if settings != self.settings:
            old = self.take_engine()
            self.settings = settings
            if old is not None:  # close after the generation in flight, on its thread
                self.generate_executor.submit(old.close)
            log.info("settings from %s: %s", origin, to_client(settings))
            if announce:
                self.send_status()

    def send_status(self) -> None:
        """Send the ``cdoctest/status`` notification (the extension's status bar)."""
        self.protocol.notify(A.STATUS_NOTIFICATION, self.status())

    def status(self) -> dict[str, Any]:
        """Return the model that will be used (resolved, not loaded) and the settings in force."""
        model: dict[str, Any] = {"name": "", "path": "", "source": "", "reason": ""}
        try:
            from models import resolve_model

            info = resolve_model(self.settings.model_config())
            model = {
                "name": info.name or info.path.rsplit("/", 1)[-1],
                "path": info.path,
                "source": info.source,
                "reason": info.reason,
            }
        except Exception as exc:  # no model: the status says why
            model["reason"] = f"{type(exc).__name__}: {exc}"
        if self.settings.generation.no_model:
            model["name"] = "no model (fallback only)"
        return {
            "model": model,
            "settings": to_client(self.settings),
            "version": VERSION,
            "trusted": self.trusted,
            "sandbox": trust.sandbox_status(self.sandbox, self._sandbox_error),
            "runOnOpen": self.trusted
            and self.sandbox is not None
            and self.settings.diagnostics.runs_on_open(self.sandbox.method),
            "testRuns": dict(self.test_runs.counters),
            "lifecycle": {
                "warmed": self.lifecycle.warmed,
                "released": self.lifecycle.released,
                "engineLoaded": self._engine is not None,
            },
        }

    def set_trusted(self, trusted: bool) -> None:
        """Apply a trust change: on trust, run what opening would have run and refresh lenses."""
        if trusted == self.trusted:
            return
        self.trusted = trusted
        self._shown = {k for k in self._shown if not k.startswith("untrusted:")}
        log.info("workspace trust: %s", trusted)
        if trusted:
            for uri in list(self.workspace.text_documents):
                self.test_runs.schedule(uri, self.settings.diagnostics.debounce, on_open=True)
        else:
            self.test_runs.cancel_all()
        self.refresh_code_lenses()
        self.send_status()

    def warm_up(self, uri: str, delay: float = 0.3) -> None:
        """Parse a changed document once the user pauses, so the next code action is cached."""
        old = self.warmups.pop(uri, None)
        if old is not None:
            old.cancel()

        async def later() -> None:
            await asyncio.sleep(delay)
            if uri in self.workspace.text_documents:
                await self.functions(uri)
                self.testing.push(uri)

        task = asyncio.ensure_future(later())
        self.warmups[uri] = task
        task.add_done_callback(lambda t: self.warmups.get(uri) is t and self.warmups.pop(uri, None))
