"""Helpers of the end-to-end tests: open documents, apply LSP edits, wait with deadlines."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
from lsprotocol import types as T
from pytest_lsp import LanguageClient


def open_document(
    client: LanguageClient, path: Path, text: str | None = None, uri: str | None = None
) -> tuple[str, str]:
    """DidOpen ``path`` (version 1); returns (uri, text)."""
    text = path.read_text() if text is None else text
    uri = uri or path.as_uri()
    language = "c" if path.suffix == ".c" else "cpp"
    client.text_document_did_open(
        T.DidOpenTextDocumentParams(
            T.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )
    return uri, text


def change_document(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """Replace the whole text (a full-document change)."""
    client.text_document_did_change(
        T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def text_edits(edit: T.WorkspaceEdit, uri: str) -> tuple[list[T.TextEdit], int | None, str]:
    """(edits, version or None, shape) of a WorkspaceEdit for one document."""
    if edit.document_changes:
        (change,) = edit.document_changes
        assert isinstance(change, T.TextDocumentEdit) and change.text_document.uri == uri
        return list(change.edits), change.text_document.version, "documentChanges"
    assert edit.changes is not None
    return list(edit.changes[uri]), None, "changes"


def apply_edits(text: str, edits: list[T.TextEdit]) -> str:
    """Apply LSP edits (UTF-16 positions) to ``text``."""
    lines = text.split("\n")

    def offset(pos: T.Position) -> int:
        before = sum(len(line) + 1 for line in lines[: pos.line])
        line = lines[pos.line] if pos.line < len(lines) else ""
        units = 0
        for i, ch in enumerate(line):
            if units >= pos.character:
                return before + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return before + len(line)

    spans = sorted(
        ((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


async def eventually(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll ``check`` until it returns something truthy; fail with ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(0.05)


def pending_request_ids(client: LanguageClient) -> list[Any]:
    """Ids of requests the client sent that have no answer yet (pygls keeps them privately)."""
    return [k for k, f in client.protocol._request_futures.items() if not f.done()]


async def stop_session(client: LanguageClient, timeout: float = 60) -> None:
    """Shut the server down like ``shutdown_session``, but never wait forever.

    A server that does not answer ``shutdown`` or does not exit in time is killed, and the
    fixture's teardown fails with that, instead of hanging the whole test run (pytest-lsp's own
    teardown waits for the process without a limit).
    """
    server = client._server
    try:
        await asyncio.wait_for(client.shutdown_session(), timeout)
        if server is not None:
            await asyncio.wait_for(server.wait(), timeout)
    except (TimeoutError, RuntimeError) as exc:
        if server is not None and server.returncode is None:
            server.kill()
            await server.wait()
        client.capabilities = None
        raise AssertionError(f"the server did not shut down in {timeout} s: {exc!r}") from exc
    assert server is None or server.returncode == 0, f"server exit code {server.returncode}"


def clang_repl_pids(server_pid: int) -> set[int]:
    """Pids of the clang-repl processes below the server (the process table)."""
    found = set()
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if "clang-repl" in " ".join(child.cmdline()):
                found.add(child.pid)
        except psutil.Error:
            continue
    return found


def default_model_name() -> str:
    """The embedded default's display name (the shipped tuned adapter's, when one is shipped)."""
    from models.tuned import shipped_adapter

    shipped = shipped_adapter()
    return shipped.name if shipped else "SmolLM2-135M-Instruct.Q4_1"
