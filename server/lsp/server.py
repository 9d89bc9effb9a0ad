"""The cdoctest language server (pygls 2): registration of every feature on the server object.

Handlers stay thin (get the document, call the feature module, convert); the feature logic lives in
``server/lsp/features/``, conversions in ``server/lsp/convert.py``, and everything that touches the
pipeline or the runner goes through ``server/lsp/engine.py``. Blocking work runs in three
single-thread executors (parse: libclang; generate: model + clang-repl; tests: clang-repl), so the
event loop always answers. Requests and methods: LSP code actions (+ resolve), code lenses,
``cdoctest/generate``, ``cdoctest/runTests``, ``cdoctest/status``, the Testing view's
``cdoctest/listTests`` / ``cdoctest/runTestItems`` (``features/testing.py``), and the commands
``cdoctest.server.generate`` / ``cdoctest.server.runTests`` (thin: they start a tracked task and
return at once, see docs/editor.md and the pygls notes on executeCommand). Workspace Trust
(``initializationOptions.trusted``, ``cdoctest/didChangeTrust``) and the sandbox level gate every
run of the workspace's code: see ``server/lsp/features/trust.py``.

Life cycle (``features/lifecycle.py``): interpreters for an opened file start at once (bounded by
``runner.warmOnOpen``, only where a run on open would be allowed), the engine (interpreters and
the model host) is released after ``runner.idleRelease`` seconds unused, and the server exits when
the client's process (``processId`` of ``initialize``) is gone. Every request is logged with its
duration (``timing.py``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from lsprotocol import types as T
from pygls.exceptions import JsonRpcInvalidParams

from server.lsp import args as A
from server.lsp.engine import EngineError
from server.lsp.features import (
    code_actions,
    generate,
    stronger,
    test_runs,
    testing,
    trust,
)
from server.lsp.host import VERSION
from server.lsp.settings import initial_trust
from server.lsp.state import CdoctestServer
from server.lsp.timing import log_to_client

__all__ = ["VERSION", "CdoctestServer", "server"]

log = logging.getLogger(__name__)


server = CdoctestServer()


def _invalid(exc: Exception) -> JsonRpcInvalidParams:
    return JsonRpcInvalidParams(str(exc))


# -- life cycle and configuration -----------------------------------------------------------------


@server.feature(T.INITIALIZE)
def initialize(ls: CdoctestServer, params: T.InitializeParams) -> None:
    """LSP ``initialize``: take the settings and the trust from ``initializationOptions``."""
    if ls.log_to_client:  # logMessage may precede the initialize answer (LSP)
        log_to_client(ls)
    ls.lifecycle.client_pid = params.process_id
    ls.trusted, problems = initial_trust(params.initialization_options)
    ls.deferred.extend(f"cdoctest: problems in the initialization options: {p}" for p in problems)
    ls.apply_settings(params.initialization_options, "initialization", announce=False)


@server.feature(T.INITIALIZED)
async def initialized(ls: CdoctestServer, params: T.InitializedParams) -> None:
    """LSP ``initialized``: report settings problems, pull the configuration, send the status."""
    for message in ls.deferred:
        ls.show(message, T.MessageType.Warning)
    ls.deferred.clear()
    await pull_configuration(ls)
    ls.send_status()
    ls.lifecycle.start()
    await ls.sandbox_report()
    ls.send_status()  # now with the sandbox


@server.feature(trust.TRUST_NOTIFICATION)
def did_change_trust(ls: CdoctestServer, params: Any) -> None:
    """``cdoctest/didChangeTrust`` ``{trusted}``: the client (un)trusted the workspace."""
    try:
        trusted = trust.parse_trust(A.plain(params))
    except trust.InvalidTrust as exc:
        ls.show(f"cdoctest: {exc}", T.MessageType.Warning)
        return
    ls.set_trusted(trusted)


async def pull_configuration(ls: CdoctestServer) -> None:
    """Pull section ``cdoctest`` with ``workspace/configuration`` when the client supports it."""
    ws = ls.client_capabilities.workspace
    if not (ws and ws.configuration):
        return
    try:
        answer = await ls.workspace_configuration_async(
            T.ConfigurationParams(items=[T.ConfigurationItem(section="cdoctest")])
        )
    except Exception as exc:
        log.warning("workspace/configuration failed: %s", exc)
        return
    if answer and answer[0] is not None:
        ls.apply_settings(answer[0], "workspace")


@server.feature(T.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(
    ls: CdoctestServer, params: T.DidChangeConfigurationParams
) -> None:
    """Re-pull the settings, or take them from the notification (Neovim 0.7)."""
    ws = ls.client_capabilities.workspace
    if ws and ws.configuration:
        await pull_configuration(ls)
    elif params.settings is not None:
        raw = params.settings
        if isinstance(raw, dict) and "cdoctest" in raw:
            raw = raw["cdoctest"]
        ls.apply_settings(raw, "changed")


@server.feature(T.SHUTDOWN)
async def shutdown(ls: CdoctestServer, *args: Any) -> None:
    """Cancel and await our own jobs first (pygls#606), then free the model and the interpreters."""
    tasks = list(ls.jobs) + list(ls.warmups.values()) + ls.test_runs.cancel_all()
    tasks += ls.testing.cancel_all() + ls.lifecycle.stop()
    for t in tasks:
        t.cancel()
    if tasks:
        await asyncio.wait(tasks, timeout=5)
    engine = ls.take_engine()
    if engine is not None:
        # close() waits for the engine's lock (a worker may be starting interpreters); answer
        # within a bound anyway: whatever is still running ends with the process at `exit`.
        closing = asyncio.get_running_loop().run_in_executor(None, engine.close)
        try:
            await asyncio.wait_for(asyncio.shield(closing), timeout=10)
        except TimeoutError:
            log.warning("shutdown: the engine is still closing; answering anyway")
    for ex in (ls.list_executor, ls.parse_executor, ls.generate_executor, ls.test_executor):
        ex.shutdown(wait=False, cancel_futures=True)


# -- documents ------------------------------------------------------------------------------------


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CdoctestServer, params: T.DidOpenTextDocumentParams) -> None:
    """Run the file's blocks (debounced) when it is opened, if trusted and the sandbox allows."""
    if not ls.trusted:
        if trust.has_blocks(params.text_document.text):
            ls.refuse_untrusted("run the tests")
        return
    uri = params.text_document.uri
    if ls.settings.diagnostics.run_on_open is not False:  # True, or auto: decided after debounce
        ls.test_runs.schedule(uri, ls.settings.diagnostics.debounce, on_open=True)
    ls.testing.push(uri)
    ls.lifecycle.warm(uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CdoctestServer, params: T.DidChangeTextDocumentParams) -> None:
    """Cancel the stale test run, publish pending findings, pre-parse after a pause."""
    uri = params.text_document.uri
    ls.test_runs.cancel(uri)  # its results would be stale
    doc = ls.workspace.get_text_document(uri)
    ls.diagnostics.document_changed(uri, doc.source, doc.version)
    if ls.trusted:
        ls.warm_up(uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CdoctestServer, params: T.DidSaveTextDocumentParams) -> None:
    """Run the file's blocks (debounced) when it is saved (never while untrusted)."""
    if not ls.settings.diagnostics.run_on_save:
        return
    if not ls.trusted:
        ls.refuse_untrusted("run the tests")
        return
    ls.test_runs.schedule(params.text_document.uri, ls.settings.diagnostics.debounce)
    ls.testing.push(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CdoctestServer, params: T.DidCloseTextDocumentParams) -> None:
    """Cancel and forget everything about the document."""
    uri = params.text_document.uri
    ls.test_runs.forget(uri)
    ls.diagnostics.clear(uri)
    if ls.loaded_engine is not None:
        ls.loaded_engine.forget(uri)
    stronger.forget(ls, uri)


