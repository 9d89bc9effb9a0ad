"""The result cache of project runs: a function's key (``function_keys``: its code, the code it
calls, the rest of its file, the project headers it includes, the options), one small JSON file
per entry (``ResultCache``, each written atomically), and whether a function is redone
(``decide``). See ``server.project.run`` for the contract.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from cdoctest_runner import ctext
from cdoctest_runner.files import write_json_atomic
from server.analysis.locate import Located, SourceFile, included_files

CACHE_VERSION = 1


Decision = Literal["todo", "cached", "kept"]


def default_cache_dir() -> str:
    """``$XDG_CACHE_HOME/cdoctest-gen/project`` (``~/.cache/...`` when the variable is unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cdoctest-gen", "project")


def code_text(text: str) -> str:
    """``text`` without its comments, whitespace runs made one space (what the key hashes).

    >>> code_text("int f(int a) { /* c */ return a;  // d\\n}\\n")
    'int f(int a) { return a; }'
    """
    out: list[str] = []
    last = 0
    for kind, start, end in ctext.spans(text):
        if kind in ("block", "line"):
            out.append(text[last:start])
            out.append(" ")
            last = end
    out.append(text[last:])
    return " ".join("".join(out).split())


def _sha(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", errors="surrogateescape"))
        h.update(b"\0")
    return h.hexdigest()


def project_headers(source: SourceFile, root: str) -> list[str]:
    """The files ``source`` includes (directly or not) that lie under ``root``, sorted."""
    root = os.path.realpath(root) + os.sep
    own = os.path.realpath(source.path)
    return sorted({n for n in included_files(source) if n != own and n.startswith(root)})


def function_keys(
    source: SourceFile, salt: str, root: str, file_hash: Callable[[str], str] | None = None
) -> list[str]:
    """One key per ``source.functions`` entry (see the module docstring for what it covers)."""
    lines = source.text.splitlines(keepends=True)
    funcs = source.functions
    codes = [code_text("".join(lines[f.start_line - 1 : f.declaration.end_line])) for f in funcs]
    outside = list(lines)
    for f in funcs:
        for i in range(f.start_line - 1, min(f.declaration.end_line, len(outside))):
            outside[i] = "\n"
    hashed = file_hash or _file_sha
    headers = [f"{os.path.relpath(h, root)}={hashed(h)}" for h in project_headers(source, root)]
    context = _sha(
        f"v{CACHE_VERSION}",
        salt,
        os.path.relpath(source.path, root),
        code_text("".join(outside)),
        *headers,
    )
    by_name: dict[str, list[int]] = {}
    for i, f in enumerate(funcs):
        by_name.setdefault(f.declaration.name, []).append(i)
    calls = [
        {j for m in ctext.identifiers(code) for j in by_name.get(m.group(), ()) if j != i}
        for i, code in enumerate(codes)
    ]
    keys = []
    for i, code in enumerate(codes):
        reach, todo = set(), list(calls[i])
        while todo:
            j = todo.pop()
            if j not in reach and j != i:
                reach.add(j)
                todo.extend(calls[j])
        keys.append(_sha(context, code, *(codes[j] for j in sorted(reach))))
    return keys


def _file_sha(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return "missing"


@dataclass(frozen=True)
class CacheEntry:
    """What a finished function left in the cache."""

    status: str  # FunctionResult.status: 'verified' or 'no_test'
    qualname: str
    mutants_killed: int = 0
    mutants_total: int = 0


class ResultCache:
    """Function results by key, and the last key seen per function (to tell a stale block).

    One JSON file per entry under ``directory``, each written atomically; unreadable entries
    count as missing. Safe to share between threads and processes.
    """

    def __init__(self, directory: str) -> None:
        self.directory = directory

    def _path(self, kind: str, key: str) -> str:
        return os.path.join(self.directory, kind, key[:2], key[2:] + ".json")

    def _read(self, kind: str, key: str) -> dict[str, Any] | None:
        try:
            with open(self._path(kind, key), encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _write(self, kind: str, key: str, data: dict[str, Any]) -> None:
        path = self._path(kind, key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_json_atomic(path, data, prefix=".entry.")

    def get(self, key: str) -> CacheEntry | None:
        """The entry stored under ``key``, None when there is none (or it cannot be read)."""
        data = self._read("results", key)
        try:
            return CacheEntry(**data) if data is not None else None
        except TypeError:
            return None

    def put(self, key: str, entry: CacheEntry) -> None:
        """Store ``entry`` under ``key`` (atomically)."""
        self._write("results", key, entry.__dict__)

    @staticmethod
    def _where(path: str, f: Located) -> str:
        return _sha(os.path.abspath(path), f.declaration.qualname, f.declaration.signature)

    def last_key(self, path: str, f: Located) -> str | None:
        """The key ``f`` of ``path`` had when a result was last stored for it."""
        data = self._read("last", self._where(path, f))
        return data.get("key") if data is not None else None

    def set_last_key(self, path: str, f: Located, key: str) -> None:
        """Remember ``key`` as the one ``f`` of ``path`` was last generated with."""
        self._write("last", self._where(path, f), {"key": key})


def stale(f: Located, key: str, path: str, cache: ResultCache | None) -> bool:
    """Whether the cache saw ``f`` generated for other code: a block above it may be out of date."""
    last = cache.last_key(path, f) if cache is not None else None
    return last is not None and last != key


def decide(
    f: Located, key: str, path: str, cache: ResultCache | None, *, force: bool = False
) -> Decision:
    """Whether ``f`` is generated (``todo``), skipped as cached, or kept (a block of the user's,
    one we generated for code the cache never saw, a test driver, or a declaration without a
    body: a header's prototype is generated for where it is defined). A stale block is
    regenerated when it is the tool's (``CommentBlock.generated``: ``server.ownership``), or the
    user's with ``force``.
    """
    if f.driver or not f.is_definition:
        return "kept"
    entry = cache.get(key) if cache is not None else None
    block = f.block is not None and f.block.has_prompts
    if block:
        if entry is not None and entry.status == "verified":
            return "cached"
        assert f.block is not None
        mine = f.block.generated or force
        return "todo" if mine and stale(f, key, path, cache) else "kept"
    if entry is not None and entry.status == "no_test":
        return "cached"
    return "todo"
