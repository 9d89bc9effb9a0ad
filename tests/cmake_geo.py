"""A real two-file-and-more CMake library for the cross-file tests: ``tests/data/cmake_geo``.

``geo`` is ``add_library(geo SHARED ...)`` of ``src/sq.c`` (``sq``), ``src/dist.c`` (``dist2`` and
``norm`` call ``sq``, and ``sqrt`` from ``-lm``), ``src/counter.c`` (file-scope ``static`` state)
and ``src/volume.c`` (calls ``cube``, which ``include/geo.h`` declares and no file defines). The
session fixture copies it to a temporary directory, asks CMake for its file API codemodel,
configures with ``CMAKE_EXPORT_COMPILE_COMMANDS=ON`` and builds it; the project library cache is a
temporary ``XDG_CACHE_HOME``. Import the fixture into a test module to use it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "cmake_geo"


@dataclass(frozen=True)
class GeoProject:
    """The copied project: ``root`` (sources), ``build`` (the build directory), ``cache``."""

    root: Path
    build: Path
    cache: Path

    def env(self) -> dict[str, str]:
        """The environment for a subprocess that must use this project's library cache."""
        return {**os.environ, "XDG_CACHE_HOME": str(self.cache)}


def make_geo(base: Path, codemodel: bool = True) -> GeoProject:
    """Copy, configure and build the project under ``base`` (skips when cmake or cc is missing)."""
    if shutil.which("cmake") is None or not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("cmake or a C compiler is not installed")
    root = base / "geo"
    shutil.copytree(DATA, root)
    build = root / "build"
    if codemodel:
        query = build / ".cmake" / "api" / "v1" / "query"
        query.mkdir(parents=True)
        (query / "codemodel-v2").touch()
    for cmd in (
        ["cmake", "-S", str(root), "-B", str(build), "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"],
        ["cmake", "--build", str(build)],
    ):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    for dirpath, _, files in os.walk(base):  # readable by the sandbox user, as a source tree is
        os.chmod(dirpath, 0o755)
        for f in files:
            os.chmod(os.path.join(dirpath, f), 0o644)
    cache = base / "cache"
    cache.mkdir()
    return GeoProject(root, build, cache)


@pytest.fixture(scope="session")
def geo_project(tmp_path_factory: pytest.TempPathFactory) -> GeoProject:
    """The built project, shared by the session (tests that edit it make their own copy)."""
    return make_geo(tmp_path_factory.mktemp("cmake_geo"))


@pytest.fixture
def geo_cache(geo_project: GeoProject, monkeypatch: pytest.MonkeyPatch) -> GeoProject:
    """``geo_project`` with ``XDG_CACHE_HOME`` pointing at its cache for this test."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(geo_project.cache))
    return geo_project
