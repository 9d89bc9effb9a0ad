"""The fallback on the inputs real C libraries need, with real clang-repl (Test Data:
``tests/data/fallback_inputs``: ``version.c``, ``visit.c``, ``fill.c``).

- A struct taken by value or by pointer is a zeroed local filled by the file's own parser from a
  text in the file's format (``version_parse("1.2.3", &v)``: "major.minor.patch" in the file
  cues version texts), its fields printed after a call through a pointer.
- A callback is a function defined in the block with the parameter's signature that prints its
  arguments (a lone ``char``: an output sink, the characters collected in a buffer printed
  after their count); the user data is NULL.
- An array of text pointers to fill (``char **words, int max_words``) is ``SLOTS`` NULL pointers,
  printed after the call; text and length out-pointers are printed as ``[%.*s]``.

Each verified block calls the function and prints something that changes with its input.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.toolchain import find_clang_repl
from server.analysis import analyse
from server.analysis.locate import load_source
from server.api import GenerateOptions, TargetSelector
from server.candidates.by_type import fallback_candidates
from server.generate.generator import Generator

pytestmark = pytest.mark.clang

DATA = Path(__file__).resolve().parents[1] / "data" / "fallback_inputs"


@pytest.fixture(scope="module", autouse=True)
def _clang_repl():
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


@pytest.fixture(scope="module")
def gen():
    # Phase 1 only: the fallback's own block. The input search's variants of these units (an
    # edited text, a size of 0) are tested in test_search_variants.py.
    with Generator(options=GenerateOptions(no_model=True, quick=True)) as g:
        yield g


def _block(gen: Generator, file: str, name: str) -> list[tuple[str, str]]:
    """``(source, want)`` of the examples of the verified block the fallback gives ``name``
    (phase 1, before the input search).
    """
    res = gen.generate(str(DATA / file), None, TargetSelector(name))
    (f,) = res.functions
    assert f.status == "verified", f.message
    return [(e.source.strip(), e.want.strip()) for e in f.examples]


def _candidates(file: str, name: str) -> list[list[str]]:
    source = load_source(str(DATA / file))
    located = next(f for f in source.functions if f.declaration.name == name)
    return [[e.source.strip() for e in b] for b in fallback_candidates(analyse(source, located))]


def test_a_struct_by_value_is_filled_by_the_files_parser_from_version_texts(gen):
    blocks = _candidates("version.c", "version_number")
    # The file's parser fills a zeroed local from texts in the file's format, then the value is
    # passed (by value: nothing to print after the call).
    assert blocks[0][0] == 'version_t obj0a = {0}; version_parse("1.2.3", &obj0a);', blocks
    assert blocks[0][1] == "version_number(obj0a)", blocks
    parsed = {re.search(r'version_parse\(("[^"]*")', b[0]).group(1) for b in blocks}
    assert '"1.2.3-alpha.1+build.5"' in parsed, parsed
    block = _block(gen, "version.c", "version_number")
    calls = [(s, w) for s, w in block if s.startswith("version_number(")]
    texts = [re.search(r'version_parse\("([^"]*)"', s) for s, _ in block]
    assert calls and any(texts), block
    # The number printed is the one the parsed text spells (1.2.3 -> 10203): it changes with it.
    numbers = {int(w) for _, w in calls}
    assert len(numbers) > 1 or 10203 in numbers, block


def test_a_struct_through_a_pointer_is_filled_then_its_change_shown(gen):
    block = _block(gen, "version.c", "version_bump")
    sources = [s for s, _ in block]
    bumped = [m.group(1) for s in sources if (m := re.fullmatch(r"version_bump\(&(\w+)\);", s))]
    assert bumped, block
    names = "|".join(bumped)
    # version_parse("1.2.3", ...) then a bump: patch is 4 ("0.0.0" gives 1), shown through the
    # file's own reader (version_number: 10204, 1) where it has one, else the field.
    shown = [w for s, w in block if re.fullmatch(rf"version_number\((?:{names})\)", s)]
    assert shown and set(shown) & {"10204", "1"}, block
    assert not [s for s in sources if re.fullmatch(rf"(?:{names})\.patch", s)], block


def test_a_callback_is_a_function_of_the_block_that_prints_its_arguments(gen):
    block = _block(gen, "visit.c", "each_line")
    defined = [
        s
        for s, _ in block
        if re.fullmatch(r"int (\w+)\(void \* a0, const char \* a1, int a2\) \{.*\}", s)
    ]
    assert defined, block
    name = re.match(r"int (\w+)", defined[0]).group(1)
    calls = [(s, w) for s, w in block if s.startswith("each_line(") and f", {name}, NULL)" in s]
    assert calls, block
    # The callback printed each line it was given with its number, then the call's count.
    text = re.match(r'each_line\("([^"]*)"', calls[0][0]).group(1)
    assert calls[0][1].startswith(f"{text} 1") if text else calls[0][1] == "0", calls


def test_a_character_sink_collects_the_characters_and_their_count(gen):
    block = _block(gen, "visit.c", "put_digits")
    calls = [i for i, (s, _) in enumerate(block) if re.match(r"put_digits\(\d+, \w+, NULL\)", s)]
    assert calls, block
    for i in calls:
        digits = re.match(r"put_digits\((\d+), ", block[i][0]).group(1)
        # How many characters the function wrote, and which, in a row, on the line after.
        line, want = next((s, w) for s, w in block[i + 1 :] if s.startswith("fprintf(stdout"))
        assert re.fullmatch(r'fprintf\(stdout, "%d \[%s\]\\n", sink_len\d*, sink\d*\);', line)
        assert want == f"{len(digits)} [{digits}]", block


def test_text_slots_are_filled_and_printed(gen):
    block = _block(gen, "fill.c", "split_words")
    # The variables are named after the parameters they are passed as (``text``, ``words``).
    slots = [s for s, _ in block if re.search(r"(^|; )char \* words\d*\[8\] = \{0\};", s)]
    assert slots, block
    call = r"(^|; )split_words\(text\d*, words\d*, 8\)$"
    assert any(re.search(call, s) for s, _ in block), block
    shown = [w for s, w in block if re.fullmatch(r"words\d*\[0\]", s)]
    assert shown and any(w.startswith('"') for w in shown), block


def test_text_and_length_out_pointers_are_printed_as_counted_texts(gen):
    blocks = _candidates("fill.c", "split_pair")
    # The two out-pointers are declared on one line (plain declarations in a row share it).
    decls = "const char * txt0b = 0; size_t len0b = 0; const char * txt0c = 0; size_t len0c = 0;"
    assert blocks[0][0] == decls, blocks
    assert 'fprintf(stdout, "[%.*s]\\n", (int)(len0c), txt0c ? txt0c : "");' in blocks[0], blocks
    block = _block(gen, "fill.c", "split_pair")
    call = next(s for s, _ in block if s.startswith("split_pair(") and s.endswith(");"))
    literal = re.match(r'split_pair\("([^"]*)", (\d+)', call).group(1)
    text = literal.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
    printed = [w for s, w in block if s.startswith('fprintf(stdout, "[%.*s]')]
    # The key is the text up to a ':' (all of it without one), in brackets.
    assert printed and printed[0] == f"[{text.split(':')[0]}]", block


def test_a_text_before_one_length_out_pointer_is_a_text_and_a_scalar_in_out():
    # Not a text+length pair (the text is given, not filled): ``cwk_path_get_root(path, &n)``.
    blocks = _candidates("fill.c", "first_word")
    call, shown = blocks[0]
    assert shown == "val0b", blocks
    assert re.fullmatch(r'unsigned long val0b = 0; first_word\("[^"]*", &val0b\);', call), blocks


def test_a_state_struct_through_a_pointer_starts_zeroed_then_gets_field_values():
    blocks = _candidates("fill.c", "counter_tick")
    assert blocks[0][0] == "struct counter obj0a = {0}; counter_tick(&obj0a);", blocks
    assert blocks[0][1:] == ["obj0a.total", "obj0a.calls"], blocks
    start = r"struct counter obj1a = \{-?\d+, -?\d+\}; counter_tick\(&obj1a\);"
    assert re.fullmatch(start, blocks[1][0]), blocks


def test_an_array_of_text_fields_is_printed_one_element_per_line(gen):
    # ``struct field *fields, size_t *num_fields``: eight zeroed elements and their count, in and
    # out; each element's texts (a field's name and value) are printed on one line.
    blocks = _candidates("fill.c", "split_fields")
    start = "struct field arr0b[8] = {0}; size_t n0b = 8; split_fields("
    assert blocks[0][0].startswith(start), blocks
    block = _block(gen, "fill.c", "split_fields")
    shown = [(s, w) for s, w in block if re.match(r'fprintf\(stdout, "\[%\.\*s\] \[%\.\*s\]', s)]
    assert shown, block
    call = next(s for s, _ in block if "split_fields(" in s)
    text = re.search(r'split_fields\("([^"]*)"', call).group(1).encode().decode("unicode_escape")
    name, _, value = text.split("&")[0].partition("=")
    assert shown[0][1] == f"[{name}] [{value}]", block
