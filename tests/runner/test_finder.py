"""The finder: libclang attaches blocks to declarations and names them as the original cdoctest.

Inputs are the original tool's own test texts (``test/cdoctest_test.py``, ``test/sample.h``) and
small files written to ``tmp_path``; names are relative to ``root=tmp_path``.
"""

from __future__ import annotations

import json
import os

import pytest

from cdoctest_runner.errors import CdoctestError, LibraryNotFound, SourceParseError
from cdoctest_runner.finder import (
    code_under_test,
    compile_flags,
    find_doctests,
    list_entries,
)

pytest.importorskip("clang.cindex", reason="libclang is not installed")

NAMESPACE_CLASS_METHOD = """
/**
>>> test::Fac fac;
>>> fac.fac(5);
120
*/
namespace test {
/**
>>> test::Fac fac;
>>> fac.fac(5);
120
*/
class Fac {
public:
/**
>>> test::Fac fac;
>>> fac.fac(5);
120
*/
    int fac(int n) {
        return (n>1) ? n*fac(n-1) : 1;
    }
    int fac2(int n) {
        return (n>1) ? n*fac(n-1) : 1;
    }
};
}
"""


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def names(tmp_path, name: str, text: str, **kw) -> list[str]:
    return [t.name for t in find_doctests(write(tmp_path, name, text), root=str(tmp_path), **kw)]


def test_namespace_class_and_method_names(tmp_path):
    """The original's test_set_path_with_namespace: three blocks, three names."""
    assert names(tmp_path, "sample.cpp", NAMESPACE_CLASS_METHOD) == [
        "sample.cpp::test::namespace",
        "sample.cpp::test::Fac::class",
        "sample.cpp::test::Fac::fac",
    ]


def test_out_of_line_methods_are_named_by_lexical_scope(tmp_path):
    """The original's test_merge_comments: ``int Fac::fac`` inside ``namespace test`` is
    ``test::fac``.
    """
    write(
        tmp_path,
        "sample.h",
        "#pragma once\n"
        "namespace test { class Fac { public: int fac(int n); int fac2(int n); }; }\n",
    )
    text = (
        '#include "sample.h"\n'
        "namespace test {\n/**\n>>> test::Fac fac;\n>>> fac.fac(7);\n5040\n*/\n"
        "int Fac::fac(int n) {\n    return (n>1) ? n*fac(n-1) : 1;\n}\n"
        "/**\n>>> test::Fac fac;\n>>> fac.fac2(5);\n120\n*/\n"
        "int Fac::fac2(int n) {\n    return (n>1) ? n*fac(n-1) : 1;\n}\n}\n"
    )
    tests = find_doctests(write(tmp_path, "sample.cpp", text), root=str(tmp_path))
    assert [t.name for t in tests] == ["sample.cpp::test::fac", "sample.cpp::test::fac2"]
    assert [t.declaration.qualname for t in tests] == ["test::Fac::fac", "test::Fac::fac2"]
    assert [(e.source, e.want) for e in tests[0].examples] == [
        ("test::Fac fac;\n", ""),
        ("fac.fac(7);\n", "5040\n"),
    ]


ORIGINAL_SAMPLE_H = open(
    os.path.join(
        os.path.dirname(__file__), "..", "fixtures", "cdoctest_compat", "original_test_sample.h"
    )
).read()


def test_labels_collisions_constructor_and_body_comment(tmp_path):
    """The original's test/sample.h: ``:1``/``:2`` collisions, ``:first``/``:second`` labels, a
    constructor, a prompt-less block (not a test) and a block inside a function body (dropped).
    """
    assert names(tmp_path, "sample.h", ORIGINAL_SAMPLE_H) == [
        "sample.h::test::namespace",
        "sample.h::test::Fac::Fac",
        "sample.h::test::Fac::fac:1",
        "sample.h::test::Fac::fac:2",
        "sample.h::test::Fac::fac2:first",
        "sample.h::test::Fac::fac2:second",
    ]


