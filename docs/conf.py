"""Sphinx configuration for the conquian documentation."""

from __future__ import annotations

import doctest
import enum
import os
import re
import sys
from importlib import metadata
from pathlib import Path

import attrs
from docutils import nodes
from sphinx.application import Sphinx

project = "conquian"
author = "the conquian developers"
copyright = "2026, the conquian developers"
release = metadata.version("conquian")
version = ".".join(release.split(".")[:2])

# docs/_ext holds this site's own extension: pictures drawn by conquian.svg at build time.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "conquian_pictures",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# -- autodoc / napoleon ------------------------------------------------------
autodoc_typehints = "description"
# Defaults as written in the source (``rules=CLASSIC``), not the whole rule set's repr.
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- nitpicky (-n) -----------------------------------------------------------
# References Sphinx cannot resolve. Keep this list minimal: add an entry only for a
# target that truly has no documentation (e.g. attrs internals), never to hide a typo.
# The standard-library names below appear in base classes, type hints and docstrings; they
# would resolve through intersphinx, which is off by default (see below).
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "argparse.Namespace"),
    ("py:class", "argparse.ArgumentParser"),
    ("py:exc", "argparse.ArgumentTypeError"),
    ("py:class", "enum.Enum"),
    ("py:class", "enum.IntEnum"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Generator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "types.ModuleType"),
    ("py:mod", "json"),
    ("py:func", "json.dumps"),
    ("py:func", "json.loads"),
    # State's private history field is typed with this private, recursive alias (a linked
    # list of Played entries); the public reading is State.history.
    ("py:class", "_Log"),
    # State's private position field holds the engine's private meld table (see
    # conquian._position); the public readings are State's properties.
    ("py:class", "conquian._bits.MeldTable"),
    # The legality checks read the engine's private position tuple (conquian._position);
    # programs ask a State instead (is_legal, explain_illegal, legal_moves).
    ("py:class", "Position"),
]

# The integrations' frameworks are optional extras, not installed where the docs are
# built: autodoc imports conquian.integrations.* against stand-ins, and their names in
# signatures and base classes have no documentation to link to.
autodoc_mock_imports = ["pettingzoo", "gymnasium", "numpy", "pyspiel", "open_spiel", "ray"]
nitpick_ignore_regex = [(r"py:.*", r"(pettingzoo|gymnasium|numpy|np|pyspiel|ray|spaces)\b.*")]

# -- intersphinx -------------------------------------------------------------
# Cross-links to the Python docs need docs.python.org, which the build machines (and
# CI) cannot reach; a failed inventory fetch is a warning, and -W makes it fatal.
# So the mapping is empty unless CONQUIAN_INTERSPHINX is set, e.g. for a public build:
#     CONQUIAN_INTERSPHINX=1 tox -e docs
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("CONQUIAN_INTERSPHINX"):
    intersphinx_mapping["python"] = ("https://docs.python.org/3", None)

# State's constructor takes its internal fields (``_deck``, ``_hands``, ...): states are
# built with State.new() or State.from_deck(), so the reference shows no signature, and
# lists no parameters; the same for a TakeBuilder (State.take_builder(), TakeBuilder.start())
# and an ActionBuilder (ActionBuilder.start()).
_NO_SIGNATURE = frozenset(
    {"conquian.state.State", "conquian.builder.TakeBuilder", "conquian.actions.ActionBuilder"}
)


# Defaults are shown as written in the source (autodoc_preserve_defaults), with two
# exceptions that would read as noise: attrs writes its classes' __init__ with defaults
# such as ``attr_dict['players'].default``, shown here as the field's value; and a private
# constant (``_DEFAULT_NAMES``) is shown as its value, which a reader can use.
_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")
_PRIVATE_DEFAULT = re.compile(r"(?<==)(_[A-Z][A-Z0-9_]*)\b")


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _readable_defaults(obj: object, signature: str) -> str:
    if attrs.has(obj):  # type: ignore[arg-type]
        fields = attrs.fields_dict(obj)  # type: ignore[arg-type]
        signature = _ATTRS_DEFAULT.sub(
            lambda match: _value_text(fields[match.group(1)].default), signature
        )
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    if module is not None:
        signature = _PRIVATE_DEFAULT.sub(
            lambda match: _value_text(getattr(module, match.group(1), match.group(1))),
            signature,
        )
    return signature


def _hide_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    if name in _NO_SIGNATURE:
        # The parameter types autodoc recorded for the description (typehints) go too.
        app.env.temp_data.get("annotations", {}).pop(name, None)
        return "", return_annotation
    if signature:
        return _readable_defaults(obj, signature), return_annotation
    return None


def _show_integration_examples(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """The examples of conquian.integrations.* need their frameworks, which the docs build
    does not install (they are stand-ins here): show them as code, not as doctests.
    ``tox -e integrations`` runs them, with the frameworks."""
    if not name.startswith("conquian.integrations."):
        return
    shown: list[str] = []
    in_example = False
    for line in lines:
        if line.lstrip().startswith(">>>") and not in_example:
            shown += [".. code-block:: pycon", ""]
            in_example = True
        elif not line.strip():
            in_example = False
        shown.append("   " + line if in_example else line)
    lines[:] = shown


def _drop_object_base(
    app: Sphinx, name: str, obj: object, options: object, bases: list[type]
) -> None:
    """Every class derives from ``object``: "Bases: object" under each says nothing, so
    only a class's real bases are shown (``Enum``, ``ValueError``, ...)."""
    bases[:] = [base for base in bases if base is not object]


def _drop_empty_bases(app: Sphinx, doctree: nodes.document) -> None:
    """Sphinx 9 writes "Bases:" even when no base is left: the empty line goes."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext().strip() == "Bases:" and paragraph.parent is not None:
            paragraph.parent.remove(paragraph)


def setup(app: Sphinx) -> None:
    # After autodoc's own handler (priority 500) has recorded the parameter types.
    app.connect("autodoc-process-signature", _hide_signature, priority=600)
    app.connect("autodoc-process-bases", _drop_object_base)
    app.connect("doctree-read", _drop_empty_bases)
    app.connect("autodoc-process-docstring", _show_integration_examples)


# -- doctest -----------------------------------------------------------------
# Every ``>>>`` block is run: those on the pages and those autodoc pulls in from
# docstrings (pytest also runs the docstrings, in their own module's namespace). Blocks
# here share one namespace per page, with every public name of the package in it.
doctest_global_setup = "from conquian import *"
# Sphinx's default flags include IGNORE_EXCEPTION_DETAIL, which would let an error
# message in the docs drift from the real one; the messages are part of the API.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# -- MyST (Markdown: CHANGELOG.md) -------------------------------------------
myst_heading_anchors = 3

# -- HTML --------------------------------------------------------------------
html_theme = "furo"
html_title = f"conquian {release}"
html_static_path = ["_static"]
html_css_files = ["conquian.css"]

# -- copy button -------------------------------------------------------------
# The button copies the code without its prompts: ">>> " and "... " of the Python
# examples, "$ " of the shell ones; output lines are left out.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
