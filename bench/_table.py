"""Write one benchmark's table into ``docs/benchmarks.md`` between its own markers.

Each benchmark owns a section delimited by ``<!-- bench:NAME -->`` and ``<!-- /bench:NAME -->``;
re-running a benchmark replaces only its section, so all benchmarks share one document.
"""

from __future__ import annotations

import datetime
import platform
import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"


def machine() -> str:
    """A one-line description of the machine the numbers come from."""
    import os

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"


def markdown_table(header: list[str], rows: list[list[object]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def write_section(name: str, title: str, body: str) -> None:
    """Replace (or append) section ``name`` of docs/benchmarks.md with ``title`` and ``body``."""
    DOC.parent.mkdir(parents=True, exist_ok=True)
    if DOC.exists():
        text = DOC.read_text()
    else:
        text = "# Benchmarks\n\nEach section is written by its benchmark under `bench/`.\n"
    stamp = datetime.date.today().isoformat()
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    section = f"{start}\n## {title}\n\n_Measured {stamp} on {machine()}._\n\n{body.strip()}\n{end}"
    pattern = re.compile(rf"{re.escape(start)}.*?{re.escape(end)}", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    DOC.write_text(text)
