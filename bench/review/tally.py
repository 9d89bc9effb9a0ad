"""Tally a blind review: the reviewers' verdicts, by majority, against the packet's key.

``python -m bench.review.tally DIR [--key FILE] [--write] [--heldout-reasons]``

Reads ``DIR/verdicts/<reviewer>/<id>.txt`` (the rubric's ``verdict:`` and ``reason:`` lines) for
every item of the key (``packets``' ``DIR.key.json``); the reviewers are the subdirectories of
``DIR/verdicts``, three in the review the issue asks for. An item is **reviewed** when every
reviewer has a well-formed verdict for it; a missing or malformed one is named in the output and
its item is left out of the rates. A reviewed item is **accepted** when more than half of the
reviewers (two of three) say ``accept`` or ``edit``, and **accepted as is** when more than half
say ``accept``: a 1-1-1 split (accept, edit, reject) is accepted, not as is.

Rates: the generated blocks against the controls, per source (real-bug dev half, held-out half,
projects), per configuration, per library (dev and projects; the held-out half only as its total,
as bench/data/realbugs/README.md, "The split", asks). Reasons: the ``edit`` and ``reject``
verdicts grouped by the rubric rules they cite ("rule 4", "rules 3 and 5", "R4", "#4"), those
that cite none apart; a held-out generated item's reasons are counted, their text shown only with
``--heldout-reasons``. ``--write`` puts the result in ``docs/benchmarks.md`` (section ``review``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.review.packets import RUBRIC, default_key  # noqa: E402

VERDICTS = ("accept", "edit", "reject")
ACCEPTED = frozenset({"accept", "edit"})

_FIELD = re.compile(r"^\s*[`*]*\s*(verdict|reason)\s*[`*]*\s*:\s*(.*?)\s*$", re.I)
_RULES = re.compile(
    r"(?:(?i:\brules?)\s*#?|\bR|#)\s*(\d{1,2}(?:\s*(?:,|/|&|\band\b|\bor\b)\s*\d{1,2})*)"
)


class VerdictError(ValueError):
    """A verdict file that does not say one verdict and one reason in the rubric's form."""


@dataclass(frozen=True)
class Verdict:
    """One reviewer's verdict on one item."""

    reviewer: str
    verdict: str  # one of VERDICTS
    reason: str

    @property
    def rules(self) -> tuple[int, ...]:
        """The rubric rules the reason cites."""
        return cited_rules(self.reason)


def parse_verdict(text: str) -> tuple[str, str]:
    """``(verdict, reason)`` of a verdict file: exactly one ``verdict:`` line (accept, edit or
    reject, any case) and one non-empty ``reason:`` line; other lines (a code fence) are ignored.

    >>> parse_verdict("```\\nverdict: Edit\\nreason: rule 7: nine examples\\n```\\n")
    ('edit', 'rule 7: nine examples')
    >>> parse_verdict("verdict: accept|edit|reject\\nreason: x")
    Traceback (most recent call last):
    ...
    bench.review.tally.VerdictError: verdict 'accept|edit|reject' is not accept, edit or reject
    """
    found: dict[str, list[str]] = {"verdict": [], "reason": []}
    for line in text.splitlines():
        m = _FIELD.match(line)
        if m:
            found[m[1].lower()].append(m[2].strip("`* "))
    verdicts, reasons = found["verdict"], found["reason"]
    if len(verdicts) != 1:
        raise VerdictError(f"{len(verdicts)} 'verdict:' lines, not one")
    verdict = verdicts[0].lower()
    if verdict not in VERDICTS:
        raise VerdictError(f"verdict {verdicts[0]!r} is not accept, edit or reject")
    if len(reasons) != 1 or not reasons[0]:
        raise VerdictError("no reason" if not any(reasons) else f"{len(reasons)} 'reason:' lines")
    return verdict, reasons[0]


def cited_rules(reason: str) -> tuple[int, ...]:
    """The rubric rules (1 to 10) a reason names, in order, each once.

    >>> cited_rules("rules 3 and 5; also R8, see #10"), cited_rules("f(4) prints 12")
    ((3, 5, 8, 10), ())
    """
    out: list[int] = []
    for m in _RULES.finditer(reason):
        for n in map(int, re.findall(r"\d+", m[1])):
            if 1 <= n <= 10 and n not in out:
                out.append(n)
    return tuple(out)


def majority(votes: Iterable[str], wanted: frozenset[str], reviewers: int) -> bool:
    """Whether more than half of ``reviewers`` voted one of ``wanted``.

    >>> majority(["accept", "edit", "reject"], ACCEPTED, 3)
    True
    >>> majority(["accept", "edit", "reject"], frozenset({"accept"}), 3)
    False
    """
    return 2 * sum(v in wanted for v in votes) > reviewers


@dataclass(frozen=True)
class KeyItem:
    """What the key says about one item (``packets.Item.key_entry``)."""

    id: str
    origin: str  # "generated" | "control"
    source: str  # "realbugs" | "projects"
    split: str  # "dev" | "heldout" | "projects"
    config: str
    library: str
    file: str
    function: str

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> KeyItem:
        """An entry of the key (keys it does not know are ignored)."""
        return cls(**{f.name: str(d.get(f.name, "")) for f in fields(cls)})

    @property
    def group(self) -> str:
        """Source and half: ``realbugs dev``, ``realbugs heldout`` or ``projects``."""
        return "projects" if self.source == "projects" else f"{self.source} {self.split}"


