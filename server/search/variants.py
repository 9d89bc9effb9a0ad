"""Search: variants of the runnable units that call the target, one literal edited at a time.

``server.search.killing.find_killing_inputs`` builds calls from a parameter's kind; a parameter of a
kind it cannot build (a struct filled by the file's own parser, a handle, a callback, an array to
fill, out-pointers) leaves it without calls. Phase 1's runnable units already call the function
with such arguments; the bugs sit on corner inputs next to them. ``variants`` makes those inputs
by seeded mutation (in the spirit of AFL's deterministic stages with a dictionary): each variant
is one *seed* (a verified unit whose code calls the target) with one literal edited, outside
comments, and outside the arguments of the output calls that print results (``printf``'s
format).

Edits, with the *dictionary* (``dictionary``: the character literals and one-character string
literals of the body and of the surviving mutants' callees, as string characters, escapes kept;
for a string literal, then its own punctuation, the separators of a text that a function other
than the target parses):

- a string literal (``string_edits``, kinds in this order): ``empty``; ``grammar``: for an
  argument of the target whose input language is known (``server.analysis.languages``), the
  edits of that language's grammar (``server.search.grammars.grammar_edits``: ``{"a": 1`` for
  ``{"a": 1}``), and for a text with a multi-byte character followed by its length, a length
  that splits the character; ``digits``: one digit group
  set to 0 (``"1.2.3"`` -> ``"1.0.3"``); ``trim``: the first or the last character dropped;
  ``field``: the text between two dictionary characters (or before the first, after the last)
  deleted, alone (``"user:@host"``) and with its separator (``"user@host"``); ``insert``: a
  dictionary character at the start, at the end, before and after each line end (``\\r\\n``
  counts as one); ``double``: a dictionary character doubled where it occurs; ``replace``: a
  dictionary character replaced by another; ``case``: every letter's case swapped, then the
  first letter's alone;
- an integer literal that is a whole argument of the target (``integer_edits``): 0, 1, -1,
  ``n - 1``, ``n + 1``;
- a floating literal that is a whole argument of the target (``float_edits``): NaN, infinity,
  ``-0.0``, its negation;
- ``object``: the same integer and floating edits on a whole argument of the constructor of an
  object the seed declares (``Int128 b(3);`` -> ``Int128 b(-1);``): the inputs of an operator
  or a method that takes objects;
- ``configured``: the seed run under another value of a global setting the function reads
  (``server.analysis.setters``): the setting's statement before the seed's first example and its
  restoring statement as a last example; then the seed's ``insert``, ``replace``, ``double`` and
  ``field`` edits under it (a path style shows on a path with the other separator).

A string literal followed by its length as the next argument (``parse("GET / x", 7, ...)``)
keeps the two in step: the length becomes the edited text's.

Order: round-robin over the kinds, each kind giving its next variant per turn, and within a
kind over the seeds, each seed giving its next variant of that kind per turn: every kind gets a
turn before any kind gets a second, however many seeds there are (a bound smaller than seeds
times kinds still reaches the last kind, ``configured``), and a kind's turns go to every seed
before any seed gets a second; no randomness. Variants whose code (whitespace normalized)
repeats a seed or an earlier variant are dropped. A variant keeps its seed's names
(``server.judge.select.build_pool`` renames clashes).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cdoctest_runner.ctext import blank, identifiers, spans, strlen
from cdoctest_runner.example import Example
from server.analysis.languages import InputLanguage
from server.analysis.mining import text_chars
from server.judge.verify import declared_names
from server.search.grammars import GRAMMARS, c_literal, grammar_edits

__all__ = [
    "KINDS",
    "Variant",
    "dictionary",
    "float_edits",
    "integer_edits",
    "string_edits",
    "variants",
    "with_own_punctuation",
]

#: Edit kinds in the order a round of the round-robin takes them.
#: The edits also run under another value of a global setting (``configured``), after the seed.
CONFIGURED_EDITS = ("insert", "replace", "double", "field")
KINDS = (
    "empty",
    "grammar",
    "digits",
    "integer",
    "float",
    "field",
    "trim",
    "configured",
    "insert",
    "double",
    "replace",
    "case",
    "object",
)

#: Calls whose string arguments print results rather than feed the target.
_OUTPUT_CALLS = frozenset({"printf", "fprintf", "puts", "fputs", "putchar", "fputc", "putc"})

#: One character of a string literal's text: an escape sequence or a plain character.
_CHAR = re.compile(r"\\(?:x[0-9a-fA-F]+|[0-7]{1,3}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)|.", re.S)
_INTEGER = re.compile(r"\(?\s*(-?)\s*(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)[uUlL]*\s*\)?")
_FLOAT = re.compile(
    r"\(?\s*-?\s*(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)[fFlL]?\s*\)?"
)
_ONE_CHAR_STRING = re.compile(r'"(\\.|[^"\\\n])"')
_LINE_ENDS = ("\\n", "\\r")


@dataclass(frozen=True)
class Variant:
    """One seed with one edit: the examples to run (no predicted outputs) and the edit's kind."""

    examples: tuple[Example, ...]
    kind: str
    seed: int  # index of the seed it was made from


