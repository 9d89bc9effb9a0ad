"""The llama.cpp decoding engine: N candidates as parallel sequences sharing the prompt's KV cache.

``Decoder`` works on a loaded context (``models.llama_backend.LlamaBackend`` owns the model and the
context; this module owns what happens in the KV cache and the samplers):

- **Prompt prefix cache**: the constant part of a prompt (for a chat prompt: everything before the
  last message, i.e. the system text and the few-shot turns; ``prefix_len`` tokens) is evaluated
  once per loaded model: its KV cells are saved (``llama_state_seq_get_data``, ~23 KB a token for
  the embedded model) in one of ``prefix_slots`` slots, least recently used replaced first. A
  later prompt that starts with it restores them into the empty cache
  (``llama_state_seq_set_data``) and evaluates only the rest. Sequence 0 also keeps the whole
  previous prompt, so the same prompt again (a retry) evaluates only its last token. With a
  ``prefix_len`` nothing else is reused from sequence 0 (:func:`cold_boundary`), and restored
  cells land where a cold evaluation puts them (the cache holds nothing else between requests),
  so a warm backend computes the same KV cache, hence the same candidates for the same seed, as
  a fresh one (slots kept *in* the cache as extra sequences did not: other cells in between
  change the order of llama.cpp's attention sums). ``stats`` counts the prompt tokens asked for
  and those evaluated.
- **Parallel decoding** (llama.cpp low-level API, as in its ``batched`` example): for each group of
  up to ``n_parallel`` candidates, sequence 0's prompt cells are shared with sequences 1..k-1, the
  last prompt token is decoded once for all k sequences, then every step decodes one batch holding
  one token per live sequence. Each candidate has its own sampler chain: [logit bias
  (``ignore_eos``)] -> [repeat penalty] -> top-k -> top-p -> min-p -> temperature -> dist(seed + i)
  (greedy when temperature <= 0), and its own grammar sampler.
- **Stopping**: end-of-generation token (kept in ``token_ids``, not in ``text``), a stop string
  (``text`` is cut before it; ``token_ids`` keep what was sampled), ``max_tokens`` (finish_reason
  ``length``), or cancellation (``cancelled``: ``cancel`` is checked between decode steps and,
  through llama.cpp's abort callback, inside prompt evaluation).
- **Log-probs**: for each sampled token, log-softmax of the model's logits divided by the
  temperature (T=1 when greedy), *before* top-k/top-p/min-p truncation and grammar masking: the
  quantity GRPO's ratio uses.
"""

from __future__ import annotations

import collections
import ctypes
import dataclasses
import math
import secrets
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from models.api import Completion, FinishReason, PromptStats, SamplingParams
from models.errors import ContextOverflow, GrammarError
from models.llama_lib import classify_failure, clear_log, last_errors, llama_cpp_module, recent_log

if TYPE_CHECKING:
    import llama_cpp

#: One entry of a batch: ``(token, position, sequence ids, want logits)``.
BatchEntry = tuple[int, int, Sequence[int], bool]

PREFIX_SLOTS = 4  # saved constant prompt prefixes (e.g. the C and the C++ few-shot turns)
MIN_PREFIX = 16  # shorter constant parts are not worth a slot
_TOKEN_DATA = np.dtype([("id", np.int32), ("logit", np.float32), ("p", np.float32)])


@dataclasses.dataclass
class _Seq:
    """Decoding state of one candidate."""

    sampler: llama_cpp.llama_sampler_p
    grammar: llama_cpp.llama_sampler_p | None = None
    tokens: list[int] = dataclasses.field(default_factory=list)
    logprobs: list[float] = dataclasses.field(default_factory=list)
    data: bytearray = dataclasses.field(default_factory=bytearray)
    finish: FinishReason | None = None
    out_idx: int = 0  # index of this sequence's logits in the last decoded batch


def common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    """Length of the longest common prefix of two token lists.

    >>> common_prefix([1, 2, 3], [1, 2, 4, 5]), common_prefix([], [1])
    (2, 0)
    """
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def cold_boundary(keep: int, prefix_len: int, total: int, n_batch: int) -> int:
    """The largest reusable prefix <= ``keep`` that leaves the KV cache a cold evaluation makes.

    A cold evaluation decodes [0, prefix_len) in batches of ``n_batch``, then the rest. Where the
    batches split and where the cells lie change llama.cpp's results (measured with the embedded
    model: a split inside the constant part changed a logit by up to 0.76, and so did reusing the
    previous prompt's cells past the constant part, whose new cells then lie elsewhere than in a
    cold evaluation). So only the whole prompt, or a prefix ending where a cold batch ends inside
    the constant part, is reused; past it the saved constant part is restored instead.

    >>> cold_boundary(300, 200, 400, 512), cold_boundary(150, 200, 400, 64)
    (0, 128)
    >>> cold_boundary(400, 200, 400, 512)
    400
    """
    if keep >= total:
        return total
    return min(keep, prefix_len) // n_batch * n_batch


