"""Names a person would write: the variables the generator made (``buf6b``, ``h0a``, ``val0b_3``)
renamed in the chosen block after what they hold (issue #40).

The candidate sources tag every variable they declare (``buf`` + the call's index and the
argument's letter, ``_2`` when two units are merged), so that units can be combined without
clashes; a reader sees the tags as noise. ``readable_names`` renames each tagged variable of a
block after the parameter of the function under test it is passed to (``cwk_path_normalize(path,
buf6b, 6)`` -> ``buffer``, from ``char *buffer``), else after its kind without the tag
(``res0`` -> ``res``, ``txt1a`` -> ``text``); a second variable of the same name gets ``2``,
``3``... Names the file under test or the block already uses, and keywords, are never taken, so
the renamed block means what the checked one did; the final check runs it again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from cdoctest_runner import ctext
from cdoctest_runner.example import Declaration, Example
from server.analysis.locate import SourceFile, names_in_scope
from server.judge.verify import declared_names

__all__ = ["parameter_names", "readable_block", "readable_names"]

#: A variable the generator made: a kind, then the tag (``0a``, ``12bc``, ``0m1``: the call's
#: index, an argument's or the method object's letter) and any ``_N`` a merge of units added; or
#: the input search's ``<parameter>_s<N>``.
_TAGGED = re.compile(r"(?P<kind>[a-z]+?)(?P<search>_s)?\d+(?:[a-z]\d*)*(?:_\d+)*")

#: The kinds of variable the type-driven candidates declare (``server.candidates.by_type``).
_KINDS = frozenset(
    "arr buf cb fs fsbuf h len n obj out res sink sinkn slots str txt val vec".split()
)

#: The kinds' names when no parameter names the variable (kinds not listed keep their name).
_KIND_NAMES = {
    "h": "obj",
    "sinkn": "sink_len",
    "txt": "text",
    "arr": "items",
    "vec": "v",
    "fsbuf": "stream_buf",
}

_WORDS = frozenset(
    """auto bool break case char const constexpr continue default delete do double else enum
    extern false float for goto if inline int long new nullptr return short signed sizeof static
    struct switch true typedef union unsigned void volatile while class namespace template
    typename this using public private protected virtual operator std main errno stdin stdout
    stderr""".split()
)


def _inside(code: str, at: int) -> str:
    """The text between the ``(`` at ``at`` of a blanked ``code`` and the ``)`` that closes it
    (to the end when none does).

    >>> _inside("f(a, g(b)), c", 1)
    'a, g(b)'
    """
    depth = 0
    for i in range(at, len(code)):
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        if depth == 0:
            return code[at + 1 : i]
    return code[at + 1 :]


def parameter_names(function: Declaration) -> list[str]:
    """The parameter names of ``function``'s signature, in order ('' where one is unnamed).

    >>> d = Declaration("f", "f", "function", 1, 1, 1, 1,
    ...                 "int f(void (*out)(char c, void *), const char *path, size_t, ...)")
    >>> parameter_names(d)
    ['out', 'path', '', '...']
    """
    code = ctext.blank(function.signature)
    m = re.search(rf"\b{re.escape(function.name)}\s*\(", code)
    if m is None:
        return []
    inner = _inside(code, m.end() - 1)
    names = []
    for a, b in ctext.top_level_spans(inner, ","):
        param = inner[a:b].strip()
        if param == "...":
            names.append("...")
            continue
        pointer = re.search(r"\(\s*[*&]\s*(?P<name>[A-Za-z_]\w*)\s*\)", param)  # (*out)(...)
        head = re.sub(r"\[.*$|=.*$", "", param).strip()  # char name[16], int n = 3
        words = ctext.IDENTIFIER_RE.findall(head)
        if pointer is not None:
            names.append(pointer.group("name"))
        elif len(words) >= 2 and words[-1] not in _WORDS:
            names.append(words[-1])
        else:
            names.append("")
    return names


def _passed_as(examples: Sequence[Example], function: Declaration) -> dict[str, str]:
    """Variable -> the parameter name it is first passed as (``x`` or ``&x``) in a call of
    ``function``.
    """
    params = parameter_names(function)
    out: dict[str, str] = {}
    for ex in examples:
        code = ctext.blank(ex.source)
        for m in re.finditer(rf"(?<![\w.>:]){re.escape(function.name)}\s*\(", code):
            inner = _inside(code, m.end() - 1)
            for k, (a, b) in enumerate(ctext.top_level_spans(inner, ",")):
                arg = re.fullmatch(r"\s*&?\s*(?P<name>[A-Za-z_]\w*)\s*", inner[a:b])
                if arg is None or k >= len(params):
                    continue
                if params[k] not in ("", "..."):
                    out.setdefault(arg.group("name"), params[k])
    return out


def _kind(name: str) -> str | None:
    """The kind of a variable the generator made (``buf6b_3`` -> ``buf``), None for others.

    >>> _kind("buf6b_3"), _kind("sinkn0a"), _kind("pt_s2"), _kind("utf8"), _kind("a0_2")
    ('buf', 'sinkn', 'pt', None, None)
    """
    m = _TAGGED.fullmatch(name)
    if m is None or not (m.group("kind") in _KINDS or m.group("search")):
        return None
    return m.group("kind")


def readable_block(
    examples: Sequence[Example], function: Declaration, source: SourceFile
) -> list[Example]:
    """``readable_names`` of a block above ``function`` in ``source``, avoiding the names in scope
    there (``server.analysis.locate.names_in_scope``).
    """
    return readable_names(examples, function, avoid=names_in_scope(source))


def readable_names(
    examples: Sequence[Example], function: Declaration, avoid: Iterable[str] = ()
) -> list[Example]:
    """``examples`` with the generator's tagged variables renamed (module doc); ``avoid``: the
    names the code under test uses (its identifiers), never taken.

    >>> d = Declaration("norm", "norm", "function", 1, 1, 1, 1,
    ...                 "size_t norm(const char *path, char *buffer, size_t size)")
    >>> ex = [Example('char buf6b[8] = ""; norm("/a", buf6b, 8)', "2"), Example("buf6b", '"/a"'),
    ...       Example('char buf0b_2[8] = ""; size_t res0 = norm("a", buf0b_2, 8);'),
    ...       Example("res0", "1")]
    >>> for e in readable_names(ex, d, avoid=["norm", "path"]): print(e.source.strip())
    char buffer[8] = ""; norm("/a", buffer, 8)
    buffer
    char buffer2[8] = ""; size_t res = norm("a", buffer2, 8);
    res
    """
    taken = set(avoid) | _WORDS
    tagged: list[str] = []
    for ex in examples:
        for name in (m.group() for m in ctext.identifiers(ex.source)):
            if _kind(name) is None:
                taken.add(name)
            elif name not in tagged:
                tagged.append(name)
    declared = set().union(*(declared_names(ex.source) for ex in examples)) if examples else set()
    tagged = [n for n in tagged if n in declared]  # a name the block declares, not a callee's
    if not tagged:
        return list(examples)
    taken -= set(tagged)
    passed = _passed_as(examples, function)
    renamed: dict[str, str] = {}
    for name in tagged:
        kind = _kind(name) or name
        base = passed.get(name) or _KIND_NAMES.get(kind, kind)
        new, k = base, 1
        while new in taken:
            k += 1
            new = f"{base}{k}"
        taken.add(new)
        renamed[name] = new
    return [
        replace(ex, source=ctext.map_identifiers(ex.source, lambda n: renamed.get(n, n)))
        for ex in examples
    ]
