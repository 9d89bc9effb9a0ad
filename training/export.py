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
``convert_hf_to_gguf.py`` first. Errors are ``training.export_gguf.ExportError`` (a
``models.api.ModelError``); the GGUF reading and writing pieces the three outputs share are in
``training.export_gguf``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from training.export_gguf import (
    ExportError,
    ExportReport,
    add_model_tensors,
    block_count,
    check_outtype,
    checked_arch,
    copy_metadata,
    file_type,
    finish_file,
    hparams,
    open_reader,
    staged,
)

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

    check_outtype(outtype)
    reader = open_reader(base_gguf)
    arch = checked_arch(reader, base_gguf)
    n_blocks, _, _ = hparams(model.config)
    src_blocks = block_count(reader, arch)
    offset = n_blocks - src_blocks  # blocks added at the front (training.expand)
    source = {t.name: t for t in reader.tensors}
    with staged(out) as (target, tmp):
        writer = gguf.GGUFWriter(str(tmp), arch)
        copy_metadata(reader, writer, {f"{arch}.block_count", "general.file_type"})
        writer.add_block_count(n_blocks)
        writer.add_file_type(int(file_type(outtype)))
        count, raw = add_model_tensors(
            writer, model, arch, outtype, source if keep_unchanged else {}, offset
        )
        size = finish_file(writer, tmp, target)
    return ExportReport(
        str(target), "model", arch, str(base_gguf), outtype, n_blocks, count, raw, size
    )


# --------------------------------------------------------------------------- dispatch


def _is_untouched_base(peft_model: Any, base_gguf: str) -> bool:
    """Whether ``peft_model``'s frozen base is exactly the model of ``base_gguf``'s conversion."""
    base = peft_model.get_base_model()
    n_blocks, _, _ = hparams(base.config)
    reader = open_reader(base_gguf)
    arch = checked_arch(reader, base_gguf)
    if n_blocks != block_count(reader, arch):
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
        from training.checkpoint import latest_checkpoint

        return latest_checkpoint(p) / "model"
    raise ExportError(
        f"{path}: no model here (expected config.json or adapter_config.json, "
        "a checkpoint's model/ or a run directory with checkpoints/)"
    )
