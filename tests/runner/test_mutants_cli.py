"""``cdoctest-run --mutants`` (``cdoctest_runner.mutants_cli``, ``mutation.scores``).

Test data: ``tests/data/mutants/sign.c`` (its block checks ``sign(5)`` only, so it kills the 4 of
its 8 mutants that change that value and misses the 4 about ``x <= 0``; it includes
``inc/sign_value.h``, found only through ``-I inc``) and ``box.cpp`` (a C++ method whose 2 mutants
its block kills). Usage errors, the one-line diffs and files without a function's block need no
clang-repl; the rest runs the real runner.
"""

from __future__ import annotations

import doctest
import json
import logging
import os
import re
import shutil

import pytest

from cdoctest_runner import cli
from cdoctest_runner.mutation import scores
from cdoctest_runner.mutation.mutate import Mutant

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "mutants")

# sign.c's mutants that sign(5) cannot tell apart from the original (by hand: x < 0 is false for
# 5 and stays false under each of these).
SIGN_SURVIVORS = [
    "sign.c:10:5: remove-branch: if (x < 0) return NEGATIVE; -> (nothing)",
    "sign.c:10:11: relational: < -> <=",
    "sign.c:10:13: constant: 0 -> 1",
    "sign.c:10:13: constant: 0 -> (-1)",
]
FUNCTION_KEYS = {
    "name", "function", "file", "line", "status", "note", "score", "killed", "total",
    "timeout_kills", "stillborn", "mutants", "seconds", "mutants_per_second", "survivors",
}  # fmt: skip
SURVIVOR_KEYS = {"file", "line", "col", "operator", "before", "after", "function", "id"}
TOTAL_KEYS = {
    "functions", "failed", "not_analysed", "killed", "total", "score", "timeout_kills",
    "stillborn", "mutants", "seconds", "mutants_per_second",
}  # fmt: skip


def clang_repl_or_skip() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


