"""Whole-project runs: ``cdoctest-gen DIR`` or ``cdoctest-gen -p BUILD`` over many files.

    files = project_files(["src"], compile_db_dir=None)        # C/C++ files, in a stable order
    run = ProjectRun(generator, write=True, cache=ResultCache(default_cache_dir()), jobs=2)
    result = run.run(files, cancel=event, on_event=print)      # -> ProjectResult (summary inside)

Contract:

- **Which functions.** Those ``--all`` would pick (no cdoctest block, not ``main`` nor a test
  driver) that are defined in the file (a prototype in a header is left to the file defining
  it), plus a function whose *generated* block is stale: the cache saw it with other code. Whose
  a block is comes from ``blocks`` (``server.ownership``); a stale block that is the user's
  (edited, or written by hand) is kept, with a ``kept`` event saying so, unless the generator's
  options ask to replace the user's blocks (``--force``).
  A function is **cached** (not redone) when the cache holds a verified result for its key and a
  block is above it, or a ``no_test`` result for its key and no block is above it.
- **Key** (``function_keys``): the function's code (comments and spacing do not count, so its own
  block does not either), the code of the functions of its file it calls (transitively), the rest
  of the file outside every function, the project headers it includes (their contents), the
  file's path relative to the project root, and ``salt`` (options, model, source flags). Editing
  one function's body changes its key and its callers' keys, no other.
- **Parallel.** Functions run as separate ``Generator.generate`` calls on ``jobs`` threads; they
  share the generator's runners, whose worker threads bound the interpreters running at once.
  A file's blocks are merged (each edit was planned against the same text and final-checked in
  it) and the file is written **once, atomically** (``render.write_text_atomic``: a temporary
  sibling, then rename) when its last function is done, and only if it did not change on disk
  meanwhile.
- **Interrupt.** ``run`` catches ``KeyboardInterrupt`` (Ctrl-C): it sets ``cancel``, waits for
  the running functions to stop, writes nothing more and returns with ``interrupted`` set; files
  written before keep their whole blocks, the others are unchanged.
- The cache (``ResultCache``) is one small JSON file per entry, each written atomically, so an
  interrupted run never leaves a half-written entry; ``default_cache_dir()`` is
  ``$XDG_CACHE_HOME/cdoctest-gen/project`` (``~/.cache`` when unset).
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from server.analysis.locate import Located, load_source
from server.api import FileResult, FunctionResult, TargetSelector
from server.ownership import BlockStore, resolve
from server.project.cache import CacheEntry, Decision, ResultCache, decide, function_keys, stale
from server.render import apply_edits, read_text, write_text_atomic

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx", ".h++")
#: Why a function whose code changed keeps its block (the front end adds how to replace it).
USER_BLOCK = (
    "kept its cdoctest block although the code changed: the block is not the one cdoctest-gen "
    "wrote (edited, or written by hand)"
)


# -- which files -----------------------------------------------------------------------------------


def project_files(paths: Sequence[str], compile_db_dir: str | None = None) -> list[str]:
    """The C/C++ files of a project, absolute, without duplicates, in a stable order.

    A directory gives its C/C++ sources and headers (sorted; hidden directories and CMake build
    trees, those holding ``CMakeCache.txt``, are skipped); a file gives itself; no path at all
    gives every existing source of ``compile_db_dir/compile_commands.json``.
    """
    found: dict[str, None] = {}
    if not paths and compile_db_dir:
        from cdoctest_runner.flags import db_sources

        for f in db_sources(compile_db_dir):
            if os.path.isfile(f):
                found.setdefault(os.path.abspath(f), None)
    for p in paths:
        if os.path.isdir(p):
            for f in _walk(p):
                found.setdefault(f, None)
        else:
            found.setdefault(os.path.abspath(p), None)
    return list(found)


def _walk(top: str) -> Iterable[str]:
    for root, dirs, files in os.walk(os.path.abspath(top)):
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and not os.path.exists(os.path.join(root, d, "CMakeCache.txt"))
        )
        for name in sorted(files):
            if name.lower().endswith(SOURCE_SUFFIXES) and not name.startswith("."):
                yield os.path.join(root, name)


def project_root(files: Sequence[str], hint: str | None = None) -> str:
    """The directory project headers must lie under: ``hint``, else the files' common directory."""
    if hint:
        return os.path.abspath(hint)
    if not files:
        return os.getcwd()
    return os.path.commonpath([os.path.dirname(f) for f in files])


