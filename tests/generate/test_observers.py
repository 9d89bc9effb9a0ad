"""Observers from the API (issue #39; docs/generate.md, "Blocks a reviewer keeps", rule 9): after a
call, a block shows what changed through what a user of the library would call (its serializer or
printer, a matcher that takes the compiled object, its getters), not the raw fields one per line;
raw fields only where no API line shows the change.

Test data: inline C, written to a temporary directory by each test: ``SHAPES`` (one function of
each observer kind, for the analysis), ``REGEX`` (a tiny regular-expression library:
``re_compile`` and its matcher ``re_matchp``), ``ILIST`` (a JSON array parser with a printer to a
``FILE *``), ``POINT`` (a struct that only its fields show), ``LEVEL`` (a file-scope state a
setter writes) and ``TEXT`` (a C++ class with ``c_str()`` and ``size()``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cdoctest_runner.example import Declaration, Example
from cdoctest_runner.mutation.analysis import MutationReport
from server.analysis import analyse
from server.analysis.locate import load_source
from server.analysis.observing import ObserverKind, Slot, api_observers
from server.candidates.by_type import fallback_candidates
from server.judge.pool import build_pool, raw_behind_the_api, with_observers
from server.judge.select import _choose
from server.judge.units import Candidate, Unit, VerifiedUnit

SHAPES = """#include <stdio.h>
#include <stdlib.h>

typedef struct shape { int w; int h; } shape;

shape *shape_new(int w, int h) {
    shape *s = calloc(1, sizeof *s);
    s->w = w;
    s->h = h;
    return s;
}
int shape_area(const shape *s) { return s->w * s->h; }
char *shape_to_text(const shape *s) {
    static char b[32];
    sprintf(b, "%dx%d", s->w, s->h);
    return b;
}
void shape_print(const shape *s) { printf("%dx%d\\n", s->w, s->h); }
void shape_fprint(FILE *out, const shape *s) { fprintf(out, "%dx%d\\n", s->w, s->h); }
int shape_format(const shape *s, char *buf, size_t size) { return snprintf(buf, size, "%d", s->w); }
int shape_contains(const shape *s, int x, int y) { return x < s->w && y < s->h; }
void shape_grow(shape *s, int by) { s->w += by; }
int shape_set_w(shape *s, int w) { s->w = w; return w; }
void shape_free(shape *s) { free(s); }
"""

REGEX = """#include <stddef.h>

/* A tiny regular-expression library: literals, '.', '*', '+', '^' and '$'. */
enum { END, CHAR, DOT, STAR, PLUS, BEGIN, DOLLAR };

typedef struct regex_t {
    unsigned char type;
    unsigned char ch;
} regex_t;

typedef regex_t *re_t;

static regex_t compiled[32];

/* Compiles a pattern into the library's static node array; NULL when it is too long. */
re_t re_compile(const char *pattern) {
    int i = 0, j = 0;
    while (pattern[i] != '\\0' && j + 1 < 32) {
        char c = pattern[i];
        switch (c) {
        case '.': compiled[j].type = DOT; break;
        case '*': compiled[j].type = STAR; break;
        case '+': compiled[j].type = PLUS; break;
        case '^': compiled[j].type = BEGIN; break;
        case '$': compiled[j].type = DOLLAR; break;
        default: compiled[j].type = CHAR; compiled[j].ch = (unsigned char)c; break;
        }
        i++;
        j++;
    }
    if (pattern[i] != '\\0')
        return NULL;
    compiled[j].type = END;
    return compiled;
}

static int matchone(regex_t p, char c) {
    if (p.type == DOT)
        return c != '\\n';
    return p.type == CHAR && p.ch == (unsigned char)c;
}

static int matchpattern(regex_t *p, const char *text, int *len);

static int matchstar(regex_t p, regex_t *rest, const char *text, int *len) {
    int n = 0;
    while (text[n] != '\\0' && matchone(p, text[n]))
        n++;
    for (; n >= 0; n--) {
        int sub = 0;
        if (matchpattern(rest, text + n, &sub)) {
            *len += n + sub;
            return 1;
        }
    }
    return 0;
}

static int matchplus(regex_t p, regex_t *rest, const char *text, int *len) {
    if (text[0] == '\\0' || !matchone(p, text[0]))
        return 0;
    *len += 1;
    return matchstar(p, rest, text + 1, len);
}

