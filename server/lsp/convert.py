"""Every conversion from domain objects to LSP objects, and the position conventions.

Conventions (the most likely source of off-by-one bugs, so they are written down once, here):

- LSP: lines and characters are 0-based; characters count UTF-16 code units (pygls negotiates
  UTF-16 unless the client offers something else; ``lines`` below are the document's lines).
- libclang (``Declaration``, ``DocTest.lineno``): 1-based lines; 1-based columns counted in
  UTF-8 bytes.
- ``Example.lineno`` is 0-based *within its comment*, so an example's ``>>>`` sits on file line
  ``test.lineno + example.lineno`` (1-based), i.e. LSP line ``test.lineno + example.lineno - 1``.
- ``server.api.TextEdit`` and ``Finding.line``: 0-based lines and 0-based code-point characters.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from urllib.parse import unquote, urlparse

from lsprotocol import types as T

from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.example import Declaration, DocTest, Example
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server.api import Finding, TextEdit
from server.lsp.args import InvalidArgs

SOURCE = "cdoctest"


def utf16_units(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (``'a😀'`` -> 3)."""
    return len(text.encode("utf-16-le")) // 2


def character_from_codepoints(line_text: str, column: int) -> int:
    """0-based code-point column in ``line_text`` -> 0-based UTF-16 character."""
    return utf16_units(line_text[:column])


def character_from_bytes(line_text: str, column: int) -> int:
    """1-based UTF-8 byte column (libclang) in ``line_text`` -> 0-based UTF-16 character."""
    prefix = line_text.encode("utf-8")[: max(column - 1, 0)]
    return utf16_units(prefix.decode("utf-8", errors="ignore"))


def codepoints_from_character(line_text: str, character: int) -> int:
    """0-based UTF-16 character -> 0-based code-point column (clamped to the line)."""
    units = 0
    for i, ch in enumerate(line_text):
        if units >= character:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line_text)


def _line(lines: Sequence[str], index: int) -> str:
    return lines[index].rstrip("\r\n") if 0 <= index < len(lines) else ""


def declaration_range(decl: Declaration, lines: Sequence[str]) -> T.Range:
    """Return the LSP range of a declaration (libclang 1-based lines, 1-based byte columns)."""
    start, end = decl.line - 1, decl.end_line - 1
    return T.Range(
        start=T.Position(
            line=start, character=character_from_bytes(_line(lines, start), decl.column)
        ),
        end=T.Position(
            line=end, character=character_from_bytes(_line(lines, end), decl.end_column)
        ),
    )


def example_line(test: DocTest, example: Example) -> int:
    """0-based LSP line of an example's ``>>>`` prompt (see the module docstring)."""
    return test.lineno + example.lineno - 1


def line_range(lines: Sequence[str], line: int) -> T.Range:
    """Return the range covering the text of one 0-based line (without its line break)."""
    text = _line(lines, line)
    first = len(text) - len(text.lstrip())
    return T.Range(
        start=T.Position(line=line, character=utf16_units(text[:first])),
        end=T.Position(line=line, character=utf16_units(text)),
    )


def block_range(test: DocTest) -> T.Range:
    """Return the range of a block's first line (where its code lens sits)."""
    line = max(test.lineno - 1, 0)
    return T.Range(start=T.Position(line=line, character=0), end=T.Position(line=line, character=0))


def lsp_text_edit(edit: TextEdit, lines: Sequence[str]) -> T.TextEdit:
    """Convert a pipeline edit (code-point columns) to an LSP edit (UTF-16 columns)."""
    return T.TextEdit(
        range=T.Range(
            start=T.Position(
                line=edit.start_line,
                character=character_from_codepoints(
                    _line(lines, edit.start_line), edit.start_character
                ),
            ),
            end=T.Position(
                line=edit.end_line,
                character=character_from_codepoints(
                    _line(lines, edit.end_line), edit.end_character
                ),
            ),
        ),
        new_text=edit.new_text,
    )


