"""The GRPO reasoning data set: hand-written C/C++ functions with verified cdoctest references.

Nine categories (``CATEGORIES``), 15 items each (14 ``train``, 1 ``val``), one JSONL file per
category under ``training/data/<category>.jsonl``. Each line is one ``Item``; the schema below is
the contract (docs/training-data.md describes the set and how it was verified):

- ``source`` is a self-contained C or C++ file (its ``#include`` lines included) that the runner
  loads as ``CodeUnderTest(text=source, language=language)``; ``function`` names the target
  (``qualname`` adds its class/namespace, e.g. ``Counter::increment``; it defaults to ``function``).
- ``reference`` is an undecorated block in the completion format of ``models.prompt`` (``>>> ``
  lines, each followed by its expected output in the runner's display form): it passes in
  clang-repl-22, and at least one of its prompts calls the target.
- ``variants`` are value-modified presentations, used at sampling time by ``present``: each one
  optionally rewrites constants in ``source`` (``replace``: literal ``[old, new]`` pairs, each
  ``old`` occurring exactly once) and always brings its own full ``reference`` (different call
  arguments), whose expected outputs were recorded with clang-repl when the set was written and are
  re-checked by ``tests/training/test_dataset.py``. Nothing is executed at sampling time.

Errors: a malformed file or item raises ``DatasetError`` naming the file and line.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cdoctest_runner.example import CodeUnderTest, DocTest, Example

if TYPE_CHECKING:
    from models.prompt import PromptTarget
    from server.analysis.locate import Located, SourceFile

CATEGORIES: tuple[str, ...] = (
    "arithmetic",
    "if_statements",
    "loops",
    "loops_with_ifs",
    "state_management",
    "recursion",
    "pointers",
    "strings",
    "sorting",
)
#: Families of the generated splits (``training.synth``) beyond the nine seed categories.
SYNTH_CATEGORIES: tuple[str, ...] = ("methods", "structs", "std_types", "handles")
Category = Literal[
    "arithmetic",
    "if_statements",
    "loops",
    "loops_with_ifs",
    "state_management",
    "recursion",
    "pointers",
    "strings",
    "sorting",
    "methods",
    "structs",
    "std_types",
    "handles",
]
#: ``train``/``val``: the hand-written seed set; ``synth-train``/``synth-heldout``: generated
#: (``training.synth``), the two sharing no function template.
Split = Literal["train", "val", "synth-train", "synth-heldout"]
SYNTH_SPLITS: tuple[str, ...] = ("synth-train", "synth-heldout")

#: Most prompts a reference may hold (the grammar's and the prompt's default ``max_examples``).
MAX_EXAMPLES = 6
#: Most output lines per example, and characters per line, that ``models.grammar`` admits.
MAX_OUTPUT_LINES = 4
MAX_LINE = 200

_ID_RE = re.compile(r"^(?P<category>[a-z_]+)-(?P<number>\d{2}|s\d{4})$")  # 's': generated
_IDENT_RE = re.compile(r"^[A-Za-z_]\w*$")


class DatasetError(ValueError):
    """The data set (or one file or item of it) is malformed; the message names where and what."""


class Variant(BaseModel):
    """One value-modified presentation of an item (see the module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    replace: tuple[tuple[str, str], ...] = ()  # literal [old, new] edits of ``source``, in order
    reference: str

    @field_validator("reference")
    @classmethod
    def _reference_shape(cls, value: str) -> str:
        check_reference(value)
        return value


class Item(BaseModel):
    """One problem of the set: a function, its file, and a reference block that passes.

    ``variant`` is 0 for the item as stored and ``k`` for a presentation made from
    ``variants[k - 1]`` (``present`` returns those, with ``variants`` emptied).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str  # '<category>-NN', e.g. 'loops-07' ('<category>-sNNNN' when generated)
    category: Category
    split: Split
    language: Literal["c", "c++"]
    source: str
    function: str  # the target's own name, e.g. 'increment'
    qualname: str = ""  # e.g. 'Counter::increment'; defaults to ``function``
    reference: str
    notes: str = ""
    template: str = ""  # the generating template (training.synth_templates); '' when hand-written
    variants: tuple[Variant, ...] = ()
    variant: int = Field(default=0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _default_qualname(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("qualname") and data.get("function"):
            data = {**data, "qualname": data["function"]}
        return data

    @field_validator("function")
    @classmethod
    def _function_is_identifier(cls, value: str) -> str:
        if not _IDENT_RE.match(value):
            raise ValueError(f"function must be a plain identifier, got {value!r}")
        return value

    @field_validator("reference")
    @classmethod
    def _reference_shape(cls, value: str) -> str:
        check_reference(value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Item:
        m = _ID_RE.match(self.id)
        if m is None or m.group("category") != self.category:
            raise ValueError(f"id {self.id!r} must be '{self.category}-NN'")
        if self.qualname.split("::")[-1] != self.function:
            raise ValueError(
                f"qualname {self.qualname!r} does not end with function {self.function!r}"
            )
        if not re.search(rf"\b{re.escape(self.function)}\s*\(", self.source):
            raise ValueError(f"source does not define or call {self.function!r}")
        for k, variant in enumerate(self.variants, 1):
            _check_calls(variant.reference, self.function, f"variant {k}")
            text = self.source
            for old, new in variant.replace:
                if not old or text.count(old) != 1:
                    raise ValueError(
                        f"variant {k}: {old!r} must occur exactly once in the source "
                        f"(found {text.count(old) if old else 0})"
                    )
                text = text.replace(old, new)
            if (text, variant.reference) == (self.source, self.reference):
                raise ValueError(f"variant {k} is identical to the item")
        _check_calls(self.reference, self.function, "reference")
        return self

    # -- what the runner and the prompt builder need -------------------------------------------

    @property
    def filename(self) -> str:
        """Name the item's file, e.g. ``'loops-07.cpp'`` (its extension sets the language)."""
        return f"{self.id}.c" if self.language == "c" else f"{self.id}.cpp"

    def examples(self) -> list[Example]:
        """Parse the reference block into examples (``cdoctest_runner.parser.parse_examples``)."""
        from cdoctest_runner.parser import parse_examples

        return parse_examples(self.reference)

    def code_under_test(self) -> CodeUnderTest:
        """Return what a clang-repl session loads before the reference (or a candidate) runs."""
        return CodeUnderTest(text=self.source, language=self.language, key=self.filename)

    def doctest(self, examples: Sequence[Example] | None = None) -> DocTest:
        """Wrap the reference (or ``examples``, e.g. a candidate) in a ``DocTest`` on this item."""
        found = self.examples() if examples is None else list(examples)
        return DocTest(
            examples=tuple(found),
            name=f"{self.filename}::{self.qualname}",
            filename=self.filename,
            lineno=1,
            end_lineno=1,
        )

    def presentation(self, k: int) -> Item:
        """Return presentation ``k``: 0 is the item as stored, ``k >= 1`` applies ``variants[k-1]``.

        The result has ``variant == k`` and no ``variants`` of its own (it is one concrete problem).
        """
        if self.variant != 0:
            if k in (0, self.variant):
                return self
            raise DatasetError(
                f"{self.id}: already presentation {self.variant}; present the stored item"
            )
        if not 0 <= k <= len(self.variants):
            raise DatasetError(
                f"{self.id}: no presentation {k} (it has {len(self.variants)} variants)"
            )
        if k == 0:
            return self.model_copy(update={"variants": ()})
        variant = self.variants[k - 1]
        source = self.source
        for old, new in variant.replace:
            source = source.replace(old, new)
        return self.model_copy(
            update={"source": source, "reference": variant.reference, "variants": (), "variant": k}
        )

    def presentations(self) -> list[Item]:
        """List every presentation: the stored item first, then one per variant."""
        return [self.presentation(k) for k in range(len(self.variants) + 1)]


class _Rng(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def present(item: Item, rng: _Rng) -> Item:
    """Pick a value-modified presentation of ``item`` for sampling.

    One of ``item.presentations()``, chosen uniformly with ``rng`` (a ``random.Random``);
    deterministic for a seeded ``rng``.

    >>> import random
    >>> it = load_items(categories=["arithmetic"])[0]
    >>> [present(it, random.Random(s)).variant for s in range(6)]
    [1, 0, 0, 0, 0, 2]
    """
    return item.presentation(rng.randrange(len(item.variants) + 1))


def check_reference(text: str) -> None:
    r"""Raise ``ValueError`` unless ``text`` is a reference block the model could write.

    That is, in the completion format and inside ``models.grammar.cdoctest_grammar()``: it starts
    with ``>>> ``; it has 1..MAX_EXAMPLES prompts, no ``... `` continuation, no blank line (which
    would end the block) and no trailing whitespace (which the completion parser strips); each
    example has at most MAX_OUTPUT_LINES output lines, none starting with ``>``, ``.`` or a blank;
    every line has at most MAX_LINE characters.

    >>> check_reference(">>> fac(5)\n120\n")
    >>> check_reference("fac(5)\n")
    Traceback (most recent call last):
    ...
    ValueError: reference must start with '>>> '
    """
    if not text.startswith(">>> "):
        raise ValueError("reference must start with '>>> '")
    if not text.endswith("\n"):
        raise ValueError("reference must end with a newline")
    lines = text[:-1].split("\n")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            raise ValueError(f"reference line {n} is blank (a blank line ends a block)")
        if line != line.rstrip():
            raise ValueError(f"reference line {n} has trailing whitespace: {line!r}")
        if len(line) > MAX_LINE:
            raise ValueError(f"reference line {n} is longer than {MAX_LINE} characters")
    prompts = sum(1 for line in lines if line.startswith(">>> "))
    if not 1 <= prompts <= MAX_EXAMPLES:
        raise ValueError(f"reference has {prompts} prompts (1..{MAX_EXAMPLES} allowed)")
    outputs = 0
    for n, line in enumerate(lines, 1):
        if line.startswith(">>> "):
            outputs = 0
        elif line.startswith("... "):
            raise ValueError(
                f"reference line {n} is a '... ' continuation (keep each input on one line)"
            )
        elif line[:1] in (">", ".", " ", "\t"):
            raise ValueError(f"reference line {n}: an output line may not start with {line[:1]!r}")
        else:
            outputs += 1
            if outputs > MAX_OUTPUT_LINES:
                raise ValueError(
                    f"reference line {n}: more than {MAX_OUTPUT_LINES} output lines in one example"
                )


def _check_calls(reference: str, function: str, what: str) -> None:
    call = re.compile(rf"\b{re.escape(function)}\s*\(")
    if not any(line.startswith(">>> ") and call.search(line) for line in reference.split("\n")):
        raise ValueError(f"{what} never calls {function!r}")


# -- loading ----------------------------------------------------------------------------------


def data_dir() -> Path:
    """Return the directory holding the shipped ``<category>.jsonl`` files."""
    return Path(str(resources.files("training").joinpath("data")))


def load_items(
    split: str | None = None,
    categories: Iterable[str] | None = None,
    *,
    directory: str | os.PathLike[str] | None = None,
) -> list[Item]:
    """Load items of the set, in category order then file order.

    ``split``: ``'train'``, ``'val'`` or None for both; ``categories``: a subset of ``CATEGORIES``
    (None: all); ``directory``: another directory of ``<category>.jsonl`` files (tests use this).
    Raises ``DatasetError`` for an unknown split or category, a missing file, a line that is not a
    valid ``Item``, an item filed under the wrong category, or a duplicate id or function source.
    """
    if split in SYNTH_SPLITS:
        return [
            it
            for it in load_synth(split, directory)
            if categories is None or it.category in categories
        ]
    if split not in (None, "train", "val"):
        raise DatasetError(
            f"unknown split {split!r} (use 'train', 'val', {', '.join(SYNTH_SPLITS)} or None)"
        )
    wanted = tuple(CATEGORIES if categories is None else categories)
    unknown = [c for c in wanted if c not in CATEGORIES]
    if unknown:
        raise DatasetError(f"unknown categories {unknown} (known: {', '.join(CATEGORIES)})")
    root = Path(directory) if directory is not None else data_dir()
    items = [it for c in wanted for it in _load_category(str(root), c)]
    return [it for it in items if split is None or it.split == split]


def _load_category(root: str, category: str) -> tuple[Item, ...]:
    path = os.path.join(root, f"{category}.jsonl")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read ({exc.strerror})") from exc
    return _parse_file(path, category, data)


@lru_cache(maxsize=64)
def _parse_file(path: str, category: str, data: bytes) -> tuple[Item, ...]:
    """Parse the items of one file (cached on its exact contents; errors are not cached)."""
    items: list[Item] = []
    seen_ids: dict[str, int] = {}
    seen_sources: dict[str, int] = {}
    for lineno, line in enumerate(data.decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{lineno}"
        try:
            raw: Any = json.loads(line)
            item = Item.model_validate(raw)
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{where}: not JSON: {exc.msg}") from exc
        except ValidationError as exc:
            raise DatasetError(f"{where}: {_first_error(exc)}") from exc
        if item.category != category:
            raise DatasetError(
                f"{where}: item {item.id} of category {item.category!r} in {category}.jsonl"
            )
        if item.variant != 0:
            raise DatasetError(f"{where}: stored items must have variant 0")
        if item.id in seen_ids:
            raise DatasetError(
                f"{where}: duplicate id {item.id} (first on line {seen_ids[item.id]})"
            )
        key = _normalise(item.source)
        if key in seen_sources:
            raise DatasetError(f"{where}: {item.id} repeats the source of line {seen_sources[key]}")
        seen_ids[item.id] = lineno
        seen_sources[key] = lineno
        items.append(item)
    return tuple(items)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()))
    msg = str(err.get("msg", "invalid"))
    return f"{loc}: {msg}" if loc else msg


def _normalise(source: str) -> str:
    return " ".join(source.split())


# -- prompts ----------------------------------------------------------------------------------


def to_prompt_target(item: Item) -> PromptTarget:
    """Build the ``models.prompt.PromptTarget`` for ``item`` exactly as the generator does.

    The item's source is parsed by the generator's locator (``server.analysis.locate``) under a
    virtual path named after the item, the target is selected by ``qualname``, and its context comes
    from ``server.generate.job.prompt_context`` — so training prompts and editor prompts are the
    same. Raises ``DatasetError`` when the locator does not find the function.
    """
    return _prompt_target(item.source, item.filename, item.qualname)


def virtual_path(filename: str) -> str:
    """Return where an item's file is said to live (never written: only its name matters)."""
    return os.path.join(tempfile.gettempdir(), "cdoctest-train", filename)


def locate(item: Item) -> tuple[SourceFile, Located]:
    """Parse ``item.source`` with the generator's locator and find its target.

    Returns the ``server.analysis.locate.SourceFile`` and the ``Located`` target (its definition,
    selected by ``qualname``); raises ``DatasetError`` when the locator does not find it. The last
    few results are cached (they hold a libclang translation unit each).
    """
    return _locate(item.source, item.filename, item.qualname)


@lru_cache(maxsize=4)
def _locate(source: str, filename: str, qualname: str) -> tuple[SourceFile, Located]:
    from server.analysis.locate import TargetNotFound, load_source, select_targets
    from server.api import TargetSelector

    parsed = load_source(virtual_path(filename), text=source)
    try:
        found = select_targets(parsed, TargetSelector(name=qualname))
    except TargetNotFound as exc:
        raise DatasetError(f"{filename}: {exc}") from exc
    return parsed, found[0]


@lru_cache(maxsize=512)
def _prompt_target(source: str, filename: str, qualname: str) -> PromptTarget:
    from server.generate.job import prompt_context

    return prompt_context(*_locate(source, filename, qualname)).prompt_target


def synth_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Where the generated splits live (``training/data/synth`` unless ``directory``)."""
    return Path(directory) if directory is not None else data_dir() / "synth"


def load_synth(split: str, directory: str | os.PathLike[str] | None = None) -> list[Item]:
    """Load a generated split (``synth-train``/``synth-heldout``); ``DatasetError`` if malformed."""
    if split not in SYNTH_SPLITS:
        raise DatasetError(f"unknown generated split {split!r} (use {', '.join(SYNTH_SPLITS)})")
    path = synth_dir(directory) / f"{split.removeprefix('synth-')}.jsonl"
    if not path.is_file():
        raise DatasetError(f"{path}: missing (generate it with: cdoctest-train synth)")
    items, seen = [], set()
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = Item.model_validate(json.loads(line))
        except (ValueError, TypeError) as exc:
            raise DatasetError(f"{path}:{lineno}: {exc}") from exc
        if item.split != split or item.id in seen:
            raise DatasetError(f"{path}:{lineno}: {item.id} is a duplicate or not in {split}")
        seen.add(item.id)
        items.append(item)
    return items
