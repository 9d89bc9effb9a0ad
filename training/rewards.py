"""GRPO rewards: a candidate cdoctest block is scored by running it through the editor's runner.

Parts (each in [0, 1], logged separately; the scalar reward is their weighted sum, weights in
``GRPOConfig.rewards``):

- **format**: 1 when the completion parses (``models.prompt.parse_completion`` reports no error)
  and at least one example names the target function; otherwise 0 and nothing is executed (all
  other parts are 0).
- **compiles**: the fraction of examples that compiled and ran to an output check (outcome
  ``passed`` or ``failed``; a compile error, timeout, crash, output flood or skip does not count).
- **correctness**: the fraction of examples whose *predicted* output (the lines the model wrote
  under ``>>>``) equals the actual output; 0 when no example predicts any output, so a block that
  checks nothing earns nothing. Nothing is recorded: this is the reasoning skill being trained.
- **strength**: for a block that fully passes, the mutation score (killed / total) over up to
  ``mutants`` mutants of the function (``cdoctest_runner.mutation.mutate``); 0 otherwise.
- **reasoning**: 1 when the optional ``Reasoning:`` line has ``min_words..max_words`` words and
  mentions the function's name or a number (a concrete claim), and the format part is 1; else 0.
  Only the block is executed, never the reasoning.

All candidates of a batch run concurrently through ``DocTestRunner.run_many``; a timeout, crash or
runner error in a candidate gives that candidate its (low) reward and never stalls the step.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult, Outcome
from models.prompt import mentions, parse_completion

log = logging.getLogger(__name__)

PARTS = ("format", "compiles", "correctness", "strength", "reasoning")
_RAN = (Outcome.PASSED, Outcome.FAILED)
_NUMBER = re.compile(r"\d")
_WORDS = re.compile(r"\S+")


@dataclass(frozen=True)
class RewardTarget:
    """What a completion is scored against: the function and the self-contained file it lives in."""

    function: str  # the target's name, e.g. 'fac'
    source: str  # the whole file text (compiled as the code under test)
    language: str = "c++"  # 'c' | 'c++'
    id: str = ""  # data set item id (for logs and mutant caching)


@dataclass
class RewardBreakdown:
    """The reward of one completion, part by part (each part in [0, 1])."""

    total: float = 0.0
    format: float = 0.0
    compiles: float = 0.0
    correctness: float = 0.0
    strength: float = 0.0
    reasoning: float = 0.0
    n_examples: int = 0
    outcomes: list[str] = field(default_factory=list)
    note: str = ""  # why a part is 0 (parse error, runner error, ...)
    # per executed example: {"source", "want", "got", "outcome"} (the runner's actual vs expected
    # output, for traces and the dashboard; empty when nothing was executed)
    examples: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as JSON-ready data (traces, evaluation reports)."""
        return asdict(self)


def format_reward(text: str, function: str) -> float:
    """1.0 when ``text`` is a well-formed block with an example that calls ``function``.

    >>> format_reward(">>> fac(3)\\n6\\n", "fac"), format_reward("fac(3) is 6", "fac")
    (1.0, 0.0)
    >>> format_reward(">>> 1 + 1\\n2\\n", "fac")
    0.0
    """
    parsed = parse_completion(text)
    ok = parsed.error is None and any(mentions(e, function) for e in parsed.examples)
    return 1.0 if ok else 0.0


def reasoning_reward(
    reasoning: str, function: str, min_words: int = 4, max_words: int = 60
) -> float:
    """The reasoning-sufficiency rule: enough words, not too many, and a concrete claim.

    >>> reasoning_reward("fac(3) multiplies 3, 2 and 1.", "fac")
    1.0
    >>> reasoning_reward("it works", "fac"), reasoning_reward("this is a very nice function", "fac")
    (0.0, 0.0)
    """
    words = _WORDS.findall(reasoning)
    if not min_words <= len(words) <= max_words:
        return 0.0
    concrete = bool(_NUMBER.search(reasoning)) or function in IDENTIFIER_RE.findall(reasoning)
    return 1.0 if concrete else 0.0


