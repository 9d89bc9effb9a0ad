"""End to end: ``cdoctest-gen`` and ``Generator`` with real clang-repl (and the embedded model where
marked ``model``), on the demo files examples/gen/scoring.c and examples/gen/stock.cpp and on
tests/generate/data/{blocks.cpp,broken.c,nothing.c}.

What is checked is what a user relies on: every block written passes ``cdoctest-run``; the bytes
outside the inserted blocks are unchanged (CRLF file too); ``--json`` is complete; broken files get
a clear message; a function whose model candidates are all unusable still gets a verified block
from the fallback and says so; cancelling leaves nothing to insert.
"""

from __future__ import annotations

import json
import os
import shutil
import threading

import pytest

from cdoctest_runner.parser import find_comments
from models.api import Completion, ModelInfo, SamplingParams
from server import cli
from server.analysis.locate import MARKER
from server.api import GenerateOptions, GenerationCancelled, TargetSelector
from server.generate.generator import MAX_ATTEMPTS, Generator
from server.ownership import BlockStore, examples_digest

pytestmark = pytest.mark.clang

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples", "gen")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


DEFAULT_PARAMS = SamplingParams()


class CannedBackend:
    """A real ``Backend``: returns fixed completion texts (cycled), whatever the prompt.

    Used where a test must force what the model says (garbage, to reach the fallback).
    """

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.calls: list[list[dict[str, str]]] = []
        self.info = ModelInfo(
            path="canned://test", source="argument", reason="test backend", name="canned"
        )

    def generate(self, messages, n=1, params=DEFAULT_PARAMS, cancel: threading.Event | None = None):
        self.calls.append(messages)
        return [Completion(text=self.texts[i % len(self.texts)]) for i in range(n)]

    def close(self) -> None:
        pass


def ours(comment_text: str) -> bool:
    """Whether a comment is a block of the tool's: an older version's (its ``cdoctest-gen:``
    line) or one on record in the session's store (``server.ownership``; tests/conftest.py).
    """
    digest = examples_digest(comment_text.split("\n"))
    return MARKER in comment_text or (digest is not None and BlockStore.default().has(digest))


def generated(text: str) -> int:
    """How many blocks of the tool's ``text`` holds."""
    return sum(ours(c.text) for c in find_comments(text))


def strip_generated(text: str) -> str:
    """``text`` without the blocks of the tool's (with their indentation and newline)."""
    out, pos = [], 0
    for c in find_comments(text):
        if not ours(c.text):
            continue
        start = text.rfind("\n", 0, c.start) + 1  # the block's own line(s), indentation included
        end = text.find("\n", c.end - 1)
        out.append(text[pos:start])
        pos = end + 1 if end >= 0 else len(text)
    out.append(text[pos:])
    return "".join(out)


def run_cdoctest(path: str) -> int:
    from cdoctest_runner.cli import main as run_main

    return run_main([path])


def copy(name: str, tmp_path, *, crlf: bool = False, src_dir: str = EXAMPLES) -> str:
    dst = tmp_path / name
    data = open(os.path.join(src_dir, name), "rb").read()
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    dst.write_bytes(data)
    return str(dst)


@pytest.mark.model
@pytest.mark.slow
def test_write_c_file_with_embedded_model(tmp_path, runner, embedded_model, capsys) -> None:
    """Test data: examples/gen/scoring.c (4 functions without blocks)."""
    path = copy("scoring.c", tmp_path)
    before = open(path, "rb").read()
    rc = cli.main(
        [
            path,
            "--write",
            "--model",
            embedded_model,
            "--samples",
            "2",
            "--seed",
            "11",
            "--time-budget",
            "90",
        ]
    )
    err = capsys.readouterr().err
    assert "SmolLM2-135M-Instruct" in err and "model" in err  # which model, and why
    assert rc == 0, err
    after = open(path, "rb").read()
    text = after.decode()
    assert generated(text) == 4 and MARKER not in text
    assert strip_generated(text).encode() == before  # everything else byte for byte
    assert run_cdoctest(path) == 0
    for name in ("answer_points", "clamp_score", "count_vowels", "grade"):
        line = next(ln for ln in err.splitlines() if f": {name}: " in ln)
        assert (
            ": verified [" in line and "model: " in line
        )  # the model was tried, and said how it went


