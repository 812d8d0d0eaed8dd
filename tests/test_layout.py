"""The package's layout (see the embedding page): modules are layers that import only
the layers below them, and no module uses another module's underscore names.

A module's ``_name`` is for that module alone; a private module (``_bits``, ``_position``,
...) exposes plain names to the rest of the package. These tests read the source, so
that a change which breaks either rule fails here, whatever it does at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "conquian"

# Bottom first: each module may import only modules before it in this list.
LAYERS = (
    "_version",
    "_slots",
    "_readonly",
    "errors",
    "_phrases",
    "_refusals",
    "languages",
    "_rng",
    "cards",
    "_bits",
    "_plans",
    "rules",
    "melds",
    "moves",
    "builder",
    "phases",
    "_position",
    "legality",
    "transitions",
    "views",
    "observation",
    "dealing",
    "state",
    "actions",
    "narration",
    "game",
    "notation",
    "scoring",
    "match_record",
    "match",
    "agents",
    "heuristic",
    "search",
    "simulate",
    "_svg_cards",
    "svg",
    "_terminal",
    "arena",
    "play",
    "_demo",
    "cli",
    "__init__",
    "__main__",
)
MODULES = sorted(path.stem for path in SOURCE.glob("*.py"))


def tree(module: str) -> ast.Module:
    return ast.parse((SOURCE / f"{module}.py").read_text(encoding="utf-8"))


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_names(module: ast.Module) -> set[str]:
    """Every name the module itself defines: functions, classes, their attributes and
    slots, assigned names and attributes (``self._x = ...``), parameters."""
    names: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__ entries and attrs aliases
    return names


def typing_only(module: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``, imports for annotations only."""
    return {
        id(inner)
        for node in ast.walk(module)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }


def conquian_imports(module: ast.Module) -> list[tuple[str, list[str]]]:
    """(imported module, names) for each import of the package, lazy ones included."""
    found: list[tuple[str, list[str]]] = []
    annotations_only = typing_only(module)
    for node in ast.walk(module):
        if id(node) in annotations_only:
            continue  # an import for annotations only, never run

        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.split(".")[0] == ("conquian")
        ):
            names = [alias.name for alias in node.names]
            if node.module == "conquian":
                for name in names:  # "from conquian import _bits" imports a module
                    found.append((name if name in MODULES else "__init__", [name]))
            else:
                found.append((node.module.split(".")[1], names))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("conquian."):
                    found.append((alias.name.split(".")[1], []))
    return found


def test_every_module_is_in_a_layer() -> None:
    assert set(MODULES) <= set(LAYERS), set(MODULES) - set(LAYERS)


def display_hooks(module: ast.Module) -> list[ast.AST]:
    """The ``_repr_svg_`` methods: Jupyter's display hook of a value, which draws it with
    :mod:`conquian.svg`, the one layer a lower module may import (lazily, when asked)."""
    return [
        node
        for node in ast.walk(module)
        if isinstance(node, ast.FunctionDef) and node.name == "_repr_svg_"
    ]


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_only_the_layers_below_it(module: str) -> None:
    level = LAYERS.index(module)
    parsed = tree(module)
    hooks = {id(node) for hook in display_hooks(parsed) for node in ast.walk(hook)}
    annotations_only = typing_only(parsed)
    for node in ast.walk(parsed):
        if not isinstance(node, ast.Import | ast.ImportFrom) or id(node) in annotations_only:
            continue
        for imported, names in conquian_imports(ast.Module(body=[node], type_ignores=[])):
            if id(node) in hooks and (imported, names) == ("svg", ["svg"]):
                continue  # a display hook drawing its value
            if imported in MODULES:
                assert LAYERS.index(imported) < level, (
                    f"{module} imports {imported}, a layer above"
                )


def test_only_display_hooks_import_the_picture_layer_from_below() -> None:
    hook = ast.parse("class Card:\n    def _repr_svg_(self):\n        from conquian import svg\n")
    other = ast.parse("def draw():\n    from conquian import svg\n")
    assert len(display_hooks(hook)) == 1
    assert display_hooks(other) == []


@pytest.mark.parametrize("module", MODULES)
def test_no_module_imports_another_modules_private_names(module: str) -> None:
    for imported, names in conquian_imports(tree(module)):
        if imported in MODULES and imported != "__init__":
            private = [name for name in names if is_private(name) and name not in MODULES]
            assert not private, f"{module} imports {private} from {imported}"


@pytest.mark.parametrize("module", MODULES)
def test_no_module_reads_another_modules_private_attributes(module: str) -> None:
    parsed = tree(module)
    own = defined_names(parsed)
    foreign = sorted(
        {
            node.attr
            for node in ast.walk(parsed)
            if isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in own
        }
    )
    assert not foreign, f"{module} uses private names of other modules: {foreign}"


def test_the_scan_finds_a_private_name_from_another_module() -> None:
    bad = ast.parse("from conquian.state import _check\nrules._melds.can_partition(0)\n")
    assert conquian_imports(bad) == [("state", ["_check"])]
    assert "_melds" not in defined_names(bad)


TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.py")), ids=lambda path: path.name)
def test_no_test_module_imports_another(path: Path) -> None:
    """Shared test code lives in the helper modules (helpers, bruteforce, strategies)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith("test_"), f"{path.name} imports {node.module}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert not alias.name.startswith("test_"), f"{path.name} imports {alias.name}"


def test_the_integrations_sit_between_the_agents_and_the_simulation() -> None:
    """conquian.integrations.* build on the core up to the agents; simulate calls the Ray
    integration, so they import nothing from simulate or above."""
    modules = sorted((SOURCE / "integrations").glob("*.py"))
    assert modules
    for path in modules:
        parsed = ast.parse(path.read_text(encoding="utf-8"))
        for imported, _ in conquian_imports(parsed):
            if imported != "integrations":
                assert LAYERS.index(imported) < LAYERS.index("simulate"), (path.name, imported)
