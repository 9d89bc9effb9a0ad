"""Inputs in a text parameter's language (``server.analysis.languages``): small valid inputs a
reader recognises (*seeds*: ``{"a": 1}``, ``/a/b``, ``<a>x</a>``, ``a*b``, ``%d``), edits that
follow the language's grammar, and tokens of AFL++'s dictionary for it
(``server.search.dictionaries``).

Edits (``grammar_edits``), in the order a round takes them: ``unterminated`` (the last closing
character dropped, the last closing tag cut, an opening one never closed: ``{"a": 1``,
``<a>x``, ``[1, 2][``), ``truncate`` (cut right after a structural character, longest first:
``{"a":``), ``trailing`` (a special character appended: ``[1, 2],``, ``a*b\\``), ``duplicate`` and
``remove`` (one element between separators twice or dropped: ``[1, 2, 2]``, ``/a/a/b``, ``[2]``),
``case`` (letters' case swapped: ``TRUE``), ``utf8`` (the last ASCII letter replaced by the
two-byte ``é``).

``language_values(language, limit)`` gives C string literals: the first seeds, then edits of the
first seeds, the other seeds and dictionary tokens (alone and in the language's slot:
``[true]``, ``<a>&lt;</a>``, ``ftp://h/``) in turns, at most ``limit``; ``subject_pairs`` gives
a pattern with texts it matches and misses (``"a*b"`` with ``"axyb"``, ``"abx"``), for a
matcher's other text (``subjects_of``: those of one pattern, for the matcher of a compiled
one); ``length_pairs`` a text with its length in bytes and, for one with a multi-byte
character, a length that splits that character.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cdoctest_runner.ctext import strlen
from server.analysis.kinds import Param, ParamKind  # noqa: F401 (doctests)
from server.analysis.languages import InputLanguage, LanguageFact, parameter_languages
from server.search.dictionaries import tokens
from server.search.shapes import CallShape

__all__ = [
    "GRAMMARS",
    "Grammar",
    "c_literal",
    "grammar_edits",
    "language_pairs",
    "language_texts",
    "language_values",
    "length_pairs",
    "shape_languages",
    "subject_pairs",
    "subjects_of",
]

T = TypeVar("T")

MAX_VALUES = 16  # a parameter's values in its language, in the search's pool
DICTIONARY_TOKENS = 4  # tokens of the dictionary among them (spread over the file)
EDITED_SEEDS = 3  # the seeds whose edits are taken


@dataclass(frozen=True)
class Grammar:
    """What the edits need of a language: its seeds (ordinary first), the characters where a
    truncation cuts, the element separator, the characters that close and open a construct,
    the special characters appended, the AFL++ dictionary and the slot a token goes in.
    """

    seeds: tuple[str, ...]
    structural: str = ""
    separator: str = ""
    closers: str = ""
    openers: str = ""
    trailing: str = ""
    dictionary: str = ""
    slot: str = "{}"
    subjects: tuple[tuple[str, ...], ...] = ()  # per seed: texts it matches, then misses
    lead: str | None = None  # after which a list's first element starts (None: ``openers``)


L = InputLanguage
_MARKUP = '<>/="&;'  # where markup is cut
GRAMMARS: dict[InputLanguage, Grammar] = {
    L.REGEX: Grammar(
        ("a*b", "^ab$", "a.c", "[a-c]+", "(ab|cd)", "a?b", "a\\.b", "^$", ".*", "a+", "[^a]"),
        structural="()[]|*+?{}^$.\\",
        separator="|",
        closers=")]}",
        openers="([{",
        trailing="\\([",
        dictionary="regexp",
        slot="a{}",
        subjects=(
            ("aab", "b", "ac"),
            ("ab", "xab", "abx"),
            ("abc", "a.c", "ac"),
            ("abc", "d", ""),
            ("cd", "ad"),
            ("ab", "b", "cb"),
            ("a.b", "axb"),
            ("", "a"),
            ("abc", ""),
            ("aaa", "b", ""),
            ("b", "a"),
        ),
    ),
    L.GLOB: Grammar(
        ("a*b", "a?c", "[ab]c", "*", "*.c", "[a-c]x", "[!a]b", "a\\*b", "", "é*"),
        structural="*?[]!-\\",
        closers="]",
        openers="[",
        trailing="\\[*",
        subjects=(
            ("ab", "axyb", "abx", "b"),
            ("abc", "ac", "abbc"),
            ("bc", "cc", "c"),
            ("", "abc"),
            ("x.c", "x.h", ".c"),
            ("bx", "dx", "-x"),
            ("bb", "ab"),
            ("a*b", "axb"),
            ("", "a"),
            ("éa", "ea"),
        ),
    ),
    L.JSON: Grammar(
        (
            '{"a": 1}',
            "[1, 2]",
            '"s"',
            "true",
            "null",
            "-1.5e3",
            '{"a": [1, {"b": null}]}',
            "[]",
            "{}",
            '["é"]',
            '"a\\"b"',
        ),
        structural='{}[],:"',
        separator=",",
        closers=']}"',
        openers='[{"',
        trailing=",:",
        dictionary="json",
        slot="[{}]",
    ),
    L.JSON_POINTER: Grammar(
        ("/a", "", "/a/b", "/0", "/", "/a~1b", "/m~0n", "/a/0/b", "/é", "/-"),
        structural="/~",
        separator="/",
        trailing="/~",
    ),
    L.XML: Grammar(
        (
            "<a>x</a>",
            "<a/>",
            '<a b="1">x</a>',
            '<?xml version="1.0"?><a/>',
            "<a><b>x</b></a>",
            "<!-- c --><a/>",
            "<a>&lt;&amp;</a>",
            "<![CDATA[x]]>",
            "<a>é</a>",
        ),
        trailing="<&",
        dictionary="xml",
        slot="<a>{}</a>",
        structural=_MARKUP,
        separator="<",
        closers=">",
        openers="<",
    ),
    L.HTML: Grammar(
        (
            "<p>x</p>",
            "<br>",
            '<a href="x">y</a>',
            "<b><i>x</i></b>",
            "&amp;",
            "<!DOCTYPE html><p>x",
            "<p>a<br>b</p>",
            "<p>é</p>",
        ),
        trailing="<&",
        dictionary="html_tags",
        slot="{}x",
        structural=_MARKUP,
        separator="<",
        closers=">",
        openers="<",
    ),
    L.URL: Grammar(
        (
            "http://example.com/a?b=1&c=2",
            "https://user:pw@host:8080/p#f",
            "http://host",
            "ftp://h/x",
            "/a/b?x=1&y=2",
            "mailto:a@b.c",
            "http://[::1]:80/",
            "http://h/a%20b",
            "http://h/é",
        ),
        structural=":/?#&=@%",
        separator="&",
        closers="]",
        openers="[",
        trailing="/?#%",
        dictionary="url",
        slot="{}://h/",
        lead="?",
    ),
    L.PATH: Grammar(
        ("/a/b", "a/b/c.txt", "/", "../a", "./a/", "a//b", "/a/b/", "a.tar.gz", "C:\\a\\b"),
        structural="/.\\",
        separator="/",
        trailing="/.",
    ),
    L.FORMAT: Grammar(
        ("%d", "%s", "x=%5.2f", "%%", "%-3i|", "%u", "%x", "%c", "%", "%ld", "a%"),
        structural="%.-",
        separator="%",
        trailing="%",
    ),
    L.INI: Grammar(
        ("key=value", "[s]\nk=v\n", "; c\nk = v", "k=", "=v", "a=b=c", "# c", "[s]", 'k = "v"'),
        structural="=[];#\n",
        separator="\n",
        closers="]",
        openers="[",
        trailing="=[",
    ),
    L.CSV: Grammar(
        ("a,b,c", '"a,b",c', "a,,c", "1,2\n3,4", '"a""b"', ",", "a,b,", "é,b"),
        structural=',"\n',
        separator=",",
        closers='"',
        openers='"',
        trailing=',"',
    ),
    L.HEADER: Grammar(
        ("Host: example.com", "Content-Length: 0", "X-A: b", "Name:value", ": v", "K: v\r\nL: w"),
        structural=":\r\n ",
        separator="\n",
        trailing=":\r",
        dictionary="http",
        slot="{}: v",
    ),
    L.NUMBER: Grammar(
        ("42", "-7", "0", "3.25", "1e3", "+5", "0x1F", " 12", "12a", "2147483648", "-2147483649"),
        structural=".eE+-x",
        trailing=".e-",
    ),
    L.IDENTIFIER: Grammar(
        ("abc_def", "a", "_x1", "A1", "1a", "a-b", "_", "é", "if"),
        structural="_",
        trailing="-_",
    ),
}

_UTF8 = "é"  # two bytes in UTF-8: a length can split it
EDIT_KINDS = ("unterminated", "truncate", "trailing", "duplicate", "remove", "case", "utf8")


def c_literal(text: str | bytes) -> str:
    r"""``text`` as a C string literal: ``\\``, ``"`` and control characters escaped, other
    bytes above 126 as ``\xNN`` (UTF-8 for a ``str``); a hex escape followed by a hex digit is
    closed by splitting the literal.

    >>> c_literal('{"a": 1}'), c_literal("é1"), c_literal(b"\x00a\n")
    ('"{\\"a\\": 1}"', '"\\xc3\\xa9" "1"', '"\\x00" "a\\n"')
    """
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    named = {0x5C: "\\\\", 0x22: '\\"', 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t"}
    out: list[str] = []
    hexed = False
    for b in data:
        ch = chr(b)
        if hexed and ch in "0123456789abcdefABCDEF":
            out.append('" "')
        hexed = False
        if b in named:
            out.append(named[b])
        elif 32 <= b < 127:
            out.append(ch)
        else:
            out.append(f"\\x{b:02x}")
            hexed = True
    return '"' + "".join(out) + '"'


def _segments(g: Grammar, text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each element: from a separator to the next one (or to the first
    closer after it, or the end); the first element from after the nearest ``lead`` character
    before the first separator (an opener: ``[`` of ``{"a": [1, 2]}``; else the text's start)
    to that separator, its separator and spaces included.
    """
    sep = g.separator
    at = [k for k in range(len(text)) if sep and text.startswith(sep, k)]
    if not at:
        return []
    out = []
    leads = g.openers if g.lead is None else g.lead
    lead = max((k + 1 for k in range(at[0]) if text[k] in leads), default=0)
    if at[0] > lead:
        end = at[0] + len(sep)
        while end < len(text) and text[end] == " ":
            end += 1
        out.append((lead, end))
    for a, b in itertools.zip_longest(at, at[1:]):
        if b is None:
            stops = [k for k in range(a + len(sep), len(text)) if text[k] in g.closers]
            b = stops[0] if stops else len(text)
        out.append((a, b))
    return out


