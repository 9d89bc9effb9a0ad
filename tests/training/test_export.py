"""GGUF export round trip: torch model -> ``training.export`` -> llama.cpp, compared numerically.

Quantisation used: F32 for every exported tensor (``outtype='f32'``, ``keep_unchanged=False``),
f32 KV cache and no flash attention in llama.cpp. Measured on this machine: max |Δ log-prob| over
the torch top-10 tokens at every prompt position = 4.3e-5 (expanded full GGUF) and 4.4e-5 (LoRA
adapter on an F32 base); the tolerance is 1e-3. Against the embedded Q4_1 base, llama.cpp
quantises activations to 8 bits, so the comparison there is weaker: the adapter must move
llama.cpp's log-probs the way it moves torch's (correlation of the shifts 0.85 measured, > 0.7
required). Both exported models then serve ``cdoctest-gen`` end to end.
"""

from __future__ import annotations

import copy
import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import numpy as np
import pytest

pytestmark = [pytest.mark.train]

TOL = 1e-3
PROMPT = [{"role": "user", "content": "Write a cdoctest for int add(int a, int b)."}]


# --------------------------------------------------------------------------- pure logic


def test_conversion_cache_entry_follows_its_gguf_to_the_current_path(tmp_path, monkeypatch):
    """The cache is keyed by the GGUF's SHA-256; a hit re-points ``SOURCE`` (which export reads for
    the metadata, and compares to decide adapter vs full export) at the file that exists now, e.g.
    the embedded model of a second virtual environment.
    """
    from training.hf_model import convert_gguf, file_sha256

    monkeypatch.setenv("CDOCTEST_HF_CACHE", str(tmp_path / "cache"))
    gguf = tmp_path / "venv2" / "model.gguf"
    gguf.parent.mkdir()
    gguf.write_bytes(b"GGUF same bytes as before")
    entry = tmp_path / "cache" / file_sha256(gguf)
    entry.mkdir(parents=True)
    (entry / "config.json").write_text("{}")
    (entry / "SOURCE").write_text("/gone/venv1/model.gguf\n")
    assert convert_gguf(str(gguf)) == entry
    assert (entry / "SOURCE").read_text().strip() == str(gguf.resolve())


def test_permute_qk_matches_llama_cpp_rotary_layout():
    from training.export_gguf import permute_qk

    # 2 heads of 4 rows: each head's halves are interleaved (rows 0,2,1,3 of the head).
    rows = permute_qk(np.arange(8).reshape(8, 1), 2)[:, 0].tolist()
    assert rows == [0, 2, 1, 3, 4, 6, 5, 7]
    # Rows only: columns (the LoRA A side / input dim) are untouched.
    w = np.arange(24).reshape(4, 6)
    assert permute_qk(w, 1).tolist() == [w[0].tolist(), w[2].tolist(), w[1].tolist(), w[3].tolist()]


def test_the_shared_gguf_pieces_docstring_examples_hold():
    import doctest

    from training import export_gguf

    result = doctest.testmod(export_gguf)
    assert result.attempted >= 6 and result.failed == 0


def test_lora_alpha_written_so_llama_cpp_scale_equals_peft_scale():
    from types import SimpleNamespace

    from training.export_lora import lora_alpha_for_gguf

    assert (
        lora_alpha_for_gguf(SimpleNamespace(r=16, lora_alpha=32, use_rslora=False)) == 32.0
    )  # 32/16 = 2
    # rsLoRA scales by alpha/sqrt(r) = 8; llama.cpp divides by r, so 8 * 16 = 128 is written.
    assert lora_alpha_for_gguf(
        SimpleNamespace(r=16, lora_alpha=32, use_rslora=True)
    ) == pytest.approx(128.0)


def test_source_name_shifts_blocks_added_at_front():
    from training.export_gguf import source_name

    assert source_name("blk.2.attn_q.weight", 2) == "blk.0.attn_q.weight"
    assert source_name("blk.1.attn_q.weight", 2) == ""  # a new block has no source tensor
    assert source_name("token_embd.weight", 2) == "token_embd.weight"


def test_source_gguf_follows_lineage(tmp_path):
    from training.export import source_gguf
    from training.export_gguf import ExportError

    gguf = tmp_path / "base.gguf"
    gguf.write_bytes(b"GGUF")
    sft = tmp_path / "sft" / "model"
    sft.mkdir(parents=True)
    (sft / "DERIVED_FROM").write_text(str(gguf))
    ckpt = tmp_path / "grpo" / "checkpoints" / "step-000002"
    (ckpt / "model").mkdir(parents=True)
    (ckpt / "config.yaml").write_text(f"model: {sft}\nsteps: 2\n")
    assert source_gguf(ckpt / "model") == str(gguf.resolve())
    with pytest.raises(ExportError, match="cannot tell which GGUF"):
        source_gguf(tmp_path / "nowhere")


