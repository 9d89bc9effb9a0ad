"""A base GGUF for a model with no GGUF ancestry (``export_new``): the 3B path's tiny test models.

A model built from a ``llama``/``qwen2``/``qwen3`` transformers config (tests/training/
test_export_qwen.py: tiny random Qwen2/Qwen3) has no source GGUF to copy metadata from, so its
hyper-parameters are written from the config and every ``tokenizer.*`` key (vocabulary, merges,
chat template, special ids) is copied from a donor GGUF whose vocabulary the model uses. RoPE
scaling and sliding windows are refused (:class:`training.export_gguf.ExportError`), as is a
vocabulary size the tokenizer does not have. The tensors are written as ``training.export``
writes a full model.
"""

from __future__ import annotations

import os
from typing import Any

from training.export_gguf import (
    ExportError,
    ExportReport,
    add_model_tensors,
    check_outtype,
    copy_metadata,
    file_type,
    finish_file,
    hparams,
    open_reader,
    staged,
)

#: transformers ``model_type`` -> GGUF architecture that :func:`export_new` writes.
NEW_ARCHS = {"llama": "llama", "qwen2": "qwen2", "qwen3": "qwen3"}
#: Tokenizer keys copied from the donor GGUF by :func:`export_new`.
TOKENIZER_PREFIX = "tokenizer."


def _rope_theta(config: Any) -> float:
    params = getattr(config, "rope_parameters", None) or {}
    rope_type = params.get("rope_type", "default")
    if rope_type != "default":
        raise ExportError(
            f"rope_type {rope_type!r}: export_new writes plain RoPE only "
            "(convert the model with llama.cpp's convert_hf_to_gguf.py)"
        )
    theta = params.get("rope_theta", getattr(config, "rope_theta", None))
    if theta is None:
        raise ExportError("the config has no rope_theta")
    return float(theta)


def _add_hparams(writer: Any, arch: str, config: Any) -> None:
    """Write the ``{arch}.*`` hyper-parameters llama.cpp reads, from a transformers config."""
    n_blocks, n_head, n_kv = hparams(config)
    hidden = int(config.hidden_size)
    head_dim = int(getattr(config, "head_dim", None) or hidden // n_head)
    if getattr(config, "use_sliding_window", False):
        raise ExportError("sliding-window attention is not exported (use_sliding_window is set)")
    writer.add_context_length(int(config.max_position_embeddings))
    writer.add_embedding_length(hidden)
    writer.add_block_count(n_blocks)
    writer.add_feed_forward_length(int(config.intermediate_size))
    writer.add_head_count(n_head)
    writer.add_head_count_kv(n_kv)
    writer.add_rope_freq_base(_rope_theta(config))
    writer.add_layer_norm_rms_eps(float(config.rms_norm_eps))
    writer.add_key_length(head_dim)
    writer.add_value_length(head_dim)
    writer.add_rope_dimension_count(head_dim)
    writer.add_vocab_size(int(config.vocab_size))


def export_new(
    model: Any,
    out: str | os.PathLike[str],
    *,
    tokenizer_gguf: str,
    outtype: str = "f32",
    name: str | None = None,
) -> ExportReport:
    """Write a full GGUF for a model that has no source GGUF.

    For a model built from a transformers config (e.g. the tests' tiny random Qwen2/Qwen3 models)
    the hyper-parameters come from
    ``model.config`` (``llama``, ``qwen2`` or ``qwen3``; plain RoPE, no sliding window), the
    tokenizer
    and chat template (every ``tokenizer.*`` key) from ``tokenizer_gguf``, whose vocabulary must
    have
    ``config.vocab_size`` tokens. The result is a base that ``load_policy``, :func:`export_full` and
    :func:`export_lora` accept like any downloaded GGUF.
    """
    import gguf

    check_outtype(outtype)
    config = model.config
    model_type = getattr(config, "model_type", None)
    if model_type not in NEW_ARCHS:
        raise ExportError(
            f"model_type {model_type!r}: export_new writes {', '.join(sorted(NEW_ARCHS))}"
        )
    arch = NEW_ARCHS[model_type]
    reader = open_reader(tokenizer_gguf)
    tokens = reader.get_field("tokenizer.ggml.tokens")
    n_tokens = len(tokens.data) if tokens is not None else 0
    if n_tokens != int(config.vocab_size):
        raise ExportError(
            f"{tokenizer_gguf}: its tokenizer has {n_tokens} tokens but the model's vocab_size is "
            f"{config.vocab_size}: build the model with the donor's vocabulary size"
        )
    n_blocks = int(config.num_hidden_layers)
    with staged(out) as (target, tmp):
        writer = gguf.GGUFWriter(str(tmp), arch)
        writer.add_type(gguf.GGUFType.MODEL)
        writer.add_name(name or f"{arch} {n_blocks}-block model")
        _add_hparams(writer, arch, config)
        writer.add_file_type(int(file_type(outtype)))
        copy_metadata(
            reader,
            writer,
            {f.name for f in reader.fields.values() if not f.name.startswith(TOKENIZER_PREFIX)},
        )
        count, _ = add_model_tensors(writer, model, arch, outtype, {}, 0)
        size = finish_file(writer, tmp, target)
    return ExportReport(
        str(target), "model", arch, str(tokenizer_gguf), outtype, n_blocks, count, 0, size
    )
