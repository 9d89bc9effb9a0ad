"""Templates and operators in the fallback: function templates and the methods of class
templates instantiated with ``TEMPLATE_TYPES`` (types read from probe declarations parsed after
the user's file), and overloaded operators written as C++ uses them (``a + b``, ``-a``, ``a[i]``,
``std::cout << a``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from cdoctest_runner.clang import public_constructors, public_methods, qualified_name
from server.fallback.api import _SIZES
from server.fallback.target import _parse, _Target
from server.fallback.values import FallbackError, _dereferenced, _scalar

_BINARY_OPS = frozenset(
    "+ - * / % ^ & | < > <= >= == != && || << >> += -= *= /= %= ^= &= |= <<= >>= <=>".split()
)


_UNARY_OPS = frozenset("- + ! ~ ++ --".split())


def _operator_symbol(name: str) -> str | None:
    """``'operator+'`` -> ``'+'``; None for conversions, ``new``/``delete`` and non-operators."""
    if not name.startswith("operator"):
        return None
    sym = name[len("operator") :].strip()
    return sym if sym and not sym[0].isalpha() and sym[0] != "_" else None


def _streams_out(t: _Target) -> bool:
    """``operator<<(std::ostream &, X)``: written as ``std::cout << x``."""
    if t.name != "operator<<" or t.is_method or len(t.params) != 2:
        return False
    return "ostream" in t.params[0][1].spelling


def _operator_call(t: _Target, obj: str | None, args: list[str]) -> str | None:
    """An overloaded operator called as C++ code uses it: ``(a + b)``, ``(-a)``, ``a[1]``."""
    sym = _operator_symbol(t.name)
    if sym is None:
        return None
    if _streams_out(t):
        return f"std::cout << {args[0]} << std::endl"
    operands = ([obj] if obj is not None else []) + args
    if sym == "[]" and len(operands) == 2:
        return f"{operands[0]}[{operands[1]}]"
    if sym == "()" and operands:
        return f"{operands[0]}({', '.join(operands[1:])})"
    if len(operands) == 2 and sym in _BINARY_OPS:
        return f"({operands[0]} {sym} {operands[1]})"
    if len(operands) == 1 and sym in _UNARY_OPS:
        return f"({sym}{operands[0]})"
    return None


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
        tu, _ = _parse(text, None, "c++", flags)
    except FallbackError:
        return {}
    return {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.spelling.startswith("__cdt_")
        and c.location.file is not None
        and c.type.kind.name == "FUNCTIONPROTO"
    }


def _template_instances(cursor: Any, target: _Target, flags: Sequence[str]) -> list[_Target]:
    """The template's instances with ``TEMPLATE_TYPES`` (every type parameter the same type):
    parameter and result types come from a probe declaration parsed after the user's file.
    """
    got = _type_parameters(cursor, cursor)
    if got is None:
        return []
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
        inst = _Target(
            name=target.name,
            call_name=f"{target.call_name}<{', '.join([ty] * len(names))}>",
            language="c++",
            kind="FUNCTION_DECL",
            params=[(n, a.type) for (n, _), a in zip(params, args, strict=True)],
            result=probe.result_type.get_canonical(),
            mined=target.mined,
            result_type_declared=probe.result_type,
        )
        out.append(inst)
    return out


def _class_template_instances(cursor: Any, target: _Target, flags: Sequence[str]) -> list[_Target]:
    """A method or constructor of a class template, on the class's instances with
    ``TEMPLATE_TYPES`` (``ring_buffer<int>``, ``ring_buffer<double>``...): the types of the
    target, the constructors, the state-changing methods and the getters come from probe
    declarations parsed after the user's file, spelled with the type parameters replaced.
    """
    parent = cursor.semantic_parent
    if parent is None or parent.kind.name != "CLASS_TEMPLATE":
        return []
    parent = parent.get_definition() or parent
    got = _type_parameters(parent, cursor)
    if got is None:
        return []
    names, path, tparam = got
    cls = qualified_name(parent)
    injected = re.compile(r"(?<![\w:])" + re.escape(parent.spelling) + r"\b(?!\s*<)")

    def spell(spelling: str, ty: str) -> str:
        return tparam.sub(ty, injected.sub(f"{cls}<{', '.join(names)}>", spelling))

    methods = public_methods(parent)
    ctors = public_constructors(parent)
    mutators = [  # not the accessors that merely return a reference (``T &front()``)
        m
        for m in methods
        if m.spelling != cursor.spelling
        and not m.is_const_method()
        and not m.is_static_method()
        and (list(m.get_arguments()) or m.result_type.kind.name == "VOID")
    ]
    getters = [
        m
        for m in methods
        if m.spelling != cursor.spelling
        and m.is_const_method()
        and not m.is_static_method()
        and not list(m.get_arguments())
    ]
    fields = [
        c
        for c in parent.get_children()
        if c.kind.name == "FIELD_DECL" and c.spelling and c.access_specifier.name == "PUBLIC"
    ]

    def args_of(f: Any) -> list[Any]:
        return [a.type.spelling for a in f.get_arguments()]

    probes: list[str] = []
    for k, ty in enumerate(TEMPLATE_TYPES):

        def decl(name: str, result: str, params: list[str], ty: str = ty) -> str:
            return f"{spell(result, ty)} {name}({', '.join(spell(p, ty) for p in params)});"

        if cursor.kind.name != "CONSTRUCTOR":
            probes.append(decl(f"__cdt_t{k}", cursor.result_type.spelling, args_of(cursor)))
        for j, c in enumerate(ctors[:1]):
            probes.append(decl(f"__cdt_c{k}_{j}", "void", args_of(c)))
        for j, m in enumerate(mutators):
            probes.append(decl(f"__cdt_m{k}_{j}", "void", args_of(m)))
        for j, m in enumerate(getters):
            probes.append(decl(f"__cdt_g{k}_{j}", m.result_type.spelling, []))
        for j, f in enumerate(fields):
            probes.append(decl(f"__cdt_f{k}_{j}", f.type.spelling, []))
    found = _probes(path, probes, flags)

    def params_of(probe: Any, original: Any) -> list[tuple[str, Any]] | None:
        if probe is None:
            return None
        got = list(probe.get_arguments())
        want = list(original.get_arguments())
        if len(got) != len(want):
            return None
        return [(w.spelling, g.type) for w, g in zip(want, got, strict=True)]

    out = []
    for k, ty in enumerate(TEMPLATE_TYPES):
        name = f"{cls}<{', '.join([ty] * len(names))}>"
        result = result_declared = None
        if cursor.kind.name != "CONSTRUCTOR":
            probe = found.get(f"__cdt_t{k}")
            if probe is None:
                continue
            result_declared = probe.result_type
            result = result_declared.get_canonical()
        params = params_of(found.get(f"__cdt_t{k}") or found.get(f"__cdt_c{k}_0"), cursor)
        if cursor.kind.name == "CONSTRUCTOR":
            params = (
                params_of(found.get(f"__cdt_c{k}_0"), cursor) if ctors[:1] == [cursor] else None
            )
        if params is None and list(cursor.get_arguments()):
            continue
        ctor_params = params_of(found.get(f"__cdt_c{k}_0"), ctors[0]) if ctors else None
        shown = [
            m.spelling + "()"
            for j, m in enumerate(getters)
            if (g := found.get(f"__cdt_g{k}_{j}")) is not None
            and _scalar(_dereferenced(g.result_type.get_canonical()), "c++") is not None
        ]
        if not shown:
            shown = [
                f.spelling
                for j, f in enumerate(fields)
                if (g := found.get(f"__cdt_f{k}_{j}")) is not None
                and _scalar(g.result_type.get_canonical(), "c++") is not None
            ]
        changes = [
            (m.spelling, mp)
            for j, m in enumerate(mutators)
            if (mp := params_of(found.get(f"__cdt_m{k}_{j}"), m)) is not None
        ]
        shown.sort(key=lambda g: not _SIZES.search(g))  # ``empty()`` cannot throw, ``front()`` can
        out.append(
            _Target(
                name=target.name,
                call_name=f"{name}::{target.name}" if target.is_static else target.name,
                language="c++",
                kind=target.kind,
                params=params or [],
                result=result,
                class_name=name,
                is_method=True,
                is_static=target.is_static,
                is_const=target.is_const,
                default_constructible=target.default_constructible,
                mined=target.mined,
                ctor_params=ctor_params if not target.default_constructible else None,
                getters=list(dict.fromkeys(shown))[:3],
                mutators=changes,
                result_type_declared=result_declared,
                const_overload=target.is_const
                and any(m.spelling == target.name and not m.is_const_method() for m in methods),
            )
        )
    return out
