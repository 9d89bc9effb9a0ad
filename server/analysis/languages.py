"""The input language of a text parameter: what a tester reads a ``const char *`` as, before
choosing its values (a regular expression, a JSON text, a JSON pointer, a URL, a path...).

``infer_language(param, function, body, doc)`` weighs four kinds of evidence, each named in the
``LanguageFact`` it returns (so a reader sees why a parameter got ``<a>x</a>`` rather than
``"hello"``):

- the parameter's name (``pattern``, ``regex``, ``json``, ``url``, ``path``, ``fmt``...), and a
  generic name (``text``, ``s``, ``input``, ``buf``) in a function whose name says the language
  and reads it (``json_parse(const char *text)``, ``xml_read(s)``, ``url_decode(s)``; not
  ``url_encode(s)`` nor ``json_object_new_string(s)``, which make the language from plain
  text); ``path`` or ``pointer`` in a JSON API is a JSON pointer;
- the documentation: a language word next to the parameter's name or in its ``@param`` line
  (``@param pattern a shell wildcard``), or anywhere in the comment of a function with one text
  parameter ("Parses a JSON text");
- the library calls the body passes it to (``strtod``/``atoi``: a number, ``fopen``/``stat``: a
  path, ``regcomp``: a regular expression, ``fnmatch``: a wildcard, ``vsnprintf``: a format);
- the characters the body compares it with (``server.analysis.mining.literals_tested_on``):
  ``'*'`` with ``'?'`` or ``'['`` and no ``'|'``/``'('``/``'$'`` is a wildcard pattern, four of
  ``{ } [ ] : " ,`` JSON, ``'<'`` and ``'>'`` with ``'/'`` markup; they also tell a wildcard
  from a regular expression when the name says only "pattern".

A language needs evidence of weight 4 (a name, a call or an attributed doc line weigh 6; a
function's name with a generic parameter, the doc of a one-text function or the characters 4).
Pure text in, a fact out: the fallback reads it through ``FileApi.languages``
(``server.analysis.analyse_cursor``), the input search infers it again with the text of the
callees whose mutants survive (``server.search.killing``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from server.analysis.documentation import comment_text
from server.analysis.mining import Compared, aliases, literals_tested_on

__all__ = ["InputLanguage", "LanguageFact", "infer_language", "parameter_languages", "words"]


class InputLanguage(StrEnum):
    """A language a text parameter is written in."""

    REGEX = "regular expression"
    GLOB = "wildcard pattern"
    JSON = "JSON"
    JSON_POINTER = "JSON pointer"
    XML = "XML"
    HTML = "HTML"
    URL = "URL"
    PATH = "path"
    FORMAT = "printf format"
    INI = "INI"
    CSV = "CSV"
    HEADER = "header line"
    NUMBER = "number"
    IDENTIFIER = "identifier"


@dataclass(frozen=True)
class LanguageFact:
    """A parameter's language and the evidence, in words (``"its name `pattern`"``)."""

    language: InputLanguage
    evidence: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.language} ({'; '.join(self.evidence)})"


