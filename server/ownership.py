"""Whose is a cdoctest block: cdoctest-gen's (it may replace it) or the user's (it never does
unless asked). Recorded outside the comment, by content.

A block cdoctest-gen writes carries no text of the tool's. What the generator hands out is
recorded in a ``BlockStore`` by the digest of its examples (``examples_digest``: every example's
source and expected output as cdoctest reads them, so re-indenting the block or changing its
comment decoration is no edit, and any other change is). A block above a function is the tool's
(``CommentBlock.generated``) when it carries the ``cdoctest-gen:`` line older versions wrote
(``CommentBlock.legacy``: read, never written) or when its digest is on record (``resolve`` sets
``CommentBlock.recorded``). Anything else is the user's: a block they wrote, one of ours they
edited, or one whose record is gone (another machine, a fresh clone, a cleared cache).
Regeneration keeps the user's block and says so; ``GenerateOptions.replace_user_blocks``
(``cdoctest-gen --force``, the editor's "Replace your cdoctest" action) replaces it.

The store is one small JSON file per digest under ``$CDOCTEST_BLOCK_STORE``, by default
``$XDG_CACHE_HOME/cdoctest-gen/blocks``, each written atomically (``cdoctest_runner.files``) and
never rewritten with other content: processes that share the store cannot lose each other's
records. It never raises: a record that cannot be read or written (a damaged file, a path that is
not a directory, no permission) counts as absent, so the block counts as the user's, and
``BlockStore.problems`` says what went wrong, once, for the front ends to show.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Sequence
from dataclasses import replace

from cdoctest_runner.files import write_json_atomic
from cdoctest_runner.parser import START_PROMPTS, parse_examples
from server.analysis.locate import MARKER, CommentBlock, SourceFile, strip_decoration

STORE_ENV = "CDOCTEST_BLOCK_STORE"
_DECORATION = ("///", "//!", "//", "/**", "/*!", "/*", "*")


def default_store_dir() -> str:
    """``$CDOCTEST_BLOCK_STORE``, else ``$XDG_CACHE_HOME/cdoctest-gen/blocks`` (``~/.cache``)."""
    if os.environ.get(STORE_ENV):
        return os.environ[STORE_ENV]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cdoctest-gen", "blocks")


def _is_prompt(line: str) -> bool:
    return (strip_decoration(line) + " ").startswith(START_PROMPTS)


def examples_span(lines: Sequence[str]) -> tuple[int, int] | None:
    """Where a comment's examples are: ``(first, end)``, 0-based indices into the comment's
    ``lines``, from the ``cdoctest-gen:`` line of older versions when there is one, else from
    the first prompt, up to the next blank line or a line holding ``*/`` (``end`` excluded); None
    without a prompt. What regeneration replaces in a comment that holds the user's text too.

    >>> examples_span(["/**", " * Adds.", " *", " * >>> add(1, 2)", " * 3", " *", " * Or.", " */"])
    (3, 5)
    >>> examples_span(["/// cdoctest-gen: generated", "/// >>> f()", "/// 1"])
    (0, 3)
    >>> examples_span(["/** Adds. */"]) is None
    True
    """
    first = next((i for i, ln in enumerate(lines) if strip_decoration(ln).startswith(MARKER)), None)
    if first is None:
        first = next((i for i, ln in enumerate(lines) if _is_prompt(ln)), None)
    if first is None:
        return None
    end = first + 1
    while end < len(lines) and strip_decoration(lines[end]) and "*/" not in lines[end]:
        end += 1
    return first, end


def undecorated(line: str) -> str:
    """A comment line without its decoration (one opener, ``*`` or ``//`` mark, and a closing
    ``*/``), keeping the indentation of what follows, which cdoctest measures output against.

    >>> undecorated(" * >>> f(1)"), undecorated("    ///   2"), undecorated("    7")
    (' >>> f(1)', '   2', '    7')
    >>> undecorated(" * 3 */"), undecorated("/** >>> g()")
    (' 3', ' >>> g()')
    """
    body = line.rstrip()
    stripped = body.lstrip()
    for mark in _DECORATION:
        if stripped.startswith(mark) and not stripped.startswith("*/"):
            body = stripped[len(mark) :]
            break
    if body.endswith("*/"):
        body = body[:-2].rstrip()
    return body


def examples_digest(lines: Sequence[str]) -> str | None:
    """The digest of the examples in ``examples_span`` of a comment's ``lines`` (or of a block
    or section as rendered): sha256 of each example's source, expected output and options, as
    cdoctest reads them; None when there are none.

    >>> a = examples_digest(["/**", ">>> f(1)", "  x", "*/"])
    >>> a == examples_digest(["    /**", "     * >>> f(1)", "     *   x", "     */"])
    True
    >>> a == examples_digest(["/**", ">>> f(1)", "  y", "*/"]), examples_digest(["/** Adds. */"])
    (False, None)
    """
    span = examples_span(lines)
    if span is None:
        return None
    run = [undecorated(ln) for ln in lines[span[0] : span[1]]]
    examples = parse_examples("\n".join(ln for ln in run if not ln.strip().startswith(MARKER)))
    if not examples:
        return None
    facts = [[e.source, e.want, sorted(e.options)] for e in examples]
    return hashlib.sha256(json.dumps(facts).encode("utf-8", "surrogateescape")).hexdigest()


def block_digest(block: CommentBlock) -> str | None:
    """``examples_digest`` of a comment above a declaration."""
    return examples_digest(block.text.split("\n")[:-1])


class BlockStore:
    """The digests of the blocks cdoctest-gen handed out (see the module docstring).

    ``BlockStore(None)`` records nothing and has nothing on record: only the blocks of older
    versions count as the tool's. Safe to share between threads and processes.
    """

    def __init__(self, directory: str | None) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._problems: dict[str, str] = {}  # one message per kind ('read', 'write')

    @classmethod
    def default(cls) -> BlockStore:
        """The store in ``default_store_dir()``."""
        return cls(default_store_dir())

    def _path(self, directory: str, digest: str) -> str:
        return os.path.join(directory, digest[:2], digest[2:] + ".json")

    def has(self, digest: str) -> bool:
        """Whether ``digest`` is on record; False (and a problem noted) when it cannot be read."""
        if self.directory is None:
            return False
        path = self._path(self.directory, digest)
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except FileNotFoundError:
            return False
        except (OSError, ValueError) as exc:
            self._note("read", f"cannot be read ({exc})")
            return False
        if not isinstance(data, dict) or data.get("digest") != digest:
            self._note("read", f"holds a damaged record ({path})")
            return False
        return True

    def record(self, digest: str) -> None:
        """Put ``digest`` on record (atomically; a problem is noted when it cannot be written)."""
        if self.directory is None or self.has(digest):
            return
        path = self._path(self.directory, digest)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_json_atomic(path, {"digest": digest}, prefix=".record.")
        except OSError as exc:
            self._note("write", f"cannot be written ({exc})")

    def record_block(self, text: str) -> None:
        """Record the examples of a block or section as rendered (``examples_digest``)."""
        digest = examples_digest(text.splitlines())
        if digest is not None:
            self.record(digest)

    def owns(self, block: CommentBlock) -> bool:
        """Whether cdoctest-gen wrote ``block``: the line of older versions, or its digest."""
        if block.legacy:
            return True
        digest = block_digest(block) if block.has_prompts else None
        return digest is not None and self.has(digest)

    def problems(self) -> list[str]:
        """What went wrong with the store, one sentence per kind, for the user."""
        with self._lock:
            return list(self._problems.values())

    def _note(self, kind: str, what: str) -> None:
        effect = {
            "read": "blocks it cannot look up count as yours and are kept",
            "write": "the blocks written now will count as yours next time",
        }[kind]
        with self._lock:
            self._problems.setdefault(
                kind,
                f"the record of the blocks cdoctest-gen wrote ({self.directory}) {what}; {effect}",
            )


def resolve(source: SourceFile, store: BlockStore) -> None:
    """Set ``recorded`` on the blocks above ``source``'s functions that ``store`` has on record."""
    for f in source.functions:
        block = f.block
        if block is not None and block.has_prompts and not block.legacy:
            f.block = replace(block, recorded=store.owns(block))
