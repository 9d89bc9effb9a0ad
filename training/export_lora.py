"""A peft LoRA model as a llama.cpp LoRA adapter GGUF (``export_lora``).

``general.type = adapter``, ``adapter.type = lora``, ``adapter.lora.alpha`` (peft's alpha; rsLoRA
as ``alpha·sqrt(r)``), and per adapted weight ``<gguf name>.lora_a`` (peft ``lora_A``, (r, in))
and ``.lora_b`` (``lora_B``, (out, r)), whose rows are permuted into llama.cpp's rotary order for
q/k of the ``llama`` architecture. llama.cpp computes ``W·x + alpha/r · B(A·x)``, as peft does.
Plain LoRA only: DoRA, rank/alpha patterns, ``modules_to_save`` and adapted embeddings are refused
(:class:`training.export_gguf.ExportError`). ``training.export.export_model`` chooses this output
for a LoRA whose base is the untouched source GGUF. The GGUF pieces are ``training.export_gguf``'s.
"""

from __future__ import annotations

import math
import os
import re
from typing import Any

from training.export_gguf import (
    PERMUTE_QK_ARCHS,
    ExportError,
    ExportReport,
    TensorNames,
    block_count,
    check_outtype,
    checked_arch,
    encode,
    finish_file,
    hparams,
    open_reader,
    permute_qk,
    qk_heads,
    staged,
)


def lora_alpha_for_gguf(peft_config: Any) -> float:
    """The ``adapter.lora.alpha`` that makes llama.cpp's ``alpha/r`` equal peft's scale."""
    r, alpha = int(peft_config.r), float(peft_config.lora_alpha)
    return alpha * math.sqrt(r) if getattr(peft_config, "use_rslora", False) else alpha


def _check_lora(peft_config: Any) -> None:
    problems = []
    if getattr(peft_config, "use_dora", False):
        problems.append("DoRA")
    if getattr(peft_config, "rank_pattern", None) or getattr(peft_config, "alpha_pattern", None):
        problems.append("rank/alpha patterns")
    if getattr(peft_config, "modules_to_save", None):
        problems.append(f"modules_to_save {peft_config.modules_to_save}")
    if getattr(peft_config, "bias", "none") != "none":
        problems.append(f"bias={peft_config.bias!r}")
    if problems:
        raise ExportError(
            "a llama.cpp LoRA adapter holds plain low-rank deltas only; this adapter uses "
            + ", ".join(problems)
            + " (export a merged full GGUF instead: --merge)"
        )


def export_lora(
    peft_model: Any,
    out: str | os.PathLike[str],
    *,
    base_gguf: str,
    outtype: str = "f32",
    adapter_name: str = "default",
) -> ExportReport:
    """Write the LoRA weights of ``peft_model`` as a llama.cpp adapter GGUF for ``base_gguf``."""
    import gguf
    import torch
    from peft import get_peft_model_state_dict

    check_outtype(outtype)
    reader = open_reader(base_gguf)
    arch = checked_arch(reader, base_gguf)
    peft_config = peft_model.peft_config[adapter_name]
    _check_lora(peft_config)
    config = peft_model.get_base_model().config
    n_blocks, n_head, n_kv = hparams(config)
    src_blocks = block_count(reader, arch)
    if n_blocks != src_blocks:
        raise ExportError(
            f"the adapter's base has {n_blocks} blocks but {base_gguf} has {src_blocks}: "
            "an adapter cannot add layers; export a merged full GGUF instead"
        )
    names = TensorNames(arch, n_blocks)
    base_names = {t.name for t in reader.tensors}
    state = get_peft_model_state_dict(peft_model, adapter_name=adapter_name)
    pairs: dict[str, dict[str, Any]] = {}
    for key, tensor in state.items():
        match = re.match(r"(?:base_model\.model\.)?(.*)\.lora_([AB])\.weight$", key)
        if not match:
            raise ExportError(
                f"unexpected tensor {key!r} in the adapter (only lora_A/lora_B are exported)"
            )
        pairs.setdefault(match.group(1), {})[match.group(2)] = tensor
    with staged(out) as (target, tmp):
        writer = gguf.GGUFWriter(str(tmp), arch)
        writer.add_type(gguf.GGUFType.ADAPTER)
        writer.add_string(gguf.Keys.Adapter.TYPE, "lora")
        writer.add_float32(gguf.Keys.Adapter.LORA_ALPHA, lora_alpha_for_gguf(peft_config))
        name_field = reader.get_field("general.name")
        if name_field is not None:
            writer.add_string("general.name", f"{name_field.contents()} cdoctest LoRA")
        count = 0
        for module, ab in sorted(pairs.items()):
            name = names(module + ".weight")
            if name not in base_names:
                raise ExportError(f"{module}: the base GGUF has no tensor {name} to adapt")
            if name.startswith(("token_embd", "output.")) or name.endswith("_norm.weight"):
                raise ExportError(
                    f"{module}: llama.cpp adapters cannot adapt {name}; leave it out of "
                    f"target_modules"
                )
            a = ab["A"].detach().to(torch.float32).cpu().numpy()
            b = ab["B"].detach().to(torch.float32).cpu().numpy()
            if arch in PERMUTE_QK_ARCHS:
                heads = qk_heads(name, n_head, n_kv)
                if heads is not None:
                    b = permute_qk(b, heads)  # rows of B are the output rows of W
            for suffix, array in (("lora_a", a), ("lora_b", b)):
                data, raw_dtype = encode(array, outtype)
                writer.add_tensor(f"{name}.{suffix}", data, raw_dtype=raw_dtype)
                count += 1
        if not count:
            raise ExportError("the adapter has no LoRA weights")
        size = finish_file(writer, tmp, target)
    return ExportReport(
        str(target), "adapter", arch, str(base_gguf), outtype, n_blocks, count, 0, size
    )
