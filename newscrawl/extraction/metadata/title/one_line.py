"""A chosen title as a record stores it: one line, references the page escaped twice
decoded."""

from __future__ import annotations

import html
import re

# A character reference left in text the parser already decoded: the page escaped it twice
# ("SQL &amp;#x26; AI", "Women&amp;#8217;s"). Only with its semicolon: "R&D", "Tips&para".
_RESIDUAL_REFERENCE = re.compile(
    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
)


def as_one_line(title: str) -> str:
    """A title as a record stores it: a heading's line breaks and indentation
    ("Top MBA Programs\n  Your Guide ...") collapsed to single spaces, and character
    references the page escaped twice decoded, as a browser shows the page's other titles."""
    if "&" in title:
        title = _RESIDUAL_REFERENCE.sub(_decoded, title)
    return " ".join(title.split())


def _decoded(reference: re.Match[str]) -> str:
    """The character a reference names; the reference itself when it names none a title can
    show (NUL, a surrogate, a control character: ``html.unescape`` gives U+FFFD or it)."""
    character = html.unescape(reference.group())
    shown = character.isprintable() or character.isspace()  # a space is collapsed after
    return character if shown and "\ufffd" not in character else reference.group()
