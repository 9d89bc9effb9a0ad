"""Blind review packets: generated blocks and human-written controls, one file per item.

``python -m bench.review.packets --out DIR [--n N] [--controls M] [--per-library K] [--seed S]
[--configs default] [--results FILE]... [--project-blocks DIR]... [--key FILE]``

Each item shows only a function (with its own comments) and a block for it. Three reviewers,
each with the packet and ``rubric.md`` and nothing else, write ``verdicts/<reviewer>/<id>.txt``;
``python -m bench.review.tally DIR`` counts them. The key (item -> origin, benchmark, half,
configuration, library, function) goes to ``--key`` (default ``DIR.key.json``, beside ``DIR``,
so that handing ``DIR`` to a reviewer does not hand over the key).

The sampling rule, written before any block was read (issue #40) and not changed since:

1. **Candidates.** Generated: every block a benchmark kept for the configurations of
   ``--configs`` (default ``default``, the pipeline a user gets) that holds a ``>>>`` example:
   the real-bug benchmark's (the block files next to each ``--results`` file; stratum ``dev``
   or ``heldout``, its library's half) and the project benchmark's (``--project-blocks``, from
   ``bench_projects --keep-blocks``; stratum ``projects``). Controls: for each function of the
   real-bug corpus, the one of its witnesses whose key (2.) is smallest; stratum its library's
   half.
2. **Order.** Within a stratum, candidates by increasing key ``sha256(f"{seed}:{ident}")`` (hex
   digest), ``ident`` naming origin, stratum, configuration, library, file and function
   (``Candidate.ident``).
3. **Draw.** The strata take turns, ``dev``, ``heldout``, ``projects``, each giving its next
   candidate in that order that passes three checks: fewer than ``--per-library`` (default 3)
   items of its library in its stratum so far; no item of the same function (file name and
   name) in the packet; its function found in its file (``sources.function_excerpt``; one that
   is not is named in the output and passed over). A stratum with no candidate left drops out;
   the draw stops at ``--n`` (default 48) generated items. Then controls are drawn the same way
   (``dev``, ``heldout``; ``--controls``, default a third of the generated items drawn, rounded
   down), never of a function already in the packet.
4. **Shuffle.** All items are shuffled with ``random.Random(seed)`` and numbered ``001``, ``002``,
   ... in that order.

Blinding: an item shows the function's file name (no directory), the function's text as the file
has it, and the block without the benchmark's ``//`` lines (function, configuration, bugs caught,
timings) and without the product's marker line (``cdoctest-gen: generated and verified;
regenerating replaces this block``). Rule 10 of the rubric ("No tool text") is therefore judged
without the marker: it is one constant line that every generated block has and no control has,
and showing it would tell a reviewer which is which. Controls go through the product's renderer
(``server.render.render_block``) like generated blocks, so layout tells nothing either.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import shutil
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_bugs import BugSetError  # noqa: E402
from bench.bench_realbugs import DATA, RESULTS  # noqa: E402
from bench.review.sources import (  # noqa: E402
    Candidate,
    Corpus,
    MaterialError,
    blind,
    function_excerpt,
    project_blocks,
    realbugs_blocks,
    realbugs_options,
    witnesses,
)

RUBRIC = Path(__file__).resolve().parent / "rubric.md"
PROJECT_BLOCKS = ROOT / "bench" / "results" / "projects-blocks"
#: The strata in the order they take turns.
STRATA = ("dev", "heldout", "projects")


def order_key(seed: int, ident: str) -> str:
    """The sampling order of a candidate: the SHA-256 hex digest of ``"{seed}:{ident}"``.

    >>> order_key(0, "x")[:12]
    'dbcdd5257900'
    """
    return hashlib.sha256(f"{seed}:{ident}".encode()).hexdigest()


def one_witness_per_function(controls: Iterable[Candidate], seed: int) -> list[Candidate]:
    """Of each function's witnesses, the one with the smallest ``order_key`` (rule 1)."""
    best: dict[tuple[str, str, str], Candidate] = {}
    for c in controls:
        key = (c.library, c.file, c.function)
        if key not in best or order_key(seed, c.ident) < order_key(seed, best[key].ident):
            best[key] = c
    return list(best.values())


