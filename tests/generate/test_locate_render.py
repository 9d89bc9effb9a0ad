"""server/analysis/locate.py, server/analysis/context.py and server/render.py: libclang and text
only (no clang-repl).

Test data: tests/generate/data/blocks.cpp (a hand-written block, a block of an older version, with
its ``cdoctest-gen:`` line, a method defined out of line) and tests/generate/data/broken.c (a
missing include and a syntax error).
"""

from __future__ import annotations

import os

import pytest

from cdoctest_runner.example import Example
from server.analysis.context import function_context
from server.analysis.locate import TargetNotFound, load_source, select_targets
from server.api import TargetSelector, TextEdit
from server.render import (
    apply_edits,
    newline_of,
    plan_edit,
    read_text,
    render_block,
    shifted_line,
    write_text_atomic,
)

DATA = os.path.join(os.path.dirname(__file__), "data")
BLOCKS = os.path.join(DATA, "blocks.cpp")
BROKEN = os.path.join(DATA, "broken.c")


def test_functions_blocks_and_qualnames() -> None:
    src = load_source(BLOCKS)
    got = [
        (
            f.declaration.qualname,
            f.declaration.kind,
            f.start_line,
            f.info.has_block,
            f.info.block_generated,
        )
        for f in src.functions
    ]
    assert got == [
        ("geo::area", "function", 9, True, False),
        ("geo::perimeter", "function", 16, True, True),
        ("geo::twice", "function", 19, False, False),
        ("geo::Box::Box", "constructor", 22, False, False),
        ("geo::Box::volume", "method", 27, False, False),  # the out-of-line definition wins
    ]
    assert src.functions[0].declaration.signature == "int area(int w, int h)"
    assert src.functions[3].declaration.signature == "Box(int side)"
    assert src.functions[1].block is not None and (
        src.functions[1].block.start_line,
        src.functions[1].block.end_line,
    ) == (11, 15)
    assert src.errors == []


def test_select_by_name_line_and_all() -> None:
    src = load_source(BLOCKS)
    names = lambda fs: [f.declaration.qualname for f in fs]  # noqa: E731
    assert names(select_targets(src, TargetSelector())) == [
        "geo::twice",
        "geo::Box::Box",
        "geo::Box::volume",
    ]
    assert names(select_targets(src, TargetSelector(name="volume"))) == ["geo::Box::volume"]
    assert names(select_targets(src, TargetSelector(name="geo::area"))) == ["geo::area"]
    assert names(select_targets(src, TargetSelector(line=13))) == [
        "geo::perimeter"
    ]  # inside its block
    assert names(select_targets(src, TargetSelector(line=27))) == ["geo::Box::volume"]
    with pytest.raises(TargetNotFound, match="no function named 'nope'.*geo::twice"):
        select_targets(src, TargetSelector(name="nope"))
    with pytest.raises(TargetNotFound, match="no function at line 2 "):
        select_targets(src, TargetSelector(line=2))


def test_context_of_a_method_names_the_class_and_constructor() -> None:
    src = load_source(BLOCKS)
    volume = select_targets(src, TargetSelector(name="volume"))[0]
    ctx = function_context(src, volume)
    assert ctx.is_method and ctx.is_const and ctx.class_name == "geo::Box"
    assert ctx.constructors == ("geo::Box(int side)",)
    assert "struct Box {" in ctx.class_text
    assert (
        ctx.call_hint
        == "// make an object first, e.g.: geo::Box obj(3);\n// then call obj.volume()"
    )
    target = ctx.prompt_target
    assert target.qualname == "geo::Box::volume" and target.language == "c++"
    assert "#include <cstdio>" in target.context and ">>> geo::area(2, 3)" in target.examples_style
    twice = function_context(src, select_targets(src, TargetSelector(name="twice"))[0])
    assert (
        twice.call_name == "geo::twice" and twice.call_hint == "// call it as, e.g.: geo::twice(3)"
    )


def test_broken_file_keeps_functions_that_parse_and_blanks_the_rest() -> None:
    src = load_source(BROKEN)
    assert [f.declaration.name for f in src.functions] == ["ok_inc", "broken", "ok_dec"]
    assert [(d.line, d.message) for d in src.errors] == [(5, "expected expression")]
    assert [d.line for d in src.missing_includes] == [1]
    code = src.code_under_test()
    assert code.text is not None
    lines = code.text.split("\n")
    assert lines[0] == "" and lines[4] == ""  # the include and the broken function are blanked
    assert (
        lines[2] == "int ok_inc(int x) { return x + 1; }"
        and lines[6] == "int ok_dec(int x) { return x - 1; }"
    )
    assert code.text.count("\n") == src.text.count("\n")


