"""API-aware call sequences: values of handle types come from the file's own producers and are
read through its observers (server.candidates.by_type), then run for real (clang-repl, no model).

Test data: the C source below (a ``typedef char *`` string handle, as SDS has, and a pointer to a
struct that holds a pointer, so no literal can stand for either).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from server.analysis import analyse_cursor
from server.analysis.locate import load_source
from server.api import GenerateOptions, TargetSelector
from server.candidates.by_type import fallback_candidates
from server.generate.generator import Generator

SRC = """\
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

typedef char *str_t;

str_t str_new(const char *init) {
    str_t s = malloc(strlen(init) + 1);
    strcpy(s, init);
    return s;
}
size_t str_len(const str_t s) { return strlen(s); }
void str_upper(str_t s) { for (; *s; s++) *s = (char)toupper((unsigned char)*s); }

typedef struct counter counter_t;
struct counter { int n; int step; const char *name; };

counter_t *counter_new(int step) {
    counter_t *c = malloc(sizeof *c);
    c->n = 0; c->step = step; c->name = "c";
    return c;
}
int counter_value(const counter_t *c) { return c->n; }
void counter_tick(counter_t *c) { c->n += c->step; }
counter_t *counter_twice(counter_t *c) { counter_tick(c); counter_tick(c); return c; }
"""


def blocks(path: Path, name: str) -> list[str]:
    src = load_source(str(path), SRC)
    (f,) = [f for f in src.functions if f.declaration.name == name]
    got = fallback_candidates(analyse_cursor(f.cursor, "c"))
    return [" | ".join(e.source.strip() for e in b) for b in got]


def test_handles_are_made_by_producers_and_read_by_observers(tmp_path: Path) -> None:
    upper = blocks(tmp_path / "api.c", "str_upper")
    assert upper[0] == 'str_t h0a; | h0a = str_new("hello"); | str_upper(h0a); | h0a | str_len(h0a)'
    tick = blocks(tmp_path / "api.c", "counter_tick")
    assert tick[0].startswith("counter_t *h0a; | h0a = counter_new(")
    assert tick[0].endswith(
        "counter_tick(h0a); | counter_value(h0a) | h0a->n | h0a->step | h0a->name"
    )
    # A result of the handle type is kept in a variable and read the same way.
    twice = blocks(tmp_path / "api.c", "counter_twice")
    assert twice[0].endswith(
        "counter_t *res0; | res0 = counter_twice(h0a); | counter_value(res0)"
        " | res0->n | res0->step | res0->name"
    )
    # No char buffer stands in for the handle (it would have no valid contents for the library).
    assert not any("char str" in b for b in upper + tick)


@pytest.mark.clang
def test_handle_typed_functions_get_checking_blocks(tmp_path: Path, runner) -> None:  # noqa: ANN001
    path = tmp_path / "api.c"
    path.write_text(SRC)
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        res = gen.generate(str(path), None, TargetSelector())
    by_name = {f.function.name: f for f in res.functions}
    for name, producer, observer in [
        # The handles are named after the parameters they are passed as (``s``, ``c``).
        ("str_upper", "str_new(", "s\n"),
        ("counter_tick", "counter_new(", "counter_value(c)"),
    ]:
        fn = by_name[name]
        assert fn.status == "verified", (name, fn.message)
        sources = "".join(e.source for e in fn.examples)
        assert producer in sources and observer in sources, sources
        assert any(e.want for e in fn.examples)
    assert '>>> str_upper(s);\n>>> s\n"HELLO"\n' in res.new_text
    # The length ``str_upper`` leaves as it was is not printed back (docs/generate.md, rule 6).
    assert "str_len(s)" not in "".join(e.source for e in by_name["str_upper"].examples)


PARSER = """\
typedef struct { int type; int start; int end; } tok_t;
typedef struct { unsigned int pos; unsigned int next; } parser_t;

void parser_init(parser_t *p) { p->pos = 0; p->next = 0; }
int parse_json(parser_t *p, const char *js, unsigned long len, tok_t *toks, unsigned int n) {
    for (; p->pos < len && p->next < n; p->pos++)
        if (js[p->pos] == '[') { toks[p->next].type = 1; toks[p->next++].start = (int)p->pos; }
    return (int)p->next;
}
"""


def test_a_parser_gets_its_init_function_a_token_array_and_json_text(tmp_path: Path) -> None:
    src = load_source(str(tmp_path / "p.c"), PARSER)
    (f,) = [f for f in src.functions if f.declaration.name == "parse_json"]
    first = fallback_candidates(analyse_cursor(f.cursor, "c"))[0]
    assert [e.source.strip() for e in first][:3] == [
        "parser_t obj0a;",
        "parser_init(&obj0a);",
        'tok_t arr0c[8] = {0}; parse_json(&obj0a, "[1, 2]", 6, arr0c, 8)',
    ]
    assert "arr0c[0].type" in [e.source.strip() for e in first]


def test_the_prompt_names_the_files_producers_and_observers(tmp_path: Path) -> None:
    from server.generate.job import prompt_context

    src = load_source(str(tmp_path / "api.c"), SRC)
    (f,) = [f for f in src.functions if f.declaration.name == "str_upper"]
    ctx = prompt_context(src, f)
    assert ctx.api == (
        "// make a str_t with: str_t str_new(const char * init)",
        "// read a str_t with: size_t str_len(const str_t s)",
    )
    assert ctx.api[0] in ctx.prompt_target.context
