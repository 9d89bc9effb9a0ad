"""Parse and run cdoctest blocks in clang-repl, sandboxed.

The pipeline, after CPython's ``doctest``::

    file --DocTestFinder--> [DocTest(Example...)] --DocTestRunner(repl, checker)--> [DocTestResult]

- ``parser``: comment text -> ``Example`` objects (pure, no clang).
- ``finder``: libclang walk of a C/C++ file -> ``DocTest`` objects with cdoctest names;
  ``flags``: a file's language, compile flags and ``CodeUnderTest``.
- ``repl`` / ``sandbox``: the clang-repl process, confined (time, memory, processes, output,
  network); ``inputs``: an example's source -> the inputs sent, and the preludes.
- ``checker``: compares an example's wanted output with what it got; ``values``: display forms.
- ``runner``: runs DocTests, one at a time or as a concurrent batch on warm interpreters
  (``reuse``: when a warm one may be reused); ``protocol.Runner`` is what callers may ask of it.
- ``clang``: the one libclang set-up (parse, qualified names, class scans); ``ctext``: the one
  scanner of C/C++ comments and literals.
- ``mutation/``: mutants of a target function (``mutate``, the operators' ``edits``) and which
  examples kill them (``analysis``), used by the generator and the trainer; ``coverage/``: line
  and branch coverage of blocks (``program``, ``measure``, ``lcov``).
- ``flags`` / ``compile_db`` / ``files``: compile flags, the compile database, the atomic write;
  ``sessions``: workers and warm sessions; ``libraries``: libraries to load, missing symbols.
- ``report`` / ``cli`` / ``legacy``: human, JSON, JUnit and legacy cdoctest (``.vsc``/list)
  output; ``cdoctest-run``; the original's ``--cdt_*`` command line.

The format is the one of the original ``cdoctest`` tool (``>>> `` / ``... `` prompts in ``/** */``
or ``///`` comments above a declaration); see ``docs/format.md``.
"""

from cdoctest_runner.errors import (
    CdoctestError,
    DocTestSyntaxError,
    LibraryNotFound,
    ToolchainNotFound,
)
from cdoctest_runner.example import CodeUnderTest, Declaration, DocTest, Example
from cdoctest_runner.protocol import Runner
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome, SandboxReport

__all__ = [
    "CdoctestError",
    "CodeUnderTest",
    "Declaration",
    "DocTest",
    "DocTestResult",
    "DocTestSyntaxError",
    "Example",
    "ExampleResult",
    "LibraryNotFound",
    "Outcome",
    "Runner",
    "SandboxReport",
    "ToolchainNotFound",
]
