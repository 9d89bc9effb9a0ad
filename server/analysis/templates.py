"""Template instances of the function under test: a function template, or a method or
constructor of a class template, instantiated with ``TEMPLATE_TYPES`` (every type parameter the
same type). Types come from probe declarations parsed after the user's file, spelled with the
type parameters replaced; each instance is a ``Target`` of its own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.clang import public_constructors, public_methods, qualified_name
from server.analysis.fileapi import SIZES
from server.analysis.target import AnalysisError, Params, Target, parse_text
from server.analysis.types import dereferenced, scalar

#: Types a function template is instantiated with, in order.
TEMPLATE_TYPES = ("int", "double", "std::string")


def _type_parameters(template: Any, cursor: Any) -> tuple[list[str], str, re.Pattern[str]] | None:
    """The type parameters' names of ``template`` (a function or class template), the user's
    file ``cursor`` is in and a pattern matching those names; None for a template with other
    parameters (``int N``, template templates) or no file on disk.
    """
    children = list(template.get_children())
    names = [c.spelling for c in children if c.kind.name == "TEMPLATE_TYPE_PARAMETER"]
    others = ("TEMPLATE_NON_TYPE_PARAMETER", "TEMPLATE_TEMPLATE_PARAMETER")
    if not names or any(c.kind.name in others for c in children):
        return None
    if cursor.location.file is None:
        return None
    path = os.path.abspath(cursor.location.file.name)
    if not os.path.exists(path):
        return None
    return names, path, re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")


def _probes(path: str, declarations: list[str], flags: Sequence[str]) -> dict[str, Any]:
    """Parse ``declarations`` after ``#include "path"``; the function declarations that came out
    well-formed, by name ({} when libclang cannot parse).
    """
    text = f'#include <string>\n#include "{path}"\n' + "\n".join(declarations) + "\n"
    try:
        tu, _ = parse_text(text, None, "c++", flags)
    except AnalysisError:
        return {}
    return {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.spelling.startswith("__cdt_")
        and c.location.file is not None
        and c.type.kind.name == "FUNCTIONPROTO"
    }


def template_instances(cursor: Any, target: Target, flags: Sequence[str]) -> tuple[Target, ...]:
    """The instances of the function template at ``cursor`` (read as ``target``) with
    ``TEMPLATE_TYPES``: parameter and result types come from a probe declaration parsed after the
    user's file.
    """
    got = _type_parameters(cursor, cursor)
    if got is None:
        return ()
    names, path, pattern = got
    result = cursor.result_type.spelling
    params = [(n, t.spelling) for n, t in target.params]
    probes = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        decl = ", ".join(pattern.sub(ty, spelling) for _, spelling in params)
        probes.append(f"{pattern.sub(ty, result)} __cdt_probe{k}({decl});")
    found = _probes(path, probes, flags)
    out = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        probe = found.get(f"__cdt_probe{k}")
        if probe is None or probe.type.kind.name != "FUNCTIONPROTO":
            continue
        args = list(probe.get_arguments())
        if len(args) != len(params):
            continue
        inst = Target(
            name=target.name,
            call_name=f"{target.call_name}<{', '.join([ty] * len(names))}>",
            language="c++",
            kind="FUNCTION_DECL",
            params=tuple((n, a.type) for (n, _), a in zip(params, args, strict=True)),
            result=probe.result_type.get_canonical(),
            mined=target.mined,
            result_type_declared=probe.result_type,
        )
        out.append(inst)
    return tuple(out)


@dataclass(frozen=True)
class _ClassTemplate:
    """A class template's members the instances need: its qualified name, how its own spellings
    become an instance's (``spell``), and its public constructors, state changes, getters and
    fields (cursors), the target excluded.
    """

    name: str
    type_parameters: tuple[str, ...]
    path: str
    spell_pattern: re.Pattern[str]
    injected: re.Pattern[str]
    methods: tuple[Any, ...]
    ctors: tuple[Any, ...]
    mutators: tuple[Any, ...]
    getters: tuple[Any, ...]
    fields: tuple[Any, ...]

    def spell(self, spelling: str, ty: str) -> str:
        """A member's type spelling with the type parameters (and the injected class name) as
        ``ty``: ``'const T &'`` -> ``'const int &'``.
        """
        generic = f"{self.name}<{', '.join(self.type_parameters)}>"
        return self.spell_pattern.sub(ty, self.injected.sub(generic, spelling))


def _class_template(cursor: Any) -> _ClassTemplate | None:
    """The class template ``cursor`` (a method or constructor) belongs to, or None."""
    parent = cursor.semantic_parent
    if parent is None or parent.kind.name != "CLASS_TEMPLATE":
        return None
    parent = parent.get_definition() or parent
    got = _type_parameters(parent, cursor)
    if got is None:
        return None
    names, path, tparam = got
    methods = public_methods(parent)
    return _ClassTemplate(
        name=qualified_name(parent),
        type_parameters=tuple(names),
        path=path,
        spell_pattern=tparam,
        injected=re.compile(r"(?<![\w:])" + re.escape(parent.spelling) + r"\b(?!\s*<)"),
        methods=tuple(methods),
        ctors=tuple(public_constructors(parent)),
        mutators=tuple(  # not the accessors that merely return a reference (``T &front()``)
            m
            for m in methods
            if m.spelling != cursor.spelling
            and not m.is_const_method()
            and not m.is_static_method()
            and (list(m.get_arguments()) or m.result_type.kind.name == "VOID")
        ),
        getters=tuple(
            m
            for m in methods
            if m.spelling != cursor.spelling
            and m.is_const_method()
            and not m.is_static_method()
            and not list(m.get_arguments())
        ),
        fields=tuple(
            c
            for c in parent.get_children()
            if c.kind.name == "FIELD_DECL" and c.spelling and c.access_specifier.name == "PUBLIC"
        ),
    )


def _class_probes(cls: _ClassTemplate, cursor: Any) -> list[str]:
    """The probe declarations of every instance: ``__cdt_t{k}`` the target, ``__cdt_c{k}_0``
    the first constructor, ``__cdt_m{k}_{j}`` the state changes, ``__cdt_g{k}_{j}`` the
    getters' results, ``__cdt_f{k}_{j}`` the fields' types.
    """

    def args_of(f: Any) -> list[str]:
        return [a.type.spelling for a in f.get_arguments()]

    probes: list[str] = []
    for k, ty in enumerate(TEMPLATE_TYPES):

        def decl(name: str, result: str, params: list[str], ty: str = ty) -> str:
            return f"{cls.spell(result, ty)} {name}({', '.join(cls.spell(p, ty) for p in params)});"

        if cursor.kind.name != "CONSTRUCTOR":
            probes.append(decl(f"__cdt_t{k}", cursor.result_type.spelling, args_of(cursor)))
        for j, c in enumerate(cls.ctors[:1]):
            probes.append(decl(f"__cdt_c{k}_{j}", "void", args_of(c)))
        for j, m in enumerate(cls.mutators):
            probes.append(decl(f"__cdt_m{k}_{j}", "void", args_of(m)))
        for j, m in enumerate(cls.getters):
            probes.append(decl(f"__cdt_g{k}_{j}", m.result_type.spelling, []))
        for j, f in enumerate(cls.fields):
            probes.append(decl(f"__cdt_f{k}_{j}", f.type.spelling, []))
    return probes


def _probe_params(probe: Any, original: Any) -> Params | None:
    """The probe's parameter types under the original's parameter names (None: no probe, or
    another arity).
    """
    if probe is None:
        return None
    got = list(probe.get_arguments())
    want = list(original.get_arguments())
    if len(got) != len(want):
        return None
    return tuple((w.spelling, g.type) for w, g in zip(want, got, strict=True))


def _shown(cls: _ClassTemplate, found: dict[str, Any], k: int) -> list[str]:
    """How instance ``k`` prints its state: getters returning a scalar (or a reference to one),
    else scalar public fields; readers that cannot throw first.
    """
    shown = [
        m.spelling + "()"
        for j, m in enumerate(cls.getters)
        if (g := found.get(f"__cdt_g{k}_{j}")) is not None
        and scalar(dereferenced(g.result_type.get_canonical()), "c++") is not None
    ]
    if not shown:
        shown = [
            f.spelling
            for j, f in enumerate(cls.fields)
            if (g := found.get(f"__cdt_f{k}_{j}")) is not None
            and scalar(g.result_type.get_canonical(), "c++") is not None
        ]
    shown.sort(key=lambda g: not SIZES.search(g))  # ``empty()`` cannot throw, ``front()`` can
    return list(dict.fromkeys(shown))[:3]


def class_template_instances(
    cursor: Any, target: Target, flags: Sequence[str]
) -> tuple[Target, ...]:
    """A method or constructor of a class template, on the class's instances with
    ``TEMPLATE_TYPES`` (``ring_buffer<int>``, ``ring_buffer<double>``...): the types of the
    target, the constructors, the state-changing methods and the getters come from probe
    declarations parsed after the user's file, spelled with the type parameters replaced.
    """
    cls = _class_template(cursor)
    if cls is None:
        return ()
    found = _probes(cls.path, _class_probes(cls, cursor), flags)
    is_ctor = cursor.kind.name == "CONSTRUCTOR"
    out = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        name = f"{cls.name}<{', '.join([ty] * len(cls.type_parameters))}>"
        result = result_declared = None
        if not is_ctor:
            probe = found.get(f"__cdt_t{k}")
            if probe is None:
                continue
            result_declared = probe.result_type
            result = result_declared.get_canonical()
        params = _probe_params(found.get(f"__cdt_t{k}") or found.get(f"__cdt_c{k}_0"), cursor)
        if is_ctor:
            first_ctor = found.get(f"__cdt_c{k}_0")
            params = _probe_params(first_ctor, cursor) if cls.ctors[:1] == (cursor,) else None
        if params is None and list(cursor.get_arguments()):
            continue
        ctor_params = _probe_params(found.get(f"__cdt_c{k}_0"), cls.ctors[0]) if cls.ctors else None
        out.append(
            Target(
                name=target.name,
                call_name=f"{name}::{target.name}" if target.is_static else target.name,
                language="c++",
                kind=target.kind,
                params=params or (),
                result=result,
                class_name=name,
                is_method=True,
                is_static=target.is_static,
                is_const=target.is_const,
                default_constructible=target.default_constructible,
                mined=target.mined,
                ctor_params=ctor_params if not target.default_constructible else None,
                getters=tuple(_shown(cls, found, k)),
                mutators=tuple(
                    (m.spelling, mp)
                    for j, m in enumerate(cls.mutators)
                    if (mp := _probe_params(found.get(f"__cdt_m{k}_{j}"), m)) is not None
                ),
                result_type_declared=result_declared,
                const_overload=target.is_const
                and any(m.spelling == target.name and not m.is_const_method() for m in cls.methods),
            )
        )
    return tuple(out)