def grammar_edits(g: Grammar, text: str) -> list[tuple[str, str]]:
    """``(kind, new text)`` of ``text`` in the order of ``EDIT_KINDS`` (module docstring),
    without repeats and without ``text`` itself.

    >>> json = GRAMMARS[InputLanguage.JSON]
    >>> [t for k, t in grammar_edits(json, "[1, 2]") if k in ("unterminated", "duplicate")]
    ['[1, 2', '[1, 2][', '[1, 1, 2]', '[1, 2, 2]']
    >>> [t for k, t in grammar_edits(json, "[1, 2]") if k in ("remove", "trailing")]
    ['[1, 2],', '[1, 2]:', '[2]', '[1]']
    >>> [t for k, t in grammar_edits(GRAMMARS[InputLanguage.XML], "<a>x</a>")][:3]
    ['<a>x</a', '<a>x', '<a>x</a><']
    >>> [t for k, t in grammar_edits(GRAMMARS[InputLanguage.PATH], "/a/b") if k == "utf8"]
    ['/a/é']
    """
    out: dict[str, str] = {}

    def add(kind: str, new: str) -> None:
        if new != text and new not in out:
            out[new] = kind

    if text and text[-1] in g.closers:
        add("unterminated", text[:-1])
    if "</" in text and g.separator == "<":
        add("unterminated", text[: text.rfind("</")])
    if g.openers:
        add("unterminated", text + g.openers[0])
    cuts = [k + 1 for k, c in enumerate(text) if c in g.structural and k + 1 < len(text)]
    for k in reversed(cuts):
        add("truncate", text[:k])
    for c in g.trailing:
        add("trailing", text + c)
    segments = _segments(g, text)
    for a, b in segments:
        add("duplicate", text[:b] + text[a:b] + text[b:])
    for a, b in segments:
        add("remove", text[:a] + text[b:])
    if any(c.isascii() and c.isalpha() for c in text):
        add("case", text.swapcase())
        last = max(k for k, c in enumerate(text) if c.isascii() and c.isalpha())
        add("utf8", text[:last] + _UTF8 + text[last + 1 :])
    return [(kind, new) for new, kind in out.items()]


