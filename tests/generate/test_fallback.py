"""The no-model fallback (``server.candidates.by_type``): exact candidates per parameter type, then
real runs.

Test data: small sources written inline (exact candidates); ``bench/data/eval_functions`` (the share
of functions that get a verified block from the fallback alone, with real clang-repl).
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from cdoctest_runner.example import Declaration, DocTest
from server.analysis import AnalysisError, analyse, analyse_text
from server.candidates.by_type import FallbackError, fallback_candidates

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `bench` is not an installed package
    sys.path.insert(0, str(ROOT))

from bench.eval_set import load_eval_set  # noqa: E402


def decl(name: str, line: int) -> Declaration:
    return Declaration(
        name=name, qualname=name, kind="function", line=line, column=1, end_line=line, end_column=1
    )


def sources(
    src: str, name: str, line: int, language: str = "c++", max_candidates: int = 8
) -> list[list[str]]:
    analysis = analyse_text(src, decl(name, line), language)
    blocks = fallback_candidates(analysis, max_candidates)
    for block in blocks:
        assert all(e.want == "" for e in block)
    return [[e.source.rstrip("\n") for e in block] for block in blocks]


def test_integers_rotate_and_add_equal_and_ascending_rows() -> None:
    src = "int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }\n"
    assert sources(src, "clamp", 1, "c", max_candidates=4) == [
        ["clamp(1, 0, -1)"],
        ["clamp(5, 5, 5)"],
        ["clamp(0, -1, 2)"],
        ["clamp(3, 4, 5)"],
    ]


def test_boundaries_mined_from_the_body() -> None:
    """``score >= 90`` gives 90 and 89; ``score > 50`` gives 50 and 51 (between 1, 0, -1...)."""
    src = (
        "char grade(int score) {"
        " if (score >= 90) return 'A'; if (score > 50) return 'P'; return 'F'; }\n"
    )
    assert sources(src, "grade", 1, max_candidates=6) == [
        ["grade(90)"],
        ["grade(1)"],
        ["grade(89)"],
        ["grade(0)"],
        ["grade(50)"],
        ["grade(-1)"],
    ]


def test_characters_mined_from_the_body_come_first() -> None:
    src = "int is_sep(char c) { return c == ',' || c == ';'; }\n"
    assert sources(src, "is_sep", 1, "c", max_candidates=3) == [
        ["is_sep(',')"],
        ["is_sep(';')"],
        ["is_sep('a')"],
    ]


def test_pointer_and_length_pairs_declare_an_array_and_print_it_when_mutable() -> None:
    assert sources("void sort3(int *a, int n);\n", "sort3", 1, "c", max_candidates=3) == [
        # A declaration started from a value goes on the line of the call that uses it.
        ["int arr0a[] = {3, 1, 2}; sort3(arr0a, 3);", "arr0a"],
        ["int arr1a[1] = {1}; sort3(arr1a, 0);"],
        ["int arr2a[] = {5}; sort3(arr2a, 1);", "arr2a"],
    ]
    assert sources(
        "long total(const long *v, unsigned n);\n", "total", 1, "c", max_candidates=1
    ) == [
        ["long arr0a[] = {3, 1, 2}; total(arr0a, 3)"],
    ]


def test_class_results_go_through_a_named_variable() -> None:
    """No bare expression makes a ``std::string``/``std::vector`` temporary; c_str() prints."""
    src = (
        "#include <string>\n"
        'std::string shout(const std::string &s, bool loud) { return loud ? s + "!" : s; }\n'
    )
    assert sources(src, "shout", 2, max_candidates=2) == [
        ['std::string res0 = shout("hello", false);', "res0.c_str()"],
        ['std::string res1 = shout("", true);', "res1.c_str()"],
    ]
    src = "#include <vector>\nvoid dbl(std::vector<int> &v) { for (auto &x : v) x *= 2; }\n"
    assert sources(src, "dbl", 2, max_candidates=2) == [
        [
            "std::vector<int> vec0a = {3, 1, 2}; dbl(vec0a);",
            "vec0a.size()",
            "vec0a.at(0)",
            "vec0a.at(1)",
            "vec0a.at(2)",
        ],
        ["std::vector<int> vec1a = {}; dbl(vec1a);", "vec1a.size()"],
    ]


def test_vectors_of_strings() -> None:
    src = "#include <string>\n#include <vector>\nvoid sortv(std::vector<std::string> &v);\n"
    assert sources(src, "sortv", 3, max_candidates=1) == [
        [
            'std::vector<std::string> vec0a = {"one", "two", "three"}; sortv(vec0a);',
            "vec0a.size()",
            "vec0a.at(0).c_str()",
            "vec0a.at(1).c_str()",
            "vec0a.at(2).c_str()",
        ]
    ]


def test_structs_enums_references_and_namespaces() -> None:
    src = (
        "namespace g { enum class Dir { Up, Down }; struct P { int x; double y; };\n"
        "P step(P p, Dir d) { return p; } }\n"
    )
    assert sources(src, "step", 2, max_candidates=2) == [
        ["g::P obj0a = {1, 0.0}; g::P res0 = g::step(obj0a, g::Dir::Down);", "res0.x", "res0.y"],
        ["g::P obj1a = {0, -2.0}; g::P res1 = g::step(obj1a, g::Dir::Up);", "res1.x", "res1.y"],
    ]
    assert sources("void sw(int &a, double *b) { }\n", "sw", 1, max_candidates=1) == [
        ["int val0a = 1; double val0b = 0.0; sw(val0a, &val0b);", "val0a", "val0b"],
    ]


def test_methods_get_a_fresh_object_per_candidate() -> None:
    src = (
        "class Acc {\npublic:\n  int add(int n) { t += n; return t; }\nprivate:\n  int t = 0;\n};\n"
    )
    assert sources(src, "add", 3, max_candidates=2) == [
        ["Acc obj0m;", "obj0m.add(1)", "obj0m.add(0)"],
        ["Acc obj1m;", "obj1m.add(0)", "obj1m.add(-1)"],
    ]
    src = "struct V { int n; V(int k) : n(k) {} int get() const { return n; } };\n"
    assert sources(src, "get", 1, max_candidates=3) == [
        ["V obj0m(10);", "obj0m.get()"],
        ["V obj1m(3);", "obj1m.get()"],
        ["V obj2m(7);", "obj2m.get()"],
    ]


BIN = (
    "class Bin {\n"
    "public:\n"
    "    explicit Bin(int capacity) : capacity_(capacity), count_(0) {}\n"
    "    int add(int n) { int t = n < capacity_ - count_ ? n : capacity_ - count_;"
    " count_ += t; return t; }\n"
    "    bool take(int n) { if (n > count_) return false; count_ -= n; return true; }\n"
    "    int count() const { return count_; }\n"
    "private:\n"
    "    int capacity_;\n"
    "    int count_;\n"
    "};\n"
    "Bin twice(const Bin &b) { Bin out(2 * b.count()); out.add(2 * b.count()); return out; }\n"
)


def test_state_setting_calls_getters_constructors_and_class_results() -> None:
    """State first (a method that adds, called 2 then 4 times); getters show the state after."""
    assert sources(BIN, "take", 5, max_candidates=2) == [
        ["Bin obj0m(10);", "obj0m.add(1);", "obj0m.add(0);"]
        + ["obj0m.take(1)", "obj0m.take(0)", "obj0m.count()"],
        ["Bin obj1m(3);", "obj1m.add(1);", "obj1m.add(0);", "obj1m.add(-1);", "obj1m.add(2);"]
        + ["obj1m.take(0)", "obj1m.take(-1)", "obj1m.count()"],
    ]
    assert sources(BIN, "Bin", 3, max_candidates=2) == [
        ["Bin obj0m(1);", "obj0m.count()"],
        ["Bin obj1m(0);", "obj1m.count()"],
    ]
    assert sources(BIN, "twice", 11, max_candidates=1) == [
        ["Bin obj0a(10);", "auto res0 = twice(obj0a);", "res0.count()"],
    ]


def test_unsupported_types_give_no_candidates_and_a_missing_function_raises() -> None:
    # A callback given a struct by value: the block's function could not print its argument.
    callback = (
        "struct p { int x; };\nint first(int (*f)(struct p)) { struct p v = {1}; return f(v); }\n"
    )
    assert sources(callback, "first", 2, "c") == []
    with pytest.raises(AnalysisError):
        analyse_text("int present(int x) { return x; }\n", decl("absent", 1), "c")
    with pytest.raises(FallbackError):  # the pipeline's context had no analysis
        fallback_candidates(None)


def test_the_pipeline_context_path_agrees_with_the_file_path() -> None:
    """The pipeline's analysis (``FunctionContext.analysis``, read from the parsed file once) and
    the analysis of the file text parsed on its own give the same blocks.
    """
    from server.analysis.context import function_context
    from server.analysis.locate import load_source, select_targets
    from server.api import TargetSelector

    one_per_category = {fn.category: fn for fn in load_eval_set()}.values()
    for fn in one_per_category:
        src = load_source(fn.path)
        target = select_targets(src, TargetSelector(name=fn.function))[0]
        ctx = function_context(src, target)
        from_ctx = fallback_candidates(ctx.analysis)
        from_source = fallback_candidates(analyse(src, target))
        text = analyse_text(src.text, ctx.declaration, ctx.language, path=fn.path)
        from_file = fallback_candidates(text)
        assert from_ctx and from_ctx == from_source == from_file, fn.name
        for block in from_file:  # clang-repl rejects an input starting with '-'
            assert not any(e.source.startswith("-") for e in block), fn.name


@pytest.mark.clang
@pytest.mark.slow
def test_fallback_alone_verifies_most_eval_functions() -> None:
    """Run the candidates, record their outputs, re-run the recorded block: it must pass unchanged.

    To keep this fast, a function's candidates run as one block (their variable names are distinct);
    examples skipped after a crash are dropped before the re-run.
    """
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.results import Outcome
    from cdoctest_runner.runner import DocTestRunner, Limits

    try:
        runner = DocTestRunner(limits=Limits(timeout_s=10.0), workers=2)
        runner.toolchain  # noqa: B018 - resolves clang-repl now, so a missing one skips
    except ToolchainNotFound as exc:
        pytest.skip(str(exc))
    evals = load_eval_set()
    jobs = []
    for fn in evals:
        text = Path(fn.path).read_text()
        line = next(
            i + 1 for i, s in enumerate(text.splitlines()) if f"{fn.function}(" in s and "{" in s
        )
        analysis = analyse_text(text, decl(fn.function, line), fn.language, path=fn.path)
        blocks = fallback_candidates(analysis, max_candidates=4)
        examples = tuple(e for block in blocks for e in block)
        jobs.append((DocTest(examples, f"fallback::{fn.name}", fn.path, 1, 1), fn.code()))
    with runner:
        first = runner.run_many(jobs)
        recorded = []
        for (test, code), res in zip(jobs, first, strict=True):
            ran = [r for r in res.results if r.outcome in (Outcome.PASSED, Outcome.FAILED)]
            examples = tuple(dataclasses.replace(r.example, want=r.got) for r in ran)
            recorded.append((dataclasses.replace(test, examples=examples), code))
        second = runner.run_many(recorded)
    verified = [
        fn.name
        for fn, (test, _), res in zip(evals, recorded, second, strict=True)
        if res.passed and any(e.want for e in test.examples)
    ]
    share = len(verified) / len(evals)
    n_examples = sum(len(t.examples) for t, _ in recorded)
    print(
        f"fallback: {len(verified)}/{len(evals)} eval functions verified ({share:.0%}); "
        f"{n_examples}/{sum(len(t.examples) for t, _ in jobs)} examples ran and were recorded"
    )
    assert share >= 0.9, sorted({fn.name for fn in evals} - set(verified))