# -- code actions ---------------------------------------------------------------------------------


@server.feature(
    T.TEXT_DOCUMENT_CODE_ACTION,
    T.CodeActionOptions(code_action_kinds=code_actions.KINDS, resolve_provider=True),
)
async def code_action(ls: CdoctestServer, params: T.CodeActionParams) -> list[T.CodeAction]:
    """List the generate actions for the range (cheap: cached parse, no model)."""
    only = params.context.only
    kinds = [k for k in code_actions.KINDS if code_actions.kind_matches(k, only)]
    if not kinds:
        return []
    if not ls.trusted:  # no parse either (compile_commands.json flags could load plugins)
        return trust.untrusted_actions(kinds, ls.supports_disabled_actions())
    found = await ls.functions(params.text_document.uri)
    if found is None:
        return []
    doc, functions = found
    actions = code_actions.list_actions(
        doc.uri, doc.version, functions, params.range, only, ls.supports_resolve()
    )
    # Stronger blocks phase 2 found after the user edited the first one (features/stronger.py).
    offered = stronger.offered_actions(
        ls, doc.uri, doc.version, doc.source, functions, params.range, only
    )
    return offered + actions


@server.feature(T.CODE_ACTION_RESOLVE)
async def code_action_resolve(ls: CdoctestServer, action: T.CodeAction) -> T.CodeAction:
    """Generate and verify the block; the action gets the edit (or none, with a message)."""
    try:
        args = A.GenerateArgs.from_json(action.data)
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc
    outcome = await generate.generate(ls, args)
    action.edit = outcome.edit
    if outcome.edit is not None and outcome.summary:
        ls.window_log_message(T.LogMessageParams(type=T.MessageType.Info, message=outcome.summary))
    elif outcome.edit is None and not outcome.error and not outcome.cancelled:
        ls.show(f"cdoctest: {outcome.summary}", T.MessageType.Info)
    return action


