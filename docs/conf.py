"""Sphinx configuration of the API reference (``make docs`` builds it into ``build/docs``).

The module pages are generated at every build by ``sphinx.ext.apidoc`` from the package tree,
so a module that moves or appears is documented without editing this file. The web application
and the command line get a page each (``web.md``, ``cli.md``) instead of autodoc.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

_PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

project = "chessarbiter"
author = "the chessarbiter developers"
copyright = "2026, the chessarbiter developers (Apache License 2.0)"
release = version = _PROJECT["version"]

extensions = [
    "myst_parser",  # the Markdown pages (sources.md, cli.md, web.md)
    "sphinx.ext.autodoc",
    "sphinx.ext.apidoc",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", ".gitignore"]

# One page per module, found in the tree at build time (web/ and cli/ have their own pages).
apidoc_modules = [
    {
        "path": str(SRC / "chessarbiter"),
        "destination": "api",
        "exclude_patterns": [str(SRC / "chessarbiter" / "web"), str(SRC / "chessarbiter" / "cli")],
        "separate_modules": True,
        "module_first": True,
        "max_depth": 2,
    }
]

# A package's page documents what the package itself defines; the names it re-exports are
# documented once, on their module's page (one target per name for cross-references).
autodoc_default_options = {"ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True

myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

html_theme = "alabaster"
html_title = f"chessarbiter {release}"
html_theme_options = {
    "description": _PROJECT["description"],
    "fixed_sidebar": True,
    "page_width": "1200px",
    "sidebar_width": "260px",
}
