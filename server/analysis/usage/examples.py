"""Candidate blocks from the mined calls (``usage_examples``): each a list of clang-repl inputs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from cdoctest_runner import ctext
from server.analysis.usage.facts import Observed, UsageCall, UsageFacts


def usage_examples(
    facts: UsageFacts, function_name: str, max_blocks: int = 8, avoid: Iterable[str] = ()
) -> list[list[str]]:
    """Candidate blocks for ``function_name`` from its mined calls, at most ``max_blocks``,
    without repeats: the slice, the call (a bare expression when it returns a scalar, kept and
    printed with ``printf`` when it returns a string; under the function's own name where a
    header's ``#define`` gave it another), what it filled (printed the same way; a
    struct field by field), then one observer of its handle if one was seen (after this call,
    else after another call of the function). A variable the
    block declares whose name is in ``avoid`` (the names the code under test declares at file
    scope: ``expr`` in a file with a function ``expr``) is renamed ``expr_2``.
    """
    blocks: list[list[str]] = []
    avoided = frozenset(avoid)
    for mined in facts.calls_of(function_name):
        c = _by_own_name(mined)
        lines = list(c.slice)
        if c.result_var is not None:
            lines += c.statement
            lines += _show(c.result_var, c.result)
        elif c.result == "scalar":
            lines.append(c.call)
        elif c.result == "string":
            lines += ["const char *usage_res;", f"usage_res = {c.call};"]
            lines += _show("usage_res", "string")
        else:
            lines.append(f"{c.call};")
        for f in c.filled:
            if f.name != c.result_var:
                lines += _show(f.name, f.kind, f.fields)
        o = c.observers[0] if c.observers else _borrowed(facts, c)
        if o is not None:
            lines += [o.call] if o.result == "scalar" else _show(f"({o.call})", "string")
        clash = {v: f"{v}_2" for v in c.variables if v in avoided}
        if clash:
            lines = [_rename(line, clash) for line in lines]
        if any(ln.startswith("printf(") for ln in lines):
            lines.insert(0, "#include <stdio.h>")
        if lines not in blocks:
            blocks.append(lines)
        if len(blocks) >= max_blocks:
            break
    return blocks


def _by_own_name(call: UsageCall) -> UsageCall:
    """``call`` written under the function's own name where a header's ``#define`` gave it
    another (``total(l)`` -> ``ilist_sum(l)``: the same call once the macro expands), so that a
    reader, and the rule that a block calls the function, see it.
    """
    written = call.call.split("(", 1)[0].strip()
    if written == call.function:
        return call
    own = call.function + call.call[len(written) :]
    return replace(
        call, call=own, statement=tuple(s.replace(call.call, own) for s in call.statement)
    )


def _borrowed(facts: UsageFacts, call: UsageCall) -> Observed | None:
    """For a handle kept in a variable with no observer after it: the observer another call
    of the same function had on its handle, applied to this one (``te_eval(expr1)``).
    """
    if call.result != "handle" or call.result_var is None:
        return None
    for other in facts.calls_of(call.function):
        if other.observers and other.result_var is not None:
            o = other.observers[0]
            return Observed(_rename(o.call, {other.result_var: call.result_var}), o.result)
    return None


def _rename(line: str, mapping: dict[str, str]) -> str:
    """``line`` with the variables of ``mapping`` renamed (not a member of the same name after
    ``.``/``->``, nor text in literals or comments).
    """
    out: list[str] = []
    last = 0
    for m in ctext.identifiers(line):
        member = line[: m.start()].rstrip().endswith((".", "->"))
        out.append(line[last : m.start()])
        out.append(m.group() if member else mapping.get(m.group(), m.group()))
        last = m.end()
    return "".join(out) + line[last:]


def _show(name: str, kind: str, fields: tuple[tuple[str, str], ...] = ()) -> list[str]:
    if kind == "scalar":
        return [name]
    if kind == "string":
        return [f'printf("%s\\n", {name} ? {name} : "(null)");']
    if kind == "buffer":
        return [f'printf("%s\\n", {name});']
    if kind == "parts":
        return [line for f, k in fields for line in _show(f"{name}{f}", k)]
    return []
