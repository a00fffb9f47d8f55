"""Rule summaries and reference cards generated from a rules file's syntax tree.

`build_reference` gathers what to say (in English, one method per node kind in
`codegen.english`); `render_markdown`, `render_html` and `render_pdf` lay it out
with the templates in `codegen/templates/`. Nothing here runs the game.
"""

from codegen.reference import Reference, build_reference
from codegen.render import FORMATS, KINDS, PAPERS, render_html, render_markdown, render_pdf, weasyprint_available

__all__ = ["FORMATS", "KINDS", "PAPERS", "Reference", "build_reference", "render_html", "render_markdown",
           "render_pdf", "weasyprint_available"]