static int matchpattern(regex_t *p, const char *text, int *len) {
    if (p[0].type == END)
        return 1;
    if (p[1].type == STAR)
        return matchstar(p[0], p + 2, text, len);
    if (p[1].type == PLUS)
        return matchplus(p[0], p + 2, text, len);
    if (p[0].type == DOLLAR && p[1].type == END)
        return text[0] == '\\0';
    if (text[0] != '\\0' && matchone(p[0], text[0])) {
        *len += 1;
        return matchpattern(p + 1, text + 1, len);
    }
    return 0;
}

/* Finds the first match of a compiled pattern in text: its index (-1: none), its length. */
int re_matchp(re_t pattern, const char *text, int *matchlength) {
    *matchlength = 0;
    if (pattern == NULL)
        return -1;
    if (pattern[0].type == BEGIN)
        return matchpattern(pattern + 1, text, matchlength) ? 0 : -1;
    int i = 0;
    do {
        *matchlength = 0;
        if (matchpattern(pattern, text + i, matchlength))
            return i;
    } while (text[i++] != '\\0');
    return -1;
}
"""

ILIST = """#include <stdio.h>

/* A short list of integers read from a JSON array. */
typedef struct ilist {
    int n;
    int items[8];
} ilist;

static ilist parsed;

/* Parses a JSON array of integers such as [1, 2]: the library's static list, NULL when the
   text is no such array. */
ilist *ilist_parse(const char *json) {
    const char *s = json;
    ilist *l = &parsed;
    l->n = 0;
    while (*s == ' ')
        s++;
    if (*s++ != '[')
        return NULL;
    while (*s == ' ')
        s++;
    if (*s == ']')
        return l;
    for (;;) {
        int neg = 0, v = 0, digits = 0;
        if (*s == '-') {
            neg = 1;
            s++;
        }
        while (*s >= '0' && *s <= '9') {
            v = v * 10 + (*s++ - '0');
            digits++;
        }
        if (!digits || l->n == 8)
            return NULL;
        l->items[l->n++] = neg ? -v : v;
        while (*s == ' ')
            s++;
        if (*s == ']')
            return l;
        if (*s++ != ',')
            return NULL;
        while (*s == ' ')
            s++;
    }
}

/* Writes the list to out as a JSON array: [1,2]. */
void ilist_write(const ilist *l, FILE *out) {
    fputc('[', out);
    for (int i = 0; i < l->n; i++)
        fprintf(out, i ? ",%d" : "%d", l->items[i]);
    fputs("]\\n", out);
}
"""

POINT = """/* A point on a grid and the number of moves that brought it there. */
struct pt {
    int x;
    int y;
    int moves;
};

/* Moves the point one step: 'r' right, 'l' left, 'u' up, 'd' down; other letters do nothing. */
void pt_move(struct pt *p, char dir) {
    switch (dir) {
    case 'r': p->x++; break;
    case 'l': p->x--; break;
    case 'u': p->y++; break;
    case 'd': p->y--; break;
    default: return;
    }
    p->moves++;
}
"""


LEVEL = """/* The log level and how many times it was set. */
static int level = 1;
static int changes;

/* Sets the level, clamped to 0..5; counts the change. */
void set_level(int l) {
    if (l < 0) l = 0;
    if (l > 5) l = 5;
    level = l;
    changes++;
}

