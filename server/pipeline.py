"""The generation pipeline: a C/C++ function in, a verified cdoctest block (as a text edit) out.

``Generator`` chains one module per stage, typed objects between them::

    locate -> context -> prompt -> sample -> verify -> select (mutation) -> fallback -> render
           -> final re-run of every new block in the edited text (cdoctest_runner.finder)

Contract (used by ``server/cli.py`` and the language server):

- ``Generator(model_config=None, options=GenerateOptions(), source_options=SourceOptions(),
  runner=None, backend=None)``: the model is loaded on first use (``models.load_backend``) and kept
  warm (in ``models``' cache, so ``close()`` leaves it loaded); a given ``runner`` is used as is and
  not closed by ``close()``.
- ``list_functions(path, text) -> list[FunctionInfo]``: fast, no model, no clang-repl.
- ``generate(path, text, selector, *, progress=None, cancel=None) -> FileResult``: never writes
  files; ``FileResult.new_text`` is ``text`` with the edits applied, and only blocks that passed
  the final re-run in that text are in it. Raises ``GenerationCancelled`` when ``cancel`` is set
  (nothing is returned, so nothing is inserted), ``TargetNotFound`` when the selector names nothing,
  ``SourceParseError`` when libclang cannot parse at all, ``ToolchainNotFound`` without clang-repl
  and ``models.api.ModelError`` when the model cannot be loaded. A model that fails while running
  (``ModelError`` from sampling, e.g. the model host crashed: ``models.errors.ModelRuntimeError``,
  also when it dies while loading) costs only that function its model candidates: it gets the
  fallback's block (unless ``fallback='never'``) and ``message`` starts the model part with
  ``model failed: <the error>``.
- One pool: the model's verified examples, the no-model fallback's (``server.fallback``) and the
  calls the function's documentation states (``server.docmine``, ``server.search.doc_candidates``)
  are pooled, and mutation analysis (classic and realistic mutants) picks the examples that kill
  the most, whoever wrote them; calls the documentation states are kept first. Then, for the
  mutants the block does not kill, ``server.search`` tries inputs that tell them apart (boundary
  values, type limits, the docs' values), and the block is chosen again from the pool with
  them. ``FunctionResult.surviving_mutants`` lists what the block still does not catch.
  ``FunctionResult.origin`` and ``message`` say whose examples were kept. The keyword-only
  ``fallback`` argument: ``'auto'`` (default) and ``'combine'`` do the above; ``'never'`` uses
  the model alone (no fallback, no documented calls, no search; used to measure the model).
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest, Example
from cdoctest_runner.results import DocTestResult
from models.api import Backend, ModelConfig, ModelError
from models.errors import ModelRuntimeError
from models.prompt import mentions
from server.api import (
    FileResult,
    Finding,
    FunctionInfo,
    FunctionResult,
    GenerateOptions,
    ProgressCallback,
    ProgressEvent,
    SourceOptions,
    SurvivingMutant,
    TargetSelector,
    TextEdit,
)
from server.context import FunctionContext, function_context
from server.docmine import DocFacts, comment_above, comments_in, mine, prompt_notes
from server.locate import Located, SourceFile, TargetNotFound, load_source, select_targets
from server.render import (
    RenderError,
    apply_edits,
    block_style,
    checks_output,
    newline_of,
    plan_block,
    shifted_line,
)
from server.sample import MAX_TOKENS, sample_candidates
from server.search import doc_candidates, search
from server.select import Selection, build_pool, measure, select_block
from server.verify import Candidate, VerifiedUnit, VerifyReport, verify_candidates

if TYPE_CHECKING:  # pragma: no cover
    from cdoctest_runner.mutate import Mutant

__all__ = ["GenerationCancelled", "Generator", "TargetNotFound"]

FALLBACK_MODES = ("auto", "combine", "never")
SEARCH_RESERVE_S = 15.0  # no input search when less than this is left of the time budget
MAX_ATTEMPTS = 3  # sampling rounds per function when nothing verifies
MUTANT_TIMEOUT_S = 3.0  # per mutant session: mutated loops often never end


class GenerationCancelled(Exception):
    """``cancel`` was set: the run stopped and nothing is to be inserted."""


@dataclass
class _Plan:
    """One function's outcome before the final re-run."""

    target: Located
    result: FunctionResult
    edit: TextEdit | None = None
    style: str = "/**"
    newline: str = "\n"


