"""The prompt prefix cache with the real embedded model: reused across functions and languages,
through the model host too, and giving the same candidates as a cold evaluation.
"""

from __future__ import annotations

import pytest

from models.api import SamplingParams
from models.grammar import cdoctest_grammar
from models.llama_decode import cold_boundary, common_prefix
from models.prompt import PromptTarget, build_messages

pytestmark = pytest.mark.model

CONTEXT = "#include <limits.h>\n/* counters of the shop, all in cents */\ntypedef long cents;"
TARGETS = [
    PromptTarget(
        "fac", "fac", "int fac(int n)", "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }", "c"
    ),
    PromptTarget("sq", "sq", "int sq(int x)", "int sq(int x) { return x * x; }", "c++"),
    PromptTarget("neg", "neg", "int neg(int x)", "int neg(int x) { return -x; }", "c", CONTEXT),
    PromptTarget("inc", "inc", "int inc(int x)", "int inc(int x) { return x + 1; }", "c", CONTEXT),
]
SAMPLED = SamplingParams(seed=9, max_tokens=12, logprobs=True, grammar=cdoctest_grammar(6))
GREEDY = SamplingParams(temperature=0.0, max_tokens=8, logprobs=True)
# C function, the same prompt again (greedy), a C++ function, another C function, and one more
# from the same file (the same context lines in its turn)
REQUESTS = [(0, SAMPLED), (0, GREEDY), (1, SAMPLED), (2, GREEDY), (3, SAMPLED)]


def _run(backend, cold: bool):
    out, evaluated = [], []
    for i, params in REQUESTS:
        if cold:
            backend.reset()
        out.append(backend.generate(build_messages(TARGETS[i]), n=2, params=params))
        evaluated.append(backend.prompt_stats().last_evaluated)
    return out, evaluated


def test_cached_prefixes_give_the_same_candidates_as_cold_evaluation(backend):
    """Each language's system text and few-shot turns are evaluated once, a later function
    evaluates only its own turn (after a C++ prompt in between), and every candidate (tokens,
    text, log-probs) equals the one a backend with an empty cache produces for the same seed.
    """
    size = [len(backend.tokenize(backend.render(build_messages(t)))) for t in TARGETS]
    cold, cold_eval = _run(backend, cold=True)
    backend.reset()
    warm, warm_eval = _run(backend, cold=False)
    assert cold_eval == [size[i] for i, _ in REQUESTS]  # everything, every time
    assert warm_eval[:3] == [size[0], 1, size[1]]  # the same prompt again: only its last token
    assert 1 < warm_eval[3] < size[2] / 3, (warm_eval, size)
    assert 1 < warm_eval[4] < size[3] / 3
    for a, b in zip(cold, warm, strict=True):
        assert [c.token_ids for c in a] == [c.token_ids for c in b]
        assert [c.text for c in a] == [c.text for c in b]
        assert [c.logprobs for c in a] == [c.logprobs for c in b]
    assert len({c.text for c in warm[0]}) > 1  # sampled candidates really differ


def test_at_most_prefix_slots_prefixes_are_kept(backend):
    backend.reset()
    decoder = backend._decoder
    params = SamplingParams(seed=1, max_tokens=1)
    for i in range(decoder.prefix_slots + 1):  # one more distinct system text than there are slots
        messages = [{"role": "system", "content": f"You write tests, variant {i}. " * 4}]
        backend.generate(
            [*messages, {"role": "user", "content": "int f(void);"}], n=1, params=params
        )
    assert len(decoder._slots) == decoder.prefix_slots
    assert not any("variant 0." in backend.detokenize(list(k)) for k in decoder._slots)  # oldest


def test_the_model_host_keeps_the_prefix_across_requests(embedded_path):
    from models.api import ModelConfig
    from models.host import HostedBackend

    with HostedBackend(ModelConfig(model=embedded_path, n_parallel=2)) as hosted:
        params = SamplingParams(seed=3, max_tokens=4)
        hosted.generate(build_messages(TARGETS[0]), n=2, params=params)
        first = hosted.prompt_stats()
        hosted.generate(build_messages(TARGETS[2]), n=2, params=params)
        second = hosted.prompt_stats()
    assert first.last_evaluated == first.last_prompt_tokens
    assert second.requests == 2 and second.last_evaluated < second.last_prompt_tokens / 3


def test_cold_boundaries():
    assert common_prefix([1, 2, 3], [1, 2, 3]) == 3
    assert cold_boundary(10, 0, 20, 512) == 0  # past the constant part: not from sequence 0
    assert cold_boundary(700, 1000, 2000, 512) == 512  # inside it: where a cold batch ends
    assert cold_boundary(2000, 100, 2000, 512) == 2000  # the whole prompt
