"""Search: call sequences for methods on real objects (issue #26).

``CallShape.of`` reads free functions only; for a method
``server.search.killing.find_killing_inputs`` takes its candidates from ``method_candidates`` and
runs them as it runs searched calls (on the original, then on the surviving mutants side by side,
the fewest units that kill the most kept).

1. ``MethodShape.of(ctx)`` reads the object and its API from ``ctx.analysis``
   (``server.analysis.target.Target``): how the object is made, as the fallback makes it (its
   default constructor, else its first public constructor, given small arguments, else a
   function of the file that returns one: ``Counter c = make_counter(3);``); the
   *modifiers* (public methods that are not const, the target itself when it is not const; the
   ones whose names say they add, ``fileapi.GROWS``, first; ``clear()``/``reset()`` never the
   one that takes out); the *observers* (const methods without parameters that return a scalar,
   or a reference to one on a class template's instance: ``Target.getters``); on a container
   (its first modifier adds a value), the *readers* among its const methods as libclang reads
   them with the instance's types (``Target.accessors``): a ``const T &`` accessor, a
   ``std::vector`` of scalars or strings (``to_vector()``), an indexed getter (``rat(size_t
   i)``, not ``operator[]``). Parameters take the search's kinds
   (``server.analysis.kinds``): integers, ``bool``, characters, floating point, strings, buffers
   and integer out-parameters.
2. ``sequences`` searches, per object, the calls made before the target: filling with the first
   modifier that adds (``put(1); put(2); ...``, distinct values so that order shows) to lengths
   around the capacities (the constructor's integer arguments, a class template instance's, the
   class's comparison boundaries: ``count_ == 4`` gives 3, 4 and 5) and twice the first (a ring
   that wraps around keeps its size) and to 0, 1 and 2, short fills
   also in descending order (``put(3); put(2); put(1)``: a new minimum); filling and then taking
   some out again (the modifiers without inputs, ``get()``, ``pop(&v)``: LIFO or FIFO order);
   filling, emptying and filling again (a ring that wraps around); the object's state set from the
   same value as the target's argument and its neighbours (``deposit(2); withdraw(3)``); the
   target's arguments varied one at a time over ``value_pools`` (the documentation's values, the
   class's boundaries, the type's limits, small values), on an object filled once (an empty one when
   the target is the filler: ``add(-5)`` as the first reading). The object is declared once and
   never assigned to; a run of five or more calls of one method is written as a ``for`` loop.
3. ``method_candidates`` renders each choice as one self-contained unit: the object, the
   sequence, the target call (``CallShape.render``: out-parameters and buffers printed), a
   removing modifier once more after a target that changes the object (what a full ``push``
   left on top), then the readers and observers (``MethodShape.read``: a vector, first, as its
   size and elements, ``CallShape.render``; an indexed reader at 0 and ``size() - 1``); on a
   container, the ones that read an element (``front()`` throws on an empty ring) only when the
   counted fills, take-outs and clears (``MethodShape.holds``) leave one. At most ``max_calls``
   units, the patterns of every object interleaved so that a short list covers them all;
   deterministic (no randomness).

A class template's method is searched on the first ``SEARCHED_INSTANCES`` instances that the
analysis kept (``server.analysis.templates``: ``FixedStack<int, 4>``, ``FixedStack<int, 1>``),
each a shape of its own (``MethodShape.each``) whose patterns are interleaved with the other's:
the object declared with its template arguments, the types read from the instance, its
integer arguments among the capacities (``N`` of 4: a ``push`` on a full stack).

Not searched: static methods, operators, classes with no usable constructor or producer,
methods whose result is not a scalar, a ``std::string`` or ``void``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cdoctest_runner.example import Example
from server.analysis.documentation import DocFacts
from server.analysis.fileapi import GROWS, PRODUCES, SIZES, FileApi, producer_candidates
from server.analysis.kinds import Param, ParamKind, classify
from server.analysis.mining import text_boundaries
from server.analysis.types import (
    Scalar,
    canonical,
    dereferenced,
    is_std,
    pointee,
    scalar,
    type_class,
    type_key,
)
from server.judge.units import Candidate, Origin
from server.search.inputs import value_pools
from server.search.shapes import SEARCHED_INSTANCES, CallShape

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.context import FunctionContext
    from server.analysis.target import Params, Target

__all__ = ["Method", "MethodShape", "Reader", "Step", "method_candidates", "sequences"]

MAX_FILL = 17  # the longest run of one modifier (a capacity of 16 and one past it)
MAX_LENGTHS = 7  # fill lengths tried per object
MAX_OBJECTS = 6  # constructor argument rows tried
LOOP_FROM = 5  # a run this long is written as a loop
_SCALARS = (ParamKind.INT, ParamKind.UINT, ParamKind.CHAR, ParamKind.BOOL, ParamKind.FLOAT)
_INTS = (ParamKind.INT, ParamKind.UINT)
CLEARS = re.compile(r"(?i)^(clear|reset)")  # empties the object at once: not a take-out


@dataclass(frozen=True)
class Method:
    """A method of the class as the search calls it."""

    name: str
    params: tuple[Param, ...]

    @property
    def inputs(self) -> tuple[Param, ...]:
        """The parameters that take a value (out-parameters and buffers are the call's own)."""
        return tuple(p for p in self.params if p.kind not in (ParamKind.OUT, ParamKind.BUF))


@dataclass(frozen=True)
class Reader:
    """An accessor that reads the object's elements (``front()``, ``to_vector()``,
    ``rat(i)``), printed after the observers.
    """

    name: str
    returns: str  # as ``CallShape.returns``: 'value' | 'string' | 'vector' | 'vector-string'
    indexed: bool = False  # takes an index: read at 0 and, with a ``size()``, at size() - 1
    needs_item: bool = True  # may throw on an empty object: printed only when it holds one


#: One call before the target: the method and its arguments ('' for an out-parameter).
Step = tuple[Method, tuple[str, ...]]


def _kind(s: Scalar) -> ParamKind | None:
    """The search's kind of a scalar (bytes as unsigned integers, any floating point as float)."""
    kind = {ParamKind.UCHAR: ParamKind.UINT, ParamKind.DOUBLE: ParamKind.FLOAT}.get(s.kind, s.kind)
    return kind if kind in _SCALARS else None


def _param(name: str, t: Any, language: str) -> Param | None:
    """A libclang parameter type read as one of the search's kinds (None: not one of them)."""
    ct = canonical(t)
    s = scalar(ct, language)
    if s is not None:
        kind = _kind(s)
        return Param(kind, s.spelling, name) if kind is not None else None
    if type_class(ct) == "POINTER":
        inner, mutable = pointee(ct)
        ps = scalar(inner, language)
        if ps is None:
            return None
        if ps.kind is ParamKind.CHAR:
            return Param(ParamKind.BUF if mutable else ParamKind.CSTR, "char", name)
        return Param(ParamKind.OUT, ps.spelling, name) if mutable and ps.kind in _INTS else None
    d = dereferenced(ct)
    if d is ct:
        return None
    mutable = pointee(ct)[1]  # a reference: only a const one takes a literal
    if language != "c" and is_std(d, "basic_string"):
        return None if mutable else Param(ParamKind.STRING, "std::string", name)
    ds = scalar(d, language)
    kind = _kind(ds) if ds is not None and not mutable else None
    return Param(kind, ds.spelling, name) if ds is not None and kind is not None else None


def _params(params: Params, language: str) -> tuple[Param, ...] | None:
    """The parameters read as the search's kinds; None when one is of another kind."""
    out = []
    for name, t in params:
        p = _param(name, t, language)
        if p is None:
            return None
        out.append(p)
    return tuple(out)


def _producer(api: FileApi, t: Target) -> tuple[str, tuple[Param, ...]] | None:
    """A function of the file that returns the class by value from arguments of the search's
    kinds (``fileapi.producer_candidates``; names that say they make first), or None.
    """
    made = next(
        (
            f.result_type
            for f in api.functions
            if type_class(f.result_type) == "RECORD" and type_key(f.result_type)[1] == t.class_name
        ),
        None,
    )
    if made is None:
        return None
    found = []
    for name, params in producer_candidates(api, made):
        got = _params(params, t.language)
        if got is not None:
            found.append((name, got))
    found.sort(key=lambda p: (not PRODUCES.search(p[0]), len(p[1])))
    return found[0] if found else None


def _returns(return_type: str) -> str | None:
    """How the target's result prints (``CallShape.returns``), None when the search cannot."""
    r = " ".join(return_type.split())
    if r == "void":
        return "void"
    if re.fullmatch(r"(const )?(std::)?string( &)?", r):
        return "string"
    p = classify(r)
    return "value" if p is not None and p.kind in _SCALARS else None


@dataclass(frozen=True)
class MethodShape:
    """The object a method runs on and the calls around it (module docstring, step 1)."""

    class_name: str
    call: CallShape  # the target; ``name`` is the method's, the object is put in front
    ctor: tuple[Param, ...] | None  # None: default-constructed
    modifiers: tuple[Method, ...]  # adding ones first; the target when it is not const
    observers: tuple[str, ...]  # ``size()``, ``empty()``: read after the call
    target_changes: bool  # the target is not const
    via_const: bool = False  # a const method with a non-const twin: called on a const view
    producer: str = ""  # the file's function that makes the object from ``ctor``'s arguments
    capacities: tuple[int, ...] = ()  # a class template instance's integer arguments: ``<int, 4>``
    container: bool = False  # filled by values: its element readers print once it holds one
    readers: tuple[Reader, ...] = ()  # a container's accessors other than ``observers``
    sized: bool = False  # the class has ``size()``: an indexed reader reads the last one too

    @staticmethod
    def each(ctx: FunctionContext) -> tuple[MethodShape, ...]:
        """The shapes to search a method with: its own; a class template's method on each of
        the first ``SEARCHED_INSTANCES`` instances the analysis kept (``FixedStack<int, 4>``,
        ``FixedStack<int, 1>``). () for what the search does not handle.
        """
        a = ctx.analysis
        if a is None or not a.target.templates:
            own = MethodShape.of(ctx)
            return (own,) if own is not None else ()
        found = (MethodShape.of(ctx, t) for t in a.target.templates[:SEARCHED_INSTANCES])
        return tuple(s for s in found if s is not None)

    @staticmethod
    def of(ctx: FunctionContext, instance: Target | None = None) -> MethodShape | None:
        """The shape of a method's calls (None for what the search does not handle); a class
        template's method only on one of its ``instance``s (``ctx.analysis.target.templates``):
        the object declared with its template arguments, the parameters, result, modifiers
        and observers read from the instance's substituted types, its integer arguments
        capacities.
        """
        a = ctx.analysis
        if a is None or not ctx.is_method or ctx.is_static:
            return None
        if bool(a.target.templates) != (instance is not None):
            return None
        t: Target = instance or a.target
        if t.kind != "CXX_METHOD" or t.name.startswith("operator") or not t.class_name:
            return None
        if instance is None:
            found = tuple(classify(p.type, p.name) for p in ctx.parameters)
            returns = _returns(ctx.return_type)
        else:  # the result as declared (``std::string``), else canonical (``std::size_t``)
            found = _params(t.params, t.language) or ((None,) if t.params else ())
            results = (r.spelling for r in (t.result_type_declared, t.result) if r is not None)
            returns = next((r for r in map(_returns, results) if r is not None), None)
        params = [k for k in found if k is not None]
        if len(params) != len(found) or returns is None:
            return None
        ctor: tuple[Param, ...] | None = None
        producer = ""
        if not t.default_constructible:
            ctor = _params(t.ctor_params, t.language) if t.ctor_params else None
            if ctor is None:
                made = _producer(a.api, t)
                if made is None:
                    return None
                producer, ctor = made
        own = Method(t.name + t.template_args, tuple(params))
        mods = [own] if not t.is_const else []
        for name, mparams in t.mutators:
            got = _params(mparams, t.language)
            if got is not None and all(m.name != name for m in mods):
                mods.append(Method(name, got))
        # Adding methods first, then the others before the target (``deposit`` fills an account
        # whose ``withdraw`` is tested).
        mods.sort(key=lambda m: (not (GROWS.search(m.name) and m.inputs), m is own))
        container = bool(mods and GROWS.search(mods[0].name) and mods[0].inputs)
        return MethodShape(
            class_name=t.class_name,
            call=CallShape(own.name, tuple(params), returns),
            ctor=ctor,
            modifiers=tuple(mods),
            observers=t.getters,
            target_changes=not t.is_const,
            via_const=t.const_overload,
            producer=producer,
            capacities=_template_ints(t.class_name) if instance is not None else (),
            container=container,
            readers=_readers(t) if container else (),
            sized=t.has_size,
        )

    @property
    def grows(self) -> Method | None:
        """The modifier that fills the object: the first one that takes a value, else the
        first one (``tick()``, ``next()``).
        """
        return next((m for m in self.modifiers if m.inputs), None) or next(
            iter(self.modifiers), None
        )

    @property
    def takes(self) -> Method | None:
        """A modifier that takes out without a value (``get()``, ``pop(&v)``, ``pop()``)."""
        return next((m for m in self.modifiers if not m.inputs and not CLEARS.search(m.name)), None)

    def holds(self, ctor_args: tuple[str, ...], steps: tuple[Step, ...]) -> bool:
        """Whether the object holds an element after ``steps``, the target and the take-out
        that follows it: counted from the fills (``grows``), take-outs (``takes``) and clears,
        at most the smallest integer of the constructor's and the instance's arguments (a
        capacity: ``ring(1)`` holds one; never an object constructed with a 0).
        """
        grows, takes = self.grows, self.takes
        ints = [v for v in map(_int, ctor_args) if v is not None] + list(self.capacities)
        bound = min(ints, default=MAX_FILL + 1)
        if grows is None or bound <= 0:
            return False
        n = 0
        names = [m.name for m, _ in steps] + [self.call.name]
        if self.target_changes and takes is not None and takes.name != self.call.name:
            names.append(takes.name)
        for name in names:
            if name == grows.name:
                n = min(bound, n + 1)
            elif takes is not None and name == takes.name:
                n = max(0, n - 1)
            elif CLEARS.search(name):
                n = 0
        return n > 0

    def read(self, obj: str, tag: str, holds: bool) -> list[str]:
        """The lines that print the object's state: the readers that cannot throw first (a
        ``to_vector()`` shows the whole state in one line: the shortest unit that tells a
        mutant apart ends there), the observers, the other readers; on a container, the ones
        that read an element (not a size, ``fileapi.SIZES``: ``front()`` throws on an empty
        ring) only when it ``holds`` one; an indexed reader at 0 and size() - 1.
        """
        reads = holds or not self.container
        index = Param(ParamKind.UINT, "unsigned long", "i")
        at = ["0", f"{obj}.size() - 1"] if self.sized else ["0"]

        def reader(k: int, r: Reader) -> list[str]:
            out = []
            for j, i in enumerate(at if r.indexed else [None]):
                call = CallShape(f"{obj}.{r.name}", (index,) if i else (), r.returns)
                out += [e.source for e in call.render([i] if i else [], f"{tag}r{k}_{j}")]
            return out

        readers = list(enumerate(self.readers))
        lines = [line for k, r in readers if not r.needs_item for line in reader(k, r)]
        lines += [f"{obj}.{g}" for g in self.observers if reads or SIZES.search(g)]
        return lines + [line for k, r in readers if r.needs_item and reads for line in reader(k, r)]

    def render(
        self, ctor_args: tuple[str, ...], steps: tuple[Step, ...], args: list[str], tag: str
    ) -> list[Example]:
        """One unit: the object, ``steps``, the target with ``args``, what it changed.

        >>> put = Method("put", (Param("int", "int"),))
        >>> s = MethodShape("Ring", CallShape("get", (), "value"), None,
        ...     (put, Method("get", ())), ("count()",), True)
        >>> [e.source.strip() for e in s.render((), ((put, ("1",)), (put, ("2",))), [], "_s0")]
        ['Ring obj_s0;', 'obj_s0.put(1); obj_s0.put(2);', 'obj_s0.get()', 'obj_s0.count()']
        """
        obj = f"obj{tag}"
        if self.producer:
            made = f"{self.class_name} {obj} = {self.producer}({', '.join(ctor_args)});"
        elif ctor_args:
            made = f"{self.class_name} {obj}({', '.join(ctor_args)});"
        else:
            made = f"{self.class_name} {obj};"
        lines = [made]
        if steps:
            lines.append(" ".join(_steps_code(obj, steps, tag)))
        on = f"static_cast<const {self.class_name} &>({obj})" if self.via_const else obj
        target = CallShape(f"{on}.{self.call.name}", self.call.params, self.call.returns)
        lines += [e.source for e in target.render(args, tag)]
        takes = self.takes
        if self.target_changes and takes is not None and takes.name != self.call.name:
            after = CallShape(f"{obj}.{takes.name}", takes.params, "value")
            lines += [e.source for e in after.render([""] * len(takes.params), f"{tag}t")]
        lines += self.read(obj, tag, self.holds(ctor_args, steps))
        return [Example(line) for line in lines]


def _readers(t: Target) -> tuple[Reader, ...]:
    """The const accessors of the class (``t.accessors``, read by libclang with the instance's
    types) that read elements, the getters (``t.getters``) and the target left out: a reference
    to a scalar or a string (``const T & front() const``), a ``std::vector`` of them
    (``to_vector()``, printed as size and elements; it cannot throw), an indexed getter
    (``rat(size_t i)``, one integer parameter; not ``operator[]``).
    """
    out: list[Reader] = []
    seen = {g.removesuffix("()") for g in t.getters} | {t.name}
    for a in t.accessors:
        if a.name in seen or not a.element:
            continue
        returns = a.element
        if a.vector:
            returns = "vector-string" if a.element == "string" else "vector"
        index = _params(a.params, t.language) if len(a.params) == 1 else None
        if not a.params and a.vector:
            out.append(Reader(a.name, returns, needs_item=False))
        elif not a.params and a.reference:
            out.append(Reader(a.name, returns))
        elif index is not None and index[0].kind in _INTS and not a.vector:
            out.append(Reader(a.name, returns, indexed=True))
        else:
            continue
        seen.add(a.name)
    return tuple(out)


def _call_code(obj: str, step: Step, tag: str) -> str:
    """One step as a statement (out-parameters and buffers declared in front)."""
    method, args = step
    decls, call_args = [], []
    for i, (p, a) in enumerate(zip(method.params, args, strict=True)):
        if p.kind == ParamKind.OUT:
            decls.append(f"{p.base} t{tag}_{i} = 0;")
            call_args.append(f"&t{tag}_{i}")
        elif p.kind == ParamKind.BUF:
            decls.append(f"char t{tag}_{i}[] = {a or '{0}'};")
            call_args.append(f"t{tag}_{i}")
        else:
            call_args.append(a)
    return " ".join([*decls, f"{obj}.{method.name}({', '.join(call_args)});"])


def _steps_code(obj: str, steps: tuple[Step, ...], tag: str) -> list[str]:
    """The steps as statements: a run of ``LOOP_FROM`` or more calls of one method with
    counting integer arguments (or none) as a ``for`` loop.

    >>> put = Method("put", (Param("int", "int"),))
    >>> _steps_code("o", tuple((put, (str(v),)) for v in range(1, 7)), "_s1")
    ['for (int i = 1; i <= 6; i++) o.put(i);']
    >>> get = Method("get", ())
    >>> _steps_code("o", ((put, ("5",)),) + ((get, ()),) * 5, "_s1")
    ['o.put(5);', 'for (int i = 0; i < 5; i++) o.get();']
    """
    out: list[str] = []
    j = 0
    while j < len(steps):
        method, args = steps[j]
        run = 1
        while j + run < len(steps) and steps[j + run][0] == method:
            run += 1
        counting = len(method.params) == 1 and method.params[0].kind in _INTS
        if run >= LOOP_FROM and not method.params:
            out.append(f"for (int i = 0; i < {run}; i++) {obj}.{method.name}();")
            j += run
            continue
        if run >= LOOP_FROM and counting and all(a[0].isdigit() for _, a in steps[j : j + run]):
            first = int(steps[j][1][0])
            if [int(a[0]) for _, a in steps[j : j + run]] == list(range(first, first + run)):
                last = first + run - 1
                out.append(f"for (int i = {first}; i <= {last}; i++) {obj}.{method.name}(i);")
                j += run
                continue
        out.append(_call_code(obj, steps[j], f"{tag}_{j}"))
        j += 1
    return out


def _int(v: str) -> int | None:
    """The value of an integer literal as the pools write it (``(-1)``, ``42``), else None."""
    m = re.fullmatch(r"\(?(-?\d+)\)?", v)
    return int(m.group(1)) if m else None


def _lit(v: int) -> str:
    return f"({v})" if v < 0 else str(v)


class _Filler:
    """Arguments for the steps: integers count 1, 2, 3... over a sequence (so that order shows),
    other kinds cycle through their pools.
    """

    def __init__(self, pools: dict[str, list[list[str]]]) -> None:
        self.pools = pools  # per modifier, its ``value_pools``
        self.next = 1

    def step(self, method: Method, value: str | None = None) -> Step:
        """A call of ``method``; ``value`` (when given) for its first integer input."""
        args = []
        for p, pool in zip(method.params, self.pools[method.name], strict=True):
            if p.kind in (ParamKind.OUT, ParamKind.BUF):
                args.append(pool[0] if p.kind == ParamKind.BUF and pool else "")
            elif p.kind in _INTS:
                args.append(value if value is not None else str(self.next))
                value = None
            else:
                args.append(pool[(self.next - 1) % len(pool)] if pool else "0")
        self.next += 1 if method.inputs else 0  # put(1); get(); put(2)
        return method, tuple(args)


def _template_ints(class_name: str) -> tuple[int, ...]:
    """The integer template arguments of a class template instance's name.

    >>> _template_ints("FixedStack<int, 4>"), _template_ints("Ring<double>")
    ((4,), ())
    """
    return tuple(int(v) for v in re.findall(r"[<,]\s*(\d+)[uUlL]*\s*(?=[,>])", class_name))


def _capacities(ctor_args: tuple[str, ...], body: str, own: tuple[int, ...] = ()) -> list[int]:
    """Sizes to fill to: the constructor's integer arguments, ``own`` (a class template
    instance's integer arguments: ``N`` of ``FixedStack<int, 4>``), the class's boundaries
    (1..17).
    """
    args = [v for v in (_int(a) for a in ctor_args) if v is not None]
    found = args + list(own) + text_boundaries(body)
    return [v for v in dict.fromkeys(found) if 1 <= v <= MAX_FILL]


def _lengths(caps: list[int]) -> list[int]:
    """Fill lengths: around the first capacity and twice it, then empty, one, two, around the
    others.
    """
    out: list[int] = []
    for c in caps[:1]:
        out += [c, c + 1, 2 * c, c - 1]  # past the capacity once and twice over: a wrap shows
    out += [0, 1, 2]
    for c in caps[1:]:
        out += [c + 1, c, c - 1]
    return [n for n in dict.fromkeys(out) if 0 <= n <= MAX_FILL][:MAX_LENGTHS]


#: The steps before the target and the target's arguments.
Choice = tuple[tuple[Step, ...], list[str]]


def sequences(
    shape: MethodShape,
    facts: DocFacts,
    body: str,
    ctor_args: tuple[str, ...],
    pools: list[list[str]],
) -> list[list[Choice]]:
    """The patterns for one object, each a list of ``(steps, target arguments)``, most telling
    first (module docstring, step 2); ``pools`` are the target's ``value_pools``.
    """
    grows, takes = shape.grows, shape.takes
    target = Method(shape.call.name, shape.call.params)
    caps = _capacities(ctor_args, body, shape.capacities)
    mod_pools = {
        m.name: value_pools(CallShape(m.name, m.params, "value"), facts, body)
        for m in shape.modifiers
    }

    def new() -> _Filler:
        return _Filler(mod_pools)

    def base(fill: _Filler) -> list[str]:
        """The target's base arguments: the next counted value when it is the filler."""
        if grows is not None and grows.name == target.name:
            return list(fill.step(target)[1])
        return [pool[0] if pool else "" for pool in pools]

    def filled(n: int, fill: _Filler) -> tuple[Step, ...]:
        return tuple(fill.step(grows) for _ in range(n)) if grows is not None else ()

    lengths = _lengths(caps) if grows is not None else [0]
    by_length: list[Choice] = []
    for n in lengths:
        f = new()
        steps = filled(n, f)
        by_length.append((steps, base(f)))
    # One argument at a time from its pool, on an object another modifier filled once (an
    # empty one when the target is the filler: its first call is the one that differs).
    by_args: list[Choice] = []
    first = 0 if grows is not None and grows.name == target.name else 1
    for i, pool in enumerate(pools):
        for v in pool:
            f = new()
            steps = filled(first, f)
            args = base(f)
            if shape.call.params[i].kind in (ParamKind.OUT, ParamKind.BUF):
                break
            args[i] = v
            by_args.append((steps, args))
    # The same fills in descending order (a new minimum, an insertion in front).
    descending: list[Choice] = []
    for n in [n for n in lengths if 2 <= n < LOOP_FROM][:3]:
        f = new()
        steps = filled(n, f)
        flipped = tuple((m, a) for (m, _), (_, a) in zip(steps, reversed(steps), strict=True))
        descending.append((flipped, base(f)))
    # The state set from the target's own argument and its neighbours (deposit(v); withdraw(v)).
    same: list[Choice] = []
    ints = [i for i, p in enumerate(shape.call.params) if p.kind in _INTS]
    fills_ints = grows is not None and grows.inputs and grows.inputs[0].kind in _INTS
    if grows is not None and fills_ints and grows.name != target.name and ints:
        small = [x for x in (_int(v) for v in pools[ints[0]]) if x is not None and 0 < x < 1000]
        for v in list(dict.fromkeys(small + [2, 10]))[:4]:
            for a, b in ((v, v), (v, v + 1), (v + 1, v)):
                f = new()
                args = base(f)
                args[ints[0]] = _lit(b)
                same.append(((f.step(grows, _lit(a)),), args))
    # Fill, then take some out (FIFO or LIFO order shows), and fill again after emptying (wrap).
    order: list[Choice] = []
    if grows is not None and takes is not None and takes != grows:
        for c in (caps or [2])[:2]:
            for out_n, again, out_again in ((1, 0, 0), (2, 0, 0), (c, 2, 1), (1, c, 0)):
                if out_n > c:
                    continue
                f = new()
                steps = filled(c, f) + tuple(f.step(takes) for _ in range(out_n))
                steps += filled(again, f) + tuple(f.step(takes) for _ in range(out_again))
                order.append((steps, base(f)))
    return [by_length, by_args, same, order, descending]


def _ctor_rows(shape: MethodShape, body: str) -> list[tuple[str, ...]]:
    """Constructor arguments: ordinary ones (3), then each integer from the class's boundaries
    (0..64: a capacity, not a huge allocation), one parameter at a time.
    """
    if shape.ctor is None:
        return [()]
    pools = value_pools(CallShape(shape.class_name, shape.ctor, "value"), DocFacts(), body)
    ordinary = {ParamKind.INT: "3", ParamKind.UINT: "3", ParamKind.BOOL: "true"}
    base = [
        ordinary.get(p.kind, pool[0] if pool else "")
        for p, pool in zip(shape.ctor, pools, strict=True)
    ]
    rows = [tuple(base)]
    for i, (p, pool) in enumerate(zip(shape.ctor, pools, strict=True)):
        if p.kind not in _INTS:
            continue
        for v in pool:
            x = _int(v)
            if x is not None and 0 <= x <= 64:
                rows.append(tuple(base[:i] + [v] + base[i + 1 :]))
    return list(dict.fromkeys(rows))[:MAX_OBJECTS]


def method_candidates(ctx: FunctionContext, facts: DocFacts, max_calls: int) -> list[Candidate]:
    """At most ``max_calls`` searched units for a method (``Origin.INPUT_SEARCH``), [] when
    ``MethodShape.of`` does not handle it (module docstring).
    """
    body = ctx.class_text or ctx.source
    lists = []
    for shape in MethodShape.each(ctx):
        pools = value_pools(shape.call, facts, body)
        for ctor_args in _ctor_rows(shape, body):
            for pattern in sequences(shape, facts, body, ctor_args, pools):
                lists.append([(shape, ctor_args, steps, args) for steps, args in pattern])
    out: list[Candidate] = []
    seen: set[tuple[str, ...]] = set()
    for row in itertools.zip_longest(*lists):
        for choice in row:
            if choice is None or len(out) >= max_calls:
                continue
            shape, *rest = choice
            tag = f"_s{len(out)}"
            key = tuple(e.source for e in shape.render(*rest, "_k"))
            if key in seen:
                continue
            seen.add(key)
            examples = shape.render(*rest, tag)
            out.append(Candidate(tuple(examples), origin=Origin.INPUT_SEARCH, index=len(out)))
    return out
