"""Worker of test_ddp.py (``torchrun --nproc_per_node=2``): two GRPO steps, then a parameter hash.

Each rank loads the embedded policy, runs ``training.grpo.train`` unchanged (it detects the
launcher),
and writes ``OUT/rank<r>.json``: the items its reward function saw, the SHA-256 of its parameters
before and after training, and the metrics lines rank 0 wrote. The reward is the smoke test's
deterministic text statistic (distinct characters / 10), so groups differ in reward and the
parameters must move; the cdoctest reward is tested elsewhere.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import torch


@dataclass(frozen=True)
class Item:
    id: str
    category: str
    language: str
    function: str
    source: str
    reference: str
    split: str = "train"


ITEMS = [
    Item(
        "ddp-add",
        "arithmetic",
        "c",
        "add",
        "int add(int a, int b) { return a + b; }\n",
        ">>> add(2, 3)\n5\n",
    ),
    Item(
        "ddp-neg", "arithmetic", "c", "neg", "int neg(int a) { return -a; }\n", ">>> neg(4)\n-4\n"
    ),
]


def to_target(item: Item):
    from models.prompt import PromptTarget

    return PromptTarget(
        name=item.function,
        qualname=item.function,
        signature=item.source.split("{", 1)[0].strip(),
        source=item.source,
        language=item.language,
    )


def params_hash(model) -> str:
    h = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        h.update(name.encode())
        h.update(tensor.detach().cpu().contiguous().numpy().tobytes())
    return h.hexdigest()


def main(out: str) -> int:
    from tests.training.tiny import distinct_chars_reward, tiny_grpo_config
    from training import distributed
    from training.grpo import build_state, train
    from training.hf_model import load_policy

    torch.set_num_threads(1)
    ctx = distributed.init()
    seen: list[str] = []

    def reward_fn(texts, targets):
        seen.extend(t.id for t in targets)
        return distinct_chars_reward(texts, targets)

    cfg = tiny_grpo_config(str(Path(out) / "run"))
    model, tokenizer = load_policy()
    state = build_state(cfg, ITEMS, model, tokenizer)
    before = params_hash(state.policy)
    state = train(
        cfg, items=ITEMS, to_target=to_target, reward_fn=reward_fn, state=state, progress=False
    )
    result = {
        "rank": ctx.rank,
        "world_size": ctx.world_size,
        "seen": seen,
        "before": before,
        "after": params_hash(state.policy),
        "ref": params_hash(state.ref),
    }
    Path(out, f"rank{ctx.rank}.json").write_text(json.dumps(result))
    distributed.barrier(ctx)
    torch.distributed.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
