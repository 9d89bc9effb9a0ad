"""Block expansion and the SFT stage on the embedded SmolLM2-135M (torch, CPU).

- The expanded model's logits equal the original's before training (max |Δ| < 1e-5; 0.0 measured).
- Only the two new blocks are trainable, and after one backward pass only they hold gradients
  (at step 0 exactly their o_proj/down_proj, since those start at zero).
- Pairs are the generator's prompt -> the verified reference + EOS, with loss on answer tokens only.
- A short SFT run (expand method) lowers the answer loss and does not make the format rate worse;
  a short LoRA SFT run trains only the adapters and writes the adapter and the merged model;
  the before/after format rate of a longer run is in docs/training.md.
"""

from __future__ import annotations

import copy
import json

import pytest

pytestmark = [pytest.mark.train]


def test_answer_text_strips_trailing_blank_lines():
    from training.sft import answer_text

    assert answer_text(">>> add(1, 2)\n3\n\n") == ">>> add(1, 2)\n3"
    assert answer_text("\n>>> f()\n") == ">>> f()"


def test_expand_front_keeps_logits_and_renumbers(embedded_policy):
    import torch

    from training.expand import expand_front

    model, tok = embedded_policy
    ids = torch.tensor(
        [tok("int add(int a, int b) { return a + b; }", add_special_tokens=False)["input_ids"]]
    )
    with torch.no_grad():
        before = model(ids).logits
        expanded = expand_front(copy.deepcopy(model), 2)
        after = expanded(ids).logits
    assert expanded.config.num_hidden_layers == 32 and len(expanded.model.layers) == 32
    assert [layer.self_attn.layer_idx for layer in expanded.model.layers] == list(range(32))
    assert float((before - after).abs().max()) < 1e-5
    # The new blocks are copies of block 0 except the zeroed output projections.
    new, old = expanded.model.layers[0], model.model.layers[0]
    assert torch.equal(new.self_attn.q_proj.weight, old.self_attn.q_proj.weight)
    assert (
        not new.self_attn.o_proj.weight.detach().any()
        and not new.mlp.down_proj.weight.detach().any()
    )
    # Generation with a KV cache works on the renumbered layers and matches the original's.
    with torch.no_grad():
        a = model.generate(ids, max_new_tokens=5, do_sample=False)
        b = expanded.generate(ids, max_new_tokens=5, do_sample=False)
    assert a.tolist() == b.tolist()


def test_only_new_blocks_get_gradients(embedded_policy):
    import torch

    from training.expand import expand_front, freeze_except_new, new_block_names

    model, tok = embedded_policy
    expanded = expand_front(copy.deepcopy(model), 2)
    trainable = freeze_except_new(expanded, 2)
    names = new_block_names(expanded, 2)
    assert {n for n, p in expanded.named_parameters() if p.requires_grad} == names
    assert len(trainable) == len(names) == 2 * 9
    ids = torch.tensor([tok(">>> add(2, 3)\n5", add_special_tokens=False)["input_ids"]])
    out = expanded(ids, labels=ids)
    out.loss.backward()
    with_grad = {
        n
        for n, p in expanded.named_parameters()
        if p.grad is not None and float(p.grad.abs().max()) > 0
    }
    assert with_grad == {
        f"model.layers.{i}.{m}.weight"
        for i in (0, 1)
        for m in ("self_attn.o_proj", "mlp.down_proj")
    }
    assert all(p.grad is None for n, p in expanded.named_parameters() if n not in names)


def test_pairs_mask_the_prompt(embedded_policy, tiny_items, to_target):
    import torch

    from training.sft import build_pairs, collate

    _, tok = embedded_policy
    pairs = build_pairs(tiny_items[:2], tok, few_shot=False, to_target=to_target)
    assert len(pairs) == 2
    first = pairs[0]
    assert tok.decode(list(first.answer_ids)) == ">>> add(2, 3)\n5" + tok.eos_token
    assert tok.decode(list(first.prompt_ids)).endswith("<|im_start|>assistant\n")
    batch = collate(pairs, tok.pad_token_id)
    labels = batch["labels"]
    assert int((labels != -100).sum()) == sum(len(p.answer_ids) for p in pairs)
    row = labels[0]
    assert torch.equal(row[row != -100], torch.tensor(first.answer_ids))


