"""End-to-end generation behaviour through ``cdoctest/generate``.

VS Code's capabilities only (these runs are the slow ones).
Test data: tests/data/lsp/mathutil.cpp (``fac`` on lines 6-10, 1-based) and
tests/data/lsp/phases.c (``apply_twice`` on line 18: the fast sources of phase 1 write nothing for
a callback taking a struct by value, so the request is still open while phase 2 samples the model).

Cancellation is checked by time: once the server reports the sampling stage, a cancel must be
answered within a few seconds (a full generation takes far longer on 2 cores), and no edit arrives.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from lsprotocol import types as T
from pygls.exceptions import JsonRpcRequestCancelled
from pytest_lsp import LanguageClient

from .conftest import DATA, TEST_SETTINGS, needs_clang, needs_model
from .helpers import (
    apply_edits,
    change_document,
    default_model_name,
    eventually,
    open_document,
    pending_request_ids,
)

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang, needs_model]

MATHUTIL = DATA / "mathutil.cpp"
PHASES = DATA / "phases.c"
APPLY_TWICE_LINE = 17  # 0-based
CANCEL_WITHIN_S = 5.0


def _generate(client: LanguageClient, params: dict) -> asyncio.Future:
    return asyncio.ensure_future(client.protocol.send_request_async("cdoctest/generate", params))


def _sampling(client: LanguageClient, token: str) -> list:
    """Return the progress reports that say the model is sampling (the middle of a generation)."""
    return [
        r
        for r in client.progress_reports.get(token, [])
        if r.kind == "report" and "sampling" in (r.message or "")
    ]


async def test_cancel_request_stops_generation_and_other_requests_are_answered(
    vscode_client: LanguageClient,
) -> None:
    """Test data: phases.c. Requests are answered while sampling; cancel answers -32800 fast."""
    client = vscode_client
    uri, text = open_document(client, PHASES, uri="file:///cancel/phases.c")
    token = "gen-cancel-request"
    client.progress_reports.setdefault(token, [])
    task = _generate(
        client, {"uri": uri, "version": 1, "line": APPLY_TWICE_LINE, "workDoneToken": token}
    )
    await eventually(lambda: _sampling(client, token), 120, "the sampling stage")
    # The loop is free: a code action listing and a status request are answered meanwhile.
    pos = T.Position(5, 4)
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            T.CodeActionParams(
                T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
            )
        ),
        60,  # a deadline for a hang, not a speed check: `task` must still be running below
    )
    assert actions[0].title == "Generate cdoctest for `grade`"
    status = await asyncio.wait_for(client.protocol.send_request_async("cdoctest/status", {}), 60)
    assert status.settings.generation.samples == 2
    assert not task.done(), "generation finished before it could be cancelled"
    (msg_id,) = pending_request_ids(client)
    started = time.monotonic()
    client.cancel_request(T.CancelParams(id=msg_id))
    with pytest.raises(JsonRpcRequestCancelled):
        await asyncio.wait_for(task, CANCEL_WITHIN_S)
    assert time.monotonic() - started < CANCEL_WITHIN_S
    assert client.applied_edits == []
    kinds = [r.kind for r in client.progress_reports[token]]
    assert kinds[0] == "begin" and kinds[-1] == "end"


async def test_progress_cancel_returns_no_edit(vscode_client: LanguageClient) -> None:
    """Test data: phases.c. A progress cancel answers ``cancelled`` fast, with no edit."""
    client = vscode_client
    uri, _ = open_document(client, PHASES, uri="file:///progress/phases.c")
    token = "gen-progress-cancel"
    client.progress_reports.setdefault(token, [])
    task = _generate(client, {"uri": uri, "line": APPLY_TWICE_LINE, "workDoneToken": token})
    await eventually(lambda: _sampling(client, token), 120, "the sampling stage")
    started = time.monotonic()
    client.window_work_done_progress_cancel(T.WorkDoneProgressCancelParams(token=token))
    answer = await asyncio.wait_for(task, CANCEL_WITHIN_S)
    assert time.monotonic() - started < CANCEL_WITHIN_S
    assert (answer.cancelled, answer.edit) == (True, None)
    assert client.progress_reports[token][-1].kind == "end"


async def _configure(client: LanguageClient, settings: dict, check) -> None:
    """Change the settings (VS Code style: the server pulls them) and wait until they apply."""
    client.set_configuration(settings, section="cdoctest")
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings=None))

    async def applied() -> None:
        while not check(await client.protocol.send_request_async("cdoctest/status", {})):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(applied(), 60)


async def test_generate_request_returns_a_versioned_edit_and_a_summary(
    vscode_client: LanguageClient,
) -> None:
    """The extension's path, with the no-model fallback (the resolve test covers the model)."""
    client = vscode_client
    no_model = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "noModel": True}}
    await _configure(client, no_model, lambda s: s.settings.generation.noModel)
    try:
        uri, text = open_document(client, MATHUTIL, uri="file:///request/mathutil.cpp")
        token = "gen-full"
        client.progress_reports.setdefault(token, [])
        answer = await asyncio.wait_for(
            _generate(client, {"uri": uri, "version": 1, "line": 6, "workDoneToken": token}), 300
        )
        assert answer.error is None and answer.edit is not None, answer
        (change,) = answer.edit.documentChanges
        assert change.textDocument.version == 1 and change.edits[0].range.start.line == 5
        assert ">>> fac(" in change.edits[0].newText
        (fn,) = answer.functions
        assert (fn.name, fn.status, fn.origin) == ("fac", "verified", "fallback")
        assert answer.summary.startswith("`fac`: ")
        stages = [r.message for r in client.progress_reports[token] if r.kind == "report"]
        assert stages[0].startswith("parsing") and any("fallback" in m for m in stages), stages
        assert client.progress_reports[token][-1].kind == "end"
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.generation.noModel)


