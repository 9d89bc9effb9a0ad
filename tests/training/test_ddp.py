"""The GRPO loop under ``torchrun`` with two CPU processes (gloo): both ranks end identical.

``torchrun --standalone --nproc_per_node=2`` runs tests/training/ddp_worker.py (two steps of the
embedded SmolLM2-135M, G=2, one prompt per rank per step). The ranks must see different prompts
(data sharding), their parameters must move, and after two steps both ranks' parameters (and the
reference model) must be bit-identical (SHA-256 over the state dict), which holds only if the
gradients are summed across ranks with the global normalisers.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.train, pytest.mark.model, pytest.mark.slow]

pytest.importorskip("torch")
WORKER = Path(__file__).with_name("ddp_worker.py")
ROOT = Path(__file__).resolve().parents[2]


def test_two_cpu_ranks_end_with_identical_parameters(tmp_path, embedded_policy):
    # embedded_policy: skips without the model, and warms the converted-model cache for the ranks
    torchrun = shutil.which("torchrun", path=str(Path(sys.executable).parent)) or shutil.which(
        "torchrun"
    )
    if torchrun is None:
        pytest.skip("torchrun not installed")
    env = dict(
        os.environ,
        GLOO_SOCKET_IFNAME="lo",
        MASTER_ADDR="127.0.0.1",
        OMP_NUM_THREADS="1",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    proc = subprocess.run(
        [torchrun, "--standalone", "--nproc_per_node=2", str(WORKER), str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    r0, r1 = (json.loads((tmp_path / f"rank{r}.json").read_text()) for r in (0, 1))
    assert r0["world_size"] == r1["world_size"] == 2
    # sharding: 2 steps x 1 prompt x G=2 per rank, and the ranks scored different prompts
    assert len(r0["seen"]) == len(r1["seen"]) == 4
    assert r0["seen"] != r1["seen"] and set(r0["seen"][:2]) != set(r1["seen"][:2])
    assert r0["before"] == r1["before"]  # same start (rank 0's weights broadcast)
    assert r0["after"] != r0["before"]  # training moved the parameters
    assert r0["after"] == r1["after"]  # ... identically on both ranks
    assert r0["ref"] == r1["ref"]
    # rank 0 alone wrote the run directory: 2 metrics lines, 2 x 2 traces, one checkpoint
    run = tmp_path / "run"
    assert len((run / "metrics.jsonl").read_text().splitlines()) == 2
    assert len((run / "traces.jsonl").read_text().splitlines()) == 4
    assert [p.name for p in (run / "checkpoints").iterdir()] == ["step-000002"]
