"""Workspace Trust and the sandbox level: the server runs a workspace's code only when it may.

Unit tests of the pure parts (settings, trust helpers, forcing the sandbox method), then two real
server sessions (VS Code 1.65 capabilities, real clang-repl):

- untrusted (``initializationOptions.trusted: false``): opening files with blocks starts no
  clang-repl process (process table and the server's run counters), generation and runs are refused
  with a message, lenses and code actions say why; after ``cdoctest/didChangeTrust`` both work;
- the sandbox forced to ``rlimits`` (``CDOCTEST_SANDBOX``): run on open is off by default (auto)
  and on once ``diagnostics.runOnOpen`` is set to true.

Test data: tests/data/lsp/failing.cpp (a block whose 2nd example fails, ``>>>`` on line 5,
1-based) and tests/data/lsp/mathutil.cpp (``fac`` on lines 6-10).
"""

from __future__ import annotations

import asyncio
import doctest
import importlib
import sys
from collections.abc import Callable
from typing import Any

import psutil
import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from cdoctest_runner.sandbox import SandboxConfigError, detect_method
from server.lsp.features import trust
from server.lsp.settings import DiagnosticsSettings, initial_trust, parse_settings

from .conftest import DATA, needs_clang, server_env
from .helpers import eventually, open_document, stop_session

# -- pure parts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["server.lsp.features.trust", "server.lsp.settings", "cdoctest_runner.sandbox"]
)
def test_docstring_examples(name: str) -> None:
    """The ``>>>`` examples of the trust, settings and sandbox modules pass."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("setting", "method", "runs"),
    [
        (None, "bwrap", True),
        (None, "unshare", False),
        (None, "rlimits", False),
        (True, "rlimits", True),
        (False, "bwrap", False),
    ],
)
def test_run_on_open_auto_needs_bubblewrap_and_an_explicit_value_wins(
    setting: bool | None, method: str, runs: bool
) -> None:
    """Auto (null) runs on open only under bubblewrap; true or false wins over the sandbox."""
    assert DiagnosticsSettings(run_on_open=setting).runs_on_open(method) is runs


def test_run_on_open_setting_accepts_true_false_null_only() -> None:
    """``runOnOpen`` is true, false or null (auto); anything else is reported and stays auto."""
    assert parse_settings({"diagnostics": {"runOnOpen": True}})[0].diagnostics.run_on_open is True
    assert parse_settings({"diagnostics": {"runOnOpen": None}})[0].diagnostics.run_on_open is None
    s, problems = parse_settings({"diagnostics": {"runOnOpen": "yes"}})
    assert s.diagnostics.run_on_open is None
    assert problems == [
        "cdoctest.diagnostics.runOnOpen: expected true, false or null, got 'yes'; using the default"
    ]


def test_trust_comes_from_initialization_options_never_from_configuration() -> None:
    """A configuration answer carrying ``trusted`` is ignored (a workspace cannot trust itself)."""
    settings, problems = parse_settings({"trusted": True, "generation": {"samples": 2}})
    assert problems == [] and settings.generation.samples == 2
    assert initial_trust({"trusted": False}) == (False, [])
    assert initial_trust({"generation": {}}) == (True, [])  # a plain client: today's behaviour
    assert initial_trust({"trusted": 0})[0] is False


def test_untrusted_lens_and_action_say_why() -> None:
    """The lens sits on files with blocks only and opens VS Code's trust editor."""
    (lens,) = trust.untrusted_lenses((DATA / "failing.cpp").read_text())
    assert lens.command.command == "workbench.trust.manage"
    assert "not trusted" in lens.command.title
    assert trust.untrusted_lenses("int f(int x) { return x; }\n") == []
    (action,) = trust.untrusted_actions(["refactor.rewrite.generateTests.cdoctest"], True)
    assert action.disabled is not None and "not trusted" in action.disabled.reason
    assert trust.untrusted_actions(["refactor.rewrite.generateTests.cdoctest"], False) == []
    with pytest.raises(trust.InvalidTrust):
        trust.parse_trust({"trusted": "yes"})


def test_sandbox_method_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CDOCTEST_SANDBOX=rlimits`` forces the method; an unknown name is a clear error."""
    monkeypatch.setenv("CDOCTEST_SANDBOX", "rlimits")
    report = detect_method().report()
    assert (report.method, report.network_isolated) == ("rlimits", False)
    monkeypatch.setenv("CDOCTEST_SANDBOX", "chroot")
    with pytest.raises(SandboxConfigError, match="CDOCTEST_SANDBOX='chroot': expected one of"):
        detect_method()


# -- real server sessions -------------------------------------------------------------------------

on_module_loop = pytest.mark.asyncio(loop_scope="module")

BASE: dict[str, Any] = {"generation": {"noModel": True, "timeBudget": 60}}


def clang_repl_processes(server_pid: int) -> list[str]:
    """Command lines of clang-repl processes below the server (the process table)."""
    found = []
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "clang-repl" in cmdline:
            found.append(cmdline)
    return found


async def status(client: LanguageClient) -> Any:
    """The server's ``cdoctest/status`` answer (also a barrier: earlier messages are handled)."""
    return await client.protocol.send_request_async("cdoctest/status", {})


async def status_until(
    client: LanguageClient, check: Callable[[Any], Any], what: str, timeout: float = 60
) -> Any:
    """Ask for the status until ``check`` accepts it; fail with ``what`` after ``timeout`` s."""

    async def poll() -> Any:
        while not check(answer := await status(client)):
            await asyncio.sleep(0.05)
        return answer

    try:
        return await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout}s waiting for {what}") from None


