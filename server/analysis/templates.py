"""Template instances of the function under test: a function template, or a method or
constructor of a class template, each instance a ``Target`` of its own.

A template's parameters (``_Template``) are types and values: a type parameter is tried with
``TYPE_CANDIDATES`` (every type parameter the same type; one with a default keeps it), an
integral non-type parameter with its default, the bounds its ``static_assert``s name, then small
values (``SIGNED_VALUES``/``UNSIGNED_VALUES``), a ``bool`` with both, an enum with its first
constants. The candidates (types
by values, in a fixed order) are written into one probe parsed after the user's file: for each,
declarations spelled with the parameters replaced (the instance's parameter and result types)
and a function that calls the target on that instance. The probe is a complete translation unit
(``clang.parse(instantiate=True)``), so a candidate that a ``static_assert``, an
``enable_if``, a ``requires`` clause or a concept rules out (or whose body does not compile)
shows up as an error on its lines, and is dropped; the first ``INSTANCES`` that compile are kept
(``FixedStack<int, 4>``, ``FixedStack<int, 1>``, ``FixedStack<double, 4>``;
``next_pow2<unsigned>``, ``next_pow2<unsigned long long>``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.clang import (
    buffer_path,
    parse,
    public_constructors,
    public_methods,
    qualified_name,
)
from cdoctest_runner.errors import SourceParseError
from server.analysis.fileapi import SIZES
from server.analysis.kinds import ParamKind
from server.analysis.target import Params, Target, joined, read_accessor
from server.analysis.types import CType, ctype, dereferenced, scalar

#: Types a type parameter is tried with, in order (the first three are every template's
#: instances when nothing restricts it).
TYPE_CANDIDATES = (
    "int",
    "double",
    "std::string",
    "unsigned",
    "long long",
    "unsigned long long",
    "float",
    "char",
)
#: Values an integral non-type parameter is tried with, in order: a capacity of 4 holds a few
#: items, 1 fills at once; -1 and 0 reach the other branches.
SIGNED_VALUES = ("4", "1", "-1", "0", "2")
UNSIGNED_VALUES = ("4", "1", "0", "2")
CHAR_VALUES = ("'a'", "'0'", "' '")
#: How many instances are kept (the first that compile), and how many rows of values are probed
#: with each type.
INSTANCES = 3
VALUE_ROWS = 6


@dataclass(frozen=True)
class _Param:
    """A template parameter: a type or a value, the arguments tried for it in order, and its
    default argument as written ('' when none).
    """

    name: str
    is_type: bool
    candidates: tuple[str, ...]
    default: str = ""


@dataclass(frozen=True)
class _Candidate:
    """One instance tried: its row of types and row of values, and the argument of each
    template parameter by name.
    """

    type_row: int
    value_row: int
    args: dict[str, str]


@dataclass(frozen=True)
class _Template:
    """A function or class template's parameters, the user's file it is in, and a pattern
    matching the parameters' names in a spelling.
    """

    params: tuple[_Param, ...]
    path: str
    pattern: re.Pattern[str]

    def substitute(self, spelling: str, args: dict[str, str]) -> str:
        """``spelling`` with each parameter named in ``args`` replaced by its argument."""
        return self.pattern.sub(lambda m: args.get(m.group(0), m.group(0)), spelling)

    def arguments(self, args: dict[str, str]) -> str:
        """The template argument list of an instance (``'<int, 4>'``); trailing parameters at
        their default are left out.
        """
        shown = [args[p.name] for p in self.params]
        while shown:
            p = self.params[len(shown) - 1]
            if not p.default or shown[-1] != self.substitute(p.default, args):
                break
            shown.pop()
        return f"<{', '.join(shown)}>"

    def candidates(self) -> list[_Candidate]:
        """The instances to try, types by values: row ``i`` of types gives every type parameter
        its ``i``-th type, row ``j`` of values every value parameter its ``j``-th value (its
        last when it has fewer); duplicates dropped.
        """
        types = [p for p in self.params if p.is_type]
        values = [p for p in self.params if not p.is_type]
        type_rows = max((len(p.candidates) for p in types), default=1)
        value_rows = min(VALUE_ROWS, max((len(p.candidates) for p in values), default=1))
        out: list[_Candidate] = []
        seen: set[tuple[str, ...]] = set()
        for i in range(type_rows):
            for j in range(value_rows):
                args: dict[str, str] = {}
                for p in self.params:
                    row = i if p.is_type else j
                    # A default may name the parameters before it (``std::size_t N = sizeof(T)``).
                    args[p.name] = self.substitute(
                        p.candidates[min(row, len(p.candidates) - 1)], args
                    )
                key = tuple(args.values())
                if key not in seen:
                    seen.add(key)
                    out.append(_Candidate(i, j, args))
        return out


def _default(param: Any) -> str:
    """A template parameter's default argument as written, '' when it has none."""
    tokens = [t.spelling for t in param.get_tokens()]
    return joined(tokens[tokens.index("=") + 1 :]) if "=" in tokens else ""


