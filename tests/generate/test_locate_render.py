"""server/locate.py, server/context.py and server/render.py: libclang and text only (no clang-repl).

Test data: tests/generate/data/blocks.cpp (a hand-written block, a generated block, a method
defined out of line) and tests/generate/data/broken.c (a missing include and a syntax error).
"""

from __future__ import annotations

import os

import pytest

from cdoctest_runner.example import Example
from server.api import TargetSelector, TextEdit
from server.context import function_context
from server.locate import TargetNotFound, load_source, select_targets
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
    assert ctx.hints == "// make an object first, e.g.: geo::Box obj(3);\n// then call obj.volume()"
    target = ctx.prompt_target
    assert target.qualname == "geo::Box::volume" and target.language == "c++"
    assert "#include <cstdio>" in target.context and ">>> geo::area(2, 3)" in target.examples_style
    twice = function_context(src, select_targets(src, TargetSelector(name="twice"))[0])
    assert twice.call_name == "geo::twice" and twice.hints == "// call it as, e.g.: geo::twice(3)"


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
    assert block == (
        "/**\r\ncdoctest-gen: generated and verified; regenerating replaces this block\r\n"
        '>>> geo::twice(4)\r\n8\r\n>>> int v = 1;\r\n>>> printf("\\n");\r\n<...>\r\n*/\r\n'
    )
    e1 = plan_edit(twice, block)
    assert e1 == TextEdit(18, 0, 18, 0, block)  # inserted above line 19 (1-based)
    e2 = plan_edit(
        perimeter, render_block([Example("geo::perimeter(2, 3)", "10")], "/**", "", "\r\n")
    )
    assert (e2.start_line, e2.end_line) == (10, 15)  # replaces our old block, lines 11..15
    new = apply_edits(src.text, [e1, e2])
    assert e2.new_text.count("\r\n") == 5 and shifted_line([e1, e2], e1) == 18 + 5 - 5
    e3 = TextEdit(0, 0, 0, 0, "// a\r\n// b\r\n")
    assert shifted_line([e3, e1, e2], e1) == 20 and shifted_line([e3, e1, e2], e3) == 0
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
    assert block == (
        "    /// cdoctest-gen: generated and verified; regenerating replaces this block\n"
        "    /// >>> s.size()\n    /// 2\n"
    )


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
