"""The evaluation set of the generator: C and C++ functions with no cdoctest blocks.

``bench/data/eval_functions/`` holds one self-contained file per function (it compiles on its own
in clang-repl-22) and ``index.json`` lists, per file: the target ``function``, a ``category``
(``branching``, ``loops``, ``c-strings``, ``std-string``, ``arrays`` (pointer + length),
``vectors``, ``structs``, ``class-methods``, ``recursion``, ``bit-ops``, ``floating-point``,
``enums``) and ``checks``: hand-checked ``[source, want]`` pairs (``want`` in the runner's display
form) that ``tests/generate/test_eval_set.py`` runs to prove the file compiles and the function
does what its comment says. The generator never sees the checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cdoctest_runner.example import CodeUnderTest, DocTest, Example, Language

EVAL_DIR = Path(__file__).resolve().parent / "data" / "eval_functions"


@dataclass(frozen=True)
class EvalFunction:
    """One evaluation target."""

    path: str  # absolute path of the file
    function: str  # name of the target function (unique in its file)
    category: str
    checks: tuple[Example, ...]

    @property
    def language(self) -> Language:
        """``'c'`` for ``.c`` files, else ``'c++'``."""
        return CodeUnderTest.language_of(self.path)

    @property
    def name(self) -> str:
        """``file::function``, for reports."""
        return f"{Path(self.path).name}::{self.function}"

    def code(self) -> CodeUnderTest:
        """Return the file as the code under test of a clang-repl session."""
        return CodeUnderTest(path=self.path, language=self.language)

    def check_test(self) -> DocTest:
        """Return the hand-written checks as one cdoctest block."""
        return DocTest(
            examples=self.checks,
            name=f"eval::{self.name}",
            filename=self.path,
            lineno=1,
            end_lineno=1,
        )


def load_eval_set(directory: Path = EVAL_DIR) -> list[EvalFunction]:
    """Read ``index.json``; every listed file must exist."""
    entries = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    out = []
    for e in entries:
        path = directory / e["file"]
        if not path.is_file():
            raise FileNotFoundError(f"{path} is listed in index.json but missing")
        checks = tuple(Example(source=src, want=want) for src, want in e["checks"])
        out.append(EvalFunction(str(path), e["function"], e["category"], checks))
    return out