def _chars(text: str) -> list[str]:
    r"""The characters of a string literal's text, an escape sequence counting as one.

    >>> _chars(r'a\tb\x41\\"')
    ['a', '\\t', 'b', '\\x41', '\\\\', '"']
    """
    return _CHAR.findall(text)


def _join(chars: Sequence[str]) -> str:
    r"""``chars`` as a string literal's text; a hex or octal escape followed by a character that
    would extend it is closed by splitting the literal (``"\x4" "1"``).

    >>> _join(["\\x4", "1", "b"]), _join(["\\0", "7"]), _join(["a", "\\n"])
    ('\\x4" "1b', '\\0" "7', 'a\\n')
    """
    out = []
    for k, c in enumerate(chars):
        out.append(c)
        nxt = chars[k + 1] if k + 1 < len(chars) else ""
        hexa = re.fullmatch(r"\\x[0-9a-fA-F]+", c) and re.match(r"[0-9a-fA-F]", nxt)
        octal = re.fullmatch(r"\\[0-7]{1,2}", c) and re.match(r"[0-7]", nxt)
        if hexa or octal:
            out.append('" "')
    return "".join(out)


def _as_string_char(lit: str) -> str | None:
    r"""A character literal's character as written inside a string literal (None for NUL).

    >>> [_as_string_char(c) for c in ("','", "'\\t'", "'\"'", "'\\''", "'\\0'")]
    [',', '\\t', '\\"', "'", None]
    """
    inner = lit[1:-1]
    if inner == '"':
        return '\\"'
    if inner == "\\'":
        return "'"
    if re.fullmatch(r"\\0+|\\x0+", inner):
        return None
    return inner


def dictionary(body: str) -> list[str]:
    r"""The characters the body tests, as string characters, in order, without repeats: its
    character literals, then its one-character string literals.

    >>> dictionary('if (c == \':\' || c == \'\\r\') n++; if (!strcmp(s, "@")) return 0;')
    [':', '\\r', '@']
    """
    found = text_chars(body) + [f"'{m.group(1)}'" for m in _ONE_CHAR_STRING.finditer(body)]
    out: list[str] = []
    for lit in found:
        c = _as_string_char(lit)
        if c is not None and c not in out:
            out.append(c)
    return out


def with_own_punctuation(text: str, dict_chars: Sequence[str]) -> list[str]:
    """``dict_chars`` and then the punctuation characters of the literal text ``text`` (its
    separators, when a function other than the one under test parses it).

    >>> with_own_punctuation("a=1; b", [";"])
    [';', '=', ' ']
    """
    own = [c for c in _chars(text) if len(c) == 1 and not c.isalnum() and c != "_"]
    return list(dict.fromkeys([*dict_chars, *own]))


def _line_end_spans(chars: list[str]) -> list[tuple[int, int]]:
    """``(start, end)`` of each line end (``\\r\\n`` one) among ``chars``."""
    out = []
    k = 0
    while k < len(chars):
        if chars[k] in _LINE_ENDS:
            end = k + 2 if chars[k] == "\\r" and chars[k + 1 : k + 2] == ["\\n"] else k + 1
            out.append((k, end))
            k = end
        else:
            k += 1
    return out


