"""Whose a cdoctest block is (``server/ownership.py``) and what regeneration does with it: the
tool's block is replaced, the same block edited by the user is kept (one line says so and names
``--force``) and replaced with ``--force``, a block of an older version (its ``cdoctest-gen:``
line) counts as the tool's and loses that line, and a damaged record of the tool's blocks gives a
warning and keeps the blocks it cannot look up, never a crash.

Test data: small C files written into ``tmp_path`` by each test; each test has its own record of
the tool's blocks (``CDOCTEST_BLOCK_STORE`` or a ``BlockStore`` of ``tmp_path``). The ``cli``
tests run the real ``cdoctest-gen`` with clang-repl (``--no-model --quick``: the fast first block).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cdoctest_runner.example import Example
from cdoctest_runner.parser import find_comments
from server import cli
from server.analysis.locate import load_source
from server.api import GenerateOptions, SourceOptions
from server.generate.job import prepare
from server.ownership import BlockStore, examples_digest, resolve
from server.render import Plan, apply_edits, plan_block, plan_edit, render_block

ROOT = Path(__file__).resolve().parents[2]
TWICE = "int twice(int x) { return 2 * x; }\n"
LEGACY_LINE = "cdoctest-gen: generated and verified; regenerating replaces this block"
KEPT = (
    "twice: skipped [none] kept the cdoctest block above it: it is not the one cdoctest-gen "
    "wrote (edited, or written by hand); --force replaces it"
)


def _clang_repl() -> None:
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"clang-repl is not installed: {exc}")


# -- the digest: what cdoctest reads, nothing else ---------------------------------------------


def test_the_digest_is_the_examples_as_cdoctest_reads_them() -> None:
    """Re-indenting, redecorating, CRLF, the line of older versions and text after a blank line
    are no edit; a changed output line, or output indented past the prompt, is.
    """
    base = examples_digest(["/**", ">>> twice(2)", "4", ">>> twice(-1)", "-2", "*/"])
    assert base is not None
    same = [
        ["    /**", "    >>> twice(2)", "    4", "    >>> twice(-1)", "    -2", "    */"],
        ["/**", " * >>> twice(2)", " * 4", " * >>> twice(-1)", " * -2", " */"],
        ["/// >>> twice(2)", "/// 4", "/// >>> twice(-1)", "/// -2"],
        ["/**\r", ">>> twice(2)\r", "4\r", ">>> twice(-1)\r", "-2\r", "*/\r"],
        ["/**", LEGACY_LINE, ">>> twice(2)", "4", ">>> twice(-1)", "-2", "*/"],
        ["/**", ">>> twice(2)", "4", ">>> twice(-1)", "-2", "", "Mine.", "*/"],
        ["/** Doubles.", " *", " * >>> twice(2)", " * 4", " * >>> twice(-1)", " * -2", " */"],
    ]
    assert [examples_digest(lines) for lines in same] == [base] * len(same)
    edits = [
        ["/**", ">>> twice(2)", "5", ">>> twice(-1)", "-2", "*/"],
        ["/**", ">>> twice(2)", "  4", ">>> twice(-1)", "-2", "*/"],
        ["/**", ">>> twice(2)", "4", ">>> twice(-1)", "-2", "Mine.", "*/"],
        ["/**", ">>> twice(2)", "4", "*/"],
    ]
    assert base not in {examples_digest(lines) for lines in edits}
    assert examples_digest(["/** Doubles. */"]) is None


# -- the store ---------------------------------------------------------------------------------

_RECORDER = """
import sys
from server.ownership import BlockStore
store = BlockStore(sys.argv[1])
for n in range(int(sys.argv[2]), int(sys.argv[3])):
    store.record(f"{n:064x}")
