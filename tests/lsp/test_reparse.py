"""``cdoctest_runner.clang.Reparser``: one translation unit per file, reparsed (precompiled
preamble) for each new text, and the language server's listing that uses it.

What is checked is what the reparsed unit *sees*, never how fast it is: an edit in a function
body, an edit inside the preamble (a new ``#include``), a header changed on disk, and the
engine's code-action listing after a one-character edit.

Test data: small files written into ``tmp_path`` (a preamble needs the file on disk).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner import clang
from server.analysis.locate import load_source

BASE = """\
#include <vector>
#include "local.h"

int twice(int x) { return 2 * x; }

int size_of(const std::vector<int>& v) { return (int)v.size(); }
"""


def _names(path: str, text: str, reparser: clang.Reparser | None) -> list[str]:
    return [f.declaration.name for f in load_source(path, text, reparser=reparser).functions]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "local.h").write_text("inline int from_header(int x) { return x; }\n")
    path = tmp_path / "file.cpp"
    path.write_text(BASE)
    return path


def test_a_reparse_sees_edits_in_the_body_and_in_the_preamble(project: Path) -> None:
    """Test data: BASE (<vector> and a local header)."""
    path = str(project)
    reparser = clang.Reparser()
    assert _names(path, BASE, reparser) == ["twice", "size_of"]
    tu = reparser.parse(path, BASE, "cpp")
    # A one-character edit in a body that renames nothing: the same unit, reparsed.
    edited = BASE.replace("2 * x", "3 * x")
    assert reparser.parse(path, edited, "cpp") is tu
    body = [t.spelling for t in tu.cursor.get_tokens() if t.spelling in ("2", "3")]
    assert body == ["3"]
    # A one-character edit that renames a function (twice -> twicf).
    assert _names(path, BASE.replace("twice", "twicf"), reparser) == ["twicf", "size_of"]
    # An edit inside the preamble: a new include brings a declaration the code now uses.
    Path(project.parent / "more.h").write_text("inline int extra(int x) { return x + 1; }\n")
    with_more = BASE.replace('#include "local.h"', '#include "local.h"\n#include "more.h"')
    with_more += "int use(int x) { return extra(x); }\n"
    source = load_source(path, with_more, reparser=reparser)
    assert [f.declaration.name for f in source.functions] == ["twice", "size_of", "use"]
    assert source.errors == []  # extra() resolved through the new include
    # A header changed on disk: the kept preamble is rebuilt, the new declaration is seen.
    (project.parent / "local.h").write_text("inline long from_header(long x) { return x; }\n")
    uses = BASE + "long call(long x) { return from_header(x); }\n"
    tu = reparser.parse(path, uses, "cpp")
    (decl,) = [
        c
        for c in tu.cursor.get_children()
        if c.spelling == "from_header" and c.location.file is not None
    ]
    assert decl.result_type.spelling == "long"


def test_reparsed_and_fresh_parses_list_the_same_functions(project: Path) -> None:
    """Test data: BASE plus a class with methods; the kept unit agrees with a fresh parse after
    each of several edits.
    """
    text = (
        BASE
        + "struct Acc { int t = 0; void add(int v) { t += v; } int get() const { return t; } };\n"
    )
    path = str(project)
    reparser = clang.Reparser()
    for edit in (text, text.replace("t += v", "t -= v"), text.replace("get()", "got()"), text):
        kept = [f.info for f in load_source(path, edit, reparser=reparser).functions]
        fresh = [f.info for f in load_source(path, edit).functions]
        assert kept == fresh


def test_a_path_not_on_disk_is_parsed_afresh_and_not_kept(tmp_path: Path) -> None:
    """Test data: an unsaved buffer whose path does not exist (no preamble is possible)."""
    reparser = clang.Reparser()
    path = str(tmp_path / "untitled.cpp")
    assert _names(path, "int f() { return 1; }\n", reparser) == ["f"]
    assert _names(path, "int g() { return 1; }\n", reparser) == ["g"]
    assert reparser.parse(path, "int h();\n", "cpp") is not reparser.parse(
        path, "int h();\n", "cpp"
    )


def test_the_engine_listing_sees_a_one_character_edit(project: Path) -> None:
    """Test data: BASE. The language server's listing (``Engine.functions``) keeps the unit of
    the document and reparses it: version 2 renames ``twice`` by one character.
    """
    from server.lsp.engine import Engine
    from server.lsp.settings import Settings

    engine = Engine(Settings())
    uri = project.as_uri()
    try:
        first = engine.functions(uri, 1, str(project), BASE)
        second = engine.functions(uri, 2, str(project), BASE.replace("int twice", "int twicf"))
        assert [f.declaration.name for f in first] == ["twice", "size_of"]
        assert [f.declaration.name for f in second] == ["twicf", "size_of"]
        assert second[0].declaration.line == first[0].declaration.line
        engine.forget(uri)
        assert engine._reparser is not None and engine._reparser._units == {}
    finally:
        engine.close()
