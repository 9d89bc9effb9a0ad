"""Benchmark: code-action listing latency of the language server on a generated 2,000-line C++ file.

Starts the real server (``python -m server.lsp``) over stdio with a pygls client, opens the file
(written to a temporary directory: libclang keeps a precompiled preamble only for a file on disk)
and measures ``textDocument/codeAction`` round trips at function lines: the first request (cold:
parses the document), requests on the same version (the parse is cached per version), and
requests right after a one-character edit: a character or a newline typed in a function body, a
character typed in the leading comment (inside the preamble, which a reparse rebuilds), and a
character typed in a body after a pause (meanwhile the test view parses the file's blocks). Three
configurations run in one call, one server each: *full parse* (``CDOCTEST_LSP_PREAMBLE=0``: a
new libclang parse per version, as before), *reparse* (the document's translation unit kept and
reparsed with its precompiled preamble, ``cdoctest_runner.clang.Reparser``) and the default,
which also answers an edit strictly inside one body or inside one comment without a parse
(``server.lsp.listing``).
Writes median and p95 with ``bench._table.write_section('lsp', ...)``.

Run: ``.venv/bin/python -m bench.bench_lsp [--warm N] [--changes N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient

from bench._table import markdown_table, write_section

ROOT = Path(__file__).resolve().parent.parent
# CDOCTEST_LSP_PREAMBLE per configuration (server.lsp.engine)
CONFIGS = {"full parse": "0", "reparse": "reparse", "reparse + edit checks": "1"}
# A pause in typing: the server's warm-up (0.3 s after an edit) then lists the functions and the
# test view parses the file's blocks (``Engine.doctests``) before the next edit comes.
PAUSE_S = 0.8
PAUSED = f"a character typed in a function body {PAUSE_S} s after the last edit"


def generated_source(lines: int = 2000, seed: int = 0) -> tuple[str, list[int]]:
    """Return a C++ file of about ``lines`` lines (one function with a cdoctest block at its
    end) and a 0-based line inside each function but that one.
    """
    rng = random.Random(seed)
    out = [
        "// Generated for bench/bench_lsp.py",
        "#include <cstdio>",
        "#include <vector>",
        "#include <string>",
        "#include <map>",
        "",
    ]
    inside: list[int] = []
    n = 0
    while len(out) < lines - 12:
        out.append(f"namespace ns{n} {{")
        out.append(f"struct Acc{n} {{ int total = 0; void add(int v) {{ total += v; }} }};")
        for k in range(4):
            name = f"f{n}_{k}"
            out.append(f"int {name}(int a, int b) {{")
            out.append("    int r = 0;")
            inside.append(len(out))
            out.append(f"    for (int i = 0; i < a; ++i) r += (i % {rng.randint(2, 9)}) * b;")
            out.append(f"    if (r > {rng.randint(10, 1000)}) r -= a;")
            out.append("    return r;")
            out.append("}")
            out.append("")
        out.append(
            f"std::vector<int> v{n}(int n) {{ std::vector<int> v; "
            "for (int i = 0; i < n; ++i) v.push_back(i); return v; }"
        )
        out.append(f"}}  // namespace ns{n}")
        out.append("")
        n += 1
    # One cdoctest block, so that the test view and code lenses parse the file's blocks.
    out += ["/**", " * >>> last(1)", " * 1", " */", "int last(int x) { return x; }"]
    return "\n".join(out) + "\n", inside


def summary(values: list[float]) -> tuple[float, float]:
    """(median, p95) in milliseconds."""
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95


def body_edit(text: str, line: int) -> str:
    """``text`` with one space more, or one fewer, after ``r +=`` on 0-based ``line``."""
    lines = text.split("\n")
    old = lines[line]
    lines[line] = (
        old.replace("r += ", "r +=  ", 1)
        if "r +=  " not in old
        else old.replace("r +=  ", "r += ", 1)
    )
    return "\n".join(lines)


def newline_edit(text: str, line: int) -> str:
    """``text`` with an empty line typed before 0-based ``line`` (or taken back)."""
    lines = text.split("\n")
    if lines[line] == "":
        del lines[line]
    else:
        lines.insert(line, "")
    return "\n".join(lines)


def comment_edit(text: str) -> str:
    """``text`` with one space more, or one fewer, in its first line (a comment)."""
    if text.startswith("//  Generated"):
        return text.replace("//  Generated", "// Generated", 1)
    return text.replace("// Generated", "//  Generated", 1)


async def measure(path: Path, preamble: str, warm: int, changes: int) -> dict[str, list[float]]:
    """Run one server, open the file and time code-action requests per case."""
    text = path.read_text()
    _, inside = generated_source()
    uri = path.as_uri()
    client = LanguageClient("bench", "0")
    env = dict(os.environ, PYTHONPATH=str(ROOT), CDOCTEST_LSP_PREAMBLE=preamble)
    await client.start_io(sys.executable, "-m", "server.lsp", env=env)
    caps = T.ClientCapabilities(
        text_document=T.TextDocumentClientCapabilities(
            code_action=T.CodeActionClientCapabilities(
                resolve_support=T.ClientCodeActionResolveOptions(properties=["edit"])
            )
        )
    )
    await client.initialize_async(
        T.InitializeParams(
            capabilities=caps, initialization_options={"diagnostics": {"runOnOpen": False}}
        )
    )
    client.initialized(T.InitializedParams())
    client.text_document_did_open(
        T.DidOpenTextDocumentParams(T.TextDocumentItem(uri, "cpp", 1, text))
    )

    async def ask(line: int) -> float:
        pos = T.Position(line, 6)
        params = T.CodeActionParams(
            T.TextDocumentIdentifier(uri), T.Range(pos, pos), T.CodeActionContext([])
        )
        t0 = time.perf_counter()
        actions = await client.text_document_code_action_async(params)
        elapsed = time.perf_counter() - t0
        assert actions and actions[0].title.startswith("Generate cdoctest for"), actions
        return elapsed

    rng = random.Random(1)
    results: dict[str, list[float]] = {"cold": [await ask(inside[0])]}
    results["warm"] = [await ask(rng.choice(inside)) for _ in range(warm)]
    version = 1
    for case, edit, pause in (
        ("a character typed in a function body", lambda t: body_edit(t, rng.choice(inside)), 0),
        ("a newline typed in a function body", lambda t: newline_edit(t, inside[0]), 0),
        ("a character typed in the leading comment", comment_edit, 0),
        (PAUSED, lambda t: body_edit(t, rng.choice(inside)), PAUSE_S),
    ):
        times: list[float] = []
        for _ in range(changes):
            await asyncio.sleep(pause)
            version += 1
            text = edit(text)
            client.text_document_did_change(
                T.DidChangeTextDocumentParams(
                    T.VersionedTextDocumentIdentifier(version=version, uri=uri),
                    [T.TextDocumentContentChangeWholeDocument(text)],
                )
            )
            times.append(await ask(rng.choice(inside)))
        results[case] = times
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    """Measure both configurations, print the table and write it into docs/benchmarks.md."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--warm", type=int, default=50, help="requests on one version")
    p.add_argument("--changes", type=int, default=20, help="requests each right after an edit")
    p.add_argument("--no-write", action="store_true", help="print only")
    opts = p.parse_args(argv)
    text, inside = generated_source()
    load_before = os.getloadavg()[0]
    results: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="cdoctest-bench-lsp-") as tmp:
        path = Path(tmp) / "generated.cpp"
        path.write_text(text)
        for name, preamble in CONFIGS.items():
            results[name] = asyncio.run(measure(path, preamble, opts.warm, opts.changes))
    rows = []
    for case in results["full parse"]:
        row: list[object] = [case, len(results["full parse"][case])]
        for name in CONFIGS:
            med, p95 = summary(results[name][case])
            row += [f"{med:.1f}", f"{p95:.1f}"]
        rows.append(row)
    body = (
        "`textDocument/codeAction` round trip (client to server and back) at a line inside a "
        f"function of a generated {text.count(chr(10))}-line C++ file with {len(inside)} "
        "functions plus methods (`#include <vector>`, `<string>`, `<map>`), on disk. "
        "*cold*: first request after opening; *warm*: same document version (the function list "
        "is cached per version); the other rows: each request right after a one-character edit "
        f"(a new version); in the last row, {PAUSE_S} s after the previous edit, time in which "
        "the server's warm-up lists the functions and the test view parses the file's one "
        "cdoctest block (`Engine.doctests`: a parse of the whole file; the function list has a "
        "thread of its own, so a code action does not wait for it). Three servers, one after "
        "the other in one run: *full parse* "
        "(`CDOCTEST_LSP_PREAMBLE=0`: a new libclang parse per version, as before), *reparse* "
        "(`CDOCTEST_LSP_PREAMBLE=reparse`: the document's translation unit is kept and "
        "`reparse`d, its includes compiled once into a precompiled preamble, "
        "`cdoctest_runner.clang.Reparser`) and *reparse + edit checks* (the default: an edit "
        "strictly inside one function body, with balanced brackets and no preprocessor line, "
        "or inside one comment, on one line, making or breaking no comment delimiter, no "
        "backslash and no block above a function, cannot change the function list, which is "
        "then answered without a parse: `server.lsp.listing`). With a reparse, an edit in the "
        "leading comment falls inside the preamble, which libclang then rebuilds.\n\n"
        + markdown_table(
            ["case", "requests"]
            + [f"{name} {stat} ms" for name in CONFIGS for stat in ("median", "p95")],
            rows,
        )
        + f"\n\nLoad average: {load_before:.1f} before the run, {os.getloadavg()[0]:.1f} after "
        "(other processes share the 2 cores)."
    )
    print(body)
    if not opts.no_write:
        write_section("lsp", "Language server: code-action latency after an edit", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
