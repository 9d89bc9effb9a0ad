"""The fallback on what a call writes and on values the project's other files read, with real
clang-repl (Test Data: ``tests/data/cmake_kv``, a two-file CMake library built here;
``tests/data/fallback_outputs/hex.cpp``).

- A struct out-parameter (``kv_error *error``) is a zeroed local passed by address, its fields
  printed after the call.
- A handle result (``kv *`` of ``kv_range``) is read through functions the project's header
  declares and another file defines (``kv_count``, ``kv_format(h, 0)`` in src/list.c), seen
  only with ``-p``.
- An object a function writes into (a builder constructed from a ``char *`` buffer and its size)
  is constructed around a zeroed local buffer, and the buffer is printed after the call.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cdoctest_runner.errors import ToolchainNotFound
from cdoctest_runner.toolchain import find_clang_repl
from server import cli
from server.analysis import analyse
from server.analysis.locate import load_source
from server.api import GenerateOptions, SourceOptions, TargetSelector
from server.candidates.by_type import fallback_candidates
from server.generate.generator import Generator

pytestmark = pytest.mark.clang

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="module", autouse=True)
def _clang_repl():
    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(f"no usable clang-repl: {exc}")


@pytest.fixture(scope="module")
def kv_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """``(root, build, cache)`` of ``tests/data/cmake_kv`` copied, configured and built."""
    if shutil.which("cmake") is None or not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("cmake or a C compiler is not installed")
    base = tmp_path_factory.mktemp("cmake_kv")
    root, build = base / "kv", base / "kv" / "build"
    shutil.copytree(DATA / "cmake_kv", root)
    for cmd in (
        ["cmake", "-S", str(root), "-B", str(build), "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"],
        ["cmake", "--build", str(build)],
    ):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    for dirpath, _, files in os.walk(base):  # readable by the sandbox user
        os.chmod(dirpath, 0o755)
        for f in files:
            os.chmod(os.path.join(dirpath, f), 0o644)
    (base / "cache").mkdir()
    return root, build, base / "cache"


def _kv_block(kv_project: tuple[Path, Path, Path], name: str) -> list[tuple[str, str]]:
    """``(source, want)`` of the examples of the verified block of ``name`` (src/parse.c), -p:
    phase 1's, the fallback's own (the input search's variants edit its calls).
    """
    root, build, cache = kv_project
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(cache))
        sopts = SourceOptions(compile_db_dir=str(build))
        with Generator(
            options=GenerateOptions(no_model=True, quick=True), source_options=sopts
        ) as gen:
            res = gen.generate(str(root / "src" / "parse.c"), None, TargetSelector(name))
    (f,) = res.functions
    assert f.status == "verified", f.message
    return [(e.source.strip(), e.want) for e in f.examples]


@pytest.fixture(scope="module")
def kv_parse_block(kv_project) -> list[tuple[str, str]]:
    return _kv_block(kv_project, "kv_parse")


def test_a_struct_out_parameter_is_zeroed_passed_and_its_fields_printed(kv_parse_block):
    sources = [s for s, _ in kv_parse_block]
    # Plain declarations in a row share a line (``kv_error out0b = {0}; kv *res0;``).
    declared = [m for s in sources if (m := re.match(r"kv_error (\w+) = \{0\};", s))]
    assert declared, sources
    var = declared[0].group(1)
    assert any(f"&{var})" in s for s in sources if s.startswith(("res", "kv_parse")))
    # The error the call filled in is checked: a field, printed after the call, with its value.
    fields = [(s, w) for s, w in kv_parse_block if s.startswith(f"{var}.")]
    assert fields and all(w for _, w in fields), kv_parse_block
    assert any(w.strip() in {"1", "2", '"empty text"', '"not a digit"'} for _, w in fields)


def test_a_handle_result_is_read_through_functions_the_projects_header_declares(kv_project):
    # kv_count and kv_format are declared in include/kv.h and defined in src/list.c: only the
    # project library (-p) makes them callable, and only the header says they read a kv.
    root, build, _ = kv_project
    path = str(root / "src" / "parse.c")
    linked = load_source(path, options=SourceOptions(compile_db_dir=str(build)))
    alone = load_source(path, options=SourceOptions(include_dirs=(str(root / "include"),)))
    # The serializer gets its flags as 0; without the project linked nothing declared is called.
    assert {"kv_count(res0)", "kv_format(res0, 0)"} <= _reads(linked)
    assert not _reads(alone)
    block = _kv_block(kv_project, "kv_range")
    checked = [(s, w) for s, w in block if re.match(r"kv_(count|format)\(res\w*", s)]
    assert checked and all(w.strip() for _, w in checked), block


def _reads(source) -> set[str]:
    """The calls of the ``kv_`` API in the fallback's candidates for ``kv_range``."""
    located = next(f for f in source.functions if f.declaration.name == "kv_range")
    blocks = fallback_candidates(analyse(source, located))
    return {e.source.strip() for block in blocks for e in block if e.source.startswith("kv_")}


def test_a_builder_is_constructed_around_a_zeroed_buffer_that_is_printed(capsys):
    path = DATA / "fallback_outputs" / "hex.cpp"
    rc = cli.main([str(path), "--function", "to_hex", "--no-model", "--quick", "--json"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    f = next(f for f in json.loads(captured.out)["functions"] if f["function"]["name"] == "to_hex")
    assert f["status"] == "verified", f["message"]
    text = f["edit"]["new_text"]
    buf = re.search(r">>> char (\w+)\[64\] = \{0\};", text)
    assert buf, text
    # The buffer's declaration goes on the line of the constructor that takes it.
    made = rf">>> char {buf.group(1)}.*; Builder (\w+)\({buf.group(1)}, 64\);"
    assert re.search(made, text), text
    # The buffer is printed after the call, with the digits to_hex wrote into it.
    printed = re.search(rf">>> {buf.group(1)}\n\"([0-9a-f]+)\"\n", text)
    assert printed, text
    value = int(re.search(r">>> to_hex\((\d+), &", text).group(1))
    assert printed.group(1) == f"{value:x}"


def test_a_stream_is_a_memory_stream_written_into_and_printed_or_read_from(capsys):
    path = DATA / "fallback_outputs" / "lines.c"
    rc = cli.main([str(path), "--function", "put_repeated", "--no-model", "--quick", "--json"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    doc = json.loads(captured.out)
    f = next(f for f in doc["functions"] if f["function"]["name"] == "put_repeated")
    assert f["status"] == "verified", f["message"]
    text = f["edit"]["new_text"]
    opened = re.findall(r'>>> (\w+) = fmemopen\((\w+), 64, "w"\);', text)
    assert opened, text
    for stream, _ in opened:
        assert re.search(rf">>> put_repeated\({stream}, \d+\);\n", text), text
    # What a call wrote is in the buffer once the stream is flushed.
    assert any(
        re.search(rf'>>> fflush\({stream}\);\n>>> {buf}\n"(\d;)+"\n', text)
        for stream, buf in opened
    ), text
    # A stream the function reads from holds one of the texts.
    source = load_source(str(path))
    located = next(f for f in source.functions if f.declaration.name == "count_lines")
    lines = [e.source.strip() for b in fallback_candidates(analyse(source, located)) for e in b]
    assert any(re.fullmatch(r'\w+ = fmemopen\(\w+, \d+, "r"\);', s) for s in lines), lines
