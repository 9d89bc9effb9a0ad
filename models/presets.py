"""Named model presets (``models/presets.json``) and fetching them from the Hugging Face hub.

A preset names a hub repo and GGUF file, its expected sha256, chat-template notes and context
length. :func:`fetch_preset` downloads with ``huggingface_hub.hf_hub_download`` into the standard
HF cache (``$HF_HUB_CACHE``), then verifies the sha256:

- ``sha256`` pinned in the JSON: the file must match it;
- ``sha256`` null (verify-on-first-download): the file must match the hub's LFS sha256, which the
  cache uses as the blob's name; the digest is then recorded in
  ``$XDG_DATA_HOME/cdoctest-gen/preset-digests.json`` and later loads must match that record.

A mismatch deletes the cached file and raises :class:`ChecksumMismatch`. With no network (or
``HF_HUB_OFFLINE=1``) an uncached preset raises :class:`OfflineError` saying how to place the file
by hand. ``endpoint`` (default ``$HF_ENDPOINT``) lets tests point at a local server.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TypedDict

from cdoctest_runner.files import write_atomic
from models.errors import ChecksumMismatch, OfflineError, PresetError

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class Preset:
    """One entry of ``presets.json``. ``repo`` is None for the embedded model."""

    name: str
    repo: str | None
    file: str
    sha256: str | None
    context_length: int
    chat_template: str
    description: str = ""
    revision: str | None = "main"
    size_bytes: int | None = None
    default: bool = False
    embedded: bool = False


def load_presets() -> dict[str, Preset]:
    """All presets by name, in file order."""
    data = json.loads(resources.files("models").joinpath("presets.json").read_text())
    fields = Preset.__dataclass_fields__
    return {
        p["name"]: Preset(**{k: v for k, v in p.items() if k in fields}) for p in data["presets"]
    }


def preset_names() -> list[str]:
    """The preset names, in file order."""
    return list(load_presets())


def get_preset(name: str) -> Preset:
    """The preset called ``name``; raises :class:`PresetError` listing the known names."""
    presets = load_presets()
    if name not in presets:
        raise PresetError(f"unknown preset {name!r}; known presets: {', '.join(presets)}")
    return presets[name]


def _endpoint(endpoint: str | None) -> str:
    return (endpoint or os.environ.get("HF_ENDPOINT") or "https://huggingface.co").rstrip("/")


def _offline(offline: bool | None) -> bool:
    if offline is not None:
        return offline
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def _unreachable(endpoint: str, timeout_s: float = 5.0) -> str | None:
    """None when a TCP connection to the endpoint's host opens, else the reason (one quick try)."""
    import socket
    import urllib.parse

    parts = urllib.parse.urlsplit(endpoint)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        socket.create_connection((parts.hostname or "", port), timeout=timeout_s).close()
    except OSError as exc:
        return f"cannot connect to {parts.hostname}:{port} ({exc})"
    return None


def cached_path(preset: Preset, cache_dir: str | None = None) -> str | None:
    """The preset's file if it is in the local cache (embedded: the wheel's file), else None."""
    if preset.embedded:
        from models.paths import embedded_model_path

        try:
            return embedded_model_path()
        except Exception:  # noqa: BLE001 - "not available" is the answer here
            return None
    if preset.repo is None:  # only the embedded model has no repository
        return None
    from huggingface_hub import try_to_load_from_cache

    found = try_to_load_from_cache(
        preset.repo, preset.file, cache_dir=cache_dir, revision=preset.revision
    )
    return found if isinstance(found, str) and os.path.isfile(found) else None


def _digest_file() -> Path:
    from models.paths import data_dir

    return data_dir() / "preset-digests.json"


class _Digest(TypedDict):
    """A file's checked digest and the size and time it had then."""

    sha256: str
    size: int
    mtime: float


def _recorded() -> dict[str, _Digest]:
    """The digests already checked, by preset key."""
    try:
        recorded: dict[str, _Digest] = json.loads(_digest_file().read_text())
        return recorded
    except (OSError, json.JSONDecodeError):
        return {}


