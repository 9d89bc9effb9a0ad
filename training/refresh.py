"""``cdoctest-train refresh``: one command from the current model to a new installed one.

Stages run in this order, each optional (``RefreshConfig.stages``):

1. ``sft``    — the prompt-embedding stage (``training.sft``; block expansion by default), from
               ``RefreshConfig.model`` (null = the embedded GGUF), into ``RUN/sft``;
2. ``grpo``   — GRPO (``training.grpo``) from the SFT model (or from ``model``), into ``RUN/grpo``;
a
               LoRA GRPO stage after a LoRA SFT stage continues the SFT adapter on ``model``
               (``init_adapter``), so the export is an adapter over the source GGUF;
3. ``export`` — ``training.export`` of the last stage's model into ``RUN/export/``: a full GGUF
               (``model.gguf``), or a LoRA adapter GGUF (``adapter.gguf``) when the last stage is a
               LoRA on the untouched source GGUF; weight type ``export_outtype`` (default ``q8_0``;
               tensors left untouched by training keep their source quantisation);
4. ``eval``   — ``training.evaluate`` on ``eval_split`` (``val``, or the generated
``synth-heldout``)
               for the starting model (*before*)
               and the trained model (*after*), same prompts, greedy completions, scored by the
               cdoctest reward parts through clang-repl.

Then the run writes ``RUN/MODEL_CARD.md`` and ``RUN/card.json`` (base model and its SHA-256, data,
each stage's config, metrics before/after, the export report, timings) and, with ``install``
(default
on, needs ``export``), installs the export with ``models.resolve.install_model`` as the new
``current`` trained model: the next ``cdoctest-gen`` / language-server start resolves it (source
``trained (installed)``) unless a model is configured explicitly. ``cdoctest-train rollback`` (or
``models.resolve.rollback()``) switches back to the previously installed version.
Errors: ``RefreshError`` for an impossible stage plan; stages raise their own typed errors.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

Stage = Literal["sft", "grpo", "export", "eval"]
STAGES: tuple[Stage, ...] = ("sft", "grpo", "export", "eval")


class RefreshError(ValueError):
    """The refresh plan is inconsistent (e.g. install without export)."""


class RefreshConfig(BaseModel):
    """Configuration of ``cdoctest-train refresh`` (YAML; ``sft``/``grpo``: stage fields)."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = Field(
        None,
        description="starting model: .gguf, Hugging Face directory, or null for the embedded GGUF",
    )
    stages: list[Stage] = Field(
        list(STAGES), description="stages to run (always in the order sft, grpo, export, eval)"
    )
    sft: dict[str, Any] = Field(
        default_factory=dict,
        description="SFTConfig fields for the sft stage (model/output_dir are set by refresh)",
    )
    grpo: dict[str, Any] = Field(
        default_factory=dict,
        description="GRPOConfig fields for the grpo stage (model/output_dir are set by refresh)",
    )
    export_outtype: Literal["f32", "f16", "q8_0"] = Field(
        "q8_0", description="weight type of exported tensors that training changed"
    )
    eval_split: Literal["val", "synth-heldout"] = Field(
        "val", description="data set split of the before/after evaluation"
    )
    eval_items: int | None = Field(
        None, ge=1, description="evaluate on the first N items of eval_split (null = all)"
    )
    eval_max_new_tokens: int = Field(
        128, gt=0, description="greedy completion length in evaluation"
    )
    eval_mutants: int = Field(
        4, ge=0, description="mutants per function for the evaluation's mutation score"
    )
    install: bool = Field(
        True, description="install the export as the current trained model (models/ finds it)"
    )
    output_dir: str = Field("runs/refresh", description="run directory")

    @model_validator(mode="after")
    def _check(self) -> RefreshConfig:
        if self.install and "export" not in self.stages:
            raise ValueError(
                "install needs the export stage: add 'export' to stages or set install: false"
            )
        if not ({"sft", "grpo"} & set(self.stages)) and "export" in self.stages:
            raise ValueError("nothing to export: add 'sft' and/or 'grpo' to stages")
        return self

    @classmethod
    def from_yaml(cls, path: str | Path) -> RefreshConfig:
        """Read a YAML mapping of the fields."""
        data = yaml.safe_load(Path(path).read_text()) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected a YAML mapping of RefreshConfig fields")
        return cls.model_validate(data)


