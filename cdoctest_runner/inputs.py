"""From an example's source to the inputs a clang-repl session is sent (pure, no clang).

Line rules: ``split_inputs`` joins an example's lines with spaces into one input (``//`` comments
removed first: clang-repl joins ``\\``-continued lines without a newline, so a comment would
swallow the rest), except preprocessor lines, which are sent alone; an input starting with ``-`` is
parenthesised (clang-repl reads ``-1`` as a broken declaration). ``translate_print_directive``
turns ``%<< expr;`` (the original cdoctest's print directive) into ``std::cout << (expr) <<
std::endl;`` in C++ and the value print of ``(expr)`` in C; other ``%`` commands pass through.
``is_bare_expression``/``last_statement``/``rewrite_value_expression`` find and wrap a C++ bare
final expression as ``(E, __cdt_mk())`` (``CXX_PRELUDE`` defines the ``operator,`` that prints its
value, see ``cdoctest_runner.repl``). ``blank_code`` is the code-only view in which the
loadable copy's readers count braces (``cdoctest_runner.loadable``, ``cdoctest_runner.labels``).
The preludes and init lines are the text every session starts with; ``{token}`` is a per-session
random string so program output cannot forge a marker.
"""

from __future__ import annotations

import functools
import re

from cdoctest_runner import ctext
from cdoctest_runner.ctext import code_chars

# ----------------------------------------------------------------------------------------------
# Preludes

C_PRELUDE = r"""#include <stdio.h>
static void __cdt_sep(int n) {
  fflush(stdout); printf("\n\037{token}:%d\037\n", n); fflush(stdout);
  fprintf(stderr, "\n\037{token}:%d\037\n", n); fflush(stderr);
}
"""

CXX_PRELUDE = r"""#include <cstdio>
#include <iostream>
#include <string>
#include <type_traits>
#if __cplusplus >= 201703L
#include <string_view>
#endif
static void __cdt_sep(int n) {
  std::cout.flush(); fflush(stdout); printf("\n\037{token}:%d\037\n", n); fflush(stdout);
  fprintf(stderr, "\n\037{token}:%d\037\n", n); fflush(stderr);
}
struct __cdt_void {};
inline __cdt_void __cdt_mk() { return __cdt_void(); }
static void __cdt_vmark() {
  std::cout.flush(); fflush(stdout); fputs("\036{token}\036", stdout); fflush(stdout);
}
template <class T> struct __cdt_is_str : std::false_type {};
template <class Tr, class A>
struct __cdt_is_str<std::basic_string<char, Tr, A> > : std::true_type {};
#if __cplusplus >= 201703L
template <class Tr> struct __cdt_is_str<std::basic_string_view<char, Tr> > : std::true_type {};
#endif
static std::string __cdt_keep;
template <class T, typename std::enable_if<
    !__cdt_is_str<typename std::decay<T>::type>::value, int>::type = 0>
inline T&& operator,(T&& v, __cdt_void) { __cdt_vmark(); return static_cast<T&&>(v); }
template <class T, typename std::enable_if<
    __cdt_is_str<typename std::decay<T>::type>::value, int>::type = 0>
inline const char* operator,(T&& v, __cdt_void) {
  __cdt_keep.assign(v.data(), v.size()); __cdt_vmark(); return __cdt_keep.c_str();
}
"""

C_INIT = 'stdin = fopen("/dev/null", "r"); setvbuf(stdout, NULL, _IONBF, 0);'
CXX_INIT = (
    'stdin = fopen("/dev/null", "r"); std::cin.rdbuf(nullptr); setvbuf(stdout, NULL, _IONBF, 0);'
)


# ----------------------------------------------------------------------------------------------
# Pure input preparation (unit-tested without clang).


def strip_line_comment(line: str) -> str:
    """Remove a ``//`` comment that is outside string and character literals.

    >>> strip_line_comment('printf("http://x"); // note')
    'printf("http://x"); '
    """
    for i, _ in code_chars(line):
        if line.startswith("//", i):
            return line[:i]
    return line


