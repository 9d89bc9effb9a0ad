"""The layering rules of docs/architecture.md, read from the source with ``ast``.

1. Layers: runner <- models <- server <- training, no arrow up. Every import counts, function-level
   ones included.
2. No import circles between the modules of those four packages, counting every import: those
   at module level and the deferred ones (inside a function or under ``if TYPE_CHECKING:``), which
   cannot fail half-way through an import but still tie two modules to each other. A module that
   needs another's piece at call time gets it moved to where both can import it. The edge goes to
   the module named: ``from pkg import name`` is an edge to ``pkg.name`` when that is a module,
   else to ``pkg`` (its ``__init__``); the implicit import of a parent package is no edge.
3. No module takes another module's private names: neither ``from mod import _name`` nor
   ``mod._name`` on an imported module, anywhere in product code (the four packages and
   ``bench/``; tests may reach into the module they test). A private *module* (``bench/_table.py``)
   may be imported by the modules of its own package. Nor does a module use the private state of
   another module's objects (``ls._engine`` where ``state.py`` sets ``self._engine``): without
   types this is read by name (``foreign_private_attributes``). There is no allow-list: a name
   another module needs is public.
4. Packages: inside the layers, each package (``ROOMS``: a package or a few named modules) imports
   only the packages ``ALLOWED`` lists for it (every import counts, deferred ones included), so the
   data flow of one run reads top to bottom. docs/architecture.md draws the same table.
5. No module is longer than ``MAX_LINES``, but for the data tables in ``LONG_DATA``.
6. The analysis boundary: in ``server``, only ``server.analysis`` reads libclang. The other
   packages get typed facts and opaque handles (``CType``, ``Record``) and read them through
   ``server.analysis``'s functions: no ``import clang``, no libclang method or attribute
   (``LIBCLANG_NAMES``), nor the handle's libclang object (``.clang``).
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS = ["cdoctest_runner", "models", "server", "training"]
PRODUCT = [*LAYERS, "bench"]


def imports_of(source: str) -> set[str]:
    """The top-level packages ``source`` imports, anywhere in it."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def imported_packages(package: str) -> dict[str, set[str]]:
    """For each module of ``package``, the top-level packages it imports."""
    return {
        str(path.relative_to(ROOT)): imports_of(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / package).rglob("*.py"))
    }


@pytest.mark.parametrize("index", range(len(LAYERS)))
def test_no_layer_imports_a_layer_above_it(index: int) -> None:
    above = set(LAYERS[index + 1 :])
    wrong = {
        module: sorted(names & above)
        for module, names in imported_packages(LAYERS[index]).items()
        if names & above
    }
    assert wrong == {}


def test_the_reader_sees_every_kind_of_import() -> None:
    source = (
        "import os.path\nfrom models.api import Backend\nfrom . import sibling\n"
        "def f():\n    from training import grpo\n    import server.cli as c\n"
    )
    assert imports_of(source) == {"os", "models", "training", "server"}


# --------------------------------------------------------------------------- the module graph


@dataclass(frozen=True)
class Import:
    """One imported module: ``names`` taken from it (empty for ``import mod``), ``alias`` the
    name ``import mod as alias`` / ``from pkg import mod`` binds to the module itself.
    """

    importer: str
    target: str
    names: tuple[str, ...]
    alias: str | None
    line: int
    deferred: bool  # inside a function or an ``if TYPE_CHECKING:`` block


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    """``server/lsp/__init__.py`` -> ``server.lsp``; ``server/cli.py`` -> ``server.cli``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules(root: pathlib.Path = ROOT) -> dict[str, pathlib.Path]:
    """Every module of the product packages by dotted name."""
    return {
        module_name(path, root): path
        for package in PRODUCT
        for path in sorted((root / package).rglob("*.py"))
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement with whether it is deferred (module docstring, rule 2)."""

    def walk(node: ast.AST, deferred: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, deferred
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                yield from walk(child, True)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), True)
                for stmt in child.orelse:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), deferred)
            else:
                yield from walk(child, deferred)

    yield from walk(tree, False)


