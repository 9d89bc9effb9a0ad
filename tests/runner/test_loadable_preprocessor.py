"""The loadable copy reads C the way the preprocessor does (``cdoctest_runner.labels``,
``cdoctest_runner.inputs.blank_code``, ``cdoctest_runner.loadable``).

Each case is a small file shaped like the real library that failed to load (bench/data/realbugs/
README.md, "What mining showed"): labels made by macros (ibireme/yyjson), a macro used like a
label (udp/json-parser), a label in a branch the preprocessor drops, a function header split by
``#if``/``#else`` (libexpat) and an ``inline`` spelled by a macro (jansson's ``JSON_INLINE``).
Pure rewrites first, then the same files through the real runner. Files go under ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner import labels
from cdoctest_runner.errors import SourceParseError, ToolchainNotFound
from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.loadable import external_linkage, loadable
from cdoctest_runner.runner import DocTestRunner, examples_doctest
from cdoctest_runner.toolchain import find_clang_repl

#: yyjson's shape: the labels are pasted by macros, and two functions use the same ones.
MADE_LABELS = """\
#define CHECK(x, n) if (!(x)) goto fail_##n
#define FAIL_HERE(n) fail_##n: return -1
int first(int x) { CHECK(x > 0, 1); return x; FAIL_HERE(1); }
int second(int x) { CHECK(x > 0, 1); return 2 * x; FAIL_HERE(1); }
"""

#: json-parser's shape: ``whitespace:`` reads like a label but is a macro of case labels.
LABEL_LIKE_MACRO = """\
#define whitespace case ' ': case '\\t'
int kind(int c) { switch (c) { whitespace: return 1; default: goto other; } other: return 0; }
int kind2(int c) { switch (c) { whitespace: return 2; default: goto other; } other: return 0; }
"""

#: A label only another platform compiles: declaring it local would declare a label never defined.
LABEL_IN_DROPPED_BRANCH = """\
int clamp(int x) {
#ifdef CDT_NEVER_DEFINED
    if (x < -100) goto too_low;
#endif
    if (x > 100) goto too_high;
    return x;
#ifdef CDT_NEVER_DEFINED
too_low: return -100;
#endif
too_high: return 100;
}
int clamp2(int x) { if (x > 10) goto too_high; return x; too_high: return 10; }
"""

#: Another system's code first: the functions compiled here are in the ``#else`` branch.
LABELS_IN_ELSE_BRANCH = """\
#ifdef CDT_OTHER_SYSTEM
int rd(int x) { return x; }
#else
int rd(int x) { if (x < 0) goto fail; return 2; fail: return -1; }
int wr(int x) { if (x < 0) goto fail; return 3; fail: return -2; }
#endif
"""

#: libexpat's shape: the opening brace of a function is written once per branch.
SPLIT_HEADER = """\
#include <stdio.h>