def _sft_and_losses(cfg, policy, items, to_target):
    """Run ``train_sft`` on a copy of ``policy``; return (result, answer loss before, after)."""
    import torch

    from training.sft import answer_loss, build_pairs, collate, train_sft

    model, tok = policy
    batch = collate(build_pairs(items, tok, few_shot=False, to_target=to_target), tok.pad_token_id)
    with torch.no_grad():
        before = float(answer_loss(model, batch))
    result = train_sft(cfg, items=items, to_target=to_target, policy=(copy.deepcopy(model), tok))
    with torch.no_grad():
        after = float(answer_loss(result.model, batch))
    return result, before, after


@pytest.mark.slow
def test_short_expand_sft_lowers_answer_loss(embedded_policy, tiny_items, to_target, tmp_path):
    import torch

    from training.sft import SFTConfig

    model, _ = embedded_policy
    cfg = SFTConfig(
        steps=8,
        batch_size=3,
        learning_rate=1e-3,
        warmup_steps=0,
        few_shot=False,
        output_dir=str(tmp_path / "sft"),
    )
    result, loss_before, loss_after = _sft_and_losses(cfg, embedded_policy, tiny_items, to_target)
    assert loss_after < 0.8 * loss_before, (loss_before, loss_after)
    # The frozen original blocks did not move.
    for new_idx in range(2, 32):
        assert torch.equal(
            result.model.model.layers[new_idx].mlp.up_proj.weight,
            model.model.layers[new_idx - 2].mlp.up_proj.weight,
        )
    saved = tmp_path / "sft" / "model"
    assert (
        (saved / "config.json").is_file()
        and (saved / "DERIVED_FROM").is_file()
        and (saved / "EXPANSION").is_file()
    )
    assert (tmp_path / "sft" / "metrics.jsonl").read_text().count("\n") == 8


@pytest.mark.slow
def test_short_lora_sft_trains_only_adapters_and_saves_adapter_and_merged_model(
    embedded_policy, tiny_items, to_target, tmp_path
):
    """``method: lora``: only the adapters move, the loss drops, and both the peft adapter (what
    ``cdoctest-train export`` turns into a llama.cpp LoRA) and the merged model are written.
    """
    import torch

    from training.sft import SFTConfig

    model, _ = embedded_policy
    cfg = SFTConfig(
        method="lora",
        lora={"r": 8, "alpha": 16, "target_modules": ["q_proj", "v_proj"]},
        steps=8,
        batch_size=3,
        learning_rate=3e-3,
        warmup_steps=0,
        few_shot=False,
        output_dir=str(tmp_path / "sft"),
    )
    result, loss_before, loss_after = _sft_and_losses(cfg, embedded_policy, tiny_items, to_target)
    trainable = {n for n, p in result.model.named_parameters() if p.requires_grad}
    assert trainable and all("lora_" in n for n in trainable), sorted(trainable)[:5]
    assert loss_after < 0.9 * loss_before, (loss_before, loss_after)
    base = result.model.get_base_model()
    assert torch.equal(
        base.model.layers[3].mlp.up_proj.weight, model.model.layers[3].mlp.up_proj.weight
    )
    run = tmp_path / "sft"
    assert (run / "adapter" / "adapter_config.json").is_file()
    assert (run / "model" / "config.json").is_file() and (run / "model" / "DERIVED_FROM").is_file()
    assert not (run / "model" / "EXPANSION").exists()
    assert json.loads((run / "summary.json").read_text())["method"] == "lora"
