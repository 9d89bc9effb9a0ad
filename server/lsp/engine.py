"""The one adapter between the language server and the rest of the project.

Everything the server needs from the generation pipeline (``server.generate.generator.Generator``)
and the runner (``cdoctest_runner.finder`` / ``cdoctest_runner.runner``) goes through ``Engine``, so
a change
of their API is a one-place fix. All methods block (libclang, llama.cpp, clang-repl): the server
calls them from its executors, never on the event loop. Imports of the heavy modules are lazy, so
the server starts (and answers ``initialize``) even when they are missing or broken; the error then
surfaces as ``EngineError`` with a message for the user.

Caching: one parse per document version (``functions`` and ``doctests``; the newest version of each
URI is kept). ``functions`` keeps each document's libclang translation unit and reparses it after
an edit (``cdoctest_runner.clang.Reparser``: the includes are compiled once, into a precompiled
preamble), so a code action after an edit waits for the edited code only; an edit strictly
inside one function body, or inside one comment (a file's leading comment: inside the preamble,
which a reparse would rebuild), needs no parse at all (``server.lsp.listing``: the list is the
last one, moved by the lines the edit added or removed). The environment variable
``CDOCTEST_LSP_PREAMBLE`` turns these off for comparison: ``0`` a full parse per version (as
before), ``reparse`` the reparse without these edit checks.
``Engine`` is immutable per ``Settings``: a settings change builds a new one.

Whose the blocks are: both generators (listing and generating) read and write the default record
of the tool's blocks (``server.ownership.BlockStore.default()``, shared with ``cdoctest-gen``),
and look the blocks up in the text they are given, unsaved edits included; ``block_problems``
says what went wrong with that record.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.example import DocTest
from cdoctest_runner.results import DocTestResult
from server.api import (
    FileResult,
    FunctionInfo,
    PhaseCallback,
    ProgressCallback,
    SourceOptions,
    TargetSelector,
)
from server.lsp.settings import Settings

log = logging.getLogger(__name__)


class EngineError(Exception):
    """A set-up problem (no clang-repl, no model, unparseable file ...); message for the user."""


class GenerationCancelledError(EngineError):
    """The generation was cancelled; nothing was produced."""


class Engine:
    """Generation, function listing and test runs for one ``Settings``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._generator: Any = None
        self._runner: Any = None  # runs the document's blocks (test executor)
        self._gen_runner: Any = (
            None  # verifies candidates (generate executor): runners are not shared across threads
        )
        self._functions: dict[str, tuple[tuple[int, str], list[FunctionInfo]]] = {}
        self._doctests: dict[str, tuple[tuple[int, str, str], list[DocTest]]] = {}
        self._logged_flags: set[str] = set()
        self._closed = False
        self._lister: Any = None
        self._reparser: Any = None  # cdoctest_runner.clang.Reparser, made on first listing
        self._paths: dict[str, str] = {}  # uri -> path its translation unit is kept under
        self._listed: dict[str, str] = {}  # uri -> the text its cached functions were listed for
        self._blocks: Any = None  # server.ownership.BlockStore, made on first use

    # -- construction of the project's objects (lazy) -------------------------------------------

    def _make_runner(self, workers: int) -> Any:
        try:
            from cdoctest_runner.runner import DocTestRunner, Limits
            from cdoctest_runner.toolchain import find_clang_repl

            toolchain = find_clang_repl(self.settings.runner.clang_repl or None)
            limits = Limits(timeout_s=self.settings.runner.timeout)
            return DocTestRunner(toolchain=toolchain, limits=limits, workers=workers)
        except CdoctestError as exc:
            raise EngineError(str(exc)) from exc
        except ImportError as exc:
            raise EngineError(f"the cdoctest runner is not available: {exc}") from exc

    def _check_open(self) -> None:
        # Called with the lock held: after close() nothing may start new interpreters or a model.
        if self._closed:
            raise EngineError("the server is shutting down")

    def _runner_obj(self) -> Any:
        with self._lock:
            self._check_open()
            if self._runner is None:
                self._runner = self._make_runner(workers=1)
            return self._runner

    def _generator_obj(self) -> Any:
        with self._lock:
            self._check_open()
            if self._gen_runner is None:
                from cdoctest_runner.sessions import default_workers

                self._gen_runner = self._make_runner(workers=default_workers())
            runner = self._gen_runner
        with self._lock:
            self._check_open()
            if self._generator is None:
                try:
                    from server.generate.generator import Generator
                except ImportError as exc:
                    raise EngineError(f"the generation pipeline is not available: {exc}") from exc
                s = self.settings
                self._generator = Generator(
                    model_config=s.model_config(),
                    options=s.generate_options(),
                    source_options=self._source_options(),
                    runner=runner,
                    blocks=self._block_store(),
                )
            return self._generator

    def _block_store(self) -> Any:
        # Called with the lock held: one record of the tool's blocks for both generators.
        if self._blocks is None:
            from server.ownership import BlockStore

            self._blocks = BlockStore.default()
        return self._blocks

    def block_problems(self) -> list[str]:
        """What went wrong with the record of the tool's blocks (``server.ownership``)."""
        return self._blocks.problems() if self._blocks is not None else []

    def _source_options(self) -> SourceOptions:
        """``Settings.source_options`` with ``cdoctest.build.libraries`` as the files sessions
        load (``-lNAME`` looked up: ``libraries.resolve_library``); ``EngineError`` names an
        entry that is not found. Generation, its warm sessions and test runs load the same ones.
        """
        from cdoctest_runner.libraries import resolve_library

        try:
            libraries = tuple(resolve_library(e) for e in self.settings.build.libraries)
        except CdoctestError as exc:
            raise EngineError(f"cdoctest.build.libraries: {exc}") from exc
        return dataclasses.replace(self.settings.source_options(), libraries=libraries)

    def flags(self, path: str) -> list[str]:
        """Compiler flags for ``path`` (compile_commands.json, then the extra flags).

        The first time a file's flags are computed, one info line says which flags it got and
        from where (the output channel a user attaches to a report).
        """
        from cdoctest_runner.flags import compile_flags

        b = self.settings.build
        flags = list(compile_flags(path, compile_db_dir=b.compile_commands_dir or None))
        extra = [f for f in b.extra_flags if f not in flags]
        if path not in self._logged_flags:
            self._logged_flags.add(path)
            origin = flags_origin(b.compile_commands_dir, bool(flags), bool(extra))
            log.info("flags for %s: %s (%s)", path, " ".join(flags + extra) or "none", origin)
        return flags + extra

    def prewarm(self, path: str, text: str, sessions: int) -> int:
        """Start up to ``sessions`` interpreters holding this text, for the next generation.

        They are the sessions the generation's verification runner takes first (same code under
        test: ``server.analysis.locate.load_source(...).code_under_test()`` with the
        undefined-behaviour traps candidates are verified with,
        ``server.judge.verify.with_ub_traps``), so the first generation of an opened file does not
        wait for clang-repl to start and load the file. Returns how many sessions were started (0
        when the code keeps process state, which is never reused warm).
        """
        if sessions <= 0:
            return 0
        self._generator_obj()  # builds the verification runner (no model is loaded here)
        with self._lock:
            self._check_open()
            runner = self._gen_runner
        try:
            from cdoctest_runner.example import Example
            from cdoctest_runner.runner import examples_doctest
            from server.analysis.locate import load_source
            from server.judge.verify import with_ub_traps

            code = with_ub_traps(load_source(path, text, self._source_options()).code_under_test())
            probe = examples_doctest([Example("(void)0;")], name="warm-up")
            n = max(1, min(sessions, runner.workers))
            results = runner.run_many([(probe, code)] * n)
        except CdoctestError as exc:
            raise EngineError(str(exc)) from exc
        return sum(1 for r in results if r.setup_error is None)

    # -- the operations the server uses ------------------------------------------------------

    def functions(self, uri: str, version: int | None, path: str, text: str) -> list[FunctionInfo]:
        """Return the functions of one document version (cached: listing must be cheap). One
        debug line says whether it was parsed (and in how long) or kept without a parse.
        """
        key = _key(version, text)
        cached = self._functions.get(uri)
        if cached is not None and cached[0] == key:
            return cached[1]
        moved = self._relisted(uri, text, cached[1]) if cached is not None else None
        if moved is not None:
            log.debug(
                "listing %s version %s: no parse (an edit in a body or a comment)", path, version
            )
            self._functions[uri] = (key, moved)
            self._listed[uri] = text
            return moved
        gen = self._generator_for_listing()
        started = time.monotonic()
        try:
            found = list(gen.list_functions(path, text, reparser=self._reparser_for(uri, path)))
        except CdoctestError as exc:
            raise EngineError(str(exc)) from exc
        log.debug(
            "listing %s version %s: parsed in %.0f ms",
            path,
            version,
            (time.monotonic() - started) * 1000,
        )
        self._functions[uri] = (key, found)
        self._listed[uri] = text
        return found

    def _relisted(
        self, uri: str, text: str, found: list[FunctionInfo]
    ) -> list[FunctionInfo] | None:
        """``uri``'s functions after an edit strictly inside one body or one comment, without a
        parse (``server.lsp.listing``); None for any other edit, or when turned off.
        """
        old = self._listed.get(uri)
        if old is None or os.environ.get("CDOCTEST_LSP_PREAMBLE", "1") != "1":
            return None
        from server.lsp.listing import relisted

        owns = self._blocks.owns if self._blocks is not None else None  # made with the listing
        return relisted(old, text, found, owns)

    def _reparser_for(self, uri: str, path: str) -> Any:
        """The reparser that keeps ``uri``'s translation unit (None when turned off)."""
        if os.environ.get("CDOCTEST_LSP_PREAMBLE", "1") == "0":
            return None
        with self._lock:
            if self._reparser is None:
                from cdoctest_runner.clang import Reparser

                self._reparser = Reparser()
            old = self._paths.get(uri)
            if old is not None and old != path:
                self._reparser.forget(old)
            self._paths[uri] = path
            return self._reparser

    def _generator_for_listing(self) -> Any:
        # Listing needs no model and no clang-repl: a Generator of its own that never generates,
        # so code actions appear even when clang-repl or the model is missing.
        with self._lock:
            self._check_open()
            if self._lister is None:
                try:
                    from server.generate.generator import Generator
                except ImportError as exc:
                    raise EngineError(f"the generation pipeline is not available: {exc}") from exc
                self._lister = Generator(
                    source_options=self.settings.source_options(), blocks=self._block_store()
                )
            return self._lister

    def generate(
        self,
        path: str,
        text: str,
        selector: TargetSelector,
        progress: ProgressCallback | None,
        cancel: threading.Event,
        on_phase: PhaseCallback | None = None,
        force: bool = False,
    ) -> FileResult:
        """Run the pipeline (``on_phase``: each phase's blocks, see ``server.generate.generator``;
        ``force``: replace a block of the user's); raises ``GenerationCancelledError`` or
        ``EngineError``.
        """
        gen = self._generator_obj()
        from server.analysis.locate import TargetNotFound
        from server.api import GenerationCancelled

        try:
            result: FileResult = gen.generate(
                path,
                text,
                selector,
                progress=progress,
                cancel=cancel,
                on_phase=on_phase,
                force=force,
            )
            return result
        except GenerationCancelled as exc:
            raise GenerationCancelledError("generation cancelled") from exc
        except CdoctestError as exc:
            if cancel.is_set():  # e.g. the runner's RunCancelled
                raise GenerationCancelledError("generation cancelled") from exc
            raise EngineError(str(exc)) from exc
        except TargetNotFound as exc:
            raise EngineError(str(exc)) from exc
        except Exception as exc:  # the model or llama.cpp failing: report, keep serving
            if cancel.is_set():
                raise GenerationCancelledError("generation cancelled") from exc
            from models.api import ModelError

            if isinstance(exc, ModelError):
                raise EngineError(f"the model could not be used: {exc}") from exc
            raise

    def doctests(
        self, uri: str, version: int | None, path: str, text: str, root: str | None = None
    ) -> list[DocTest]:
        """Return the cdoctest blocks of one document version (cached), named relative to
        ``root`` (the workspace folder holding the file; None: the working directory).
        """
        key = (*_key(version, text), root or "")
        cached = self._doctests.get(uri)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            from cdoctest_runner.finder import find_doctests

            tests = list(find_doctests(path, text, self.flags(path), root=root))
        except CdoctestError as exc:
            raise EngineError(str(exc)) from exc
        self._doctests[uri] = (key, tests)
        return tests

    def run_tests(
        self, path: str, text: str, tests: Sequence[DocTest], cancel: threading.Event
    ) -> list[DocTestResult]:
        """Run blocks against the document text (the unsaved buffer is what runs)."""
        if not tests:
            return []
        runner = self._runner_obj()
        try:
            from cdoctest_runner.flags import code_under_test
            from cdoctest_runner.libraries import libraries_for

            build_dir = self.settings.build.compile_commands_dir or None
            # the rest of the file's project when built, then cdoctest.build.libraries
            link = libraries_for(path, build_dir, self._source_options().libraries)
            code = code_under_test(path, text, self.flags(path), link=link)
            return list(runner.run_many([(t, code) for t in tests], cancel=cancel))
        except CdoctestError as exc:
            raise EngineError(str(exc)) from exc

    def forget(self, uri: str) -> None:
        """Drop the caches of a closed document."""
        self._functions.pop(uri, None)
        self._doctests.pop(uri, None)
        self._listed.pop(uri, None)
        path = self._paths.pop(uri, None)
        if path is not None and self._reparser is not None:
            self._reparser.forget(path)

    def close(self) -> None:
        """Free the model and the warm interpreters.

        The model host (``models.host``) of this engine's generator is stopped too, so that a
        settings change to another model or adapter really frees the old one's memory (a new
        engine starts its host on first use).
        """
        with self._lock:
            self._closed = True
            if self._generator is not None:
                try:
                    self._generator.release_model()  # stops a model host: frees its memory
                except Exception:
                    log.exception("stopping the model host failed")
            for obj in (self._generator, self._lister, self._gen_runner, self._runner):
                close: Callable[[], None] | None = getattr(obj, "close", None)
                if close is not None:
                    try:
                        close()
                    except Exception:  # closing must not take the server down
                        log.exception("closing %r failed", obj)
            self._generator = self._lister = self._gen_runner = self._runner = None
            if self._reparser is not None:
                self._reparser.clear()  # the kept translation units (and their preambles)


def flags_origin(db_dir: str, from_db: bool, extra: bool) -> str:
    """Where a file's flags came from, for the log line of ``Engine.flags``.

    >>> flags_origin("/w/build", True, False)
    'compile_commands.json in /w/build'
    >>> flags_origin("", False, True)
    'cdoctest.build.extraFlags only (no compile_commands.json set)'
    >>> flags_origin("/w/build", False, False)
    'no entry for the file in /w/build/compile_commands.json'
    """
    parts = []
    if from_db:
        parts.append(f"compile_commands.json in {db_dir}")
    elif db_dir:
        parts.append(f"no entry for the file in {db_dir}/compile_commands.json")
    if extra:
        parts.append("cdoctest.build.extraFlags")
    if not db_dir:
        return (
            parts[0] + " only (no compile_commands.json set)"
            if parts
            else "neither a compile_commands.json nor cdoctest.build.extraFlags set"
        )
    return " + ".join(parts)


def _key(version: int | None, text: str) -> tuple[int, str]:
    """Cache key of a document: its version, or its text when the client gives no version."""
    return (version, "") if version is not None else (-1, text)