async def _start(client: LanguageClient, options: dict[str, Any]) -> None:
    @client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    settings = {k: v for k, v in options.items() if k != "trusted"}
    client.set_configuration(settings, section="cdoctest")
    await client.initialize_session(
        T.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=DATA.as_uri(),
            initialization_options=options,
        )
    )


UNTRUSTED = {
    **BASE,
    "diagnostics": {"debounce": 0, "runOnOpen": True},  # on under any sandbox, once trusted
    "trusted": False,
}


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "server.lsp", "-v"], server_env=server_env()
    ),
    scope="module",
)
async def untrusted(client: LanguageClient):
    """A session whose client does not trust the workspace (yet)."""
    await _start(client, UNTRUSTED)
    yield
    await stop_session(client)


@needs_clang
@on_module_loop
async def test_untrusted_runs_nothing_until_trusted(untrusted: LanguageClient, tmp_path) -> None:
    """Untrusted: open/run/generate start no clang-repl and say why; trusted: both work."""
    client = untrusted
    failing, _ = open_document(client, DATA / "failing.cpp")
    path = tmp_path / "mathutil.cpp"
    path.write_text((DATA / "mathutil.cpp").read_text())
    mathutil, _ = open_document(client, path)
    before = await status(client)
    assert before.trusted is False and before.runOnOpen is False
    assert before.testRuns.refused == 1 and before.testRuns.started == 0  # failing.cpp's block

    answer = await client.protocol.send_request_async(
        "cdoctest/generate", {"uri": mathutil, "line": 7}
    )
    assert answer.edit is None and "not trusted" in answer.error
    runs = await client.protocol.send_request_async("cdoctest/runTests", {"uri": failing})
    assert runs.blocks == 0 and "not trusted" in runs.error
    started = await client.workspace_execute_command_async(
        T.ExecuteCommandParams(
            command="cdoctest.server.generate", arguments=[{"uri": mathutil, "line": 7}]
        )
    )
    assert started["started"] is False and "not trusted" in started["error"]
    (lens,) = await client.text_document_code_lens_async(
        T.CodeLensParams(T.TextDocumentIdentifier(failing))
    )
    assert lens.command.command == "workbench.trust.manage"
    pos = T.Position(7, 4)
    (action,) = await client.text_document_code_action_async(
        T.CodeActionParams(
            T.TextDocumentIdentifier(mathutil), T.Range(pos, pos), T.CodeActionContext([])
        )
    )
    assert action.disabled is not None and action.edit is None and action.data is None
    warnings = [m.message for m in client.messages if "not trusted" in m.message]
    assert any("generate tests" in m for m in warnings)
    assert any("run the tests" in m for m in warnings)
    after = await status(client)
    assert after.testRuns.started == 0 and after.testRuns.refused == 4
    assert clang_repl_processes(client._server.pid) == []
    assert client.diagnostics.get(failing) is None

    # Trusting runs what opening would have run, and generation works.
    client.protocol.notify(trust.TRUST_NOTIFICATION, {"trusted": True})
    (diag,) = await eventually(lambda: client.diagnostics.get(failing), 120, "diagnostics")
    assert diag.range.start.line == 4
    answer = await client.protocol.send_request_async(
        "cdoctest/generate", {"uri": mathutil, "line": 7}
    )
    assert answer.error is None and answer.edit is not None
    trusted = await status(client)
    assert trusted.trusted is True and trusted.runOnOpen is True
    assert trusted.testRuns.started == 2  # run on open of both files (generation runs apart)


RLIMITS_CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "server.lsp", "-v"],
    server_env={**server_env(), "CDOCTEST_SANDBOX": "rlimits"},
)


@pytest_lsp.fixture(config=RLIMITS_CONFIG, scope="module")
async def rlimits(client: LanguageClient):
    """A trusted session whose runs are confined by rlimits only (no namespaces)."""
    await _start(client, {**BASE, "diagnostics": {"debounce": 0}})
    yield
    await stop_session(client)


@needs_clang
@on_module_loop
async def test_rlimits_sandbox_turns_run_on_open_off_unless_enabled(
    rlimits: LanguageClient, tmp_path
) -> None:
    """Under rlimits, opening runs nothing (auto) until ``runOnOpen`` is set to true."""
    client = rlimits
    first = await status_until(client, lambda s: s.sandbox.method, "the sandbox detected")
    assert first.sandbox.method == "rlimits" and "network" in first.sandbox.notIsolated
    assert first.runOnOpen is False and first.settings.diagnostics.runOnOpen is None
    logs = [m.message for m in client.log_messages if "confined by rlimits" in m.message]
    assert logs and "NOT isolated: network" in logs[0] and "Run on open is off" in logs[0]

    uri, _ = open_document(client, DATA / "failing.cpp")
    skipped = await status_until(client, lambda s: s.testRuns.skippedOnOpen == 1, "the skip")
    assert skipped.testRuns.started == 0 and client.diagnostics.get(uri) is None

    client.set_configuration(
        {**BASE, "diagnostics": {"debounce": 0, "runOnOpen": True}}, section="cdoctest"
    )
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings=None))
    await status_until(client, lambda s: s.runOnOpen, "runOnOpen: true in force")
    path = tmp_path / "failing.cpp"
    path.write_text((DATA / "failing.cpp").read_text())
    reopened, _ = open_document(client, path)
    (diag,) = await eventually(lambda: client.diagnostics.get(reopened), 120, "diagnostics")
    assert diag.range.start.line == 4
    after = await status(client)
    assert after.testRuns.started == 1 and after.testRuns.skippedOnOpen == 1