def imports_in(importer: str, is_package: bool, source: str, known: set[str]) -> list[Import]:
    """The imports of product modules (``known``) in ``source``, the text of module ``importer``
    (``is_package`` when it is a package's ``__init__``), relative imports resolved.
    """
    package = importer if is_package else importer.rpartition(".")[0]
    found: list[Import] = []
    for node, deferred in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    found.append(
                        Import(importer, alias.name, (), alias.asname, node.lineno, deferred)
                    )
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join([*parts, base] if base else parts)
        names: list[str] = []
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if sub in known:
                found.append(
                    Import(importer, sub, (), alias.asname or alias.name, node.lineno, deferred)
                )
            else:
                names.append(alias.name)
        if names and base in known:
            found.append(Import(importer, base, tuple(names), None, node.lineno, deferred))
    return found


def all_imports(root: pathlib.Path = ROOT) -> list[Import]:
    """The imports of product modules in every product module."""
    modules = product_modules(root)
    known = set(modules)
    return [
        imp
        for name, path in modules.items()
        for imp in imports_in(name, path.name == "__init__.py", path.read_text("utf-8"), known)
    ]


def circles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The import circles of a graph: its strongly connected components of two or more modules
    (a module importing itself is no circle), each sorted, in sorted order (Tarjan).
    """
    graph: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in graph[node]:
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(imports: list[Import]) -> list[str]:
    """``'importer:line: from target import _name'`` for each private name taken from another
    module, and for each private module imported from outside its package.
    """
    wrong = []
    for imp in imports:
        if imp.target == imp.importer:
            continue
        taken = [n for n in imp.names if _private(n)]
        if taken:
            wrong.append(f"{imp.importer}:{imp.line}: from {imp.target} import {', '.join(taken)}")
        parts = imp.target.split(".")
        for i, part in enumerate(parts):
            owner = ".".join(parts[:i])
            if _private(part) and not (imp.importer + ".").startswith(owner + "."):
                wrong.append(f"{imp.importer}:{imp.line}: imports the private module {imp.target}")
    return wrong


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``['a', 'b', 'c']``; None for anything but names and attributes."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else [*head, node.attr]
    return None


def private_attributes(importer: str, source: str, imports: list[Import]) -> list[str]:
    """``'importer:line: module._name'`` for each private attribute read from or written to an
    imported product module through the name the import binds (``import a.b`` binds ``a``,
    ``import a.b as m`` and ``from a import b`` bind the module).
    """
    bound: dict[str, str] = {}
    for imp in imports:
        if imp.alias:
            bound[imp.alias] = imp.target
        elif not imp.names:
            top = imp.target.split(".")[0]
            bound[top] = top
    modules = {imp.target for imp in imports} | {
        ".".join(imp.target.split(".")[: i + 1])
        for imp in imports
        for i in range(imp.target.count("."))
    }
    wrong = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or not _private(node.attr):
            continue
        chain = _dotted(node.value)
        if not chain or chain[0] not in bound:
            continue
        module = ".".join([bound[chain[0]], *chain[1:]])
        if module in modules and module != importer:
            wrong.append(f"{importer}:{node.lineno}: {module}.{node.attr}")
    return wrong


def own_private_attributes(source: str) -> set[str]:
    """The private attributes a module gives its own objects: ``self._x = ...`` / ``cls._x``,
    and the private methods and class attributes of its classes.
    """
    own: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            own.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                    own.add(stmt.name)
                elif isinstance(stmt, ast.Assign | ast.AnnAssign):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    own.update(t.id for t in targets if isinstance(t, ast.Name))
    return {name for name in own if _private(name)}


def foreign_private_attributes(
    importer: str, source: str, others: dict[str, set[str]]
) -> list[str]:
    """``'importer:line: obj._x (module)'`` for each private attribute used on an object other
    than ``self``/``cls`` that another module (``others``: module -> its own private attributes)
    gives its objects and ``importer`` does not: reaching into another module's objects. Without
    types this is a heuristic: a name two modules both use for their own objects is not caught.
    """
    own = own_private_attributes(source)
    wrong = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or not _private(node.attr) or node.attr in own:
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        owners = sorted(m for m, names in others.items() if node.attr in names and m != importer)
        if owners:
            where = f"{importer}:{node.lineno}: {ast.unparse(node)} ({', '.join(owners)})"
            wrong.append(where)
    return sorted(set(wrong))


def test_no_import_circles_between_product_modules() -> None:
    edges = {
        (imp.importer, imp.target) for imp in all_imports() if imp.importer.split(".")[0] in LAYERS
    }
    assert circles(edges) == []


# --------------------------------------------------------------------------- packages by role

#: The packages inside the layers, each a package or a list of modules (a module belongs to the
#: first room whose package or module it is, or is inside of). Read top to bottom: one run's data
#: flow through the generator.
ROOMS: dict[str, tuple[str, ...]] = {
    "runner front end": (
        "cdoctest_runner.cli",
        "cdoctest_runner.mutants_cli",
        "cdoctest_runner.legacy",
        "cdoctest_runner.__main__",
    ),
    "runner mutation": ("cdoctest_runner.mutation",),
    "runner coverage": ("cdoctest_runner.coverage",),
    "runner": ("cdoctest_runner",),
    "models": ("models",),
    "server.api": ("server.api",),
    "server.analysis": ("server.analysis",),
    "server.render": ("server.render", "server.ownership"),
    "server.judge": ("server.judge",),
    "server.search": ("server.search",),
    "server.candidates": ("server.candidates",),
    "server.generate": ("server.generate",),
    "server.project": ("server.project",),
    "server.cli": ("server.cli", "server.block_coverage"),
    "server.lsp": ("server.lsp",),
    "server": ("server",),
    "training": ("training",),
}
_RUNNER = {"runner", "runner mutation", "runner coverage"}
_SERVER_CORE = {"server.api", "server.analysis", "server.render", "server.judge"}
#: Which rooms each room may import (itself always). The same table is in docs/architecture.md.
ALLOWED: dict[str, set[str]] = {
    "runner": set(),
    "runner mutation": {"runner"},
    "runner coverage": {"runner"},
    "runner front end": _RUNNER,
    "models": {"runner"},
    "server": set(),
    "server.api": {"runner"},
    "server.analysis": {"runner", "runner mutation", "models", "server.api"},
    "server.render": {"runner", "server.api", "server.analysis"},
    "server.judge": _RUNNER | {"models", "server.api", "server.analysis", "server.render"},
    "server.search": _RUNNER | {"models", "server.api", "server.analysis", "server.judge"},
    "server.candidates": _RUNNER | {"models"} | _SERVER_CORE | {"server.search"},
    "server.generate": _RUNNER | {"models"} | _SERVER_CORE | {"server.search", "server.candidates"},
    "server.project": {"runner", "models", "server.api", "server.analysis", "server.render"}
    | {"server.generate"},
    "server.cli": _RUNNER
    | {"runner front end", "models", "server.api", "server.analysis", "server.render"}
    | {"server.generate", "server.project"},
    "server.lsp": _RUNNER | {"models"} | _SERVER_CORE | {"server.generate"},
    "training": _RUNNER
    | {"models", "server.api", "server.analysis", "server.render", "server.generate"},
}


def room_of(module: str) -> str | None:
    """The room ``module`` belongs to (``ROOMS``), None outside the layers."""
    for room, members in ROOMS.items():
        if any(module == m or module.startswith(m + ".") for m in members):
            return room
    return None


def room_violations(imports: list[Import]) -> list[str]:
    """``'importer:line: room -> room'`` for each import ``ALLOWED`` does not allow."""
    wrong = []
    for imp in imports:
        a, b = room_of(imp.importer), room_of(imp.target)
        if a is None or b is None or a == b or b in ALLOWED[a]:
            continue
        wrong.append(f"{imp.importer}:{imp.line}: {a} -> {b} ({imp.target})")
    return sorted(wrong)


def test_every_room_has_its_rule_and_every_module_a_room() -> None:
    assert set(ALLOWED) == set(ROOMS)
    layered = [m for m in product_modules() if m.split(".")[0] in LAYERS]
    assert [m for m in layered if room_of(m) is None] == []


def test_packages_import_only_the_packages_their_rule_allows() -> None:
    assert room_violations(all_imports()) == []


def test_the_room_reader_catches_an_import_upwards() -> None:
    up = Import("server.judge.verify", "server.generate.job", ("Job",), None, 3, True)
    down = Import("server.generate.job", "server.judge.verify", ("x",), None, 4, False)
    assert room_violations([up, down]) == [
        "server.judge.verify:3: server.judge -> server.generate (server.generate.job)"
    ]


# --------------------------------------------------------------------------- module length

MAX_LINES = 600
#: Modules that are data tables, not logic: their length is their content.
LONG_DATA = {
    # the GRPO generator's function templates, one small C/C++ template per entry
    "training/synth_templates.py",
}


def test_no_module_is_longer_than_the_limit() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in product_modules().values()
        if path.parts[len(ROOT.parts)] in LAYERS
        and (n := len(path.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert {k: v for k, v in long.items() if k not in LONG_DATA} == {}


def test_no_module_takes_another_modules_private_names() -> None:
    imports = all_imports()
    wrong = private_imports(imports)
    sources = {name: path.read_text("utf-8") for name, path in product_modules().items()}
    owned = {name: own_private_attributes(source) for name, source in sources.items()}
    for name, source in sources.items():
        own = [imp for imp in imports if imp.importer == name]
        wrong += private_attributes(name, source, own)
        wrong += foreign_private_attributes(name, source, owned)
    assert wrong == []


# --------------------------------------------------------------------------- the analysis boundary

#: What only libclang objects have: reading one of these is reading libclang. ``clang`` is the
#: libclang object inside the analysis's handles, ``tu`` and ``cursor`` a file's and a function's.
LIBCLANG_NAMES = frozenset(
    {
        "access_specifier",
        "argument_types",
        "clang",
        "cursor",
        "get_arguments",
        "get_array_element_type",
        "get_canonical",
        "get_children",
        "get_declaration",
        "get_definition",
        "get_includes",
        "get_num_template_arguments",
        "get_pointee",
        "get_result",
        "get_template_argument_type",
        "get_tokens",
        "is_const_method",
        "is_const_qualified",
        "is_function_variadic",
        "is_in_system_header",
        "is_static_method",
        "lexical_parent",
        "mangled_name",
        "result_type",
        "semantic_parent",
        "translation_unit",
        "tu",
        "walk_preorder",
    }
)


def libclang_reads(source: str) -> list[str]:
    """Where ``source`` imports the libclang bindings or reads a libclang-only name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in LIBCLANG_NAMES:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [(node.lineno, f"import {n}") for n in names if n.split(".")[0] == "clang"]
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_only_the_analysis_reads_libclang_in_the_generator() -> None:
    wrong = {
        name: reads
        for name, path in product_modules().items()
        if name.startswith("server.") and not name.startswith("server.analysis")
        if (reads := libclang_reads(path.read_text("utf-8")))
    }
    assert wrong == {}