L = InputLanguage
#: Words of a parameter's name that say its language.
_PARAM_WORDS: dict[str, InputLanguage] = {
    "regex": L.REGEX,
    "regexp": L.REGEX,
    "re": L.REGEX,
    "rx": L.REGEX,
    "glob": L.GLOB,
    "wildcard": L.GLOB,
    "json": L.JSON,
    "js": L.JSON,
    "xml": L.XML,
    "markup": L.XML,
    "html": L.HTML,
    "url": L.URL,
    "uri": L.URL,
    "href": L.URL,
    "path": L.PATH,
    "pathname": L.PATH,
    "filepath": L.PATH,
    "file": L.PATH,
    "filename": L.PATH,
    "fname": L.PATH,
    "dir": L.PATH,
    "dirname": L.PATH,
    "directory": L.PATH,
    "fmt": L.FORMAT,
    "format": L.FORMAT,
    "ini": L.INI,
    "csv": L.CSV,
    "tsv": L.CSV,
    "header": L.HEADER,
    "hdr": L.HEADER,
    "num": L.NUMBER,
    "number": L.NUMBER,
    "numeral": L.NUMBER,
    "digits": L.NUMBER,
    "ident": L.IDENTIFIER,
    "identifier": L.IDENTIFIER,
    "symbol": L.IDENTIFIER,
    "varname": L.IDENTIFIER,
}
#: Names of a pattern whose dialect the body or the function's name tells.
_PATTERN_WORDS = frozenset({"pattern", "pat", "patt", "mask"})
#: Words of a function's name that say the language of its generic text parameters.
_FUNCTION_WORDS: dict[str, InputLanguage] = {
    "regex": L.REGEX,
    "regexp": L.REGEX,
    "glob": L.GLOB,
    "wildcard": L.GLOB,
    "fnmatch": L.GLOB,
    "json": L.JSON,
    "xml": L.XML,
    "html": L.HTML,
    "url": L.URL,
    "uri": L.URL,
    "path": L.PATH,
    "ini": L.INI,
    "csv": L.CSV,
    "header": L.HEADER,
    "number": L.NUMBER,
    "num": L.NUMBER,
    "identifier": L.IDENTIFIER,
    "ident": L.IDENTIFIER,
}
#: Names that say nothing of a text but that it is one: it takes the function's language.
_GENERIC = frozenset(
    {
        "text",
        "txt",
        "str",
        "string",
        "s",
        "p",
        "cp",
        "input",
        "in",
        "buf",
        "buffer",
        "data",
        "src",
        "source",
        "doc",
        "document",
        "content",
        "contents",
        "raw",
        "payload",
        "line",
    }
)
#: Verbs of a function that reads its text in the language its name says (``json_loads``,
#: ``xml_parse``, ``url_decode``); one that makes the language from plain text does not
#: (``json_object_new_string(s)``, ``render_html_escaped(data)``, ``url_encode(s)``).
_READS = frozenset(
    {
        "parse",
        "load",
        "loads",
        "read",
        "decode",
        "unescape",
        "scan",
        "lex",
        "tokenize",
        "validate",
        "verify",
        "check",
        "compile",
        "match",
        "eval",
        "split",
    }
)
#: Library functions, the argument that takes the text and the language it is then.
_CALLS: dict[str, tuple[int, InputLanguage]] = {
    **dict.fromkeys(("strtod", "strtof", "strtold", "strtol", "strtoul"), (0, L.NUMBER)),
    **dict.fromkeys(("strtoll", "strtoull", "strtoimax", "strtoumax"), (0, L.NUMBER)),
    **dict.fromkeys(("atoi", "atol", "atoll", "atof"), (0, L.NUMBER)),
    **dict.fromkeys(("fopen", "open", "stat", "lstat", "access", "opendir"), (0, L.PATH)),
    **dict.fromkeys(("realpath", "unlink", "remove", "mkdir", "rmdir", "chdir"), (0, L.PATH)),
    "regcomp": (1, L.REGEX),
    "fnmatch": (0, L.GLOB),
    "glob": (0, L.GLOB),
    "vprintf": (0, L.FORMAT),
    "vsprintf": (1, L.FORMAT),
    "vfprintf": (1, L.FORMAT),
    "vasprintf": (1, L.FORMAT),
    "vsnprintf": (2, L.FORMAT),
    "getenv": (0, L.IDENTIFIER),
}
#: Words of the documentation that name a language (the first match of a text wins a tie).
_DOC_WORDS: tuple[tuple[InputLanguage, re.Pattern[str]], ...] = tuple(
    (lang, re.compile(rx, re.I))
    for lang, rx in (
        (L.JSON_POINTER, r"\bJSON[- ]pointers?\b|\bRFC ?6901\b"),
        (L.REGEX, r"\bregular expressions?\b|\bregexp?s?\b|\bPOSIX (?:basic|extended)\b"),
        (L.GLOB, r"\bglob\b|\bwildcards?\b|\bfnmatch\b|\bshell patterns?\b"),
        (L.JSON, r"\bJSON\b"),
        (L.HTML, r"\bHTML\b"),
        (L.XML, r"\bXML\b"),
        (L.URL, r"\bUR[LI]s?\b"),
        (
            L.FORMAT,
            r"\bprintf[- ](?:like|style)\b|\bformat strings?\b|\b(?:conversion|format) spec",
        ),
        (L.INI, r"\bINI\b|\b(?:key|name) ?= ?value\b"),
        (L.CSV, r"\bCSV\b|\bcomma[- ]separated\b"),
        (L.HEADER, r"\bheader (?:lines?|fields?)\b|\bHTTP headers?\b"),
        (L.PATH, r"\bpath(?:name)?s?\b|\bfile ?names?\b|\bdirector(?:y|ies)\b"),
        (L.IDENTIFIER, r"\bidentifiers?\b"),
    )
)
#: A number as a text: "parses a decimal integer", "converts ... to a double".
_DOC_NUMBER = re.compile(
    r"\b(?:parses?|converts?|reads?|scans?)\b[^.;]{0,40}?\b(?:integer|number|decimal"
    r"|float(?:ing[- ]point)?|double)\b",
    re.I,
)
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")

