"""Usage mining (``server.analysis.usage``) on a small project: its test file, README and header.

Test data: ``tests/data/usage_proj/`` (``include/ilist.h`` documents the API, one producer with
code in its comment; ``src/ilist.c`` is the file under test; ``tests/test_ilist.c`` calls the API
inside ``CHECK``/``CHECK_EQ`` assertion macros of ``tests/check.h``; ``README.md`` has a ```c
block). Real libclang; the last test runs the mined blocks in clang-repl.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.runner import examples_doctest
from server.analysis.usage.examples import usage_examples
from server.analysis.usage.facts import Filled, Observed, UsageFacts
from server.analysis.usage.mining import mine_usage, project_usage
from server.analysis.usage.sources import find_usage_sources

PROJ = Path(__file__).resolve().parent.parent / "data" / "usage_proj"
FLAGS = (f"-I{PROJ / 'include'}",)
TARGETS = ("ilist_sum", "ilist_get", "ilist_format", "ilist_status", "ilist_len")


@pytest.fixture(scope="module")
def facts() -> UsageFacts:
    sources = find_usage_sources(PROJ / "src" / "ilist.c", str(PROJ))
    return mine_usage(sources, TARGETS, FLAGS, "c")


def _one(facts: UsageFacts, function: str, where: str, made_by: str = ""):
    calls = [
        c
        for c in facts.calls_of(function)
        if where in c.source and (not made_by or any(made_by in line for line in c.slice))
    ]
    assert len(calls) == 1, calls
    return calls[0]


def test_sources_are_the_header_readme_and_tests_never_the_file_itself(tmp_path: Path) -> None:
    sources = find_usage_sources(PROJ / "src" / "ilist.c", str(PROJ))
    rel = [str(p.relative_to(PROJ)) for p in sources]
    assert rel == ["include/ilist.h", "README.md", "tests/check.h", "tests/test_ilist.c"]
    # Without a root and outside a git checkout, the parent of src/ is the project.
    copy = tmp_path / "proj"
    shutil.copytree(PROJ, copy)
    found = find_usage_sources(copy / "src" / "ilist.c")
    assert [str(p.relative_to(copy)) for p in found] == rel


def test_a_usage_sequence_is_mined_from_the_test_file(facts: UsageFacts) -> None:
    get = _one(facts, "ilist_get", "test_ilist.c", '"10,20,30"')
    # The call as the test wrote it, its result kept in rc, and the value it filled through &v.
    assert get.statement == ("rc = ilist_get(l, 1, &v);",)
    assert get.result_var == "rc" and get.result == "scalar"
    assert get.filled == (Filled("v", "scalar"),)
    assert get.frees == ("ilist_free(l)",)
    # The producer's declaration with a call initialiser is split for clang-repl's C mode.
    assert get.slice == ("ilist *l;", 'l = ilist_parse("10,20,30");', "int v = 0;", "int rc;")


def test_the_slice_holds_exactly_the_statements_that_define_the_arguments(
    facts: UsageFacts,
) -> None:
    total = _one(facts, "ilist_sum", "test_ilist.c")
    # `int unrelated = 7;` and its CHECK sit between them but define nothing the call uses.
    assert total.slice == ('const char *text = "4,5";', "ilist *l;", "l = ilist_parse(text);")
    assert total.call == "ilist_sum(l)" and total.statement == ("ilist_sum(l);",)
    fmt = _one(facts, "ilist_format", "test_ilist.c")
    assert fmt.slice == ("char buf[32];", "ilist *l;", 'l = ilist_parse("1,2");')
    assert fmt.filled == (Filled("buf", "buffer"),)


def test_the_value_an_assertion_expects_is_kept_and_the_macro_stripped(
    facts: UsageFacts,
) -> None:
    assert _one(facts, "ilist_sum", "test_ilist.c").expected == "9"  # CHECK_EQ(ilist_sum(l), 9)
    get = _one(facts, "ilist_get", "test_ilist.c", '"10,20,30"')
    assert get.expected == "0"  # CHECK(rc == 0) after it
    (status,) = [c for c in facts.calls_of("ilist_status") if not c.slice]
    assert status.call == "ilist_status(-1)"  # out of CHECK(strcmp(ilist_status(-1), ...) == 0)
    assert status.expected == '"range"' and status.result == "string"
    assert _one(facts, "ilist_len", "test_ilist.c").expected == "2"  # CHECK(len == 2)


def test_a_loop_variable_is_no_input_and_an_if_condition_fills(facts: UsageFacts) -> None:
    """test_loop_and_condition: ``ilist_get(l, i, &got)`` in a loop over ``i`` is not mined
    (no slice gives ``i`` a value); ``if (ilist_get(l, 1, &got) != 0) return;`` is (expected
    0: a failure branch), and it fills ``got`` for the call after it.
    """
    gets = [c for c in facts.calls_of("ilist_get") if any('"3,4"' in s for s in c.slice)]
    assert [(g.call, g.expected) for g in gets] == [("ilist_get(l, 1, &got)", "0")]
    status = _one(facts, "ilist_status", "test_ilist.c", '"3,4"')
    assert status.slice == (
        "ilist *l;",
        'l = ilist_parse("3,4");',
        "int got = 0;",
        "ilist_get(l, 1, &got);",
    )
    assert status.call == "ilist_status(got - 4)" and status.expected is None


def test_a_block_renames_a_variable_the_code_under_test_declares(facts: UsageFacts) -> None:
    (block,) = usage_examples(facts, "ilist_sum", max_blocks=1, avoid={"l", "ilist_sum"})
    assert block == ["ilist *l_2;", 'l_2 = ilist_parse("1,2,3");', "ilist_sum(l_2)"]


def test_a_readme_block_is_mined(facts: UsageFacts) -> None:
    total = _one(facts, "ilist_sum", "README.md")
    # The block's `#include` goes above the function it is wrapped in; lines stay the README's.
    assert total.source == f"{PROJ / 'README.md'}:9"
    assert total.slice == ("ilist *l;", 'l = ilist_parse("7,8");')
    assert str(PROJ / "README.md") in facts.sources


def test_a_producer_documented_in_the_header_comment_is_found(facts: UsageFacts) -> None:
    made = [p for p in facts.producers if p.source.startswith(str(PROJ / "include" / "ilist.h"))]
    assert [(p.function, p.call, p.type) for p in made] == [
        ("ilist_parse", 'ilist_parse("1,2,3")', "ilist *")
    ]
    header = _one(facts, "ilist_sum", "ilist.h")
    assert header.slice == ("ilist *l;", 'l = ilist_parse("1,2,3");')
    assert header.expected == "6"  # `ilist_sum(l);  // 6` in the comment
    assert {p.call for p in facts.producers} >= {'ilist_parse("7,8")', 'ilist_parse("1,2")'}


def test_the_strings_passed_to_a_function_are_its_valid_inputs() -> None:
    facts = mine_usage([PROJ / "tests" / "test_ilist.c"], ["ilist_parse"], FLAGS, "c")
    # "4,5" reaches ilist_parse through `const char *text = "4,5";`.
    assert facts.literals_of("ilist_parse") == ('"4,5"', '"10,20,30"', '"1,2"', '"3,4"')
    assert facts.literals_of("ilist_sum") == ()


def test_observers_of_the_handle_are_seen_after_the_call() -> None:
    sources = [PROJ / "tests" / "test_ilist.c"]
    facts = mine_usage(sources, ["ilist_format"], FLAGS, "c")
    (fmt,) = facts.calls
    assert fmt.observers == (Observed("ilist_len(l)", "scalar"),)
    assert usage_examples(facts, "ilist_format")[0][-1] == "ilist_len(l)"


def test_a_file_that_does_not_parse_gives_no_facts(tmp_path: Path) -> None:
    broken = tmp_path / "test_broken.c"
    broken.write_text("int f(void) { return ilist_sum(l) +; }\n#include <nonexistent.h>\n@@@\n")
    missing = tmp_path / "missing_test.c"
    assert mine_usage([broken, missing], ["ilist_sum"], FLAGS, "c") == UsageFacts()


def test_blocks_are_deduplicated_and_bounded(facts: UsageFacts) -> None:
    blocks = usage_examples(facts, "ilist_sum", max_blocks=2)
    assert blocks == [
        ["ilist *l;", 'l = ilist_parse("1,2,3");', "ilist_sum(l)"],
        ["ilist *l;", 'l = ilist_parse("7,8");', "ilist_sum(l)"],
    ]
    status = usage_examples(facts, "ilist_status")
    assert status[0] == [
        "#include <stdio.h>",
        "const char *usage_res;",
        "usage_res = ilist_status(-1);",
        'printf("%s\\n", usage_res ? usage_res : "(null)");',
    ]
    assert len(status) == 2


@pytest.mark.clang
def test_the_mined_blocks_pass_in_the_runner(facts: UsageFacts, runner) -> None:
    """Every block runs in clang-repl on src/ilist.c; the outputs recorded from a first run
    pass a second, and the values the test file's assertions state are the ones printed.
    """
    code = CodeUnderTest(path=str(PROJ / "src" / "ilist.c"), language="c", flags=FLAGS)
    blocks = [b for name in TARGETS for b in usage_examples(facts, name)]
    assert len(blocks) == 9
    first = runner.run_many([(examples_doctest([Example(s) for s in b]), code) for b in blocks])
    recorded = [[Example(r.example.source, r.got) for r in res.results] for res in first]
    assert all(r.outcome.value in ("passed", "failed") for res in first for r in res.results)
    second = runner.run_many([(examples_doctest(b), code) for b in recorded])
    assert [res.passed for res in second] == [True] * len(blocks)
    outputs = {tuple(e.source.strip() for e in b): [e.want for e in b if e.want] for b in recorded}
    assert outputs[("ilist *l;", 'l = ilist_parse("1,2,3");', "ilist_sum(l)")] == ["6\n"]
    sum_test = ('const char *text = "4,5";', "ilist *l;", "l = ilist_parse(text);", "ilist_sum(l)")
    assert outputs[sum_test] == ["9\n"]  # CHECK_EQ(ilist_sum(l), 9)
    get = next(b for b in recorded if "rc = ilist_get(l, 1, &v);\n" in [e.source for e in b])
    assert [e.want for e in get if e.want] == ["0\n", "20\n"]  # rc, then v


def test_a_call_under_a_name_a_header_defines_is_found(tmp_path: Path) -> None:
    """``#define total ilist_sum`` in a header (a symbol-prefix macro): a test that calls
    ``total(l)``, inside an assertion macro, calls the target.
    """
    header = tmp_path / "short.h"
    header.write_text('#include "ilist.h"\n#define total ilist_sum\n')
    test = tmp_path / "test_short.c"
    test.write_text(
        '#include "check.h"\n#include "short.h"\n'
        'void t(void) {\n  ilist *l = ilist_parse("2,3");\n  CHECK_EQ(total(l), 5);\n}\n'
    )
    flags = (*FLAGS, f"-I{PROJ / 'tests'}")
    facts = mine_usage([header, test], ["ilist_sum"], flags, "c")
    (call,) = facts.calls
    assert (call.function, call.call, call.expected) == ("ilist_sum", "total(l)", "5")
    # The block calls it under its own name (the same call once the macro expands).
    assert usage_examples(facts, "ilist_sum") == [
        ["ilist *l;", 'l = ilist_parse("2,3");', "ilist_sum(l)"]
    ]


def test_a_file_that_vanishes_during_the_walk_is_skipped_not_an_error(tmp_path: Path) -> None:
    # A shared directory such as /tmp: another process's file is listed, then gone (here a
    # dangling link, which lists but does not stat).
    (tmp_path / "lib.c").write_text("int add(int a, int b) { return a + b; }\n")
    test = "int add(int, int);\nint main(void) { return add(1, 2); }\n"
    (tmp_path / "lib_test.c").write_text(test)
    (tmp_path / "gone_test.c").symlink_to(tmp_path / "cdt-removed" / "code_under_test.c")
    found = project_usage(tmp_path / "lib.c", ["add"], (), "c", str(tmp_path))
    assert found.error == ""
    assert [Path(s).name for s in found.sources] == ["lib_test.c"]
    assert found.facts.calls_of("add")