assert not store.problems(), store.problems()
"""


def test_processes_sharing_the_store_lose_no_record(tmp_path: Path) -> None:
    """Two processes record 120 digests each at the same time, 40 of them the same: all 200 are
    on record afterwards (one file per digest, each written atomically).
    """
    store = tmp_path / "store"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _RECORDER, str(store), str(lo), str(lo + 120)], cwd=ROOT
        )
        for lo in (0, 80)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    fresh = BlockStore(str(store))
    assert all(fresh.has(f"{n:064x}") for n in range(200)) and not fresh.has(f"{200:064x}")
    assert not list(store.rglob(".record.*"))  # no temporary file left behind


def test_a_damaged_store_counts_blocks_as_the_users_and_says_so(tmp_path: Path) -> None:
    """A store path that is a file of garbage, and a record overwritten with garbage: nothing is
    on record, recording does not raise, each problem is said once; the line of older versions
    still makes a block the tool's.
    """
    path = tmp_path / "store"
    path.write_bytes(b"\x00garbage")
    store = BlockStore(str(path))
    digest = "ab" * 32
    assert not store.has(digest) and not store.has("cd" * 32)
    store.record(digest)
    problems = store.problems()
    assert len(problems) == 2, problems
    assert problems[0].startswith(f"the record of the blocks cdoctest-gen wrote ({path}) cannot be")
    assert problems[0].endswith("blocks it cannot look up count as yours and are kept")
    assert "cannot be written" in problems[1] and "count as yours next time" in problems[1]

    good = BlockStore(str(tmp_path / "good"))
    good.record(digest)
    assert good.has(digest)
    (tmp_path / "good" / digest[:2] / (digest[2:] + ".json")).write_text("{not json")
    assert not good.has(digest) and "cannot be read" in good.problems()[0]

    text = f"/**\n * {LEGACY_LINE}\n * >>> twice(2)\n * 4\n */\n{TWICE}"
    (twice,) = load_source(str(tmp_path / "t.c"), text).functions
    assert twice.block is not None and store.owns(twice.block)


# -- placing a block: the tool's is replaced, the user's kept ----------------------------------


def test_only_a_block_on_record_is_replaced_in_place(tmp_path: Path) -> None:
    """Test data: ``twice`` under a block rendered by the tool. On record, it is the tool's and a
    new block replaces it; with one output line edited it is the user's: ``prepare`` skips the
    function with the reason, and a new block would be inserted, unless replacing is asked for.
    """
    store = BlockStore(str(tmp_path / "store"))
    block = render_block([Example("twice(2)", "4"), Example("twice(-1)", "-2")], "/**", "", "\n")
    store.record_block(block)
    path = str(tmp_path / "t.c")
    new = render_block([Example("twice(3)", "6")], "/**", "", "\n")

    source = load_source(path, block + TWICE)
    resolve(source, store)
    (twice,) = source.functions
    assert twice.block is not None and twice.block.generated and twice.info.block_generated
    assert apply_edits(source.text, [plan_edit(twice, new)]) == new + TWICE

    edited = load_source(path, (block + TWICE).replace("\n-2\n", "\n-3\n"))
    resolve(edited, store)
    (mine,) = edited.functions
    assert mine.block is not None and mine.block.has_prompts and not mine.block.generated
    skipped = prepare(edited, mine, GenerateOptions(), "/**", "\n")
    assert isinstance(skipped, Plan) and skipped.result.status == "skipped"
    assert skipped.result.user_block and "not the one cdoctest-gen wrote" in skipped.result.message
    inserted = plan_edit(mine, new)
    assert inserted.start_line == inserted.end_line == 6  # above the function, the block kept
    forced = plan_edit(mine, new, replace_user_blocks=True)
    assert apply_edits(edited.text, [forced]) == new + TWICE


def test_a_section_of_an_older_version_is_replaced_and_loses_its_line(tmp_path: Path) -> None:
    """Test data: a doc comment of the user's holding an older version's section (its
    ``cdoctest-gen:`` line): the section is the tool's, its examples and that line are replaced,
    the user's text is kept byte for byte. Without the line (and not on record) it is the user's.
    """
    doc = "/**\n * Doubles.\n *\n * {line}\n * >>> twice(2)\n * 5\n */\n"
    old = doc.format(line=LEGACY_LINE.replace("this block", "this section"))
    source = load_source(str(tmp_path / "t.c"), old + TWICE)
    resolve(source, BlockStore(None))
    (twice,) = source.functions
    assert twice.block is not None and twice.block.generated
    _, edit = plan_block(twice, [Example("twice(2)", "4")], "/**", "\n")
    want = "/**\n * Doubles.\n *\n * >>> twice(2)\n * 4\n */\n" + TWICE
    assert apply_edits(source.text, [edit]) == want
    mine = load_source(str(tmp_path / "t.c"), doc.format(line="My example:") + TWICE).functions[0]
    assert mine.block is not None and not mine.block.generated


# -- project runs --------------------------------------------------------------------------------


def test_a_project_run_keeps_a_stale_block_of_the_users_and_says_so(tmp_path: Path) -> None:
    """Test data: ``twice`` under an edited block, its code changed since the cache saw it
    generated: kept, with a ``kept`` event naming it; as the tool wrote it, or with replacing
    asked for, it is generated again, under the same cache key (``--force`` decides what is
    replaced, not what a result is). The generator is a stand-in: the decision is made before
    any generation.
    """
    from server.project.cache import ResultCache
    from server.project.run import ProjectRun, project_root

    store = BlockStore(str(tmp_path / "store"))
    block = render_block([Example("twice(2)", "4")], "/**", "", "\n")
    store.record_block(block)
    path = tmp_path / "p" / "t.c"
    path.parent.mkdir()
    path.write_text(block.replace("\n4\n", "\n5\n") + TWICE)
    cache = ResultCache(str(tmp_path / "cache"))
    generator = SimpleNamespace(
        options=GenerateOptions(no_model=True),
        source_options=SourceOptions(),
        blocks=store,
        fallback="auto",
        model_info=lambda: (None, "no model"),
        runner=None,
        mutation_runner=None,
    )
    run = ProjectRun(generator, write=False, cache=cache)
    root = project_root([str(path)])
    (twice,) = load_source(str(path)).functions
    cache.set_last_key(str(path), twice, "the key of other code")

    plan = run.plan(str(path), "salt", root)
    assert plan.decisions == ["kept"] and plan.kept_user_blocks == [0]
    events: list = []
    result = run.run([str(path)], on_event=events.append)
    (kept,) = [e for e in events if e.kind == "kept"]
    assert (kept.path, kept.qualname) == (str(path), "twice")
    assert kept.message.startswith("kept its cdoctest block although the code changed")
    assert result.summary.kept == 1 and result.summary.generated == 0
    path.write_text(block + TWICE)  # the block as the tool wrote it: stale, so regenerated
    assert run.plan(str(path), "salt", root).decisions == ["todo"]
    path.write_text(block.replace("\n4\n", "\n5\n") + TWICE)
    salt = run.salt()
    generator.options = GenerateOptions(no_model=True, replace_user_blocks=True)
    forced = run.plan(str(path), "salt", root)
    assert forced.decisions == ["todo"] and forced.kept_user_blocks == []
    assert run.salt() == salt


# -- cdoctest-gen, end to end --------------------------------------------------------------------


def _gen(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    rc = cli.main([*argv, "--no-model", "--quick", "--write"])
    return rc, capsys.readouterr().err


def _calls(text: str) -> list[tuple[int, int]]:
    """``(argument, output)`` of every ``>>> twice(N)`` example in ``text``."""
    found = re.findall(r">>> twice\((-?\d+)\)\n(-?\d+)\n", text)
    return [(int(a), int(b)) for a, b in found]


def _comments_with_examples(text: str) -> int:
    return sum(">>> " in c.text for c in find_comments(text))


def test_cli_replaces_its_block_keeps_an_edited_one_until_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Test data: ``twice`` alone. Its block is written (no text of the tool's in it, on record);
    after a change of the code it is replaced; with one output line edited by the user it is
    kept, the file unchanged, one line naming ``twice`` and ``--force``; ``--force`` replaces it.
    """
    _clang_repl()
    monkeypatch.setenv("CDOCTEST_BLOCK_STORE", str(tmp_path / "store"))
    path = tmp_path / "t.c"
    path.write_text(TWICE)
    rc, err = _gen([str(path)], capsys)
    first = path.read_text()
    assert rc == 0 and "twice: verified" in err, err
    assert _comments_with_examples(first) == 1 and "cdoctest-gen" not in first
    assert _calls(first) and all(out == 2 * arg for arg, out in _calls(first))
    assert list((tmp_path / "store").rglob("*.json"))  # on record

    path.write_text(first.replace("return 2 * x;", "return 3 * x;"))
    rc, err = _gen([str(path), "--function", "twice"], capsys)
    second = path.read_text()
    assert rc == 0 and "twice: verified" in err, err
    assert _comments_with_examples(second) == 1  # replaced, not stacked
    assert _calls(second) and all(out == 3 * arg for arg, out in _calls(second))

    arg, out = _calls(second)[0]
    edited = second.replace(f">>> twice({arg})\n{out}\n", f">>> twice({arg})\n{out + 1}\n", 1)
    assert edited != second
    path.write_text(edited)
    rc, err = _gen([str(path), "--function", "twice"], capsys)
    assert rc == 0 and path.read_text() == edited
    assert f"t.c:{edited.count(chr(10))}: {KEPT}" in err, err
    assert "warning" not in err

    rc, err = _gen([str(path), "--function", "twice", "--force"], capsys)
    forced = path.read_text()
    assert rc == 0 and "twice: verified" in err, err
    assert _comments_with_examples(forced) == 1 and f"{out + 1}\n" not in forced.split("*/")[0]
    assert all(o == 3 * a for a, o in _calls(forced))


