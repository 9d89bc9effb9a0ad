"""The documentation comment of a declaration: the comment that ends on the line just above it
(found by ``server.analysis.locate.comment_above``, the one rule), as its text.
"""

from __future__ import annotations

from server.analysis.locate import comment_above


def doc_comment(text: str, line: int) -> str:
    """The comment ending on the line just above 1-based ``line`` ('' when there is none).

    >>> doc_comment("int x;\\n/* Doc\\n   more */\\nint f();\\n", 4)
    '/* Doc\\n   more */'
    >>> doc_comment("// a\\n// b\\nint f();\\n", 3)
    '// a\\n// b'
    >>> doc_comment("int x;\\n\\nint f();\\n", 3)
    ''
    """
    lines = text.split("\n")
    if not 2 <= line <= len(lines) + 1:
        return ""
    block = comment_above(lines, line)
    if block is None:
        return ""
    return "\n".join(lines[block.start_line - 1 : block.end_line]).strip()
