"""Typed arguments shared by code actions, commands, custom requests and the VS Code extension.

``GenerateArgs`` is the ``data`` of a code action, the argument of the ``cdoctest.server.generate``
command and the params of the ``cdoctest/generate`` request (plus an optional ``workDoneToken``);
``RunTestsArgs`` is the argument of ``cdoctest.server.runTests`` and the params of
``cdoctest/runTests``. On the wire they are camelCase JSON objects; malformed ones raise
``InvalidArgs`` (the server answers with an InvalidParams error).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.api import TargetSelector

GENERATE_COMMAND = "cdoctest.server.generate"
RUN_TESTS_COMMAND = "cdoctest.server.runTests"
GENERATE_REQUEST = "cdoctest/generate"
RUN_TESTS_REQUEST = "cdoctest/runTests"
STATUS_REQUEST = "cdoctest/status"
STATUS_NOTIFICATION = "cdoctest/status"


class InvalidArgs(ValueError):
    """The arguments of a request or command are malformed; the message says which field."""


def plain(obj: Any) -> Any:
    """Turn pygls ``Object`` namedtuples (custom-request params) into plain dicts and lists."""
    if hasattr(obj, "_asdict"):
        return {k: plain(v) for k, v in obj._asdict().items()}
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def _get(raw: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
    value = raw.get(key, default)
    if value is None:
        return default
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise InvalidArgs(f"'{key}' must be {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _object_with_uri(raw: Any) -> tuple[dict[str, Any], str]:
    """Unwrap a dict, pygls ``Object`` or one-element list that must carry a non-empty 'uri'."""
    raw = plain(raw)
    if isinstance(raw, list) and len(raw) == 1:
        raw = raw[0]
    if not isinstance(raw, dict):
        raise InvalidArgs(f"expected an object with 'uri', got {raw!r}")
    uri = _get(raw, "uri", str)
    if not uri:
        raise InvalidArgs("'uri' is required")
    return raw, uri


@dataclass(frozen=True)
class GenerateArgs:
    """Which function(s) of which document to generate tests for."""

    uri: str  # the document
    version: int | None = None  # document version the request was made against (None: any)
    line: int | None = None  # 0-based LSP line inside (or on) the function
    name: str | None = None  # qualified or plain function name (used when the text changed)
    all: bool = False  # every function in the file that has no block yet
    force: bool = False  # replace a block of the user's (edited or hand-written) above it

    @classmethod
    def from_json(cls, raw: Any) -> GenerateArgs:
        """Parse a dict, pygls ``Object`` or one-element list; raise ``InvalidArgs``."""
        raw, uri = _object_with_uri(raw)
        args = cls(
            uri=uri,
            version=_get(raw, "version", int),
            line=_get(raw, "line", int),
            name=_get(raw, "name", str),
            all=bool(_get(raw, "all", bool, False)),
            force=bool(_get(raw, "force", bool, False)),
        )
        if args.line is not None and args.line < 0:
            raise InvalidArgs(f"'line' must be >= 0, got {args.line}")
        if args.line is None and not args.name and not args.all:
            raise InvalidArgs("one of 'line', 'name' or 'all' is required")
        return args

    def to_json(self) -> dict[str, Any]:
        """Return the camelCase wire form (None fields left out)."""
        out: dict[str, Any] = {"uri": self.uri}
        for key in ("version", "line", "name"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.all:
            out["all"] = True
        if self.force:
            out["force"] = True
        return out

    def selector(self, same_version: bool) -> TargetSelector | None:
        """Select by line while the text is the one the request was made for, else by name.

        None when the document changed and there is only a line to go by (it may now point at
        another function): the caller refuses rather than guess.
        """
        if self.all:
            return TargetSelector(all=True)
        if self.line is not None and same_version:
            return TargetSelector(line=self.line + 1)
        if self.name:
            return TargetSelector(name=self.name)
        return None


@dataclass(frozen=True)
class RunTestsArgs:
    """Run the cdoctest blocks of one document (all of them)."""

    uri: str

    @classmethod
    def from_json(cls, raw: Any) -> RunTestsArgs:
        """Parse a dict, pygls ``Object`` or one-element list; raise ``InvalidArgs``."""
        raw, uri = _object_with_uri(raw)
        return cls(uri=uri)
