"""Candidate blocks of the fallback: for a ``Target``, rows of argument values, objects built and
put in a state first (filled containers, another method called), the call, and the lines that
print its result and the object's state (getters, public fields, ``operator<<``); constructors
through the objects they build; a template's instances interleaved.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from cdoctest_runner import ctext
from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.example import Example
from server.analysis.fileapi import GROWS, FileApi, streamable
from server.analysis.kinds import ParamKind
from server.analysis.languages import InputLanguage
from server.analysis.observing import api_observers
from server.analysis.target import Params, Target
from server.analysis.types import (
    CType,
    aggregate,
    definition,
    dereferenced,
    getters,
    is_std,
    pointee,
    printable,
    record_fields,
    scalar,
    spelled,
    type_class,
)
from server.candidates.by_type.handles import declare
from server.candidates.by_type.observe import observer_lines
from server.candidates.by_type.operators import operator_call, operator_symbol, streams_out
from server.candidates.by_type.providers import provider_for, providers
from server.candidates.by_type.related import related_rows
from server.candidates.by_type.state import REPS, Adder, adder_lines, plain_values
from server.candidates.by_type.values import Arg, Provider
from server.judge.verify import declared_names


def build(t: Target, api: FileApi, max_candidates: int) -> list[list[Example]]:
    """At most ``max_candidates`` blocks for ``t`` (``want`` empty); [] when an argument, or the
    object a method needs, cannot be made (``why_none`` says which).
    """
    if t.templates:
        return _build_instances(t, api, max_candidates)
    calls = _calls(t, api)
    if isinstance(calls, str):
        return []
    if t.kind == "CONSTRUCTOR":
        return _build_constructor(t, api, calls.args, max_candidates)
    return calls.blocks(max_candidates)


def why_none(t: Target, api: FileApi) -> str:
    """Why ``build`` makes no call of ``t``, for a message: the argument or the object it cannot
    make, or a template without an instance; '' when it makes the calls.
    """
    if t.kind == "FUNCTION_TEMPLATE" and not t.templates:
        return "no instance of the template: none of the types and values it tries fits"
    calls = _calls(t, api) if not t.templates else None
    return calls if isinstance(calls, str) else ""


def _calls(t: Target, api: FileApi) -> _Calls | str:
    """The calls of ``t`` (not a template): its arguments' providers, the object's constructor
    arguments and the methods that change its state; or why there are none.
    """
    first = 1 if streams_out(t) else 0  # ``operator<<(std::ostream &, const T &)``: std::cout
    typed = _params_providers(t.params[first:], t, api, t.mined)
    if isinstance(typed, tuple):
        return f"no value of `{typed[1].spelling}` for `{typed[0]}`"
    args = [p for p, _ in typed]
    needs_object = t.is_method and not t.is_static and t.kind != "CONSTRUCTOR"
    ctor: list[Provider] = []
    if needs_object and not t.default_constructible:
        if not t.ctor_params:
            return f"no public constructor of `{t.class_name}`"
        got = _params_providers(t.ctor_params, t, api, ())
        if isinstance(got, tuple):
            return f"no value of `{got[1].spelling}` for `{t.class_name}`'s constructor"
        ctor = [p for p, _ in got]
    mutators: list[tuple[str, list[Provider]]] = []
    if needs_object:
        for mname, mparams in t.mutators:
            mp = providers(mparams, t.language, api, 1)
            if mp is not None:
                mutators.append((mname, mp))
    related = related_rows(t, [pt for _, pt in typed], args)
    module: list[Adder] = []
    for name, ps in api.module.adders if api.shrinks else ():  # fill a state before a cut
        mp = providers(ps, t.language, api, 1)
        if mp is not None and plain_values(mp):
            module.append((name, False, mp))
    return _Calls(t, api, args, ctor, mutators, related, module)


def _params_providers(
    params: Params, t: Target, api: FileApi, mined: tuple[int | str, ...]
) -> list[tuple[Provider, CType]] | tuple[str, CType]:
    """Providers for ``params`` at depth 0 (a pointer + length pair shares one), each with the
    type of the first parameter it fills; or the first parameter no value can be made for (its
    name and type).
    """
    out: list[tuple[Provider, CType]] = []
    i = 0
    while i < len(params):
        got = provider_for(params, i, t.language, api, mined)
        if got is None:
            return params[i]
        out.append((got[0], params[i][1]))
        i += got[1]
    return out


@dataclass(frozen=True)
class _Calls:
    """The calls of a function or method: its arguments' providers, the object's constructor
    arguments ([] for a default one) and the methods that change its state.
    """

    t: Target
    api: FileApi
    args: list[Provider]
    ctor: list[Provider]
    mutators: list[tuple[str, list[Provider]]]
    related: list[list[int | str]]  # a comparison's rows of related values (``related_rows``)
    module: list[Adder]  # adders of the file-scope state a shrinking target uses

    @property
    def needs_object(self) -> bool:
        return self.t.is_method and not self.t.is_static

    @property
    def grows(self) -> list[tuple[str, list[Provider]]]:
        """Methods that add items (push, insert, append): an empty container throws on reads."""
        return [m for m in self.mutators if m[1] and GROWS.search(m[0])]

    def count(self, max_candidates: int) -> int:
        """How many blocks: as many as the most varied provider (or state change) has values."""
        variety = max([p.count for p in self.args + self.ctor], default=1)
        if self.mutators:
            variety = max(variety, 2 * len(self.mutators) + 1)
        if self.grows:
            variety = max(variety, 4)
        variety = max(variety, 1 + len(self.related), len(REPS) if self.module else 1)
        return min(max_candidates, variety if (self.args or self.ctor or self.mutators) else 1)

    def rows(self, n: int) -> list[list[int | str]]:
        """A row picks one value per provider: an index into its values, or a fixed literal."""
        rows: list[list[int | str]] = []
        for k in range(n * 3):
            rows.append([(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(self.args)])
        if len(self.args) >= 2 and all(p.label in ("int", "uint") for p in self.args):
            # Several integers: all equal, and ascending (3, 4, 5): triangle sides, range bounds.
            rows.insert(1, ["5"] * len(self.args))
            rows.insert(3, [str(3 + j) for j in range(len(self.args))])
        # A comparison: after the first row (two equal values), values that almost agree.
        rows[1:1] = self.related
        return rows

    def blocks(self, max_candidates: int) -> list[list[Example]]:
        """The blocks, one per row, skipping rows that repeat a block's calls."""
        n = self.count(max_candidates)
        rows = self.rows(n)
        out: list[list[Example]] = []
        seen: set[tuple[str, ...]] = set()
        for k in range(len(rows)):
            if len(out) >= n:
                break
            lines, key = self._block(k, rows, str(len(out)))
            if key in seen:
                continue
            seen.add(key)
            out.append(_examples(lines))
        return out

    def _object_lines(self, k: int, obj: str, tag: str) -> tuple[list[str], list[str]]:
        """The lines that make the object (and put it in a state), and their key parts."""
        t = self.t
        lines: list[str] = []
        key: list[str] = []
        if self.needs_object and not self.ctor:
            lines.append(f"{t.class_name} {obj};")
        elif self.needs_object:
            shift = 4 if operator_symbol(t.name) else 5
            cargs = []
            for j, p in enumerate(self.ctor):
                # Objects the target runs on start from ordinary values (10, 3, 7...), not edges;
                # an operator's left operand differs from its right one (``a == b``).
                a = p.make((k + shift) % max(p.count, 1), f"{tag}c{'abcdefgh'[j % 8]}")
                lines += a.setup
                cargs.append(a.expr)
            lines.append(f"{t.class_name} {obj}({', '.join(cargs)});")
            key.append(lines[-1].replace(obj, ""))
        # State first: a container gets 2, 4 (past a small capacity), 1 or 0 added items; then
        # every other candidate calls another public method to change the object's state.
        grows = self.grows
        reps, change = 0, None
        if grows and k < 4:
            reps, change = (2, 4, 1, 0)[k], grows[0]
        elif self.mutators and k % 2 == 1:
            change = self.mutators[(k // 2) % len(self.mutators)]
            reps = 2 if change in grows else 1
        if change is not None:
            for rep in range(reps):
                lines += _change_lines(obj, change, k // 2 + rep, f"{tag}m{rep or ''}")
                key.append(lines[-1].replace(obj, ""))
        return lines, key

    def _block(
        self, k: int, rows: list[list[int | str]], tag: str
    ) -> tuple[list[str], tuple[str, ...]]:
        """Block ``k``: the object, the call(s) with row ``k``'s values, what they changed; and
        the key that tells repeated blocks apart.
        """
        t = self.t
        obj = f"obj{tag}m"
        lines, key = self._object_lines(k, obj, tag)
        if self.module:  # a state kept in file-scope variables, filled before a shrinking call
            adder = self.module[(k // len(REPS)) % len(self.module)]
            lines += adder_lines(None, adder, REPS[k % len(REPS)], f"{tag}h")
            key += lines
        after: list[str] = []
        calls_per_object = 2 if (t.is_method and not t.is_static and not t.is_const) else 1
        for c in range(calls_per_object):
            row = rows[(k + c) % len(rows)]
            args, filled = [], []
            for j, (p, choice) in enumerate(zip(self.args, row, strict=True)):
                var_tag = f"{tag}{'abcdefgh'[j % 8]}{c or ''}"
                a = Arg([], choice, []) if isinstance(choice, str) else p.make(choice, var_tag)
                lines += a.setup
                args.append(a.expr)
                filled += a.after
            on = f"static_cast<const {t.class_name} &>({obj})" if t.const_overload else obj
            callee = f"{on}.{t.name}{t.template_args}" if self.needs_object else t.call_name
            call = operator_call(t, obj if self.needs_object else None, args) or (
                f"{callee}({', '.join(args)})"
            )
            key.append(", ".join(args))
            shown = _result_lines(t, self.api, call, f"{tag}{c or ''}", args)
            if filled and _nullable(t):
                # A pointer result may be NULL (a failed parse): what the call wrote into its
                # arguments (an error struct) is printed before anything reads through it.
                at = next(i for i, line in enumerate(shown) if call in line) + 1
                shown[at:at] = filled
                filled = []
            lines += shown
            after += filled
        if self.needs_object and not t.is_const:
            void = t.result is not None and type_class(t.result) == "VOID"
            if k == 0 and self.grows and void:
                # ``clear()``, ``reset()``: one item added afterwards shows the state it left.
                after += _change_lines(obj, self.grows[0], 3, f"{tag}z")
            after += [f"{obj}.{g}" for g in t.getters]
        # The file-scope state the call fills, shrinks or writes, read through the API.
        after += list(self.api.module.observers)
        return lines + after, tuple(key)


#: Plain declarations in a row share a line up to this many characters.
DECLARATIONS_WIDTH = 100
_NOT_A_TYPE = {"return", "delete", "throw", "goto", "break", "continue", "case", "else"}


def plain_declaration(line: str) -> bool:
    """Whether ``line`` only declares a variable, with no call, no output and nothing but a
    literal or a brace list to start it from.

    >>> ok = ("size_t n0 = 8;", "struct h a[8] = {0};", 'char b[4] = "x";')
    >>> [plain_declaration(s) for s in ok]
    [True, True, True]
    >>> [plain_declaration(s) for s in ("Stack s(3);", "x = 5;", "a.b = 1;", "n0", "return 0;")]
    [False, False, False, False, False]
    >>> plain_declaration("std::cout << v << std::endl;")  # a print, not a declaration
    False
    """
    blanked = ctext.blank(line).strip()
    if not blanked.endswith(";") or blanked.count(";") != 1 or "(" in blanked:
        return False
    first = IDENTIFIER_RE.match(blanked)
    return first is not None and first.group() not in _NOT_A_TYPE and bool(declared_names(line))


def _packed(decls: list[str]) -> list[str]:
    """``decls`` joined into lines of at most ``DECLARATIONS_WIDTH`` characters, in order."""
    out: list[str] = []
    for decl in decls:
        if out and len(out[-1]) + 1 + len(decl) <= DECLARATIONS_WIDTH:
            out[-1] += " " + decl
        else:
            out.append(decl)
    return out


def _examples(lines: list[str]) -> list[Example]:
    """One example per line, but plain declarations in a row (a call's seven out-pointers) share
    lines of at most ``DECLARATIONS_WIDTH`` characters, and go on the line that uses them all
    when they are started from values and it fits (``int err = 0; parse("1+2", &err)``, as the
    input search writes its calls): a reader sees the call sooner, and a block holds more calls
    in the same number of lines. An object declared without a value (``Stack s;``) keeps its own
    line.

    >>> lines = ["const char *m = 0;", "size_t n = 0;", "f(&m, &n)", "m"]
    >>> [e.source.strip() for e in _examples(lines)]
    ['const char *m = 0; size_t n = 0; f(&m, &n)', 'm']
    >>> [e.source.strip() for e in _examples(["Stack s;", "int k = 2;", "s.push(k);"])]
    ['Stack s; int k = 2;', 's.push(k);']
    """
    out: list[str] = []
    run: list[str] = []  # plain declarations in a row, not yet placed
    for line in lines:
        if plain_declaration(line):
            run.append(line.strip())
            continue
        joined = " ".join([*run, line.strip()])
        used = {m.group() for m in ctext.identifiers(ctext.blank(line))}
        if (
            run
            and all("=" in ctext.blank(d) for d in run)
            and declared_names(" ".join(run)) <= used
            and len(joined) <= DECLARATIONS_WIDTH
        ):
            out.append(joined)
        else:
            out += _packed(run)
            out.append(line)
        run = []
    out += _packed(run)
    return [Example(source=line) for line in out]


def _nullable(t: Target) -> bool:
    """Whether the result is a pointer read through (not printed as it is: a handle, a struct)."""
    r = t.result_type_declared
    return r is not None and type_class(r) == "POINTER" and not printable(r, t.language)


def _api_result_lines(
    t: Target, api: FileApi, call: str, tag: str, args: Sequence[str]
) -> list[str] | None:
    """A result of a handle/struct-pointer type: kept in a variable, shown through the API
    (``server.analysis.observing``: a compiled pattern through its matcher asked with texts
    the pattern ``args`` hold matches and misses, a tree through its serializer), then through
    its fields.
    """
    r = t.result_type_declared
    if r is None or printable(r, t.language):
        return None
    if type_class(r) != "POINTER":
        return None
    var = f"res{tag}"
    seen = api_observers(api, r, t.language)
    show = observer_lines(seen, var, args, tag, _text_language(api))
    show += [f"{var}->{f}" for f in record_fields(r, t.language)]
    if not show:
        return None
    return declare(spelled(r), var, call, t.language) + show


def _text_language(api: FileApi) -> InputLanguage | None:
    """The input language of the target's first text parameter that has one."""
    return next((fact.language for _, fact in api.languages), None)


def _result_lines(
    t: Target, api: FileApi, call: str, tag: str, args: Sequence[str] = ()
) -> list[str]:
    """How to run ``call`` (with the argument expressions ``args``) so that its result prints
    deterministically.
    """
    r = t.result
    if r is None or type_class(r) == "VOID":
        return [call + ";"]
    if scalar(dereferenced(r), t.language) is not None:  # ``const T &front()`` on ints
        return [call]
    via_api = _api_result_lines(t, api, call, tag, args)
    if via_api is not None:
        return via_api
    if scalar(r, t.language) is not None:
        return [call]
    if type_class(r) == "POINTER":
        target = scalar(pointee(r)[0], t.language)
        if target is not None and target.kind == ParamKind.CHAR:
            return [call]
        return [f"({call}) != 0"]
    return _class_result_lines(t, api, r, call, tag)


def _class_result_lines(t: Target, api: FileApi, r: CType, call: str, tag: str) -> list[str]:
    """A class result, kept in a variable: a string's text, a vector's size and first items, a
    struct's fields, the getters' values, or the file's ``operator<<``.
    """
    if t.language != "c" and is_std(r, "basic_string"):
        return [f"std::string res{tag} = {call};", f"res{tag}.c_str()"]
    if t.language != "c" and is_std(r, "basic_string_view"):
        return [f"std::string res{tag}({call});", f"res{tag}.c_str()"]
    if t.language != "c" and is_std(r, "vector"):
        return [f"auto res{tag} = {call};", f"res{tag}.size()"] + [
            f"res{tag}.at({j})" for j in range(3)
        ]
    agg = aggregate(r, t.language)
    if agg is not None:
        decl = f"{agg.spelling} res{tag} = {call};"
        seen = observer_lines(api_observers(api, r, t.language), f"res{tag}", (), tag)
        return [decl, *seen] + [f"res{tag}.{n}" for n, _ in agg.fields]
    record = definition(r) if t.language != "c" and type_class(r) == "RECORD" else None
    shown = getters(record, t.language) if record is not None else []
    if shown:
        return [f"auto res{tag} = {call};"] + [f"res{tag}.{g}" for g in shown]
    if streamable(api, r, t.language):
        return [f"auto res{tag} = {call};", f"std::cout << res{tag} << std::endl;"]
    return [call + ";"]


def _change_lines(obj: str, change: tuple[str, list[Provider]], seed: int, tag: str) -> list[str]:
    """One call of a state-changing method on ``obj``, its arguments the ``seed``-th values."""
    name, provs = change
    lines, args = [], []
    for j, p in enumerate(provs):
        a = p.make((seed + j) % max(p.count, 1), f"{tag}{'abcdefgh'[j % 8]}")
        lines += a.setup
        args.append(a.expr)
    return [*lines, f"{obj}.{name}({', '.join(args)});"]


def _build_instances(t: Target, api: FileApi, max_candidates: int) -> list[list[Example]]:
    """Blocks for each instance of a function template, interleaved (int, double, string...)."""
    per = [build(inst, api, max(3, max_candidates // len(t.templates))) for inst in t.templates]
    out: list[list[Example]] = []
    for group in itertools.zip_longest(*per):
        out += [b for b in group if b is not None]
    return out[:max_candidates]


def _build_constructor(
    t: Target, api: FileApi, args: list[Provider], max_candidates: int
) -> list[list[Example]]:
    """Construct objects with boundary arguments and print what their getters return (or the
    file's ``operator<<`` shows).
    """
    if t.language == "c" or not t.class_name:
        return []
    shown = list(t.getters)
    n = min(max_candidates, max([p.count for p in args], default=1))
    out: list[list[Example]] = []
    seen: set[str] = set()
    for k in range(n * 3):
        if len(out) >= n:
            break
        tag = str(len(out))
        var = f"obj{tag}m"
        row = [(k + j * (k // 2 + 1)) % max(p.count, 1) for j, p in enumerate(args)]
        lines, exprs = [], []
        for j, (p, idx) in enumerate(zip(args, row, strict=True)):
            a = p.make(idx, f"{tag}{'abcdefgh'[j % 8]}")
            lines += a.setup
            exprs.append(a.expr)
        if ", ".join(exprs) in seen:
            continue
        seen.add(", ".join(exprs))
        lines.append(
            f"{t.class_name} {var}({', '.join(exprs)});" if exprs else f"{t.class_name} {var};"
        )
        if not shown:
            if not streamable(api, api.target_class, t.language):
                return []  # nothing observable about a constructed object
            out.append(_examples(lines + [f"std::cout << {var} << std::endl;"]))
            continue
        out.append(_examples(lines + [f"{var}.{g}" for g in shown]))
    return out
