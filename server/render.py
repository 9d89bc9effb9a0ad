"""Render: turn kept examples into a cdoctest comment and place it above the function.

The block is written in the file's existing cdoctest comment style (``///`` when its blocks use
that, else ``/** */``), indented like the function, with the file's line ending. It holds the
examples and nothing else: which blocks are the tool's is recorded outside the comment
(``server.ownership``), and a block that is not (``CommentBlock.generated`` false: written or
edited by the user) is replaced only when asked. Output lines are written as recorded; an empty
output line becomes ``<...>``. When the function already has a documentation comment of the
user's, no second comment is added: ``plan_block`` writes the examples into that comment as its
last section (``doc_section``), in the comment's own decoration, and a later run replaces those
examples only (``server.ownership.examples_span``).

Edits are ``TextEdit``s on 0-based lines; ``apply_edits`` applies them to the text and leaves every
other character as it was (line endings, encoding, trailing newline). File I/O keeps bytes:
``read_text``/``write_text_atomic`` decode and encode with the same codec (UTF-8, with invalid bytes
kept through ``surrogateescape``) and write through a temporary file and ``os.replace``.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from cdoctest_runner import ctext
from cdoctest_runner.example import Example
from cdoctest_runner.files import write_atomic
from server.analysis.locate import CommentBlock, Located, SourceFile, strip_decoration
from server.api import FunctionResult, TextEdit
from server.ownership import examples_span

#: Documentation comment styles: examples go into these, the user's text is kept.
DOC_STYLES = ("/**", "/*!", "///", "//!")
ENCODING = "utf-8"
ERRORS = "surrogateescape"


class RenderError(Exception):
    """An example cannot be written into a comment (it would not read back the same)."""


def read_text(path: str) -> str:
    """The file's text, decoded so that ``write_text_atomic`` gives back the same bytes."""
    with open(path, "rb") as fh:
        return fh.read().decode(ENCODING, errors=ERRORS)


