"""GRPOConfig validation and YAML round trip; ``cdoctest-train`` argument handling and exit codes.

No model is loaded here: the CLI cases stop at configuration errors (exit code 2).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from training.cli import SUBCOMMANDS, build_parser, main
from training.config import GRPOConfig

pytestmark = pytest.mark.train


def test_defaults_are_the_cpu_embedded_setup():
    cfg = GRPOConfig()
    assert (cfg.model, cfg.device, cfg.lora) == (None, "cpu", None)
    assert cfg.batch_size == cfg.prompts_per_step * cfg.group_size
    import torch

    assert cfg.torch_dtype() is torch.float32
    assert GRPOConfig(device="cuda").torch_dtype() is torch.bfloat16


def test_every_field_is_documented():
    undocumented = [name for name, f in GRPOConfig.model_fields.items() if not f.description]
    assert undocumented == []


def test_yaml_round_trip(tmp_path):
    cfg = GRPOConfig(group_size=3, epsilon_high=0.28, normalization="token", lora={"r": 8})
    path = tmp_path / "c.yaml"
    path.write_text(cfg.to_yaml())
    assert GRPOConfig.from_yaml(path) == cfg


@pytest.mark.parametrize(
    ("values", "remedy"),
    [
        ({"schedule": "algorithm2", "inner_updates": 2}, "set inner_updates: 1"),
        ({"epsilon": 0.2, "epsilon_high": 0.1}, "epsilon_high >= epsilon"),
        ({"dtype": "bfloat16"}, "use dtype 'float32'"),
        ({"kl_estimator": "exact", "beta": 0.0}, "set beta > 0"),
        ({"mutants": 0}, "rewards.strength: 0"),
        ({"group_size": 1}, "greater than or equal to 2"),
        ({"stpes": 3}, "Extra inputs are not permitted"),
    ],
)
def test_impossible_combinations_are_rejected_with_a_remedy(values, remedy):
    with pytest.raises(ValidationError, match=remedy):
        GRPOConfig(**values)


def test_cli_lists_subcommands_and_rejects_a_bad_config(tmp_path, capsys):
    assert [name for name, _, _ in SUBCOMMANDS][:2] == ["grpo", "eval"]
    args = build_parser().parse_args(["grpo", "--config", "x.yaml", "--steps", "3", "--out", "o"])
    assert (args.config, args.steps, args.out, args.resume) == ("x.yaml", 3, "o", None)
    bad = tmp_path / "bad.yaml"
    bad.write_text("group_size: 1\n")
    assert main(["grpo", "--config", str(bad)]) == 2
    assert "group_size" in capsys.readouterr().err
    assert main(["grpo", "--config", str(tmp_path / "missing.yaml")]) == 2
    assert main(["grpo", "--resume", str(tmp_path)]) == 1  # no checkpoint there: a TrainingError
    assert "no checkpoint" in capsys.readouterr().err


def test_docs_list_every_option():
    """docs/training.md documents every GRPOConfig field (regenerate its table when adding one)."""
    from pathlib import Path

    from training.config import LoRAOptions, RewardWeights

    doc = (Path(__file__).resolve().parents[2] / "docs" / "training.md").read_text()
    names = [
        *GRPOConfig.model_fields,
        *(f"rewards.{n}" for n in RewardWeights.model_fields),
        *(f"lora.{n}" for n in LoRAOptions.model_fields),
    ]
    assert [n for n in names if f"| `{n}` |" not in doc] == []
