"""One translation unit's function bodies read statement by statement (``FileMiner``): the leaf
statements with their tokens, calls and variables, the calls of a target among them. The slices
(``server.analysis.usage.slices``) and what a call changes (``server.analysis.usage.effects``) are
mixed in.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from cdoctest_runner import clang
from cdoctest_runner.errors import SourceParseError
from server.analysis.usage.cursors import Leaf, callee_name, matching_close
from server.analysis.usage.effects import Effects
from server.analysis.usage.facts import (
    CONTAINER_KEYWORDS,
    MAX_CALLS_PER_FUNCTION,
    SNIPPET_FUNCTION,
    MiningState,
    UsageFacts,
)
from server.analysis.usage.slices import Slices
from server.analysis.usage.sources import HEADER_SUFFIXES, SnippetOrigin, comment_code, language_of


class FileMiner(Slices, Effects):
    """Walks the function bodies of one translation unit."""

    def __init__(
        self, miner: MiningState, tu: Any, path: Path, text: str, origin: SnippetOrigin | None
    ) -> None:
        self.m = miner
        self.tu = tu
        self.path = str(path)
        self.raw = text.encode("utf-8", errors="surrogateescape")
        self.file = tu.get_file(self.path)
        self.origin = origin
        self.error_lines = {
            d.location.line
            for d in tu.diagnostics
            if d.severity >= 3 and d.location.file is not None and d.location.file.name == self.path
        }
        self.globals: set[str] = set()
        self.locals: set[str] = set()
        self.params: set[str] = set()
        self.blocked: set[str] = set()  # variables a loop header around the statement sets
        self.leaves: dict[tuple[int, int, int], Leaf] = {}  # ``_leaf_of``'s, per statement

    def run(self) -> None:
        """Mine every function body of the unit (a snippet file: only the wrapped snippets)."""
        bodies = []
        for fn in self._functions(self.tu.cursor):
            if self.origin is not None and not fn.spelling.startswith(SNIPPET_FUNCTION):
                continue
            body = next((c for c in fn.get_children() if c.kind.name == "COMPOUND_STMT"), None)
            if body is not None:
                bodies.append((fn, body))
        for fn, body in bodies:
            self.params = {p.spelling for p in clang.parameters(fn)}
            self.locals = {c.spelling for c in body.walk_preorder() if c.kind.name == "VAR_DECL"}
            self._block(body, [])

    def _functions(self, cursor: Any) -> Iterable[Any]:
        for c in cursor.get_children():
            if not clang.in_file(c, self.path):
                continue
            kind = c.kind.name
            if kind in ("FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE") and c.is_definition():
                yield c
            elif kind in ("NAMESPACE", "LINKAGE_SPEC", "UNEXPOSED_DECL", *clang.RECORD_KINDS):
                yield from self._functions(c)
            elif kind == "VAR_DECL":
                self.globals.add(c.spelling)

    def _tokens(self, cursor: Any) -> tuple[Any, ...]:
        """The tokens of ``cursor``'s extent in this file. The range is rebuilt from file
        offsets: libclang tokenizes nothing for the extent of a statement a macro expands to.
        """
        e = cursor.extent
        if e.start.offset >= e.end.offset or not clang.in_file(cursor, self.path):
            return ()
        ci = clang.cindex()
        start = ci.SourceLocation.from_offset(self.tu, self.file, e.start.offset)
        end = ci.SourceLocation.from_offset(self.tu, self.file, e.end.offset)
        return tuple(self.tu.get_tokens(extent=ci.SourceRange.from_locations(start, end)))

    def _text(self, tokens: Sequence[Any]) -> str:
        """The source text from the first to the last token, on one line."""
        if not tokens:
            return ""
        start, end = tokens[0].extent.start.offset, tokens[-1].extent.end.offset
        text = self.raw[start:end].decode("utf-8", errors="surrogateescape")
        return " ".join(part.strip() for part in text.splitlines() if part.strip())

    def _block(self, compound: Any, before: list[Leaf]) -> None:
        """Mine the statements of ``compound``; ``before`` are the leaves that precede it."""
        seen = list(before)
        children = list(compound.get_children())
        for i, stmt in enumerate(children):
            tokens = self._tokens(stmt)
            if not tokens:
                continue
            keyword = CONTAINER_KEYWORDS.get(stmt.kind.name)
            if keyword is not None and tokens[0].spelling == keyword:
                seen += self._container(stmt, seen)
                continue
            leaf = self._leaf_of(stmt)
            self._calls_in(leaf, seen, children[i + 1 : i + 5], in_condition=False)
            seen.append(leaf)

    def _container(self, stmt: Any, seen: list[Leaf]) -> list[Leaf]:
        """An ``if``/loop/block: its condition is a leaf seen from here, its bodies are mined
        (in a loop's body, the variables its header names have no value a slice can give).
        Returns the ``if`` condition's leaf, which runs before what follows (``if
        (parse(&url, s) == -1) return;`` fills ``url``), else nothing.
        """
        cond: list[Leaf] = []
        blocked = set(self.blocked)
        if stmt.kind.name in ("FOR_STMT", "WHILE_STMT", "DO_STMT"):
            body = [c for c in stmt.get_children() if c.kind.name == "COMPOUND_STMT"]
            cut = body[0].extent.start.offset if body else None
            header = [t for t in self._tokens(stmt) if cut is None or t.extent.start.offset < cut]
            self.blocked |= self._names(header)
        for child in stmt.get_children():
            if child.kind.name == "COMPOUND_STMT":
                self._block(child, seen + cond)
            elif stmt.kind.name == "IF_STMT" and child.kind.is_expression() and not cond:
                tokens = self._tokens(child)
                if tokens:
                    leaf = self._leaf(child, tokens)
                    self._calls_in(leaf, seen, [], in_condition=True)
                    cond.append(self._condition_call(leaf))
        self.blocked = blocked
        return cond

    def _condition_call(self, leaf: Leaf) -> Leaf:
        """An ``if`` condition as a statement of a slice: the one call in it that fills a
        variable (``parse(&url, s) == -1`` -> ``parse(&url, s);``), else the condition.
        """
        filling = [c for c in leaf.calls if self._filled(c) and self._tokens(c)]
        if len(filling) != 1:
            return leaf
        return replace(leaf, text=self._text(self._tokens(filling[0])) + ";")

    def _leaf_of(self, stmt: Any) -> Leaf:
        """``_leaf`` of a statement, made once (a statement is read again as one that follows
        a call).
        """
        e = stmt.extent
        key = (stmt.hash, e.start.offset, e.end.offset)
        if key not in self.leaves:
            self.leaves[key] = self._leaf(stmt, self._tokens(stmt))
        return self.leaves[key]

    def _leaf(self, stmt: Any, tokens: Sequence[Any]) -> Leaf:
        names = self._names(tokens)
        declares: set[str] = set()
        defines: set[str] = set()
        if stmt.kind.name == "DECL_STMT":
            declares = {c.spelling for c in stmt.get_children() if c.kind.name == "VAR_DECL"}
        elif (
            stmt.kind.name in ("BINARY_OPERATOR", "COMPOUND_ASSIGNMENT_OPERATOR")
            and len(tokens) > 2
            and tokens[1].spelling == "="
            and tokens[0].spelling in self.locals
        ):
            defines.add(tokens[0].spelling)
        calls = tuple(c for c in stmt.walk_preorder() if c.kind.name == "CALL_EXPR")
        for call in calls:
            defines |= {f.name for f in self._filled(call)}
        lines = range(tokens[0].location.line, tokens[-1].location.line + 1) if tokens else ()
        return Leaf(
            cursor=stmt,
            tokens=tuple(tokens),
            calls=calls,
            text=self._text(tokens),
            line=tokens[0].location.line if tokens else 0,
            declares=frozenset(declares),
            defines=frozenset(defines),
            uses=frozenset(names - declares),
            broken=any(n in self.error_lines for n in lines),
        )

    def _names(self, tokens: Sequence[Any]) -> set[str]:
        """The variables of the body, its parameters and the file's globals that ``tokens``
        name (a member name after ``.``/``->`` is not a variable).
        """
        known = self.locals | self.params | self.globals
        out = set()
        for i, t in enumerate(tokens):
            if t.kind.name != "IDENTIFIER" or t.spelling not in known:
                continue
            if i > 0 and tokens[i - 1].spelling in (".", "->"):
                continue
            out.add(t.spelling)
        return out

    def _calls_in(
        self, leaf: Leaf, seen: list[Leaf], following: list[Any], in_condition: bool
    ) -> None:
        """Record the producer and the target calls in ``leaf``; ``following``: the statements
        after it (where observers and frees of its handle are looked for).
        """
        if leaf.broken or (self.m.deadline is not None and time.monotonic() > self.m.deadline):
            return
        asts = list(leaf.calls)
        self._producer(leaf, asts)
        spans = self._target_spans(leaf, asts)
        after = [self._leaf_of(s) for s in following] if spans else []
        for start, end, callee in spans:
            if len(self.m.calls) >= MAX_CALLS_PER_FUNCTION * max(1, len(self.m.names)):
                return
            call = self._usage(leaf, start, end, callee, seen, after, in_condition)
            if call is not None:
                self.m.calls.append(call)

    def _target_spans(self, leaf: Leaf, asts: list[Any]) -> list[tuple[int, int, Any]]:
        """``(first token, last token, callee)`` of each call of a target in ``leaf``, the
        callee's qualifiers (``test::``) left out. Calls written inside a macro's arguments have
        no extent of their own: they are found in the macro invocation's tokens by name.
        """
        targets = [c for c in asts if c.spelling in self.m.names and c.referenced is not None]
        if not targets:
            return []
        toks = leaf.tokens
        written = {c.spelling for c in targets}
        written |= {a for a, t in self.m.aliases.items() if t in written}
        for c in targets:  # the name a macro gives the function (``snprintf`` for snprintf_)
            ts = self._tokens(c)
            if ts and ts[0].kind.name == "IDENTIFIER":
                written.add(callee_name(ts))
        out = []
        i = 0
        while i < len(toks) - 1:
            t = toks[i]
            if (
                t.kind.name == "IDENTIFIER"
                and t.spelling in written
                and toks[i + 1].spelling == "("
            ):
                if i > 0 and toks[i - 1].spelling in (".", "->"):
                    i += 1
                    continue
                close = matching_close(toks, i + 1)
                if close is None:
                    break
                spelling = self.m.aliases.get(t.spelling, t.spelling)
                callee = next((c for c in targets if c.spelling == spelling), targets[0])
                out.append((i, close, callee))
                i = close + 1
            else:
                i += 1
        return out


class Miner(MiningState):
    """Collects the facts of one ``mine_usage`` call."""

    def facts(self) -> UsageFacts:
        """The facts collected so far."""
        return UsageFacts(
            calls=tuple(self.calls),
            producers=tuple(self.producers),
            literals=tuple((k, tuple(v)) for k, v in self.literals.items()),
            sources=tuple(self.sources),
        )

    # -- parsing --------------------------------------------------------------------------------

    def _parse(self, path: Path, text: str, language: str) -> Any:
        """The translation unit of ``text`` as ``path``, or None when libclang gives none."""
        try:
            return clang.parse(str(path), text, language, [*self.flags, f"-I{path.parent}"])
        except SourceParseError:
            return None

    def mine_file(self, path: Path, text: str, language: str, origin: Any = None) -> None:
        """Mine the function bodies of one C/C++ file (``origin``: maps lines to the real file
        for wrapped snippets).
        """
        tu = self._parse(path, text, language)
        if tu is None:
            return
        before = len(self.calls) + len(self.producers)
        FileMiner(self, tu, path, text, origin).run()
        if len(self.calls) + len(self.producers) > before:
            self.sources.append(str(path if origin is None else origin.path))

    def read_header(self, path: Path, text: str) -> list[tuple[int, str]]:
        """The code in the comments of the header ``path`` (libclang's comment tokens); also
        notes the names its ``#define NAME target`` lines give a target (``#define printf
        printf_``: a test calls ``printf(...)``).
        """
        tu = self._parse(path, text, language_of(path))
        if tu is None:
            return []
        raw = text.encode("utf-8", errors="surrogateescape")
        out: list[tuple[int, str]] = []
        tokens = [t for t in tu.get_tokens(extent=tu.cursor.extent) if clang.in_file(t, str(path))]
        for i in range(len(tokens) - 3):
            spelled = [t.spelling for t in tokens[i : i + 4]]
            if spelled[:2] == ["#", "define"] and spelled[3] in self.names:
                after = tokens[i + 4].location.line if i + 4 < len(tokens) else 0
                if after != tokens[i + 3].location.line:  # the whole body is the one name
                    self.aliases[spelled[2]] = spelled[3]
        for tok in tokens:
            if tok.kind.name != "COMMENT":
                continue
            e = tok.extent
            body = raw[e.start.offset : e.end.offset].decode("utf-8", errors="surrogateescape")
            out += comment_code(body, e.start.line)
        return out

    def mine_snippets(
        self, path: Path, snippets: list[tuple[int, str]], headers: list[Path]
    ) -> None:
        """Wrap each snippet in a function after the headers (and the snippets' own
        ``#include`` lines), parse once, mine the bodies.
        """
        prelude = [f'#include "{h}"' for h in headers if h != path]
        if path.suffix in HEADER_SUFFIXES:
            prelude.append(f'#include "{path}"')
        prelude += ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>"]
        bodies: list[list[tuple[int, str]]] = []  # per snippet: (real line, code line)
        for first, code in snippets:
            numbered = [(first + i, ln) for i, ln in enumerate(code.splitlines())]
            prelude += [ln for _, ln in numbered if ln.lstrip().startswith("#")]
            bodies.append([(r, ln) for r, ln in numbered if not ln.lstrip().startswith("#")])
        origin = SnippetOrigin(path)
        lines = list(prelude)
        for n, body in enumerate(bodies):
            lines.append(f"void {SNIPPET_FUNCTION}{n}(void) {{")
            for real, line in body:
                lines.append(line)
                origin.lines[len(lines)] = real
            lines.append("}")
        wrapped = (
            path.parent / f".cdoctest_usage_{path.name}.{'c' if self.language == 'c' else 'cpp'}"
        )
        language = "c++" if path.suffix in (".hpp", ".hh", ".hxx") else self.language
        self.mine_file(wrapped, "\n".join(lines) + "\n", language, origin)
