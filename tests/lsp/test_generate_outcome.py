"""From a pipeline ``FileResult`` to the server's answer (server/lsp/features/generate.py).

A hand-made ``FileResult`` for a three-line file and a recording stand-in for the server object
(only the attributes ``_to_outcome`` reads): the edit's shape, findings published once the client
has applied the edit, and the move of both when lines were typed above the function meanwhile.
"""

from __future__ import annotations

from types import SimpleNamespace

from lsprotocol import types as T

from cdoctest_runner.example import Declaration, Example
from server.api import FileResult, Finding, FunctionResult, TextEdit
from server.lsp.features.diagnostics import Diagnostics
from server.lsp.features.generate import _to_outcome

OLD = "#include <cstdio>\nint twice(int x) { return 2 * x; }\n"
BLOCK = "/**\n>>> twice(5)\n10\n*/\n"
NEW = "#include <cstdio>\n" + BLOCK + "int twice(int x) { return 2 * x; }\n"
DECL = Declaration("twice", "twice", "function", 2, 1, 2, 36)


def _result() -> FileResult:
    finding = Finding(example=Example("twice(5)", "10"), predicted="11\n", actual="10\n", line=2)
    fr = FunctionResult(
        function=DECL,
        status="verified",
        origin="model",
        block_text=BLOCK,
        examples=(Example("twice(5)", "10"),),
        findings=(finding,),
        edit=TextEdit(1, 0, 1, 0, BLOCK),
    )
    return FileResult(path="/t/a.cpp", functions=(fr,), new_text=NEW, edits=(fr.edit,))


class _Server:
    """The attributes of ``CdoctestServer`` that ``_to_outcome`` uses, recording what it sends."""

    def __init__(self, text: str, version: int, document_changes: bool) -> None:
        self.doc = SimpleNamespace(source=text, version=version)
        self.workspace = SimpleNamespace(get_text_document=lambda uri: self.doc)
        self.published: list[T.PublishDiagnosticsParams] = []
        self.shown: list[str] = []
        self.diagnostics = Diagnostics(self)
        self._document_changes = document_changes

    def supports_document_changes(self) -> bool:
        return self._document_changes

    def text_document_publish_diagnostics(self, params: T.PublishDiagnosticsParams) -> None:
        self.published.append(params)

    def show(self, message: str, kind: T.MessageType = T.MessageType.Info) -> None:
        self.shown.append(message)


def test_edit_and_findings_published_once_the_edit_is_applied() -> None:
    """The finding becomes a warning at '>>> twice(5)' (line 2) when the document equals NEW."""
    ls = _Server(OLD, 3, document_changes=True)
    out = _to_outcome(ls, "file:///t/a.cpp", OLD, 3, _result())
    (change,) = out.edit.document_changes
    assert change.text_document.version == 3 and change.edits[0].range.start.line == 1
    assert out.findings[0]["predicted"] == "11\n" and out.summary.startswith("`twice`: 1 verified")
    assert ls.published == []  # not yet: the client has not applied the edit
    ls.diagnostics.document_changed("file:///t/a.cpp", NEW, 4)
    (diag,) = ls.published[-1].diagnostics
    assert diag.code == "possible-bug" and diag.severity == T.DiagnosticSeverity.Warning
    assert diag.range == T.Range(T.Position(2, 0), T.Position(2, 12))
    assert "model predicted:\n    11\ncode printed:\n    10" in diag.message


def test_lines_typed_above_move_the_edit_and_the_finding() -> None:
    """Two lines typed at the top: the edit starts at line 3 and the finding sits on line 4."""
    typed = "// a\n// b\n" + OLD
    ls = _Server(typed, 5, document_changes=False)
    out = _to_outcome(ls, "file:///t/a.cpp", OLD, 3, _result())
    (edit,) = out.edit.changes["file:///t/a.cpp"]
    assert edit.range.start == T.Position(3, 0) and edit.new_text == BLOCK
    ls.diagnostics.document_changed("file:///t/a.cpp", "// a\n// b\n" + NEW, 6)
    (diag,) = ls.published[-1].diagnostics
    assert diag.range.start.line == 4


def test_a_changed_function_is_refused_and_a_different_text_drops_the_findings() -> None:
    """The function's body changed meanwhile: no edit and a message."""
    ls = _Server(OLD.replace("2 * x", "x + x"), 5, document_changes=True)
    out = _to_outcome(ls, "file:///t/a.cpp", OLD, 3, _result())
    assert out.edit is None and "nothing was inserted" in out.error and ls.shown == [out.error]
    ls = _Server(OLD, 3, document_changes=True)
    _to_outcome(ls, "file:///t/a.cpp", OLD, 3, _result())
    ls.diagnostics.document_changed("file:///t/a.cpp", NEW + "// edited differently\n", 4)
    assert ls.published == []  # the expected text never arrived: nothing stale is shown
