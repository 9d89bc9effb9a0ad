"""Searched call sequences for methods (``server.search.methods``): with real clang-repl, the
search fills a ring buffer to its capacity and past it, where the fallback's block does not go,
and kills what the fallback's block leaves alive; its objects are never overwritten.
"""

from __future__ import annotations

import doctest
import re

import pytest

from server.analysis.documentation import DocFacts
from tests.generate.search_support import cpp_context, fallback_pool, passes

RING = """// A FIFO queue of at most 4 ints in a ring: put returns false when full.
class Ring {
public:
    bool put(int v) {
        if (count_ == 4)
            return false;
        buf_[(head_ + count_) % 4] = v;
        count_++;
        return true;
    }
    int get() {
        if (count_ == 0)
            return -1;
        int v = buf_[head_];
        head_ = (head_ + 1) % 4;
        count_--;
        return v;
    }
    int count() const { return count_; }

private:
    int buf_[4] = {};
    int head_ = 0;
    int count_ = 0;
};
"""

# The planted off-by-one: a full ring takes a fifth item (over the oldest one).
RING_BUG = ("if (count_ == 4)", "if (count_ > 4)")

RANGE = """// The half-open range [lo, hi).
class Range {
public:
    Range(int lo, int hi) : lo_(lo), hi_(hi) {}
    bool contains(int x) const { return x >= lo_ && x < hi_; }
    int width() const { return hi_ - lo_; }

private:
    int lo_;
    int hi_;
};
"""

COUNTER = """#include <vector>
// Counts up by its step and wraps to 0 past 10.
class Counter {
public:
    explicit Counter(const std::vector<int> &steps) : step_(steps.empty() ? 1 : steps[0]) {}
    void tick() {
        value_ += step_;
        if (value_ > 10)
            value_ = 0;
    }
    int value() const { return value_; }

private:
    int step_;
    int value_ = 0;
};

Counter make_counter(int step) { return Counter(std::vector<int>{step}); }
"""


RING_T = """#include <cstddef>
#include <stdexcept>
#include <vector>
// A ring of at most cap items: a push on a full ring overwrites the oldest.
template <typename T>
struct ring {
    ring(size_t cap) : cap_(cap), data_(cap) {}
    const T &front() const {
        if (n_ == 0)
            throw std::runtime_error("empty");
        return data_[first_];
    }
    void push_back(const T &v) {
        if (n_ == cap_)
            first_ = (first_ + 1) % cap_;
        else
            n_++;
        data_[pos_] = v;
        pos_ = (pos_ + 1) % cap_;
    }
    T pop_front() {
        if (n_ == 0)
            throw std::runtime_error("empty");
        T v = data_[first_];
        first_ = (first_ + 1) % cap_;
        n_--;
        return v;
    }
    std::vector<T> to_vector() const {
        std::vector<T> out;
        for (size_t i = 0; i < n_; i++)
            out.push_back(data_[(first_ + i) % cap_]);
        return out;
    }
    void clear() { n_ = first_ = pos_ = 0; }
    size_t size() const { return n_; }

private:
    size_t cap_;
    size_t n_ = 0, first_ = 0, pos_ = 0;
    std::vector<T> data_;
};
"""

# The planted wrap-around bug: a full ring does not advance its oldest item (size() stays right).
RING_T_BUG = ("first_ = (first_ + 1) % cap_;\n        else", "first_ = first_;\n        else")


def test_search_methods_docstring_examples() -> None:
    import server.search.method_shape

    result = doctest.testmod(server.search.method_shape)
    assert result.attempted > 0 and result.failed == 0


def _never_overwritten(examples) -> None:  # noqa: ANN001
    """The unit declares its object once and only calls its methods afterwards."""
    sources = [e.source.strip() for e in examples]
    (obj,) = {m.group(1) for s in sources for m in re.finditer(r"\b(obj_s\d+)\b", s)}
    assert re.fullmatch(rf"(Ring|Range|Counter) {obj}(\(.*\)| = make_counter\(.*\))?;", sources[0])
    for s in sources[1:]:
        assert not re.search(rf"\b{obj}\s*=[^=]", s), s
        assert all(m.group(1) == "." for m in re.finditer(rf"\b{obj}\b(.)", s)), s