# -- keys ----------------------------------------------------------------------------------------


# -- the cache -----------------------------------------------------------------------------------


# -- the run -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProjectEvent:
    """A step of a project run, for progress displays.

    ``kind``: ``planned`` (``total`` functions to generate), ``function`` (one finished:
    ``path``, ``qualname``, ``status``; ``message`` why when it is ``error``), ``file`` (a file
    finished: ``written`` blocks, or ``message`` saying why not), ``skipped`` (a file that could
    not be parsed: ``message``), ``kept`` (a function whose code changed since its block was
    generated, kept because the block is the user's: ``path``, ``qualname``, ``message``).
    """

    kind: Literal["planned", "function", "file", "skipped", "kept"]
    path: str = ""
    qualname: str = ""
    status: str = ""
    total: int = 0
    written: int = 0
    message: str = ""


@dataclass(frozen=True)
class FunctionOutcome:
    """One function of the project: generated this run (``result``) or cached."""

    path: str
    qualname: str
    line: int
    decision: Decision
    status: str  # FunctionResult.status, or the cached entry's
    mutants_killed: int = 0
    mutants_total: int = 0
    result: FunctionResult | None = None
    error: str = ""  # why there is no result (status 'error')


@dataclass(frozen=True)
class FileOutcome:
    """One file: its functions, the new text (with the merged blocks) and whether it was written."""

    path: str
    text: str
    new_text: str
    functions: tuple[FunctionOutcome, ...]
    blocks: int  # blocks in new_text
    written: bool = False
    message: str = ""  # why a file was not processed or not written


@dataclass(frozen=True)
class ProjectSummary:
    """The end-of-run numbers (also the ``summary`` of ``--json``)."""

    files: int
    functions: int  # functions looked at (generated + cached + kept)
    generated: int
    cached: int
    kept: int
    verified: int  # generated this run with a verified block
    no_test: int
    blocks_written: int
    mutants_killed: int  # over the verified blocks, generated or cached
    mutants_total: int
    seconds: float
    interrupted: bool

    @property
    def mutation_score(self) -> float | None:
        """Killed / total mutants over the verified blocks; None without mutants."""
        return self.mutants_killed / self.mutants_total if self.mutants_total else None

    def as_dict(self) -> dict[str, Any]:
        """The fields and the mutation score, for JSON."""
        return {**self.__dict__, "mutation_score": self.mutation_score}


@dataclass(frozen=True)
class ProjectResult:
    """A whole run: one outcome per file (in the order given) and the summary."""

    files: tuple[FileOutcome, ...]
    summary: ProjectSummary


@dataclass
class _FilePlan:
    path: str
    text: str
    functions: list[Located]  # without their cursors: a plan does not keep the file's parse
    keys: list[str]
    decisions: list[Decision]
    kept_user_blocks: list[int] = field(default_factory=list)  # stale, but the user's: kept
    done: dict[int, FunctionResult | None] = field(default_factory=dict)
    errors: dict[int, str] = field(default_factory=dict)  # why a function has no result

    @property
    def todo(self) -> list[int]:
        return [i for i, d in enumerate(self.decisions) if d == "todo"]


