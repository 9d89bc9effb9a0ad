"""``cdoctest-train grpo``: run the GRPO loop (training.grpo) from a YAML config.

``--config FILE`` is optional: without it the defaults of ``GRPOConfig`` are used (CPU, the
embedded model). ``--model``, ``--steps`` and ``--out`` override the config's ``model``, ``steps``
and ``output_dir``; ``--resume DIR`` continues from a run directory's newest checkpoint (or from a
given ``checkpoints/step-NNNNNN`` directory) with that checkpoint's config.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train grpo``."""
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="YAML file of GRPOConfig fields (default: built-in defaults)",
    )
    parser.add_argument(
        "--model",
        metavar="HF_DIR_OR_GGUF",
        help="policy to start from (default: the embedded model)",
    )
    parser.add_argument("--steps", type=int, help="number of rollout steps (overrides the config)")
    parser.add_argument(
        "--resume", metavar="DIR", help="continue from a run directory or checkpoint directory"
    )
    parser.add_argument("--out", metavar="DIR", help="run directory (overrides output_dir)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Load the config, apply overrides, train; prints where the run went."""
    from training.checkpoint import latest_checkpoint
    from training.config import GRPOConfig
    from training.grpo import train

    if args.config:
        cfg = GRPOConfig.from_yaml(args.config)
    elif args.resume:
        cfg = GRPOConfig.from_yaml(latest_checkpoint(args.resume) / "config.yaml")
    else:
        cfg = GRPOConfig()
    updates = {}
    if args.model:
        updates["model"] = args.model
    if args.steps is not None:
        updates["steps"] = args.steps
    if args.out:
        updates["output_dir"] = args.out
    cfg = GRPOConfig.model_validate({**cfg.model_dump(), **updates})
    state = train(cfg, resume=args.resume, progress=not args.no_progress)
    print(f"done: {state.step} steps; run directory {state.cfg.output_dir}", file=sys.stderr)
    return 0
