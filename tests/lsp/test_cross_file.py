"""The language server on a CMake project: generation for a function that calls another file of
its library, with ``build.compileCommandsDir`` set (what CMake Tools' build directory gives).

Test Data: ``tests/data/cmake_geo`` (built by ``tests/cmake_geo.py``); ``dist2`` in src/dist.c
(0-based line 5) calls ``sq`` from src/sq.c. The server's project-library cache is a temporary
``XDG_CACHE_HOME``.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile

import pytest
import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from .conftest import TEST_SETTINGS, _session, needs_clang, server_env
from .helpers import open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang]

CACHE = tempfile.mkdtemp(prefix="cdoctest-lsp-cache-")
CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "server.lsp", "-v"],
    server_env={**server_env(), "XDG_CACHE_HOME": CACHE},
)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def geo_client(client: LanguageClient, geo_project):
    """A VS Code-like session whose build directory is the built CMake project (no model)."""
    settings = {
        **TEST_SETTINGS,
        "generation": {**TEST_SETTINGS["generation"], "noModel": True},
        "build": {"compileCommandsDir": str(geo_project.build)},
    }
    await _session(client, "visual-studio-code", settings)
    client.geo = geo_project  # type: ignore[attr-defined]
    yield
    await stop_session(client)
    shutil.rmtree(CACHE, ignore_errors=True)


async def test_generation_for_a_cross_file_function(geo_client: LanguageClient) -> None:
    client = geo_client
    dist = client.geo.root / "src" / "dist.c"  # type: ignore[attr-defined]
    uri, _ = open_document(client, dist)
    answer = await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 5}), 300
    )
    assert answer.error is None and answer.edit is not None, answer
    (change,) = answer.edit.documentChanges
    assert ">>> dist2(" in change.edits[0].newText
    (fn,) = answer.functions
    assert (fn.name, fn.status) == ("dist2", "verified")
