"""``cdoctest-train export``: write what llama.cpp serves from a trained torch model.

Two outputs (``export_model`` picks by what it is given):

- **LoRA adapter GGUF** (``training.export_lora.export_lora``) for a peft LoRA model whose base is
the untouched
  source GGUF: ``general.type = adapter``, ``adapter.type = lora``, ``adapter.lora.alpha``, and
  per adapted weight ``<gguf name>.lora_a`` (peft ``lora_A``, shape (r, in)) and ``.lora_b``
  (``lora_B``, (out, r)). llama.cpp computes ``W·x + alpha/r · B(A·x)``, the same as peft. Serve it
  with ``cdoctest-gen --model BASE.gguf --adapter ADAPTER.gguf`` (or ``Llama(model_path=BASE,
  lora_path=ADAPTER)``). Plain LoRA only: DoRA, rank/alpha patterns, ``modules_to_save`` and
  adapted embeddings are refused (:class:`ExportError`); rsLoRA is written as ``alpha·sqrt(r)``.
- **Full GGUF** (:func:`export_full`) otherwise: every tensor of the torch model, with the block
  count taken from the model's config (so the two blocks added by ``training.expand`` are there as
  ``blk.0``/``blk.1`` and the original blocks follow), and all other metadata — tokenizer, chat
  template, hyper-parameters — copied from the source GGUF with the ``gguf`` library. A LoRA model
  whose base is *not* the source GGUF (e.g. LoRA on an expanded model) is merged first.
- **New base GGUF** (``training.export_new.export_new``) for a model with no GGUF ancestry (one
built from a
  ``llama``/``qwen2``/``qwen3`` transformers config): hyper-parameters from the config, tokenizer
  and
  chat template from a donor GGUF. tests/training/test_export_qwen.py uses it for the 3B path on
  tiny random Qwen2/Qwen3 models (base -> LoRA GRPO -> adapter and merged GGUF -> llama.cpp).

Weights: tensor names come from gguf-py's ``TensorNameMap`` for the source architecture; for the
``llama`` architecture the q/k projection rows are permuted into llama.cpp's rotary layout (as
llama.cpp's ``convert_hf_to_gguf.py`` does; transformers undoes it on load), for LoRA only the
``lora_b`` rows. Supported architectures: ``llama`` (SmolLM2, Llama, Mistral GGUFs) and ``qwen2``/
``qwen3`` (no permutation). ``outtype`` is ``f32`` (default; the round trip is then exact up to
float rounding), ``f16`` or ``q8_0`` (2-D weights; 1-D tensors such as norms stay F32). With
``keep_unchanged`` (default on) a tensor whose values are bit-for-bit the dequantised source
tensor (e.g. the frozen original blocks after block-expansion SFT) is copied raw in its original
quantisation, which keeps the file small and its numbers those of the original model.

The source GGUF of a model is found by :func:`source_gguf`: a ``SOURCE`` file in the model
directory (written by ``training.hf_model``'s conversion: the weights *are* that GGUF's) or a
``DERIVED_FROM`` file (written by ``training.sft`` for trained models), else the ``model`` field of
a
GRPO checkpoint's ``config.yaml`` (null = the embedded model), followed recursively. Models with no
GGUF ancestry (a Hugging Face download) are refused: convert them with llama.cpp's
``convert_hf_to_gguf.py`` first. Errors are :class:`ExportError` (a ``models.api.ModelError``).
"""

from __future__ import annotations

import contextlib
import json
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


# --------------------------------------------------------------------------- lineage


def source_gguf(model_dir: str | os.PathLike[str], _depth: int = 0) -> str:
    """The GGUF a saved torch model descends from (module docstring); ``ExportError`` if none."""
    path = Path(model_dir)
    if path.is_file() and path.suffix == ".gguf":
        return str(path.resolve())
    if _depth > 8:
        raise ExportError(f"{model_dir}: model lineage too deep while looking for the source GGUF")
    for marker in ("SOURCE", "DERIVED_FROM"):
        if (path / marker).is_file():
            return source_gguf((path / marker).read_text().strip(), _depth + 1)
    for config in (path / "config.yaml", path.parent / "config.yaml"):
        if config.is_file():
            import yaml

            data = yaml.safe_load(config.read_text()) or {}
            if "model" in data:
                origin = data["model"]
                if origin is None:
                    from training.hf_model import embedded_gguf_path

                    return embedded_gguf_path()
                return source_gguf(origin, _depth + 1)
    adapter_config = path / "adapter_config.json"
    if adapter_config.is_file():
        base = json.loads(adapter_config.read_text()).get("base_model_name_or_path")
        if base and os.path.exists(base):
            return source_gguf(base, _depth + 1)
    raise ExportError(
        f"{model_dir}: cannot tell which GGUF this model came from (no SOURCE file, no run "
        f"config.yaml); "
        "pass --base-gguf, or convert a plain Hugging Face model with llama.cpp's "
        "convert_hf_to_gguf.py"
    )


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


