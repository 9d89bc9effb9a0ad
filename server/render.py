"""Render: turn kept examples into a cdoctest comment and place it above the function.

The block is written in the file's existing cdoctest comment style (``///`` when its blocks use
that, else ``/** */``), indented like the function, with the file's line ending. Its first line
inside the comment is the ``cdoctest-gen:`` marker: prose before the first ``>>>`` that cdoctest's
parser skips, and the sign that lets a later run replace the block (a hand-written block is replaced
only when asked). Output lines are written as recorded; an empty output line becomes ``<...>``.

Edits are ``TextEdit``s on 0-based lines; ``apply_edits`` applies them to the text and leaves every
other character as it was (line endings, encoding, trailing newline). File I/O keeps bytes:
``read_text``/``write_text_atomic`` decode and encode with the same codec (UTF-8, with invalid bytes
kept through ``surrogateescape``) and write through a temporary file and ``os.replace``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence

from cdoctest_runner.example import Example
from server.api import TextEdit
from server.locate import MARKER, Located, SourceFile

MARKER_LINE = f"{MARKER} generated and verified; regenerating replaces this block"
ENCODING = "utf-8"
ERRORS = "surrogateescape"


class RenderError(Exception):
    """An example cannot be written into a comment (it would not read back the same)."""


def read_text(path: str) -> str:
    """The file's text, decoded so that ``write_text_atomic`` gives back the same bytes."""
    with open(path, "rb") as fh:
        return fh.read().decode(ENCODING, errors=ERRORS)


def write_text_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same directory, then replace),
    keeping the file's permission bits.
    """
    directory = os.path.dirname(os.path.abspath(path))
    data = text.encode(ENCODING, errors=ERRORS)
    mode = None
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        pass
    fd, tmp = tempfile.mkstemp(prefix=".cdoctest-gen.", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def newline_of(text: str) -> str:
    """The file's line ending: ``\\r\\n`` when most lines end so, else ``\\n``.

    >>> newline_of("a\\r\\nb\\r\\n"), newline_of("a\\nb\\n"), newline_of("")
    ('\\r\\n', '\\n', '\\n')
    """
    crlf = text.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"


def block_style(source: SourceFile) -> str:
    """``///`` when the file's existing cdoctest blocks mostly use line comments, else ``/**``."""
    styles = [
        f.block.style for f in source.functions if f.block is not None and f.block.has_prompts
    ]
    line = sum(1 for s in styles if s.startswith("//"))
    return "///" if styles and line * 2 > len(styles) else "/**"


def block_lines(examples: Sequence[Example], style: str = "/**") -> list[str]:
    """The comment's lines (no indentation, no line endings).

    >>> from cdoctest_runner.example import Example as E
    >>> block_lines([E("fac(5)", "120"), E("int x = 1;"), E("puts(\\"\\");", "\\n")])[2:]
    ['>>> fac(5)', '120', '>>> int x = 1;', '>>> puts("");', '<...>', '*/']
    >>> block_lines([E("f()", "1")], "///")
    ['/// cdoctest-gen: generated and verified; regenerating replaces this block', '/// >>> f()', '/// 1']
    """
    body = [MARKER_LINE]
    for ex in examples:
        src = ex.source.rstrip("\n").split("\n")
        body.append(">>> " + src[0])
        body += ["... " + s for s in src[1:]]
        if ex.want:
            for w in ex.want[:-1].split("\n"):  # want ends with '\n' when not empty
                body.append(w.rstrip() if w.strip() else "<...>")
    for line in body:
        if style == "/**" and "*/" in line:
            raise RenderError(f"'*/' cannot appear inside a /** */ block: {line!r}")
    if style.startswith("//"):
        return [f"{style} {line}" for line in body]
    return ["/**", *body, "*/"]


def render_block(examples: Sequence[Example], style: str, indent: str, newline: str) -> str:
    """The comment text as inserted: indented lines, each ending with ``newline``."""
    return "".join(indent + line + newline for line in block_lines(examples, style))


def plan_edit(target: Located, block_text: str, *, replace_user_blocks: bool = False) -> TextEdit:
    """The edit that puts ``block_text`` directly above ``target``: it replaces a block we generated
    before (or, when allowed, a hand-written cdoctest block), else it is inserted.
    """
    block = target.block
    if block is not None and block.has_prompts and (block.generated or replace_user_blocks):
        return TextEdit(block.start_line - 1, 0, block.end_line, 0, block_text)
    line = target.start_line - 1
    return TextEdit(line, 0, line, 0, block_text)


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def apply_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """Apply non-overlapping edits (positions refer to ``text``); everything else is kept as is.

    >>> apply_edits("a\\nb\\n", [TextEdit(1, 0, 1, 0, "X\\n"), TextEdit(0, 0, 1, 0, "")])
    'X\\nb\\n'
    """
    starts = _offsets(text)

    def pos(line: int, char: int) -> int:
        if line >= len(starts):
            return len(text)
        return min(starts[line] + char, len(text))

    spans = sorted(
        (
            (pos(e.start_line, e.start_character), pos(e.end_line, e.end_character), e.new_text)
            for e in edits
        ),
        key=lambda s: (s[0], s[1]),
        reverse=True,
    )
    out = text
    last_start = len(text) + 1
    for start, end, new in spans:
        if end > last_start:
            raise ValueError("overlapping edits")
        out = out[:start] + new + out[end:]
        last_start = start
    return out


def shifted_line(edits: Sequence[TextEdit], edit: TextEdit) -> int:
    """0-based line where ``edit``'s new text starts once all ``edits`` are applied."""
    shift = 0
    for e in edits:
        if (e.start_line, e.start_character) < (edit.start_line, edit.start_character):
            shift += e.new_text.count("\n") - (e.end_line - e.start_line)
    return edit.start_line + shift