# --------------------------------------------------------------------------- round trip


def _llama():
    try:
        from llama_cpp import Llama  # noqa: F401 - availability check
    except ImportError as exc:  # pragma: no cover - the train extra installs it
        pytest.skip(f"llama-cpp-python unavailable: {exc}")
    from models.llama_backend import llama_cpp_module

    return llama_cpp_module().Llama  # loads under the project's extra-buffer-types (AMX) rule


def _llama_logprobs(path: str, ids: list[int], lora: str | None = None) -> np.ndarray:
    llm = _llama()(
        model_path=path,
        lora_path=lora,
        n_ctx=512,
        logits_all=True,
        verbose=False,
        n_threads=2,
        type_k=0,
        type_v=0,
        flash_attn=False,
    )  # type 0 = GGML_TYPE_F32 KV cache
    try:
        llm.eval(ids)
        scores = np.array(llm.scores[: len(ids)], dtype=np.float64)
    finally:
        llm.close()
    peak = scores.max(-1, keepdims=True)
    return (scores - peak - np.log(np.exp(scores - peak).sum(-1, keepdims=True))).astype(np.float32)


def _torch_logprobs(model, ids: list[int]) -> np.ndarray:
    import torch

    with torch.no_grad():
        logits = model(torch.tensor([ids])).logits[0].float()
    return torch.log_softmax(logits, -1).numpy()


def _top10_gap(ref: np.ndarray, other: np.ndarray) -> float:
    top = np.argsort(-ref, axis=-1)[:, :10]
    return float(np.abs(np.take_along_axis(ref, top, 1) - np.take_along_axis(other, top, 1)).max())


@pytest.fixture(scope="module")
def prompt_ids(embedded_policy):
    _, tok = embedded_policy
    text = tok.apply_chat_template(PROMPT, add_generation_prompt=True, tokenize=False)
    return tok(text, add_special_tokens=False)["input_ids"]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    path = tmp_path_factory.mktemp("export")
    yield path
    shutil.rmtree(path, ignore_errors=True)  # the F32 files are ~0.5 GB each


@pytest.fixture(scope="module")
def expanded(embedded_policy, workdir):
    """The embedded model expanded by 2 blocks, whose weights are then moved off identity init."""
    import torch

    from training.expand import expand_front
    from training.export import export_full
    from training.hf_model import embedded_gguf_path

    model = expand_front(copy.deepcopy(embedded_policy[0]), 2)
    gen = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for block in model.model.layers[:2]:
            for p in block.parameters():
                p.add_(torch.randn(p.shape, generator=gen) * 0.02)  # o_proj/down_proj non-zero now
    report = export_full(
        model,
        workdir / "expanded-f32.gguf",
        base_gguf=embedded_gguf_path(),
        outtype="f32",
        keep_unchanged=False,
    )
    return model, report


@pytest.fixture(scope="module")
def lora(embedded_policy, workdir):
    """A LoRA (r=8, all linear layers, random B) on the embedded model, its adapter and F32 base."""
    import torch
    from peft import LoraConfig, get_peft_model

    from training.export import export_full, export_model
    from training.hf_model import embedded_gguf_path

    base = embedded_gguf_path()
    # Both factors seeded: peft draws lora_A from the global generator, which earlier tests move.
    # Measured over five seeds, the adapter moves some top-10 log-prob by 3.3-4.1 (asserted > 1).
    torch.manual_seed(0)
    model = get_peft_model(
        copy.deepcopy(embedded_policy[0]),
        LoraConfig(r=8, lora_alpha=16, target_modules="all-linear", task_type="CAUSAL_LM"),
    )
    gen = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "lora_B" in name:
                p.copy_(torch.randn(p.shape, generator=gen) * 0.05)
    adapter = export_model(model, workdir / "adapter.gguf", base_gguf=base, outtype="f32")
    f32_base = export_full(
        embedded_policy[0],
        workdir / "base-f32.gguf",
        base_gguf=base,
        outtype="f32",
        keep_unchanged=False,
    )
    return model, adapter, f32_base


@pytest.mark.model
@pytest.mark.slow
def test_expanded_full_gguf_metadata(expanded):
    from gguf import GGUFReader

    from training.hf_model import embedded_gguf_path

    _, report = expanded
    assert (report.kind, report.block_count, report.tensors) == ("model", 32, 272 + 2 * 9)
    out, src = GGUFReader(report.path), GGUFReader(embedded_gguf_path())
    assert out.get_field("llama.block_count").contents() == 32
    names = {t.name for t in out.tensors}
    assert {
        f"blk.{i}.attn_q.weight" for i in range(32)
    } <= names and "blk.32.attn_q.weight" not in names
    assert "output.weight" not in names  # tied embeddings stay tied
    for key in (
        "tokenizer.chat_template",
        "tokenizer.ggml.tokens",
        "tokenizer.ggml.merges",
        "tokenizer.ggml.eos_token_id",
        "llama.rope.freq_base",
    ):
        assert out.get_field(key).contents() == src.get_field(key).contents(), key


