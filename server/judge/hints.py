"""Hints: how far to believe a "possible bug" (the model predicted one output, the code another).

A wrong prediction points at a bug only when the model is likely right about that call, and a small
model is mostly wrong. ``calibrate(kept, code, target_names)`` (called by
``server.judge.verify.verify_candidates``) gives every wrongly predicted example an ``Evidence``
from what the pipeline already has, turns it into a confidence, and keeps as a reported ``Finding``
only what reaches ``THRESHOLD``; the rest moves to ``VerifiedUnit.quiet`` (the actual output is
recorded all the same, as before). Evidence, all cheap and the same for right and wrong predictions:

- self-consistency: how many independent samples made the same call (same earlier examples of the
  unit, whitespace-normalised) and predicted the same output, and how many predicted the actual one;
- the model's own mean token probability of the predicted output (``Candidate.output_logprobs``,
  filled by ``server.candidates.model`` when the backend returns log-probs);
- whether the expectation is explicit: a single call with literal arguments, and the predicted value
  written in the function's comment;
- competence: how many of the model's predictions on the *other* calls of this function were right.

Two steps. ``accuracy(evidence) = sigmoid(bias + sum(w_i * f_i))`` estimates how likely a
prediction with this evidence is right; it is fitted on *every* prediction (right or wrong) of the
seeded-bug benchmark, so even a model that is mostly wrong gives data. Then Bayes: a bug makes the
prediction mismatch, and so does a wrong prediction, so the confidence that the code is wrong is
``p / (p + (1 - p) * (1 - a))``, with ``p = BUG_PRIOR`` (the chance that the code is wrong at a
given call) and ``a`` the accuracy, lowered by the share of samples that predicted the actual
output. A hint at 0.5 thus needs ``a >= 0.9``. Features are in [0, 1] with non-negative weights,
so more agreement, competence, probability or explicitness never lowers the confidence.
``WEIGHTS`` and ``THRESHOLD`` were fitted by ``bench/bench_hints.py`` (``fit``: logistic
regression pulled towards hand-set prior weights; ``choose_threshold``: the lowest threshold, at
least 0.5, with false alarms on <= 5% of correct functions and precision >= 0.7); figures in
docs/benchmarks.md (section hints).

Why one module of ~520 lines: the evidence, its two-step confidence, the fit of its weights and
the threshold choice are one statistical model over one ``Evidence``/``Weights`` pair; the fit
must compute exactly what ``confidence`` computes, and split apart the two halves would import
each other's private pieces. What is not the model (the function's doc text, the model's token
log-probabilities) takes about 110 lines at the end.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cdoctest_runner.example import CodeUnderTest, Example
from cdoctest_runner.results import Outcome
from server.api import Finding
from server.judge.units import VerifiedUnit

FEATURES = ("consensus", "competence", "probability", "explicit")
BUG_PRIOR = 0.1  # chance that the code is wrong at a call before any evidence


@dataclass(frozen=True)
class Weights:
    """The accuracy model: ``bias`` plus one non-negative weight per name in ``FEATURES``."""

    bias: float
    consensus: float
    competence: float
    probability: float
    explicit: float

    def vector(self) -> list[float]:
        """The weights in ``FEATURES`` order (without the bias)."""
        return [getattr(self, n) for n in FEATURES]


# Hand-set prior: 4 of 4 samples agreeing, right on 3 of 3 other calls -> accuracy ~0.9; one of
# three samples, right on none of 3 others -> ~0.05. ``fit`` starts from and is pulled towards it.
PRIOR = Weights(bias=-6.5, consensus=4.0, competence=5.0, probability=2.0, explicit=1.0)
# Fitted by ``python -m bench.bench_hints`` on the embedded model's predictions (docs/benchmarks.md,
# section hints); the threshold is the floor: no higher one was needed to keep false alarms <= 5%.
WEIGHTS = Weights(bias=-6.52, consensus=3.69, competence=4.77, probability=1.01, explicit=1.34)
THRESHOLD = 0.5


@dataclass(frozen=True)
class Observation:
    """One example that ran with a predicted output, as the evidence sees it."""

    key: str  # the call in its context: the unit's earlier sources and its own, normalised
    predicted: str  # the output the candidate predicted
    actual: str  # the output the code printed
    candidate: int  # which sample it came from
    logprob: float | None = None  # mean token log-prob of the predicted output (None: unknown)
    stateless: bool = False  # the unit's first example, with literal arguments only

    @property
    def right(self) -> bool:
        """The prediction matched (trailing whitespace aside)."""
        return same_output(self.predicted, self.actual)


@dataclass(frozen=True)
class Evidence:
    """What speaks for believing one prediction (counts are over samples and calls)."""

    agree: int  # samples that predicted this same output for this call (this one included)
    samples: int  # samples that predicted an output for this call
    for_actual: int  # of those, samples that predicted the actual output
    others_right: int  # the model's right predictions on the other calls of this function
    others: int  # the model's predictions on the other calls
    logprob: float | None = None
    explicit: float = 0.0  # 0, 0.5 or 1: literal call; predicted value written in the comment

    def features(self) -> list[float]:
        """The features in ``FEATURES`` order, each in [0, 1] (an unknown probability is 0.5).

        ``for_actual`` is not among them: it tells right from wrong predictions only once the
        actual output is known, so ``confidence`` applies it separately.

        >>> Evidence(agree=4, samples=4, for_actual=0, others_right=2, others=2).features()
        [0.8, 0.75, 0.5, 0.0]
        """
        n = max(self.samples, 1)
        return [
            self.agree / (n + 1),
            (self.others_right + 1) / (self.others + 2),
            0.5 if self.logprob is None else math.exp(min(self.logprob, 0.0)),
            self.explicit,
        ]

    def describe(self, predicted: str, actual: str) -> str:
        """The evidence in words, as the CLI and the editor show it.

        >>> print(Evidence(4, 4, 0, 5, 6, -0.1).describe("3\\n", "2\\n").replace("; ", ";\\n"))
        4 of 4 samples predicted '3';
        got '2';
        the model was right on 5 of 6 other calls;
        token probability 0.90
        """
        s = "sample" if self.samples == 1 else "samples"
        out = (
            f"{self.agree} of {self.samples} {s} predicted {_show(predicted)}; got {_show(actual)}"
        )
        if self.for_actual:
            out += f" ({self.for_actual} predicted that)"
        if self.others:
            out += f"; the model was right on {self.others_right} of {self.others} other calls"
        else:
            out += "; no other calls to check the model on"
        if self.logprob is not None:
            out += f"; token probability {math.exp(min(self.logprob, 0.0)):.2f}"
        return out


def accuracy(evidence: Evidence, weights: Weights = WEIGHTS) -> float:
    """How likely a prediction with this evidence is right.

    >>> round(accuracy(Evidence(4, 4, 0, 3, 3, explicit=0.5), PRIOR), 2)
    0.9
    >>> round(accuracy(Evidence(1, 3, 0, 0, 3, explicit=0.5), PRIOR), 2)
    0.05
    """
    z = weights.bias + sum(
        w * f for w, f in zip(weights.vector(), evidence.features(), strict=True)
    )
    return _sigmoid(z)


def confidence(evidence: Evidence, weights: Weights = WEIGHTS, prior: float = BUG_PRIOR) -> float:
    """For a wrong prediction: the probability that the code, not the model, is wrong.

    >>> round(confidence(Evidence(4, 4, 0, 6, 6, -0.05, 1.0), PRIOR), 2)
    0.86
    >>> round(confidence(Evidence(1, 3, 0, 0, 3, explicit=0.5), PRIOR), 2)
    0.1
    >>> round(confidence(Evidence(2, 4, 2, 6, 6, -0.05, 1.0), PRIOR), 2)  # two predicted the output
    0.17
    """
    a = accuracy(evidence, weights) * (1.0 - evidence.for_actual / max(evidence.samples, 1))
    return prior / (prior + (1.0 - prior) * (1.0 - a))


def assess(observations: Sequence[Observation], doc: str = "") -> list[Evidence]:
    """Evidence for each observation, from all of them (``Observation.right`` tells which count).

    >>> obs = [Observation("f(1)", "3", "2", 0), Observation("f(1)", "3", "2", 1),
    ...        Observation("f(0)", "0", "0", 0)]
    >>> assess(obs)[0]
    Evidence(agree=2, samples=2, for_actual=0, others_right=1, others=1, logprob=None, explicit=0.0)
    >>> assess(obs)[2]
    Evidence(agree=1, samples=1, for_actual=1, others_right=0, others=1, logprob=None, explicit=0.0)
    """
    out: list[Evidence] = []
    doc_words = set(_WORD.findall(doc))
    for o in observations:
        same = [p for p in observations if p.key == o.key]
        samples = len({p.candidate for p in same})
        agree = len({p.candidate for p in same if _norm(p.predicted) == _norm(o.predicted)})
        for_actual = len({p.candidate for p in same if p.right})
        # Other calls: one vote per distinct call (several samples repeating an easy call are one).
        other_keys = {p.key for p in observations if p.key != o.key}
        right_keys = {p.key for p in observations if p.key != o.key and p.right}
        value = _norm(o.predicted)
        stated = bool(value) and "\n" not in value and set(_WORD.findall(value)) <= doc_words
        out.append(
            Evidence(
                agree=agree,
                samples=samples,
                for_actual=for_actual,
                others_right=len(right_keys),
                others=len(other_keys),
                logprob=o.logprob,
                explicit=0.5 * o.stateless + 0.5 * (stated and bool(_WORD.findall(value))),
            )
        )
    return out


# -- the pipeline's side: verified units in, calibrated units out ----------------------------------


def observations(kept: Sequence[VerifiedUnit]) -> list[tuple[int, int, Observation]]:
    """``(unit index, example index, observation)`` for every kept example that had a prediction."""
    out = []
    for u, vu in enumerate(kept):
        if vu.result is None:
            continue
        ran = [r for r in vu.result.results if r.outcome is not Outcome.COMPILE_ERROR]
        cand = vu.unit.candidate
        context: list[str] = []
        for i, (r, recorded) in enumerate(zip(ran, vu.examples, strict=False)):  # ran: kept first
            context.append(" ".join(recorded.source.split()))
            if not r.example.want.strip():
                continue
            out.append(
                (
                    u,
                    i,
                    Observation(
                        key="\n".join(context),
                        predicted=r.example.want,
                        actual=recorded.want,
                        candidate=cand.index,
                        logprob=_logprob_of(cand.examples, cand.output_logprobs, r.example),
                        stateless=i == 0 and _literal_call(recorded.source),
                    ),
                )
            )
    return out


def calibrate(
    kept: Sequence[VerifiedUnit],
    code: CodeUnderTest,
    target_names: set[str],
    *,
    weights: Weights = WEIGHTS,
    threshold: float = THRESHOLD,
) -> list[VerifiedUnit]:
    """``kept`` with each finding given its confidence and evidence; below ``threshold``: quiet."""
    obs = observations(kept)
    if not any(not o.right for _, _, o in obs):
        return list(kept)
    evidence = assess([o for _, _, o in obs], function_doc(_text_of(code), target_names))
    found: dict[tuple[int, str], tuple[Evidence, Observation]] = {}
    for (u, _i, o), ev in zip(obs, evidence, strict=True):
        if not o.right:
            found[(u, o.key)] = (ev, o)
    out = []
    for u, vu in enumerate(kept):
        loud: list[Finding] = []
        quiet: list[Finding] = []
        context: list[str] = []
        keys = []
        for e in vu.examples:
            context.append(" ".join(e.source.split()))
            keys.append("\n".join(context))
        for f in vu.findings:
            key = next((k for e, k in zip(vu.examples, keys, strict=True) if e == f.example), None)
            hit = found.get((u, key)) if key is not None else None
            if hit is None:
                quiet.append(f)  # no evidence to weigh: never reported
                continue
            ev, o = hit
            conf = round(confidence(ev, weights), 3)
            why = ev.describe(o.predicted, o.actual)
            f = replace(
                f,
                confidence=conf,
                evidence=why,
                message=f"possible bug (confidence {conf:.2f}): `{f.example.source.strip()}` "
                f"printed {_show(o.actual)}; {why}",
            )
            (loud if conf >= threshold else quiet).append(f)
        out.append(replace(vu, findings=tuple(loud), quiet=vu.quiet + tuple(quiet)))
    return out


# -- fitting (used by bench/bench_hints.py) --------------------------------------------------------


def fit(
    rows: Sequence[Sequence[float]],
    labels: Sequence[int],
    prior: Weights = PRIOR,
    *,
    strength: float = 1.0,
    steps: int = 3000,
    rate: float = 0.05,
) -> Weights:
    """Logistic regression on ``rows`` (features in ``FEATURES`` order), pulled towards ``prior``.

    Minimises the mean log-loss plus ``strength * |w - prior|^2 / (2 * len(rows))`` by gradient
    descent, keeping the feature weights non-negative. With few or one-sided labels the prior
    dominates; with informative data the weights move towards what separates the labels.

    >>> w = fit([[1, 1, 1, 1]] * 20 + [[0, 0, 0.5, 0]] * 20, [1] * 20 + [0] * 20)
    >>> strong, weak = Evidence(4, 4, 0, 6, 6, 0.0, 1.0), Evidence(0, 1, 0, 0, 9)
    >>> accuracy(strong, w) > 0.9 > 0.1 > accuracy(weak, w)
    True
    """
    if len(rows) != len(labels):
        raise ValueError(f"{len(rows)} rows but {len(labels)} labels")
    p0 = [prior.bias, *prior.vector()]
    if not rows:
        return prior
    w = list(p0)
    n = len(rows)
    xs = [[1.0, *map(float, r)] for r in rows]
    for _ in range(steps):
        grad = [strength * (w[j] - p0[j]) / n for j in range(len(w))]
        for x, y in zip(xs, labels, strict=True):
            err = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True))) - y
            for j in range(len(w)):
                grad[j] += err * x[j] / n
        w = [w[0] - rate * grad[0]] + [max(0.0, w[j] - rate * grad[j]) for j in range(1, len(w))]
    return Weights(w[0], *w[1:])


@dataclass(frozen=True)
class FunctionCounts:
    """Function-level result of one threshold: catches on buggy versions, alarms on correct ones."""

    threshold: float
    caught: int
    bugs: int
    false_alarms: int
    correct: int

    @property
    def precision(self) -> float | None:
        """Caught / (caught + false alarms); None when nothing was flagged."""
        flagged = self.caught + self.false_alarms
        return self.caught / flagged if flagged else None


def score_functions(
    buggy: Sequence[float], correct: Sequence[float], threshold: float
) -> FunctionCounts:
    """Count flagged functions: each value is a function's highest hint confidence (0 if none).

    >>> o = score_functions([0.9, 0.2, 0.7], [0.1, 0.75], 0.7)
    >>> (o.caught, o.false_alarms, round(o.precision, 2))
    (2, 1, 0.67)
    """
    return FunctionCounts(
        threshold,
        sum(c >= threshold for c in buggy),
        len(buggy),
        sum(c >= threshold for c in correct),
        len(correct),
    )


def choose_threshold(
    buggy: Sequence[float],
    correct: Sequence[float],
    *,
    max_false_alarm: float = 0.05,
    min_precision: float = 0.7,
    floor: float = 0.5,
) -> float:
    """The lowest threshold >= ``floor`` meeting both targets (per-function highest confidences).

    A threshold only rises above ``floor`` to stay quiet: when no threshold catches a bug within
    the targets, the result sits just above every correct function's confidence.

    >>> choose_threshold([0.9, 0.6], [0.1, 0.3])
    0.5
    >>> choose_threshold([0.9, 0.6], [0.55, 0.3, 0.2])
    0.6
    >>> choose_threshold([0.4], [0.8, 0.2])
    0.801
    """
    quiet = round(max([floor, *correct]) + 0.001, 3)
    for t in sorted({floor, *(c for c in buggy if c > floor)}):  # thresholds that catch more
        o = score_functions(buggy, correct, t)
        alarms_ok = o.false_alarms <= max_false_alarm * max(o.correct, 1)
        precise = o.precision is None or o.precision >= min_precision
        if alarms_ok and precise:
            return t
    return quiet


# -- helpers ---------------------------------------------------------------------------------------

_WORD = re.compile(r"-?\d+(?:\.\d+)?|\w+")
_LITERAL_ARGS = re.compile(
    r"""\s*[\w:]+\s*\(\s*(?:(?:-?[\d.]+[uUlLfF]*|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|true|false)"""
    r"""\s*(?:,\s*|(?=\))))*\)\s*;?\s*$"""
)


def _literal_call(source: str) -> bool:
    """A call whose arguments are all literals: ``f(3, "ab")``, not ``f(x)`` or ``s.size()``.

    >>> _literal_call('f("aab")'), _literal_call("clamp(-3, 0, 10);"), _literal_call("f(x)")
    (True, True, False)
    """
    return bool(_LITERAL_ARGS.fullmatch(source.strip()))


def function_doc(text: str, names: set[str]) -> str:
    """The comment directly above the first definition of one of ``names`` in ``text`` ('' if none).

    >>> function_doc("// Clamp to 0..100.\\nint clamp(int v) {\\n  return v;\\n}\\n", {"clamp"})
    '// Clamp to 0..100.\\n'
    """
    from server.analysis.locate import comment_above

    lines = text.split("\n")
    for name in sorted(names):
        pattern = re.compile(rf"^\s*[\w:<>,*&\s]*\b{re.escape(name)}\s*\(")
        for i, line in enumerate(lines):
            if pattern.match(line) and not line.rstrip().endswith(";"):
                block = comment_above(lines, i + 1)
                return block.text if block is not None else ""
    return ""


def _text_of(code: CodeUnderTest) -> str:
    if code.text is not None:
        return code.text
    if code.path is None:
        return ""
    try:
        with open(code.path, encoding="utf-8", errors="surrogateescape") as fh:
            return fh.read()
    except OSError:
        return ""


def _logprob_of(
    examples: Sequence[Example], logprobs: Sequence[float | None], example: Example
) -> float | None:
    for e, lp in zip(examples, logprobs, strict=False):  # () when unknown
        if e == example:
            return lp
    return None


def output_logprobs(
    text: str, examples: Sequence[Example], pieces: Sequence[bytes], logprobs: Sequence[float]
) -> tuple[float | None, ...]:
    """Mean token log-prob of each example's predicted output in a completion.

    ``pieces[i]`` is the text of the i-th sampled token and ``logprobs[i]`` its log-prob; their
    concatenation is ``text`` (tokens after it, such as end-of-generation, are ignored). An output
    is found after its ``>>>`` line(s), in order; ``None`` when it cannot be found. Whitespace-only
    tokens (the line breaks) are left out of the mean.

    >>> text = ">>> f(1)\\n3\\n>>> g()\\n"
    >>> pieces = [b">>>", b" f", b"(1)", b"\\n", b"3", b"\\n", b">>>", b" g()", b"\\n"]
    >>> lps = [-1.0, -1.0, -1.0, -1.0, -0.2, -0.4, -1.0, -1.0, -1.0]
    >>> from cdoctest_runner.example import Example as E
    >>> output_logprobs(text, [E("f(1)", "3\\n"), E("g()")], pieces, lps)
    (-0.2, None)
    """
    data = text.encode("utf-8", "surrogateescape")
    starts = []
    pos = 0
    for p in pieces:
        starts.append(pos)
        pos += len(p)
    out: list[float | None] = []
    cursor = 0
    for ex in examples:
        first = ex.source.split("\n", 1)[0].strip()
        at = data.find((">>> " + first).encode("utf-8", "surrogateescape"), cursor)
        if at < 0 or not ex.want.strip():
            out.append(None)
            continue
        # Skip the prompt line and any '... ' continuation lines; the output runs to the next '>>>'.
        line_end = data.find(b"\n", at)
        while line_end >= 0 and data.startswith(b"... ", line_end + 1):
            line_end = data.find(b"\n", line_end + 1)
        if line_end < 0:
            out.append(None)
            continue
        begin = line_end + 1
        end = data.find(b"\n>>> ", begin)
        end = len(data) if end < 0 else end + 1
        cursor = end
        lps = [
            lp
            for s, p, lp in zip(starts, pieces, logprobs, strict=False)
            if s < end and s + len(p) > begin and p.strip()
        ]
        out.append(sum(lps) / len(lps) if lps else None)
    return tuple(out)


def same_output(a: str, b: str) -> bool:
    """Equal as outputs: line-end whitespace and surrounding blank lines aside.

    >>> same_output("3\\n", "3"), same_output("3 \\n4", "3\\n4\\n\\n"), same_output("3", "4")
    (True, True, False)
    """
    return _norm(a) == _norm(b)


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").split("\n")).strip()


def _show(text: str) -> str:
    value = _norm(text)
    return repr(value if len(value) <= 60 else value[:57] + "...")


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
