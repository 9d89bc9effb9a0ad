"""Suite-wide fixtures.

pytest makes its temporary directories ``0700``. When the runner runs as root and its sandbox falls
back to dropping to ``nobody`` before bubblewrap (see docs/runner.md), code placed under such a
directory cannot be reached by the sandbox. Tests put code under ``tmp_path``, so the directories
pytest hands out are opened for traversal (``0711``) and reading (``0755``), as a user's source tree
normally is.

Each test file's start is stamped with the wall-clock time and the seconds since the run began, so
a slow or stuck CI run shows where its time went.

The record of the blocks cdoctest-gen wrote (``server.ownership``) is a directory of the session
(``CDOCTEST_BLOCK_STORE``, inherited by the CLIs and language servers the tests start), never the
user's cache: a test's blocks count as the tool's for the tests after it, not for the user.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

# The record of the tool's blocks for this session, set on import: the conftest files below this
# one build the environment of the servers they start from os.environ when they are imported.
_BLOCK_STORE = tempfile.mkdtemp(prefix="cdoctest-blocks-")
os.environ["CDOCTEST_BLOCK_STORE"] = _BLOCK_STORE


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's record of the tool's blocks."""
    shutil.rmtree(_BLOCK_STORE, ignore_errors=True)


def _open_up(path: Path, mode: int) -> None:
    try:
        os.chmod(path, mode)
    except OSError:
        pass


@pytest.fixture(autouse=True, scope="session")
def _reachable_basetemp(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.getbasetemp()
    _open_up(base.parent, 0o711)
    _open_up(base, 0o711)


@pytest.fixture(autouse=True)
def _reachable_tmp_path(request: pytest.FixtureRequest) -> None:
    if "tmp_path" in request.fixturenames:
        _open_up(request.getfixturevalue("tmp_path"), 0o755)


_started = time.monotonic()
_last_file: list[str] = [""]


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """Stamp the start of each test file in the progress output."""
    path = nodeid.split("::", 1)[0]
    if path != _last_file[0]:
        _last_file[0] = path
        elapsed = time.monotonic() - _started
        print(f"[{time.strftime('%H:%M:%S')} +{elapsed:.0f}s] ", end="", flush=True)


# The built CMake project of the cross-file tests (tests/cmake_geo.py), for every test directory.
from tests.cmake_geo import geo_cache, geo_project  # noqa: E402, F401
