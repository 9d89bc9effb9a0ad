"""Token dictionaries of input languages (AFL++'s ``dictionaries/``, Apache-2.0: README.md and
LICENSE in this folder), and the parser of their format.

``parse_dict(text)`` reads AFL's format: one token a line, ``name="value"`` or ``"value"``, an
optional ``@level`` after the name, ``#`` comments and blank lines; inside the quotes ``\\\\``,
``\\"`` and ``\\xNN`` are escapes, every other byte printable ASCII. As AFL does, the value runs
from the first quote to the last one of the line. ``tokens(name)`` is one vendored file's
tokens, read once.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

__all__ = ["DictionaryError", "parse_dict", "tokens"]


class DictionaryError(ValueError):
    """A dictionary line is not in AFL's format."""


_NAME = re.compile(r"^\s*(?:[A-Za-z0-9_]+(?:@(\d+))?\s*=\s*)?$")


def _unescape(value: str, line: int) -> bytes:
    r"""The bytes of a token's quoted text.

    >>> _unescape(r'a\"b\\c\x41', 1)
    b'a"b\\cA'
    """
    out = bytearray()
    k = 0
    while k < len(value):
        ch = value[k]
        if ch == "\\":
            nxt = value[k + 1 : k + 2]
            if nxt in ("\\", '"'):
                out += nxt.encode()
                k += 2
                continue
            hexa = value[k + 2 : k + 4]
            if nxt == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", hexa):
                out.append(int(hexa, 16))
                k += 4
                continue
            raise DictionaryError(f"line {line}: invalid escape {value[k : k + 4]!r}")
        if not 32 <= ord(ch) < 127:
            raise DictionaryError(f"line {line}: a non-printable character {ch!r}")
        out += ch.encode()
        k += 1
    return bytes(out)


def parse_dict(text: str, level: int = 0) -> list[bytes]:
    r"""The tokens of an AFL dictionary ``text`` whose level is at most ``level``, in order,
    without repeats. ``DictionaryError`` for a line that is not a token, a comment or blank.

    >>> parse_dict('# JSON\n"true"\nempty_obj="{}"\n  "\\"\\""\nkw@1="deep"\n"\\x00"\n"true"\n')
    [b'true', b'{}', b'""', b'\x00']
    >>> parse_dict('kw@1="deep"', level=1)
    [b'deep']
    """
    out: list[bytes] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        first, last = line.find('"'), line.rfind('"')
        head = _NAME.match(line[:first]) if first >= 0 else None
        if head is None or last == first or line[last + 1 :].strip():
            raise DictionaryError(f'line {number}: not name="value": {raw!r}')
        if int(head.group(1) or 0) > level:
            continue
        token = _unescape(line[first + 1 : last], number)
        if token not in out:
            out.append(token)
    return out


@functools.cache
def tokens(name: str) -> tuple[bytes, ...]:
    """The tokens of the vendored dictionary ``name`` (``"json"`` reads ``json.dict``)."""
    text = (resources.files(__name__) / f"{name}.dict").read_text(encoding="utf-8")
    return tuple(parse_dict(text))
