"""The prompt: how a C/C++ function is shown to the model, and how its answer is read back.

This is the contract between the model and its two users, the generator (``server/``) and the
trainer (``training/``): a model answers best in exactly the format it was trained on, so both
build prompts with ``build_messages`` and read completions with ``parse_completion``, nothing else.

Completion format (also enforced by ``models.grammar.cdoctest_grammar``): plain lines, no comment
decoration; an optional first line ``Reasoning: <short text>``; then 1..K examples, each a line
``>>> <one line of C/C++>`` (optionally continued by ``... `` lines) followed by zero or more
expected-output lines (lines that start with neither ``>>> `` nor ``... ``); the completion ends at
the end of the text or at the first blank line. Expected output is in the runner's display form (a
bare expression's value without its type: ``120``, not ``(int) 120``); a line ``<...>`` stands for
an empty output line, as in cdoctest.

The prompt is kept short (the embedded model is SmolLM2-135M with a small context): a system message
stating the format, up to two few-shot turns from ``models/data/few_shot.json`` in the target's
language, then the target. ``prompt_size`` reports its length in characters for budget checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.example import Example

Message = dict[str, str]

# The target's own text is cut to this many characters (a 135M model with a 2k context gains nothing
# from a 300-line body, and the few-shot turns must still fit).
MAX_SOURCE_CHARS = 1800
MAX_CONTEXT_CHARS = 1200
MAX_STYLE_CHARS = 400
MAX_DOC_CHARS = 500  # the documentation's stated cases (server.analysis.documentation)
MAX_USAGE_CHARS = 400  # the project's own calls of the function (server.analysis.usage)

SYSTEM_PROMPT = (
    "You write cdoctest tests: short clang-repl sessions that call one C or C++ function. "
    "Reply with plain lines only. "
    "Optionally start with one line 'Reasoning: <one short sentence>'. "
    "Then write 1 to {k} examples. "
    "Each example is a line starting with '>>> ' and holding one line "
    "of {lang} code, followed by the exact output it prints. A bare expression without ';' prints "
    "its value (e.g. 120 or true); "
    "a statement ending in ';' prints nothing unless it calls printf. "
    "Declare objects and variables on their own '>>> ' line before using them. "
    "Do not repeat the function's definition. End with a blank line."
)


@dataclass(frozen=True)
class PromptTarget:
    """What the model is asked to test (the same fields for generation and training).

    ``source`` is the function's own text (signature and body); ``context`` the types, includes
    and class text it needs (may be ''); ``examples_style`` existing cdoctest blocks from the same
    file, shown as a style hint (may be '').
    """

    name: str  # 'fac'
    qualname: str  # 'mathx::Fac::fac'
    signature: str  # 'int fac(int n)'
    source: str
    language: Literal["c", "c++"] = "c++"
    context: str = ""
    examples_style: str = ""
    setup: str = (
        ""  # a line making the object a method needs, e.g. 'shop::Bin obj(3);' ('' if none)
    )
    call: str = ""  # how a call looks, e.g. 'obj.add(...)' or 'shop::discounted(...)' ('' if plain)
    doc_notes: str = ""  # cases the documentation states, one per line ('' if none; docmine)
    # How the project's tests, examples, README or headers call it: a few short snippets
    # separated by blank lines ('' if none; server.generate.job.usage_notes)
    usage_notes: str = ""


@dataclass(frozen=True)
class ParsedCompletion:
    """A completion read back. ``error`` says why it is not in the format (None when it is).

    ``examples`` holds every example that could be read even when ``error`` is set, so the
    generator can still try them; the trainer's format reward looks at ``error``.
    """

    reasoning: str = ""
    examples: list[Example] = field(default_factory=list)
    error: str | None = None


@dataclass(frozen=True)
class FewShot:
    """One worked example from ``models/data/few_shot.json``."""

    language: str
    kind: str
    target: PromptTarget
    completion: str


@lru_cache(maxsize=1)
def few_shots() -> tuple[FewShot, ...]:
    """The few-shot examples shipped in ``models/data/few_shot.json`` (read once)."""
    raw: dict[str, Any] = json.loads(
        resources.files("models").joinpath("data/few_shot.json").read_text(encoding="utf-8")
    )
    out = []
    for item in raw["examples"]:
        target = PromptTarget(
            name=item["name"],
            qualname=item["qualname"],
            signature=item["signature"],
            source=item["source"],
            language=item["language"],
            context=item.get("context", ""),
            setup=item.get("setup", ""),
            call=item.get("call", ""),
        )
        out.append(FewShot(item["language"], item["kind"], target, item["completion"]))
    return tuple(out)


def _clip(text: str, limit: int) -> str:
    text = text.strip("\n")
    if len(text) <= limit:
        return text
    cut = text[:limit]
    if "\n" in cut:
        cut = cut[: cut.rindex("\n")]
    return cut + "\n/* ... */"


def render_target(target: PromptTarget) -> str:
    """The user turn for one target: context, the function, and the request."""
    # No Markdown fences: a small model copies them into its answer as output lines.
    lang = "C" if target.language == "c" else "C++"
    parts = []
    if target.context.strip():
        parts.append(f"Context:\n{_clip(target.context, MAX_CONTEXT_CHARS)}\n")
    parts.append(f"{lang} function:\n{_clip(target.source, MAX_SOURCE_CHARS)}\n")
    if target.examples_style.strip():
        parts.append(
            "Existing tests in this file:\n" + _clip(target.examples_style, MAX_STYLE_CHARS)
        )
    if target.doc_notes.strip():
        parts.append(
            "Its documentation states these cases; test them, with the edge cases:\n"
            + _clip(target.doc_notes, MAX_DOC_CHARS)
            + "\n"
        )
    if target.usage_notes.strip():
        parts.append(
            "The project's own code calls it like this:\n"
            + _clip(target.usage_notes, MAX_USAGE_CHARS)
            + "\n"
        )
    parts.append(request_line(target))
    return "\n".join(parts)


def request_line(target: PromptTarget) -> str:
    """The last line of the user turn: what to test and, for methods, how to make the object.

    >>> t = PromptTarget("add", "shop::Bin::add", "", "", setup="shop::Bin obj(3);", call="obj.a()")
    >>> print(request_line(t).replace(": ", ":\\n"))
    Write cdoctest examples for `shop::Bin::add`:
    first make an object with `>>> shop::Bin obj(3);`, then call `obj.a()`.
    """
    line = f"Write cdoctest examples for `{target.qualname}`"
    if target.setup:
        return (
            line + f": first make an object with `>>> {target.setup}`, then call `{target.call}`."
        )
    if target.call:
        return line + f": call it as `{target.call}`."
    return line + "."


def build_messages(
    target: PromptTarget, *, few_shot: bool = True, max_examples: int = 6
) -> list[Message]:
    """Chat messages asking the model for cdoctest examples of ``target``.

    A system message with the format, then (``few_shot``) up to two worked turns in the target's
    language from ``models/data/few_shot.json``, then the target's user turn.
    """
    lang = "C" if target.language == "c" else "C++"
    messages: list[Message] = [
        {"role": "system", "content": SYSTEM_PROMPT.format(k=max_examples, lang=lang)}
    ]
    if few_shot:
        for shot in [s for s in few_shots() if s.language == target.language][:2]:
            messages.append({"role": "user", "content": render_target(shot.target)})
            messages.append({"role": "assistant", "content": shot.completion})
    messages.append({"role": "user", "content": render_target(target)})
    return messages


def prompt_size(messages: list[Message]) -> int:
    """Total characters of the messages' contents (about 3.5 characters a token for code)."""
    return sum(len(m["content"]) for m in messages)


_PROMPT = ">>> "
_CONT = "... "


def _is_prompt(line: str) -> bool:
    return line.startswith(_PROMPT) or line == ">>>"


def _is_cont(line: str) -> bool:
    return line.startswith(_CONT) or line == "..."


def parse_completion(text: str) -> ParsedCompletion:
    """Read a completion in the format above into ``Example`` objects.

    Tolerant: leading blank lines are skipped, text after the first blank line that follows the
    start is ignored, and whatever examples can be read are returned; ``error`` names the first
    departure from the format. ``Example.lineno`` is the 0-based line in ``text``.

    >>> p = parse_completion("Reasoning: zero and five.\\n>>> fac(0)\\n1\\n>>> fac(5)\\n120\\n")
    >>> p.reasoning, [(e.source, e.want, e.lineno) for e in p.examples], p.error
    ('zero and five.', [('fac(0)\\n', '1\\n', 1), ('fac(5)\\n', '120\\n', 3)], None)
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    reasoning = ""
    error: str | None = None
    if i < len(lines) and lines[i].lstrip().startswith("Reasoning:"):
        reasoning = lines[i].lstrip()[len("Reasoning:") :].strip()
        i += 1

    examples: list[Example] = []
    source: list[str] = []
    want: list[str] = []
    start = 0

    def flush() -> None:
        if source:
            examples.append(Example("\n".join(source), "".join(w + "\n" for w in want), start))

    for n in range(i, len(lines)):
        line = lines[n].rstrip()
        if not line.strip():
            break
        if _is_prompt(line):
            flush()
            code = line[len(_PROMPT) :] if len(line) > 3 else ""
            source, want, start = [code], [], n
            if not code.strip() and error is None:
                error = f"line {n + 1}: empty '>>>' prompt"
        elif _is_cont(line):
            if not source:
                error = error or f"line {n + 1}: '...' continuation before any '>>>' prompt"
                continue
            if want:
                error = error or f"line {n + 1}: '...' continuation after expected output"
                want.append(line)
                continue
            source.append(line[len(_CONT) :] if len(line) > 3 else "")
        elif not source:
            error = error or f"line {n + 1}: text before the first '>>>' example: {line[:60]!r}"
        else:
            want.append("" if line.strip() == "<...>" else line)
    flush()
    examples = [e for e in examples if e.source.strip()]
    if not examples and error is None:
        error = "no '>>>' example in the completion"
    return ParsedCompletion(reasoning=reasoning, examples=examples, error=error)


_WORD = IDENTIFIER_RE


def mentions(example: Example, name: str) -> bool:
    """Whether an example's code names ``name`` as a whole identifier (drops off-topic examples)."""
    return name in _WORD.findall(example.source)
