"""A model that crashes for real does not take ``cdoctest-gen`` down.

The test hook ``$CDOCTEST_TEST_HOST_CRASH`` makes the model host (models.host) kill itself with
SIGSEGV a few decode steps into every generation, as llama.cpp's AMX matmul does on Sapphire Rapids
(llama.cpp #20824). ``cdoctest-gen`` runs as a subprocess, as a user runs it. Test data:
examples/gen/scoring.c (``clamp_score``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid

import psutil
import pytest

from cdoctest_runner.cli import main as run_main
from cdoctest_runner.parser import find_comments
from models.host import CRASH_ENV

pytestmark = [pytest.mark.clang, pytest.mark.model]

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCORING = os.path.join(ROOT, "examples", "gen", "scoring.c")
MARK_ENV = "CDOCTEST_TEST_CRASH_MARK"


def marked(mark: str) -> list[int]:
    """Processes whose environment carries ``MARK_ENV=mark`` (this test's CLI and its children)."""
    found = []
    for p in psutil.process_iter():
        try:
            if p.environ().get(MARK_ENV) == mark:
                found.append(p.pid)
        except (psutil.Error, OSError):
            pass
    return found


def run_cli(args: list[str], env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-m", "server.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_cli_survives_a_segfaulting_model_and_writes_the_fallback_block(
    tmp_path, runner, embedded_model
) -> None:
    path = tmp_path / "scoring.c"
    shutil.copy(SCORING, path)
    before = path.read_text()
    mark = uuid.uuid4().hex
    done = run_cli(
        [
            str(path),
            "--function",
            "clamp_score",
            "--write",
            "--samples",
            "2",
            "--seed",
            "3",
            "--single-phase",
        ],
        {CRASH_ENV: "segv", MARK_ENV: mark},
    )
    err = done.stderr
    # The documented exit code: 0, every selected function got a verified block (the fallback's).
    assert done.returncode == 0, err
    line = next(ln for ln in err.splitlines() if ": clamp_score: " in ln)
    assert ": verified [fallback] model failed: the model host was killed by SIGSEGV" in line, err
    assert "Segmentation fault" in line and "last llama.cpp log:" in line
    text = path.read_text()
    blocks = [c for c in find_comments(text) if ">>> " in c.text]
    assert len(blocks) == 1 and ">>> clamp_score(" in text and text != before
    assert run_main([str(path)]) == 0  # the written block passes
    assert marked(mark) == [], "a model host (or another child) outlived cdoctest-gen"
