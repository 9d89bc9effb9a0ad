"""Code action listing, argument parsing and edit relocation: pure logic, no server."""

from __future__ import annotations

import pytest
from lsprotocol import types as T

from cdoctest_runner.example import Declaration
from server.api import FunctionInfo, TargetSelector, TextEdit
from server.lsp.args import GENERATE_COMMAND, GenerateArgs, InvalidArgs, RunTestsArgs
from server.lsp.features.code_actions import (
    FILE_KIND,
    FUNCTION_KIND,
    function_at,
    kind_matches,
    list_actions,
)
from server.lsp.relocate import relocate_edits

OUTER = FunctionInfo(Declaration("S", "ns::S", "struct", 3, 1, 12, 2))
METHOD = FunctionInfo(
    Declaration("get", "ns::S::get", "method", 5, 5, 7, 6), has_block=True, block_generated=True
)
FREE = FunctionInfo(Declaration("add", "add", "function", 14, 1, 14, 40))


def _range(line: int) -> T.Range:
    return T.Range(T.Position(line, 0), T.Position(line, 0))


def test_kind_prefix_filter() -> None:
    """``context.only`` matches whole dotted segments only."""
    assert kind_matches(FUNCTION_KIND, None) and kind_matches(FUNCTION_KIND, [])
    assert kind_matches(FUNCTION_KIND, ["refactor"]) and kind_matches(
        FUNCTION_KIND, ["refactor.rewrite"]
    )
    assert not kind_matches(FUNCTION_KIND, ["refactor.extract"]) and not kind_matches(
        FUNCTION_KIND, ["ref"]
    )
    assert kind_matches(FILE_KIND, ["source"]) and not kind_matches(FILE_KIND, ["quickfix"])


def test_innermost_function_wins_and_lines_are_zero_based() -> None:
    """A method inside a struct wins over the struct; libclang line 5 is LSP line 4."""
    funcs = [OUTER, METHOD, FREE]
    assert function_at(funcs, 4) is METHOD  # libclang line 5 = LSP line 4
    assert function_at(funcs, 7) is OUTER
    assert function_at(funcs, 13) is FREE
    assert function_at(funcs, 12) is None


def test_actions_with_resolve_carry_data_and_no_edit() -> None:
    """With resolve support: ``data`` only; a generated block above gives 'Regenerate'."""
    actions = list_actions(
        "file:///a.cpp", 3, [METHOD, FREE], _range(4), None, resolve_support=True
    )
    assert [(a.title, a.kind) for a in actions] == [
        ("Regenerate cdoctest for `get`", FUNCTION_KIND),
        ("Generate cdoctests for all functions in file", FILE_KIND),
    ]
    assert actions[0].data == {
        "uri": "file:///a.cpp",
        "version": 3,
        "line": 4,
        "name": "ns::S::get",
    }
    assert actions[0].edit is None and actions[0].command is None
    assert actions[1].data == {"uri": "file:///a.cpp", "version": 3, "all": True}


def test_a_block_of_the_users_is_replaced_only_by_its_own_action() -> None:
    """The block above ``get`` is the user's (edited or hand-written: not the tool's): the
    function's one action says it replaces it and asks for that (``force``), the editor's
    ``--force``; the other actions never carry it.
    """
    users = FunctionInfo(METHOD.declaration, has_block=True, block_generated=False)
    (action, _) = list_actions("file:///a.cpp", 3, [users, FREE], _range(4), None, True)
    assert action.title == "Replace your cdoctest for `get` with a generated one"
    assert action.data == {
        "uri": "file:///a.cpp",
        "version": 3,
        "line": 4,
        "name": "ns::S::get",
        "force": True,
    }
    assert GenerateArgs.from_json(action.data).force
    (free, every) = list_actions("file:///a.cpp", 3, [users, FREE], _range(13), None, False)
    assert free.title == "Generate cdoctest for `add`"
    assert "force" not in free.command.arguments[0] and "force" not in every.command.arguments[0]


def test_code_actions_docstring_examples() -> None:
    import doctest

    import server.lsp.features.code_actions as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_actions_filtered_and_outside_functions() -> None:
    """Outside functions: no per-function action; ``only`` filters; no functions: nothing."""
    only_source = list_actions("file:///a.cpp", 1, [FREE], _range(13), ["source"], True)
    assert [a.kind for a in only_source] == [FILE_KIND]
    outside = list_actions("file:///a.cpp", 1, [FREE], _range(0), ["refactor"], True)
    assert outside == []
    assert list_actions("file:///a.cpp", 1, [], _range(0), None, True) == []


def test_actions_without_resolve_carry_the_command() -> None:
    """Without resolve support an action carries the generate command."""
    (action, _) = list_actions("file:///a.cpp", 1, [FREE], _range(13), None, resolve_support=False)
    assert action.command.command == GENERATE_COMMAND
    assert action.command.arguments == [
        {"uri": "file:///a.cpp", "version": 1, "line": 13, "name": "add"}
    ]


def test_generate_args_round_trip_and_errors() -> None:
    """Arguments round-trip; the selector goes by line on the same version, else by name."""
    args = GenerateArgs.from_json({"uri": "file:///a.c", "version": 2, "line": 9, "name": "f"})
    assert GenerateArgs.from_json([args.to_json()]) == args
    assert args.selector(same_version=True) == TargetSelector(line=10)
    assert args.selector(same_version=False) == TargetSelector(name="f")
    assert GenerateArgs.from_json({"uri": "u", "all": True}).selector(False) == TargetSelector(
        all=True
    )
    for bad, message in [
        ({}, "'uri' is required"),
        ({"uri": 3, "line": 1}, "'uri' must be str, got 3"),
        ({"uri": "u"}, "one of 'line', 'name' or 'all' is required"),
        ({"uri": "u", "line": "x"}, "'line' must be int, got 'x'"),
        ({"uri": "u", "line": -1}, "'line' must be >= 0, got -1"),
        ("u", "expected an object with 'uri', got 'u'"),
    ]:
        with pytest.raises(InvalidArgs) as err:
            GenerateArgs.from_json(bad)
        assert str(err.value) == message
    assert RunTestsArgs.from_json([{"uri": "file:///x.c"}]).uri == "file:///x.c"


OLD = "int a;\nint f(int x) {\n  return x;\n}\n"
INSERT = TextEdit(1, 0, 1, 0, "/**\n>>> f(1)\n1\n*/\n")


def test_relocate_shifts_when_lines_were_added_above() -> None:
    """Two lines typed above the function move the insertion by two lines."""
    new = "// a new comment\n// and another\n" + OLD
    (moved,) = relocate_edits(OLD, new, [(INSERT, 3)])
    assert (moved.start_line, moved.end_line, moved.new_text) == (3, 3, INSERT.new_text)


def test_relocate_refuses_when_the_function_changed_or_is_ambiguous() -> None:
    """A changed or duplicated function is refused; unchanged text keeps the edit."""
    assert relocate_edits(OLD, OLD.replace("return x", "return -x"), [(INSERT, 3)]) is None
    twice = OLD + "\n" + OLD[len("int a;\n") :]
    assert relocate_edits(OLD, twice, [(INSERT, 3)]) is None
    assert relocate_edits(OLD, OLD, [(INSERT, 3)]) == [INSERT]
