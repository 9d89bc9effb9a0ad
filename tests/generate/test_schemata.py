"""Mutant schemata (``cdoctest_runner.mutation.schemata``, ``schema_text``, ``schemata_run``).

The planner and the text are checked by hand (libclang only).
"""

from __future__ import annotations

from cdoctest_runner.example import Declaration
from cdoctest_runner.mutation.mutate import OPERATORS, make_mutants
from cdoctest_runner.mutation.schema_text import (
    mutants_in_error,
    presumed_lines,
    render,
    switch_input,
)
from cdoctest_runner.mutation.schemata import plan_schema


def decl(name: str, source: str) -> Declaration:
    """The declaration of ``name`` defined in ``source`` (the line holding ``name(`` and ``{``)."""
    line = next(i + 1 for i, t in enumerate(source.split("\n")) if f" {name}(" in t and "{" in t)
    return Declaration(name, name, "function", line, 1, line, 1)


PICK = """int pick(int a, int b, int k) {
    int buf[4] = {0};
    int r = a + b;
    if (a < b)
        r++;
    switch (k) {
    case 1:
        return r * 2;
    default:
        break;
    }
    long long w = (long long)a * b;
    return r + buf[k & 3] + (a && b) + (int)w;
}
"""


def test_each_mutant_gets_the_point_its_change_needs() -> None:
    """Statements whole, conditions by truth, other expressions typed; declarations, case labels
    out.
    """
    mutants = make_mutants(PICK, decl("pick", PICK), "c", 100, operators=OPERATORS)
    plan = plan_schema(PICK, mutants, "c")
    where = {m.id: plan.points[m.id].kind if m.id in plan.points else plan.left_out[m.id]
             for m in mutants}  # fmt: skip
    assert {k: where[k] for k in (
        "constant@2:13/0",  # `int buf[4]` -> `[5]`: an array size
        "constant@2:19/0",  # `{0}` -> `{1}`: an initialiser
        "arithmetic@3:15/0",  # `a + b` -> `a - b` in `int r = ...`
        "remove-branch@4:5/0",  # the whole `if` removed
        "negate@4:9/0",
        "relational@4:11/1",
        "remove-branch@7:5/0",  # `case 1:` removed
        "arithmetic@8:18/0",  # in `return r * 2;`
        "widening@12:5/0",  # `long long w` -> `int w`
        "widening@12:19/0",  # `(long long)a * b` -> `a * b`
        "off-by-one@13:20/0",  # in the `return`
    )} == {
        "constant@2:13/0": "changes a declaration or a type",
        "constant@2:19/0": "expression",
        "arithmetic@3:15/0": "expression",
        "remove-branch@4:5/0": "statement",
        "negate@4:9/0": "condition",
        "relational@4:11/1": "condition",
        "remove-branch@7:5/0": "a statement with a label or case",
        "arithmetic@8:18/0": "statement",
        "widening@12:5/0": "changes a declaration or a type",
        "widening@12:19/0": "expression",
        "off-by-one@13:20/0": "statement",
    }  # fmt: skip


MAX2 = """/* The larger of a and b. */
int max2(int a, int b) {
    if (a < b)
        return b;
    return a + 0;
}
"""


def test_the_schema_text() -> None:
    """Nested points, several mutants at one point, the switch declared before the function and
    the line numbers kept.
    """
    mutants = make_mutants(MAX2, decl("max2", MAX2), "c", 100, operators=OPERATORS)
    schema = render(plan_schema(MAX2, mutants, "c"), [m.id for m in mutants])
    s = "__cdt_mutant"
    assert schema.text == (
        "/* The larger of a and b. */\n"
        f"int {s} = 0;\n#line 2\n"
        "int max2(int a, int b) {\n"
        f"    {{ if ({s} == 1) {{  }} else {{ if (({s} == 2 ? !!(!(a < b)) : {s} == 3 ? "
        f"!!(a <= b) : {s} == 4 ? !!(a > b) : !!(a < b)))\n"
        f"        {{ if ({s} == 5) {{ return (b) + 1; }} else {{ return b; }} }} }} }}\n"
        f"    {{ if ({s} == 6) {{ return (a + 0) + 1; }} else if ({s} == 7) {{ return a - 0; }} "
        f"else if ({s} == 8) {{ return a + 1; }} else if ({s} == 9) {{ return a + (-1); }} "
        f"else {{ return a + 0; }} }}\n"
        "}\n"
    )
    assert schema.switch == {m.id: k + 1 for k, m in enumerate(mutants)}
    assert switch_input(schema.switch["relational@3:11/0"]) == f"{s} = 3;"


IF_ELSE = """int sign(int x) {
    int s = 0;
    if (x > 0)
        s = 1;
    else
        s = -1;
    return s;
}
"""


def test_lines_keep_their_numbers() -> None:
    """Every line copied from the file has the number the compiler gives it in the file, also
    after a mutant's copy that spans lines (``#line``).
    """
    mutants = make_mutants(IF_ELSE, decl("sign", IF_ELSE), "c", 100, operators=OPERATORS)
    assert any(m.operator == "remove-branch" for m in mutants)  # a copy spanning lines
    schema = render(plan_schema(IF_ELSE, mutants, "c"), [m.id for m in mutants])
    original = IF_ELSE.split("\n")
    numbered = presumed_lines(schema.text.encode())
    for text, number in zip(schema.text.split("\n"), numbered, strict=True):
        if text.strip() in ("s = 1;", "else", "s = -1;", "}", "int s = 0;"):
            assert text.strip() in original[number - 1], (text, number)
    assert schema.text.count("#line") >= 2


def test_errors_are_read_back_to_their_mutants() -> None:
    """An error in a mutant's copy names it; an error in a header, by the note in the schema;
    an error elsewhere names none.
    """
    mutants = make_mutants(PICK, decl("pick", PICK), "c", 100, operators=OPERATORS)
    plan = plan_schema(PICK, mutants, "c")
    schema = render(plan, [m.id for m in mutants if m.id in plan.points])
    text = schema.text  # ASCII: byte offsets are character offsets
    start = max(a for a, _, ids in schema.spans if ids == ("widening@12:19/0",))  # its variant
    cast = text.index("(void)sizeof(char[__builtin_types_compatible_p", start)
    line = text.count("\n", 0, cast)
    column = cast - text.rfind("\n", 0, cast)
    number = schema.lines[line]
    ours = lambda name: name == "/p/pick.c"  # noqa: E731
    error = f"/p/pick.c:{number}:{column}: error: array size is negative\n"
    assert mutants_in_error(schema, error, ours) == (frozenset({"widening@12:19/0"}), True)
    in_header = f"/usr/include/x.h:3:1: error: no\n/p/pick.c:{number}:{column}: note: here\n"
    assert mutants_in_error(schema, in_header, ours)[0] == {"widening@12:19/0"}
    elsewhere = "/p/pick.c:1:1: error: no\n"
    assert mutants_in_error(schema, elsewhere, ours) == (frozenset(), False)