@pytest.mark.model
@pytest.mark.slow
def test_write_crlf_cpp_method_and_json(tmp_path, runner, embedded_model, capsys) -> None:
    """Test data: examples/gen/stock.cpp converted to CRLF; a method needing an object."""
    path = copy("stock.cpp", tmp_path, crlf=True)
    before = open(path, "rb").read()
    rc = cli.main(
        [
            path,
            "--write",
            "--function",
            "shop::Bin::add",
            "--model",
            embedded_model,
            "--samples",
            "2",
            "--seed",
            "5",
            "--time-budget",
            "90",
        ]
    )
    err = capsys.readouterr().err
    assert rc == 0, err
    after = open(path, "rb").read()
    assert after.count(b"\n") == after.count(b"\r\n")  # CRLF kept, also in the new block
    text = after.decode()
    assert generated(text) == 1
    assert strip_generated(text).encode() == before
    block = text[text.index("    /**\r\n    >>> ") : text.index("int add(int n)")]
    assert all(
        line.startswith("    ") for line in block.split("\r\n") if line
    )  # method's indentation
    assert run_cdoctest(path) == 0
    capsys.readouterr()

    rc = cli.main(
        [
            path,
            "--json",
            "--function",
            "discounted",
            "--model",
            embedded_model,
            "--samples",
            "2",
            "--seed",
            "5",
            "--time-budget",
            "90",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0
    data = json.loads(out)
    assert open(path, "rb").read() == after  # --json never writes
    assert data["summary"] == {
        "functions": 1,
        "verified": 1,
        "no_test": 0,
        "skipped": 0,
        "findings": len(data["functions"][0]["findings"]),
    }
    fn = data["functions"][0]
    assert fn["function"]["qualname"] == "shop::discounted" and fn["status"] == "verified"
    assert fn["origin"] in ("model", "fallback", "model+fallback")
    assert fn["block_text"].startswith("/**\r\n>>> ")
    assert fn["examples"] and all("source" in e and "want" in e for e in fn["examples"])
    assert fn["verification"]["passed"] is True
    assert fn["mutants_total"] > 0 and 0.0 <= fn["mutation_score"] <= 1.0
    # Adaptive sampling: the model is asked only while killable mutants survive phase 1 and 2's
    # search; either it was asked (2 samples at least) or the message says why not.
    asked = fn["candidates_total"] >= 2
    assert asked or "model: not asked (the block kills every killable mutant)" in fn["message"]
    assert (
        asked
        or fn["mutants_killed"] + sum(m["likely_equivalent"] for m in fn["surviving_mutants"])
        == fn["mutants_total"]
    )
    assert "total" in fn["timings"] and fn["phase"] in (1, 2)
    assert "SmolLM2" in data["model"] and data["model_reason"]
    assert data["edits"][0]["new_text"] == fn["block_text"]


def test_fallback_when_every_model_candidate_fails(runner) -> None:
    """Test data: examples/gen/scoring.c; the backend answers garbage, so nothing it says can run.

    Single phase: in two phases the model is not asked for ``clamp_score`` at all (its block
    kills every killable mutant; tests/generate/test_two_phases.py checks that).
    """
    backend = CannedBackend(
        ["Reasoning: guess.\n>>> this is not C at all\n1\n", "```\nnothing\n```"]
    )
    options = GenerateOptions(samples=2, seed=1, single_phase=True)
    blocks = BlockStore.default()
    with Generator(backend=backend, runner=runner, options=options, blocks=blocks) as gen:
        result = gen.generate(
            os.path.join(EXAMPLES, "scoring.c"), None, TargetSelector(name="clamp_score")
        )
    (fn,) = result.functions
    assert (
        len(backend.calls) == MAX_ATTEMPTS
    )  # retried with other seeds before giving up on the model
    assert fn.status == "verified" and fn.origin == "fallback"
    assert fn.message.startswith(
        f"model: 0/{2 * MAX_ATTEMPTS} candidates gave anything runnable; fallback:"
    )
    assert fn.verification is not None and fn.verification.passed
    assert fn.mutants_total > 0 and fn.mutants_killed > 0
    assert any("clamp_score(" in e.source for e in fn.examples)
    assert generated(result.new_text) == 1 and result.model == "canned (canned://test) on cpu"


def test_cancel_raises_and_inserts_nothing(runner) -> None:
    backend = CannedBackend([">>> clamp_score(5)\n5\n"])
    cancel = threading.Event()
    stages: list[str] = []

    def progress(event) -> None:
        stages.append(event.stage)
        if event.stage == "verifying":
            cancel.set()

    with Generator(backend=backend, runner=runner) as gen, pytest.raises(GenerationCancelled):
        gen.generate(
            os.path.join(EXAMPLES, "scoring.c"),
            None,
            TargetSelector(all=True),
            progress=progress,
            cancel=cancel,
        )
    # Phase 1 runs the fast sources first: the model was never reached.
    assert stages[:3] == ["parsing", "prompting", "verifying"] and backend.calls == []


def test_broken_files_clear_messages(tmp_path, runner, capsys) -> None:
    """Test data: tests/generate/data/broken.c (missing include, one broken function), nothing.c."""
    path = copy("broken.c", tmp_path, src_dir=DATA)
    before = open(path, "rb").read()
    rc = cli.main([path, "--write", "--no-model"])
    err = capsys.readouterr().err
    assert "broken.c:5:" in err and "expected expression" in err
    assert "generating for the functions that parse" in err
    assert ": broken: error [none] has errors" in err
    assert rc == 1  # one function got no test
    text = open(path, "rb").read().decode()
    assert generated(text) == 2 and strip_generated(text).encode() == before

    nothing = copy("nothing.c", tmp_path, src_dir=DATA)
    assert cli.main([nothing, "--no-model"]) == 2
    assert "no function could be parsed" in capsys.readouterr().err
    assert cli.main([str(tmp_path / "missing.c")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert cli.main([path, "--function", "nope", "--no-model"]) == 2
    assert "no function named 'nope'" in capsys.readouterr().err
    # Set-up errors: exit 2 with a message saying what is missing; the file is untouched.
    assert cli.main([path, "--model", str(tmp_path / "none.gguf"), "--function", "ok_inc"]) == 2
    assert "none.gguf: no such file" in capsys.readouterr().err
    assert cli.main([path, "--clang-repl", str(tmp_path / "no-clang-repl"), "--no-model"]) == 2
    assert "install clang-repl" in capsys.readouterr().err
    assert text == open(path, "rb").read().decode()


def test_one_cli_run_parses_the_file_once(tmp_path, runner, monkeypatch, capsys) -> None:
    """Test data: tests/generate/data/broken.c. The CLI parses the file for its diagnostics and
    hands that ``SourceFile`` to the generator, which does not parse it again.
    """
    from server.analysis import locate
    from server.generate import generator as pipeline

    parsed: list[str] = []
    real = locate.load_source

    def counting(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        parsed.append(os.path.basename(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(locate, "load_source", counting)
    monkeypatch.setattr(pipeline, "load_source", counting)
    path = copy("broken.c", tmp_path, src_dir=DATA)
    assert cli.main([path, "--no-model", "--quick", "--function", "ok_inc"]) == 0
    assert "ok_inc: verified" in capsys.readouterr().err
    assert parsed == ["broken.c"]


def test_regeneration_replaces_only_generated_blocks(tmp_path, runner) -> None:
    """Test data: tests/generate/data/blocks.cpp (hand-written block on area, one of an older
    version on perimeter, with its ``cdoctest-gen:`` line).
    """
    path = copy("blocks.cpp", tmp_path, src_dir=DATA)
    text = open(path).read()
    blocks = BlockStore.default()
    with Generator(runner=runner, options=GenerateOptions(no_model=True), blocks=blocks) as gen:
        res = gen.generate(path, text, TargetSelector(name="perimeter"))
        (fn,) = res.functions
        assert fn.status == "verified" and fn.origin == "fallback"
        # The older block is replaced, not kept beside the new one without its line (the new
        # block may be the same call: two equal arguments are one of the fallback's rows).
        assert generated(res.new_text) == 1
        assert res.new_text.count(">>> geo::perimeter(") == len(fn.examples), res.new_text
        assert MARKER not in res.new_text  # the older version's line went with its block
        assert strip_generated(res.new_text) == strip_generated(text)
        res = gen.generate(path, text, TargetSelector(name="area"))
        assert res.functions[0].status == "skipped" and res.new_text == text and res.model is None
        assert res.functions[0].user_block
    with Generator(
        runner=runner, options=GenerateOptions(no_model=True, replace_user_blocks=True)
    ) as gen:
        res = gen.generate(path, text, TargetSelector(name="area"))
    assert res.functions[0].status == "verified" and ">>> geo::area(2, 3)\n6\n" not in res.new_text
    shutil.copy(path, tmp_path / "out.cpp")
    (tmp_path / "out.cpp").write_text(res.new_text)
    assert run_cdoctest(str(tmp_path / "out.cpp")) == 0


def test_model_examples_kept_with_findings_and_strict(runner) -> None:
    """Test data: examples/gen/scoring.c; a canned model answer, one prediction right, one wrong."""
    answer = (
        "Reasoning: inside and above.\n>>> clamp_score(5)\n5\n>>> clamp_score(250)\n250\n"
        ">>> clamp_score(-3)\n>>> gcd(4, 6)\n2\n"
    )
    path = os.path.join(EXAMPLES, "scoring.c")
    with Generator(
        backend=CannedBackend([answer]),
        runner=runner,
        options=GenerateOptions(samples=1),
        fallback="never",  # the model's examples alone (the default pools them with the fallback's)
    ) as gen:
        res = gen.generate(path, None, TargetSelector(name="clamp_score"))
    (fn,) = res.functions
    assert fn.status == "verified" and fn.origin == "model"
    assert fn.message.startswith(
        "model: 1/1 candidates gave runnable examples (3 examples, 1 with a wrong"
    )
    # 'gcd' (copied from a few-shot turn) does not name the target and is gone; the wrong prediction
    # is recorded with the actual output, and not reported: one sample's unchecked guess is below
    # the hint threshold (server.judge.hints; tests/generate/test_hints.py has the reported case).
    assert [(e.source, e.want) for e in fn.examples] == [
        ("clamp_score(5)\n", "5\n"),
        ("clamp_score(250)\n", "100\n"),
        ("clamp_score(-3)\n", "0\n"),
    ]
    assert fn.findings == ()
    assert fn.mutants_total > 0 and fn.mutation_score == fn.mutants_killed / fn.mutants_total

    strict = GenerateOptions(samples=1, strict=True)
    with Generator(
        backend=CannedBackend([answer]), runner=runner, options=strict, fallback="never"
    ) as gen:
        res = gen.generate(path, None, TargetSelector(name="clamp_score"))
    assert [e.source for e in res.functions[0].examples] == ["clamp_score(5)\n"]
    assert res.functions[0].findings == ()

    with Generator(
        backend=CannedBackend(["garbage"]),
        runner=runner,
        options=GenerateOptions(samples=1),
        fallback="never",
    ) as gen:
        res = gen.generate(path, None, TargetSelector(name="clamp_score"))
    assert res.functions[0].status == "no_test" and res.new_text == open(path).read()
    assert res.functions[0].message.startswith("model: 0/3 candidates gave anything runnable")


def test_weak_model_block_is_pooled_with_the_fallback(runner) -> None:
    """Test data: examples/gen/scoring.c; the canned answer runs but does not depend on ``grade``:
    the one pool (model, fallback, searched inputs) gives a block that does.
    """
    answer = '>>> printf("A\\n", grade(90));\nA\n'
    path = os.path.join(EXAMPLES, "scoring.c")
    with Generator(
        backend=CannedBackend([answer]), runner=runner, options=GenerateOptions(samples=1)
    ) as gen:
        res = gen.generate(path, None, TargetSelector(name="grade"))
    (fn,) = res.functions
    assert fn.status == "verified" and fn.origin in ("fallback", "model+fallback")
    assert fn.message.startswith("fallback: ")  # phase 1: the fast sources
    # Phase 2 asks the model only while killable mutants survive the search (adaptive sampling).
    assert "model: 1/1 candidates" in fn.message or "model: not asked" in fn.message
    assert fn.mutation_score is not None and fn.mutation_score >= 0.5
