"""The generation pipeline: a C/C++ function in, a verified cdoctest block (as a text edit) out.

``Generator.generate`` runs in two phases (``server.generate.phases``), each a chain of the steps of
``server.generate.steps``::

    locate -> context -> (per function)
      phase 1 (first block, fast):  the project's own calls (server.analysis.usage) +
                                    documented calls + fallback (type values, API sequences)
                                    -> verify -> pool -> select (mutation) -> render
                                    -> final check (server.judge.final_check)  => PhaseResult(1)
      phase 2 (stronger block):     input search for the survivors -> model candidates (only
                                    while killable mutants survive) -> verify -> pool -> select
                                    -> measure -> render -> final check  => PhaseResult(2)

Phase 2 replaces a function's phase-1 block only with one that kills more mutants; its result is
the whole file again. ``GenerateOptions.quick`` stops after phase 1; ``single_phase`` (and
``fallback='never'``) run today's one chain instead (model, fallback, search pooled before one
selection; ``phases.run_single_phase``), delivered once as phase 2.

Contract (used by ``server/cli.py`` and the language server):

- ``Generator(model_config=None, options=GenerateOptions(), source_options=SourceOptions(),
  runner=None, backend=None)``: the model is loaded on first use (``models.load_backend``) and kept
  warm (in ``models``' cache, so ``close()`` leaves it loaded); a given ``runner`` is used as is and
  not closed by ``close()``.
- ``blocks``: the ``server.ownership.BlockStore`` that says which blocks above the functions are
  the tool's (only those are replaced, unless ``options.replace_user_blocks`` or ``force``) and
  records every block the generator hands out; default ``BlockStore(None)``: nothing on record,
  only the blocks of older versions (their ``cdoctest-gen:`` line) count as the tool's. The
  front ends pass ``BlockStore.default()``.
- ``list_functions(path, text) -> list[FunctionInfo]``: fast, no model, no clang-repl.
- ``generate(path, text, selector, *, progress=None, cancel=None, on_phase=None, source=None,
  force=False) -> FileResult``: never writes files (only ``blocks``' records); ``source``: the
  file already parsed by ``load_source(path, text, source_options)`` (the CLI parses it for its
  diagnostics first), else it is parsed here; ``force``: replace the user's blocks this time;
  ``on_phase`` gets each phase's ``PhaseResult`` as soon as it is final-checked (from the
  generating thread); the return value is the last phase's file result.
  ``FileResult.new_text`` is ``text`` with the edits applied, and only blocks that passed the final
  check (two runs in that text) are in it. ``FileResult.timings`` has ``first_block`` and (unless
  quick) ``final``: seconds from the start to each phase's result. Raises ``GenerationCancelled``
  when ``cancel`` is set (nothing is returned, so nothing is inserted), ``TargetNotFound`` when the
  selector names nothing, ``SourceParseError`` when libclang cannot parse at all,
  ``ToolchainNotFound`` without clang-repl and ``models.api.ModelError`` when the model cannot be
  loaded. A model that fails while running (``ModelError`` from sampling, e.g. the model host
  crashed: ``models.errors.ModelRuntimeError``, also when it dies while loading) costs only that
  function its model candidates, and ``message`` says ``model failed: <the error>``.
- One pool: the model's verified examples, the no-model fallback's (``server.candidates.by_type``)
  and the calls the function's documentation states (``server.analysis.documentation``,
  ``server.candidates.documentation.doc_candidates``) are pooled, and mutation analysis (classic and
  realistic mutants) picks the examples that kill the most, whoever wrote them.
  ``FunctionResult.surviving_mutants`` lists what the block still does not catch; ``origin`` and
  ``message`` say whose examples were kept; ``phase`` which phase found the block. The keyword-only
  ``fallback``: ``'auto'`` (default) and ``'combine'`` do the above; ``'never'`` uses the model
  alone (no fallback, no documented calls, no search).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from cdoctest_runner.mutation.mutate import MUTANT_TIMEOUT_S
from cdoctest_runner.protocol import Runner
from models.api import Backend, ModelConfig, ModelInfo
from server.analysis.locate import Located, SourceFile, TargetNotFound, load_source, select_targets
from server.api import (
    FileResult,
    FunctionInfo,
    FunctionResult,
    GenerateOptions,
    GenerationCancelled,
    PhaseCallback,
    PhaseResult,
    ProgressCallback,
    SourceOptions,
    TargetSelector,
    check_cancel,
)
from server.generate import phases
from server.generate.budget import Reporter
from server.generate.job import Job, prepare, usage_root
from server.generate.steps import MAX_ATTEMPTS, Steps
from server.judge.final_check import final_check
from server.judge.runners import Retrying, Runners
from server.ownership import BlockStore, resolve
from server.render import Plan, apply_edits, block_style, newline_of

__all__ = ["MAX_ATTEMPTS", "GenerationCancelled", "Generator", "TargetNotFound"]

FALLBACK_MODES = ("auto", "combine", "never")
DEFAULT_OPTIONS = GenerateOptions()
DEFAULT_SOURCE_OPTIONS = SourceOptions()


@dataclass(frozen=True)
class _Run:
    """One ``generate`` call: the parsed file, its targets and how blocks are written in it."""

    source: SourceFile
    targets: tuple[Located, ...]
    style: str
    newline: str
    started: float  # time.monotonic() when the call started
    options: GenerateOptions  # the generator's, with replace_user_blocks when forced


class Generator:
    """Generates verified cdoctest blocks; keeps the model and interpreters warm between calls."""

    def __init__(
        self,
        model_config: ModelConfig | None = None,
        options: GenerateOptions = DEFAULT_OPTIONS,
        source_options: SourceOptions = DEFAULT_SOURCE_OPTIONS,
        runner: Runner | None = None,
        backend: Backend | None = None,
        *,
        fallback: str = "auto",
        own_runner: bool | None = None,
        blocks: BlockStore | None = None,
    ) -> None:
        if fallback not in FALLBACK_MODES:
            raise ValueError(f"fallback must be one of {FALLBACK_MODES}, not {fallback!r}")
        self.fallback = fallback
        self.model_config = model_config or ModelConfig()
        self.options = options
        self.source_options = source_options
        self._runner = runner
        # ``close`` closes the runner it made, or one handed over with ``own_runner=True``.
        self._own_runner = runner is None if own_runner is None else own_runner
        self._mutation_runner: Runner | None = None
        self._backend = backend
        self._own_backend = backend is None
        self._lock = threading.Lock()
        self.blocks = blocks if blocks is not None else BlockStore(None)

    # -- resources ----------------------------------------------------------------------------

    @property
    def runner(self) -> Runner:
        """The verification runner (made on first use: ``ToolchainNotFound`` without clang-repl)."""
        if self._runner is None:
            from cdoctest_runner.runner import DocTestRunner
            from cdoctest_runner.sessions import default_workers

            self._runner = DocTestRunner(workers=default_workers())
        if not isinstance(self._runner, Retrying):
            self._runner = Retrying(self._runner)
        return self._runner

    @property
    def mutation_runner(self) -> Runner:
        """A runner with a short per-session limit for mutants (shares the toolchain): the mutants
        of a function compiled once, in a schema whose warm sessions replay the block per mutant
        (``cdoctest_runner.mutation.schemata_run``; ``CDOCTEST_SCHEMATA=0``: a fresh session per
        mutant), each compiling only the functions its block uses (``compile_on_use``).
        """
        if self._mutation_runner is None:
            from cdoctest_runner.runner import DocTestRunner
            from cdoctest_runner.sessions import default_workers

            base = self.runner
            limits = replace(base.limits, timeout_s=MUTANT_TIMEOUT_S)
            self._mutation_runner = Retrying(
                DocTestRunner(
                    toolchain=base.toolchain,
                    limits=limits,
                    workers=default_workers(),
                    compile_on_use=True,
                )
            )
        return self._mutation_runner

    @property
    def backend(self) -> Backend:
        """The model (loaded on first use and kept; ``ModelError`` when it cannot be loaded).

        Unless a backend was passed in, each use re-resolves the configuration (cheap: no
        loading), so a model installed or rolled back by ``cdoctest-train`` since the last load is
        picked up by a long-lived generator (the language server's): the old model host is
        stopped, the new model loaded, and the result's ``model`` names it.
        """
        from models import load_backend, resolve_model

        with self._lock:
            loaded = self._backend if self._own_backend else None
            wanted = resolve_model(self.model_config) if loaded is not None else None
            if loaded is not None and wanted is not None and not _same_model(loaded.info, wanted):
                old, self._backend = loaded, None
                logging.getLogger(__name__).info(
                    "the configured model changed (%s); stopping %s", wanted.source, old.info.path
                )
                _stop_if_hosted(old)
            if self._backend is None:
                self._backend = load_backend(self.model_config)
            return self._backend

    def release_model(self) -> None:
        """Stop the model's own process, if it runs in one (``models.host``), freeing its memory.

        An in-process model stays in ``models``' cache (another generator reuses it warm).
        """
        with self._lock:
            backend, self._backend = self._backend, None
        if backend is not None and self._own_backend:
            _stop_if_hosted(backend)

    def check_model(self) -> None:
        """Validate the configured model file without loading it (``ModelError`` when it is
        missing or not a GGUF), so a broken configuration is reported before any work, also when
        phase 2 ends up not asking the model. No-op without a model or with a backend in hand.
        """
        if self.options.no_model or self.options.quick or self._backend is not None:
            return
        from models import resolve_model
        from models.gguf_file import inspect_gguf

        info = resolve_model(self.model_config)
        if info.device != "remote" and not info.path.startswith("hf://"):
            inspect_gguf(info.path)

    def model_info(self) -> tuple[str | None, str | None]:
        """``(model, reason)`` for reports: the loaded model, or what would be loaded, or none."""
        if self.options.no_model:
            return None, "--no-model: only the no-model fallback generator"
        if self.options.quick:
            return None, "--quick: the first block only (no model)"
        if self._backend is not None:
            info = self._backend.info
        else:
            from models import resolve_model

            info = resolve_model(self.model_config)
        name = info.name or os.path.basename(info.path)
        extra = f" + adapter {info.adapter}" if info.adapter else ""
        return f"{name} ({info.path}){extra} on {info.device}", f"{info.source}: {info.reason}"

    def close(self) -> None:
        """Free the runners this generator created (a runner passed in is left open).

        The model is not freed: ``models.load_backend`` caches it per configuration, so another
        generator (or the next request) reuses it warm; ``release_model`` stops a hosted one.
        """
        if self._mutation_runner is not None:
            self._mutation_runner.close()
            self._mutation_runner = None
        if self._own_runner and self._runner is not None:
            self._runner.close()
            self._runner = None
        if self._own_backend:
            self._backend = None  # dropped, not closed: it stays warm in models' cache

    def __enter__(self) -> Generator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- API ------------------------------------------------------------------------------------

    def list_functions(
        self, path: str, text: str | None = None, *, reparser: Any = None
    ) -> list[FunctionInfo]:
        """The functions of the file (no model, no clang-repl); ``reparser``: a
        ``cdoctest_runner.clang.Reparser`` that keeps the file parsed between calls.
        """
        source = load_source(path, text, self.source_options, reparser=reparser)
        resolve(source, self.blocks)
        return [f.info for f in source.functions]

    def generate(
        self,
        path: str,
        text: str | None,
        selector: TargetSelector,
        *,
        progress: ProgressCallback | None = None,
        cancel: threading.Event | None = None,
        on_phase: PhaseCallback | None = None,
        source: SourceFile | None = None,
        force: bool = False,
    ) -> FileResult:
        """Generate blocks for the selected functions of ``path`` (see the module docstring)."""
        from cdoctest_runner.runner import RunCancelled

        report = Reporter(progress)
        options = replace(self.options, replace_user_blocks=True) if force else self.options
        try:
            return self._generate(path, text, selector, report, cancel, on_phase, source, options)
        except RunCancelled as exc:
            raise GenerationCancelled("generation cancelled") from exc

    def _generate(
        self,
        path: str,
        text: str | None,
        selector: TargetSelector,
        report: Reporter,
        cancel: threading.Event | None,
        on_phase: PhaseCallback | None,
        source: SourceFile | None,
        options: GenerateOptions,
    ) -> FileResult:
        started = time.monotonic()
        self.check_model()
        if source is None:
            report("parsing", f"parsing {os.path.basename(path)}")
            source = load_source(path, text, self.source_options)
        resolve(source, self.blocks)  # whose blocks are above the functions, as the text is now
        targets = select_targets(source, selector)
        check_cancel(cancel)
        style, newline = block_style(source), newline_of(source.text)
        run = _Run(source, tuple(targets), style, newline, started, options)
        runners = Runners(verify=self.runner, mutants=self.mutation_runner)
        steps = Steps(runners, options, report, cancel, self._model)
        if options.single_phase or self.fallback == "never":
            return self._single_phase(run, steps, on_phase)
        return self._two_phases(run, steps, on_phase)

    def _jobs(self, run: _Run, steps: Steps) -> Iterator[Job | Plan]:
        """The functions' jobs in turn (a finished plan for one skipped or broken)."""
        root = usage_root(self.source_options)
        names = frozenset(t.declaration.name for t in run.targets)
        for n, target in enumerate(run.targets):
            steps.report("prompting", target.declaration.qualname, done=n, total=len(run.targets))
            yield prepare(
                run.source,
                target,
                run.options,
                run.style,
                run.newline,
                project_root=root,
                run_names=names,
            )

    def _single_phase(self, run: _Run, steps: Steps, on_phase: PhaseCallback | None) -> FileResult:
        """Every source pooled before one selection; one result (``phases.run_single_phase``)."""
        use_model, use_analysis = not run.options.no_model, self.fallback != "never"
        plans = [
            phases.run_single_phase(job, steps, use_model, use_analysis)
            if isinstance(job, Job)
            else job
            for job in self._jobs(run, steps)
        ]
        plans = self._checked(run.source, plans, steps)
        seconds = time.monotonic() - run.started
        result = self._file_result(run.source, plans, {"first_block": seconds, "final": seconds})
        if on_phase is not None:
            on_phase(PhaseResult(2, result, seconds))
        return result

    def _two_phases(self, run: _Run, steps: Steps, on_phase: PhaseCallback | None) -> FileResult:
        """Phase 1 for every function, its result; then phase 2, and the stronger blocks."""
        steps1 = steps.in_phase(1)
        firsts = self._phase1(run, steps1)
        plans1 = [f.plan if isinstance(f, phases.Phase1Result) else f for f in firsts]
        seconds = {"first_block": time.monotonic() - run.started}
        result = self._file_result(run.source, plans1, seconds)
        if on_phase is not None:
            on_phase(PhaseResult(1, result, seconds["first_block"]))
        if run.options.quick:
            return result

        steps2 = steps.in_phase(2)
        use_model = not run.options.no_model
        outcomes: dict[int, phases.Phase2Result] = {}
        ended: dict[int, float] = {}  # seconds from the function's start to its phase 2's end
        for i, f in enumerate(firsts):
            if isinstance(f, phases.Phase1Result):
                outcomes[i] = phases.run_phase2(f, steps2, use_model)
                ended[i] = time.monotonic() - f.job.started
        found = {i: o.plan for i, o in outcomes.items() if o.plan is not None}
        checked = self._checked(run.source, list(found.values()), steps2)
        stronger = dict(zip(found, checked, strict=True))
        final: list[Plan] = []
        previous: dict[str, tuple[int, int]] = {}
        for i, plan in enumerate(plans1):
            better = stronger.get(i)
            if better is not None and better.edit is not None:  # stronger, and final-checked
                base = outcomes[i].phase1_measured
                previous[better.result.function.qualname] = (
                    (base.killed, base.total)
                    if base is not None
                    else (plan.result.mutants_killed, plan.result.mutants_total)
                )
                plan = better
            elif better is not None and plan.edit is None:
                plan = better  # no block in either phase: phase 2's result says why, for both
            elif i in outcomes:
                first = firsts[i]
                assert isinstance(first, phases.Phase1Result)
                plan = phases.keep_phase1_block(first, outcomes[i], ended[i])
            final.append(plan)
        seconds["final"] = time.monotonic() - run.started
        result = self._file_result(run.source, final, seconds)
        if on_phase is not None:
            on_phase(PhaseResult(2, result, seconds["final"], tuple(previous), previous))
        return result

    def _phase1(self, run: _Run, steps: Steps) -> list[phases.Phase1Result | Plan]:
        """Phase 1 for every function (a finished plan for one skipped or broken), each plan
        final-checked.
        """
        firsts = [
            phases.run_phase1(job, steps) if isinstance(job, Job) else job
            for job in self._jobs(run, steps)
        ]
        plans = [f.plan if isinstance(f, phases.Phase1Result) else f for f in firsts]
        checked = self._checked(run.source, plans, steps)
        return [
            replace(f, plan=c) if isinstance(f, phases.Phase1Result) else c
            for f, c in zip(firsts, checked, strict=True)
        ]

    def _model(self) -> Backend:
        """The model for ``Steps`` (loaded on first use)."""
        return self.backend

    def _checked(self, source: SourceFile, plans: list[Plan], steps: Steps) -> list[Plan]:
        """The final check of the plans' blocks (``server.judge.final_check``)."""
        check_cancel(steps.cancel)
        if any(p.edit is not None for p in plans):
            steps.report("rendering", "re-running the new blocks twice in the edited file")
        return final_check(
            source,
            plans,
            self.runner,
            replace_user_blocks=steps.options.replace_user_blocks,
            cancel=steps.cancel,
        )

    def _file_result(
        self, source: SourceFile, plans: list[Plan], timings: dict[str, float]
    ) -> FileResult:
        """The file's result; its blocks are put on record as the tool's (``blocks``) before
        anyone can insert them.
        """
        edits = tuple(p.edit for p in plans if p.edit is not None)
        for p in plans:
            if p.edit is not None:
                self.blocks.record_block(p.result.block_text or p.edit.new_text)
        model, reason = self.model_info()
        return FileResult(
            path=source.path,
            functions=tuple(_shown(p) for p in plans),
            new_text=apply_edits(source.text, edits),
            edits=edits,
            model=model,
            model_reason=reason,
            timings={**timings, "total": max(timings.values(), default=0.0)},
        )


def _shown(plan: Plan) -> FunctionResult:
    """The plan's result, naming its function as the file spells it (``Located.shown``)."""
    if not plan.target.shown_name:
        return plan.result
    return replace(plan.result, function=plan.target.shown)


def _stop_if_hosted(backend: Backend) -> None:
    """Stop a model that runs in its own process (``models.host``); leave an in-process one."""
    from models.host import HostedBackend

    if isinstance(backend, HostedBackend):
        backend.close()


def _same_model(loaded: ModelInfo, wanted: ModelInfo) -> bool:
    """Whether the loaded model is still the one the configuration resolves to (path, adapter)."""
    if "remote" in (loaded.device, wanted.device) or wanted.path.startswith("hf://"):
        return True  # an HTTP model or a preset to download is re-pointed only by a settings change

    def real(path: str | None) -> str | None:
        return os.path.realpath(path) if path else None

    return real(loaded.path) == real(wanted.path) and real(loaded.adapter) == real(wanted.adapter)


def generator_for(
    model_config: ModelConfig,
    options: GenerateOptions,
    source_options: SourceOptions,
    *,
    clang_repl: str | None = None,
    fallback: str = "auto",
) -> Generator:
    """The generator of a ``cdoctest-gen`` run (one file or a project): a ``DocTestRunner`` on
    ``clang_repl`` (found when None) with one interpreter per usable core (at most 4), closed with
    the generator, and the default record of the tool's blocks (``BlockStore.default()``).
    Raises ``ToolchainNotFound`` when there is no clang-repl.
    """
    from cdoctest_runner.runner import DocTestRunner
    from cdoctest_runner.sessions import default_workers
    from cdoctest_runner.toolchain import find_clang_repl

    runner = DocTestRunner(toolchain=find_clang_repl(clang_repl), workers=default_workers())
    return Generator(
        model_config,
        options,
        source_options,
        runner=runner,
        fallback=fallback,
        own_runner=True,
        blocks=BlockStore.default(),
    )
