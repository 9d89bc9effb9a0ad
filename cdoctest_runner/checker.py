"""Compare an example's wanted output with the output it got.

Default: cdoctest's exact line-by-line match, except that trailing whitespace on each line and
trailing empty lines are ignored. Looser matching is opt-in per example (see ``docs/format.md``).
"""

from __future__ import annotations


def _norm(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


class OutputChecker:
    """``check(want, got, options) -> bool`` and ``difference(want, got, options) -> str``."""

    def check(self, want: str, got: str, options: frozenset[str] = frozenset()) -> bool:
        return _norm(want) == _norm(got)

    def difference(self, want: str, got: str, options: frozenset[str] = frozenset()) -> str:
        return "Expected:\n" + _indent(want) + "Got:\n" + _indent(got)


def _indent(text: str) -> str:
    if not text:
        return "    <nothing>\n"
    return "".join("    " + line + "\n" for line in text.rstrip("\n").split("\n"))
