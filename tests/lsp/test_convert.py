"""Position conversions at the LSP boundary (server/lsp/convert.py) with hand-checked numbers."""

from __future__ import annotations

from lsprotocol import types as T

from cdoctest_runner.example import Declaration, DocTest, Example
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server.api import Finding, TextEdit
from server.lsp import convert

# Test data: a block whose first line (the '/**') is file line 3 (1-based); '>>> fac(3)' is the
# comment's line 1, so the file's line 4, i.e. LSP line 3.
SOURCE = (
    "#include <cstdio>\n// π 😀\n/**\n>>> fac(3)\n6\n*/\n"
    "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }\n"
)
LINES = SOURCE.split("\n")


def _test() -> DocTest:
    ex = Example(source="fac(3)", want="6", lineno=1)
    return DocTest(examples=(ex,), name="a.cpp::fac", filename="a.cpp", lineno=3, end_lineno=6)


def test_utf16_and_byte_columns() -> None:
    """Code points, UTF-8 bytes and UTF-16 units on a line with 'π' (2 bytes) and an emoji."""
    line = LINES[1]  # '// π 😀'
    assert len(line) == 6 and convert.utf16_units(line) == 7  # '😀' is two UTF-16 units
    assert convert.character_from_codepoints(line, 5) == 5  # before the emoji
    assert convert.character_from_codepoints(line, 6) == 7  # after it
    assert convert.character_from_bytes(line, 7) == 5  # byte column 7: '// π ' is 6 bytes
    assert convert.codepoints_from_character(line, 7) == 6


def test_example_line_and_failure_diagnostic() -> None:
    """A failing example is reported at LSP line ``test.lineno + example.lineno - 1``."""
    test = _test()
    assert convert.example_line(test, test.examples[0]) == 3
    result = DocTestResult(
        test=test,
        results=(ExampleResult(example=test.examples[0], outcome=Outcome.FAILED, got="7\n"),),
    )
    (diag,) = convert.lsp_failure_diagnostics(result, LINES)
    assert diag.range == T.Range(T.Position(3, 0), T.Position(3, 10))
    assert diag.severity == T.DiagnosticSeverity.Error and diag.code == "failed"
    assert diag.message == "cdoctest failed: >>> fac(3)\nExpected:\n    6\nGot:\n    7"


def test_passed_and_skipped_give_no_diagnostic_setup_error_one_at_the_block() -> None:
    """Passed and skipped examples are silent; a setup error sits on the block's first line."""
    test = _test()
    ok = DocTestResult(
        test=test, results=(ExampleResult(test.examples[0], Outcome.PASSED, got="6\n"),)
    )
    skipped = DocTestResult(test=test, results=(ExampleResult(test.examples[0], Outcome.SKIPPED),))
    assert convert.lsp_failure_diagnostics(ok, LINES) == []
    assert convert.lsp_failure_diagnostics(skipped, LINES) == []
    broken = DocTestResult(test=test, results=(), setup_error="a.cpp:7: error: expected ';'")
    (diag,) = convert.lsp_failure_diagnostics(broken, LINES)
    assert diag.range.start.line == 2 and "expected ';'" in diag.message


def test_text_edit_columns_become_utf16() -> None:
    """A code-point column after an emoji becomes one more UTF-16 unit."""
    edit = TextEdit(1, 6, 1, 6, "!")  # after the emoji, in code points
    lsp = convert.lsp_text_edit(edit, LINES)
    assert lsp.range.start == T.Position(1, 7)


def test_workspace_edit_shapes() -> None:
    """``documentChanges`` carries the version; ``changes`` is used otherwise."""
    edit = TextEdit(6, 0, 6, 0, "/**\n>>> fac(1)\n1\n*/\n")
    versioned = convert.lsp_workspace_edit("file:///a.cpp", 4, [edit], LINES, document_changes=True)
    (change,) = versioned.document_changes
    assert change.text_document.version == 4 and change.edits[0].range.start == T.Position(6, 0)
    plain = convert.lsp_workspace_edit("file:///a.cpp", 4, [edit], LINES, document_changes=False)
    assert (
        plain.document_changes is None
        and plain.changes["file:///a.cpp"][0].new_text == edit.new_text
    )


def test_declaration_range_and_finding() -> None:
    """Declaration ranges end one past the last byte; findings are warnings at their line."""
    decl = Declaration(
        "fac", "fac", "function", line=7, column=1, end_line=7, end_column=54
    )  # 53 chars: end is one past
    assert convert.declaration_range(decl, LINES) == T.Range(T.Position(6, 0), T.Position(6, 53))
    finding = Finding(example=Example("fac(3)", "6"), predicted="5\n", actual="6\n", line=3)
    diag = convert.lsp_finding_diagnostic(finding, LINES, fallback_line=0)
    assert diag.range.start.line == 3 and diag.severity == T.DiagnosticSeverity.Warning
    assert diag.message == "possible bug: >>> fac(3)\nmodel predicted:\n    5\ncode printed:\n    6"


def test_result_titles() -> None:
    """Code lens titles for no result, a pass and a failure."""
    test = _test()
    ok = DocTestResult(test=test, results=(ExampleResult(test.examples[0], Outcome.PASSED),))
    bad = DocTestResult(test=test, results=(ExampleResult(test.examples[0], Outcome.FAILED),))
    assert [convert.result_title(r) for r in (None, ok, bad)] == [
        "not run yet",
        "✓ 1 passed",
        "✗ 1 of 1 failed",
    ]
