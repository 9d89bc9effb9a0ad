"""End-to-end with a minimal client and invalid ``initializationOptions``.

Neovim 0.7's capabilities *without* ``codeAction/resolve``
support and without work-done progress, and invalid ``initializationOptions``.

Test data: tests/data/lsp/mathutil.cpp (``fac`` on lines 6-10, 1-based), tests/data/lsp/failing.cpp.
Generation uses the no-model fallback here (fast); the model is covered in test_e2e_clients.py.
"""

from __future__ import annotations

import asyncio
import warnings
from typing import Union

import attrs
import pytest
import pytest_lsp
from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient, LspSpecificationWarning, client_capabilities

from .conftest import CONFIG, DATA, needs_clang
from .helpers import apply_edits, eventually, open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module")]

INIT = {
    "generation": {"samples": "many", "noModel": True, "timeBudget": 60},
    "colour": "red",
    "diagnostics": {"debounce": 0, "runOnOpen": False},
}


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def minimal(client: LanguageClient):
    """Start a session with a minimal client (no resolve, no progress) and invalid options."""
    caps = client_capabilities("neovim@v0.7.0")
    code_action = attrs.evolve(caps.text_document.code_action, resolve_support=None)
    caps = attrs.evolve(
        caps,
        text_document=attrs.evolve(caps.text_document, code_action=code_action),
        window=attrs.evolve(caps.window, work_done_progress=False),
    )
    client.applied_edits = []  # type: ignore[attr-defined]
    # lsprotocol structures any code action that has a `command` as a Command (its hook checks only
    # for the key); real clients check that `command` is a string, as the spec says. Do the same.
    client.protocol._converter.register_structure_hook(
        Union[T.Command, T.CodeAction],  # noqa: UP007 - the type key lsprotocol registered
        lambda obj, _: client.protocol._converter.structure(
            obj, T.Command if isinstance(obj.get("command"), str) else T.CodeAction
        ),
    )

    @client.feature(T.WORKSPACE_APPLY_EDIT)
    def _apply(params: T.ApplyWorkspaceEditParams) -> T.ApplyWorkspaceEditResult:
        client.applied_edits.append(params)  # type: ignore[attr-defined]
        return T.ApplyWorkspaceEditResult(applied=True)

    warnings.simplefilter("error", LspSpecificationWarning)
    await client.initialize_session(
        T.InitializeParams(capabilities=caps, root_uri=DATA.as_uri(), initialization_options=INIT)
    )
    yield
    await stop_session(client)


async def test_invalid_initialization_options_give_one_message_and_defaults(
    minimal: LanguageClient,
) -> None:
    """One warning lists every problem; the bad field keeps its default."""
    (msg,) = await eventually(
        lambda: [m for m in minimal.messages if "settings" in m.message], 60, "a message"
    )
    assert msg.type == T.MessageType.Warning
    assert (
        "cdoctest.generation.samples: expected an integer, got 'many'; using the default"
        in msg.message
    )
    assert "unknown setting cdoctest.colour" in msg.message
    status = await minimal.protocol.send_request_async("cdoctest/status", {})
    assert (status.settings.generation.samples, status.settings.generation.noModel) == (4, True)


@needs_clang
async def test_without_resolve_the_action_runs_a_command_that_applies_the_edit(
    minimal: LanguageClient, tmp_path
) -> None:
    """Test data: mathutil.cpp. The command path applies a ``changes`` edit."""
    path = tmp_path / "mathutil.cpp"
    path.write_text((DATA / "mathutil.cpp").read_text())
    uri, text = open_document(minimal, path)
    pos = T.Position(7, 4)
    actions = await minimal.text_document_code_action_async(
        T.CodeActionParams(
            T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
        )
    )
    action = actions[0]
    assert action.title == "Generate cdoctest for `fac`" and action.data is None
    assert action.command.command == "cdoctest.server.generate"
    answer = await minimal.workspace_execute_command_async(
        T.ExecuteCommandParams(command=action.command.command, arguments=action.command.arguments)
    )
    assert answer == {"started": True}
    (applied,) = await eventually(lambda: minimal.applied_edits, 300, "workspace/applyEdit")  # type: ignore[attr-defined]
    assert applied.edit.document_changes is None  # Neovim 0.7: plain `changes`
    new_text = apply_edits(text, applied.edit.changes[uri])
    assert ">>> fac(" in new_text and new_text.endswith(text[text.index("int fac") :])
    done = await eventually(
        lambda: [m for m in minimal.messages if m.message.startswith("cdoctest: `fac`")],
        60,
        "the summary",
    )
    assert "fallback" in done[0].message


@needs_clang
async def test_run_tests_command_publishes_diagnostics(minimal: LanguageClient) -> None:
    """Test data: failing.cpp. The run command publishes the failure; bad args are an error."""
    uri, _ = open_document(minimal, DATA / "failing.cpp")  # runOnOpen is off here
    answer = await minimal.workspace_execute_command_async(
        T.ExecuteCommandParams(command="cdoctest.server.runTests", arguments=[{"uri": uri}])
    )
    assert answer == {"started": True}
    (diag,) = await eventually(lambda: minimal.diagnostics.get(uri), 120, "diagnostics")
    assert diag.range.start.line == 4
    with pytest.raises(JsonRpcException):
        await minimal.workspace_execute_command_async(
            T.ExecuteCommandParams(command="cdoctest.server.generate", arguments=[{"line": 1}])
        )


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def short_lived(client: LanguageClient):
    """Start a server that the test itself shuts down (VS Code capabilities, no model)."""

    # VS Code's capabilities advertise code-lens refresh, so the client must answer it.
    @client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    client.set_configuration({"generation": {"noModel": True}}, section="cdoctest")
    await client.initialize_session(
        T.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            initialization_options={"generation": {"noModel": True}},
        )
    )
    yield
    await stop_session(client)  # the test shuts it down; after a failure, this does


@needs_clang
async def test_shutdown_while_jobs_run_answers_and_exits(short_lived: LanguageClient) -> None:
    """Test data: mathutil.cpp. A generation request and a command job in flight at shutdown.

    pygls#606 breaks ``shutdown`` while an ``executeCommand`` is in flight; our commands return at
    once and our shutdown handler cancels and awaits the jobs, so the answer is a plain null.
    """
    client = short_lived
    uri, _ = open_document(client, DATA / "mathutil.cpp", uri="file:///shutdown/mathutil.cpp")
    request = asyncio.ensure_future(
        client.protocol.send_request_async("cdoctest/generate", {"uri": uri, "line": 6})
    )
    started = await client.workspace_execute_command_async(
        T.ExecuteCommandParams(
            command="cdoctest.server.generate", arguments=[{"uri": uri, "name": "add"}]
        )
    )
    assert started == {"started": True}
    await asyncio.sleep(0.5)
    assert await asyncio.wait_for(client.shutdown_async(None), 60) is None
    # The request was either cancelled by the shutdown or finished just before it; it is answered.
    try:
        await asyncio.wait_for(request, 60)
    except JsonRpcException:
        pass
    client.exit(None)
    assert await asyncio.wait_for(client._server.wait(), 60) == 0
    client.capabilities = None  # already shut down: the fixture must not do it again
