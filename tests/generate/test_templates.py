"""Template instances (server.analysis.templates): non-type parameters get values (a capacity
``N``, a shift ``N``, an enum and a ``bool``), and templates restricted by ``static_assert``,
``std::enable_if_t``, a ``requires`` clause or a concept get the candidate types that compile
(checked by libclang in a probe), in a fixed order; then real runs (clang-repl, no model) write a
verified block calling each instance.

Test data: the C++20 source below (a fixed-capacity stack ``FixedStack<T, N>``, a shift by a
non-type ``int N``, an unsigned-only ``next_pow2`` behind a ``static_assert``, functions
restricted by ``std::floating_point``, ``enable_if`` and ``requires std::unsigned_integral``, an
enum and ``bool`` parameter with a default, a bit count bounded by a ``static_assert``, a class
template no candidate satisfies, and an unrestricted ``maxOf`` that keeps ``int``, ``double`` and
``std::string``).
"""

from __future__ import annotations

import re

import pytest

from server.analysis import analyse
from server.analysis.context import function_context
from server.analysis.locate import load_source
from server.api import GenerateOptions, SourceOptions, TargetSelector
from server.candidates.by_type import fallback_candidates
from server.generate.generator import Generator

SRC = """\
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

template <typename T, std::size_t N>
class FixedStack {
  public:
    bool push(const T &value) {
        if (count_ == N) return false;
        items_[count_++] = value;
        return true;
    }
    T pop() {
        if (count_ == 0) throw std::out_of_range("empty");
        return items_[--count_];
    }
    std::size_t size() const { return count_; }
  private:
    T items_[N];
    std::size_t count_ = 0;
};

template <int N>
int shift(int x) {
    if (N >= 0) return x << N;
    return x >> -N;
}

template <typename T>
T next_pow2(T x) {
    static_assert(std::is_unsigned<T>::value, "unsigned types only");
    T p = 1;
    while (p < x) p <<= 1;
    return p;
}

template <std::floating_point T>
T half(T x) { return x / 2; }

template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
T twice(T x) { return x * 2; }

template <typename T>
T clamp_to(T x, T lo, T hi) requires std::unsigned_integral<T> {
    return x < lo ? lo : (x > hi ? hi : x);
}

enum class Mode { Floor, Ceil };

template <Mode M, bool Strict = false>
int rounded(double x) {
    int i = static_cast<int>(x);
    if (M == Mode::Ceil && i < x) return i + 1;
    return Strict && i == x ? -1 : i;
}

template <int Bits>
unsigned low_mask() {
    static_assert(Bits > 0 && Bits < 32, "1 to 31 bits");
    return (1u << Bits) - 1;
}

template <typename T, int N>
struct Packed {
    static_assert(sizeof(T) == 3, "three-byte items only");
    int scaled(int x) const { return x * N; }
};

template <typename T>
T maxOf(T a, T b) { return a < b ? b : a; }
"""

CXX20 = SourceOptions(std="c++20")


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201 - a SourceFile
    path = tmp_path_factory.mktemp("templates") / "templates.cpp"
    path.write_text(SRC)
    return load_source(str(path), options=CXX20)


def instances(source, name: str) -> list[str]:  # noqa: ANN001
    """The instances' class names (a method's) or call names (a function template's)."""
    (f,) = [f for f in source.functions if f.declaration.name == name]
    got = analyse(source, f).target.templates
    return [t.class_name or t.call_name for t in got]


def test_non_type_parameters_get_values(source) -> None:  # noqa: ANN001
    # A capacity of 4, then 1 (full at once); a second type only after both values.
    assert instances(source, "push") == [
        "FixedStack<int, 4>",
        "FixedStack<int, 1>",
        "FixedStack<double, 4>",
    ]
    assert instances(source, "shift") == ["shift<4>", "shift<1>", "shift<-1>"]
    # The bounds a static_assert names (0 and 32 fail it; 1 and 31 hold) come first.
    assert instances(source, "low_mask") == ["low_mask<1>", "low_mask<31>"]
    # An enum's constants and a bool with a default, left out when at its default.
    assert instances(source, "rounded") == ["rounded<Mode::Floor>", "rounded<Mode::Ceil, true>"]


def test_restricted_templates_get_the_types_that_compile(source) -> None:  # noqa: ANN001
    assert instances(source, "next_pow2") == [
        "next_pow2<unsigned>",
        "next_pow2<unsigned long long>",
    ]
    assert instances(source, "half") == ["half<double>", "half<float>"]
    assert instances(source, "twice") == ["twice<int>", "twice<unsigned>", "twice<long long>"]
    assert instances(source, "clamp_to") == [
        "clamp_to<unsigned>",
        "clamp_to<unsigned long long>",
    ]
    # No candidate type has three bytes: none of the 40 candidates (clang's default limit of
    # 20 errors would let the last ones through).
    assert instances(source, "scaled") == []
    # Nothing restricts maxOf: the instances of before.
    assert instances(source, "maxOf") == ["maxOf<int>", "maxOf<double>", "maxOf<std::string>"]


def test_blocks_and_hints_call_the_instances(source) -> None:  # noqa: ANN001
    (pop,) = [f for f in source.functions if f.declaration.name == "pop"]
    blocks = [
        " | ".join(e.source.strip() for e in b) for b in fallback_candidates(analyse(source, pop))
    ]
    # The stack is filled first through push (2 items, then 4), then popped twice.
    assert blocks[0] == (
        "FixedStack<int, 4> obj0m; | obj0m.push(1); | obj0m.push(0); | obj0m.pop() | "
        "obj0m.pop() | obj0m.size()"
    )
    assert blocks[1].startswith("FixedStack<int, 1> obj0m; | obj0m.push(1);")
    # The model is told to make an instance, not the template.
    assert function_context(source, pop).call_hint.startswith(
        "// make an object first, e.g.: FixedStack<int, 4> obj;"
    )
    (np2,) = [f for f in source.functions if f.declaration.name == "next_pow2"]
    assert function_context(source, np2).call_hint == "// call it as, e.g.: next_pow2<unsigned>(3)"


@pytest.mark.clang
def test_instances_get_verified_blocks(source, runner) -> None:  # noqa: ANN001
    opts = GenerateOptions(no_model=True, quick=True, usage=False)
    text = {}
    with Generator(runner=runner, options=opts, source_options=CXX20) as gen:
        for name in ("push", "shift", "next_pow2", "half"):
            res = gen.generate(source.path, None, TargetSelector(name=name))
            (fr,) = res.functions
            assert fr.status == "verified", (name, fr.message)
            text[name] = res.new_text
    # A stack of capacity 1 refuses a second item.
    push = r">>> FixedStack<int, 1> (\w+);\n(?:.*\n)*?\s*>>> \1\.push\(\S+\)\n\s*false\n"
    assert re.search(push, text["push"]), text["push"]
    assert ">>> shift<4>(1)\n16\n" in text["shift"]
    assert re.search(r">>> next_pow2<unsigned>\(\d+\)\n\d+\n", text["next_pow2"])
    assert "next_pow2<int>" not in text["next_pow2"]
    assert (
        re.search(r">>> half<(double|float)>\(", text["half"]) and "half<int>" not in text["half"]
    )
