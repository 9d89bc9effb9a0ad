"""Whole-project runs (``server.project.run``, ``cdoctest-gen DIR``): the cache redoes exactly the
changed function, Ctrl-C leaves every file unchanged or with whole blocks, and the progress bar
shows on a terminal but not with ``--json``.

Test data: small C/C++ projects written into ``tmp_path`` by each test. ``--no-model --quick``
keeps every generation to the fast first block.
"""

from __future__ import annotations

import json
import os
import pty
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cdoctest_runner.parser import find_comments
from server import cli
from server.analysis.locate import load_source
from server.api import GenerateOptions, SourceOptions
from server.ownership import BlockStore, resolve
from server.project.cache import CacheEntry, ResultCache, code_text, decide, function_keys
from server.project.run import project_files

ROOT = Path(__file__).resolve().parents[2]

A_C = """\
int twice(int x) { return 2 * x; }

int clamp(int v, int lo, int hi) {
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}
"""
B_CPP = """\
int square(int x) { return x * x; }

int cube(int x) { return square(x) * x; }

bool is_even(int n) { return n % 2 == 0; }
"""


def _clang_repl() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    proj = tmp_path / "proj"
    proj.mkdir()
    for name, text in files.items():
        (proj / name).write_text(text)
    return proj


def test_docstring_examples() -> None:
    import doctest

    import server.project.cache

    result = doctest.testmod(server.project.cache)
    assert result.attempted > 0 and result.failed == 0


def test_code_text_and_keys_follow_the_code_only(tmp_path: Path) -> None:
    """Test data: B_CPP. A comment or block above a function keeps every key; editing ``square``
    changes its key and its caller ``cube``'s, not ``is_even``'s.
    """
    assert code_text("int f() {  // x\n  return 1; /* y */ }") == "int f() { return 1; }"
    path = str(tmp_path / "b.cpp")

    def keys(text: str) -> dict[str, str]:
        source = load_source(path, text)
        ks = function_keys(source, "salt", str(tmp_path))
        return {f.declaration.name: k for f, k in zip(source.functions, ks, strict=True)}

    base = keys(B_CPP)
    assert len(set(base.values())) == 3
    commented = B_CPP.replace("bool is_even", "/**\n>>> is_even(2)\ntrue\n*/\nbool is_even")
    assert keys(commented) == base
    edited = keys(B_CPP.replace("x * x;", "x * x + 1;"))
    assert [n for n in base if edited[n] != base[n]] == ["square", "cube"]
    source = load_source(path, B_CPP)
    assert function_keys(source, "other options", str(tmp_path)) != list(base.values())


def test_project_files_and_decisions(tmp_path: Path) -> None:
    """Test data: a tree with a source, a header, a hidden and a CMake build directory."""
    proj = _project(tmp_path, {"a.c": A_C, "b.hpp": "int g();\n", "notes.txt": ""})
    (proj / ".git").mkdir()
    (proj / ".git" / "x.c").write_text(A_C)
    (proj / "build").mkdir()
    (proj / "build" / "CMakeCache.txt").write_text("")
    (proj / "build" / "gen.c").write_text(A_C)
    assert project_files([str(proj)]) == [str(proj / "a.c"), str(proj / "b.hpp")]
    cache = ResultCache(str(tmp_path / "cache"))
    bare = load_source(str(proj / "a.c"), A_C).functions[0]
    assert decide(bare, "k1", bare.declaration.name, cache) == "todo"
    cache.put("k1", CacheEntry("no_test", "twice"))
    assert decide(bare, "k1", "a.c", cache) == "cached"  # no test last time, same code
    cache.put("k1", CacheEntry("verified", "twice"))
    assert decide(bare, "k1", "a.c", cache) == "todo"  # verified, but its block is gone
    # A block of an older version: its cdoctest-gen line makes it the tool's (server.ownership).
    block = "/**\n * cdoctest-gen: generated and verified; regenerating replaces this block\n"
    block += " * >>> twice(2)\n * 4\n */\n"
    (with_block,) = load_source(str(proj / "a.c"), block + A_C).functions[:1]
    assert with_block.block is not None and with_block.block.generated
    assert decide(with_block, "k1", "a.c", cache) == "cached"
    assert decide(with_block, "k2", "a.c", cache) == "kept"  # never seen: like --all
    cache.set_last_key("a.c", with_block, "k1")
    assert decide(with_block, "k2", "a.c", cache) == "todo"  # seen with other code: stale
    (prototype,) = load_source(str(proj / "b.hpp"), "int g();\n").functions
    assert decide(prototype, "k3", "b.hpp", cache) == "kept"  # defined elsewhere


