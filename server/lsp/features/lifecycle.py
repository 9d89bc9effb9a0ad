"""The server's life cycle: warm interpreters on open, idle release, and exit with the client.

- **Warm on open**: when a C/C++ file is opened, up to ``runner.warmOnOpen`` interpreters are
  started with its code (``Engine.prewarm``), so the first generation does not wait for clang-repl
  to start and load the file. Only where running the file on open would be allowed (the workspace
  is trusted and ``Host.runs_on_open``: the sandbox and ``diagnostics.runOnOpen``),
  because loading the file runs its static initialisers.
- **Idle release**: after ``runner.idleRelease`` seconds without a use of the engine (and with no
  job running), the engine is closed: the interpreters are killed and the model host stopped; the
  next request builds a new one. 0 keeps them for the server's life.
- **Client gone**: the ``processId`` of ``initialize`` is polled; when that process no longer
  exists the server frees what it holds and exits (LSP: a server should exit when its parent
  process is gone), so a window that died without ``shutdown`` leaves no server or interpreters.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import TYPE_CHECKING, Any

from server.lsp.engine import EngineError

if TYPE_CHECKING:
    from server.lsp.features.test_runs import TestRuns
    from server.lsp.features.testing import TestingView
    from server.lsp.host import Host

log = logging.getLogger(__name__)

PARENT_POLL_S = 2.0  # how often the client's process is looked for
IDLE_POLL_MAX_S = 30.0  # the idle check runs at least this often (sooner for short idle times)


def process_exists(pid: int) -> bool:
    """Whether a process with ``pid`` exists (a zombie counts as gone).

    >>> process_exists(os.getpid())
    True
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True  # no /proc (macOS): the kill test is all we have


class Lifecycle:
    """Background tasks of the server's life cycle (see the module docstring)."""

    def __init__(self, ls: Host, test_runs: TestRuns, testing: TestingView) -> None:
        self.ls = ls
        self.test_runs = test_runs
        self.testing = testing
        self.client_pid: int | None = None
        self.released = 0  # engines released for idleness (in the log and for tests)
        self.warmed = 0  # interpreters started on open
        self._tasks: list[asyncio.Task[Any]] = []
        self._warming: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        """Start the idle watch and, when the client gave its process id, the parent watch."""
        self._tasks.append(asyncio.ensure_future(self._idle_watch()))
        if self.client_pid:
            self._tasks.append(asyncio.ensure_future(self._parent_watch(self.client_pid)))

    def stop(self) -> list[asyncio.Task[Any]]:
        """Cancel the background tasks (shutdown); returns them to be awaited."""
        tasks, self._tasks = self._tasks + list(self._warming), []
        self._warming.clear()
        for t in tasks:
            t.cancel()
        return tasks

    # -- warm on open ---------------------------------------------------------------------------

    def warm(self, uri: str) -> None:
        """Start interpreters for an opened document in the background (if allowed)."""
        if self.ls.settings.runner.warm_on_open > 0 and self.ls.trusted:
            task = asyncio.ensure_future(self._warm(uri))
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    async def _warm(self, uri: str) -> None:
        ls = self.ls
        if not await ls.runs_on_open():
            log.info("no warm interpreters for %s: run on open is not allowed here", uri)
            return
        doc = ls.workspace.text_documents.get(uri)
        if doc is None or ls.too_large(doc.source) is not None:
            return
        engine = ls.engine
        t0 = time.monotonic()
        try:
            started = await asyncio.get_running_loop().run_in_executor(
                ls.generate_executor,
                engine.prewarm,
                doc.path,
                doc.source,
                ls.settings.runner.warm_on_open,
            )
        except EngineError as exc:
            log.info("no warm interpreters for %s: %s", uri, exc)
            return
        except Exception:  # warming is an optimisation: never an error for the user
            log.exception("warming interpreters for %s failed", uri)
            return
        self.warmed += started
        log.info("%d warm interpreter(s) for %s in %.1f s", started, uri, time.monotonic() - t0)

    # -- idle release ---------------------------------------------------------------------------

    async def _idle_watch(self) -> None:
        while True:
            limit = self.ls.settings.runner.idle_release
            await asyncio.sleep(min(IDLE_POLL_MAX_S, limit / 2) if limit > 0 else IDLE_POLL_MAX_S)
            limit = self.ls.settings.runner.idle_release
            if limit > 0 and time.monotonic() - self.ls.last_use >= limit:
                await self.release_if_idle()

    async def release_if_idle(self) -> bool:
        """Close the engine if nothing is running; returns whether it was released."""
        ls = self.ls
        busy = ls.jobs or self.test_runs.busy() or self.testing.running or self._warming
        if ls.loaded_engine is None or busy:
            return False
        engine = ls.take_engine()
        if engine is None:
            return False
        await asyncio.get_running_loop().run_in_executor(ls.generate_executor, engine.close)
        self.released += 1
        log.info(
            "released the interpreters and the model after %.0f s unused",
            ls.settings.runner.idle_release,
        )
        return True

    # -- the client's process ----------------------------------------------------------------

    async def _parent_watch(self, pid: int) -> None:
        while process_exists(pid):
            await asyncio.sleep(PARENT_POLL_S)
        log.warning("the client's process %d is gone: exiting", pid)
        engine = self.ls.take_engine()
        if engine is not None:
            try:
                await asyncio.wait_for(
                    asyncio.get_running_loop().run_in_executor(None, engine.close), timeout=10
                )
            except Exception:  # exiting anyway
                log.exception("closing the engine failed")
        logging.shutdown()
        os._exit(1)  # no shutdown request came: LSP's exit code for that case