def block_scores(
    examples: Sequence[Example], result: DocTestResult | None
) -> tuple[float, float, list[str]]:
    """``(compiles, correctness, outcomes)`` of a run block (see the module docstring).

    >>> from cdoctest_runner.example import DocTest
    >>> from cdoctest_runner.results import ExampleResult
    >>> ex = [Example("f(1)", "2"), Example("f(2)", "5")]
    >>> res = DocTestResult(DocTest(tuple(ex), "t", "t.c", 1, 1),
    ...     (ExampleResult(ex[0], Outcome.PASSED),
    ...      ExampleResult(ex[1], Outcome.FAILED, got="4\\n")))
    >>> block_scores(ex, res)
    (1.0, 0.5, ['passed', 'failed'])
    """
    if result is None or not examples:
        return 0.0, 0.0, []
    outcomes = [r.outcome for r in result.results]
    n = len(examples)
    compiles = sum(o in _RAN for o in outcomes) / n
    checks_something = any(e.want.strip() for e in examples)
    correctness = sum(o is Outcome.PASSED for o in outcomes) / n if checks_something else 0.0
    return compiles, correctness, [o.value for o in outcomes]


_LIBCLANG_LOCK = threading.Lock()  # one parse at a time: the reward scores batches on threads


@lru_cache(maxsize=512)
def find_declaration(source: str, function: str, language: str = "c++") -> Declaration | None:
    """The definition of ``function`` in ``source`` as a ``Declaration`` (libclang), or None."""
    from cdoctest_runner import clang

    path = clang.buffer_path(None, language, "cdoctest_reward_item")
    kinds = {"FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE"}
    with _LIBCLANG_LOCK:
        tu = clang.parse(path, source, language)
        for cursor in tu.cursor.walk_preorder():
            if (
                cursor.kind.name in kinds
                and cursor.spelling == function
                and cursor.is_definition()
                and clang.in_file(cursor, path)
            ):
                ext = cursor.extent
                return Declaration(
                    name=function,
                    qualname=function,
                    kind="method" if cursor.kind.name == "CXX_METHOD" else "function",
                    line=ext.start.line,
                    column=ext.start.column,
                    end_line=ext.end.line,
                    end_column=ext.end.column,
                    signature=cursor.displayname,
                )
    return None


class MutantCache:
    """Mutants of each target, made once per (item id, source) and reused across steps."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._cache: dict[tuple[str, str], tuple[Declaration | None, list[Any] | None]] = {}

    def get(self, target: RewardTarget) -> tuple[Declaration | None, list[Any] | None]:
        """The target's declaration and mutants (None when they cannot be made)."""
        key = (target.id, target.source)
        if key not in self._cache:
            from cdoctest_runner.mutation.mutate import make_mutants

            decl = find_declaration(target.source, target.function, target.language)
            mutants = None
            if decl is not None:
                try:
                    mutants = make_mutants(
                        target.source, decl, language=target.language, limit=self.limit
                    )
                except Exception as exc:  # a mutant generator failure costs the strength part only
                    log.warning("no mutants for %s: %s", target.id or target.function, exc)
            self._cache[key] = (decl, mutants)
        return self._cache[key]


def _run_all(
    runner: Runner, jobs: list[tuple[Any, CodeUnderTest]], cancel: threading.Event | None
) -> list[DocTestResult | None]:
    """``runner.run_many`` with a per-job fallback, so one bad job cannot sink the batch."""
    if not jobs:
        return []
    try:
        return list(runner.run_many(jobs, cancel=cancel))
    except Exception as exc:
        log.warning("run_many failed (%s); running candidates one by one", exc)
    out: list[DocTestResult | None] = []
    for job in jobs:
        try:
            out.append(runner.run(job[0], job[1], cancel=cancel))
        except Exception as exc:
            log.warning("candidate %s could not be run: %s", job[0].name, exc)
            out.append(None)
    return out


