"""Rollouts through llama.cpp: sample the GRPO groups from the current policy exported to GGUF.

Contract:

- ``LlamaRolloutEngine(tokenizer, base_gguf, workdir, ...)``; ``sync(policy, step)`` exports the
  policy with ``training.export.export_model`` (a LoRA policy on the untouched source GGUF becomes
  an
  adapter GGUF, anything else a full GGUF, ``outtype`` f32 by default so the sampler is as close to
  the torch weights as llama.cpp allows) and reloads the ``models.llama_backend.LlamaBackend`` on
  it,
  in process on purpose (the trainer owns the process; no model host), under the same
  extra-buffer-types rule as generation (off on AMX CPUs, whose llama.cpp matmul segfaults).
  The loop calls ``sync`` every ``rollout_sync_interval`` steps; between syncs the engine samples
  from a stale policy (the torch-recomputed ratio then corrects for it only up to the clip).
- ``rollout(targets, group_size, max_new_tokens, temperature, few_shot, seed)`` returns a
  ``training.rollout.Rollout`` (same layout as the torch sampler's: left-padded prompt ids, then
  completion ids padded with the pad id; the completion mask is 1 up to and including the
  end-of-generation token) built from the **sampled token ids** as llama.cpp returned them (never
  re-tokenised text), and ``engine_logprobs`` ``(B, C)``: each sampled token's log-prob under the
  distribution actually sampled from — log-softmax(logits / T) with top-k/top-p/min-p off and no
  repeat penalty or grammar, so that distribution is exactly softmax(logits / T) (0 on padding).
- The prompt ids are the torch tokenizer's chat-template ids (``rollout.prompt_texts``), fed to
  llama.cpp as ids, so torch scores exactly the sequence that was sampled.
- Seeds: candidate ``i`` of a call uses ``seed + i`` (llama.cpp's dist sampler), so a step is
  reproducible for a fixed policy and seed.
- Errors: ``models.api.ModelError`` subclasses from export or loading propagate (typed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from training.rollout import Rollout, prompt_texts


class LlamaRolloutEngine:
    """Sampling for GRPO through llama.cpp (see the module docstring)."""

    def __init__(
        self,
        tokenizer: Any,
        base_gguf: str,
        workdir: str | Path,
        *,
        n_ctx: int = 4096,
        n_parallel: int = 8,
        n_threads: int | None = None,
        outtype: str = "f32",
    ) -> None:
        self.tokenizer = tokenizer
        self.base_gguf = base_gguf
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.n_ctx, self.n_parallel, self.n_threads, self.outtype = (
            n_ctx,
            n_parallel,
            n_threads,
            outtype,
        )
        self.backend: Any = None
        self.synced_step: int | None = None
        self._exported: Path | None = None

    def sync(self, policy: Any, step: int) -> Path:
        """Export ``policy`` and (re)load llama.cpp on it; returns the exported GGUF."""
        from models.api import ModelConfig
        from models.llama_backend import LlamaBackend
        from training.export import export_model

        out = self.workdir / f"policy-{step:06d}.gguf"
        report = export_model(policy, out, base_gguf=self.base_gguf, outtype=self.outtype)
        kind = getattr(report, "kind", None)
        is_adapter = kind == "adapter" if kind is not None else hasattr(policy, "peft_config")
        config = ModelConfig(
            model=self.base_gguf if is_adapter else str(out),
            adapter=str(out) if is_adapter else None,
            n_ctx=self.n_ctx,
            n_parallel=self.n_parallel,
            n_threads=self.n_threads,
        )
        self.close()
        self.backend = LlamaBackend(config)
        if self._exported is not None and self._exported != out:
            self._exported.unlink(missing_ok=True)  # keep only the file being served
        self._exported, self.synced_step = out, step
        return out

    def rollout(
        self,
        targets: Sequence[Any],
        group_size: int,
        max_new_tokens: int = 96,
        temperature: float = 1.0,
        few_shot: bool = True,
        seed: int = 0,
    ) -> tuple[Rollout, torch.Tensor]:
        """``(rollout, engine_logprobs)`` for ``group_size`` samples per target (rows grouped)."""
        from models.api import SamplingParams

        if self.backend is None:
            raise RuntimeError("LlamaRolloutEngine.rollout before sync(policy, step)")
        tok = self.tokenizer
        texts = prompt_texts(tok, targets, few_shot)
        prompts = [tok(t, add_special_tokens=False)["input_ids"] for t in texts]
        params = SamplingParams(
            temperature=temperature,
            top_p=1.0,
            top_k=0,
            min_p=0.0,
            repeat_penalty=1.0,
            max_tokens=max_new_tokens,
            logprobs=True,
        )
        rows: list[tuple[list[int], list[int], list[float], bool]] = []
        for k, prompt in enumerate(prompts):
            params_k = dataclasses.replace(params, seed=seed + k * group_size)
            for c in self.backend.generate_tokens(prompt, group_size, params_k):
                rows.append(
                    (prompt, list(c.token_ids), list(c.logprobs or ()), c.finish_reason == "length")
                )
        return self._tensors(rows)

    def _tensors(
        self, rows: list[tuple[list[int], list[int], list[float], bool]]
    ) -> tuple[Rollout, torch.Tensor]:
        tok = self.tokenizer
        pad = tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id
        p_len = max(len(r[0]) for r in rows)
        c_len = max(1, max(len(r[1]) for r in rows))
        b = len(rows)
        seq = torch.full((b, p_len + c_len), pad, dtype=torch.long)
        attn = torch.zeros((b, p_len + c_len), dtype=torch.long)
        cmask = torch.zeros((b, c_len))
        logps = torch.zeros((b, c_len))
        for i, (prompt, comp, lps, _) in enumerate(rows):
            seq[i, p_len - len(prompt) : p_len] = torch.tensor(prompt)  # left padding
            attn[i, p_len - len(prompt) : p_len] = 1
            if comp:
                seq[i, p_len : p_len + len(comp)] = torch.tensor(comp)
                attn[i, p_len : p_len + len(comp)] = 1
                cmask[i, : len(comp)] = 1.0
                logps[i, : len(lps)] = torch.tensor(lps, dtype=torch.float32)
        texts = [tok.decode(r[1], skip_special_tokens=True) for r in rows]
        truncated = torch.tensor([r[3] for r in rows], dtype=torch.bool)
        return Rollout(seq, attn, cmask, texts, truncated, p_len), logps

    def close(self) -> None:
        """Free the llama.cpp model and its adapter."""
        if self.backend is not None:
            self.backend.close()
            self.backend = None


def logprob_gap(
    engine: torch.Tensor, torch_logps: torch.Tensor, mask: torch.Tensor
) -> dict[str, float]:
    """Mean and max |engine − torch| log-prob over the masked tokens (diagnostics for metrics).

    >>> m = torch.tensor([[1.0, 1.0, 0.0]])
    >>> logprob_gap(torch.tensor([[-1.0, -2.0, -9.0]]), torch.tensor([[-1.5, -2.0, 0.0]]), m)
    {'llama_logprob_gap_mean': 0.25, 'llama_logprob_gap_max': 0.5}
    """
    diff = (engine - torch_logps).abs() * mask
    n = float(mask.sum())
    return {
        "llama_logprob_gap_mean": float(diff.sum()) / max(n, 1.0),
        "llama_logprob_gap_max": float(diff.max()) if n else 0.0,
    }
