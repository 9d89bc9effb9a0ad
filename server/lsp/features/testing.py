"""The Testing view's protocol: list cdoctest blocks as tests, run a selection, report per example.

Custom LSP methods (documented in docs/editor.md, "Protocol extensions"):

- request ``cdoctest/listTests`` ``{uris?: [uri], folders?: [uri], workspace?: bool}`` answers
  ``{files: [FileTests], error?}``: the blocks of the given documents (open buffers as edited, other
  files from disk), of every C/C++ file under the folders, or of the whole workspace;
- notification ``cdoctest/testsChanged`` (server to client) ``FileTests`` for an open document,
  sent when it is opened, saved, or edited (after a pause);
- request ``cdoctest/runTestItems`` ``{tests?: [{uri, ids?: [id]}], folders?: [uri], all?: bool,
  runId?}`` runs them file by file and answers ``{runId, results: [TestResult], files, cancelled:
  false, error?}``; after each file the notification ``cdoctest/testResults`` ``{runId, uri,
  results}`` carries that file's results, so a long run shows progress. Cancel with
  ``$/cancelRequest``: the running clang-repl sessions are killed and the answer is the
  request-cancelled error. With ``coverage: true`` (the "Run with Coverage" profile) the answer
  also has ``coverage: [FileCoverage]``, one per file run (``server.lsp.coverage``: ``{uri,
  linesHit, linesTotal, branchesHit, branchesTotal, lines: [{line, count, branches: [count]}],
  notes}``), and coverage that cannot be measured is named in ``error``.

``FileTests`` is ``{uri, label, version, tests: [TestItem], error?}``; a ``TestItem`` is ``{id,
label, path, range, examples: [{line, source}]}`` where ``id`` is the runner's hierarchical name
(``dir/file.cpp::ns::Class::method``, ``:label`` and ``:1``/``:2`` suffixes as ``cdoctest-run``
names them, relative to the workspace folder holding the file) and ``path`` its segments (file,
scopes, leaf: what the client nests). A ``TestResult`` is ``{uri, id, outcome: passed | failed |
errored, durationMs, message, examples: [{line, source, outcome, expected, actual, message}]}``:
``failed`` when outputs differ, ``errored`` for compile errors, timeouts, crashes and blocks whose
code did not load (with the diagnostic in ``message``). Lines are 0-based LSP lines. Nothing is
parsed or run while the workspace is untrusted (``error`` says so).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import DocTest
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from server.lsp import convert
from server.lsp.args import InvalidArgs, plain
from server.lsp.convert import uri_path
from server.lsp.engine import EngineError
from server.lsp.features.trust import has_blocks

if TYPE_CHECKING:
    from server.lsp.features.test_runs import TestRuns
    from server.lsp.host import Host

log = logging.getLogger(__name__)

LIST_REQUEST = "cdoctest/listTests"
RUN_REQUEST = "cdoctest/runTestItems"
CHANGED_NOTIFICATION = "cdoctest/testsChanged"
RESULTS_NOTIFICATION = "cdoctest/testResults"

SOURCE_SUFFIXES = frozenset({".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx"})
SKIPPED_DIRS = frozenset({"node_modules", "__pycache__", ".git", ".venv", "venv"})
MAX_FILES = 5000  # a workspace walk stops here (a message says so)
_GROUPING = frozenset({"class", "struct", "union", "namespace"})
_ERRORS = frozenset(
    {Outcome.COMPILE_ERROR, Outcome.TIMEOUT, Outcome.CRASH, Outcome.OUTPUT_LIMIT, Outcome.ERROR}
)


# -- pure conversions -----------------------------------------------------------------------------


def test_path(name: str) -> list[str]:
    """Split a runner name into the segments a Testing view nests: file, scopes, leaf.

    The grouping suffix stays with its declaration, ``:label``/``:N`` suffixes with the leaf.

    >>> test_path("src/sample.cpp::test::Fac::fac:1")
    ['src/sample.cpp', 'test', 'Fac', 'fac:1']
    >>> test_path("sample.cpp::test::Fac::class"), test_path("a.c")
    (['sample.cpp', 'test', 'Fac::class'], ['a.c'])
    """
    parts = name.split("::")
    if len(parts) > 2 and parts[-1].split(":", 1)[0] in _GROUPING:
        parts[-2:] = ["::".join(parts[-2:])]
    return parts


def test_item(test: DocTest, lines: Sequence[str]) -> dict[str, Any]:
    """The ``TestItem`` of one block: id, label, path, the block's range and its examples."""
    start, end = max(test.lineno - 1, 0), max(test.end_lineno - 1, 0)
    path = test_path(test.name)
    return {
        "id": test.name,
        "label": path[-1],
        "path": path,
        "range": _range(start, 0, end, convert.utf16_units(_line(lines, end))),
        "examples": [
            {"line": convert.example_line(test, ex), "source": ex.source.rstrip("\n")}
            for ex in test.examples
        ],
    }