def score_completions(
    completions: Sequence[str],
    targets: Sequence[RewardTarget],
    *,
    runner: Runner,
    weights: Any = None,
    mutants: MutantCache | None = None,
    min_words: int = 4,
    max_words: int = 60,
    cancel: threading.Event | None = None,
) -> list[RewardBreakdown]:
    """Score each completion against its target (``targets[i]`` for ``completions[i]``).

    ``runner`` is a ``cdoctest_runner.Runner`` (a ``DocTestRunner``); ``weights`` has
    the attributes of ``training.config.RewardWeights`` (defaults when None); ``mutants`` enables
    the strength part. A fake runner shows the flow:

    >>> from cdoctest_runner.results import DocTestResult, ExampleResult
    >>> class FakeRunner:  # runs nothing: every example "prints" 6
    ...     def run_many(self, jobs, cancel=None):
    ...         return [DocTestResult(t, tuple(ExampleResult(e, Outcome.PASSED if e.want == "6\\n"
    ...                 else Outcome.FAILED, got="6\\n") for e in t.examples)) for t, _ in jobs]
    >>> t = RewardTarget("fac", "int fac(int n) { return n > 1 ? n * fac(n - 1) : 1; }")
    >>> texts = [">>> fac(3)\\n6\\n", ">>> fac(3)\\n7\\n", "no"]
    >>> [r.total for r in score_completions(texts, [t] * 3, runner=FakeRunner())]
    [1.5, 0.5, 0.0]
    """
    from training.config import RewardWeights

    w = weights if weights is not None else RewardWeights()
    out = [RewardBreakdown() for _ in completions]
    parsed_all = [parse_completion(text) for text in completions]
    jobs: list[tuple[Any, CodeUnderTest]] = []
    owners: list[int] = []
    for i, (parsed, target) in enumerate(zip(parsed_all, targets, strict=True)):
        calls = [e for e in parsed.examples if mentions(e, target.function)]
        out[i].n_examples = len(parsed.examples)
        if parsed.error is not None or not calls:
            out[i].note = parsed.error or f"no example calls {target.function}"
            continue
        out[i].format = 1.0
        out[i].reasoning = reasoning_reward(parsed.reasoning, target.function, min_words, max_words)
        jobs.append((_doctest(parsed.examples, target), _code(target)))
        owners.append(i)
    for i, result in zip(owners, _run_all(runner, jobs, cancel), strict=True):
        examples = parsed_all[i].examples
        if result is None:
            out[i].note = "runner error"
            continue
        if result.setup_error:
            out[i].note = f"setup error: {result.setup_error[:200]}"
        out[i].compiles, out[i].correctness, out[i].outcomes = block_scores(examples, result)
        out[i].examples = [
            {
                "source": r.example.source,
                "want": r.example.want,
                "got": r.got,
                "outcome": r.outcome.value,
            }
            for r in result.results
        ]
        if mutants is not None and mutants.limit > 0 and result.passed and out[i].correctness > 0:
            out[i].strength = _strength(examples, targets[i], runner, mutants, cancel)
    for r in out:
        r.total = sum(getattr(w, part) * getattr(r, part) for part in PARTS)
    return out


def _doctest(examples: Sequence[Example], target: RewardTarget) -> Any:
    name = target.id or target.function
    try:
        from cdoctest_runner.runner import examples_doctest
    except ImportError:  # the runner module is optional for fake runners (docstring examples)
        from cdoctest_runner.example import DocTest

        return DocTest(tuple(examples), name, "<candidate>", 1, 1)
    return examples_doctest(list(examples), name=name)


def _code(target: RewardTarget) -> CodeUnderTest:
    return CodeUnderTest(
        text=target.source, language="c" if target.language == "c" else "c++", key=target.id
    )


def _strength(
    examples: Sequence[Example],
    target: RewardTarget,
    runner: Any,
    cache: MutantCache,
    cancel: threading.Event | None,
) -> float:
    from cdoctest_runner.mutation.analysis import mutation_analysis

    decl, mutants = cache.get(target)
    if decl is None or not mutants:
        return 0.0
    try:
        report = mutation_analysis(
            list(examples), _code(target), decl, runner, mutants=mutants, cancel=cancel
        )
    except Exception as exc:
        log.warning("mutation analysis failed for %s: %s", target.id or target.function, exc)
        return 0.0
    return float(report.score)


RewardFn = Callable[[list[str], list[RewardTarget]], list[RewardBreakdown]]


def default_reward_fn(cfg: Any) -> tuple[RewardFn, Callable[[], None]]:
    """The cdoctest reward with a warm ``DocTestRunner``; returns ``(reward_fn, close)``."""
    from cdoctest_runner.runner import DocTestRunner, Limits

    runner = DocTestRunner(
        limits=Limits(timeout_s=cfg.runner_timeout_s), workers=cfg.runner_workers
    )
    mutants = MutantCache(cfg.mutants) if cfg.mutants > 0 and cfg.rewards.strength > 0 else None

    def reward_fn(texts: list[str], targets: list[RewardTarget]) -> list[RewardBreakdown]:
        return score_completions(
            texts,
            targets,
            runner=runner,
            weights=cfg.rewards,
            mutants=mutants,
            min_words=cfg.reasoning_min_words,
            max_words=cfg.reasoning_max_words,
        )

    return reward_fn, runner.close


def reward_target(item: Any) -> RewardTarget:
    """The ``RewardTarget`` of a data set item (``training.dataset.Item``)."""
    return RewardTarget(
        function=item.function,
        source=item.source,
        language=item.language,
        id=getattr(item, "id", ""),
    )