def write_text_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` atomically, in the file's codec, keeping its permission bits
    (``cdoctest_runner.files.write_atomic``).
    """
    write_atomic(
        path, text.encode(ENCODING, errors=ERRORS), keep_mode=True, prefix=".cdoctest-gen."
    )


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


def checks_output(examples: Sequence[Example]) -> bool:
    """Whether a block checks anything: at least one example expects some output.

    >>> from cdoctest_runner.example import Example as E
    >>> checks_output([E('char s[] = "hi";'), E("f(s)", "2")]), checks_output([E("g();")])
    (True, False)
    """
    return any(ex.want for ex in examples)


def _example_lines(examples: Sequence[Example], style: str) -> list[str]:
    """Each example's prompt lines and output lines (undecorated)."""
    if not checks_output(examples):
        raise RenderError("no observable effect: no example prints anything to check")
    body: list[str] = []
    for ex in examples:
        src = ex.source.rstrip("\n").split("\n")
        body.append(">>> " + src[0])
        body += ["... " + s for s in src[1:]]
        if ex.want:
            for w in ex.want[:-1].split("\n"):  # want ends with '\n' when not empty
                body.append(w.rstrip() if w.strip() else "<...>")
    for line in body:
        if style.startswith("/*") and "*/" in line:
            raise RenderError(f"'*/' cannot appear inside a {style} */ block: {line!r}")
    return body


def block_lines(examples: Sequence[Example], style: str = "/**") -> list[str]:
    """The comment's lines (no indentation, no line endings).

    >>> from cdoctest_runner.example import Example as E
    >>> block_lines([E("fac(5)", "120"), E("int x = 1;"), E("puts(\\"\\");", "\\n")])
    ['/**', '>>> fac(5)', '120', '>>> int x = 1;', '>>> puts("");', '<...>', '*/']
    >>> block_lines([E("f()", "1")], "///")
    ['/// >>> f()', '/// 1']
    """
    body = _example_lines(examples, style)
    if style.startswith("//"):
        return [f"{style} {line}" for line in body]
    return ["/**", *body, "*/"]


def render_block(examples: Sequence[Example], style: str, indent: str, newline: str) -> str:
    """The comment text as inserted: indented lines, each ending with ``newline``."""
    return "".join(indent + line + newline for line in block_lines(examples, style))


def plan_edit(target: Located, block_text: str, *, replace_user_blocks: bool = False) -> TextEdit:
    """The edit that puts ``block_text`` directly above ``target``: it replaces the block there
    when it is the tool's (or, when allowed, the user's), else it is inserted.
    """
    block = target.block
    if block is not None and block.has_prompts and (block.generated or replace_user_blocks):
        return TextEdit(block.start_line - 1, 0, block.end_line, 0, block_text)
    line = target.start_line - 1
    return TextEdit(line, 0, line, 0, block_text)


def plan_block(
    target: Located,
    examples: Sequence[Example],
    style: str,
    newline: str,
    *,
    replace_user_blocks: bool = False,
) -> tuple[str, TextEdit]:
    """The text to write for ``examples`` and the edit that puts it in place.

    When the function already has a documentation comment (``/** */``, ``/*! */``, ``///``,
    ``//!``) of the user's, the examples go *into* it as a section of their own (``doc_section``);
    otherwise a new block is rendered in ``style`` and placed by ``plan_edit``.
    """
    if target.aliases:  # call functions by the names the file shows, not the macros' expansions
        examples = [shown_names(e, target.aliases) for e in examples]
    block = target.block
    if block is not None and block.style in DOC_STYLES and _is_user_doc(block):
        return doc_section(block, examples, newline)
    text = render_block(examples, style, target.indent, newline)
    return text, plan_edit(target, text, replace_user_blocks=replace_user_blocks)


def shown_names(example: Example, aliases: dict[str, str]) -> Example:
    """``example`` with compiled names written as the file shows them (``aliases``).

    >>> shown_names(Example("z_compress2(1, 2)", "3"), {"z_compress2": "compress2"}).source
    'compress2(1, 2)\\n'
    """
    source = ctext.map_identifiers(example.source, lambda n: aliases.get(n, n))
    return dataclasses.replace(example, source=source)


def _is_user_doc(block: CommentBlock) -> bool:
    """A comment with the user's text in it: no prompts at all, or text beside its examples
    (``examples_span``), which then make a section of their own.
    """
    lines = block.text.split("\n")[:-1]
    span = examples_span(lines)
    if span is None:
        return not block.has_prompts
    first, end = span
    if first == 0 and block.style.startswith("/*"):
        return False  # examples on the opening line: no section of their own
    return any(strip_decoration(ln) for i, ln in enumerate(lines) if not first <= i < end)


def examples_lines(block: CommentBlock) -> tuple[int, int]:
    """The 0-based lines ``[start, end)`` of the file that a new block for the function below
    ``block`` replaces: the examples of a documentation comment that holds the user's text too
    (``doc_section``), else the whole comment.
    """
    if block.style in DOC_STYLES and _is_user_doc(block):
        span = examples_span(block.text.split("\n")[:-1])
        if span is not None:
            return block.start_line - 1 + span[0], block.start_line - 1 + span[1]
    return block.start_line - 1, block.end_line


def _decoration(lines: Sequence[str], style: str) -> tuple[str, str, str]:
    """``(prefix, blank line, closing line)`` in the comment's own decoration."""
    first = lines[0]
    indent = first[: len(first) - len(first.lstrip())]
    if not style.startswith("/*"):
        texts = [ln for ln in lines if ln.strip()[3:].strip()]
        sample = texts[0] if texts else first
        lead = sample[: len(sample) - len(sample.lstrip())]
        rest = sample.lstrip()[3:]
        gap = rest[: len(rest) - len(rest.lstrip())] or " "
        return lead + style + gap, lead + style, ""
    inner = [ln for ln in lines[1:] if ln.strip() and not ln.strip().startswith("*/")]
    if not inner or all(ln.lstrip().startswith("*") for ln in inner):
        texts = [ln for ln in inner if ln.lstrip()[1:].strip()]
        if texts:
            lead = texts[0][: len(texts[0]) - len(texts[0].lstrip())]
            rest = texts[0].lstrip()[1:]
            gap = rest[: len(rest) - len(rest.lstrip())] or " "
        else:
            lead = inner[0][: len(inner[0]) - len(inner[0].lstrip())] if inner else indent + " "
            gap = " "
        return lead + "*" + gap, lead + "*", lead + "*/"
    lead = inner[0][: len(inner[0]) - len(inner[0].lstrip())]
    return lead, "", indent + "*/"


def doc_section(
    block: CommentBlock, examples: Sequence[Example], newline: str
) -> tuple[str, TextEdit]:
    """Put ``examples`` into the user's doc comment ``block`` as its last section.

    The section is the examples, in the comment's own decoration (`` * `` prefixes, ``///``),
    after a blank decorated line. Regenerating replaces the section only: the comment's examples
    (``examples_span``: from the first prompt, or the ``cdoctest-gen:`` line older versions wrote
    above it, up to the next blank line or the end of the comment).
    Every line of the user's is kept byte for byte; only a closing ``*/`` that shares its line
    with text moves to a line of its own. Returns ``(section text, edit)``.
    """
    lines = block.text.split("\n")[:-1]
    top = block.start_line - 1  # 0-based line of the comment's first line
    is_block = block.style.startswith("/*")
    prefix, blank, closing = _decoration(lines, block.style)
    body = _example_lines(examples, block.style)
    section = "".join(prefix + line + newline for line in body)
    span = examples_span(lines)
    if span is not None:
        return section, TextEdit(top + span[0], 0, top + span[1], 0, section)
    last = lines[-1]
    if not is_block:
        sep = blank + newline if strip_decoration(last) else ""
        at = top + len(lines)
        return section, TextEdit(at, 0, at, 0, sep + section)
    if last.strip() == "*/" and len(lines) > 1:
        sep = blank + newline if strip_decoration(lines[-2]) else ""
        at = top + len(lines) - 1
        return section, TextEdit(at, 0, at, 0, sep + section)
    head = last[: last.rindex("*/")].rstrip()
    sep = blank + newline if strip_decoration(head) else ""
    new = head + newline + sep + section + closing + newline
    at = top + len(lines) - 1
    return section, TextEdit(at, 0, at + 1, 0, new)


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def apply_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """Apply non-overlapping edits (positions refer to ``text``); everything else is kept as is.

    The project's one edit applier (the generator and the language server use it). Positions
    are 0-based lines and code-point columns; as in LSP, a column past a line's end means the
    line's end and a line past the last means the end of the text. ``ValueError`` on overlap.

    >>> apply_edits("a\\nb\\n", [TextEdit(1, 0, 1, 0, "X\\n"), TextEdit(0, 0, 1, 0, "")])
    'X\\nb\\n'
    >>> apply_edits("ab\\ncd", [TextEdit(0, 9, 0, 9, "!"), TextEdit(5, 0, 5, 0, "?")])
    'ab!\\ncd?'
    """
    starts = _offsets(text)

    def pos(line: int, char: int) -> int:
        if line >= len(starts):
            return len(text)
        end = starts[line + 1] - 1 if line + 1 < len(starts) else len(text)  # before its \\n
        return min(starts[line] + char, end)

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


@dataclass(frozen=True)
class Plan:
    """One function's outcome and its edit, before and through the final re-run (which returns
    new plans: ``server.judge.final_check``).
    """

    target: Located
    result: FunctionResult
    edit: TextEdit | None = None
    style: str = "/**"
    newline: str = "\n"


def unified_diff(old: str, new: str, name: str) -> str:
    """A unified diff of two texts (``a/NAME`` -> ``b/NAME``); '' when equal."""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{name}", f"b/{name}"
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )
