"""One function's generation job: what every step reads (``Job``) and its outcome (``Plan``).

``prepare(source, target, options, style, newline, project_root=...)`` turns a located function
into a ``Job`` (context, code under test, the documentation's facts, the project's own calls of
the function, the prompt, the deadline), or into a finished ``Plan`` when the function is skipped
(the block above is the user's: ``server.ownership``) or broken (parse errors).
``usage_root(source_options)`` is the project root the usage is mined under.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace

from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.example import CodeUnderTest, Declaration
from models.prompt import PromptTarget
from server.analysis import Analysis
from server.analysis.context import FunctionContext, function_context
from server.analysis.documentation import DocFacts, comments_in, mine, prompt_notes
from server.analysis.locate import Located, SourceFile
from server.analysis.usage.examples import usage_examples
from server.analysis.usage.mining import project_usage
from server.api import FunctionResult, GenerateOptions, SourceOptions
from server.candidates.by_type import api_notes
from server.render import Plan

#: Mined usage blocks per function (candidates), and those shown to the model (a few lines each).
MAX_USAGE_BLOCKS = 8
PROMPT_USAGE_BLOCKS = 3
PROMPT_USAGE_LINES = 6
#: Why a function whose block is the user's was skipped (the front ends add how to replace it).
USER_BLOCK_KEPT = (
    "kept the cdoctest block above it: it is not the one cdoctest-gen wrote (edited, or written "
    "by hand)"
)


@dataclass(frozen=True)
class Usage:
    """The project's own calls of a function (``server.analysis.usage``) as candidate blocks,
    each a tuple of clang-repl inputs, and a note for the trace (``usage: 3 call(s) mined from
    2 of 9 file(s) in 1.5 s``, the seconds when not cached; or a failure; '' when none).
    """

    blocks: tuple[tuple[str, ...], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Job:
    """One function to generate for: what every step reads."""

    source: SourceFile
    target: Located
    ctx: FunctionContext
    code: CodeUnderTest
    names: frozenset[str]  # what a unit must mention to be about the target
    facts: DocFacts
    usage: Usage  # the project's own calls (none with ``GenerateOptions.usage`` off)
    prompt: PromptTarget
    style: str
    newline: str
    started: float  # time.monotonic() when the function's generation started
    deadline: float  # time.monotonic() by which the function's steps end

    @property
    def decl(self) -> Declaration:
        """The target's declaration."""
        return self.ctx.declaration

    @property
    def name(self) -> str:
        """The target's qualified name."""
        return self.ctx.declaration.qualname

    @property
    def path(self) -> str:
        """The file name the verification runs under."""
        return self.code.path or "<input>"


def prepare(
    source: SourceFile,
    target: Located,
    options: GenerateOptions,
    style: str,
    newline: str,
    *,
    project_root: str | None = None,
    run_names: frozenset[str] = frozenset(),
) -> Job | Plan:
    """The ``Job`` for ``target``, or a finished ``Plan`` when it is skipped or broken.

    With ``options.usage``, the project under ``project_root`` (``usage_root``; None: the
    nearest directory with a ``.git``) is mined for calls of the function (``mined_usage``;
    ``run_names``: the names of every function of the run, mined at once). Like parsing the
    file, mining is done before the function's time budget starts (its first function pays
    it; the others find it cached).
    """
    decl = target.declaration
    block = target.block
    if (
        block is not None
        and block.has_prompts
        and not block.generated
        and not options.replace_user_blocks
    ):
        kept = FunctionResult(decl, "skipped", message=USER_BLOCK_KEPT, user_block=True)
        return Plan(target, kept)
    broken = [d for d in source.errors if target.start_line <= d.line <= decl.end_line]
    if broken:
        message = f"has errors ({broken[0]}); fix them and generate again"
        return Plan(target, FunctionResult(decl, "error", message=message))
    ctx = prompt_context(source, target)
    facts = doc_facts(source, target, ctx)
    usage = mined_usage(source, ctx, project_root, run_names) if options.usage else Usage()
    started = time.monotonic()
    prompt = replace(
        ctx.prompt_target, doc_notes=prompt_notes(facts), usage_notes=usage_notes(usage)
    )
    return Job(
        source=source,
        target=target,
        ctx=ctx,
        code=source.code_under_test(),
        names=frozenset(target_names(ctx)),
        facts=facts,
        usage=usage,
        prompt=prompt,
        style=style,
        newline=newline,
        started=started,
        deadline=started + options.time_budget_s,
    )