def draw(
    candidates: Iterable[Candidate],
    n: int,
    per_library: int,
    seed: int,
    taken: Iterable[Candidate] = (),
    usable: Callable[[Candidate], bool] = lambda c: True,
) -> list[Candidate]:
    """Rules 2 and 3: up to ``n`` candidates, the strata taking turns, none of a function in
    ``taken`` or already drawn, at most ``per_library`` of a library in a stratum, each one
    ``usable``.
    """
    pool = list(candidates)
    queues = {
        s: sorted((c for c in pool if c.split == s), key=lambda c: order_key(seed, c.ident))
        for s in STRATA
    }
    positions = {s: 0 for s in STRATA if queues[s]}
    seen = {c.function_key for c in taken}
    count: dict[tuple[str, str], int] = {}
    out: list[Candidate] = []
    while len(out) < n and positions:
        for s in list(positions):
            picked = None
            queue = queues[s]
            while positions[s] < len(queue):
                c = queue[positions[s]]
                positions[s] += 1
                if (
                    count.get((s, c.library), 0) < per_library
                    and c.function_key not in seen
                    and usable(c)
                ):
                    picked = c
                    break
            if picked is None:
                del positions[s]
                continue
            out.append(picked)
            seen.add(picked.function_key)
            count[(s, picked.library)] = count.get((s, picked.library), 0) + 1
            if len(out) == n:
                break
    return out


@dataclass(frozen=True)
class Item:
    """One numbered item of a packet: the candidate and its function's text."""

    id: str
    candidate: Candidate
    function_text: str

    def key_entry(self) -> dict[str, object]:
        """What the key says about the item (all but the texts)."""
        entry: dict[str, object] = {"id": self.id}
        entry.update({k: v for k, v in asdict(self.candidate).items() if k != "block"})
        return entry


def number(picked: list[tuple[Candidate, str]], seed: int) -> list[Item]:
    """Rule 4: shuffle with ``random.Random(seed)``, then number from ``001``."""
    order = list(picked)
    random.Random(seed).shuffle(order)
    width = max(3, len(str(len(order))))
    return [Item(f"{i:0{width}d}", c, text) for i, (c, text) in enumerate(order, 1)]


def _fence(text: str) -> str:
    """A Markdown code fence longer than any run of backticks in ``text``."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 3)


def item_markdown(item: Item) -> str:
    """The packet file of an item: the function and the block, nothing else."""
    c = item.candidate
    lang = "c" if c.language == "c" else "cpp"
    language = "C" if c.language == "c" else "C++"
    function, block = item.function_text.rstrip("\n"), blind(c.block).rstrip("\n")
    f1, f2 = _fence(function), _fence(block)
    return (
        f"# Item {item.id}\n\n"
        f"The function, from `{Path(c.file).name}` ({language}):\n\n"
        f"{f1}{lang}\n{function}\n{f1}\n\n"
        "The block proposed for the doc comment above it:\n\n"
        f"{f2}{lang}\n{block}\n{f2}\n\n"
        f'Your verdict goes to `verdicts/<your name>/{item.id}.txt` (`rubric.md`, "Your '
        'verdict").\n'
    )


README = """\
# A blind review of cdoctest blocks

Each file in `items/` shows one C or C++ function, with its own comments, and a cdoctest block
proposed for the doc comment above it.

1. Read `rubric.md`: it says what a block is for and how to judge it.
2. For each `items/<id>.md`, decide as the library's maintainer would, on that item alone, and
   write your verdict to `verdicts/<your name>/<id>.txt` in the rubric's form:

   ```
   verdict: accept|edit|reject
   reason: <one line, naming the rule (by number) that decided it when one did>
   ```

3. Work alone: do not read other reviewers' verdicts, do not run the blocks, and read nothing
   in this directory but this file, `rubric.md` and `items/`.

{count} items. Choose one name for yourself (letters, digits, `-`) and use it for every item.
"""


def write_packet(out: Path, items: list[Item], key: Path, meta: dict[str, object]) -> None:
    """Write ``out/README.md``, ``out/rubric.md``, ``out/items/<id>.md``, an empty
    ``out/verdicts/``, and the key to ``key``.
    """
    (out / "items").mkdir(parents=True)
    (out / "verdicts").mkdir()
    shutil.copyfile(RUBRIC, out / "rubric.md")
    (out / "README.md").write_text(README.format(count=len(items)), encoding="utf-8")
    for item in items:
        (out / "items" / f"{item.id}.md").write_text(item_markdown(item), encoding="utf-8")
    data = {**meta, "items": [item.key_entry() for item in items]}
    key.parent.mkdir(parents=True, exist_ok=True)
    key.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def default_key(out: Path) -> Path:
    """``DIR.key.json`` beside the packet directory ``DIR``."""
    return out.resolve().with_name(out.resolve().name + ".key.json")


class _Excerpts:
    """The functions' texts, found once each; what cannot be found is remembered as a problem."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.texts: dict[str, str] = {}
        self.problems: list[str] = []

    def usable(self, c: Candidate) -> bool:
        if c.ident in self.texts:
            return True
        lib = self.corpus.libraries.get(c.library) if c.source == "realbugs" else None
        options = realbugs_options(lib) if lib is not None else None
        try:
            self.texts[c.ident] = function_excerpt(c.path, c.function, c.line, options)
        except MaterialError as exc:
            self.problems.append(f"passed over {c.ident}: {exc}")
            return False
        return True


