"""Candidate blocks of the fallback: for a ``_Target``, rows of argument values, objects built and
put in a state first (filled containers, another method called), the call, and the lines that
print its result and the object's state (getters, public fields, ``operator<<``); constructors
through the objects they build; a template's instances interleaved.
"""

from __future__ import annotations

import itertools
from typing import Any

from cdoctest_runner.example import Example
from server.fallback.api import (
    _API,
    _GROWS,
    _declare,
    _observers,
    _params_of,
    _printable,
    _record_fields,
)
from server.fallback.providers import _provider_for, _providers
from server.fallback.target import _Target
from server.fallback.templates import _operator_call, _operator_symbol, _streams_out
from server.fallback.values import (
    _aggregate,
    _Arg,
    _definition,
    _dereferenced,
    _getters,
    _is_std,
    _Provider,
    _scalar,
    _strip_const,
)


def _api_result_lines(t: _Target, call: str, tag: str) -> list[str] | None:
    """A result of a handle/struct-pointer type: kept in a variable, shown through observers."""
    api = _API.get()
    r = t.result_type_declared
    if api is None or r is None or _printable(r, t.language):
        return None
    if r.get_canonical().kind.name != "POINTER":
        return None
    show = [f"{o}(res{tag})" for o in _observers(api, r, t.language)]
    show += [f"res{tag}->{f}" for f in _record_fields(r, t.language)]
    if not show:
        return None
    return _declare(_strip_const(r.spelling), f"res{tag}", call, t.language) + show


def _examples(lines: list[str]) -> list[Example]:
    return [Example(source=line) for line in lines]


def _result_lines(t: _Target, call: str, tag: str) -> list[str]:
    """How to run ``call`` so that its result prints deterministically."""
    r = t.result
    if r is None or r.kind.name == "VOID":
        return [call + ";"]
    if _scalar(_dereferenced(r), t.language) is not None:  # ``const T &front()`` on ints
        return [call]
    via_api = _api_result_lines(t, call, tag)
    if via_api is not None:
        return via_api
    if _scalar(r, t.language) is not None:
        return [call]
    if r.kind.name == "POINTER":
        pointee = _scalar(r.get_pointee().get_canonical(), t.language)
        if pointee is not None and pointee.kind == "char":
            return [call]
        return [f"({call}) != 0"]
    if t.language != "c" and _is_std(r, "basic_string"):
        return [f"std::string res{tag} = {call};", f"res{tag}.c_str()"]
    if t.language != "c" and _is_std(r, "basic_string_view"):
        return [f"std::string res{tag}({call});", f"res{tag}.c_str()"]
    if t.language != "c" and _is_std(r, "vector"):
        return [f"auto res{tag} = {call};", f"res{tag}.size()"] + [
            f"res{tag}.at({j})" for j in range(3)
        ]
    agg = _aggregate(r, t.language)
    if agg is not None:
        decl = f"{agg.spelling} res{tag} = {call};"
        return [decl] + [f"res{tag}.{n}" for n, _ in agg.fields]
    record = _definition(r) if t.language != "c" and r.kind.name == "RECORD" else None
    getters = _getters(record, t.language) if record is not None else []
    if getters:
        return [f"auto res{tag} = {call};"] + [f"res{tag}.{g}" for g in getters]
    return _stream_lines(t, r, call, tag) or [call + ";"]