def test_project_files_of_a_compile_database(tmp_path: Path) -> None:
    """Test data: a compile_commands.json naming two sources (one relative, one twice) and a
    file that no longer exists: ``-p BUILD`` with no file takes the existing ones, once each.
    """
    proj = _project(tmp_path, {"a.c": A_C, "b.cpp": B_CPP})
    build = proj / "build"
    build.mkdir()
    entries = [
        {"directory": str(build), "file": "../a.c", "arguments": ["cc", "-c", "../a.c"]},
        {"directory": str(build), "file": str(proj / "b.cpp"), "command": "c++ -c b.cpp"},
        {"directory": str(build), "file": str(proj / "b.cpp"), "command": "c++ -c b.cpp -O2"},
        {"directory": str(build), "file": "../gone.c", "command": "cc -c ../gone.c"},
    ]
    (build / "compile_commands.json").write_text(json.dumps(entries))
    assert project_files([], str(build)) == [str(proj / "a.c"), str(proj / "b.cpp")]
    assert cli.main(["--no-model"]) == 2  # neither a file, a directory nor -p
    assert cli.main([str(proj), "--function", "twice"]) == 2  # one file's option
    assert cli.main([str(proj), "--coverage"]) == 2


def _run(argv: list[str], report: Path) -> dict:
    rc = cli.main(argv + ["--report-json", str(report)])
    data = json.loads(report.read_text())
    data["rc"] = rc
    return data


def _generated(data: dict) -> list[str]:
    return [
        fn["qualname"] for f in data["files"] for fn in f["functions"] if fn["decision"] == "todo"
    ]


def test_cache_redoes_exactly_the_changed_function(tmp_path: Path) -> None:
    """Test data: A_C and a one-function file. Run, run again unchanged (nothing generated, every
    function cached), edit ``twice``'s body: only ``twice`` is generated and its block replaced.
    """
    _clang_repl()
    proj = _project(tmp_path, {"a.c": A_C, "c.c": "int neg(int x) { return -x; }\n"})
    argv = [str(proj), "--no-model", "--quick", "--write", "--jobs", "2"]
    argv += ["--cache-dir", str(tmp_path / "cache")]
    report = tmp_path / "report.json"

    first = _run(argv, report)
    assert first["rc"] == 0
    assert sorted(_generated(first)) == ["clamp", "neg", "twice"]
    assert first["summary"]["blocks_written"] == 3
    assert first["summary"]["mutants_total"] > 0
    written = (proj / "a.c").read_text()
    assert written.count(">>> twice(") >= 1 and written.count(">>> clamp(") >= 1

    second = _run(argv, report)
    assert _generated(second) == []
    assert second["summary"]["cached"] == 3 and second["summary"]["blocks_written"] == 0
    assert (proj / "a.c").read_text() == written

    (proj / "a.c").write_text(written.replace("return 2 * x;", "return 3 * x;"))
    third = _run(argv, report)
    assert _generated(third) == ["twice"]
    assert third["summary"]["cached"] == 2 and third["summary"]["blocks_written"] == 1
    text = (proj / "a.c").read_text()
    # Replaced, not stacked: the block on record as the tool's (server.ownership) was replaced.
    assert sum(">>> " in c.text for c in find_comments(text)) == 2 and "cdoctest-gen" not in text
    source = load_source(str(proj / "a.c"), text)
    (twice,) = [f for f in source.functions if f.declaration.name == "twice"]
    assert twice.block is not None
    calls = re.findall(r">>> twice\((-?\d+)\)\n(?:\s*\*\s*)?(-?\d+)\n", twice.block.text)
    assert calls and all(int(got) == 3 * int(arg) for arg, got in calls), twice.block.text


def _strip_generated_blocks(path: str, text: str) -> str:
    """``text`` without the blocks cdoctest-gen generated (on record in the session's store:
    tests/conftest.py); asserts each block is whole.
    """
    source = load_source(path, text)
    resolve(source, BlockStore.default())
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()
    for f in source.functions:
        b = f.block
        if b is not None and b.generated:
            assert b.has_prompts and b.text.rstrip().endswith("*/"), b.text
            drop.update(range(b.start_line - 1, b.end_line))
    return "".join(ln for i, ln in enumerate(lines) if i not in drop)


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "xdg"))


