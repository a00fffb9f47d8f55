"""Lay a `Reference` out as Markdown, HTML (with print CSS) or PDF (through WeasyPrint).

The templates in `codegen/templates/` decide the layout; `codegen.markup` turns the
inline markup of the English into HTML. PDF needs the optional `pdf` extra
(`pip install -e '.[pdf]'`); `weasyprint_available()` says whether it is there.
A reference card is one page: when it does not fit, the PDF renderer sets it
smaller, step by step, until it does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import jinja2

from codegen.english import capitalize, words
from codegen.markup import to_html
from codegen.reference import Reference

KINDS = ("summary", "card", "both")
FORMATS = ("md", "html", "pdf")
PAPERS = {"a4": "A4", "letter": "letter"}
TEMPLATES = Path(__file__).parent / "templates"

# The card's type size in points, tried from the first down until the card fits one page.
CARD_SIZES = (11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html.j2"]),
    )
    env.filters["cell"] = lambda text: str(text).replace("|", "\\|").replace("\n", " ")
    env.filters["words"] = words
    env.filters["capitalize"] = capitalize
    env.filters["local"] = lambda name: f"*{name}*"
    env.filters["html"] = to_html
    return env


def clean_markdown(text: str) -> str:
    """No runs of blank lines, no trailing spaces, one newline at the end."""
    lines = [line.rstrip() for line in text.splitlines()]
    result: list[str] = []
    for line in lines:
        if not line and (not result or not result[-1]):
            continue
        result.append(line)
    while result and not result[-1]:
        result.pop()
    return "\n".join(result) + "\n"


def render_markdown(reference: Reference, kind: str = "both") -> str:
    """The summary, the card, or both (the card after a rule), as Markdown."""
    env = environment()
    parts = []
    if kind in ("summary", "both"):
        parts.append(clean_markdown(env.get_template("summary.md.j2").render(ref=reference)))
    if kind in ("card", "both"):
        parts.append(clean_markdown(env.get_template("card.md.j2").render(ref=reference)))
    return "\n---\n\n".join(parts)


def render_html(reference: Reference, kind: str = "both", paper: str = "a4",
                card_size: Optional[float] = None) -> str:
    """A standalone HTML page with print CSS for the paper size."""
    env = environment()
    css = env.get_template("print.css.j2").render(
        paper=PAPERS[paper], card_size=card_size or CARD_SIZES[0], summary_size=10.0
    )
    return env.get_template("reference.html.j2").render(
        ref=reference, css=css, show_summary=kind in ("summary", "both"), show_card=kind in ("card", "both")
    )


def weasyprint_available() -> bool:
    try:
        import weasyprint  # noqa: F401
    except Exception:  # noqa: BLE001 - a missing system library raises OSError, not ImportError
        return False
    return True


def fitted_card(reference: Reference, paper: str):
    """The card rendered at the largest of CARD_SIZES that fits one page (the smallest if none does).

    A binary search: fewer sizes fit as they grow, and each try is a full layout.
    """
    from weasyprint import HTML

    def layout(size: float):
        return HTML(string=render_html(reference, "card", paper, size), base_url=str(TEMPLATES)).render()

    low, high = 0, len(CARD_SIZES) - 1  # CARD_SIZES runs from the largest down
    best = None
    while low <= high:
        middle = (low + high) // 2
        document = layout(CARD_SIZES[middle])
        if len(document.pages) <= 1:
            best, high = document, middle - 1
        else:
            low = middle + 1
    return best if best is not None else layout(CARD_SIZES[-1])


def render_pdf(reference: Reference, kind: str = "both", paper: str = "a4") -> tuple[bytes, int]:
    """The PDF and its page count. The card is set as large as fits on one page."""
    from weasyprint import HTML

    documents = []
    if kind in ("summary", "both"):
        documents.append(HTML(string=render_html(reference, "summary", paper), base_url=str(TEMPLATES)).render())
    if kind in ("card", "both"):
        documents.append(fitted_card(reference, paper))
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(), len(pages)
