"""What a mined call changes and what follows it: the variables it fills through ``&var`` or a
buffer, the observers and free calls applied afterwards to its handle, the value stated after it,
the producers with literal arguments (``Effects``, mixed into ``FileMiner``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.analysis.usage.cursors import (
    Leaf,
    call_arguments,
    callee_name,
    filled_var,
    literal_len,
    matching_close,
    type_kind,
    variable_of,
    writable_pointer,
)
from server.analysis.usage.facts import (
    DESTROY_WORDS,
    STATED,
    Filled,
    MiningState,
    Observed,
    Producer,
)
from server.analysis.usage.sources import SnippetOrigin


class Effects:
    """What a call fills and what is called on its result (methods of ``FileMiner``)."""

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
    _tokens: Callable[[Any], tuple[Any, ...]]
    _where: Callable[[int], str]

    def _filled(self, call: Any) -> list[Filled]:
        """What an AST call fills: ``&v`` or an array/pointer variable passed as a pointer to
        non-const.
        """
        fn = call.referenced
        if fn is None:
            return []
        out = []
        params = list(fn.get_arguments()) if hasattr(fn, "get_arguments") else []
        for param, arg in zip(params, call.get_arguments(), strict=False):
            if not writable_pointer(param.type):
                continue
            ref = variable_of(arg)
            if ref is not None:
                out.append(filled_var(ref.spelling, ref.referenced.type))
        return out

    def _filled_args(self, fn: Any, args: list[list[Any]], seen: list[Leaf]) -> list[Filled]:
        """What the target call fills, from its written arguments (``&v`` or a buffer)."""
        if fn is None:
            return []
        decls = {}
        for leaf in seen:
            for c in leaf.cursor.get_children():
                if c.kind.name == "VAR_DECL":
                    decls[c.spelling] = c
        out: list[Filled] = []
        for param, arg in zip(list(fn.get_arguments()), args, strict=False):
            if not writable_pointer(param.type):
                continue
            spell = [t.spelling for t in arg]
            name = spell[-1] if spell[:1] == ["&"] and len(spell) == 2 else None
            if name is None and len(spell) == 1:
                name = spell[0]
            var = decls.get(name or "")
            if var is None:
                continue
            canon = var.type.get_canonical().kind.name
            if spell[0] != "&" and canon not in ("CONSTANTARRAY", "POINTER"):
                continue
            f = filled_var(name or "", var.type)
            if f.kind != "other" and f not in out:
                out.append(f)
        return out

    def _afterwards(self, after: list[Leaf], handles: set[str]) -> tuple[list[Observed], list[str]]:
        """Calls after the target call that take one of ``handles`` first: observers (a
        result that prints, other arguments literal) and frees.
        """
        observers: list[Observed] = []
        frees: list[str] = []
        for leaf in after:
            if leaf.broken:
                continue
            for c in leaf.calls:
                if c.spelling in self.m.names:
                    continue
                ts = self._tokens(c)
                if not ts or callee_name(ts) != c.spelling:
                    continue  # a call a macro makes (``lok(h)``'s printf)
                args = call_arguments(ts)
                if not args or [t.spelling for t in args[0]] not in ([h] for h in handles):
                    continue
                text = self._text(ts)
                if any(w in c.spelling.lower() for w in DESTROY_WORDS):
                    if text not in frees:
                        frees.append(text)
                    continue
                if any(
                    t.kind.name == "IDENTIFIER" and t.spelling in self.locals
                    for a in args[1:]
                    for t in a
                ):
                    continue
                kind = type_kind(c.type)
                if kind in ("scalar", "string") and all(o.call != text for o in observers):
                    observers.append(Observed(text, kind))
        return observers, frees

    def _stated(self, leaf: Leaf) -> str | None:
        """The value a comment after the statement, on its line, states: ``f(l);  // 6``,
        ``// -> 6``, ``/* returns "a" */`` (documentation's way of giving a result).
        """
        if not leaf.tokens:
            return None
        end = leaf.tokens[-1].extent.end.offset
        line_end = self.raw.find(b"\n", end)
        rest = self.raw[end : len(self.raw) if line_end < 0 else line_end]
        text = rest.decode("utf-8", errors="surrogateescape").strip().removeprefix(";").strip()
        if not text.startswith(("//", "/*")):
            return None
        m = STATED.fullmatch(text[2:].removesuffix("*/").strip())
        return m.group("v") if m else None

    def _producer(self, leaf: Leaf, asts: list[Any]) -> None:
        """``T *v = g(literals...);`` with ``g`` the project's own: a producer of ``T *``."""
        if not leaf.declares and not leaf.defines:
            return
        toks = leaf.tokens
        eq = next((i for i, t in enumerate(toks) if t.spelling == "="), None)
        if eq is None or eq + 2 >= len(toks) or toks[eq + 2].spelling != "(":
            return
        call = next((c for c in asts if c.spelling == toks[eq + 1].spelling), None)
        if call is None or call.referenced is None or call.referenced.location.is_in_system_header:
            return
        if type_kind(call.type) != "handle":
            return
        close = matching_close(toks, eq + 2)
        if close is None:
            return
        args = call_arguments(toks[eq + 1 : close + 1])
        for a in args:
            spell = [t.spelling for t in a]
            literal = literal_len(a) == len(a) and len(a) > 0
            if not (literal or spell[:1] == ["&"] or spell in (["NULL"], ["nullptr"], ["0"])):
                return
        text = self._text(toks[eq + 1 : close + 1])
        if all(p.call != text for p in self.m.producers):
            self.m.producers.append(
                Producer(call.spelling, text, call.type.spelling, self._where(leaf.line))
            )