def test_sigint_leaves_every_file_unchanged_or_with_whole_blocks(tmp_path: Path) -> None:
    """Test data: three files, one job. Once the first file is reported written, SIGINT: the run
    stops (exit 130), the first file keeps whole blocks, the others are unchanged.

    The second file starts with ``nap``, whose every call waits 0.3 s (wall clock, whatever the
    load), so the file cannot be finished in the moment between the first file's report and the
    signal (seen in a fresh-clone run under a CPU hog with plain fast functions: the whole run
    ended before the signal landed).
    """
    _clang_repl()
    nap = "#include <unistd.h>\nint nap(int x) { usleep(300000); return x; }\n\n"
    originals = {
        "a1.c": "int twice(int x) { return 2 * x; }\n",
        "b2.c": nap + A_C + "\nint inc(int x) { return x + 1; }\n",
        "c3.cpp": B_CPP,
    }
    proj = _project(tmp_path, originals)
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", str(proj), "--no-model", "--quick", "--write"]
        + ["--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(tmp_path),
        cwd=str(ROOT),
        # A shell without job control starts background commands with SIGINT ignored, and Python
        # then never raises KeyboardInterrupt: the child gets Ctrl-C's default action back.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stderr is not None
    seen = []
    try:
        for line in proc.stderr:  # the subprocess's own report is the synchronisation
            seen.append(line)
            if line.startswith("cdoctest-gen: wrote"):
                proc.send_signal(signal.SIGINT)
                break
        rest = proc.stderr.read()
        rc = proc.wait(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    log = "".join(seen) + rest
    assert "wrote" in "".join(seen), log
    assert rc == 130, log
    assert "interrupted" in rest
    changed = []
    for name, original in originals.items():
        path = str(proj / name)
        text = Path(path).read_text()
        if text != original:
            changed.append(name)
            assert _strip_generated_blocks(path, text) == original
    assert changed == ["a1.c"], log
    assert not list(proj.glob(".cdoctest-gen.*")), "a temporary file was left behind"


def _run_on_pty(argv: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run ``cdoctest-gen`` with stderr on a pseudo-terminal; its exit code and what it showed."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.cli", *argv],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        env=env,
        cwd=str(ROOT),
    )
    os.close(slave)
    chunks: list[bytes] = []

    def read() -> None:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # EIO once the child's side is closed
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        rc = proc.wait(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(timeout=30)
    os.close(master)
    return rc, b"".join(chunks).decode(errors="replace")


def test_progress_bar_on_a_terminal_not_with_json(tmp_path: Path) -> None:
    """Test data: a one-function project. On a pty, tqdm's bar (``1/1``, ``fn``) is shown; the
    same run with ``--json`` shows none.
    """
    _clang_repl()
    proj = _project(tmp_path, {"a.c": "int twice(int x) { return 2 * x; }\n"})
    common = [str(proj), "--no-model", "--quick", "--no-cache"]
    rc, shown = _run_on_pty(common + ["--diff"], _env(tmp_path))
    assert rc == 0, shown
    assert "cdoctest-gen:" in shown and "1/1" in shown and "fn/s" in shown, shown
    assert "%|" in shown, shown
    rc, shown = _run_on_pty(common + ["--json"], _env(tmp_path))
    assert rc == 0, shown
    assert "1/1" not in shown and "%|" not in shown, shown
    assert "1 generated" in shown  # the summary line is still there


class _FailingGenerator:
    """A generator whose every ``generate`` raises, as a model that cannot load would."""

    options = GenerateOptions(no_model=True)
    source_options = SourceOptions()
    fallback = "auto"
    runner = mutation_runner = None

    def model_info(self) -> tuple[None, str]:
        return None, "none"

    def generate(self, *args: object, **kwargs: object) -> None:
        raise RuntimeError("the model could not be loaded")


def test_a_failing_generation_is_reported_and_leaves_the_file(tmp_path: Path) -> None:
    """Test data: A_C with a generator that raises: both functions are errors with the reason,
    the file is unchanged and nothing is cached.
    """
    from server.project.run import ProjectRun

    proj = _project(tmp_path, {"a.c": A_C})
    cache = ResultCache(str(tmp_path / "cache"))
    events = []
    run = ProjectRun(_FailingGenerator(), write=True, cache=cache, jobs=2)
    result = run.run([str(proj / "a.c")], on_event=events.append)
    (outcome,) = result.files
    assert [(f.qualname, f.status) for f in outcome.functions] == [
        ("twice", "error"),
        ("clamp", "error"),
    ]
    assert all("could not be loaded" in f.error for f in outcome.functions)
    assert [e.message for e in events if e.kind == "function"] == [
        "RuntimeError: the model could not be loaded"
    ] * 2
    assert (proj / "a.c").read_text() == A_C and not outcome.written
    assert not (tmp_path / "cache").exists()
    assert result.summary.generated == 2 and result.summary.verified == 0
