"""Benchmark: code-action listing latency of the language server on a generated 2,000-line C++ file.

Starts the real server (``python -m server.lsp``) over stdio with a pygls client, opens the file and
measures ``textDocument/codeAction`` round trips at function lines: the first request (cold: parses
the document), requests on the same version (the parse is cached per version), and requests right
after a one-character edit (a new version: one re-parse each). Writes median and p95 with
``bench._table.write_section('lsp', ...)``.

Run: ``.venv/bin/python -m bench.bench_lsp [--warm N] [--changes N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient

from bench._table import markdown_table, write_section

ROOT = Path(__file__).resolve().parent.parent
PAUSE_S = 3.0  # longer than the server's pre-parse delay (0.3 s) plus one parse under load


def generated_source(lines: int = 2000, seed: int = 0) -> tuple[str, list[int]]:
    """Return a C++ file of about ``lines`` lines and a 0-based line inside each function."""
    rng = random.Random(seed)
    out = [
        "// Generated for bench/bench_lsp.py",
        "#include <cstdio>",
        "#include <vector>",
        "#include <string>",
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
    return "\n".join(out) + "\n", inside


def summary(values: list[float]) -> tuple[float, float]:
    """(median, p95) in milliseconds."""
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95


async def measure(warm: int, changes: int) -> dict[str, list[float]]:
    """Run the server, open the generated file and time code-action requests per case."""
    text, inside = generated_source()
    uri = "file:///bench/generated.cpp"
    client = LanguageClient("bench", "0")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
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
    after: list[float] = []
    for version in range(2, changes + 2):
        text = (
            text.replace("// Generated", "//  Generated", 1)
            if version % 2
            else text.replace("//  Generated", "// Generated", 1)
        )
        client.text_document_did_change(
            T.DidChangeTextDocumentParams(
                T.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [T.TextDocumentContentChangeWholeDocument(text)],
            )
        )
        after.append(await ask(rng.choice(inside)))
    results["after change"] = after
    paused: list[float] = []
    for version in range(changes + 2, 2 * changes + 2):
        text = (
            text.replace("// Generated", "//  Generated", 1)
            if version % 2
            else text.replace("//  Generated", "// Generated", 1)
        )
        client.text_document_did_change(
            T.DidChangeTextDocumentParams(
                T.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [T.TextDocumentContentChangeWholeDocument(text)],
            )
        )
        await asyncio.sleep(PAUSE_S)  # the user stops typing: the server pre-parses
        paused.append(await ask(rng.choice(inside)))
    results[f"after change + {PAUSE_S:g} s pause"] = paused
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table and write it into docs/benchmarks.md."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--warm", type=int, default=200, help="requests on one version")
    p.add_argument("--changes", type=int, default=20, help="requests each right after an edit")
    p.add_argument("--no-write", action="store_true", help="print only")
    opts = p.parse_args(argv)
    text, inside = generated_source()
    load_before = os.getloadavg()[0]
    results = asyncio.run(measure(opts.warm, opts.changes))
    rows = []
    for name, values in results.items():
        med, p95 = summary(values)
        rows.append([name, len(values), f"{med:.1f}", f"{p95:.1f}"])
    body = (
        "`textDocument/codeAction` round trip (client to server and back) at a line inside a "
        "function of a "
        f"generated {text.count(chr(10))}-line C++ file with {len(inside)} functions plus methods "
        "(`#include <vector>`, `<string>`). *cold*: first request after opening "
        "(one libclang parse); "
        "*warm*: same document version (the parse is cached per version); "
        "*after change*: each request "
        "right after a one-character edit (one re-parse each); *after change + pause*: the same "
        f"with {PAUSE_S:g} s between the edit and the request (the server pre-parses a changed "
        "document 0.3 s after the last edit, so the request finds the parse cached).\n\n"
        + markdown_table(["case", "requests", "median ms", "p95 ms"], rows)
        + f"\n\nLoad average: {load_before:.1f} before the run, {os.getloadavg()[0]:.1f} after "
        "(other processes share the cores; the after-change time is the libclang parse of "
        "`server.locate.load_source`, which grows with that load)."
    )
    print(body)
    if not opts.no_write:
        write_section("lsp", "Language server: code-action listing latency", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
