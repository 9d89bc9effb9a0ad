"""Variants of runnable units (``server.search.variants``, issue #26): the pure edits of a literal
with a dictionary, checked by hand; then, with real clang-repl and libclang, functions the input
search has no calls for (a struct filled by the file's own parser, a struct and a size) where a
runnable unit leaves a mutant alive and one edit of one of its literals kills it.
"""

from __future__ import annotations

import re

import pytest

from cdoctest_runner.example import Declaration, Example
from server.judge.acceptable import calls_target
from server.search.variants import (
    dictionary,
    float_edits,
    integer_edits,
    string_edits,
    variants,
)


def _texts(text: str, chars: list[str], kind: str) -> list[str]:
    return [t for k, t in string_edits(text, chars) if k == kind]


def test_string_edits_by_kind() -> None:
    """Each kind's edits of ``"user:pw@host"`` with ``:`` and ``@`` in the dictionary."""
    chars = [":", "@"]
    assert _texts("user:pw@host", chars, "empty") == [""]
    assert _texts("user:pw@host", chars, "field") == [
        ":pw@host",
        "pw@host",
        "user:@host",
        "user@host",
        "user:pw@",
        "user:pw",
    ]
    assert _texts("user:pw@host", chars, "trim") == ["ser:pw@host", "user:pw@hos"]
    assert _texts("user:pw@host", chars, "double") == ["user::pw@host", "user:pw@@host"]
    assert _texts("user:pw@host", chars, "replace") == ["user@pw@host", "user:pw:host"]
    assert _texts("user:pw@host", chars, "case") == ["USER:PW@HOST", "User:pw@host"]
    assert _texts("1.2.3", ["."], "digits") == ["0.2.3", "1.0.3", "1.2.0"]
    assert _texts("0.1", [], "digits") == ["0.0"]  # a group that is 0 already stays


def test_string_edits_keep_escapes_valid() -> None:
    r"""An escape is one character: never split, a line end (``\r\n``) gets a character before
    and after it, and a hex escape followed by a hex digit is closed by splitting the literal.
    """
    assert _texts("a\\r\\nb", [" "], "insert") == [
        " a\\r\\nb",
        "a\\r\\nb ",
        "a \\r\\nb",
        "a\\r\\n b",
    ]
    assert string_edits("\\tx;y", [";", "\\t"]) == [
        ("empty", ""),
        ("field", "\\t;y"),
        ("field", ";y"),
        ("field", "\\tx;"),
        ("field", "\\tx"),
        ("trim", "x;y"),
        ("insert", ";\\tx;y"),
        ("insert", "\\tx;y;"),
        ("insert", "\\t\\tx;y"),
        ("insert", "\\tx;y\\t"),
        ("double", "\\tx;;y"),
        ("replace", ";x;y"),
        ("replace", "\\tx\\ty"),
        ("case", "\\tX;Y"),
        ("case", "\\tX;y"),
    ]
    # The digits and letters of an escape are no digit group and no letter.
    assert _texts("\\x41;1", [";"], "digits") == ["\\x41;0"]
    assert _texts("\\x41;1", [";"], "case") == []
    assert _texts('a\\"b', ['\\"'], "double") == ['a\\"\\"b']
    assert _texts("\\x4;1", [";", "a"], "replace") == ['\\x4" "a1']
    assert dictionary("if (c == '\"' || c == '\\\\' || c == '\\0') x = \"#\";") == [
        '\\"',
        "\\\\",
        "#",
    ]


