"""``cdoctest-train``: the training command line (``grpo``, ``eval``, ... register here).

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and ``run(args) -> int``;
``SUBCOMMANDS`` lists them, and a later subcommand (``sft``, ``export``, ``refresh``, ``report``)
adds itself by appending one ``(name, module, help)`` entry. Only this module chooses exit codes:
0 success, 1 a training/evaluation failure, 2 a usage, configuration, model or data error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS: list[tuple[str, str, str]] = [
    ("grpo", "training.grpo_cli", "train the policy with GRPO (cdoctest rewards)"),
    ("eval", "training.evaluate", "evaluate a model on a data set split"),
    ("report", "training.report", "write a self-contained HTML dashboard of a run"),
    (
        "sft",
        "training.sft",
        "prompt-embedding SFT (2 new front blocks, or LoRA) on verified answers",
    ),
    (
        "export",
        "training.export_cli",
        "write a GGUF (full model or LoRA adapter) that llama.cpp serves",
    ),
    ("refresh", "training.refresh", "sft -> grpo -> export -> eval, then install the result"),
    (
        "rollback",
        "training.rollback_cli",
        "switch the installed trained model back to the previous one",
    ),
    (
        "synth",
        "training.synth",
        "generate the runner-verified synth-train and synth-heldout splits",
    ),
]


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with one sub-parser per registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="cdoctest-train", description="Train and evaluate the cdoctest model."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module_name, help_text in SUBCOMMANDS:
        module = importlib.import_module(module_name)
        child = sub.add_parser(
            name, help=help_text, description=(module.__doc__ or "").strip().splitlines()[0]
        )
        module.add_arguments(child)
        child.set_defaults(run_command=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``cdoctest-train``."""
    from pydantic import ValidationError

    from models.api import ModelError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run_command(args))
    except (ValidationError, ValueError, ModelError, FileNotFoundError) as exc:
        print(f"cdoctest-train {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"cdoctest-train {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a failure inside training/evaluation: report it, exit 1
        from training.grpo import TrainingError

        print(
            f"cdoctest-train {args.command}: "
            f"{'error' if isinstance(exc, TrainingError) else 'failed'}: {exc}",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
