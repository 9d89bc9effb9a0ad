"""What the method search knows of a method (``MethodShape``): its class, how an object is made
(a constructor, a producer of the file), its parameters and the class's readers (getters that
print the state a call changed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cdoctest_runner.example import Example
from server.analysis.fileapi import (
    GROWS,
    PRODUCES,
    SIZES,
    FileApi,
    producer_candidates,
    returned_class,
)
from server.analysis.kinds import Param, ParamKind, classify
from server.analysis.types import (
    CType,
    Scalar,
    canonical,
    dereferenced,
    is_std,
    pointee,
    scalar,
    type_class,
)
from server.search.shapes import SEARCHED_INSTANCES, CallShape

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.context import FunctionContext
    from server.analysis.target import Params, Target


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
    return kind if kind in SCALAR_KINDS else None


def _param(name: str, t: CType, language: str) -> Param | None:
    """A parameter type read as one of the search's kinds (None: not one of them)."""
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
        return (
            Param(ParamKind.OUT, ps.spelling, name) if mutable and ps.kind in SMALL_INTS else None
        )
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
    made = returned_class(api, t.class_name)
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
    return "value" if p is not None and p.kind in SCALAR_KINDS else None


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
        ints = [v for v in map(int_literal, ctor_args) if v is not None] + list(self.capacities)
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
            for j, i in enumerate(at if r.indexed else [""]):
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
        elif index is not None and index[0].kind in SMALL_INTS and not a.vector:
            out.append(Reader(a.name, returns, indexed=True))
        else:
            continue
        seen.add(a.name)
    return tuple(out)


MAX_FILL = 17  # the longest run of one modifier (a capacity of 16 and one past it)


SCALAR_KINDS = (ParamKind.INT, ParamKind.UINT, ParamKind.CHAR, ParamKind.BOOL, ParamKind.FLOAT)


SMALL_INTS = (ParamKind.INT, ParamKind.UINT)


CLEARS = re.compile(r"(?i)^(clear|reset)")  # empties the object at once: not a take-out


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
        counting = len(method.params) == 1 and method.params[0].kind in SMALL_INTS
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


def int_literal(v: str) -> int | None:
    """The value of an integer literal as the pools write it (``(-1)``, ``42``), else None."""
    m = re.fullmatch(r"\(?(-?\d+)\)?", v)
    return int(m.group(1)) if m else None


def _template_ints(class_name: str) -> tuple[int, ...]:
    """The integer template arguments of a class template instance's name.

    >>> _template_ints("FixedStack<int, 4>"), _template_ints("Ring<double>")
    ((4,), ())
    """
    return tuple(int(v) for v in re.findall(r"[<,]\s*(\d+)[uUlL]*\s*(?=[,>])", class_name))


LOOP_FROM = 5  # a run this long is written as a loop
