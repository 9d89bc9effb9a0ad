"""The model host's wire format: length-prefixed pickles, and exceptions that keep their type.

Both ends (``models.host``, the parent's supervisor, and ``models.host_child``, the host's main
loop) use these; nothing else does. Messages are tuples: parent -> host ``("load", config, info)``,
``("call", id, method, args, kwargs)``, ``("cancel", id)``, ``("close",)``; host -> parent
``("ready", info, attrs)``, ``("result", id, value)``, ``("error", id, packed_exception)``,
``("log", text)``.
"""

from __future__ import annotations

import importlib
import pickle
import struct
from typing import IO, Any

from models.api import ModelError

_HEADER = struct.Struct("<Q")
CALLS = frozenset(
    {"generate", "render", "tokenize", "pieces", "detokenize", "reset", "prompt_stats"}
)  # the LlamaBackend methods the host serves
GENERATING = frozenset({"generate"})  # calls that take a cancel event


def send(stream: IO[bytes], obj: object) -> None:
    """Write one message."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def recv(stream: IO[bytes]) -> Any:
    """The next message; ``EOFError`` when the other side is gone."""
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        raise EOFError
    (n,) = _HEADER.unpack(head)
    data = stream.read(n)
    if len(data) < n:
        raise EOFError
    return pickle.loads(data)


def pack_exc(exc: BaseException) -> tuple[str, str, str, dict[str, Any]]:
    """(module, class, message, picklable attributes) of an exception, for :func:`unpack_exc`."""
    attrs = {}
    for k, v in vars(exc).items():
        try:
            pickle.dumps(v)
        except Exception:
            continue
        attrs[k] = v
    return type(exc).__module__, type(exc).__qualname__, str(exc), attrs


def unpack_exc(packed: tuple[str, str, str, dict[str, Any]]) -> BaseException:
    """Rebuild the host's exception (typed errors keep their class and attributes)."""
    module, qualname, message, attrs = packed
    try:
        cls = getattr(importlib.import_module(module), qualname)
        if not (isinstance(cls, type) and issubclass(cls, Exception)):
            raise TypeError(qualname)
        exc = cls.__new__(cls)
        Exception.__init__(exc, message)
        vars(exc).update(attrs)
        return exc
    except Exception:
        return ModelError(f"{qualname}: {message}")
