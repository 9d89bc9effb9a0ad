"""``server.lsp.listing``: an edit inside one function body gives the function list without a
parse (moved by the lines it added or removed), and so does an edit inside one comment that
changes no delimiter, no line and no block's prompts; every other kind of edit asks for a parse.
Each list given is checked against a real parse of the edited text.

Test data: SOURCE below (a leading comment, a multi-line signature, a comment, a one-line
function, a cdoctest block, a comment in a signature, a string literal in a body).
"""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

import server.lsp.listing
from server.analysis.locate import load_source
from server.lsp.listing import relisted
from server.ownership import BlockStore, resolve

SOURCE = """\
// Listing test data: a leading comment.
int add(int a,
        int b)
{
    int r = a + b;
    return r;
}

/* a comment
   over two lines */
int twice(int x) { return 2 * x; }

int count(const int* v, int len) {
    int n = 0;
    for (int i = 0; i < len; i++) { n += v[i] > 0; }
    return n;
}

/**
 * >>> scale(2, 3)
 * 6
 */
int scale(int x, int k /* the factor */) { return x * k; }

const char* greet(int n) {
    return n > 0 ? "hello, world" : "bye";
}
"""


def test_doctests() -> None:
    assert doctest.testmod(server.lsp.listing).failed == 0


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        ("int r = a + b;", "int r = a + b + 1;", True),  # one body
        ("int n = 0;", "int n = 1; /* c */", True),  # a whole comment on the line
        ("n += v[i] > 0; }", "n += v[i] > 0; } { n++; }", True),  # a balanced block
        ("int b)", "int c)", False),  # the signature
        ("int r = a + b;", "int r = a + b; {", False),  # a brace being typed
        ("int r = a + b;", "int r = (a + b;", False),  # an open parenthesis
        ("int r = a + b;", "int r = a + b; /* open", False),  # a comment reaching other lines
        ("int r = a + b;", "#define twice thrice", False),  # a preprocessor line
        ("int r = a + b;", 'int r = a + b; const char* s = "}";', True),  # a brace in a string
        ("   over two lines */", "   over 2 lines */", True),  # a comment between functions
        ("a leading comment.", "a leading  comment.", True),  # the leading comment
        ("a leading comment.", "a leading comment", True),  # its last character
        ("/* a comment", "/*! a comment", True),  # after the opener
        (" * 6", " * 7", True),  # an expected output in a block of the user's: still the user's
        ('"hello, world"', '"hello; world}"', True),  # a string literal in a body
        ("/* a comment", "/* a */ comment", False),  # ``*/`` typed: closed early
        ("/* a comment", "/* a // comment", False),  # ``//`` typed
        ("   over two lines */", "   over two lines **/", False),  # next to the ``*/``
        ("   over two lines */", "   >>> two lines */", False),  # a prompt typed
        (" * >>> scale(2, 3)", " * >> scale(2, 3)", False),  # a prompt broken
        ("/* the factor */", "/* the factors */", False),  # a comment in a signature
        ("a leading comment.", "a leading comment.\\", False),  # a line continuation
        ("a leading comment.", "a leading\rcomment.", False),  # a carriage return: a line break
        ("{ return 2 * x; }", "{ return 3 * x; }", False),  # a one-line body: no inside lines
        ("int r = a + b;\n", "int r = a + b;\n\n", True),  # a new line: later ones move
        ("    int r = a + b;\n", "", True),  # a line removed
        ("int n = 0;\n", "int n = 0;\n    n++;\n    n--;\n", True),  # lines pasted
        ("int x) {", "int x)\n{", False),  # a line break in a one-line function
        ("    return r;", "    return r; } int g() { return 0;", False),  # a function typed
    ],
)
def test_what_keeps_the_listing(tmp_path: Path, old: str, new: str, kept: bool) -> None:
    """Test data: SOURCE, one edit each; a list given must equal a fresh parse's."""
    assert SOURCE.count(old) == 1
    edited = SOURCE.replace(old, new)
    path = str(tmp_path / "f.cpp")
    before = [f.info for f in load_source(path, SOURCE).functions]
    got = relisted(SOURCE, edited, before, BlockStore(None).owns)  # no block is the tool's
    assert (got is not None) is kept
    if got is not None:
        assert got == [f.info for f in load_source(path, edited).functions]


