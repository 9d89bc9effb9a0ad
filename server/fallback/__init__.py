"""The no-model generator: candidate calls built from the target's parameter types.

``fallback_candidates(function, context, language)`` returns candidate blocks
(``list[list[Example]]``): each block is one self-contained scenario (declarations it needs, the
call, and prints of state the call may change), every ``want`` left empty. The pipeline runs the
blocks, drops the examples that do not compile, crash or time out, and records the actual outputs
(regression oracle). It is also the baseline the model must beat.

Values are boundary and small values per type (0, 1, -1, small positives, and the boundaries of
the integer literals the body compares with: ``x >= 90`` gives 90 and 89; empty, one-letter and
short strings; empty, one-element and small arrays), chosen small so that recursive or loop-heavy
functions finish quickly and signed overflow (undefined behaviour) is unlikely. Supported
parameter types: integers of any width and signedness, ``bool``, ``char``, floating point,
``const char*`` strings, ``char*`` buffers, ``std::string`` (value, const or non-const
reference), ``std::string_view``, pointer + length pairs (``int *a, int n``), ``std::vector<T>``
of scalars or strings, enums (their constants), aggregate structs of scalars, objects of classes
with a usable public constructor, and pointers/references to all of these (in-out values, printed
after the call). Methods run on a fresh object per candidate (default-constructed, or built from
ordinary constructor arguments); every other candidate first calls another public method of the
class to change the object's state, and the class's const getters print the state after the call.
Constructors are tested through the getters of the object they build. A function with another
parameter type gets no candidates. Inputs follow clang-repl's rules (see docs/runner.md): class
results are stored in a named variable before being printed (``std::string`` through
``c_str()``, other classes through their getters), so no bare expression creates a temporary with
a non-trivial destructor, and no input starts with ``-``.

The type facts come from libclang: from ``cursor`` when the caller has the function's cursor
(the pipeline's ``Located.cursor``; most exact), else from the whole file text given as
``context``, else from a small translation unit rebuilt from the ``FunctionContext`` (includes,
used types, class, function).

The package, by stage: ``values`` (literal values per type, mined boundaries, the provider
types), ``providers`` (a value for one parameter from its type), ``api`` (handles made by the
file's producers and read by its observers; ``api_notes`` for the prompt), ``target`` (the
function under test read from its cursor; finding the cursor), ``templates`` (function and
class template instances, operators as expressions) and ``build`` (the candidate blocks). Parsing,
qualified names and constructor/method scans come from ``cdoctest_runner.clang``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import Declaration, Example, Language
from server.fallback.api import _API, _api_of, api_notes
from server.fallback.build import _build
from server.fallback.target import _find, _mini_source, _parse, _target_from_cursor
from server.fallback.templates import (
    TEMPLATE_TYPES,
    _class_template_instances,
    _template_instances,
)
from server.fallback.values import FallbackError

if TYPE_CHECKING:  # pragma: no cover
    from server.context import FunctionContext

__all__ = ["TEMPLATE_TYPES", "FallbackError", "api_notes", "fallback_candidates"]


def fallback_candidates(
    function: Declaration,
    context: FunctionContext | str | None = None,
    language: Language = "c++",
    *,
    cursor: Any = None,
    path: str | None = None,
    flags: Sequence[str] = (),
    max_candidates: int = 8,
) -> list[list[Example]]:
    """Return candidate blocks for ``function`` (``want`` empty); ``[]`` for unsupported types.

    ``context`` is the pipeline's ``FunctionContext``, or the whole file text (``str``, with
    ``path``/``flags`` for libclang). ``cursor`` (the function's libclang cursor), when given, is
    used directly. Raises ``FallbackError`` when libclang cannot parse or find the function.
    """
    if cursor is None:
        if isinstance(context, str):
            tu, filename = _parse(context, path, language, flags)
            cursor = _find(tu, filename, function, match_line=True)
        elif context is not None:
            tu, filename = _parse(_mini_source(context), None, language, flags)
            cursor = _find(tu, filename, function, match_line=False)
        else:
            raise FallbackError(
                "fallback_candidates needs a context (FunctionContext or file text) or a cursor"
            )
    target = _target_from_cursor(cursor, language, None if isinstance(context, str) else context)
    if cursor.kind.name == "FUNCTION_TEMPLATE" and language != "c":
        target.templates = _template_instances(cursor, target, flags)
    elif language != "c" and target.is_method:
        target.templates = _class_template_instances(cursor, target, flags)
    token = _API.set(_api_of(cursor))
    try:
        return _build(target, max_candidates)
    finally:
        _API.reset(token)
