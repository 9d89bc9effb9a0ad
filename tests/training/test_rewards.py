"""The GRPO reward parts on hand-made completions, run through the real runner (clang-repl-22).

One batch holds every case, so it also exercises the concurrent ``run_many`` path and shows that a
hanging or crashing candidate gets its reward instead of stalling the batch.
"""

from __future__ import annotations

import shutil

import pytest

from training.config import RewardWeights
from training.rewards import MutantCache, RewardTarget, find_declaration, score_completions

pytestmark = pytest.mark.clang

ADD = RewardTarget("add", "int add(int a, int b) { return a + b; }\n", "c", "add")
SPIN = RewardTarget("spin", "int spin(int n) { while (n) { } return n; }\n", "c", "spin")
BOOM = RewardTarget("boom", "int boom(int *p) { return *p; }\n", "c++", "boom")

CASES = [  # (completion, target, expected parts: format, compiles, correctness, reasoning)
    (
        "Reasoning: add(2, 3) adds 2 and 3.\n>>> add(2, 3)\n5\n>>> add(-1, 1)\n0\n",
        ADD,
        (1, 1, 1, 1),
    ),
    (">>> add(2, 3)\n6\n", ADD, (1, 1, 0, 0)),  # compiles, wrong prediction
    (">>> add(1, 1)\n2\n>>> add(1, 2)\n4\n", ADD, (1, 1, 0.5, 0)),  # one of two right
    (">>> add(1, 2);\n", ADD, (1, 1, 0, 0)),  # checks nothing: no correctness
    (">>> add(2, )\n5\n", ADD, (1, 0, 0, 0)),  # compile error
    (">>> 1 + 1\n2\n", ADD, (0, 0, 0, 0)),  # does not call the target: nothing runs
    ("Reasoning: it is fine.\nadd(2, 3) is 5", ADD, (0, 0, 0, 0)),  # not the format
    (">>> spin(1)\n0\n", SPIN, (1, 0, 0, 0)),  # hangs: the session timeout ends it
    (">>> boom(nullptr)\n0\n", BOOM, (1, 0, 0, 0)),  # crashes (SIGSEGV)
]


@pytest.fixture(scope="module")
def runner():
    if not (shutil.which("clang-repl-22") or shutil.which("clang-repl")):
        pytest.skip("clang-repl is not installed")
    from cdoctest_runner.runner import DocTestRunner, Limits

    with DocTestRunner(limits=Limits(timeout_s=4.0), workers=2) as r:
        yield r


def test_reward_parts_on_a_mixed_batch(runner):
    texts = [c[0] for c in CASES]
    targets = [c[1] for c in CASES]
    scored = score_completions(
        texts, targets, runner=runner, weights=RewardWeights(), mutants=MutantCache(6)
    )
    for (text, _, expected), got in zip(CASES, scored, strict=True):
        assert (got.format, got.compiles, got.correctness, got.reasoning) == expected, (text, got)
    # strength: only the fully passing block earns it; 'a + b' -> 'a - b' etc. are killed by add(2,
    # 3) == 5
    assert scored[0].strength > 0.5
    assert all(s.strength == 0.0 for s in scored[1:])
    # the total is the weighted sum: 0.2·1 + 0.3·1 + 1.0·1 + 0.5·strength + 0.1·1
    assert scored[0].total == pytest.approx(1.6 + 0.5 * scored[0].strength)
    assert scored[1].total == pytest.approx(0.5)
    assert scored[2].total == pytest.approx(1.0)
    assert scored[7].outcomes[0] == "timeout"
    assert scored[8].outcomes[0] == "crash"


def test_find_declaration_locates_the_definition():
    decl = find_declaration(
        "int helper(int x);\n\nint add(int a, int b) {\n    return a + b;\n}\n", "add", "c"
    )
    assert decl is not None and (decl.line, decl.end_line) == (3, 5)
    assert find_declaration("int add(int a, int b);\n", "add", "c") is None  # declaration only