def test_an_output_typed_in_the_tools_block_is_parsed(tmp_path: Path) -> None:
    """Test data: SOURCE with the block of ``scale`` on record as the tool's (server.ownership).
    An expected output edited makes it the user's: parsed (its action turns into 'Replace');
    a blank typed at a line's end changes no example: kept. Without ``owns`` any edit of its
    examples is parsed.
    """
    store = BlockStore(str(tmp_path / "store"))
    store.record_block(SOURCE[SOURCE.index("/**\n * >>> scale") : SOURCE.index("int scale")])
    path = str(tmp_path / "f.cpp")

    def listed(text: str) -> list:
        source = load_source(path, text)
        resolve(source, store)
        return [f.info for f in source.functions]

    before = listed(SOURCE)
    assert [f.block_generated for f in before] == [False, False, False, True, False]
    edited = SOURCE.replace(" * 6", " * 7")
    assert relisted(SOURCE, edited, before, store.owns) is None
    assert not listed(edited)[3].block_generated
    blank = SOURCE.replace(" * 6", " * 6 ")
    assert relisted(SOURCE, blank, before, store.owns) == before == listed(blank)
    assert relisted(SOURCE, SOURCE.replace(" * 6", " * 7"), before) is None
    again = edited.replace(" * 7", " * 8")  # the user's block now: typing in it is not parsed
    assert relisted(edited, again, listed(edited), store.owns) == listed(again)


def test_random_one_character_edits_keep_only_what_a_parse_gives(tmp_path: Path) -> None:
    """Test data: SOURCE after an include with a comment, a block comment holding a prototype, and
    a declaration whose ``///`` block a later definition carries; 100 one-character edits at
    random places (seeded), characters that open, close or continue comments among them. Every
    list given without a parse equals a fresh parse's; some are given (the check is not idle).
    """
    text = (
        "#include <vector> // for std::vector\n/* note: int ghost(int); */\nint decl(int a);\n"
        "/// >>> decl(1)\n/// 1\nint decl(int a) { return a; }\n" + SOURCE
    )
    path = str(tmp_path / "f.cpp")
    before = [f.info for f in load_source(path, text).functions]
    rng = random.Random(7)
    given = 0
    for _ in range(100):
        i = rng.randrange(len(text))
        if rng.random() < 0.5:
            edited = text[:i] + rng.choice("a */\\#>{}()\"';!") + text[i:]
        else:
            edited = text[:i] + text[i + 1 :]
        got = relisted(text, edited, before)
        if got is not None:
            given += 1
            assert got == [f.info for f in load_source(path, edited).functions], edited
    assert given > 15


def test_the_engine_answers_a_body_edit_from_its_listing(tmp_path: Path) -> None:
    """Test data: SOURCE on disk. A body edit returns the listed functions as they were (the
    same list, no parse); an edit that renames a function is parsed and seen.
    """
    from server.lsp.engine import Engine
    from server.lsp.settings import Settings

    path = tmp_path / "f.cpp"
    path.write_text(SOURCE)
    engine = Engine(Settings())
    uri = path.as_uri()
    try:
        first = engine.functions(uri, 1, str(path), SOURCE)
        parses: list[str] = []
        reparser = engine._reparser
        assert reparser is not None
        parse = reparser.parse
        reparser.parse = lambda *a, **k: parses.append(a[0]) or parse(*a, **k)
        body = SOURCE.replace("int r = a + b;", "int r = a - b;\n    r++;")
        moved = engine.functions(uri, 2, str(path), body)
        assert parses == []  # answered without a parse
        spans = [(f.declaration.line, f.declaration.end_line) for f in first]
        (add_line, add_end), *rest = spans
        assert [(f.declaration.line, f.declaration.end_line) for f in moved] == [
            (add_line, add_end + 1),
            *((line + 1, end + 1) for line, end in rest),
        ]
        renamed = body.replace("int twice", "int thrice")
        third = engine.functions(uri, 3, str(path), renamed)
        assert parses == [str(path)]
        assert [f.declaration.name for f in third] == ["add", "thrice", "count", "scale", "greet"]
    finally:
        engine.close()
