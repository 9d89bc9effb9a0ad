"""``cdoctest-gen --lib``: a shared library the tests may call, given as a path, as
``--lib=-lNAME`` or as ``-lNAME``, the names found where the dynamic linker looks
(``cdoctest_runner.libraries.resolve_library``); a name found nowhere is a usage error.

Test data: ``libcdtcli.so`` built here with ``cc`` from one function, ``ext_scale``, that
``scaled`` in a C file calls; ``LD_LIBRARY_PATH`` names its directory.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from server import cli

USE_C = "int ext_scale(int x);\n\nint scaled(int x) { return ext_scale(x) + 1; }\n"


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``libcdtcli.so`` in ``tmp_path/lib``, on ``LD_LIBRARY_PATH``."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc/gcc) to build the test library")
    libdir = tmp_path / "lib"
    libdir.mkdir()
    (libdir / "ext.c").write_text("int ext_scale(int x) { return 3 * x; }\n")
    lib = libdir / "libcdtcli.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", str(lib), str(libdir / "ext.c")], check=True
    )
    monkeypatch.setenv("LD_LIBRARY_PATH", str(libdir))
    return lib


def test_each_form_names_the_same_file(library: Path) -> None:
    """Test data: the library above; the parsed options hold its file for each spelling."""
    for spelling in (["--lib", str(library)], ["--lib=-lcdtcli"], ["-lcdtcli"], ["-l", "cdtcli"]):
        args = cli.build_parser().parse_args(["f.c", *spelling])
        assert cli.run_options(args)[1].libraries == (str(library),), spelling


def test_a_name_found_nowhere_is_a_usage_error(tmp_path: Path, capsys) -> None:
    """Test data: a C file; ``-lcdtnosuch`` names no library: exit 2 before any work."""
    path = tmp_path / "use.c"
    path.write_text(USE_C)
    assert cli.main([str(path), "--no-model", "-lcdtnosuch"]) == 2
    err = capsys.readouterr().err
    assert "cdoctest-gen: --lib: no shared library -lcdtnosuch (libcdtnosuch.so)" in err


@pytest.mark.clang
def test_a_function_calling_the_library_gets_a_verified_block(
    library: Path, tmp_path: Path, capsys
) -> None:
    """Test data: USE_C; with ``-lcdtcli`` the sessions load the library and ``scaled``'s calls
    link (3 * x + 1); without it they cannot.
    """
    path = tmp_path / "use.c"
    path.write_text(USE_C)
    argv = [str(path), "--function", "scaled", "--no-model", "--json", "--time-budget", "60"]
    assert cli.main([*argv, "-lcdtcli"]) == 0
    (f,) = json.loads(capsys.readouterr().out)["functions"]
    assert f["status"] == "verified", f["message"]
    assert ">>> scaled(" in f["edit"]["new_text"]
    assert cli.main(argv) == 1
    (f,) = json.loads(capsys.readouterr().out)["functions"]
    assert "`ext_scale`" in f["message"] and "--lib" in f["message"]