def test_numbers_and_the_round_robin() -> None:
    """Integer and floating arguments of the target only; seeds and kinds take turns."""
    assert integer_edits("16") == ["0", "1", "(-1)", "15", "17"]
    assert integer_edits("0") == ["1", "(-1)"]
    assert integer_edits("x + 1") == []
    assert float_edits("1.5") == ['__builtin_nan("")', "__builtin_inf()", "(-0.0)", "(-1.5)"]
    a = [Example("struct s v = {0};"), Example('fill(&v, "a;b", 8)'), Example("v.n")]
    b = [Example('fill(&w, "xy", 2.5)'), Example('printf("%d;%d\\n", 8, w.n);')]
    fill, v = (Declaration(n, n, "function", 1, 1, 1, 1) for n in ("fill", "v"))
    assert calls_target(a, fill) and not calls_target(a, v)
    got = variants([a, b], {"fill"}, [";"], 8)
    assert [(v.kind, v.seed) for v in got] == [
        ("empty", 0),
        ("integer", 0),
        ("float", 1),
        ("field", 0),
        ("trim", 1),  # the trims of "a;b" repeat its field edits: seed 0 has none
        ("insert", 0),
        ("double", 0),
        ("case", 0),
    ]
    # The second round: each kind's next turn goes to the seed that has not had one.
    second = [(v.kind, v.seed) for v in variants([a, b], {"fill"}, [";"], 14)[8:]]
    assert second[:2] == [("empty", 1), ("integer", 0)]  # seed 1 has no integer argument
    assert got[2].examples[0].source == 'fill(&w, "xy", __builtin_nan(""))\n'
    assert got[1].examples[1].source == 'fill(&v, "a;b", 0)\n'
    # Many seeds and a small bound: every kind, the last one (a setting) included, gets a turn.
    many = [[Example(f'fill(&v, "a;b{i}", 8)')] for i in range(10)]
    kinds = {v.kind for v in variants(many, {"fill"}, [";"], 12, [("set(2);", "set(0);")])}
    assert "configured" in kinds
    # The print's format and its arguments are never edited; the other examples stay as they were.
    every = variants([a, b], {"fill"}, [";"], 1000)
    assert all(v.examples[1].source == b[1].source for v in every if v.seed == 1)
    assert all(v.examples[0].source == a[0].source for v in every if v.seed == 0)
    assert len({tuple(e.source for e in v.examples) for v in every}) == len(every)
    configured = variants([a], {"fill"}, [";"], 1000, [("set_mode(2);", "set_mode(0);")])
    conf = [v for v in configured if v.kind == "configured"]
    assert conf[0].examples[0].source == "set_mode(2); struct s v = {0};\n"
    assert all(v.examples[-1].source == "set_mode(0);\n" for v in conf)
    # Then the seed's edits that bring in the code's characters, under the same setting.
    inserted = [v for v in configured if v.kind == "insert"]
    assert [v.examples[1:-1] for v in conf[1:]][: len(inserted)] == [
        v.examples[1:] for v in inserted
    ]


PAIRS = """#include <string.h>

struct pairs { char key[4][8]; int val[4]; int n; };

/* Reads "k=v;k=v" (at most 4 pairs, values decimal) into out: the number of pairs, or -1 when
   a key has no '=' or a value is followed by something other than ';'. */
int pairs_read(struct pairs *out, const char *s) {
    memset(out, 0, sizeof *out);
    while (*s && out->n < 4) {
        int k = 0;
        while (*s && *s != '=' && *s != ';' && k < 7)
            out->key[out->n][k++] = *s++;
        if (*s != '=')
            return -1;
        s++;
        int v = 0;
        while (*s >= '0' && *s <= '9')
            v = v * 10 + (*s++ - '0');
        out->val[out->n++] = v;
        if (*s == ';')
            s++;
        else if (*s)
            return -2;
    }
    return out->n;
}

/* The sum of the values of p's pairs whose key is not empty. */
int pairs_total(const struct pairs *p) {
    int total = 0;
    for (int i = 0; i < p->n; i++)
        if (p->key[i][0] != 0)
            total += p->val[i];
    return total;
}
"""

SLOTS = """struct slots { int cap; int grown; };

/* Sets s up for size slots: sizes over 5 get twice their room (grown is 1), others their own. */
int slots_init(struct slots *s, int size) {
    if (size > 5) {
        s->cap = size * 2;
        s->grown = 1;
    } else {
        s->cap = size;
        s->grown = 0;
    }
    return s->cap;
}
"""


def _setup(tmp_path, runner, text: str, name: str, seed: list[str], wanted: str, lang: str = "c"):  # noqa: ANN001, ANN202
    """The context, the code, the verified ``seed`` unit and the mutants described as ``wanted``
    that the seed leaves alive (asserted non-empty); ``lang``: ``c`` or ``c++``.
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.generate.job import target_names
    from server.judge.units import Candidate, Origin
    from server.judge.verify import verify_candidates
    from tests.generate.search_support import cpp_context

    source, ctx = cpp_context(tmp_path, text, name, f"t.{'c' if lang == 'c' else 'cpp'}")
    code = source.code_under_test()
    names = target_names(ctx)
    cand = Candidate(tuple(Example(s) for s in seed), origin=Origin.TYPES_AND_API)
    (unit,) = verify_candidates([cand], code, runner, names).kept
    mutants = make_mutants(text, ctx.declaration, lang, path=source.path)
    alive = mutation_analysis(list(unit.examples), code, ctx.declaration, runner, mutants).survivors
    alive = [m for m in alive if wanted in m.description]
    assert alive, f"the seed kills every {wanted!r} mutant"
    return ctx, code, names, unit, alive


def _search(ctx, code, names, runner, alive, seeds):  # noqa: ANN001, ANN202
    from server.analysis.documentation import DocFacts
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    return find_killing_inputs(
        ctx,
        DocFacts(),
        code,
        ctx.declaration,
        Runners(runner, runner),
        list(alive),
        names=names,
        seeds=seeds,
    )


def _edited(seed, unit) -> list[str]:  # noqa: ANN001
    """The sources of ``unit`` that differ from ``seed``'s (names as the seed spells them)."""
    found = [e.source for e in unit.examples]
    return [s for s in found if s not in [e.source for e in seed.examples]]