_NOT_TYPE_NAMES = frozenset(
    "std const volatile unsigned signed int long short char double float bool void size_t auto"
    " ostream istream".split()
)


def target_names(ctx: FunctionContext) -> set[str]:
    """Names a unit must mention to be about the target (the class too, for constructors and
    operators; an operator's operand types too, since it is called as ``a + b``).
    """
    names = {ctx.declaration.name}
    if ctx.declaration.kind == "constructor" and ctx.class_name:
        names.add(ctx.class_name.split("::")[-1])
    if ctx.declaration.name.startswith("operator"):
        if ctx.class_name:
            names.add(ctx.class_name.split("::")[-1])
        params = ctx.declaration.signature.split("(", 1)[-1].rsplit(")", 1)[0]
        for param in params.split(","):  # the parameters' type names, not their own names
            words = IDENTIFIER_RE.findall(param)
            names |= set(words[:-1]) - _NOT_TYPE_NAMES
    return names


def doc_facts(source: SourceFile, target: Located, ctx: FunctionContext) -> DocFacts:
    """What the comment above the function and the comments in its body state."""
    comment = ctx.doc_comment
    if target.block is not None and not comment:
        comment = target.block.text or ""
    return mine(comment + "\n" + comments_in(ctx.source), ctx.declaration.name)


def usage_root(source_options: SourceOptions) -> str | None:
    """The project root usage is mined under: ``project_root``, else the directory that holds
    every source of the compile database (``-p``), else None (``find_usage_sources`` then
    looks for the nearest ``.git``).
    """
    if source_options.project_root:
        return source_options.project_root
    if source_options.compile_db_dir:
        from cdoctest_runner.errors import CdoctestError
        from cdoctest_runner.flags import db_sources

        try:
            sources = db_sources(source_options.compile_db_dir)
        except (CdoctestError, OSError, ValueError):
            return None
        if sources:
            return os.path.commonpath([os.path.dirname(s) for s in sources])
    return None


def mined_usage(
    source: SourceFile,
    ctx: FunctionContext,
    project_root: str | None,
    run_names: frozenset[str] = frozenset(),
) -> Usage:
    """The target's calls in its project's tests, examples, README and headers as blocks.

    The functions of ``run_names`` are mined at once (``project_usage`` keeps the facts for
    the run's other functions); a variable a block declares that the file declares too is
    renamed. Never raises: a failure is the note.
    """
    names = set(run_names) | {ctx.declaration.name}
    found = project_usage(source.path, names, source.flags, source.language, project_root)
    if found.error:
        return Usage(note=f"usage: mining failed ({found.error})")
    avoid = {f.declaration.name for f in source.functions}
    blocks = usage_examples(found.facts, ctx.declaration.name, MAX_USAGE_BLOCKS, avoid=avoid)
    calls = len(found.facts.calls_of(ctx.declaration.name))
    where = f"{len(found.facts.sources)} of {len(found.sources)} file(s)"
    spent = "" if found.cached else f" in {found.seconds:.1f} s"
    note = f"usage: {calls} call(s) mined from {where}{spent}" if calls else ""
    return Usage(tuple(tuple(b) for b in blocks), note)


def usage_notes(usage: Usage) -> str:
    """A few mined blocks for the prompt, their ``#include`` and ``printf`` lines left out:
    how the project itself calls the function.
    """
    shown = []
    for block in usage.blocks[:PROMPT_USAGE_BLOCKS]:
        lines = [ln for ln in block if not ln.startswith(("#include", "printf("))]
        shown.append("\n".join(lines[-PROMPT_USAGE_LINES:]))
    return "\n\n".join(s for s in shown if s)


def prompt_context(source: SourceFile, target: Located) -> FunctionContext:
    """``function_context`` with the file's API notes for the prompt (``api_notes``): what the
    generator and the training data set show the model.
    """
    ctx = function_context(source, target)
    return replace(ctx, api=_api_notes(ctx.analysis))


def _api_notes(analysis: Analysis | None) -> tuple[str, ...]:
    """How the file makes and reads the function's handle-typed arguments (fallback's analysis)."""
    if analysis is None:
        return ()
    try:
        return tuple(api_notes(analysis))
    except Exception:  # noqa: BLE001 - a hint for the prompt: never worth failing the context
        return ()
