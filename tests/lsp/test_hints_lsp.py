"""A confident "possible bug" hint reaches the editor as a warning with its confidence and evidence.

The real server (``python -m server.lsp``) runs with a canned model in place of the GGUF: a small
wrapper replaces ``models.load_backend`` before the server starts, and every sample answers
``tests.generate.test_hints.RIGHT_BUT_ONE`` (right on five calls of ``count_vowels``, 5 for
``count_vowels("aeiou")``). The document is ``BUGGY_C`` of the same module (the seeded bug: ``'u'``
is not counted, so the code prints 4). Real clang-repl; no model file is needed.
"""

from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.generate.test_hints import BUGGY_C

from .conftest import needs_clang, server_env
from .helpers import apply_edits, change_document, eventually, open_document, stop_session

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang]

CANNED_SERVER = """
import models, runpy, sys
from tests.generate.test_pipeline_e2e import CannedBackend
from tests.generate.test_hints import RIGHT_BUT_ONE
backend = CannedBackend([RIGHT_BUT_ONE])
models.load_backend = lambda config=None, **kw: backend
sys.argv = ["cdoctest-lsp", "-v"]
runpy.run_module("server.lsp", run_name="__main__")
"""
SETTINGS = {
    # One answer with the model's block (the first, fast block has no model predictions).
    "generation": {"samples": 4, "timeBudget": 90, "singlePhase": True},
    "diagnostics": {"debounce": 0},
}


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-c", CANNED_SERVER], server_env=server_env()
    ),
    scope="module",
)
async def canned_client(client: LanguageClient):
    """A VS Code-like session with the canned model."""

    @client.feature(T.WORKSPACE_APPLY_EDIT)
    def _apply(params: T.ApplyWorkspaceEditParams) -> T.ApplyWorkspaceEditResult:
        return T.ApplyWorkspaceEditResult(applied=True)

    @client.feature("cdoctest/status")
    def _status(*args: object) -> None:
        return None

    @client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    client.set_configuration(SETTINGS, section="cdoctest")
    await client.initialize_session(
        T.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            initialization_options=SETTINGS,
        )
    )
    yield
    await stop_session(client)


async def test_hint_becomes_a_warning_with_confidence_and_evidence(
    canned_client: LanguageClient, tmp_path
) -> None:
    """Test data: BUGGY_C (tests/generate/test_hints.py) in a temporary file."""
    client = canned_client
    path = tmp_path / "vowels.c"
    path.write_text(BUGGY_C)
    uri, text = open_document(client, path)
    answer = await asyncio.wait_for(
        client.protocol.send_request_async(
            "cdoctest/generate", {"uri": uri, "version": 1, "line": 4}
        ),
        240,
    )
    assert answer.error is None and answer.edit is not None, answer
    (finding,) = answer.findings
    assert (finding.predicted, finding.actual) == ("5\n", "4\n")
    assert finding.evidence == (
        "4 of 4 samples predicted '5'; got '4'; the model was right on 5 of 5 other calls"
    )
    assert 0.5 <= finding.confidence <= 1.0
    # The warning is published once the client has applied the edit.
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
    new_text = apply_edits(text, edits)
    change_document(client, uri, 2, new_text)
    (diag,) = await eventually(lambda: client.diagnostics.get(uri), 60, "the possible-bug warning")
    assert diag.code == "possible-bug" and diag.severity == T.DiagnosticSeverity.Warning
    assert new_text.split("\n")[diag.range.start.line] == '>>> count_vowels("aeiou")'
    assert diag.message == (
        f'possible bug (confidence {finding.confidence:.2f}): `count_vowels("aeiou")` printed '
        f"'4'; {finding.evidence}"
    )
