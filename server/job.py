"""One function's generation job: what every step reads (``Job``) and its outcome (``Plan``).

``prepare(source, target, options, style, newline)`` turns a located function into a ``Job``
(context, code under test, the documentation's facts, the prompt, the deadline), or into a
finished ``Plan`` when the function is skipped (a hand-written block) or broken (parse errors).
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, replace

from cdoctest_runner.example import CodeUnderTest, Declaration
from models.prompt import PromptTarget
from server.api import FunctionResult, GenerateOptions, TextEdit
from server.context import FunctionContext, function_context
from server.docmine import DocFacts, comments_in, mine, prompt_notes
from server.locate import Located, SourceFile


class GenerationCancelled(Exception):
    """``cancel`` was set: the run stopped and nothing is to be inserted."""


def check_cancel(cancel: threading.Event | None) -> None:
    """Raise ``GenerationCancelled`` once ``cancel`` is set."""
    if cancel is not None and cancel.is_set():
        raise GenerationCancelled("generation cancelled")


@dataclass(frozen=True)
class Plan:
    """One function's outcome and its edit, before and through the final re-run (which returns
    new plans: ``server.final_check``).
    """

    target: Located
    result: FunctionResult
    edit: TextEdit | None = None
    style: str = "/**"
    newline: str = "\n"


@dataclass(frozen=True)
class Job:
    """One function to generate for: what every step reads."""

    source: SourceFile
    target: Located
    ctx: FunctionContext
    code: CodeUnderTest
    names: frozenset[str]  # what a unit must mention to be about the target
    facts: DocFacts
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
) -> Job | Plan:
    """The ``Job`` for ``target``, or a finished ``Plan`` when it is skipped or broken."""
    decl = target.declaration
    block = target.block
    if (
        block is not None
        and block.has_prompts
        and not block.generated
        and not options.replace_user_blocks
    ):
        message = "has a hand-written cdoctest block (use replace_user_blocks to overwrite it)"
        return Plan(target, FunctionResult(decl, "skipped", message=message))
    broken = [d for d in source.errors if target.start_line <= d.line <= decl.end_line]
    if broken:
        message = f"has errors ({broken[0]}); fix them and generate again"
        return Plan(target, FunctionResult(decl, "error", message=message))
    ctx = function_context(source, target)
    facts = doc_facts(source, target, ctx)
    started = time.monotonic()
    return Job(
        source=source,
        target=target,
        ctx=ctx,
        code=source.code_under_test(),
        names=frozenset(target_names(ctx)),
        facts=facts,
        prompt=replace(ctx.prompt_target, doc_notes=prompt_notes(facts)),
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
            words = re.findall(r"[A-Za-z_]\w*", param)
            names |= set(words[:-1]) - _NOT_TYPE_NAMES
    return names


def doc_facts(source: SourceFile, target: Located, ctx: FunctionContext) -> DocFacts:
    """What the comment above the function and the comments in its body state."""
    comment = ctx.doc_comment
    if target.block is not None and not comment:
        comment = target.block.text or ""
    return mine(comment + "\n" + comments_in(ctx.source), ctx.declaration.name)
