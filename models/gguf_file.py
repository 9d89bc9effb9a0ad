"""Check a GGUF file ourselves before llama.cpp sees it, and read the metadata we need.

llama.cpp reports a bad file as a NULL pointer plus log lines; checking first lets us raise a typed
error that names the path and the reason: missing (:class:`ModelNotFound`), not a GGUF
(:class:`NotAGGUF`: wrong magic), truncated (:class:`ModelTruncated`: header cut short, or tensor
data ending past the end of the file: a partial download). The header is parsed here with
``struct`` over an mmap (~0.1 s for a 150k-entry vocabulary; ``gguf.GGUFReader`` takes seconds
because it builds numpy views for every token string). The file layout is the one in
ggml's ``docs/gguf.md``: magic ``GGUF``, uint32 version, uint64 tensor count, uint64 KV count, KVs,
tensor infos, aligned tensor data.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from typing import Any

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
        """Size of an f16 KV cache of ``n_ctx`` cells: n_ctx·n_layer·2·n_kv·head_dim·2 bytes."""
        if not (self.n_layer and self.n_embd and self.n_head):
            return None
        head_dim = self.n_embd // self.n_head
        return (
            n_ctx * self.n_layer * 2 * (self.n_head_kv or self.n_head) * head_dim * bytes_per_value
        )


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
        what = (
            "empty file" if size == 0 else f"starts with {head[:4]!r}, not the GGUF magic b'GGUF'"
        )
        raise NotAGGUF(path, f"not a GGUF file ({what})")
    if len(head) < 24:
        raise ModelTruncated(path, f"truncated GGUF header ({size} bytes)")
    version = struct.unpack("<I", head[4:8])[0]
    if version not in (1, 2, 3):
        raise NotAGGUF(path, f"unsupported GGUF version {version}")

    try:
        meta, tensors_end = _read_header(path, size)
    except _Short as exc:
        raise ModelTruncated(path, f"truncated GGUF header ({size} bytes on disk; {exc})") from None
    except (ValueError, UnicodeDecodeError, KeyError) as exc:
        raise ModelTruncated(
            path, f"truncated or corrupt: the GGUF header is damaged ({exc})"
        ) from exc
    if tensors_end > size:
        raise ModelTruncated(
            path,
            f"truncated: tensor data needs {tensors_end} bytes but the file has {size} (partial "
            f"download?)",
        )
    arch = str(meta.get("general.architecture") or "")
    tokens = meta.get("tokenizer.ggml.tokens")

    def token_text(key: str) -> str | None:
        tid = meta.get(key)
        if tid is None or tokens is None or not 0 <= int(tid) < len(tokens):
            return None
        text: str = tokens[int(tid)]
        return text

    ctx = meta.get(f"{arch}.context_length")
    return GGUFInfo(
        path=path,
        version=version,
        architecture=arch,
        name=str(meta.get("general.name") or os.path.splitext(os.path.basename(path))[0]),
        kind=str(meta.get("general.type") or "model"),
        size=size,
        n_tensors=int(meta["__n_tensors__"]),
        context_length=int(ctx) if ctx is not None else None,
        chat_template=meta.get("tokenizer.chat_template"),
        bos_token=token_text("tokenizer.ggml.bos_token_id"),
        eos_token=token_text("tokenizer.ggml.eos_token_id"),
        n_layer=_int(meta.get(f"{arch}.block_count")),
        n_embd=_int(meta.get(f"{arch}.embedding_length")),
        n_head=_int(meta.get(f"{arch}.attention.head_count")),
        n_head_kv=_int(meta.get(f"{arch}.attention.head_count_kv")),
    )


class _Short(Exception):
    """The header ends before a field does."""


# GGUF metadata value types -> struct format (8 = string, 9 = array)
_SCALAR = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}


def _read_header(path: str, size: int) -> tuple[dict[str, Any], int]:
    """Parse the KV metadata and tensor infos (gguf-py's reader is far slower: it builds numpy
    views for every token string). Returns (metadata, end offset of the tensor data).
    """
    import mmap

    from gguf import GGML_QUANT_SIZES, GGMLQuantizationType

    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as buf:
        pos = 0

        def take(fmt: str) -> Any:  # struct's value: an int, float or bool by ``fmt``
            nonlocal pos
            n = struct.calcsize(fmt)
            if pos + n > size:
                raise _Short(f"needs more than {size} bytes at offset {pos}")
            (value,) = struct.unpack_from(fmt, buf, pos)
            pos += n
            return value

        def string() -> str:
            nonlocal pos
            n = take("<Q")
            if pos + n > size:
                raise _Short(f"string of {n} bytes at offset {pos} runs past the end")
            value = bytes(buf[pos : pos + n]).decode("utf-8", "replace")
            pos += n
            return value

        def value(vtype: int, keep: bool) -> Any:  # a number, a string, a list of them, None
            nonlocal pos
            if vtype == 8:
                return string()
            if vtype == 9:
                etype, count = take("<I"), take("<Q")
                if count > size:
                    raise ValueError(f"array of {count} elements cannot fit in {size} bytes")
                if etype in _SCALAR and not keep:
                    pos += struct.calcsize(_SCALAR[etype]) * count
                    if pos > size:
                        raise _Short("array runs past the end")
                    return None
                items = [value(etype, keep) for _ in range(count)]
                return items if keep else None
            if vtype not in _SCALAR:
                raise ValueError(f"unknown metadata value type {vtype}")
            return take(_SCALAR[vtype])

        take("<I")  # magic (checked by the caller)
        take("<I")  # version
        n_tensors, n_kv = take("<Q"), take("<Q")
        meta: dict[str, Any] = {"__n_tensors__": n_tensors}
        for _ in range(n_kv):
            key = string()
            vtype = take("<I")
            # keep scalars, strings, and the token list (for the BOS/EOS texts); skip big arrays
            meta[key] = value(vtype, keep=(vtype != 9 or key == "tokenizer.ggml.tokens"))
        alignment = int(meta.get("general.alignment") or 32)
        end = 0
        for _ in range(n_tensors):
            string()  # name
            n_dims = take("<I")
            dims = [take("<Q") for _ in range(n_dims)]
            ggml_type = take("<I")
            offset = take("<Q")
            count = 1
            for d in dims:
                count *= d
            try:
                block, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
            except (ValueError, KeyError):
                raise ValueError(f"unknown tensor type {ggml_type}") from None
            end = max(end, offset + count // block * type_size)
        data_start = pos + (-pos % alignment)
        return meta, data_start + end


def _int(value: int | float | str | list[Any] | None) -> int | None:
    """An integer metadata value (per-layer arrays: their maximum), or None."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return max((int(v) for v in value), default=None)
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
