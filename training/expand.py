"""Block expansion (LLaMA Pro) at the front of a decoder: the prompt-embedding stage's model change.

``expand_front(model, n_new=2)`` inserts ``n_new`` decoder blocks before block 0 of a
transformers decoder-only model (``model.model.layers``: Llama, Qwen2, Qwen3, Mistral, ...). Each
new block is a copy of block 0 whose attention output projection (``self_attn.o_proj``) and MLP
down projection (``mlp.down_proj``) are zero (weights and biases), so with pre-norm residual blocks
``h + 0 + 0 = h``: the expanded model computes exactly the original function at step 0. The config
is updated (``num_hidden_layers``, ``layer_types`` when present) and every block's
``self_attn.layer_idx`` renumbered (KV-cache slots). ``freeze_except_new(model, n_new)`` leaves only
the new blocks trainable. At step 0 only the new blocks' ``o_proj``/``down_proj`` receive non-zero
gradients (the rest of each new block starts moving after the first update, as LoRA's ``B = 0``).

Note on cost: gradients still flow back through every frozen block to reach the front, so
activation memory and backward compute are those of full-depth back-propagation; only gradients and
optimizer state shrink to the new blocks. ``ExpansionError`` is raised for models without a
``model.layers`` list of blocks with those projections.
"""

from __future__ import annotations

import copy
from typing import Any

import torch

EXPANSION_FILE = "EXPANSION"  # JSON {"front": n_new, "source_layer": 0} in a saved expanded model


class ExpansionError(ValueError):
    """The model's structure is not one this expansion knows (no ``model.layers`` blocks)."""


def decoder_layers(model: Any) -> torch.nn.ModuleList:
    """The ``nn.ModuleList`` of decoder blocks of a causal LM (``model.model.layers``)."""
    inner = getattr(model, "model", None)
    layers = getattr(inner, "layers", None)
    if not isinstance(layers, torch.nn.ModuleList) or len(layers) == 0:
        raise ExpansionError(f"{type(model).__name__}: no decoder block list at model.model.layers")
    return layers


def _zero_output(block: Any) -> None:
    """Zero the output projections of ``block`` (a decoder layer: its submodules are attributes
    torch types as ``Tensor | Module``), so the new block adds nothing to the residual stream.
    """
    try:
        projections = (block.self_attn.o_proj, block.mlp.down_proj)
    except AttributeError as exc:
        raise ExpansionError(
            f"{type(block).__name__}: expected self_attn.o_proj and mlp.down_proj"
        ) from exc
    with torch.no_grad():
        for linear in projections:
            linear.weight.zero_()
            if getattr(linear, "bias", None) is not None:
                linear.bias.zero_()


def expand_front(model: Any, n_new: int = 2, source_layer: int = 0) -> Any:
    """Insert ``n_new`` identity-initialised copies of block ``source_layer`` in front, in place.

    Returns ``model``. The output (logits) is unchanged up to float rounding (exactly, on CPU).
    """
    if n_new < 1:
        raise ExpansionError(f"n_new must be >= 1, got {n_new}")
    layers = decoder_layers(model)
    if not 0 <= source_layer < len(layers):
        raise ExpansionError(
            f"source_layer {source_layer} out of range (the model has {len(layers)} blocks)"
        )
    new_blocks = []
    for _ in range(n_new):
        block = copy.deepcopy(layers[source_layer])
        _zero_output(block)
        new_blocks.append(block)
    model.model.layers = torch.nn.ModuleList([*new_blocks, *layers])
    config = model.config
    layer_types = getattr(config, "layer_types", None)
    if layer_types:
        config.layer_types = [layer_types[source_layer]] * n_new + list(layer_types)
    config.num_hidden_layers = len(model.model.layers)
    for index, block in enumerate(model.model.layers):
        attn = getattr(block, "self_attn", None)
        if attn is not None and hasattr(attn, "layer_idx"):
            attn.layer_idx = index
        if hasattr(block, "layer_idx"):
            block.layer_idx = index
    return model


def freeze_except_new(model: Any, n_new: int = 2) -> list[torch.nn.Parameter]:
    """Freeze every parameter but those of the first ``n_new`` blocks; return the trainable ones.

    Tied embeddings stay frozen (they belong to the original model).
    """
    for param in model.parameters():
        param.requires_grad_(False)
    trainable: list[torch.nn.Parameter] = []
    for block in list(decoder_layers(model))[:n_new]:
        for param in block.parameters():
            param.requires_grad_(True)
            trainable.append(param)
    return trainable


def new_block_names(model: Any, n_new: int = 2) -> set[str]:
    """Parameter names belonging to the first ``n_new`` blocks (for checks and logs)."""
    return {
        name
        for name, _ in model.named_parameters()
        if any(name.startswith(f"model.layers.{i}.") for i in range(n_new))
    }
