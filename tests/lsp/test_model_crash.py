"""The language server survives a model that crashes for real, through pytest-lsp.

The server runs with the test hook ``$CDOCTEST_TEST_HOST_CRASH=segv`` and
``$CDOCTEST_TEST_HOST_CRASH_ONCE``: the first model host kills itself with SIGSEGV a few decode
steps into its first generation (as llama.cpp's AMX matmul does on Sapphire Rapids). The request
still answers with the fallback's verified block and the reason, the server keeps serving, the next
request restarts the host and uses the model, and after shutdown no process of this session is
left. Test data: tests/data/lsp/mathutil.cpp (``fac`` on lines 6-10, 1-based).
"""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import sys
import tempfile
import time
import uuid

import psutil
import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient

from models.host import CRASH_ENV, CRASH_ONCE_ENV

from .conftest import DATA, TEST_SETTINGS, _session, needs_clang, needs_model, server_env
from .helpers import default_model_name, open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang, needs_model]

MATHUTIL = DATA / "mathutil.cpp"
MARK_ENV = "CDOCTEST_TEST_CRASH_MARK"
MARK = uuid.uuid4().hex
# One answer after the model ran (the two-phase default answers with the fast block first).
SETTINGS = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "singlePhase": True}}
_ONCE_DIR = tempfile.mkdtemp(prefix="cdoctest-crash-")
atexit.register(shutil.rmtree, _ONCE_DIR, ignore_errors=True)
ONCE = os.path.join(_ONCE_DIR, "crashed")

CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "server.lsp", "-v"],
    server_env={**server_env(), CRASH_ENV: "segv", CRASH_ONCE_ENV: ONCE, MARK_ENV: MARK},
)


def marked() -> list[int]:
    """Processes whose environment carries this module's mark (the server and its children)."""
    found = []
    for p in psutil.process_iter():
        try:
            if p.environ().get(MARK_ENV) == MARK:
                found.append(p.pid)
        except (psutil.Error, OSError):
            pass
    return found


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def crash_client(client: LanguageClient):
    """One server session (VS Code capabilities) whose first model host segfaults."""
    await _session(client, "visual-studio-code", SETTINGS)
    yield
    server = client._server
    if server is not None and server.returncode is None:  # not stopped by the last test
        await stop_session(client)


async def _generate(client: LanguageClient, uri: str) -> object:
    return await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 6}), 300
    )


async def test_a_segfaulting_model_gives_the_fallback_block_and_the_next_request_restarts_it(
    crash_client: LanguageClient,
) -> None:
    client = crash_client
    uri, _ = open_document(client, MATHUTIL, uri="file:///crash/mathutil.cpp")
    answer = await _generate(client, uri)
    assert os.path.exists(ONCE), "the crash hook did not fire"
    # The code action's request answers with the fallback's verified block, and says why.
    assert answer.error is None and answer.edit is not None, answer
    (change,) = answer.edit.documentChanges
    assert ">>> fac(" in change.edits[0].newText
    (fn,) = answer.functions
    assert (fn.name, fn.status, fn.origin) == ("fac", "verified", "fallback")
    assert "model failed: the model host was killed by SIGSEGV" in fn.message, fn.message
    # The server is alive: other requests are answered.
    status = await asyncio.wait_for(client.protocol.send_request_async("cdoctest/status", {}), 60)
    assert status.model.name == default_model_name()
    # The next request restarts the host and the model runs again (whatever it proposes).
    again = await _generate(client, uri)
    assert again.error is None, again
    (fn,) = again.functions
    assert "model failed" not in fn.message and "model: " in fn.message, fn.message
    assert fn.status == "verified"


def hosts() -> list[int]:
    """The model hosts of this session (``python -m models.host_child``)."""
    found = []
    for pid in marked():
        try:
            if any(a.startswith("models.host") for a in psutil.Process(pid).cmdline()):
                found.append(pid)
        except psutil.Error:
            pass
    return found


async def test_switching_the_model_stops_the_old_host(crash_client: LanguageClient) -> None:
    """A settings change to another model closes the engine, and with it its model host."""
    from models.paths import embedded_model_path

    client = crash_client
    (old,) = hosts()
    path = embedded_model_path()
    settings = {**SETTINGS, "model": {"path": path}}
    client.set_configuration(settings, section="cdoctest")
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings=None))

    async def switched() -> None:
        while True:
            status = await client.protocol.send_request_async("cdoctest/status", {})
            if status.settings.model.path == path:
                return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(switched(), 60)
    deadline = time.monotonic() + 60
    while old in hosts() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert old not in hosts(), "the old model host still runs after the model was switched"


async def test_no_process_is_left_after_shutdown(crash_client: LanguageClient) -> None:
    """Runs last: shuts the session down itself and looks for the server and its model host."""
    client = crash_client
    assert marked()  # at least the server
    await stop_session(client)
    deadline = time.monotonic() + 20
    while (left := marked()) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert left == [], f"left running after shutdown: {left}"
