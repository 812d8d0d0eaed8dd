"""The package's layout (see the embedding page): modules sit in named tiers (base,
words, values, engine, records, bots, integrations, front-end kit, applications, the
package) and import only the tiers theirs builds on, and the modules before them in
their own tier; and no module uses another module's underscore names.

A module's ``_name`` is for that module alone; a private module (``_bits``, ``_position``,
...) exposes plain names to the rest of the package. These tests read the source, so
that a change which breaks either rule fails here, whatever it does at run time.
"""

from __future__ import annotations

import ast
import functools
import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "conquian"

# The tiers of the package, bottom first, each with its modules in order: a module may
# import the modules before it in its own tier and any module of the tiers its tier
# builds on (ALLOWED), nothing else. ``integrations`` stands for the subpackage
# conquian.integrations and all its modules.
TIERS: dict[str, tuple[str, ...]] = {
    "base": ("_version", "_slots", "_readonly", "errors", "_rng"),
    "words": ("_phrases", "_refusals", "languages"),
    "values": ("cards", "_refused", "_bits", "_plans", "rules", "melds", "moves", "builder"),
    "engine": (
        "phases",
        "_position",
        "legality",
        "transitions",
        "_views_writing",
        "_views_comparing",
        "_views_history",
        "_views_reading",
        "views",
        "observation",
        "dealing",
        "state",
        "actions",
    ),
    "records": ("game", "notation", "scoring", "match_record", "match"),
    "bots": ("_agents", "heuristic", "_playouts", "search", "ismcts", "agents"),
    "integrations": ("integrations",),
    "front-end kit": (
        "narration",
        "_picture_words",
        "_svg_cards",
        "_svg_checks",
        "_svg_text",
        "svg",
        "_terminal",
    ),
    "applications": ("simulate", "arena", "play", "_demo", "cli", "__main__"),
    "package": ("__init__",),
}
ALLOWED: dict[str, frozenset[str]] = {
    "base": frozenset(),
    "words": frozenset({"base"}),
    "values": frozenset({"base", "words"}),
    "engine": frozenset({"base", "words", "values"}),
    "records": frozenset({"base", "words", "values", "engine"}),
    "bots": frozenset({"base", "values", "engine"}),
    "integrations": frozenset({"base", "values", "engine", "bots"}),
    "front-end kit": frozenset({"base", "words", "values", "engine", "records"}),
    "applications": frozenset(set(TIERS) - {"applications", "package"}),
    "package": frozenset({"base", "words", "values", "engine", "records"}),
}
# The one exception: Jupyter's display hook of a value (its ``_repr_svg_`` method) draws
# it with conquian.svg, imported when the hook is called. These modules may do so.
DISPLAY_HOOKS: frozenset[str] = frozenset({"cards", "melds", "observation", "state"})

TIER_OF = {module: tier for tier, modules in TIERS.items() for module in modules}
MODULES = sorted(path.stem for path in SOURCE.glob("*.py"))


def package_modules(source: Path) -> dict[str, list[str]]:
    """The texts of the modules of the package at ``source``, by name (the integrations'
    modules all under ``integrations``)."""
    found: dict[str, list[str]] = {}
    for path in sorted([*source.glob("*.py"), *source.glob("integrations/*.py")]):
        name = "integrations" if path.parent.name == "integrations" else path.stem
        found.setdefault(name, []).append(path.read_text(encoding="utf-8"))
    return found


@functools.cache
def run_imports(
    text: str, modules: frozenset[str]
) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    """(imported module, names, whether in a display hook) for each import of the package
    in a module's ``text`` that runs (not for annotations only). Kept by text: the copies
    of the package that the planted tests make differ from it in one file, and parsing
    every module again took most of their time (0.9 s a copy)."""
    parsed = ast.parse(text)
    hooks = {id(node) for hook in display_hooks(parsed) for node in ast.walk(hook)}
    annotations_only = typing_only(parsed)
    found = []
    for node in ast.walk(parsed):
        if not isinstance(node, ast.Import | ast.ImportFrom) or id(node) in annotations_only:
            continue  # not an import, or one for annotations only, never run
        for imported, names in conquian_imports(ast.Module(body=[node], type_ignores=[]), modules):
            found.append((imported, tuple(names), id(node) in hooks))
    return tuple(found)