@pytest.mark.clang
def test_a_variant_of_a_parsed_struct_kills_what_the_unit_leaves(tmp_path, runner) -> None:  # noqa: ANN001
    """``pairs_total`` takes a struct its file's parser fills: no searched calls of its own. The
    unit's keys are never empty, so ``key[i][0] != 1`` survives; a variant of the parsed text with
    a key removed (``"=1;b=2"``: its own separators are the dictionary) kills it.
    """
    from server.search.shapes import CallShape

    seed = ["struct pairs p = {0};", 'pairs_read(&p, "a=1;b=2");', "pairs_total(&p)"]
    key = "`0` -> `1`"  # the key test's `!= 0` -> `!= 1`: only an empty key tells it apart
    ctx, code, names, unit, alive = _setup(tmp_path, runner, PAIRS, "pairs_total", seed, key)
    assert not CallShape.each(ctx)
    before = _search(ctx, code, names, runner, alive, ())
    assert not before.units and before.note == "no searched calls for this kind of function"

    found = _search(ctx, code, names, runner, alive, (unit,))
    assert "no searched calls" not in found.note
    assert found.units and found.killed == {m.id for m in alive}
    for u in found.units:
        (changed,) = _edited(unit, u)  # one example of the seed, one literal
        assert changed.startswith('pairs_read(&p, "') and changed != seed[1] + "\n"
    texts = [re.search(r'"(.*)"', _edited(unit, u)[0]).group(1) for u in found.units]
    assert set(texts) & {"a=1;=2", "=1;b=2"}, texts


@pytest.mark.clang
def test_one_less_than_a_size_argument_kills_a_boundary_mutant(tmp_path, runner) -> None:  # noqa: ANN001
    """The unit sets up 6 slots; ``size > 5`` -> ``size >= 5`` needs 5, which is 6 - 1."""
    seed = ["struct slots s = {0};", "slots_init(&s, 6)", "s.grown"]
    ctx, code, names, unit, alive = _setup(tmp_path, runner, SLOTS, "slots_init", seed, ">=")
    found = _search(ctx, code, names, runner, alive, (unit,))
    assert found.killed == {m.id for m in alive}
    assert any(_edited(unit, u) == ["slots_init(&s, 5)\n"] for u in found.units)


TEMP = """struct Temp {
    long deci;
    explicit Temp(long d = 0) : deci(d) {}
    bool operator<(const Temp &o) const { return deci < o.deci; }
};
"""


@pytest.mark.clang
def test_an_operator_gets_variants_of_the_objects_it_compares(tmp_path, runner) -> None:  # noqa: ANN001
    """An operator's units call it through its symbol, and its inputs are the arguments of the
    constructors of the objects it compares: 4 < 5 leaves ``<`` -> ``<=`` alive, and one more
    for the first object's argument (5 < 5) or one less for the second's (4 < 4) kills it.
    """
    seed = ["Temp a(4);", "Temp b(5);", "(a < b)"]
    ctx, code, names, unit, alive = _setup(tmp_path, runner, TEMP, "operator<", seed, "<=", "c++")
    found = _search(ctx, code, names, runner, alive, (unit,))
    assert "no searched calls" not in found.note, found.note
    assert found.killed == {m.id for m in alive}
    equal = (["Temp a(5);\n"], ["Temp b(4);\n"])
    assert any(_edited(unit, u) in equal for u in found.units), found.units


def test_a_text_followed_by_its_length_keeps_the_two_in_step() -> None:
    """An edited string literal whose next argument is its length gets the new length; other
    integers after a string (not its length) stay as they were.
    """
    seed = [Example('parse("GET / x\\r\\n", 9, &out)')]
    got = {v.examples[0].source.strip() for v in variants([seed], {"parse"}, [" "], 1000)}
    assert 'parse("", 0, &out)' in got
    assert 'parse(" / x\\r\\n", 6, &out)' in got  # the first field deleted: 3 bytes fewer
    assert not any(s.startswith('parse("", 9') for s in got)
    other = [Example('parse("ab", 7, &out)')]  # 7 is not the text's length
    got = {v.examples[0].source.strip() for v in variants([other], {"parse"}, [], 1000)}
    assert 'parse("", 7, &out)' in got


def test_a_shortened_buffer_text_keeps_the_buffer_size() -> None:
    """A literal that sizes a buffer the seed passes on with its size (``char b[] = "../a";
    f(b, 4)``) keeps the buffer's size when an edit shortens it, so the size argument stays
    true (before: ``char b[] = ""; f(b, 4)`` wrote past a one-byte buffer); a longer text sizes
    the buffer itself.
    """
    seed = [Example('char b[] = "../a"; normalize("/x", b, 4)')]
    got = {v.examples[0].source.strip() for v in variants([seed], {"normalize"}, ["/"], 1000)}
    assert 'char b[5] = ""; normalize("/x", b, 4)' in got
    assert 'char b[5] = "./a"; normalize("/x", b, 4)' in got
    assert 'char b[] = "/../a"; normalize("/x", b, 4)' in got  # longer: sized by the text
    assert not any(s.startswith('char b[] = ""') for s in got)