@functools.lru_cache(maxsize=16)
def blank_code(text: str, branch: int = 0) -> str:
    """``text`` with comments, literals and preprocessor lines blanked (same length, newlines
    kept), and the conditional branches that are not followed.

    The brace readers (``cdoctest_runner.loadable``, ``cdoctest_runner.labels``) follow one branch
    of each ``#if``/``#ifdef``/``#ifndef`` chain, as a preprocessor does: the first one whose
    condition is not ``0`` (``branch``: the one after it so many places, or the last one; what
    the first branches hide is read in those views, ``branch_views``). Reading every branch
    would open a function whose header differs per branch twice (``#if A`` ``if (x) {``
    ``#else`` ``if (y) {`` ``#endif``) and misread the rest of the file. Kept for the next session
    of the same text (each new session reads the file again).

    >>> blank_code("#if A\\nint f(int a) {\\n#else\\nint f(long a) {\\n#endif\\n}").split("\\n")
    ['     ', 'int f(int a) {', '     ', '               ', '      ', '}']
    >>> blank_code("#if A\\nint f(int a) {\\n#else\\nint f(long a) {\\n#endif", branch=1)[27:]
    'int f(long a) {\\n      '
    >>> blank_code("#if 0\\nold();\\n#else\\nnew();\\n#endif").split("\\n")
    ['     ', '      ', '     ', 'new();', '      ']
    """
    blanked = ctext.blank(text)
    out = list(blanked)
    chains: list[list[list[int]]] = []  # open conditionals: [false, start, end] per branch
    skipped: list[tuple[int, int]] = []
    for m in _DIRECTIVE.finditer(blanked):
        out[m.start() : m.end()] = [ch if ch == "\n" else " " for ch in m.group()]
        word, condition = m.group(1), m.group(2).strip()
        false = int(word in ("if", "elif") and condition in _FALSE)
        if word in ("if", "ifdef", "ifndef"):
            chains.append([[false, m.end(), len(text)]])
        elif word in ("elif", "elifdef", "elifndef", "else") and chains:
            chains[-1][-1][2] = m.start()
            chains[-1].append([false, m.end(), len(text)])
        elif word == "endif" and chains:
            branches = chains.pop()
            branches[-1][2] = m.start()
            live = [i for i, (false_, _, _) in enumerate(branches) if not false_]
            chosen = live[min(branch, len(live) - 1)] if live else -1
            skipped += [(s, e) for i, (_, s, e) in enumerate(branches) if i != chosen]
    for start, end in skipped:
        out[start:end] = _NOT_NEWLINE.sub(" ", blanked[start:end])
    return "".join(out)


@functools.lru_cache(maxsize=16)
def branch_views(text: str) -> tuple[str, ...]:
    """``blank_code`` of ``text`` following the first, second... branch of each conditional, up to
    the view that follows every chain's last branch: together they show every branch once.

    >>> [v.split() for v in branch_views("#if A\\na();\\n#elif B\\nb();\\n#else\\nc();\\n#endif")]
    [['a();'], ['b();'], ['c();']]
    """
    views = [blank_code(text)]
    while "#" in text and (view := blank_code(text, len(views))) != views[-1]:
        views.append(view)
    return tuple(views)


#: A preprocessor line (continued by backslash-newlines): its directive word and the rest.
_DIRECTIVE = re.compile(r"(?m)^[ \t]*#[ \t]*(\w*)((?:[^\n]*\\\n)*[^\n]*)")
#: Conditions a preprocessor always finds false: their branch is the one not followed.
_FALSE = frozenset({"0", "(0)", "false"})
_NOT_NEWLINE = re.compile(r"[^\n]")


