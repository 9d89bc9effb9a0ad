"""'Possible bug' hints: evidence, confidence and threshold (server/judge/hints.py), and what users
see.

Pure tests use hand-checkable numbers. The end-to-end tests run the real pipeline and clang-repl
with a canned model (``CannedBackend``: every sample gives the same answer, so 4 of 4 agree) on
``count_vowels`` with a seeded bug (``'u'`` is not counted; written to a temporary file):

- a model that predicts every output wrong: its disagreement on the bug call is not believed (even
  though the comment agrees with it), no hint;
- a model right on 5 other calls that predicts 5 for ``count_vowels("aeiou")`` (the code says 4,
  the comment 5):
  the hint is shown, with its confidence and evidence, in ``cdoctest-gen``'s output and the JSON.
"""

from __future__ import annotations

import json
import math

import pytest

from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server import cli
from server.api import Finding
from server.judge.hints import (
    PRIOR,
    THRESHOLD,
    WEIGHTS,
    Evidence,
    Observation,
    accuracy,
    assess,
    calibrate,
    choose_threshold,
    confidence,
    fit,
    function_doc,
    output_logprobs,
    score_functions,
)
from server.judge.units import Candidate, Unit, VerifiedUnit
from tests.generate.test_pipeline_e2e import CannedBackend

BUGGY_C = """\
#include <stddef.h>

/* Number of vowels (a, e, i, o, u) in s: 5 for "aeiou". */
int count_vowels(const char *s) {
    int n = 0;
    for (; *s; s++)
        if (*s == 'a' || *s == 'e' || *s == 'i' || *s == 'o')
            n++;
    return n;
}
"""
RIGHT_BUT_ONE = (
    "Reasoning: count the vowels.\n"
    '>>> count_vowels("")\n0\n'
    '>>> count_vowels("xyz")\n0\n'
    '>>> count_vowels("banana")\n3\n'
    '>>> count_vowels("sky")\n0\n'
    '>>> count_vowels("hello")\n2\n'
    '>>> count_vowels("aeiou")\n5\n'
)
ALWAYS_WRONG = (
    "Reasoning: count the vowels.\n"
    '>>> count_vowels("")\n1\n'
    '>>> count_vowels("xyz")\n2\n'
    '>>> count_vowels("banana")\n6\n'
    '>>> count_vowels("sky")\n1\n'
    '>>> count_vowels("hello")\n5\n'
    '>>> count_vowels("aeiou")\n5\n'
)


# -- evidence and confidence -----------------------------------------------------------------------


def _obs(key: str, predicted: str, actual: str, candidate: int, **kw) -> Observation:
    return Observation(key, predicted + "\n", actual + "\n", candidate, **kw)


def test_agreement_and_other_calls_make_the_evidence() -> None:
    # 4 samples call f(5): three predict 3, one predicts the actual 2; f(0) is right in all four,
    # f(1) wrong in one: two other calls, one of them always right.
    obs = [_obs("f(5)", "3", "2", c) for c in range(3)] + [_obs("f(5)", "2", "2", 3)]
    obs += [_obs("f(0)", "0", "0", c) for c in range(4)] + [_obs("f(1)", "9", "1", 0)]
    ev = assess(obs)
    assert ev[0] == Evidence(agree=3, samples=4, for_actual=1, others_right=1, others=2)
    assert ev[0].features() == [0.6, 0.5, 0.5, 0.0]  # consensus, competence, probability, explicit
    # A right prediction gets the same kind of evidence (the accuracy model learns from both).
    assert ev[3] == Evidence(agree=1, samples=4, for_actual=1, others_right=1, others=2)
    assert ev[0].describe("3\n", "2\n") == (
        "3 of 4 samples predicted '3'; got '2' (1 predicted that); "
        "the model was right on 1 of 2 other calls"
    )