def _values(param: Any, template: Any) -> tuple[str, ...]:
    """The values a non-type template parameter is tried with; () for a kind not supported
    (a pointer, a floating-point or class type, a type depending on another parameter). An
    integral one tries the bounds ``template``'s ``static_assert``s on it name first.
    """
    s = scalar(CType(param.type.get_canonical()), "c++")
    if s is None:
        return ()
    if s.kind in (ParamKind.INT, ParamKind.UINT):
        small = SIGNED_VALUES if s.kind == ParamKind.INT else UNSIGNED_VALUES
        return tuple(dict.fromkeys((*_asserted(template, param.spelling), *small)))
    return {
        ParamKind.BOOL: ("true", "false"),
        ParamKind.CHAR: CHAR_VALUES,
        ParamKind.UCHAR: CHAR_VALUES,
        ParamKind.ENUM: s.constants[:3],
    }.get(s.kind, ())


def _asserted(template: Any, name: str) -> tuple[str, ...]:
    """The integers the ``static_assert``s naming ``name`` in ``template`` compare with, each
    with its neighbours (``N >= 8``: 8 holds; ``N > 8``: 9; ``N < 32``: 31); at most 6.
    """
    out: list[str] = []
    for c in template.walk_preorder():
        if c.kind.name != "STATIC_ASSERT":
            continue
        tokens = [t.spelling for t in c.get_tokens()]
        if not name or name not in tokens:
            continue
        for tok in tokens:
            m = re.fullmatch(r"(\d+)[uUlL]*", tok)
            if m is not None:
                v = int(m.group(1))
                out += [str(v), str(v + 1), str(v - 1)]
    return tuple(dict.fromkeys(out))[:6]


def _template(template: Any, cursor: Any) -> _Template | None:
    """The parameters of ``template`` (a function or class template) and the user's file
    ``cursor`` is in; None for a template template parameter, a value parameter of a kind not
    supported and without a default, or no file on disk. An unnamed parameter (``typename =
    std::enable_if_t<...>``) gets a key no spelling names.
    """
    params: list[_Param] = []
    for c in template.get_children():
        kind = c.kind.name
        if kind == "TEMPLATE_TEMPLATE_PARAMETER":
            return None
        if kind not in ("TEMPLATE_TYPE_PARAMETER", "TEMPLATE_NON_TYPE_PARAMETER"):
            continue
        default = _default(c)
        if kind == "TEMPLATE_TYPE_PARAMETER":
            # A default type is kept.
            tried: tuple[str, ...] = (default,) if default else TYPE_CANDIDATES
        else:  # the default first; ``std::enable_if_t<..., int> = 0`` only its default
            tried = tuple(dict.fromkeys(v for v in (default, *_values(c, template)) if v))
        if not tried:
            return None
        name = c.spelling or f"__cdt_p{len(params)}"
        params.append(_Param(name, kind == "TEMPLATE_TYPE_PARAMETER", tried, default))
    if not params or cursor.location.file is None:
        return None
    path = os.path.abspath(cursor.location.file.name)
    if not os.path.exists(path):
        return None
    names = "|".join(re.escape(p.name) for p in params)
    return _Template(tuple(params), path, re.compile(r"(?<![\w:])(?:" + names + r")\b"))