def test_cli_counts_an_older_versions_block_as_its_own_and_drops_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Test data: ``twice`` under a block with the ``cdoctest-gen:`` line of older versions and a
    wrong output (as after a change of the code): regenerated in place, without that line.
    """
    _clang_repl()
    monkeypatch.setenv("CDOCTEST_BLOCK_STORE", str(tmp_path / "store"))
    path = tmp_path / "t.c"
    path.write_text(f"/**\n{LEGACY_LINE}\n>>> twice(2)\n5\n*/\n{TWICE}")
    rc, err = _gen([str(path), "--function", "twice"], capsys)
    text = path.read_text()
    assert rc == 0 and "twice: verified" in err, err
    assert "cdoctest-gen" not in text and _comments_with_examples(text) == 1
    assert ">>> twice(2)\n5\n" not in text and all(o == 2 * a for a, o in _calls(text))


def test_cli_with_a_damaged_store_warns_and_keeps_the_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Test data: ``twice`` and ``neg``. ``twice``'s block is written; then the record is
    damaged (its directory replaced by a file of garbage): ``twice``'s block is kept with a
    warning naming the record; ``neg`` still gets its block, with a warning that it could not be
    put on record.
    """
    _clang_repl()
    store = tmp_path / "store"
    monkeypatch.setenv("CDOCTEST_BLOCK_STORE", str(store))
    path = tmp_path / "t.c"
    path.write_text(TWICE + "int neg(int x) { return -x; }\n")
    rc, err = _gen([str(path), "--function", "twice"], capsys)
    assert rc == 0 and "twice: verified" in err, err
    written = path.read_text()

    shutil.rmtree(store)
    store.write_bytes(b"\x00garbage")
    rc, err = _gen([str(path), "--function", "twice"], capsys)
    assert rc == 0 and path.read_text() == written
    assert KEPT in err, err
    warning = f"cdoctest-gen: warning: the record of the blocks cdoctest-gen wrote ({store}) "
    assert warning + "cannot be read" in err and "cannot look up count as yours" in err, err

    rc, err = _gen([str(path), "--function", "neg"], capsys)
    assert rc == 0 and "neg: verified" in err, err
    now = path.read_text()
    assert now.startswith(written.split("int neg")[0]) and ">>> neg(" in now
    assert warning + "cannot be written" in err, err