def string_edits(text: str, dict_chars: Sequence[str]) -> list[tuple[str, str]]:
    r"""``(kind, new text)`` for the string literal text ``text`` (module docstring), in kind
    order, without repeats and without ``text`` itself.

    >>> [t for k, t in string_edits("1.2", ["."]) if k in ("digits", "field")]
    ['0.2', '1.0', '.2', '2', '1.', '1']
    >>> [t for k, t in string_edits("a:b", [":", "@"]) if k in ("insert", "replace")]
    [':a:b', 'a:b:', '@a:b', 'a:b@', 'a@b']
    >>> [t for k, t in string_edits("x\\r\\n", [" "]) if k == "insert"]
    [' x\\r\\n', 'x\\r\\n ', 'x \\r\\n']
    >>> string_edits("Ab", [])
    [('empty', ''), ('trim', 'b'), ('trim', 'A'), ('case', 'aB'), ('case', 'ab')]
    """
    chars = _chars(text)
    out: dict[str, str] = {}

    def add(kind: str, new: Sequence[str]) -> None:
        joined = _join(new)
        if joined != text and joined not in out:
            out[joined] = kind

    add("empty", [])
    for is_digit, group in itertools.groupby(enumerate(chars), key=lambda kc: kc[1].isdigit()):
        run = [k for k, _ in group]
        if is_digit and [chars[k] for k in run] != ["0"]:
            add("digits", [*chars[: run[0]], "0", *chars[run[-1] + 1 :]])
    seps = [k for k, c in enumerate(chars) if c in dict_chars]
    if seps:
        bounds = [-1, *seps, len(chars)]
        for a, b in itertools.pairwise(bounds):
            if b - a <= 1:
                continue  # an empty field
            add("field", [*chars[: a + 1], *chars[b:]])
            cut_from, cut_to = (a, b) if a >= 0 else (a + 1, b + 1)
            add("field", [*chars[:cut_from], *chars[cut_to:]])
    if chars:
        add("trim", chars[1:])
        add("trim", chars[:-1])
    ends = _line_end_spans(chars)
    for d in dict_chars:
        add("insert", [d, *chars])
        add("insert", [*chars, d])
        for start, end in ends:
            add("insert", [*chars[:start], d, *chars[start:]])
            add("insert", [*chars[:end], d, *chars[end:]])
    for k in seps:
        add("double", [*chars[:k], chars[k], *chars[k:]])
    for k in seps:
        for d in dict_chars:
            if d != chars[k]:
                add("replace", [*chars[:k], d, *chars[k + 1 :]])
    letters = [k for k, c in enumerate(chars) if len(c) == 1 and c.isalpha()]
    if letters:
        add("case", [c.swapcase() if len(c) == 1 else c for c in chars])
        first = letters[0]
        add("case", [*chars[:first], chars[first].swapcase(), *chars[first + 1 :]])
    return [(kind, new) for new, kind in out.items()]


def integer_edits(arg: str) -> list[str]:
    """Other values for an integer literal argument: 0, 1, -1, n - 1, n + 1 (negatives in
    parentheses), without ``n`` itself and without repeats; [] for anything else.

    >>> integer_edits("8"), integer_edits("0x10"), integer_edits("(-1)"), integer_edits("n")
    (['0', '1', '(-1)', '7', '9'], ['0', '1', '(-1)', '15', '17'], ['0', '1', '(-2)'], [])
    """
    m = _INTEGER.fullmatch(arg.strip())
    if m is None:
        return []
    n = int(m.group(2), 0) if not re.fullmatch(r"0[0-7]+", m.group(2)) else int(m.group(2), 8)
    n = -n if m.group(1) else n
    out: list[str] = []
    for v in (0, 1, -1, n - 1, n + 1):
        s = f"({v})" if v < 0 else str(v)
        if v != n and s not in out:
            out.append(s)
    return out


def float_edits(arg: str) -> list[str]:
    """Other values for a floating literal argument: NaN, infinity, ``-0.0`` and its negation;
    [] for anything else.

    >>> float_edits("0.5"), float_edits("(-2.0)"), float_edits("3")
    (['__builtin_nan("")', '__builtin_inf()', '(-0.0)', '(-0.5)'], \
['__builtin_nan("")', '__builtin_inf()', '(-0.0)', '2.0'], [])
    """
    text = arg.strip()
    if _FLOAT.fullmatch(text) is None:
        return []
    bare = text.strip("()").strip()
    negated = bare[1:].strip() if bare.startswith("-") else f"(-{bare})"
    return ['__builtin_nan("")', "__builtin_inf()", "(-0.0)", negated]