class _Names:
    """HF parameter name -> GGUF tensor name for one architecture and block count."""

    def __init__(self, arch: str, n_blocks: int) -> None:
        import gguf

        by_name = {name: key for key, name in gguf.MODEL_ARCH_NAMES.items()}
        if arch not in by_name:
            raise ExportError(f"architecture {arch!r} is unknown to gguf-py")
        self._map = gguf.get_tensor_name_map(by_name[arch], n_blocks)

    def __call__(self, hf_name: str) -> str:
        name = self._map.get_name(hf_name, try_suffixes=(".weight", ".bias"))
        if name is None:
            raise ExportError(f"no GGUF tensor name for parameter {hf_name!r}")
        return name


def _hparams(config: Any) -> tuple[int, int, int]:
    n_head = int(config.num_attention_heads)
    n_kv = int(getattr(config, "num_key_value_heads", None) or n_head)
    return int(config.num_hidden_layers), n_head, n_kv


def _qk_heads(gguf_name: str, n_head: int, n_kv: int) -> int | None:
    if re.search(r"\.attn_q\.(weight|bias)$", gguf_name):
        return n_head
    if re.search(r"\.attn_k\.(weight|bias)$", gguf_name):
        return n_kv
    return None


def _encode(array: np.ndarray, outtype: str) -> tuple[np.ndarray, Any]:
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


def _file_type(outtype: str) -> int:
    import gguf

    return {
        "f32": gguf.LlamaFileType.ALL_F32,
        "f16": gguf.LlamaFileType.MOSTLY_F16,
        "q8_0": gguf.LlamaFileType.MOSTLY_Q8_0,
    }[outtype]


def _reader(path: str) -> Any:
    from gguf import GGUFReader

    try:
        return GGUFReader(path)
    except Exception as exc:  # gguf-py raises ValueError/struct errors on a bad file
        raise ExportError(f"{path}: cannot read the source GGUF: {exc}") from exc


def _arch(reader: Any, path: str) -> str:
    field = reader.get_field("general.architecture")
    arch = field.contents() if field is not None else None
    if arch not in SUPPORTED_ARCHS:
        raise ExportError(
            f"{path}: architecture {arch!r} is not supported by the exporter "
            f"(supported: {', '.join(sorted(SUPPORTED_ARCHS))})"
        )
    return arch


def _check_outtype(outtype: str) -> None:
    if outtype not in OUTTYPES:
        raise ExportError(f"outtype {outtype!r}: choose one of {', '.join(OUTTYPES)}")


def _copy_metadata(reader: Any, writer: Any, skip: set[str]) -> None:
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


def _finish(writer: Any, tmp: Path, target: Path) -> int:
    """Write the GGUF to ``tmp``, then rename it to ``target``; its size in bytes."""
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    os.replace(tmp, target)
    return target.stat().st_size


@contextlib.contextmanager
def _staged(out: str | os.PathLike[str]) -> Iterator[tuple[Path, Path]]:
    """``(target, tmp)``: the output and the sibling written first (removed if the body fails)."""
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        yield target, tmp
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# --------------------------------------------------------------------------- full model


def export_full(
    model: Any,
    out: str | os.PathLike[str],
    *,
    base_gguf: str,
    outtype: str = "f32",
    keep_unchanged: bool = True,
) -> ExportReport:
    """Write ``model`` (a transformers causal LM, possibly expanded) as a full GGUF at ``out``.

    Metadata and tokenizer come from ``base_gguf``; ``{arch}.block_count`` and ``general.file_type``
    are rewritten. The file is written to a temporary sibling and renamed (no half-written output).
    """
    import gguf

    _check_outtype(outtype)
    reader = _reader(base_gguf)
    arch = _arch(reader, base_gguf)
    n_blocks, _, _ = _hparams(model.config)
    src_blocks = int(reader.get_field(f"{arch}.block_count").contents())
    offset = n_blocks - src_blocks  # blocks added at the front (training.expand)
    source = {t.name: t for t in reader.tensors}
    with _staged(out) as (target, tmp):
        writer = gguf.GGUFWriter(str(tmp), arch)
        _copy_metadata(reader, writer, {f"{arch}.block_count", "general.file_type"})
        writer.add_block_count(n_blocks)
        writer.add_file_type(int(_file_type(outtype)))
        count, raw = _add_model_tensors(
            writer, model, arch, outtype, source if keep_unchanged else {}, offset
        )
        size = _finish(writer, tmp, target)
    return ExportReport(
        str(target), "model", arch, str(base_gguf), outtype, n_blocks, count, raw, size
    )


