"""The mutation-guided searches on template instances (issue #26), with real libclang and real
clang-repl: a function template is called through its first two instances
(``mask_below<unsigned>``, ``mask_below<unsigned long long>``), with values from each instance's
type; a class template's method on its instances (``Slots<int, 4>``), filled up to the
instance's non-type argument. Each planted bug is a surviving mutant that only the searched
calls kill.
"""

from __future__ import annotations

import re

import pytest

from server.analysis.documentation import DocFacts
from tests.generate.search_support import cpp_context

MASK = """#include <climits>
#include <type_traits>

// Every bit at or below the highest set bit of x: mask_below(0u) == 0, mask_below(5u) == 7.
template <typename T>
T mask_below(T x) {
    static_assert(std::is_unsigned<T>::value, "mask_below needs an unsigned type");
    for (unsigned shift = 1; shift < sizeof(T) * CHAR_BIT; shift <<= 1)
        x |= x >> shift;
    return x;
}
"""

# The smear stops after 32 bits: the same on 32 bits, wrong on 64 bits when a set bit has more
# than 31 zeros below it (UINT64_MAX does not show it: its bits are all set already).
MASK_BUG = ("shift < sizeof(T) * CHAR_BIT", "shift < 32")

SLOTS = """#include <cstddef>

// At most N ints; put returns false and changes nothing when all N slots are taken.
template <typename T, std::size_t N>
class Slots {
public:
    bool put(const T &value) {
        if (used_ == N)
            return false;
        items_[used_++] = value;
        return true;
    }
    const T &last() const { return items_[used_ == 0 ? 0 : used_ - 1]; }
    std::size_t used() const { return used_; }

private:
    T items_[N] = {};
    std::size_t used_ = 0;
};
"""

# A put on a full Slots overwrites the last item (and still says false).
SLOTS_BUG = (
    "if (used_ == N)\n            return false;",
    "if (used_ == N) {\n            items_[N - 1] = value;\n            return false;\n        }",
)


def _planted(text: str, bug: tuple[str, str]):  # noqa: ANN202
    """The planted bug as a mutant of the file (its whole text with the edit)."""
    from cdoctest_runner.mutation.mutate import Mutant

    assert text.count(bug[0]) == 1
    line = text[: text.index(bug[0])].count("\n") + 1
    return Mutant("planted", "planted", "the planted bug", line, text.replace(*bug))


def _search(source, ctx, runner, survivors):  # noqa: ANN001, ANN202
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs

    return find_killing_inputs(
        ctx,
        DocFacts(),
        source.code_under_test(),
        ctx.declaration,
        Runners(runner, runner),
        survivors,
        names=target_names(ctx),
    )


def test_a_function_template_is_called_through_its_first_two_instances(tmp_path) -> None:  # noqa: ANN001
    """The shapes carry the instances' template arguments and their substituted parameter
    kinds; the 64-bit instance's pool holds a value with a gap of more than 32 zero bits.
    """
    from server.search.killing import candidate_calls
    from server.search.shapes import CallShape

    _, ctx = cpp_context(tmp_path, MASK, "mask_below")
    shapes = CallShape.each(ctx)
    assert [s.name for s in shapes] == ["mask_below<unsigned>", "mask_below<unsigned long long>"]
    assert [(p.kind, p.base) for s in shapes for p in s.params] == [
        ("uint", "unsigned int"),
        ("uint", "unsigned long long"),
    ]
    assert CallShape.of(ctx) == shapes[0]
    wide = [a for (a,) in candidate_calls(shapes[1], DocFacts(), ctx.source, 24)]
    assert "9223372036854775809ull" in wide and not any(a.startswith("(-") for a in wide)


@pytest.mark.clang
def test_the_search_finds_the_large_unsigned_value_a_function_template_needs(
    tmp_path,  # noqa: ANN001
    runner,  # noqa: ANN001
) -> None:
    """The smear cut at 32 bits is equivalent on ``mask_below<unsigned>``: only the second
    instance, with a 64-bit value that has a set bit far above another, kills it.
    """
    source, ctx = cpp_context(tmp_path, MASK, "mask_below")
    found = _search(source, ctx, runner, [_planted(MASK, MASK_BUG)])
    assert found.killed == {"planted"}, found.note
    calls = [e.source.strip() for u in found.units for e in u.examples]
    assert any(re.fullmatch(r"mask_below<unsigned long long>\(\w+\)", c) for c in calls), calls
    assert found.tried >= 10  # both instances' calls ran


@pytest.mark.clang
def test_the_method_search_fills_a_class_template_to_its_non_type_capacity(
    tmp_path,  # noqa: ANN001
    runner,  # noqa: ANN001
) -> None:
    """``put`` on ``Slots<int, 4>``: the capacity comes from the template argument (the body
    compares with ``N`` only); a fifth ``put`` and then ``last()`` kill the overwrite.
    """
    from server.search.method_shape import MethodShape
    from server.search.methods import method_candidates

    source, ctx = cpp_context(tmp_path, SLOTS, "put")
    shapes = MethodShape.each(ctx)
    assert [(s.class_name, s.capacities) for s in shapes] == [
        ("Slots<int, 4>", (4,)),
        ("Slots<int, 1>", (1,)),
    ]
    assert set(shapes[0].observers) == {"used()", "last()"}
    cands = method_candidates(ctx, DocFacts(), 40)
    assert cands == method_candidates(ctx, DocFacts(), 40)  # deterministic
    found = _search(source, ctx, runner, [_planted(SLOTS, SLOTS_BUG)])
    assert found.killed == {"planted"}, found.note
    (unit, *_) = found.units
    sources = [e.source.strip() for e in unit.examples]
    assert re.fullmatch(r"Slots<int, [14]> (obj_s\d+);", sources[0]), sources
    obj = sources[0].split()[-1].rstrip(";")
    assert all(not re.search(rf"\b{obj}\s*=[^=]", s) for s in sources[1:])  # never overwritten
    # The full object's put says false; the mutant's last item differs.
    put = next(e for e in unit.examples if re.fullmatch(rf"{obj}\.put\(\d+\)", e.source.strip()))
    assert put.want.strip() == "false"