# --- no clang-repl needed -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["x.c", "--mutant-limit", "5"], "--mutant-limit and --no-schemata need --mutants"),
        (["x.c", "--no-schemata"], "--mutant-limit and --no-schemata need --mutants"),
        (["x.c", "--mutants", "--mutant-limit", "0"], "--mutant-limit must be at least 1"),
        (["x.c", "--mutants", "--list"], "--mutants cannot be combined with --list"),
        (["x.c", "--mutants", "--coverage"], "--mutants cannot be combined with --coverage"),
        (["x.c", "--mutants", "--junit-xml", "j.xml"], "cannot be combined with --junit-xml"),
    ],
)
def test_usage_errors_exit_2(argv, message, capsys):
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_file_without_blocks_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain.c").write_text("int f(void) { return 1; }\n")
    assert cli.main(["plain.c", "--mutants"]) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("", "cdoctest-run: no cdoctest blocks found: nothing to mutate\n")
    assert cli.main(["plain.c", "--mutants", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["functions"] == [] and data["totals"]["functions"] == 0
    assert data["totals"]["score"] is None


def test_blocks_on_no_function_say_so(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.c").write_text("/**\n * >>> 1 + 1\n * 2\n */\nstruct P { int a; };\n")
    assert cli.main(["p.c", "--mutants"]) == 0
    err = capsys.readouterr().err
    assert err == "cdoctest-run: no cdoctest block is attached to a function: nothing to mutate\n"


def test_the_doctests_of_scores_pass():
    result = doctest.testmod(scores)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("source", "mutant", "change"),
    [
        # an operator: just the token
        ("a = b >> 2;", ("bitwise", 1, 7, "a = b << 2;", ">>", "<<"), (">>", "<<")),
        # a wrap at the end of the file: the inserted text after it shows
        ("return i", ("return", 1, 8, "return (i) + 1", "", "("), ("i", "(i) + 1")),
        # a multi-byte character before the edit: columns count bytes, as compilers do
        ('s = "é"; n = 1;', ("constant", 1, 15, 's = "é"; n = 2;', "1", "2"), ("1", "2")),
        # a removed statement on the second line, the rest of the file unchanged
        ("f();\ng();\nh();", ("delete", 2, 1, "f();\n\nh();", "g();", ""), ("g();", "")),
    ],
)
def test_changed_text(source, mutant, change):
    operator, line, col, text, original, replacement = mutant
    m = Mutant("m", operator, "", line, text, col, original, replacement)
    assert scores.changed_text(source, m) == change


def test_survivor_line_is_one_short_line():
    from cdoctest_runner.mutants_cli import survivor_line

    long = "if (x < lo && y > hi && z != 0)\n    return clamp_all(x, y, z);"
    s = scores.Survivor(os.path.abspath("a.c"), 3, 5, "remove-branch", long, "", "helper", "m")
    line = survivor_line(s)
    assert line == (
        "a.c:3:5: remove-branch: if (x < lo && y > hi && z != 0) retur... -> (nothing) (in helper)"
    )


# --- real clang-repl -----------------------------------------------------------------------------


@pytest.mark.clang
def test_text_report_scores_and_locates_the_survivors(capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(DATA)
    assert cli.main(["sign.c", "-I", "inc", "--mutants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(
        r"sign\.c::sign \(sign\.c:5\): 4/8 killed \(50\.0%\); 8 mutants in [\d.]+ s "
        r"\([\d.]+ mutants/s\)",
        lines[0],
    ), lines
    assert lines[1:-1] == ["  " + s for s in SIGN_SURVIVORS]
    assert re.fullmatch(
        r"total: 1 function scored, 4/8 killed \(50\.0%\); 8 mutants in [\d.]+ s "
        r"\([\d.]+ mutants/s\), on mutant schemata",
        lines[-1],
    ), lines


@pytest.mark.clang
def test_json_document(capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(DATA)
    assert cli.main(["sign.c", "-I", "inc", "--mutants", "--json", "--no-schemata"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"schemata", "mutant_limit", "functions", "totals"}
    assert (data["schemata"], data["mutant_limit"]) == (False, 40)
    [f] = data["functions"]
    assert set(f) == FUNCTION_KEYS and set(data["totals"]) == TOTAL_KEYS
    assert (f["name"], f["function"], f["file"], f["line"], f["status"]) == (
        "sign.c::sign", "sign", "sign.c", 5, "scored",
    )  # fmt: skip
    assert (f["killed"], f["total"], f["score"], f["stillborn"], f["mutants"]) == (4, 8, 0.5, 0, 8)
    assert f["mutants_per_second"] == pytest.approx(8 / f["seconds"], rel=0.01)
    assert all(set(s) == SURVIVOR_KEYS for s in f["survivors"])
    shown = [(s["line"], s["col"], s["operator"], s["before"], s["after"]) for s in f["survivors"]]
    assert shown == [
        (10, 5, "remove-branch", "if (x < 0)\n        return NEGATIVE;", ""),
        (10, 11, "relational", "<", "<="),
        (10, 13, "constant", "0", "1"),
        (10, 13, "constant", "0", "(-1)"),
    ]
    with open("sign.c", encoding="utf-8") as fh:  # each survivor's place holds what it changes
        lines = fh.read().split("\n")
    for s in f["survivors"]:
        rest = "\n".join(lines[s["line"] - 1 :])[s["col"] - 1 :]
        assert rest.startswith(s["before"]), s
    assert {k: data["totals"][k] for k in ("functions", "killed", "total", "score")} == {
        "functions": 1, "killed": 4, "total": 8, "score": 0.5,
    }  # fmt: skip


@pytest.mark.clang
def test_schemata_and_own_compiles_kill_the_same_mutants(tmp_path, caplog, monkeypatch):
    """Mutant by mutant, on a copy (a path the schema cache has not seen)."""
    from cdoctest_runner.finder import find_doctests
    from cdoctest_runner.flags import code_under_test
    from cdoctest_runner.mutants_cli import MutantsOptions, run_mutants

    clang_repl_or_skip()
    monkeypatch.delenv("CDOCTEST_SCHEMATA", raising=False)
    shutil.copytree(DATA, tmp_path / "mutants")
    path = str(tmp_path / "mutants" / "sign.c")
    flags = ["-I" + str(tmp_path / "mutants" / "inc")]
    jobs = [(t, code_under_test(path, flags=flags)) for t in find_doctests(path, flags=flags)]
    views = []
    for schemata in (True, False):
        with caplog.at_level(logging.INFO, logger="cdoctest_runner.mutation.schemata_run"):
            run = run_mutants(jobs, MutantsOptions(schemata=schemata))
        [score] = run.scores
        assert run.schemata is schemata and score.report is not None
        r = score.report
        views.append(
            (
                sorted(r.killed_by.items()),
                sorted(r.timeout_kills),
                [m.id for m in r.stillborn],
                [m.id for m in r.survivors],
            )
        )
        assert len(r.killed_by) == 4
    assert views[0] == views[1]
    assert "8 of 8 mutants in 1 schema(s)" in caplog.text  # the first run did use a schema


@pytest.mark.clang
def test_a_failing_block_is_reported_not_scored(tmp_path, capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "two.c").write_text(
        "/**\n * >>> twice(2)\n * 5\n */\nint twice(int x) { return 2 * x; }\n\n"
        "/**\n * >>> neg(2)\n * -2\n */\nint neg(int x) { return -x; }\n"
    )
    assert cli.main(["two.c", "--mutants", "--mutant-limit", "2"]) == 1
    out = capsys.readouterr().out
    assert "two.c::twice (two.c:1): not scored: the block fails on the original code\n" in out
    assert "    two.c:2: wrong output\n" in out and "        4\n" in out  # the run's report
    assert re.search(r"two\.c::neg \(two\.c:7\): \d/\d killed", out), out
    assert "; 1 not scored (the block fails on the original code)\n" in out
    assert cli.main(["two.c", "--mutants", "--mutant-limit", "2", "--json", "-k", "twice"]) == 1
    [f] = json.loads(capsys.readouterr().out)["functions"]
    assert (f["status"], f["note"]) == ("failed", "the block fails on the original code")
    assert f["score"] is None and f["killed"] is None and f["survivors"] == []


@pytest.mark.clang
def test_without_its_include_flag_the_block_fails(capsys, monkeypatch):
    """``-I`` reaches the sessions: without it ``sign_value.h`` is not found."""
    clang_repl_or_skip()
    monkeypatch.chdir(DATA)
    assert cli.main(["sign.c", "--mutants"]) == 1
    assert "not scored: the block fails on the original code" in capsys.readouterr().out


@pytest.mark.clang
def test_a_cpp_method(capsys, monkeypatch):
    clang_repl_or_skip()
    monkeypatch.chdir(DATA)
    assert cli.main(["box.cpp", "--std", "c++17", "--mutants"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("box.cpp::Box::area (box.cpp:4): 2/2 killed (100.0%); 2 mutants"), out


@pytest.mark.clang
def test_a_prebuilt_library_is_not_analysed(tmp_path, capsys, monkeypatch):
    """``--lib``: the block runs against the library, which has no source to mutate."""
    import subprocess

    clang_repl_or_skip()
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.h").write_text("/**\n>>> add(2, 3)\n5\n*/\nint add(int a, int b);\n")
    (tmp_path / "m.c").write_text("int add(int a, int b) { return a + b; }\n")  # m.h is C
    subprocess.run([compiler, "-shared", "-fPIC", "-o", "libadd.so", "m.c"], check=True)
    assert cli.main(["m.h", "--lib", "libadd.so", "--mutants"]) == 0
    out = capsys.readouterr().out
    assert out == (
        "m.h::add (m.h:1): not analysed: the code under test is a prebuilt library: no source to "
        "mutate\ntotal: 0 functions scored; 1 not analysed\n"
    )