def test_list_extents_exclude_function_bodies(tmp_path):
    entries = list_entries(write(tmp_path, "sample.h", ORIGINAL_SAMPLE_H), root=str(tmp_path))
    extents = {t.name: e for t, e in entries}
    assert extents["sample.h::test::namespace"] == (7, 1, 60, 2)
    assert extents["sample.h::test::Fac::Fac"] == (22, 5, 22, 10)  # 'Fac()' without '{}'
    assert extents["sample.h::test::Fac::fac:2"] == (34, 5, 34, 14)  # 'int fac()' without its body


CPP_KINDS = """\
#include <cstddef>
/** >>> S s; s.x
0 */
struct S { int x = 0; };
/** >>> U u; u.i = 1; u.i
1 */
union U { int i; float f; };
/** >>> twice(2)
4 */
template <typename T> T twice(T v) { return v + v; }
/** >>> Box<int> b{3}; b.get()
3 */
template <typename T> class Box {
public:
    T v;
    /** >>> Box<int>{4}.get()
    4 */
    T get() const { return v; }
};
extern "C" {
/** >>> cf(1)
1 */
int cf(int a) { return a; }
}
class K {
    /** >>> 1
    1 */
public:
    K() {}
    /** >>> 2
    2 */
    ~K() {}
    operator int() const { return 0; }
};
namespace {
/** >>> hidden()
5 */
int hidden() { return 5; }
}
/** >>> 3
3 */
int variable = 3;
int after_variable() { return 0; }
"""


def test_declaration_kinds(tmp_path):
    tests = find_doctests(write(tmp_path, "kinds.cpp", CPP_KINDS), root=str(tmp_path))
    assert [(t.name, t.declaration.kind) for t in tests] == [
        ("kinds.cpp::S::struct", "struct"),
        ("kinds.cpp::U::union", "union"),
        ("kinds.cpp::twice", "template"),
        ("kinds.cpp::Box", "template"),
        ("kinds.cpp::Box::get", "method"),
        ("kinds.cpp::cf", "function"),
        ("kinds.cpp::K::K", "constructor"),  # the block above 'public:' attaches past it
        ("kinds.cpp::K::~K", "destructor"),
        ("kinds.cpp::hidden", "function"),  # anonymous namespaces add no name part
    ]
    twice = tests[2].declaration
    assert (twice.line, twice.end_line, twice.signature) == (
        10,
        10,
        "template <typename T> T twice(T v)",
    )


def test_block_before_a_variable_is_not_attached(tmp_path):
    path = write(tmp_path, "kinds.cpp", CPP_KINDS)
    loose = [
        t for t in find_doctests(path, root=str(tmp_path), unattached=True) if t.declaration is None
    ]
    assert [(t.name, t.lineno, t.examples[0].source) for t in loose] == [("kinds.cpp", 40, "3\n")]


def test_c_file_and_example_lines(tmp_path):
    text = (
        "#include <stdio.h>\n\n/**\n * Sum.\n * >>> add(1, 2)\n * 3\n */\n"
        "int add(int a, int b) { return a + b; }\n"
    )
    [test] = find_doctests(write(tmp_path, "m.c", text), root=str(tmp_path))
    assert test.name == "m.c::add"
    assert (test.lineno, test.end_lineno, test.comment_style) == (3, 7, "/**")
    assert test.lineno + test.examples[0].lineno == 5  # the file line of '>>> add(1, 2)'
    assert test.declaration.signature == "int add(int a, int b)"


def test_unsaved_text_is_used_and_non_ascii_offsets(tmp_path):
    path = write(tmp_path, "u.cpp", "int old();\n")
    text = (
        '// é ü — unicode before the block\nconst char *s = "ü";\n/// >>> f()\n/// 1\n'
        "int f() { return 1; }\n"
    )
    [test] = find_doctests(path, text=text, root=str(tmp_path))
    assert (test.name, test.declaration.line) == ("u.cpp::f", 5)


