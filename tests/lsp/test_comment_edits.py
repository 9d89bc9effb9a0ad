"""Code actions after an edit inside a comment, through the real server and a pytest-lsp client.

A character typed in the file's leading comment (inside libclang's preamble, which a reparse
rebuilds) is answered from the last function list, without a parse, with the same code actions
as a fresh parse of the edited text; a ``*/`` typed into that comment closes it early and the
commented-out function below becomes code, and breaking the ``cdoctest-gen:`` line of an older
version's block makes the block the user's, its 'Regenerate' a 'Replace your cdoctest': both are
parsed. Whether a version was parsed is read from the
engine's debug line (``listing <path> version <n>: parsed in ... ms`` or ``...: no parse ...``,
with ``cdoctest.log.level`` ``debug``), which reaches the client as ``window/logMessage``.

Test data: SOURCE below, written into ``tmp_path`` (a preamble needs the file on disk); the fresh
parse is the server's own, of the same text opened as another document.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import LanguageClient

from .conftest import CONFIG, TEST_SETTINGS, _session
from .helpers import change_document, eventually, open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module")]

SOURCE = """\
/* demo: a small library of numbers.
int hidden(int x) { return x + 1; }
// the end of the note */
#include <vector>

/**
 * cdoctest-gen: a block of ours
 * >>> twice(2)
 * 4
 */
int twice(int x) { return 2 * x; }

int size_of(const std::vector<int>& v) {
    return (int)v.size();
}
"""
LINES = SOURCE.count("\n")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def debug_client(client: LanguageClient):
    """A VS Code-like session whose log (debug level) reaches the client."""
    await _session(client, "visual-studio-code", {**TEST_SETTINGS, "log": {"level": "debug"}})
    yield
    await stop_session(client)


async def _actions(client: LanguageClient, uri: str) -> list[tuple[int, str, str | None]]:
    """(line, title, kind) of the code actions at every line of a document."""
    out = []
    for line in range(LINES):
        pos = T.Position(line, 0)
        params = T.CodeActionParams(
            T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
        )
        actions = await client.text_document_code_action_async(params)
        out += [(line, a.title, a.kind) for a in actions or []]
    return out


async def _listing_line(client: LanguageClient, path: Path, version: int) -> str:
    """The engine's debug line about ``path``'s ``version`` (waits for it)."""
    prefix = f"listing {path} version {version}: "

    def found() -> str:
        return next((m.message for m in client.log_messages if prefix in m.message), "")

    return await eventually(found, 60, prefix)


def _titles(actions: list[tuple[int, str, str | None]], line: int) -> list[str]:
    return [title for at, title, _ in actions if at == line and "all functions" not in title]


async def test_comment_edits_keep_the_list_unless_they_change_what_it_shows(
    debug_client: LanguageClient, tmp_path: Path
) -> None:
    """Four versions of SOURCE: as written; a character typed in the leading comment (no parse,
    the actions of a fresh parse of that text opened as another document); ``*/`` typed into
    it (parsed: ``hidden`` is code); the older version's line broken in the block of ``twice``
    (parsed: a 'Replace your cdoctest' action where there was a 'Regenerate').
    """
    client = debug_client
    path = tmp_path / "demo.cpp"
    path.write_text(SOURCE)
    uri, _ = open_document(client, path)
    first = await _actions(client, uri)
    assert "parsed in" in await _listing_line(client, path, 1)
    twice_line = SOURCE.split("\n").index("int twice(int x) { return 2 * x; }")
    assert _titles(first, twice_line) == ["Regenerate cdoctest for `twice`"]
    assert _titles(first, 1) == []

    versions = [
        ("typed", SOURCE.replace("a small library", "a smalll library"), "no parse"),
        ("closed", SOURCE.replace("numbers.", "numbers. */"), "parsed in"),
        (
            "unmarked",
            SOURCE.replace("numbers.", "numbers. */").replace("-gen:", "-gen;"),
            "parsed in",
        ),
    ]
    for version, (name, text, how) in enumerate(versions, start=2):
        change_document(client, uri, version, text)
        kept = await _actions(client, uri)
        assert how in await _listing_line(client, path, version), name
        fresh = tmp_path / f"{name}.cpp"
        fresh.write_text(text)
        fresh_uri, _ = open_document(client, fresh)
        assert kept == await _actions(client, fresh_uri), name
        assert "parsed in" in await _listing_line(client, fresh, 1)
        client.text_document_did_close(
            T.DidCloseTextDocumentParams(T.TextDocumentIdentifier(fresh_uri))
        )
        if name == "typed":
            assert kept == first
        elif name == "closed":
            assert _titles(kept, 1) == ["Generate cdoctest for `hidden`"]
            assert _titles(kept, twice_line) == ["Regenerate cdoctest for `twice`"]
        else:
            assert _titles(kept, twice_line) == [
                "Replace your cdoctest for `twice` with a generated one"
            ]
    client.text_document_did_close(T.DidCloseTextDocumentParams(T.TextDocumentIdentifier(uri)))
