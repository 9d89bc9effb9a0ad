"""The Testing view protocol: listing, running and cancelling blocks (features/testing.py).

Pure parts first (names to tree paths, selections, results per example), then real server
sessions with VS Code 1.65's and Neovim 0.7's capabilities, real clang-repl, and the workspace
tests/data/lsp/testing:

- nested/geometry.cpp: ``geo::area`` (block on lines 5-8, 1-based), ``geo::Box::perimeter``,
  ``geo::twice:doubling`` (a labelled block), the overloads ``half:1`` and ``half:2``; the second
  example of ``half:2`` (``>>> half(1.0)``, 0-based LSP line 37) expects 0.25 and gets 0.5;
- errors.cpp: ``triple`` (its second example calls an undeclared function: a compile error) and
  ``spin`` (an endless loop: a timeout under ``runner.timeout`` 1 s, and the run that is cancelled).
"""

from __future__ import annotations

import asyncio
import doctest
import importlib
import sys
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types as T
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcRequestCancelled
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from cdoctest_runner.example import DocTest, Example
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server.lsp.args import InvalidArgs
from server.lsp.features import testing

from .conftest import CLIENTS, DATA, needs_clang, server_env
from .helpers import (
    change_document,
    clang_repl_pids,
    eventually,
    open_document,
    pending_request_ids,
    stop_session,
)

WS = DATA / "testing"
GEOMETRY = WS / "nested" / "geometry.cpp"
ERRORS = WS / "errors.cpp"
GEOMETRY_IDS = [
    "nested/geometry.cpp::geo::area",
    "nested/geometry.cpp::geo::Box::perimeter",
    "nested/geometry.cpp::geo::twice:doubling",
    "nested/geometry.cpp::half:1",
    "nested/geometry.cpp::half:2",
]

