"""Workspace Trust and the sandbox level: when the server may run a workspace's code.

Running a file's cdoctest blocks and generating tests both execute code from the workspace in
clang-repl. The client says whether it trusts the workspace: ``initializationOptions.trusted``
(absent = trusted, today's behaviour for plain LSP clients; see ``settings.initial_trust``) and
later the notification ``cdoctest/didChangeTrust`` ``{trusted: bool}`` (VS Code's
``onDidGrantWorkspaceTrust``). While untrusted the server runs nothing: no run on open or save, no
``cdoctest/runTests``, no generation; each refusal says why (a message, a code lens, a disabled code
action) and counts in ``cdoctest/status`` (``testRuns.refused``). Nothing is parsed either:
``compile_commands.json`` flags could load compiler plugins.

Run on open additionally depends on the sandbox (``DiagnosticsSettings.runs_on_open``): ``auto``
runs only under bubblewrap; ``sandbox_status`` and ``sandbox_line`` say which method protects runs
and what it leaves open, for the status bar and the log.
"""

from __future__ import annotations

import re
from typing import Any

from lsprotocol import types as T

from cdoctest_runner.results import SandboxReport
from cdoctest_runner.sandbox import isolation_gaps
from server.lsp.settings import DiagnosticsSettings

TRUST_NOTIFICATION = "cdoctest/didChangeTrust"
MANAGE_TRUST_COMMAND = "workbench.trust.manage"  # VS Code's "Manage Workspace Trust"

# A prompt at the start of a comment line: enough to put the "not run" lens on files with blocks.
_PROMPT = re.compile(r"^[ \t]*(?:/\*\*?|\*|//[/!]?)?[ \t]*(?:>>>|clang-repl>)", re.M)


class InvalidTrust(ValueError):
    """The params of ``cdoctest/didChangeTrust`` are malformed."""


def untrusted_message(what: str) -> str:
    """The refusal for ``what`` ('run the tests', 'generate tests') while untrusted.

    >>> untrusted_message("generate tests")[:60]
    'cdoctest: the workspace is not trusted, so cdoctest does not'
    """
    return (
        f"cdoctest: the workspace is not trusted, so cdoctest does not {what}: that runs the "
        "workspace's code in clang-repl. Trust the folder (Manage Workspace Trust) to enable it."
    )


def parse_trust(raw: Any) -> bool:
    """Return ``trusted`` from the notification's params; raise ``InvalidTrust``.

    >>> parse_trust({"trusted": True})
    True
    """
    value = raw.get("trusted") if isinstance(raw, dict) else None
    if not isinstance(value, bool):
        raise InvalidTrust(f'{TRUST_NOTIFICATION} needs {{"trusted": true|false}}, got {raw!r}')
    return value


def has_blocks(text: str) -> bool:
    """Tell, by text alone (no parse), whether a file seems to hold cdoctest blocks.

    >>> has_blocks("/**\\n>>> fac(3)\\n6\\n*/"), has_blocks("/// >>> f()"), has_blocks("int x;")
    (True, True, False)
    """
    return _PROMPT.search(text) is not None


def untrusted_lenses(text: str) -> list[T.CodeLens]:
    """One lens on the first line of a file with blocks: why nothing runs, where to change it."""
    if not has_blocks(text):
        return []
    top = T.Range(T.Position(0, 0), T.Position(0, 0))
    title = "cdoctest: blocks not run (workspace not trusted). Manage Workspace Trust"
    return [T.CodeLens(range=top, command=T.Command(title=title, command=MANAGE_TRUST_COMMAND))]


def untrusted_actions(kinds: list[str], supports_disabled: bool) -> list[T.CodeAction]:
    """A disabled 'Generate cdoctest' action with the reason (for clients that show those)."""
    if not supports_disabled or not kinds:
        return []
    reason = "the workspace is not trusted (generation runs its code)"
    return [
        T.CodeAction(
            title="Generate cdoctest", kind=kinds[0], disabled=T.CodeActionDisabled(reason)
        )
    ]


def sandbox_status(report: SandboxReport | None, error: str = "") -> dict[str, Any]:
    """The ``sandbox`` part of ``cdoctest/status``: method '' while unknown (or on ``error``)."""
    if report is None:
        return {"method": "", "notIsolated": [], "notes": [], "error": error}
    return {
        "method": report.method,
        "notIsolated": isolation_gaps(report),
        "notes": list(report.notes),
        "error": "",
    }


def sandbox_line(report: SandboxReport, setting: bool | None, trusted: bool = True) -> str:
    """One log line: which sandbox protects runs, what it leaves open, and run on open.

    >>> print(sandbox_line(SandboxReport("rlimits", False, False, True), None))
    cdoctest: runs are confined by rlimits; NOT isolated: network, other processes (no pid namespace). Run on open is off (auto: bubblewrap only); set cdoctest.diagnostics.runOnOpen to true to run anyway.
    """  # noqa: E501
    gaps = isolation_gaps(report)
    line = f"cdoctest: runs are confined by {report.method}; " + (
        "NOT isolated: " + ", ".join(gaps) if gaps else "network, processes and filesystem isolated"
    )
    if not trusted:
        return line + ". Nothing runs while the workspace is not trusted."
    if DiagnosticsSettings(run_on_open=setting).runs_on_open(report.method):
        return line + ". Run on open is on."
    if setting is None:
        return (
            line + ". Run on open is off (auto: bubblewrap only); set "
            "cdoctest.diagnostics.runOnOpen to true to run anyway."
        )
    return line + ". Run on open is off (cdoctest.diagnostics.runOnOpen)."
