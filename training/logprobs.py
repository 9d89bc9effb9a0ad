"""Per-token log-probs of completion tokens, computed without full-vocabulary logits for the batch.

The backbone runs once over ``(B, T)``; only the last ``C`` hidden states (the completion
positions' predecessors) are projected through the LM head, ``chunk_size`` positions at a time, each
chunk under activation checkpointing, so at most ``chunk_size × V`` float32 logits exist at once,
in the forward *and* the backward pass (the chunk is recomputed during backward).
Logits are divided by the sampling temperature before the log-softmax, so the policy being
optimised is the one that sampled. Position ids are derived from the attention mask, as
``generate`` does, so left-padded prompts score exactly as they were sampled.

A GRPO batch holds ``G`` completions of each prompt in adjacent rows. The backbone then runs over
each distinct prompt once, and the ``G`` completions continue from its key/value cache, repeated
per row (``shared_prompt_cache``); the result is the same function of the weights (values and
gradients agree with the per-row pass to float rounding, tests/training/test_shared_prompt.py),
for about ``P + G·C`` instead of ``G·(P + C)`` token positions of compute and activations.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import Tensor
from torch.utils.checkpoint import checkpoint

from training.loss import kl_exact


def _unwrap(model: Any) -> Any:
    """The transformers model under a peft wrapper (or the model itself)."""
    get_base = getattr(model, "get_base_model", None)
    return get_base() if callable(get_base) else model


def position_ids(attention_mask: Tensor) -> Tensor:
    """Positions counted over real tokens (left padding sits at 0), as ``generate`` numbers them."""
    return (attention_mask.long().cumsum(-1) - 1).clamp(min=0)


def prompt_groups(input_ids: Tensor, attention_mask: Tensor, n_prompt: int) -> Tensor | None:
    """Each row's index among the distinct runs of adjacent equal prompts, or None if none repeat.

    >>> ids = torch.tensor([[1, 2, 7], [1, 2, 8], [3, 4, 9]])
    >>> prompt_groups(ids, torch.ones_like(ids), 2).tolist()
    [0, 0, 1]
    >>> prompt_groups(ids, torch.ones_like(ids), 3) is None
    True
    """
    if input_ids.shape[0] < 2 or n_prompt < 1:
        return None
    ids, mask = input_ids[:, :n_prompt], attention_mask[:, :n_prompt]
    same = (ids[1:] == ids[:-1]).all(dim=1) & (mask[1:] == mask[:-1]).all(dim=1)
    if not bool(same.any()):
        return None
    starts = torch.cat([same.new_ones(1), ~same])
    return torch.cumsum(starts.long(), dim=0) - 1


def _checkpointing(base: Any) -> bool:
    # transformers drops a layer's cache under active gradient checkpointing (training mode).
    return any(getattr(m, "gradient_checkpointing", False) and m.training for m in base.modules())


def shared_prompt_cache(
    model: Any, input_ids: Tensor, attention_mask: Tensor, groups: Tensor
) -> tuple[Any, Tensor]:
    """Run the backbone once per distinct prompt; return ``(cache, hidden)`` repeated per row.

    ``input_ids``/``attention_mask`` are the prompts ``(B, P)`` and ``groups`` maps each row to its
    distinct prompt (``prompt_groups``). The cache holds the ``P`` prompt positions for every row
    (with the autograd graph when gradients are enabled); ``hidden`` is ``(B, P', H)`` for the last
    position only (``P' = 1``), the state that predicts the first continuation token.
    """
    from transformers import DynamicCache

    base = _unwrap(model)
    firsts = torch.cat([groups.new_zeros(1), (groups[1:] != groups[:-1]).nonzero().squeeze(1) + 1])
    cache = DynamicCache(config=base.config)
    out = base.get_decoder()(
        input_ids=input_ids[firsts],
        attention_mask=attention_mask[firsts],
        position_ids=position_ids(attention_mask[firsts]),
        past_key_values=cache,
        use_cache=True,
    )
    cache.batch_select_indices(groups)
    last = _last_hidden(out)[:, -1:, :].index_select(0, groups)
    return cache, last


def _last_hidden(out: Any) -> Tensor:
    hidden: Tensor = out.last_hidden_state if hasattr(out, "last_hidden_state") else out[0]
    return hidden


def completion_hidden(
    model: Any, input_ids: Tensor, attention_mask: Tensor, n_completion: int
) -> Tensor:
    """Final hidden states that predict the last ``n_completion`` tokens: ``(B, n_completion, H)``.

    Position ``t`` predicts token ``t+1``, so the states are ``[T-C-1, T-1)``. Rows whose prompt
    part (the first ``T-C`` positions) repeats the previous row's share one prompt pass.
    """
    base = _unwrap(model)
    positions = position_ids(attention_mask)
    n_prompt = input_ids.shape[1] - n_completion
    groups = None if _checkpointing(base) else prompt_groups(input_ids, attention_mask, n_prompt)
    if groups is None:
        out = base.get_decoder()(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=positions,
            use_cache=False,
        )
        return _last_hidden(out)[:, -n_completion - 1 : -1, :]
    cache, last = shared_prompt_cache(
        model, input_ids[:, :n_prompt], attention_mask[:, :n_prompt], groups
    )
    if n_completion == 1:
        return last
    out = base.get_decoder()(
        input_ids=input_ids[:, n_prompt:-1],
        attention_mask=attention_mask[:, :-1],
        position_ids=positions[:, n_prompt:-1],
        past_key_values=cache,
        use_cache=True,
    )
    if cache.get_seq_length() != input_ids.shape[1] - 1:  # the model ignored the cache
        raise RuntimeError(
            f"{type(base).__name__}: the shared-prompt cache was not extended "
            f"({cache.get_seq_length()} of {input_ids.shape[1] - 1} positions)"
        )
    return torch.cat([last, _last_hidden(out)], dim=1)


def _selected(
    hidden: Tensor, weight: Tensor, bias: Tensor | None, targets: Tensor, temperature: float
) -> Tensor:
    logits = torch.nn.functional.linear(hidden, weight, bias).float() / temperature
    return torch.gather(logits, -1, targets.unsqueeze(-1)).squeeze(-1) - torch.logsumexp(
        logits, dim=-1
    )


def _kl_chunk(
    hidden: Tensor,
    ref_hidden: Tensor,
    weight: Tensor,
    bias: Tensor | None,
    ref_weight: Tensor,
    ref_bias: Tensor | None,
    temperature: float,
) -> Tensor:
    logp = torch.log_softmax(
        torch.nn.functional.linear(hidden, weight, bias).float() / temperature, -1
    )
    ref = torch.log_softmax(
        torch.nn.functional.linear(ref_hidden, ref_weight, ref_bias).float() / temperature, -1
    )
    return kl_exact(logp, ref)


def _head(model: Any) -> tuple[Tensor, Tensor | None]:
    head = _unwrap(model).get_output_embeddings()
    return head.weight, getattr(head, "bias", None)


def chunked_selected_logprobs(
    hidden: Tensor, model: Any, targets: Tensor, temperature: float = 1.0, chunk_size: int = 256
) -> Tensor:
    """``log softmax(head(hidden)/T)[targets]``: ``(B, C)`` float32.

    ``hidden`` is ``(B, C, H)``, ``targets`` ``(B, C)``.
    """
    weight, bias = _head(model)
    flat_h = hidden.reshape(-1, hidden.shape[-1])
    flat_t = targets.reshape(-1)
    pieces = []
    for start in range(0, flat_h.shape[0], chunk_size):
        h, t = flat_h[start : start + chunk_size], flat_t[start : start + chunk_size]
        if torch.is_grad_enabled() and h.requires_grad:
            pieces.append(
                checkpoint(_selected, h, weight, bias, t, temperature, use_reentrant=False)
            )
        else:
            pieces.append(_selected(h, weight, bias, t, temperature))
    return torch.cat(pieces).view(targets.shape)


def chunked_exact_kl(
    hidden: Tensor,
    model: Any,
    ref_hidden: Tensor,
    ref_model: Any,
    temperature: float = 1.0,
    chunk_size: int = 256,
) -> Tensor:
    """Exact per-token ``KL(π‖π_ref)`` over the vocabulary, chunked as the log-probs: ``(B, C)``."""
    weight, bias = _head(model)
    ref_weight, ref_bias = _head(ref_model)
    flat_h = hidden.reshape(-1, hidden.shape[-1])
    flat_r = ref_hidden.reshape(-1, ref_hidden.shape[-1]).detach()
    pieces = []
    for start in range(0, flat_h.shape[0], chunk_size):
        args = (
            flat_h[start : start + chunk_size],
            flat_r[start : start + chunk_size],
            weight,
            bias,
            ref_weight.detach(),
            None if ref_bias is None else ref_bias.detach(),
            temperature,
        )
        if torch.is_grad_enabled() and flat_h.requires_grad:
            pieces.append(checkpoint(_kl_chunk, *args, use_reentrant=False))
        else:
            pieces.append(_kl_chunk(*args))
    return torch.cat(pieces).view(hidden.shape[:2])


def sequence_logprobs(
    model: Any,
    input_ids: Tensor,
    attention_mask: Tensor,
    n_completion: int,
    temperature: float = 1.0,
    chunk_size: int = 256,
) -> Tensor:
    """Log-probs ``(B, C)``: the last ``C = n_completion`` tokens of ``input_ids`` under ``model``.

    Gradients flow when called with grad enabled; wrap in ``torch.no_grad()`` for old/ref passes.
    """
    hidden = completion_hidden(model, input_ids, attention_mask, n_completion)
    return chunked_selected_logprobs(
        hidden, model, input_ids[:, -n_completion:], temperature, chunk_size
    )
