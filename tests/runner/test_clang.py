"""``cdoctest_runner.clang``: the one libclang set-up, the qualified-name rule and the class scans
(real libclang).
"""

from __future__ import annotations

import pytest

from cdoctest_runner import clang

SOURCE = """\
#include "missing_header.h"
namespace { int hidden(int x) { return x; } }
namespace outer {
namespace { struct Secret { struct Inner { int peek() const; }; }; }
int Secret::Inner::peek() const { return 1; }
}
extern "C" { int c_api(void) { return 0; } }
template <class T> struct Box { T get() const { return T(); } };
struct { int field_method() { return 2; } } unnamed_object;
namespace test { struct Fac { int fac(int n); }; int Fac::fac(int n) { return n; } }
inline namespace v1 { int versioned() { return 3; } }
template <class T> T twice(T x) { return x + x; }
"""

CLASSES = """\
struct Plain { int x; };
class Copyable { public: Copyable(const Copyable &); Copyable(Copyable &&); };
class Made { public: Made(int a, double b); explicit Made(const char *s = "x");
             private: Made(char); };
class Hidden { Hidden(); public: Hidden(int) {} int get() const { return 0; }
               void set(int); bool operator==(const Hidden &) const; private: void secret(); };
class Deleted { public: Deleted() = delete; Deleted(int); };
"""


def _parse(text: str, name: str = "/tmp/cdoctest_test_clang.cpp"):
    return clang.parse(name, text, "c++", ["-std=c++17"])


def _names(tu, kinds=("FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE")) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in tu.cursor.walk_preorder():
        if c.kind.name in kinds and c.location.file is not None:
            out.setdefault(f"{c.spelling}@{c.location.line}", clang.qualified_name(c))
    return out


def test_qualified_names_follow_one_rule() -> None:
    names = _names(_parse(SOURCE))
    assert names == {
        "hidden@2": "hidden",  # anonymous namespace: no scope
        "peek@4": "outer::Secret::Inner::peek",  # nested classes inside an anonymous namespace
        "peek@5": "outer::Secret::Inner::peek",  # out-of-line: semantic parents, same name
        "c_api@7": "c_api",  # extern "C" is transparent
        "get@8": "Box::get",  # class template: its name without arguments
        "field_method@9": "field_method",  # unnamed struct: no scope
        "fac@10": "test::Fac::fac",
        "versioned@11": "v1::versioned",  # an inline namespace still names a scope
        "twice@12": "twice",
    }


def test_keep_going_parses_past_a_missing_include() -> None:
    tu = _parse(SOURCE)
    assert any("missing_header.h" in d.spelling for d in tu.diagnostics)
    assert "twice@12" in _names(tu)  # the last declaration is still there


def test_parse_in_c_mode() -> None:
    tu = clang.parse(
        "/tmp/cdoctest_test_clang.c", "int class = 1; int f(void) { return class; }", "c"
    )
    assert [
        d.spelling for d in tu.diagnostics if d.severity >= 3
    ] == []  # `class` is no keyword in C


def test_parse_args_and_buffer_path() -> None:
    args = clang.parse_args("c", ["-DX=1"])
    assert args[:2] == ["-x", "c"] and args[-1] == "-DX=1"
    if clang.resource_dir():
        assert "-resource-dir" in args
    assert clang.buffer_path(None, "c") == "/tmp/cdoctest_input.c"
    assert clang.buffer_path(None, "c++", stem="x") == "/tmp/x.cpp"
    assert clang.buffer_path("rel.cpp", "c++").endswith("/rel.cpp")


def test_encode_keeps_surrogate_escaped_bytes() -> None:
    raw = b"int f() { return '\xff'; }"
    assert clang.encode(raw.decode("utf-8", errors="surrogateescape")) == raw
    assert clang.encode("a\ud800b") == b"a?b"  # a lone surrogate that no decode produced


def _records(text: str) -> dict[str, object]:
    tu = _parse(text)
    return {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.kind.name in ("CLASS_DECL", "STRUCT_DECL") and c.is_definition()
    }


def _signature(ctor) -> str:
    return ", ".join(p.type.spelling for p in clang.parameters(ctor))


def test_constructor_scans() -> None:
    records = _records(CLASSES)
    public = {k: [_signature(c) for c in clang.public_constructors(r)] for k, r in records.items()}
    assert public == {
        "Plain": [],
        "Copyable": [],  # copy and move constructors make no new object
        "Made": ["int, double", "const char *"],  # the private Made(char) is left out
        "Hidden": ["int"],
        "Deleted": ["int"],
    }
    default = {k: clang.default_constructible(r) for k, r in records.items()}
    assert default == {
        "Plain": True,  # no user-declared constructor
        "Copyable": False,  # a user-declared copy constructor suppresses the implicit default
        "Made": True,  # every parameter has a default
        "Hidden": False,  # the default constructor is private
        "Deleted": False,
    }


def test_method_scans() -> None:
    hidden = _records(CLASSES)["Hidden"]
    assert [m.spelling for m in clang.public_methods(hidden)] == ["get", "set"]
    assert [m.spelling for m in clang.public_methods(hidden, operators=True)] == [
        "get",
        "set",
        "operator==",
    ]
    get = clang.public_methods(hidden)[0]
    assert clang.record_of(get).spelling == "Hidden"
    assert clang.is_public(get)
    plain_field = next(_records(CLASSES)["Plain"].get_children())
    assert clang.is_public(plain_field)  # a struct's field


@pytest.mark.parametrize("spelling", ["", "(anonymous namespace)", "(unnamed struct at a.c:1:1)"])
def test_anonymous_spellings_are_not_names(spelling: str) -> None:
    assert not clang.is_named(spelling)


def test_function_definitions_are_found_through_scopes_only() -> None:
    text = (
        "#include <vector>\n"
        "int size(int); int size(int n) { return n; }\n"  # a declaration, then the definition
        'extern "C" { int size_c(void) { return 0; } }\n'
        "namespace a { struct S { int size() const { return 1; } }; }\n"
        "template <class T> int size(T *) { return 2; }\n"
        "int user() { struct L { int size() { return 3; } } l; return l.size(); }\n"
    )
    path = "/tmp/cdoctest_test_defs.cpp"
    tu = clang.parse(path, text, "c++")
    found = clang.function_definitions(tu, path, "size")
    assert [(c.kind.name, c.location.line) for c in found] == [
        ("FUNCTION_DECL", 2),
        ("CXX_METHOD", 4),
        ("FUNCTION_TEMPLATE", 5),
    ]  # not std::vector's size(), not the local class's inside a function body
    assert [c.spelling for c in clang.function_definitions(tu, path, "size_c")] == ["size_c"]