def _build(t: _Target, max_candidates: int) -> list[list[Example]]:
    if t.templates:
        return _build_instances(t, max_candidates)
    providers: list[_Provider] = []
    i = 1 if _streams_out(t) else 0  # ``operator<<(std::ostream &, const T &)``: std::cout
    while i < len(t.params):
        got = _provider_for(t.params, i, t.language, t.mined)
        if got is None:
            return []
        p, used = got
        providers.append(p)
        i += used
    if t.kind == "CONSTRUCTOR":
        return _build_constructor(t, providers, max_candidates)
    needs_object = t.is_method and not t.is_static
    ctor: list[_Provider] = []
    if needs_object and not t.default_constructible:
        if not t.ctor_params:
            return []
        i = 0
        while i < len(t.ctor_params):
            got = _provider_for(t.ctor_params, i, t.language)
            if got is None:
                return []
            ctor.append(got[0])
            i += got[1]

    mutators: list[tuple[str, list[_Provider]]] = []
    if needs_object:
        for mname, mparams in t.mutators:
            mp = _providers(mparams, t.language, 1)
            if mp is not None:
                mutators.append((mname, mp))
    # Methods that add items (push, insert, append): an empty container throws on reads.
    grows = [m for m in mutators if m[1] and _GROWS.search(m[0])]
    variety = max([p.count for p in providers + ctor], default=1)
    if mutators:
        variety = max(variety, 2 * len(mutators) + 1)
    if grows:
        variety = max(variety, 4)
    n = min(max_candidates, variety if (providers or ctor or mutators) else 1)
    calls_per_object = 2 if (t.is_method and not t.is_static and not t.is_const) else 1
    shift = 4 if _operator_symbol(t.name) else 5

    # A row picks one value per provider: an index into its values, or a fixed literal.
    rows: list[list[int | str]] = []
    for k in range(n * 3):
        rows.append([(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(providers)])
    if len(providers) >= 2 and all(p.label in ("int", "uint") for p in providers):
        # Several integers: all equal, and ascending (3, 4, 5): triangle sides, range bounds.
        rows.insert(1, ["5"] * len(providers))
        rows.insert(3, [str(3 + j) for j in range(len(providers))])

    out: list[list[Example]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(len(rows)):
        if len(out) >= n:
            break
        tag = str(len(out))
        lines: list[str] = []
        after: list[str] = []
        obj = f"obj{tag}m"
        key: list[str] = []
        if needs_object and not ctor:
            lines.append(f"{t.class_name} {obj};")
        elif needs_object:
            cargs = []
            for j, p in enumerate(ctor):
                # Objects the target runs on start from ordinary values (10, 3, 7...), not edges;
                # an operator's left operand differs from its right one (``a == b``).
                a = p.make((k + shift) % max(p.count, 1), f"{tag}c{'abcdefgh'[j % 8]}")
                lines += a.setup
                cargs.append(a.expr)
            lines.append(f"{t.class_name} {obj}({', '.join(cargs)});")
            key.append(lines[-1].replace(obj, ""))
        # State first: a container gets 2, 4 (past a small capacity), 1 or 0 added items; then
        # every other candidate calls another public method to change the object's state.
        reps, change = 0, None
        if grows and k < 4:
            reps, change = (2, 4, 1, 0)[k], grows[0]
        elif mutators and k % 2 == 1:
            change = mutators[(k // 2) % len(mutators)]
            reps = 2 if change in grows else 1
        if change is not None:
            for rep in range(reps):
                lines += _change_lines(obj, change, k // 2 + rep, f"{tag}m{rep or ''}")
                key.append(lines[-1].replace(obj, ""))
        for c in range(calls_per_object):
            row = rows[(k + c) % len(rows)]
            args = []
            for j, (p, choice) in enumerate(zip(providers, row, strict=True)):
                var_tag = f"{tag}{'abcdefgh'[j % 8]}{c or ''}"
                a = _Arg([], choice, []) if isinstance(choice, str) else p.make(choice, var_tag)
                lines += a.setup
                args.append(a.expr)
                after += a.after
            on = f"static_cast<const {t.class_name} &>({obj})" if t.const_overload else obj
            callee = f"{on}.{t.name}" if needs_object else t.call_name
            call = _operator_call(t, obj if needs_object else None, args) or (
                f"{callee}({', '.join(args)})"
            )
            key.append(", ".join(args))
            lines += _result_lines(t, call, f"{tag}{c or ''}")
        if needs_object and not t.is_const:
            if k == 0 and grows and t.result is not None and t.result.kind.name == "VOID":
                # ``clear()``, ``reset()``: one item added afterwards shows the state it left.
                after += _change_lines(obj, grows[0], 3, f"{tag}z")
            after += [f"{obj}.{g}" for g in t.getters]
        if tuple(key) in seen:
            continue
        seen.add(tuple(key))
        out.append(_examples(lines + after))
    return out


def _change_lines(obj: str, change: tuple[str, list[_Provider]], seed: int, tag: str) -> list[str]:
    """One call of a state-changing method on ``obj``, its arguments the ``seed``-th values."""
    name, provs = change
    lines, args = [], []
    for j, p in enumerate(provs):
        a = p.make((seed + j) % max(p.count, 1), f"{tag}{'abcdefgh'[j % 8]}")
        lines += a.setup
        args.append(a.expr)
    return [*lines, f"{obj}.{name}({', '.join(args)});"]


def _build_instances(t: _Target, max_candidates: int) -> list[list[Example]]:
    """Blocks for each instance of a function template, interleaved (int, double, string...)."""
    per = [_build(inst, max(3, max_candidates // len(t.templates))) for inst in t.templates]
    out: list[list[Example]] = []
    for group in itertools.zip_longest(*per):
        out += [b for b in group if b is not None]
    return out[:max_candidates]


def _class_type(t: _Target) -> Any:
    """The class a constructor target builds (its canonical type), from the API's cursor."""
    api = _API.get()
    return api.target_class if api is not None else None


def _stream_lines(t: _Target, r: Any, call: str, tag: str) -> list[str] | None:
    """A class result without getters, printed with the file's ``operator<<`` if it has one:
    ``auto res = call;`` then ``std::cout << res << std::endl;``.
    """
    if not _streamable(t, r):
        return None
    return [f"auto res{tag} = {call};", f"std::cout << res{tag} << std::endl;"]


def _streamable(t: _Target, r: Any) -> bool:
    """Whether the file has an ``operator<<(std::ostream &, R)`` for the class type ``r``."""
    api = _API.get()
    if api is None or r is None or t.language == "c" or r.kind.name != "RECORD":
        return False
    spelling = _strip_const(r.spelling)
    for f in api.functions:
        params = _params_of(f)
        if f.spelling == "operator<<" and len(params) == 2 and "ostream" in params[0][1].spelling:
            other = params[1][1].get_canonical()
            if other.kind.name == "LVALUEREFERENCE":
                other = other.get_pointee().get_canonical()
            if _strip_const(other.spelling) == spelling:
                return True
    return False


def _build_constructor(
    t: _Target, providers: list[_Provider], max_candidates: int
) -> list[list[Example]]:
    """Construct objects with boundary arguments and print what their getters return."""
    if t.language == "c" or not t.class_name:
        return []
    shown = list(t.getters)
    n = min(max_candidates, max([p.count for p in providers], default=1))
    out: list[list[Example]] = []
    seen: set[str] = set()
    for k in range(n * 3):
        if len(out) >= n:
            break
        tag = str(len(out))
        var = f"obj{tag}m"
        row = [(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(providers)]
        lines, args = [], []
        for j, (p, idx) in enumerate(zip(providers, row, strict=True)):
            a = p.make(idx, f"{tag}{'abcdefgh'[j % 8]}")
            lines += a.setup
            args.append(a.expr)
        if ", ".join(args) in seen:
            continue
        seen.add(", ".join(args))
        lines.append(
            f"{t.class_name} {var}({', '.join(args)});" if args else f"{t.class_name} {var};"
        )
        if not shown:
            if not _streamable(t, _class_type(t)):
                return []  # nothing observable about a constructed object
            out.append(_examples(lines + [f"std::cout << {var} << std::endl;"]))
            continue
        out.append(_examples(lines + [f"{var}.{g}" for g in shown]))
    return out
