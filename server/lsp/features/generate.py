"""Generation in the editor, shared by resolve, ``cdoctest/generate`` and the generate command.

One coroutine serves ``codeAction/resolve``, the ``cdoctest/generate`` request and the
``cdoctest.server.generate`` command.

Contract: the pipeline runs in the server's generation executor (never on the event loop) with a
``threading.Event``; ``$/cancelRequest`` (asyncio cancellation) and a progress cancel both set it
and return at once, with no edit. Two phases (``server.generate.generator``): the answer comes as
soon as phase 1 has a verified block (its summary ends with "looking for a stronger block"); phase 2
goes on in the background under a progress of its own, and a stronger block replaces the first one
or is offered as a code action (``features/stronger.py``). When phase 1 has no block the answer
waits for phase 2. The edit is computed against the document version the generation started
from; if the user typed meanwhile it is re-located (``server.lsp.relocate``) or refused with a
message (and phase 2 is stopped). "Possible bug" findings become warnings once the client has
applied the edit (the document then equals the generated text). While the workspace is
untrusted nothing is generated: the outcome is an error saying why (``features/trust.py``).
A function whose block is the user's (edited or hand-written: ``server.ownership``) keeps it, and
the summary says so and names the code action that replaces it (``GenerateArgs.force``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from lsprotocol import types as T
from lsprotocol.converters import get_converter

from server.api import FileResult, PhaseResult, ProgressEvent, TargetSelector
from server.lsp import convert
from server.lsp.args import GenerateArgs
from server.lsp.engine import EngineError, GenerationCancelledError
from server.lsp.features import stronger
from server.lsp.features.code_actions import function_title
from server.lsp.progress import Progress
from server.lsp.relocate import relocate_edits
from server.render import apply_edits

if TYPE_CHECKING:
    from server.lsp.host import Host

log = logging.getLogger(__name__)
_converter = get_converter()


@dataclass
class Outcome:
    """What one generation produced, for every caller (resolve, request, command)."""

    edit: T.WorkspaceEdit | None = None
    summary: str = ""
    cancelled: bool = False
    error: str | None = None
    findings: list[dict[str, Any]] = field(default_factory=list)
    functions: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Return the JSON answer of ``cdoctest/generate``."""
        return {
            "edit": None
            if self.edit is None
            else _converter.unstructure(self.edit, T.WorkspaceEdit),
            "summary": self.summary,
            "cancelled": self.cancelled,
            "error": self.error,
            "findings": self.findings,
            "functions": self.functions,
            "seconds": round(self.seconds, 3),
        }


def summarize(result: FileResult) -> str:
    """One line for the user: what was verified, what fell back, what got nothing, whose block
    was kept.
    """
    parts = []
    for f in result.functions:
        if f.status == "verified":
            score = (
                f", mutation score {f.mutants_killed}/{f.mutants_total}" if f.mutants_total else ""
            )
            parts.append(
                f"`{f.function.name}`: {len(f.examples)} verified examples ({f.origin}{score})"
            )
        elif f.user_block:
            title = function_title(f.function.name, True, False)
            parts.append(f"`{f.function.name}`: {f.message}; the code action '{title}' replaces it")
        elif f.status != "skipped":
            parts.append(
                f"`{f.function.name}`: {f.status}" + (f" ({f.message})" if f.message else "")
            )
    if not parts:
        return "no function to generate tests for"
    return "; ".join(parts)


