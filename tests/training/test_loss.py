"""GRPO loss terms against numbers computed by hand (STYLE.md example 19, the formulas in loss.py).

Every expected value is written out as arithmetic a reviewer can redo: ratios are chosen as exact
exponentials (r = 1.5, 0.5, 2), advantages as small integers.
"""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from training.loss import (  # noqa: E402
    clipped_surrogate,
    group_advantages,
    grpo_loss,
    kl_exact,
    kl_k3,
    masked_mean,
    normalize,
)

pytestmark = pytest.mark.train


def lp(*ratios: float) -> torch.Tensor:
    """Log-probs whose ratio to an old log-prob of 0 is ``ratios`` (one row)."""
    return torch.log(torch.tensor([list(ratios)], dtype=torch.float64))


def zeros(n: int) -> torch.Tensor:
    return torch.zeros(1, n, dtype=torch.float64)


# --- advantages


def test_group_advantages_style_example():
    # mean 0.5; unbiased std = sqrt(4·0.25/3) = 0.57735; 0.5/0.57735 = 0.86603
    adv = group_advantages(torch.tensor([1.0, 0.0, 0.0, 1.0]), group_size=4, eps=0.0)
    assert adv.tolist() == pytest.approx([0.8660254, -0.8660254, -0.8660254, 0.8660254], abs=1e-6)


def test_group_advantages_are_per_group_and_all_equal_groups_give_zero():
    # group 1: [3, 1] mean 2, std sqrt(2) -> ±0.70711; group 2: [5, 5] -> zeros, not NaN
    adv = group_advantages(torch.tensor([3.0, 1.0, 5.0, 5.0]), group_size=2, eps=0.0 + 1e-12)
    assert adv.tolist() == pytest.approx([1 / math.sqrt(2), -1 / math.sqrt(2), 0.0, 0.0], abs=1e-6)
    assert not torch.isnan(adv).any()


def test_group_advantages_eps_and_clamp():
    # [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]: mean 0.1, unbiased std sqrt((0.81 + 9·0.01)/9) = sqrt(0.1) =
    # 0.31623
    # top: 0.9 / 0.31623 = 2.846 ; with eps = 0.1: 0.9 / 0.41623 = 2.1623 ; clamp 2 -> 2.0
    rewards = torch.tensor([1.0] + [0.0] * 9)
    assert group_advantages(rewards, 10, eps=0.0, clamp=None)[0].item() == pytest.approx(
        2.84605, abs=1e-4
    )
    assert group_advantages(rewards, 10, eps=0.1, clamp=None)[0].item() == pytest.approx(
        2.16228, abs=1e-4
    )
    assert group_advantages(rewards, 10, eps=0.0, clamp=2.0)[0].item() == pytest.approx(2.0)
    assert group_advantages(rewards, 10, eps=0.0, clamp=2.0)[1].item() == pytest.approx(
        -0.1 / math.sqrt(0.1), abs=1e-4
    )


def test_group_advantages_unscaled_is_dr_grpo():
    assert group_advantages(
        torch.tensor([1.0, 1.0, 1.0, 0.0]), 4, scale=False
    ).tolist() == pytest.approx([0.25, 0.25, 0.25, -0.75])


def test_group_advantages_rejects_partial_groups():
    with pytest.raises(ValueError, match="multiple of 4"):
        group_advantages(torch.tensor([1.0, 2.0, 3.0]), 4)


# --- policy term


def test_symmetric_clip_style_example():
    # r = 1.5, ε = 0.2: A = +1 -> -min(1.5, 1.2) = -1.2 ; A = -1 -> -min(-1.5, -1.2) = +1.5
    assert clipped_surrogate(lp(1.5), zeros(1), torch.tensor([1.0])).item() == pytest.approx(-1.2)
    assert clipped_surrogate(lp(1.5), zeros(1), torch.tensor([-1.0])).item() == pytest.approx(1.5)


def test_symmetric_clip_below_one():
    # r = 0.5: A = +1 -> -min(0.5, 0.8) = -0.5 ; A = -1 -> -min(-0.5, -0.8) = +0.8
    assert clipped_surrogate(lp(0.5), zeros(1), torch.tensor([1.0])).item() == pytest.approx(-0.5)
    assert clipped_surrogate(lp(0.5), zeros(1), torch.tensor([-1.0])).item() == pytest.approx(0.8)


