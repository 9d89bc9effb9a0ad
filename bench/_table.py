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
    text = DOC.read_text() if DOC.exists() else "# Benchmarks\n\nEach section is written by its benchmark under `bench/`; re-run it to refresh.\n"
    stamp = datetime.date.today().isoformat()
    section = f"<!-- bench:{name} -->\n## {title}\n\n_Measured {stamp} on {machine()}._\n\n{body.strip()}\n<!-- /bench:{name} -->"
    pattern = re.compile(rf"<!-- bench:{re.escape(name)} -->.*?<!-- /bench:{re.escape(name)} -->", re.S)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
    DOC.write_text(text)
