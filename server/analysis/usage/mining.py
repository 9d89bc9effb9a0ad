"""``mine_usage``: the calls of the target functions in the usage sources (``Miner`` parses each
file, README block and header comment), and ``project_usage``: the same for the generator, bounded
in time, cached per sources for the run, never raising.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from server.analysis.usage.facts import UsageFacts
from server.analysis.usage.sources import (
    CODE_SUFFIXES,
    HEADER_SUFFIXES,
    README_NAMES,
    fenced_blocks,
    find_usage_sources,
    language_of,
)
from server.analysis.usage.statements import Miner

#: Seconds ``project_usage`` spends mining: the sources after it are left out.
MAX_MINING_S = 10.0


#: ``project_usage``'s results kept (one per file under test and its sources' versions).
CACHED_PROJECTS = 16


def mine_usage(
    sources: Sequence[str | os.PathLike[str]],
    function_names: Iterable[str],
    flags: Sequence[str] = (),
    language: str = "c",
    deadline: float | None = None,
) -> UsageFacts:
    """Mine ``sources`` for calls of ``function_names`` (module docstring: what is kept).

    C/C++ files are parsed as they are (with ``flags``, ``-I`` their own directory and those of
    the headers among ``sources``), README files give their ```` ```c ````/```` ```cpp ````
    blocks and headers the code in their comments, each wrapped after ``#include`` of the
    headers among ``sources``; a call is found under a target's name or a name a header
    ``#define``s to it. ``language`` is
    that of the code under test: in C, a slice's ``T v = f(x);`` becomes ``T v;`` and ``v =
    f(x);`` (clang-repl's C mode wants constant initialisers at file scope). Past ``deadline``
    (``time.monotonic()``), no more statements are read and the sources not yet parsed are left
    out (a parse under way ends first).
    """
    names = frozenset(function_names)
    paths = [Path(s).resolve() for s in sources]
    headers = [p for p in paths if p.suffix in HEADER_SUFFIXES]
    # The headers' directories are include paths: a test writes ``#include <lib.h>``.
    include = [f"-I{d}" for d in dict.fromkeys(h.parent for h in headers)]
    miner = Miner(names, (*flags, *include), language, deadline)
    texts = {}
    for p in paths:
        try:
            texts[p] = p.read_text(encoding="utf-8", errors="surrogateescape")
        except OSError:
            continue
    header_code = {}
    for p in headers:
        if p in texts and (deadline is None or time.monotonic() < deadline):
            header_code[p] = miner.read_header(p, texts[p])
    for p, text in texts.items():
        if deadline is not None and time.monotonic() >= deadline:
            break
        if p.suffix in CODE_SUFFIXES and p.suffix not in HEADER_SUFFIXES:
            miner.mine_file(p, text, language_of(p))
            continue
        if p.suffix in HEADER_SUFFIXES:
            snippets = header_code.get(p, [])
        elif p.name.lower() in README_NAMES:
            snippets = fenced_blocks(text)
        else:
            continue
        if snippets:
            miner.mine_snippets(p, snippets, headers)
    return miner.facts()


@dataclass(frozen=True)
class ProjectUsage:
    """What ``project_usage`` found: the facts, the files it read (``sources``), the seconds
    mining took (0 when ``cached``), and why nothing was mined when mining failed (``error``).
    """

    facts: UsageFacts = UsageFacts()
    sources: tuple[str, ...] = ()
    seconds: float = 0.0
    cached: bool = False
    error: str = ""


_PROJECTS: OrderedDict[tuple[Any, ...], ProjectUsage] = OrderedDict()


def project_usage(
    path: str | os.PathLike[str],
    function_names: Iterable[str],
    flags: Sequence[str] = (),
    language: str = "c",
    project_root: str | None = None,
) -> ProjectUsage:
    """``find_usage_sources(path, project_root)`` mined for ``function_names`` within
    ``MAX_MINING_S`` seconds. The result is kept for the run (the ``CACHED_PROJECTS`` latest),
    keyed by the sources with their sizes and modification times, the names, flags and
    language: an edited test file is mined again. Never raises: a failure (an unreadable
    tree, libclang) gives no facts and says why in ``error``.
    """
    t0 = time.monotonic()
    try:
        sources = find_usage_sources(path, project_root)
        stamps = tuple(_stamp(p) for p in sources)
        key = (stamps, frozenset(function_names), tuple(flags), language)
        if key in _PROJECTS:
            _PROJECTS.move_to_end(key)
            return replace(_PROJECTS[key], seconds=0.0, cached=True)
        facts = mine_usage(sources, key[1], flags, language, deadline=t0 + MAX_MINING_S)
    except Exception as exc:  # noqa: BLE001 - mining is a bonus: it never fails generation
        return ProjectUsage(seconds=time.monotonic() - t0, error=f"{type(exc).__name__}: {exc}")
    found = ProjectUsage(facts, tuple(str(p) for p in sources), time.monotonic() - t0)
    _PROJECTS[key] = found
    while len(_PROJECTS) > CACHED_PROJECTS:
        _PROJECTS.popitem(last=False)
    return found


def _stamp(path: Path) -> tuple[str, int, int]:
    """``path`` with its modification time and size; (-1, -1) for a file gone meanwhile."""
    try:
        st = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path), st.st_mtime_ns, st.st_size)