async def generate(ls: Host, args: GenerateArgs, token: T.ProgressToken | None = None) -> Outcome:
    """Run one generation for ``args`` (see the module docstring); raise only ``CancelledError``."""
    started = time.monotonic()
    opened = _open(ls, args)
    if isinstance(opened, Outcome):
        return opened
    progress = Progress(ls, token)
    what = "all functions" if args.all else f"`{args.name or 'function'}`"
    await progress.begin(f"Generating cdoctest for {what}", "parsing", cancellable=True)
    worker = _start(ls, opened, progress)
    for name in _names(args):
        stronger.forget(ls, args.uri, name)  # a new generation replaces what was offered
    end_message = "cancelled"
    cancel_waiter: asyncio.Future[Any] = asyncio.ensure_future(progress.cancelled.wait())
    phase_waiter: asyncio.Future[PhaseResult] = asyncio.ensure_future(worker.phases.get())
    try:
        while True:
            waiting: set[asyncio.Future[Any]] = {worker.future, cancel_waiter, phase_waiter}
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if worker.future in done or cancel_waiter in done:
                break
            first = phase_waiter.result()
            phase_waiter = asyncio.ensure_future(worker.phases.get())
            if first.phase == 1 and any(f.edit is not None for f in first.result.functions):
                outcome = _answer_first_block(ls, args.uri, opened, first, worker, what, started)
                end_message = outcome.summary
                return outcome
        if worker.future not in done:  # progress cancelled: stop the worker, answer now
            worker.stop()
            return Outcome(
                cancelled=True, summary="generation cancelled", seconds=time.monotonic() - started
            )
        outcome, end_message = _answer_result(ls, args.uri, opened, worker.future, started)
        return outcome
    except asyncio.CancelledError:  # $/cancelRequest or shutdown: stop the worker, re-raise
        worker.stop()
        raise
    finally:
        cancel_waiter.cancel()
        phase_waiter.cancel()
        progress.end(end_message)


@dataclass(frozen=True)
class _Opened:
    """The document a generation starts from, and which functions it covers."""

    text: str
    version: int | None
    path: str
    selector: TargetSelector
    force: bool = False  # replace a block of the user's (GenerateArgs.force)


def _open(ls: Host, args: GenerateArgs) -> _Opened | Outcome:
    """The document of ``args`` and its selector, or the refusal when nothing may be generated
    now: an untrusted workspace, an unreadable or too large file, or a document that changed
    since the request when only a line says which function.
    """
    if not ls.trusted:  # generation runs the file's code in clang-repl
        message = ls.refuse_untrusted("generate tests")
        return Outcome(error=message, summary=message)
    doc = ls.workspace.get_text_document(args.uri)
    try:
        text = doc.source
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(ls, f"cannot read {args.uri}: {exc}")
    version, path = doc.version, doc.path
    if (problem := ls.too_large(text)) is not None:
        return _fail(ls, problem)
    same = args.version is None or args.version == version
    selector = args.selector(same)
    if selector is None:
        message = (
            f"cdoctest: the document changed (version {args.version} -> {version}) before the "
            "generation started; nothing was generated. Run it again."
        )
        ls.show(message, T.MessageType.Warning)
        return Outcome(error=message, summary=message)
    return _Opened(text, version, path, selector, args.force)


@dataclass(frozen=True)
class _Worker:
    """The engine's generation running in the generation executor, and its channels: ``cancel``
    stops it, ``relay`` forwards its progress, ``phases`` receives each phase's result.
    """

    future: asyncio.Future[FileResult]
    cancel: threading.Event
    relay: Relay
    phases: asyncio.Queue[PhaseResult]

    def stop(self) -> None:
        """Ask the worker to stop; its result or error is then dropped."""
        self.cancel.set()
        _swallow(self.future)


def _start(ls: Host, opened: _Opened, progress: Progress) -> _Worker:
    """Start ``ls.engine.generate`` on ``opened`` in the generation executor (a phase 2 still
    running from an earlier request is preempted first).
    """
    loop = asyncio.get_running_loop()
    stronger.preempt(ls)  # the user's new request goes before a phase 2 still running
    phases: asyncio.Queue[PhaseResult] = asyncio.Queue()
    relay = Relay(progress)
    cancel = threading.Event()
    future = loop.run_in_executor(
        ls.generate_executor,
        functools.partial(
            ls.engine.generate,
            opened.path,
            opened.text,
            opened.selector,
            relay,
            cancel,
            on_phase=lambda r: loop.call_soon_threadsafe(phases.put_nowait, r),
            force=opened.force,
        ),
    )
    return _Worker(future, cancel, relay, phases)


def _answer_first_block(
    ls: Host,
    uri: str,
    opened: _Opened,
    first: PhaseResult,
    worker: _Worker,
    what: str,
    started: float,
) -> Outcome:
    """Answer with phase 1's block and leave phase 2 to ``features/stronger`` in the background;
    a refused block (the function changed meanwhile) stops the worker instead.
    """
    ls.warn_block_store(ls.engine)
    outcome = _to_outcome(ls, uri, opened.text, opened.version, first.result)
    if outcome.edit is None:  # refused (the function changed): phase 2 cannot help
        worker.stop()
        return outcome
    outcome.summary += "; looking for a stronger block"
    outcome.seconds = time.monotonic() - started
    ls.track(
        stronger.follow_up(
            ls,
            uri,
            opened.text,
            first.result,
            worker.future,
            worker.relay,
            worker.cancel,
            what,
            worker.phases,
        )
    )
    return outcome