def _evaluate(cfg: RefreshConfig, path: str | None, items: list[Any]) -> dict[str, Any]:
    from training.evaluate import evaluate

    report = evaluate(  # loads ``path``: a GGUF, HF directory, None or a peft adapter directory
        path,
        cfg.eval_split,
        items=items,
        mutants=cfg.eval_mutants,
        max_new_tokens=cfg.eval_max_new_tokens,
    )
    return {
        "overall": report.overall,
        "by_category": report.by_category,
        "table": report.table(),
        "completions": [
            {"id": s.id, "completion": s.completion, "passed": s.passed} for s in report.items
        ],
    }


def refresh(cfg: RefreshConfig, *, progress: bool = False, log: Any = sys.stderr) -> dict[str, Any]:
    """Run the configured stages; return the model card (also written to the run directory)."""
    run_dir = Path(cfg.output_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "refresh.yaml").write_text(
        yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False)
    )
    start_model = cfg.model
    card = _new_card(cfg)
    val_items: list[Any] = []
    if "eval" in cfg.stages:
        from training.dataset import load_items

        val_items = (
            load_items(cfg.eval_split)[: cfg.eval_items]
            if cfg.eval_items
            else load_items(cfg.eval_split)
        )
        print("refresh: evaluating the starting model", file=log)
        with _timed(card, "eval_before"):
            card["metrics_before"] = _evaluate(cfg, start_model, val_items)

    current = start_model  # the model the next stage starts from (None = embedded)
    export_source: str | None = None  # what export reads (a model dir or a peft adapter dir)
    if "sft" in cfg.stages:
        current, export_source = _sft_stage(cfg, run_dir, current, card, progress, log)
    if "grpo" in cfg.stages:
        current = export_source = _grpo_stage(
            cfg, run_dir, current, export_source, card, progress, log
        )
    card["data"] = _data_summary(cfg)

    if "export" in cfg.stages:
        assert export_source is not None  # guaranteed by RefreshConfig._check
        with _timed(card, "export"):
            card["export"] = _export_stage(cfg, run_dir, export_source, log)
    if "eval" in cfg.stages:
        print("refresh: evaluating the trained model", file=log)
        with _timed(card, "eval_after"):
            card["metrics_after"] = _evaluate(cfg, export_source, val_items)

    _write_card(run_dir, card)
    if cfg.install:
        _install(run_dir, card, log)
    return card


def _new_card(cfg: RefreshConfig) -> dict[str, Any]:
    """The model card before any stage ran: when, from which base model, which stages."""
    from training.hf_model import embedded_gguf_path, file_sha256

    base_path = cfg.model or embedded_gguf_path()
    return {
        "created_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "base_model": {
            "path": base_path,
            "sha256": file_sha256(base_path) if Path(base_path).is_file() else None,
        },
        "stages": [s for s in STAGES if s in cfg.stages],
        "timings_s": {},
    }


@contextlib.contextmanager
def _timed(card: dict[str, Any], stage: str) -> Iterator[None]:
    """Record the seconds the body took as ``card["timings_s"][stage]`` (0.1 s)."""
    t = time.perf_counter()
    yield
    card["timings_s"][stage] = round(time.perf_counter() - t, 1)


