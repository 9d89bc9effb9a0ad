"""Code action listing: cheap (no model, cached parse) and pure once the functions are known.

Kinds (see docs/editor.md and the LSP notes): the per-function actions are
``refactor.rewrite.generateTests.cdoctest`` so that VS Code shows them in the lightbulb / Ctrl+.
menu (it hides ``source.*`` there); the whole-file action is ``source.generateTests.cdoctest``
(a source action applies to the whole file). ``context.only`` is a prefix filter on kinds.
Actions carry ``data`` (``GenerateArgs``) and no edit: the edit is computed in
``codeAction/resolve``. For clients without resolve support they carry the
``cdoctest.server.generate`` command instead. A function's action is *Generate* (no block
above it), *Regenerate* (the tool's block, ``server.ownership``) or *Replace your cdoctest*
(the user's block: edited or hand-written), the one way the editor replaces a block of the
user's (``GenerateArgs.force``).
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types as T

from server.api import FunctionInfo
from server.lsp.args import GENERATE_COMMAND, GenerateArgs

FUNCTION_KIND = "refactor.rewrite.generateTests.cdoctest"
FILE_KIND = "source.generateTests.cdoctest"
KINDS = [FUNCTION_KIND, FILE_KIND]


def kind_matches(kind: str, only: Sequence[str] | None) -> bool:
    """Apply ``only`` as a prefix filter (``refactor`` matches ``refactor.rewrite.x``)."""
    if not only:
        return True
    return any(f == "" or kind == f or kind.startswith(f + ".") for f in only)


def function_at(functions: Sequence[FunctionInfo], line: int) -> FunctionInfo | None:
    """Return the innermost function spanning 0-based ``line`` (None outside functions)."""
    best: FunctionInfo | None = None
    for f in functions:
        d = f.declaration
        if d.line - 1 <= line <= d.end_line - 1:
            if best is None or (d.end_line - d.line) < (
                best.declaration.end_line - best.declaration.line
            ):
                best = f
    return best


def function_title(name: str, has_block: bool, generated: bool) -> str:
    """The title of a function's action, by whose block is above it.

    >>> function_title("f", False, False), function_title("f", True, True)
    ('Generate cdoctest for `f`', 'Regenerate cdoctest for `f`')
    >>> function_title("f", True, False)
    'Replace your cdoctest for `f` with a generated one'
    """
    if has_block and not generated:
        return f"Replace your cdoctest for `{name}` with a generated one"
    return f"{'Regenerate' if has_block else 'Generate'} cdoctest for `{name}`"


def list_actions(
    uri: str,
    version: int | None,
    functions: Sequence[FunctionInfo],
    rng: T.Range,
    only: Sequence[str] | None,
    resolve_support: bool,
) -> list[T.CodeAction]:
    """List the actions for a range: the function under its start, and the whole file."""
    actions: list[T.CodeAction] = []
    target = function_at(functions, rng.start.line)
    if target is not None and kind_matches(FUNCTION_KIND, only):
        d = target.declaration
        users = target.has_block and not target.block_generated
        args = GenerateArgs(
            uri=uri, version=version, line=d.line - 1, name=d.qualname or d.name, force=users
        )
        title = function_title(d.name, target.has_block, target.block_generated)
        actions.append(_action(title, FUNCTION_KIND, args, resolve_support))
    if functions and kind_matches(FILE_KIND, only):
        args = GenerateArgs(uri=uri, version=version, all=True)
        actions.append(
            _action(
                "Generate cdoctests for all functions in file", FILE_KIND, args, resolve_support
            )
        )
    return actions


def _action(title: str, kind: str, args: GenerateArgs, resolve_support: bool) -> T.CodeAction:
    if resolve_support:
        return T.CodeAction(title=title, kind=kind, data=args.to_json())
    command = T.Command(title=title, command=GENERATE_COMMAND, arguments=[args.to_json()])
    return T.CodeAction(title=title, kind=kind, command=command)
