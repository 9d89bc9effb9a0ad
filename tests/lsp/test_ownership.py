"""Whose a block is, in the editor (``server.ownership``), through the real server and clang-repl.

Over a block the tool wrote, the function's code action is 'Regenerate'. With one output line of
that block edited in the buffer (unsaved), it is 'Replace your cdoctest ... with a generated one'
(the editor's ``--force``); a generation that does not ask for it (the command palette's
``cdoctest/generate``) keeps the block, changes nothing and says so, naming that action; the
action itself (``codeAction/resolve``, ``force`` in its data) replaces the block.

Test data: TWICE below, written into ``tmp_path`` under a block rendered as the tool renders it
and put on record in the session's store (tests/conftest.py), which the server shares.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import LanguageClient

from cdoctest_runner.example import Example
from cdoctest_runner.parser import find_comments
from server.ownership import BlockStore
from server.render import render_block

from .conftest import CONFIG, TEST_SETTINGS, _session, needs_clang
from .helpers import apply_edits, change_document, open_document, stop_session, text_edits

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang]

TWICE = "int twice(int x) { return 2 * x; }\n"
NO_MODEL = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "noModel": True}}
REPLACE = "Replace your cdoctest for `twice` with a generated one"


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def no_model_client(client: LanguageClient):
    """A VS Code-like session that generates without a model (the fast sources only)."""
    await _session(client, "visual-studio-code", NO_MODEL)
    yield
    await stop_session(client)


async def _actions(client: LanguageClient, uri: str, line: int) -> list[T.CodeAction]:
    pos = T.Position(line, 0)
    params = T.CodeActionParams(
        T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
    )
    found = await client.text_document_code_action_async(params)
    return [a for a in found or [] if "all functions" not in a.title]


async def test_an_edited_block_is_kept_until_the_user_asks(
    no_model_client: LanguageClient, tmp_path: Path
) -> None:
    client = no_model_client
    block = render_block([Example("twice(2)", "4"), Example("twice(-3)", "-6")], "/**", "", "\n")
    BlockStore.default().record_block(block)
    path = tmp_path / "twice.c"
    path.write_text(block + TWICE)
    uri, text = open_document(client, path)
    line = text.count("\n") - 1  # 0-based line of ``twice``
    assert [a.title for a in await _actions(client, uri, line)] == [
        "Regenerate cdoctest for `twice`"
    ]

    edited = text.replace("\n-6\n", "\n-7\n")  # the user's edit, in the buffer only
    change_document(client, uri, 2, edited)
    (action,) = await _actions(client, uri, line)
    assert action.title == REPLACE and action.data["force"] is True

    params = {"uri": uri, "version": 2, "line": line}
    answer = await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/generate", params), 300
    )
    assert answer.error is None and answer.edit is None
    assert answer.summary == (
        "`twice`: kept the cdoctest block above it: it is not the one cdoctest-gen wrote (edited, "
        f"or written by hand); the code action '{REPLACE}' replaces it"
    )

    resolved = await asyncio.wait_for(client.code_action_resolve_async(action), 300)
    assert resolved.edit is not None
    edits, version, _ = text_edits(resolved.edit, uri)
    assert version == 2
    new_text = apply_edits(edited, edits)
    assert "\n-7\n" not in new_text and new_text.endswith(TWICE) and "cdoctest-gen" not in new_text
    assert sum(">>> " in c.text for c in find_comments(new_text)) == 1 and ">>> " in new_text