def _spread(items: Sequence[bytes], n: int) -> list[bytes]:
    """``n`` items spread evenly over ``items`` (the first always), in order."""
    if len(items) <= n:
        return list(items)
    return [items[k * len(items) // n] for k in range(n)]


def _dictionary_texts(g: Grammar) -> list[str]:
    """Tokens of the language's dictionary that a C literal can hold (printable, 1 to 16
    bytes, no NUL), spread over the file, each in the slot and then alone.
    """
    if not g.dictionary:
        return []
    usable = [t for t in tokens(g.dictionary) if 0 < len(t) <= 16 and b"\x00" not in t]
    out = []
    for tok in _spread(usable, DICTIONARY_TOKENS):
        text = tok.decode("utf-8", "surrogateescape")
        out += [g.slot.replace("{}", text), text]
    return out


def _turns(*lists: Iterable[T]) -> list[T]:
    """The items of ``lists`` taken in turns, one of each at a time."""
    return [v for row in itertools.zip_longest(*lists) for v in row if v is not None]


def language_texts(language: InputLanguage, limit: int = MAX_VALUES) -> list[str]:
    """Texts in ``language`` (module docstring), at most ``limit``: the first four seeds, then
    in turns an edit of the first seeds (kind by kind), another seed and a dictionary token.

    >>> language_texts(InputLanguage.JSON, 8)
    ['{"a": 1}', '[1, 2]', '"s"', 'true', '{"a": 1', 'null', '[0]', '{"a":']
    """
    g = GRAMMARS[language]
    per_seed = [grammar_edits(g, s) for s in g.seeds[:EDITED_SEEDS]]
    by_kind = [[new for edits in per_seed for k, new in edits if k == kind] for kind in EDIT_KINDS]
    edited = _turns(*by_kind)
    out = list(dict.fromkeys([*g.seeds[:4], *_turns(edited, g.seeds[4:], _dictionary_texts(g))]))
    return out[:limit]


def language_values(language: InputLanguage, limit: int = MAX_VALUES) -> list[str]:
    """``language_texts`` as C string literals.

    >>> language_values(InputLanguage.XML, 3)
    ['"<a>x</a>"', '"<a/>"', '"<a b=\\\\"1\\\\">x</a>"']
    """
    return [c_literal(t) for t in language_texts(language, limit)]


def subject_pairs(language: InputLanguage) -> list[tuple[str, str]]:
    """``(pattern, text)`` as C literals for a matcher: each seed of a pattern language with a
    text it matches, then each with a text it misses, then the rest; [] for other languages.

    >>> subject_pairs(InputLanguage.GLOB)[:3]
    [('"a*b"', '"ab"'), ('"a?c"', '"abc"'), ('"[ab]c"', '"bc"')]
    """
    g = GRAMMARS[language]
    if not g.subjects:
        return []
    rows = [
        [(c_literal(p), c_literal(t)) for t in subs]
        for p, subs in zip(g.seeds, g.subjects, strict=True)
    ]
    return _turns(*rows)


def subjects_of(literal: str, language: InputLanguage | None = None) -> list[str]:
    """The texts (C literals) that the pattern ``literal`` (a C literal), a seed of a pattern
    language (``language`` when known, else the first that has it), matches and then misses:
    what a matcher of the compiled pattern is asked (``re_matchp(re_compile("a*b"), "aab",
    &n)``); [] for a text that is no such seed.

    >>> subjects_of('"a*b"'), subjects_of('"a*b"', InputLanguage.GLOB)[:2]
    (['"aab"', '"b"', '"ac"'], ['"ab"', '"axyb"'])
    >>> subjects_of('"hello"')
    []
    """
    grammars = [GRAMMARS[language]] if language in GRAMMARS else list(GRAMMARS.values())
    for g in grammars:
        for seed, subjects in zip(g.seeds, g.subjects, strict=False):
            if c_literal(seed) == literal:
                return [c_literal(t) for t in subjects]
    return []


#: Names of an integer parameter that gives the length of the text before it.
LENGTH_NAMES = re.compile(r"(?i)len|size|count|bytes|^n$|^sz$")


def length_pairs(literals: Sequence[str], limit: int) -> list[tuple[str, str]]:
    r"""``(literal, length)`` for a text followed by its length: the first of ``literals`` with
    its length in bytes, then a text with a multi-byte character (the first of ``literals``
    with one, else ``"aé"``) with a length that ends inside that character and with its whole
    length, then the other ``literals`` with theirs; at most ``limit``.

    >>> length_pairs(['"[1]"', '"/\\xc3\\xa9"'], 4)
    [('"[1]"', '3'), ('"/\\xc3\\xa9"', '2'), ('"/\\xc3\\xa9"', '3')]
    """
    wide = next((v for v in literals if "\\x" in v), c_literal("a" + _UTF8))
    cut = strlen(wide[: wide.index("\\x")] + '"') + 1
    out = [(v, str(strlen(v))) for v in literals[:1]]
    out += [(wide, str(cut)), (wide, str(strlen(wide)))]
    out += [(v, str(strlen(v))) for v in literals[1:]]
    return list(dict.fromkeys(out))[:limit]


TEXT_KINDS = (ParamKind.CSTR, ParamKind.BUF, ParamKind.STRING)


def shape_languages(shape: CallShape, body: str, doc: str = "") -> tuple[LanguageFact | None, ...]:
    """The language of each parameter of ``shape`` (None for one that is not a text or says
    none), read from its name, ``shape``'s name, ``body`` and ``doc``
    (``server.analysis.languages.parameter_languages``).

    >>> s = CallShape("match", (Param(ParamKind.CSTR, "char", "pattern"),
    ...                         Param(ParamKind.CSTR, "char", "text")), "value")
    >>> [f and str(f.language) for f in shape_languages(s, "if (*pattern == '?') ...")]
    ['regular expression', None]
    """
    names = [p.name for p in shape.params if p.kind in TEXT_KINDS and p.name]
    found = dict(zip(names, parameter_languages(names, shape.name, body, doc), strict=True))
    return tuple(found.get(p.name) if p.kind in TEXT_KINDS else None for p in shape.params)


def language_pairs(
    shape: CallShape,
    pools: Sequence[Sequence[str]],
    languages: Sequence[LanguageFact | None],
    limit: int,
) -> list[tuple[int, str, int, str]]:
    """``(i, a, j, b)``: two parameters set together, at most ``limit``: a pattern (a regular
    expression or a wildcard) and the first text parameter without a language of its own set
    to texts it matches and misses (``subject_pairs``); a text and the integer after it named
    as its length (``LENGTH_NAMES``) set to the text's length and to one that splits a
    multi-byte character (``length_pairs``, over the text's pool).

    >>> s = CallShape("match", (Param(ParamKind.CSTR, "char", "pattern"),
    ...                         Param(ParamKind.CSTR, "char", "text")), "value")
    >>> language_pairs(s, [[], []], shape_languages(s, "*pattern == '*' || *pattern == '?'"), 2)
    [(0, '"a*b"', 1, '"ab"'), (0, '"a?c"', 1, '"abc"')]
    """
    rows: list[list[tuple[int, str, int, str]]] = []
    params = shape.params
    for i, fact in enumerate(languages):
        if fact is None or fact.language not in (InputLanguage.REGEX, InputLanguage.GLOB):
            continue
        subject = [
            j
            for j, q in enumerate(params)
            if j != i and q.kind in TEXT_KINDS and j < len(languages) and languages[j] is None
        ]
        if subject:
            rows.append([(i, a, subject[0], b) for a, b in subject_pairs(fact.language)])
    for i, (p, q) in enumerate(itertools.pairwise(params)):
        if p.kind in (ParamKind.CSTR, ParamKind.STRING) and q.kind in (
            ParamKind.INT,
            ParamKind.UINT,
        ):
            if LENGTH_NAMES.search(q.name) and i + 1 not in shape.counts:
                texts = [v for v in pools[i] if v.startswith('"')][:8]
                rows.append([(i, a, i + 1, n) for a, n in length_pairs(texts, limit)])
    return _turns(*rows)[:limit]
