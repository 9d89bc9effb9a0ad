"""Compare an example's wanted output with the output it got.

Default: cdoctest's exact line-by-line match (an extra or missing line fails), except that trailing
whitespace on each line and trailing empty lines are ignored, and ``\\r\\n`` equals ``\\n``. ``got``
is in display form already (the runner renders value prints such as ``(int) 120`` as ``120``).

Looser matching is opt-in per example, with a trailing ``// cdoctest: +NAME`` on its prompt line
(``docs/format.md``), each option a separate, documented relaxation as in ``doctest``:

- ``ELLIPSIS``: ``...`` in ``want`` matches any text, newlines included.
- ``NORMALIZE_WHITESPACE``: every run of whitespace (newlines included) counts as one space.
"""

from __future__ import annotations

import difflib

ELLIPSIS = "ELLIPSIS"
NORMALIZE_WHITESPACE = "NORMALIZE_WHITESPACE"
ELLIPSIS_MARKER = "..."


def _norm(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def _ellipsis_match(want: str, got: str) -> bool:
    """``doctest._ellipsis_match``: the pieces of ``want`` between ``...`` appear in order in
    ``got``, the first at the start and the last at the end.

    >>> _ellipsis_match("a...c", "abbbc"), _ellipsis_match("a...c", "abd")
    (True, False)
    """
    if ELLIPSIS_MARKER not in want:
        return want == got
    pieces = want.split(ELLIPSIS_MARKER)
    start, end = 0, len(got)
    first, last = pieces[0], pieces[-1]
    if first:
        if not got.startswith(first):
            return False
        start = len(first)
        del pieces[0]
    if last:
        if not got.endswith(last) or end - len(last) < start:
            return False
        end -= len(last)
        del pieces[-1]
    for piece in pieces:
        if not piece:
            continue
        found = got.find(piece, start, end)
        if found < 0:
            return False
        start = found + len(piece)
    return True


class OutputChecker:
    """``check(want, got, options) -> bool`` and ``difference(want, got, options) -> str``."""

    def check(self, want: str, got: str, options: frozenset[str] = frozenset()) -> bool:
        """True when ``got`` matches ``want`` under ``options`` (see the module docstring)."""
        w, g = "\n".join(_norm(want)), "\n".join(_norm(got))
        if w == g:
            return True
        if NORMALIZE_WHITESPACE in options:
            w, g = " ".join(w.split()), " ".join(g.split())
            if w == g:
                return True
        if ELLIPSIS in options:
            return _ellipsis_match(w, g)
        return False

    def difference(self, want: str, got: str, options: frozenset[str] = frozenset()) -> str:
        """A report of the mismatch: the expected and the actual lines, indented, and for outputs
        of more than two lines a unified diff (``-`` expected, ``+`` actual).
        """
        text = "Expected:\n" + _indent(want) + "Got:\n" + _indent(got)
        w, g = _norm(want), _norm(got)
        if len(w) > 2 and len(g) > 2:
            diff = difflib.unified_diff(w, g, "expected", "actual", n=2, lineterm="")
            text += "Differences (unified diff, -expected +actual):\n" + "".join(
                "    " + line + "\n" for line in list(diff)[2:]
            )
        return text


def _indent(text: str) -> str:
    if not text:
        return "    <nothing>\n"
    return "".join("    " + line + "\n" for line in text.rstrip("\n").split("\n"))
