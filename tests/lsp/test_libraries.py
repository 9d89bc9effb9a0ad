"""``cdoctest.build.libraries``: shared libraries the editor's tests may call (the CLI's ``--lib``).

A function calling ``ext_scale`` from a small shared library built here with ``cc``: without the
setting the generation names the missing symbol; with it (a path, or ``-lNAME`` found through
``LD_LIBRARY_PATH``), the function gets a verified block and the saved block runs.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient

from .conftest import TEST_SETTINGS, _session, needs_clang, server_env
from .helpers import apply_edits, open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang]

USE_C = "int ext_scale(int x);\n\nint scaled(int x) { return ext_scale(x) + 1; }\n"
LIBDIR = Path(tempfile.mkdtemp(prefix="cdoctest-lsp-lib-"))
CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "server.lsp", "-v"],
    server_env={**server_env(), "LD_LIBRARY_PATH": str(LIBDIR)},
)
NO_MODEL = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "noModel": True}}


def _build_library() -> Path:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc/gcc) to build the test library")
    (LIBDIR / "ext.c").write_text("int ext_scale(int x) { return 3 * x; }\n")
    lib = LIBDIR / "libcdtext.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", str(lib), str(LIBDIR / "ext.c")], check=True
    )
    return lib


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def lib_client(client: LanguageClient):
    """A VS Code-like session (no model) and the built library."""
    client.library = _build_library()  # type: ignore[attr-defined]
    await _session(client, "visual-studio-code", NO_MODEL)
    yield
    await stop_session(client)
    shutil.rmtree(LIBDIR, ignore_errors=True)


async def _configure(client: LanguageClient, libraries: list[str]) -> None:
    """Set ``build.libraries`` (the server pulls the settings) and wait until it applies."""
    settings = {**NO_MODEL, "build": {"libraries": libraries}}
    client.set_configuration(settings, section="cdoctest")
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings=None))

    async def applied() -> None:
        while True:
            status = await client.protocol.send_request_async("cdoctest/status", {})
            if list(status.settings.build.libraries) == libraries:
                return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(applied(), 60)


async def _generate(client: LanguageClient, path: Path):
    uri, text = open_document(client, path)
    answer = await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 2}), 300
    )
    return uri, text, answer


async def test_without_the_setting_the_missing_symbol_is_named(lib_client, tmp_path) -> None:
    client = lib_client
    await _configure(client, [])
    path = tmp_path / "use.c"
    path.write_text(USE_C)
    _, _, answer = await _generate(client, path)
    assert answer.edit is None, answer
    (fn,) = answer.functions
    assert fn.name == "scaled" and fn.status != "verified"
    assert "`ext_scale` is declared in" in fn.message, fn.message


@pytest.mark.parametrize("entry", ["path", "-lcdtext"])
async def test_with_the_setting_the_block_is_verified_and_runs(
    lib_client, tmp_path, entry: str
) -> None:
    client = lib_client
    library = str(client.library) if entry == "path" else entry  # type: ignore[attr-defined]
    await _configure(client, [library])
    path = tmp_path / "use.c"
    path.write_text(USE_C)
    uri, text, answer = await _generate(client, path)
    assert answer.error is None and answer.edit is not None, answer
    (fn,) = answer.functions
    assert (fn.name, fn.status) == ("scaled", "verified"), fn
    (change,) = answer.edit.documentChanges
    edits = [
        T.TextEdit(
            T.Range(
                T.Position(e.range.start.line, e.range.start.character),
                T.Position(e.range.end.line, e.range.end.character),
            ),
            e.newText,
        )
        for e in change.edits
    ]
    block = apply_edits(text, edits)
    assert ">>> scaled(" in block
    # The generated block passes when the server runs it: test runs load the library too.
    saved = tmp_path / "saved.c"
    saved.write_text(block)
    uri, _ = open_document(client, saved)
    summary = await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/runTests", {"uri": uri}), 120
    )
    assert (summary.blocks, summary.failed) == (1, 0), summary
    await _configure(client, [])
