"""The parsed form of cdoctest tests: ``Example``, ``DocTest`` and what they run against.

Invariants (normalised in ``__post_init__``, so callers never have to):

- ``Example.source`` is the code sent to clang-repl for one prompt, continuation (``... ``) lines
  included, joined with ``\\n``; it ends with ``\\n``.
- ``Example.want`` is the expected output; it ends with ``\\n`` unless it is empty. The ``<...>``
  marker has already been turned into an empty line.
- ``Example.lineno`` is 0-based within the comment (line 0 is the line holding ``/**`` or the first
  ``///``); ``DocTest.lineno`` is 1-based in the file, as libclang reports it. So an example's first
  prompt is on file line ``test.lineno + example.lineno``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Literal

Language = Literal["c", "c++"]


@dataclass(frozen=True)
class Example:
    """One ``>>> `` prompt (with its ``... `` continuations) and the output it should print."""

    source: str
    want: str = ""
    lineno: int = 0
    indent: int = 0
    options: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.source.endswith("\n"):
            object.__setattr__(self, "source", self.source + "\n")
        if self.want and not self.want.endswith("\n"):
            object.__setattr__(self, "want", self.want + "\n")


@dataclass(frozen=True)
class Declaration:
    """The declaration a cdoctest block is attached to (positions 1-based, as libclang reports)."""

    name: str  # 'fac'
    qualname: str  # 'test::Fac::fac'
    # 'function' | 'method' | 'constructor' | 'destructor' | 'class' | 'struct' | 'union' |
    # 'namespace' | 'template' | 'enum' | 'other'
    kind: str
    line: int
    column: int
    end_line: int
    end_column: int
    signature: str = ""  # 'int fac(int n)' where known


@dataclass(frozen=True)
class DocTest:
    """The cdoctest block of one comment, attached to the declaration that follows it."""

    examples: tuple[Example, ...]
    name: str  # hierarchical cdoctest name, e.g. 'sample.cpp::test::Fac::fac'
    filename: str
    lineno: int  # 1-based file line of the comment's first line
    end_lineno: int  # 1-based file line of the comment's last line
    declaration: Declaration | None = None
    comment_style: str = "/**"  # '/**' | '/*!' | '///' | '//!'
    column: int = 1  # 1-based column of the comment's start

    def __post_init__(self) -> None:
        if not isinstance(self.examples, tuple):
            object.__setattr__(self, "examples", tuple(self.examples))


@dataclass(frozen=True)
class CodeUnderTest:
    """What a clang-repl session loads before the examples run.

    Exactly one way is used, in this order: ``text`` (source text given directly: an unsaved
    editor buffer or a mutant; it is written into the sandbox's private directory and included
    from there), ``path`` (a self-contained .c/.cpp/.h file, included by absolute path), or
    ``headers`` + ``libraries`` (headers included, shared libraries loaded with ``%lib``).
    ``path`` is also used, when ``text`` is given, to resolve relative ``#include "..."``
    (its directory is added to the include path).
    """

    path: str | None = None
    text: str | None = None
    language: Language = "c++"
    headers: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()  # extra compiler flags such as '-std=c++17', passed with --Xcc
    prelude: str = ""  # extra code to run before the examples (after the code under test)
    key: str = field(default="", compare=False)  # optional label for logs

    def __post_init__(self) -> None:
        for name in ("headers", "libraries", "include_dirs", "defines", "flags"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if self.path is not None:
            object.__setattr__(self, "path", os.path.abspath(self.path))

    def clang_args(self) -> tuple[str, ...]:
        """The compiler arguments a session reads the code with, for libclang: ``-I`` of each
        include directory, ``-D`` of each define, then ``flags``.

        >>> CodeUnderTest(include_dirs=("inc",), defines=("N=2",), flags=("-w",)).clang_args()
        ('-Iinc', '-DN=2', '-w')
        """
        return (
            *(f"-I{d}" for d in self.include_dirs),
            *(f"-D{d}" for d in self.defines),
            *self.flags,
        )

    def source_text(self) -> str | None:
        """The code's text: ``text``, else the file at ``path`` as it is now; None when there is
        neither or the file cannot be read (the session's load reports that).
        """
        if self.text is not None or self.path is None:
            return self.text
        try:
            with open(self.path, encoding="utf-8", errors="surrogateescape") as f:
                return f.read()
        except OSError:
            return None

    @staticmethod
    def language_of(path: str) -> Language:
        """``'c'`` for ``.c`` files, ``'c++'`` otherwise (headers are treated as C++)."""
        return "c" if path.lower().endswith(".c") else "c++"
