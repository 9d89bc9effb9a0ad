"""The GGUF pieces every exporter shares: reading the source file, naming, permuting and encoding
tensors, and writing the output atomically.

``training.export.export_full`` (a full model), ``training.export_lora.export_lora`` (a llama.cpp
LoRA adapter) and ``training.export_new.export_new`` (a base for a model with no GGUF ancestry)
are built from these. Contracts:

- :func:`open_reader` / :func:`checked_arch` / :func:`check_outtype` raise :class:`ExportError`
  for an unreadable source, an architecture outside :data:`SUPPORTED_ARCHS` and an ``outtype``
  outside :data:`OUTTYPES`.
- :class:`TensorNames` maps a Hugging Face parameter name to its GGUF tensor name (gguf-py's
  ``TensorNameMap``); :func:`qk_heads` says whether a GGUF tensor is a q/k projection whose rows
  :func:`permute_qk` puts into llama.cpp's rotary order (``PERMUTE_QK_ARCHS`` only).
- :func:`encode` gives ``GGUFWriter.add_tensor``'s data for an ``outtype`` (1-D tensors stay F32).
- :func:`staged` and :func:`finish_file` write to a temporary sibling and rename it, so a failed
  export leaves no half-written file.
- :func:`add_model_tensors` adds every tensor of a transformers model, copying raw (in the source
  quantisation) each tensor whose values are the source's.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from models.api import ModelError

OUTTYPES = ("f32", "f16", "q8_0")
PERMUTE_QK_ARCHS = frozenset({"llama"})
SUPPORTED_ARCHS = frozenset({"llama", "qwen2", "qwen3"})


class ExportError(ModelError):
    """The model cannot be exported (unsupported architecture or adapter, no source GGUF, I/O)."""


@dataclass(frozen=True)
class ExportReport:
    """What was written: ``kind`` is ``'model'`` (full GGUF) or ``'adapter'`` (LoRA GGUF)."""

    path: str
    kind: str
    architecture: str
    base_gguf: str  # the source GGUF (metadata/tokenizer donor; the base an adapter applies to)
    outtype: str
    block_count: int
    tensors: int
    raw_copied: int  # tensors copied unchanged in their source quantisation
    bytes: int

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return asdict(self)


# --------------------------------------------------------------------------- reading the source


def open_reader(path: str) -> Any:
    """A ``gguf.GGUFReader`` of ``path``; ``ExportError`` when the file cannot be read."""
    from gguf import GGUFReader

    try:
        return GGUFReader(path)
    except Exception as exc:  # gguf-py raises ValueError/struct errors on a bad file
        raise ExportError(f"{path}: cannot read the source GGUF: {exc}") from exc


def checked_arch(reader: Any, path: str) -> str:
    """The ``general.architecture`` of ``reader`` (the GGUF at ``path``), one of
    :data:`SUPPORTED_ARCHS`; ``ExportError`` otherwise.
    """
    field = reader.get_field("general.architecture")
    arch: str | None = field.contents() if field is not None else None
    if arch is None or arch not in SUPPORTED_ARCHS:
        raise ExportError(
            f"{path}: architecture {arch!r} is not supported by the exporter "
            f"(supported: {', '.join(sorted(SUPPORTED_ARCHS))})"
        )
    return arch


def block_count(reader: Any, arch: str) -> int:
    """The ``{arch}.block_count`` of the GGUF ``reader`` reads."""
    return int(reader.get_field(f"{arch}.block_count").contents())


def check_outtype(outtype: str) -> None:
    """``ExportError`` unless ``outtype`` is one of :data:`OUTTYPES`.

    >>> check_outtype("q4_0")
    Traceback (most recent call last):
    ...
    training.export_gguf.ExportError: outtype 'q4_0': choose one of f32, f16, q8_0
    """
    if outtype not in OUTTYPES:
        raise ExportError(f"outtype {outtype!r}: choose one of {', '.join(OUTTYPES)}")


def hparams(config: Any) -> tuple[int, int, int]:
    """``(blocks, attention heads, key/value heads)`` of a transformers config (key/value heads
    default to the attention heads).
    """
    n_head = int(config.num_attention_heads)
    n_kv = int(getattr(config, "num_key_value_heads", None) or n_head)
    return int(config.num_hidden_layers), n_head, n_kv


# --------------------------------------------------------------------------- tensors


def permute_qk(weight: np.ndarray, n_head: int) -> np.ndarray:
    """llama.cpp's rotary row order for a q/k projection (rows = n_head × head_dim): the inverse of
    transformers' ``reverse_permute`` on GGUF load.

    >>> permute_qk(np.arange(8).reshape(8, 1), 2)[:, 0].tolist()
    [0, 2, 1, 3, 4, 6, 5, 7]
    """
    shape = weight.shape
    return (
        weight.reshape(n_head, 2, shape[0] // n_head // 2, *shape[1:]).swapaxes(1, 2).reshape(shape)
    )


class TensorNames:
    """HF parameter name -> GGUF tensor name for one architecture and block count; calling it
    with a name gguf-py does not know raises ``ExportError``.
    """

    def __init__(self, arch: str, n_blocks: int) -> None:
        import gguf

        by_name = {name: key for key, name in gguf.MODEL_ARCH_NAMES.items()}
        if arch not in by_name:
            raise ExportError(f"architecture {arch!r} is unknown to gguf-py")
        self._map = gguf.get_tensor_name_map(by_name[arch], n_blocks)

    def __call__(self, hf_name: str) -> str:
        """The GGUF name of ``hf_name``."""
        name = self._map.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        if name is None:
            raise ExportError(f"no GGUF tensor name for parameter {hf_name!r}")
        return name


def qk_heads(gguf_name: str, n_head: int, n_kv: int) -> int | None:
    """The head count to permute ``gguf_name`` by: ``n_head`` for a q projection, ``n_kv`` for a
    k projection, None for any other tensor.

    >>> qk_heads("blk.3.attn_q.weight", 8, 2), qk_heads("blk.3.attn_k.bias", 8, 2)
    (8, 2)
    >>> qk_heads("blk.3.attn_v.weight", 8, 2) is None
    True
    """
    if re.search(r"\.attn_q\.(weight|bias)$", gguf_name):
        return n_head
    if re.search(r"\.attn_k\.(weight|bias)$", gguf_name):
        return n_kv
    return None


def encode(array: np.ndarray, outtype: str) -> tuple[np.ndarray, Any]:
    """``(data, raw_dtype)`` for ``GGUFWriter.add_tensor``; 1-D tensors always F32."""
    import gguf

    array = np.ascontiguousarray(array, dtype=np.float32)
    if array.ndim < 2 or outtype == "f32":
        return array, None
    if outtype == "q8_0" and array.shape[-1] % 32 == 0:
        return gguf.quants.quantize(
            array, gguf.GGMLQuantizationType.Q8_0
        ), gguf.GGMLQuantizationType.Q8_0
    return array.astype(np.float16), None


def file_type(outtype: str) -> int:
    """The ``general.file_type`` (a ``gguf.LlamaFileType``) of a file written as ``outtype``."""
    import gguf

    return {
        "f32": gguf.LlamaFileType.ALL_F32,
        "f16": gguf.LlamaFileType.MOSTLY_F16,
        "q8_0": gguf.LlamaFileType.MOSTLY_Q8_0,
    }[outtype]


def add_model_tensors(
    writer: Any, model: Any, arch: str, outtype: str, source: dict[str, Any], offset: int
) -> tuple[int, int]:
    """Add every tensor of ``model`` to ``writer``; return ``(tensors, raw-copied)``.

    A tensor equal to its ``source`` counterpart (block index shifted by ``offset``) is copied raw
    in its source quantisation.
    """
    import torch

    n_blocks, n_head, n_kv = hparams(model.config)
    names = TensorNames(arch, n_blocks)
    tied = bool(getattr(model.config, "tie_word_embeddings", False))
    count = raw = 0
    for hf_name, tensor in model.state_dict().items():
        if tied and hf_name == "lm_head.weight":
            continue
        name = names(hf_name)
        array = tensor.detach().to(torch.float32).cpu().numpy()
        if arch in PERMUTE_QK_ARCHS:
            heads = qk_heads(name, n_head, n_kv)
            if heads is not None:
                array = permute_qk(array, heads)
        original = source.get(source_name(name, offset))
        if original is not None and _same_values(original, array):
            writer.add_tensor(
                name,
                np.asarray(original.data),
                raw_shape=original.data.shape,
                raw_dtype=original.tensor_type,
            )
            raw += 1
        else:
            data, raw_dtype = encode(array, outtype)
            writer.add_tensor(name, data, raw_dtype=raw_dtype)
        count += 1
    return count, raw


def source_name(name: str, offset: int) -> str:
    """The source GGUF's name of tensor ``name`` when ``offset`` blocks were added at the front
    (``''`` for an added block's tensor).

    >>> source_name("blk.3.attn_q.weight", 2), source_name("blk.1.ffn_up.weight", 2)
    ('blk.1.attn_q.weight', '')
    >>> source_name("token_embd.weight", 2)
    'token_embd.weight'
    """
    match = re.match(r"blk\.(\d+)\.(.*)", name)
    if not match:
        return name
    index = int(match.group(1)) - offset
    return f"blk.{index}.{match.group(2)}" if index >= 0 else ""


def _same_values(tensor: Any, array: np.ndarray) -> bool:
    from gguf import dequantize

    if tuple(int(d) for d in reversed(tensor.shape)) != array.shape:
        return False
    values = dequantize(tensor.data, tensor.tensor_type).reshape(array.shape)
    return bool(np.array_equal(values.astype(np.float32), array))


# --------------------------------------------------------------------------- writing


def copy_metadata(reader: Any, writer: Any, skip: set[str]) -> None:
    """Copy every key of ``reader`` to ``writer`` except ``GGUF.*``, ``general.architecture``
    (the writer has its own) and the keys in ``skip``.
    """
    import gguf

    for field in reader.fields.values():
        if (
            field.name.startswith("GGUF.")
            or field.name == "general.architecture"
            or field.name in skip
        ):
            continue
        vtype = field.types[0]
        sub_type = field.types[-1] if vtype == gguf.GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, field.contents(), vtype, sub_type=sub_type)


@contextlib.contextmanager
def staged(out: str | os.PathLike[str]) -> Iterator[tuple[Path, Path]]:
    """``(target, tmp)``: the output and the sibling written first (removed if the body fails)."""
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        yield target, tmp
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def finish_file(writer: Any, tmp: Path, target: Path) -> int:
    """Write the GGUF to ``tmp``, then rename it to ``target``; its size in bytes."""
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    os.replace(tmp, target)
    return target.stat().st_size
