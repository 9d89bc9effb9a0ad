"""The language server's settings: one tree of defaulted dataclasses, tolerant at the edge.

The client sends the same nested object twice: as ``initializationOptions`` and as the answer to
``workspace/configuration`` for section ``cdoctest`` (VS Code turns its dotted settings
``cdoctest.generation.samples`` into ``{"generation": {"samples": ...}}``). Keys are camelCase on
the
wire and snake_case here. ``parse_settings`` never raises: an unknown key or a value of the wrong
type is reported in the returned problem list and that one field keeps its default, so the server
can show one message and carry on. The keys ``server`` and ``trace`` belong to the VS Code extension
(how to start the server, message tracing) and are ignored here; so is ``trusted`` (Workspace Trust,
read from ``initializationOptions`` only: ``initial_trust``).

The defaults are documented in ``docs/editor.md`` and mirrored by ``extension/package.json``; the
tests in ``tests/lsp/test_settings.py`` keep all three equal.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, get_type_hints

from models.api import ModelConfig
from server.api import GenerateOptions, SourceOptions

CLIENT_ONLY_SECTIONS = frozenset({"server", "trace"})
TRUST_KEY = "trusted"  # initializationOptions only; never read from configuration


def initial_trust(raw: Any) -> tuple[bool, list[str]]:
    """Read ``trusted`` from ``initializationOptions``: absent means trusted (a plain LSP client).

    Trust is taken only from here and from the ``cdoctest/didChangeTrust`` notification, never from
    ``workspace/configuration``: a workspace's own settings file must not be able to trust itself.
    A value that is not a boolean is reported and treated as untrusted.

    >>> initial_trust(None), initial_trust({"trusted": False}), initial_trust({"trusted": "no"})
    ((True, []), (False, []), (False, ["trusted: expected true or false, got 'no'; not trusted"]))
    """
    if not isinstance(raw, dict) or TRUST_KEY not in raw:
        return True, []
    value = raw[TRUST_KEY]
    if isinstance(value, bool):
        return value, []
    return False, [f"{TRUST_KEY}: expected true or false, got {value!r}; not trusted"]


@dataclass
class ModelSettings:
    """Which model generates candidates (maps onto ``models.api.ModelConfig``)."""

    path: str = ""  # GGUF file; '' = preset or the embedded default
    adapter: str = ""  # LoRA adapter GGUF; '' = none
    preset: str = ""  # name in models/presets.json; '' = none
    gpu_layers: int | None = None  # None = all layers when llama.cpp has a GPU backend, else 0


@dataclass
class GenerationSettings:
    """Knobs of one generation run (maps onto ``server.api.GenerateOptions``)."""

    samples: int = 4
    max_tokens: int = 200  # per candidate (the pipeline default; the small model rambles beyond)
    time_budget: float = 120.0  # seconds per function
    strict: bool = False
    no_model: bool = False
    max_examples: int = GenerateOptions.max_examples  # the CLI's default
    single_phase: bool = False  # one answer with every source (model included) instead of two
    branch_coverage: bool = True  # add calls that reach code no other example reaches


@dataclass
class RunnerSettings:
    """How cdoctest blocks are run."""

    clang_repl: str = ""  # '' = the newest clang-repl-NN on PATH
    timeout: float = 10.0  # wall-clock seconds per clang-repl session
    warm_on_open: int = 2  # interpreters started with an opened file's code (0 = none)
    idle_release: float = 600.0  # seconds unused before interpreters and model are freed (0: never)


@dataclass
class BuildSettings:
    """How the file is parsed and compiled (maps onto ``server.api.SourceOptions``)."""

    compile_commands_dir: str = ""
    extra_flags: list[str] = field(default_factory=list)
    libraries: list[str] = field(default_factory=list)  # --lib: paths or -lNAME (the engine's)
    max_file_bytes: int = 2_000_000  # larger documents are not parsed (one message instead)


@dataclass
class DiagnosticsSettings:
    """Running the file's existing blocks in the background."""

    run_on_open: bool | None = None  # None = auto: only when bubblewrap confines the runs
    run_on_save: bool = True
    debounce: float = 0.5  # seconds after open/save before the run starts

    def runs_on_open(self, sandbox_method: str) -> bool:
        """Whether opening a file runs its blocks, given the sandbox method that would run them.

        An explicit ``run_on_open`` wins; ``None`` (auto) runs only under bubblewrap, because the
        weaker methods leave the network (``rlimits``) or the filesystem open to the code.

        >>> auto = DiagnosticsSettings()
        >>> auto.runs_on_open("bwrap"), auto.runs_on_open("rlimits")
        (True, False)
        >>> DiagnosticsSettings(run_on_open=True).runs_on_open("rlimits")
        True
        """
        if self.run_on_open is not None:
            return self.run_on_open
        return sandbox_method == "bwrap"


LOG_LEVELS = ("error", "warning", "info", "debug")


@dataclass
class LogSettings:
    """What the server writes to its log (the client's output channel)."""

    level: str = "info"  # error | warning | info (each request with its timing) | debug


