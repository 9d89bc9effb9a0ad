"""Two phases in the editor: the first block at once, a stronger one later (replaced or offered).

Test data: tests/data/lsp/phases.c (``grade`` on lines 5-13, 1-based). Settings: no model, so
phase 2 is the input search, which is deterministic: phase 1's block (documented calls and type
values chosen by mutation analysis) leaves boundary mutants alive that the search kills, so phase
2 always finds a stronger block. Nothing here waits for time to pass: every wait is for an event
(an answer, an edit, a message), with a generous deadline.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from lsprotocol import types as T
from pytest_lsp import LanguageClient

from cdoctest_runner.parser import find_comments

from .conftest import DATA, TEST_SETTINGS, needs_clang
from .helpers import apply_edits, change_document, eventually, open_document, text_edits
from .test_e2e_generation import _configure, _edit

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module"), needs_clang]

PHASES = DATA / "phases.c"
GRADE_LINE = 4  # 0-based line of `char grade(int percent) {`
NO_MODEL = {**TEST_SETTINGS, "generation": {**TEST_SETTINGS["generation"], "noModel": True}}
KILLS = re.compile(r"kills (\d+)/(\d+) instead of (\d+)/(\d+)")


def _blocks(text: str) -> int:
    """How many comments with cdoctest examples ``text`` holds."""
    return sum(">>> " in c.text for c in find_comments(text))


async def _first_block(client: LanguageClient, uri: str, text: str) -> str:
    """Ask for ``grade``'s block; return the text with the first (phase 1) block applied."""
    token = f"first-{uri}"
    client.progress_reports.setdefault(token, [])
    params = {"uri": uri, "version": 1, "line": GRADE_LINE, "workDoneToken": token}
    answer = await asyncio.wait_for(
        client.protocol.send_request_async("cdoctest/generate", params), 300
    )
    assert answer.error is None and answer.edit is not None, answer
    assert "looking for a stronger block" in answer.summary, answer.summary
    # The progress says which phase runs; the request's progress ends with the first block.
    reports = client.progress_reports[token]
    assert any((r.message or "").startswith("phase 1 (first block): ") for r in reports[1:-1])
    assert reports[-1].kind == "end" and "looking for a stronger block" in reports[-1].message
    (change,) = answer.edit.documentChanges
    new_text = apply_edits(text, [T.TextEdit(**_edit(e)) for e in change.edits])
    assert _blocks(new_text) == 1 and ">>> grade(" in new_text
    return new_text


def _stronger(messages: list[T.ShowMessageParams], name: str, what: str) -> re.Match | None:
    for m in messages:
        if f"`{name}`" in m.message and what in m.message:
            return KILLS.search(m.message)
    return None


async def test_stronger_block_replaces_the_untouched_first_block(
    vscode_client: LanguageClient,
) -> None:
    client = vscode_client
    await _configure(client, NO_MODEL, lambda s: s.settings.generation.noModel)
    try:
        uri, text = open_document(client, PHASES, uri="file:///untouched/phases.c")
        first = await _first_block(client, uri, text)
        change_document(client, uri, 2, first)  # the editor applied the first block
        before = len(client.applied_edits)
        await eventually(lambda: len(client.applied_edits) > before, 300, "the stronger block")
        (params,) = client.applied_edits[before:]
        edits, version, _ = text_edits(params.edit, uri)
        assert version == 2  # computed against the document as the user had it
        final = apply_edits(first, edits)
        assert _blocks(final) == 1 and final.count(">>> grade(") > first.count(">>> grade(")
        assert final.endswith(text[text.index("char grade") :])  # only the block changed
        assert final.startswith(text[: text.index("char grade")])
        found = await eventually(
            lambda: _stronger(client.messages, "grade", "replaced the block"), 30, "the message"
        )
        killed, total, was_killed, was_total = map(int, found.groups())
        assert killed > was_killed and total == was_total
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.generation.noModel)


async def test_stronger_block_is_offered_when_the_user_edited_the_first(
    vscode_client: LanguageClient,
) -> None:
    client = vscode_client
    await _configure(client, NO_MODEL, lambda s: s.settings.generation.noModel)
    try:
        uri, text = open_document(client, PHASES, uri="file:///edited/phases.c")
        first = await _first_block(client, uri, text)
        # The user applied the block and then edited it (an output line): the server must not
        # overwrite it.
        lines = first.split("\n")
        at = next(i for i, line in enumerate(lines) if ">>> grade(" in line) + 1
        lines[at] += " read by me"
        edited = "\n".join(lines)
        change_document(client, uri, 2, edited)
        before = len(client.applied_edits)
        found = await eventually(
            lambda: _stronger(client.messages, "grade", "offered as a code action"),
            300,
            "the offer of a stronger block",
        )
        killed, total, was_killed, was_total = map(int, found.groups())
        assert killed > was_killed and total == was_total
        assert len(client.applied_edits) == before  # nothing applied
        pos = T.Position(GRADE_LINE + edited.count("\n") - text.count("\n"), 4)
        actions = await client.text_document_code_action_async(
            T.CodeActionParams(
                T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
            )
        )
        title = (
            f"Use stronger cdoctest for `grade` (kills {killed}/{total} instead of "
            f"{was_killed}/{was_total})"
        )
        offer = next((a for a in actions if a.title == title), None)
        assert offer is not None, [a.title for a in actions]
        assert offer.edit is not None and len(client.applied_edits) == before  # offered only
        edits, version, _ = text_edits(offer.edit, uri)
        assert version == 2
        final = apply_edits(edited, edits)
        assert _blocks(final) == 1 and "read by me" not in final
        assert final.count(">>> grade(") > first.count(">>> grade(")
        assert final.endswith(text[text.index("char grade") :])
        # Once the document holds the stronger block, the offer is gone.
        change_document(client, uri, 3, final)
        actions = await client.text_document_code_action_async(
            T.CodeActionParams(
                T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
            )
        )
        assert not any(a.title.startswith("Use stronger") for a in actions)
    finally:
        await _configure(client, TEST_SETTINGS, lambda s: not s.settings.generation.noModel)
