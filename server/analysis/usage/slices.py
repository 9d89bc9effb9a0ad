"""The backward slice of a mined call: the statements before it that define what it uses, so that
slice + call is a self-contained snippet (``Slices``, mixed into ``FileMiner``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.analysis.usage.cursors import (
    Leaf,
    asserted_value,
    call_arguments,
    compared_value,
    type_kind,
)
from server.analysis.usage.facts import MAX_SLICE, Filled, MiningState, Observed, UsageCall
from server.analysis.usage.sources import SnippetOrigin


class Slices:
    """The slice of a call and the mined ``UsageCall`` (methods of ``FileMiner``)."""

    # Set by ``FileMiner`` (``server.analysis.usage.statements``), which this class is mixed into.
    m: MiningState
    path: str
    raw: bytes
    origin: SnippetOrigin | None
    globals: set[str]
    locals: set[str]
    params: set[str]
    blocked: set[str]
    _text: Callable[[Sequence[Any]], str]
    _names: Callable[[Sequence[Any]], set[str]]
    _stated: Callable[[Leaf], str | None]
    _filled_args: Callable[[Any, list[list[Any]], list[Leaf]], list[Filled]]
    _afterwards: Callable[[list[Leaf], set[str]], tuple[list[Observed], list[str]]]

    def _usage(
        self,
        leaf: Leaf,
        start: int,
        end: int,
        callee: Any,
        seen: list[Leaf],
        after: list[Leaf],
        in_condition: bool,
    ) -> UsageCall | None:
        """The call at tokens ``start..end`` of ``leaf`` with its slice from ``seen`` and what
        ``after`` does with its handle; None when it is not self-contained (it uses a parameter
        or a global of the test file, or a variable no slice can give a value).
        """
        toks = leaf.tokens
        call_tokens = toks[start : end + 1]
        call = self._text(call_tokens)
        result_type = callee.type
        uses = self._names(call_tokens)
        result_var = self._stored(leaf, start, end)
        statement: tuple[str, ...] = (f"{call};",)
        need = set(uses)
        if result_var is not None:
            statement = tuple(self._statement(leaf))
            if not leaf.declares:  # ``v = f(x);``: v's declaration comes from the slice
                need.add(result_var)
        named = need | ({result_var} if result_var is not None else set())
        if named & (self.params | (self.globals - self.locals)):
            return None
        sliced = self._slice(need, uses, seen, callee.spelling)
        if sliced is None:
            return None
        variables = sliced[1] | set(leaf.declares)
        expected = asserted_value(toks, start, end, in_condition) or self._stated(leaf)
        if expected is None and result_var is not None:
            expected = next(
                (e for lf in after for e in [compared_value(lf.tokens, result_var)] if e), None
            )
        args = call_arguments(call_tokens)
        filled = tuple(self._filled_args(callee.referenced, args, seen))
        handles = {result_var} if result_var else set()
        handles |= {a[0].spelling for a in args if len(a) == 1 and a[0].spelling in self.locals}
        observers, frees = self._afterwards(after, handles)
        self._literals(callee.spelling, args, seen)
        return UsageCall(
            function=callee.spelling,
            call=call,
            statement=statement,
            result_var=result_var,
            result=type_kind(result_type),
            result_type=result_type.spelling,
            slice=tuple(sliced[0]),
            variables=tuple(sorted(variables)),
            filled=filled,
            expected=expected,
            observers=tuple(observers),
            frees=tuple(frees),
            source=self._where(leaf.line),
        )

    def _literals(self, function: str, args: list[list[Any]], seen: list[Leaf]) -> None:
        """Note the string literals passed to ``function``: written as an argument, or the
        value the statement that last set an argument variable gave it (``text = "4,5";``).
        """
        found: list[Any] = []
        for a in args:
            found += a
            if len(a) == 1 and a[0].spelling in self.locals:
                setter = next(
                    (lf for lf in reversed(seen) if a[0].spelling in lf.declares | lf.defines),
                    None,
                )
                found += setter.tokens if setter is not None and len(setter.tokens) <= 12 else []
        lits = self.m.literals.setdefault(function, [])
        for t in found:
            if t.kind.name == "LITERAL" and t.spelling.startswith('"') and t.spelling not in lits:
                lits.append(t.spelling)

    def _where(self, line: int) -> str:
        return self.origin.where(line) if self.origin is not None else f"{self.path}:{line}"

    def _stored(self, leaf: Leaf, start: int, end: int) -> str | None:
        """The variable ``leaf`` keeps the call's result in (``T v = call;``, ``v = call;``)."""
        toks = leaf.tokens
        whole = end + 1 == len(toks) or (end + 2 == len(toks) and toks[-1].spelling == ";")
        if not whole or start == 0 or toks[start - 1].spelling != "=":
            return None
        if leaf.declares and len(leaf.declares) == 1:
            return next(iter(leaf.declares))
        if leaf.defines and start == 2 and toks[0].spelling in leaf.defines:
            return str(toks[0].spelling)
        return None

    def _c_statement(self, leaf: Leaf, always: bool = False) -> list[str] | None:
        """``T v = init;`` as ``T v;`` and ``v = init;`` (C at file scope wants constant
        initialisers); None when it is not one declaration with a non-constant initialiser
        (``always``: with any initialiser but a brace list).
        """
        var = next((c for c in leaf.cursor.get_children() if c.kind.name == "VAR_DECL"), None)
        if var is None or len(leaf.declares) != 1 or var.type.kind.name.endswith("ARRAY"):
            return None
        toks = list(leaf.tokens)
        eq = next((i for i, t in enumerate(toks) if t.spelling == "="), None)
        if eq is None or toks[eq + 1].spelling == "{":
            return None
        end = len(toks) - 1 if toks[-1].spelling == ";" else len(toks)
        init = toks[eq + 1 : end]
        if not always and all(t.kind.name in ("LITERAL", "PUNCTUATION") for t in init):
            return None
        head = toks[:eq]
        if head[0].spelling == "const" and var.type.is_const_qualified():
            head = head[1:]  # assigned below: not const
        return [f"{self._text(head)};", f"{var.spelling} = {self._text(init)};"]

    def _slice(
        self, need: set[str], values: set[str], seen: list[Leaf], function: str
    ) -> tuple[list[str], set[str]] | None:
        """The statements of ``seen`` that declare the variables ``need`` and give ``values``
        their values (backward), in order, and the variables they declare. An earlier call
        of the same ``function`` defines nothing here (``rc = f(a, out); ... rc = f(b, out);``:
        the second needs neither). None when a variable is not declared there or a loop
        around the call sets it, a statement has an error or the slice is longer than
        ``MAX_SLICE``.
        """
        need_decl = set(need)
        need_def = set(values)
        taken: list[list[str]] = []
        setups: set[str] = set()
        touched = need | values
        declared: set[str] = set()
        for leaf in reversed(seen):
            setup = self._setup(leaf)
            target = any(c.spelling == function for c in leaf.calls)
            defines = leaf.defines if not target else frozenset()
            take = bool(leaf.declares & need_decl or defines & need_def)
            if setup is not None and not take and setup not in setups:
                setups.add(setup)
                take = True
            if not take:
                continue
            if leaf.broken:
                return None
            split = self._c_statement(leaf, always=True) if target else None
            # An earlier call of a target declares a variable the call needs: its declaration
            # alone (``int rc = f(a);`` -> ``int rc;``).
            taken.append([split[0]] if split else self._statement(leaf))
            need_def -= defines | leaf.declares
            need_decl -= leaf.declares
            declared |= leaf.declares
            if not split:
                need_decl |= leaf.uses
                need_def |= leaf.uses - leaf.defines
                touched |= leaf.uses
        if need_decl or len(taken) > MAX_SLICE or (touched & self.blocked):
            return None
        return [line for lines in reversed(taken) for line in lines], declared

    def _statement(self, leaf: Leaf) -> list[str]:
        """``leaf`` as clang-repl inputs (a C declaration with a non-constant initialiser
        split in two).
        """
        split = self._c_statement(leaf) if self.m.language == "c" else None
        return split or [leaf.text if leaf.text.endswith((";", "}")) else leaf.text + ";"]

    def _setup(self, leaf: Leaf) -> str | None:
        """The callee of a set-up call (``cwk_path_set_style(CWK_STYLE_UNIX);``: the project's
        void function, no variables, not a target), else None.
        """
        c = leaf.cursor
        if c.kind.name != "CALL_EXPR" or leaf.uses or c.spelling in self.m.names:
            return None
        fn = c.referenced
        if fn is None or fn.result_type.kind.name != "VOID" or fn.location.is_in_system_header:
            return None
        return str(c.spelling)