def test_the_libclang_reader_catches_imports_calls_and_handles() -> None:
    source = (
        "import clang.cindex\n"
        "from clang.cindex import TypeKind\n"
        "import os.path\n"
        "def f(t, p):\n"
        "    a = t.get_canonical().kind\n"
        "    b = t.clang\n"
        "    return p.type, p.spelling, a, b\n"
    )
    assert libclang_reads(source) == [
        "1: import clang.cindex",
        "2: import clang.cindex",
        "5: .get_canonical",
        "6: .clang",
    ]


# --------------------------------------------------------------------------- the readers, on text


def _tree(tmp_path: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_the_graph_reader_resolves_modules_and_marks_deferred_imports(tmp_path) -> None:
    root = _tree(
        tmp_path,
        {
            "server/__init__.py": "",
            "server/fallback/__init__.py": "from .build import build\n",
            "server/fallback/build.py": (
                "from typing import TYPE_CHECKING\nfrom server import context\n"
                "if TYPE_CHECKING:\n    from server.job import Job\n"
                "def f():\n    from . import api\n"
            ),
            "server/fallback/api.py": "",
            "server/context.py": "import server.fallback as fb\n",
            "server/job.py": "",
        },
    )
    got = {
        (imp.importer, imp.target, imp.names, imp.alias, imp.deferred) for imp in all_imports(root)
    }
    assert got == {
        ("server.fallback", "server.fallback.build", ("build",), None, False),
        ("server.fallback.build", "server.context", (), "context", False),
        ("server.fallback.build", "server.job", ("Job",), None, True),
        ("server.fallback.build", "server.fallback.api", (), "api", True),
        ("server.context", "server.fallback", (), "fb", False),
    }
    edges = {(i.importer, i.target) for i in all_imports(root) if not i.deferred}
    assert circles(edges) == [["server.context", "server.fallback", "server.fallback.build"]]
    assert circles(edges | {("server.job", "server.job"), ("server.job", "server.context")}) == [
        ["server.context", "server.fallback", "server.fallback.build"]
    ]
    assert circles({("a", "b"), ("b", "a"), ("c", "d"), ("d", "c")}) == [["a", "b"], ["c", "d"]]


def test_the_private_name_readers_catch_names_attributes_and_modules(tmp_path) -> None:
    root = _tree(
        tmp_path,
        {
            "models/__init__.py": "",
            "models/lib.py": "_lock = 1\ndef _load(): ...\n",
            "models/backend.py": (
                "from models.lib import _load, cpu\nimport models.lib\n"
                "from models import lib as L\n"
                "def f(): return models.lib._lock, L._load(), L.cpu, _own()\ndef _own(): ...\n"
            ),
            "bench/__init__.py": "",
            "bench/_table.py": "",
            "bench/run.py": "from bench._table import table\n",
            "server/__init__.py": "",
            "server/cli.py": "from bench._table import table\n",
        },
    )
    imports = all_imports(root)
    assert private_imports(imports) == [
        "models.backend:1: from models.lib import _load",
        "server.cli:1: imports the private module bench._table",
    ]
    backend = [imp for imp in imports if imp.importer == "models.backend"]
    source = (root / "models/backend.py").read_text()
    assert private_attributes("models.backend", source, backend) == [
        "models.backend:4: models.lib._lock",
        "models.backend:4: models.lib._load",
    ]


def test_the_object_reader_catches_another_modules_private_state() -> None:
    state = (
        "class Server:\n    _limit = 3\n    def __init__(self):\n        self._engine = None\n"
        "    def _warm(self): ...\n"
    )
    assert own_private_attributes(state) == {"_limit", "_engine", "_warm"}
    feature = (
        "def release(ls, cached):\n    engine, ls._engine = ls._engine, None\n"
        "    ls._warm()\n    cached._ctx\n    os._exit(0)\n"
        "class Backend:\n    def __init__(self):\n        self._ctx = 1\n"
    )
    owned = {"lsp.state": own_private_attributes(state), "lsp.feature": {"_ctx"}}
    assert foreign_private_attributes("lsp.feature", feature, owned) == [
        "lsp.feature:2: ls._engine (lsp.state)",
        "lsp.feature:3: ls._warm (lsp.state)",
    ]
