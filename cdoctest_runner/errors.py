"""The runner's exceptions. Library code raises these; only the CLIs turn them into exit codes."""

from __future__ import annotations


class CdoctestError(Exception):
    """Base class of every error the runner raises on purpose."""


class ToolchainNotFound(CdoctestError):
    """No usable clang-repl was found (or the one named does not work). The message says what to
    install.
    """


class LibraryNotFound(CdoctestError):
    """A shared library named with ``--lib`` (or ``-cdtl``) does not exist or cannot be loaded."""


class DocTestSyntaxError(CdoctestError):
    """A cdoctest block is malformed. Rendered as ``path:line: message`` (line is 1-based in the
    file).
    """

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


class SourceParseError(CdoctestError):
    """A C/C++ source file could not be read or parsed at all (libclang gave no translation
    unit).
    """


class ReplError(CdoctestError):
    """A clang-repl session failed; the process has been killed."""

    def __init__(self, message: str, stderr: str = "", output: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.stderr = stderr
        self.output = output


class ReplTimeout(ReplError):
    """The session ran past its wall-clock (or CPU) limit."""


class ReplCrashed(ReplError):
    """The interpreter died (``signo`` is the signal, when known)."""

    def __init__(
        self, message: str, stderr: str = "", output: str = "", signo: int | None = None
    ) -> None:
        super().__init__(message, stderr, output)
        self.signo = signo


class ReplOutputLimit(ReplError):
    """An input printed more than ``Limits.max_output_bytes``."""


class ReplCancelled(ReplError):
    """The caller's cancel event was set."""


class ReplSetupError(ReplError):
    """The interpreter could not be started or its prelude did not load."""
