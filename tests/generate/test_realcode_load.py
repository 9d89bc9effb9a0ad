"""Real C files that a compiler accepts but clang-repl 22 rejects load anyway (docs/runner.md).

The goto-cleanup idiom in two functions (the same label name in both) is rejected by clang-repl 22
in C mode; the runner declares each function's labels local to it in the private copy it loads.
Pure rewrite rules first, then the minimal repro through the real runner (C and C++).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.labels import declare_local_labels
from cdoctest_runner.runner import examples_doctest

REPRO = (
    "int f1(int x) { if (x) goto fail; return 1; fail: return 0; }\n"
    "int f2(int x) { if (x) goto fail; return 1; fail: return 0; }\n"
)


def test_labels_declared_after_the_opening_brace_lines_kept() -> None:
    src = (
        "static int parse(const char *s, int n)\n"
        "{\n"
        '    const char *m = "x: y";  /* not: a label */\n'
        "    switch (n) { case 1: goto done; default: break; }\n"
        "    if (n > 2) goto fail;\n"
        "    return n ? 1 : 2;\n"
        "fail:\n"
        "done: return 0;\n"
        "}\n"
        "struct bits { unsigned a : 1; unsigned b : 2; };\n"
        "#define JUMP { here: }\n"
    )
    out = declare_local_labels(src)
    assert out.splitlines()[1] == "{ __label__ fail, done;"
    assert out.splitlines()[0] == src.splitlines()[0]
    assert out.splitlines()[2:] == src.splitlines()[2:]  # every other line unchanged, same count


def test_kr_definitions_and_existing_local_labels() -> None:
    kr = "int kr(a) int a; {\n  if (a) goto e;\n  return 1;\ne: return 0;\n}\n"
    assert declare_local_labels(kr).splitlines()[0] == "int kr(a) int a; { __label__ e;"
    already = "int f(int x) { __label__ e; if (x) goto e; return 1; e: return 0; }\n"
    assert declare_local_labels(already) == already
    no_labels = "int g(int x) { return x ? x : 0; }\nint t[] = { 1, 2 };\n"
    assert declare_local_labels(no_labels) == no_labels


def block(*pairs: tuple[str, str]):  # noqa: ANN201
    return examples_doctest([Example(source=s, want=w) for s, w in pairs])


@pytest.mark.parametrize("language", ["c", "c++"])
def test_goto_cleanup_in_two_functions_loads(runner, tmp_path: Path, language: str) -> None:  # noqa: ANN001
    path = tmp_path / ("two.c" if language == "c" else "two.cpp")
    path.write_text(REPRO)
    code = CodeUnderTest(path=str(path), language=language)
    result = runner.run(block(("f1(0)", "1"), ("f2(1)", "0"), ("f2(0)", "1")), code)
    assert result.setup_error is None
    assert [r.outcome.name for r in result.results] == ["PASSED"] * 3
    assert path.read_text() == REPRO  # the user's file is never touched


def test_diagnostics_keep_the_users_file_and_line(runner, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "broken.c"
    path.write_text(REPRO + "int f3(void) { return undeclared_thing; }\n")
    result = runner.run(block(("f1(0)", "1")), CodeUnderTest(path=str(path), language="c"))
    assert result.setup_error is not None
    assert f"{path}:3:" in result.setup_error
