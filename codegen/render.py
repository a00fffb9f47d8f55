"""Lay a `Reference` out as Markdown, HTML (with print CSS) or PDF (through WeasyPrint).

The templates in `codegen/templates/` decide the layout; `codegen.markup` turns the
inline markup of the English into HTML. PDF needs the optional `pdf` extra
(`pip install -e '.[pdf]'`); `weasyprint_available()` says whether it is there.
A reference card is one page and a summary at most four: when one does not fit,
the PDF renderer sets it smaller, step by step, until it does (never below 7.5 pt).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import jinja2

from codegen.english_words import capitalize, lower_first, words
from codegen.highlight import CODE_CSS, code_html
from codegen.markup import to_html
from codegen.reference import Reference

KINDS = ("summary", "card", "both")
FORMATS = ("md", "html", "pdf")
PAPERS = {"a4": "A4", "letter": "letter"}
TEMPLATES = Path(__file__).parent / "templates"

# The card's type sizes in points, largest first, in quarter points. 7.5 pt is the smallest that
# prints legibly on a home printer, so the card is never set smaller, even when it spills over.
CARD_SIZES = tuple(size / 4 for size in range(40, 29, -1))
# The summary's type size in points: two columns of it fill a page like a published player aid.
SUMMARY_SIZE = 8.5
# A summary longer than SUMMARY_PAGES pages is set smaller, a quarter point at a time, down to the
# card's floor (it stays as long as it is at the smallest size).
SUMMARY_SIZES = tuple(size / 4 for size in range(int(SUMMARY_SIZE * 4), 29, -1))
# Six pages: the longest shipped game's complete summary (every rule and number play uses, and
# the answers a new player asks for, issue 25) fills six at a legible size; shorter games take fewer.
SUMMARY_PAGES = 6
# The card's page margin, in millimetres (the print CSS uses it too).
CARD_MARGIN_MM = 7
PX_PER_MM = 96 / 25.4


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
    env.filters["lower_first"] = lower_first
    env.filters["local"] = lambda name: f"*{name}*"
    env.filters["html"] = to_html
    env.filters["pir"] = code_html  # rules text, coloured (codegen/highlight.py)
    env.globals["code_css"] = CODE_CSS
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
    """The summary, the card, or both (the card after a rule), as Markdown; or a variant's changes alone."""
    env = environment()
    parts = []
    if kind == "changes":
        parts.append(clean_markdown(env.get_template("changes.md.j2").render(ref=reference)))
    if kind in ("summary", "both"):
        parts.append(clean_markdown(env.get_template("summary.md.j2").render(ref=reference)))
    if kind in ("card", "both"):
        parts.append(clean_markdown(env.get_template("card.md.j2").render(ref=reference)))
    return "\n---\n\n".join(parts)


def render_html(reference: Reference, kind: str = "both", paper: str = "a4",
                card_size: Optional[float] = None, summary_size: Optional[float] = None) -> str:
    """A standalone HTML page with print CSS for the paper size."""
    env = environment()
    css = env.get_template("print.css.j2").render(
        paper=PAPERS[paper], card_size=card_size or CARD_SIZES[0], summary_size=summary_size or SUMMARY_SIZE,
        card_margin=CARD_MARGIN_MM
    )
    return env.get_template("reference.html.j2").render(
        ref=reference, css=css, show_summary=kind in ("summary", "both"), show_card=kind in ("card", "both"),
        show_changes=kind == "changes",
    )


def weasyprint_available() -> bool:
    try:
        import weasyprint  # noqa: F401
    except Exception:  # noqa: BLE001 - a missing system library raises OSError, not ImportError
        return False
    return True


def fitted_card(reference: Reference, paper: str):
    """The card rendered at the largest of CARD_SIZES that fits one page (the smallest if none does).

    Each try is a full layout, so the size is worked out rather than searched for.
    The text takes room as the square of the type size, so the length of the card's
    text gives a first size (`first_size`). A layout then measures how many pages'
    worth the card holds (an anchor marks where it ends): when it spills over, that
    gives the next size down, and when it fits with room to spare, one size up is
    tried. One or two layouts are usually enough.
    """
    from weasyprint import HTML

    def layout(size: float):
        return HTML(string=render_html(reference, "card", paper, size), base_url=str(TEMPLATES)).render()

    size = first_size(render_html(reference, "card", paper))
    document = layout(size)
    fill = pages_filled(document)
    tried = {size: document}
    if len(document.pages) <= 1:
        # It fits: one try at the largest size that should fit too, if that is larger.
        wanted = size * (0.97 / fill) ** 0.5
        larger = [candidate for candidate in CARD_SIZES if size < candidate <= wanted]
        if larger:
            attempt = layout(larger[0])
            if len(attempt.pages) <= 1:
                return attempt
        return document
    # It spills over: down, by what the measure says, until it fits.
    while len(document.pages) > 1 and size > CARD_SIZES[-1]:
        wanted = size / fill ** 0.5 * 0.99
        smaller = [candidate for candidate in CARD_SIZES if candidate < size and candidate not in tried]
        if not smaller:
            break
        size = next((candidate for candidate in smaller if candidate <= wanted), smaller[-1])
        document = tried[size] = layout(size)
        fill = pages_filled(document)
    return document


