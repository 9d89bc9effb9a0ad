"""Real files with Doxygen comments: ``cdoctest-gen --write`` puts the verified examples into the
user's own comment, and ``cdoctest-run`` passes on the result (real clang-repl, no model).

Test data: the sources below (C with ``/** @brief */`` and ``///`` comments, C++ methods with
indented ``/** */`` and ``///`` comments).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner.cli import main as run_main
from cdoctest_runner.parser import find_comments
from server import cli

pytestmark = pytest.mark.clang

C_SRC = """\
#include <string.h>

/**
 * @brief Counts the vowels of a C string.
 * @param s a NUL-terminated string
 * @return how many of a, e, i, o, u it holds
 */
int vowels(const char *s) {
    int n = 0;
    for (; *s; s++) n += strchr("aeiou", *s) != 0;
    return n;
}

/// Clamps @p x into [lo, hi].
/// @return the clamped value
int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
"""

CPP_SRC = """\
#include <string>

class Greeter {
  public:
    /**
     * Builds a greeter for @p name.
     */
    explicit Greeter(std::string name) : name_(name) {}

    /// The greeting.
    std::string greet() const { return "hi " + name_; }

  private:
    std::string name_;
};

/*! Squares @p x. */
long square(long x) { return x * x; }
"""

#: Per source: a user's comment as it was (up to its close) with the blank line and the prefix
#: of the section's first line, and how that line goes on.
INSIDE = {
    "doc.c": [
        (C_SRC[C_SRC.index("/**") : C_SRC.index(" */")] + " *\n * ", ">>> vowels("),
        (
            "/// Clamps @p x into [lo, hi].\n/// @return the clamped value\n///\n/// ",
            ">>> clamp(",
        ),
    ],
    "doc.cpp": [
        ("    /// The greeting.\n    ///\n    /// ", ">>> Greeter obj"),
        ("/*! Squares @p x.\n *\n * ", ">>> square("),
    ],
}


def _with_examples(text: str) -> int:
    return sum(">>> " in c.text for c in find_comments(text))


@pytest.mark.parametrize("name,src", [("doc.c", C_SRC), ("doc.cpp", CPP_SRC)])
def test_generated_examples_live_in_the_users_comment(tmp_path: Path, runner, name, src) -> None:  # noqa: ANN001
    path = tmp_path / name
    path.write_text(src)
    # C: every function gets a block; C++: the constructor has no observer yet (exit 1 says so).
    assert cli.main([str(path), "--all", "--write", "--no-model"]) == (0 if name == "doc.c" else 1)
    new = path.read_text()
    assert _with_examples(new) == 2 and "cdoctest-gen" not in new  # no text of the tool's
    # The user's lines are all still there, in order; only sections (and '*/' lines) were added.
    rest = iter(new.split("\n"))
    for line in src.split("\n"):
        if line.strip() == "*/":
            continue
        moved = line[:-2].rstrip() if line.endswith("*/") else None  # '/*! Squares @p x. */'
        assert any(got == line or got == moved for got in rest), line
    # Each user comment is kept byte for byte and the examples sit inside it, after the prose,
    # in the comment's own decoration (' * ' in a block comment, '///' in a line comment).
    for kept, examples in INSIDE[name]:
        assert kept + examples in new
    # No test comment was put between a doc comment and its function.
    assert "*/\n/**" not in new and "*/\n    /**" not in new
    assert run_main([str(path)]) == 0
    # Regenerating one function replaces its section (on record as the tool's: server.ownership)
    # and nothing else.
    first = new
    target = "vowels" if name == "doc.c" else "square"
    definition = "int vowels(" if name == "doc.c" else "long square("
    assert cli.main([str(path), "--function", target, "--write", "--no-model"]) == 0
    again = path.read_text()
    head, tail = first[: first.index(f">>> {target}(")], first[first.index(definition) :]
    assert again.startswith(head) and again.endswith(tail)
    assert _with_examples(again) == 2 and again.count(f">>> {target}(") >= 1
    assert run_main([str(path)]) == 0