NAME = 6  # a parameter's name, a call it is passed to, a doc line about it
CONTEXT = 4  # a function's name with a generic parameter, a one-text doc, the characters
ENOUGH = 4  # the least total weight that gives a language


def words(name: str) -> list[str]:
    """The lower-case words of an identifier (underscores, camel case, digits split).

    >>> words("cJSON_ParseWithOpts"), words("xmlReadMemory"), words("url2path")
    (['c', 'json', 'parse', 'with', 'opts'], ['xml', 'read', 'memory'], ['url', '2', 'path'])
    """
    return [w.lower() for w in _WORD.findall(name)]


def _by_chars(seen: Compared) -> InputLanguage | None:
    """The language the characters (and strings) a body compares a parameter with say.

    >>> _by_chars(Compared(("'*'", "'?'", "'['"))), _by_chars(Compared(("'*'", "'('", "'|'")))
    (<InputLanguage.GLOB: 'wildcard pattern'>, <InputLanguage.REGEX: 'regular expression'>)
    """
    chars = {c[1:-1] for c in seen.chars}
    strings = set(seen.strings)
    if "://" in strings or (chars >= {":", "/"} and len(chars & set("?#@&=")) >= 2):
        return L.URL
    if len(chars & set('{}[]:",')) >= 4 or (
        strings & {"true", "false", "null"} and len(chars & set('{}[]:",')) >= 2
    ):
        return L.JSON
    if chars >= {"<", ">"} and chars & set("/!?&") or strings & {"<!--", "<![CDATA[", "</"}:
        return L.XML
    regex_only = chars & set("$|(+")
    if "*" in chars and chars & set("?[") and not regex_only:
        return L.GLOB
    if regex_only and len(chars & set("^$|()+*?.[\\{")) >= 3:
        return L.REGEX
    if chars >= {"/", "~"}:
        return L.JSON_POINTER
    if "%" in chars and chars & set("ds"):
        return L.FORMAT
    if chars >= {"=", "[", "]"} and chars & set(";#"):
        return L.INI
    if chars >= {",", '"'}:
        return L.CSV
    if chars >= {"/", "."} or ".." in strings:
        return L.PATH
    if chars >= {"0", "9", "."} and chars & set("eE"):
        return L.NUMBER
    return None


def _passed_to(body: str, names: set[str]) -> list[str]:
    """The library calls of ``_CALLS`` that ``body`` passes one of ``names`` to, in the
    argument that takes the text (a cast, ``*`` or ``+ k`` allowed around it).

    >>> _passed_to("double d = strtod(s + 1, &end); fopen(p, \\"r\\");", {"s"})
    ['strtod']
    """
    out = []
    for m in re.finditer(r"\b([a-z]\w*)\s*\(", body):
        known = _CALLS.get(m.group(1))
        if known is None:
            continue
        depth, start, args = 0, m.end(), []
        for k in range(m.end(), len(body)):
            ch = body[k]
            if ch in "([{":
                depth += 1
            elif ch in ")]}" and depth:
                depth -= 1
            elif ch == ")" or (ch == "," and depth == 0):
                args.append(body[start:k])
                start = k + 1
                if ch == ")":
                    break
        index = known[0]
        if index < len(args):
            arg = re.sub(r"\([\w\s*]+\)|[*&]|[-+]\s*\w+", " ", args[index]).strip()
            if arg in names and m.group(1) not in out:
                out.append(m.group(1))
    return out


def _doc_lines(doc: str, param: str) -> list[str]:
    """The documentation's words about ``param``: its ``@param`` line, a line that starts with
    its name (``pattern: ...``), and the two words on each side of each mention.

    >>> doc = "Match text.\\n@param pattern a shell wildcard\\n@param text the text"
    >>> _doc_lines(doc, "pattern")
    ['a shell wildcard', 'text. @param pattern a shell']
    """
    out = []
    name = re.escape(param)
    for m in re.finditer(
        rf"^\s*(?:[@\\]param(?:\[[^\]]*\])?\s+{name}\b|`?{name}`?\s*[:\-]\s)(.*)$", doc, re.M
    ):
        out.append(m.group(1).strip())
    flat = " ".join(doc.split())
    tokens = flat.split(" ")
    for k, tok in enumerate(tokens):
        if re.fullmatch(rf"\W*{name}\W*", tok):
            out.append(" ".join(tokens[max(0, k - 2) : k + 3]))
    return out