class Decoder:
    """Prompt evaluation (with the prefix cache) and parallel sampling on one llama.cpp context."""

    def __init__(
        self,
        ctx: llama_cpp.llama_context_p,
        vocab: llama_cpp.llama_vocab_p,
        *,
        path: str,
        n_parallel: int,
        prefix_slots: int = PREFIX_SLOTS,
    ) -> None:
        L = llama_cpp_module()
        self.ctx, self.vocab, self.path = ctx, vocab, path
        self.n_vocab = L.llama_vocab_n_tokens(vocab)
        self.n_ctx = L.llama_n_ctx(ctx)
        self.n_batch = L.llama_n_batch(ctx)
        self.n_parallel = n_parallel
        self.prefix_slots = prefix_slots
        self.eog = [t for t in range(self.n_vocab) if L.llama_vocab_is_eog(vocab, t)]
        self.stats = PromptStats()
        self._kv_tokens: list[int] = []  # what sequence 0 holds
        # saved prefixes: tokens -> llama_state_seq data of sequence 0 holding just them (LRU last)
        self._slots: collections.OrderedDict[tuple[int, ...], bytes] = collections.OrderedDict()
        self._abort = False
        self._abort_cb = L.ggml_abort_callback(lambda _data: bool(self._abort))
        self._null_cb = L.ggml_abort_callback()
        self._ids = np.arange(self.n_vocab, dtype=np.int32)

    # ----------------------------------------------------------------------------- requests
    def run(
        self,
        prompt: Sequence[int],
        n: int,
        params: SamplingParams,
        cancel: threading.Event | None,
        prefix_len: int | None,
    ) -> list[Completion]:
        """``n`` completions continuing ``prompt`` (caller holds the backend's lock)."""
        k_max = min(n, self.n_parallel)
        need = len(prompt) + k_max * params.max_tokens
        if need > self.n_ctx:
            raise ContextOverflow(
                f"prompt ({len(prompt)} tokens) + {k_max} sequences x {params.max_tokens} "
                f"max_tokens = {need} tokens exceeds the context of {self.n_ctx}; "
                "raise n_ctx or lower n_parallel/max_tokens"
            )
        base_seed = params.seed if params.seed is not None else secrets.randbits(31)
        out: list[Completion] = []
        try:
            if not self._eval_prompt(list(prompt), cancel, prefix_len):
                return [cancelled() for _ in range(n)]
            for start in range(0, n, self.n_parallel):
                k = min(self.n_parallel, n - start)
                if cancel is not None and cancel.is_set():
                    out += [cancelled() for _ in range(k)]
                    continue
                out += self._decode_group(
                    len(prompt), prompt[-1], k, start, base_seed, params, cancel
                )
        except BaseException:
            self.reset()
            raise
        return out

    def reset(self) -> None:
        """Forget every cached prompt and prefix (the KV cache is cleared)."""
        L = llama_cpp_module()
        if self.ctx:
            L.llama_memory_clear(L.llama_get_memory(self.ctx), True)
        self._kv_tokens = []
        self._slots.clear()

    def piece(self, token: int) -> bytes:
        """The bytes of one token (control tokens render as nothing)."""
        L = llama_cpp_module()
        buf = ctypes.create_string_buffer(64)
        n = L.llama_token_to_piece(self.vocab, token, buf, 64, 0, False)
        if n < 0:
            buf = ctypes.create_string_buffer(-n)
            n = L.llama_token_to_piece(self.vocab, token, buf, -n, 0, False)
        return buf.raw[:n]

    # ----------------------------------------------------------------------------- KV cache
    def _batch(self, entries: Sequence[BatchEntry]) -> llama_cpp.llama_batch:
        """A llama_batch of (token, pos, seq_ids, want_logits) entries; caller frees it."""
        L = llama_cpp_module()
        n_seq = max(len(e[2]) for e in entries)
        batch: llama_cpp.llama_batch = L.llama_batch_init(len(entries), 0, n_seq)
        for i, (tok, pos, seqs, logits) in enumerate(entries):
            batch.token[i] = tok
            # llama-cpp-python types pos as an array of arrays; it is a llama_pos* (one a token).
            batch.pos[i] = pos  # type: ignore[call-overload]
            batch.n_seq_id[i] = len(seqs)
            for j, s in enumerate(seqs):
                batch.seq_id[i][j] = s
            batch.logits[i] = 1 if logits else 0
        batch.n_tokens = len(entries)
        return batch

    def decode(self, entries: Sequence[BatchEntry], what: str) -> int:
        """``llama_decode`` one batch of (token, pos, seq_ids, want_logits); 2 when aborted."""
        L = llama_cpp_module()
        batch = self._batch(entries)
        try:
            rc: int = L.llama_decode(self.ctx, batch)
        finally:
            L.llama_batch_free(batch)
        if rc not in (0, 2):
            raise classify_failure(
                self.path, f"decoding ({what}, llama_decode returned {rc})", None, recent_log()
            )
        return rc

    def _reuse(self, body: list[int], prefix_len: int | None) -> int:
        """Put the longest usable cached prefix of ``body`` into sequence 0; its length."""
        L = llama_cpp_module()
        mem = L.llama_get_memory(self.ctx)
        for s in range(1, self.n_parallel):
            L.llama_memory_seq_rm(mem, s, -1, -1)
        keep = common_prefix(self._kv_tokens, body)
        saved = max(
            (t for t in self._slots if len(t) <= len(body) and body[: len(t)] == list(t)),
            key=len,
            default=(),
        )
        if prefix_len is not None:
            keep = cold_boundary(keep, prefix_len, len(body), self.n_batch)
            cold = cold_boundary(len(saved), prefix_len, len(body), self.n_batch)
            if len(saved) not in (cold, prefix_len):
                saved = ()
        if len(saved) > keep:
            L.llama_memory_seq_rm(mem, 0, -1, -1)
            data = self._slots[saved]
            self._slots.move_to_end(saved)
            buf = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
            if L.llama_state_seq_set_data(self.ctx, buf, len(data), 0) == 0:
                del self._slots[saved]  # could not be restored: evaluate instead
                L.llama_memory_seq_rm(mem, 0, -1, -1)
                keep = 0
            else:
                keep = len(saved)
        elif not L.llama_memory_seq_rm(mem, 0, keep, -1):
            L.llama_memory_seq_rm(mem, 0, -1, -1)
            keep = 0
        self._kv_tokens = body[:keep]
        return keep

    def _save_prefix(self, body: list[int], prefix_len: int) -> None:
        """Save sequence 0 (holding exactly ``body[:prefix_len]``) as a prefix slot."""
        L = llama_cpp_module()
        key = tuple(body[:prefix_len])
        if not self.prefix_slots or prefix_len < MIN_PREFIX or key in self._slots:
            return
        size = L.llama_state_seq_get_size(self.ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        if L.llama_state_seq_get_data(self.ctx, buf, size, 0) != size:
            return
        while len(self._slots) >= self.prefix_slots:
            self._slots.popitem(last=False)
        self._slots[key] = bytes(buf)

    def _eval_prompt(
        self, prompt: list[int], cancel: threading.Event | None, prefix_len: int | None
    ) -> bool:
        """Put ``prompt[:-1]`` into sequence 0, reusing cached prefixes. False when cancelled."""
        body = prompt[:-1]
        cut = min(prefix_len or 0, len(body))
        keep = self._reuse(body, cut if prefix_len is not None else None)
        evaluated = len(body) - keep + 1  # the last prompt token is decoded with the candidates
        self.stats.requests += 1
        self.stats.prompt_tokens += len(prompt)
        self.stats.evaluated += evaluated
        self.stats.last_prompt_tokens, self.stats.last_evaluated = len(prompt), evaluated
        return keep >= len(body) or self._evaluate(body, keep, cut, cancel)

    def _evaluate(
        self, body: list[int], keep: int, cut: int, cancel: threading.Event | None
    ) -> bool:
        """Decode ``body[keep:]`` into sequence 0, batches split at ``cut``; False if cancelled."""
        L = llama_cpp_module()
        self._abort = False
        stop = threading.Event()
        if cancel is not None:

            def watch() -> None:
                while not stop.is_set():
                    if cancel.wait(0.02):
                        self._abort = True
                        return

            threading.Thread(target=watch, daemon=True).start()
        L.llama_set_abort_callback(self.ctx, self._abort_cb, None)
        try:
            i = keep
            while i < len(body):
                end = min(len(body), i + self.n_batch)
                if i < cut < end:
                    end = cut
                rc = self.decode(
                    [(t, i + j, (0,), False) for j, t in enumerate(body[i:end])], "prompt"
                )
                if rc == 2 or (cancel is not None and cancel.is_set()):
                    self.reset()
                    return False
                self._kv_tokens = body[:end]
                if end == cut:
                    self._save_prefix(body, cut)
                i = end
        finally:
            stop.set()
            L.llama_set_abort_callback(self.ctx, self._null_cb, None)
            self._abort = False
        return True

    # ----------------------------------------------------------------------------- sampling
    def _sampler(
        self, params: SamplingParams, seed: int
    ) -> tuple[llama_cpp.llama_sampler_p, llama_cpp.llama_sampler_p | None]:
        """(chain, grammar): the sampler chain without the grammar; the grammar sampler or None."""
        L = llama_cpp_module()
        grammar = None
        if params.grammar:
            clear_log()
            grammar = L.llama_sampler_init_grammar(self.vocab, params.grammar.encode(), b"root")
            if not grammar:
                raise GrammarError(
                    f"llama.cpp rejected the GBNF grammar: {last_errors(recent_log())}"
                )
        chain = L.llama_sampler_chain_init(L.llama_sampler_chain_default_params())
        try:
            if params.ignore_eos and self.eog:
                bias = (L.llama_logit_bias * len(self.eog))()
                for i, t in enumerate(self.eog):
                    bias[i].token = t
                    bias[i].bias = -math.inf
                L.llama_sampler_chain_add(
                    chain, L.llama_sampler_init_logit_bias(self.n_vocab, len(self.eog), bias)
                )
            if params.repeat_penalty != 1.0:
                L.llama_sampler_chain_add(
                    chain, L.llama_sampler_init_penalties(64, params.repeat_penalty, 0.0, 0.0)
                )
            if params.temperature <= 0:
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_greedy())
            else:
                if params.top_k > 0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_top_k(params.top_k))
                if params.top_p < 1.0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_top_p(params.top_p, 1))
                if params.min_p > 0.0:
                    L.llama_sampler_chain_add(chain, L.llama_sampler_init_min_p(params.min_p, 1))
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_temp(params.temperature))
                L.llama_sampler_chain_add(chain, L.llama_sampler_init_dist(seed % 0xFFFFFFFF))
        except BaseException:
            L.llama_sampler_free(chain)
            if grammar:
                L.llama_sampler_free(grammar)
            raise
        return chain, grammar

    def logits(self, idx: int) -> np.ndarray:
        """Row ``idx`` of the last decoded batch's logits (a view into llama.cpp's buffer)."""
        L = llama_cpp_module()
        return np.ctypeslib.as_array(L.llama_get_logits_ith(self.ctx, idx), shape=(self.n_vocab,))

    def _token_data(
        self, logits: np.ndarray
    ) -> tuple[np.ndarray, llama_cpp.llama_token_data_array]:
        """A llama_token_data_array over all tokens with these logits (and its numpy storage)."""
        L = llama_cpp_module()
        cur = np.empty(self.n_vocab, dtype=_TOKEN_DATA)
        cur["id"] = self._ids
        cur["logit"] = logits
        cur["p"] = 0.0
        arr = L.llama_token_data_array(
            data=cur.ctypes.data_as(L.llama_token_data_p),
            size=self.n_vocab,
            selected=-1,
            sorted=False,
        )
        return cur, arr

    def _apply(self, sampler: llama_cpp.llama_sampler_p, logits: np.ndarray) -> int:
        """Run ``sampler`` over all tokens with these logits; the token it selects."""
        L = llama_cpp_module()
        _cur, arr = self._token_data(logits)
        L.llama_sampler_apply(sampler, ctypes.byref(arr))
        if arr.selected < 0:
            raise GrammarError("the sampler selected no token (the grammar allows nothing here)")
        return int(arr.data[arr.selected].id)

    @staticmethod
    def _grammar_allows(grammar: llama_cpp.llama_sampler_p, token: int, logit: float) -> bool:
        L = llama_cpp_module()
        one = (L.llama_token_data * 1)()
        one[0].id, one[0].logit, one[0].p = token, logit, 0.0
        arr = L.llama_token_data_array(data=one, size=1, selected=-1, sorted=False)
        L.llama_sampler_apply(grammar, ctypes.byref(arr))
        return math.isfinite(one[0].logit)

    def _sample(self, s: _Seq) -> int:
        """Sample the next token of ``s`` from its output row; with a grammar, llama.cpp's
        common_sampler trick: sample unconstrained, keep the token if the grammar accepts it, else
        resample with the grammar applied to the full vocabulary (same distribution, far cheaper
        than masking ~50k tokens every step).
        """
        L = llama_cpp_module()
        if s.grammar is None:
            sampled: int = L.llama_sampler_sample(s.sampler, self.ctx, s.out_idx)
            return sampled
        logits = self.logits(s.out_idx)
        tok = self._apply(s.sampler, logits)
        if not self._grammar_allows(s.grammar, tok, float(logits[tok])):
            masked = np.array(logits, dtype=np.float32)
            cur, arr = self._token_data(masked)
            L.llama_sampler_apply(s.grammar, ctypes.byref(arr))
            keep = cur[: arr.size]
            masked[:] = -np.inf
            masked[keep["id"]] = keep["logit"]
            tok = self._apply(s.sampler, masked)
        L.llama_sampler_accept(s.grammar, tok)
        L.llama_sampler_accept(s.sampler, tok)
        return tok

    def _logprob(self, idx: int, token: int, temperature: float) -> float:
        logits = self.logits(idx).astype(np.float64)
        if temperature > 0:
            logits = logits / temperature
        m = logits.max()
        return float(logits[token] - m - math.log(np.exp(logits - m).sum()))

    def _decode_group(
        self,
        n_prompt: int,
        last: int,
        k: int,
        first_index: int,
        base_seed: int,
        params: SamplingParams,
        cancel: threading.Event | None,
    ) -> list[Completion]:
        L = llama_cpp_module()
        mem = L.llama_get_memory(self.ctx)
        # Fresh sequences 1..k-1 sharing sequence 0's prompt cells.
        for seq_id in range(self.n_parallel):
            L.llama_memory_seq_rm(mem, seq_id, n_prompt - 1 if seq_id == 0 else -1, -1)
        for seq_id in range(1, k):
            L.llama_memory_seq_cp(mem, 0, seq_id, -1, -1)
        seqs = [_Seq(*self._sampler(params, base_seed + first_index + i)) for i in range(k)]
        try:
            # The last prompt token, decoded once for all k sequences: one row they all sample from.
            self.decode([(last, n_prompt - 1, tuple(range(k)), True)], "first step")
            pos = n_prompt
            stops = [s.encode() for s in params.stop if s]
            while True:
                for s in seqs:
                    if s.finish is None:
                        self._step(s, params, stops)
                live = [(i, s) for i, s in enumerate(seqs) if s.finish is None]
                if not live:
                    break
                if cancel is not None and cancel.is_set():
                    for _, s in live:
                        s.finish = "cancelled"
                    break
                for row, (_, s) in enumerate(live):
                    s.out_idx = row
                self.decode([(s.tokens[-1], pos, (i,), True) for i, s in live], "generation step")
                pos += 1
        finally:
            for s in seqs:
                L.llama_sampler_free(s.sampler)
                if s.grammar:
                    L.llama_sampler_free(s.grammar)
            # Candidates' tokens (candidate 0's live in sequence 0 past the prompt): forget them.
            for seq_id in range(self.n_parallel):
                L.llama_memory_seq_rm(mem, seq_id, n_prompt - 1 if seq_id == 0 else -1, -1)
        return [
            Completion(
                text=bytes(s.data).decode("utf-8", "replace"),
                token_ids=tuple(s.tokens),
                logprobs=tuple(s.logprobs) if params.logprobs else None,
                finish_reason=s.finish or "length",
            )
            for s in seqs
        ]

    def _step(self, s: _Seq, params: SamplingParams, stops: list[bytes]) -> None:
        """Sample one token for ``s`` and decide whether it is finished."""
        L = llama_cpp_module()
        tok = self._sample(s)
        s.tokens.append(tok)
        if params.logprobs:
            s.logprobs.append(self._logprob(s.out_idx, tok, params.temperature))
        if L.llama_vocab_is_eog(self.vocab, tok):
            s.finish = "stop"
            return
        s.data += self.piece(tok)
        if stops:
            hit = [s.data.find(x) for x in stops if x in s.data]
            if hit:
                s.data = s.data[: min(hit)]
                s.finish = "stop"
                return
        if len(s.tokens) >= params.max_tokens:
            s.finish = "length"


def cancelled() -> Completion:
    """A candidate that was cancelled before it produced anything."""
    return Completion(text="", token_ids=(), logprobs=None, finish_reason="cancelled")
