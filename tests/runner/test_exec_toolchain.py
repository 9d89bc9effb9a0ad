"""find_clang_repl: discovery order, override, value-printing probe and the not-found message.

Fake interpreters are small shell scripts in tmp_path, so each rule is checked by hand.
"""

from __future__ import annotations

import os
import stat

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.toolchain import find_clang_repl


def fake(directory, name: str, version: str, answer: str, works: bool = True) -> str:
    path = directory / name
    path.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = "--version" ]; then echo "Debian LLVM version {version}"; '
        f"exit {0 if works else 1}; fi\n"
        f"cat > /dev/null; echo '{answer}'\n"
    )
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_newest_suffix_wins_and_value_printing_is_probed(tmp_path, monkeypatch):
    fake(tmp_path, "clang-repl-19", "19.1.0", "Not implement yet.")
    fake(tmp_path, "clang-repl-21", "21.1.2", "(int) 42")
    fake(tmp_path, "clang-repl", "18.0.0", "(int) 42")
    monkeypatch.setenv("PATH", str(tmp_path))
    tc = find_clang_repl()
    assert (os.path.basename(tc.path), tc.version, tc.value_printing) == (
        "clang-repl-21",
        (21, 1, 2),
        True,
    )


def test_a_broken_candidate_is_skipped(tmp_path, monkeypatch):
    fake(tmp_path, "clang-repl-30", "30.0.0", "(int) 42", works=False)
    fake(tmp_path, "clang-repl-20", "20.1.0", "(int) 42")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_clang_repl().version == (20, 1, 0)


def test_override_and_old_interpreter_without_value_printing(tmp_path):
    path = fake(tmp_path, "my-repl", "19.1.7", "Not implement yet.")
    tc = find_clang_repl(path)
    assert (tc.path, tc.version, tc.value_printing) == (path, (19, 1, 7), False)


def test_not_found_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolchainNotFound, match="clang-tools-22"):
        find_clang_repl()
    with pytest.raises(ToolchainNotFound, match="--clang-repl PATH"):
        find_clang_repl(str(tmp_path / "nope"))


@pytest.mark.clang
def test_the_installed_clang_repl():
    try:
        tc = find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")
    assert tc.version >= (20,) and tc.value_printing
    assert os.access(tc.path, os.X_OK)