def lsp_workspace_edit(
    uri: str,
    version: int | None,
    edits: Sequence[TextEdit],
    lines: Sequence[str],
    document_changes: bool,
) -> T.WorkspaceEdit:
    """Build ``documentChanges`` (versioned) when the client supports it, else ``changes``."""
    text_edits: list[T.TextEdit] = [lsp_text_edit(e, lines) for e in edits]
    if document_changes:
        ident = T.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
        return T.WorkspaceEdit(
            document_changes=[T.TextDocumentEdit(text_document=ident, edits=list(text_edits))]
        )
    return T.WorkspaceEdit(changes={uri: text_edits})


def _one_line(text: str) -> str:
    text = text.rstrip("\n")
    return text if "\n" not in text else text.replace("\n", "\\n")


def failure_message(result: ExampleResult, checker: OutputChecker | None = None) -> str:
    """Return the diagnostic text of a failing example: what ran, expected vs actual."""
    source = _one_line(result.example.source)
    if result.outcome is Outcome.FAILED:
        diff = (checker or OutputChecker()).difference(
            result.example.want, result.got, result.example.options
        )
        return f"cdoctest failed: >>> {source}\n{diff.rstrip()}"
    detail = result.message or result.stderr.strip() or result.outcome.value
    text = f"cdoctest {result.outcome.value.replace('_', ' ')}: >>> {source}\n{detail.rstrip()}"
    if result.got:
        text += "\nGot:\n" + "".join("    " + g + "\n" for g in result.got.rstrip("\n").split("\n"))
    return text.rstrip()


def lsp_failure_diagnostics(result: DocTestResult, lines: Sequence[str]) -> list[T.Diagnostic]:
    """Return one diagnostic per failing example, at its ``>>>`` line (skipped ones omitted)."""
    test = result.test
    if result.setup_error is not None:
        line = max(test.lineno - 1, 0)
        return [
            T.Diagnostic(
                range=line_range(lines, line),
                message=f"cdoctest could not run this block: {result.setup_error}",
                severity=T.DiagnosticSeverity.Error,
                source=SOURCE,
                code="setup-error",
            )
        ]
    out = []
    for r in result.results:
        if r.passed or r.outcome is Outcome.SKIPPED:
            continue
        out.append(
            T.Diagnostic(
                range=line_range(lines, example_line(test, r.example)),
                message=failure_message(r),
                severity=T.DiagnosticSeverity.Error,
                source=SOURCE,
                code=r.outcome.value,
            )
        )
    return out


def lsp_finding_diagnostic(
    finding: Finding, lines: Sequence[str], fallback_line: int
) -> T.Diagnostic:
    """Convert a 'possible bug' finding to a warning at its ``>>>`` line (in the new text)."""
    line = finding.line if finding.line is not None else fallback_line
    message = finding.message or (
        f"possible bug: >>> {_one_line(finding.example.source)}\n"
        f"model predicted:\n    {_one_line(finding.predicted) or '<nothing>'}\n"
        f"code printed:\n    {_one_line(finding.actual) or '<nothing>'}"
    )
    return T.Diagnostic(
        range=line_range(lines, line),
        message=message,
        severity=T.DiagnosticSeverity.Warning,
        source=SOURCE,
        code="possible-bug",
    )


def result_title(result: DocTestResult | None) -> str:
    """Return the code lens title that shows a block's last result."""
    if result is None:
        return "not run yet"
    if result.setup_error is not None:
        return "✗ could not run"
    if result.failed:
        return f"✗ {result.failed} of {result.attempted} failed"
    return f"✓ {result.attempted} passed"


def uri_path(uri: str) -> str:
    """The filesystem path of a ``file:`` URI; raise ``InvalidArgs`` for other schemes.

    >>> uri_path("file:///tmp/a%20b.cpp")
    '/tmp/a b.cpp'
    """
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        raise InvalidArgs(f"only file: URIs can be listed or run, got {uri!r}")
    return os.path.normpath(unquote(parsed.path))
