"""Suite-wide fixtures.

pytest makes its temporary directories ``0700``. When the runner runs as root and its sandbox falls
back to dropping to ``nobody`` before bubblewrap (see docs/runner.md), code placed under such a
directory cannot be reached by the sandbox. Tests put code under ``tmp_path``, so the directories
pytest hands out are opened for traversal (``0711``) and reading (``0755``), as a user's source tree
normally is.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


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
