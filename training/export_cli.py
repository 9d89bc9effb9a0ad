"""``cdoctest-train export MODEL -o FILE.gguf``: the command line of ``training.export``."""

from __future__ import annotations

import argparse
import json
import sys

from training.export import export_path
from training.export_gguf import OUTTYPES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train export``."""
    parser.add_argument(
        "model", help="model directory, peft adapter directory, checkpoint or run directory"
    )
    parser.add_argument("-o", "--out", required=True, metavar="FILE.gguf", help="output GGUF path")
    parser.add_argument(
        "--outtype",
        choices=OUTTYPES,
        default="f32",
        help="weight type of written tensors (default f32: exact round trip; 1-D tensors stay F32)",
    )
    parser.add_argument(
        "--base-gguf", metavar="FILE", help="source GGUF (default: found from the model's lineage)"
    )
    parser.add_argument(
        "--merge", action="store_true", help="merge a LoRA into a full GGUF instead of an adapter"
    )
    parser.add_argument(
        "--requantize-all",
        action="store_true",
        help="write every tensor in --outtype (default: unchanged tensors keep their source "
        "quantisation)",
    )


def run(args: argparse.Namespace) -> int:
    """Export and print the report as JSON."""
    report = export_path(
        args.model,
        args.out,
        base_gguf=args.base_gguf,
        outtype=args.outtype,
        merge=args.merge,
        keep_unchanged=not args.requantize_all,
    )
    print(json.dumps(report.to_dict(), indent=1))
    hint = (
        f"cdoctest-gen --model {report.base_gguf} --adapter {report.path}"
        if report.kind == "adapter"
        else f"cdoctest-gen --model {report.path}"
    )
    print(f"serve it with: {hint}", file=sys.stderr)
    return 0