@pytest.mark.model
@pytest.mark.slow
def test_expanded_full_gguf_logprobs_match_torch(expanded, prompt_ids, embedded_policy):
    model, report = expanded
    torch_lp = _torch_logprobs(model, prompt_ids)
    # The perturbed new blocks really change the function (so a wrong export of them would show).
    assert _top10_gap(torch_lp, _torch_logprobs(embedded_policy[0], prompt_ids)) > 1.0
    llama_lp = _llama_logprobs(report.path, prompt_ids)
    assert _top10_gap(torch_lp, llama_lp) < TOL
    assert (torch_lp.argmax(-1) == llama_lp.argmax(-1)).all()


@pytest.mark.model
@pytest.mark.slow
def test_lora_adapter_gguf_logprobs_match_torch(lora, prompt_ids, embedded_policy):
    from gguf import GGUFReader

    from training.hf_model import embedded_gguf_path

    model, adapter, f32_base = lora
    reader = GGUFReader(adapter.path)
    assert reader.get_field("general.type").contents() == "adapter"
    assert reader.get_field("adapter.type").contents() == "lora"
    assert reader.get_field("adapter.lora.alpha").contents() == 16.0
    assert adapter.kind == "adapter" and adapter.tensors == 30 * 7 * 2
    torch_lp = _torch_logprobs(model, prompt_ids)
    base_lp = _torch_logprobs(embedded_policy[0], prompt_ids)
    assert _top10_gap(torch_lp, base_lp) > 1.0  # the adapter matters
    # Tight: the adapter on an F32 export of the same base.
    llama_lp = _llama_logprobs(f32_base.path, prompt_ids, lora=adapter.path)
    assert _top10_gap(torch_lp, llama_lp) < TOL
    # Weaker, on the shipped Q4_1 base (8-bit activations in llama.cpp): the adapter shifts agree.
    q_with = _llama_logprobs(embedded_gguf_path(), prompt_ids, lora=adapter.path)
    q_without = _llama_logprobs(embedded_gguf_path(), prompt_ids)
    top = np.argsort(-base_lp, axis=-1)[:, :50]
    shift_torch = np.take_along_axis(torch_lp - base_lp, top, 1).ravel()
    shift_llama = np.take_along_axis(q_with - q_without, top, 1).ravel()
    assert np.corrcoef(shift_torch, shift_llama)[0, 1] > 0.7


@pytest.mark.model
@pytest.mark.slow
def test_lora_on_expanded_model_is_refused_as_adapter(expanded, workdir):
    from peft import LoraConfig, get_peft_model

    from training.export_gguf import ExportError
    from training.export_lora import export_lora
    from training.hf_model import embedded_gguf_path

    model = get_peft_model(copy.deepcopy(expanded[0]), LoraConfig(r=2, target_modules=["q_proj"]))
    with pytest.raises(ExportError, match="cannot add layers"):
        export_lora(model, workdir / "bad.gguf", base_gguf=embedded_gguf_path())
    assert not (workdir / "bad.gguf").exists()


def _generate(args: list[str]) -> tuple[int, dict, str]:
    from server.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, json.loads(out.getvalue() or "{}"), err.getvalue()


@pytest.mark.model
@pytest.mark.clang
@pytest.mark.slow
def test_cdoctest_gen_serves_exported_model_and_adapter(expanded, lora, workdir, tmp_path):
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl
    from training.hf_model import embedded_gguf_path

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(str(exc))
    source = tmp_path / "add.c"
    source.write_text("int add(int a, int b) { return a + b; }\n")
    runs = {
        "full": ["--model", expanded[1].path],
        "adapter": ["--model", embedded_gguf_path(), "--adapter", lora[1].path],
    }
    for label, extra in runs.items():
        code, data, err = _generate(
            [
                str(source),
                "--function",
                "add",
                "--json",
                "--samples",
                "2",
                "--seed",
                "1",
                "--fallback",
                "never",
                *extra,
            ]
        )
        assert code in (0, 1), (label, err)
        assert Path(extra[1]).name in (data.get("model") or ""), (label, data.get("model"))
        if label == "adapter":
            assert Path(lora[1].path).name in err, err
        (fn,) = data["functions"]
        assert fn["candidates_total"] >= 1, (label, fn)


def test_a_failed_export_leaves_neither_output_nor_temporary_file(tmp_path) -> None:
    from training.export_gguf import staged

    out = tmp_path / "sub" / "model.gguf"
    with pytest.raises(RuntimeError), staged(out) as (target, tmp):
        tmp.write_bytes(b"half a file")
        raise RuntimeError("writer failed")
    assert target == out and not out.exists() and not tmp.exists()
    assert list(out.parent.iterdir()) == []