def _doc_language(text: str) -> InputLanguage | None:
    """The first language a text's words name."""
    for lang, rx in _DOC_WORDS:
        if rx.search(text):
            return lang
    return L.NUMBER if _DOC_NUMBER.search(text) else None


def infer_language(
    param: str,
    function: str,
    body: str = "",
    doc: str = "",
    *,
    text_params: Sequence[str] = (),
) -> LanguageFact | None:
    """The language of the text parameter ``param`` of ``function`` (module docstring), with
    its evidence; None when nothing says one. ``body``: the function's code (its callees' too,
    if known); ``doc``: the comment above it; ``text_params``: all its text parameters
    (default: ``param`` alone). Remembered per arguments (the search asks again per pool).

    >>> str(infer_language("pattern", "match", "if (*pattern == '*' || *pattern == '?') ..."))
    "wildcard pattern (its name `pattern`; the body compares it with '*', '?')"
    >>> str(infer_language("text", "json_loads"))
    'JSON (a generic name in `json_loads`)'
    >>> str(infer_language("path", "json_pointer_get"))
    'JSON pointer (its name `path` in a JSON API)'
    >>> infer_language("text", "match", "", "", text_params=("pattern", "text")) is None
    True
    """
    return _infer(param, function, body, doc, tuple(text_params))


@functools.lru_cache(maxsize=512)
def _infer(
    param: str, function: str, body: str, doc: str, text_params: tuple[str, ...]
) -> LanguageFact | None:
    """``infer_language``, computed."""
    own = set(words(param))
    fn = words(function.rsplit("::", 1)[-1]) + words(function)
    prose = comment_text(doc) if doc else ""
    json_api = "json" in fn or bool(re.search(r"\bJSON\b", prose, re.I))
    score: dict[InputLanguage, int] = {}
    why: dict[InputLanguage, list[str]] = {}

    def add(lang: InputLanguage, weight: int, reason: str) -> None:
        score[lang] = score.get(lang, 0) + weight
        if reason not in why.setdefault(lang, []):
            why[lang].append(reason)

    named = [_PARAM_WORDS[w] for w in words(param) if w in _PARAM_WORDS]
    files = {"file", "dir", "fopen", "filename"}
    if json_api and own & {"pointer", "path"} and files.isdisjoint(own | set(fn)):
        add(L.JSON_POINTER, NAME + 2, f"its name `{param}` in a JSON API")
    elif named:
        add(named[0], NAME, f"its name `{param}`")
    if own & _PATTERN_WORDS and not named:
        add(L.REGEX, NAME, f"its name `{param}`")
        add(L.GLOB, NAME - 1, f"its name `{param}`")
    reads = bool(_READS & set(fn))
    if own and own <= _GENERIC | {"value"} and not named and reads:
        for w in fn:
            if w in _FUNCTION_WORDS:
                add(_FUNCTION_WORDS[w], CONTEXT, f"a generic name in `{function}`")
                break
    if own & _PATTERN_WORDS and {"glob", "wildcard", "fnmatch"} & set(fn):
        add(L.GLOB, CONTEXT, f"a pattern of `{function}`")
    for call in _passed_to(body, aliases(body, param)) if body else []:
        add(_CALLS[call][1], NAME, f"the body passes it to `{call}`")
    for line in _doc_lines(prose, param):
        lang = _doc_language(line)
        if lang is not None:
            add(lang, NAME, f"its documentation: {line!r}")
            break
    others = [t for t in text_params if t != param]
    if prose and not others:
        lang = _doc_language(prose)
        if lang is not None:
            add(lang, CONTEXT, "the documentation of its function names it")
    if body:
        seen = literals_tested_on(body, param)
        lang = _by_chars(seen)
        if lang is not None:
            shown = ", ".join([*seen.chars[:6], *(f'"{s}"' for s in seen.strings[:2])])
            add(lang, CONTEXT, f"the body compares it with {shown}")
    if not score:
        return None
    best = max(score, key=lambda lang: score[lang])  # the first of equals: the strongest kind
    if score[best] < ENOUGH:
        return None
    return LanguageFact(best, tuple(why[best]))


def parameter_languages(
    params: Sequence[str], function: str, body: str, doc: str
) -> tuple[LanguageFact | None, ...]:
    """``infer_language`` of each of a function's text parameters ``params``, in order.

    >>> [f and f.language for f in parameter_languages(("pattern", "text"), "match", "", "")]
    [<InputLanguage.REGEX: 'regular expression'>, None]
    """
    return tuple(infer_language(p, function, body, doc, text_params=params) for p in params)