def test_broken_code_still_yields_blocks(tmp_path):
    text = (
        "/** >>> g(1)\n2 */\nint g(int x) { return x + ; }\n/** >>> h()\n1 */\n"
        "int h() { return 1 }\n"
    )
    assert names(tmp_path, "broken.cpp", text) == ["broken.cpp::g", "broken.cpp::h"]


def test_file_without_blocks_and_missing_file(tmp_path):
    assert names(tmp_path, "none.cpp", "int f() { return 1; } // >>> not a block\n") == []
    with pytest.raises(SourceParseError, match="cannot read"):
        find_doctests(str(tmp_path / "missing.cpp"))


def test_names_outside_root_are_absolute(tmp_path):
    path = write(tmp_path, "sub/a.cpp", "/// >>> f()\n/// 1\nint f() { return 1; }\n")
    [test] = find_doctests(path, root=str(tmp_path / "elsewhere"))
    assert test.name == os.path.realpath(path) + "::f"


def test_compile_flags_from_compile_commands(tmp_path):
    src = write(tmp_path, "src/a.cpp", "int a();\n")
    write(tmp_path, "src/a.h", "int a();\n")
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(
        json.dumps(
            [
                {
                    "directory": str(build),
                    "command": (
                        "/usr/bin/c++ -I../include -isystem /opt/x -DFOO=1 -D BAR -std=c++17 -O2 "
                        f"-Wall -Werror -fsanitize=address -fno-exceptions -fPIC -o a.o -c {src}"
                    ),
                    "file": src,
                }
            ]
        )
    )
    expected = [
        f"-I{tmp_path}/include",
        "-isystem",
        "/opt/x",
        "-DFOO=1",
        "-DBAR",
        "-std=c++17",
        "-fno-exceptions",  # -O2, -W*, -fsanitize, -fPIC and the output are dropped
    ]
    assert compile_flags(src, str(build)) == expected
    # A header borrows its sibling source's command; the command line comes last and -std wins.
    assert compile_flags(
        str(tmp_path / "src/a.h"), str(build), include_dirs=["inc"], defines=["X=2"], std="c++20"
    ) == [
        f"-I{tmp_path}/include",
        "-isystem",
        "/opt/x",
        "-DFOO=1",
        "-DBAR",
        "-fno-exceptions",
        f"-I{os.path.abspath('inc')}",
        "-DX=2",
        "-std=c++20",
    ]
    with pytest.raises(CdoctestError, match="no compile_commands.json"):
        compile_flags(src, str(tmp_path))


def test_code_under_test(tmp_path):
    c_file = write(tmp_path, "m.c", "int f(void);\n")
    code = code_under_test(c_file, flags=["-Iinc", "-DN=3", "-std=c11"])
    assert (code.path, code.language, code.include_dirs, code.defines, code.flags) == (
        c_file,
        "c",
        ("inc", str(tmp_path)),
        ("N=3",),
        ("-std=c11",),
    )
    header = write(tmp_path, "pair.hpp", "int g();\n")
    source = write(tmp_path, "pair.cpp", '#include "pair.hpp"\nint g() { return 1; }\n')
    assert code_under_test(header).path == source  # the source includes the header
    alone = write(tmp_path, "alone.h", "inline int h() { return 2; }\n")
    assert (code_under_test(alone, text="x").path, code_under_test(alone, text="x").text) == (
        alone,
        "x",
    )
    lib = write(tmp_path, "libx.so", "")
    code = code_under_test(alone, libraries=[lib])
    assert (code.path, code.headers, code.libraries) == (None, (alone,), (lib,))
    with pytest.raises(LibraryNotFound):
        code_under_test(alone, libraries=[str(tmp_path / "nope.so")])
    c_pair = write(tmp_path, "cp.h", "int k(void);\n")
    write(tmp_path, "cp.c", '#include "cp.h"\nint k(void) { return 0; }\n')
    assert code_under_test(c_pair).language == "c"


