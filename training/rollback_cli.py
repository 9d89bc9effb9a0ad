"""``cdoctest-train rollback``: switch the installed trained model back to the previous version.

``cdoctest-train refresh`` installs each result as a new ``vNNNN`` directory under
``$XDG_DATA_HOME/cdoctest-gen/models/`` and points ``current`` at it (``models.resolve``); this
command points ``current`` at the version before it (``models.resolve.rollback``). ``--list``
prints the installed versions, the current one marked. ``models.errors.InstallError`` (a
``ModelError``, exit 2) when there is nothing earlier to go back to.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``cdoctest-train rollback``."""
    parser.add_argument("--list", action="store_true", help="list installed versions instead of rolling back")


def run(args: argparse.Namespace) -> int:
    """Roll back (or list) and print the now-current version."""
    from models.resolve import installed_model_dir, read_installed, rollback

    root = installed_model_dir().parent
    if args.list:
        current = installed_model_dir().resolve() if installed_model_dir().exists() else None
        for version in sorted(root.glob("v[0-9][0-9][0-9][0-9]")):
            info = read_installed(version)
            mark = "*" if current is not None and version.resolve() == current else " "
            print(f"{mark} {version.name}  {info.installed_at if info else '?'}  {info.gguf if info else ''}"
                  + (f" + {info.adapter}" if info and info.adapter else ""))
        return 0
    target = rollback()
    info = read_installed(target)
    print(f"current trained model is now {target.name}: {info.gguf if info else target}")
    return 0
