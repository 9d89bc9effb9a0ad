"""Sampling: G completions per prompt from a torch policy, with completion-only masks.

Prompts are built with ``models.prompt.build_messages`` and the tokenizer's chat template, the
same text the generator sends to llama.cpp, so the policy is trained on the format it is used with.
Sampling is neutral (temperature ``T``, top-k/top-p off by default) so the behaviour policy is the
policy whose log-probs are optimised. The completion mask is 1 on every sampled token up to and
including the first end-of-turn token and 0 after it (padding); prompt tokens are never in it.
Rewards are not computed here (see ``training.rewards``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import torch
from torch import Tensor

from models.prompt import PromptTarget, build_messages
from training.logprobs import shared_prompt_cache


@dataclass
class Rollout:
    """Sampled completions of one batch (rows grouped: the G rows of a prompt are adjacent)."""

    sequences: Tensor  # (B, P+C) left-padded prompt ids then completion ids
    attention_mask: Tensor  # (B, P+C) 1 on real prompt tokens and on completion tokens up to EOS
    completion_mask: (
        Tensor  # (B, C) float, 1 on completion tokens up to and including the first EOS
    )
    texts: list[str]  # decoded completions (special tokens dropped)
    truncated: Tensor  # (B,) bool, True when no EOS was sampled within max_new_tokens
    prompt_len: int  # P, the padded prompt length


@dataclass
class Experience:
    """A scored rollout ready for the update; split into micro-batches with ``split``."""

    sequences: Tensor  # (B, P+C) prompt+completion ids
    attention_mask: Tensor  # (B, P+C)
    completion_mask: Tensor  # (B, C) float, loss mask
    advantages: Tensor  # (B,) group-relative advantages
    old_logps: (
        Tensor | None
    )  # (B, C) log-probs under π_old (None: π_old = current θ, use logp.detach())
    ref_logps: Tensor | None  # (B, C) log-probs under π_ref (None when β = 0 or the KL is exact)

    def split(self, size: int) -> list[Experience]:
        """Row slices of at most ``size`` rows, every field sliced alike."""
        rows = self.sequences.shape[0]
        out = []
        for start in range(0, rows, size):
            parts: dict[str, Any] = {}
            for f in dataclasses.fields(self):
                value = getattr(self, f.name)
                parts[f.name] = None if value is None else value[start : start + size]
            out.append(Experience(**parts))
        return out


def prompt_texts(
    tokenizer: Any, targets: Sequence[PromptTarget], few_shot: bool = True
) -> list[str]:
    """The chat-templated prompt text of each target (generation prompt appended)."""
    return [
        tokenizer.apply_chat_template(
            build_messages(t, few_shot=few_shot), add_generation_prompt=True, tokenize=False
        )
        for t in targets
    ]


def eos_ids(tokenizer: Any, model: Any) -> list[int]:
    """Token ids that end a completion (the tokenizer's EOS and the generation config's)."""
    ids = {tokenizer.eos_token_id}
    extra = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
    if isinstance(extra, int):
        ids.add(extra)
    elif extra:
        ids.update(extra)
    return sorted(i for i in ids if i is not None)


def completion_mask(completions: Tensor, stop_ids: Sequence[int]) -> tuple[Tensor, Tensor]:
    """``(mask, truncated)``: 1 up to and including the first stop token of each row.

    >>> m, t = completion_mask(torch.tensor([[5, 7, 2, 2], [5, 6, 7, 8]]), [2])
    >>> m.tolist(), t.tolist()
    ([[1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 1.0, 1.0]], [False, True])
    """
    is_stop = torch.zeros_like(completions, dtype=torch.bool)
    for sid in stop_ids:
        is_stop |= completions == sid
    # Tokens strictly after the first stop are padding: count stops seen before each position.
    before = torch.cumsum(is_stop.long(), dim=1) - is_stop.long()
    mask = (before == 0).float()
    truncated = ~is_stop.any(dim=1)
    return mask, truncated


@torch.no_grad()
def rollout(
    model: Any,
    tokenizer: Any,
    targets: Sequence[PromptTarget],
    group_size: int,
    max_new_tokens: int = 96,
    temperature: float = 1.0,
    top_k: int = 0,
    top_p: float = 1.0,
    few_shot: bool = True,
) -> Rollout:
    """Sample ``group_size`` completions for each target with ``model.generate``.

    Uses torch's global RNG: seed it (``torch.manual_seed``) before calling for reproducible
    samples.
    """
    from transformers import GenerationConfig

    texts = prompt_texts(tokenizer, targets, few_shot)
    enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
    device = next(model.parameters()).device
    input_ids = enc["input_ids"].repeat_interleave(group_size, dim=0).to(device)
    attn = enc["attention_mask"].repeat_interleave(group_size, dim=0).to(device)
    stops = eos_ids(tokenizer, model)
    gen_config = GenerationConfig(
        do_sample=True,
        temperature=temperature,
        top_k=top_k,
        top_p=top_p,
        max_new_tokens=max_new_tokens,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=stops,
        repetition_penalty=1.0,
        min_p=None,
        typical_p=1.0,
    )
    was_training = model.training
    model.eval()
    cache = None
    if group_size > 1 and input_ids.shape[1] > 1:
        # The G rows of a prompt share one prefill of all but its last token; generate continues
        # from that cache (the same samples as a per-row prefill: no random draw happens there).
        groups = torch.arange(len(texts), device=device).repeat_interleave(group_size)
        cache, _ = shared_prompt_cache(model, input_ids[:, :-1], attn[:, :-1], groups)
    out = model.generate(
        input_ids=input_ids,
        attention_mask=attn,
        past_key_values=cache,
        generation_config=gen_config,
    )
    model.train(was_training)
    prompt_len = input_ids.shape[1]
    completions = out[:, prompt_len:]
    if completions.shape[1] == 0:  # cannot happen with max_new_tokens > 0, but keep shapes valid
        completions = torch.full((out.shape[0], 1), tokenizer.pad_token_id, device=device)
    mask, truncated = completion_mask(completions, stops)
    decoded = [
        tokenizer.decode(row[: int(m.sum())], skip_special_tokens=True)
        for row, m in zip(completions, mask, strict=True)
    ]
    return Rollout(
        sequences=torch.cat([input_ids, completions], dim=1),
        attention_mask=torch.cat([attn, mask.long()], dim=1),
        completion_mask=mask,
        texts=decoded,
        truncated=truncated,
        prompt_len=prompt_len,
    )
