"""Check a GGUF file ourselves before llama.cpp sees it, and read the metadata we need.

llama.cpp reports a bad file as a NULL pointer plus log lines; checking first lets us raise a typed
error that names the path and the reason: missing (:class:`ModelNotFound`), not a GGUF
(:class:`NotAGGUF`: wrong magic), truncated (:class:`ModelTruncated`: header cut short, or tensor
data ending past the end of the file: a partial download). Parsing uses ``gguf.GGUFReader``
(memory-mapped, so it costs milliseconds even for multi-GB files). The file layout is the one in
ggml's ``docs/gguf.md``: magic ``GGUF``, uint32 version, uint64 tensor count, uint64 KV count, KVs,
tensor infos, aligned tensor data.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass

from models.errors import ModelNotFound, ModelTruncated, NotAGGUF

GGUF_MAGIC = b"GGUF"


@dataclass(frozen=True)
class GGUFInfo:
    """What we read from a GGUF header. ``kind`` is ``general.type`` ('model' or 'adapter')."""

    path: str
    version: int
    architecture: str
    name: str
    kind: str
    size: int  # bytes on disk
    n_tensors: int
    context_length: int | None
    chat_template: str | None
    bos_token: str | None
    eos_token: str | None
    n_layer: int | None = None
    n_embd: int | None = None
    n_head: int | None = None
    n_head_kv: int | None = None

    def kv_cache_bytes(self, n_ctx: int, bytes_per_value: int = 2) -> int | None:
        """Size of an f16 KV cache of ``n_ctx`` cells: n_ctx x n_layer x 2 x n_head_kv x head_dim x 2 bytes."""
        if not (self.n_layer and self.n_embd and self.n_head):
            return None
        head_dim = self.n_embd // self.n_head
        return n_ctx * self.n_layer * 2 * (self.n_head_kv or self.n_head) * head_dim * bytes_per_value


def _field(reader, key: str):
    f = reader.fields.get(key)
    if f is None:
        return None
    try:
        return f.contents()
    except Exception:  # noqa: BLE001 - an odd field type is not worth failing the load for
        return None


def inspect_gguf(path: str) -> GGUFInfo:
    """Validate ``path`` as a complete GGUF file and return its metadata.

    Raises :class:`ModelNotFound`, :class:`NotAGGUF` or :class:`ModelTruncated`.
    """
    if not os.path.exists(path):
        raise ModelNotFound(path, "no such file")
    if not os.path.isfile(path):
        raise ModelNotFound(path, "not a regular file")
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        head = fh.read(24)
    if len(head) < 4 or head[:4] != GGUF_MAGIC:
        what = "empty file" if size == 0 else f"starts with {head[:4]!r}, not the GGUF magic b'GGUF'"
        raise NotAGGUF(path, f"not a GGUF file ({what})")
    if len(head) < 24:
        raise ModelTruncated(path, f"truncated GGUF header ({size} bytes)")
    version = struct.unpack("<I", head[4:8])[0]
    if version not in (1, 2, 3):
        raise NotAGGUF(path, f"unsupported GGUF version {version}")

    import gguf  # imported lazily: numpy-heavy, and only needed here

    try:
        reader = gguf.GGUFReader(path, "r")
    except Exception as exc:  # noqa: BLE001 - gguf raises ValueError/IndexError/struct errors alike
        raise ModelTruncated(
            path, f"truncated or corrupt: the GGUF ends early or is damaged ({size} bytes on disk; {type(exc).__name__}: {exc})"
        ) from exc
    end = max((t.data_offset + int(t.n_bytes) for t in reader.tensors), default=reader.data_offset)
    if end > size:
        raise ModelTruncated(
            path, f"truncated: tensor data needs {end} bytes but the file has {size} (partial download?)"
        )
    arch = _field(reader, "general.architecture") or ""
    ctx = _field(reader, f"{arch}.context_length") if arch else None
    tokens = reader.fields.get("tokenizer.ggml.tokens")

    def token_text(key: str) -> str | None:
        tid = _field(reader, key)
        if tid is None or tokens is None:
            return None
        try:
            return bytes(tokens.parts[tokens.data[int(tid)]]).decode("utf-8", "replace")
        except (IndexError, ValueError):
            return None

    return GGUFInfo(
        path=path,
        version=version,
        architecture=str(arch),
        name=str(_field(reader, "general.name") or os.path.splitext(os.path.basename(path))[0]),
        kind=str(_field(reader, "general.type") or "model"),
        size=size,
        n_tensors=len(reader.tensors),
        context_length=int(ctx) if ctx is not None else None,
        chat_template=_field(reader, "tokenizer.chat_template"),
        bos_token=token_text("tokenizer.ggml.bos_token_id"),
        eos_token=token_text("tokenizer.ggml.eos_token_id"),
        n_layer=_int(_field(reader, f"{arch}.block_count")),
        n_embd=_int(_field(reader, f"{arch}.embedding_length")),
        n_head=_int(_field(reader, f"{arch}.attention.head_count")),
        n_head_kv=_int(_field(reader, f"{arch}.attention.head_count_kv")),
    )


def _int(value) -> int | None:
    """An integer metadata value (per-layer arrays: their maximum), or None."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return max((int(v) for v in value), default=None)
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def known_architectures() -> frozenset[str]:
    """Architecture names gguf-py knows (a hint only: the llama.cpp build is the authority)."""
    import gguf

    return frozenset(gguf.MODEL_ARCH_NAMES.values())
