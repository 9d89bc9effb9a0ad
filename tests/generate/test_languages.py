"""Input languages of text parameters (``server.analysis.languages``) and the inputs in them
(``server.search.grammars``, ``server.search.dictionaries``): what a parameter is read as and
why, the AFL++ dictionary format, seeds and grammar-aware edits, and where they reach the input
search's value pools, its variants and the fallback's values.

Test data: ``tests/data/languages/wildmatch.c`` (a wildcard matcher: ``*``, ``?``, ``[a-c]``,
``[!a]``), ``tests/data/languages/mini_printf.c`` (a printf-like function handling only ``%s``,
``%i``, ``%u`` and ``%%``). The tests with real clang-repl compare the search with and without
the languages on the matcher's mutants, and read the generated blocks.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cdoctest_runner.ctext import strlen
from cdoctest_runner.example import Declaration, Example
from server.analysis import analyse_text
from server.analysis.documentation import DocFacts
from server.analysis.kinds import Param, ParamKind
from server.analysis.languages import InputLanguage, infer_language, words
from server.analysis.mining import Compared, aliases, literals_tested_on
from server.candidates.by_type import fallback_candidates
from server.search.dictionaries import DictionaryError, parse_dict, tokens
from server.search.grammars import (
    GRAMMARS,
    MAX_VALUES,
    c_literal,
    grammar_edits,
    language_pairs,
    language_texts,
    language_values,
    length_pairs,
    shape_languages,
    subject_pairs,
)
from server.search.inputs import format_values, value_pools
from server.search.killing import candidate_calls
from server.search.shapes import CallShape
from server.search.variants import variants

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "languages"
L = InputLanguage

GLOB_BODY = """
    if (*pattern == '*') return match(pattern + 1, text) || (*text && match(pattern, text + 1));
    if (*pattern == '?') return *text && match(pattern + 1, text + 1);
    if (*pattern == '[') { const char *p = pattern + 1; while (*p != ']') p++; }
    return *pattern == *text;
"""
REGEX_BODY = """
    switch (*re) { case '^': anchored = 1; break; case '$': return 1; case '|': alt++; break;
                   case '(': depth++; break; case '+': plus = 1; break; }
