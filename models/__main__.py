"""``python -m models info``: which model and device would be used, and why.

Nothing is loaded unless ``--load`` is given.
"""

from __future__ import annotations

import argparse
import sys
from typing import Protocol, runtime_checkable

from models.api import ModelConfig, ModelError


@runtime_checkable
class _InProcess(Protocol):
    """A backend that decodes on this machine (llama.cpp here or in the model host)."""

    n_threads: int
    n_ctx: int


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit code (0 ok, 2 configuration/model error)."""
    parser = argparse.ArgumentParser(
        prog="python -m models",
        allow_abbrev=False,
        description="Inspect model resolution for cdoctest-gen.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    info = sub.add_parser("info", help="print which model would be used and why")
    info.add_argument("--model", help="GGUF path (highest precedence)")
    info.add_argument("--adapter", help="LoRA adapter GGUF")
    info.add_argument("--preset", help="named preset (see `python -m models presets`)")
    info.add_argument("--url", help="OpenAI-compatible server URL")
    info.add_argument("--n-gpu-layers", type=int, default=None)
    info.add_argument(
        "--load", action="store_true", help="also load the model and report the device used"
    )
    sub.add_parser("presets", help="list the named presets")
    args = parser.parse_args(argv)
    try:
        if args.command == "presets":
            from models.presets import cached_path, load_presets

            for p in load_presets().values():
                where = cached_path(p) or "not downloaded"
                print(
                    f"{p.name:22} {p.repo or '(embedded)'}/{p.file}\n{'':22} "
                    f"{p.description}\n{'':22} local: {where}"
                )
            return 0
        from models import load_backend, resolve_model
        from models.llama_lib import gpu_offload_supported

        config = ModelConfig(
            model=args.model,
            adapter=args.adapter,
            preset=args.preset,
            url=args.url,
            n_gpu_layers=args.n_gpu_layers,
        )
        mi = resolve_model(config)
        print(f"model:   {mi.name}\npath:    {mi.path}\nsource:  {mi.source}\nreason:  {mi.reason}")
        if mi.adapter:
            print(f"adapter: {mi.adapter}")
        if mi.device == "remote":
            print("device:  remote (HTTP backend)")
        else:
            gpu = gpu_offload_supported()
            planned = "gpu (all layers)" if gpu and args.n_gpu_layers != 0 else "cpu"
            print(
                f"device:  {planned} (llama.cpp GPU offload "
                f"{'available' if gpu else 'not available in this build'})"
            )
            from models.llama_lib import extra_bufts

            print(f"repack:  llama.cpp extra buffer types {extra_bufts()[1]}")
        if args.load:
            backend = load_backend(config)
            bi = backend.info
            print(
                f"loaded:  device={bi.device} n_gpu_layers={bi.n_gpu_layers}"
                + (
                    f" threads={backend.n_threads} n_ctx={backend.n_ctx}"
                    if isinstance(backend, _InProcess)
                    else ""
                )
            )
            backend.close()
        return 0
    except ModelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