def _add_model_tensors(
    writer: Any, model: Any, arch: str, outtype: str, source: dict[str, Any], offset: int
) -> tuple[int, int]:
    """Add every tensor of ``model`` to ``writer``; return ``(tensors, raw-copied)``.

    A tensor equal to its ``source`` counterpart (block index shifted by ``offset``) is copied raw
    in its source quantisation.
    """
    import torch

    n_blocks, n_head, n_kv = _hparams(model.config)
    names = _Names(arch, n_blocks)
    tied = bool(getattr(model.config, "tie_word_embeddings", False))
    count = raw = 0
    for hf_name, tensor in model.state_dict().items():
        if tied and hf_name == "lm_head.weight":
            continue
        name = names(hf_name)
        array = tensor.detach().to(torch.float32).cpu().numpy()
        if arch in PERMUTE_QK_ARCHS:
            heads = _qk_heads(name, n_head, n_kv)
            if heads is not None:
                array = permute_qk(array, heads)
        original = source.get(_source_name(name, offset))
        if original is not None and _same_values(original, array):
            writer.add_tensor(
                name,
                np.asarray(original.data),
                raw_shape=original.data.shape,
                raw_dtype=original.tensor_type,
            )
            raw += 1
        else:
            data, raw_dtype = _encode(array, outtype)
            writer.add_tensor(name, data, raw_dtype=raw_dtype)
        count += 1
    return count, raw


def _source_name(name: str, offset: int) -> str:
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


# --------------------------------------------------------------------------- dispatch


def _is_untouched_base(peft_model: Any, base_gguf: str) -> bool:
    """Whether ``peft_model``'s frozen base is exactly the model of ``base_gguf``'s conversion."""
    base = peft_model.get_base_model()
    n_blocks, _, _ = _hparams(base.config)
    reader = _reader(base_gguf)
    arch = _arch(reader, base_gguf)
    if n_blocks != int(reader.get_field(f"{arch}.block_count").contents()):
        return False
    origin = getattr(base.config, "_name_or_path", "") or getattr(base, "name_or_path", "")
    source_file = Path(origin) / "SOURCE" if origin else None
    if source_file is None or not source_file.is_file():
        return False
    if os.path.realpath(source_file.read_text().strip()) == os.path.realpath(base_gguf):
        return True
    # The conversion cache is keyed by the GGUF's SHA-256: the same bytes at another path (another
    # virtual environment, a reinstalled wheel) are the same base.
    from training.hf_model import cache_root, file_sha256

    here = Path(origin).resolve()
    return here.parent == cache_root().resolve() and here.name == file_sha256(base_gguf)


def export_model(
    model: Any,
    out: str | os.PathLike[str],
    *,
    base_gguf: str,
    outtype: str = "f32",
    merge: bool = False,
    keep_unchanged: bool = True,
) -> ExportReport:
    """Export an in-memory model: a LoRA model on the untouched source becomes an adapter (unless
    ``merge``), any other model (or a merged LoRA) a full GGUF.
    """
    is_peft = hasattr(model, "peft_config")
    if is_peft and not merge and _is_untouched_base(model, base_gguf):
        from training.export_lora import export_lora

        return export_lora(model, out, base_gguf=base_gguf, outtype=outtype)
    if is_peft:
        import copy

        model = copy.deepcopy(model).merge_and_unload()
    return export_full(
        model, out, base_gguf=base_gguf, outtype=outtype, keep_unchanged=keep_unchanged
    )


def load_trained_policy(path: str | None, device: str = "cpu") -> tuple[Any, Any]:
    """``(model, tokenizer)`` of a GGUF, HF directory, None (embedded) or a peft adapter directory
    (on its base, found from ``adapter_config.json`` or the lineage); eval mode.
    """
    from training.hf_model import load_policy

    directory = Path(path) if path is not None else None
    if directory is None or not (directory / "adapter_config.json").is_file():
        return load_policy(path, device=device)
    from peft import PeftModel

    base_ref = json.loads((directory / "adapter_config.json").read_text()).get(
        "base_model_name_or_path"
    )
    if not base_ref or not os.path.exists(base_ref):
        base_ref = source_gguf(directory)
    base, tokenizer = load_policy(base_ref, device=device)
    model = PeftModel.from_pretrained(base, str(directory))
    model.eval()
    return model, tokenizer


def export_path(
    model_path: str,
    out: str,
    *,
    base_gguf: str | None = None,
    outtype: str = "f32",
    merge: bool = False,
    keep_unchanged: bool = True,
) -> ExportReport:
    """Export a saved model directory (HF model, peft adapter dir, a GRPO/SFT run's checkpoint)."""
    directory = _model_dir(model_path)
    base = base_gguf or source_gguf(directory)
    model, _ = load_trained_policy(str(directory))
    return export_model(
        model, out, base_gguf=base, outtype=outtype, merge=merge, keep_unchanged=keep_unchanged
    )


def _model_dir(path: str) -> Path:
    """Accept a model directory, a checkpoint directory (``model/`` inside) or a run directory."""
    p = Path(path)
    for candidate in (p, p / "model", p / "final"):
        if (candidate / "config.json").is_file() or (candidate / "adapter_config.json").is_file():
            return candidate
    if (p / "checkpoints").is_dir():
        from training.grpo import latest_checkpoint

        return latest_checkpoint(p) / "model"
    raise ExportError(
        f"{path}: no model here (expected config.json or adapter_config.json, "
        "a checkpoint's model/ or a run directory with checkpoints/)"
    )
