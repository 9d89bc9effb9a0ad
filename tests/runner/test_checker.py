"""OutputChecker: exact by default, named opt-in relaxations; string pairs only."""

from __future__ import annotations

import pytest

from cdoctest_runner.checker import ELLIPSIS, NORMALIZE_WHITESPACE, OutputChecker

checker = OutputChecker()
NONE: frozenset[str] = frozenset()


@pytest.mark.parametrize(
    ("want", "got", "expected"),
    [
        ("120\n", "120\n", True),
        ("120\n", "120", True),  # a missing final newline
        ("120\n", "120   \n\n", True),  # trailing whitespace and trailing empty lines
        ("a\r\nb\r\n", "a\nb\n", True),
        ("120\n", "121\n", False),
        ("120\n", "120\n5\n", False),  # an extra actual line fails, as in the original
        ("1\n2\n", "1\n", False),  # a missing line fails
        ("a\n\nb\n", "a\nb\n", False),  # an intended empty line counts
        ("  x\n", "x\n", False),  # leading whitespace is significant
        ("", "", True),
        ("", "x\n", False),
        ("1...\n", "123\n", False),  # '...' is literal without ELLIPSIS
    ],
)
def test_default_is_exact(want, got, expected):
    assert checker.check(want, got, NONE) is expected


@pytest.mark.parametrize(
    ("want", "got", "expected"),
    [
        ("1...\n", "123\n", True),
        ("...\n", "anything\nat all\n", True),
        ("a...c\n", "abd\n", False),
        ("[...]\n", "[1, 2]\n", True),
        ("x...x\n", "x\n", False),  # pieces may not overlap
        ("first\n...\nlast\n", "first\nmiddle\nmore\nlast\n", True),
        ("first\n...\nlast\n", "first\nlast but not\n", False),
    ],
)
def test_ellipsis(want, got, expected):
    assert checker.check(want, got, frozenset({ELLIPSIS})) is expected


@pytest.mark.parametrize(
    ("want", "got", "expected"),
    [
        ("1 2 3\n", "1  2\t3\n", True),
        ("1 2 3\n", "1\n2\n3\n", True),
        ("1 2 3\n", "123\n", False),
    ],
)
def test_normalize_whitespace(want, got, expected):
    assert checker.check(want, got, frozenset({NORMALIZE_WHITESPACE})) is expected


def test_options_combine():
    options = frozenset({ELLIPSIS, NORMALIZE_WHITESPACE})
    assert checker.check("a ... z\n", "a\n b c\n z\n", options)


def test_difference_shows_expected_and_got():
    assert checker.difference("120\n", "121\n") == "Expected:\n    120\nGot:\n    121\n"
    assert checker.difference("", "x\n") == "Expected:\n    <nothing>\nGot:\n    x\n"


def test_difference_adds_a_diff_for_long_outputs():
    text = checker.difference("a\nb\nc\n", "a\nB\nc\n")
    assert text.startswith("Expected:\n    a\n    b\n    c\nGot:\n    a\n    B\n    c\n")
    assert "    -b\n    +B\n" in text
