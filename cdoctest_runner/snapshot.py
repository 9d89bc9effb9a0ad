"""Warm sessions for C code with file-scope state: its variables saved once loaded, restored after
each block.

A session is reused for the next block only when nothing the block did can show (docs/runner.md,
"Warm reuse and isolation"). C code with a mutable file-scope variable (a counter, a configured
path style, a table) used to get a fresh session for every block: a process start, the file's
load and its compilation on the first call. When such variables are the code's only state
(``reuse.state_is_file_scope`` on ``loadable``'s text: no function-local ``static``, no use of
process-wide state), the runner copies their bytes aside once the code is loaded and copies them
back after each block, so the next block starts from the state a fresh session starts from. C's
file-scope initialisers are constant expressions, so those bytes are the whole loaded state (a
pointer into the file's own data points to the same place in the same session).

- ``state_variables(code)``: the names of the file's mutable file-scope variables (libclang), or
  None when the code is not C, has other state, or cannot be parsed.
- ``save_input(names)``: one input that defines the copies and ``__cdt_restore()`` and saves;
  ``RESTORE`` is the input sent after each block.

C++ is left out: copying an object's bytes back is not restoring it (a ``std::map`` owns heap
memory its destructor frees).
"""

from __future__ import annotations

import functools

from cdoctest_runner import clang
from cdoctest_runner.errors import SourceParseError
from cdoctest_runner.example import CodeUnderTest
from cdoctest_runner.reuse import has_mutable_state, state_is_file_scope

RESTORE = "__cdt_restore();"


def _const(type_: clang.ClangType) -> bool:
    while type_.kind.name.endswith("ARRAY"):
        type_ = type_.element_type
    return bool(type_.is_const_qualified())


@functools.lru_cache(maxsize=64)
def _variables(path: str, text: str, flags: tuple[str, ...]) -> tuple[str, ...] | None:
    try:
        tu = clang.parse(path, text, "c", flags)
    except SourceParseError:
        return None
    names: list[str] = []
    for cursor in tu.cursor.get_children():
        if cursor.kind.name != "VAR_DECL" or not clang.in_file(cursor, path):
            continue
        storage = cursor.storage_class.name
        if storage not in ("NONE", "EXTERN", "STATIC"):
            return None
        # a tentative definition (``int seen[4];``) is not a definition to libclang, but is one
        if (storage == "EXTERN" and not cursor.is_definition()) or _const(cursor.type):
            continue
        if cursor.spelling not in names:
            names.append(cursor.spelling)
    return tuple(names)


def state_variables(code: CodeUnderTest) -> tuple[str, ...] | None:
    """Names of the mutable file-scope variables of ``code`` (``loadable``'s copy: its ``text``,
    else the file at ``path``), when restoring them restores the code's whole state (module
    docstring); else None.
    """
    if code.language != "c" or code.path is None or code.libraries:
        return None
    text = code.source_text()
    if text is None:
        return None
    if has_mutable_state(code.prelude) or not state_is_file_scope(text):
        return None
    return _variables(code.path, text, code.clang_args())


def save_input(names: tuple[str, ...]) -> str:
    """One input (one line) defining a copy of each variable and ``__cdt_restore``, then saving.

    The copies are initialised, so they are definitions, not C tentative definitions (which
    clang-repl 22 may report as duplicates in a later input).

    >>> save_input(("n",))  # doctest: +NORMALIZE_WHITESPACE
    'unsigned char __cdt_saved0[sizeof(n)] = {0}; void __cdt_restore(void) {
    __builtin_memcpy(&n, __cdt_saved0, sizeof(n)); } void __cdt_save(void) {
    __builtin_memcpy(__cdt_saved0, &n, sizeof(n)); } __cdt_save();'
    """
    copies = " ".join(
        f"unsigned char __cdt_saved{i}[sizeof({n})] = {{0}};" for i, n in enumerate(names)
    )
    restore = " ".join(
        f"__builtin_memcpy(&{n}, __cdt_saved{i}, sizeof({n}));" for i, n in enumerate(names)
    )
    save = " ".join(
        f"__builtin_memcpy(__cdt_saved{i}, &{n}, sizeof({n}));" for i, n in enumerate(names)
    )
    return (
        f"{copies} void __cdt_restore(void) {{ {restore} }} "
        f"void __cdt_save(void) {{ {save} }} __cdt_save();"
    )
