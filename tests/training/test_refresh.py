"""``cdoctest-train refresh``: the stage plan, the model card, and one tiny real run end to end.

The real run (slow; embedded model, clang-repl): SFT (expand, 2 steps) -> GRPO (1 step) -> export
(Q8_0 for trained tensors) -> eval (1 validation item, before and after) -> install into a
temporary ``XDG_DATA_HOME``. It then checks that ``models`` resolves the installed model, that
``cdoctest-gen`` with no ``--model`` serves it, and that ``cdoctest-train rollback`` returns to the
version installed before. Figures of a larger run are in docs/training.md.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

pytestmark = [pytest.mark.train]


def test_install_requires_export():
    from pydantic import ValidationError

    from training.refresh import RefreshConfig

    with pytest.raises(ValidationError, match="install needs the export stage"):
        RefreshConfig(stages=["sft", "eval"])
    with pytest.raises(ValidationError, match="nothing to export"):
        RefreshConfig(stages=["export", "eval"])
    assert RefreshConfig(stages=["sft", "eval"], install=False).stages == ["sft", "eval"]


def test_model_card_markdown_lists_what_was_done():
    from training.refresh import model_card_markdown

    card = {
        "created_at": "2026-11-22T01:00:00+00:00",
        "base_model": {"path": "/m/base.gguf", "sha256": "ab12"},
        "stages": ["sft", "export", "eval"],
        "data": {"set": "training/data", "train_items": 126, "val_items": 9, "categories": ["loops", "strings"]},
        "sft": {"summary": {"method": "expand", "steps": 3, "pairs": 10, "loss_first": 2.5, "loss_last": 1.25},
                "config": {"steps": 3}},
        "export": {"kind": "model", "path": "/r/model.gguf", "outtype": "q8_0", "block_count": 32, "tensors": 290,
                   "raw_copied": 270, "bytes": 130_000_000},
        "installed": "/d/models/v0002",
        "timings_s": {"sft": 1.0},
        "metrics_before": {"table": "| before |"},
        "metrics_after": {"table": "| after |"},
    }
    text = model_card_markdown(card)
    assert "- base model: `/m/base.gguf` (sha256 ab12)" in text
    assert "- sft: method expand, 3 steps on 10 pairs, answer loss 2.500 -> 1.250" in text
    assert "(q8_0, 32 blocks, 290 tensors, 270 copied unchanged, 130.0 MB)" in text
    assert "roll back with `cdoctest-train rollback`" in text
    assert text.index("## Validation before") < text.index("| before |") < text.index("## Validation after")


def _cli(module_main, args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = module_main(args)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.model
@pytest.mark.clang
@pytest.mark.slow
def test_tiny_refresh_installs_serves_and_rolls_back(tmp_path, monkeypatch):
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(str(exc))
    from models import resolve_model
    from models.api import ModelError
    from models.resolve import install_model
    from training.hf_model import embedded_gguf_path
    from training.refresh import RefreshConfig, refresh

    try:
        embedded = embedded_gguf_path()
    except ModelError as exc:
        pytest.skip(str(exc))
    for var in ("CDOCTEST_MODEL", "CDOCTEST_ADAPTER", "CDOCTEST_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    previous = install_model(embedded, None, {"note": "the version before the refresh"}, copy=False)

    cfg = RefreshConfig(
        stages=["sft", "grpo", "export", "eval"],
        sft={"steps": 2, "batch_size": 2, "few_shot": False, "variants": False, "categories": ["arithmetic"]},
        grpo={"steps": 1, "prompts_per_step": 1, "group_size": 2, "max_completion_tokens": 24, "mutants": 0,
              "rewards": {"strength": 0.0}, "beta": 0.0, "runner_workers": 1, "categories": ["arithmetic"],
              "few_shot": False, "tensorboard": False},
        eval_items=1, eval_max_new_tokens=32, eval_mutants=0, export_outtype="q8_0",
        output_dir=str(tmp_path / "run"),
    )
    card = refresh(cfg, log=io.StringIO())

    run = tmp_path / "run"
    assert (run / "MODEL_CARD.md").is_file() and json.loads((run / "card.json").read_text())["stages"] == cfg.stages
    for key in ("metrics_before", "metrics_after"):
        overall = card[key]["overall"]
        assert overall["n"] == 1.0 and 0.0 <= overall["format"] <= 1.0
    export = card["export"]
    assert (export["kind"], export["block_count"], export["outtype"]) == ("model", 32, "q8_0")
    assert card["sft"]["summary"]["method"] == "expand" and len(card["grpo"]["reward_per_step"]) == 1

    # models/ now resolves the installed export, and cdoctest-gen serves it without --model.
    info = resolve_model()
    assert info.source == "trained (installed)"
    assert Path(info.path).name == "model.gguf" and Path(card["installed"]) in Path(info.path).parents
    source = tmp_path / "add.c"
    source.write_text("int add(int a, int b) { return a + b; }\n")
    from server.cli import main as gen_main

    code, out, err = _cli(gen_main, [str(source), "--function", "add", "--json", "--samples", "2", "--seed", "1"])
    assert code in (0, 1), err
    assert "trained (installed)" in err and "model.gguf" in json.loads(out)["model"]

    # Roll back to the version installed before the refresh.
    from training.cli import main as train_main

    code, out, err = _cli(train_main, ["rollback"])
    assert code == 0, err
    assert previous.name in out
    assert resolve_model().path == embedded
    code, out, err = _cli(train_main, ["rollback"])
    assert code == 2 and "no earlier installed model" in err