def tier_violations(source: Path) -> list[str]:
    """Every import of the package at ``source`` that the tiers do not allow, as
    ``"importer imports imported (tier -> tier)"``; a module in no tier is one too."""
    modules = package_modules(source)
    names = frozenset(modules)
    problems = []
    for module, texts in modules.items():
        if module not in TIER_OF:
            problems.append(f"{module} is in no tier")
            continue
        tier = TIER_OF[module]
        for text in texts:
            for imported, imported_names, in_hook in run_imports(text, names):
                if imported == module or imported not in TIER_OF:
                    continue
                if (
                    in_hook
                    and module in DISPLAY_HOOKS
                    and (imported, imported_names)
                    == (
                        "svg",
                        ("svg",),
                    )
                ):
                    continue  # a display hook drawing its value
                other = TIER_OF[imported]
                if other == tier:
                    order = TIERS[tier]
                    if order.index(imported) < order.index(module):
                        continue
                elif other in ALLOWED[tier]:
                    continue
                problems.append(f"{module} imports {imported} ({tier} -> {other})")
    return problems


@functools.cache
def tree(module: str) -> ast.Module:
    """The parsed module, parsed once for the two tests of each module (none changes it)."""
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


def conquian_imports(
    module: ast.Module, modules: Iterable[str] = MODULES
) -> list[tuple[str, list[str]]]:
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
                    found.append((name if name in modules else "__init__", [name]))
            else:
                found.append((node.module.split(".")[1], names))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("conquian."):
                    found.append((alias.name.split(".")[1], []))
    return found


def display_hooks(module: ast.Module) -> list[ast.AST]:
    """The ``_repr_svg_`` methods: Jupyter's display hook of a value, which draws it with
    :mod:`conquian.svg`, the one layer a lower module may import (lazily, when asked)."""
    return [
        node
        for node in ast.walk(module)
        if isinstance(node, ast.FunctionDef) and node.name == "_repr_svg_"
    ]


def test_every_module_is_in_a_tier_and_imports_only_what_its_tier_allows() -> None:
    assert tier_violations(SOURCE) == []


def test_the_tiers_build_on_lower_tiers_only() -> None:
    order = list(TIERS)
    for tier, allowed in ALLOWED.items():
        assert all(order.index(lower) < order.index(tier) for lower in allowed), tier


PLANTED = [
    # (module, the import planted in it, the violation the test must report)
    (
        "svg",
        "from conquian.search import SearchAgent",
        "svg imports search (front-end kit -> bots)",
    ),
    (
        "agents",
        "from conquian import narration",
        "agents imports narration (bots -> front-end kit)",
    ),
    ("state", "from conquian.game import Game", "state imports game (engine -> records)"),
    ("languages", "import conquian.cards", "languages imports cards (words -> values)"),
    (
        "heuristic",
        "from conquian.languages import LANGUAGES",
        "heuristic imports languages (bots -> words)",
    ),
    (
        "legality",
        "from conquian.transitions import advance",
        "legality imports transitions (engine -> engine)",
    ),
    ("cards", "from conquian import svg", "cards imports svg (values -> front-end kit)"),
    (
        "integrations",
        "from conquian.simulate import play_game",
        "integrations imports simulate (integrations -> applications)",
    ),
    ("_new_module", "from conquian.cards import Card", "_new_module is in no tier"),
]


@pytest.mark.parametrize(("module", "line", "violation"), PLANTED, ids=[p[2] for p in PLANTED])
def test_a_planted_wrong_import_fails(
    module: str, line: str, violation: str, tmp_path: Path
) -> None:
    """A copy of the package with one wrong import planted (at module level, not in a
    display hook) has exactly that violation."""
    copy = tmp_path / "conquian"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    path = copy / "integrations" / "ray.py" if module == "integrations" else copy / f"{module}.py"
    if path.exists():
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    else:
        path.write_text(f"{line}\n", encoding="utf-8")
    assert tier_violations(copy) == [violation]


def test_a_display_hook_may_import_the_pictures_only_from_the_listed_modules(
    tmp_path: Path,
) -> None:
    """The lazy ``_repr_svg_`` import is allowed in the modules of DISPLAY_HOOKS; the
    same hook elsewhere (here in ``rules``) is a wrong import."""
    copy = tmp_path / "conquian"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    hook = (
        "\n\ndef _repr_svg_() -> str:\n    from conquian import svg\n\n    return svg.__name__\n"
    )
    for module in ("rules", "cards"):
        path = copy / f"{module}.py"
        path.write_text(path.read_text(encoding="utf-8") + hook, encoding="utf-8")
    assert tier_violations(copy) == ["rules imports svg (values -> front-end kit)"]


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