def test_asymmetric_clip_higher():
    # ε_low 0.2, ε_high 0.28, A = +2: r = 1.5 -> -min(3.0, 1.28·2) = -2.56 ; r = 0.5, A = -2 ->
    # -min(-1, -1.6) = 1.6
    loss = clipped_surrogate(
        lp(1.5, 0.5), zeros(2), torch.tensor([[2.0, -2.0]]), eps_low=0.2, eps_high=0.28
    )
    assert loss.tolist()[0] == pytest.approx([-2.56, 1.6])


def test_upper_bound_form():
    # -A·min(r, 1+ε): r = 1.5, A = +1 -> -1.2 ; r = 1.5, A = -1 -> +1.2 (not 1.5: the bound caps
    # both signs)
    # r = 0.5, A = -1 -> +0.5 (no lower clip, unlike the symmetric form's 0.8)
    loss = clipped_surrogate(
        lp(1.5, 1.5, 0.5), zeros(3), torch.tensor([[1.0, -1.0, -1.0]]), form="upper_bound"
    )
    assert loss.tolist()[0] == pytest.approx([-1.2, 1.2, 0.5])


def test_ratio_uses_old_logprobs():
    # logp = ln 3, old = ln 2 -> r = 1.5 -> with A = +1 the loss is -1.2 again
    loss = clipped_surrogate(
        torch.log(torch.tensor([[3.0]])), torch.log(torch.tensor([[2.0]])), torch.tensor([1.0])
    )
    assert loss.item() == pytest.approx(-1.2, abs=1e-6)


def test_gradient_sign_increases_probability_of_positive_advantage():
    """The loss is minimised: one gradient step on it raises log π of a token with A > 0."""
    logp = torch.tensor([[-1.0]], requires_grad=True)
    clipped_surrogate(logp, logp.detach(), torch.tensor([1.0])).sum().backward()
    assert logp.grad.item() == pytest.approx(-1.0)  # d(-r·A)/dlogp at r = 1 is -A
    logp2 = torch.tensor([[-1.0]], requires_grad=True)
    clipped_surrogate(logp2, logp2.detach(), torch.tensor([-1.0])).sum().backward()
    assert logp2.grad.item() == pytest.approx(1.0)


def test_clipped_tokens_have_no_gradient():
    # r = 1.5 > 1.2 with A = +1: the clipped branch is the min and is constant in θ
    logp = torch.log(torch.tensor([[1.5]])).requires_grad_()
    clipped_surrogate(logp, torch.zeros(1, 1), torch.tensor([1.0])).sum().backward()
    assert logp.grad.item() == 0.0


# --- KL


def test_k3_style_example_and_zero_at_equality():
    # log ρ = ln 2: ρ - log ρ - 1 = 2 - 0.693147 - 1 = 0.306853
    assert kl_k3(torch.tensor([0.0]), torch.tensor([math.log(2.0)])).item() == pytest.approx(
        0.306853, abs=1e-6
    )
    # log ρ = -ln 2: 0.5 + 0.693147 - 1 = 0.193147
    assert kl_k3(torch.tensor([math.log(2.0)]), torch.tensor([0.0])).item() == pytest.approx(
        0.193147, abs=1e-6
    )
    assert kl_k3(torch.tensor([-1.3]), torch.tensor([-1.3])).item() == 0.0


def test_exact_kl_over_vocabulary():
    # π = (0.5, 0.25, 0.25), π_ref = (0.25, 0.25, 0.5): 0.5·ln 2 + 0 + 0.25·ln 0.5 = 0.25·ln 2 =
    # 0.173287
    p = torch.log(torch.tensor([[0.5, 0.25, 0.25]]))
    q = torch.log(torch.tensor([[0.25, 0.25, 0.5]]))
    assert kl_exact(p, q).item() == pytest.approx(0.25 * math.log(2), abs=1e-6)
    assert kl_exact(p, p).item() == pytest.approx(0.0, abs=1e-7)


# --- masking and normalisation


def test_masked_mean_empty_mask_is_zero():
    assert masked_mean(torch.tensor([3.0, 4.0]), torch.tensor([0.0, 0.0])).item() == 0.0
    assert masked_mean(
        torch.tensor([[1.0, 5.0], [2.0, 8.0]]), torch.tensor([[1.0, 0.0], [1.0, 1.0]]), dim=1
    ).tolist() == [1.0, 5.0]