async def test_missing_clang_repl_gives_a_message_and_the_server_keeps_serving(
    vscode_client: LanguageClient,
) -> None:
    """Test data: mathutil.cpp. A missing clang-repl is an error message, not a crash."""
    client = vscode_client
    broken = {**TEST_SETTINGS, "runner": {"clangRepl": "/nonexistent/clang-repl-99"}}
    await _configure(client, broken, lambda s: s.settings.runner.clangRepl)
    try:
        uri, _ = open_document(client, MATHUTIL, uri="file:///noclang/mathutil.cpp")
        answer = await asyncio.wait_for(
            client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 6}), 60
        )
        assert answer.edit is None and "clang-repl" in answer.error
        assert any(
            "clang-repl" in m.message and m.type == T.MessageType.Error for m in client.messages
        )
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.runner.clangRepl)
    status = await client.protocol.send_request_async("cdoctest/status", {})
    assert status.settings.runner.clangRepl == ""


async def test_a_broken_model_gives_a_message_and_the_server_keeps_serving(
    vscode_client: LanguageClient, tmp_path
) -> None:
    """Test data: mathutil.cpp, and a 'model' file that is not a GGUF."""
    client = vscode_client
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"this is not a model\n" * 10)
    settings = {**TEST_SETTINGS, "model": {"path": str(broken)}}
    await _configure(client, settings, lambda s: s.settings.model.path == str(broken))
    try:
        status = await client.protocol.send_request_async("cdoctest/status", {})
        assert status.model.name == "broken" and status.model.path == str(broken)
        uri, _ = open_document(client, MATHUTIL, uri="file:///broken/mathutil.cpp")
        answer = await asyncio.wait_for(
            client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 6}), 120
        )
        assert answer.edit is None and str(broken) in answer.error, answer
        assert any(
            str(broken) in m.message and m.type == T.MessageType.Error for m in client.messages
        )
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.model.path)
    status = await client.protocol.send_request_async("cdoctest/status", {})
    assert status.model.name == default_model_name()


async def test_typing_during_generation_moves_the_edit_or_refuses_it(
    vscode_client: LanguageClient,
) -> None:
    """Test data: mathutil.cpp. Lines typed above ``fac`` move the edit; editing ``fac`` refuses."""
    client = vscode_client
    no_model = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "noModel": True}}
    await _configure(client, no_model, lambda s: s.settings.generation.noModel)
    try:
        # 1. Two lines typed at the top while the block is generated: the edit follows `fac`.
        uri, text = open_document(client, MATHUTIL, uri="file:///typing/mathutil.cpp")
        client.progress_reports.setdefault("typing", [])
        task = _generate(client, {"uri": uri, "version": 1, "line": 6, "workDoneToken": "typing"})
        await eventually(lambda: client.progress_reports["typing"], 30, "the generation to start")
        typed = "// typed while generating\n// another line\n" + text
        change_document(client, uri, 2, typed)
        answer = await asyncio.wait_for(task, 300)
        assert answer.error is None, answer
        (change,) = answer.edit.documentChanges
        assert change.textDocument.version == 2 and change.edits[0].range.start.line == 7
        new_text = apply_edits(typed, [T.TextEdit(**_edit(e)) for e in change.edits])
        assert new_text.endswith(typed[typed.index("int fac") :])
        assert new_text.startswith(typed[: typed.index("int fac")])
        # 2. The function itself edited meanwhile: refused, with a message, and no edit.
        uri, text = open_document(client, MATHUTIL, uri="file:///typing2/mathutil.cpp")
        client.progress_reports.setdefault("typing2", [])
        task = _generate(client, {"uri": uri, "version": 1, "line": 6, "workDoneToken": "typing2"})
        await eventually(lambda: client.progress_reports["typing2"], 30, "the generation to start")
        change_document(client, uri, 2, text.replace("r *= i;", "r *= i + 0;"))
        answer = await asyncio.wait_for(task, 300)
        assert answer.edit is None and "changed" in answer.error, answer
        # 3. Changed before the generation even started, with only a line to go by: refused.
        uri, text = open_document(client, MATHUTIL, uri="file:///typing3/mathutil.cpp")
        change_document(client, uri, 2, "\n\n" + text)
        answer = await _generate(client, {"uri": uri, "version": 1, "line": 6})
        assert answer.edit is None and "before the generation started" in answer.error, answer
        assert any("nothing was inserted" in m.message for m in client.messages)
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.generation.noModel)


def _edit(e: object) -> dict:
    """Turn a TextEdit of a custom request's answer (a pygls ``Object``) into keyword arguments."""
    r = e.range  # type: ignore[attr-defined]
    return {
        "range": T.Range(
            T.Position(r.start.line, r.start.character), T.Position(r.end.line, r.end.character)
        ),
        "new_text": e.newText,  # type: ignore[attr-defined]
    }