@dataclass(frozen=True)
class ItemResult:
    """An item's verdicts and what kept it from being reviewed."""

    item: KeyItem
    verdicts: tuple[Verdict, ...]
    problems: tuple[str, ...]  # "<reviewer>: missing" / "<reviewer>: <what is malformed>"
    reviewers: int

    @property
    def reviewed(self) -> bool:
        """Every reviewer gave a well-formed verdict."""
        return self.reviewers > 0 and not self.problems

    @property
    def accepted(self) -> bool:
        """Reviewed, and a majority says accept or edit."""
        votes = [v.verdict for v in self.verdicts]
        return self.reviewed and majority(votes, ACCEPTED, self.reviewers)

    @property
    def accepted_as_is(self) -> bool:
        """Reviewed, and a majority says accept."""
        votes = [v.verdict for v in self.verdicts]
        return self.reviewed and majority(votes, frozenset({"accept"}), self.reviewers)


class KeyFileError(Exception):
    """The key cannot be read."""


def read_key(path: Path) -> list[KeyItem]:
    """The items of a packet's key (``KeyFileError`` when it is missing or not the key's JSON)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [KeyItem.from_dict(d) for d in data["items"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KeyFileError(f"{path}: not a readable key ({type(exc).__name__}: {exc})") from exc


def reviewers_of(packet: Path) -> list[str]:
    """The reviewers: the subdirectories of ``packet/verdicts``, sorted."""
    verdicts = packet / "verdicts"
    return sorted(p.name for p in verdicts.iterdir() if p.is_dir()) if verdicts.is_dir() else []


def read_results(packet: Path, items: list[KeyItem]) -> tuple[list[ItemResult], list[str]]:
    """Each item's verdicts, and one line per verdict file that belongs to no item."""
    reviewers = reviewers_of(packet)
    results = []
    for item in items:
        verdicts: list[Verdict] = []
        problems: list[str] = []
        for reviewer in reviewers:
            path = packet / "verdicts" / reviewer / f"{item.id}.txt"
            try:
                verdict, reason = parse_verdict(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                problems.append(f"{reviewer}: missing")
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(f"{reviewer}: unreadable ({type(exc).__name__})")
            except VerdictError as exc:
                problems.append(f"{reviewer}: malformed: {exc}")
            else:
                verdicts.append(Verdict(reviewer, verdict, reason))
        results.append(ItemResult(item, tuple(verdicts), tuple(problems), len(reviewers)))
    ids = {item.id for item in items}
    stray = [
        f"{p.relative_to(packet)}: no item {p.stem} in the key"
        for reviewer in reviewers
        for p in sorted((packet / "verdicts" / reviewer).iterdir())
        if p.stem not in ids or p.suffix != ".txt"
    ]
    return results, stray


# ----------------------------------------------------------------------------------------------
# Tables


def _rate(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


def _row(label: str, results: list[ItemResult]) -> list[object]:
    done = [r for r in results if r.reviewed]
    return [
        label,
        len(results),
        len(done),
        _rate(sum(r.accepted for r in done), len(done)),
        _rate(sum(r.accepted_as_is for r in done), len(done)),
    ]


HEADER = ["items", "all", "reviewed", "accepted (as is or after an edit)", "accepted as is"]
_GROUPS = (
    ("realbugs dev", "real bugs, dev half"),
    ("realbugs heldout", "real bugs, held-out half"),
    ("projects", "multi-file projects"),
)


def rates_table(results: list[ItemResult]) -> str:
    """Generated blocks and controls, in all and per source, half and configuration."""
    gen = [r for r in results if r.item.origin == "generated"]
    ctl = [r for r in results if r.item.origin == "control"]
    rows = [_row("**generated**", gen)]
    rows += [
        _row(f"generated: {label}", sel)
        for group, label in _GROUPS
        if (sel := [r for r in gen if r.item.group == group])
    ]
    configs = sorted({r.item.config for r in gen})
    if len(configs) > 1:
        rows += [_row(f"generated: {c}", [r for r in gen if r.item.config == c]) for c in configs]
    rows.append(_row("**controls** (hand-written witnesses)", ctl))
    rows += [
        _row(f"controls: {label}", sel)
        for group, label in _GROUPS
        if (sel := [r for r in ctl if r.item.group == group])
    ]
    return markdown_table(HEADER, rows)


def library_table(results: list[ItemResult]) -> str:
    """Generated blocks per library of the dev half and the projects; the held-out half as one
    total.
    """
    gen = [r for r in results if r.item.origin == "generated"]
    rows = []
    for group, label in _GROUPS:
        sel = [r for r in gen if r.item.group == group]
        libraries = sorted({r.item.library for r in sel})
        if group == "realbugs heldout":
            if sel:
                rows.append(_row(f"{label}: {len(libraries)} libraries", sel))
            continue
        rows += [
            _row(f"{lib} ({label})", [r for r in sel if r.item.library == lib]) for lib in libraries
        ]
    return markdown_table(["generated, per library", *HEADER[1:]], rows)


def rubric_rules(rubric: Path = RUBRIC) -> dict[int, str]:
    """The rubric's rules: number -> its bold title."""
    text = rubric.read_text(encoding="utf-8") if rubric.is_file() else ""
    return {int(m[1]): m[2] for m in re.finditer(r"^(\d+)\. \*\*(.+?)\*\*", text, re.M)}


def _cited(results: list[ItemResult], origin: str, verdict: str, rule: int | None) -> int:
    return sum(
        1
        for r in results
        if r.item.origin == origin
        for v in r.verdicts
        if v.verdict == verdict and (rule in v.rules if rule is not None else not v.rules)
    )


def rules_table(results: list[ItemResult], rules: dict[int, str]) -> str:
    """The ``edit`` and ``reject`` verdicts (of reviewed items) citing each rule."""
    done = [r for r in results if r.reviewed]
    header = ["rule", "generated: edit", "generated: reject", "controls: edit", "controls: reject"]
    rows: list[list[object]] = []
    for rule, title in [*sorted(rules.items()), (None, "")]:
        counts = [_cited(done, o, v, rule) for o in ("generated", "control") for v in VERDICTS[1:]]
        label = f"{rule}. {title}" if rule is not None else "no rule cited"
        rows.append([label, *counts])
    return markdown_table(header, rows)


def reasons(results: list[ItemResult], rules: dict[int, str], heldout: bool) -> str:
    """The reasons of ``edit`` and ``reject`` verdicts of reviewed items, grouped by the rule
    they cite (one citing two rules is listed under both); a held-out generated item's text only
    when ``heldout``.
    """
    out: list[str] = []
    hidden: set[tuple[str, str]] = set()
    for rule in [*sorted(rules), None]:
        lines = []
        for r in results:
            if not r.reviewed:
                continue
            for v in r.verdicts:
                cites = rule in v.rules if rule is not None else not v.rules
                if v.verdict == "accept" or not cites:
                    continue
                if r.item.origin == "generated" and r.item.split == "heldout" and not heldout:
                    hidden.add((r.item.id, v.reviewer))
                    continue
                lines.append(f"- {r.item.id} ({r.item.origin}, {v.verdict}): {v.reason}")
        if lines:
            title = f"Rule {rule}: {rules[rule]}" if rule is not None else "No rule cited"
            out += [f"**{title}**", "", *sorted(lines), ""]
    if hidden:
        out.append(
            f"_{len(hidden)} reason(s) of held-out items not shown (`--heldout-reasons`; "
            'bench/data/realbugs/README.md, "The split")._'
        )
    return "\n".join(out).strip()


def not_reviewed(results: list[ItemResult]) -> list[str]:
    """One line per item left out, naming the reviewers and what is wrong."""
    return [f"item {r.item.id}: {'; '.join(r.problems)}" for r in results if r.problems]


def report(results: list[ItemResult], reviewers: list[str], heldout: bool) -> str:
    """The whole result as Markdown."""
    rules = rubric_rules()
    done = sum(r.reviewed for r in results)
    head = (
        f"{len(results)} items, {done} reviewed by {len(reviewers)} reviewer(s)"
        f"{'' if len(reviewers) == 3 else ' (the review asks for three)'}; an item is accepted "
        "when a majority of the reviewers accept it as is or after an edit of at most two lines."
    )
    parts = [head, rates_table(results), library_table(results), rules_table(results, rules)]
    listed = reasons(results, rules, heldout)
    if listed:
        parts.append(listed)
    return "\n\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("packet", type=Path, help="the packet directory (packets --out)")
    p.add_argument("--key", type=Path, help="the key (default: DIR.key.json)")
    p.add_argument("--write", action="store_true", help="write the section of docs/benchmarks.md")
    p.add_argument(
        "--heldout-reasons", action="store_true", help="list the reasons of held-out items too"
    )
    args = p.parse_args(argv)
    try:
        items = read_key(args.key or default_key(args.packet))
    except KeyFileError as exc:
        print(f"tally: {exc}", file=sys.stderr)
        return 2
    reviewers = reviewers_of(args.packet)
    results, stray = read_results(args.packet, items)
    for line in not_reviewed(results) + stray:
        print(f"tally: {line}", file=sys.stderr)
    text = report(results, reviewers, args.heldout_reasons)
    print(text)
    if args.write:
        if not any(r.reviewed for r in results):
            print("tally: no item reviewed; docs/benchmarks.md left alone", file=sys.stderr)
            return 1
        body = (
            f"{text}\n\nBlind review (`bench/review/`): items sampled by the rule of "
            "`bench/review/packets.py` from the blocks the benchmarks kept and, as controls, the "
            "corpus's hand-written witnesses; each reviewer saw only the function, the block and "
            "`bench/review/rubric.md`. `python -m bench.review.tally DIR --write`."
        )
        write_section("review", "Blind review of blocks (bench/review)", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