def split_inputs(source: str) -> list[str]:
    """One example's source -> the physical input lines sent to clang-repl.

    >>> split_inputs("int x = 1; // one\\nx + 1\\n")
    ['int x = 1; x + 1']
    >>> split_inputs("#include <math.h>\\nsqrt(4.0)\\n")
    ['#include <math.h>', 'sqrt(4.0)']
    >>> split_inputs("#define SQ(x) \\\\\\n  ((x) * (x))\\nSQ(3)\\n")
    ['#define SQ(x)  ((x) * (x))', 'SQ(3)']
    >>> split_inputs("-1\\n"), split_inputs("-x;\\n")
    (['(-1)'], ['(-x);'])
    """
    inputs: list[str] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            inputs.append(_fix_leading_minus(" ".join(buf)))
            buf.clear()

    logical: list[str] = []
    for raw in source.split("\n"):  # backslash-newline splices lines first, as in C
        if logical and logical[-1].rstrip().endswith("\\"):
            logical[-1] = logical[-1].rstrip()[:-1] + " " + raw.strip()
        else:
            logical.append(raw)
    for raw in logical:
        raw = raw.rstrip().removesuffix("\\")
        stripped = raw.strip()
        if stripped.startswith("#"):
            flush()
            inputs.append(stripped)
            continue
        line = strip_line_comment(raw).strip()
        if not line:
            continue
        if line.startswith("%") and not buf:
            inputs.append(line)
            continue
        buf.append(line)
    flush()
    return inputs


def _fix_leading_minus(text: str) -> str:
    if not text.startswith("-"):
        return text
    if text.endswith(";"):
        return "(" + text[:-1].rstrip() + ");"
    return "(" + text + ")"


def last_statement(text: str) -> tuple[str, str]:
    """Split ``text`` after its last top-level statement end: ``('int x = 5;', ' x')``.

    A statement ends at a top-level ``;`` or at the ``}`` closing a body that follows ``)``,
    ``else``, ``do`` or ``try`` (a function, loop or ``if`` body).

    >>> last_statement('int x = 5; x')
    ('int x = 5;', ' x')
    >>> last_statement('f(";"); g({1; 2})')
    ('f(";");', ' g({1; 2})')
    >>> last_statement('int n = 0; for (int i = 0; i < 3; i++) { n += i; } n')
    ('int n = 0; for (int i = 0; i < 3; i++) { n += i; }', ' n')
    >>> last_statement('S{1}.a')
    ('', 'S{1}.a')
    """
    depth = 0
    cut = 0
    bodies: list[bool] = []  # for each open '{': does it open a statement body?
    for i, ch in code_chars(text):
        if ch in "([{":
            if ch == "{":
                before = text[:i].rstrip()
                bodies.append(
                    depth == 0
                    and (
                        before.endswith(")") or re.search(r"\b(?:else|do|try)$", before) is not None
                    )
                )
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if ch == "}" and bodies and bodies.pop() and depth == 0:
                cut = i + 1
        elif ch == ";" and depth == 0:
            cut = i + 1
    return text[:cut], text[cut:]


def is_bare_expression(text: str) -> bool:
    """Whether clang-repl would print this input's value: it ends with an expression, not
    ``;``/``}``.

    >>> inputs = ("fac(5)", "fac(5);", "int x = 1; x", "struct S {}", "#define X 1")
    >>> [is_bare_expression(t) for t in inputs]
    [True, False, True, False, False]
    """
    t = text.rstrip()
    if not t or t.startswith(("#", "%")) or t.endswith((";", "}")):
        return False
    return bool(last_statement(t)[1].strip())


def rewrite_value_expression(text: str) -> str:
    """C++: ``prefix; E`` -> ``prefix; (E, __cdt_mk())`` (see the module docstring).

    >>> rewrite_value_expression("int x = 5; x")
    'int x = 5; (x, __cdt_mk())'
    """
    prefix, expr = last_statement(text.rstrip())
    space = " " if prefix else ""
    return f"{prefix}{space}({expr.strip()}, __cdt_mk())"


def translate_print_directive(text: str, language: str) -> str | None:
    """``%<< expr;`` -> the code that prints ``expr`` (``None`` if ``text`` is not the directive).

    >>> translate_print_directive("%<< fac(5);", "c++")
    'std::cout << (fac(5)) << std::endl;'
    >>> translate_print_directive("%<< fac(5);", "c")
    '(fac(5))'
    """
    if not text.startswith("%<<"):
        return None
    expr = text[3:].strip().rstrip(";").strip()
    if language == "c":
        return f"({expr})"
    return f"std::cout << ({expr}) << std::endl;"
