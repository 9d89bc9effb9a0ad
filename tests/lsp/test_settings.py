"""Settings: parsing from a client, tolerance, and the three copies of the defaults agreeing.

The copies: (server/lsp/settings.py, the JSON example in docs/editor.md, extension/package.json).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from server.lsp.settings import Settings, parse_settings, snake, to_client

ROOT = Path(__file__).resolve().parents[2]


def _nest(flat: dict[str, object]) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for key, value in flat.items():
        section, name = key.removeprefix("cdoctest.").split(".", 1)
        if section in ("server", "trace"):
            continue
        out.setdefault(section, {})[name] = value
    return out


def test_defaults_equal_the_settings_json_in_docs_editor_md() -> None:
    """The settings JSON in docs/editor.md lists exactly the defaults."""
    text = (ROOT / "docs" / "editor.md").read_text()
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    example = max(blocks, key=len)  # the full settings example
    assert _nest(example) == to_client(Settings())
    assert example["cdoctest.server.path"] == "" and example["cdoctest.server.args"] == []


def test_defaults_equal_the_extension_manifest() -> None:
    """extension/package.json contributes exactly the defaults."""
    manifest = json.loads((ROOT / "extension" / "package.json").read_text())
    props = manifest["contributes"]["configuration"]["properties"]
    assert _nest({k: v["default"] for k, v in props.items()}) == to_client(Settings())


def test_parse_nested_camel_case() -> None:
    """Nested camelCase settings map onto the pipeline's option objects."""
    s, problems = parse_settings(
        {
            "model": {"path": "/m.gguf", "gpuLayers": 0},
            "generation": {"samples": 2, "maxTokens": 64, "timeBudget": 30, "strict": True},
            "build": {"extraFlags": ["-std=c++17"], "compileCommandsDir": "/b"},
            "server": {"path": "ignored: the extension's"},
        }
    )
    assert problems == []
    assert (s.model.path, s.model.gpu_layers) == ("/m.gguf", 0)
    assert (s.generation.samples, s.generation.max_tokens, s.generation.time_budget) == (
        2,
        64,
        30.0,
    )
    assert s.generate_options().samples == 2 and s.generate_options().strict is True
    assert s.model_config().model == "/m.gguf" and s.model_config().n_gpu_layers == 0
    assert (
        s.source_options().extra_flags == ("-std=c++17",)
        and s.source_options().compile_db_dir == "/b"
    )


def test_invalid_values_keep_their_defaults_and_are_all_reported() -> None:
    """Every problem is reported; the bad fields keep their defaults."""
    s, problems = parse_settings(
        {
            "generation": {"samples": 0, "strict": "yes"},
            "runner": [],
            "colour": "red",
            "model": {"size": 3},
        }
    )
    assert s == Settings()
    assert problems == [
        "cdoctest.generation.samples: expected at least 1, got 0; using the default",
        "cdoctest.generation.strict: expected true or false, got 'yes'; using the default",
        "cdoctest.runner must be an object, got list",
        "unknown setting cdoctest.colour",
        "unknown setting cdoctest.model.size",
    ]


def test_not_an_object_and_wrapped_section() -> None:
    """Non-objects are reported; a ``{'cdoctest': {...}}`` wrapper is unwrapped."""
    assert parse_settings("x")[1] == ["cdoctest settings must be an object, got str"]
    assert parse_settings(None) == (Settings(), [])
    s, problems = parse_settings({"cdoctest": {"generation": {"samples": 3}}})
    assert (s.generation.samples, problems) == (3, [])


def test_case_conversion() -> None:
    """Keys in camelCase become snake_case; snake_case passes unchanged."""
    assert [snake(k) for k in ("timeBudget", "gpuLayers", "samples", "time_budget")] == [
        "time_budget",
        "gpu_layers",
        "samples",
        "time_budget",
    ]
