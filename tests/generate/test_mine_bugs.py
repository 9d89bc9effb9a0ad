"""``bench/mine_bugs.py``: hunks to functions, the adaptation of a patch, and a small history.

The history is a git repository each test writes under ``tmp_path`` (no network).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bench.mine_bugs import (
    Hunk,
    Patch,
    adapt,
    function_of,
    function_spans,
    main,
    mine,
    parse_hunks,
    patch_of,
)

SOURCE = """\
#include <string.h>
/* a comment with a { brace */
static const int table[] = { 1, 2, 3 };

static int helper(int x)
{
    if (x > 0) {
        return x;
    }
    return -x;
}

#define BLOCK { 0 }

int count(const char *s) {
    int n = 0;
    for (; *s; s++) {
        if (*s == '{')
            n++;
    }
    return n;
}
"""


def test_function_spans_skip_initializers_macros_comments_and_literals() -> None:
    spans = function_spans(SOURCE)
    assert [(s.name, s.open_line, s.close_line) for s in spans] == [
        ("helper", 6, 11),
        ("count", 15, 22),
    ]


def test_function_spans_look_into_namespaces_classes_and_extern_c() -> None:
    src = (
        'extern "C" {\nint f(void) {\n  return 1;\n}\n}\n'
        "namespace ns {\nstruct S {\n  int get() const { return v; }\n  int v;\n};\n"
        "S::S(int a) : v(a) {\n}\n}\n"
    )
    assert [(s.name, s.open_line) for s in function_spans(src)] == [
        ("f", 2),
        ("get", 8),
        ("S::S", 11),
    ]


def test_a_hunk_belongs_to_the_function_whose_body_holds_all_its_lines() -> None:
    spans = function_spans(SOURCE)
    inside = Hunk(start=17, old=("        if (*s == '}')\n",), new=("        if (*s == '{')\n",))
    assert function_of(spans, inside).name == "count"  # type: ignore[union-attr]
    signature = Hunk(
        start=14, old=("int count(char *s) {\n",), new=("int count(const char *s) {\n",)
    )
    assert function_of(spans, signature) is None
    deletion = Hunk(start=9, old=("    x++;\n",), new=())  # removed before line 10 of helper
    assert function_of(spans, deletion).name == "helper"  # type: ignore[union-attr]
    outside = Hunk(start=2, old=("static const int table[] = { 1, 2 };\n",), new=(SOURCE[44:85],))
    assert function_of(spans, outside) is None


def test_a_patch_grows_its_context_until_find_is_unique() -> None:
    post = ["{\n", "  x = 1;\n", "}\n", "{\n", "  x = 1;\n", "}\n", "end\n"]
    p = patch_of(post, [Hunk(4, ("  x = 2;\n",), ("  x = 1;\n",))], "f.c", "g")
    assert p.find == "}\n{\n  x = 1;\n}\nend\n"
    assert p.replace == "}\n{\n  x = 2;\n}\nend\n"
    assert p.changed == 2


def test_adapt_matches_whitespace_then_the_changed_lines_only() -> None:
    hunk = Hunk(1, ("  return n - 1;\n",), ("  return n;\n",))
    p = Patch("f.c", "f", "  int n = 0;\n  return n;\n}\n", "  int n = 0;\n  return n - 1;\n}\n", 2)
    same, ok, why = adapt(p, "int f() {\n  int n = 0;\n  return n;\n}\n", [hunk])
    assert (ok, why, same) == (True, "applies as it is", p)
    spaced, ok, why = adapt(p, "int f() {\n\tint n = 0;\n\treturn n;\n}\n", [hunk])
    assert (ok, why) == (True, "adapted: whitespace-insensitive match")
    assert spaced.find == "\tint n = 0;\n\treturn n;\n}\n"
    moved, ok, why = adapt(p, "int f() {\n  long n = 0;\n  return n;\n}\n", [hunk])
    assert (ok, why) == (True, "adapted: the changed lines only")
    assert (moved.find, moved.replace) == ("  return n;\n", "  return n - 1;\n")
    gone, ok, why = adapt(p, "int f() {\n  return 0;\n}\n", [hunk])
    assert not ok and why.startswith("does not apply")


def test_parse_hunks_of_a_real_diff() -> None:
    diff = (
        "diff --git a/f.c b/f.c\nindex 1..2 100644\n--- a/f.c\n+++ b/f.c\n"
        "@@ -3 +3 @@ int f() {\n-  return 1;\n+  return 2;\n"
        "@@ -8,2 +7,0 @@\n-  a;\n-  b;\n\\ No newline at end of file\n"
    )
    assert parse_hunks(diff) == [
        Hunk(2, ("  return 1;\n",), ("  return 2;\n",)),
        Hunk(7, ("  a;\n", "  b;\n"), ()),
    ]


def _git(repo: Path, *args: str) -> str:
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
        "HOME": str(repo),
        "PATH": "/usr/bin:/bin",
    }
    return subprocess.run(
        ["git", "-C", str(repo), *args], env=env, check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_mine_a_small_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "lib"
    repo.mkdir()
    _git(repo, "init", "-q")
    f = repo / "lib.c"

    def commit(text: str, message: str) -> str:
        f.write_text(text)
        _git(repo, "add", "lib.c")
        _git(repo, "commit", "-q", "-m", message)
        return _git(repo, "rev-parse", "HEAD").strip()

    commit("int add(int a, int b) {\n  return a - b;\n}\n", "first")
    fix = commit("int add(int a, int b) {\n  return a + b;\n}\n", "Fix add: wrong sign")
    commit("int add(int a, int b) {\n  return a + b;\n}\nint z;\n", "add z (fixes nothing)")
    commit("int add(int a, int b) {\n  return a + b;\n}\nint y;\n", "style")
    last = "int add(int a, int b) {\n  return  a + b;\n}\nint y;\n"
    gone = commit(last, "fix spacing, issue #3")

    mined = mine(str(repo), ["lib.c"])
    assert (mined.commits_scanned, mined.matching) == (5, 3)  # "fixes nothing" counts: a word
    assert [c.commit for c in mined.candidates] == [gone, fix]
    c = mined.candidates[1]
    assert (c.function, c.file, c.subject) == ("add", "lib.c", "Fix add: wrong sign")
    assert c.applies and c.why == "adapted: whitespace-insensitive match"
    assert (
        c.find == last[: last.index("int y")]
        and c.replace == "int add(int a, int b) {\n  return a - b;\n}\n"
    )
    assert main([str(repo), "--files", "lib.c", "--out", str(tmp_path / "c.json")]) == 0
    assert "5 commits scanned, 3 say fix/bug/..., 2 candidates" in capsys.readouterr().err