def example_json(test: DocTest, r: ExampleResult) -> dict[str, Any]:
    """One example's result: where, what ran, expected and actual output, and why it failed."""
    message = ""
    if not r.passed and r.outcome is not Outcome.SKIPPED:
        message = convert.failure_message(r)
    return {
        "line": convert.example_line(test, r.example),
        "source": r.example.source.rstrip("\n"),
        "outcome": r.outcome.value,
        "expected": r.example.want,
        "actual": r.got,
        "message": message,
    }


def result_json(uri: str, result: DocTestResult) -> dict[str, Any]:
    """The ``TestResult`` of one block (``outcome``: passed, failed or errored)."""
    examples = [example_json(result.test, r) for r in result.results]
    if result.setup_error is not None:
        outcome, message = "errored", f"cdoctest could not run this block: {result.setup_error}"
    elif any(r.outcome in _ERRORS for r in result.results):
        outcome = "errored"
        message = next(e["message"] for e in examples if e["outcome"] in {o.value for o in _ERRORS})
    elif result.passed:
        outcome, message = "passed", ""
    elif not result.results:
        outcome, message = "errored", "the block has no examples"
    else:
        outcome, message = "failed", next(e["message"] for e in examples if e["message"])
    return {
        "uri": uri,
        "id": result.test.name,
        "outcome": outcome,
        "durationMs": round(result.duration_s * 1000),
        "message": message,
        "examples": examples,
    }


def _line(lines: Sequence[str], index: int) -> str:
    return lines[index].rstrip("\r") if 0 <= index < len(lines) else ""


def _range(line: int, character: int, end_line: int, end_character: int) -> dict[str, Any]:
    return {
        "start": {"line": line, "character": character},
        "end": {"line": end_line, "character": end_character},
    }


def source_files(folder: str, limit: int = MAX_FILES) -> tuple[list[str], bool]:
    """C/C++ files under ``folder`` (hidden and tool directories skipped), sorted; and whether the
    walk stopped at ``limit``.
    """
    found: list[str] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIPPED_DIRS)
        for name in sorted(filenames):
            if Path(name).suffix.lower() in SOURCE_SUFFIXES:
                found.append(os.path.join(dirpath, name))
                if len(found) >= limit:
                    return found, True
    return found, False


@dataclass(frozen=True)
class Selection:
    """What a run request selects: ids per document, whole folders, or everything."""

    files: dict[str, frozenset[str] | None]  # uri -> ids (None: every block of the file)
    folders: tuple[str, ...] = ()
    all: bool = False

    @classmethod
    def from_json(cls, raw: Any) -> Selection:
        """Parse ``{tests?: [{uri, ids?}], folders?: [uri], all?}``; raise ``InvalidArgs``."""
        raw = plain(raw)
        if not isinstance(raw, dict):
            raise InvalidArgs(f"expected an object, got {raw!r}")
        files: dict[str, frozenset[str] | None] = {}
        for entry in _list(raw, "tests"):
            if not isinstance(entry, dict) or not isinstance(entry.get("uri"), str):
                raise InvalidArgs(f"each of 'tests' needs a 'uri', got {entry!r}")
            ids = entry.get("ids")
            if ids is not None and not (
                isinstance(ids, list) and all(isinstance(i, str) for i in ids)
            ):
                raise InvalidArgs(f"'ids' must be a list of strings, got {ids!r}")
            uri = entry["uri"]
            if ids is None:
                files[uri] = None
            elif uri not in files or files[uri] is not None:
                files[uri] = (files.get(uri) or frozenset()) | frozenset(ids)
        folders = tuple(_list(raw, "folders"))
        if not all(isinstance(f, str) for f in folders):
            raise InvalidArgs(f"'folders' must be a list of URIs, got {folders!r}")
        everything = raw.get("all", False)
        if not isinstance(everything, bool):
            raise InvalidArgs(f"'all' must be true or false, got {everything!r}")
        if not files and not folders and not everything:
            raise InvalidArgs("one of 'tests', 'folders' or 'all' is required")
        return cls(files, folders, everything)


def _list(raw: dict[str, Any], key: str) -> list[Any]:
    value = raw.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidArgs(f"'{key}' must be a list, got {value!r}")
    return value


# -- the server side ------------------------------------------------------------------------------


@dataclass
class _Source:
    uri: str
    path: str
    text: str
    version: int | None  # None: read from disk