@pytest.mark.clang
def test_a_fill_past_the_capacity_kills_what_the_fallback_leaves(tmp_path, runner) -> None:  # noqa: ANN001
    """``put``'s ``count_ == 4`` -> ``!=``-like mutants and the planted ``count_ > 4`` need a
    full ring: the fallback's calls never fill it; the searched sequences do.
    """
    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs
    from server.search.methods import method_candidates

    source, ctx = cpp_context(tmp_path, RING, "put")
    code = source.code_under_test()
    names = target_names(ctx)
    fallback = fallback_pool(ctx, code, runner, names)
    assert fallback
    buggy = RING.replace(*RING_BUG)
    assert passes(fallback, buggy, source.path, runner)  # the fallback misses the planted bug

    mutants = make_mutants(RING, ctx.declaration, "cpp", path=source.path)
    alive = mutation_analysis(fallback, code, ctx.declaration, runner, mutants).survivors
    assert alive
    cands = method_candidates(ctx, DocFacts(), 40)
    assert 10 <= len(cands) <= 40
    assert cands == method_candidates(ctx, DocFacts(), 40)  # deterministic
    found = find_killing_inputs(
        ctx, DocFacts(), code, ctx.declaration, Runners(runner, runner), list(alive), names=names
    )
    assert found.killed and found.killed <= {m.id for m in alive}
    assert found.units
    searched = [e for u in found.units for e in u.examples]
    assert not passes(searched, buggy, source.path, runner)  # the search's block catches it
    # A put on the full ring, printed: false (the planted bug says true).
    assert any(
        re.fullmatch(r"obj_s\d+\.put\(\d+\)", e.source.strip()) and e.want.strip() == "false"
        for e in searched
    )
    for u in found.units:
        _never_overwritten(u.examples)


@pytest.mark.clang
def test_a_const_method_without_modifiers_gets_calls(tmp_path, runner) -> None:  # noqa: ANN001
    """``Range::contains`` has no modifiers: the searched calls vary the constructor's and the
    call's arguments, and kill the boundary mutants of ``x >= lo_``.
    """
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs
    from server.search.method_shape import MethodShape
    from server.search.methods import method_candidates

    source, ctx = cpp_context(tmp_path, RANGE, "contains")
    shape = MethodShape.of(ctx)
    assert shape is not None and shape.modifiers == () and shape.observers == ("width()",)
    cands = method_candidates(ctx, DocFacts(), 40)
    assert len(cands) >= 5
    for c in cands:
        _never_overwritten(c.examples)
    code = source.code_under_test()
    mutants = [
        m
        for m in make_mutants(RANGE, ctx.declaration, "cpp", path=source.path)
        if m.description == "`>=` -> `>`"
    ]
    assert mutants
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        code,
        ctx.declaration,
        Runners(runner, runner),
        mutants,
        names=target_names(ctx),
    )
    assert found.killed == {m.id for m in mutants}


@pytest.mark.clang
def test_an_object_the_file_makes_and_a_modifier_without_inputs(tmp_path, runner) -> None:  # noqa: ANN001
    """``Counter`` has no constructor the search can call: ``make_counter(step)`` makes it, and
    ``tick()`` (no inputs) is repeated to reach the wrap at 10: ``>`` -> ``>=`` is killed.
    """
    from cdoctest_runner.mutation.mutate import make_mutants
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs
    from server.search.method_shape import MethodShape
    from server.search.methods import method_candidates

    source, ctx = cpp_context(tmp_path, COUNTER, "tick")
    shape = MethodShape.of(ctx)
    assert shape is not None and shape.producer == "make_counter"
    cands = method_candidates(ctx, DocFacts(), 40)
    assert cands[0].examples[0].source.strip() == "Counter obj_s0 = make_counter(3);"
    mutants = [
        m
        for m in make_mutants(COUNTER, ctx.declaration, "cpp", path=source.path)
        if m.description == "`>` -> `>=`"
    ]
    assert mutants
    found = find_killing_inputs(
        ctx,
        DocFacts(),
        source.code_under_test(),
        ctx.declaration,
        Runners(runner, runner),
        mutants,
        names=target_names(ctx),
    )
    assert found.killed == {m.id for m in mutants}
    for u in found.units:
        _never_overwritten(u.examples)


