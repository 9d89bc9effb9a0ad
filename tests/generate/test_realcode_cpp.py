"""Templates and overloaded operators (server.candidates.by_type): a function template is
instantiated with int, double and std::string; operators are called as expressions (``a + b``, ``a
== b``, ``std::cout << a``) and their results read through getters or stream output. Then real runs
(clang-repl, no model).

Test data: the C++ source below (a function template, a class with member operators and getters,
a free ``operator<<``, and a class with no getters, printed by its ``operator<<``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.analysis import analyse_cursor
from server.analysis.locate import load_source
from server.api import GenerateOptions, TargetSelector
from server.candidates.by_type import fallback_candidates
from server.generate.generator import Generator

SRC = """\
#include <iostream>
#include <string>

namespace alg {
template <typename T> T maxOf(T a, T b) { return a > b ? a : b; }

class Complex {
  public:
    Complex(double re = 0, double im = 0) : re_(re), im_(im) {}
    double real() const { return re_; }
    double imag() const { return im_; }
    Complex operator+(const Complex &o) const { return Complex(re_ + o.re_, im_ + o.im_); }
    bool operator==(const Complex &o) const { return re_ == o.re_ && im_ == o.im_; }
  private:
    double re_, im_;
};

std::ostream &operator<<(std::ostream &os, const Complex &c) {
    return os << c.real() << "+" << c.imag() << "i";
}

class Tally {
  public:
    explicit Tally(int n) : n_(n) {}
    Tally operator+(int k) const { return Tally(n_ + k); }
    friend std::ostream &operator<<(std::ostream &os, const Tally &t) { return os << "|" << t.n_; }
  private:
    int n_;
};
}  // namespace alg
"""


def blocks(path: Path, name: str, line: int = 0) -> list[str]:
    src = load_source(str(path), SRC)
    funcs = [f for f in src.functions if f.declaration.name == name]
    f = next(f for f in funcs if f.start_line >= line)
    got = fallback_candidates(analyse_cursor(f.cursor, "c++"))
    return [" | ".join(e.source.strip() for e in b) for b in got]


def test_templates_are_instantiated_and_operators_written_as_expressions(tmp_path: Path) -> None:
    path = tmp_path / "alg.cpp"
    path.write_text(SRC)
    assert blocks(path, "maxOf")[:3] == [
        "alg::maxOf<int>(1, 0)",
        "alg::maxOf<double>(1.5, 0.0)",
        'std::string res0 = alg::maxOf<std::string>("hello", ""); | res0.c_str()',
    ]
    plus = blocks(path, "operator+")[0]
    assert "auto res0 = (obj0m + obj0a); | res0.real() | res0.imag()" in plus
    assert blocks(path, "operator==")[0].endswith("| (obj0m == obj0a)")
    assert blocks(path, "operator<<")[0].endswith("| std::cout << obj0a << std::endl;")
    # A class without getters is read through its operator<<.
    tally = blocks(path, "operator+", line=SRC.split("\n").index("class Tally {"))[0]
    assert tally.endswith("auto res0 = (obj0m + 1); | std::cout << res0 << std::endl;")


@pytest.mark.clang
def test_template_and_operators_get_blocks(tmp_path: Path, runner) -> None:  # noqa: ANN001
    path = tmp_path / "alg.cpp"
    path.write_text(SRC)
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        res = gen.generate(str(path), None, TargetSelector())
    verified = {(f.function.name, f.function.line) for f in res.functions if f.status == "verified"}
    names = [n for n, _ in verified]
    assert {"maxOf", "operator==", "operator<<", "Tally"} <= set(names)
    assert names.count("operator+") == 2  # Complex's and Tally's
    text = res.new_text
    assert ">>> alg::maxOf<int>(1, 0)\n1\n" in text
    # Tally, printed by its operator<<:
    assert re.search(r">>> std::cout << res\d* << std::endl;\n    \|\d+\n", text)
    assert re.search(r">>> std::cout << obj\d* << std::endl;\n-?[\d.]+\+-?[\d.]+i\n", text)


#: A class template from real code (llama.cpp's ring_buffer, MIT, vendored for the benchmark).
RING = Path(__file__).resolve().parents[2] / "bench/data/realcode/ring_buffer/ring_buffer.cpp"


def ring_blocks(tmp_path: Path, name: str, nth: int = 0) -> list[str]:
    path = tmp_path / RING.name
    path.write_text(RING.read_text())
    src = load_source(str(path))
    f = [f for f in src.functions if f.declaration.name == name][nth]
    got = fallback_candidates(analyse_cursor(f.cursor, "c++"))
    return [" | ".join(e.source.strip() for e in b) for b in got]


def test_class_template_methods_run_on_instances(tmp_path: Path) -> None:
    push = ring_blocks(tmp_path, "push_back")
    # int, double and std::string instances, built with the constructor's capacity; a container
    # is filled first (2 items, then 4: past a capacity of 3), its state read through its getters
    # (the ones that cannot throw on an empty buffer first).
    assert push[0].startswith(
        "ring_buffer<int> obj0m(3); | obj0m.push_back(1); | obj0m.push_back(0);"
    )
    assert push[0].endswith("| obj0m.empty() | obj0m.size() | obj0m.front()")
    assert push[1].startswith("ring_buffer<double> obj0m(3);")
    assert push[2].startswith('ring_buffer<std::string> obj0m(3); | obj0m.push_back("hello");')
    assert push[3].startswith("ring_buffer<int> obj1m(7); | obj1m.clear(); | obj1m.push_back(0);")
    front = ring_blocks(tmp_path, "front")
    assert front[3].count("obj1m.push_back(") == 4  # a reader sees 2, then 4 items
    # The const overload of front() is called on a const object, not the non-const one.
    const_front = ring_blocks(tmp_path, "front", nth=1)
    assert "static_cast<const ring_buffer<int> &>(obj0m).front()" in const_front[0]
    assert "static_cast" not in ring_blocks(tmp_path, "front", nth=0)[0]


@pytest.mark.clang
def test_class_template_method_gets_a_checking_block(tmp_path: Path, runner) -> None:  # noqa: ANN001
    path = tmp_path / RING.name
    path.write_text(RING.read_text())
    line = RING.read_text().split("\n").index("    void push_back(const T & value) {") + 1
    opts = GenerateOptions(no_model=True, quick=True)  # the fallback's block, no input search
    with Generator(runner=runner, options=opts) as gen:
        res = gen.generate(str(path), None, TargetSelector(line=line))
    (fr,) = res.functions
    assert fr.status == "verified", fr.message
    assert any(e.want for e in fr.examples)
    assert ">>> ring_buffer<int> obj(3);\n" in res.new_text
    # Two items pushed into an empty buffer of capacity 3: the first is at the front.
    assert ">>> obj.push_back(1);\n" in res.new_text
    assert re.search(r">>> obj.front\(\)\n\s*1\n", res.new_text), res.new_text
