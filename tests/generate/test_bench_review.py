"""The blind review of ``bench/review/``: the sampling rule, the blinding of packets, the function
excerpts and the tally's majority (pure logic and libclang; no clang-repl).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import _table
from bench.bench_projects import Row as ProjectRow
from bench.bench_projects import keep_block
from bench.bench_realbugs import Row as RealBugRow
from bench.bench_realbugs import write_block
from bench.review import packets, tally
from bench.review.packets import draw, one_witness_per_function, order_key
from bench.review.sources import (
    Candidate,
    Corpus,
    MaterialError,
    blind,
    function_excerpt,
    project_blocks,
    realbugs_blocks,
)
from cdoctest_runner.example import Example
from server.render import render_block

#: The line every block carried before the ownership record moved out of the comment (issue #40):
#: the blocks of earlier runs (the baseline's) still have it, and a packet never shows it.
OLD_MARKER_LINE = "cdoctest-gen: generated and verified; regenerating replaces this block"
BLOCK = render_block([Example("f(2)", "4\n"), Example("f(0)", "0\n")], "/**", "", "\n").replace(
    "/**\n", f"/**\n{OLD_MARKER_LINE}\n", 1
)


def _cand(split: str, library: str, function: str, origin: str = "generated") -> Candidate:
    source = "projects" if split == "projects" else "realbugs"
    return Candidate(
        origin, source, split, "default", library, f"{library}.c", function, "c", BLOCK
    )


def _pool() -> list[Candidate]:
    """Two dev libraries, three held-out, one project; five functions each."""
    libs = {"dev": ["a", "b"], "heldout": ["c", "d", "e"], "projects": ["p"]}
    return [
        _cand(s, lib, f"{lib}_{i}") for s, names in libs.items() for lib in names for i in range(5)
    ]


def test_the_draw_is_deterministic_and_the_strata_take_turns_under_the_library_cap() -> None:
    pool = _pool()
    picked = draw(pool, 10, 2, seed=0)
    assert picked == draw(reversed(pool), 10, 2, seed=0)  # the input order does not matter
    assert [c.split for c in picked[:6]] == ["dev", "heldout", "projects"] * 2
    assert [c.split for c in picked[6:]] == ["dev", "heldout"] * 2  # projects: its cap reached
    for s, lib in {(c.split, c.library) for c in picked}:
        assert sum(c.split == s and c.library == lib for c in picked) <= 2
    first_dev = min((c for c in pool if c.split == "dev"), key=lambda c: order_key(0, c.ident))
    assert picked[0] == first_dev
    assert draw(pool, 10, 2, seed=1) != picked


def test_the_draw_passes_over_unusable_candidates_and_functions_already_taken() -> None:
    pool = _pool()
    first = draw(pool, 1, 3, seed=0)[0]
    second = draw(pool, 1, 3, seed=0, usable=lambda c: c != first)[0]
    assert second != first and second.split == "dev"
    assert draw(pool, 1, 3, seed=0, taken=[first])[0] == second
    control = _cand("dev", first.library, first.function, origin="control")
    assert control not in draw([control], 5, 3, seed=0, taken=[first])
    assert draw(pool, 100, 1, seed=0) == draw(pool, 6, 1, seed=0)  # 6 libraries, one each


def test_one_witness_per_function_has_the_smallest_key() -> None:
    ws = [
        Candidate("control", "realbugs", "dev", "", "a", "a.c", "f", "c", BLOCK, witness=i)
        for i in range(4)
    ]
    (kept,) = one_witness_per_function(ws, seed=3)
    assert kept.witness == min(range(4), key=lambda i: order_key(3, ws[i].ident))


FIXTURE = """\
#include <stddef.h>
#include <string.h>

/** How many vowels ``s`` has.
 *  NULL counts as an empty string. */
size_t vowels(const char *s)
{
    size_t n = 0;
    if (s == NULL) {
        return 0;
    }
    for (; *s; s++) {
        if (strchr("aeiou", *s)) { n++; }
    }
    return n;
}

/* The larger of a and b. */
int larger(int a, int b);

int after(void) { return 1; }

