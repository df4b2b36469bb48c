"""The text fields of an :class:`~newscrawl.extraction.types.Article` as they are stored:
what a site misread put back (:mod:`.mojibake`), and the characters no reader sees and XML
refuses (C0 controls, U+FFFE, U+FFFF, lone surrogates; libxml2 keeps them in parsed text)
dropped, with a line that held nothing else. The content HTML is built by lxml, which never
holds those characters, and gets the repair alone."""

from __future__ import annotations

from newscrawl.extraction.dom import xml_safe
from newscrawl.extraction.dom.parsing import XML_UNSAFE
from newscrawl.extraction.mojibake import repair_mojibake


def stored_text(text: str) -> str:
    """``text`` repaired and without the characters XML refuses; a line left blank by their
    removal goes (the line breaks of the text are its paragraphs)."""
    text = repair_mojibake(text)
    if XML_UNSAFE.search(text) is None:  # nearly every text: one search, no copy
        return text
    return "\n".join(
        safe for line in text.split("\n") if (safe := xml_safe(line)).strip() or not line.strip()
    )
