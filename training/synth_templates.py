"""Function templates of the generated training data (``training.synth``), one function each.

A template takes a seeded ``random.Random`` and returns a :class:`Draft`: a self-contained C or C++
file, the target, and the REPL inputs of its reference block (no outputs: ``training.synth`` records
them with clang-repl and re-checks the block). Names, constants, operators and call arguments vary
with the RNG, the structure of the function does not: the *template* is the unit that the training
and held-out splits never share (``HELDOUT``).

Families beyond the nine seed categories: methods and constructors, pointer + length arrays,
structs,
C strings, ``std::string``/``std::vector``, and handle-style create/read C APIs.

Longer than the ~500-line guideline on purpose: it is one catalogue of independent templates (each
a short function of C/C++ text), read and extended one template at a time; splitting it by family
would only scatter the ``TEMPLATES``/``HELDOUT`` registry over several files.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cdoctest_runner.example import Language

#: The languages a draft is written in, in the order the generators draw from.
LANGUAGES: tuple[Language, ...] = ("c", "c++")


@dataclass(frozen=True)
class Draft:
    """One generated problem before its outputs are recorded."""

    category: str
    language: Language
    source: str
    function: str
    prompts: tuple[str, ...]
    qualname: str = ""


def _pick(rng: random.Random, *names: str) -> str:
    return rng.choice(names)


def _ints(rng: random.Random, n: int, lo: int = -9, hi: int = 20) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(n)]


def _c_array(values: list[int]) -> str:
    return "{" + ", ".join(map(str, values)) + "}"


# -- the nine seed categories ----------------------------------------------------------------------


def affine(rng: random.Random) -> Draft:
    """Arithmetic: ``a*x + b`` with varied constants."""
    name = _pick(rng, "scale_shift", "affine", "linear_map", "calibrate")
    a, b = rng.randint(2, 9), rng.randint(-20, 20)
    src = f"/* Returns {a} * x + {b}. */\nint {name}(int x) {{\n    return {a} * x + {b};\n}}\n"
    xs = rng.sample(range(-10, 30), 3)
    return Draft("arithmetic", "c", src, name, tuple(f"{name}({x})" for x in xs))


def clamp(rng: random.Random) -> Draft:
    """If statements: clamp into [lo, hi]."""
    name = _pick(rng, "clamp", "bound", "limit_to", "saturate")
    lang = rng.choice(LANGUAGES)
    src = (
        f"// Returns v limited to the range [lo, hi].\nint {name}(int v, int lo, int hi) {{\n"
        "    if (v < lo) return lo;\n    if (v > hi) return hi;\n    return v;\n}\n"
    )
    lo, hi = rng.randint(-10, 0), rng.randint(5, 50)
    calls = [f"{name}({v}, {lo}, {hi})" for v in (lo - rng.randint(1, 9), hi + rng.randint(1, 9))]
    calls.append(f"{name}({rng.randint(lo, hi)}, {lo}, {hi})")
    return Draft("if_statements", lang, src, name, tuple(calls))


def classify_sign(rng: random.Random) -> Draft:
    """If statements: three-way classification with a dead band, returning a char."""
    name = _pick(rng, "trend", "classify", "direction", "sign_band")
    t = rng.randint(1, 9)
    up, down, flat = rng.choice(
        [("'+'", "'-'", "'0'"), ("'U'", "'D'", "'S'"), ("'>'", "'<'", "'='")]
    )
    src = (
        f"/* {up} above {t}, {down} below -{t}, {flat} in between. */\nchar {name}(int delta) {{\n"
        f"    if (delta > {t}) return {up};\n    if (delta < -{t}) return {down};\n"
        f"    return {flat};\n}}\n"
    )
    calls = [
        f"{name}({v})" for v in (t + rng.randint(1, 5), -t - rng.randint(1, 5), rng.randint(-t, t))
    ]
    return Draft("if_statements", "c++", src, name, tuple(calls))


def digit_sum(rng: random.Random) -> Draft:
    """Loops: sum of digits in base b."""
    name = _pick(rng, "digit_sum", "sum_digits", "digits_total")
    base = rng.choice([2, 8, 10, 16])
    src = (
        f"// Sum of the base-{base} digits of n (n >= 0).\nint {name}(int n) {{\n    int s = 0;\n"
        f"    while (n > 0) {{\n        s += n % {base};\n        n /= {base};\n    }}\n    "
        f"return s;\n}}\n"
    )
    calls = [f"{name}({v})" for v in (0, rng.randint(1, 99), rng.randint(100, 99999))]
    return Draft("loops", rng.choice(LANGUAGES), src, name, tuple(calls))


def sum_multiples(rng: random.Random) -> Draft:
    """Loops with ifs: sum of the multiples of k in [a, b]."""
    name = _pick(rng, "sum_multiples", "multiples_total", "add_every_kth")
    src = (
        f"/* Sum of the numbers in [a, b] divisible by k. */\nlong {name}(int a, int b, int k) {{\n"
        "    long s = 0;\n    for (int i = a; i <= b; i++) {\n        if (i % k == 0) s += i;\n"
        "    }\n    return s;\n}\n"
    )
    k = rng.randint(2, 7)
    a = rng.randint(-5, 10)
    calls = [f"{name}({a}, {a + rng.randint(5, 40)}, {k})", f"{name}({a + 3}, {a}, {k})"]
    calls.append(f"{name}(1, {rng.randint(10, 100)}, {rng.randint(2, 9)})")
    return Draft("loops_with_ifs", "c", src, name, tuple(calls))


def count_above(rng: random.Random) -> Draft:
    """Loops with ifs, pointer + length array: how many elements exceed a threshold."""
    name = _pick(rng, "count_above", "how_many_over", "count_exceeding")
    src = (
        f"#include <stddef.h>\n\n/* Number of a[0..n) greater than limit. */\n"
        f"int {name}(const int *a, size_t n, int limit) {{\n    int c = 0;\n"
        "    for (size_t i = 0; i < n; i++)\n        if (a[i] > limit) c++;\n    return c;\n}\n"
    )
    vals = _ints(rng, rng.randint(4, 7))
    limit = rng.randint(0, 10)
    return Draft(
        "loops_with_ifs",
        "c",
        src,
        name,
        (
            f"int a[] = {_c_array(vals)};",
            f"{name}(a, {len(vals)}, {limit})",
            f"{name}(a, 0, {limit})",
            f"{name}(a + 1, {len(vals) - 1}, {rng.randint(-5, 5)})",
        ),
    )


def first_negative(rng: random.Random) -> Draft:
    """Loops with ifs: index of the first element below a bound, -1 when none."""
    name = _pick(rng, "first_below", "find_first_under", "index_below")
    src = (
        "#include <cstddef>\n\n// Index of the first a[i] < bound in a[0..n), or -1.\n"
        f"int {name}(const int* a, std::size_t n, int bound) {{\n"
        "    for (std::size_t i = 0; i < n; ++i)\n        if (a[i] < bound) return (int)i;\n"
        "    return -1;\n}\n"
    )
    vals = _ints(rng, rng.randint(4, 6), 0, 30)
    return Draft(
        "loops_with_ifs",
        "c++",
        src,
        name,
        (
            f"int v[] = {_c_array(vals)};",
            f"{name}(v, {len(vals)}, {rng.randint(5, 25)})",
            f"{name}(v, {len(vals)}, -1)",
        ),
    )


def recurrence(rng: random.Random) -> Draft:
    """Recursion: a Fibonacci-like recurrence with varied coefficients."""
    name = _pick(rng, "seq", "lucas_like", "recur", "tribe")
    a, b, base0, base1 = rng.randint(1, 3), rng.randint(1, 2), rng.randint(0, 2), rng.randint(1, 3)
    src = (
        f"/* f(0) = {base0}, f(1) = {base1}, f(n) = {a}*f(n-1) + {b}*f(n-2). */\n"
        f"long long {name}(int n) {{\n    if (n == 0) return {base0};\n"
        f"    if (n == 1) return {base1};\n"
        f"    return {a} * {name}(n - 1) + {b} * {name}(n - 2);\n}}\n"
    )
    return Draft(
        "recursion",
        rng.choice(LANGUAGES),
        src,
        name,
        tuple(f"{name}({n})" for n in (0, 1, rng.randint(4, 12))),
    )


def rec_power(rng: random.Random) -> Draft:
    """Recursion: fast exponentiation modulo m."""
    name = _pick(rng, "pow_mod", "modpow", "power_mod")
    m = rng.choice([7, 13, 97, 1000, 1000000007])
    src = (
        f"// base^exp mod {m}, by squaring (exp >= 0).\nlong long {name}(long long base, int exp) "
        f"{{\n"
        f"    if (exp == 0) return 1 % {m};\n    long long half = {name}(base, exp / 2);\n"
        f"    long long r = half * half % {m};\n    return exp % 2 ? r * (base % {m}) % {m} : "
        f"r;\n}}\n"
    )
    calls = [f"{name}({rng.randint(2, 9)}, {rng.randint(0, 30)})" for _ in range(3)]
    return Draft("recursion", "c++", src, name, tuple(calls))


def rotate3(rng: random.Random) -> Draft:
    """Pointers: rotate three values through pointers."""
    name = _pick(rng, "rotate3", "cycle_three", "shift_three")
    src = (
        f"/* (*a, *b, *c) <- (*c, *a, *b). */\nvoid {name}(int *a, int *b, int *c) {{\n"
        "    int t = *c;\n    *c = *b;\n    *b = *a;\n    *a = t;\n}\n"
    )
    x, y, z = _ints(rng, 3)
    return Draft(
        "pointers",
        "c",
        src,
        name,
        (
            f"int x = {x}, y = {y}, z = {z};",
            f"{name}(&x, &y, &z);",
            'printf("%d %d %d\\n", x, y, z);',
        ),
    )


def argmax(rng: random.Random) -> Draft:
    """Pointers: pointer to the largest element."""
    name = _pick(rng, "max_ptr", "largest", "find_max")
    src = (
        "#include <cstddef>\n\n// Pointer to the largest of a[0..n) (the first one on ties); n > "
        "0.\n"
        f"const int* {name}(const int* a, std::size_t n) {{\n    const int* best = a;\n"
        "    for (std::size_t i = 1; i < n; ++i)\n        if (a[i] > *best) best = a + i;\n"
        "    return best;\n}\n"
    )
    vals = _ints(rng, rng.randint(4, 7))
    return Draft(
        "pointers",
        "c++",
        src,
        name,
        (f"int a[] = {_c_array(vals)};", f"*{name}(a, {len(vals)})", f"{name}(a, {len(vals)}) - a"),
    )


def reverse_range(rng: random.Random) -> Draft:
    """Arrays (pointer + length): reverse in place."""
    name = _pick(rng, "reverse", "flip", "mirror_in_place")
    src = (
        f"/* Reverses a[0..n) in place. */\nvoid {name}(int *a, int n) {{\n"
        "    for (int i = 0, j = n - 1; i < j; i++, j--) {\n        int t = a[i];\n"
        "        a[i] = a[j];\n        a[j] = t;\n    }\n}\n"
    )
    vals = _ints(rng, 4)
    return Draft(
        "pointers",
        "c",
        src,
        name,
        (
            f"int a[] = {_c_array(vals)};",
            f"{name}(a, 4);",
            'printf("%d %d %d %d\\n", a[0], a[1], a[2], a[3]);',
            f"{name}(a, 2);",
            "a[0]",
        ),
    )


def prefix_sums(rng: random.Random) -> Draft:
    """Arrays: running sums in place."""
    name = _pick(rng, "prefix_sums", "running_total", "accumulate_in_place")
    src = (
        "#include <cstdio>\n\n// a[i] becomes a[0] + ... + a[i], for i < n.\n"
        f"void {name}(int* a, int n) {{\n    for (int i = 1; i < n; ++i) a[i] += a[i - 1];\n}}\n"
    )
    vals = _ints(rng, 5)
    return Draft(
        "loops",
        "c++",
        src,
        name,
        (
            f"int a[] = {_c_array(vals)};",
            f"{name}(a, 5);",
            'std::printf("%d %d %d %d %d\\n", a[0], a[1], a[2], a[3], a[4]);',
        ),
    )


def dot(rng: random.Random) -> Draft:
    """Arrays: dot product of two pointer + length arrays."""
    name = _pick(rng, "dot", "inner_product", "weighted_sum")
    src = (
        f"/* Sum of a[i] * b[i] for i < n. */\nlong {name}(const int *a, const int *b, int n) {{\n"
        "    long s = 0;\n    for (int i = 0; i < n; i++) s += (long)a[i] * b[i];\n    return "
        "s;\n}\n"
    )
    a, b = _ints(rng, 3), _ints(rng, 3)
    return Draft(
        "arithmetic",
        "c",
        src,
        name,
        (f"int a[] = {_c_array(a)}, b[] = {_c_array(b)};", f"{name}(a, b, 3)", f"{name}(a, b, 1)"),
    )


def count_char(rng: random.Random) -> Draft:
    """C strings: occurrences of a character."""
    name = _pick(rng, "count_char", "occurrences", "tally_char")
    src = (
        f"/* How many times c occurs in s. */\nint {name}(const char *s, char c) {{\n"
        "    int n = 0;\n"
        "    for (; *s; s++)\n        if (*s == c) n++;\n    return n;\n}\n"
    )
    word = _pick(rng, "banana", "mississippi", "abracadabra", "bookkeeper", "letter")
    return Draft(
        "strings",
        "c",
        src,
        name,
        (f"{name}(\"{word}\", '{word[1]}')", f"{name}(\"{word}\", 'z')", f"{name}(\"\", 'a')"),
    )


def upcase(rng: random.Random) -> Draft:
    """C strings: upper-case a buffer in place and return it."""
    name = _pick(rng, "upcase", "to_upper_inplace", "shout")
    src = (
        f"#include <ctype.h>\n\n/* Upper-cases s in place; returns s. */\nchar *{name}(char *s) "
        f"{{\n"
        "    for (char *p = s; *p; p++) *p = (char)toupper((unsigned char)*p);\n    return s;\n}\n"
    )
    word = _pick(rng, "hello", "MiXeD case", "abc 123", "cdoctest")
    return Draft(
        "strings", "c", src, name, (f'char buf[] = "{word}";', f'printf("%s\\n", {name}(buf));')
    )


def squeeze_spaces(rng: random.Random) -> Draft:
    """C strings: length without a given character."""
    name = _pick(rng, "len_without", "count_other", "strip_len")
    ch = rng.choice([" ", "-", "_"])
    src = (
        f"#include <string.h>\n\n/* Length of s not counting '{ch}' characters. */\n"
        f"size_t {name}(const char *s) {{\n    size_t n = 0;\n"
        "    for (size_t i = 0; i < strlen(s); i++)\n"
        f"        if (s[i] != '{ch}') n++;\n    return n;\n}}\n"
    )
    words = [f"a{ch}b{ch}c", f"{ch}{ch}x", "plain", ""]
    return Draft(
        "strings", "c", src, name, tuple(f'(int){name}("{w}")' for w in rng.sample(words, 3))
    )


def insertion_sort(rng: random.Random) -> Draft:
    """Sorting: insertion sort, ascending or descending."""
    name = _pick(rng, "insertion_sort", "sort_small", "isort")
    cmp = rng.choice([">", "<"])
    order = "ascending" if cmp == ">" else "descending"
    src = (
        f"#include <cstdio>\n\n// Sorts a[0..n) in {order} order.\nvoid {name}(int* a, int n) {{\n"
        "    for (int i = 1; i < n; ++i) {\n        int key = a[i], j = i - 1;\n"
        f"        while (j >= 0 && a[j] {cmp} key) {{\n"
        "            a[j + 1] = a[j];\n            --j;\n"
        "        }\n        a[j + 1] = key;\n    }\n}\n"
    )
    vals = _ints(rng, 5)
    return Draft(
        "sorting",
        "c++",
        src,
        name,
        (
            f"int a[] = {_c_array(vals)};",
            f"{name}(a, 5);",
            'std::printf("%d %d %d %d %d\\n", a[0], a[1], a[2], a[3], a[4]);',
        ),
    )


def is_sorted(rng: random.Random) -> Draft:
    """Sorting: whether an array is non-decreasing."""
    name = _pick(rng, "is_sorted", "in_order", "non_decreasing")
    src = (
        f"// True when a[0..n) never decreases.\nbool {name}(const int* a, int n) {{\n"
        "    for (int i = 1; i < n; ++i)\n        if (a[i] < a[i - 1]) return false;\n    return "
        "true;\n}\n"
    )
    s = sorted(_ints(rng, 4))
    u = _ints(rng, 4)
    if sorted(u) == u:
        u.reverse()
    return Draft(
        "sorting",
        "c++",
        src,
        name,
        (
            f"int s[] = {_c_array(s)}, u[] = {_c_array(u)};",
            f"{name}(s, 4)",
            f"{name}(u, 4)",
            f"{name}(u, 1)",
        ),
    )


def global_total(rng: random.Random) -> Draft:
    """State management: a file-level accumulator with reset."""
    add, total = rng.choice([("deposit", "balance"), ("add_points", "score"), ("record", "total")])
    cap = rng.randint(50, 500)
    src = (
        f"static int g_value = 0;\n\n/* Adds amount (capped at {cap} in all); returns the new "
        f"value. */\n"
        f"int {add}(int amount) {{\n    g_value += amount;\n"
        f"    if (g_value > {cap}) g_value = {cap};\n"
        f"    return g_value;\n}}\n\nint {total}(void) {{ return g_value; }}\n"
    )
    a, b = rng.randint(1, cap // 2), rng.randint(cap // 2, cap)
    return Draft("state_management", "c", src, add, (f"{add}({a})", f"{add}({b})", f"{total}()"))


# -- new families ----------------------------------------------------------------------------------


def point_struct(rng: random.Random) -> Draft:
    """Structs: a struct returned by value."""
    name = _pick(rng, "translate", "move_by", "offset_point")
    src = (
        "struct Point {\n    int x;\n    int y;\n};\n\n"
        f"/* p moved by (dx, dy). */\nstruct Point {name}(struct Point p, int dx, int dy) {{\n"
        "    p.x += dx;\n    p.y += dy;\n    return p;\n}\n"
    )
    x, y, dx, dy = _ints(rng, 4)
    return Draft(
        "structs",
        "c",
        src,
        name,
        (
            f"struct Point p = {{{x}, {y}}};",
            "struct Point q;",
            f"q = {name}(p, {dx}, {dy});",
            'printf("%d %d\\n", q.x, q.y);',
            f"{name}(q, 1, 0).x",
        ),
    )


def rect_contains(rng: random.Random) -> Draft:
    """Structs: a predicate on a struct pointer."""
    name = _pick(rng, "rect_contains", "inside", "hit_test")
    src = (
        "struct Rect {\n    int left, top, width, height;\n};\n\n"
        f"/* 1 when (x, y) lies inside r (edges included), else 0. */\n"
        f"int {name}(const struct Rect *r, int x, int y) {{\n"
        "    return x >= r->left && x <= r->left + r->width &&\n"
        "           y >= r->top && y <= r->top + r->height;\n}\n"
    )
    left, top, w, h = rng.randint(-5, 5), rng.randint(-5, 5), rng.randint(2, 10), rng.randint(2, 10)
    return Draft(
        "structs",
        "c",
        src,
        name,
        (
            f"struct Rect r = {{{left}, {top}, {w}, {h}}};",
            f"{name}(&r, {left + 1}, {top + 1})",
            f"{name}(&r, {left + w + 1}, {top})",
            f"{name}(&r, {left}, {top + h})",
        ),
    )


def counter_class(rng: random.Random) -> Draft:
    """Methods and constructors: a counter with a step and wrap-around."""
    cls = _pick(rng, "Counter", "Ticker", "Odometer")
    method = _pick(rng, "tick", "advance", "next")
    step, wrap = rng.randint(1, 5), rng.randint(10, 30)
    src = (
        f"// Counts up by {step}, wrapping to 0 at {wrap}.\nclass {cls} {{\npublic:\n"
        f"    explicit {cls}(int start) : value_(start % {wrap}) {{}}\n"
        f"    int {method}() {{\n        value_ = (value_ + {step}) % {wrap};\n"
        "        return value_;\n    }\n"
        "    int value() const { return value_; }\n\nprivate:\n    int value_;\n};\n"
    )
    start = rng.randint(0, wrap - 1)
    var = cls[0].lower()
    return Draft(
        "methods",
        "c++",
        src,
        method,
        (f"{cls} {var}({start});", f"{var}.{method}()", f"{var}.{method}()", f"{var}.value()"),
        qualname=f"{cls}::{method}",
    )


def accumulator_class(rng: random.Random) -> Draft:
    """Methods: a running mean (double)."""
    cls = _pick(rng, "Average", "MeanTracker", "Stats")
    src = (
        "#include <cstdio>\n\n// Running mean of the values added so far.\n"
        f"class {cls} {{\npublic:\n    void add(double x) {{\n"
        "        sum_ += x;\n        ++n_;\n    }\n"
        "    double mean() const { return n_ ? sum_ / n_ : 0.0; }\n    int count() const { return "
        "n_; }\n\n"
        "private:\n    double sum_ = 0.0;\n    int n_ = 0;\n};\n"
    )
    vals = [rng.randint(1, 40) / 2 for _ in range(3)]
    return Draft(
        "methods",
        "c++",
        src,
        "mean",
        (
            f"{cls} s;",
            "; ".join(f"s.add({v})" for v in vals) + ";",
            'std::printf("%.2f\\n", s.mean());',
            "s.count()",
        ),
        qualname=f"{cls}::mean",
    )


def bounded_stack(rng: random.Random) -> Draft:
    """Methods and constructors: a fixed-capacity stack whose push reports overflow."""
    cls = _pick(rng, "IntStack", "Pile", "SmallStack")
    cap = rng.randint(2, 4)
    src = (
        "#include <vector>\n\n"
        f"// A stack of at most {cap} ints; push returns false when full.\nclass {cls} "
        f"{{\npublic:\n"
        f"    bool push(int v) {{\n        if ((int)items_.size() == {cap}) return false;\n"
        "        items_.push_back(v);\n        return true;\n    }\n"
        "    int pop() {\n        int v = items_.back();\n        items_.pop_back();\n        "
        "return v;\n    }\n"
        "    int size() const { return (int)items_.size(); }\n\nprivate:\n    std::vector<int> "
        "items_;\n};\n"
    )
    pushes = "; ".join(f"st.push({v})" for v in _ints(rng, cap)) + ";"
    return Draft(
        "methods",
        "c++",
        src,
        "push",
        (f"{cls} st;", pushes, f"st.push({rng.randint(0, 9)})", "st.pop()", "st.size()"),
        qualname=f"{cls}::push",
    )


def repeat_string(rng: random.Random) -> Draft:
    """std::string: a string built in a loop."""
    name = _pick(rng, "repeat", "times", "replicate")
    sep = rng.choice(["", "-", ", "])
    src = (
        "#include <iostream>\n#include <string>\n\n"
        f'// s repeated n times, separated by "{sep}".\nstd::string {name}(const std::string& s, '
        f"int n) {{\n"
        "    std::string out;\n    for (int i = 0; i < n; ++i) {\n"
        f'        if (i > 0) out += "{sep}";\n        out += s;\n    }}\n    return out;\n}}\n'
    )
    word = _pick(rng, "ab", "ha", "xyz", "7")
    return Draft(
        "std_types",
        "c++",
        src,
        name,
        (
            f'std::cout << {name}("{word}", {rng.randint(2, 4)}) << std::endl;',
            f'{name}("{word}", 0).empty()',
            f'{name}("{word}", {rng.randint(1, 5)}).size()',
        ),
    )


def reverse_words(rng: random.Random) -> Draft:
    """std::string: reverse a string or its case."""
    name = _pick(rng, "reversed", "backwards", "mirror")
    src = (
        "#include <iostream>\n#include <string>\n\n// s with its characters in reverse order.\n"
        f"std::string {name}(std::string s) {{\n    std::size_t i = 0, j = s.size();\n"
        "    while (j > i + 1) std::swap(s[i++], s[--j]);\n    return s;\n}\n"
    )
    word = _pick(rng, "stressed", "drawer", "level", "abc")
    return Draft(
        "std_types",
        "c++",
        src,
        name,
        (
            f'std::cout << {name}("{word}") << std::endl;',
            f'{name}("") == ""',
            f'{name}("x") == "x"',
        ),
    )


def vector_filter(rng: random.Random) -> Draft:
    """std::vector: keep the elements that satisfy a predicate."""
    name = _pick(rng, "keep_even", "evens", "filter_even")
    want = rng.choice([0, 1])
    src = (
        "#include <cstdio>\n#include <vector>\n\n"
        f"// The elements of v with v[i] % 2 == {want}, in order.\n"
        f"std::vector<int> {name}(const std::vector<int>& v) {{\n    std::vector<int> out;\n"
        f"    for (int x : v)\n        if ((x % 2 + 2) % 2 == {want}) out.push_back(x);\n    "
        f"return out;\n}}\n"
    )
    vals = _ints(rng, 6, 0, 30)
    return Draft(
        "std_types",
        "c++",
        src,
        name,
        (
            f"auto r = {name}({{{', '.join(map(str, vals))}}});",
            "r.size()",
            'if (!r.empty()) std::printf("%d\\n", r[0]); else std::printf("none\\n");',
        ),
    )


def vector_max(rng: random.Random) -> Draft:
    """std::vector: maximum with a default for the empty vector."""
    name = _pick(rng, "max_or", "largest_or", "peak")
    src = (
        "#include <vector>\n\n// The largest element of v, or fallback when v is empty.\n"
        f"int {name}(const std::vector<int>& v, int fallback) {{\n"
        "    if (v.empty()) return fallback;\n"
        "    int best = v[0];\n    for (int x : v)\n        if (x > best) best = x;\n    return "
        "best;\n}\n"
    )
    vals = _ints(rng, 5)
    return Draft(
        "std_types",
        "c++",
        src,
        name,
        (
            f"std::vector<int> v = {{{', '.join(map(str, vals))}}}, none;",
            f"{name}(v, -1)",
            f"{name}(none, {rng.randint(-9, 9)})",
        ),
    )


def buf_handle(rng: random.Random) -> Draft:
    """Handles: an opaque growable buffer (create / push / read / free)."""
    p = _pick(rng, "buf", "vec", "list")
    cap = rng.randint(2, 4)
    src = (
        "#include <stdlib.h>\n\n"
        f"typedef struct {p.title()} {{\n    int *data;\n    int len, cap;\n}} {p.title()};\n\n"
        f"{p.title()} *{p}_create(void) {{\n    {p.title()} *b = malloc(sizeof *b);\n"
        f"    b->cap = {cap};\n    b->len = 0;\n    b->data = malloc(b->cap * sizeof(int));\n    "
        f"return b;\n}}\n\n"
        f"/* Appends v, doubling the capacity when full; returns the new length. */\n"
        f"int {p}_push({p.title()} *b, int v) {{\n"
        "    if (b->len == b->cap) {\n        b->cap *= 2;\n"
        "        b->data = realloc(b->data, b->cap * sizeof(int));\n    }\n    b->data[b->len++] "
        "= v;\n"
        f"    return b->len;\n}}\n\nint {p}_get(const {p.title()} *b, int i) {{ return "
        f"b->data[i]; }}\n\n"
        f"void {p}_free({p.title()} *b) {{\n    free(b->data);\n    free(b);\n}}\n"
    )
    vals = _ints(rng, cap + 1)
    return Draft(
        "handles",
        "c",
        src,
        f"{p}_push",
        (
            f"{p.title()} *h = 0;",
            f"h = {p}_create();",
            "; ".join(f"{p}_push(h, {v})" for v in vals[:-1]) + ";",
            f"{p}_push(h, {vals[-1]})",
            f"{p}_get(h, {cap})",
            "h->cap",
        ),
    )


def tally_handle(rng: random.Random) -> Draft:
    """Handles: create / add / read a tally behind an incomplete type."""
    p = _pick(rng, "tally", "meter", "gauge")
    t = p.title()
    src = (
        "#include <stdlib.h>\n\n"
        f"typedef struct {t} {t};\nstruct {t} {{\n    long total;\n    int count;\n}};\n\n"
        f"{t} *{p}_new(void) {{ return calloc(1, sizeof({t})); }}\n\n"
        f"/* Adds x (negative values are ignored); returns how many values were added. */\n"
        f"int {p}_add({t} *t, int x) {{\n    if (x < 0) return t->count;\n    t->total += x;\n"
        f"    return ++t->count;\n}}\n\nlong {p}_total(const {t} *t) {{ return t->total; }}\n"
    )
    a, b = rng.randint(1, 50), rng.randint(1, 50)
    return Draft(
        "handles",
        "c",
        src,
        f"{p}_add",
        (
            f"{t} *h = 0;",
            f"h = {p}_new();",
            f"{p}_add(h, {a})",
            f"{p}_add(h, -{b})",
            f"{p}_add(h, {b})",
            f"{p}_total(h)",
        ),
    )


def account_ctor(rng: random.Random) -> Draft:
    """Constructors: validation in a constructor, observed through a getter."""
    cls = _pick(rng, "Account", "Wallet", "Purse")
    floor = rng.randint(0, 20)
    src = (
        f"// Opening balances below {floor} are raised to {floor}.\nclass {cls} {{\npublic:\n"
        f"    explicit {cls}(long opening) : balance_(opening < {floor} ? {floor} : opening) {{}}\n"
        "    long balance() const { return balance_; }\n\nprivate:\n    long balance_;\n};\n"
    )
    return Draft(
        "methods",
        "c++",
        src,
        cls,
        (
            f"{cls}({floor + rng.randint(1, 99)}).balance()",
            f"{cls}({floor - rng.randint(1, 30)}).balance()",
        ),
        qualname=f"{cls}::{cls}",
    )


TEMPLATES: dict[str, Callable[[random.Random], Draft]] = {
    f.__name__: f
    for f in (
        affine, clamp, classify_sign, digit_sum, sum_multiples, count_above, first_negative,
        recurrence, rec_power, rotate3, argmax, reverse_range, prefix_sums, dot, count_char,
        upcase, squeeze_spaces, insertion_sort, is_sorted, global_total, point_struct,
        rect_contains, counter_class, accumulator_class, bounded_stack, repeat_string,
        reverse_words, vector_filter, vector_max, buf_handle, tally_handle, account_ctor,
    )
}  # fmt: skip

#: Templates only the held-out split uses (one per family, so every family is also trained on).
HELDOUT: frozenset[str] = frozenset(
    {"clamp", "first_negative", "rec_power", "dot", "squeeze_spaces", "is_sorted",
     "rect_contains", "accumulator_class", "vector_max", "tally_handle"}
)  # fmt: skip
