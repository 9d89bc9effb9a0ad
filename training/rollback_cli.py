"""``cdoctest-train rollback``: switch the installed trained model back to the previous version.

``cdoctest-train refresh`` installs each result as a new ``vNNNN`` directory under
``$XDG_DATA_HOME/cdoctest-gen/models/`` and points ``current`` at it (``models.resolve``); this
command points ``current`` at the version before it (``models.resolve.rollback``). From the first
version it goes back to "no trained model installed": ``cdoctest-gen`` and the language server
(at its next model load) then use the configured or the embedded default, and the next
``refresh`` installs the next version as usual. ``--list`` prints the installed versions, newest
first, the current one marked ``*``, and that "none" state as the bottom line.
``models.errors.InstallError`` (a ``ModelError``, exit 2) when no trained model is installed.
"""

from __future__ import annotations

import argparse

NONE_LINE = "(none)  no trained model: the configured or default model"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train rollback``."""
    parser.add_argument(
        "--list", action="store_true", help="list installed versions instead of rolling back"
    )


def _list() -> int:
    from models.paths import installed_model_dir
    from models.resolve import read_installed

    current_link = installed_model_dir()
    current = current_link.resolve() if current_link.exists() else None
    for version in sorted(current_link.parent.glob("v[0-9][0-9][0-9][0-9]"), reverse=True):
        info = read_installed(version)
        mark = "*" if current is not None and version.resolve() == current else " "
        detail = f"{info.installed_at}  {info.gguf}" if info else "?  (no model.json)"
        if info and info.adapter:
            detail += f" + {info.adapter}"
        print(f"{mark} {version.name}  {detail}")
    print(f"{' ' if current is not None else '*'} {NONE_LINE}")
    return 0


def _now_used() -> str:
    """What resolution picks now, in words (never fails: the rollback itself succeeded)."""
    from models import resolve_model
    from models.api import ModelError

    try:
        info = resolve_model()
    except ModelError as exc:
        return f"no model resolves: {exc}"
    return f"{info.name or info.path} ({info.source}: {info.reason})"


def run(args: argparse.Namespace) -> int:
    """Roll back (or list) and print what is current now."""
    from models.resolve import read_installed, rollback

    if args.list:
        return _list()
    target = rollback()
    if target is None:
        print(f"no trained model is installed now; cdoctest-gen uses {_now_used()}")
        return 0
    info = read_installed(target)
    print(f"current trained model is now {target.name}: {info.gguf if info else target}")
    return 0