@pytest.mark.clang
def test_a_wrap_around_shows_through_the_element_readers(tmp_path, runner) -> None:  # noqa: ANN001
    """``ring<T>::push_back`` on a full ring: ``size()`` stays right under the planted bug, only
    the order of the elements changes. The search fills past the capacity and prints
    ``front()`` (a ``const T &``) and ``to_vector()`` (size and elements): its block catches
    the bug, the fallback's does not.
    """
    from server.generate.job import target_names
    from server.judge.runners import Runners
    from server.search.killing import find_killing_inputs
    from server.search.method_shape import MethodShape, Reader

    buggy = RING_T.replace(*RING_T_BUG)
    assert buggy != RING_T
    source, ctx = cpp_context(tmp_path, RING_T, "push_back")
    (shape, *_) = MethodShape.each(ctx)
    assert shape.observers == ("size()", "front()") and shape.container and shape.sized
    assert shape.readers == (Reader("to_vector", "vector", needs_item=False),)
    code = source.code_under_test()
    names = target_names(ctx)
    fallback = fallback_pool(ctx, code, runner, names)
    assert fallback and passes(fallback, buggy, source.path, runner)

    from cdoctest_runner.mutation.analysis import mutation_analysis
    from cdoctest_runner.mutation.mutate import make_mutants

    mutants = make_mutants(RING_T, ctx.declaration, "cpp", path=source.path)
    alive = mutation_analysis(fallback, code, ctx.declaration, runner, mutants).survivors
    found = find_killing_inputs(
        ctx, DocFacts(), code, ctx.declaration, Runners(runner, runner), list(alive), names=names
    )
    assert found.units
    searched = [e for u in found.units for e in u.examples]
    assert not passes(searched, buggy, source.path, runner)
    failing = [u for u in found.units if not passes(u.examples, buggy, source.path, runner)]
    assert any(
        re.search(r"\.(front\(\)|to_vector\(\))", e.source) for u in failing for e in u.examples
    )


@pytest.mark.clang
def test_a_reader_that_throws_on_empty_is_not_called_on_an_empty_object(tmp_path, runner) -> None:  # noqa: ANN001
    """``pop_front`` after one ``push_back`` empties the ring: its units print ``size()`` and
    ``to_vector()`` but not ``front()`` (which throws); every unit that calls ``front()`` runs
    to its end on the original.
    """
    from server.generate.job import target_names
    from server.judge.verify import verify_candidates
    from server.search.methods import method_candidates

    source, ctx = cpp_context(tmp_path, RING_T, "pop_front")
    cands = method_candidates(ctx, DocFacts(), 40)
    sources = [[e.source.strip() for e in c.examples] for c in cands]
    emptied = [
        s for s in sources if re.fullmatch(r"obj_s\d+\.push_back\(\d+\);", s[1]) and "pop" in s[2]
    ]
    assert emptied
    for s in emptied:
        assert not any(".front()" in line for line in s), s
        assert any(".to_vector()" in line for line in s), s
    reading = [i for i, s in enumerate(sources) if any(".front()" in line for line in s)]
    assert reading
    report = verify_candidates(cands, source.code_under_test(), runner, target_names(ctx))
    for i in reading:
        assert report.kept_per_candidate[i] == len(cands[i].examples), sources[i]