# -- custom requests ------------------------------------------------------------------------------


@server.feature(A.GENERATE_REQUEST)
async def generate_request(ls: CdoctestServer, params: Any) -> dict[str, Any]:
    """``cdoctest/generate``: generate with progress on the given token; cancellable."""
    raw = A.plain(params)
    try:
        args = A.GenerateArgs.from_json(raw)
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc
    token = raw.get("workDoneToken") if isinstance(raw, dict) else None
    outcome = await generate.generate(ls, args, token)
    return outcome.to_json()


@server.feature(A.RUN_TESTS_REQUEST)
async def run_tests_request(ls: CdoctestServer, params: Any) -> dict[str, Any]:
    """``cdoctest/runTests``: run the document's blocks now and answer a summary."""
    try:
        args = A.RunTestsArgs.from_json(params)
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc
    if args.uri not in ls.workspace.text_documents:
        raise JsonRpcInvalidParams(f"document not open: {args.uri}")
    if not ls.trusted:
        return {**test_runs.summary([]), "error": ls.refuse_untrusted("run the tests")}
    results = await ls.test_runs.schedule(args.uri, 0)
    return test_runs.summary(results or [])


@server.feature(testing.LIST_REQUEST)
async def list_tests_request(ls: CdoctestServer, params: Any) -> dict[str, Any]:
    """``cdoctest/listTests``: the blocks of documents, folders or the workspace (Testing view)."""
    try:
        return await ls.testing.list_tests(params)
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc


@server.feature(testing.RUN_REQUEST)
async def run_test_items_request(ls: CdoctestServer, params: Any) -> dict[str, Any]:
    """``cdoctest/runTestItems``: run tests, files, folders or all; results per example."""
    try:
        return await ls.testing.run(params)
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc


@server.feature(A.STATUS_REQUEST)
def status_request(ls: CdoctestServer, params: Any) -> dict[str, Any]:
    """``cdoctest/status``: the model in use and the settings in force."""
    return ls.status()


# -- code lenses ----------------------------------------------------------------------------------


@server.feature(T.TEXT_DOCUMENT_CODE_LENS)
async def code_lens(ls: CdoctestServer, params: T.CodeLensParams) -> list[T.CodeLens]:
    """Two lenses above each block: run it, and its last result."""
    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    text = doc.source
    if not ls.trusted:
        return trust.untrusted_lenses(text)
    if ls.too_large(text) is not None:
        return []
    engine = ls.engine
    try:
        tests = await asyncio.get_running_loop().run_in_executor(
            ls.parse_executor,
            engine.doctests,
            uri,
            doc.version,
            doc.path,
            text,
            ls.root_for(doc.path),
        )
    except EngineError as exc:
        ls.show_once(f"lens:{exc}", f"cdoctest: {exc}", T.MessageType.Warning)
        return []
    last = ls.test_runs.results.get(uri)
    return test_runs.code_lenses(uri, tests, last[1] if last else None)


# -- commands (thin: start a tracked task, return at once) ----------------------------------------


@server.command(A.RUN_TESTS_COMMAND)
def run_tests_command(ls: CdoctestServer, *arguments: Any) -> dict[str, Any]:
    """Start a test run of the document and return at once (results come as diagnostics)."""
    try:
        args = A.RunTestsArgs.from_json(list(arguments))
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc
    if not ls.trusted:
        return {"started": False, "error": ls.refuse_untrusted("run the tests")}
    ls.test_runs.schedule(args.uri, 0)
    return {"started": True}


@server.command(A.GENERATE_COMMAND)
def generate_command(ls: CdoctestServer, *arguments: Any) -> dict[str, Any]:
    """Start a generation that applies its edit with ``workspace/applyEdit``; return at once."""
    try:
        args = A.GenerateArgs.from_json(list(arguments))
    except A.InvalidArgs as exc:
        raise _invalid(exc) from exc
    if not ls.trusted:
        return {"started": False, "error": ls.refuse_untrusted("generate tests")}
    ls.track(_generate_and_apply(ls, args))
    return {"started": True}


async def _generate_and_apply(ls: CdoctestServer, args: A.GenerateArgs) -> None:
    outcome = await generate.generate(ls, args)
    if outcome.edit is None:
        if not outcome.error and not outcome.cancelled:
            ls.show(f"cdoctest: {outcome.summary}")
        return
    result = await ls.workspace_apply_edit_async(
        T.ApplyWorkspaceEditParams(edit=outcome.edit, label="Generate cdoctest")
    )
    if not result.applied:
        ls.show(
            "cdoctest: the editor did not apply the edit "
            f"({result.failure_reason or 'no reason given'})",
            T.MessageType.Warning,
        )
    else:
        ls.show(f"cdoctest: {outcome.summary}")