def test_render_insert_and_replace_keep_everything_else(tmp_path) -> None:
    text = read_text(BLOCKS).replace("\n", "\r\n")
    path = tmp_path / "blocks.cpp"
    path.write_bytes(text.encode())
    src = load_source(str(path))
    assert newline_of(src.text) == "\r\n"
    twice, perimeter = (
        select_targets(src, TargetSelector(name=n))[0] for n in ("twice", "perimeter")
    )
    ex = [Example("geo::twice(4)", "8"), Example("int v = 1;"), Example('printf("\\n");', "\n")]
    block = render_block(ex, "/**", twice.indent, "\r\n")
    assert block == (  # the examples and nothing else: no text of the tool's
        '/**\r\n>>> geo::twice(4)\r\n8\r\n>>> int v = 1;\r\n>>> printf("\\n");\r\n<...>\r\n*/\r\n'
    )
    e1 = plan_edit(twice, block)
    assert e1 == TextEdit(18, 0, 18, 0, block)  # inserted above line 19 (1-based)
    e2 = plan_edit(
        perimeter, render_block([Example("geo::perimeter(2, 3)", "10")], "/**", "", "\r\n")
    )
    assert (e2.start_line, e2.end_line) == (10, 15)  # replaces our old block, lines 11..15
    new = apply_edits(src.text, [e1, e2])
    assert e2.new_text.count("\r\n") == 4 and shifted_line([e1, e2], e1) == 18 + 4 - 5
    assert "cdoctest-gen:" not in new  # the older version's line went with its block
    e3 = TextEdit(0, 0, 0, 0, "// a\r\n// b\r\n")
    assert shifted_line([e3, e1, e2], e1) == 19 and shifted_line([e3, e1, e2], e3) == 0
    # Outside the edited ranges the text is unchanged, CRLF included.
    old_lines = src.text.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    assert new_lines[:10] == old_lines[:10]
    assert new_lines[-(len(old_lines) - 18) :] == old_lines[18:]
    assert all(line.endswith("\r\n") for line in new_lines)
    write_text_atomic(str(path), new)
    assert path.read_bytes() == new.encode()
    # A hand-written block is replaced only when asked.
    area = select_targets(src, TargetSelector(name="area"))[0]
    assert plan_edit(area, "X\n").end_line == 8
    assert plan_edit(area, "X\n", replace_user_blocks=True) == TextEdit(4, 0, 8, 0, "X\n")


def test_line_comment_style_and_indentation() -> None:
    block = render_block([Example("s.size()", "2")], "///", "    ", "\n")
    assert block == "    /// >>> s.size()\n    /// 2\n"


def test_read_write_keep_invalid_utf8_bytes(tmp_path) -> None:
    path = tmp_path / "latin1.c"
    raw = b"/* caf\xe9 */\nint f(void) { return 1; }\n"
    path.write_bytes(raw)
    text = read_text(str(path))
    write_text_atomic(str(path), text)
    assert path.read_bytes() == raw


def test_block_style_follows_the_files_cdoctest_blocks(tmp_path) -> None:
    from server.render import block_style

    text = "/// >>> one()\n/// 1\nint one(void) { return 1; }\n\nint two(void) { return 2; }\n"
    src = load_source(str(tmp_path / "s.c"), text)
    assert block_style(src) == "///"
    assert [f.info.has_block for f in src.functions] == [True, False]
    assert block_style(load_source(BLOCKS)) == "/**"


# ------------------------------------------------------------------------------------------------
# Examples go into the user's own documentation comment (server.render.plan_block / doc_section).

DOC_C = """\
#include <string.h>

/**
 * @brief Length of a C string.
 * @param s a NUL-terminated string
 */
int len(const char *s) { return (int)strlen(s); }

/** Negates. */
int neg(int a) { return -a; }

/*!
    Doubles its argument.
*/
int twice(int a) { return 2 * a; }

/// Halves.
/// @return a / 2
int half(int a) { return a / 2; }

// a plain comment, not documentation
int inc(int a) { return a + 1; }
"""

DOC_CPP = """\
namespace num {
class Acc {
  public:
    /// Adds @p x to the total.
    ///   (keeps the running sum)
    void add(int x) { total += x; }

    /**
     * The total so far.
     */
    int sum() const { return total; }

  private:
    int total = 0;
};
}  // namespace num
"""


def _document(text: str, path: str, examples_of, store=None) -> str:  # noqa: ANN001
    """``text`` with a block for every function, planned as the generator plans it: the blocks
    ``store`` holds are the tool's (``server.ownership``), and the new ones go on record there.
    """
    from server.ownership import BlockStore, resolve
    from server.render import plan_block

    store = store or BlockStore(None)
    src = load_source(path, text)
    resolve(src, store)
    planned = [plan_block(f, examples_of(f), "/**", "\n") for f in src.functions]
    for block_text, _ in planned:
        store.record_block(block_text)
    return apply_edits(text, [edit for _, edit in planned])


def _comment_above(text: str, name: str) -> str:
    from cdoctest_runner.parser import find_comments

    at = text.index(f"int {name}(")
    return [c for c in find_comments(text) if c.end <= at][-1].text