@dataclass
class Settings:
    """All settings of the server (section ``cdoctest``)."""

    model: ModelSettings = field(default_factory=ModelSettings)
    generation: GenerationSettings = field(default_factory=GenerationSettings)
    runner: RunnerSettings = field(default_factory=RunnerSettings)
    build: BuildSettings = field(default_factory=BuildSettings)
    diagnostics: DiagnosticsSettings = field(default_factory=DiagnosticsSettings)
    log: LogSettings = field(default_factory=LogSettings)

    def model_config(self) -> ModelConfig:
        """Return the ``ModelConfig`` these settings select."""
        return ModelConfig(
            model=self.model.path or None,
            adapter=self.model.adapter or None,
            preset=self.model.preset or None,
            n_gpu_layers=self.model.gpu_layers,
        )

    def generate_options(self) -> GenerateOptions:
        """Return the ``GenerateOptions`` (``max_tokens`` only where the pipeline has it)."""
        values: dict[str, Any] = {
            "samples": self.generation.samples,
            "strict": self.generation.strict,
            "no_model": self.generation.no_model,
            "time_budget_s": self.generation.time_budget,
            "max_examples": self.generation.max_examples,
        }
        names = {f.name for f in dataclasses.fields(GenerateOptions)}
        if "max_tokens" in names:
            values["max_tokens"] = self.generation.max_tokens
        if "single_phase" in names:
            values["single_phase"] = self.generation.single_phase
        if "branch_coverage" in names:
            values["branch_coverage"] = self.generation.branch_coverage
        return GenerateOptions(**values)

    def source_options(self) -> SourceOptions:
        """Return the ``SourceOptions`` for libclang and clang-repl, without ``build.libraries``
        (entries that ``Engine`` resolves into files: a ``-lNAME`` is looked up).
        """
        return SourceOptions(
            compile_db_dir=self.build.compile_commands_dir or None,
            extra_flags=tuple(self.build.extra_flags),
        )


_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake(key: str) -> str:
    """``'timeBudget'`` -> ``'time_budget'`` (snake_case keys pass unchanged)."""
    return _CAMEL.sub("_", key).lower()


def camel(name: str) -> str:
    """``'time_budget'`` -> ``'timeBudget'``."""
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def to_client(obj: Any) -> Any:
    """Return a settings tree as the camelCase object a client sends (see ``parse_settings``)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {camel(f.name): to_client(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, list):
        return list(obj)
    return obj


def _check(value: Any, hint: Any) -> Any:
    """Coerce ``value`` to the field type ``hint``, or raise ``TypeError`` saying what is wanted."""
    text = str(hint)
    if hint is bool or text == "bool":
        if isinstance(value, bool):
            return value
        raise TypeError("expected true or false")
    if "bool" in text and "None" in text:
        if value is None or isinstance(value, bool):
            return value
        raise TypeError("expected true, false or null")
    if "int" in text and "None" in text:
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise TypeError("expected an integer or null")
    if hint is int or text == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                raise TypeError("expected a non-negative integer")
            return value
        raise TypeError("expected an integer")
    if hint is float or text == "float":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if value < 0:
                raise TypeError("expected a non-negative number")
            return float(value)
        raise TypeError("expected a number")
    if hint is str or text == "str":
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        raise TypeError("expected a string")
    if text.startswith("list"):
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return list(value)
        raise TypeError("expected a list of strings")
    raise TypeError(f"unsupported type {text}")  # pragma: no cover - only our own dataclasses


_CHOICES = {"level": LOG_LEVELS}
_MINIMUM = {"samples": 1, "max_tokens": 16, "max_examples": 1, "time_budget": 1.0, "timeout": 1.0}


def _parse_section(cls: type, raw: Any, where: str, problems: list[str]) -> Any:
    obj = cls()
    if raw is None:
        return obj
    if not isinstance(raw, dict):
        problems.append(f"{where} must be an object, got {type(raw).__name__}")
        return obj
    hints = get_type_hints(cls)
    for key, value in raw.items():
        name = snake(str(key))
        if name not in hints:
            problems.append(f"unknown setting {where}.{key}")
            continue
        try:
            coerced = _check(value, hints[name])
            low = _MINIMUM.get(name)
            if low is not None and coerced < low:
                raise TypeError(f"expected at least {low:g}")
            choices = _CHOICES.get(name)
            if choices is not None and coerced not in choices:
                raise TypeError("expected one of " + ", ".join(choices))
        except TypeError as exc:
            problems.append(f"{where}.{key}: {exc}, got {value!r}; using the default")
            continue
        setattr(obj, name, coerced)
    return obj


def parse_settings(raw: Any) -> tuple[Settings, list[str]]:
    """Build ``Settings`` from a client's object; returns the settings and a list of problems.

    >>> s, problems = parse_settings({"generation": {"samples": 2, "timeBudget": "x"}, "bogus": 1})
    >>> s.generation.samples, s.generation.time_budget
    (2, 120.0)
    >>> for problem in problems:
    ...     print(problem)
    cdoctest.generation.timeBudget: expected a number, got 'x'; using the default
    unknown setting cdoctest.bogus
    """
    problems: list[str] = []
    settings = Settings()
    if raw is None:
        return settings, problems
    if isinstance(raw, dict) and isinstance(raw.get("cdoctest"), dict) and len(raw) == 1:
        raw = raw["cdoctest"]
    if not isinstance(raw, dict):
        problems.append(f"cdoctest settings must be an object, got {type(raw).__name__}")
        return settings, problems
    sections = {f.name: f for f in dataclasses.fields(Settings)}
    for key, value in raw.items():
        name = snake(str(key))
        if name in CLIENT_ONLY_SECTIONS or name == TRUST_KEY:
            continue
        if name not in sections:
            problems.append(f"unknown setting cdoctest.{key}")
            continue
        cls = get_type_hints(Settings)[name]
        setattr(settings, name, _parse_section(cls, value, f"cdoctest.{key}", problems))
    return settings, problems
