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
from typing import TYPE_CHECKING

from server.analysis.documentation import DocFacts
from server.analysis.kinds import ParamKind
from server.analysis.mining import text_boundaries
from server.judge.units import Candidate, Origin
from server.search.inputs import value_pools
from server.search.shapes import CallShape

if TYPE_CHECKING:  # pragma: no cover
    from server.analysis.context import FunctionContext

from server.search.method_shape import (
    LOOP_FROM,
    MAX_FILL,
    SMALL_INTS,
    Method,
    MethodShape,
    Step,
    int_literal,
)

__all__ = ["method_candidates", "sequences"]

MAX_LENGTHS = 7  # fill lengths tried per object
MAX_OBJECTS = 6  # constructor argument rows tried


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
            elif p.kind in SMALL_INTS:
                args.append(value if value is not None else str(self.next))
                value = None
            else:
                args.append(pool[(self.next - 1) % len(pool)] if pool else "0")
        self.next += 1 if method.inputs else 0  # put(1); get(); put(2)
        return method, tuple(args)


def _capacities(ctor_args: tuple[str, ...], body: str, own: tuple[int, ...] = ()) -> list[int]:
    """Sizes to fill to: the constructor's integer arguments, ``own`` (a class template
    instance's integer arguments: ``N`` of ``FixedStack<int, 4>``), the class's boundaries
    (1..17).
    """
    args = [v for v in (int_literal(a) for a in ctor_args) if v is not None]
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
    ints = [i for i, p in enumerate(shape.call.params) if p.kind in SMALL_INTS]
    fills_ints = grows is not None and grows.inputs and grows.inputs[0].kind in SMALL_INTS
    if grows is not None and fills_ints and grows.name != target.name and ints:
        small = [
            x for x in (int_literal(v) for v in pools[ints[0]]) if x is not None and 0 < x < 1000
        ]
        for n in list(dict.fromkeys(small + [2, 10]))[:4]:
            for put, taken in ((n, n), (n, n + 1), (n + 1, n)):
                f = new()
                args = base(f)
                args[ints[0]] = _lit(taken)
                same.append(((f.step(grows, _lit(put)),), args))
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
        if p.kind not in SMALL_INTS:
            continue
        for v in pool:
            x = int_literal(v)
            if x is not None and 0 <= x <= 64:
                rows.append(tuple(base[:i] + [v] + base[i + 1 :]))
    return list(dict.fromkeys(rows))[:MAX_OBJECTS]


def method_candidates(ctx: FunctionContext, facts: DocFacts, max_calls: int) -> list[Candidate]:
    """At most ``max_calls`` searched units for a method (``Origin.INPUT_SEARCH``), [] when
    ``MethodShape.of`` does not handle it (module docstring).
    """
    body = ctx.class_text or ctx.source
    lists: list[list[tuple[MethodShape, tuple[str, ...], tuple[Step, ...], list[str]]]] = []
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
            shape, ctor_args, steps, args = choice
            tag = f"_s{len(out)}"
            key = tuple(e.source for e in shape.render(ctor_args, steps, args, "_k"))
            if key in seen:
                continue
            seen.add(key)
            examples = shape.render(ctor_args, steps, args, tag)
            out.append(Candidate(tuple(examples), origin=Origin.INPUT_SEARCH, index=len(out)))
    return out