class ProjectRun:
    """Generates over many files (see the module docstring); one instance per run."""

    def __init__(
        self,
        generator: Any,  # a server.generate.generator.Generator (loosely typed: tests pass a fake)
        *,
        write: bool,
        cache: ResultCache | None,
        jobs: int = 1,
        root: str | None = None,
        blocks: BlockStore | None = None,
    ) -> None:
        self.generator = generator
        self.write = write
        self.cache = cache
        self.jobs = max(1, jobs)
        self.root = root
        # Whose the blocks are (server.ownership); the generator's store, when it has one.
        self.blocks = blocks or getattr(generator, "blocks", None) or BlockStore(None)

    def salt(self) -> str:
        """What besides the code decides a result: options, fallback, source flags, the model.
        Not ``--force``: it decides which blocks are replaced, not what a result is (its key stays
        that of a run without it, so a forced run redoes only what it has to).
        """
        g = self.generator
        model = g.model_info()[0]
        options = dict(g.options.__dict__, replace_user_blocks=False)
        return json.dumps(
            [options, g.fallback, g.source_options.__dict__, model],
            sort_keys=True,
            default=str,
        )

    def plan(self, path: str, salt: str, root: str) -> _FilePlan:
        """Parse ``path`` and decide, per function, whether it is generated."""
        text = read_text(path)
        source = load_source(path, text, self.generator.source_options)
        resolve(source, self.blocks)
        keys = function_keys(source, salt, root)
        force = self.generator.options.replace_user_blocks
        pairs = list(zip(source.functions, keys, strict=True))
        decisions = [decide(f, k, path, self.cache, force=force) for f, k in pairs]
        kept = [
            i
            for i, ((f, k), d) in enumerate(zip(pairs, decisions, strict=True))
            if d == "kept"
            and f.block is not None
            and f.block.has_prompts
            and not f.block.generated
            and stale(f, k, path, self.cache)
        ]
        # Drop the cursors: they keep the translation unit (and its headers) alive, and a
        # project run plans every file before generating.
        functions = [replace(f, cursor=None, parent_cursor=None) for f in source.functions]
        return _FilePlan(path, text, functions, keys, decisions, kept)

    def run(
        self,
        files: Sequence[str],
        *,
        cancel: threading.Event | None = None,
        on_event: Callable[[ProjectEvent], None] | None = None,
    ) -> ProjectResult:
        """Generate for every file (see the module docstring); never raises on Ctrl-C."""
        started = time.monotonic()
        cancel = cancel or threading.Event()
        emit = on_event or (lambda e: None)
        root = project_root(files, self.root)
        outcomes: list[FileOutcome] = []
        plans: list[_FilePlan] = []
        interrupted = False
        pool = concurrent.futures.ThreadPoolExecutor(self.jobs, thread_name_prefix="cdt-project")
        try:
            salt = self.salt()
            for path in files:
                try:
                    plans.append(self.plan(path, salt, root))
                except Exception as exc:  # a file that cannot be read or parsed is skipped
                    emit(ProjectEvent("skipped", path=path, message=str(exc)))
                    outcomes.append(FileOutcome(path, "", "", (), 0, message=str(exc)))
            for p in plans:
                for i in p.kept_user_blocks:
                    name = p.functions[i].declaration.qualname
                    emit(ProjectEvent("kept", path=p.path, qualname=name, message=USER_BLOCK))
            emit(ProjectEvent("planned", total=sum(len(p.todo) for p in plans)))
            # Touch the runners once here: their lazy creation is not meant to race.
            _ = self.generator.runner, self.generator.mutation_runner
            futures: dict[concurrent.futures.Future[FileResult], tuple[_FilePlan, int]] = {}
            for p in plans:
                for i in p.todo:
                    selector = TargetSelector(line=p.functions[i].start_line)
                    fut = pool.submit(
                        self.generator.generate, p.path, p.text, selector, cancel=cancel
                    )
                    futures[fut] = (p, i)
            for p in plans:
                if not p.todo:
                    outcomes.append(self._finish(p, emit))
            for fut in concurrent.futures.as_completed(futures):
                p, i = futures[fut]
                got, error = self._function_result(fut, p, i)
                p.done[i] = got
                if error:
                    p.errors[i] = error
                emit(
                    ProjectEvent(
                        "function",
                        path=p.path,
                        qualname=p.functions[i].declaration.qualname,
                        status=got.status if got is not None else "error",
                        message=error,
                    )
                )
                if len(p.done) == len(p.todo):
                    outcomes.append(self._finish(p, emit))
        except KeyboardInterrupt:
            interrupted = True
            cancel.set()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        finished = {o.path for o in outcomes}
        for p in plans:
            if p.path not in finished:  # interrupted before its last function: left unchanged
                outcomes.append(FileOutcome(p.path, p.text, p.text, (), 0, message="interrupted"))
        order = {f: n for n, f in enumerate(files)}
        outcomes.sort(key=lambda o: order.get(o.path, len(order)))
        return ProjectResult(
            tuple(outcomes), self._summary(outcomes, time.monotonic() - started, interrupted)
        )

    def _function_result(
        self, fut: concurrent.futures.Future[FileResult], p: _FilePlan, i: int
    ) -> tuple[FunctionResult | None, str]:
        """The function's result, or None and why (its generation raised or missed it)."""
        want = p.functions[i].declaration
        try:
            result = fut.result()
        except Exception as exc:  # cancelled, a model that cannot load, a broken file ...
            return None, f"{type(exc).__name__}: {exc}"
        hits = [r for r in result.functions if r.function.line == want.line]
        if len(hits) == 1:
            return hits[0], ""
        return None, f"no result for {want.qualname} at line {want.line}"

    def _finish(self, p: _FilePlan, emit: Callable[[ProjectEvent], None]) -> FileOutcome:
        """Merge the file's blocks, write it (once, atomically) and record the results."""
        funcs: list[FunctionOutcome] = []
        edits = []
        for i, (f, key, decision) in enumerate(zip(p.functions, p.keys, p.decisions, strict=True)):
            d = f.declaration
            if decision == "todo":
                r = p.done.get(i)
                status = r.status if r is not None else "error"
                killed, total = (r.mutants_killed, r.mutants_total) if r is not None else (0, 0)
                if r is not None and r.edit is not None:
                    edits.append(r.edit)
                funcs.append(
                    FunctionOutcome(
                        p.path,
                        d.qualname,
                        d.line,
                        decision,
                        status,
                        killed,
                        total,
                        r,
                        p.errors.get(i, ""),
                    )
                )
            elif decision == "cached":
                entry = self.cache.get(key) if self.cache is not None else None
                e = entry or CacheEntry("verified", d.qualname)
                funcs.append(
                    FunctionOutcome(
                        p.path,
                        d.qualname,
                        d.line,
                        decision,
                        e.status,
                        e.mutants_killed,
                        e.mutants_total,
                    )
                )
            else:
                funcs.append(FunctionOutcome(p.path, d.qualname, d.line, decision, "kept"))
        new_text = apply_edits(p.text, edits) if edits else p.text
        written, message = False, ""
        if self.write and edits:
            if read_text(p.path) != p.text:
                message = "changed while generating; not written"
            else:
                write_text_atomic(p.path, new_text)
                written = True
        if self.cache is not None:
            self._record(p, written)
        emit(
            ProjectEvent("file", path=p.path, written=len(edits) if written else 0, message=message)
        )
        return FileOutcome(p.path, p.text, new_text, tuple(funcs), len(edits), written, message)

    def _record(self, p: _FilePlan, written: bool) -> None:
        """Cache the file's new results: ``no_test`` always, ``verified`` once its block is in
        the file (written), and the key each function was seen with.
        """
        assert self.cache is not None
        for i, r in p.done.items():
            if r is None or r.status not in ("verified", "no_test"):
                continue
            if r.status == "verified" and not written:
                continue
            f, key = p.functions[i], p.keys[i]
            self.cache.put(
                key, CacheEntry(r.status, f.declaration.qualname, r.mutants_killed, r.mutants_total)
            )
            self.cache.set_last_key(p.path, f, key)

    def _summary(
        self, outcomes: Sequence[FileOutcome], seconds: float, interrupted: bool
    ) -> ProjectSummary:
        funcs = [f for o in outcomes for f in o.functions]
        verified = [f for f in funcs if f.status == "verified" and f.decision != "kept"]
        return ProjectSummary(
            files=len(outcomes),
            functions=len(funcs),
            generated=sum(1 for f in funcs if f.decision == "todo"),
            cached=sum(1 for f in funcs if f.decision == "cached"),
            kept=sum(1 for f in funcs if f.decision == "kept"),
            verified=sum(1 for f in funcs if f.decision == "todo" and f.status == "verified"),
            no_test=sum(1 for f in funcs if f.status == "no_test"),
            blocks_written=sum(o.blocks for o in outcomes if o.written),
            mutants_killed=sum(f.mutants_killed for f in verified),
            mutants_total=sum(f.mutants_total for f in verified),
            seconds=seconds,
            interrupted=interrupted,
        )