@dataclass(frozen=True)
class _Probe:
    """What the probe said: its well-formed function declarations by name, and the candidates
    that gave an error.
    """

    found: dict[str, Any]
    failed: frozenset[int]


def _probe(path: str, blocks: list[list[str]], flags: Sequence[str]) -> _Probe:
    """Parse ``blocks`` (lines per candidate) after ``#include "path"`` as a complete translation
    unit: an error on a candidate's lines, or inside an instantiation they requested, rules
    that candidate out (every candidate when libclang cannot parse). No error limit: clang
    stops reporting after 20 by default, which would pass the candidates after them.
    """
    lines = ["#include <string>", f'#include "{path}"']
    owner: dict[int, int] = {}  # 1-based line -> candidate
    for k, block in enumerate(blocks):
        for line in block:
            lines.append(line)
            owner[len(lines)] = k
    filename = buffer_path(None, "c++", "cdoctest_fallback")
    try:
        text = "\n".join(lines) + "\n"
        tu = parse(filename, text, "c++", [*flags, "-ferror-limit=0"], instantiate=True)
    except SourceParseError:
        return _Probe({}, frozenset(range(len(blocks))))
    found = {
        c.spelling: c
        for c in tu.cursor.get_children()
        if c.spelling.startswith("__cdt_")
        and c.location.file is not None
        and c.type.kind.name == "FUNCTIONPROTO"
    }
    failed: set[int] = set()
    last = None  # clang notes an instantiation once: later errors inside it come without
    for d in tu.diagnostics:
        if d.severity < 3:
            continue
        at = [d.location, *(c.location for c in d.children)]
        ks = [
            owner[a.line]
            for a in at
            if a.file is not None and a.file.name == filename and a.line in owner
        ]
        if ks:
            last = ks[-1]
        if last is not None:
            failed.add(last)
    return _Probe(found, frozenset(failed))


def _chosen(candidates: list[_Candidate], failed: frozenset[int]) -> list[int]:
    """The first ``INSTANCES`` candidates that compiled, ranked by how far down their type and
    value rows are among those that compiled (``<int, 4>``, ``<int, 1>``, ``<double, 4>``).
    """
    ok = [k for k in range(len(candidates)) if k not in failed]
    types = {i: r for r, i in enumerate(sorted({candidates[k].type_row for k in ok}))}
    values = {j: r for r, j in enumerate(sorted({candidates[k].value_row for k in ok}))}

    def rank(k: int) -> tuple[int, int]:
        c = candidates[k]
        return types[c.type_row] + values[c.value_row], types[c.type_row]

    return sorted(ok, key=rank)[:INSTANCES]


def _forwarded(names: list[str]) -> str:
    """Arguments passed on as they came (``static_cast<decltype(a0) &&>(a0)``)."""
    return ", ".join(f"static_cast<decltype({n}) &&>({n})" for n in names)


def _declared(spellings: list[str], prefix: str) -> tuple[str, list[str]]:
    """A parameter list with names (``'int a0, const int & a1'``) and the names."""
    names = [f"{prefix}{j}" for j in range(len(spellings))]
    return ", ".join(f"{s} {n}" for s, n in zip(spellings, names, strict=True)), names