def test_explicit_calls_and_stated_values() -> None:
    doc = "/* Clamp v to 0..100. */\n"
    obs = [
        _obs("clamp(150)", "100", "150", 0, stateless=True),
        _obs("clamp(7)", "8", "7", 0, stateless=True),
        _obs("int v = 3;\nclamp(v)", "4", "3", 0),
    ]
    assert [e.explicit for e in assess(obs, doc)] == [1.0, 0.5, 0.0]


def test_confidence_grows_with_each_kind_of_evidence() -> None:
    base = Evidence(agree=2, samples=4, for_actual=1, others_right=1, others=3, logprob=-1.0)
    stronger = [
        Evidence(4, 4, 1, 1, 3, -1.0),
        Evidence(2, 4, 0, 1, 3, -1.0),
        Evidence(2, 4, 1, 3, 3, -1.0),
        Evidence(2, 4, 1, 1, 3, -0.1),
        Evidence(2, 4, 1, 1, 3, -1.0, explicit=1.0),
    ]
    for ev in stronger:
        assert confidence(ev, PRIOR) > confidence(base, PRIOR), ev
        assert confidence(ev) >= confidence(base)  # the fitted weights are never negative


def test_a_wrong_model_is_not_believed_and_a_reliable_one_is() -> None:
    """The two canned models of the end-to-end tests, with the shipped weights and threshold."""
    all_wrong = Evidence(agree=4, samples=4, for_actual=0, others_right=0, others=5, explicit=1.0)
    mostly_right = Evidence(4, 4, 0, others_right=5, others=5, explicit=1.0)
    assert confidence(all_wrong) < THRESHOLD <= confidence(mostly_right)
    one_sample = Evidence(agree=1, samples=1, for_actual=0, others_right=0, others=0)
    assert confidence(one_sample) < THRESHOLD  # one unchecked guess is never a hint


def test_fit_learns_from_labels_and_keeps_the_prior_without_them() -> None:
    rows = [[0.8, 0.8, 0.5, 0.5]] * 10 + [[0.8, 0.2, 0.5, 0.5]] * 10
    labels = [1] * 10 + [0] * 10
    w = fit(rows, labels)
    assert w.competence > PRIOR.competence  # competence is what separates these labels
    assert all(x >= 0 for x in w.vector())
    assert fit([], []) == PRIOR
    wrong = fit([[0.8, 0.2, 0.5, 0.5]] * 10, [0] * 10)  # a model that is never right
    ev = Evidence(4, 4, 0, 0, 3)
    assert accuracy(ev, wrong) < accuracy(ev, PRIOR)
    assert confidence(ev, wrong) < confidence(ev, PRIOR)
    with pytest.raises(ValueError, match="2 rows but 1 labels"):
        fit([[0] * 4, [1] * 4], [1])


def test_threshold_keeps_false_alarms_and_precision_in_bounds() -> None:
    # 20 correct functions, one with a confident wrong prediction (0.8): 1 alarm in 20 is 5%.
    correct = [0.1] * 19 + [0.8]
    assert choose_threshold([0.9, 0.85, 0.7, 0.6], correct) == 0.5  # precision 4/5
    o = score_functions([0.9, 0.85, 0.3], correct, 0.5)
    assert (o.caught, o.false_alarms) == (2, 1) and math.isclose(o.precision or 0, 2 / 3)
    # Precision 2/3 < 0.7 at 0.5: the threshold rises to the next catch above the alarm.
    assert choose_threshold([0.9, 0.85, 0.3], correct) == 0.85
    assert choose_threshold([0.9], [0.1] * 9 + [0.8]) == 0.9  # 1 alarm in 10 is too many
    # Nothing caught within the targets: stay quiet above every correct function.
    assert choose_threshold([0.3], [0.6, 0.1]) == 0.601
    assert score_functions([], [], 0.5).precision is None