class Generator:
    """Generates verified cdoctest blocks; keeps the model and the interpreters warm between calls."""

    def __init__(
        self,
        model_config: ModelConfig | None = None,
        options: GenerateOptions = GenerateOptions(),
        source_options: SourceOptions = SourceOptions(),
        runner: Any | None = None,
        backend: Backend | None = None,
        *,
        fallback: str = "auto",
    ) -> None:
        if fallback not in FALLBACK_MODES:
            raise ValueError(f"fallback must be one of {FALLBACK_MODES}, not {fallback!r}")
        self.fallback = fallback
        self.max_tokens = (
            MAX_TOKENS  # per completion; the language server sets it from its settings
        )
        self.model_config = model_config or ModelConfig()
        self.options = options
        self.source_options = source_options
        self._runner = runner
        self._own_runner = runner is None
        self._mutation_runner: Any | None = None
        self._backend = backend
        self._own_backend = backend is None
        self._lock = threading.Lock()

    # -- resources ----------------------------------------------------------------------------

    @property
    def runner(self) -> Any:
        """The verification runner (made on first use: ``ToolchainNotFound`` without clang-repl)."""
        if self._runner is None:
            from cdoctest_runner.runner import DocTestRunner

            self._runner = DocTestRunner(workers=_workers())
        if not isinstance(self._runner, _Retrying):
            self._runner = _Retrying(self._runner)
        return self._runner

    @property
    def mutation_runner(self) -> Any:
        """A runner with a short per-session limit for mutants (shares the toolchain)."""
        if self._mutation_runner is None:
            from cdoctest_runner.runner import DocTestRunner, Limits

            base = self.runner
            limits = replace(getattr(base, "limits", Limits()), timeout_s=MUTANT_TIMEOUT_S)
            self._mutation_runner = _Retrying(
                DocTestRunner(
                    toolchain=getattr(base, "toolchain", None),
                    limits=limits,
                    workers=_workers(),
                    warm=False,
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
        from models.host import HostedBackend

        with self._lock:
            loaded = self._backend if self._own_backend else None
            wanted = resolve_model(self.model_config) if loaded is not None else None
            if loaded is not None and wanted is not None and not _same_model(loaded.info, wanted):
                old, self._backend = self._backend, None
                logging.getLogger(__name__).info(
                    "the configured model changed (%s); stopping %s", wanted.source, old.info.path
                )
                if isinstance(old, HostedBackend):  # stop its process: frees the memory
                    old.close()
            if self._backend is None:
                self._backend = load_backend(self.model_config)
            return self._backend

    def model_info(self) -> tuple[str | None, str | None]:
        """``(model, reason)`` for reports: the loaded model, or what would be loaded, or none."""
        if self.options.no_model:
            return None, "--no-model: only the no-model fallback generator"
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
        generator (or the next request) reuses it warm; ``models.llama_backend.close_all`` frees it.
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

    def list_functions(self, path: str, text: str | None = None) -> list[FunctionInfo]:
        """The functions of the file (no model, no clang-repl)."""
        return [f.info for f in load_source(path, text, self.source_options).functions]

    def generate(
        self,
        path: str,
        text: str | None,
        selector: TargetSelector,
        *,
        progress: ProgressCallback | None = None,
        cancel: threading.Event | None = None,
    ) -> FileResult:
        """Generate blocks for the selected functions of ``path`` (see the module docstring)."""
        from cdoctest_runner.runner import RunCancelled

        try:
            return self._generate(path, text, selector, progress, cancel)
        except RunCancelled as exc:
            raise GenerationCancelled("generation cancelled") from exc

    def _generate(
        self,
        path: str,
        text: str | None,
        selector: TargetSelector,
        progress: ProgressCallback | None,
        cancel: threading.Event | None,
    ) -> FileResult:
        t_file = time.monotonic()
        report = _Reporter(progress)
        report("parsing", f"parsing {os.path.basename(path)}")
        source = load_source(path, text, self.source_options)
        targets = select_targets(source, selector)
        self._check(cancel)
        style = block_style(source)
        newline = newline_of(source.text)
        plans: list[_Plan] = []
        for n, target in enumerate(targets):
            report(
                "prompting",
                f"{target.declaration.qualname}",
                target.declaration.qualname,
                done=n,
                total=len(targets),
            )
            plans.append(self._one(source, target, style, newline, report, cancel))
        self._check(cancel)
        report("rendering", "re-running the new blocks in the edited file")
        plans = self._final_check(source, plans, cancel)
        edits = tuple(p.edit for p in plans if p.edit is not None)
        new_text = apply_edits(source.text, edits)
        model, reason = self.model_info()
        return FileResult(
            path=source.path,
            functions=tuple(p.result for p in plans),
            new_text=new_text,
            edits=edits,
            model=model,
            model_reason=reason,
            timings={"total": time.monotonic() - t_file},
        )

    # -- one function ---------------------------------------------------------------------------

    def _one(
        self,
        source: SourceFile,
        target: Located,
        style: str,
        newline: str,
        report: _Reporter,
        cancel: threading.Event | None,
    ) -> _Plan:
        decl = target.declaration
        name = decl.qualname
        t0 = time.monotonic()
        timings: dict[str, float] = {}
        block = target.block
        if (
            block is not None
            and block.has_prompts
            and not block.generated
            and not self.options.replace_user_blocks
        ):
            return _Plan(
                target,
                FunctionResult(
                    decl,
                    "skipped",
                    message="has a hand-written cdoctest block "
                    "(use replace_user_blocks to overwrite it)",
                ),
            )
        broken = [d for d in source.errors if target.start_line <= d.line <= decl.end_line]
        if broken:
            return _Plan(
                target,
                FunctionResult(
                    decl, "error", message=f"has errors ({broken[0]}); fix them and generate again"
                ),
            )
        ctx = function_context(source, target)
        code = source.code_under_test()
        names = _target_names(ctx)
        deadline = t0 + self.options.time_budget_s
        facts = _doc_facts(source, target, ctx)
        prompt = replace(ctx.prompt_target, doc_notes=prompt_notes(facts))

        kept: list[VerifiedUnit] = []
        candidates_total = 0
        candidates_ok = 0
        notes: list[str] = []
        sample_errors: list[str] = []
        model_error = ""
        if not self.options.no_model:
            try:
                backend: Backend | None = self.backend
            except ModelRuntimeError as exc:  # the model host died while loading: fall back
                backend, model_error = None, str(exc)
            for attempt in range(MAX_ATTEMPTS if backend is not None else 0):
                self._check(cancel)
                report(
                    "sampling",
                    f"{name}: sampling {self.options.samples} candidates"
                    + (f" (retry {attempt})" if attempt else ""),
                    name,
                )
                ts = time.monotonic()
                with _Budget(cancel, deadline) as budget:
                    try:
                        sampled = sample_candidates(
                            backend,
                            prompt,
                            self.options,
                            attempt=attempt,
                            cancel=budget.event,
                            max_tokens=self.max_tokens,
                        )
                    except ModelError as exc:  # e.g. the model host crashed: fall back for this function
                        self._check(cancel)
                        model_error = str(exc)
                        break
                timings["sampling"] = timings.get("sampling", 0.0) + time.monotonic() - ts
                self._check(cancel)
                if budget.expired:
                    notes.append("the time budget ran out while sampling")
                candidates_total += len(sampled.candidates)
                sample_errors += [c.error for c in sampled.candidates if c.error]
                report(
                    "verifying",
                    f"{name}: running {len(sampled.candidates)} candidates",
                    name,
                    done=0,
                    total=len(sampled.candidates),
                )
                tv = time.monotonic()
                ver = verify_candidates(
                    sampled.candidates,
                    code,
                    self.runner,
                    names,
                    strict=self.options.strict,
                    filename=source.path,
                    cancel=cancel,
                )
                timings["verifying"] = timings.get("verifying", 0.0) + time.monotonic() - tv
                self._check(cancel)
                n_cand = len(sampled.candidates)
                for i, k in enumerate(ver.kept_per_candidate):
                    report(
                        "verifying",
                        f"{name}: candidate {i + 1}/{n_cand}: {k} runnable example(s)",
                        name,
                        done=i + 1,
                        total=n_cand,
                    )
                kept += ver.kept
                candidates_ok += ver.candidates_with_kept
                if kept or time.monotonic() > deadline - 5:
                    break
            notes.append(
                f"model failed: {model_error}"
                if model_error
                else _model_note(candidates_total, candidates_ok, kept)
            )

        origin_used = "model" if kept else "fallback"
        if self.fallback != "never":
            # One pool: the program-analysis candidates (fallback, the docs' calls) join the
            # model's; mutation analysis picks whoever's examples kill the most mutants.
            kept += self._analysis_units(
                ctx, target, code, names, facts, notes, timings, report, cancel
            )
        if kept and not any(checks_output(u.examples) for u in kept):
            notes.append("no observable effect: the examples ran but printed nothing to check")
        if not any(checks_output(u.examples) for u in kept):
            msg = "; ".join(notes) or "nothing verifiable"
            if sample_errors and not self.options.no_model:
                msg += f" (first format problem: {sample_errors[0]})"
            return _Plan(
                target,
                FunctionResult(
                    decl,
                    "no_test",
                    origin="none",
                    message=msg,
                    candidates_total=candidates_total,
                    candidates_verified=candidates_ok,
                    timings=_done(timings, t0),
                ),
            )
        searching = self.fallback != "never"
        selection = self._select(kept, code, decl, timings, report, cancel, exact=not searching)
        equivalent: frozenset[str] = frozenset()
        if searching and selection.survivors:
            selection, equivalent = self._search(
                ctx, facts, code, names, kept, selection, deadline, notes, timings, report, cancel
            )
        tm = time.monotonic()
        selection = measure(selection, code, decl, self.mutation_runner, cancel=cancel)
        timings["mutating"] = timings.get("mutating", 0.0) + time.monotonic() - tm
        self._check(cancel)
        report("selecting", f"{name}: {len(selection.examples)} examples kept", name)
        origins = {u.origin for u in selection.units}
        origin = (
            "model+fallback" if len(origins) > 1 else (origins.pop() if origins else origin_used)
        )
        try:
            block_text, edit = plan_block(
                target,
                selection.examples,
                style,
                newline,
                replace_user_blocks=self.options.replace_user_blocks,
            )
        except RenderError as exc:
            return _Plan(
                target,
                FunctionResult(
                    decl, "no_test", message=f"cannot render: {exc}", timings=_done(timings, t0)
                ),
            )
        score = ""
        if selection.mutation_score is not None:
            score = f"; mutation score {selection.killed}/{selection.total}"
        bugs = f"; {len(selection.findings)} possible bug(s)" if selection.findings else ""
        msg = "; ".join(notes) + f"; {len(selection.examples)} example(s) in the block{score}{bugs}"
        if selection.note:
            msg += f" ({selection.note})"
        result = FunctionResult(
            function=decl,
            status="verified",
            origin=origin,  # type: ignore[arg-type]
            block_text=block_text,
            examples=selection.examples,
            mutation_score=selection.mutation_score,
            mutants_killed=selection.killed,
            mutants_total=selection.total,
            findings=selection.findings,
            surviving_mutants=_survivors(selection, equivalent),
            candidates_total=candidates_total,
            candidates_verified=candidates_ok,
            message=msg,
            timings=_done(timings, t0),
            edit=edit,
        )
        return _Plan(target, result, edit, style, newline)

    def _analysis_units(
        self,
        ctx: FunctionContext,
        target: Located,
        code: CodeUnderTest,
        names: set[str],
        facts: DocFacts,
        notes: list[str],
        timings: dict[str, float],
        report: _Reporter,
        cancel: threading.Event | None,
    ) -> list[VerifiedUnit]:
        """The no-model candidates (fallback and the documentation's calls) that ran."""
        name = ctx.declaration.qualname
        self._check(cancel)
        report("verifying", f"{name}: running the no-model fallback and the documented calls", name)
        tf = time.monotonic()
        fb = self._fallback(ctx, target, code, names, target_path(code), cancel, facts)
        timings["fallback"] = time.monotonic() - tf
        notes.append(
            f"fallback: {len(fb.kept)} runnable call group(s) recorded"
            if fb.kept
            else "fallback: nothing runnable"
        )
        return list(fb.kept)

    def _select(
        self,
        kept: list[VerifiedUnit],
        code: CodeUnderTest,
        decl: Declaration,
        timings: dict[str, float],
        report: _Reporter,
        cancel: threading.Event | None,
        mutants: list[Mutant] | None = None,
        *,
        exact: bool = True,
    ) -> Selection:
        """Mutation analysis of the pool and the greedy choice of the block."""
        self._check(cancel)
        name = decl.qualname
        report("mutating", f"{name}: choosing examples by mutation analysis", name)
        tm = time.monotonic()
        chosen = select_block(
            build_pool([u for u in kept if checks_output(u.examples)]),
            code,
            decl,
            self.mutation_runner,
            self.options.max_examples,
            cancel=cancel,
            mutants=mutants,
            exact=exact,
        )
        timings["mutating"] = timings.get("mutating", 0.0) + time.monotonic() - tm
        return chosen

    def _search(
        self,
        ctx: FunctionContext,
        facts: DocFacts,
        code: CodeUnderTest,
        names: set[str],
        kept: list[VerifiedUnit],
        selection: Selection,
        deadline: float,
        notes: list[str],
        timings: dict[str, float],
        report: _Reporter,
        cancel: threading.Event | None,
    ) -> tuple[Selection, frozenset[str]]:
        """Search inputs for the block's surviving mutants; select again with what kills them.

        Returns the (possibly new) selection and the ids of the mutants no searched input told
        apart (likely equivalent).
        """
        decl = ctx.declaration
        # The search (the survivors only), the second selection and the final measure cost about
        # two and a half more mutation analyses of the pool.
        need = max(SEARCH_RESERVE_S, 3.0 * timings.get("mutating", 0.0))
        if time.monotonic() > deadline - need:
            notes.append("no input search: not enough of the time budget is left")
            return selection, frozenset()
        self._check(cancel)
        report(
            "mutating",
            f"{decl.qualname}: searching inputs for {len(selection.survivors)} surviving mutant(s)",
            decl.qualname,
        )
        ts = time.monotonic()
        found = search(
            ctx,
            facts,
            code,
            decl,
            self.runner,
            self.mutation_runner,
            list(selection.survivors),
            names=names,
            filename=target_path(code),
            deadline=deadline,
            cancel=cancel,
        )
        timings["searching"] = time.monotonic() - ts
        self._check(cancel)
        if found.note:
            notes.append(found.note)
        if not found.units:
            if found.tried:
                notes.append(f"search: none of {found.tried} inputs killed a surviving mutant")
            return selection, frozenset(found.likely_equivalent)
        notes.append(
            f"search: {len(found.units)} of {found.tried} inputs kill "
            f"{len(found.killed)} surviving mutant(s)"
        )
        # Searched calls first, so the pool's size limit never leaves them out.
        kept[:0] = found.units
        again = self._select(
            kept, code, decl, timings, report, cancel, list(selection.mutants), exact=False
        )
        best = again if again.killed >= selection.killed else selection
        return best, frozenset(found.likely_equivalent)

    def _fallback(
        self,
        ctx: FunctionContext,
        target: Located,
        code: CodeUnderTest,
        names: set[str],
        path: str,
        cancel: threading.Event | None,
        facts: DocFacts | None = None,
    ) -> VerifyReport:
        """The fallback's candidates and the documentation's own calls, run and recorded."""
        from server.fallback import FallbackError, fallback_candidates

        try:
            proposals = fallback_candidates(
                ctx.declaration, ctx, ctx.language, cursor=target.cursor
            )
        except FallbackError:
            proposals = []
        # The documentation's calls first: the pool keeps units in order up to its size limit.
        candidates = doc_candidates(ctx, facts, first_index=1000) if facts is not None else []
        candidates += [
            Candidate(tuple(exs), origin="fallback", index=i) for i, exs in enumerate(proposals)
        ]
        return verify_candidates(
            candidates, code, self.runner, names, strict=False, filename=path, cancel=cancel
        )

    # -- final re-run -----------------------------------------------------------------------------

    def _final_check(
        self, source: SourceFile, plans: list[_Plan], cancel: threading.Event | None
    ) -> list[_Plan]:
        """Re-run every new block as cdoctest reads it back from the edited text; drop failures."""
        from cdoctest_runner.finder import find_doctests

        for _round in range(4):
            live = [p for p in plans if p.edit is not None]
            if not live:
                return plans
            edits = [p.edit for p in live if p.edit is not None]
            new_text = apply_edits(source.text, edits)
            code = source.code_under_test()
            run_code = (
                replace(code, text=apply_edits(code.text, edits)) if code.text is not None else code
            )
            tests = find_doctests(source.path, text=new_text, flags=source.flags)
            jobs: list[tuple[DocTest, CodeUnderTest]] = []
            owners: list[_Plan] = []
            for p in live:
                assert p.edit is not None
                first = shifted_line(edits, p.edit) + 1  # 1-based line of the block's first line
                # The block, or the user's doc comment that holds our section (server.render).
                test = next((t for t in tests if t.lineno <= first <= t.end_lineno), None)
                if test is None:
                    p.result = replace(
                        p.result,
                        status="no_test",
                        edit=None,
                        message=p.result.message + "; the block was not found again in "
                        "the edited text (not inserted)",
                    )
                    p.edit = None
                    continue
                jobs.append((test, run_code))
                owners.append(p)
            self._check(cancel)
            results: list[DocTestResult] = self.runner.run_many(jobs, cancel=cancel) if jobs else []
            self._check(cancel)
            failed = False
            for p, (test, _), res in zip(owners, jobs, results, strict=True):
                if res.passed:
                    p.result = replace(
                        p.result,
                        verification=res,
                        findings=_place_findings(p.result.findings, test),
                    )
                    continue
                failed = True
                k = next((i for i, r in enumerate(res.results) if not r.passed), 0)
                bad = res.results[k] if k < len(res.results) else None
                why = res.setup_error or (
                    f"`{bad.example.source.strip()}` gave {bad.outcome.value}"
                    if bad
                    else "no examples"
                )
                kept = list(p.result.examples[:k]) if res.setup_error is None else []
                names = {p.target.declaration.name}
                if kept and any(mentions(e, n) for e in kept for n in names):
                    # The examples before the first failure ran exactly as before: keep them.
                    block_text, p.edit = plan_block(
                        p.target,
                        kept,
                        p.style,
                        p.newline,
                        replace_user_blocks=self.options.replace_user_blocks,
                    )
                    keys = {" ".join(e.source.split()) for e in kept}
                    p.result = replace(
                        p.result,
                        examples=tuple(kept),
                        block_text=block_text,
                        edit=p.edit,
                        verification=None,
                        findings=tuple(
                            f
                            for f in p.result.findings
                            if " ".join(f.example.source.split()) in keys
                        ),
                        message=p.result.message
                        + f"; trimmed to {len(kept)} example(s): {why} when "
                        "re-run in the edited file (mutation score measured before trimming)",
                    )
                else:
                    p.result = replace(
                        p.result,
                        status="no_test",
                        edit=None,
                        verification=res,
                        message=p.result.message + f"; dropped: the block failed when "
                        f"re-run in the edited file ({why})",
                    )
                    p.edit = None
            if not failed:
                # Edits were planned on the original text; keep them as they are.
                for p in plans:
                    if p.edit is not None:
                        p.result = replace(p.result, edit=p.edit)
                return plans
        for p in plans:  # still failing after the last round: never insert an unverified block
            if p.edit is not None and (
                p.result.verification is None or not p.result.verification.passed
            ):
                p.result = replace(
                    p.result,
                    status="no_test",
                    edit=None,
                    message=p.result.message + "; dropped: not verified in the edited file",
                )
                p.edit = None
        return plans

    @staticmethod
    def _check(cancel: threading.Event | None) -> None:
        if cancel is not None and cancel.is_set():
            raise GenerationCancelled("generation cancelled")


class _Retrying:
    """A runner whose ``run_many`` retries when clang-repl fails to *start* (not when code fails).

    Starting can fail for passing reasons on a loaded machine (memory, process limits); one failed
    start should not abort a whole file. Other attributes are the wrapped runner's.
    """

    RETRY_DELAYS_S = (1.0, 3.0)

    def __init__(self, runner: Any) -> None:
        self._runner = runner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runner, name)

    def run_many(self, jobs: Any, cancel: threading.Event | None = None) -> list[DocTestResult]:
        from cdoctest_runner.repl import ReplSetupError

        for delay in (*self.RETRY_DELAYS_S, None):
            try:
                return list(self._runner.run_many(jobs, cancel=cancel))
            except ReplSetupError:
                if delay is None or (cancel is not None and cancel.is_set()):
                    raise
                time.sleep(delay)
        raise AssertionError("unreachable")


class _Budget:
    """An event set when the user cancels or the function's time budget runs out (for the backend)."""

    def __init__(self, cancel: threading.Event | None, deadline: float) -> None:
        self.event = threading.Event()
        self.expired = False
        self._done = threading.Event()
        self._cancel = cancel
        self._deadline = deadline
        self._thread = threading.Thread(target=self._watch, name="cdoctest-gen-budget", daemon=True)

    def _watch(self) -> None:
        while not self._done.is_set():
            if self._cancel is not None and self._cancel.is_set():
                self.event.set()
                return
            if time.monotonic() >= self._deadline:
                self.expired = True
                self.event.set()
                return
            self._done.wait(0.05)

    def __enter__(self) -> _Budget:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


class _Reporter:
    def __init__(self, callback: ProgressCallback | None) -> None:
        self.callback = callback

    def __call__(
        self,
        stage: str,
        message: str,
        function: str | None = None,
        *,
        done: int | None = None,
        total: int | None = None,
    ) -> None:
        if self.callback is None:
            return
        pct = int(100 * done / total) if done is not None and total else None
        self.callback(ProgressEvent(stage, message, function, done, total, pct))


def _same_model(loaded: Any, wanted: Any) -> bool:
    """Whether the loaded model is still the one the configuration resolves to (path and adapter)."""
    if "remote" in (loaded.device, wanted.device) or wanted.path.startswith("hf://"):
        return True  # an HTTP model or a preset to download is re-pointed only by a settings change

    def real(path: str | None) -> str | None:
        return os.path.realpath(path) if path else None

    return real(loaded.path) == real(wanted.path) and real(loaded.adapter) == real(wanted.adapter)


def _workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


_NOT_TYPE_NAMES = frozenset(
    "std const volatile unsigned signed int long short char double float bool void size_t auto"
    " ostream istream".split()
)


def _target_names(ctx: FunctionContext) -> set[str]:
    names = {ctx.declaration.name}
    if ctx.declaration.kind == "constructor" and ctx.class_name:
        names.add(ctx.class_name.split("::")[-1])
    if ctx.declaration.name.startswith("operator"):
        # An operator is called as an expression (``a + b``): a unit that builds the operand
        # types is about it (server/fallback.py writes nothing else for an operator).
        if ctx.class_name:
            names.add(ctx.class_name.split("::")[-1])
        params = ctx.declaration.signature.split("(", 1)[-1].rsplit(")", 1)[0]
        for param in params.split(","):  # the parameters' type names, not their own names
            words = re.findall(r"[A-Za-z_]\w*", param)
            names |= set(words[:-1]) - _NOT_TYPE_NAMES
    return names


def _model_note(total: int, ok: int, kept: list[VerifiedUnit]) -> str:
    if total == 0:
        return "model: no candidates"
    n_examples = sum(len(u.examples) for u in kept)
    wrong = sum(len(u.findings) + len(u.quiet) for u in kept)  # quiet: below the hint threshold
    note = f"model: {ok}/{total} candidates gave runnable examples ({n_examples} examples"
    note += f", {wrong} with a wrong predicted output)" if wrong else ")"
    if not kept:
        note = f"model: 0/{total} candidates gave anything runnable"
    return note


def _doc_facts(source: SourceFile, target: Located, ctx: FunctionContext) -> DocFacts:
    """What the comment above the function and the comments in its body state."""
    comment = comment_above(source.text, target.start_line)
    if target.block is not None and not comment:
        comment = getattr(target.block, "text", "") or ""
    return mine(comment + "\n" + comments_in(ctx.source), ctx.declaration.name)


def target_path(code: CodeUnderTest) -> str:
    return code.path or "<input>"


def _survivors(selection: Selection, equivalent: frozenset[str]) -> tuple[SurvivingMutant, ...]:
    return tuple(
        SurvivingMutant(
            id=m.id,
            operator=m.operator,
            line=m.line,
            description=m.description,
            likely_equivalent=m.id in equivalent,
        )
        for m in selection.survivors
    )


def _done(timings: dict[str, float], t0: float) -> dict[str, float]:
    out = dict(timings)
    out["total"] = time.monotonic() - t0
    return out


def _place_findings(findings: tuple[Finding, ...], test: DocTest) -> tuple[Finding, ...]:
    """Give each finding the 0-based line of its example's '>>>' in the new text."""
    out = []
    for f in findings:
        key = " ".join(f.example.source.split())
        ex: Example | None = next(
            (e for e in test.examples if " ".join(e.source.split()) == key), None
        )
        line = test.lineno + ex.lineno - 1 if ex is not None else None
        out.append(replace(f, line=line))
    return tuple(out)
