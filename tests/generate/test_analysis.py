"""The one analysis of the code under test (``server.analysis``), read with real libclang: the
facts a method and a handle API give, the two mining policies side by side, and the file's
functions read once per parsed file.
"""

from __future__ import annotations

from pathlib import Path

from server.analysis import analyse
from server.analysis.kinds import ParamKind, classify
from server.analysis.locate import load_source
from server.analysis.mining import text_boundaries, token_boundaries, token_chars
from server.analysis.types import canonical, scalar, spelled
from server.generate.job import prompt_context

BIN = """\
namespace shop {
class Bin {
  public:
    explicit Bin(int cap) : cap_(cap), n_(0) {}
    int size() const { return n_; }
    void add(int k) { n_ += k; }
    int take(int k) { if (k > cap_) return -1; n_ -= k; return n_; }
  private:
    int cap_, n_;
};
}
"""

SDS = """\
typedef char *sds;
sds sdsnew(const char *init) { return 0; }
unsigned long sdslen(const sds s) { return 0; }
void sdsfree(sds s) { }
sds sdscat(sds s, const char *t) { return s; }
int sdscmp(const sds a, const sds b) { return a == b ? 0 : 1; }
"""


def _located(path: Path, text: str, name: str):  # noqa: ANN202
    src = load_source(str(path), text)
    return src, next(f for f in src.functions if f.declaration.name == name)


def test_a_method_is_read_with_its_class(tmp_path: Path) -> None:
    src, take = _located(tmp_path / "bin.cpp", BIN, "take")
    target = analyse(src, take).target
    assert (target.name, target.call_name, target.class_name) == ("take", "take", "shop::Bin")
    assert target.is_method and not target.is_static and not target.is_const
    assert not target.default_constructible  # only Bin(int): built from its constructor
    assert [(n, spelled(t)) for n, t in target.ctor_params or ()] == [("cap", "int")]
    assert target.getters == ("size()",)
    assert [(a.name, a.params, a.element) for a in target.accessors] == [("size", (), "value")]
    assert target.has_size
    assert [m for m, _ in target.mutators] == ["add"]
    assert [scalar(canonical(t), "c++").kind for _, t in target.params] == [ParamKind.INT]
    assert target.mined == ()  # `k > cap_` compares with no literal, `return -1` is no comparison


def test_the_files_api_and_the_context_built_on_it(tmp_path: Path) -> None:
    src, cmp_ = _located(tmp_path / "sds.c", SDS, "sdscmp")
    analysis = analyse(src, cmp_)
    names = [f.spelling for f in analysis.api.functions]
    assert names == ["sdsnew", "sdslen", "sdsfree", "sdscat", "sdscmp"]
    ctx = prompt_context(src, cmp_)  # function_context + the prompt's API notes
    assert ctx.analysis is not None and ctx.analysis.api.target == "sdscmp"
    assert ctx.api == (
        "// make a sds with: sds sdsnew(const char * init)",
        "// read a sds with: unsigned long sdslen(const sds s)",
    )


def test_the_files_functions_are_read_once_per_parsed_file(tmp_path: Path) -> None:
    src = load_source(str(tmp_path / "sds.c"), SDS)
    first, second = (analyse(src, f).api.functions for f in src.functions[:2])
    assert first is second  # one reading of the file for all its functions
    again = load_source(str(tmp_path / "sds.c"), SDS + "int extra(int x) { return x; }\n")
    assert len(analyse(again, again.functions[0]).api.functions) == 6  # a new version: read anew


def test_the_two_mining_policies_over_one_body(tmp_path: Path) -> None:
    text = "int grade(int s, char c) { if (s >= 90 && c != 'x') return 1; return s % 7 == 0; }\n"
    src, grade = _located(tmp_path / "g.c", text, "grade")
    # The fallback: tokens, the literal's side of the comparison, 0 and 1 skipped.
    assert token_boundaries(grade.cursor) == [90, 89, 7]
    assert token_chars(grade.cursor) == ["'x'"]
    # The input search: text, K-1, K, K+1 for every comparison and modulus.
    assert text_boundaries(text) == [89, 90, 91, -1, 0, 1, 6, 7, 8]
    assert analyse(src, grade).target.mined == (90, 89, 7, "'x'")


def test_one_vocabulary_of_kinds_for_both_readings() -> None:
    assert classify("unsigned int").kind == ParamKind.UINT == "uint"
    assert classify("const char *").kind is ParamKind.CSTR
    assert classify("double").kind is ParamKind.FLOAT  # to the search any floating point


RING = """\
#include <cstddef>
#include <vector>
template <typename T>
class Ring {
  public:
    explicit Ring(std::size_t cap) : items_(cap) {}
    void push(const T &v) { items_[n_++ % items_.size()] = v; }
    const T &front() const { return items_[0]; }
    std::vector<T> to_vector() const { return items_; }
    const T &at(std::size_t i) const { return items_[i]; }
    std::size_t size() const { return n_; }
    int tag(int a, int b) const { return a + b; }
  private:
    std::vector<T> items_;
    std::size_t n_ = 0;
};
"""


def test_a_class_templates_accessors_are_read_with_the_instances_types(tmp_path: Path) -> None:
    path = tmp_path / "ring.cpp"
    path.write_text(RING)  # the instances' probe includes it
    src, push = _located(path, RING, "push")
    instances = analyse(src, push).target.templates
    by_class = {t.class_name: t for t in instances}
    assert {"Ring<int>", "Ring<std::string>"} <= by_class.keys()

    def read(t):  # noqa: ANN001, ANN202
        return [
            (a.name, [scalar(canonical(p), "c++") is not None for _, p in a.params])
            + (a.reference, a.vector, a.element)
            for a in t.accessors
        ]

    ints = read(by_class["Ring<int>"])
    assert ints == [
        ("front", [], True, False, "value"),
        ("to_vector", [], False, True, "value"),
        ("at", [True], True, False, "value"),
        ("size", [], False, False, "value"),
        ("tag", [True, True], False, False, "value"),
    ]
    assert [a.element for a in by_class["Ring<std::string>"].accessors[:3]] == ["string"] * 3
    assert [n for n, _ in by_class["Ring<int>"].accessors[2].params] == ["i"]
    assert all(t.has_size for t in instances)
