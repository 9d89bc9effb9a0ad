"""The tiny GRPO configuration and text-statistic reward shared by the smoke, DDP and rollout tests.

Two steps of one prompt × G = 2 completions of 8 tokens on the embedded policy: cheap enough for
the suite, and with a deterministic reward (distinct characters / 10) so groups differ in reward
and the parameters must move. The cdoctest reward is tested in test_rewards.py.
"""

from __future__ import annotations

from typing import Any


def tiny_grpo_config(output_dir: str, **extra: Any) -> Any:
    """A ``GRPOConfig`` of two tiny steps writing to ``output_dir``; ``extra`` overrides fields."""
    from training.config import GRPOConfig

    values: dict[str, Any] = dict(
        output_dir=output_dir,
        steps=2,
        prompts_per_step=1,
        group_size=2,
        max_completion_tokens=8,
        few_shot=False,
        present_values=False,
        learning_rate=1e-4,
        beta=0.04,
        micro_batch_size=2,
        checkpoint_every=0,
        steps_per_iteration=100,
        tensorboard=False,
        seed=3,
    )
    values.update(extra)
    return GRPOConfig(**values)


def distinct_chars_reward(texts: list[str], targets: list[Any]) -> list[Any]:
    """Reward = distinct characters / 10 (deterministic, differs within a group)."""
    from training.rewards import RewardBreakdown

    return [RewardBreakdown(total=len(set(t)) / 10.0) for t in texts]
