"""Sphinx configuration for the conquian documentation."""

from __future__ import annotations

import os
from importlib import metadata

project = "conquian"
author = "the conquian developers"
copyright = "2026, the conquian developers"
release = metadata.version("conquian")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# -- autodoc / napoleon ------------------------------------------------------
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- nitpicky (-n) -----------------------------------------------------------
# References Sphinx cannot resolve. Keep this list minimal: add an entry only for a
# target that truly has no documentation (e.g. attrs internals), never to hide a typo.
nitpick_ignore: list[tuple[str, str]] = []

# -- intersphinx -------------------------------------------------------------
# Cross-links to the Python docs need docs.python.org, which the build machines (and
# CI) cannot reach; a failed inventory fetch is a warning, and -W makes it fatal.
# So the mapping is empty unless CONQUIAN_INTERSPHINX is set, e.g. for a public build:
#     CONQUIAN_INTERSPHINX=1 tox -e docs
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("CONQUIAN_INTERSPHINX"):
    intersphinx_mapping["python"] = ("https://docs.python.org/3", None)

# -- doctest -----------------------------------------------------------------
# Every ``>>>`` block is run: those on the pages and those autodoc pulls in from
# docstrings (pytest also runs the docstrings, in their own module's namespace). Blocks
# here share one namespace per page, with every public name of the package in it.
doctest_global_setup = "from conquian import *"

# -- MyST (Markdown: CHANGELOG.md) -------------------------------------------
myst_heading_anchors = 3

# -- HTML --------------------------------------------------------------------
html_theme = "furo"
html_title = f"conquian {release}"
