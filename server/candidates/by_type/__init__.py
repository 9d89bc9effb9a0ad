"""The no-model generator: candidate calls built from the target's parameter types.

``fallback_candidates(analysis)`` returns candidate blocks (``list[list[Example]]``) for the
function a ``server.analysis.Analysis`` describes: each block is one self-contained scenario
(declarations it needs, the call, and prints of state the call may change), every ``want`` left
empty. The pipeline runs the blocks, drops the examples that do not compile, crash or time out,
and records the actual outputs (regression oracle). It is also the baseline the model must beat.

Values are boundary and small values per type (0, 1, -1, small positives, and the boundaries of
the integer literals the body compares with: ``x >= 90`` gives 90 and 89; empty, one-letter and
short strings; empty, one-element and small arrays), chosen small so that recursive or
loop-heavy functions finish quickly and signed overflow (undefined behaviour) is unlikely.
Supported parameter types: integers of any width and signedness, ``bool``, ``char``, floating
point, ``const char*`` strings, ``char*`` buffers, ``std::string`` (value, const or non-const
reference), ``std::string_view``, pointer + length pairs (``int *a, int n``), ``std::vector<T>``
of scalars or strings, enums (their constants), aggregate structs of scalars, objects of classes
with a usable public constructor (one built from a writable buffer and its size, a string
builder, around a zeroed local buffer printed after the call), handles the file's own functions
make (with the project linked, also the functions its headers declare), and pointers/references
to all of these (in-out values, printed after the call); a pointer to another plain struct is an
out-parameter (a zeroed local, its scalar and text fields printed after the call), or, when the
file has a function that fills it from a text (``semver_parse(str, &v)``), a zeroed local filled
that way (by value too); function pointers (a function of the block that prints its arguments),
``char **`` slots and struct arrays to fill with their counts, text and length out-pointers
(printed as ``[%.*s]``), byte buffers with their room (never a room past the buffer). Strings
come in the formats the file reads (``FileApi.texts``), or as the file's serializer wrote them
for a function that reads them back; two arguments of one type of a comparison meet as equal
and almost-equal values (``related``); a shrinking call's object is filled by the API's adders
first (``state``). Methods run
on a fresh object per candidate (default-constructed, or built from ordinary constructor
arguments); every other candidate first calls another public method of the class to change the
object's state, and the class's const getters print the state after the call. Constructors are
tested through the getters of the object they build. A function with another parameter type gets
no candidates. Inputs follow clang-repl's rules (see docs/runner.md): class results are stored
in a named variable before being printed (``std::string`` through ``c_str()``, other classes
through their getters), so no bare expression creates a temporary with a non-trivial destructor,
and no input starts with ``-``.

What the function and its file are comes from ``server.analysis`` (libclang is read there); the
package, by stage: ``values`` (literal values per kind, ``Provider``/``Arg``), ``providers`` (a
value for one parameter from its type), ``handles`` (values the file's own producers make and its
observers read, texts its serializers write), ``slots`` (arguments a call fills or calls back,
buffers with their room), ``related`` (a comparison's related arguments), ``state`` (adders
before a shrinking call), ``operators`` (operators written as C++ uses them) and ``build`` (the
blocks).
``api_notes`` gives the same producers and observers as comment lines for the model's prompt.
"""

from __future__ import annotations

from cdoctest_runner.example import Example
from server.analysis import Analysis
from server.analysis.fileapi import declaration_text
from server.analysis.observing import readers
from server.analysis.types import opaque_pointer, type_key
from server.candidates.by_type.build import build, why_none
from server.candidates.by_type.handles import producers
from server.candidates.by_type.providers import plain_providers
from server.candidates.by_type.values import FallbackError

__all__ = ["FallbackError", "api_notes", "fallback_candidates", "no_candidates_note"]


def fallback_candidates(analysis: Analysis | None, max_candidates: int = 8) -> list[list[Example]]:
    """Return candidate blocks for the analysed function (``want`` empty); ``[]`` for
    unsupported types. Raises ``FallbackError`` when there is no analysis (libclang could not
    read the function).
    """
    if analysis is None:
        raise FallbackError("no analysis of the function (libclang could not read it)")
    return build(analysis.target, analysis.api, max_candidates)


def no_candidates_note(analysis: Analysis | None) -> str:
    """Why ``fallback_candidates`` gives no call, for a message ('' when it gives some, or when
    the reason lies past the arguments and the object).
    """
    if analysis is None:
        return "libclang could not read the function"
    return why_none(analysis.target, analysis.api)


def api_notes(analysis: Analysis, limit: int = 6) -> list[str]:
    """Comment lines naming the file's producers and observers for the handle-typed parameters of
    the analysed function (``// make a sds with: sds sdsnew(const char * init)``), so that a
    model writes the same call sequences as the fallback. ``[]`` when none apply (and for a
    function template, whose parameters libclang lists as no arguments).
    """
    target, api = analysis.target, analysis.api
    language = target.language
    params = () if target.kind == "FUNCTION_TEMPLATE" else target.params
    out: list[str] = []
    seen: set[str] = set()
    for _, t in params:
        key = type_key(t)[0]
        if not opaque_pointer(t, language) or key in seen:
            continue
        seen.add(key)
        made = producers(api, t, lambda ps: plain_providers(ps, language, api))[:2]
        read = [o.name for o in readers(api, t, language)]
        if made:
            out.append(
                f"// make a {key} with: " + "; ".join(declaration_text(api, n) for n, _ in made)
            )
        if read:
            out.append(
                f"// read a {key} with: " + "; ".join(declaration_text(api, n) for n in read)
            )
    return out[:limit]