def test_unsaved_header_text_is_spliced_into_its_source(tmp_path):
    header = write(tmp_path, "pair.hpp", "#pragma once\nint g();\n")
    source = write(
        tmp_path, "pair.cpp", '#include <cstdio>\n#include "pair.hpp"\nint g() { return 1; }\n'
    )
    code = code_under_test(header, text="#pragma once\nint g();\nint h() { return 2; }")
    assert code.path == source
    assert code.text == (
        "#include <cstdio>\n"
        f'#line 1 "{header}"\n#pragma once\nint g();\nint h() {{ return 2; }}\n#line 3 "{source}"\n'
        "int g() { return 1; }\n"
    )
    assert code_under_test(header).text is None  # saved files: the source includes the header


@pytest.mark.clang
def test_unsaved_header_runs_against_its_source(tmp_path):
    """An editor buffer of a header (new method, changed expectation) runs without being saved."""
    import shutil

    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.runner import DocTestRunner

    examples = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "cpp")
    for f in ("shapes.hpp", "shapes.cpp"):
        shutil.copy(os.path.join(examples, f), tmp_path)
    header = str(tmp_path / "shapes.hpp")
    text = open(header).read()
    text = text.replace(
        "    /// >>> geo::Rect(1, 1).perimeter()\n    /// 4\n",
        "    /// >>> geo::Rect(1, 2).twice()\n    /// 4\n"
        "    /// >>> geo::Rect(1, 1).perimeter()\n    /// 5\n",
    )
    text = text.replace(
        "    int height() const { return height_; }\n",
        "    int height() const { return height_; }\n"
        "    int twice() const { return 2 * area(); }\n",
    )
    tests = find_doctests(header, text=text, root=str(tmp_path))
    [test] = [t for t in tests if t.name == "shapes.hpp::geo::Rect::perimeter"]
    try:
        with DocTestRunner() as runner:
            [result] = runner.run_many([(test, code_under_test(header, text=text))])
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")
    outcomes = [(r.outcome.value, r.got) for r in result.results]
    assert outcomes == [("passed", "4\n"), ("failed", "4\n")]


_fragments = [
    "\x00",
    "\udcff",
    "/**",
    "*/",
    "///",
    ">>> f(1)\n",
    "1\n",
    "int f(int x)",
    "{",
    "}",
    ";",
    "namespace n",
    "class C",
    "struct S",
    "template <class T>",
    'extern "C"',
    "#include <nonexistent.h>\n",
    "\n",
    "é",
    '"',
    "'",
    "public:",
    "::",
    "(",
    ")",
    "#define X {\n",
    'R"(',
    ')"',
]


def test_garbage_files_never_crash(tmp_path):
    """Random mixes of C++ fragments and block pieces: a list of DocTests or nothing, never a
    crash.
    """
    from hypothesis import given, settings
    from hypothesis import strategies as st

    path = tmp_path / "garbage.cpp"
    path.write_text("")

    @settings(max_examples=40, deadline=None)
    @given(st.lists(st.sampled_from(_fragments), max_size=30).map("".join))
    def check(text):
        for test in find_doctests(str(path), text=text, root=str(tmp_path)):
            assert test.examples and test.name.startswith("garbage.cpp")
            assert 1 <= test.lineno <= test.end_lineno <= text.count("\n") + 1

    check()


def test_undecodable_bytes_and_lone_surrogates(tmp_path):
    """Text decoded with surrogateescape (a Latin-1 file) and stray surrogates do not crash."""
    path = write(tmp_path, "latin.c", "")
    raw = "/* caf\xe9 */\n/// >>> f()\n/// 1\nint f(void) { return 1; }\n".encode("latin-1")
    text = raw.decode("utf-8", errors="surrogateescape")
    [test] = find_doctests(path, text=text, root=str(tmp_path))
    assert (test.name, test.declaration.line) == ("latin.c::f", 4)
    odd = 'const char *s = "\ud800";\n/// >>> g()\n/// 2\nint g(void) { return 2; }\n'
    assert [t.declaration.line for t in find_doctests(path, text=odd)] == [4]