#ifdef WIDE_SCALE
static long scale(long x) {
#else
static int scale(int x) {
#endif
    return 2 * x;
}

static int counter = 5;

void bump(void) { counter += scale(1); }

static int get_s(void) { return counter; }
"""

#: jansson's shape: ``static JSON_INLINE``, the macro standing for ``inline``.
MACRO_INLINE = """\
#define MY_INLINE inline
static MY_INLINE int twice(int x) { return 2 * x; }
int quad(int x) { return twice(twice(x)); }
"""


def _file(tmp_path: Path, name: str, text: str) -> CodeUnderTest:
    path = tmp_path / name
    path.write_text(text)
    return CodeUnderTest(path=str(path), language="c")


def _private(code: CodeUnderTest) -> str:
    private = loadable(code).text
    assert private is not None
    return private


# -- the rewrites (libclang, no clang-repl) -------------------------------------------------------


def test_labels_made_by_macros_are_declared_by_their_expanded_names(tmp_path: Path) -> None:
    lines = _private(_file(tmp_path, "made.c", MADE_LABELS)).splitlines()[1:]
    assert lines[2].startswith("int first(int x) { __label__ fail_1; CHECK(")
    assert lines[3].startswith("int second(int x) { __label__ fail_1; CHECK(")


def test_a_macro_written_like_a_label_is_not_declared(tmp_path: Path) -> None:
    lines = _private(_file(tmp_path, "ws.c", LABEL_LIKE_MACRO)).splitlines()[1:]
    assert lines[1].startswith("int kind(int c) { __label__ other; switch")
    assert "whitespace," not in "\n".join(lines) and "__label__ whitespace" not in "\n".join(lines)


def test_a_label_in_a_dropped_branch_is_not_declared(tmp_path: Path) -> None:
    lines = _private(_file(tmp_path, "br.c", LABEL_IN_DROPPED_BRANCH)).splitlines()[1:]
    assert lines[0] == "int clamp(int x) { __label__ too_high;"
    assert lines[-1].startswith("int clamp2(int x) { __label__ too_high;")


def test_labels_in_the_branch_compiled_here_are_declared(tmp_path: Path) -> None:
    lines = _private(_file(tmp_path, "else.c", LABELS_IN_ELSE_BRANCH)).splitlines()[1:]
    assert lines[1] == "int rd(int x) { return x; }"
    assert lines[3].startswith("int rd(int x) { __label__ fail; if")
    assert lines[4].startswith("int wr(int x) { __label__ fail; if")


def test_without_libclang_the_functions_the_text_cannot_tell_about_stay_as_they_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_libclang(*args: object, **kwargs: object) -> None:
        raise SourceParseError("no libclang here")

    monkeypatch.setattr(labels.clang, "parse", no_libclang)
    labels._local_labels.cache_clear()
    text = LABEL_LIKE_MACRO + "int plain(int x) { if (x) goto out; return 1; out: return 0; }\n"
    out = labels.local_labels(text, "/tmp/cdt_no_libclang.c").splitlines()
    assert out[1:3] == text.splitlines()[1:3]  # 'whitespace' is a macro: left as they are
    assert out[3].startswith("int plain(int x) { __label__ out;")
    labels._local_labels.cache_clear()


def test_braces_follow_one_branch_of_an_if_else() -> None:
    out = external_linkage(SPLIT_HEADER, "c").splitlines()
    assert out[3] == "extern long scale(long x) {"
    assert out[5] == "extern int scale(int x) {"
    assert out[10] == "       int counter = 5;"  # at file scope: the brace count held
    assert out[14] == "extern int get_s(void) { return counter; }"


def test_a_static_the_first_branch_hides_is_read_in_its_own_branch() -> None:
    text = (
        "#ifdef CDT_OTHER_SYSTEM\nstatic int helper(void) { return 1; }\n#else\n"
        "static int helper(void) { static int n; return ++n; }\n#endif\n"
    )
    out = external_linkage(text, "c").splitlines()
    assert out[1] == "extern int helper(void) { return 1; }"
    assert out[3] == "extern int helper(void) { static int n; return ++n; }"  # a local stays


def test_an_if_0_branch_is_the_one_skipped() -> None:
    text = "#if 0\nint old(void) {\n#else\nstatic int now(void) {\n#endif\n  return 1;\n}\n"
    text += "static int n = 1;\n"
    assert external_linkage(text, "c").splitlines()[-1] == "       int n = 1;"


# -- in clang-repl --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def runner():  # noqa: ANN201
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")
    with DocTestRunner(workers=1) as r:
        yield r


def _outcomes(runner: DocTestRunner, code: CodeUnderTest, *pairs: tuple[str, str]) -> list[str]:
    result = runner.run(examples_doctest([Example(s, w) for s, w in pairs]), code)
    assert result.setup_error is None, result.setup_error
    return [r.outcome.value for r in result.results]


@pytest.mark.clang
def test_macro_made_labels_load(runner: DocTestRunner, tmp_path: Path) -> None:
    code = _file(tmp_path, "made.c", MADE_LABELS)
    assert _outcomes(runner, code, ("second(3)", "6\n"), ("first(0)", "-1\n")) == ["passed"] * 2


@pytest.mark.clang
def test_a_label_like_macro_loads(runner: DocTestRunner, tmp_path: Path) -> None:
    code = _file(tmp_path, "ws.c", LABEL_LIKE_MACRO)
    assert _outcomes(runner, code, ("kind2(' ')", "2\n"), ("kind('x')", "0\n")) == ["passed"] * 2


@pytest.mark.clang
def test_a_label_in_a_dropped_branch_loads(runner: DocTestRunner, tmp_path: Path) -> None:
    code = _file(tmp_path, "br.c", LABEL_IN_DROPPED_BRANCH)
    assert _outcomes(runner, code, ("clamp(500)", "100\n"), ("clamp2(50)", "10\n")) == [
        "passed",
        "passed",
    ]


@pytest.mark.clang
def test_labels_in_an_else_branch_load(runner: DocTestRunner, tmp_path: Path) -> None:
    code = _file(tmp_path, "else.c", LABELS_IN_ELSE_BRANCH)
    assert _outcomes(runner, code, ("rd(-1)", "-1\n"), ("wr(-1)", "-2\n")) == ["passed"] * 2


@pytest.mark.clang
def test_state_after_a_split_function_header_is_the_programs(
    runner: DocTestRunner, tmp_path: Path
) -> None:
    """With both branches counted, ``counter`` and ``get_s`` looked like a function's body and
    kept ``static``: ``get_s()`` read the re-emitted 5 where the program reads 7.
    """
    code = _file(tmp_path, "split.c", SPLIT_HEADER)
    assert _outcomes(runner, code, ("bump();", ""), ("get_s()", "7\n")) == ["passed"] * 2


@pytest.mark.clang
def test_an_inline_spelled_by_a_macro_keeps_its_symbol(
    runner: DocTestRunner, tmp_path: Path
) -> None:
    """``static MY_INLINE`` lost its ``static`` and became a C99 inline definition, which emits
    no symbol ("Symbols not found: [ twice ]"); as ``extern MY_INLINE`` it emits one.
    """
    code = _file(tmp_path, "inl.c", MACRO_INLINE)
    assert _outcomes(runner, code, ("twice(21)", "42\n"), ("quad(2)", "8\n")) == ["passed"] * 2


def test_docstring_examples() -> None:
    """The ``>>>`` examples of the label readers."""
    import doctest

    result = doctest.testmod(labels)
    assert result.attempted > 0 and result.failed == 0
