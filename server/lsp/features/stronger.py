"""Phase 2 in the editor: a stronger block replaces the first one, or is offered as a code action.

``generate.generate`` answers as soon as phase 1 has a verified block; ``follow_up`` then waits
for phase 2 (the model and the input search, within the time budget) under a progress of its own
("Looking for a stronger cdoctest", cancellable). For each function whose phase-2 block kills
more mutants than the one delivered (``deliver``):

- the first block is still in the document exactly as inserted (``find_block``: its text occurs
  once): the server replaces it with ``workspace/applyEdit`` and says so;
- otherwise (the user edited or removed it, or the editor did not apply the first edit) nothing
  is changed; the block is offered as the code action "Use stronger cdoctest for `f` (kills 9/10
  instead of 6/10)" on the function (``offered_actions``), whose edit replaces the block above the
  function as it is then (``server.render.examples_lines``), the user's edits included: applying
  it is the user's choice. An offer is dropped once the document holds its block, when a new
  generation for the function starts, and when the document is closed.

A new generation stops the phase 2 still running (``preempt``): the generation executor runs one
job at a time, and the user's new request comes first; the first block stays as it is.

When phase 2 ends before the client applied the first edit (the document still equals the text
the generation started from), the decision waits for the document to change, at most
``APPLY_WAIT_S`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lsprotocol import types as T

from server.analysis.locate import comment_above
from server.api import FileResult, FunctionInfo, FunctionResult, PhaseResult, TextEdit
from server.lsp import convert
from server.lsp.features.code_actions import FUNCTION_KIND, kind_matches
from server.lsp.progress import Progress
from server.render import examples_lines

if TYPE_CHECKING:
    from server.lsp.host import Host

log = logging.getLogger(__name__)

APPLY_WAIT_S = 30.0
_OFFERS: weakref.WeakKeyDictionary[Any, dict[str, list[Offer]]] = weakref.WeakKeyDictionary()
_RUNNING: weakref.WeakKeyDictionary[Any, set[threading.Event]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Offer:
    """A stronger block for one function, offered because the first one was edited."""

    uri: str
    function: str  # qualified name
    name: str  # short name, for the title
    block: str  # the comment as it would be inserted (the phase-2 edit's text)
    killed: int
    total: int
    was_killed: int
    was_total: int

    @property
    def gain(self) -> str:
        """What makes it stronger: more kills, or the same and calls that reach more code.

        >>> Offer("u", "f", "f", "", 9, 10, 6, 10).gain, Offer("u", "f", "f", "", 5, 5, 5, 5).gain
        ('kills 9/10 instead of 6/10', 'kills 5/5 too, and reaches more of the code')
        """
        if (self.killed, self.total) == (self.was_killed, self.was_total):
            return f"kills {self.killed}/{self.total} too, and reaches more of the code"
        return f"kills {self.killed}/{self.total} instead of {self.was_killed}/{self.was_total}"

    @property
    def title(self) -> str:
        """The code action's title."""
        return f"Use stronger cdoctest for `{self.name}` ({self.gain})"


def offers(ls: Any, uri: str) -> list[Offer]:
    """The offers of one document (a live list)."""
    return _OFFERS.setdefault(ls, {}).setdefault(uri, [])


def forget(ls: Any, uri: str, function: str | None = None) -> None:
    """Drop the document's offers (one function's, or all)."""
    kept = [o for o in offers(ls, uri) if function is not None and o.function != function]
    _OFFERS.setdefault(ls, {})[uri] = kept


def stronger(final: FunctionResult) -> bool:
    """Whether ``final`` is a phase-2 block (the pipeline keeps one only when it kills more, or
    as many and adds calls that reach code phase 1's does not: ``server.judge.cover_branches``).
    """
    return final.edit is not None and final.phase == 2


def find_block(text: str, block: str) -> TextEdit | None:
    """A zero-content edit spanning ``block`` in ``text`` when it occurs exactly once, else None.

    >>> find_block("a\\n/** x */\\nint f();\\n", "/** x */\\n")
    TextEdit(start_line=1, start_character=0, end_line=2, end_character=0, new_text='')
    >>> find_block("/** x */\\n/** x */\\n", "/** x */\\n") is None
    True
    """
    start = text.find(block)
    if not block or start < 0 or text.find(block, start + 1) >= 0:
        return None
    end = start + len(block)

    def position(offset: int) -> tuple[int, int]:
        line = text.count("\n", 0, offset)
        return line, offset - (text.rfind("\n", 0, offset) + 1)

    (sl, sc), (el, ec) = position(start), position(end)
    return TextEdit(sl, sc, el, ec, "")


def preempt(ls: Any) -> None:
    """Stop every phase 2 still running for this server (a new generation is about to start)."""
    for cancel in _RUNNING.get(ls, set()):
        cancel.set()