def _sft_stage(
    cfg: RefreshConfig,
    run_dir: Path,
    current: str | None,
    card: dict[str, Any],
    progress: bool,
    log: Any,
) -> tuple[str, str]:
    """Train SFT from ``current`` into ``RUN/sft``, recorded in ``card["sft"]``; return the
    model the next stage starts from and what export would read (the adapter for LoRA).
    """
    from training.sft import SFTConfig, train_sft

    sft_cfg = SFTConfig.model_validate(
        {**cfg.sft, "model": current, "output_dir": str(run_dir / "sft")}
    )
    print(f"refresh: sft ({sft_cfg.method}, {sft_cfg.steps} steps)", file=log)
    with _timed(card, "sft"):
        train_sft(sft_cfg, progress=progress)
    card["sft"] = {
        "config": sft_cfg.model_dump(mode="json"),
        "summary": json.loads((run_dir / "sft" / "summary.json").read_text()),
    }
    export_source = str(run_dir / "sft" / ("adapter" if sft_cfg.method == "lora" else "model"))
    return str(run_dir / "sft" / "model"), export_source


def _grpo_stage(
    cfg: RefreshConfig,
    run_dir: Path,
    current: str | None,
    sft_export: str | None,
    card: dict[str, Any],
    progress: bool,
    log: Any,
) -> str:
    """Train GRPO from ``current`` into ``RUN/grpo`` (LoRA after a LoRA SFT keeps training the
    SFT adapter ``sft_export`` on the untouched base), recorded in ``card["grpo"]``; return the
    last checkpoint's model.
    """
    from training.checkpoint import latest_checkpoint
    from training.config import GRPOConfig
    from training.grpo import train

    grpo_fields = {**cfg.grpo, "model": current, "output_dir": str(run_dir / "grpo")}
    if (
        sft_export is not None
        and sft_export.endswith("adapter")
        and cfg.grpo.get("lora") is not None
    ):
        # LoRA after LoRA: keep training the SFT adapter on the untouched base, so the export
        # stays a small adapter GGUF over the source model
        grpo_fields.update(model=cfg.model, init_adapter=sft_export)
    grpo_cfg = GRPOConfig.model_validate(grpo_fields)
    print(f"refresh: grpo ({grpo_cfg.steps} steps)", file=log)
    with _timed(card, "grpo"):
        train(grpo_cfg, progress=progress)
    metrics = [
        json.loads(line)
        for line in (run_dir / "grpo" / "metrics.jsonl").read_text().splitlines()
        if line
    ]
    card["grpo"] = {
        "config": grpo_cfg.model_dump(mode="json"),
        "reward_per_step": [round(m["reward"], 4) for m in metrics],
    }
    return str(latest_checkpoint(run_dir / "grpo") / "model")


def _export_stage(
    cfg: RefreshConfig, run_dir: Path, export_source: str, log: Any
) -> dict[str, Any]:
    """Export ``export_source`` to ``RUN/export/adapter.gguf`` (a peft adapter directory) or
    ``model.gguf`` (anything else, or a LoRA that had to be merged); the export report.
    """
    from training.export import export_path

    is_adapter_dir = (Path(export_source) / "adapter_config.json").is_file()
    out = run_dir / "export" / ("adapter.gguf" if is_adapter_dir else "model.gguf")
    print(f"refresh: export {export_source} -> {out}", file=log)
    report = export_path(export_source, str(out), outtype=cfg.export_outtype)
    if report.kind == "model" and out.name == "adapter.gguf":  # a LoRA that had to be merged
        final = out.with_name("model.gguf")
        Path(report.path).rename(final)
        report = report.__class__(**{**report.to_dict(), "path": str(final)})
    return report.to_dict()


def _write_card(run_dir: Path, card: dict[str, Any]) -> None:
    """``RUN/card.json`` and ``RUN/MODEL_CARD.md``."""
    (run_dir / "card.json").write_text(json.dumps(card, indent=1) + "\n")
    (run_dir / "MODEL_CARD.md").write_text(model_card_markdown(card))


def _install(run_dir: Path, card: dict[str, Any], log: Any) -> None:
    """Install the exported model (``models.resolve.install_model``) with a summary of the card,
    and write the card again with where it went (``card["installed"]``).
    """
    from models.resolve import install_model

    export = card["export"]
    gguf, adapter = (
        (export["base_gguf"], export["path"])
        if export["kind"] == "adapter"
        else (export["path"], None)
    )
    summary = {k: card.get(k) for k in ("created_at", "base_model", "stages", "export")}
    summary["run_dir"] = str(run_dir.resolve())
    summary["metrics_before"] = (card.get("metrics_before") or {}).get("overall")
    summary["metrics_after"] = (card.get("metrics_after") or {}).get("overall")
    installed = install_model(gguf, adapter, summary)
    card["installed"] = str(installed)
    _write_card(run_dir, card)
    print(f"refresh: installed as {installed} (roll back with: cdoctest-train rollback)", file=log)


