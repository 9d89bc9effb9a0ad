"""``cdoctest-gen -p BUILD_DIR`` on a function that calls another file of its CMake library
(Test Data: ``tests/data/cmake_geo``, built by ``tests/cmake_geo.py``).

``dist2`` (src/dist.c) calls ``sq`` (src/sq.c): without the project library every call ends in
``Symbols not found: [ sq ]``; with ``-p`` the block is verified. ``volume`` calls ``cube``, which
no file defines: the answer says which symbol, where it is declared and what to do.
"""

from __future__ import annotations

import json

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.toolchain import find_clang_repl
from server import cli

pytestmark = pytest.mark.clang


@pytest.fixture(scope="module", autouse=True)
def _clang_repl():
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


def _generate(geo, name: str, *extra: str, capsys) -> tuple[int, dict, str]:
    path = str(geo.root / "src" / name)
    rc = cli.main([path, "-p", str(geo.build), "--json", "--time-budget", "60", *extra])
    captured = capsys.readouterr()
    return rc, json.loads(captured.out), captured.err


def _function(doc: dict, name: str) -> dict:
    return next(f for f in doc["functions"] if f["function"]["name"] == name)


def test_cross_file_function_gets_a_verified_block(geo_cache, capsys):
    args = ("--function", "dist2", "--no-model")
    rc, doc, err = _generate(geo_cache, "dist.c", *args, capsys=capsys)
    assert rc == 0, err
    f = _function(doc, "dist2")
    assert f["status"] == "verified", f["message"]
    assert ">>> dist2(" in f["edit"]["new_text"]


def test_without_the_build_dir_the_call_cannot_link(geo_cache, capsys):
    path = str(geo_cache.root / "src" / "dist.c")
    include = str(geo_cache.root / "include")
    rc = cli.main([path, "-I", include, "--function", "dist2", "--no-model", "--json"])
    captured = capsys.readouterr()
    assert rc == 1
    f = _function(json.loads(captured.out), "dist2")
    assert f["status"] == "no_test"
    assert "`sq` is declared in " in f["message"] and "geo.h:4" in f["message"]
    assert "pass -p BUILD_DIR" in f["message"]


def test_missing_symbol_is_named_with_where_and_what_to_do(geo_cache, capsys):
    rc, doc, _ = _generate(geo_cache, "volume.c", "--no-model", capsys=capsys)
    assert rc == 1
    message = _function(doc, "volume")["message"]
    assert "nothing runnable: `cube` is declared in " in message
    assert "include/geo.h:7" in message
    assert "no file in " in message and "compile_commands.json defines it" in message
    assert "build the target, or pass --lib" in message


@pytest.mark.model
def test_cross_file_function_with_the_default_model(geo_cache, capsys):
    rc, doc, err = _generate(geo_cache, "dist.c", "--function", "norm", capsys=capsys)
    assert rc == 0, err
    f = _function(doc, "norm")
    assert f["status"] == "verified", f["message"]
    assert ">>> norm(" in f["edit"]["new_text"]


PREFIXED = """\
#ifdef Z_PREFIX
#  define compress2 z_compress2
#  define compressBound z_compressBound
#endif
unsigned long compressBound(unsigned long n) { return n + 13; }
int compress2(int a, int b) { return (int)compressBound(a) + b; }
"""


def test_names_as_the_file_spells_them_under_a_prefix_macro(tmp_path, capsys):
    """``-DZ_PREFIX`` makes ``compress2`` the symbol ``z_compress2``: it is matched, listed,
    called and reported as ``compress2``, and its mutants are still found (parsed with the same
    flags).
    """
    from server.analysis.locate import load_source
    from server.api import SourceOptions

    path = tmp_path / "z.c"
    path.write_text(PREFIXED)
    source = load_source(str(path), options=SourceOptions(defines=("Z_PREFIX",)))
    assert [f.info.declaration.name for f in source.functions] == ["compressBound", "compress2"]
    assert [f.declaration.name for f in source.functions] == ["z_compressBound", "z_compress2"]

    rc = cli.main([str(path), "-D", "Z_PREFIX", "--function", "compress2", "--no-model", "--json"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    f = _function(json.loads(captured.out), "compress2")
    assert f["status"] == "verified", f["message"]
    block = f["edit"]["new_text"]
    assert ">>> compress2(" in block and "z_compress2" not in block
    assert f["mutants_total"] > 0

    assert cli.main([str(path), "-D", "Z_PREFIX", "--function", "nope", "--no-model"]) == 2
    assert "functions: compressBound (line 5), compress2 (line 6)" in capsys.readouterr().err
