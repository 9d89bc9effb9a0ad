"""The adapter to the pipeline and the runner (server/lsp/engine.py): settings reach them.

Builds the real ``Generator`` and ``DocTestRunner`` objects without generating anything.
Test data: tests/data/lsp/mathutil.cpp (``add`` on line 4, ``fac`` on 6-10, ``is_even`` on 12).
"""

from __future__ import annotations

import shutil
import threading

import pytest

from server.api import TargetSelector
from server.lsp.engine import Engine, EngineError
from server.lsp.settings import parse_settings

from .conftest import DATA, needs_clang

MATHUTIL = DATA / "mathutil.cpp"


@needs_clang
@pytest.mark.clang
def test_settings_reach_the_generator_and_the_runner() -> None:
    """Samples, strictness, max tokens, the model path and the clang-repl path arrive."""
    clang = shutil.which("clang-repl-22") or shutil.which("clang-repl")
    settings, problems = parse_settings(
        {
            "generation": {"samples": 3, "strict": True, "maxTokens": 64},
            "model": {"path": "/models/x.gguf", "gpuLayers": 0},
            "runner": {"clangRepl": clang, "timeout": 7},
        }
    )
    assert problems == []
    engine = Engine(settings)
    try:
        gen = engine._generator_obj()
        # max_tokens moved from the Generator into GenerateOptions; either place must get it
        max_tokens = getattr(gen.options, "max_tokens", None) or gen.max_tokens
        assert (gen.options.samples, gen.options.strict, max_tokens) == (3, True, 64)
        assert gen.model_config.model == "/models/x.gguf" and gen.model_config.n_gpu_layers == 0
        assert str(gen.runner.toolchain.path) == clang
        assert gen.runner.limits.timeout_s == 7
    finally:
        engine.close()


def test_listing_is_cached_per_version_and_needs_no_clang_repl() -> None:
    """Listing works with a bogus clang-repl; the same version is not parsed twice."""
    settings, _ = parse_settings({"runner": {"clangRepl": "/nonexistent/clang-repl"}})
    engine = Engine(settings)
    text = MATHUTIL.read_text()
    try:
        first = engine.functions("file:///m.cpp", 1, str(MATHUTIL), text)
        assert [(f.declaration.name, f.declaration.line) for f in first] == [
            ("add", 4),
            ("fac", 6),
            ("is_even", 12),
        ]
        assert engine.functions("file:///m.cpp", 1, str(MATHUTIL), "ignored: cached") is first
        second = engine.functions("file:///m.cpp", 2, str(MATHUTIL), "int f();\n")
        assert [f.declaration.name for f in second] == ["f"]
        with pytest.raises(EngineError, match="clang-repl"):
            engine.generate(
                str(MATHUTIL), text, TargetSelector(name="fac"), None, threading.Event()
            )
    finally:
        engine.close()