# How much card text fits on a page at 1 pt, in characters times points squared: measured on the
# games' cards, on the low side, so that the first size tried is more often small enough than not.
CHARACTERS_PER_PAGE_AT_1_PT = 300_000


def first_size(page: str) -> float:
    """The size that a card's text should fill one page at, from its length (one of CARD_SIZES)."""
    text = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<[^>]+>", " ", page, flags=re.DOTALL)
    length = max(1, len(re.sub(r"\s+", " ", text)))
    wanted = (CHARACTERS_PER_PAGE_AT_1_PT / length) ** 0.5
    return next((size for size in CARD_SIZES if size <= wanted), CARD_SIZES[-1])


def pages_filled(document) -> float:
    """How many pages' worth of a card's text a layout holds: full pages, and the part of the last one."""
    last = document.pages[-1]
    top = CARD_MARGIN_MM * PX_PER_MM
    bottom = last.height - CARD_MARGIN_MM * PX_PER_MM
    x, end = last.anchors.get("card-end", (last.width, bottom))[:2]
    # The card fills its left column, then its right one (see the print CSS).
    column = 0.0 if x < last.width / 2 else 0.5
    return len(document.pages) - 1 + max(0.05, min(1.0, column + 0.5 * (end - top) / (bottom - top)))


def fitted_summary(reference: Reference, paper: str):
    """The summary at SUMMARY_SIZE, or, when that takes more than SUMMARY_PAGES pages, at the
    largest of SUMMARY_SIZES that fits (the smallest if none does).

    The text takes room as the square of the type size, so the page count of one layout
    gives the size to try next; a size that still spills over steps down again.
    """
    from weasyprint import HTML

    def layout(size: float):
        return HTML(string=render_html(reference, "summary", paper, summary_size=size),
                    base_url=str(TEMPLATES)).render()

    size = SUMMARY_SIZES[0]
    document = layout(size)
    while len(document.pages) > SUMMARY_PAGES and size > SUMMARY_SIZES[-1]:
        wanted = size * (SUMMARY_PAGES / len(document.pages)) ** 0.5
        smaller = [candidate for candidate in SUMMARY_SIZES if candidate < size]
        size = next((candidate for candidate in smaller if candidate <= wanted), smaller[-1])
        document = layout(size)
    return without_short_last_page(document, size, layout)


# A last page filled less than this is near-empty: the summary is set a little smaller to do without it,
# by at most SHORT_PAGE_STEP points (and never below the floor of SUMMARY_SIZES).
SHORT_PAGE = 0.3
SHORT_PAGE_STEP = 0.75


def without_short_last_page(document, size: float, layout):
    """The summary one page shorter when its last page holds only a few lines and a slightly smaller
    size takes them back; else the document as it is."""
    if len(document.pages) < 2 or last_page_filled(document) >= SHORT_PAGE:
        return document
    for smaller in (candidate for candidate in SUMMARY_SIZES if size - SHORT_PAGE_STEP <= candidate < size):
        attempt = layout(smaller)
        if len(attempt.pages) < len(document.pages):
            return attempt
    return document


def last_page_filled(document) -> float:
    """How much of the summary's last page its text takes, from the top margin to where it ends (0 to 1)."""
    last = document.pages[-1]
    anchor = last.anchors.get("summary-end")
    if anchor is None:
        return 1.0
    margin = 9 * PX_PER_MM  # the summary's page margin (see the print CSS)
    return max(0.0, min(1.0, (anchor[1] - margin) / (last.height - 2 * margin)))


def render_pdf(reference: Reference, kind: str = "both", paper: str = "a4") -> tuple[bytes, int]:
    """The PDF and its page count. The card is set as large as fits on one page."""
    from weasyprint import HTML

    documents = []
    if kind == "changes":
        documents.append(HTML(string=render_html(reference, "changes", paper), base_url=str(TEMPLATES)).render())
    if kind in ("summary", "both"):
        documents.append(fitted_summary(reference, paper))
    if kind in ("card", "both"):
        documents.append(fitted_card(reference, paper))
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(), len(pages)
