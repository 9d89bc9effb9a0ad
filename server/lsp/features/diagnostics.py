"""Diagnostics: failing examples of the file's blocks and "possible bug" findings, per document.

``Diagnostics`` keeps one list per source (``tests``, ``findings``) for each URI and always
publishes their union, so a test run does not erase the findings and vice versa. Findings of a
generation are *expected* against the generated text: they are published once the document equals
that text (the client applied the edit) and dropped if it never does. Published findings stay
through unrelated edits (moved with their block when lines are added or removed above it) and are
dropped only when the text of their region (the block and the function below it: ``hint_region``)
changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lsprotocol import types as T

_COMMENT_START = re.compile(r"^\s*(/\*\*|/\*!|///|//!)")


class Diagnostics:
    """Per-URI, per-source diagnostics, published together."""

    def __init__(self, ls: Any) -> None:
        self.ls = ls
        self._by_uri: dict[str, dict[str, list[T.Diagnostic]]] = {}
        self._expected: dict[str, tuple[str, list[T.Diagnostic]]] = {}
        # per URI: finding line -> (first line of its region, the region's text)
        self._regions: dict[str, dict[int, tuple[int, str]]] = {}

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
        """Call on every change: publishes expected findings when the generated text arrived,
        moves published ones with their region, drops them when their region was edited.
        """
        expected = self._expected.pop(uri, None)
        if expected is not None and expected[0] == text:
            lines = text.split("\n")
            regions = {}
            for d in expected[1]:
                start, end = hint_region(lines, d.range.start.line)
                regions[d.range.start.line] = (start, "\n".join(lines[start : end + 1]))
            self._regions[uri] = regions
            self.set(uri, "findings", expected[1], version)
            return
        old = self.get(uri, "findings")
        if not old:
            return
        kept, moved = follow_regions(old, self._regions.get(uri, {}), text)
        if [d.range for d in kept] != [d.range for d in old]:
            self._regions[uri] = moved
            self.set(uri, "findings", kept, version)

    def clear(self, uri: str) -> None:
        """Forget everything about ``uri`` and publish an empty list."""
        self._by_uri.pop(uri, None)
        self._expected.pop(uri, None)
        self._regions.pop(uri, None)
        self.ls.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )


def hint_region(lines: Sequence[str], line: int) -> tuple[int, int]:
    """The region a finding at ``line`` (0-based, inside a doc comment) belongs to: from the
    comment's first line to the end of the declaration below it (brace matching; a declaration
    without a body ends at its ``;``). Text-only, so it works on any version of the document.

    >>> src = ["int x;", "/**", ">>> f(1)", "2", "*/", "int f(int a) {", "  return a;", "}"]
    >>> hint_region(src + ["int y;"], 2)
    (1, 7)
    >>> hint_region(["/// >>> g()", "/// 1", "int g();", "int z;"], 0)
    (0, 2)
    """
    start = line
    while start > 0 and not _COMMENT_START.match(lines[start]):
        start -= 1
    if lines[start].lstrip().startswith("/*"):
        end = start
        while end < len(lines) - 1 and "*/" not in lines[end]:
            end += 1
    else:
        end = start
        while end + 1 < len(lines) and lines[end + 1].lstrip().startswith("//"):
            end += 1
    depth = 0
    opened = False
    for i in range(end + 1, len(lines)):
        code = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|//.*', "", lines[i])
        for ch in code:
            if ch == "{":
                depth += 1
                opened = True
            elif ch == "}":
                depth -= 1
                if opened and depth <= 0:
                    return start, i
            elif ch == ";" and not opened:
                return start, i
    return start, len(lines) - 1


def follow_regions(
    diagnostics: Sequence[T.Diagnostic], regions: dict[int, tuple[int, str]], text: str
) -> tuple[list[T.Diagnostic], dict[int, tuple[int, str]]]:
    """Keep the findings whose region text is still in ``text`` (moved by as many lines as the
    region moved; the occurrence nearest the old place wins); drop the others.

    >>> d = T.Diagnostic(range=T.Range(T.Position(2, 0), T.Position(2, 8)), message="m")
    >>> regions = {2: (1, "/**\\n>>> f(1)\\n*/")}
    >>> kept, _ = follow_regions([d], regions, "// new\\nint x;\\n/**\\n>>> f(1)\\n*/")
    >>> kept[0].range.start.line
    3
    >>> follow_regions([d], regions, "int x;\\n/**\\n>>> f(2)\\n*/")[0]
    []
    """
    lines = text.split("\n")
    kept: list[T.Diagnostic] = []
    moved: dict[int, tuple[int, str]] = {}
    for d in diagnostics:
        line = d.range.start.line
        if line not in regions:
            continue
        start, region = regions[line]
        size = region.count("\n") + 1
        first = region.split("\n", 1)[0]
        hits = [
            i
            for i in range(len(lines) - size + 1)
            if lines[i] == first and "\n".join(lines[i : i + size]) == region
        ]
        if not hits:
            continue
        new_start = min(hits, key=lambda i: abs(i - start))
        delta = new_start - start
        rng = T.Range(
            T.Position(d.range.start.line + delta, d.range.start.character),
            T.Position(d.range.end.line + delta, d.range.end.character),
        )
        kept.append(
            T.Diagnostic(
                range=rng,
                message=d.message,
                severity=d.severity,
                code=d.code,
                source=d.source,
                related_information=d.related_information,
                data=d.data,
            )
        )
        moved[line + delta] = (new_start, region)
    return kept, moved