def test_output_logprobs_follow_the_tokens_of_each_output() -> None:
    text = '>>> f("a")\n12\n>>> g(1)\n... + 2\n7\n'
    pieces = [
        b">>>",
        b' f("a")',
        b"\n",
        b"1",
        b"2",
        b"\n",
        b">>> g(1)",
        b"\n... + 2\n",
        b"7",
        b"\n",
    ]
    lps = [-9.0, -9.0, -9.0, -0.5, -0.1, -9.0, -9.0, -9.0, -0.25, -9.0]
    exs = [Example('f("a")', "12\n"), Example("g(1)\n+ 2", "7\n"), Example("h()", "1\n")]
    assert output_logprobs(text, exs, pieces, lps) == (-0.3, -0.25, None)


def test_function_doc_finds_the_comment_above_the_definition() -> None:
    assert function_doc(BUGGY_C, {"count_vowels"}) == (
        '/* Number of vowels (a, e, i, o, u) in s: 5 for "aeiou". */\n'
    )
    assert function_doc("int f(int);\n// f doubles\nint f(int x) { return 2 * x; }\n", {"f"}) == (
        "// f doubles\n"
    )
    assert function_doc("int g(void) { return 1; }\n", {"g", "nope"}) == ""


def test_calibrate_reports_only_confident_findings() -> None:
    """Two units of two samples, as verify builds them: one hint above the threshold, one quiet."""

    def unit(candidate: int, predicted: str, actual: str) -> VerifiedUnit:
        ex = Example('count_vowels("aeiou")\n', predicted)
        rec = Example(ex.source, actual)
        cand = Candidate((ex,), index=candidate, output_logprobs=(-0.05,))
        result = DocTestResult(
            DocTest((ex,), "t", "t.c", 1, 1), (ExampleResult(ex, Outcome.FAILED, got=actual),)
        )
        finding = Finding(rec, predicted, actual)
        return VerifiedUnit(Unit((ex,), cand), (rec,), (False,), (finding,), result)

    code = CodeUnderTest(text=BUGGY_C, language="c")
    kept = [unit(0, "5\n", "4\n"), unit(1, "5\n", "4\n")]
    out = calibrate(kept, code, {"count_vowels"}, weights=PRIOR, threshold=0.0)
    f = out[0].findings[0]
    assert f.evidence.startswith("2 of 2 samples predicted '5'; got '4'; no other calls")
    assert f.evidence.endswith("token probability 0.95")
    assert f.confidence is not None and f.message.startswith(
        f"possible bug (confidence {f.confidence:.2f}): `count_vowels(\"aeiou\")` printed '4'"
    )
    out = calibrate(kept, code, {"count_vowels"}, weights=PRIOR, threshold=0.99)
    assert out[0].findings == () and out[0].quiet[0].confidence == f.confidence


# -- end to end: the pipeline, clang-repl and the CLI with a canned model --------------------------


@pytest.fixture
def buggy_file(tmp_path):
    path = tmp_path / "vowels.c"
    path.write_text(BUGGY_C)
    return str(path)


def _cli(monkeypatch, capsys, path: str, answer: str, *extra: str) -> tuple[int, str, str]:
    import models

    backend = CannedBackend([answer])
    monkeypatch.setattr(models, "load_backend", lambda config=None, **kw: backend)
    # The model alone: the pipeline does not ask the model when the fallback's first block
    # already kills every mutant (as it does here), and these tests are about its predictions.
    args = [path, "--function", "count_vowels", "--samples", "4", "--seed", "1", "--fallback"]
    rc = cli.main([*args, "never", *extra])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.clang
def test_a_model_wrong_everywhere_raises_no_hint(runner, monkeypatch, capsys, buggy_file) -> None:
    """Test data: BUGGY_C in a temporary file; the canned model mispredicts all 4 calls."""
    rc, out, err = _cli(monkeypatch, capsys, buggy_file, ALWAYS_WRONG)
    assert rc == 0 and ": count_vowels: verified" in err
    assert "(24 examples, 24 with a wrong predicted output)" in err  # recorded, not reported
    assert "possible bug" not in err and "possible bug" not in out