int larger(int a, int b)
{
    return a > b ? a : b;
}
"""


def test_the_excerpt_holds_the_doc_comment_and_the_whole_body(tmp_path: Path) -> None:
    path = tmp_path / "vowels.c"
    path.write_text(FIXTURE)
    text = function_excerpt(path, "vowels")
    assert text.startswith("/** How many vowels ``s`` has.\n *  NULL counts")
    assert text.endswith('        if (strchr("aeiou", *s)) { n++; }\n    }\n    return n;\n}\n')
    assert "#include" not in text and "larger" not in text
    # a comment on an earlier declaration comes with it, then the definition
    text = function_excerpt(path, "larger")
    assert text == (
        "/* The larger of a and b. */\nint larger(int a, int b);\n\n"
        "int larger(int a, int b)\n{\n    return a > b ? a : b;\n}\n"
    )
    assert function_excerpt(path, "", line=21) == "int after(void) { return 1; }\n"
    with pytest.raises(MaterialError):
        function_excerpt(path, "nowhere")


def _realbugs_results(tmp_path: Path) -> Path:
    """Block files as ``bench_realbugs`` writes them: two with a block, one without."""
    results = tmp_path / "realbugs.jsonl"
    for split, config, function, block in (
        ("dev", "default", "cwalk/cwalk.c::cwk_path_normalize", BLOCK),
        ("dev", "fallback", "cwalk/cwalk.c::cwk_path_normalize", BLOCK),
        ("dev", "default", "cwalk/cwalk.c::cwk_path_get_root", ""),
    ):
        row = RealBugRow(
            config=config,
            library="cwalk",
            function=function,
            verified=bool(block),
            origin="fallback",
            examples=2,
            bugs=2,
            caught=1,
            caught_bugs=["2d58a19 a seeded bug"],
            missed_bugs=["1234567 another bug"],
            mutation_score=0.5,
            seconds=3.0,
            message="fallback: 8 runnable call group(s) recorded",
            split=split,
        )
        write_block(results, row, block)
    return results


def _project_blocks(tmp_path: Path) -> Path:
    directory = tmp_path / "projects-blocks"
    row = ProjectRow(
        "jansson", "default", "src/dump.c", "json_dumps", True, ["strbuffer_init"], "verified",
        2, 2, 0.5, 4.0, "",
    )  # fmt: skip
    keep_block(directory, row, 428, BLOCK)
    return directory


def test_block_files_of_both_benchmarks_are_read_back(tmp_path: Path) -> None:
    corpus = Corpus.read()
    found, problems = realbugs_blocks(_realbugs_results(tmp_path), corpus, ("default",))
    assert problems == []
    assert [(c.split, c.config, c.library, c.file, c.function) for c in found] == [
        ("dev", "default", "cwalk", "cwalk.c", "cwk_path_normalize")
    ]  # the fallback's and the file without a block are not candidates
    assert found[0].block.startswith("/**\n" + OLD_MARKER_LINE)
    found, problems = project_blocks(_project_blocks(tmp_path), ("default",))
    assert problems == []
    assert [(c.split, c.library, c.file, c.function, c.line) for c in found] == [
        ("projects", "jansson", "src/dump.c", "json_dumps", 428)
    ]
    assert project_blocks(tmp_path / "nowhere", ("default",)) == (
        [],
        [f"{tmp_path}/nowhere: no such directory"],
    )


def test_the_corpus_decides_the_half_of_a_block(tmp_path: Path) -> None:
    results = _realbugs_results(tmp_path)
    moved = tmp_path / "realbugs-blocks" / "heldout"
    (tmp_path / "realbugs-blocks" / "dev").rename(moved)
    found, problems = realbugs_blocks(results, Corpus.read(), ("default",))
    assert [c.split for c in found] == ["dev"]  # cwalk is dev by the corpus's rule
    name = "cwalk.c__cwk_path_normalize.txt"
    assert problems == [
        f"{moved}/default/cwalk/{name}: under heldout/, but cwalk is in the dev half"
    ]


def test_a_packet_shows_neither_marker_nor_headers_nor_tool_nor_configuration_nor_half(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "packet"
    results, projects = _realbugs_results(tmp_path), _project_blocks(tmp_path)
    argv = ["--out", str(out), "--results", str(results), "--project-blocks", str(projects),
            "--controls", "1", "--configs", "default,fallback"]  # fmt: skip
    assert packets.main(argv) == 0
    key = json.loads((tmp_path / "packet.key.json").read_text())
    assert sorted((i["origin"], i["split"]) for i in key["items"]) == [
        ("control", "dev"),
        ("generated", "dev"),
        ("generated", "projects"),
    ]  # cwk_path_normalize once: its two configurations are one function
    items = sorted((out / "items").glob("*.md"))
    assert [p.name for p in items] == ["001.md", "002.md", "003.md"]
    assert not (out / "key.json").exists()
    for path in [*items, out / "README.md", out / "rubric.md"]:
        text = path.read_text()
        assert "cdoctest-gen" not in text and "generated and verified" not in text, path.name
        assert not re.search(r"^\s*// \S+::", text, re.M), path.name  # no header line
    for item in key["items"]:
        text = (out / "items" / f"{item['id']}.md").read_text()
        assert text.count(">>> ") >= 1
        if item["origin"] == "generated":  # outside the function's text: nothing but the block
            head, rest = text.split("```c\n", 1)
            block = rest.split("```\n", 1)[1]
            assert (
                head
                == f"# Item {item['id']}\n\nThe function, from `{Path(item['file']).name}` (C):\n\n"
            )
            assert block.startswith("\nThe block proposed for the doc comment above it:\n\n"
                                    "```c\n/**\n>>> f(2)\n4\n>>> f(0)\n0\n*/\n```\n")  # fmt: skip
            for word in ("realbugs", "fallback", "default", "heldout", "dev", "projects", "seed",
                         "caught", "missed", "jansson", "cwalk/", "bench"):  # fmt: skip
                assert not re.search(rf"\b{word}\b", head + block), (item["id"], word)
    assert packets.main(argv) == 2  # never over an existing packet
    assert "exists" in capsys.readouterr().err


def test_blind_drops_only_headers_and_the_marker() -> None:
    written = "// x/y.c::f [default, seed 0]: 1/1 caught\n// caught: abc\n" + BLOCK
    assert blind(written) == "/**\n>>> f(2)\n4\n>>> f(0)\n0\n*/\n"
    assert blind("/**\n>>> g() // cdoctest-gen: in code\n1\n*/\n").count("cdoctest-gen") == 1


# ----------------------------------------------------------------------------------------------
# Tally

KEY_ITEMS = [
    ("001", "generated", "realbugs", "dev", "cwalk"),
    ("002", "generated", "realbugs", "dev", "cwalk"),
    ("003", "generated", "projects", "projects", "jansson"),
    ("004", "control", "realbugs", "dev", "inih"),
    ("005", "generated", "realbugs", "heldout", "lz4"),
]
VERDICTS = {  # item -> the three reviewers' files (None: no file)
    "001": [
        "verdict: accept\nreason: fine",
        "verdict: accept\nreason: ok",
        "verdict: reject\nreason: rules 4 and 9: prints an address",
    ],  # fmt: skip
    "002": [
        "verdict: accept\nreason: good",
        "verdict: edit\nreason: rule 8: rename h0a",
        "verdict: reject\nreason: too long",
    ],  # fmt: skip
    "003": [
        "verdict: edit\nreason: R5",
        "verdict: reject\nreason: rule 6: dumps fields",
        "verdict: reject\nreason: rule 6: every field printed",
    ],  # fmt: skip
    "004": [
        "verdict: accept\nreason: ok",
        "verdict: accept\nreason: ok",
        "verdict: accept|edit|reject\nreason: x",
    ],  # fmt: skip
    "005": [
        "verdict: reject\nreason: rule 2: held-out secret",
        None,
        "verdict: reject\nreason: rule 2",
    ],  # fmt: skip
}


def _reviewed_packet(tmp_path: Path) -> Path:
    packet = tmp_path / "packet"
    items = [
        {"id": i, "origin": o, "source": s, "split": sp, "config": "default", "library": lib,
         "file": f"{lib}.c", "function": f"{lib}_f"}
        for i, o, s, sp, lib in KEY_ITEMS
    ]  # fmt: skip
    (tmp_path / "packet.key.json").write_text(json.dumps({"items": items}))
    for n, reviewer in enumerate(("ann", "bo", "cy")):
        d = packet / "verdicts" / reviewer
        d.mkdir(parents=True)
        for item, texts in VERDICTS.items():
            if texts[n] is not None:
                (d / f"{item}.txt").write_text(texts[n] + "\n")
    (packet / "verdicts" / "cy" / "002.txt").write_text(  # a fenced verdict is read too
        "```\nverdict: reject\nreason: too long\n```\n"
    )
    return packet


def test_majority_accepts_a_one_one_one_split_but_not_as_is(tmp_path: Path) -> None:
    packet = _reviewed_packet(tmp_path)
    results, stray = tally.read_results(packet, tally.read_key(tmp_path / "packet.key.json"))
    assert stray == []
    by_id = {r.item.id: r for r in results}
    assert [(i, by_id[i].reviewed, by_id[i].accepted, by_id[i].accepted_as_is) for i in by_id] == [
        ("001", True, True, True),  # 2 accept, 1 reject
        ("002", True, True, False),  # 1-1-1
        ("003", True, False, False),  # 1 edit, 2 reject
        ("004", False, False, False),  # cy's file is malformed
        ("005", False, False, False),  # bo's file is missing
    ]
    assert by_id["004"].problems == ("cy: malformed: verdict 'accept|edit|reject' is not accept, "
                                     "edit or reject",)  # fmt: skip
    assert by_id["005"].problems == ("bo: missing",)
    table = tally.rates_table(results)
    assert "| **generated** | 4 | 3 | 2/3 (67%) | 1/3 (33%) |" in table
    assert "| generated: real bugs, dev half | 2 | 2 | 2/2 (100%) | 1/2 (50%) |" in table
    assert "| generated: real bugs, held-out half | 1 | 0 | - | - |" in table
    assert "| **controls** (hand-written witnesses) | 1 | 0 | - | - |" in table


def test_reasons_are_grouped_by_the_rules_they_cite(tmp_path: Path) -> None:
    packet = _reviewed_packet(tmp_path)
    results, _ = tally.read_results(packet, tally.read_key(tmp_path / "packet.key.json"))
    rules = tally.rubric_rules()
    assert len(rules) == 10 and rules[9] == "No undefined behaviour"
    text = tally.reasons(results, rules, heldout=False)
    rule4 = text.split("**Rule 4:", 1)[1].split("**Rule", 1)[0]
    assert "- 001 (generated, reject): rules 4 and 9: prints an address" in rule4
    assert "prints an address" in text.split("**Rule 9:", 1)[1]  # listed under both rules
    assert "- 002 (generated, reject): too long" in text.split("**No rule cited**", 1)[1]
    assert "held-out secret" not in text  # item 005 is not reviewed, and held out
    rows = tally.rules_table(results, rules)
    assert "| 6. No printout of state the call did not change | 0 | 2 | 0 | 0 |" in rows
    assert "| no rule cited | 0 | 1 | 0 | 0 |" in rows
    assert tally.cited_rules("rule 10; rules 3, 5 or 7; R2 #4; f(6) is 12") == (10, 3, 5, 7, 2, 4)


def test_held_out_reasons_are_shown_only_when_asked(tmp_path: Path) -> None:
    packet = _reviewed_packet(tmp_path)
    (packet / "verdicts" / "bo" / "005.txt").write_text("verdict: reject\nreason: rule 2\n")
    results, _ = tally.read_results(packet, tally.read_key(tmp_path / "packet.key.json"))
    hidden = tally.reasons(results, tally.rubric_rules(), heldout=False)
    assert "held-out secret" not in hidden and "3 reason(s) of held-out items not shown" in hidden
    assert "- 005 (generated, reject): rule 2: held-out secret" in tally.reasons(
        results, tally.rubric_rules(), heldout=True
    )


def test_the_cli_names_what_is_missing_and_writes_its_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    packet = _reviewed_packet(tmp_path)
    (packet / "verdicts" / "ann" / "009.txt").write_text("verdict: accept\nreason: x\n")
    (packet / "verdicts" / "bo" / "001.txt").write_bytes(b"verdict: accept\nreason: \xff\n")
    monkeypatch.setattr(_table, "DOC", tmp_path / "benchmarks.md")
    assert tally.main([str(packet), "--write"]) == 0
    out, err = capsys.readouterr()
    assert "item 004: cy: malformed" in err and "item 005: bo: missing" in err
    assert "item 001: bo: unreadable (UnicodeDecodeError)" in err
    assert "verdicts/ann/009.txt: no item 009 in the key" in err
    assert "5 items, 2 reviewed by 3 reviewer(s)" in out
    doc = (tmp_path / "benchmarks.md").read_text()
    assert "<!-- bench:review -->" in doc and "| **generated** | 4 | 2 |" in doc
    assert tally.main([str(tmp_path / "nowhere")]) == 2
    assert "not a readable key" in capsys.readouterr().err


def test_items_are_shuffled_by_the_seed_and_numbered_in_that_order() -> None:
    pool = [(c, c.function) for c in _pool()]
    items = packets.number(pool, seed=0)
    assert [i.id for i in items[:3]] == ["001", "002", "003"]
    assert [i.function_text for i in items] != [text for _, text in pool]
    assert sorted(i.function_text for i in items) == sorted(text for _, text in pool)
    assert items == packets.number(pool, seed=0) and items != packets.number(pool, seed=1)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("verdict: accept\n", "no reason"),
        ("verdict: accept\nreason:\n", "no reason"),
        ("verdict: accept\nverdict: reject\nreason: x\n", "2 'verdict:' lines, not one"),
        ("", "0 'verdict:' lines, not one"),
        ("verdict: edit\nreason: a\nreason: b\n", "2 'reason:' lines"),
    ],
)
def test_a_malformed_verdict_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(tally.VerdictError, match=f"^{re.escape(problem)}$"):
        tally.parse_verdict(text)


def test_a_verdict_in_bold_or_a_fence_is_read() -> None:
    assert tally.parse_verdict("**verdict**: REJECT\n**reason**: rule 9: reads past buf\n") == (
        "reject",
        "rule 9: reads past buf",
    )
