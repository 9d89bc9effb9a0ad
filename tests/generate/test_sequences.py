"""Related arguments, feedback-directed call sequences and a state built before a shrinking call
(Test Data: ``tests/data/sequences``: ``compare.c``, ``text.c``, ``stack.c``, ``history.c``,
``rle.c``, ``vec.c``, ``tree.c``).

- Two parameters of one type are searched as pairs (``server.search.pairs``, the fallback's
  ``server.candidates.by_type.related``): equal, one ulp or one character apart, a prefix, the
  other case; a length never exceeds the buffer it describes.
- A text the API writes (``point_to_text``) is the argument of the function that reads it back
  (``server.candidates.by_type.handles.serialized_provider``).
- A shrinking call (``server.analysis.state``) runs on a state the API's adders built first:
  pushes before a pop, lines added to a file-scope history before its length is cut.

Pure parts first (no clang-repl); then the real pipeline with clang-repl.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from server.analysis.documentation import DocFacts
from server.analysis.kinds import Param, ParamKind
from server.search.killing import candidate_calls
from server.search.pairs import comparison_like, related_pairs
from server.search.shapes import CallShape
from server.search.variants import variants

DATA = Path(__file__).resolve().parents[1] / "data" / "sequences"

DOUBLE = Param(ParamKind.FLOAT, "double", "a")
TEXT = Param(ParamKind.CSTR, "char", "a")


def _float(lit: str) -> float:
    return float(lit.strip("()"))


# ---------------------------------------------------------------------------------------------
# Related arguments (pure)


def test_two_doubles_meet_as_equal_and_one_ulp_apart() -> None:
    shape = CallShape("approx_equal", (DOUBLE, DOUBLE), "value")
    assert comparison_like(shape)
    calls = candidate_calls(shape, DocFacts(), "return fabs(a - b) <= 1e-9;", 24)
    pairs = [(_float(a), _float(b)) for a, b in calls if "builtin" not in a + b]
    # A comparison's related pairs come first: an equal pair, then one ulp apart.
    assert pairs[0][0] == pairs[0][1]
    assert pairs[1][1] == math.nextafter(pairs[1][0], math.inf)
    # The body's tolerance is reached exactly.
    assert (0.0, 1e-9) in pairs
    assert ["0.0", "(-0.0)"] in calls and ["__builtin_inf()", "__builtin_inf()"] in calls


def test_two_texts_meet_equal_one_edit_apart_as_a_prefix_and_in_the_other_case() -> None:
    shape = CallShape("str_eq", (TEXT, TEXT), "value")
    found = {(a, b) for _, _, a, b in related_pairs(shape, [['""'], ['""']], "", 16)}
    for pair in [
        ('"abc"', '"abc"'),  # equal
        ('"abc"', '"abd"'),  # one character changed
        ('"abc"', '"abcx"'),  # one appended
        ('"abc"', '"ab"'),  # a prefix
        ('"abc"', '"ABC"'),  # the other case
    ]:
        assert pair in found, (pair, found)


def test_a_function_of_other_parameters_gets_a_few_related_pairs_after_its_own() -> None:
    """Not a comparison (three parameters): the related pairs come after the boundaries, and
    they are few.
    """
    i = Param(ParamKind.INT, "int", "x")
    shape = CallShape("clamp", (i, i, i), "value")
    assert not comparison_like(shape)
    calls = candidate_calls(shape, DocFacts(ints=("5", "0", "3")), "if (x < lo) return lo;", 48)
    assert calls[0] == ["5", "0", "3"]
    assert any(c[0] == "5" and c[1] == "6" for c in calls)


def test_a_length_never_exceeds_the_text_or_buffer_it_describes() -> None:
    """A size after a text is the text's length, one short or one over (its NUL); after a
    buffer, its ``sizeof`` or one short: never ``INT_MAX`` for a four-byte buffer.
    """
    from cdoctest_runner.ctext import strlen

    size = Param(ParamKind.UINT, "size_t", "len")
    shape = CallShape("count", (TEXT, size), "value")
    for args in candidate_calls(shape, DocFacts(ints=("100",)), "if (len > 64) return 0;", 48):
        (line,) = [e.source.strip() for e in shape.render(args, "1")]
        lit, n = re.fullmatch(r'count\(("(?:[^"\\]|\\.)*"), (\d+)\)', line).groups()
        assert int(n) <= strlen(lit) + 1, line
    buf = CallShape("fill", (Param(ParamKind.BUF, "char", "out"), size), "void")
    sizes = {
        re.search(r"fill\(buf1, ([^)]*)\)", buf.render(args, "1")[0].source).group(1)
        for args in candidate_calls(buf, DocFacts(ints=("100",)), "", 48)
    }
    assert sizes <= {"sizeof buf1", "sizeof buf1 - 1", "0", "1"}, sizes


def test_a_variant_keeps_a_length_inside_its_buffer() -> None:
    """The integer edits of a seed's length (``n + 1``) stop at the buffer's allocation."""
    from cdoctest_runner.example import Example

    seed = [Example('char buf[4] = "ab"; norm(buf, 4)')]
    found = [v.examples[0].source for v in variants([seed], {"norm"}, [], 48)]
    sizes = {int(m.group(1)) for s in found if (m := re.search(r"norm\(buf, \(?(-?\d+)", s))}
    assert sizes and max(sizes) <= 4 and 3 in sizes, found


# ---------------------------------------------------------------------------------------------
# The fallback's candidates (libclang, no clang-repl)


def _candidates(file: str, name: str) -> list[list[str]]:
    from server.analysis import analyse
    from server.analysis.locate import load_source
    from server.candidates.by_type import fallback_candidates

    source = load_source(str(DATA / file))
    located = next(f for f in source.functions if f.declaration.name == name)
    return [[e.source.strip() for e in b] for b in fallback_candidates(analyse(source, located))]


def test_the_fallback_gives_a_comparison_equal_and_almost_equal_arguments() -> None:
    calls = {b[-1] for b in _candidates("compare.c", "approx_equal")}
    assert "approx_equal(1.5, 1.5)" in calls
    assert "approx_equal(1.5, 1.5000000000000002)" in calls
    texts = {b[-1] for b in _candidates("compare.c", "same_name")}
    assert {'same_name("hello", "hello")', 'same_name("hello", "HELLO")'} <= texts


def test_two_objects_of_a_comparison_are_also_made_equal() -> None:
    """Two handles the API makes: the same producer with the same arguments, twice."""
    blocks = _candidates("vec.c", "vec_equal")
    made = [re.findall(r"= (vec_new\(.*?\));", " ".join(b)) for b in blocks]
    assert any(len(m) == 2 and m[0] == m[1] for m in made), blocks
    assert any(len(m) == 2 and m[0] != m[1] for m in made), blocks


def test_a_shrinking_call_gets_items_pushed_first_then_an_empty_object() -> None:
    blocks = _candidates("stack.c", "stack_pop")
    pushes = [sum(s.startswith("stack_push(") for s in b) for b in blocks]
    assert pushes[:3] == [3, 2, 0], blocks
    first = blocks[0]
    values = [re.search(r", (\d+)\);", s).group(1) for s in first if s.startswith("stack_push(")]
    assert values == ["1", "2", "3"]  # distinct, in order
    # Made by the API's own init function, pushed to, then popped.
    assert first.index("stack_init(&obj0a);") < first.index("stack_pop(&obj0a)")
    # An integer after the struct is not an array's count: ``truncate(s, n)`` gets one object.
    truncates = _candidates("stack.c", "stack_truncate")
    assert any("stack_push(&obj0a, 3);" in b for b in truncates), truncates


def test_a_file_scope_history_is_filled_before_its_length_is_cut() -> None:
    blocks = _candidates("history.c", "history_set_max_len")
    first = blocks[0]
    adds = [s for s in first if s.startswith("history_add(")]
    assert len(adds) == 3 and len(set(adds)) == 3, first
    cut = next(i for i, s in enumerate(first) if s.startswith("history_set_max_len("))
    assert max(first.index(a) for a in adds) < cut
    # Its observers read the state after the cut.
    assert {"history_count()", "history_get(0)"} <= set(first[cut + 1 :]), first


def test_a_parser_reads_back_a_text_the_api_wrote() -> None:
    blocks = _candidates("text.c", "point_from_text")
    chained = [b for b in blocks if any("point_to_text(" in s for s in b)]
    assert chained, blocks
    block = chained[0]
    text = re.search(r"(\w+) = point_to_text\(", " ".join(block)).group(1)
    assert any(re.fullmatch(rf"point_from_text\(&\w+, {text}\)", s) for s in block), block


def test_a_part_of_a_handle_is_a_value_of_its_own() -> None:
    """``node_first_child(h)`` after ``h`` was grown: the sub-object the API returns is passed
    on; the getter is no modifier (``h = node_first_child(h)`` would lose the tree).
    """
    blocks = [" ".join(b) for b in _candidates("tree.c", "node_count")]
    part = [b for b in blocks if "node_first_child(" in b]
    assert part, blocks
    m = re.search(r"(\w+) = node_first_child\((\w+)\);", part[0])
    assert m and m.group(1) != m.group(2), part
    grown = part[0].index(f"{m.group(2)} = node_add_child(")
    assert grown < m.start() and f"node_count({m.group(1)})" in part[0], part


def test_a_destination_and_its_room_agree_with_what_was_allocated() -> None:
    """``Bytef *dest, uLongf *destLen``: a buffer whose room is its size or less, never a
    one-byte destination with a room of 64.
    """
    for block in _candidates("rle.c", "rle_encode"):
        line = block[0]
        m = re.match(r"unsigned char (\w+)\[(\d+)\] = \{0\}; unsigned long \w+ = sizeof \1", line)
        assert m, block


# ---------------------------------------------------------------------------------------------
# The pipeline, with clang-repl


@pytest.fixture(scope="module")
def gen(runner):  # noqa: ANN001, ANN201
    from server.api import GenerateOptions
    from server.generate.generator import Generator

    # Phase 1 only: the fallback's own blocks.
    with Generator(runner=runner, options=GenerateOptions(no_model=True, quick=True)) as g:
        yield g


def _block(gen, file: str, name: str) -> list[tuple[str, str]]:  # noqa: ANN001
    from server.api import TargetSelector

    (f,) = gen.generate(str(DATA / file), None, TargetSelector(name)).functions
    assert f.status == "verified", f.message
    return [(e.source.strip(), e.want.strip()) for e in f.examples]


@pytest.mark.clang
def test_the_block_of_a_comparison_shows_an_equal_and_an_almost_equal_pair(gen) -> None:  # noqa: ANN001
    block = _block(gen, "compare.c", "approx_equal")
    pairs = {}
    for s, want in block:
        m = re.fullmatch(r"approx_equal\((.*), (.*)\)", s)
        if m and "builtin" not in s:
            pairs[m.group(1), m.group(2)] = want
    assert any(a == b for a, b in pairs), block
    near = [(a, b) for a, b in pairs if a != b and abs(_float(a) - _float(b)) < 1e-12]
    # One representable value apart, and still equal to the function.
    assert near and pairs[near[0]] == "1", block


@pytest.mark.clang
def test_the_block_of_a_parser_reuses_the_text_the_api_wrote(gen) -> None:  # noqa: ANN001
    block = _block(gen, "text.c", "point_from_text")
    sources = [s for s, _ in block]
    written = next(s for s in sources if "point_to_text(" in s)
    var = re.search(r"(\w+) = point_to_text\(", written).group(1)
    # The text is shown, then parsed back: the parse succeeds (0) and the fields match.
    shown = dict(block)[var]
    assert re.fullmatch(r'"\(-?\d+,-?\d+\)"', shown), block
    parse = next(s for s in sources if re.fullmatch(rf"point_from_text\(&\w+, {var}\)", s))
    assert dict(block)[parse] == "0", block
    obj = re.search(r"&(\w+)", parse).group(1)
    # A field the parse changed is shown with the text's value; one it left at its initial 0
    # is not printed (no printout of state the call did not change).
    for field, value in zip(("x", "y"), re.findall(r"-?\d+", shown), strict=True):
        assert dict(block).get(f"{obj}.{field}", "0") == value, block
    assert any(s.startswith(f"{obj}.") for s in sources), block


@pytest.mark.clang
def test_the_block_of_a_pop_pushes_first(gen) -> None:  # noqa: ANN001
    block = _block(gen, "stack.c", "stack_pop")
    sources = [s for s, _ in block]
    pop = next(i for i, s in enumerate(sources) if s.startswith("stack_pop("))
    assert any(s.startswith("stack_push(") for s in sources[:pop]), block
    # The pop shows the last item pushed, not the empty stack's -1.
    assert block[pop][1] not in ("-1", ""), block


@pytest.mark.clang
def test_the_block_of_a_search_tells_apart_two_texts_one_character_apart(  # noqa: ANN001
    tmp_path, runner
) -> None:
    """A loop that stops at the first difference, its ``==`` turned ``!=``: equal texts and
    texts of different first characters agree with it; the search's pair one character apart
    (``"abc"``, ``"abd"``) does not.
    """
    from cdoctest_runner.example import Example
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    text = (
        "#include <stddef.h>\n"
        "int str_eq(const char *a, const char *b) {\n"
        "    size_t i = 0;\n"
        "    while (a[i] != 0 && a[i] == b[i])\n"
        "        i++;\n"
        "    return a[i] == b[i];\n"
        "}\n"
    )
    path = tmp_path / "eq.c"
    path.write_text(text)
    source = load_source(str(path), None)
    (target,) = select_targets(source, TargetSelector(name="str_eq"))
    ctx = function_context(source, target)
    code = source.code_under_test()
    loop = [
        m
        for m in make_mutants(text, ctx.declaration, "c", path=source.path)
        if m.line == 4 and m.description == "`==` -> `!=`"
    ]
    first = [Example('str_eq("a", "a")', "1"), Example('str_eq("", "a")', "0")]
    assert mutation_analysis(first, code, ctx.declaration, runner, loop).survivors == loop
    found = find_killing_inputs(
        ctx, DocFacts(), code, ctx.declaration, Runners(runner, runner), loop, names={"str_eq"}
    )
    assert found.killed == {m.id for m in loop}
    killing = [e.source.strip() for u in found.units for e in u.examples]
    assert any(re.fullmatch(r'str_eq\("(\w+)", "(\w+)"\)', s) for s in killing), killing


@pytest.mark.clang
def test_the_search_edits_the_text_the_api_wrote(runner) -> None:  # noqa: ANN001
    """Phase 2: the printed text ``"(1,0)"`` becomes a literal whose one-edit variants reach the
    parser's last check (``"(1,0("``: three conversions, a wrong closing character), which no
    text of the usual pools reaches.
    """
    from server.api import GenerateOptions, TargetSelector
    from server.generate.generator import Generator

    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as g:
        (f,) = g.generate(str(DATA / "text.c"), None, TargetSelector("point_from_text")).functions
    assert f.status == "verified", f.message
    block = [(e.source.strip(), e.want.strip()) for e in f.examples]
    shown = {w[1:-1] for s, w in block if re.fullmatch(r"\w+", s) and w.startswith('"')}
    parsed = [
        m.group(1) for s, _ in block if (m := re.search(r'point_from_text\(&\w+, "(.*)"\)', s))
    ]

    def one_edit(a: str, b: str) -> bool:
        if abs(len(a) - len(b)) > 1 or a == b:
            return False
        if len(a) == len(b):
            return sum(x != y for x, y in zip(a, b, strict=True)) == 1
        short, long = sorted((a, b), key=len)
        return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))

    assert any(one_edit(p, t) for p in parsed for t in shown | {"(1,0)"}), block
