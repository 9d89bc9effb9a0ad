"""Parameter kinds: one vocabulary (``ParamKind``) for every consumer of the analysis.

Two readings give a kind. ``scalar`` (``server.analysis.types``) reads a canonical type
(typedefs and enums resolved): the no-model fallback's values. ``classify`` reads a type as spelled
in the signature: the input search's call shapes. ``sample_value`` is the literal the call hint
shown to the model uses. The readings stay apart on purpose: each consumer's blocks depend on its
own rule (a ``typedef int T`` is an integer to the fallback, unknown to the search).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ParamKind(StrEnum):
    """What kind of value a parameter takes (a ``str`` so that it reads as its name)."""

    INT = "int"  # a signed integer
    UINT = "uint"  # an unsigned integer
    UCHAR = "uchar"  # unsigned char (a byte)
    CHAR = "char"
    BOOL = "bool"
    FLOAT = "float"  # float; to the search any floating-point type
    DOUBLE = "double"  # double, long double
    ENUM = "enum"
    CSTR = "cstr"  # const char *
    BUF = "buf"  # char *: a buffer the function may write
    OUT = "out"  # a pointer to an integer the function writes
    STRING = "string"  # std::string, by value or const reference
    ARRAY = "array"  # const int *: an array the function reads (the search: its length follows)
    OBJECT = "object"  # the search: a class built from scalars, or a std::vector (search.shapes)


_INT_WORDS = {
    "int",
    "long",
    "short",
    "signed",
    "unsigned",
    "size_t",
    "ptrdiff_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
}


@dataclass(frozen=True)
class Param:
    """One parameter as the input search sees it."""

    kind: ParamKind
    base: str  # the scalar type to declare ('int', 'long long', 'char') where one is needed
    name: str = ""


def classify(type_spelling: str, name: str = "") -> Param | None:
    """The kind of a parameter from its spelled type (None: the search cannot make one).

    >>> [str(classify(t).kind) for t in ("const char *", "char *", "int *", "unsigned int",
    ...  "const std::string &", "long long", "char", "double")]
    ['cstr', 'buf', 'out', 'uint', 'string', 'int', 'char', 'float']
    >>> classify("std::vector<int>") is None
    True
    """
    t = " ".join(type_spelling.replace("&", " & ").replace("*", " * ").split())
    const = t.startswith("const ") or " const" in t
    bare = " ".join(w for w in t.split() if w not in ("const", "volatile"))
    if bare in ("char *",):
        return Param(ParamKind.CSTR if const else ParamKind.BUF, "char", name)
    if bare in ("std::string", "std::string &", "string", "std::basic_string<char> &"):
        if "&" in bare and not const:
            return None
        return Param(ParamKind.STRING, "std::string", name)
    if bare.endswith(" *"):
        inner = bare[:-2]
        if not const and set(inner.split()) <= _INT_WORDS:
            return Param(ParamKind.OUT, inner, name)
        return None
    if "&" in bare:
        inner = bare.replace("&", "").strip()
        return classify(inner, name) if const else None
    words = set(bare.split())
    if bare in ("char", "signed char"):
        return Param(ParamKind.CHAR, bare, name)
    if bare in ("bool", "_Bool"):
        return Param(ParamKind.BOOL, bare, name)
    if bare in ("float", "double", "long double"):
        return Param(ParamKind.FLOAT, bare, name)
    if words and words <= _INT_WORDS:
        unsigned = "unsigned" in words or bare.startswith("uint") or bare == "size_t"
        return Param(ParamKind.UINT if unsigned else ParamKind.INT, bare, name)
    return None


_HINT_INT_WORDS = (
    "int",
    "long",
    "short",
    "unsigned",
    "size_t",
    "int64_t",
    "int32_t",
    "uint32_t",
    "uint64_t",
    "int8_t",
    "uint8_t",
    "ptrdiff_t",
)


def sample_value(type_spelling: str) -> str:
    """A plausible literal for a parameter type, used only in the call hint shown to the model.

    >>> [sample_value(t) for t in ("int", "const char *", "double", "bool", "char", "Foo")]
    ['3', '"abc"', '2.5', 'true', "'a'", '...']
    """
    t = " ".join(type_spelling.replace("const", " ").replace("&", " ").split())
    if t in ("char *", "std::string", "string", "std::string_view", "string_view"):
        return '"abc"'
    if t == "char":
        return "'a'"
    if t == "bool" or t == "_Bool":
        return "true"
    if t in ("float", "double", "long double"):
        return "2.5"
    if any(w in t.split() for w in _HINT_INT_WORDS):
        return "3"
    if t.endswith("_t") and "*" not in t:
        return "3"
    return "..."


#: The size of a zeroed character buffer a call writes into (``char buf[64] = {0}; f(buf, 64)``).
BUFFER_SIZE = 64