async def follow_up(
    ls: Host,
    uri: str,
    text: str,
    first: FileResult,
    future: asyncio.Future[Any],
    relay: Any,
    cancel: threading.Event,
    what: str,
    phases: asyncio.Queue[PhaseResult],
) -> None:
    """Wait for phase 2 under a progress of its own; deliver what is stronger (module doc)."""
    running = _RUNNING.setdefault(ls, set())
    running.add(cancel)
    progress = Progress(ls)
    await progress.begin(f"Looking for a stronger cdoctest for {what}", "phase 2", cancellable=True)
    relay.progress = progress
    waiter: asyncio.Future[Any] = asyncio.ensure_future(progress.cancelled.wait())
    end = "no stronger block"
    try:
        done, _ = await asyncio.wait({future, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if future not in done:
            cancel.set()
            _swallow(future)
            end = "cancelled"
            return
        try:
            final: FileResult = future.result()
        except Exception as exc:  # cancelled or failed: the first block stays as it is
            log.info("phase 2 ended without a result: %s", exc)
            end = "stopped"
            return
        previous: dict[str, tuple[int, int]] = {}
        while not phases.empty():  # phase 2's result came before the future's (same thread)
            result = phases.get_nowait()
            previous = result.previous if result.phase == 2 else previous
        end = _summary(await deliver(ls, uri, text, first, final, previous))
    except asyncio.CancelledError:
        cancel.set()
        _swallow(future)
        raise
    finally:
        running.discard(cancel)
        waiter.cancel()
        progress.end(end)


def _summary(delivered: list[str]) -> str:
    return "; ".join(delivered) if delivered else "no stronger block"


async def deliver(
    ls: Host,
    uri: str,
    text: str,
    first: FileResult,
    final: FileResult,
    previous: dict[str, tuple[int, int]],
) -> list[str]:
    """Replace or offer every stronger block of ``final``; returns what was done, per function.

    ``previous``: the kills of the blocks they replace, measured (``PhaseResult.previous``).
    """
    done: list[str] = []
    pairs = [(a, b) for a, b in zip(first.functions, final.functions, strict=False) if stronger(b)]
    if not pairs:
        return done
    await _applied_or_changed(ls, uri, text)
    for was, now in pairs:
        assert now.edit is not None
        doc = ls.workspace.get_text_document(uri)
        current, version = doc.source, doc.version
        span = find_block(current, was.edit.new_text) if was.edit is not None else None
        was_killed, was_total = previous.get(
            now.function.qualname, (was.mutants_killed, was.mutants_total)
        )
        offer = Offer(
            uri,
            now.function.qualname,
            now.function.name,
            now.edit.new_text,
            now.mutants_killed,
            now.mutants_total,
            was_killed,
            was_total,
        )
        forget(ls, uri, offer.function)
        if span is not None:
            edit = convert.lsp_workspace_edit(
                uri,
                version,
                [
                    TextEdit(
                        span.start_line,
                        span.start_character,
                        span.end_line,
                        span.end_character,
                        now.edit.new_text,
                    )
                ],  # fmt: skip
                current.split("\n"),
                ls.supports_document_changes(),
            )
            answer = await ls.workspace_apply_edit_async(
                T.ApplyWorkspaceEditParams(edit=edit, label="Stronger cdoctest")
            )
            if answer.applied:
                message = (
                    f"cdoctest: replaced the block of `{offer.name}` with a stronger one "
                    f"({offer.gain})"
                )
                ls.show(message)
                done.append(f"`{offer.name}`: replaced")
                continue
        offers(ls, uri).append(offer)
        ls.show(
            f"cdoctest: a stronger cdoctest for `{offer.name}` was found (kills "
            f"{offer.killed}/{offer.total} instead of {offer.was_killed}/{offer.was_total}); the "
            "block was edited since, so it is offered as a code action and not applied"
        )
        done.append(f"`{offer.name}`: offered")
    return done


async def _applied_or_changed(ls: Host, uri: str, text: str) -> None:
    """Wait (bounded) until the document differs from ``text``: the first edit was applied."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + APPLY_WAIT_S
    while loop.time() < deadline:
        if uri not in ls.workspace.text_documents:
            return
        if ls.workspace.get_text_document(uri).source != text:
            return
        await asyncio.sleep(0.1)


def offered_actions(
    ls: Any,
    uri: str,
    version: int | None,
    text: str,
    functions: list[FunctionInfo],
    rng: T.Range,
    only: Sequence[str] | None,
) -> list[T.CodeAction]:
    """The "Use stronger cdoctest" actions for the function under ``rng`` (edits computed now)."""
    if not kind_matches(FUNCTION_KIND, only):
        return []
    lines = text.split("\n")
    out = []
    for offer in list(offers(ls, uri)):
        info = next((f for f in functions if f.declaration.qualname == offer.function), None)
        if info is None:
            continue
        d = info.declaration
        if not d.line - 1 <= rng.start.line <= d.end_line - 1 and not _in_block(lines, d.line, rng):
            continue
        block = comment_above(lines, d.line)
        start, end = (
            examples_lines(block)
            if block is not None and block.has_prompts
            else (d.line - 1, d.line - 1)
        )
        if start < end and "".join(ln + "\n" for ln in lines[start:end]) == offer.block:
            forget(ls, uri, offer.function)  # the document holds it: applied
            continue
        edit = TextEdit(start, 0, end, 0, offer.block)
        workspace_edit = convert.lsp_workspace_edit(
            uri, version, [edit], lines, ls.supports_document_changes()
        )
        out.append(
            T.CodeAction(
                title=offer.title, kind=FUNCTION_KIND, edit=workspace_edit, is_preferred=True
            )
        )
    return out


def _in_block(lines: list[str], decl_line: int, rng: T.Range) -> bool:
    """Whether the range starts in the comment block right above the function."""
    block = comment_above(lines, decl_line)
    return block is not None and block.start_line - 1 <= rng.start.line <= block.end_line - 1


def _swallow(future: asyncio.Future[Any]) -> None:
    future.add_done_callback(lambda f: f.cancelled() or f.exception())
