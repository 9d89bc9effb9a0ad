"""Shared-prompt passes: one backbone pass per distinct prompt, the same numbers as per-row passes.

A GRPO batch holds G completions of each prompt in adjacent rows (training.rollout). The update,
the reference pass and the sampler run each distinct prompt once and continue the G rows from its
key/value cache. These tests hold that to the per-row computation: log-probs and gradients on a
tiny random Llama (left padding, uneven prompts, padding after EOS), the same samples from the
embedded model, and gradient checkpointing really recomputing in the GRPO loop (transformers
checkpoints only in training mode).
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")


def _tiny_llama():
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=64,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
    )
    return LlamaForCausalLM(config).eval()


def _grouped_batch():
    """Two prompts (5 and 3 real tokens, left-padded to 5) × G = 3 completions of 4 tokens."""
    pad = 0
    prompts = [[11, 12, 13, 14, 15], [pad, pad, 21, 22, 23]]
    prompt_mask = [[1, 1, 1, 1, 1], [0, 0, 1, 1, 1]]
    completions = [
        [31, 32, 33, 34],
        [35, 36, 2, pad],  # EOS (2) then padding, masked out
        [37, 38, 39, 40],
        [41, 42, 43, 44],
        [45, 2, pad, pad],
        [46, 47, 48, 49],
    ]
    completion_mask = [[1 if t != pad else 0 for t in row] for row in completions]
    ids = [prompts[r // 3] + completions[r] for r in range(6)]
    mask = [prompt_mask[r // 3] + completion_mask[r] for r in range(6)]
    return torch.tensor(ids), torch.tensor(mask), torch.tensor(completion_mask).float()


def _loss_and_grads(model, ids, mask, cmask, per_row: bool):
    from training.logprobs import chunked_selected_logprobs, completion_hidden

    model.zero_grad(set_to_none=True)
    if per_row:  # one row per pass: nothing can be shared
        hidden = torch.cat(
            [completion_hidden(model, ids[r : r + 1], mask[r : r + 1], 4) for r in range(6)]
        )
    else:
        hidden = completion_hidden(model, ids, mask, 4)
    logp = chunked_selected_logprobs(hidden, model, ids[:, -4:], temperature=0.7, chunk_size=5)
    (logp * cmask).sum().backward()
    grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}
    return logp.detach(), grads


def test_prompt_groups_finds_adjacent_repeats_only():
    from training.logprobs import prompt_groups

    ids, mask, _ = _grouped_batch()
    assert prompt_groups(ids, mask, 5).tolist() == [0, 0, 0, 1, 1, 1]
    # The same prompt ids with a different mask are a different prompt.
    other = mask.clone()
    other[1, 0] = 0
    assert prompt_groups(ids, other, 5).tolist() == [0, 1, 2, 3, 3, 3]
    assert prompt_groups(ids, mask, 6) is None  # the first completion token differs in every row


def test_shared_prompt_logprobs_and_gradients_match_per_row_passes():
    model = _tiny_llama()
    ids, mask, cmask = _grouped_batch()
    shared, shared_grads = _loss_and_grads(model, ids, mask, cmask, per_row=False)
    plain, plain_grads = _loss_and_grads(model, ids, mask, cmask, per_row=True)
    assert torch.allclose(shared, plain, atol=1e-5), (shared - plain).abs().max()
    assert shared_grads.keys() == plain_grads.keys() and len(shared_grads) > 10
    for name, grad in plain_grads.items():
        assert torch.allclose(shared_grads[name], grad, rtol=1e-4, atol=1e-6), name


def test_one_completion_token_uses_the_prompt_state_alone():
    from training.logprobs import completion_hidden

    model = _tiny_llama()
    ids, mask, _ = _grouped_batch()
    ids, mask = ids[:, :6], mask[:, :6]  # prompt + the first completion token
    with torch.no_grad():
        shared = completion_hidden(model, ids, mask, 1)
        plain = torch.cat(
            [completion_hidden(model, ids[r : r + 1], mask[r : r + 1], 1) for r in range(6)]
        )
    assert shared.shape == (6, 1, 32)
    assert torch.allclose(shared, plain, atol=1e-5)


def test_rollout_with_a_shared_prefill_samples_what_per_row_prefill_samples(
    embedded_policy, tiny_items, to_target
):
    from transformers import GenerationConfig

    from training.rollout import eos_ids, prompt_texts, rollout

    model, tokenizer = embedded_policy
    targets = [to_target(i) for i in tiny_items[:2]]
    torch.manual_seed(5)
    roll = rollout(model, tokenizer, targets, 2, max_new_tokens=6, temperature=1.0, few_shot=False)
    enc = tokenizer(
        prompt_texts(tokenizer, targets, False),
        return_tensors="pt",
        padding=True,
        add_special_tokens=False,
    )
    config = GenerationConfig(
        do_sample=True,
        temperature=1.0,
        top_k=0,
        top_p=1.0,
        max_new_tokens=6,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=eos_ids(tokenizer, model),
    )
    torch.manual_seed(5)
    with torch.no_grad():
        plain = model.generate(
            input_ids=enc["input_ids"].repeat_interleave(2, 0),
            attention_mask=enc["attention_mask"].repeat_interleave(2, 0),
            generation_config=config,
        )
    assert torch.equal(roll.sequences[:, : plain.shape[1]], plain)


def _one_update(run_dir, tiny_items, to_target, checkpointing: bool):
    """One GRPO update; how often layer 0 ran inside the backward pass, the loss, the log-probs."""
    from training.grpo import make_experience, update_step
    from training.hf_model import load_policy
    from training.rollout import rollout
    from training.state import build_state

    from .tiny import tiny_grpo_config

    model, tokenizer = load_policy()
    in_backward, recomputed = [False], [0]

    def backward_started(*_):
        in_backward[0] = True

    def layer_called(*_):
        recomputed[0] += in_backward[0]

    model.model.norm.register_full_backward_pre_hook(backward_started)
    model.model.layers[0].mlp.register_forward_pre_hook(layer_called)
    cfg = tiny_grpo_config(run_dir, gradient_checkpointing=checkpointing, beta=0.0)
    state = build_state(cfg, tiny_items, model, tokenizer)
    torch.manual_seed(1)
    roll = rollout(state.policy, tokenizer, [to_target(tiny_items[0])], 2, 6, few_shot=False)
    exp, _ = make_experience(state, roll, torch.tensor([0.2, 0.9]))
    stats, logps = update_step(state, exp)
    return recomputed[0], stats.loss, logps


def test_grpo_gradient_checkpointing_recomputes_and_changes_no_number(
    tmp_path, tiny_items, to_target
):
    """Layers run again in the backward pass only with checkpointing; same loss and log-probs."""
    plain = _one_update(str(tmp_path / "plain"), tiny_items, to_target, checkpointing=False)
    checkpointed = _one_update(str(tmp_path / "ckpt"), tiny_items, to_target, checkpointing=True)
    assert plain[0] == 0 and checkpointed[0] >= 1, (plain[0], checkpointed[0])
    assert plain[1] == pytest.approx(checkpointed[1], abs=1e-6)
    assert torch.allclose(plain[2], checkpointed[2], atol=1e-5)
