"""Rule summaries and reference cards generated from a rules file's syntax tree.

`build_reference` gathers what to say (in English, one method per node kind in
`codegen.english`); `render_markdown`, `render_html` and `render_pdf` lay it out
with the templates in `codegen/templates/`; `codegen.wording_lint` finds what in
that English reads like code. Nothing here runs the game. The names below are
imported when first used, so that `pirdsl check`, answering the wording lint
from the cache, does not load the generator.
"""

from __future__ import annotations

import importlib
from typing import Any

# Each public name and the module it lives in.
_HOMES = {
    "Reference": "codegen.reference",
    "build_reference": "codegen.reference",
    **{name: "codegen.render" for name in ("FORMATS", "KINDS", "PAPERS", "render_html", "render_markdown",
                                           "render_pdf", "weasyprint_available")},
}

__all__ = ["FORMATS", "KINDS", "PAPERS", "Reference", "build_reference", "render_html", "render_markdown",
           "render_pdf", "weasyprint_available"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'codegen' has no attribute '{name}'")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
