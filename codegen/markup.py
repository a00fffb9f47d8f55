"""The inline markup of the generated English, turned into HTML.

The English uses a small Markdown subset: `**bold**`, `*emphasis*`, `` `code` ``
and `\\*` / `\\\\` for literal signs. Markdown output keeps it as it is; HTML
output escapes everything else and turns these into tags.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

TOKEN = re.compile(r"\\([\\*])|\*\*(.+?)\*\*|\*(.+?)\*|`([^`]+)`", re.DOTALL)


def to_html(text: object) -> Markup:
    """Inline markup -> safe HTML."""
    source = str(text)
    out: list[str] = []
    position = 0
    for match in TOKEN.finditer(source):
        out.append(html.escape(source[position:match.start()], quote=False))
        literal, strong, emphasis, code = match.groups()
        if literal is not None:
            out.append(html.escape(literal))
        elif strong is not None:
            out.append(f"<strong>{to_html(strong)}</strong>")
        elif emphasis is not None:
            out.append(f"<em>{to_html(emphasis)}</em>")
        else:
            out.append(f"<code>{html.escape(code)}</code>")
        position = match.end()
    out.append(html.escape(source[position:], quote=False))
    return Markup("".join(out))