def _enclosing_calls(code: str, at: int) -> Iterator[str]:
    """The names of the calls whose parentheses enclose offset ``at`` of blanked ``code``."""
    depth = 0
    for k in range(at - 1, -1, -1):
        ch = code[k]
        if ch == ")":
            depth += 1
        elif ch == "(":
            if depth:
                depth -= 1
                continue
            m = re.search(r"([A-Za-z_]\w*)\s*$", code[:k])
            if m:
                yield m.group(1)


def _target_args(source: str, names: set[str]) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each argument of each call of ``names`` in ``source``."""
    for _, start, end in _indexed_args(source, names):
        yield start, end


def _indexed_args(source: str, names: set[str]) -> Iterator[tuple[int, int, int]]:
    """``(index, start, end)`` of each argument of each call of ``names`` in ``source``."""
    code = blank(source)
    for m in identifiers(source):
        if m.group() not in names:
            continue
        k = m.end()
        while k < len(code) and code[k] in " \t\n":
            k += 1
        if k >= len(code) or code[k] != "(":
            continue
        depth, start, index = 0, k + 1, 0
        for j in range(k, len(code)):
            ch = code[j]
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    if source[start:j].strip():
                        yield index, start, j
                    break
            elif ch == "," and depth == 1:
                yield index, start, j
                start, index = j + 1, index + 1


def _literal_languages(
    source: str, names: set[str], languages: Sequence[InputLanguage | None]
) -> dict[int, InputLanguage]:
    """The input language of each string literal of ``source`` (by its start) that is a whole
    argument of a call of ``names`` in a parameter with a language, or the text a buffer passed
    as one is declared with (``char b[] = "[1]"; parse(b)``).

    >>> _literal_languages('char b[] = "[1]"; f(b, "x", "/a")', {"f"}, [InputLanguage.JSON,
    ...                    None, InputLanguage.PATH])
    {11: <InputLanguage.JSON: 'JSON'>, 28: <InputLanguage.PATH: 'path'>}
    """
    out: dict[int, InputLanguage] = {}
    literals = [(a, b) for kind, a, b in spans(source) if kind == "string"]
    for index, start, end in _indexed_args(source, names):
        language = languages[index] if index < len(languages) else None
        arg = source[start:end].strip()
        if language is None or not arg:
            continue
        at = start + source[start:end].index(arg)
        for a, b in literals:
            whole = a == at and b == at + len(arg)
            declared = re.fullmatch(r"[A-Za-z_]\w*", arg) and re.search(
                rf"\b{arg}\s*(?:\[[^\]]*\])?\s*=\s*$", source[:a]
            )
            if whole or declared:
                out[a] = language
    return out


_LENGTH_FOLLOWS = re.compile(r"(\s*,\s*)(\d+)\b(?![.\w])")
#: ``char name[] =`` right before a literal: the literal sizes a buffer the seed passes on.
_UNSIZED_BUFFER = re.compile(r"\bchar\s+[A-Za-z_]\w*\s*\[(\s*)\]\s*=\s*$")


def _grammar_edits(text: str, language: InputLanguage) -> list[str]:
    r"""The edits of a string literal's text ``text`` that follow ``language``'s grammar
    (``server.search.grammars.grammar_edits``), as literal texts; [] for a text whose escapes
    do not decode.

    >>> _grammar_edits('{\\"a\\": 1}', InputLanguage.JSON)[:2]
    ['{\\"a\\": 1', '{\\"a\\": 1}[']
    """
    try:
        data = text.encode().decode("unicode_escape").encode("latin-1")
    except (UnicodeError, ValueError):
        return []
    raw = data.decode("utf-8", "surrogateescape")
    return [c_literal(new)[1:-1] for _, new in grammar_edits(GRAMMARS[language], raw)]


def _split_length(text: str) -> int | None:
    """A length that ends inside the first multi-byte character of a string literal's text
    (``"/\\xc3\\xa9"``: 2), None when it has none.
    """
    data = text.encode().decode("unicode_escape", "replace").encode("latin-1", "replace")
    wide = next((k for k, b in enumerate(data) if b >= 0xC0), None)
    return None if wide is None else wide + 1


def _literal_edits(
    source: str,
    names: set[str],
    dict_chars: Sequence[str],
    languages: Sequence[InputLanguage | None] = (),
) -> list[tuple[str, str]]:
    """``(kind, new source)`` for each edit of one literal of ``source``; a literal in an input
    language (``languages``: per argument of the target) also gets the edits of its grammar
    (``grammar``), and one followed by its length, with a multi-byte character, the length that
    splits that character.

    A literal that sizes a buffer (``char b[] = "/a/b";``) keeps the buffer's size when the
    edit shortens it: the seed passes the buffer on with a size that must stay true.

    >>> [s for k, s in _literal_edits('char b[] = "ab"; f(b, 2);', {"f"}, []) if k == "trim"]
    ['char b[3] = "b"; f(b, 2);', 'char b[3] = "a"; f(b, 2);']

    A constructor's argument gets the integer edits as ``object``:

    >>> [s for k, s in _literal_edits("Int128 b(3);", {"operator=="}, []) if k == "object"]
    ['Int128 b(0);', 'Int128 b(1);', 'Int128 b((-1));', 'Int128 b(2);', 'Int128 b(4);']
    """
    code = blank(source)
    out: list[tuple[str, str]] = []
    languaged = _literal_languages(source, names, languages) if languages else {}
    for kind, start, end in spans(source):
        if kind != "string" or source[start] != '"' or end - start < 2 or source[end - 1] != '"':
            continue
        if _OUTPUT_CALLS.intersection(_enclosing_calls(code, start)):
            continue
        old = source[start + 1 : end - 1]
        length = _LENGTH_FOLLOWS.match(source, end)
        buffer = _UNSIZED_BUFFER.search(source, 0, start)
        edits = string_edits(old, with_own_punctuation(old, dict_chars))
        if start in languaged:
            edits = [("grammar", new) for new in _grammar_edits(old, languaged[start])] + edits
        split = _split_length(old) if length else None
        if length and split is not None and int(length.group(2)) == strlen(f'"{old}"'):
            cut = f"{source[:end]}{length.group(1)}{split}{source[length.end(2) :]}"
            out.append(("grammar", cut))
        for edit, new in edits:
            head, rest = source[:start], source[end:]
            if length and int(length.group(2)) == strlen(f'"{old}"'):
                # A text followed by its length keeps the two in step (``parse("GET /", 5)``).
                size = strlen(f'"{new}"')
                rest = f"{length.group(1)}{size}{source[length.end(2) :]}"
            if buffer and strlen(f'"{new}"') < strlen(f'"{old}"'):
                size = strlen(f'"{old}"') + 1
                head = f"{source[: buffer.start(1)]}{size}{source[buffer.end(1) : start]}"
            out.append((edit, f'{head}"{new}"{rest}'))
    own = list(_target_args(source, names))
    # The arguments of the constructors of the objects the seed declares (``Int128 b(3);``).
    made = [a for a in _target_args(source, declared_names(source) - names) if a not in own]
    for start, end in [*own, *made]:
        arg = source[start:end]
        lead = len(arg) - len(arg.lstrip())
        tail = len(arg.rstrip())
        at = own.index((start, end)) if (start, end) in own else 0
        room = allocation(source, source[slice(*own[at - 1])]) if at else None
        for edit, values in (("integer", integer_edits(arg)), ("float", float_edits(arg))):
            label = edit if (start, end) in own else "object"
            if edit == "integer" and room is not None:  # a buffer's length stays inside it
                values = [v for v in values if int(v.strip("()")) <= room]
            for v in values:
                out.append((label, f"{source[: start + lead]}{v}{source[start + tail :]}"))
    return out


def allocation(source: str, arg: str) -> int | None:
    """The bytes allocated for the argument ``arg`` of a call in ``source``: a text literal's
    (its NUL included), or a buffer's that ``source`` declares (``char b[8]``, ``char b[] =
    "ab"``); None for anything else.

    >>> allocation('char b[] = "ab"; f(b, 3);', "b"), allocation("char d[64] = {0};", "d")
    (3, 64)
    >>> allocation('f("abc", 3)', ' "abc"'), allocation("f(p, 3)", "p")
    (4, None)
    """
    arg = arg.strip()
    if arg.startswith('"') and arg.endswith('"'):
        return strlen(arg) + 1
    if not re.fullmatch(r"[A-Za-z_]\w*", arg):
        return None
    m = re.search(rf"\b{arg}\s*\[\s*(\w*)\s*\]\s*(?:=\s*(\"(?:[^\"\\\\]|\\\\.)*\"))?", source)
    if m is None:
        return None
    if m.group(1):
        return int(m.group(1), 0) if m.group(1).isdigit() else None
    return strlen(m.group(2)) + 1 if m.group(2) else None


def _seed_variants(
    examples: Sequence[Example],
    names: set[str],
    dict_chars: Sequence[str],
    settings: Sequence[tuple[str, str]],
    languages: Sequence[InputLanguage | None] = (),
) -> dict[str, list[tuple[Example, ...]]]:
    """The variants of one seed by kind, each kind's in the order of the seed's text."""
    bare = tuple(Example(e.source) for e in examples)
    by_kind: dict[str, list[tuple[Example, ...]]] = {k: [] for k in KINDS}
    for i, e in enumerate(examples):
        for kind, source in _literal_edits(e.source, names, dict_chars, languages):
            by_kind[kind].append((*bare[:i], Example(source), *bare[i + 1 :]))
    # Under another setting: the seed itself, then its edits that bring in the code's characters
    # (a setting that changes what counts as a separator shows on a text that has the other one).
    edited = [v for kind in CONFIGURED_EDITS for v in by_kind[kind]]
    for set_stmt, restore in settings:
        for seed in (bare, *edited):
            first = Example(f"{set_stmt.strip()} {seed[0].source}")
            by_kind["configured"].append((first, *seed[1:], Example(restore)))
    return by_kind


def _normalized(examples: Sequence[Example]) -> str:
    return "\n".join(" ".join(e.source.split()) for e in examples)


def variants(
    seeds: Sequence[Sequence[Example]],
    names: set[str],
    dict_chars: Sequence[str],
    max_variants: int,
    settings: Sequence[tuple[str, str]] = (),
    languages: Sequence[InputLanguage | None] = (),
) -> list[Variant]:
    """At most ``max_variants`` variants of ``seeds`` in the module docstring's order.

    ``names``: the target's names (only its arguments get integer and floating edits);
    ``dict_chars``: ``dictionary(body)``; ``settings``: ``(set, restore)`` statement pairs of
    the global settings the function reads; ``languages``: the input language of each of the
    target's parameters (None for one without), for the ``grammar`` edits.

    >>> seed = [Example('S s = {0};'), Example('parse(&s, "1.2", 4)')]
    >>> [v.examples[1].source.strip() for v in variants([seed], {"parse"}, ["."], 4)]
    ['parse(&s, "", 4)', 'parse(&s, "0.2", 4)', 'parse(&s, "1.2", 0)', 'parse(&s, ".2", 4)']
    """
    per_seed = [_seed_variants(s, names, dict_chars, settings, languages) for s in seeds]
    seen = {_normalized(s) for s in seeds}
    out: list[Variant] = []
    kinds = [(kind, _seed_turns(kind, per_seed)) for kind in KINDS]
    while kinds and len(out) < max_variants:
        live = []
        for kind, turns in kinds:
            if len(out) >= max_variants:
                break
            for k, examples in turns:
                key = _normalized(examples)
                if key not in seen:
                    seen.add(key)
                    out.append(Variant(examples, kind, k))
                    live.append((kind, turns))
                    break
        kinds = live
    return out


def _seed_turns(
    kind: str, per_seed: Sequence[dict[str, list[tuple[Example, ...]]]]
) -> Iterator[tuple[int, tuple[Example, ...]]]:
    """``(seed index, variant)`` of one kind, seed by seed: each seed's next variant per turn."""
    queues = [(k, iter(by_kind[kind])) for k, by_kind in enumerate(per_seed)]
    while queues:
        live = []
        for k, queue in queues:
            examples = next(queue, None)
            if examples is not None:
                live.append((k, queue))
                yield k, examples
        queues = live
