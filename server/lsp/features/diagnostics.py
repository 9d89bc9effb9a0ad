"""Diagnostics: failing examples of the file's blocks and "possible bug" findings, per document.

``Diagnostics`` keeps one list per source (``tests``, ``findings``) for each URI and always
publishes their union, so a test run does not erase the findings and vice versa. Findings of a
generation are *expected* against the generated text: they are published once the document equals
that text (the client applied the edit) and dropped if it never does.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types as T


class Diagnostics:
    """Per-URI, per-source diagnostics, published together."""

    def __init__(self, ls: Any) -> None:
        self.ls = ls
        self._by_uri: dict[str, dict[str, list[T.Diagnostic]]] = {}
        self._expected: dict[str, tuple[str, list[T.Diagnostic]]] = {}

    def set(
        self, uri: str, source: str, diagnostics: list[T.Diagnostic], version: int | None = None
    ) -> None:
        """Replace the diagnostics of one source for ``uri`` and publish the union."""
        self._by_uri.setdefault(uri, {})[source] = list(diagnostics)
        self.publish(uri, version)

    def get(self, uri: str, source: str) -> list[T.Diagnostic]:
        """Return the current diagnostics of one source for ``uri``."""
        return list(self._by_uri.get(uri, {}).get(source, []))

    def publish(self, uri: str, version: int | None = None) -> None:
        """Publish the union of all sources for ``uri``."""
        merged = [d for diags in self._by_uri.get(uri, {}).values() for d in diags]
        self.ls.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, diagnostics=merged, version=version)
        )

    def expect(self, uri: str, new_text: str, diagnostics: list[T.Diagnostic]) -> None:
        """Publish ``diagnostics`` once the document's text becomes ``new_text``."""
        self._expected[uri] = (new_text, diagnostics)

    def document_changed(self, uri: str, text: str, version: int | None) -> None:
        """Call on every change: publishes expected findings when the generated text arrived."""
        expected = self._expected.pop(uri, None)
        if expected is not None and expected[0] == text:
            self.set(uri, "findings", expected[1], version)
        elif self.get(uri, "findings"):
            self.set(uri, "findings", [], version)  # the findings' lines are stale now

    def clear(self, uri: str) -> None:
        """Forget everything about ``uri`` and publish an empty list."""
        self._by_uri.pop(uri, None)
        self._expected.pop(uri, None)
        self.ls.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )
