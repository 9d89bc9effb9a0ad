"""Typed objects of the generation pipeline, shared by the CLI (``cdoctest-gen``) and the language
server.

Positions: ``Declaration`` lines are 1-based (libclang); ``TextEdit`` positions are 0-based lines
and 0-based *character* (Unicode code point) columns into the text that was given to the generator.
The language server converts code points to UTF-16 units at its boundary.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from cdoctest_runner.example import Declaration, Example
from cdoctest_runner.results import DocTestResult


@dataclass(frozen=True)
class SourceOptions:
    """How to parse and build the file: flags for libclang and for clang-repl."""

    compile_db_dir: str | None = None  # directory holding compile_commands.json (-p)
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str | None = None  # 'c++17', 'c11', ...
    extra_flags: tuple[str, ...] = ()
    # Shared libraries the tests may call (--lib); with compile_db_dir, the project's own library
    # (cdoctest_runner.project_lib) comes first. The file itself is always loaded as source.
    libraries: tuple[str, ...] = ()
    # Where the project's tests, examples, README and headers are mined for how it calls its
    # API (server.analysis.usage); None: the compile database's source directory with -p, else
    # the nearest directory with a .git (server.generate.job.usage_root).
    project_root: str | None = None


@dataclass(frozen=True)
class GenerateOptions:
    """Knobs of one generation run (CLI flags and server settings map onto these)."""

    samples: int = 4  # model candidates per function
    seed: int | None = None
    strict: bool = False  # keep only examples whose predicted output was right
    no_model: bool = False  # only the no-model fallback generator
    time_budget_s: float = 120.0  # per function
    max_examples: int = 8  # examples kept in the final block (realistic bugs need several cases)
    grammar: bool = True  # grammar-constrained decoding
    # may replace a block above the function that is not the one cdoctest-gen wrote (the user's:
    # edited or hand-written; server.ownership); cdoctest-gen --force
    replace_user_blocks: bool = False
    max_tokens: int = 200  # per model completion: a reasoning line and 6 short examples fit
    quick: bool = False  # stop after phase 1 (the fast sources' block; no model, no search)
    single_phase: bool = False  # every source pooled before one selection (for comparison)
    usage: bool = True  # the project's own calls of the function as candidates and prompt notes
    branch_coverage: bool = True  # add checked calls that reach code no example reaches
    sanitizers: bool = True  # drop examples that trip ASan/UBSan natively (server.judge.sanitize)


@dataclass(frozen=True)
class TargetSelector:
    """Which functions: by name (qualified or not), by 1-based line, or all that lack a block."""

    name: str | None = None
    line: int | None = None
    all: bool = False


@dataclass(frozen=True)
class FunctionInfo:
    """A function found by the locator (fast: no model).

    ``has_block``: a cdoctest block is above it.
    """

    declaration: Declaration
    has_block: bool = False
    block_generated: bool = False  # the block above is cdoctest-gen's (server.ownership)
    is_definition: bool = True


@dataclass(frozen=True)
class Finding:
    """A 'possible bug': the model predicted one output, the code printed another.

    Reported only when ``server.judge.hints`` is confident enough; ``evidence`` says why.
    """

    example: Example  # the example as recorded (want = actual output)
    predicted: str
    actual: str
    line: int | None = None  # 0-based line in the new text where the example's '>>>' sits
    message: str = ""
    confidence: float | None = None  # that the code, not the model, is wrong (server.judge.hints)
    evidence: str = ""  # e.g. "4 of 4 samples predicted '3'; got '2'; ..." (server.judge.hints)


@dataclass(frozen=True)
class SurvivingMutant:
    """A small fault the block does not catch: what its tests do not cover."""

    id: str  # e.g. 'relational@3:11/0'
    operator: str  # cdoctest_runner.mutation.mutate operator, e.g. 'relational', 'widening'
    line: int  # 1-based line of the change in the file
    description: str  # e.g. "`<` -> `<=`"
    likely_equivalent: bool = False  # no searched input told it apart: maybe no fault at all


@dataclass(frozen=True)
class Rejected:
    """Candidate call groups that gave a function no block for one reason (``cdoctest-gen -v``):
    the reason (``'did not compile'``, ``'crashed'``, ``'never calls the function'``, ``'a dead
    store'``, ``'printed nothing to check'``...), how many, and the first few, each its call
    and the error or the rule's words (``"`format("%F", 0)`: no matching function for call to
    'format'"``).
    """

    reason: str
    count: int
    first: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextEdit:
    """Replace text[start:end] (0-based line/character positions) with ``new_text``."""

    start_line: int
    start_character: int
    end_line: int
    end_character: int
    new_text: str


@dataclass(frozen=True)
class FunctionResult:
    """The outcome for one function."""

    function: Declaration
    status: Literal["verified", "no_test", "error", "cancelled", "skipped"]
    origin: Literal["model", "fallback", "model+fallback", "none"] = "none"
    block_text: str = ""  # the full comment, as inserted
    examples: tuple[Example, ...] = ()
    verification: DocTestResult | None = None  # final re-run of the block as inserted
    mutation_score: float | None = None  # killed / total mutants, None when no mutants
    mutants_killed: int = 0
    mutants_total: int = 0
    # of the kills, those shown only by the mutant running out of time (a CPU-time budget, so
    # the same on a loaded machine), not by an output
    mutants_killed_by_timeout: int = 0
    findings: tuple[Finding, ...] = ()
    surviving_mutants: tuple[SurvivingMutant, ...] = ()  # mutants the block does not kill
    candidates_total: int = 0
    candidates_verified: int = 0
    message: str = ""  # human summary, honest about what was done
    # Seconds per stage (server.generate.trace.Stage: fallback, sampling, verifying, mutating,
    # searching); "total": from the function's start to its last phase's end; with two phases also
    # "first_block": to phase 1's block (under --quick "total" is that).
    timings: dict[str, float] = field(default_factory=dict)
    edit: TextEdit | None = None
    phase: int = 0  # 1: the fast sources' block, 2: a stronger block found later, 0: no block
    # skipped because the block above is the user's (not the one cdoctest-gen wrote: edited or
    # hand-written; server.ownership) and replacing it was not asked for
    user_block: bool = False
    # No block (``no_test``): the call groups that gave nothing, by reason (``message`` ends with
    # the one-line summary, "no block: ...")
    rejected: tuple[Rejected, ...] = ()


@dataclass(frozen=True)
class ProgressEvent:
    """Progress report: ``stage`` is one of parsing, prompting, sampling, verifying, mutating,
    selecting, rendering; during generation ``message`` starts with the phase
    (``server.generate.budget``).
    """

    stage: str
    message: str
    function: str | None = None
    done: int | None = None
    total: int | None = None
    percentage: int | None = None


@dataclass(frozen=True)
class FileResult:
    """The outcome for one file: per-function results, the edits, and the new text."""

    path: str
    functions: tuple[FunctionResult, ...]
    new_text: str
    edits: tuple[TextEdit, ...] = ()
    model: str | None = None  # ModelInfo rendered, or None when no model was used
    model_reason: str | None = None
    timings: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PhaseResult:
    """A block delivered by one phase of ``Generator.generate``.

    Phase 1 delivers the fast sources' verified blocks (documentation, type values, API
    sequences); phase 2 the whole file again once the model and the input search have run, where
    a function's block is replaced only by a stronger one (more mutants killed).
    ``improved`` names the functions (qualified) whose block phase 2 replaced; ``previous``
    maps each of them to the kills of the block it replaces, ``(killed, total)``.
    """

    phase: int
    result: FileResult
    seconds: float  # since the generation started
    improved: tuple[str, ...] = ()
    previous: dict[str, tuple[int, int]] = field(default_factory=dict)


ProgressCallback = Callable[[ProgressEvent], None]
PhaseCallback = Callable[[PhaseResult], object]  # what it returns is ignored


class GenerationCancelled(Exception):
    """``cancel`` was set: the run stopped and nothing is to be inserted."""


def check_cancel(cancel: threading.Event | None) -> None:
    """Raise ``GenerationCancelled`` once ``cancel`` is set."""
    if cancel is not None and cancel.is_set():
        raise GenerationCancelled("generation cancelled")
