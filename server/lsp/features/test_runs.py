"""Running a document's cdoctest blocks: on open/save (debounced), on demand, and the lenses.

One run per URI at a time: scheduling a new run (the file changed, was saved again, or a run was
requested) cancels the previous one, which sets its cancel event so the runner kills its clang-repl
processes. A finished run publishes the failing examples as errors at their ``>>>`` lines and
keeps the results for the code lenses. Results are dropped if the document changed meanwhile.
Nothing runs while the workspace is untrusted, and a run on open only when
``Host.runs_on_open`` allows it (decided after the debounce, once the sandbox is known);
``counters`` (in ``cdoctest/status``) count runs started, refused and skipped on open.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import TYPE_CHECKING, Any

from lsprotocol import types as T

from cdoctest_runner.results import DocTestResult
from server.lsp import convert
from server.lsp.args import RUN_TESTS_COMMAND
from server.lsp.engine import EngineError

if TYPE_CHECKING:
    from server.lsp.host import Host

log = logging.getLogger(__name__)


class TestRuns:
    """Debounced, cancellable test runs per URI and their last results."""

    __test__ = False  # not a pytest class

    def __init__(self, ls: Host) -> None:
        self.ls = ls
        self._tasks: dict[str, asyncio.Task[list[DocTestResult] | None]] = {}
        self.results: dict[str, tuple[int | None, dict[str, DocTestResult]]] = {}
        self.counters = ls.test_counters  # shared with ``Host.refuse_untrusted``

    def schedule(
        self, uri: str, delay: float, on_open: bool = False
    ) -> asyncio.Task[list[DocTestResult] | None]:
        """Start a run after ``delay`` seconds, cancelling the URI's pending or running one.

        ``on_open``: skipped (counted in ``skippedOnOpen``) unless run on open is allowed.
        """
        self.cancel(uri)
        task = asyncio.ensure_future(self._run(uri, delay, on_open))
        self._tasks[uri] = task
        task.add_done_callback(lambda t: self._tasks.get(uri) is t and self._tasks.pop(uri, None))
        return task

    def cancel(self, uri: str) -> None:
        """Cancel the URI's pending or running run (its clang-repl processes are killed)."""
        task = self._tasks.pop(uri, None)
        if task is not None:
            task.cancel()

    def busy(self) -> bool:
        """Whether a run is pending or running."""
        return any(not t.done() for t in self._tasks.values())

    def cancel_all(self) -> list[asyncio.Task[Any]]:
        """Cancel every run; returns the tasks so the caller can await them."""
        tasks = list(self._tasks.values())
        for t in tasks:
            t.cancel()
        self._tasks.clear()
        return tasks

    async def _run(self, uri: str, delay: float, on_open: bool) -> list[DocTestResult] | None:
        if delay > 0:
            await asyncio.sleep(delay)
        ls = self.ls
        doc = ls.workspace.text_documents.get(uri)
        if doc is None:  # closed meanwhile
            return None
        if not ls.trusted:  # trust was revoked meanwhile
            self.counters["refused"] += 1
            return None
        if on_open and not await ls.runs_on_open():
            self.counters["skippedOnOpen"] += 1
            return None
        text, version, path = doc.source, doc.version, doc.path
        if ls.too_large(text) is not None:
            return None
        engine = ls.engine
        loop = asyncio.get_running_loop()
        cancel = threading.Event()
        try:
            tests = await loop.run_in_executor(
                ls.parse_executor, engine.doctests, uri, version, path, text, ls.root_for(path)
            )
            self.counters["started"] += 1
            results = await loop.run_in_executor(
                ls.test_executor, engine.run_tests, path, text, tests, cancel
            )
        except asyncio.CancelledError:
            cancel.set()  # the runner kills its clang-repl processes
            raise
        except EngineError as exc:
            ls.show_once(
                f"run:{exc}", f"cdoctest: cannot run the tests: {exc}", T.MessageType.Warning
            )
            return None
        except Exception as exc:
            log.exception("test run failed")
            ls.show(
                f"cdoctest: the test run failed: {type(exc).__name__}: {exc}", T.MessageType.Error
            )
            return None
        now = ls.workspace.text_documents.get(uri)
        if now is None or now.version != version:
            return None  # stale: a newer run will follow the change/save
        self.record(uri, version, text, results)
        return results

    def record(
        self,
        uri: str,
        version: int | None,
        text: str,
        results: list[DocTestResult],
        replace: bool = True,
    ) -> None:
        """Keep a run's results for the lenses and publish the failing examples as errors.

        ``replace=False`` (a run of some blocks from the Testing view) merges them into the
        results of the same document version.
        """
        last = self.results.get(uri)
        merged = {} if replace or last is None or last[0] != version else dict(last[1])
        merged.update({r.test.name: r for r in results})
        self.results[uri] = (version, merged)
        lines = text.split("\n")
        diags = [d for r in merged.values() for d in convert.lsp_failure_diagnostics(r, lines)]
        self.ls.diagnostics.set(uri, "tests", diags, version)
        self.ls.refresh_code_lenses()

    def forget(self, uri: str) -> None:
        """Cancel the URI's run and drop its results (the document was closed)."""
        self.cancel(uri)
        self.results.pop(uri, None)


def summary(results: list[DocTestResult]) -> dict[str, Any]:
    """Return the JSON answer of ``cdoctest/runTests``."""
    return {
        "blocks": len(results),
        "passed": sum(1 for r in results if r.passed),
        "failed": sum(1 for r in results if not r.passed),
        "results": [
            {
                "name": r.test.name,
                "line": r.test.lineno - 1,
                "passed": r.passed,
                "failedExamples": r.failed,
                "examples": r.attempted,
                "setupError": r.setup_error,
            }
            for r in results
        ],
    }


def code_lenses(
    uri: str, tests: list[Any], last: dict[str, DocTestResult] | None
) -> list[T.CodeLens]:
    """Two lenses above each block: run it, and its last result (which also re-runs)."""
    lenses = []
    for test in tests:
        rng = convert.block_range(test)
        args = [{"uri": uri}]
        lenses.append(
            T.CodeLens(
                range=rng,
                command=T.Command(
                    title="▶ Run cdoctest", command=RUN_TESTS_COMMAND, arguments=args
                ),
            )
        )
        title = convert.result_title((last or {}).get(test.name))
        lenses.append(
            T.CodeLens(
                range=rng, command=T.Command(title=title, command=RUN_TESTS_COMMAND, arguments=args)
            )
        )
    return lenses
