"""One analysis of the code under test: what the generator knows about a function, read from
libclang once, as typed facts (the consumers below read the facts, never a cursor).

``analyse(source, located) -> Analysis`` reads one function of a parsed ``SourceFile`` (its
translation unit, no new parse): the function as it is called (``target.Target``: parameters,
result, class, constructor, getters, state changes, mined constants, template instances) and the
file's API around it (``fileapi.FileApi``); the file's own functions are read once per
``SourceFile`` (one file version). ``analyse_text`` does the same for a file text (it parses).

The modules: ``signature`` (the declaration as spelled: parameters, result, class and
constructors, used types, includes, style blocks; ``server.analysis.context`` builds on it),
``kinds`` (``ParamKind``, the one vocabulary of parameter kinds; ``classify`` and ``sample_value``
read spelled types), ``types`` (the ``CType`` and ``Record`` handles, read as scalars, aggregates,
handles, getters), ``mining`` (boundaries and characters from the code), ``target``, ``templates``,
``fileapi``, ``doc`` (the comment above a declaration), ``languages`` (the input language of a
text parameter: a regular expression, JSON, a path...; ``FileApi.languages``), ``usage`` (how
the project's tests, examples, README and header comments call the API;
``server.generate.job`` mines it for the pipeline) and ``setters`` (the static settings a
function reads, with the calls that set and restore them; the input search's, parsed on its own
from the session's text).
The consumers (``server.candidates.by_type``, ``server.search``, ``server.generate.job``) read
these facts and call no libclang method themselves; tests/runner/test_layering.py checks that no
module of ``server`` outside this package reads libclang.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cdoctest_runner.example import Declaration
from server.analysis.doc import doc_comment
from server.analysis.fileapi import FileApi, defined_functions, file_api
from server.analysis.languages import InputLanguage, LanguageFact, parameter_languages
from server.analysis.locate import Located, SourceFile, extent_text
from server.analysis.target import (
    AnalysisError,
    Target,
    find_function,
    parse_text,
    read_target,
)
from server.analysis.templates import class_template_instances, template_instances
from server.analysis.types import canonical, dereferenced, is_std, is_text

__all__ = ["Analysis", "AnalysisError", "analyse", "analyse_cursor", "analyse_text"]


@dataclass(frozen=True)
class Analysis:
    """What the generator knows about one function from libclang: the function and its file's
    API (the ``CType`` handles inside are opaque: read them through ``server.analysis.types``).
    """

    target: Target
    api: FileApi


_FUNCTIONS: dict[int, tuple[Any, ...]] = {}  # id(SourceFile) -> its file's functions


def _functions_of(source: SourceFile) -> tuple[Any, ...] | None:
    """The functions ``source`` defines, read on the first call for this ``SourceFile``."""
    if source.tu is None:
        return None
    key = id(source)
    if key not in _FUNCTIONS:
        _FUNCTIONS[key] = defined_functions(source.tu, bool(source.build_dir or source.libraries))
        weakref.finalize(source, _FUNCTIONS.pop, key, None)
    return _FUNCTIONS[key]


def analyse(
    source: SourceFile,
    located: Located,
    *,
    call_name: str = "",
    class_name: str = "",
    default_constructible: bool | None = None,
) -> Analysis:
    """The analysis of ``located`` (a function of ``source``); the overrides as ``read_target``."""
    data = source.text.encode("utf-8", errors="surrogateescape")
    return analyse_cursor(
        located.cursor,
        source.language,
        functions=_functions_of(source),
        flags=source.flags,
        call_name=call_name,
        class_name=class_name,
        default_constructible=default_constructible,
        body=extent_text(located.cursor, data),
        doc=doc_comment(source.text, located.start_line),
    )


def analyse_cursor(
    cursor: Any,
    language: str,
    *,
    functions: tuple[Any, ...] | None = None,
    flags: Sequence[str] = (),
    call_name: str = "",
    class_name: str = "",
    default_constructible: bool | None = None,
    body: str = "",
    doc: str = "",
) -> Analysis:
    """The analysis of the function at ``cursor``; ``functions`` as ``fileapi.file_api``, the
    overrides as ``read_target``, ``flags`` for the template instances' probes; ``body`` (the
    function's text, else its tokens) and ``doc`` (the comment above it) for the input
    languages of its text parameters (``FileApi.languages``).
    """
    target = read_target(
        cursor,
        language,
        call_name=call_name,
        class_name=class_name,
        default_constructible=default_constructible,
    )
    if cursor.kind.name == "FUNCTION_TEMPLATE" and language != "c":
        target = replace(target, templates=template_instances(cursor, target, flags))
    elif language != "c" and target.is_method:
        target = replace(target, templates=class_template_instances(cursor, target, flags))
    api = file_api(cursor, functions, language)
    code = body or " ".join(t.spelling for t in cursor.get_tokens())
    variadic = cursor.kind.name == "FUNCTION_DECL" and cursor.type.is_function_variadic()
    languages = _languages(target, code, doc, variadic)
    return Analysis(target, replace(api, languages=languages))


def _languages(
    target: Target, body: str, doc: str, variadic: bool
) -> tuple[tuple[str, LanguageFact], ...]:
    """``(name, language)`` of the target's text parameters (``char *``, ``std::string``,
    ``std::string_view``, by value or reference) whose language ``languages`` infers. A
    variadic function's format is left out: its directives' values are the variadic
    arguments, which only the input search passes (``server.search.inputs.format_values``).
    """
    names = []
    for name, t in target.params:
        base = canonical(dereferenced(t))
        text = is_text(t) or is_std(base, "basic_string") or is_std(base, "basic_string_view")
        if name and text:
            names.append(name)
    facts = parameter_languages(names, target.call_name or target.name, body, doc)
    last = target.params[-1][0] if variadic and target.params else None
    return tuple(
        (n, f)
        for n, f in zip(names, facts, strict=True)
        if f is not None and not (n == last and f.language is InputLanguage.FORMAT)
    )


def analyse_text(
    text: str,
    function: Declaration,
    language: str,
    *,
    path: str | None = None,
    flags: Sequence[str] = (),
) -> Analysis:
    """The analysis of ``function`` in a file's whole ``text`` (parsed as ``path``, found by its
    line). Raises ``AnalysisError`` when libclang cannot parse or find it.
    """
    tu, filename = parse_text(text, path, language, flags)
    cursor = find_function(tu, filename, function, match_line=True)
    data = text.encode("utf-8", errors="surrogateescape")
    return analyse_cursor(
        cursor,
        language,
        flags=flags,
        body=extent_text(cursor, data),
        doc=doc_comment(text, cursor.extent.start.line),
    )