def _record(key: str, entry: _Digest) -> None:
    data = _recorded()
    data[key] = entry
    path = _digest_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def sha256_file(path: str, chunk: int = 1 << 22) -> str:
    """Hex sha256 of a file, streamed."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def verify(preset: Preset, path: str) -> str:
    """Check ``path`` against the preset's sha256 (see the module docstring); return the digest.

    A file already verified (same size and mtime as recorded) is not hashed again.
    """
    key = f"{preset.repo}/{preset.file}"
    real = os.path.realpath(path)
    st = os.stat(real)
    record = _recorded().get(key)
    if (
        record
        and record.get("size") == st.st_size
        and record.get("mtime") == st.st_mtime
        and (preset.sha256 is None or record.get("sha256") == preset.sha256)
    ):
        return record["sha256"]
    blob = os.path.basename(real)
    expected = (
        preset.sha256
        or (record.get("sha256") if record else None)
        or (blob if _HEX64.match(blob) else None)
    )
    actual = sha256_file(real)
    if expected is not None and actual != expected:
        for p in {path, real}:
            try:
                os.remove(p)
            except OSError:
                pass
        raise ChecksumMismatch(path, expected, actual)
    _record(key, {"sha256": actual, "size": st.st_size, "mtime": st.st_mtime})
    return actual


def fetch_preset(
    name: str,
    *,
    endpoint: str | None = None,
    cache_dir: str | None = None,
    offline: bool | None = None,
) -> str:
    """Return the local path of preset ``name``, downloading and verifying it if needed.

    Raises :class:`PresetError` (unknown name), :class:`OfflineError` (not cached and the hub is
    unreachable or offline mode is on) or :class:`ChecksumMismatch`.
    """
    return fetch(get_preset(name), endpoint=endpoint, cache_dir=cache_dir, offline=offline)


def fetch(
    preset: Preset,
    *,
    endpoint: str | None = None,
    cache_dir: str | None = None,
    offline: bool | None = None,
) -> str:
    """:func:`fetch_preset` for a :class:`Preset` object (tests use presets not in the JSON)."""
    name = preset.name
    if preset.embedded:
        from models.paths import embedded_model_path

        return embedded_model_path()
    repo = preset.repo
    if repo is None:
        raise PresetError(f"preset {name!r} names no repository and is not the embedded model")
    from huggingface_hub import hf_hub_download
    from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError

    url = f"{_endpoint(endpoint)}/{preset.repo}/resolve/{preset.revision or 'main'}/{preset.file}"
    offline = _offline(offline)
    unreachable = None if offline else _unreachable(_endpoint(endpoint))
    try:
        if unreachable is not None:
            # Fail fast instead of huggingface_hub's ~25 s of retries; a cached copy still works.
            try:
                path = hf_hub_download(
                    repo,
                    preset.file,
                    revision=preset.revision,
                    cache_dir=cache_dir,
                    local_files_only=True,
                )
            except LocalEntryNotFoundError:
                raise OSError(unreachable) from None
        else:
            path = hf_hub_download(
                repo,
                preset.file,
                revision=preset.revision,
                cache_dir=cache_dir,
                endpoint=_endpoint(endpoint),
                local_files_only=offline,
            )
    except (LocalEntryNotFoundError, HfHubHTTPError, OSError) as exc:
        from huggingface_hub import constants

        cache = cache_dir or constants.HF_HUB_CACHE
        size = f" (~{preset.size_bytes / 1e9:.1f} GB)" if preset.size_bytes else ""
        raise OfflineError(
            f"preset {name!r}: {preset.file} is not in the local cache ({cache}) and could not be "
            f"downloaded from {url}: {type(exc).__name__}: {exc}\n"
            f"To place it by hand: on a machine with network, download {url}{size}; copy it here "
            f"and run "
            f"with --model /path/to/{preset.file} (or set CDOCTEST_MODEL=/path/to/{preset.file}); "
            f"or put it into the cache with `hf download {preset.repo} {preset.file}` once online."
        ) from exc
    verify(preset, path)
    return path