def template_instances(cursor: Any, target: Target, flags: Sequence[str]) -> tuple[Target, ...]:
    """The instances of the function template at ``cursor`` (read as ``target``) that compile:
    parameter and result types come from a probe definition parsed after the user's file that
    calls the instance (a member template's is only declared: it needs an object).
    """
    tmpl = _template(cursor, cursor)
    if tmpl is None:
        return ()
    result = cursor.result_type.spelling
    params = [(n, t.spelling) for n, t in target.params]
    candidates = tmpl.candidates()
    blocks = []
    for k, c in enumerate(candidates):
        decl, names = _declared([tmpl.substitute(s, c.args) for _, s in params], "a")
        head = f"{tmpl.substitute(result, c.args)} __cdt_probe{k}({decl})"
        call = f"{target.call_name}{tmpl.arguments(c.args)}({_forwarded(names)})"
        blocks.append([f"{head};" if target.is_method else f"{head} {{ return {call}; }}"])
    probe = _probe(tmpl.path, blocks, flags)
    out = []
    for k in _chosen(candidates, probe.failed):
        found = probe.found.get(f"__cdt_probe{k}")
        if found is None:
            continue
        args = list(found.get_arguments())
        if len(args) != len(params):
            continue
        out.append(
            Target(
                name=target.name,
                call_name=target.call_name + tmpl.arguments(candidates[k].args),
                language="c++",
                kind="FUNCTION_DECL",
                params=tuple((n, CType(a.type)) for (n, _), a in zip(params, args, strict=True)),
                result=CType(found.result_type.get_canonical()),
                mined=target.mined,
                result_type_declared=CType(found.result_type),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class _ClassTemplate:
    """A class template's members the instances need: its qualified name, its parameters
    (``template``), the pattern of its injected name, and its public constructors, state
    changes, getters and fields (cursors), the target excluded, and its const methods (the
    target's too).
    """

    name: str
    template: _Template
    injected: re.Pattern[str]
    methods: tuple[Any, ...]
    ctors: tuple[Any, ...]
    mutators: tuple[Any, ...]
    getters: tuple[Any, ...]
    fields: tuple[Any, ...]
    accessors: tuple[Any, ...]

    def instance(self, args: dict[str, str]) -> str:
        """The instance's class name: ``'FixedStack<int, 4>'``."""
        return self.name + self.template.arguments(args)

    def spell(self, spelling: str, args: dict[str, str]) -> str:
        """A member's type spelling with the parameters (and the injected class name) replaced
        by ``args``: ``'const T &'`` -> ``'const int &'``.
        """
        generic = f"{self.name}<{', '.join(p.name for p in self.template.params)}>"
        return self.template.substitute(self.injected.sub(generic, spelling), args)


def _class_template(cursor: Any) -> _ClassTemplate | None:
    """The class template ``cursor`` (a method or constructor) belongs to, or None."""
    parent = cursor.semantic_parent
    if parent is None or parent.kind.name != "CLASS_TEMPLATE":
        return None
    parent = parent.get_definition() or parent
    tmpl = _template(parent, cursor)
    if tmpl is None:
        return None
    methods = public_methods(parent)
    return _ClassTemplate(
        name=qualified_name(parent),
        template=tmpl,
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
        accessors=tuple(m for m in methods if m.is_const_method() and not m.is_static_method()),
    )


def _uses(cls: _ClassTemplate, cursor: Any, target: Target, args: dict[str, str], k: int) -> str:
    """``__cdt_u{k}``: a function that makes an object of the instance as the fallback does
    (with the first constructor, unless default-constructible) and calls the target on it: it
    compiles only when the instance satisfies what the template asks of its arguments.
    """
    name = cls.instance(args)

    def spelled(f: Any) -> list[str]:
        return [cls.spell(a.type.spelling, args) for a in f.get_arguments()]

    own, names = _declared(spelled(cursor), "a")
    if cursor.kind.name == "CONSTRUCTOR":
        made = f"{name} o({_forwarded(names)});" if names else f"{name} o;"
        return f"void __cdt_u{k}({own}) {{ {made} }}"
    if target.is_static:
        return f"void __cdt_u{k}({own}) {{ (void){name}::{cursor.spelling}({_forwarded(names)}); }}"
    ctor = ""
    ctor_names: list[str] = []
    if not target.default_constructible and cls.ctors:
        ctor, ctor_names = _declared(spelled(cls.ctors[0]), "c")
    make = f"{name} o({_forwarded(ctor_names)});" if ctor_names else f"{name} o;"
    on = f"static_cast<const {name} &>(o)" if target.const_overload else "o"
    call = f"(void){on}.{cursor.spelling}({_forwarded(names)});"
    return f"void __cdt_u{k}({', '.join(p for p in (ctor, own) if p)}) {{ {make} {call} }}"


def _class_probes(
    cls: _ClassTemplate, cursor: Any, target: Target, args: dict[str, str], k: int
) -> list[str]:
    """The probe lines of candidate ``k``: ``__cdt_t{k}`` the target, ``__cdt_c{k}_0`` the
    first constructor, ``__cdt_m{k}_{j}`` the state changes, ``__cdt_g{k}_{j}`` the getters'
    results, ``__cdt_f{k}_{j}`` the fields' types, ``__cdt_a{k}_{j}`` the const methods
    (declarations), ``__cdt_u{k}`` the use.
    """

    def decl(name: str, result: str, params: list[str]) -> str:
        return f"{cls.spell(result, args)} {name}({', '.join(cls.spell(p, args) for p in params)});"

    def args_of(f: Any) -> list[str]:
        return [a.type.spelling for a in f.get_arguments()]

    probes: list[str] = []
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
    for j, m in enumerate(cls.accessors):
        probes.append(decl(f"__cdt_a{k}_{j}", m.result_type.spelling, args_of(m)))
    probes.append(_uses(cls, cursor, target, args, k))
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
    return tuple((w.spelling, CType(g.type)) for w, g in zip(want, got, strict=True))


def _shown(cls: _ClassTemplate, found: dict[str, Any], k: int) -> list[str]:
    """How instance ``k`` prints its state: getters returning a scalar (or a reference to one),
    else scalar public fields; readers that cannot throw first.
    """
    shown = [
        m.spelling + "()"
        for j, m in enumerate(cls.getters)
        if (g := found.get(f"__cdt_g{k}_{j}")) is not None
        and scalar(dereferenced(CType(g.result_type.get_canonical())), "c++") is not None
    ]
    if not shown:
        shown = [
            f.spelling
            for j, f in enumerate(cls.fields)
            if (g := found.get(f"__cdt_f{k}_{j}")) is not None
            and scalar(CType(g.result_type.get_canonical()), "c++") is not None
        ]
    shown.sort(key=lambda g: not SIZES.search(g))  # ``empty()`` cannot throw, ``front()`` can
    return list(dict.fromkeys(shown))[:3]


def class_template_instances(
    cursor: Any, target: Target, flags: Sequence[str]
) -> tuple[Target, ...]:
    """A method or constructor of a class template, on the class's instances that compile
    (``ring_buffer<int>``, ``FixedStack<int, 4>``...): the types of the target, the
    constructors, the state-changing methods and the getters come from probe declarations
    parsed after the user's file, spelled with the parameters replaced.
    """
    cls = _class_template(cursor)
    if cls is None:
        return ()
    candidates = cls.template.candidates()
    blocks = [_class_probes(cls, cursor, target, c.args, k) for k, c in enumerate(candidates)]
    probe = _probe(cls.template.path, blocks, flags)
    found = probe.found
    is_ctor = cursor.kind.name == "CONSTRUCTOR"
    out = []
    for k in _chosen(candidates, probe.failed):
        name = cls.instance(candidates[k].args)
        result = result_declared = None
        if not is_ctor:
            t_probe = found.get(f"__cdt_t{k}")
            if t_probe is None:
                continue
            result_declared = t_probe.result_type
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
                result=ctype(result),
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
                result_type_declared=ctype(result_declared),
                const_overload=target.is_const
                and any(m.spelling == target.name and not m.is_const_method() for m in cls.methods),
                accessors=tuple(
                    read_accessor(m.spelling, CType(a.result_type), ap, "c++")
                    for j, m in enumerate(cls.accessors)
                    if (a := found.get(f"__cdt_a{k}_{j}")) is not None
                    and (ap := _probe_params(a, m)) is not None
                ),
            )
        )
    return tuple(out)