"""
JSON_CHARS = "if (*s == '{' || *s == '[') depth++; if (*s == ':') key = 0; if (*s == '\"') s++;"


@pytest.mark.parametrize(
    ("param", "function", "body", "doc", "expected"),
    [
        ("pattern", "match", GLOB_BODY, "", L.GLOB),  # the name, told apart by the characters
        ("re", "search", REGEX_BODY, "", L.REGEX),
        ("pattern", "compile", REGEX_BODY.replace("*re", "*pattern"), "", L.REGEX),
        ("regex", "compile", "", "", L.REGEX),
        ("pattern", "wildcard_match", "", "", L.GLOB),  # a pattern of a wildcard function
        ("text", "json_loads", "", "", L.JSON),  # a generic name in a JSON function
        ("value", "cJSON_Parse", "", "", L.JSON),  # ``value`` of a parser
        ("pointer", "json_pointer_get", "", "", L.JSON_POINTER),
        ("path", "json_path_get", "", "", L.JSON_POINTER),
        ("path", "json_load_file", "", "", L.PATH),  # a file's path, even in a JSON API
        ("s", "xml_parse", "", "", L.XML),
        ("html", "render", "", "", L.HTML),
        ("url", "fetch", "", "", L.URL),
        ("uri", "normalize", "", "", L.URL),
        ("s", "url_decode", "", "", L.URL),
        ("filename", "load", "", "", L.PATH),
        ("fmt", "log_line", "", "", L.FORMAT),
        ("line", "ini_parse_line", "", "", L.INI),
        ("line", "csv_split", "", "", L.CSV),
        ("header", "add", "", "", L.HEADER),
        ("identifier", "is_keyword", "", "", L.IDENTIFIER),
        ("s", "f", "char *end; double d = strtod(s, &end); return d > 0;", "", L.NUMBER),
        ("name", "lookup", "return getenv(name) != NULL;", "", L.IDENTIFIER),
        ("where", "open_log", 'FILE *f = fopen(where, "a");', "", L.PATH),
        ("spec", "check", "", "/** Checks.\n * @param spec a regular expression */", L.REGEX),
        ("s", "load", "", "/* Loads a JSON document from s. */", L.JSON),
        ("s", "to_int", "", "/* Parse an optionally signed decimal integer in s. */", L.NUMBER),
        ("s", "scan", JSON_CHARS, "", L.JSON),  # the characters alone
        (
            "s",
            "tags",
            "if (*s == '<') open++; if (*s == '/') close++; if (*s == '>') n++;",
            "",
            L.XML,
        ),
    ],
)
def test_a_parameter_language_is_read_from_names_calls_docs_and_characters(
    param: str, function: str, body: str, doc: str, expected: InputLanguage
) -> None:
    fact = infer_language(param, function, body, doc)
    assert fact is not None and fact.language is expected, fact
    assert fact.evidence  # every fact says why


@pytest.mark.parametrize(
    ("param", "function", "body", "doc", "texts"),
    [
        # A vowel counter's text is no language ("the number of" is not a number as text).
        ("s", "count_vowels", "if (*s == 'a' || *s == 'e') n++;", "/* The number of vowels */", ()),
        ("key", "json_object_get", "", "", ()),  # a key is any text, not JSON
        ("text", "match", GLOB_BODY, "", ("pattern", "text")),  # the subject of a matcher
        ("text", "match", "", "/* Matches text against a glob pattern. */", ("pattern", "text")),
        ("s", "trim", "while (*s == ' ' || *s == '\\t') s++;", "", ()),
        ("buf", "format_number", "", "", ()),  # a function's word only counts for its reader
        ("s", "json_object_new_string", "", "", ()),  # makes JSON from plain text
        ("data", "render_html_escaped", "", "", ()),
        ("input", "md_html", "", "", ()),  # Markdown in, HTML out
    ],
)
def test_no_language_without_evidence(
    param: str, function: str, body: str, doc: str, texts: tuple[str, ...]
) -> None:
    assert infer_language(param, function, body, doc, text_params=texts) is None


def test_the_evidence_names_the_name_and_the_characters() -> None:
    fact = infer_language("pattern", "match", GLOB_BODY)
    assert fact is not None
    assert fact.evidence == ("its name `pattern`", "the body compares it with '*', '?', '[', ']'")
    assert str(fact).startswith("wildcard pattern (its name `pattern`;")
    assert words("XMLHttpRequest_open") == ["xml", "http", "request", "open"]


def test_the_characters_a_body_compares_one_parameter_with() -> None:
    """Through the names taken from it (a pointer into it, a character read from it), in a
    relation, a ``case`` of a ``switch`` on it, or a comparing call; not another parameter's.
    """
    body = (
        "const char *p = pattern; char c = *p++; if (c == '*') n++; if (*text == '?') m++;"
        "switch (p[1]) { case '[': break; } if (strchr(p, ']')) x = 1;"
        'if (strncmp(text, "<!--", 4) == 0) y = 1; if (count == 3) z = 1;'
    )
    assert aliases(body, "pattern") == {"pattern", "p", "c"}
    assert literals_tested_on(body, "pattern") == Compared(("'*'", "'['", "']'"), ())
    assert literals_tested_on(body, "text") == Compared(("'?'",), ("<!--",))
    assert literals_tested_on(body, "count") == Compared()


# ---------------------------------------------------------------------------------------------
# The AFL++ dictionaries


def test_the_vendored_dictionaries_parse_and_carry_their_licence() -> None:
    expected = {
        "json": b"true",
        "regexp": b"(?:a*)*",
        "url": b"://",
        "xml": b"<![CDATA[",
        "html_tags": b"<body>",
        "http": b"Content-Length",
    }
    folder = ROOT / "server" / "search" / "dictionaries"
    for name, token in expected.items():
        found = tokens(name)
        assert token in found and len(found) >= 40, name
        assert parse_dict((folder / f"{name}.dict").read_text()) == list(found)
    assert "Apache License" in (folder / "LICENSE").read_text()
    readme = (folder / "README.md").read_text()
    assert (
        "AFLplusplus/AFLplusplus" in readme and "78b7e14c73baacf1d88b3c03955e78f5080d17ba" in readme
    )
    # Packaged with the code: pyproject's package data names the folder's files.
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert set(data["package-data"]["server.search.dictionaries"]) >= {"*.dict", "LICENSE"}


def test_the_dictionary_format() -> None:
    text = '# comment\n\nkw="if"\n"a\\"b"\n"\\\\x"\n"\\x41\\xff"\nlevel@2="deep"\n"a"c"\n"if"\n'
    assert parse_dict(text) == [b"if", b'a"b', b"\\x", b"A\xff", b'a"c']
    assert parse_dict(text, level=2)[4] == b"deep"
    for bad in ['"unterminated', 'kw="x" trailing', '"\\q"', 'bad name="x"', '"tab\there"']:
        with pytest.raises(DictionaryError):
            parse_dict(bad)


# ---------------------------------------------------------------------------------------------
# Seeds, edits and the values they give


def _unescaped(literal: str) -> bytes:
    """The bytes a C literal (possibly split: ``"\\xc3" "a"``) holds."""
    inner = literal[1:-1].replace('" "', "")
    return inner.encode().decode("unicode_escape").encode("latin-1")


def test_every_language_gives_bounded_valid_literals_seeds_first() -> None:
    for language, grammar in GRAMMARS.items():
        values = language_values(language)
        texts = language_texts(language)
        assert 8 <= len(values) <= MAX_VALUES and len(set(values)) == len(values), language
        assert texts[:4] == list(grammar.seeds[:4])
        for text, value in zip(texts, values, strict=True):
            assert _unescaped(value) == text.encode(), (language, text, value)
    assert c_literal("é1") == '"\\xc3\\xa9" "1"'  # a hex escape never swallows a digit


def test_grammar_edits_by_kind() -> None:
    def edits(language: InputLanguage, text: str, kind: str) -> list[str]:
        return [t for k, t in grammar_edits(GRAMMARS[language], text) if k == kind]

    assert edits(L.JSON, '{"a": [1, 2]}', "unterminated") == ['{"a": [1, 2]', '{"a": [1, 2]}[']
    assert edits(L.JSON, '{"a": [1, 2]}', "duplicate") == ['{"a": [1, 1, 2]}', '{"a": [1, 2, 2]}']
    assert edits(L.JSON, "[1, 2]", "remove") == ["[2]", "[1]"]
    assert edits(L.JSON, "[1, 2]", "trailing") == ["[1, 2],", "[1, 2]:"]
    assert edits(L.XML, "<a>x</a>", "unterminated") == ["<a>x</a", "<a>x", "<a>x</a><"]
    assert edits(L.XML, "<a>x</a>", "case") == ["<A>X</A>"]
    assert edits(L.PATH, "/a/b", "truncate") == ["/a/", "/"]
    assert edits(L.PATH, "/a/b", "duplicate") == ["/a/a/b", "/a/b/b"]
    assert edits(L.PATH, "/a/b", "utf8") == ["/a/é"]
    assert edits(L.URL, "http://h/?a=1&b=2", "remove") == ["http://h/?b=2", "http://h/?a=1"]
    assert edits(L.GLOB, "a*b", "trailing") == ["a*b\\", "a*b*"]  # ``a*b[``: unterminated
    assert edits(L.JSON_POINTER, "/a~1b", "truncate") == ["/a~", "/"]


def test_dictionary_tokens_join_the_values_in_their_slot_and_alone() -> None:
    json = language_texts(L.JSON)
    assert "[0]" in json and "0" in json  # json.dict's first token, in ``[{}]`` and alone
    url = language_texts(L.URL)
    assert "aim://h/" in url  # url.dict's schemes in ``{}://h/``


def test_a_pattern_gets_texts_it_matches_and_misses_and_a_text_its_split_length() -> None:
    pairs = subject_pairs(L.GLOB)
    assert pairs[:2] == [('"a*b"', '"ab"'), ('"a?c"', '"abc"')]
    assert ('"a*b"', '"abx"') in pairs  # a miss
    assert subject_pairs(L.JSON) == []
    # A length that ends inside the two bytes of ``é`` (the second of its pairs).
    (first, split, whole) = length_pairs(['"[1]"'], 3)
    assert first == ('"[1]"', "3") and whole == ('"a\\xc3\\xa9"', "3")
    assert split == ('"a\\xc3\\xa9"', "2") and strlen(split[0]) == 3


def _shape(*params: tuple[ParamKind, str], name: str = "f") -> CallShape:
    return CallShape(
        name,
        tuple(Param(k, "char" if k != ParamKind.UINT else "size_t", n) for k, n in params),
        "value",
    )


def test_a_text_in_a_language_takes_its_inputs_before_the_bodys_characters() -> None:
    shape = _shape((ParamKind.CSTR, "pattern"), (ParamKind.CSTR, "text"), name="match")
    pools = value_pools(shape, DocFacts(strings=('"doc"',)), GLOB_BODY)
    assert pools[0][:4] == ['"doc"', '"a*b"', '"a?c"', '"[ab]c"']  # the documentation first
    assert pools[0][1 : 1 + MAX_VALUES] == language_values(L.GLOB)
    assert pools[0].index('"*x*"') > MAX_VALUES  # then the body's characters, as before
    assert '"a*b"' not in pools[1]  # the subject is no pattern
    langs = shape_languages(shape, GLOB_BODY)
    assert language_pairs(shape, pools, langs, 3) == [
        (0, '"a*b"', 1, '"ab"'),
        (0, '"a?c"', 1, '"abc"'),
        (0, '"[ab]c"', 1, '"bc"'),
    ]
    calls = candidate_calls(shape, DocFacts(), GLOB_BODY, 48)
    assert len(calls) == 48 and ['"a*b"', '"ab"'] in calls
    # No languages: the pools of before.
    plain = value_pools(shape, DocFacts(), GLOB_BODY, languages=())
    assert plain[0][:3] == ['""', '"a"', '"*"']


def test_a_text_and_its_length_get_the_length_and_a_split_character() -> None:
    shape = _shape((ParamKind.CSTR, "json"), (ParamKind.UINT, "len"), name="parse")
    calls = candidate_calls(shape, DocFacts(), "", 48)
    assert ['"{\\"a\\": 1}"', "8"] in calls
    assert ['"a\\xc3\\xa9"', "2"] in calls  # aé cut after the first byte of é


def test_a_printf_like_function_gets_the_directives_its_body_handles() -> None:
    """The directives ``mini_printf`` compares with (``%s``, ``%i``, ``%u``, and ``'%'`` twice:
    ``%%``), each with its argument; none it does not handle.
    """
    body = (DATA / "mini_printf.c").read_text()
    from server.analysis.mining import text_chars

    formats = format_values(text_chars(body), [], percent=body.count("'%'") > 1)
    assert formats[0] == '"a%%b|"'
    for directive in ("%s", "%i", "%u"):
        assert any(directive in f for f in formats), directive
    assert not any("%d" in f or "%x" in f or "%f" in f for f in formats)


# ---------------------------------------------------------------------------------------------
# The fallback and the variants


def _fallback_sources(text: str, name: str) -> list[str]:
    line = next(k for k, s in enumerate(text.splitlines(), 1) if f" {name}(" in s)
    analysis = analyse_text(text, Declaration(name, name, "function", line, 1, line, 1), "c")
    return [e.source.strip() for block in fallback_candidates(analysis) for e in block]


def test_the_fallback_gives_a_parameter_inputs_of_its_language() -> None:
    """A regular expression compiler gets patterns (not ``"hello"``), an XML parser an XML
    document, a JSON pointer lookup pointers and a JSON text.
    """
    regex = _fallback_sources(
        "int re_compile(const char *regex) { return regex[0]; }\n", "re_compile"
    )
    assert regex[:3] == ['re_compile("a*b")', 're_compile("^ab$")', 're_compile("")']
    xml = _fallback_sources("int xml_parse(const char *text) { return text[0]; }\n", "xml_parse")
    assert xml[0] == 'xml_parse("<a>x</a>")'
    pointer = _fallback_sources(
        "int json_find(const char *json, const char *pointer) { return json[0] + pointer[0]; }\n",
        "json_find",
    )
    assert pointer[:2] == ['json_find("{\\"a\\": 1}", "")', 'json_find("[1, 2]", "/a/b")']
    assert not any('"hello"' in s for s in regex[:8] + xml[:8] + pointer[:5])


def test_a_variadic_format_takes_no_directives_from_the_fallback() -> None:
    """The fallback passes no variadic arguments, so a printf-like function's format gets no
    ``%d`` of its language (a call reading an argument it was not given is undefined).
    """
    sources = _fallback_sources((DATA / "mini_printf.c").read_text(), "mini_printf")
    assert sources and not any('"%d"' in s or '"%s"' in s for s in sources)


def test_a_seed_literal_in_a_language_gets_its_grammar_edits() -> None:
    seed = [Example('tok t[4]; parse(t, "{\\"a\\": 1}", 8)')]
    found = variants([seed], {"parse"}, [], 40, languages=(None, L.JSON, None))
    grammar = [v.examples[0].source.strip() for v in found if v.kind == "grammar"]
    assert grammar[0] == 'tok t[4]; parse(t, "{\\"a\\": 1", 7)'  # unterminated, length in step
    assert len(grammar) >= 5
    wide = [Example('parse(t, "/\\xc3\\xa9", 3)')]
    (split,) = [v for v in variants([wide], {"parse"}, [], 40) if v.kind == "grammar"]
    assert split.examples[0].source.strip() == 'parse(t, "/\\xc3\\xa9", 2)'


# ---------------------------------------------------------------------------------------------
# With real clang-repl


def _context(path: Path, name: str):  # noqa: ANN202
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector

    source = load_source(str(path))
    (target,) = select_targets(source, TargetSelector(name=name))
    return source, function_context(source, target)


@pytest.mark.clang
@pytest.mark.slow
def test_a_matchers_search_kills_more_mutants_with_its_patterns_language(runner) -> None:  # noqa: ANN001
    """The same 40 searched calls of ``match(pattern, text)``, with the pattern read as a
    wildcard pattern (seeds, edits, texts each matches and misses) and without (the characters
    of the body alone), run against the same 40 mutants: the language kills far more.
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.judge.select import build_pool
    from server.judge.units import Candidate, Origin
    from server.judge.verify import verify_candidates

    source, ctx = _context(DATA / "wildmatch.c", "match")
    (shape,) = CallShape.each(ctx)
    languages = shape_languages(shape, ctx.source, ctx.doc_comment)
    assert languages[0] is not None and languages[0].language is L.GLOB and languages[1] is None
    code = source.code_under_test()
    mutants = make_mutants(source.text, ctx.declaration, "c", 40, path=source.path)
    killed = {}
    for with_language in (False, True):
        calls = candidate_calls(
            shape, DocFacts(), ctx.source, 40, languages=languages if with_language else ()
        )
        cands = [
            Candidate(tuple(shape.render(args, f"_s{k}")), origin=Origin.INPUT_SEARCH, index=k)
            for k, args in enumerate(calls)
        ]
        kept = verify_candidates(cands, code, runner, {"match"}).kept
        pool = build_pool(list(kept), max_examples=10**6)
        report = mutation_analysis(pool.examples, code, ctx.declaration, runner, list(mutants))
        killed[with_language] = len(report.killed_by)
    # Measured: 17 of 40 without, 34 with (2 cores).
    assert killed[True] >= killed[False] + 8, killed