def _data_summary(cfg: RefreshConfig) -> dict[str, Any]:
    from training.dataset import load_items

    train_items = load_items("train")
    return {
        "set": "training/data (docs/training-data.md)",
        "train_items": len(train_items),
        "val_items": len(load_items("val")),
        "categories": sorted({i.category for i in train_items}),
    }


def model_card_markdown(card: dict[str, Any]) -> str:
    """The human-readable model card."""
    lines = [
        "# cdoctest-gen trained model",
        "",
        f"- created: {card['created_at']}",
        f"- base model: `{card['base_model']['path']}` (sha256 {card['base_model'].get('sha256')})",
        f"- stages: {', '.join(card['stages'])}",
    ]
    data = card.get("data") or {}
    if data:
        lines.append(
            f"- data: {data['set']}: {data['train_items']} train / {data['val_items']} val items, "
            f"categories {', '.join(data['categories'])}"
        )
    if "sft" in card:
        s = card["sft"]["summary"]
        lines.append(
            f"- sft: method {s['method']}, {s['steps']} steps on {s['pairs']} pairs, "
            f"answer loss {s['loss_first']:.3f} -> {s['loss_last']:.3f}"
        )
    if "grpo" in card:
        rewards = card["grpo"]["reward_per_step"]
        lines.append(f"- grpo: {len(rewards)} steps, mean reward per step {rewards}")
    if "export" in card:
        e = card["export"]
        lines.append(
            f"- export: {e['kind']} `{e['path']}` ({e['outtype']}, {e['block_count']} blocks, "
            f"{e['tensors']} tensors, {e['raw_copied']} copied unchanged, {e['bytes'] / 1e6:.1f} "
            f"MB)"
        )
    if "installed" in card:
        lines.append(
            f"- installed: `{card['installed']}` — roll back with `cdoctest-train rollback`"
        )
    lines.append(f"- timings (s): {card['timings_s']}")
    for key, title in (
        ("metrics_before", "Validation before"),
        ("metrics_after", "Validation after"),
    ):
        if key in card:
            lines += ["", f"## {title}", "", card[key]["table"]]
    for key in ("sft", "grpo"):
        if key in card:
            lines += [
                "",
                f"## {key} config",
                "",
                "```yaml",
                yaml.safe_dump(card[key]["config"], sort_keys=False).rstrip(),
                "```",
            ]
    return "\n".join(lines) + "\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train refresh``."""
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="YAML file of RefreshConfig fields (default: built-in defaults)",
    )
    parser.add_argument(
        "--model", metavar="HF_DIR_OR_GGUF", help="starting model (default: the embedded model)"
    )
    parser.add_argument("--stages", help="comma-separated subset of sft,grpo,export,eval")
    parser.add_argument("--out", metavar="DIR", help="run directory (overrides output_dir)")
    parser.add_argument("--no-install", action="store_true", help="do not install the result")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")


def run(args: argparse.Namespace) -> int:
    """Run the refresh and print the model card."""
    cfg = RefreshConfig.from_yaml(args.config) if args.config else RefreshConfig()
    updates: dict[str, Any] = {}
    if args.model:
        updates["model"] = args.model
    if args.stages:
        updates["stages"] = [s.strip() for s in args.stages.split(",") if s.strip()]
    if args.out:
        updates["output_dir"] = args.out
    if args.no_install:
        updates["install"] = False
    cfg = RefreshConfig.model_validate({**cfg.model_dump(), **updates})
    card = refresh(cfg, progress=not args.no_progress)
    print(model_card_markdown(card))
    return 0
