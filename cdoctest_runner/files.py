"""The one atomic write: a file is replaced whole or not at all, never left half-written.

``write_atomic(path, data)`` writes ``data`` (bytes, or text as UTF-8) to a temporary file in the
same directory, flushes it to disk and renames it over ``path`` (``os.replace``), so a reader, a
crash or a Ctrl-C sees the old file or the new one. ``keep_mode`` keeps the permission bits of the
file it replaces; ``mode`` sets them. ``write_json_atomic`` writes ``json.dumps(obj, ...)``.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes | str,
    *,
    keep_mode: bool = False,
    mode: int | None = None,
    prefix: str = ".tmp.",
) -> None:
    """Replace ``path`` with ``data`` atomically (module docstring); the directory must exist."""
    target = os.fspath(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if keep_mode and mode is None:
        try:
            mode = os.stat(target).st_mode & 0o7777
        except OSError:
            pass
    fd, tmp = tempfile.mkstemp(prefix=prefix, dir=os.path.dirname(os.path.abspath(target)))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json_atomic(path: str | os.PathLike[str], obj: Any, *, prefix: str = ".tmp.") -> None:
    """``write_atomic(path, json.dumps(obj))``."""
    write_atomic(path, json.dumps(obj), prefix=prefix)
