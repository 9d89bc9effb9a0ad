"""``server.lsp.listing``: an edit inside one function body gives the function list without a
parse (moved by the lines it added or removed); every other kind of edit asks for a parse. Each
list given is checked against a real parse of the edited text.

Test data: SOURCE below (a multi-line signature, a comment, a one-line function).
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import server.lsp.listing
from server.locate import load_source
from server.lsp.listing import relisted

SOURCE = """\
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
        ("   over two lines */", "   over 2 lines */", False),  # between functions
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
    got = relisted(SOURCE, edited, before)
    assert (got is not None) is kept
    if got is not None:
        assert got == [f.info for f in load_source(path, edited).functions]


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
        assert [f.declaration.name for f in third] == ["add", "thrice", "count"]
    finally:
        engine.close()
