"""``cdoctest-train refresh``: the stage plan, the model card, and one tiny real run end to end.

The real run (slow; embedded model, clang-repl): SFT (expand, 2 steps) -> GRPO (1 step) -> export
(Q8_0 for trained tensors) -> eval (1 validation item, before and after) -> install into a
temporary ``XDG_DATA_HOME`` as its first version. It then checks that ``models`` resolves the
installed model, that ``cdoctest-gen`` with no ``--model`` serves it, and that
``cdoctest-train rollback`` returns to "no trained model installed", so ``cdoctest-gen`` names the
embedded default again. A fast test walks the rollback states with installs of the embedded GGUF.
Figures of a larger run are in docs/training.md.
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
        "data": {
            "set": "training/data",
            "train_items": 126,
            "val_items": 9,
            "categories": ["loops", "strings"],
        },
        "sft": {
            "summary": {
                "method": "expand",
                "steps": 3,
                "pairs": 10,
                "loss_first": 2.5,
                "loss_last": 1.25,
            },
            "config": {"steps": 3},
        },
        "export": {
            "kind": "model",
            "path": "/r/model.gguf",
            "outtype": "q8_0",
            "block_count": 32,
            "tensors": 290,
            "raw_copied": 270,
            "bytes": 130_000_000,
        },
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
    assert (
        text.index("## Validation before")
        < text.index("| before |")
        < text.index("## Validation after")
    )


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

    cfg = RefreshConfig(
        stages=["sft", "grpo", "export", "eval"],
        sft={
            "steps": 2,
            "batch_size": 2,
            "few_shot": False,
            "variants": False,
            "categories": ["arithmetic"],
        },
        grpo={
            "steps": 1,
            "prompts_per_step": 1,
            "group_size": 2,
            "max_completion_tokens": 24,
            "mutants": 0,
            "rewards": {"strength": 0.0},
            "beta": 0.0,
            "runner_workers": 1,
            "categories": ["arithmetic"],
            "few_shot": False,
            "tensorboard": False,
        },
        eval_items=1,
        eval_max_new_tokens=32,
        eval_mutants=0,
        export_outtype="q8_0",
        output_dir=str(tmp_path / "run"),
    )
    card = refresh(cfg, log=io.StringIO())

    run = tmp_path / "run"
    assert (run / "MODEL_CARD.md").is_file() and json.loads((run / "card.json").read_text())[
        "stages"
    ] == cfg.stages
    for key in ("metrics_before", "metrics_after"):
        overall = card[key]["overall"]
        assert overall["n"] == 1.0 and 0.0 <= overall["format"] <= 1.0
    export = card["export"]
    assert (export["kind"], export["block_count"], export["outtype"]) == ("model", 32, "q8_0")
    assert (
        card["sft"]["summary"]["method"] == "expand" and len(card["grpo"]["reward_per_step"]) == 1
    )

    # models/ now resolves the installed export, and cdoctest-gen serves it without --model.
    info = resolve_model()
    assert info.source == "trained (installed)"
    assert (
        Path(info.path).name == "model.gguf" and Path(card["installed"]) in Path(info.path).parents
    )
    source = tmp_path / "add.c"
    source.write_text("int add(int a, int b) { return a + b; }\n")
    from server.cli import main as gen_main

    gen_args = [str(source), "--function", "add", "--json", "--samples", "2", "--seed", "1"]
    code, out, err = _cli(gen_main, gen_args)
    assert code in (0, 1), err
    assert "trained (installed)" in err and "model.gguf" in json.loads(out)["model"]
    assert Path(card["installed"]).name == "v0001"  # the first install

    # Rolling back the first install returns to the default, and cdoctest-gen names it again.
    from training.cli import main as train_main

    code, out, err = _cli(train_main, ["rollback"])
    assert code == 0, err
    assert out.startswith("no trained model is installed now; cdoctest-gen uses ")
    assert "embedded default" in out
    code, out, err = _cli(gen_main, gen_args)
    assert code in (0, 1), err
    assert "embedded default" in err and "trained (installed)" not in err
    assert embedded in json.loads(out)["model"] and "model.gguf" not in json.loads(out)["model"]
    code, out, err = _cli(train_main, ["rollback"])
    assert code == 2 and "no trained model is installed" in err and out == ""


def test_rollback_walks_back_to_no_trained_model(tmp_path, monkeypatch):
    """Install v0001 and v0002, roll back twice to "none", once more is exit 2; --list shows it."""
    from models import resolve_model
    from models.api import ModelError
    from models.resolve import install_model, read_installed
    from training.cli import main as train_main
    from training.hf_model import embedded_gguf_path

    try:
        embedded = embedded_gguf_path()
    except ModelError as exc:
        pytest.skip(str(exc))
    for var in ("CDOCTEST_MODEL", "CDOCTEST_ADAPTER", "CDOCTEST_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))

    def listing() -> list[str]:
        code, out, err = _cli(train_main, ["rollback", "--list"])
        assert code == 0, err
        return [line[:9].rstrip() for line in out.splitlines()]

    code, out, err = _cli(train_main, ["rollback"])  # nothing installed yet
    assert (code, out) == (2, "")
    assert "error: no trained model is installed" in err and "nothing to roll back" in err
    assert listing() == ["* (none)"]

    assert install_model(embedded, card={"n": 1}, copy=False).name == "v0001"
    assert install_model(embedded, card={"n": 2}, copy=False).name == "v0002"
    assert listing() == ["* v0002", "  v0001", "  (none)"]
    code, out, _ = _cli(train_main, ["rollback"])
    assert code == 0 and out.startswith("current trained model is now v0001")
    assert resolve_model().source == "trained (installed)"

    code, out, _ = _cli(train_main, ["rollback"])
    assert code == 0 and "no trained model is installed now" in out and "embedded default" in out
    assert read_installed() is None and resolve_model().source == "embedded default"
    assert listing() == ["  v0002", "  v0001", "* (none)"]

    code, _, err = _cli(train_main, ["rollback"])
    assert code == 2 and "no trained model is installed" in err
    # A later install (what refresh does) takes the next number and is current again.
    assert install_model(embedded, card={"n": 3}, copy=False).name == "v0003"
    assert resolve_model().source == "trained (installed)" and listing()[0] == "* v0003"
