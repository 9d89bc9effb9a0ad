"""Cross-file projects with ``-p BUILD_DIR`` (``cdoctest_runner.project_lib``), on the real CMake
library of ``tests/cmake_geo.py`` (Test Data: ``tests/data/cmake_geo``).

The rest of the file's target is built into a cached shared library loaded with ``%lib``; the file
itself is still loaded as source, so its edits take effect without a rebuild.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from cdoctest_runner import cli
from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.project_lib import project_library, sanitize
from cdoctest_runner.toolchain import find_clang_repl
from tests.cmake_geo import make_geo

DIST_BLOCK = """\
/**
>>> dist2(0, 0, 3, 4)
25
>>> printf("%.1f\\n", norm(3, 4));
5.0
*/
"""

COUNTER_BLOCK = """\
/**
>>> inc();
>>> printf("%d\\n", get());
6
*/
"""


@pytest.fixture(scope="module", autouse=True)
def _clang_repl():
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


def _with_block(path: str, block: str, before: str) -> None:
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    assert before in text
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text.replace(before, "#include <stdio.h>\n" + block + before, 1))


def test_sanitize_drops_what_breaks_a_rebuild():
    args = ["cc", "-DX=1", "-Iinc", "-Werror", "-Werror=format", "-fsanitize=address", "-O2",
            "-MD", "-MF", "x.d", "-o", "x.o", "-c", "/p/x.c"]  # fmt: skip
    assert sanitize(args, "/p/x.c", "/p") == ["cc", "-DX=1", "-Iinc", "-O2"]


def test_library_of_the_target_from_the_codemodel(geo_cache):
    dist = str(geo_cache.root / "src" / "dist.c")
    lib = project_library(dist, str(geo_cache.build))
    assert lib is not None
    assert lib.target == "geo"
    names = sorted(os.path.basename(s) for s in lib.sources)
    assert names == ["counter.c", "dist.c", "sq.c", "volume.c"]
    assert "-lm" in lib.link
    assert lib.path.startswith(str(geo_cache.cache))  # never in the user's tree
    again = project_library(dist, str(geo_cache.build))
    assert again is not None and again.path == lib.path and again.rebuilt == ()


def test_cdoctest_run_p_runs_a_cross_file_block(geo_cache, tmp_path, capsys):
    """``dist2`` calls ``sq`` from sq.c: with ``-p`` the block passes; alone it cannot link."""
    project = make_geo(tmp_path, codemodel=False)  # its own copy: the block is written into it
    dist = str(project.root / "src" / "dist.c")
    _with_block(dist, DIST_BLOCK, "int dist2(")
    assert cli.main([dist, "-p", str(project.build)]) == 0, capsys.readouterr()
    assert "1 passed" in capsys.readouterr().out
    assert cli.main([dist, "-I", str(project.root / "include")]) == 1
    assert "Symbols not found: [ sq ]" in capsys.readouterr().out


def test_static_state_in_a_project_file(geo_cache, tmp_path, capsys):
    """counter.c keeps ``static int counter = 5``; ``inc(); get()`` prints 6, as the program."""
    project = make_geo(tmp_path)
    counter = str(project.root / "src" / "counter.c")
    _with_block(counter, COUNTER_BLOCK, "void inc(")
    assert cli.main([counter, "-p", str(project.build)]) == 0, capsys.readouterr()


def test_a_changed_source_is_rebuilt_and_seen(geo_cache, tmp_path, capsys):
    """Editing sq.c (not the file under test) rebuilds its object only, and the block sees it."""
    project = make_geo(tmp_path)
    dist = str(project.root / "src" / "dist.c")
    _with_block(dist, DIST_BLOCK, "int dist2(")
    first = project_library(dist, str(project.build))
    assert first is not None
    sq = project.root / "src" / "sq.c"
    sq.write_text(sq.read_text().replace("return x * x;", "return x * x + 1;"))
    second = project_library(dist, str(project.build))
    assert second is not None and second.path != first.path
    assert [os.path.basename(s) for s in second.rebuilt] == ["sq.c"]
    assert cli.main([dist, "-p", str(project.build)]) == 1
    out = capsys.readouterr().out
    assert "Got:" in out and "27" in out  # sq(3) + sq(4) with the new sq


def test_a_changed_header_rebuilds_the_units_that_read_it(geo_cache, tmp_path):
    project = make_geo(tmp_path)
    dist = str(project.root / "src" / "dist.c")
    assert project_library(dist, str(project.build)) is not None
    header = project.root / "include" / "geo.h"
    header.write_text(header.read_text().replace("#endif", "#define GEO_VERSION 2\n#endif"))
    lib = project_library(dist, str(project.build))
    assert lib is not None
    assert len(lib.rebuilt) == 4  # every unit includes geo.h


def test_a_unit_that_does_not_compile_is_left_out(geo_cache, tmp_path):
    project = make_geo(tmp_path)
    broken = project.root / "src" / "volume.c"
    broken.write_text("int volume(int x) { return x * ; }\n")
    dist = str(project.root / "src" / "dist.c")
    lib = project_library(dist, str(project.build))
    assert lib is not None
    assert [os.path.basename(s) for s, _ in lib.skipped] == ["volume.c"]
    assert "error" in lib.skipped[0][1]


def test_no_compile_database_is_a_clear_error(tmp_path, capsys):
    src = tmp_path / "a.c"
    src.write_text("int f(void) { return 1; }\n")
    assert cli.main([str(src), "-p", str(tmp_path)]) == 2
    assert "compile_commands.json" in capsys.readouterr().err


def test_the_cache_is_outside_the_source_tree(geo_cache):
    before = sorted(p for p, _, _ in os.walk(geo_cache.root / "src"))
    project_library(str(geo_cache.root / "src" / "sq.c"), str(geo_cache.build))
    assert sorted(p for p, _, _ in os.walk(geo_cache.root / "src")) == before
    libs = [f for _, _, files in os.walk(geo_cache.cache) for f in files if f.endswith(".so")]
    assert libs


def test_unused_objects_and_libraries_are_pruned(geo_cache, tmp_path):
    """A new link removes what no call used for a week (the stale object, the old sq.c object,
    the old library); the objects the new library reuses were touched and stay.
    """
    project = make_geo(tmp_path)
    dist = str(project.root / "src" / "dist.c")
    first = project_library(dist, str(project.build))
    assert first is not None
    root = os.path.dirname(os.path.dirname(os.path.dirname(first.path)))
    stale = os.path.join(root, "objects", "0" * 24 + ".o")
    with open(stale, "wb") as fh:
        fh.write(b"old")
    week_ago = time.time() - 8 * 86400
    for folder in (os.path.join(root, "objects"), os.path.dirname(first.path)):
        for f in os.listdir(folder):
            os.utime(os.path.join(folder, f), (week_ago, week_ago))
    sq = project.root / "src" / "sq.c"
    sq.write_text(sq.read_text() + "\n/* edited */\n")
    second = project_library(dist, str(project.build))
    assert second is not None and os.path.isfile(second.path)
    assert not os.path.exists(stale)
    assert not os.path.exists(first.path)  # the old library, unused for 8 days
    assert len([f for f in os.listdir(os.path.join(root, "objects")) if f.endswith(".o")]) == 4


def test_project_functions_named_like_clang_repls_libraries(tmp_path, monkeypatch, capsys):
    """A project's own ``compress`` (zlib, which clang-repl itself links, has one too): calls
    inside the project library bind to the project's (without -Bsymbolic-functions this
    crashed in zlib). The compile database is written by hand: no codemodel, no cmake.
    """
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "zc.c").write_text("int compress(int x) { return x + 1000; }\n")
    (tmp_path / "use.c").write_text(
        "int compress(int x);\n/**\n>>> twice(1)\n2002\n*/\n"
        "int twice(int x) { return 2 * compress(x); }\n"
    )
    entries = [
        {"directory": str(tmp_path), "file": f, "arguments": ["cc", "-O1", "-c", f]}
        for f in ("zc.c", "use.c")
    ]
    (tmp_path / "compile_commands.json").write_text(json.dumps(entries))
    assert cli.main([str(tmp_path / "use.c"), "-p", str(tmp_path)]) == 0, capsys.readouterr()
