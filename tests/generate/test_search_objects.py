"""Searched calls for parameters of class type and vectors of them (``server.search.inputs``'s
``Composite``, issue #26): a point built by its constructor and a polygon (``std::vector`` of
points, through a typedef) get values (points around the polygons' coordinates, polygons of the
shapes loops get wrong); with real clang-repl, the search kills the boundary mutants the
fallback's block leaves alive, and its block catches a planted off-by-one the fallback's misses.
"""

from __future__ import annotations

import re

import pytest

from server.analysis.documentation import DocFacts
from tests.generate.search_support import cpp_context, fallback_pool, passes

BOX = """#include <vector>

struct Pt {
    long long x, y;
    Pt(long long x, long long y) : x(x), y(y) {}
};
typedef std::vector<Pt> Poly;

/* Where p lies against the box that bounds the points of poly: 1 inside, -1 on its border,
   0 outside it or when poly has no point. */
int box_side(const Pt &p, const Poly &poly) {
    if (poly.empty())
        return 0;
    long long lo_x = poly[0].x, hi_x = poly[0].x, lo_y = poly[0].y, hi_y = poly[0].y;
    for (const Pt &q : poly) {
        if (q.x < lo_x) lo_x = q.x;
        if (q.x > hi_x) hi_x = q.x;
        if (q.y < lo_y) lo_y = q.y;
        if (q.y > hi_y) hi_y = q.y;
    }
    if (p.x < lo_x || p.x > hi_x || p.y < lo_y || p.y > hi_y)
        return 0;
    if (p.x > lo_x && p.x < hi_x && p.y > lo_y && p.y < hi_y)
        return 1;
    return -1;
}
"""

BUG = ("p.x < hi_x", "p.x <= hi_x")  # a point on the box's right border is inside


def test_a_point_and_a_polygon_get_a_call_shape_and_values(tmp_path) -> None:  # noqa: ANN001
    """The point is built by its constructor, the polygon (a typedef) as a brace list; the
    values: the centre, points on the square's border and past it, then the shapes.
    """
    from server.search.killing import candidate_calls
    from server.search.shapes import CallShape, Composite

    _, ctx = cpp_context(tmp_path, BOX, "box_side", "box.cpp")
    shape = CallShape.of(ctx)
    assert shape is not None
    pt, poly = shape.params
    assert isinstance(pt, Composite) and isinstance(poly, Composite)
    assert (pt.base, pt.brace, pt.vector) == ("Pt", False, False)
    assert (poly.base, poly.vector, poly.element) == ("std::vector<Pt>", True, True)
    assert [q.base for q in pt.parts] == ["long long", "long long"]
    calls = candidate_calls(shape, DocFacts(), ctx.source)
    assert calls == candidate_calls(shape, DocFacts(), ctx.source)  # deterministic
    assert 20 <= len(calls) <= 48
    square = "{{0, 0}, {4, 0}, {4, 4}, {0, 4}}"
    assert calls[0] == ["{2, 2}", square]
    assert ["{4, 2}", square] in calls and ["{5, 2}", square] in calls  # border, just past it
    assert ["{2, 2}", "{}"] in calls and ["{2, 2}", "{{1, 1}}"] in calls
    assert ["{2, 2}", "{{0, 0}, {4, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}}"] in calls  # repeated
    assert ["{2, 2}", "{{0, 0}, {2, 0}, {4, 0}}"] in calls  # collinear
    assert ["{0, 2}", "{{0, 0}, {4, 0}, {0, 4}}"] in calls  # a point against a triangle
    assert any("9223372036854775807LL" in a[0] for a in calls)  # the type's limits
    (unit,) = shape.render(["{4, 2}", square], "_s1")
    assert unit.source.strip() == (
        f"Pt p_s1(4, 2); std::vector<Pt> poly_s1 = {square}; box_side(p_s1, poly_s1)"
    )


def test_a_mutable_reference_or_a_library_class_gets_no_shape(tmp_path) -> None:  # noqa: ANN001
    """A non-const reference may be changed by the call: no searched values for it."""
    from server.search.shapes import CallShape

    text = BOX.replace("int box_side(const Pt &p", "int box_side(Pt &p")
    _, ctx = cpp_context(tmp_path, text, "box_side", "box.cpp")
    assert CallShape.of(ctx) is None


@pytest.mark.clang
def test_a_point_on_the_border_kills_what_the_fallback_leaves(tmp_path, runner) -> None:  # noqa: ANN001
    """The fallback's points lie on the diagonal, never on the box's right border between its
    corners, so its block passes with ``p.x <= hi_x`` (such a point is inside); the search's
    block holds such a point and fails.
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    source, ctx = cpp_context(tmp_path, BOX, "box_side", "box.cpp")
    code = source.code_under_test()
    names = target_names(ctx)
    fallback = fallback_pool(ctx, code, runner, names)
    assert fallback
    assert BOX.count(BUG[0]) == 1
    buggy = BOX.replace(*BUG)
    assert passes(fallback, BOX, source.path, runner)
    assert passes(fallback, buggy, source.path, runner)  # the fallback misses the planted bug

    mutants = make_mutants(BOX, ctx.declaration, "cpp", path=source.path)
    alive = mutation_analysis(fallback, code, ctx.declaration, runner, mutants).survivors
    assert any("`<` -> `<=`" in m.description for m in alive)
    found = find_killing_inputs(
        ctx, DocFacts(), code, ctx.declaration, Runners(runner, runner), list(alive), names=names
    )
    assert found.units, found.note
    assert found.killed and found.killed <= {m.id for m in alive}
    searched = [e for u in found.units for e in u.examples]
    assert passes(searched, BOX, source.path, runner)
    assert not passes(searched, buggy, source.path, runner)  # the search's block catches it
    # A point on the square's right border between its corners, printed as on the border: -1.
    assert any(
        re.search(r"Pt p_s\d+\(4, [1-3]\);", e.source) and e.want.strip() == "-1" for e in searched
    )