# -- pure parts -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "server.lsp.features.testing",
        "server.lsp.convert",
        "server.lsp.features.diagnostics",
        "server.lsp.features.lifecycle",
        "server.lsp.engine",
    ],
)
def test_docstring_examples(name: str) -> None:
    """The ``>>>`` examples of the Testing view, diagnostics, life-cycle and engine modules pass."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_selection_parses_tests_folders_and_all_and_rejects_the_rest() -> None:
    """Ids of one file merge; a file without ids means all its blocks; bad shapes say what."""
    s = testing.Selection.from_json(
        {
            "tests": [
                {"uri": "file:///a.cpp", "ids": ["a.cpp::f"]},
                {"uri": "file:///a.cpp", "ids": ["a.cpp::g"]},
                {"uri": "file:///b.cpp"},
                {"uri": "file:///b.cpp", "ids": ["b.cpp::h"]},
            ],
            "folders": ["file:///src"],
        }
    )
    assert s.files == {"file:///a.cpp": frozenset({"a.cpp::f", "a.cpp::g"}), "file:///b.cpp": None}
    assert s.folders == ("file:///src",) and s.all is False
    assert testing.Selection.from_json({"all": True}).all is True
    for bad, message in [
        ({}, "one of 'tests', 'folders' or 'all' is required"),
        ({"tests": [{"ids": []}]}, "each of 'tests' needs a 'uri'"),
        ({"tests": [{"uri": "file:///a", "ids": "x"}]}, "'ids' must be a list of strings"),
        ({"all": "yes"}, "'all' must be true or false"),
        ([1], "expected an object"),
    ]:
        with pytest.raises(InvalidArgs, match=message):
            testing.Selection.from_json(bad)
    with pytest.raises(InvalidArgs, match="only file: URIs"):
        testing.uri_path("untitled:Untitled-1")


def _block(*examples: Example) -> DocTest:
    return DocTest(examples=examples, name="f.cpp::f", filename="/w/f.cpp", lineno=3, end_lineno=8)


def test_results_per_example_say_failed_or_errored_with_what_and_where() -> None:
    """Expected/actual at the failing ``>>>`` line; compile errors and timeouts are errors."""
    ok, bad = Example("f(1)", "1", lineno=1), Example("f(2)", "3", lineno=3)
    test = _block(ok, bad)
    failed = DocTestResult(
        test,
        (ExampleResult(ok, Outcome.PASSED, "1\n"), ExampleResult(bad, Outcome.FAILED, "2\n")),
        duration_s=0.25,
    )
    r = testing.result_json("file:///w/f.cpp", failed)
    assert (r["id"], r["outcome"], r["durationMs"]) == ("f.cpp::f", "failed", 250)
    first, second = r["examples"]
    assert (first["line"], first["outcome"], first["message"]) == (3, "passed", "")
    assert (second["line"], second["expected"], second["actual"]) == (5, "3\n", "2\n")
    assert r["message"].startswith("cdoctest failed: >>> f(2)")

    broken = DocTestResult(
        test,
        (
            ExampleResult(ok, Outcome.COMPILE_ERROR, stderr="error: use of undeclared identifier"),
            ExampleResult(bad, Outcome.SKIPPED),
        ),
    )
    r = testing.result_json("file:///w/f.cpp", broken)
    assert r["outcome"] == "errored" and "undeclared identifier" in r["message"]
    assert [e["outcome"] for e in r["examples"]] == ["compile_error", "skipped"]
    timeout = DocTestResult(test, (ExampleResult(ok, Outcome.TIMEOUT, message="ran past 1 s"),))
    assert testing.result_json("u", timeout)["message"].startswith("cdoctest timeout: >>> f(1)")
    setup = DocTestResult(test, (ExampleResult(ok, Outcome.ERROR),), setup_error="f.cpp:2: error")
    assert testing.result_json("u", setup)["message"] == (
        "cdoctest could not run this block: f.cpp:2: error"
    )


def test_source_files_skip_hidden_and_tool_directories(tmp_path) -> None:
    """The workspace walk takes C/C++ files, skips .git/node_modules, and stops at the limit."""
    for rel in ["a.c", "b.txt", "src/c.hpp", ".git/d.c", "node_modules/e.cpp", "src/f.cc"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("int x;\n")
    files, cut = testing.source_files(str(tmp_path))
    assert [p[len(str(tmp_path)) + 1 :] for p in files] == ["a.c", "src/c.hpp", "src/f.cc"]
    assert cut is False
    assert testing.source_files(str(tmp_path), limit=2) == (files[:2], True)


# -- real server sessions -------------------------------------------------------------------------

on_module_loop = pytest.mark.asyncio(loop_scope="module")
SETTINGS: dict[str, Any] = {
    "generation": {"noModel": True},
    "runner": {"timeout": 1, "warmOnOpen": 0},
    "diagnostics": {"debounce": 0, "runOnOpen": False},
}


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "server.lsp", "-v"], server_env=server_env()
    ),
    scope="module",
    params=CLIENTS,
)
async def view(client: LanguageClient, request: pytest.FixtureRequest):
    """A session on the workspace tests/data/lsp/testing (per client capability set)."""
    c = client
    c.changed = []  # type: ignore[attr-defined]
    c.results = []  # type: ignore[attr-defined]
    c.client_name = request.param  # type: ignore[attr-defined]

    @c.feature(testing.CHANGED_NOTIFICATION)
    def _changed(*args: Any) -> None:
        c.changed.append(args[-1])  # type: ignore[attr-defined]

    @c.feature(testing.RESULTS_NOTIFICATION)
    def _results(*args: Any) -> None:
        c.results.append(args[-1])  # type: ignore[attr-defined]

    @c.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def _refresh(params: None) -> None:
        return None

    @c.feature("cdoctest/status")
    def _status(*args: Any) -> None:
        return None

    c.set_configuration(SETTINGS, section="cdoctest")
    await c.initialize_session(
        T.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=WS.as_uri(),
            workspace_folders=[T.WorkspaceFolder(uri=WS.as_uri(), name="testing")],
            initialization_options=SETTINGS,
        )
    )
    yield
    await stop_session(c)


async def _request(c: LanguageClient, method: str, params: Any, timeout: float = 60) -> Any:
    return await asyncio.wait_for(c.protocol.send_request_async(method, params), timeout)


def _ids(file_tests: Any) -> list[str]:
    return [t.id for t in file_tests.tests]


@on_module_loop
async def test_opening_a_file_pushes_its_tests_as_a_tree(view: LanguageClient) -> None:
    """Test data: nested/geometry.cpp. The push names every block as the runner does."""
    client = view
    uri, _ = open_document(client, GEOMETRY)
    pushed = await eventually(
        lambda: [p for p in client.changed if p.uri == uri],  # type: ignore[attr-defined]
        60,
        "cdoctest/testsChanged",
    )
    item = pushed[-1]
    assert (item.label, item.version) == ("nested/geometry.cpp", 1)
    assert _ids(item) == GEOMETRY_IDS
    area, perimeter, _, _, half2 = item.tests
    assert area.path == ["nested/geometry.cpp", "geo", "area"] and area.label == "area"
    assert perimeter.path == ["nested/geometry.cpp", "geo", "Box", "perimeter"]
    assert (area.range.start.line, area.range.end.line) == (4, 7)
    assert [(e.line, e.source) for e in half2.examples] == [(35, "half(9.0)"), (37, "half(1.0)")]
    # An edit that adds a block is pushed after the pause (blocks follow the buffer, unsaved).
    text = GEOMETRY.read_text()
    change_document(
        client, uri, 2, text + "/**\n>>> third(9)\n3\n*/\nint third(int x) { return x / 3; }\n"
    )
    pushed = await eventually(
        lambda: [p for p in client.changed if p.uri == uri and p.version == 2],  # type: ignore[attr-defined]
        60,
        "the push after an edit",
    )
    assert _ids(pushed[-1])[-1] == "nested/geometry.cpp::third"
    change_document(client, uri, 3, text)


@on_module_loop
async def test_list_the_workspace_a_folder_and_documents(view: LanguageClient) -> None:
    """Test data: the workspace. Files on disk are listed too; a folder narrows the walk."""
    client = view
    answer = await _request(client, testing.LIST_REQUEST, {"workspace": True})
    assert [f.label for f in answer.files] == ["errors.cpp", "nested/geometry.cpp"]
    assert _ids(answer.files[0]) == ["errors.cpp::triple", "errors.cpp::spin"]
    assert answer.files[0].version is None  # from disk: not open
    folder = await _request(client, testing.LIST_REQUEST, {"folders": [(WS / "nested").as_uri()]})
    assert [f.label for f in folder.files] == ["nested/geometry.cpp"]
    one = await _request(client, testing.LIST_REQUEST, {"uris": [ERRORS.as_uri()]})
    assert [f.label for f in one.files] == ["errors.cpp"]
    with pytest.raises(JsonRpcInvalidParams):
        await _request(client, testing.LIST_REQUEST, {"uris": ["untitled:1"]})


@needs_clang
@on_module_loop
async def test_run_one_test_then_a_folder_with_results_per_example(view: LanguageClient) -> None:
    """Test data: nested/geometry.cpp. One id runs one block; the folder runs all five; the
    failing example of ``half:2`` carries expected, actual and its ``>>>`` line.
    """
    client = view
    uri = GEOMETRY.as_uri()
    one = await _request(
        client,
        testing.RUN_REQUEST,
        {"runId": "r1", "tests": [{"uri": uri, "ids": ["nested/geometry.cpp::geo::area"]}]},
    )
    assert [(r.id, r.outcome) for r in one.results] == [
        ("nested/geometry.cpp::geo::area", "passed")
    ]
    assert one.runId == "r1" and one.files == 1
    folder = await _request(
        client, testing.RUN_REQUEST, {"runId": "r2", "folders": [(WS / "nested").as_uri()]}
    )
    outcomes = {r.id: r.outcome for r in folder.results}
    assert outcomes == {i: "failed" if i.endswith("half:2") else "passed" for i in GEOMETRY_IDS}
    (half2,) = [r for r in folder.results if r.id.endswith("half:2")]
    passed, failed = half2.examples
    assert (passed.line, passed.outcome) == (35, "passed")
    assert (failed.line, failed.outcome, failed.expected, failed.actual) == (
        37,
        "failed",
        "0.25\n",
        "0.5\n",
    )
    assert half2.message.startswith("cdoctest failed: >>> half(1.0)")
    notes = [n for n in client.results if n.runId == "r2"]  # type: ignore[attr-defined]
    assert [len(n.results) for n in notes] == [5]
    # The open document's diagnostics show the same failure (the run was of its buffer).
    diags = await eventually(
        lambda: client.diagnostics.get(uri), 30, "the failing example's diagnostic"
    )
    assert [d.range.start.line for d in diags] == [37]


@needs_clang
@on_module_loop
async def test_run_with_coverage_answers_line_and_branch_counts(view: LanguageClient) -> None:
    """Test data: nested/geometry.cpp. "Run with Coverage" of ``geo::area`` alone: its line
    (0-based 8) ran once; ``Box::perimeter`` (16, inline: clang maps it though it is never
    emitted), ``twice`` (24) and the two ``half`` (32, 40) never ran. No function branches.
    """
    from cdoctest_runner.coverage.measure import CoverageError, find_tools
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_tools(find_clang_repl().path)
    except CoverageError as exc:
        pytest.skip(f"no coverage tools: {exc}")
    client = view
    uri = GEOMETRY.as_uri()
    area = {"uri": uri, "ids": ["nested/geometry.cpp::geo::area"]}
    answer = await _request(
        client, testing.RUN_REQUEST, {"runId": "cov", "tests": [area], "coverage": True}, 120
    )
    assert [r.outcome for r in answer.results] == ["passed"]
    (cov,) = answer.coverage
    assert cov.uri == uri and not getattr(answer, "error", None)
    counts = {entry.line: entry.count for entry in cov.lines}
    assert counts == {8: 1, 16: 0, 24: 0, 32: 0, 40: 0}
    assert (cov.linesHit, cov.linesTotal, cov.branchesTotal) == (1, 5, 0)
    plain_run = await _request(client, testing.RUN_REQUEST, {"runId": "nocov", "tests": [area]})
    assert not hasattr(plain_run, "coverage")


@needs_clang
@on_module_loop
async def test_run_all_reports_compile_errors_and_timeouts_as_errors(view: LanguageClient) -> None:
    """Test data: errors.cpp (from disk). The undeclared call and the endless loop are errors."""
    client = view
    answer = await _request(client, testing.RUN_REQUEST, {"runId": "all", "all": True}, 120)
    by_id = {r.id: r for r in answer.results}
    assert set(by_id) == {"errors.cpp::triple", "errors.cpp::spin", *GEOMETRY_IDS}
    triple, spin = by_id["errors.cpp::triple"], by_id["errors.cpp::spin"]
    assert triple.outcome == "errored" and "no_such_function" in triple.message
    assert [e.outcome for e in triple.examples] == ["passed", "compile_error"]
    assert triple.examples[1].line == 5
    assert spin.outcome == "errored" and spin.examples[0].outcome == "timeout"
    assert answer.files == 2


@needs_clang
@on_module_loop
async def test_cancel_kills_the_running_session_and_answers_cancelled(
    view: LanguageClient,
) -> None:
    """Test data: errors.cpp ``spin``. Cancel while its interpreter runs: request-cancelled, and
    the interpreters the run started are gone (the idle ones of earlier runs may stay).
    """
    client = view
    server_pid = client._server.pid  # type: ignore[union-attr]
    before = clang_repl_pids(server_pid)
    task = asyncio.ensure_future(
        client.protocol.send_request_async(
            testing.RUN_REQUEST,
            {"tests": [{"uri": ERRORS.as_uri(), "ids": ["errors.cpp::spin"]}]},
        )
    )
    await eventually(lambda: clang_repl_pids(server_pid) - before, 60, "the run's clang-repl")
    (msg_id,) = pending_request_ids(client)
    client.cancel_request(T.CancelParams(id=msg_id))
    with pytest.raises(JsonRpcRequestCancelled):
        await asyncio.wait_for(task, 30)
    await eventually(lambda: not (clang_repl_pids(server_pid) - before), 30, "the session killed")
    # The server goes on answering.
    listed = await _request(client, testing.LIST_REQUEST, {"uris": [ERRORS.as_uri()]})
    assert _ids(listed.files[0]) == ["errors.cpp::triple", "errors.cpp::spin"]