def _answer_result(
    ls: Host,
    uri: str,
    opened: _Opened,
    future: asyncio.Future[FileResult],
    started: float,
) -> tuple[Outcome, str]:
    """The answer from the worker's final result, and the progress's end message."""
    try:
        result = future.result()
    except GenerationCancelledError:
        return Outcome(
            cancelled=True, summary="generation cancelled", seconds=time.monotonic() - started
        ), "cancelled"
    except EngineError as exc:
        return _fail(ls, f"cdoctest generation failed: {exc}"), "failed"
    except Exception as exc:  # a bug below us must not take the server down
        log.exception("generation failed")
        message = f"cdoctest generation failed unexpectedly: {type(exc).__name__}: {exc}"
        return _fail(ls, message), "failed"
    ls.warn_block_store(ls.engine)
    outcome = _to_outcome(ls, uri, opened.text, opened.version, result)
    outcome.seconds = time.monotonic() - started
    return outcome, outcome.summary


class Relay:
    """The pipeline's progress callback, forwarded to the progress of the phase now running."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def __call__(self, event: ProgressEvent) -> None:
        """Forward one event (from the generating thread)."""
        self.progress.callback(event)


def _names(args: GenerateArgs) -> list[str | None]:
    """The function names a generation covers, for dropping offers (None: all)."""
    return [None] if args.all else [args.name] if args.name else [None]


def _swallow(future: asyncio.Future[Any]) -> None:
    future.add_done_callback(lambda f: f.cancelled() or f.exception())


def _fail(ls: Host, message: str) -> Outcome:
    ls.show(message, T.MessageType.Error)
    return Outcome(error=message, summary=message)


def _to_outcome(ls: Host, uri: str, text: str, version: int | None, result: FileResult) -> Outcome:
    functions = [
        {
            "name": f.function.qualname or f.function.name,
            "status": f.status,
            "origin": f.origin,
            "examples": len(f.examples),
            "mutationScore": f.mutation_score,
            "message": f.message,
        }
        for f in result.functions
    ]
    summary = summarize(result)
    pairs = [(f.edit, f.function.end_line - 1) for f in result.functions if f.edit is not None]
    if not pairs:
        return Outcome(summary=summary, functions=functions)
    doc = ls.workspace.get_text_document(uri)
    current, now_version = doc.source, doc.version
    edits = [e for e, _ in pairs]
    new_text = result.new_text
    if now_version != version or current != text:
        moved = relocate_edits(text, current, pairs)
        if moved is None:
            message = (
                "cdoctest: the file changed while the tests were generated and the function "
                "could not be found unchanged; nothing was inserted. Run the action again."
            )
            ls.show(message, T.MessageType.Warning)
            return Outcome(summary=message, error=message, functions=functions)
        edits, new_text = moved, apply_edits(current, moved)
    lines = current.split("\n")
    edit = convert.lsp_workspace_edit(
        uri, now_version, edits, lines, ls.supports_document_changes()
    )
    findings = []
    for fr in result.functions:
        for finding in fr.findings:
            findings.append(
                {
                    "function": fr.function.name,
                    "source": finding.example.source,
                    "predicted": finding.predicted,
                    "actual": finding.actual,
                    "line": finding.line,
                    "message": finding.message,
                    "confidence": finding.confidence,
                    "evidence": finding.evidence,
                }
            )
    if findings:
        # Finding lines are in the pipeline's new text; a relocation moved the block by `shift`.
        shift = edits[0].start_line - pairs[0][0].start_line
        new_lines = new_text.split("\n")
        diags = [
            convert.lsp_finding_diagnostic(
                replace(f, line=None if f.line is None else f.line + shift),
                new_lines,
                fallback_line=edits[0].start_line,
            )
            for fr in result.functions
            for f in fr.findings
        ]
        ls.diagnostics.expect(uri, new_text, diags)
    return Outcome(edit=edit, summary=summary, findings=findings, functions=functions)
