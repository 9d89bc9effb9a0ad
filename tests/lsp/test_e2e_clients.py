"""End-to-end: the real server, driven by pytest-lsp as VS Code 1.65 and as Neovim 0.7.

Both capability sets come from pytest-lsp's recordings.

Test data: tests/data/lsp/mathutil.cpp (``add`` on line 4, ``fac`` on lines 6-10, ``is_even`` on
line 12, 1-based) and tests/data/lsp/failing.cpp (the wrong example ``>>> twice(5)`` on line 5).
Generation uses the embedded model and real clang-repl with samples=2 (see conftest.py).
"""

from __future__ import annotations

import pytest
from lsprotocol import types as T
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from .conftest import DATA, TEST_SETTINGS, needs_clang, needs_model
from .helpers import apply_edits, change_document, eventually, open_document, text_edits

pytestmark = [pytest.mark.lsp, pytest.mark.asyncio(loop_scope="module")]

MATHUTIL = DATA / "mathutil.cpp"
FAILING = DATA / "failing.cpp"


def _params(uri: str, line: int, only: list[str] | None = None) -> T.CodeActionParams:
    pos = T.Position(line=line, character=4)
    return T.CodeActionParams(
        text_document=T.TextDocumentIdentifier(uri=uri),
        range=T.Range(start=pos, end=pos),
        context=T.CodeActionContext(diagnostics=[], only=only),
    )


async def test_actions_on_a_function_and_none_outside(lsp_client: LanguageClient) -> None:
    """Test data: mathutil.cpp. Actions inside ``fac``; none on the #include line."""
    # The status notification (the extension's status bar) names the embedded model.
    status = await eventually(lambda: lsp_client.statuses, 60, "cdoctest/status")  # type: ignore[attr-defined]
    assert status[-1].model.source == "embedded default"
    uri, _ = open_document(lsp_client, MATHUTIL)
    actions = await lsp_client.text_document_code_action_async(_params(uri, 7))  # inside fac
    assert [(a.title, a.kind) for a in actions] == [
        ("Generate cdoctest for `fac`", "refactor.rewrite.generateTests.cdoctest"),
        ("Generate cdoctests for all functions in file", "source.generateTests.cdoctest"),
    ]
    assert actions[0].edit is None and actions[0].data["line"] == 5  # resolved later
    # Outside any function (the #include line) the lightbulb gets nothing to generate.
    assert await lsp_client.text_document_code_action_async(_params(uri, 1, ["refactor"])) in (
        [],
        (),
        None,
    )
    # context.only is a prefix filter.
    only_source = await lsp_client.text_document_code_action_async(_params(uri, 7, ["source"]))
    assert [a.kind for a in only_source] == ["source.generateTests.cdoctest"]
    assert await lsp_client.text_document_code_action_async(_params(uri, 7, ["quickfix"])) in (
        [],
        (),
        None,
    )


@needs_clang
@needs_model
async def test_resolve_gives_an_edit_whose_file_passes_the_runner(
    lsp_client: LanguageClient, tmp_path
) -> None:
    """Test data: mathutil.cpp. Resolve with the model; the edited file passes the runner."""
    from cdoctest_runner.finder import code_under_test, find_doctests
    from cdoctest_runner.runner import DocTestRunner

    uri, text = open_document(lsp_client, MATHUTIL, uri=(tmp_path / "mathutil.cpp").as_uri())
    (tmp_path / "mathutil.cpp").write_text(text)
    actions = await lsp_client.text_document_code_action_async(_params(uri, 3))  # on add
    assert actions[0].title == "Generate cdoctest for `add`"
    before = set(lsp_client.progress_reports)
    resolved = await lsp_client.code_action_resolve_async(actions[0])
    assert resolved.edit is not None, lsp_client.messages
    edits, version, shape = text_edits(resolved.edit, uri)
    if lsp_client.client_name == "visual-studio-code":  # type: ignore[attr-defined]
        assert (shape, version) == ("documentChanges", 1)
    else:  # Neovim 0.7 advertises no documentChanges
        assert shape == "changes"
    new_text = apply_edits(text, edits)
    assert new_text.endswith(text[text.index("int add") :])  # the rest of the file is untouched
    assert new_text.index(">>> ") < new_text.index("int add(int a, int b)")
    path = tmp_path / "mathutil.cpp"
    path.write_text(new_text)
    tests = find_doctests(str(path))
    assert [t.declaration.name for t in tests if t.declaration] == ["add"]
    with DocTestRunner() as runner:
        (result,) = runner.run_many([(t, code_under_test(str(path))) for t in tests])
    assert result.passed, (
        new_text,
        [(r.outcome, r.got, r.stderr, r.message) for r in result.results],
    )
    # Server-created work-done progress: begin, at least one report, end (the first phase's; a
    # second progress, "looking for a stronger cdoctest", may still be running).
    tokens = set(lsp_client.progress_reports) - before
    runs = [[r.kind for r in lsp_client.progress_reports[t]] for t in tokens]
    assert all(kinds[0] == "begin" for kinds in runs if kinds), runs  # [] : created, not begun
    assert any(kinds and kinds[-1] == "end" and "report" in kinds for kinds in runs), runs
    change_document(lsp_client, uri, 2, new_text)
    # The regenerated function now offers "Regenerate".
    line = new_text[: new_text.index("int add")].count("\n")
    actions = await lsp_client.text_document_code_action_async(_params(uri, line))
    assert actions[0].title.startswith(
        ("Regenerate cdoctest for `add`", "Generate cdoctest for `add`")
    )


