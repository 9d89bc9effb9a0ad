"""Turn clang-repl's value prints into the *display form* a C/C++ programmer writes in a test.

clang-repl prints the value of a bare expression (no trailing ``;``) as ``(type) value``. The
runner stores every example's ``got`` in display form, so ``>>> fac(5)`` expects ``120``, not
``(int) 120``, and a recorded ``got`` used as ``want`` passes. The rules (also a table in
docs/runner.md) are pure functions of the printed text:

>>> render_value("(int) 120\\n")
'120\\n'
>>> render_value("(bool) true\\n"), render_value("(char) 'a'\\n")
('true\\n', "'a'\\n")
>>> render_value('(const char *) "hi"\\n'), render_value("(double) 2.5000000\\n")
('"hi"\\n', '2.5\\n')
>>> render_value("(double) 2.0\\n"), render_value("(float) 2.50000f\\n")
('2.0\\n', '2.5\\n')
>>> render_value("(double) 1.00000e-07\\n"), render_value("(Color) (Green) : unsigned int 1\\n")
('1e-07\\n', 'Green\\n')
>>> render_value("(int[3]) { 1, 2, 3 }\\n"), render_value("(double[2]) { 0.50000000, 2.0 }\\n")
('{ 1, 2, 3 }\\n', '{ 0.5, 2.0 }\\n')

``std::string`` values never reach this module as addresses: the runner's C++ prelude turns a
bare ``std::string`` expression into a ``const char *`` copy (see ``repl.CXX_PRELUDE``), which
prints as ``"text"``. The type ``__cdt_void`` (the runner's marker for a void expression) renders
as nothing.
"""

from __future__ import annotations

import re

VOID_MARKER_TYPE = "__cdt_void"

_FLOAT_TYPES = {"float", "double", "long double"}
_QUALIFIERS = re.compile(r"\b(const|volatile)\b|&+$")
_FLOAT_TOKEN = re.compile(r"(?<![\w.])(-?\d+\.\d*(?:e[+-]?\d+)?)f?(?![\w.])")
_ENUM = re.compile(r"^\((?P<name>[^()]+)\) : [\w ]+ -?\d+$")
_TYPE_CHARS = re.compile(r"^[\w\s:<>,*&\[\]().]+$")


def split_type(text: str) -> tuple[str, str] | None:
    """``'(int) 120'`` -> ``('int', '120')``; ``None`` when ``text`` is not ``(type) value``.

    >>> split_type("(int (*)(int)) Function @0x1")
    ('int (*)(int)', 'Function @0x1')
    >>> split_type("hello") is None
    True
    """
    if not text.startswith("("):
        return None
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                if text[i + 1 : i + 2] != " ":
                    return None
                return text[1:i], text[i + 2 :]
        elif ch == "\n":
            return None
    return None


def normalize_float(token: str) -> str:
    """``'2.5000000'`` -> ``'2.5'``, ``'2.0'`` -> ``'2.0'``, ``'1.00000e-07'`` -> ``'1e-07'``,
    ``'2.5f'`` -> ``'2.5'``.

    Trailing zeros of the fraction are dropped, keeping one digit after the point; an exponent
    keeps its sign and digits; ``inf``/``nan`` are unchanged.

    >>> [normalize_float(t) for t in ("0.33333333", "100.00000", "-3.5e+10", "inf", "1.50000e+00")]
    ['0.33333333', '100.0', '-3.5e+10', 'inf', '1.5e+00']
    """
    t = (
        token[:-1]
        if token.endswith(("f", "F", "L")) and not token.endswith(("inf", "INF"))
        else token
    )
    m = re.fullmatch(r"(-?\d+)\.(\d*)((?:e[+-]?\d+)?)", t)
    if not m:
        return t
    whole, frac, exp = m.groups()
    frac = frac.rstrip("0")
    if exp:
        return f"{whole}.{frac}{exp}" if frac else f"{whole}{exp}"
    return f"{whole}.{frac or '0'}"


def _base_type(type_: str) -> str:
    return " ".join(_QUALIFIERS.sub("", type_).split())


def display_value(type_: str, value: str, language: str = "c++") -> str:
    """The display form of one printed value (no trailing newline).

    >>> display_value("std::nullptr_t", "{ error: unknown builtin type '490 '}")
    'nullptr'
    >>> display_value("int *", "0x0"), display_value("const char *", "0", "c")
    ('nullptr', 'NULL')
    >>> display_value("S &", "@0x7f00")
    '@0x7f00'
    """
    base = _base_type(type_)
    if base == VOID_MARKER_TYPE:
        return ""
    if base == "std::nullptr_t":
        return "nullptr"
    if base.endswith("*") and value in ("0", "0x0", "nullptr"):
        return "NULL" if language == "c" else "nullptr"
    if base in _FLOAT_TYPES:
        return normalize_float(value)
    m = _ENUM.match(value)
    if m:
        return m.group("name")
    if "[" in base and value.startswith("{") and any(f in base for f in _FLOAT_TYPES):
        return _FLOAT_TOKEN.sub(lambda mm: normalize_float(mm.group(1)), value)
    return value


def render_value(text: str, language: str = "c++") -> str:
    """Render one value print (``(type) value``, possibly several lines, ending ``\\n``).

    Text that is not a value print is returned unchanged.
    """
    body = text[:-1] if text.endswith("\n") else text
    first, sep, rest = body.partition("\n")
    parts = split_type(first)
    if parts is None or not _TYPE_CHARS.match(parts[0]):
        return text
    value = display_value(parts[0], parts[1] + sep + rest, language)
    if value == "" and _base_type(parts[0]) == VOID_MARKER_TYPE:
        return ""
    return value + "\n"


def split_value_print(output: str) -> tuple[str, str]:
    """Split an input's output into (program output, trailing value print) for C mode.

    clang-repl prints a value after the input ran, so it is the tail of the output; the value
    print is taken to start at the last line that parses as ``(type) value``.

    >>> split_value_print("hello\\n(int) 3\\n")
    ('hello\\n', '(int) 3\\n')
    >>> split_value_print("no value\\n")
    ('no value\\n', '')
    """
    starts = [0] + [m.end() for m in re.finditer("\n", output) if m.end() < len(output)]
    for pos in reversed(starts):
        line = output[pos:].split("\n", 1)[0]
        parts = split_type(line)
        if parts is not None and _TYPE_CHARS.match(parts[0]):
            return output[:pos], output[pos:]
    return output, ""