int get_level(void) { return level; }
int level_changes(void) { return changes; }
int next_ticket(void) { return changes++; }
"""

TEXT = """/* A short text that grows. */
class Text {
public:
    /* Appends s, as much as fits in 31 characters. */
    void append(const char *s) {
        while (*s && n_ < 31)
            buf_[n_++] = *s++;
        buf_[n_] = '\\0';
    }
    const char *c_str() const { return buf_; }
    const char *data() const { return buf_; }
    unsigned size() const { return n_; }
    bool empty() const { return n_ == 0; }

private:
    char buf_[32] = "";
    unsigned n_ = 0;
};
"""


def _analysis(tmp_path: Path, name: str, text: str, function: str):  # noqa: ANN202
    path = tmp_path / name
    path.write_text(text)
    source = load_source(str(path))
    located = next(f for f in source.functions if f.declaration.name == function)
    return analyse(source, located)


# ---------------------------------------------------------------------------------------------
# The analysis and the candidates (libclang, no clang-repl)


def test_the_api_observers_of_a_value_are_found_by_kind(tmp_path: Path) -> None:
    """Serializer first, then the printers (one without a stream, one given ``stdout``), the
    buffer writer, the query (a value and two numbers) and the reader; modifiers, a setter that
    returns an int, and the destroyer are none.
    """
    a = _analysis(tmp_path, "shapes.c", SHAPES, "shape_new")
    handle = a.api.target_result
    assert handle is not None
    found = api_observers(a.api, handle, "c")
    kinds = [(o.name, o.kind) for o in found]
    assert kinds == [
        ("shape_to_text", ObserverKind.SERIALIZER),
        ("shape_print", ObserverKind.PRINTER),
        ("shape_format", ObserverKind.BUFFER),
        ("shape_contains", ObserverKind.QUERY),
        ("shape_area", ObserverKind.READER),
    ], kinds
    fprint = [o for o in api_observers(a.api, handle, "c") if o.name == "shape_fprint"]
    assert not fprint  # one printer of each value: the shorter name without a stream
    query = found[3]
    assert [arg.slot for arg in query.arguments] == [Slot.VALUE, Slot.NUMBER, Slot.NUMBER]
    buffer = found[2]
    assert [arg.slot for arg in buffer.arguments] == [Slot.VALUE, Slot.BUFFER, Slot.ROOM]


def test_a_compiled_pattern_is_asked_through_its_matcher(tmp_path: Path) -> None:
    """The candidates of ``re_compile`` keep the compiled pattern and ask the matcher about texts
    the pattern matches and misses (``"a*b"``: ``"aab"``, ``"b"``, ``"ac"``), the match length
    printed; the raw fields come after.
    """
    a = _analysis(tmp_path, "tre.c", REGEX, "re_compile")
    first = [e.source.strip() for e in fallback_candidates(a)[0]]
    assert first[:4] == [
        "re_t res0;",
        'res0 = re_compile("a*b");',
        'int len0q = 0; re_matchp(res0, "aab", &len0q)',
        "len0q",
    ], first
    assert first.index("res0->type") > first.index('int len0q2 = 0; re_matchp(res0, "ac", &len0q2)')


def test_a_file_scope_state_the_call_writes_is_read_by_its_getters(tmp_path: Path) -> None:
    """``set_level`` assigns file-scope variables: its calls are followed by the functions that
    read them (``get_level()``, ``level_changes()``), not by one that also writes them
    (``next_ticket()``).
    """
    a = _analysis(tmp_path, "level.c", LEVEL, "set_level")
    first = [e.source.strip() for e in fallback_candidates(a)[0]]
    assert first[1:] == ["get_level()", "level_changes()"], first


def test_a_class_is_read_through_its_text_and_its_size(tmp_path: Path) -> None:
    """C++: the const methods without arguments that return the object's text (``c_str()``,
    not a ``data()`` that need not be terminated) come first, then ``size()`` and ``empty()``.
    """
    a = _analysis(tmp_path, "text.cpp", TEXT, "append")
    first = [e.source.strip() for e in fallback_candidates(a)[0]]
    assert first[-3:] == ["obj0m.c_str()", "obj0m.size()", "obj0m.empty()"], first


# ---------------------------------------------------------------------------------------------
# Selection (pure: hand-built units and reports)


def _unit(*pairs: tuple[str, str], before: tuple[str | None, ...] = ()) -> VerifiedUnit:
    examples = tuple(Example(src, want) for src, want in pairs)
    return VerifiedUnit(
        Unit(examples, Candidate(examples)), examples, (True,) * len(examples), before=before
    )


F = Declaration("f", "f", "function", 1, 1, 1, 1)


def test_the_cover_takes_a_raw_field_only_for_a_mutant_no_api_line_shows() -> None:
    """After ``f(h, 3)``, ``h->type`` first detects ``a``, which the matcher's line shows too:
    the matcher is chosen, not the field. ``h->n`` alone shows ``b`` and stays (the kills do not
    drop). Without an API line after the call, the fields count as before.
    """
    pool = build_pool(
        [
            _unit(
                ("r_t h;", ""),
                ("h = make();", ""),
                ("f(h, 3);", ""),
                ("h->type", "1"),
                ('match(h, "aab")', "0"),
                ("h->n", "3"),
                before=(None, None, None, "0", "-1", "0"),
            )
        ]
    )
    assert raw_behind_the_api(pool, F) == {3, 5}
    where = {"m": frozenset({2}), "a": frozenset({3, 4}), "b": frozenset({5})}
    kills = [set(), set(), {"m"}, {"a"}, set(), {"b"}]
    report = MutationReport(3, 3, 1.0, kills, [], observed_by=where)
    chosen, _ = _choose(pool, report, 8, F)
    assert chosen == [0, 1, 2, 4, 5], chosen
    # The plain cover, by first detections, would have printed the field.
    from cdoctest_runner.mutation.analysis import select_examples

    plain = select_examples(pool.examples, kills, 8, requires=pool.requires)
    assert 3 in plain and 4 not in plain, plain
    fields = build_pool([_unit(("r_t h;", ""), ('h = f("a*b");', ""), ("h->type", "1"))])
    assert raw_behind_the_api(fields, F) == set()
    assert with_observers(fields, [0, 1], F) == [0, 1, 2]  # no API line: the field shows it


# ---------------------------------------------------------------------------------------------
# The pipeline, with clang-repl


@pytest.fixture(scope="module")
def gen(runner):  # noqa: ANN001, ANN201
    from server.api import GenerateOptions
    from server.generate.generator import Generator

    # Phase 1 only: the fallback's own blocks; no usage mining around the temporary file.
    with Generator(runner=runner, options=GenerateOptions(no_model=True, quick=True)) as g:
        yield g


def _block(gen, path: Path, text: str, name: str) -> list[tuple[str, str]]:  # noqa: ANN001
    from server.api import TargetSelector

    path.write_text(text)
    (f,) = gen.generate(str(path), None, TargetSelector(name)).functions
    assert f.status == "verified", f.message
    return [(e.source.strip(), e.want.strip()) for e in f.examples]


@pytest.mark.clang
def test_the_block_of_a_compile_function_calls_the_matcher(gen, tmp_path: Path) -> None:  # noqa: ANN001
    """``re_compile``'s block checks the compiled pattern by matching texts with it, and never
    prints the compiled nodes' raw fields (which printed ``''`` for an unsigned char).
    """
    block = _block(gen, tmp_path / "tre.c", REGEX, "re_compile")
    sources = [s for s, _ in block]
    compiled = [m.group(1) for s in sources if (m := re.fullmatch(r"(\w+) = re_compile\(.*\);", s))]
    assert compiled, block
    matched = [s for s in sources if re.search(rf"re_matchp\({compiled[0]}, \"", s)]
    assert matched, block
    assert not any("->" in s for s in sources), block


@pytest.mark.clang
def test_the_block_of_a_parser_shows_the_result_through_its_printer(gen, tmp_path: Path) -> None:  # noqa: ANN001
    """``ilist_parse``'s result is written by the library's own printer (to ``stdout``), not
    read field by field: ``[1, 2]`` shows as ``[1,2]``.
    """
    block = _block(gen, tmp_path / "ilist.c", ILIST, "ilist_parse")
    printed = [(s, w) for s, w in block if re.fullmatch(r"ilist_write\(\w+, stdout\);", s)]
    assert printed and all(w.startswith("[") for _, w in printed), block
    assert ("[1,2]" in [w for _, w in printed]) or ("[0]" in [w for _, w in printed]), block
    assert not any("->" in s for s, _ in block), block


@pytest.mark.clang
def test_a_struct_no_function_reads_is_still_shown_by_its_fields(gen, tmp_path: Path) -> None:  # noqa: ANN001
    """Without an observer in the API, the fields the call changed are printed (the fallback
    holds): after ``pt_move(&p, 'l')`` the point's ``x`` is -1 and one move is counted.
    """
    block = _block(gen, tmp_path / "pt.c", POINT, "pt_move")
    fields = {s.rsplit(".", 1)[1]: w for s, w in block if re.fullmatch(r"\w+\.\w+", s)}
    assert fields, block
    assert {"x", "moves"} & set(fields), block
