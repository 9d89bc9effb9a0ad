"""Data-parallel GRPO across processes (``torchrun``/``accelerate launch``): DDP semantics.

Contract:

- ``context()`` describes this process: ``rank``, ``world_size``, ``is_main`` (rank 0). Without a
  launcher (``WORLD_SIZE`` unset or 1) it is ``rank 0 of 1`` and every helper here is a no-op, so
  the single-process loop is unchanged bit for bit.
- ``init()`` joins the process group the launcher describes (env:// rendezvous): ``gloo`` on CPU,
  ``nccl`` on CUDA (``backend`` overrides); idempotent.
- Sharding: every rank draws the same *global* batch of ``prompts_per_step × world_size`` prompts
  from the identically seeded data stream and keeps its own slice (``shard``), so the G completions
  of a prompt stay on one rank (group advantages need no communication) and every rank's data
  position stays identical (checkpoints and resume work as in one process).
- Gradients: the loop's forward calls the backbone and the LM head separately (chunked log-probs),
  which ``DistributedDataParallel``'s wrapper would not see, so the loop does what DDP does
  explicitly: ``all_reduce_grads`` sums every trainable gradient over ranks after the backward
  pass, with the normalisers all-reduced first (``all_reduce_sum``: the global token count for
  ``token`` normalisation, the global row count for ``sequence``/``constant``), so the summed
  gradient is exactly the gradient of the global-batch loss. Clipping and the optimizer then run
  identically on every rank, and ``broadcast_parameters`` at the start makes the initial weights
  (and LoRA initialisations) rank 0's. Parameters therefore stay identical on all ranks.
- Only rank 0 writes metrics, traces and checkpoints; ``barrier()`` after a checkpoint.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import torch

T = TypeVar("T")


@dataclass(frozen=True)
class DistContext:
    """Where this process is in the process group (rank 0 of 1 without a launcher)."""

    rank: int = 0
    world_size: int = 1

    @property
    def is_main(self) -> bool:
        """Rank 0: the one that writes logs and checkpoints."""
        return self.rank == 0

    @property
    def enabled(self) -> bool:
        """More than one process."""
        return self.world_size > 1


def _dist_ready() -> bool:
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def init(backend: str | None = None) -> DistContext:
    """Join the launcher's process group (gloo on CPU, nccl on CUDA) when ``WORLD_SIZE`` > 1."""
    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world > 1 and not _dist_ready():
        if backend is None:
            backend = "nccl" if torch.cuda.is_available() else "gloo"
        torch.distributed.init_process_group(backend=backend)
        if backend == "nccl":
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
    return context()


def context() -> DistContext:
    """Return the rank and world size (``0 of 1`` without an initialised process group)."""
    if not _dist_ready():
        return DistContext()
    return DistContext(torch.distributed.get_rank(), torch.distributed.get_world_size())


def shard(batch: Sequence[T], ctx: DistContext) -> list[T]:
    """Return this rank's contiguous slice of a global batch (its length must divide evenly).

    >>> shard(list("abcdef"), DistContext(1, 3))
    ['c', 'd']
    """
    if len(batch) % ctx.world_size:
        raise ValueError(f"global batch of {len(batch)} does not split over {ctx.world_size} ranks")
    n = len(batch) // ctx.world_size
    return list(batch[ctx.rank * n : (ctx.rank + 1) * n])


def all_reduce_sum(value: float, ctx: DistContext) -> float:
    """``value`` summed over ranks (the value itself in one process)."""
    if not ctx.enabled:
        return value
    t = torch.tensor([value], dtype=torch.float64)
    torch.distributed.all_reduce(t)
    return float(t[0])


def all_reduce_grads(params: Iterable[torch.nn.Parameter], ctx: DistContext) -> None:
    """Sum the gradients of ``params`` over ranks, in place (one flat buffer; None counts as 0)."""
    if not ctx.enabled:
        return
    params = [p for p in params if p.requires_grad]
    grads: list[torch.Tensor] = []
    for p in params:
        if p.grad is None:
            p.grad = torch.zeros_like(p)
        grads.append(p.grad)
    flat = torch.cat([g.reshape(-1) for g in grads])
    torch.distributed.all_reduce(flat)
    offset = 0
    for g in grads:
        n = g.numel()
        g.copy_(flat[offset : offset + n].view_as(g))
        offset += n


def broadcast_parameters(model: Any, ctx: DistContext) -> None:
    """Make every rank's parameters and buffers equal to rank 0's (as DDP does at construction)."""
    if not ctx.enabled:
        return
    with torch.no_grad():
        for tensor in [*model.parameters(), *model.buffers()]:
            torch.distributed.broadcast(tensor.data, src=0)


def barrier(ctx: DistContext) -> None:
    """Wait for every rank (no-op in one process)."""
    if ctx.enabled:
        torch.distributed.barrier()
