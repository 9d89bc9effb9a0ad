"""``DocTestRunner``: run cdoctest blocks in sandboxed clang-repl sessions, one by one or in
batches.

    with DocTestRunner(workers=2) as runner:
        results = runner.run_many([(test, code), ...])   # same order as the jobs

Semantics (docs/runner.md has the full contract):

- Each block behaves as if run in a fresh session: the code under test is loaded, the examples run
  in order, each example's stdout is captured separately and compared by the ``OutputChecker``
  (``got`` is in display form, see ``values``). A block's stdout/value prints only; diagnostics are
  in ``ExampleResult.stderr``.
- Warm reuse (``warm=True``): a session that ran a block is reused for the next block with an
  equal ``CodeUnderTest``, after ``%undo`` of every input the block made, unless something could
  make it differ from a fresh one (``reuse``): a crash, timeout, output limit, JIT/link error or
  ``%`` command, process-wide state or macros the block left (``leaves_state``:
  ``touches_global_state``, ``#define``...), static storage in the code (``has_mutable_state``).
- Outcomes: PASSED / FAILED / COMPILE_ERROR per example; TIMEOUT / CRASH / OUTPUT_LIMIT end the
  session, and the block's later examples are SKIPPED. If the code under test does not load, the
  result has ``setup_error`` and every example is ERROR.
- ``cancel`` (a ``threading.Event``) kills running sessions promptly and raises ``RunCancelled``.
- No process outlives ``close()``; no process outlives a block that ended in a limit or crash.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import os
import re
import shutil
import threading
import time
from collections.abc import Sequence
from typing import cast

from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.errors import (
    CdoctestError,
    LibraryNotFound,
    ReplCancelled,
    ReplCrashed,
    ReplError,
    ReplOutputLimit,
    ReplSetupError,
    ReplTimeout,
)
from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from cdoctest_runner.flags import flag_dirs
from cdoctest_runner.loadable import compiled_on_use, loadable
from cdoctest_runner.precompiled import (
    PrecompileError,
    precompile,
    prefix_includes,
    prelude_includes,
)
from cdoctest_runner.project_lib import renamed_symbols
from cdoctest_runner.protocol import Runner
from cdoctest_runner.repl import ClangRepl
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome
from cdoctest_runner.reuse import (
    code_is_stateful,
    has_mutable_state,
    leaves_state,
    touches_global_state,
)
from cdoctest_runner.sandbox import DEFAULT_LIMITS, Limits, Sandbox, detect_method, reachable_by
from cdoctest_runner.sessions import EitherEvent, SessionPool, interleave
from cdoctest_runner.snapshot import RESTORE, save_input, state_variables
from cdoctest_runner.toolchain import Toolchain, find_clang_repl

__all__ = ["DocTestRunner", "Limits", "RunCancelled", "Runner", "examples_doctest",
           "has_mutable_state", "touches_global_state"]  # fmt: skip

_log = logging.getLogger(__name__)

MAX_USES = 200  # blocks per warm session before it is replaced (bounds JIT memory growth)


class RunCancelled(CdoctestError):
    """``run``/``run_many`` was cancelled through its ``cancel`` event; nothing is left running."""


def examples_doctest(examples: Sequence[Example], name: str = "candidate") -> DocTest:
    """Wrap bare examples (e.g. a model's candidate block) in a ``DocTest``."""
    return DocTest(examples=tuple(examples), name=name, filename="", lineno=0, end_lineno=0)


# ----------------------------------------------------------------------------------------------


class DocTestRunner:
    """Run ``DocTest`` blocks against ``CodeUnderTest`` in sandboxed clang-repl sessions."""

    def __init__(
        self,
        toolchain: Toolchain | None = None,
        limits: Limits = DEFAULT_LIMITS,
        workers: int = 1,
        checker: OutputChecker | None = None,
        warm: bool = True,
        sandbox: Sandbox | None = None,
        reuse_compiled: bool | None = None,
        compile_on_use: bool = False,
        schemata: bool | None = None,
    ) -> None:
        """``reuse_compiled``: start sessions from a cached precompiled header of the prelude's and
        the file's leading headers (``cdoctest_runner.precompiled``), and reuse warm sessions of C
        code whose only state is file-scope variables by restoring them (``snapshot``); None: on
        unless the environment sets ``CDOCTEST_REUSE_COMPILED=0``.

        ``compile_on_use`` (only with ``reuse_compiled``): load C++ code with its free functions
        made ``inline`` (``loadable.inline_functions``), so that a session compiles only what its
        blocks use: for runners of fresh sessions of one big file (mutants). Code that does not
        load that way but loads as it is is loaded as it is (remembered per file and functions).

        ``schemata`` (only with ``warm``): ``mutation_analysis`` on this runner runs mutant schemata
        (``cdoctest_runner.mutation.schemata_run``); None: on unless ``CDOCTEST_SCHEMATA=0``.
        """
        if reuse_compiled is None:
            reuse_compiled = os.environ.get("CDOCTEST_REUSE_COMPILED", "1") != "0"
        self.reuse_compiled = reuse_compiled
        self.compile_on_use = compile_on_use and reuse_compiled
        if schemata is None:
            schemata = os.environ.get("CDOCTEST_SCHEMATA", "1") != "0"
        self.schemata = schemata and warm
        self._lazy_loads: dict[tuple[str | None, tuple[str, ...]], bool] = {}
        self._pch_loads: dict[str, bool] = {}  # pch -> whether code loaded with it as without
        self._pch_noted: set[str] = set()
        self._toolchain = toolchain
        self.limits = limits
        self.workers = max(1, int(workers))
        self.checker = checker or OutputChecker()
        self.warm = warm
        self._sandbox = sandbox
        self._pool = SessionPool(capacity=self.workers)
        self._active: set[ClangRepl] = set()
        self._active_lock = threading.Lock()
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._closed = False

    # -- configuration resolved lazily (constructing a runner never fails) -----------------------

    @property
    def toolchain(self) -> Toolchain:
        """The clang-repl in use (found on first use: ``ToolchainNotFound`` if none)."""
        if self._toolchain is None:
            self._toolchain = find_clang_repl()
        return self._toolchain

    @property
    def sandbox(self) -> Sandbox:
        """The confinement in use (``sandbox.detect_method`` on first use)."""
        if self._sandbox is None:
            self._sandbox = detect_method()  # detected once per process (under its lock)
        return self._sandbox

    # -- public API -------------------------------------------------------------------------------

    def run(
        self, test: DocTest, code: CodeUnderTest, cancel: threading.Event | None = None
    ) -> DocTestResult:
        """Run one block; raises ``RunCancelled`` if ``cancel`` is set, ``ToolchainNotFound``,
        ``LibraryNotFound``.
        """
        if self._closed:
            raise CdoctestError("the runner is closed")
        for lib in code.libraries:
            if not os.path.isfile(lib):
                raise LibraryNotFound(f"shared library not found: {lib}")
        started = time.monotonic()
        if not test.examples:
            return DocTestResult(test, (), None, None, 0.0)
        repl, setup_error = self._acquire(code, cancel)
        if repl is None:
            results = tuple(
                ExampleResult(ex, Outcome.ERROR, message="the code under test did not load")
                for ex in test.examples
            )
            error = setup_error or "setup failed"
            elapsed = time.monotonic() - started
            return DocTestResult(test, results, error, self.sandbox.report(), elapsed)
        try:
            results = tuple(self._run_examples(repl, test, cancel))
        finally:
            self._release(code, repl, test, cancel)
        elapsed = time.monotonic() - started
        extra = {
            "warm_uses": repl.uses,
            "precompiled": repl.precompiled is not None,
            "compiled_on_use": repl.compiled_on_use,
        }
        return DocTestResult(test, tuple(results), None, self.sandbox.report(), elapsed, extra)

    def run_many(
        self,
        jobs: Sequence[tuple[DocTest, CodeUnderTest]],
        cancel: threading.Event | None = None,
    ) -> list[DocTestResult]:
        """Run many blocks on ``workers`` threads; results in job order."""
        if not jobs:
            return []
        if self.workers == 1 or len(jobs) == 1:
            return [self.run(t, c, cancel) for t, c in jobs]
        # One failing job stops the batch without setting the caller's event.
        stop = EitherEvent(cancel)
        pool = self._get_executor()
        # Group jobs by code under test so one worker keeps a warm session for a run of them.
        ordered, order = interleave(jobs)
        futures = [pool.submit(self.run, t, c, stop) for t, c in ordered]  # type: ignore[arg-type]
        try:
            done = [f.result() for f in futures]
        except BaseException:
            stop.set()
            for f in futures:
                f.cancel()
            concurrent.futures.wait(futures)
            raise
        out: list[DocTestResult | None] = [None] * len(jobs)
        for result, index in zip(done, order, strict=True):
            out[index] = result
        return [r for r in out if r is not None]

    async def run_many_async(
        self,
        jobs: Sequence[tuple[DocTest, CodeUnderTest]],
        cancel: threading.Event | None = None,
    ) -> list[DocTestResult]:
        """``run_many`` off the event loop; cancelling the awaiting task cancels the runs."""
        stop = EitherEvent(cancel)
        loop = asyncio.get_running_loop()
        # ``stop`` has the two methods of an Event that ``run_many`` uses (is_set, set).
        fut = loop.run_in_executor(None, self.run_many, jobs, cast(threading.Event, stop))
        try:
            return await asyncio.shield(fut)
        except asyncio.CancelledError:
            stop.set()
            try:
                await fut
            except (RunCancelled, Exception):
                pass
            raise

    def close(self) -> None:
        """Kill every session (idle or running) and stop the worker threads."""
        self._closed = True
        self._pool.close()
        with self._active_lock:
            active = list(self._active)
        for repl in active:
            repl.kill()  # the thread running it notices, reports RunCancelled and cleans up
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> DocTestRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals --------------------------------------------------------------------------------

    def _get_executor(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._active_lock:
            return self._executor_locked()

    def _executor_locked(self) -> concurrent.futures.ThreadPoolExecutor:
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(
                self.workers, thread_name_prefix="cdt-run"
            )
        return self._executor

    def _new_session(self, code: CodeUnderTest) -> ClangRepl:
        include_dirs = list(code.include_dirs)
        if code.text is not None and code.path:
            include_dirs.append(os.path.dirname(code.path))
        visible = [
            os.path.dirname(p)
            for p in (code.path, *code.headers, *code.libraries)
            if p and os.path.isabs(p)
        ]
        visible += [os.path.dirname(os.path.abspath(h)) for h in code.headers if os.path.exists(h)]
        visible += [os.path.dirname(os.path.abspath(lib)) for lib in code.libraries]
        visible += [os.path.abspath(d) for d in flag_dirs(code.flags) if d]
        return ClangRepl(
            self.toolchain,
            language=code.language,
            include_dirs=tuple(include_dirs),
            defines=code.defines,
            flags=code.flags,
            limits=self.limits,
            sandbox=self.sandbox,
            visible=tuple(visible),
        )

    def _acquire(
        self, code: CodeUnderTest, cancel: threading.Event | None
    ) -> tuple[ClangRepl | None, str | None]:
        repl = self._pool.take(code) if self.warm else None
        if repl is not None and repl.alive:
            self._track(repl, True)
            return repl, None
        if repl is not None:
            repl.close()
        private = loadable(code)
        lazy, names = compiled_on_use(private) if self.compile_on_use else (private, ())
        key = (code.path, names)
        if not names or self._lazy_loads.get(key) is False:
            return self._start(private, cancel)
        repl, error = self._start(lazy, cancel)
        if repl is not None or self._lazy_loads.get(key):  # loaded, or the code's own error
            self._lazy_loads[key] = True
            if repl is not None:
                repl.compiled_on_use = True
            return repl, error
        # Not loaded with its functions inline: as it is? Then that is how this code loads.
        plain, plain_error = self._start(private, cancel)
        if plain is not None:
            self._lazy_loads[key] = False
            first = (error or "").strip().splitlines()[:1]
            _log.info("functions not made inline: %s loads without but not with (%s)",
                      code.path or "the code", " ".join(first))  # fmt: skip
        return plain, plain_error

    def _start(
        self, private: CodeUnderTest, cancel: threading.Event | None
    ) -> tuple[ClangRepl | None, str | None]:
        """A new session with ``private`` (``loadable``'s copy) loaded, from the precompiled header
        where there is one; None and the diagnostics when the code does not load.
        """
        repl = self._new_session(private)
        pch = self._precompiled_header(private, repl.compile_args) if self.reuse_compiled else None
        if pch is None:
            return self._open(repl, private, cancel)
        repl.precompiled = pch
        try:
            opened, error = self._open(repl, private, cancel)
        except ReplSetupError as exc:
            self._pch_loads[pch] = False
            self._note(pch, f"the session did not start with it ({exc.message})")
            return self._open(self._new_session(private), private, cancel)
        if opened is not None:
            self._pch_loads[pch] = True
            return opened, error
        if self._pch_loads.get(pch):  # the code's own error: it loaded with this header before
            return None, error
        # The code did not load with the header: does it load without? Then the header is at fault
        # (e.g. a header of the file without include guards) and is not used for this file again.
        plain, plain_error = self._open(self._new_session(private), private, cancel)
        if plain is not None:
            self._pch_loads[pch] = False
            first = (error or "").strip().splitlines()[:1]
            self._note(pch, f"the code loads without it but not with it ({' '.join(first)})")
        return plain, plain_error

    def _open(
        self,
        repl: ClangRepl,
        code: CodeUnderTest,
        cancel: threading.Event | None,
        save: bool = True,
    ) -> tuple[ClangRepl | None, str | None]:
        """Start ``repl`` and load ``code``: the ready session, or None and the diagnostics.
        ``save``: save the code's file-scope state for reuse where it may (``_save_state``).
        """
        self._track(repl, True)
        try:
            repl.start(cancel)
            error = self._load(repl, code, cancel)
        except ReplCancelled as exc:
            self._track(repl, False)
            repl.close()
            raise RunCancelled("cancelled") from exc
        except ReplSetupError:
            self._track(repl, False)
            repl.close()
            raise
        except ReplError as exc:
            error = f"loading the code under test failed: {exc.message}\n{exc.stderr}".strip()
        if error is not None:
            self._track(repl, False)
            repl.close()
            return None, error
        if save and self.warm and self.reuse_compiled and not self._save_state(repl, code, cancel):
            self._track(repl, False)  # the session died saving: a new one, without saving
            again = self._new_session(code)
            again.precompiled = repl.precompiled
            return self._open(again, code, cancel, save=False)
        repl.checkpoint()
        return repl, None

    def _save_state(
        self, repl: ClangRepl, code: CodeUnderTest, cancel: threading.Event | None
    ) -> bool:
        """For C code whose only state is file-scope variables, save them (``snapshot``) so that
        the session can be restored and reused; nothing when that does not apply or fails. False
        when the session died doing it.
        """
        if not code_is_stateful(code):
            return True
        names = state_variables(code)
        if names is None:
            return True
        deadline = time.monotonic() + self.limits.setup_timeout_s
        try:
            r = repl.send(save_input(names), deadline=deadline, cancel=cancel)
        except ReplCancelled as exc:
            self._track(repl, False)
            raise RunCancelled("cancelled") from exc
        except ReplError:
            return False
        if r.status == "ok" and not (r.output or r.stderr.strip()):
            repl.restore = RESTORE
        return True

    def _precompiled_header(self, code: CodeUnderTest, args: list[str]) -> str | None:
        """The cached precompiled header for sessions of ``code`` (the prelude's headers, then the
        file's leading ``#include`` lines), or None (the reason logged once) when there is none.
        """
        text = code.source_text()
        if text is None and code.path is not None:
            return None  # unreadable: _load reports it
        header = prelude_includes(code.language)
        directory = os.path.dirname(code.path) if code.path else ""
        if text is not None and code.path is not None:
            header += prefix_includes(text)
        try:
            pch = precompile(self.toolchain, code.language, tuple(args), header, directory)
        except PrecompileError as exc:
            self._note(header, str(exc))
            return None
        return None if self._pch_loads.get(pch) is False else pch

    def _note(self, key: str, reason: str) -> None:
        """Log, once per header, why sessions start without a precompiled header (``-v``)."""
        if key not in self._pch_noted:
            self._pch_noted.add(key)
            _log.info("precompiled header not used: %s", reason)

    def _load(
        self, repl: ClangRepl, code: CodeUnderTest, cancel: threading.Event | None
    ) -> str | None:
        """Make the code under test available; the diagnostics text if it does not load.

        Libraries are loaded first, so that the file's static initialisers can call into them (its
        own definitions still win over theirs). A library the sandbox user cannot read where it is
        (a cache under a private home) is loaded from a copy in the private directory.
        """
        lines: list[str] = []
        for lib in code.libraries:
            lib = os.path.abspath(lib)
            lines += renamed_symbols(lib)
            if self.sandbox.drop_to_nobody and not reachable_by(lib):
                assert repl.workdir is not None
                copy = os.path.join(repl.workdir.path, f"lib{len(lines)}_" + os.path.basename(lib))
                try:
                    shutil.copyfile(lib, copy)
                except OSError as exc:
                    return f"cannot read {lib}: {exc}"
                os.chmod(copy, 0o755)
                lib = copy
            lines.append(f"%lib {lib}")
        if (
            code.text is None
            and code.path is not None
            and self.sandbox.drop_to_nobody
            and not reachable_by(code.path)
        ):
            # The sandbox user cannot read the file where it is: load a copy of its text from the
            # private directory instead (relative includes still resolve via include_dirs where
            # that user can reach them).
            try:
                with open(code.path, encoding="utf-8", errors="surrogateescape") as f:
                    code = dataclasses.replace(code, text=f.read())
            except OSError as exc:
                return f"cannot read {code.path}: {exc}"
        if code.text is not None:
            assert repl.workdir is not None
            ext = ".c" if code.language == "c" else ".cpp"
            name = os.path.join(repl.workdir.path, "code_under_test" + ext)
            with open(name, "w") as f:
                f.write(code.text)
            lines.append(f'#include "{name}"')
        elif code.path is not None:
            lines.append(f'#include "{code.path}"')
        for header in code.headers:
            h = os.path.abspath(header) if os.path.exists(header) else header
            lines.append(f'#include "{h}"' if os.path.exists(header) else f"#include <{h}>")
        deadline = time.monotonic() + self.limits.setup_timeout_s
        for line in lines:
            r = repl.send(line, deadline=deadline, cancel=cancel)
            if r.status != "ok" or (line.startswith("%lib") and r.stderr.strip()):
                return r.stderr.strip() or f"clang-repl rejected: {line}"
        repl.dirty = False  # %lib is a trusted setup command
        if code.prelude.strip():
            e = repl.execute(code.prelude, deadline=deadline, cancel=cancel)
            if e.status != "ok":
                return e.stderr.strip() or "the prelude did not compile"
        return None

    def _release(
        self, code: CodeUnderTest, repl: ClangRepl, test: DocTest, cancel: threading.Event | None
    ) -> None:
        self._track(repl, False)
        repl.uses += 1
        reusable = (
            self.warm
            and not self._closed
            and repl.alive
            and not repl.dirty
            and repl.uses < MAX_USES
            and repl.busy_s < self.limits.cpu_s / 2  # stay clear of the session's RLIMIT_CPU
            and not (cancel is not None and cancel.is_set())
            and not leaves_state(code, [ex.source for ex in test.examples])
            and (bool(repl.restore) or not code_is_stateful(code))
        )
        if reusable and repl.rollback(cancel) and self._restored(repl, cancel):
            self._pool.give(code, repl)
        else:
            repl.close()

    def _restored(self, repl: ClangRepl, cancel: threading.Event | None) -> bool:
        """Put the code under test's saved state back (``snapshot``), when the session has one."""
        if not repl.restore:
            return True
        try:
            r = repl.send(repl.restore, deadline=time.monotonic() + self.limits.setup_timeout_s,
                          cancel=cancel)  # fmt: skip
        except ReplError:
            return False
        if r.status != "ok" or r.output or r.stderr.strip():
            repl.close()
            return False
        repl.checkpoint()
        return True

    def _track(self, repl: ClangRepl, active: bool) -> None:
        with self._active_lock:
            if active:
                self._active.add(repl)
            else:
                self._active.discard(repl)

    def _run_examples(
        self, repl: ClangRepl, test: DocTest, cancel: threading.Event | None
    ) -> list[ExampleResult]:
        results: list[ExampleResult] = []
        deadline = time.monotonic() + self.limits.timeout_s
        examples = list(test.examples)
        for i, ex in enumerate(examples):
            t0 = time.monotonic()
            try:
                e = repl.execute(ex.source, deadline=deadline, cancel=cancel)
            except ReplCancelled as exc:
                raise RunCancelled("cancelled") from exc
            except ReplError as exc:
                if self._closed:
                    raise RunCancelled("the runner was closed") from exc
                outcome = {
                    ReplTimeout: Outcome.TIMEOUT,
                    ReplCrashed: Outcome.CRASH,
                    ReplOutputLimit: Outcome.OUTPUT_LIMIT,
                }.get(type(exc), Outcome.CRASH)
                got = exc.output[:2000] if outcome is not Outcome.OUTPUT_LIMIT else ""
                results.append(ExampleResult(ex, outcome, _clean(got), _clean(exc.stderr)[-4000:],
                                             exc.message, time.monotonic() - t0))  # fmt: skip
                skipped = f"not run: the session ended ({exc.message}) at the previous example"
                results += [
                    ExampleResult(later, Outcome.SKIPPED, message=skipped)
                    for later in examples[i + 1 :]
                ]
                break
            dt = time.monotonic() - t0
            if e.status != "ok":
                first = next(
                    (ln for ln in e.stderr.splitlines() if "error" in ln),
                    "clang-repl rejected the input",
                )
                results.append(
                    ExampleResult(ex, Outcome.COMPILE_ERROR, e.got, e.stderr, first.strip(), dt)
                )
                continue
            ok = self.checker.check(ex.want, e.got, ex.options) or (
                e.raw != e.got and self.checker.check(ex.want, e.raw, ex.options)
            )
            message = "" if ok else self.checker.difference(ex.want, e.got, ex.options)
            results.append(
                ExampleResult(
                    ex, Outcome.PASSED if ok else Outcome.FAILED, e.got, e.stderr, message, dt
                )
            )
        return results


def _clean(text: str) -> str:
    return re.sub("[\x1e\x1f][0-9a-f]{12}(?::\\d+)?[\x1e\x1f]\n?", "", text)