@pytest.mark.clang
@pytest.mark.slow
def test_a_matchers_block_holds_wildcard_patterns(runner) -> None:  # noqa: ANN001
    """``cdoctest-gen --no-model`` on the wildcard matcher: its block calls it with patterns
    of the language (``*``, ``?``, ``[...]``), not only with the type's strings.
    """
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        (fn,) = gen.generate(
            str(DATA / "wildmatch.c"), None, TargetSelector(name="match")
        ).functions
    assert fn.status == "verified", fn.message
    patterns = [e.source.split('"')[1] for e in fn.examples if e.source.startswith('match("')]
    wild = [p for p in patterns if set(p) & set("*?[")]
    assert len(wild) >= 3, fn.block_text
    assert any("[" in p for p in wild) and any("*" in p for p in wild), fn.block_text


@pytest.mark.clang
@pytest.mark.slow
def test_a_printf_like_block_shows_the_directives_its_body_handles(runner) -> None:  # noqa: ANN001
    """``mini_printf`` handles ``%s``, ``%i``, ``%u`` and ``%%`` only: the search's formats are
    read off its body, and the block written shows each of them, with its argument.
    """
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    path = DATA / "mini_printf.c"
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        (fn,) = gen.generate(str(path), None, TargetSelector(name="mini_printf")).functions
    assert fn.status == "verified", fn.message
    calls = [e.source for e in fn.examples if "mini_printf(" in e.source]
    for directive in ('%s|", "', '%i|", ', '%u|", ', "%%"):
        assert any(directive in c for c in calls), (directive, fn.block_text)