class TestingView:
    """Listing and running blocks for the Testing view (see the module docstring)."""

    __test__ = False  # not a pytest class

    def __init__(self, ls: Host, test_runs: TestRuns) -> None:
        self.ls = ls
        self.test_runs = test_runs
        self._pushes: dict[str, asyncio.Task[None]] = {}
        self.running = 0  # runs in flight (the idle release waits for them)

    # -- sources ------------------------------------------------------------------------------

    def _open_by_path(self) -> dict[str, Any]:
        docs = self.ls.workspace.text_documents
        return {os.path.normpath(d.path): d for d in docs.values()}

    def _source(self, uri: str, open_docs: dict[str, Any]) -> _Source | None:
        path = uri_path(uri)
        doc = open_docs.get(path)
        if doc is not None:
            return _Source(doc.uri, path, doc.source, doc.version)
        try:
            size = os.path.getsize(path)
            if size > self.ls.settings.build.max_file_bytes:
                return None
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
        return _Source(Path(path).as_uri(), path, text, None)

    def _expand(
        self, uris: Iterable[str], folders: Iterable[str], everything: bool
    ) -> tuple[list[_Source], list[str]]:
        """Sources for documents, folders, or the workspace; and warnings (a walk cut short)."""
        open_docs = self._open_by_path()
        roots = [uri_path(f) for f in folders]
        if everything:
            roots += self.ls.workspace_roots()
            if not roots:  # no workspace folder: the open documents are the workspace
                uris = [*uris, *(d.uri for d in open_docs.values())]
        seen: set[str] = set()
        out: list[_Source] = []
        warnings: list[str] = []
        candidates = [uri_path(u) for u in uris]
        for root in roots:
            files, cut = source_files(root)
            candidates += files
            if cut:
                warnings.append(f"{root}: only the first {MAX_FILES} C/C++ files were looked at")
        for path in candidates:
            if path in seen:
                continue
            seen.add(path)
            src = self._source(Path(path).as_uri(), open_docs)
            if src is not None:
                out.append(src)
        return out, warnings

    async def _tests(self, src: _Source) -> list[DocTest]:
        ls = self.ls
        if src.version is None and not has_blocks(src.text):
            return []  # a file on disk without a prompt: no libclang parse
        return await asyncio.get_running_loop().run_in_executor(
            ls.parse_executor,
            ls.engine.doctests,
            src.uri,
            src.version,
            src.path,
            src.text,
            ls.root_for(src.path),
        )

    async def file_tests(self, src: _Source) -> dict[str, Any]:
        """The ``FileTests`` of one source (``error`` instead of tests when it cannot be parsed)."""
        out: dict[str, Any] = {
            "uri": src.uri,
            "label": os.path.relpath(src.path, self.ls.root_for(src.path)),
            "version": src.version,
            "tests": [],
        }
        try:
            tests = await self._tests(src)
        except EngineError as exc:
            out["error"] = str(exc)
            return out
        lines = src.text.split("\n")
        out["tests"] = [test_item(t, lines) for t in tests]
        return out

    # -- requests -----------------------------------------------------------------------------

    async def list_tests(self, raw: Any) -> dict[str, Any]:
        """``cdoctest/listTests``."""
        raw = plain(raw) or {}
        if not isinstance(raw, dict):
            raise InvalidArgs(f"expected an object, got {raw!r}")
        if not self.ls.trusted:
            return {"files": [], "error": self.ls.refuse_untrusted("list the tests")}
        uris, folders = _list(raw, "uris"), _list(raw, "folders")
        everything = raw.get("workspace", False) is True or not (uris or folders)
        sources, warnings = await self._loop_expand(uris, folders, everything)
        files = [await self.file_tests(s) for s in sources]
        answer: dict[str, Any] = {"files": [f for f in files if f["tests"] or f.get("error")]}
        if uris:  # asked by name: an empty file is an answer too (its blocks were removed)
            asked = {uri_path(u) for u in uris}
            answer["files"] = [f for f in files if f["tests"] or uri_path(f["uri"]) in asked]
        if warnings:
            answer["error"] = "; ".join(warnings)
        return answer

    async def _loop_expand(
        self, uris: list[str], folders: list[str], everything: bool
    ) -> tuple[list[_Source], list[str]]:
        # The walk reads the disk: off the loop.
        return await asyncio.get_running_loop().run_in_executor(
            None, self._expand, uris, folders, everything
        )

    async def run(self, raw: Any) -> dict[str, Any]:
        """``cdoctest/runTestItems``: run the selection file by file; cancellable."""
        selection = Selection.from_json(raw)
        run_id = plain(raw).get("runId")
        if not self.ls.trusted:
            return {
                "runId": run_id,
                "results": [],
                "files": 0,
                "cancelled": False,
                "error": self.ls.refuse_untrusted("run the tests"),
            }
        sources, warnings = await self._loop_expand(
            list(selection.files), list(selection.folders), selection.all
        )
        wanted = {uri_path(u): ids for u, ids in selection.files.items()}
        with_coverage = bool(plain(raw).get("coverage"))
        coverage: list[dict[str, Any]] = []
        results: list[dict[str, Any]] = []
        errors = list(warnings)
        files = 0
        self.running += 1
        try:
            for src in sources:
                ids = wanted.get(src.path)
                file_results, error = await self._run_file(src, ids)
                if error:
                    errors.append(f"{os.path.basename(src.path)}: {error}")
                if file_results:
                    files += 1
                    results += file_results
                    self.ls.protocol.notify(
                        RESULTS_NOTIFICATION,
                        {"runId": run_id, "uri": src.uri, "results": file_results},
                    )
                    if with_coverage:
                        measured, error = await self._coverage(src, ids)
                        if error:
                            errors.append(f"{os.path.basename(src.path)}: coverage: {error}")
                        if measured is not None:
                            coverage.append(measured)
        finally:
            self.running -= 1
        answer: dict[str, Any] = {
            "runId": run_id,
            "results": results,
            "files": files,
            "cancelled": False,
        }
        if with_coverage:
            answer["coverage"] = coverage
        if errors:
            answer["error"] = "; ".join(errors)
        return answer

    async def _run_file(
        self, src: _Source, ids: frozenset[str] | None
    ) -> tuple[list[dict[str, Any]], str]:
        ls = self.ls
        if ls.too_large(src.text) is not None:
            return [], "too large"
        cancel = threading.Event()
        started = time.monotonic()
        try:
            tests = await self._tests(src)
            chosen = [t for t in tests if ids is None or t.name in ids]
            if not chosen:
                return [], ""
            self.test_runs.counters["started"] += 1
            done = await asyncio.get_running_loop().run_in_executor(
                ls.test_executor, ls.engine.run_tests, src.path, src.text, chosen, cancel
            )
        except asyncio.CancelledError:
            cancel.set()  # the runner kills its clang-repl sessions
            raise
        except EngineError as exc:
            return [], str(exc)
        log.info(
            "ran %d block(s) of %s in %.2f s",
            len(done),
            os.path.basename(src.path),
            time.monotonic() - started,
        )
        if src.version is not None:
            self.test_runs.record(src.uri, src.version, src.text, done, replace=ids is None)
        return [result_json(src.uri, r) for r in done], ""

    async def _coverage(
        self, src: _Source, ids: frozenset[str] | None
    ) -> tuple[dict[str, Any] | None, str]:
        """The coverage of ``src`` by its selected blocks (``server.lsp.coverage``)."""
        from cdoctest_runner.errors import CdoctestError
        from server.lsp.coverage import file_coverage

        ls = self.ls
        try:
            tests = [t for t in await self._tests(src) if ids is None or t.name in ids]
            if not tests:
                return None, ""
            settings = ls.engine.settings
            return await asyncio.get_running_loop().run_in_executor(
                ls.test_executor,
                file_coverage,
                src.uri,
                src.path,
                src.text,
                tests,
                ls.engine.flags(src.path),
                settings.build.compile_commands_dir or None,
                settings.runner.clang_repl or None,
            ), ""
        except (EngineError, CdoctestError) as exc:
            return None, str(exc)

    # -- pushes for open documents ------------------------------------------------------------

    def push(self, uri: str, delay: float = 0.0) -> None:
        """Send ``cdoctest/testsChanged`` for an open document (after ``delay``; replaces a pending
        push). Nothing is parsed while untrusted.
        """
        old = self._pushes.pop(uri, None)
        if old is not None:
            old.cancel()
        if not self.ls.trusted:
            return
        task = asyncio.ensure_future(self._push(uri, delay))
        self._pushes[uri] = task
        task.add_done_callback(lambda t: self._pushes.get(uri) is t and self._pushes.pop(uri, None))

    async def _push(self, uri: str, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        doc = self.ls.workspace.text_documents.get(uri)
        if doc is None or self.ls.too_large(doc.source) is not None:
            return
        src = _Source(doc.uri, os.path.normpath(doc.path), doc.source, doc.version)
        try:
            item = await self.file_tests(src)
        except Exception:  # a push is best effort: the client can still ask
            log.exception("listing the tests of %s failed", uri)
            return
        self.ls.protocol.notify(CHANGED_NOTIFICATION, item)

    def cancel_all(self) -> list[asyncio.Task[None]]:
        """Cancel pending pushes (shutdown)."""
        tasks = list(self._pushes.values())
        for t in tasks:
            t.cancel()
        self._pushes.clear()
        return tasks
