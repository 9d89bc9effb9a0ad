"""A cdoctest block as a native program (``native_program``): its inputs as C/C++ statements
after the file under test, with lines of the caller's around each example (``block_program``:
the profile written after each one, for coverage; ``cdoctest_runner.coverage.sanitize``: a
marker before each one), and which of them a compile error points at (``failing_inputs``: those
are dropped and the program rebuilt).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cdoctest_runner.ctext import blank, top_level_spans
from cdoctest_runner.example import CodeUnderTest, DocTest
from cdoctest_runner.inputs import is_bare_expression, split_inputs, translate_print_directive
from cdoctest_runner.parser import parse_examples

#: The includes every session starts with (``inputs.C_PRELUDE``/``CXX_PRELUDE``), which blocks
#: may rely on (``printf`` without an ``#include``).
PROFILE_FILE = "block.profraw"
C_INCLUDES = "#include <stdio.h>\n"

#: After each example: each write appends to the raw profile (only setting the file name
#: truncates it), so the counters are reset and the chunks sum to the block's counts.
WRITE_PROFILE = "__llvm_profile_write_file(); __llvm_profile_reset_counters();"


CXX_INCLUDES = "#include <cstdio>\n#include <iostream>\n#include <string>\n#include <type_traits>\n"


@dataclass(frozen=True)
class Program:
    """A block as one translation unit: ``text``, and for each input its line range in it."""

    text: str
    spans: tuple[tuple[int, int], ...]  # (first line, last line), 1-based, per input


def _doctest(text: str) -> DocTest:
    """A block of ``text`` (for the examples here)."""
    return DocTest(tuple(parse_examples(text)), "t", "t.c", 1, 1)


def block_inputs(test: DocTest, language: str) -> list[list[str]]:
    """Per example, the statements its inputs become: ``%<<`` translated, other ``%`` commands
    dropped, a bare expression ended with ``;``.

    >>> block_inputs(_doctest(">>> int x = 2;\\n>>> x * 3\\n6\\n>>> %<< x;\\n2\\n"), "c")
    [['int x = 2;'], ['x * 3;'], ['(x);']]
    """
    out: list[list[str]] = []
    for example in test.examples:
        statements = []
        for text in split_inputs(example.source):
            translated = translate_print_directive(text, language)
            if translated is not None:
                text = translated
            elif text.startswith("%"):
                continue
            if not text.startswith("#") and (is_bare_expression(text) or translated):
                text = text.rstrip().rstrip(";") + ";"
            statements.append(text)
        out.append(statements)
    return out


def block_program(
    test: DocTest,
    code: CodeUnderTest,
    load: str | None,
    skip: frozenset[int] = frozenset(),
    *,
    split: frozenset[int] = frozenset(),
    per_example: frozenset[int] | None = None,
) -> Program:
    """The coverage program of ``test`` (``native_program``): the profile file set after the
    code under test, each example followed by a profile write. ``per_example``: the examples
    that write their own raw profile, ``e<k>.profraw`` (``example_counters``); the others'
    counts are dropped.

    >>> p = block_program(_doctest(">>> f(1)\\n1\\n"), CodeUnderTest(language="c"), "/s/f.c")
    >>> print(p.text, end="")
    #include <stdio.h>
    #include "/s/f.c"
    int __llvm_profile_write_file(void);
    void __llvm_profile_set_filename(const char *);
    void __llvm_profile_reset_counters(void);
    __llvm_profile_set_filename("block.profraw");
    f(1);
    __llvm_profile_write_file(); __llvm_profile_reset_counters();
    #include <stdlib.h>
    _Exit(0);
    >>> p.spans
    ((7, 7),)
    """
    linkage = "" if code.language == "c" else 'extern "C" '
    head = [
        f"{linkage}int __llvm_profile_write_file(void);",
        f"{linkage}void __llvm_profile_set_filename(const char *);",
        f"{linkage}void __llvm_profile_reset_counters(void);",
        f'__llvm_profile_set_filename("{PROFILE_FILE}");',
    ]

    def before(k: int) -> list[str]:
        if per_example is not None and k in per_example:
            return [f'__llvm_profile_set_filename("e{k}.profraw");']
        return []

    def after(k: int) -> list[str]:
        if per_example is None or k in per_example:
            return [WRITE_PROFILE]
        return ["__llvm_profile_reset_counters();"]

    return native_program(
        test, code, load, skip, split=split, head=head, before=before, after=after
    )


def native_program(
    test: DocTest,
    code: CodeUnderTest,
    load: str | None,
    skip: frozenset[int] = frozenset(),
    *,
    split: frozenset[int] = frozenset(),
    head: Sequence[str] = (),
    before: Callable[[int], Sequence[str]] | None = None,
    after: Callable[[int], Sequence[str]] | None = None,
    tail: Sequence[str] = (),
) -> Program:
    """The translation unit of ``test``: includes, the code under test (``load``: the file to
    include, else ``code.headers``), the lines of ``head``, the code's prelude, then every input
    (those whose index is in ``skip`` left out, those in ``split`` with their initializers made
    assignments: ``split_initializers``), example ``k``'s between the lines ``before(k)`` and
    ``after(k)``, then ``tail`` and ``_Exit(0)`` (so a ``main`` of the code under test never
    runs).

    >>> code = CodeUnderTest(language="c", headers=("/s/f.h",))
    >>> mark = lambda k: [f"mark({k});"]
    >>> p = native_program(_doctest(">>> int x = f(1);\\n>>> x\\n1\\n"), code, None, before=mark)
    >>> print(p.text, end="")
    #include <stdio.h>
    #include "/s/f.h"
    mark(0);
    int x = f(1);
    mark(1);
    x;
    #include <stdlib.h>
    _Exit(0);
    >>> p.spans
    ((4, 4), (6, 6))
    """
    c = code.language == "c"
    lines = (C_INCLUDES if c else CXX_INCLUDES).splitlines()
    lines += [f'#include "{h}"' for h in ([load] if load else list(code.headers))]
    lines += head
    if code.prelude:
        lines += code.prelude.splitlines()
    spans: list[tuple[int, int]] = []
    index = 0
    for k, statements in enumerate(block_inputs(test, code.language)):
        lines += before(k) if before is not None else ()
        for statement in statements:
            if index not in skip:
                first = len(lines) + 1
                if index in split:
                    statement = split_initializers(statement)
                lines += statement.splitlines() or [""]
                spans.append((first, len(lines)))
            else:
                spans.append((0, 0))
            index += 1
        lines += after(k) if after is not None else ()
    lines += [*tail, "#include <stdlib.h>" if c else "#include <cstdlib>", "_Exit(0);"]
    return Program("\n".join(lines) + "\n", tuple(spans))


def example_inputs(test: DocTest, language: str) -> list[range]:
    """Per example, the indices of its inputs in the program (``Program.spans``).

    >>> example_inputs(_doctest(">>> #include <math.h>\\n... int x = 2;\\n>>> x\\n2\\n"), "c")
    [range(0, 2), range(2, 3)]
    """
    out: list[range] = []
    first = 0
    for statements in block_inputs(test, language):
        out.append(range(first, first + len(statements)))
        first += len(statements)
    return out


_ERROR_AT = re.compile(r"^block\.(?:c|cpp):(\d+):\d+: (?:fatal )?error:", re.M)


NOT_CONSTANT = re.compile(
    r"^block\.c:(\d+):\d+: error: initializer element is not a compile-time constant", re.M
)


# ``T name = init`` with one plain declarator (stars allowed), no storage class and no array.
_DECLARATION = re.compile(
    r"^(?P<type>\s*(?:(?:struct|union|enum|unsigned|signed|long|short|const|volatile)\s+)*"
    r"[A-Za-z_]\w*(?:\s*\*[\s*]*|\s+))(?P<name>[A-Za-z_]\w*)\s*=(?P<init>[^=].*)$",
    re.S,
)


def split_initializers(statement: str) -> str:
    """``statement`` with each top-level ``T name = init;`` written ``T name; name = init;``.

    clang-repl runs ``int r = f(1);`` at file scope in C, where a compiler wants a constant
    initializer; the coverage program (one translation unit) assigns instead. A ``const``
    object, an array, a brace initializer or a declaration with several declarators is left as
    it is.

    >>> split_initializers('struct url u; int r = parse(&u, "a;b");')
    'struct url u; int r; r = parse(&u, "a;b");'
    >>> split_initializers("const int n = f(); char *p = g(1, 2);")
    'const int n = f(); char *p; p = g(1, 2);'
    """
    masked = blank(statement)
    pieces = top_level_spans(masked, ";")[:-1]  # the statements a ``;`` ends
    out: list[str] = []
    last = 0
    for a, b in pieces:
        m = _DECLARATION.match(masked[a:b])
        if m is None or "{" in m["init"] or "," in _top_level(m["init"]):
            continue
        kind = m["type"]
        if re.search(r"\bconst\b", kind) and "*" not in kind:
            continue
        if kind.split()[0] in ("typedef", "static", "extern", "return"):
            continue
        eq = a + m.end("name")
        init = statement[a + m.start("init") : b].strip()
        out.append(statement[last:eq].rstrip() + f"; {m['name']} = {init}")
        last = b
    return "".join(out) + statement[last:]


def _top_level(text: str) -> str:
    """``text`` with what is inside brackets removed (its top-level characters)."""
    out, depth = [], 0
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def failing_inputs(diagnostics: str, program: Program) -> set[int]:
    """The inputs that ``block.c:LINE: error:`` diagnostics point into.

    >>> diagnostics = "block.c:7:3: error: x\\nblock.c:9:1: error: y"
    >>> failing_inputs(diagnostics, Program("", ((6, 7), (8, 8))))
    {0}
    """
    lines = {int(m.group(1)) for m in _ERROR_AT.finditer(diagnostics)}
    return {i for i, (a, b) in enumerate(program.spans) if any(a <= n <= b for n in lines)}
