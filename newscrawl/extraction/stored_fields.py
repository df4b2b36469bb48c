"""The text fields of an :class:`~newscrawl.extraction.types.Article` as they are stored:
what a site misread put back (:mod:`.mojibake`), the characters no reader sees and XML
refuses (C0 controls, U+FFFE, U+FFFF, lone surrogates; libxml2 keeps them in parsed text)
dropped, and a line that holds nothing a reader sees or can read dropped (a zero-width joiner
alone, left where an emoji's image was; a row of icon-font glyphs; replacement characters).
The content HTML is built by lxml, which never holds the refused characters, and gets the
repair alone."""

from __future__ import annotations

import re

from newscrawl.extraction.dom import xml_safe
from newscrawl.extraction.dom.parsing import XML_UNSAFE
from newscrawl.extraction.mojibake import repair_mojibake

# Characters that take no room on screen: the soft hyphen, the zero-width space, joiners and
# marks (U+200B-U+200F), the word joiner and invisible operators (U+2060-U+2064), the BOM.
INVISIBLE = "\u00ad\u200b-\u200f\u2060-\u2064\ufeff"
# Characters no reader can read on their own: an icon font's private-use glyphs (a line of
# them is a row of icons) and the replacement character of bytes that did not decode. Inside
# a line they stay (GBK pages map rare ideographs into the private-use area).
UNREADABLE = "\ue000-\uf8ff\ufffd"
_UNSEEN = re.compile(f"{XML_UNSAFE.pattern}|[{INVISIBLE}{UNREADABLE}]")
_SEEN = re.compile(rf"[^\s{INVISIBLE}{UNREADABLE}]")


def stored_text(text: str) -> str:
    """``text`` repaired, without the characters XML refuses, and without the lines nothing
    of which a reader sees (the line breaks of the text are its paragraphs)."""
    text = repair_mojibake(text)
    if _UNSEEN.search(text) is None:  # nearly every text: one search, no copy
        return text
    return "\n".join(
        safe
        for line in text.split("\n")
        if ((safe := xml_safe(line)) and _SEEN.search(safe)) or not line.strip()
    )
