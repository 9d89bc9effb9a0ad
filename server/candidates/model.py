"""Sample: ask the model for N candidate completions of one prompt and parse them.

``sample_candidates(backend, target, options, attempt=0, first_index=0, cancel=None)`` builds
the prompt with ``models.prompt.build_messages``, decodes (grammar-constrained with
``models.grammar`` unless ``options.grammar`` is off) and returns one ``Candidate`` per
completion, parsed with ``models.prompt.parse_completion``. The seed of attempt ``k`` is derived
from ``options.seed`` (or a random one), so a retry after nothing verified draws different
candidates while a fixed ``--seed`` stays reproducible. The time budget is the pipeline's
business; this module only samples.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass

from cdoctest_runner.example import Example
from models.api import Backend, Completion, SamplingParams
from models.prompt import PromptTarget, build_messages, parse_completion
from server.api import GenerateOptions
from server.judge.hints import output_logprobs
from server.judge.units import Candidate, Origin

MAX_EXAMPLES = 6  # examples per completion (the grammar's K)
MAX_TOKENS = 200  # a reasoning line and 6 short examples fit; the 135M model rambles beyond


@dataclass(frozen=True)
class SampleResult:
    """The candidates of one sampling call, with what it cost."""

    candidates: list[Candidate]
    seed: int
    seconds: float
    finish_reasons: tuple[str, ...]


def attempt_seed(seed: int | None, attempt: int) -> int:
    """The seed of attempt ``attempt``: fixed seeds are spread out, ``None`` draws a random one.

    >>> attempt_seed(7, 0), attempt_seed(7, 2)
    (7, 2007)
    """
    if seed is None:
        return random.randrange(1, 2**31 - 1)
    return seed + 1000 * attempt


def sampling_params(
    options: GenerateOptions, seed: int, attempt: int, max_tokens: int = MAX_TOKENS
) -> SamplingParams:
    """Sampling settings: the grammar on by default; retries run a little hotter for variety."""
    grammar = None
    if options.grammar:
        from models.grammar import cdoctest_grammar

        grammar = cdoctest_grammar(max_examples=MAX_EXAMPLES)
    return SamplingParams(
        temperature=min(0.7 + 0.2 * attempt, 1.2),
        max_tokens=max_tokens,
        seed=seed,
        grammar=grammar,
        logprobs=True,  # for the confidence of "possible bug" hints (server.judge.hints)
    )


def sample_candidates(
    backend: Backend,
    target: PromptTarget,
    options: GenerateOptions,
    *,
    attempt: int = 0,
    first_index: int = 0,
    cancel: threading.Event | None = None,
    max_tokens: int = MAX_TOKENS,
) -> SampleResult:
    """``options.samples`` parsed candidates for ``target`` (``Origin.MODEL``), numbered from
    ``first_index`` (the model's candidates sampled before, in earlier attempts).
    """
    seed = attempt_seed(options.seed, attempt)
    messages = build_messages(target, max_examples=MAX_EXAMPLES)
    t0 = time.monotonic()
    completions = backend.generate(
        messages,
        n=max(1, options.samples),
        params=sampling_params(options, seed, attempt, max_tokens),
        cancel=cancel,
    )
    candidates = []
    for i, c in enumerate(completions):
        parsed = parse_completion(c.text)
        candidates.append(
            Candidate(
                examples=tuple(parsed.examples),
                origin=Origin.MODEL,
                index=first_index + i,
                text=c.text,
                error=parsed.error,
                output_logprobs=_output_logprobs(backend, c, parsed.examples),
            )
        )
    return SampleResult(
        candidates=candidates,
        seed=seed,
        seconds=time.monotonic() - t0,
        finish_reasons=tuple(c.finish_reason for c in completions),
    )


def _output_logprobs(
    backend: Backend, completion: Completion, examples: list[Example]
) -> tuple[float | None, ...]:
    """Mean token log-prob of each example's predicted output; () when the backend cannot say."""
    pieces = getattr(backend, "pieces", None)  # token text: llama.cpp in process or in its host
    if completion.logprobs is None or pieces is None or not completion.token_ids:
        return ()
    text = pieces(list(completion.token_ids))
    return output_logprobs(completion.text, examples, text, completion.logprobs)
