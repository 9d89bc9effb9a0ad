"""The compile database (``compile_commands.json``) read once, in one place.

``database_file(db_dir)`` is the file (``CdoctestError`` saying how to make it when missing);
``compile_commands(db_dir)`` its entries in order, each a ``CompileCommand`` (the source made
absolute, its directory, its arguments: ``arguments`` or ``command`` split as a shell would);
``CdoctestError`` when the file cannot be read. ``cdoctest_runner.flags`` asks libclang for the
entry of one file; the project library and ``db_sources`` read every entry here.
"""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass

from cdoctest_runner.errors import CdoctestError

DATABASE = "compile_commands.json"


@dataclass(frozen=True)
class CompileCommand:
    """One entry: ``source`` absolute and normalised; its ``arguments`` as written, else its
    ``command`` (split when asked: ``ValueError`` for unbalanced quotes).
    """

    source: str
    directory: str
    written_arguments: tuple[str, ...]
    command: str

    @property
    def arguments(self) -> tuple[str, ...]:
        """The compiler's arguments (``()`` when the entry has none)."""
        return self.written_arguments or tuple(shlex.split(self.command))


def database_file(db_dir: str) -> str:
    """``db_dir/compile_commands.json``; ``CdoctestError`` saying how to make it when missing."""
    db_file = os.path.join(db_dir, DATABASE)
    if not os.path.isfile(db_file):
        raise CdoctestError(
            f"{db_dir}: no {DATABASE} (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)"
        )
    return db_file


def compile_commands(db_dir: str) -> list[CompileCommand]:
    """Every entry of ``db_dir/compile_commands.json``, in the file's order."""
    db_file = os.path.join(db_dir, DATABASE)
    try:
        with open(db_file, encoding="utf-8") as fh:
            raw = json.load(fh)
    except (OSError, ValueError) as exc:
        raise CdoctestError(f"{db_file}: cannot be read ({exc})") from exc
    out = []
    for entry in raw:
        directory = entry.get("directory", db_dir)
        source = os.path.normpath(os.path.join(directory, entry.get("file", "")))
        written = tuple(entry.get("arguments") or ())
        out.append(CompileCommand(source, directory, written, entry.get("command", "")))
    return out