def _summary(picked: list[Candidate]) -> list[str]:
    lines = []
    for origin in ("generated", "control"):
        sel = [c for c in picked if c.origin == origin]
        for s in STRATA:
            libs: dict[str, int] = {}
            for c in sel:
                if c.split == s:
                    libs[c.library] = libs.get(c.library, 0) + 1
            if libs:
                listing = ", ".join(f"{k} {v}" for k, v in sorted(libs.items()))
                lines.append(f"{origin} {s}: {sum(libs.values())} from {len(libs)} libraries "
                             f"({listing})")  # fmt: skip
        n_libs = len({(c.source, c.library) for c in sel})
        lines.append(f"{origin}: {len(sel)} items from {n_libs} libraries")
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="The sampling rule is in the module's docstring (bench/review/packets.py).",
    )
    p.add_argument("--out", type=Path, required=True, help="the packet directory (new)")
    p.add_argument("--n", type=int, default=48, help="generated items (default: %(default)s)")
    p.add_argument(
        "--controls", type=int, help="control items (default: a third of the generated items)"
    )
    p.add_argument("--per-library", type=int, default=3, help="per library and stratum")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--configs", default="default", help="comma-separated configurations")
    p.add_argument(
        "--results",
        type=Path,
        action="append",
        help=f"a real-bug results file, its blocks beside it (default: {RESULTS})",
    )
    p.add_argument(
        "--project-blocks",
        type=Path,
        action="append",
        help=f"a bench_projects --keep-blocks directory (default: {PROJECT_BLOCKS}, if any)",
    )
    p.add_argument("--data", type=Path, default=DATA, help="the real-bug corpus")
    p.add_argument("--key", type=Path, help="where the key goes (default: DIR.key.json)")
    args = p.parse_args(argv)
    key = args.key or default_key(args.out)
    if (args.out / "items").exists() or key.exists():
        print(f"packets: {args.out} (or its key {key}) exists: choose a new one", file=sys.stderr)
        return 2
    configs = tuple(c for c in args.configs.split(",") if c)
    try:
        corpus = Corpus.read(args.data)
    except BugSetError as exc:
        print(f"packets: {exc}", file=sys.stderr)
        return 2
    generated: list[Candidate] = []
    problems: list[str] = []
    for results in args.results or [RESULTS]:
        found, bad = realbugs_blocks(results, corpus, configs)
        generated += found
        problems += bad
    project_dirs = args.project_blocks or ([PROJECT_BLOCKS] if PROJECT_BLOCKS.is_dir() else [])
    for directory in project_dirs:
        found, bad = project_blocks(directory, configs)
        generated += found
        problems += bad
    excerpts = _Excerpts(corpus)
    picked = draw(generated, args.n, args.per_library, args.seed, usable=excerpts.usable)
    controls = one_witness_per_function(witnesses(corpus), args.seed)
    n_controls = args.controls if args.controls is not None else len(picked) // 3
    picked += draw(controls, n_controls, args.per_library, args.seed, picked, excerpts.usable)
    items = number([(c, excerpts.texts[c.ident]) for c in picked], args.seed)
    meta: dict[str, object] = {
        "seed": args.seed,
        "n": args.n,
        "controls": n_controls,
        "per_library": args.per_library,
        "configs": list(configs),
        "results": [str(r) for r in args.results or [RESULTS]],
        "project_blocks": [str(d) for d in project_dirs],
        "candidates": len(generated),
    }
    write_packet(args.out, items, key, meta)
    for line in problems + excerpts.problems:
        print(f"packets: {line}", file=sys.stderr)
    print(f"{len(generated)} generated block(s) to draw from ({', '.join(configs)})")
    print("\n".join(_summary(picked)))
    print(f"{len(items)} items in {args.out}/items; key: {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
