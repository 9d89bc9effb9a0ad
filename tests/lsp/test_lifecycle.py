"""The server's life cycle and logging: warm interpreters on open, idle release, exit with the
client, request timings in the log, and hints that survive unrelated edits.

Real parts where the behaviour depends on them: clang-repl for warming (the warm session is the
one the first generation's verification takes), a real server process for the idle release, the
exit when the client's process dies, and the log file.

Test data: tests/data/lsp/mathutil.cpp (``add`` on line 4, 1-based; no blocks).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from server.api import TargetSelector
from server.lsp.engine import Engine
from server.lsp.features.diagnostics import Diagnostics
from server.lsp.settings import parse_settings

from .conftest import DATA, needs_clang, server_env
from .helpers import clang_repl_pids, eventually, open_document, stop_session

MATHUTIL = DATA / "mathutil.cpp"
on_module_loop = pytest.mark.asyncio(loop_scope="module")

# -- hints survive unrelated edits (pure) ---------------------------------------------------------

GENERATED = (
    "#include <cstdio>\n"
    "/**\n>>> twice(5)\n10\n*/\n"
    "int twice(int x) {\n    return 2 * x;\n}\n"
    "int other(int y) { return y; }\n"
)


class _Recorder:
    def __init__(self) -> None:
        self.published: list[T.PublishDiagnosticsParams] = []

    def text_document_publish_diagnostics(self, params: T.PublishDiagnosticsParams) -> None:
        self.published.append(params)


def _published_hint() -> tuple[_Recorder, Diagnostics]:
    ls = _Recorder()
    diags = Diagnostics(ls)
    hint = T.Diagnostic(
        range=T.Range(T.Position(2, 0), T.Position(2, 12)), message="possible bug", code="hint"
    )
    diags.expect("file:///a.cpp", GENERATED, [hint])
    diags.document_changed("file:///a.cpp", GENERATED, 2)
    assert [d.range.start.line for d in ls.published[-1].diagnostics] == [2]
    return ls, diags


def test_a_hint_moves_with_lines_added_above_and_stays_for_edits_elsewhere() -> None:
    """Two lines typed at the top move the hint down; an edit in another function keeps it."""
    ls, diags = _published_hint()
    diags.document_changed("file:///a.cpp", "// a\n// b\n" + GENERATED, 3)
    assert [d.range.start.line for d in ls.published[-1].diagnostics] == [4]
    count = len(ls.published)
    edited = "// a\n// b\n" + GENERATED.replace("return y;", "return y + 1;")
    diags.document_changed("file:///a.cpp", edited, 4)
    assert len(ls.published) == count  # nothing changed for the hint: nothing re-published
    assert [d.range.start.line for d in diags.get("file:///a.cpp", "findings")] == [4]


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: t.replace("return 2 * x;", "return 3 * x;"),  # the function's body
        lambda t: t.replace(">>> twice(5)\n10", ">>> twice(5)\n11"),  # the block
    ],
    ids=["function", "block"],
)
def test_a_hint_is_dropped_when_its_block_or_function_changes(edit: Any) -> None:
    """An edit inside the block or the function below it drops the hint."""
    ls, diags = _published_hint()
    diags.document_changed("file:///a.cpp", edit(GENERATED), 3)
    assert ls.published[-1].diagnostics == []


# -- warm interpreters (real clang-repl) ----------------------------------------------------------


@needs_clang
def test_prewarmed_session_is_the_one_the_first_generation_verifies_in(tmp_path: Path) -> None:
    """Test data: mathutil.cpp. ``Engine.prewarm`` leaves an idle session holding the file; the
    first (no-model) generation takes it: its use count grows instead of a new session starting.
    """
    path = tmp_path / "mathutil.cpp"
    text = MATHUTIL.read_text()
    path.write_text(text)
    settings, problems = parse_settings({"generation": {"noModel": True, "timeBudget": 60}})
    assert problems == []
    engine = Engine(settings)
    try:
        assert engine.prewarm(str(path), text, 1) == 1
        pool = engine._gen_runner._pool
        ((_, warm),) = pool._idle.values()
        uses = warm.uses
        result = engine.generate(str(path), text, TargetSelector(line=4), None, threading.Event())
        assert result.functions[0].status == "verified", result.functions[0].message
        assert warm.uses > uses  # the warm session ran the verification
    finally:
        engine.close()
    assert not warm.alive  # closed with the engine


# -- a real server: idle release, request timings in the log --------------------------------------

LOG = Path(tempfile.mkdtemp(prefix="cdoctest-lsp-log-")) / "server.log"
atexit.register(shutil.rmtree, LOG.parent, ignore_errors=True)
IDLE_SETTINGS: dict[str, Any] = {
    "generation": {"noModel": True},
    "runner": {"warmOnOpen": 1, "idleRelease": 1},
    "diagnostics": {"debounce": 0, "runOnOpen": True},  # warming needs run on open allowed
}


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "server.lsp", "--log-file", str(LOG)],
        server_env=server_env(),
    ),
    scope="module",
)
async def idle(client: LanguageClient):
    """A session that warms one interpreter per opened file and releases after 1 s unused."""

    @client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    @client.feature("cdoctest/status")
    def _status(*args: Any) -> None:
        return None

    client.set_configuration(IDLE_SETTINGS, section="cdoctest")
    await client.initialize_session(
        T.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=DATA.as_uri(),
            initialization_options=IDLE_SETTINGS,
        )
    )
    yield
    await stop_session(client)


async def _status(client: LanguageClient) -> Any:
    return await client.protocol.send_request_async("cdoctest/status", {})


@needs_clang
@on_module_loop
async def test_open_warms_then_idle_releases_everything(idle: LanguageClient, tmp_path) -> None:
    """Test data: mathutil.cpp. Opening warms one interpreter; 1 s unused releases the engine
    and no clang-repl is left below the server; the next request works (a new engine).
    """
    client = idle
    path = tmp_path / "mathutil.cpp"
    path.write_text(MATHUTIL.read_text())
    open_document(client, path)

    async def until(check: Any, what: str) -> Any:
        for _ in range(1200):
            answer = await _status(client)
            if check(answer):
                return answer
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    await until(lambda s: s.lifecycle.warmed >= 1, "a warm interpreter")
    status = await until(lambda s: s.lifecycle.released >= 1, "the idle release")
    assert status.lifecycle.engineLoaded is False
    server_pid = client._server.pid  # type: ignore[union-attr]
    await eventually(lambda: not clang_repl_pids(server_pid), 30, "no clang-repl left")
    answer = await client.protocol.send_request_async(
        "cdoctest/listTests", {"uris": [path.as_uri()]}
    )
    assert answer.files[0].tests == []  # mathutil.cpp has no blocks; the request is answered


@on_module_loop
async def test_each_request_is_logged_with_its_duration(idle: LanguageClient) -> None:
    """The log (info, the default level) has one line per request with its milliseconds."""
    await _status(idle)
    await eventually(
        lambda: "cdoctest/status #" in LOG.read_text(), 30, "the status request in the log"
    )
    lines = [line for line in LOG.read_text().splitlines() if "cdoctest/status #" in line]
    assert lines[-1].split(" INFO ")[1].startswith("cdoctest/status #")
    assert lines[-1].endswith(" ms")
    assert "flags for" not in LOG.read_text() or "compile_commands.json" in LOG.read_text()


# -- the client's process is gone: the server exits -----------------------------------------------


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_server_exits_when_the_client_process_is_gone() -> None:
    """``processId`` names a process that then dies: the server exits without shutdown/exit."""
    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    server = subprocess.Popen(
        [sys.executable, "-m", "server.lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=server_env(),
    )
    try:
        assert server.stdin is not None
        params = {"processId": parent.pid, "capabilities": {}, "rootUri": None}
        server.stdin.write(
            _frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
        )
        server.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        server.stdin.flush()
        assert server.stdout is not None
        header = server.stdout.readline()  # the initialize answer: the server is up
        assert header.startswith(b"Content-Length:")
        parent.kill()
        parent.wait()
        assert server.wait(timeout=60) == 1  # no shutdown came: exit code 1
    finally:
        for p in (parent, server):
            if p.poll() is None:
                p.kill()
                p.wait()


def test_status_reports_the_life_cycle_counters() -> None:
    """``cdoctest/status`` carries ``lifecycle`` (warmed, released, engineLoaded)."""
    from server.lsp.server import CdoctestServer

    ls = CdoctestServer()
    ls.protocol = SimpleNamespace(notify=lambda *a: None)  # type: ignore[assignment]
    lifecycle = ls.status()["lifecycle"]
    assert lifecycle == {"warmed": 0, "released": 0, "engineLoaded": False}
