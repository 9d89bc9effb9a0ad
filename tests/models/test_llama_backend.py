"""The llama.cpp backend with the real embedded model: load, candidates, logprobs, stops."""

from __future__ import annotations

import math
import threading
import time

import pytest

from models.api import Backend, SamplingParams
from models.errors import ContextOverflow, GrammarError

pytestmark = pytest.mark.model

MESSAGES = [{"role": "user", "content": "Write a C function that adds two ints, then show a call."}]


def test_loads_with_info_and_chat_template(backend, embedded_path):
    assert isinstance(backend, Backend)
    info = backend.info
    assert (info.path, info.device, info.n_gpu_layers) == (embedded_path, "cpu", 0)
    prompt = backend.render(MESSAGES)
    # SmolLM2's own template (from the GGUF) adds its default system prompt and the assistant header
    assert prompt.startswith("<|im_start|>system\nYou are a helpful AI assistant named SmolLM")
    assert prompt.endswith(
        "<|im_start|>user\n" + MESSAGES[0]["content"] + "<|im_end|>\n<|im_start|>assistant\n"
    )
    ids = backend.tokenize(prompt)
    assert ids[0] == backend.tokenize("<|im_start|>")[0]  # special tokens parsed as one token
    assert (
        backend.detokenize(backend.tokenize("int add(int a, int b);")) == "int add(int a, int b);"
    )


def test_four_candidates_fixed_seed_are_deterministic_with_finite_logprobs(backend):
    params = SamplingParams(seed=1234, max_tokens=24, logprobs=True)
    first = backend.generate(MESSAGES, n=4, params=params)
    # a different prompt in between must not leak through the prompt cache
    backend.generate(
        [{"role": "user", "content": "Say hi."}], n=2, params=SamplingParams(seed=5, max_tokens=4)
    )
    second = backend.generate(MESSAGES, n=4, params=params)
    assert len(first) == 4
    assert [c.token_ids for c in first] == [c.token_ids for c in second]
    assert [c.text for c in first] == [c.text for c in second]
    assert len({c.token_ids for c in first}) > 1  # candidates differ from each other
    for c in first:
        assert c.finish_reason in ("stop", "length")
        assert len(c.logprobs) == len(c.token_ids) > 0
        assert all(math.isfinite(lp) and lp <= 0.0 for lp in c.logprobs)
        if c.finish_reason == "length":
            assert len(c.token_ids) == 24
        assert backend.detokenize(c.token_ids) == c.text


def test_logprob_is_log_softmax_of_tempered_logits(backend):
    """Greedy decoding picks the argmax, so its log-prob is the largest of the step.

    > log(1/2) is not guaranteed, but it must equal -log(sum(exp(l - l_max))) computed
    independently from the logits.
    """
    import numpy as np

    params = SamplingParams(temperature=0.0, max_tokens=1, logprobs=True)
    backend.reset()  # evaluate the whole prompt in one go, as the check below does
    (c,) = backend.generate(MESSAGES, n=1, params=params)
    # Re-evaluate the same prompt and read the logits of its last position directly.
    prompt = backend.tokenize(backend.render(MESSAGES))
    backend.reset()
    decoder = backend._decoder
    decoder.decode([(t, i, (0,), False) for i, t in enumerate(prompt[:-1])], "check")
    decoder.decode([(prompt[-1], len(prompt) - 1, (0,), True)], "check")
    logits = decoder.logits(0).astype(np.float64)
    backend.reset()
    assert c.token_ids[0] == int(np.argmax(logits))
    expected = logits.max() - (logits.max() + math.log(np.exp(logits - logits.max()).sum()))
    assert c.logprobs[0] == pytest.approx(expected, abs=1e-6)


def test_more_candidates_than_parallel_slots(backend):
    params = SamplingParams(seed=7, max_tokens=6)
    out = backend.generate(MESSAGES, n=10, params=params)  # n_parallel is 8: two groups
    assert len(out) == 10
    assert all(0 < len(c.token_ids) <= 6 for c in out)
    again = backend.generate(MESSAGES, n=10, params=params)
    assert [c.token_ids for c in out] == [c.token_ids for c in again]


def test_stop_string_cuts_text(backend):
    params = SamplingParams(seed=3, max_tokens=40, stop=(" ",))
    for c in backend.generate(MESSAGES, n=3, params=params):
        assert " " not in c.text
        if c.finish_reason == "stop" and backend.detokenize(c.token_ids) != c.text:
            assert " " in backend.detokenize(c.token_ids)  # the sampled tokens did contain the stop


def test_ignore_eos_runs_to_max_tokens(backend):
    params = SamplingParams(
        seed=11, max_tokens=20, temperature=1.0, top_k=0, top_p=1.0, min_p=0.0, ignore_eos=True
    )
    out = backend.generate([{"role": "user", "content": "Say OK."}], n=2, params=params)
    assert [(len(c.token_ids), c.finish_reason) for c in out] == [(20, "length"), (20, "length")]


class _SetAfter(threading.Event):
    """A cancel event that sets itself at its ``n``-th ``is_set`` check (one per decode step), so
    the cancellation lands mid-generation whatever the machine's load.
    """

    def __init__(self, n: int) -> None:
        super().__init__()
        self.left = n
        self.set_at: float | None = None

    def is_set(self) -> bool:
        self.left -= 1
        if self.left == 0:
            self.set_at = time.monotonic()
            self.set()
        return super().is_set()


def test_cancel_stops_long_generation(backend):
    cancel = _SetAfter(6)
    params = SamplingParams(seed=1, max_tokens=3000, temperature=1.0, ignore_eos=True)
    (c,) = backend.generate(MESSAGES, n=1, params=params, cancel=cancel)
    assert cancel.set_at is not None  # the benchmark reports the latency (bench_models)
    assert c.finish_reason == "cancelled" and 0 < len(c.token_ids) < 10
    # the backend is still usable afterwards
    assert backend.generate(MESSAGES, n=1, params=SamplingParams(seed=1, max_tokens=2))[0].token_ids


def test_context_overflow_and_bad_grammar_are_typed_errors(backend):
    with pytest.raises(ContextOverflow, match="exceeds the context of 4096"):
        backend.generate(MESSAGES, n=8, params=SamplingParams(max_tokens=1000))
    with pytest.raises(GrammarError, match="rejected the GBNF grammar"):
        backend.generate(
            MESSAGES,
            n=1,
            params=SamplingParams(max_tokens=2, grammar='root ::= "a" undefined_rule'),
        )
    assert backend.generate(MESSAGES, n=1, params=SamplingParams(seed=2, max_tokens=2))[0].token_ids


def test_load_backend_is_cached_and_warm(embedded_path, backend, xdg, monkeypatch):
    from models import load_backend
    from models.api import ModelConfig

    monkeypatch.setenv("CDOCTEST_MODEL_HOST", "0")  # in process (the model host: test_host.py)
    assert load_backend(ModelConfig(model=embedded_path, n_ctx=4096, n_parallel=8)) is backend
    other = load_backend(ModelConfig(model=embedded_path, n_ctx=2048, n_parallel=2))
    try:
        assert (
            other is not backend and other.n_ctx == 2048
        )  # a different config is a different load
        assert (other.info.source, other.info.reason) == ("argument", "--model given")
    finally:
        other.close()
