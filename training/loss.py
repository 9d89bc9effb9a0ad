"""GRPO loss terms as pure tensor functions (no model, no trainer state).

Implements the objective of DeepSeekMath (arXiv 2402.03300) with the variants TRL 1.16 exposes
(docs/training.md, "The algorithm"; TRL's `GRPOTrainer._compute_loss` and the DAPO paper,
arXiv 2503.14476): group-relative advantages, the clipped surrogate
(symmetric, asymmetric "clip-higher" as in DAPO, and the source design's upper-bound form
``A·min(r, 1+ε)``), the k3 KL estimator and the exact per-token KL, and three normalisations.

Sign convention: every ``*_loss`` function returns a quantity to *minimise*; it is the negated
objective. So for a token with advantage ``A`` and ratio ``r`` the policy loss is ``-min(r·A, ...)``
and the KL enters with ``+β``. Shapes: ``(B, T)`` per-token tensors over completion tokens only,
with a ``(B, T)`` mask that is 1 on completion tokens and 0 on padding; ``(B,)`` per-sequence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import torch
from torch import Tensor

PolicyTerm = Literal["clip", "upper_bound"]
KLEstimator = Literal["k3", "exact"]
Normalization = Literal["sequence", "token", "constant"]


def masked_sum(values: Tensor, mask: Tensor, dim: int | None = None) -> Tensor:
    """Sum of ``values`` where ``mask`` is 1."""
    masked = values * mask
    return masked.sum() if dim is None else masked.sum(dim)


def masked_mean(values: Tensor, mask: Tensor, dim: int | None = None) -> Tensor:
    """Mean of ``values`` over the positions where ``mask`` is 1; 0 (not NaN) for an empty mask.

    >>> masked_mean(torch.tensor([1., 2., 9.]), torch.tensor([1., 1., 0.])).item()
    1.5
    >>> masked_mean(torch.tensor([1., 2.]), torch.tensor([0., 0.])).item()
    0.0
    """
    count = mask.sum() if dim is None else mask.sum(dim)
    return masked_sum(values, mask, dim) / count.clamp(min=1)


def group_std(rewards: Tensor, group_size: int) -> Tensor:
    """Bessel-corrected standard deviation of each group of ``group_size`` rewards: ``(B/G,)``."""
    return rewards.view(-1, group_size).std(dim=1, unbiased=True)


def group_advantages(
    rewards: Tensor,
    group_size: int,
    eps: float = 1e-4,
    clamp: float | None = 5.0,
    scale: bool = True,
) -> Tensor:
    """Group-relative advantages ``(r - mean_g) / (std_g + eps)``, clamped to ``±clamp``.

    ``rewards`` is ``(B,)`` with the ``group_size`` completions of a prompt next to each other.
    ``scale=False`` keeps ``r - mean_g`` (Dr. GRPO). A group whose rewards are all equal gets
    zeros, not NaN. ``clamp=None`` disables clamping.

    >>> [round(a, 3) for a in group_advantages(torch.tensor([1., 0., 0., 1.]),
    group_size=4).tolist()]
    [0.866, -0.866, -0.866, 0.866]
    >>> group_advantages(torch.tensor([2., 2.]), group_size=2).tolist()
    [0.0, 0.0]
    """
    if rewards.dim() != 1 or rewards.numel() % group_size:
        raise ValueError(
            f"rewards must be 1-D with a multiple of {group_size} entries, got "
            f"{tuple(rewards.shape)}"
        )
    grouped = rewards.view(-1, group_size)
    centred = grouped - grouped.mean(dim=1, keepdim=True)
    if scale:
        centred = centred / (grouped.std(dim=1, unbiased=True, keepdim=True) + eps)
    if clamp is not None:
        centred = centred.clamp(-clamp, clamp)
    return centred.reshape(-1)


def clipped_surrogate(
    logp: Tensor,
    old_logp: Tensor,
    advantages: Tensor,
    eps_low: float = 0.2,
    eps_high: float | None = None,
    form: PolicyTerm = "clip",
) -> Tensor:
    """Per-token policy loss (to minimise) from log-probs under the current and old policy.

    ``r = exp(logp - old_logp)``; ``advantages`` is ``(B,)`` (broadcast over tokens) or ``(B, T)``.

    - ``form="clip"``: ``-min(r·A, clip(r, 1-eps_low, 1+eps_high)·A)``; ``eps_high=None`` means
      ``eps_high = eps_low`` (DeepSeekMath); a larger ``eps_high`` is DAPO's clip-higher.
    - ``form="upper_bound"``: the source design's ``-A·min(r, 1+eps_high)`` (no lower clip).

    >>> lp = torch.log(torch.tensor([[1.5]]))
    >>> clipped_surrogate(lp, torch.zeros(1, 1), torch.tensor([1.0])).item()
    -1.2000000476837158
    >>> clipped_surrogate(lp, torch.zeros(1, 1), torch.tensor([-1.0])).item()
    1.5
    """
    high = eps_low if eps_high is None else eps_high
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(-1) if advantages.dim() == 1 else advantages
    if form == "clip":
        unclipped = ratio * adv
        clipped = torch.clamp(ratio, 1.0 - eps_low, 1.0 + high) * adv
        return -torch.min(unclipped, clipped)
    if form == "upper_bound":
        return -adv * torch.clamp(ratio, max=1.0 + high)
    raise ValueError(f"unknown policy term {form!r}: use 'clip' or 'upper_bound'")


def kl_k3(logp: Tensor, ref_logp: Tensor) -> Tensor:
    """Schulman's k3 estimator per token: ``ρ - log ρ - 1`` with ``ρ = π_ref/π`` (always >= 0).

    >>> round(kl_k3(torch.tensor([0.0]), torch.log(torch.tensor([2.0]))).item(), 4)  # ρ = 2
    0.3069
    """
    log_rho = ref_logp - logp
    return torch.exp(log_rho) - log_rho - 1.0


def kl_exact(logp_full: Tensor, ref_logp_full: Tensor) -> Tensor:
    """Exact per-token ``KL(π ‖ π_ref) = Σ_v π(v)·(log π(v) - log π_ref(v))`` over the vocabulary.

    Inputs are full-vocabulary log-probs ``(..., V)``; returns ``(...)``. Call it on chunks of
    positions (``training.logprobs.chunked_exact_kl``), never on a whole batch of logits.

    >>> p = torch.log(torch.tensor([[0.5, 0.5]])); q = torch.log(torch.tensor([[0.25, 0.75]]))
    >>> round(kl_exact(p, q).item(), 4)  # 0.5·ln 2 + 0.5·ln(2/3)
    0.1438
    """
    return (logp_full.exp() * (logp_full - ref_logp_full)).sum(dim=-1)


def normalize(
    per_token: Tensor,
    mask: Tensor,
    kind: Normalization = "sequence",
    max_len: int | None = None,
    num_tokens: float | None = None,
) -> Tensor:
    """Reduce a ``(B, T)`` per-token loss to a scalar.

    - ``"sequence"`` (DeepSeekMath, TRL ``grpo``): mean over each sequence's own tokens, then the
      mean over sequences (= the mean of group means, groups being equal-sized).
    - ``"token"`` (DAPO): ``Σ m·ℓ / Σ m`` over the batch; ``num_tokens`` overrides the
      denominator (the token count of the whole rollout batch when it is split into micro-batches).
    - ``"constant"`` (Dr. GRPO): ``Σ m·ℓ / (B · max_len)``, ``max_len`` being the maximum
      completion length (defaults to ``T``).

    >>> loss, m = torch.tensor([[1., 3.], [6., 0.]]), torch.tensor([[1., 1.], [1., 0.]])
    >>> normalize(loss, m, "sequence").item(), normalize(loss, m, "token").item()
    (4.0, 3.3333332538604736)
    >>> normalize(loss, m, "constant", max_len=5).item()
    1.0
    """
    if kind == "sequence":
        return masked_mean(per_token, mask, dim=1).mean()
    if kind == "token":
        denominator = mask.sum() if num_tokens is None else torch.tensor(float(num_tokens))
        return masked_sum(per_token, mask) / denominator.clamp(min=1)
    if kind == "constant":
        length = per_token.shape[1] if max_len is None else max_len
        return masked_sum(per_token, mask) / (per_token.shape[0] * length)
    raise ValueError(f"unknown normalization {kind!r}: use 'sequence', 'token' or 'constant'")


@dataclass(frozen=True)
class LossParts:
    """The scalar loss and the detached statistics the loop logs."""

    loss: Tensor  # scalar, with grad: minimise this
    policy_loss: float  # normalised policy term alone
    kl: float  # masked token mean of the per-token KL (0 when β = 0 and no KL given)
    clip_low: float  # fraction of completion tokens with r < 1-ε_low and A < 0 (clip active)
    clip_high: float  # fraction with r > 1+ε_high and A > 0
    ratio_mean: float
    ratio_min: float
    ratio_max: float


def grpo_loss(
    logp: Tensor,
    old_logp: Tensor,
    advantages: Tensor,
    mask: Tensor,
    *,
    kl: Tensor | None = None,
    beta: float = 0.0,
    eps_low: float = 0.2,
    eps_high: float | None = None,
    form: PolicyTerm = "clip",
    normalization: Normalization = "sequence",
    max_len: int | None = None,
    num_tokens: float | None = None,
) -> LossParts:
    """The full per-batch loss: ``normalize(policy_term + β·kl)`` with statistics.

    ``kl`` is the per-token KL ``(B, T)`` already computed (k3 or exact); it is ignored when
    ``beta == 0``. All terms are masked by ``mask`` (completion tokens only).
    """
    per_token = clipped_surrogate(logp, old_logp, advantages, eps_low, eps_high, form)
    policy_scalar = normalize(per_token, mask, normalization, max_len, num_tokens)
    total = per_token + beta * kl if (kl is not None and beta != 0.0) else per_token
    loss = normalize(total, mask, normalization, max_len, num_tokens)
    with torch.no_grad():
        high = eps_low if eps_high is None else eps_high
        ratio = torch.exp(logp - old_logp)
        adv = advantages.unsqueeze(-1) if advantages.dim() == 1 else advantages
        low_hit = (
            ((ratio < 1 - eps_low) & (adv < 0)).float()
            if form == "clip"
            else torch.zeros_like(ratio)
        )
        high_hit = ((ratio > 1 + high) & (adv > 0)).float()
        valid = mask > 0
        any_valid = bool(valid.any())
        stats = LossParts(
            loss=loss,
            policy_loss=float(policy_scalar),
            kl=float(masked_mean(kl, mask)) if kl is not None else 0.0,
            clip_low=float(masked_mean(low_hit, mask)),
            clip_high=float(masked_mean(high_hit, mask)),
            ratio_mean=float(masked_mean(ratio, mask)),
            ratio_min=float(ratio[valid].min()) if any_valid else 1.0,
            ratio_max=float(ratio[valid].max()) if any_valid else 1.0,
        )
    return stats