LOSS = torch.tensor([[1.0, 3.0, 100.0], [6.0, 100.0, 100.0]])
MASK = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])


def test_sequence_normalisation():
    # row means (1+3)/2 = 2 and 6/1 = 6, mean 4; the 100s are masked
    assert normalize(LOSS, MASK, "sequence").item() == pytest.approx(4.0)


def test_token_normalisation():
    # (1 + 3 + 6) / 3 tokens = 3.3333 ; with a global count of 5 tokens: 10 / 5 = 2
    assert normalize(LOSS, MASK, "token").item() == pytest.approx(10 / 3)
    assert normalize(LOSS, MASK, "token", num_tokens=5).item() == pytest.approx(2.0)


def test_constant_normalisation():
    # (1 + 3 + 6) / (B=2 · L_max=5) = 1.0 ; default L_max = T = 3 -> 10/6
    assert normalize(LOSS, MASK, "constant", max_len=5).item() == pytest.approx(1.0)
    assert normalize(LOSS, MASK, "constant").item() == pytest.approx(10 / 6)


def test_grpo_loss_masks_every_term_and_adds_beta_kl():
    """Garbage in masked positions (old/ref log-probs of 50) changes nothing; KL enters with +β."""
    # Row 0: two tokens with r = 1.5 (A = +1): policy -1.2 each ; row 1: one token r = 0.5 (A =
    # -1): +0.8
    logp = torch.log(torch.tensor([[1.5, 1.5, 1.0], [0.5, 1.0, 1.0]]))
    old = torch.tensor([[0.0, 0.0, 50.0], [0.0, 50.0, 50.0]])
    ref = torch.tensor(
        [[math.log(1.5) + math.log(2.0), math.log(1.5), 50.0], [math.log(0.5), 50.0, 50.0]]
    )
    # k3 per valid token: log ρ = ln 2 -> 0.306853 ; log ρ = 0 -> 0 ; log ρ = 0 -> 0
    kl = kl_k3(logp, ref)
    adv = torch.tensor([1.0, -1.0])
    parts = grpo_loss(logp, old, adv, MASK, kl=kl, beta=0.1, normalization="sequence")
    # sequence: row 0 mean of (-1.2 + 0.1·0.306853, -1.2) = -1.184657 ; row 1 = 0.8 ; mean =
    # -0.192329
    assert parts.loss.item() == pytest.approx((-1.2 + 0.0306853 / 2 + 0.8) / 2, abs=1e-6)
    assert parts.policy_loss == pytest.approx((-1.2 + 0.8) / 2, abs=1e-6)
    assert parts.kl == pytest.approx(0.306853 / 3, abs=1e-6)  # token mean over the 3 valid tokens
    # clip statistics: r = 1.5 > 1.2 with A > 0 on 2 of 3 tokens; r = 0.5 < 0.8 with A < 0 on 1
    assert parts.clip_high == pytest.approx(2 / 3)
    assert parts.clip_low == pytest.approx(1 / 3)
    assert (parts.ratio_min, parts.ratio_max) == pytest.approx((0.5, 1.5))
    # β = 0 drops the KL from the loss
    assert grpo_loss(logp, old, adv, MASK, kl=kl, beta=0.0).loss.item() == pytest.approx(
        -0.2, abs=1e-6
    )


def test_grpo_loss_token_and_constant_normalisations():
    logp = torch.log(torch.tensor([[1.5, 1.5, 1.0], [0.5, 1.0, 1.0]]))
    old = torch.zeros(2, 3)
    adv = torch.tensor([1.0, -1.0])
    # token: (-1.2 - 1.2 + 0.8) / 3 = -0.53333 ; constant with L_max 4: -1.6 / 8 = -0.2
    assert grpo_loss(logp, old, adv, MASK, normalization="token").loss.item() == pytest.approx(
        -1.6 / 3, abs=1e-6
    )
    assert grpo_loss(
        logp, old, adv, MASK, normalization="constant", max_len=4
    ).loss.item() == pytest.approx(-0.2, abs=1e-6)


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError, match="normalization"):
        normalize(LOSS, MASK, "mean")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="policy term"):
        clipped_surrogate(lp(1.0), zeros(1), torch.tensor([1.0]), form="ppo")  # type: ignore[arg-type]
