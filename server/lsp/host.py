"""The language server's core state: ``Host`` (pygls ``LanguageServer`` plus the settings, the
engine, the executors, trust and the sandbox, and the small helpers every feature shares).

The feature modules (``server/lsp/features/``) type against ``Host``; ``server.lsp.state``'s
``CdoctestServer`` adds the features' objects (test runs, the Testing view, the life cycle) and
the status they report, and ``server/lsp/server.py`` registers the handlers on it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer

from cdoctest_runner.results import SandboxReport
from server.lsp.convert import uri_path
from server.lsp.engine import Engine, EngineError
from server.lsp.features import trust
from server.lsp.features.diagnostics import Diagnostics
from server.lsp.settings import Settings
from server.lsp.timing import TimedProtocol

log = logging.getLogger(__name__)

try:
    from importlib.metadata import version as _version

    VERSION = _version("cdoctest-gen")
except Exception:  # running from a source tree without an install
    VERSION = "0.0.0"


class Host(LanguageServer):
    """pygls ``LanguageServer`` plus the state the features share."""

    def __init__(self) -> None:
        super().__init__(
            "cdoctest-lsp",
            VERSION,
            text_document_sync_kind=T.TextDocumentSyncKind.Incremental,
            protocol_cls=TimedProtocol,
        )
        self.settings = Settings()
        self._engine: Engine | None = None
        self.parse_executor = ThreadPoolExecutor(1, thread_name_prefix="cdoctest-parse")
        # The function list (code actions) on a thread of its own: it never waits behind a parse
        # of the blocks (test view, code lenses, test runs: ``Engine.doctests``), which takes a
        # whole parse of the file after each pause in typing, while the listing needs none after
        # most edits (``server.lsp.listing``). Each parse has its own libclang index.
        self.list_executor = ThreadPoolExecutor(1, thread_name_prefix="cdoctest-list")
        self.generate_executor = ThreadPoolExecutor(1, thread_name_prefix="cdoctest-generate")
        self.test_executor = ThreadPoolExecutor(1, thread_name_prefix="cdoctest-tests")
        self.diagnostics = Diagnostics(self)
        # What test runs did (``cdoctest/status``): ``TestRuns`` counts, ``refuse_untrusted`` too.
        self.test_counters = {"started": 0, "refused": 0, "skippedOnOpen": 0}
        self.last_use = time.monotonic()  # the idle release counts from here
        self.log_to_client = False  # set by the CLI: stdio without --log-file
        self.jobs: set[asyncio.Task[Any]] = set()
        self.warmups: dict[str, asyncio.Task[Any]] = {}  # per document, one at a time
        self._shown: set[str] = set()
        self.deferred: list[str] = []  # messages held until ``initialized`` shows them
        self.trusted = True  # Workspace Trust (initializationOptions.trusted, didChangeTrust)
        self.sandbox: SandboxReport | None = None  # known once detected (off the loop)
        self._sandbox_error = ""
        self._sandbox_task: asyncio.Future[SandboxReport | None] | None = None

    @property
    def engine(self) -> Engine:
        """Return the ``Engine`` of the current settings (made on first use)."""
        self.last_use = time.monotonic()
        if self._engine is None:
            self._engine = Engine(self.settings)
        return self._engine

    @property
    def loaded_engine(self) -> Engine | None:
        """The engine if one is loaded now (unlike :attr:`engine`, this makes none)."""
        return self._engine

    def take_engine(self) -> Engine | None:
        """Detach the loaded engine (None: none) for the caller to close; the next use of
        :attr:`engine` makes a new one.
        """
        engine, self._engine = self._engine, None
        return engine

    async def sandbox_report(self) -> SandboxReport | None:
        """Detect the sandbox the runs will use (once, off the loop); None if it cannot be used."""
        if self._sandbox_task is None:
            self._sandbox_task = asyncio.ensure_future(self._detect_sandbox())
        return await asyncio.shield(self._sandbox_task)

    async def _detect_sandbox(self) -> SandboxReport | None:
        from cdoctest_runner.errors import CdoctestError
        from cdoctest_runner.sandbox import detect_method

        try:
            found = await asyncio.get_running_loop().run_in_executor(None, detect_method)
        except (CdoctestError, OSError) as exc:  # nothing runs on open without a known sandbox
            self._sandbox_error = str(exc)
            self.show(f"cdoctest: the sandbox cannot be used: {exc}", T.MessageType.Error)
            return None
        self.sandbox = found.report()
        line = trust.sandbox_line(self.sandbox, self.settings.diagnostics.run_on_open, self.trusted)
        self.window_log_message(T.LogMessageParams(type=T.MessageType.Info, message=line))
        return self.sandbox

    async def runs_on_open(self) -> bool:
        """Whether opening a file runs its blocks now (trust, setting, sandbox level)."""
        if not self.trusted:
            return False
        report = await self.sandbox_report()
        return report is not None and self.settings.diagnostics.runs_on_open(report.method)

    def refuse_untrusted(self, what: str) -> str:
        """Count and announce (once per ``what``) a refusal while untrusted; return the message."""
        self.test_counters["refused"] += 1
        message = trust.untrusted_message(what)
        self.show_once(f"untrusted:{what}", message, T.MessageType.Warning)
        return message

    def workspace_roots(self) -> list[str]:
        """The workspace folders' paths (the root URI's when the client sent no folders)."""
        folders = [f.uri for f in self.workspace.folders.values()]
        if not folders and self.workspace.root_uri:
            folders = [self.workspace.root_uri]
        return [uri_path(u) for u in folders if u.startswith("file:")]

    def root_for(self, path: str) -> str:
        """The workspace folder holding ``path`` (test names are relative to it), else its dir."""
        path = os.path.normpath(path)
        best = ""
        for root in self.workspace_roots():
            if (path == root or path.startswith(root.rstrip(os.sep) + os.sep)) and len(root) > len(
                best
            ):
                best = root
        return best or os.path.dirname(path)

    def show(self, message: str, kind: T.MessageType = T.MessageType.Info) -> None:
        """Show a message to the user and write it to the client's log."""
        log.info("showMessage: %s", message)  # reaches the client's log when log_to_client
        self.window_show_message(T.ShowMessageParams(type=kind, message=message))
        if not self.log_to_client:
            self.window_log_message(T.LogMessageParams(type=kind, message=message))

    def show_once(self, key: str, message: str, kind: T.MessageType = T.MessageType.Info) -> None:
        """Show a message only the first time ``key`` is seen (no floods on every keystroke)."""
        if key not in self._shown:
            self._shown.add(key)
            self.show(message, kind)

    def too_large(self, text: str) -> str | None:
        """Return a message when the document exceeds ``build.maxFileBytes``, else None."""
        size = len(text.encode("utf-8", errors="surrogatepass"))
        limit = self.settings.build.max_file_bytes
        if size > limit:
            return f"cdoctest: the file is too large ({size} bytes > {limit}); it is not parsed"
        return None

    def supports_document_changes(self) -> bool:
        """Tell whether the client accepts versioned ``documentChanges``."""
        ws = self.client_capabilities.workspace
        return bool(ws and ws.workspace_edit and ws.workspace_edit.document_changes)

    def supports_disabled_actions(self) -> bool:
        """Tell whether the client shows disabled code actions (with their reason)."""
        td = self.client_capabilities.text_document
        return bool(td and td.code_action and td.code_action.disabled_support)

    def supports_resolve(self) -> bool:
        """Tell whether the client resolves a code action's ``edit``."""
        ca = (
            self.client_capabilities.text_document
            and self.client_capabilities.text_document.code_action
        )
        props = ca.resolve_support.properties if ca and ca.resolve_support else []
        return "edit" in props

    def refresh_code_lenses(self) -> None:
        """Ask the client to re-request code lenses (when it supports that)."""
        ws = self.client_capabilities.workspace
        if ws and ws.code_lens and ws.code_lens.refresh_support:
            future = self.workspace_code_lens_refresh(None)
            future.add_done_callback(
                lambda f: f.cancelled() or f.exception()
            )  # a refusal is harmless

    def track(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as a task that shutdown cancels and awaits."""
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self.jobs.add(task)
        task.add_done_callback(self.jobs.discard)
        return task

    async def functions(self, uri: str) -> tuple[Any, list[Any]] | None:
        """Return (document, functions), parsed off the loop; None (and one message) if unusable."""
        doc = self.workspace.get_text_document(uri)
        try:
            text = doc.source
        except (OSError, UnicodeDecodeError) as exc:
            self.show_once(
                f"read:{uri}", f"cdoctest: cannot read {uri}: {exc}", T.MessageType.Error
            )
            return None
        if (problem := self.too_large(text)) is not None:
            self.show_once(f"large:{uri}", problem, T.MessageType.Warning)
            return None
        engine = self.engine
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(
                self.list_executor, engine.functions, uri, doc.version, doc.path, text
            )
        except EngineError as exc:
            self.show_once(f"parse:{exc}", f"cdoctest: {exc}", T.MessageType.Warning)
            return None
        except Exception as exc:
            log.exception("listing functions failed")
            self.show_once(
                f"parse:{type(exc).__name__}",
                f"cdoctest: cannot parse {uri}: {exc}",
                T.MessageType.Error,
            )
            return None
        self.warn_block_store(engine)
        return doc, found

    def warn_block_store(self, engine: Engine) -> None:
        """Show, once each, what went wrong with the record of the tool's blocks (its blocks
        then count as the user's: ``server.ownership``).
        """
        for problem in engine.block_problems():
            self.show_once(f"blocks:{problem}", f"cdoctest: {problem}", T.MessageType.Warning)
