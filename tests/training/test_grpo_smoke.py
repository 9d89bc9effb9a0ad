"""CPU smoke tests of the GRPO loop on the embedded SmolLM2-135M (loaded from its GGUF into torch).

Tiny completions (8 tokens), G=2, 1 prompt per step, prompts without few-shot turns. The reward
here is a deterministic text statistic (distinct characters), chosen because it makes the two
completions of a group differ in reward almost surely, so the advantage is non-zero and the
parameters *must* move; the cdoctest reward itself is tested with clang-repl in test_rewards.py
(and exercised by the longer run of docs/training.md).
"""

from __future__ import annotations

import copy
import json
import math

import pytest

pytestmark = [pytest.mark.train, pytest.mark.model]

torch = pytest.importorskip("torch")

from .tiny import distinct_chars_reward, tiny_grpo_config  # noqa: E402


def small_config(tmp_path, **extra):
    values = {"output_dir": str(tmp_path / "run"), "checkpoint_every": 1, "keep_checkpoints": 3}
    values.update(extra)
    return tiny_grpo_config(**values)


def run(cfg, policy, items, to_target, resume=None):
    from training.grpo import build_state, train

    model, tokenizer = policy
    state = None if resume else build_state(cfg, items, copy.deepcopy(model), tokenizer)
    return train(
        cfg,
        items=items,
        to_target=to_target,
        reward_fn=distinct_chars_reward,
        resume=resume,
        state=state,
        progress=False,
    )


def read_metrics(run_dir):
    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
@pytest.mark.timeout(1800)  # ~1-2 min on an idle 2-core machine; far more when the cores are shared
def test_steps_move_policy_keep_reference_and_resume_identically(
    tmp_path, embedded_policy, tiny_items, to_target
):
    """Two steps: finite losses, θ moves, π_ref stays the initial model.

    Resuming at step 1 repeats step 1 bit for bit.
    """
    model0 = embedded_policy[0]
    cfg = small_config(tmp_path)
    state = run(cfg, embedded_policy, tiny_items, to_target)

    metrics = read_metrics(tmp_path / "run")
    assert [m["step"] for m in metrics] == [0, 1]
    assert all(math.isfinite(m["loss"]) and m["skipped_updates"] == 0 for m in metrics)
    assert any(m["advantage_max"] > 0 for m in metrics)  # some signal: otherwise nothing can move
    name, initial = next(
        (n, p) for n, p in model0.named_parameters() if "layers.0.mlp.up_proj" in n
    )
    trained = dict(state.policy.named_parameters())[name]
    assert not torch.equal(trained, initial)
    ref = dict(state.ref.named_parameters())[name]
    assert torch.equal(ref, initial)  # steps_per_iteration=100: no ref refresh within 2 steps
    assert all(not p.requires_grad for p in state.ref.parameters())

    traces = [
        json.loads(line) for line in (tmp_path / "run" / "traces.jsonl").read_text().splitlines()
    ]
    assert len(traces) == 2 * 1 * 2  # steps × prompts × G
    assert all(
        len(t["token_ids"]) == len(t["logprobs"]) == len(t["ref_logprobs"]) <= 8 for t in traces
    )

    # Resume from the step-1 checkpoint into a fresh directory and run step 1 again.
    resume_cfg = small_config(tmp_path, output_dir=str(tmp_path / "resumed"))
    run(
        resume_cfg,
        embedded_policy,
        tiny_items,
        to_target,
        resume=tmp_path / "run" / "checkpoints" / "step-000001",
    )
    resumed = read_metrics(tmp_path / "resumed")
    assert [m["step"] for m in resumed] == [1]
    assert resumed[0]["losses"] == metrics[1]["losses"]  # exact float equality
    assert resumed[0]["reward"] == metrics[1]["reward"]


def test_padding_after_eos_does_not_change_the_loss(
    tmp_path, embedded_policy, tiny_items, to_target
):
    """Tokens outside the completion mask (after EOS) can be anything: the loss is the same."""
    from training.grpo import build_state, make_experience, update_step
    from training.rollout import rollout

    cfg = small_config(tmp_path, learning_rate=1e-12, max_completion_tokens=12)
    model, tokenizer = embedded_policy
    state = build_state(cfg, tiny_items, copy.deepcopy(model), tokenizer)
    torch.manual_seed(0)
    roll = rollout(
        state.policy, tokenizer, [to_target(i) for i in tiny_items[:1]], 2, 12, few_shot=False
    )
    # Make row 0 end early: put EOS at completion position 2, so positions 3.. are padding.
    eos = tokenizer.eos_token_id
    comp = roll.sequences[:, roll.prompt_len :]
    comp[0, 2] = eos
    from training.rollout import completion_mask

    roll.completion_mask, roll.truncated = completion_mask(comp, [eos])
    roll.attention_mask[:, roll.prompt_len :] = roll.completion_mask.long()
    assert roll.completion_mask[0].tolist()[:4] == [1.0, 1.0, 1.0, 0.0]
    rewards = torch.tensor([1.0, 0.0])
    exp, _ = make_experience(state, roll, rewards)
    before = update_step(state, exp)[0].loss
    exp.sequences[0, roll.prompt_len + 3 :] = 7  # garbage in the padding of row 0
    after = update_step(state, exp)[0].loss
    assert after == pytest.approx(before, abs=1e-7)
    assert math.isfinite(before)


def test_chunked_logprobs_match_full_logits(embedded_policy):
    """Chunked selected-token log-probs equal log_softmax over full logits (left-padded batch)."""
    from training.logprobs import sequence_logprobs

    model, tokenizer = embedded_policy
    enc = tokenizer(["int add(int a, int b)", "x"], return_tensors="pt", padding=True)
    ids, attn = enc["input_ids"], enc["attention_mask"]
    with torch.no_grad():
        chunked = sequence_logprobs(model, ids, attn, n_completion=3, temperature=0.7, chunk_size=2)
        position_ids = (attn.cumsum(-1) - 1).clamp(min=0)
        logits = (
            model(input_ids=ids, attention_mask=attn, position_ids=position_ids)
            .logits[:, -4:-1]
            .float()
            / 0.7
        )
        full = torch.log_softmax(logits, -1).gather(-1, ids[:, -3:].unsqueeze(-1)).squeeze(-1)
    assert torch.allclose(chunked, full, atol=1e-4)
