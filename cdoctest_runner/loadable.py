"""The private copy of the file a session loads, made to behave as the compiled program does.

clang-repl-22 re-emits every entity with internal linkage into each later input, with its initial
value (docs/runner.md, "Internal linkage"): after ``static int counter = 5; void inc(void)
{counter++;}`` and ``inc();``, a later input reads ``counter`` as 5 where the compiled program
reads 6. ``external_linkage`` removes internal linkage from the file's own namespace-scope
declarations, as cling does:

- ``static`` before a namespace-scope variable or function is blanked; before a C function it
  becomes ``extern`` (same length), and a C ``static inline`` loses its ``inline`` too: a C99
  ``inline`` definition alone emits no symbol, an ``extern`` one does, also where a macro says
  ``inline`` (jansson's ``static JSON_INLINE``). Under GNU89 inline rules (``-fgnu89-inline``,
  ``-std=gnu89``), where ``extern inline`` is the definition that emits nothing, it is blanked;
- a C++ anonymous namespace gets a name and a using-directive (``namespace __cdt_anon {} using
  namespace __cdt_anon; namespace __cdt_anon {``).

Kept as they are: ``static`` members and locals (class and function bodies are not touched), and,
in C and ``extern "C"`` blocks, ``static`` functions named like a C library function (``abs``,
``strlen``): with external linkage clang treats them as the builtin and calls the library's
(measured). Those are re-emitted per input as before, which is harmless unless they keep state in
a ``static`` local. Headers the file includes are not rewritten. Braces are counted along the
first branch of each ``#if``, then the others (``inputs.branch_views``) for what the first hid.

clang-repl-22 also emits the vtable and type_info of a class whose *key function* (its first
virtual member function not defined in the class) is defined in the loaded file again into every
later input that needs them, as strong symbols (llvm issue #141039; fixed upstream after 22): an
input that constructs the class through an inline constructor (``Sq a(2);``, ``new Sq(4)``, a
copy) or uses ``dynamic_cast``/``typeid`` on it fails with ``duplicate definition of symbol
'_ZTS2Sq'``. ``inline_key_functions`` writes ``inline`` before the file's out-of-line definition
of each class's key function: a class whose key function is inline has its vtable emitted with
``linkonce_odr`` linkage, which the JIT keeps once, as the compiled program's linker does. The
classes and their key functions are read from the file and the project headers it includes
(``key_functions``). Only the key function changes, because an inline *destructor* brings in
another clang-repl-22 limit: a bare expression that destroys a temporary of the class
(``Sq(3).area()``) fails with ``Symbols not found: [ _ZN2SqD1Ev ]`` (docs/runner.md).

Compile on use (``compiled_on_use(loadable(code))``, C++ only; docs/runner.md, "Compiled once,
reused"): ``inline_functions`` writes ``inline`` before the file's namespace-scope definitions of
free functions with external linkage, so that clang emits only those the examples (or the file's
initialisers) use, when they use them: still one function each (``linkonce_odr``). Left as they
are: ``main``, members, templates, ``constexpr``/``consteval``/``static``/``extern``/``friend``
ones, definitions with attributes, operators, and C.

``loadable(code)`` applies these and ``labels.local_labels`` to a ``CodeUnderTest``: the private
copy starts with ``#line 1 "<path>"`` and keeps every line where it is, so diagnostics and line
numbers name the user's file.
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import os
import re
from collections.abc import Callable, Iterable, Sequence

from cdoctest_runner.clang import buffer_path
from cdoctest_runner.ctext import IDENTIFIER_RE
from cdoctest_runner.example import CodeUnderTest, Language
from cdoctest_runner.flags import gnu89_inline
from cdoctest_runner.inputs import blank_code, branch_views
from cdoctest_runner.labels import local_labels

ANON = "__cdt_anon"

_STATIC = re.compile(r"\bstatic\b")
_HEAD = re.compile(r"(?:\binline\s+)?\bnamespace\b(?:\s+[\w:]+)?\s*(?:\[\[[^\]]*\]\]\s*)?$")
_EXTERN_HEAD = re.compile(r"\bextern\s*$")
_INLINE = re.compile(r"\b(?:inline|__inline__|__inline)\b")
_NAME_BEFORE = re.compile(r"([A-Za-z_]\w*)\s*$")
_QUALIFIED = re.compile(
    r"([A-Za-z_]\w*)\s*(?:<[^<>;{}]*>\s*)?::\s*(~\s*[A-Za-z_]\w*|[A-Za-z_]\w*)\s*$"
)
_CLASS_HEAD = re.compile(r"\b(?:class|struct)\s+(?:\[\[[^\]]*\]\]\s*)?([A-Za-z_]\w*)")
_ACCESS = re.compile(r"^\s*(?:(?:public|private|protected)\s*:(?!:)\s*)+")
_OVERRIDE = re.compile(r"\b(?:override|final)\b")
_INCLUDE = re.compile(r'(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]')
_NOT_NAMES = frozenset(
    {"__attribute__", "__declspec", "alignas", "_Alignas", "__typeof__", "typeof", "decltype",
     "__asm__", "asm", "__asm", "_Atomic"}
)  # fmt: skip


@functools.cache
def is_library_function(name: str) -> bool:
    """Whether ``name`` is a symbol of the C library this process links (``abs``, ``strlen``).

    >>> is_library_function("strlen"), is_library_function("cdt_no_such_helper")
    (True, False)
    """
    try:
        return hasattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError, ValueError):
        return False


def _declared_function(segment: str) -> str | None:
    """The name of the function a declaration ``segment`` (from ``static`` up to its ``;``, ``{``
    or ``=``) declares, or None for a variable.

    >>> _declared_function("static int f(int x) __attribute__((unused))")
    'f'
    >>> _declared_function("static void (*hook)(int) "), _declared_function("static int n ")
    (None, None)
    """
    depth = 0
    for i, ch in enumerate(segment):
        if ch == "(":
            if depth == 0:
                m = _NAME_BEFORE.search(segment, 0, i)
                if m is None or segment[i + 1 :].lstrip().startswith(("*", "&", "^")):
                    return None
                if m.group(1) not in _NOT_NAMES:
                    return m.group(1)
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
    return None


def _segment_end(code: str, start: int) -> int:
    """Where the declaration starting at ``start`` ends its head: the first ``;``, ``{`` or ``=``
    outside parentheses.
    """
    depth = 0
    for i in range(start, len(code)):
        ch = code[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ";{=":
            return i
    return len(code)


def external_linkage(
    text: str,
    language: Language,
    library_function: Callable[[str], bool] = is_library_function,
    gnu89: bool = False,
) -> str:
    """``text`` with internal linkage removed from its namespace-scope declarations (module doc);
    ``gnu89``: the C code is compiled with GNU89 inline rules (``flags.gnu89_inline``).

    Lines stay where they are (``static`` becomes spaces, or ``extern`` before a C function);
    only an anonymous namespace's line grows.

    >>> external_linkage("static int counter = 5;\\nstatic int get(void) { return counter; }", "c")
    '       int counter = 5;\\nextern int get(void) { return counter; }'
    >>> external_linkage("struct S { static int n; };\\nint f() { static int k; return k; }", "c++")
    'struct S { static int n; };\\nint f() { static int k; return k; }'
    >>> external_linkage("static inline int sq(int x) { return x * x; }", "c")
    'extern        int sq(int x) { return x * x; }'
    >>> external_linkage("static JSON_INLINE int one(void) { return 1; }", "c")
    'extern JSON_INLINE int one(void) { return 1; }'
    >>> external_linkage("static int abs(int x) { return x; }", "c")
    'static int abs(int x) { return x; }'
    >>> external_linkage("namespace { int n; }", "c++")
    'namespace __cdt_anon {} using namespace __cdt_anon; namespace __cdt_anon { int n; }'
    """
    if "static" not in text and (language == "c" or "namespace" not in text):
        return text
    code, *hidden = branch_views(text)  # hidden: the later branches
    edits = _linkage_edits(code, language, library_function, gnu89)
    for view in hidden:
        seen = {start for start, _, _ in edits}
        edits += [e for e in _linkage_edits(view, language, library_function, gnu89)
                  if code[e[0]] == " " and e[0] not in seen]  # fmt: skip
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _linkage_edits(
    code: str, language: Language, library_function: Callable[[str], bool], gnu89: bool
) -> list[tuple[int, int, str]]:
    """``external_linkage``'s edits, (start, end, replacement), of a text's ``blank_code``."""
    edits: list[tuple[int, int, str]] = []
    stack: list[str] = []  # per open brace: 'ns' (namespace, extern "C" block) or 'body'
    boundary = -1  # the last ';', '{' or '}' seen
    pos = 0
    for m in re.finditer(r"[{};]|\bstatic\b", code):
        i = m.start()
        tok = m.group()
        if tok == "static":
            if all(k != "body" for k in stack) and i >= pos:
                end = _segment_end(code, i)
                segment = code[i:end]
                name = _declared_function(segment)
                in_c = language == "c" or "extern" in stack
                if name is not None and in_c and library_function(name):
                    continue
                c_function = name is not None and language == "c" and not gnu89
                edits.append((i, i + len("static"), "extern" if c_function else " " * 6))
                if name is not None and in_c:
                    head = segment[: segment.find(name)]
                    for inl in _INLINE.finditer(head):
                        edits.append((i + inl.start(), i + inl.end(), " " * len(inl.group())))
                pos = end
            continue
        if tok == "{":
            head = code[boundary + 1 : i]
            inside_body = any(k == "body" for k in stack)
            if not inside_body and _HEAD.search(head):
                stack.append("ns")
                words = head.split()
                if language != "c" and words[-1:] == ["namespace"] and words[:1] != ["inline"]:
                    at = boundary + 1 + head.rindex("namespace")
                    edits.append(
                        (at, i, f"namespace {ANON} {{}} using namespace {ANON}; namespace {ANON} ")
                    )
            elif not inside_body and _EXTERN_HEAD.search(head):
                stack.append("extern")
            else:
                stack.append("body")
        elif tok == "}" and stack:
            stack.pop()
        boundary = i
    return edits


def _matching(code: str, at: int) -> int:
    """The index of the brace closing the one at ``at`` (``len(code)`` when unclosed)."""
    depth = 0
    for i in range(at, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(code)


def _members(body: str) -> list[tuple[str, bool]]:
    """A class body's member declarations in order: ``(text, has_body)``, access labels dropped,
    ``has_body`` when a ``{...}`` follows (a definition in the class, a nested class).
    """
    out: list[tuple[str, bool]] = []
    start = i = paren = 0
    while i < len(body):
        ch = body[i]
        if ch == "(":
            paren += 1
        elif ch == ")":
            paren = max(0, paren - 1)
        elif paren == 0 and ch in ";{":
            out.append((_ACCESS.sub("", body[start:i]).strip(), ch == "{"))
            i = _matching(body, i) if ch == "{" else i
            start = i + 1
        i += 1
    return [(text, has_body) for text, has_body in out if text]


@dataclasses.dataclass(frozen=True)
class _Member:
    """A member function declared in a class body."""

    name: str  # 'area', '~Sq'
    says_virtual: bool  # 'virtual', 'override' or 'final'
    inline: bool  # defined in the class, '= default' there, or 'inline'/'constexpr'
    declared_only: bool  # neither inline, pure ('= 0') nor deleted: defined elsewhere


def _member(text: str, has_body: bool) -> _Member | None:
    """The member function a class-body declaration ``text`` declares, or None (data, types)."""
    paren = text.find("(")
    m = re.search(r"(~\s*[A-Za-z_]\w*|[A-Za-z_]\w*)\s*$", text[: max(paren, 0)])
    if paren < 0 or m is None or re.search(r"\b(?:friend|template|typedef|using)\b", text):
        return None
    prefix, rest = text[: m.start()], text[paren:]
    says_virtual = "virtual" in prefix.split() or _OVERRIDE.search(rest) is not None
    inline = (
        has_body
        or re.search(r"=\s*default\s*$", rest) is not None
        or re.search(r"\b(?:inline|constexpr|consteval)\b", prefix) is not None
    )
    removed = re.search(r"=\s*(?:0|delete)\s*$", rest) is not None
    return _Member(re.sub(r"\s+", "", m.group(1)), says_virtual, inline, not inline and not removed)


def _bases(head: str) -> tuple[str, ...]:
    """The base class names (last component, no template arguments) in a class head's text
    after its name: ``' final : public Shape, private ns::Box<int>'`` -> ``('Shape', 'Box')``.
    """
    m = re.search(r"(?<!:):(?!:)", head)
    if m is None:
        return ()
    bases = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", head[m.end() :]))
    return tuple(found[-1] for part in bases.split(",") if (found := IDENTIFIER_RE.findall(part)))


def _classes(code: str) -> list[tuple[str, tuple[str, ...], tuple[_Member, ...]]]:
    """The class definitions in blanked ``code``: ``(name, base names, member functions)``.

    The name is the last word before the base clause, so an export macro (``class API Sq``) is
    passed over; template parameters (``template <class T>``) are not classes.

    >>> [(n, b) for n, b, _ in _classes("template <class T> struct API Box final : B<T> { };")]
    [('Box', ('B',))]
    """
    out = []
    for m in _CLASS_HEAD.finditer(code):
        ends = [i for i in (code.find(ch, m.end()) for ch in ";{()=") if i >= 0]
        if not ends or code[min(ends)] != "{":
            continue
        at = min(ends)
        head = code[m.start(1) : at]
        if head[len(m.group(1)) :].lstrip().startswith((">", ",")):
            continue
        words = IDENTIFIER_RE.findall(re.split(r"(?<!:):(?!:)", head)[0])
        name = next((w for w in reversed(words) if w != "final"), m.group(1))
        members = (_member(t, b) for t, b in _members(code[at + 1 : _matching(code, at)]))
        out.append((name, _bases(code[m.end() : at]), tuple(x for x in members if x)))
    return out


@functools.lru_cache(maxsize=128)
def _classes_of(text: str) -> tuple[tuple[str, tuple[str, ...], tuple[_Member, ...]], ...]:
    """``_classes`` of a file's text, kept for the next session (headers rarely change)."""
    return tuple(_classes(blank_code(text)))


def key_functions(texts: Iterable[str]) -> frozenset[str]:
    """``Class::member`` for each class in ``texts`` (a file and its headers) that has a key
    function: its first virtual member function that is declared in the class but neither
    defined there, pure, defaulted nor ``inline`` (the Itanium C++ ABI's rule; the vtable goes
    where the key function is defined). A class whose key function is its destructor is left
    out when all its constructors are declared in the class and defined elsewhere: examples then
    construct it without emitting its vtable, and an inline destructor would break its
    temporaries (module doc).

    A member is virtual when it says ``virtual``, ``override`` or ``final``, or a base class
    declares its name virtual; a destructor, when a base's is. A base not in ``texts`` (a system
    header) is taken to declare virtual every name some class in ``texts`` does. Texts that never
    say ``virtual`` or ``override`` have no key function.

    >>> sorted(key_functions(["struct S { virtual ~S(); virtual int f(); };",
    ...                       "struct T : S { T() {} int f() { return 1; } int g(); ~T(); };",
    ...                       "struct U { virtual int f() = 0; virtual int g() { return 0; } };",
    ...                       "struct V { V(int); virtual ~V(); virtual int f(); };"]))
    ['S::~S', 'T::~T']
    """
    texts = list(texts)
    if not any("virtual" in t or "override" in t for t in texts):
        return frozenset()
    classes: dict[str, tuple[tuple[str, ...], tuple[_Member, ...]]] = {}
    for text in texts:
        for name, bases, members in _classes_of(text):
            classes.setdefault(name, (bases, members))
    anywhere = {m.name for _, members in classes.values() for m in members if m.says_virtual}

    def virtual(cls: str, seen: frozenset[str]) -> set[str]:
        bases, members = classes[cls]
        names = {m.name for m in members if m.says_virtual}
        for base in bases:
            if base in seen:
                continue
            inherited = virtual(base, seen | {base}) if base in classes else anywhere
            names.update(n for n in inherited if not n.startswith("~"))
            if any(n.startswith("~") for n in inherited):
                names.add("~" + cls)
        return names

    keys = set()
    for cls, (_, members) in classes.items():
        names = virtual(cls, frozenset({cls}))
        key = next((m.name for m in members if m.name in names and m.declared_only), None)
        constructors = [m for m in members if m.name == cls]
        if key is not None and (
            not key.startswith("~") or not constructors or any(m.inline for m in constructors)
        ):
            keys.add(f"{cls}::{key}")
    return frozenset(keys)


def _skip_prefixes(code: str, at: int) -> int:
    """``at`` moved past spaces, ``template <...>`` heads and ``[[...]]`` attributes: where a
    declaration's specifiers start.
    """
    while True:
        while at < len(code) and code[at].isspace():
            at += 1
        if code.startswith("[[", at):
            end = code.find("]]", at)
            if end < 0:
                return at
            at = end + 2
            continue
        m = re.match(r"template\s*<", code[at:])
        if m is None:
            return at
        depth, i = 0, at + m.end() - 1
        while i < len(code):
            depth += {"<": 1, ">": -1}.get(code[i], 0)
            i += 1
            if depth == 0:
                break
        at = i


def inline_key_functions(text: str, keys: frozenset[str]) -> str:
    """``text`` (C++) with ``inline`` written before each namespace-scope out-of-line definition
    (``{...}`` or ``= default``) of a key function in ``keys`` (``Class::member``; module doc).

    Only the lines of such definitions change (seven columns more); definitions already
    ``inline``, ``constexpr`` or ``consteval`` are left alone.

    >>> inline_key_functions("Shape::~Shape() {}\\nint Sq::area() const { return s; }",
    ...                      frozenset({"Shape::~Shape", "Sq::area"}))
    'inline Shape::~Shape() {}\\ninline int Sq::area() const { return s; }'
    >>> inline_key_functions("template <class T> int geo::Box<T>::get() = default;",
    ...                      frozenset({"Box::get"}))
    'template <class T> inline int geo::Box<T>::get() = default;'
    >>> inline_key_functions("int Sq::side() const { return s; }", frozenset({"Sq::area"}))
    'int Sq::side() const { return s; }'
    """
    if not keys or "::" not in text:
        return text
    code = blank_code(text)
    inserts: list[int] = []
    stack: list[str] = []  # per open brace: 'ns' (namespace, extern "C" block) or 'body'
    boundary = -1  # the last ';', '{' or '}' seen

    def definition(head_start: int, end: int) -> None:
        head = code[head_start:end]
        paren = head.find("(")
        m = _QUALIFIED.search(head, 0, paren) if paren > 0 else None
        if m is None or m.group(1) + "::" + re.sub(r"\s+", "", m.group(2)) not in keys:
            return
        if re.search(r"\b(?:inline|constexpr|consteval|friend)\b", head[: m.start()]):
            return
        inserts.append(_skip_prefixes(code, head_start))

    for m in re.finditer(r"[{};]", code):
        i, tok = m.start(), m.group()
        at_ns = all(k != "body" for k in stack)
        head = code[boundary + 1 : i]
        if tok == "{":
            if at_ns and _HEAD.search(head):
                stack.append("ns")
            elif at_ns and _EXTERN_HEAD.search(head):
                stack.append("extern")
            else:
                if at_ns:
                    definition(boundary + 1, i)
                stack.append("body")
        elif tok == "}":
            if stack:
                stack.pop()
        elif at_ns and re.search(r"\)[^()]*=\s*default\s*$", head):
            definition(boundary + 1, i)
        boundary = i
    for at in sorted(inserts, reverse=True):
        text = text[:at] + "inline " + text[at:]
    return text


def included_texts(
    path: str | None, text: str, include_dirs: Sequence[str], limit: int = 64
) -> list[str]:
    """The texts of the project headers ``text`` includes, directly or through each other: those
    found in the including file's directory (``"..."`` only) or in ``include_dirs``. System
    headers (found in neither) are not read; at most ``limit`` files.
    """
    out: list[str] = []
    seen: set[str] = set()
    todo = [(path, text)]
    while todo and len(seen) < limit:
        where, body = todo.pop()
        for m in _INCLUDE.finditer(body):
            quoted = body[m.start(1) - 1] == '"'
            dirs = ([os.path.dirname(where)] if quoted and where else []) + list(include_dirs)
            for d in dirs:
                candidate = os.path.normpath(os.path.join(d, m.group(1)))
                if candidate in seen or not os.path.isfile(candidate):
                    continue
                seen.add(candidate)
                try:
                    with open(candidate, encoding="utf-8", errors="surrogateescape") as f:
                        header = f.read()
                except OSError:
                    break
                out.append(header)
                todo.append((candidate, header))
                break
    return out


_NOT_LAZY = re.compile(
    r"\b(?:inline|constexpr|consteval|static|extern|friend|template|virtual|operator|class|struct|"
    r"union|enum|typedef|using|__attribute__|__declspec|alignas|asm|__asm__|thread_local)\b|\[\[|="
)


def _free_function(head: str) -> str | None:
    """The name of the free function whose definition ``head`` (blanked text from the end of the
    previous declaration up to the body's ``{``) opens, or None when it is anything else or a
    definition ``inline_functions`` leaves alone.

    >>> _free_function(" std::string f3(const std::vector<int> &v) noexcept")
    'f3'
    >>> [_free_function(h) for h in (" int S::f() const", " int main()", " Box b(Box", " int n")]
    [None, None, None, None]
    """
    paren = head.find("(")
    if paren < 0 or head.count("(") != head.count(")") or _NOT_LAZY.search(head):
        return None
    m = _NAME_BEFORE.search(head, 0, paren)
    if m is None or m.group(1) in _NOT_NAMES or m.group(1) == "main":
        return None
    if head[: m.start()].rstrip().endswith("::") or not head[: m.start()].strip():
        return None  # qualified (a member), or no return type (a macro call, a constructor)
    return m.group(1)


def inline_functions(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` (C++) with ``inline`` written before each namespace-scope definition of a free
    function with external linkage (module doc, "Compile on use"), and the names made inline.

    Only those lines change (seven columns more).

    >>> inline_functions("namespace n {\\nint f(int x) { return x; }\\n}\\nint main() { }")
    ('namespace n {\\ninline int f(int x) { return x; }\\n}\\nint main() { }', ('f',))
    >>> inline_functions("struct S { int g() { return 1; } };\\nint S::h() { return 2; }")[1]
    ()
    """
    code = blank_code(text)
    inserts: list[tuple[int, str]] = []
    stack: list[str] = []  # per open brace: 'ns' (namespace, extern "C" block) or 'body'
    boundary = -1  # the last ';', '{' or '}' seen
    for m in re.finditer(r"[{};]", code):
        i, tok = m.start(), m.group()
        if tok == "{":
            head = code[boundary + 1 : i]
            at_ns = all(k != "body" for k in stack)
            if at_ns and _HEAD.search(head):
                stack.append("ns")
            elif at_ns and _EXTERN_HEAD.search(head):
                stack.append("extern")
            else:
                name = _free_function(head) if at_ns else None
                if name is not None:
                    inserts.append((boundary + 1 + len(head) - len(head.lstrip()), name))
                stack.append("body")
        elif tok == "}" and stack:
            stack.pop()
        boundary = i
    for at, _ in reversed(inserts):
        text = text[:at] + "inline " + text[at:]
    return text, tuple(name for _, name in inserts)


def loadable(code: CodeUnderTest) -> CodeUnderTest:
    """``code`` as a session should load it: its text (read again from ``path`` for every new
    session, since the file may have changed) with internal linkage removed, in C++ the key
    functions it defines made ``inline`` (the classes read from the file and the headers it
    includes from its directory or ``include_dirs``), and, in C, function-local labels declared
    (``labels.local_labels``: clang-repl 22 rejects a C file in which two functions use the same
    label name; read through the preprocessor where macros make or imitate labels). Returned
    unchanged when nothing needs to change or the file cannot be read (``_load`` reports that).
    """
    text = code.source_text()
    if text is None:
        return code
    fixed = external_linkage(text, code.language, gnu89=gnu89_inline(code.flags))
    if code.language != "c" and "::" in fixed:
        headers = included_texts(code.path, text, code.include_dirs)
        fixed = inline_key_functions(fixed, key_functions([text, *headers]))
    if code.language == "c" and "goto" in fixed:
        headers = included_texts(code.path, text, code.include_dirs)
        where = buffer_path(code.path, "c")
        fixed = local_labels(fixed, where, code.clang_args(), headers)
    if fixed == text:
        return code
    return dataclasses.replace(code, text=_marked(code, fixed))


def _marked(code: CodeUnderTest, text: str) -> str:
    """``text`` for ``code``'s private copy: after ``#line 1 "<path>"`` where it has a path."""
    return text if code.path is None else f'#line 1 "{code.path}"\n' + text


def compiled_on_use(private: CodeUnderTest) -> tuple[CodeUnderTest, tuple[str, ...]]:
    """``loadable``'s copy of C++ code with its free functions made ``inline`` (module doc,
    "Compile on use"), and their names; ``(private, ())`` for C, for code without such functions
    and when the file cannot be read.
    """
    if private.language == "c" or private.text is None and private.path is None:
        return private, ()
    text = private.source_text()
    if text is None:
        return private, ()
    lazy, names = inline_functions(text)
    if not names:
        return private, ()
    text = lazy if private.text is not None else _marked(private, lazy)
    return dataclasses.replace(private, text=text), names
