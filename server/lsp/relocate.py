"""Safe edits when the document changed while a generation ran: re-locate or refuse.

An edit computed against ``old_text`` is moved to ``new_text`` only if the lines it replaces *and*
the function below it (``anchor_end``, inclusive, 0-based) appear exactly once, unchanged, in the
new text; the edit is then shifted by the number of lines inserted or deleted above. Otherwise the
result is None and the caller refuses with a message: a generated block is never written into
text it was not computed for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from server.api import TextEdit


def _find_unique(haystack: Sequence[str], needle: Sequence[str]) -> int | None:
    hits = [
        i
        for i in range(len(haystack) - len(needle) + 1)
        if haystack[i : i + len(needle)] == list(needle)
    ]
    return hits[0] if len(hits) == 1 else None


def relocate_edits(
    old_text: str, new_text: str, edits: Sequence[tuple[TextEdit, int]]
) -> list[TextEdit] | None:
    r"""Move ``(edit, anchor_end)`` pairs from ``old_text`` to ``new_text``; None when unsafe.

    >>> e = TextEdit(1, 0, 1, 0, "/** >>> f() */\n")
    >>> relocate_edits("a\nint f();\n", "// new\na\nint f();\n", [(e, 1)])[0].start_line
    2
    >>> relocate_edits("a\nint f();\n", "a\nint f(int);\n", [(e, 1)]) is None
    True
    """
    if old_text == new_text:
        return [e for e, _ in edits]
    old_lines = old_text.split("\n")
    new_lines = new_text.split("\n")
    out: list[TextEdit] = []
    for edit, anchor_end in edits:
        last = max(anchor_end, edit.end_line)
        if edit.start_line > last or last >= len(old_lines):
            return None
        at = _find_unique(new_lines, old_lines[edit.start_line : last + 1])
        if at is None:
            return None
        delta = at - edit.start_line
        out.append(
            replace(edit, start_line=edit.start_line + delta, end_line=edit.end_line + delta)
        )
    spans = sorted((e.start_line, e.end_line) for e in out)
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:], strict=False)):
        return None
    return out