@needs_clang
async def test_a_failing_block_gives_a_diagnostic_at_its_prompt(lsp_client: LanguageClient) -> None:
    """Test data: failing.cpp. The wrong example is an error at line 4 (0-based), lenses show it."""
    uri, _ = open_document(lsp_client, FAILING)
    diags = await eventually(
        lambda: lsp_client.diagnostics.get(uri), 60, "diagnostics for failing.cpp"
    )
    (diag,) = diags
    assert diag.range.start.line == 4  # '>>> twice(5)' is file line 5
    assert diag.severity == T.DiagnosticSeverity.Error and diag.source == "cdoctest"
    assert "Expected:\n    11\nGot:\n    10" in diag.message
    lenses = await lsp_client.text_document_code_lens_async(
        T.CodeLensParams(text_document=T.TextDocumentIdentifier(uri=uri))
    )
    assert [(lens.range.start.line, lens.command.title) for lens in lenses] == [
        (1, "▶ Run cdoctest"),
        (1, "✗ 1 of 2 failed"),
    ]
    summary = await lsp_client.protocol.send_request_async("cdoctest/runTests", {"uri": uri})
    assert (summary.blocks, summary.passed, summary.failed) == (1, 0, 1)


async def test_changed_settings_take_effect(lsp_client: LanguageClient) -> None:
    """Test data: mathutil.cpp. A tiny ``maxFileBytes`` stops listing; restoring it undoes that."""
    uri, _ = open_document(lsp_client, MATHUTIL, uri="file:///settings/mathutil.cpp")
    assert len(await lsp_client.text_document_code_action_async(_params(uri, 7))) == 2
    small = {**TEST_SETTINGS, "build": {"maxFileBytes": 10}, "generation": {"samples": 3}}
    if lsp_client.client_name == "visual-studio-code":  # type: ignore[attr-defined]
        lsp_client.set_configuration(small, section="cdoctest")  # the server pulls it
        lsp_client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings=None))
    else:  # Neovim 0.7 has no workspace/configuration: the settings come with the notification
        lsp_client.workspace_did_change_configuration(
            T.DidChangeConfigurationParams(settings={"cdoctest": small})
        )
    status = await eventually(_status_with_samples(lsp_client, 3), 60, "the new settings")
    assert status.settings.build.maxFileBytes == 10
    assert await lsp_client.text_document_code_action_async(_params(uri, 7)) in ([], (), None)
    assert any("too large" in m.message for m in lsp_client.messages)
    # Back to the test settings.
    lsp_client.set_configuration(TEST_SETTINGS, section="cdoctest")
    lsp_client.workspace_did_change_configuration(
        T.DidChangeConfigurationParams(settings={"cdoctest": TEST_SETTINGS})
    )
    await eventually(_status_with_samples(lsp_client, 2), 60, "the test settings again")
    assert len(await lsp_client.text_document_code_action_async(_params(uri, 7))) == 2


def _status_with_samples(client: LanguageClient, samples: int):
    import asyncio

    box: dict[str, object] = {}

    def check():
        task = box.get("task")
        if task is None or task.done():  # type: ignore[union-attr]
            if task is not None and task.result().settings.generation.samples == samples:  # type: ignore[union-attr]
                return task.result()  # type: ignore[union-attr]
            box["task"] = asyncio.ensure_future(
                client.protocol.send_request_async("cdoctest/status", {})
            )
        return None

    return check


async def test_malformed_requests_get_errors_and_the_server_survives(
    lsp_client: LanguageClient,
) -> None:
    """Malformed params get InvalidParams; garbage text is survived; listing still works."""
    for params in (
        {},
        {"uri": 5, "line": 1},
        {"uri": "file:///x.cpp"},
        {"uri": "file:///x.cpp", "line": -3},
    ):
        with pytest.raises(JsonRpcException) as err:
            await lsp_client.protocol.send_request_async("cdoctest/generate", params)
        assert err.value.code == -32602  # InvalidParams
    with pytest.raises(JsonRpcException):
        await lsp_client.code_action_resolve_async(T.CodeAction(title="x", data={"nonsense": True}))
    with pytest.raises(JsonRpcException):
        await lsp_client.protocol.send_request_async(
            "cdoctest/runTests", {"uri": "file:///not/open.cpp"}
        )
    with pytest.raises(JsonRpcException):
        await lsp_client.protocol.send_request_async("cdoctest/noSuchMethod", {})
    # A document that is not C++ at all, and one with invalid UTF-16 surrogates in a string.
    uri, _ = open_document(lsp_client, DATA / "garbage.cpp", text="}}}} int ((( \x00 \udcff\n" * 50)
    await lsp_client.text_document_code_action_async(_params(uri, 3))
    # Still serving.
    uri, _ = open_document(lsp_client, MATHUTIL, uri="file:///after/mathutil.cpp")
    assert len(await lsp_client.text_document_code_action_async(_params(uri, 7))) == 2