@pytest.mark.parametrize("language", ["c", "c++"])
def test_doc_comments_kept_byte_for_byte_with_examples_inside(tmp_path, language) -> None:  # noqa: ANN001
    from cdoctest_runner.parser import find_comments, parse_comment

    text, path = (DOC_C, "doc.c") if language == "c" else (DOC_CPP, "doc.cpp")
    path = str(tmp_path / path)
    new = _document(text, path, lambda f: [Example(f"{f.declaration.name}(7)", "7")])
    user = [c for c in find_comments(text) if c.style != "//"]
    lines = text.split("\n")
    for comment in user:  # every user comment is still there, byte for byte, up to its '*/'
        kept = "\n".join(lines[comment.line - 1 : comment.end_line])
        if lines[comment.end_line - 1].strip() == "*/":
            kept = "\n".join(lines[comment.line - 1 : comment.end_line - 1]) + "\n"
        elif kept.endswith("*/"):
            kept = kept[:-2].rstrip()  # a closing '*/' sharing a line moves below the section
        assert kept in new
        after = new[new.index(kept) + len(kept) :]
        assert ">>> " in after.split("*/")[0].split("{")[0]  # the section follows, in the comment
    # Nothing but sections (and separators) was added: each user comment holds examples now, and
    # the only comment of examples alone is the new block below the plain '//' comment.
    with_examples = [c for c in find_comments(new) if ">>> " in c.text]
    docs = [c for c in with_examples if not c.text.startswith("/**\n>>> ")]
    assert len(docs) == len(user) and len(with_examples) == len(user) + (language == "c")
    for c in docs:
        examples = parse_comment(c)
        assert [e.want for e in examples] == ["7\n"]
        assert examples[0].source.endswith("(7)\n")
    # No second comment between a doc comment and its function; the plain '//' comment keeps
    # its function's new block below it (as before).
    assert "*/\n/**" not in new and "*/\n    /**" not in new
    assert "cdoctest-gen:" not in new  # no text of the tool's
    if language == "c":
        assert _comment_above(new, "neg") == "/** Negates.\n *\n * >>> neg(7)\n * 7\n */"
        assert "///\n/// >>> half(7)\n/// 7\nint half" in new
        assert "    Doubles its argument.\n\n    >>> twice(7)\n" in new
        assert "// a plain comment, not documentation\n/**\n>>> inc(7)\n7\n*/\nint inc" in new
    else:
        assert "    ///   (keeps the running sum)\n    ///\n    /// >>> add(7)\n" in new
        assert "     * The total so far.\n     *\n     * >>> " in new


def test_regeneration_replaces_only_its_own_section(tmp_path) -> None:
    from server.ownership import BlockStore

    path = str(tmp_path / "doc.c")
    store = BlockStore(str(tmp_path / "store"))
    first = _document(DOC_C, path, lambda f: [Example(f"{f.declaration.name}(1)", "1")], store)
    second = _document(
        first,
        path,
        lambda f: [Example(f"{f.declaration.name}(2)", "2"), Example("int k = 3;")],
        store,
    )
    want = (
        first.replace("(1)\n * 1\n", "(2)\n * 2\n * >>> int k = 3;\n")
        .replace("(1)\n/// 1\n", "(2)\n/// 2\n/// >>> int k = 3;\n")
        .replace("(1)\n    1\n", "(2)\n    2\n    >>> int k = 3;\n")
        .replace("(1)\n1\n", "(2)\n2\n>>> int k = 3;\n")
    )
    assert second == want
    # A line the user added after our section (after a blank line) survives regeneration.
    mine = " * >>> len(1)\n * 1\n *\n * @note mine\n */"
    edited = first.replace(" * >>> len(1)\n * 1\n */", mine)
    again = _document(edited, path, lambda f: [Example(f"{f.declaration.name}(5)", "5")], store)
    assert " * >>> len(5)\n * 5\n *\n * @note mine\n */" in again


def test_apply_edits_clamps_like_lsp_and_refuses_overlaps() -> None:
    text = "int a;\r\nint b;\n"
    # A column past the line's end stops before its line break (the \r is part of the line).
    assert apply_edits(text, [TextEdit(0, 99, 0, 99, " // a")]) == "int a;\r // a\nint b;\n"
    # A line past the last one is the end of the text.
    assert apply_edits(text, [TextEdit(7, 0, 7, 3, "x")]) == text + "x"
    # Several edits apply against the original positions, in any order.
    edits = [TextEdit(1, 4, 1, 5, "c"), TextEdit(0, 4, 0, 5, "z")]
    assert apply_edits(text, edits) == "int z;\r\nint c;\n"
    with pytest.raises(ValueError, match="overlapping"):
        apply_edits(text, [TextEdit(0, 0, 1, 2, ""), TextEdit(0, 3, 0, 4, "")])


def test_locate_docstring_examples() -> None:
    import doctest

    import server.analysis.locate

    result = doctest.testmod(server.analysis.locate)
    assert result.attempted >= 3 and result.failed == 0
