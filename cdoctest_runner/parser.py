"""Comment text -> ``Example`` objects: the cdoctest format, as a pure function (no clang).

Two entry points, after ``doctest.DocTestParser``:

- ``parse_examples(text, lineno=0)`` reads *undecorated* block text (what a model writes, or the
  inside of a comment with its decoration already removed).
- ``find_comments(source)`` finds the ``/** */``, ``/*! */``, ``/* */`` comments and the ``///`` /
  ``//!`` runs of a C/C++ file (string and character literals are skipped), and
  ``parse_comment(comment)`` removes a comment's decoration and parses it.

The format (``docs/format.md``; compatible with the original ``cdoctest`` tool): a line whose first
non-blank text is ``>>> `` or ``clang-repl> `` starts an example; ``... `` / ``clang-repl... ``
lines continue it. The lines after the prompt lines, up to the next prompt, a blank line or the end
of the comment, are the expected output, with indentation stripped up to the prompt's column. A line
that is exactly ``<...>`` stands for an intended empty output line. A first example that is only a
``//`` comment (``>>> // first``) names the block (``comment_label``) and is not run. A trailing
``// cdoctest: +ELLIPSIS`` (or ``+NORMALIZE_WHITESPACE``) on a prompt line sets that example's
options.

The parser is lenient: malformed text gives fewer examples, never an exception other than
``DocTestSyntaxError`` (which it currently has no reason to raise). ``lint_comment`` reports the
likely mistakes (``>>>x`` without its space, under-indented output) as ``DocTestSyntaxError``
objects for editors and ``cdoctest-run -v``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cdoctest_runner import ctext
from cdoctest_runner.errors import DocTestSyntaxError
from cdoctest_runner.example import Example

#: Prompts that start an example, and that continue one (longest first, so ``clang-repl... `` is not
#: mistaken for something shorter).
START_PROMPTS = ("clang-repl> ", ">>> ")
CONT_PROMPTS = ("clang-repl... ", "... ")
#: A want line that is exactly this stands for an empty output line (doctest's ``<BLANKLINE>``).
BLANK_MARKER = "<...>"
#: Option names an example may switch on with ``// cdoctest: +NAME``.
KNOWN_OPTIONS = frozenset({"ELLIPSIS", "NORMALIZE_WHITESPACE"})

_OPTION_RE = re.compile(r"//\s*(?:cdoctest|doctest)\s*:\s*([+\w ,\t-]*)\s*$")


@dataclass(frozen=True)
class Comment:
    """One comment (or one run of ``///``/``//!`` line comments) of a C/C++ source.

    ``text`` is the raw comment text, from its opening ``/*``/``//`` to its end (runs joined with
    ``\\n``, each line from its ``//``). ``line``/``column`` are 1-based (like libclang) and point
    at the opening characters; ``end_line``/``end_column`` at the last character (inclusive).
    ``start``/``end`` are offsets into the source (``source[start:end] == text`` for block
    comments). ``column`` is also the indentation of the comment's first line, which the parser
    needs to strip indentation from its other lines.
    """

    text: str
    style: str  # '/**' | '/*!' | '/*' | '///' | '//!'
    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int

    @property
    def is_block(self) -> bool:
        """``/* */`` (not a run of ``///`` lines)."""
        return self.style.startswith("/*")


# --------------------------------------------------------------------------------------------
# Undecorated text -> Examples


def _match_prompt(stripped: str, prompts: tuple[str, ...]) -> str | None:
    for prompt in prompts:
        if stripped.startswith(prompt):
            return prompt
    return None


def _options(source_line: str) -> frozenset[str]:
    """``+ELLIPSIS`` style options from a trailing ``// cdoctest: ...`` comment (unknown names
    ignored).
    """
    match = _OPTION_RE.search(source_line)
    if not match:
        return frozenset()
    names = set()
    for word in re.split(r"[\s,]+", match.group(1)):
        if word.startswith("+") and word[1:].upper() in KNOWN_OPTIONS:
            names.add(word[1:].upper())
    return frozenset(names)


def _strip_indent(line: str, indent: int) -> str:
    """Remove up to ``indent`` leading blanks (spaces or tabs), as the original tool does."""
    i = 0
    while i < indent and i < len(line) and line[i] in " \t":
        i += 1
    return line[i:]


def _examples_from_lines(lines: list[tuple[int, int, str]]) -> list[Example]:
    """Parse ``(lineno, column_offset, content)`` triples into examples.

    ``column_offset`` is added to a prompt's position within ``content`` to give ``Example.indent``
    (the prompt's 0-based column in the original line).
    """
    examples: list[Example] = []
    source: list[str] = []
    want: list[str] = []
    options: set[str] = set()
    start = 0
    indent = 0
    column = 0
    in_output = False  # a want line was seen for the current example
    active = False  # an example is being collected (False after a blank line ended it)

    def flush() -> None:
        nonlocal source, want, options, active, in_output
        if source and any(s.strip() for s in source):
            examples.append(
                Example(
                    source="\n".join(source) + "\n",
                    want="".join(w + "\n" for w in want),
                    lineno=start,
                    indent=column,
                    options=frozenset(options),
                )
            )
        source, want, options = [], [], set()
        active = in_output = False

    for lineno, offset, content in lines:
        stripped = content.strip()
        lead = len(content) - len(content.lstrip())
        start_prompt = _match_prompt(stripped, START_PROMPTS)
        cont_prompt = None if start_prompt else _match_prompt(stripped, CONT_PROMPTS)
        if start_prompt or (cont_prompt and (not active or in_output)):
            # A new example; a continuation after output (or with nothing to continue) starts one
            # too, which gives the same outcome as the original tool sending every prompt line on
            # its own.
            flush()
            prompt = start_prompt or cont_prompt
            assert prompt is not None
            body = stripped[len(prompt) :]
            source = [body]
            options = set(_options(body))
            start, indent, column = lineno, lead, lead + offset
            active = True
        elif cont_prompt:
            body = stripped[len(cont_prompt) :]
            source.append(body)
            options |= _options(body)
        elif not active:
            continue  # prose between examples, or after a blank line
        elif stripped == "":
            flush()  # a blank line ends the example's output
        else:
            in_output = True
            want.append("" if stripped == BLANK_MARKER else _strip_indent(content.rstrip(), indent))
    flush()
    return examples


def parse_examples(text: str, lineno: int = 0) -> list[Example]:
    """Parse undecorated block text into examples; ``lineno`` is added to each example's line.

    >>> text = ">>> add(1, 2)\\n3\\n>>> add(0, 0)\\n0\\n"
    >>> [(e.source, e.want, e.lineno) for e in parse_examples(text)]
    [('add(1, 2)\\n', '3\\n', 0), ('add(0, 0)\\n', '0\\n', 2)]
    """
    lines = [(lineno + i, 0, line) for i, line in enumerate(text.replace("\r\n", "\n").split("\n"))]
    return _examples_from_lines(lines)


def is_label(example: Example) -> bool:
    """True for an example whose source is only ``//`` comment lines (and that expects nothing)."""
    lines = [s.strip() for s in example.source.split("\n") if s.strip()]
    return not example.want and bool(lines) and all(s.startswith("//") for s in lines)


def label_of(example: Example) -> str:
    """The ``:name`` suffix a ``>>> // first words`` example gives its block: ``'first_words'``."""
    first = example.source.strip().split("\n")[0].strip()
    return first[2:].strip().replace(" ", "_").replace("\t", "_")


# --------------------------------------------------------------------------------------------
# Comments in C/C++ source


_LINE_DOC = ("///", "//!")


def _line_col(source: str, offset: int, line_starts: list[int]) -> tuple[int, int]:
    """1-based (line, column) of ``offset``."""
    lo, hi = 0, len(line_starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if line_starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1, offset - line_starts[lo] + 1


def find_comments(source: str) -> list[Comment]:
    """Every block comment and every run of adjacent ``///``/``//!`` line comments, in order.

    Plain ``//`` comments are not returned (they never hold cdoctest blocks). A run is made of
    line comments of the same style, each alone on its line, on consecutive lines.
    """
    line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
    out: list[Comment] = []
    run: list[tuple[int, int]] = []
    run_style = ""

    def close_run() -> None:
        nonlocal run
        if run:
            start, end = run[0][0], run[-1][1]
            text = "\n".join(source[s:e].rstrip("\r") for s, e in run)
            line, col = _line_col(source, start, line_starts)
            end_line, end_col = _line_col(source, max(start, end - 1), line_starts)
            out.append(Comment(text, run_style, line, col, end_line, end_col, start, end))
        run = []

    for kind, start, end in ctext.spans(source):
        if kind in ("string", "char"):
            continue
        text = source[start:end]
        if kind == "block":
            close_run()
            style = (
                "/**"
                if text.startswith("/**") and not text.startswith("/**/")
                else "/*!"
                if text.startswith("/*!")
                else "/*"
            )
            line, col = _line_col(source, start, line_starts)
            end_line, end_col = _line_col(source, max(start, end - 1), line_starts)
            out.append(Comment(text, style, line, col, end_line, end_col, start, end))
            continue
        style = text[:3]
        if style not in _LINE_DOC or text.startswith("////"):
            close_run()
            continue
        line, _ = _line_col(source, start, line_starts)
        own_line = source[line_starts[line - 1] : start].strip() == ""
        if run and style == run_style and own_line:
            prev_line, _ = _line_col(source, run[-1][0], line_starts)
            prev_end_line, _ = _line_col(source, max(run[-1][0], run[-1][1] - 1), line_starts)
            if line == prev_end_line + 1 or line == prev_line + 1:
                run.append((start, end))
                continue
        close_run()
        if own_line:
            run, run_style = [(start, end)], style
    close_run()
    return out


def _decorated_lines(comment: Comment) -> list[tuple[int, int, str]]:
    """``(lineno, column_offset, content)`` of a comment with its decoration removed.

    Block comments lose ``/**``, ``*/`` and, when every inner line starts with ``*``, that leading
    ``*``; ``///`` runs lose the ``///`` of each line. Line 0 is the comment's first line. The
    column offset maps a position in ``content`` back to the 0-based column in the file.
    """
    text = comment.text.replace("\r\n", "\n")
    out: list[tuple[int, int, str]] = []
    if not comment.is_block:
        for i, line in enumerate(text.split("\n")):
            lead = len(line) - len(line.lstrip())
            out.append((i, comment.column - 1 + lead + 3, line.lstrip()[3:]))
        return out
    opener = len(comment.style)
    body = text[opener:]
    if text.endswith("*/") and len(text) >= opener + 2:
        body = body[:-2]
    lines = body.split("\n")
    offsets = [comment.column - 1 + opener] + [0] * (len(lines) - 1)
    # '*' decoration: every inner line (not the first) that has text starts with '*'.
    inner = [ln for ln in lines[1:] if ln.strip()]
    starred = bool(inner) and all(ln.lstrip().startswith("*") for ln in inner)
    for i, line in enumerate(lines):
        offset = offsets[i]
        if starred and i > 0 and line.lstrip().startswith("*"):
            cut = len(line) - len(line.lstrip()) + 1
            line, offset = line[cut:], offset + cut
        out.append((i, offset, line))
    return out


def parse_comment(comment: Comment) -> list[Example]:
    """The examples of one comment (decoration removed), the ``// name`` label example included.

    ``Example.lineno`` is 0-based within the comment; ``Example.indent`` is the prompt's 0-based
    column in the file. A comment without prompts gives ``[]`` (it is not a test).
    """
    if (
        ">>>" not in comment.text
        and "clang-repl" not in comment.text
        and "... " not in comment.text
    ):
        return []
    return _examples_from_lines(_decorated_lines(comment))


def split_label(examples: list[Example]) -> tuple[str | None, list[Example]]:
    """Separate a leading ``>>> // name`` example: ``(label or None, the examples to run)``."""
    if examples and is_label(examples[0]):
        return label_of(examples[0]), examples[1:]
    return None, examples


_NEAR_PROMPT = re.compile(r"^(>>>|clang-repl>|clang-repl\.\.\.)(?=\S)")


def lint_comment(comment: Comment, path: str = "<text>") -> list[DocTestSyntaxError]:
    """Likely mistakes in a block, as ``DocTestSyntaxError`` objects (returned, not raised).

    For editor diagnostics and ``cdoctest-run -v``; ``line`` is 1-based in the file. Found:

    - a prompt without its space (``>>>fac(5)`` is expected output, not code);
    - an expected-output line indented less than its prompt (its indentation is kept as text);
    - a ``... `` continuation before any prompt.
    """
    out: list[DocTestSyntaxError] = []
    if ">>>" not in comment.text and "clang-repl" not in comment.text:
        return out
    prompt_indent: int | None = None
    for lineno, _, content in _decorated_lines(comment):
        stripped = content.strip()
        lead = len(content) - len(content.lstrip())
        line = comment.line + lineno
        if _match_prompt(stripped, START_PROMPTS):
            prompt_indent = lead
        elif _match_prompt(stripped, CONT_PROMPTS):
            if prompt_indent is None:
                out.append(
                    DocTestSyntaxError(
                        path, line, f"continuation line before any prompt: {stripped!r}"
                    )
                )
        elif near := _NEAR_PROMPT.match(stripped):
            prompt = near.group(1)
            out.append(
                DocTestSyntaxError(
                    path,
                    line,
                    f"missing space after {prompt!r}; the line is read as expected output: "
                    f"{stripped!r}",
                )
            )
        elif not stripped:
            prompt_indent = None  # a blank line ends the example; what follows is prose
        elif prompt_indent is not None and lead < prompt_indent and stripped != BLANK_MARKER:
            out.append(
                DocTestSyntaxError(
                    path, line, f"output line has inconsistent indentation: {content.rstrip()!r}"
                )
            )
    return out