@pytest.mark.clang
def test_a_reliable_model_flags_the_seeded_bug(runner, monkeypatch, capsys, buggy_file) -> None:
    """Test data: BUGGY_C; the canned model is right on 5 calls, predicts 5 for "aeiou" (got 4)."""
    rc, _, err = _cli(monkeypatch, capsys, buggy_file, RIGHT_BUT_ONE)
    assert rc == 0
    (line,) = [ln for ln in err.splitlines() if ln.startswith("  possible bug")]
    assert "count_vowels(\"aeiou\") -> predicted '5', got '4'" in line
    assert "confidence 0." in line or "confidence 1.00" in line
    evidence = err.split(line, 1)[1].splitlines()[1]
    assert evidence == (
        "    evidence: 4 of 4 samples predicted '5'; got '4'; "
        "the model was right on 5 of 5 other calls"
    )

    rc, out, _ = _cli(monkeypatch, capsys, buggy_file, RIGHT_BUT_ONE, "--json")
    (fn,) = json.loads(out)["functions"]
    (finding,) = fn["findings"]
    assert finding["confidence"] >= THRESHOLD and finding["evidence"] == evidence.split(": ", 1)[1]
    assert finding["example"]["want"] == "4\n" and WEIGHTS.bias < 0
    # The finding's line is the '>>>' line of its example in the new text (0-based).
    assert json.loads(out)["new_text"].split("\n")[finding["line"]] == '>>> count_vowels("aeiou")'


# -- the benchmark's data and report (no model) ----------------------------------------------------


def test_seeded_bugs_apply_once_to_their_eval_function() -> None:
    """Test data: bench/data/hints/seeded_bugs.json against bench/data/eval_functions."""
    from pathlib import Path

    from bench.bench_hints import load_bugs
    from bench.eval_set import load_eval_set

    bugs = load_bugs()
    evals = {Path(f.path).name: f for f in load_eval_set()}
    assert set(bugs) <= set(evals) and len(bugs) >= len(evals) - 1
    for name, bug in bugs.items():
        text = Path(evals[name].path).read_text()
        assert bug.function == evals[name].function
        assert bug.apply(text) != text and bug.kind and bug.desc
    assert {b.kind for b in bugs.values() if b.hand} >= {"missing case", "swapped operands"}
    with pytest.raises(ValueError, match="occurs 0 times"):
        next(iter(bugs.values())).apply("")


def test_bench_report_counts_functions_and_fits() -> None:
    """A reliable model on one function (a confident hint on the bug), a guesser on another."""
    from dataclasses import asdict

    from bench.bench_hints import Record, VersionRun, report

    def rec(fn, version, predicted, actual, ev, label=0, correct=None):
        return Record(fn, version, "f()", predicted, actual, label, asdict(ev), correct or actual)

    good = Evidence(4, 4, 0, 5, 5, explicit=1.0)
    bad = Evidence(1, 4, 0, 0, 5)
    runs = [
        VersionRun("a", "correct", 6, 6, 0, 1.0, [rec("a", "correct", "1", "1", good)] * 6),
        VersionRun(
            "a",
            "buggy",
            6,
            6,
            1,
            1.0,
            [rec("a", "buggy", "1", "1", good)] * 5
            + [rec("a", "buggy", "5", "4", good, label=1, correct="5")],
        ),
        VersionRun("b", "correct", 6, 6, 6, 1.0, [rec("b", "correct", "7", "1", bad)] * 6),
        VersionRun("b", "buggy", 6, 6, 6, 1.0, [rec("b", "buggy", "7", "2", bad, 1, "1")] * 6),
    ]
    body, weights, threshold = report(runs, "test-model")
    lines = body.splitlines()
    assert (
        lines[2]
        == "| test-model | before: every wrong prediction is a hint | 2/2 | 1/2 (50%) | 0.67 | - |"
    )
    assert lines[4].startswith(
        "| test-model | fitted on all functions (shipped) | 1/2 | 0/2 (0%) | 1.00 |"
    )
    assert threshold >= 0.5 and weights.competence > 0
