"""Generated, runner-verified training data: ``cdoctest-train synth``.

The seed set (``training/data/<category>.jsonl``, 135 hand-written items) is small for what the
generator asks of the model. This module makes two more splits from the function templates of
``training.synth_templates``, seeded and reproducible:

- ``synth-train``: ``per_template`` items of every template not in ``HELDOUT``;
- ``synth-heldout``: ``heldout_per_template`` items of every ``HELDOUT`` template, so the two splits
  share no function template (names, constants and call arguments vary within a template).

Each draft's REPL inputs run once in clang-repl to record their outputs (the runner's display form);
the block is then run again with those outputs as its expected lines, and only a block that passes
as a whole, in which every example ran (no compile error, crash or timeout) and a value-printing
example printed something, becomes an ``Item`` (a block whose output changes between runs fails the
second run and is dropped). Items are written to ``training/data/synth/<split>.jsonl`` with
``template`` set; ``load_items('synth-train')`` reads them back (``load_synth``). The draft seed of
item ``k`` of template ``t`` is ``f"{seed}-{t}-{k}"``, so adding a template changes no other item.
Errors: ``SynthError`` for an impossible request; a failing draft is reported, never written.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cdoctest_runner.example import CodeUnderTest, DocTest, Example
from training.dataset import (
    SYNTH_SPLITS,
    Item,
    check_reference,
    synth_dir,
)
from training.synth_templates import HELDOUT, TEMPLATES, Draft


class SynthError(ValueError):
    """The generation request cannot be met (unknown template, nothing generated, ...)."""


@dataclass
class SynthReport:
    """What one generation run produced and dropped, per split."""

    written: dict[str, int] = field(default_factory=dict)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (template-k, why)


def drafts(
    seed: int, per_template: int, heldout_per_template: int
) -> list[tuple[str, str, int, Draft]]:
    """Every ``(split, template, k, draft)`` of a run, deterministic in ``seed``."""
    out = []
    for name, template in TEMPLATES.items():
        split, count = (
            ("synth-heldout", heldout_per_template)
            if name in HELDOUT
            else ("synth-train", per_template)
        )
        for k in range(count):
            out.append((split, name, k, template(random.Random(f"{seed}-{name}-{k}"))))
    return out


def _doctest(draft: Draft, wants: Sequence[str], name: str) -> DocTest:
    examples = tuple(
        Example(source=p + "\n", want=w) for p, w in zip(draft.prompts, wants, strict=True)
    )
    return DocTest(examples=examples, name=name, filename=name, lineno=1, end_lineno=1)


def _code(draft: Draft, name: str) -> CodeUnderTest:
    return CodeUnderTest(text=draft.source, language=draft.language, key=name)


def _why_not(result: Any, prompts: Sequence[str]) -> str | None:
    """Why a recording run cannot give a reference (None when it can)."""
    if result.setup_error:
        return f"setup: {result.setup_error.splitlines()[0]}"
    for r, prompt in zip(result.results, prompts, strict=True):
        if r.outcome.value not in ("passed", "failed"):
            return f"{prompt!r}: {r.outcome.value} {r.stderr.strip().splitlines()[:1]}"
        if not prompt.rstrip().endswith(";") and not r.got.strip():
            return f"{prompt!r}: printed nothing"
    return None


def generate(
    runner: Any,
    *,
    seed: int = 0,
    per_template: int = 8,
    heldout_per_template: int = 4,
    only: Sequence[str] | None = None,
) -> tuple[dict[str, list[Item]], SynthReport]:
    """Make, record and verify the items; return them by split with a report (nothing written)."""
    unknown = sorted(set(only or ()) - set(TEMPLATES))
    if unknown:
        raise SynthError(f"unknown templates {unknown} (known: {', '.join(TEMPLATES)})")
    todo = [d for d in drafts(seed, per_template, heldout_per_template) if not only or d[1] in only]
    seen: set[str] = set()
    unique = []
    for split, name, k, draft in todo:  # equal drafts (few RNG choices) are kept once
        key = " ".join((draft.source + "\n".join(draft.prompts)).split())
        if key not in seen:
            seen.add(key)
            unique.append((split, name, k, draft))
    report = SynthReport()
    labels = [f"{name}-{k}" for _, name, k, _ in unique]
    recorded = runner.run_many(
        [
            (_doctest(d, [""] * len(d.prompts), lab), _code(d, lab))
            for (_, _, _, d), lab in zip(unique, labels, strict=True)
        ]
    )
    candidates = []
    for (split, name, k, draft), label, result in zip(unique, labels, recorded, strict=True):
        why = _why_not(result, draft.prompts)
        if why is None:
            wants = [
                r.got if r.got.endswith("\n") or not r.got else r.got + "\n" for r in result.results
            ]
            reference = "".join(f">>> {p}\n{w}" for p, w in zip(draft.prompts, wants, strict=True))
            try:
                check_reference(reference)
            except ValueError as exc:
                why = f"reference: {exc}"
        if why is not None:
            report.dropped.append((label, why))
            continue
        candidates.append((split, name, k, draft, label, wants, reference))
    checked = runner.run_many([(_doctest(c[3], c[5], c[4]), _code(c[3], c[4])) for c in candidates])
    by_split: dict[str, list[Item]] = {s: [] for s in SYNTH_SPLITS}
    for (split, name, _k, draft, label, _wants, reference), result in zip(
        candidates, checked, strict=True
    ):
        if not result.passed:
            report.dropped.append((label, "the recorded block did not pass again"))
            continue
        number = len(by_split[split]) + (0 if split == "synth-train" else 5000)
        by_split[split].append(
            Item(
                id=f"{draft.category}-s{number:04d}",
                category=draft.category,
                split=split,
                language=draft.language,
                source=draft.source,
                function=draft.function,
                qualname=draft.qualname or draft.function,
                reference=reference,
                template=name,
            )
        )
    report.written = {s: len(v) for s, v in by_split.items()}
    if not any(report.written.values()):
        raise SynthError(
            "no item passed: is clang-repl working? (python -m cdoctest_runner doctor)"
        )
    return by_split, report


def write(by_split: dict[str, list[Item]], directory: str | Path | None = None) -> list[Path]:
    """Write each split as ``<directory>/<train|heldout>.jsonl`` (one ``Item`` per line)."""
    root = synth_dir(directory)
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for split, items in by_split.items():
        path = root / f"{split.removeprefix('synth-')}.jsonl"
        lines = [
            json.dumps(it.model_dump(exclude_defaults=True), ensure_ascii=False) for it in items
        ]
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(path)
    return paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``cdoctest-train synth``."""
    parser.add_argument("--seed", type=int, default=0, help="generation seed (default: 0)")
    parser.add_argument(
        "--per-template", type=int, default=8, help="training items per template (default: 8)"
    )
    parser.add_argument(
        "--heldout-per-template",
        type=int,
        default=4,
        help="held-out items per template (default: 4)",
    )
    parser.add_argument("--template", action="append", help="only this template (repeatable)")
    parser.add_argument("--out", help="output directory (default: training/data/synth)")
    parser.add_argument(
        "--workers", type=int, default=2, help="concurrent clang-repl sessions (default: 2)"
    )


def run(args: argparse.Namespace) -> int:
    """Generate, verify and write the splits; print counts and every dropped draft."""
    from cdoctest_runner.runner import DocTestRunner

    with DocTestRunner(workers=args.workers) as runner:
        by_split, report = generate(
            runner,
            seed=args.seed,
            per_template=args.per_template,
            heldout_per_template=args.heldout_per_template,
            only=args.template,
        )
    for path in write(by_split, args.out):
        print(f"wrote {path}")
    print(", ".join(f"{s}: {n} items" for s, n in report.written.items()))
    for label, why in report.dropped:
        print(f"dropped {label}: {why}", file=sys.stderr)
    return 0
