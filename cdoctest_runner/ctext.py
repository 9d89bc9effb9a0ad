"""C/C++ text without a compiler: where the comments and the string/character literals are.

The one scanner of the project (the parser's comment finder, the runner's state checks, the REPL
input preparation, the generator's identifier scans all use it). Pure functions, no libclang:

- ``spans(source)``: ``(kind, start, end)`` of every comment (``'block'``, ``'line'``) and literal
  (``'string'``, ``'char'``), in order. Handles escapes (``"a\\"b"``), raw strings
  (``R"x(...)x"``, with ``u8``/``u``/``U``/``L`` prefixes), C++14 digit separators (``1'000``, not
  a character literal), ``//`` comments continued by a backslash-newline, and an unterminated
  ``/*`` (it runs to the end). An unterminated ``"``/``'`` literal ends at its line's end.
- ``blank(source)``: the same text, same length, with comments and literals turned into spaces
  (newlines kept, so offsets and line numbers still hold); ``keep_quotes=True`` keeps a literal's
  delimiting quotes (``extern "C"`` becomes ``extern " "``).
- ``code_chars(source)``: ``(index, char)`` of every character outside literals (comments count
  as code: ``strip_line_comment`` looks for ``//`` with it).
- ``identifiers(source)`` / ``map_identifiers(source, fn)``: identifier tokens outside comments
  and literals (not the ``e5`` of ``1e5`` nor the ``x1F`` of ``0x1F``).
- ``top_level_spans(code, sep)``: the pieces of a blanked text between separators outside
  brackets (statements at ``;``, arguments at ``,``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Literal

Kind = Literal["block", "line", "string", "char"]

_RAW_OPEN = re.compile(r'R"([^()\\\s]{0,16})\(')
#: Where something may start: a comment, a quote, a raw string's ``R"``. Plain code in between is
#: skipped by the regex engine, not character by character.
_START = re.compile(r'/[/*]|["\']|R"')
#: The body of a ``"``/``'`` literal up to its closing quote, a newline or the end; a backslash
#: escapes the next character (a backslash-newline continues the literal).
_BODY = {q: re.compile(rf"(?:[^{q}\\\n]|\\.)*", re.S) for q in "\"'"}
_NOT_NEWLINE = re.compile(r"[^\n]")
#: The one identifier pattern (a C/C++ name); ``IDENTIFIER_RE`` compiled.
IDENTIFIER = r"[A-Za-z_]\w*"
IDENTIFIER_RE = re.compile(IDENTIFIER)
_IDENT = re.compile(r"\b" + IDENTIFIER)


def spans(source: str) -> Iterator[tuple[Kind, int, int]]:
    """Yield ``(kind, start, end)`` for each comment and string/character literal (see module).

    >>> [(k, s) for k, s, e in spans('f("a//b", \\'"\\'); // c')]
    [('string', 2), ('char', 10), ('line', 16)]
    """
    n = len(source)
    found = _START.search(source)
    while found is not None:
        i = found.start()
        token = found.group()
        end = i + 1
        if token == "/*":
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2  # an unterminated comment runs to the end of the file
            yield "block", i, end
        elif token == "//":
            end = _line_comment_end(source, i + 2)
            yield "line", i, end
        elif token == 'R"':
            m = _RAW_OPEN.match(source, i) if _raw_prefix_ok(source, i) else None
            if m:
                close = source.find(")" + m.group(1) + '"', m.end())
                end = n if close < 0 else close + len(m.group(1)) + 2
                yield "string", i, end
            else:
                end = i + 1  # an identifier's R: the quote is looked at next
        elif token == "'" and i > 0 and _is_word(source[i - 1]) and _digit_separator(source, i):
            pass  # C++14 digit separator: 1'000'000
        else:
            # A starred pattern always matches (perhaps empty): never None.
            j = _BODY[token].match(source, i + 1).end()  # type: ignore[union-attr]
            end = j + 1 if j < n and source[j] == token else j  # unterminated: not the \n
            yield ("string" if token == '"' else "char"), i, end
        found = _START.search(source, end)


def _line_comment_end(source: str, i: int) -> int:
    """End of a ``//`` comment whose text starts at ``i``: the newline not escaped by ``\\``."""
    n = len(source)
    while True:
        nl = source.find("\n", i)
        if nl < 0:
            return n
        if source[nl - 1] == "\\" or source[nl - 2 : nl] == "\\\r":
            i = nl + 1
            continue
        return nl


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _raw_prefix_ok(source: str, i: int) -> bool:
    """``R"`` starts a raw string when ``R`` is no identifier's tail (``u8R``/``LR`` prefixes
    are).
    """
    return i == 0 or not _is_word(source[i - 1]) or source[i - 1] in "uUL8"


def _digit_separator(source: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and (source[j].isalnum() or source[j] in "_'"):
        j -= 1
    word = source[j + 1 : i]
    return bool(word) and word[0].isdigit()


def blank(source: str, keep_quotes: bool = False) -> str:
    """``source`` with comments and literals turned into spaces (same length, newlines kept).

    >>> blank('x = "a;b"; // c')
    'x =      ;     '
    >>> blank('extern "C" { }', keep_quotes=True)
    'extern " " { }'
    """
    out: list[str] = []
    last = 0
    for kind, start, end in spans(source):
        out.append(source[last:start])
        blanked = _NOT_NEWLINE.sub(" ", source[start:end])
        if keep_quotes and kind in ("string", "char") and end - start >= 2:
            quote = '"' if kind == "string" else "'"
            first = source.index(quote, start) - start  # after a raw string's R
            closed = source[end - 1] == quote
            blanked = (
                blanked[:first]
                + quote
                + blanked[first + 1 : -1]
                + (quote if closed else blanked[-1])
            )
        out.append(blanked)
        last = end
    out.append(source[last:])
    return "".join(out)


def top_level_spans(code: str, sep: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the pieces of ``code`` between the separator ``sep`` where no bracket
    is open, the last one after the last separator (empty if ``code`` ends with one). ``code``
    is a blanked text (``blank``), so a literal's ``;`` or ``(`` does not count.

    >>> top_level_spans("f(a, b), c", ",")
    [(0, 7), (8, 10)]
    >>> top_level_spans(blank('int x = f(";"); g(x);'), ";")
    [(0, 14), (15, 20), (21, 21)]
    """
    out, depth, start = [], 0, 0
    for i, ch in enumerate(code):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append((start, i))
            start = i + 1
    out.append((start, len(code)))
    return out


def code_chars(source: str) -> Iterator[tuple[int, str]]:
    """Yield ``(index, char)`` of the characters outside string and character literals.

    >>> "".join(ch for _, ch in code_chars('f("a;b"); g(\\'"\\')'))
    'f(); g()'
    """
    last = 0
    for kind, start, end in spans(source):
        if kind in ("string", "char"):
            yield from enumerate(source[last:start], last)
            last = end
    yield from enumerate(source[last:], last)


def identifiers(source: str) -> Iterator[re.Match[str]]:
    """The identifier tokens outside comments and literals (matches on the blanked text, so
    ``start()``/``end()`` are offsets into ``source``).

    >>> [m.group() for m in identifiers('printf("%d x", n1 + 0x1F); // y')]
    ['printf', 'n1']
    """
    return _IDENT.finditer(blank(source))


def map_identifiers(source: str, fn: Callable[[str], str]) -> str:
    """``source`` with each identifier outside comments and literals replaced by ``fn(name)``.

    >>> map_identifiers('int s = 1; printf("s=%d", s); // s', lambda n: n + "_2" if n == "s" else n)
    'int s_2 = 1; printf("s=%d", s_2); // s'
    """
    out: list[str] = []
    last = 0
    for m in identifiers(source):
        out.append(source[last : m.start()])
        out.append(fn(m.group()))
        last = m.end()
    out.append(source[last:])
    return "".join(out)


def strlen(literal: str) -> int:
    r"""The length of a C string literal's text.

    >>> strlen('"a\\tb"')
    3
    """
    return len(literal[1:-1].encode().decode("unicode_escape"))
