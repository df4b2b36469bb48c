"""The text fields of an :class:`~newscrawl.extraction.types.Article` as they are stored:
what a site misread put back (:mod:`.mojibake`), the characters no reader sees and XML
refuses (C0 controls, U+FFFE, U+FFFF, lone surrogates; libxml2 keeps them in parsed text)
dropped, and a line that holds nothing a reader sees or can read dropped (a zero-width joiner
alone, left where an emoji's image was; a row of icon-font glyphs; replacement characters).
The content HTML is built by lxml, which never holds the refused characters, and gets the
repair alone."""

from __future__ import annotations

import re
from collections.abc import Iterable

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


def _kept_line(line: str) -> str | None:
    """``line`` without the characters XML refuses, or None when nothing of it is left that a
    reader sees or can read (a blank line stays a blank line)."""
    safe = xml_safe(line)
    return safe if _SEEN.search(safe) or not line.strip() else None


def readable_text(text: str) -> str:
    """``text`` without the characters XML refuses and without the lines nothing of which a
    reader sees or can read (the line breaks of the text are its paragraphs); ``text``
    itself when it holds none."""
    if _UNSEEN.search(text) is None:  # nearly every text: one search, no copy
        return text
    return "\n".join(kept for line in text.split("\n") if (kept := _kept_line(line)) is not None)


def stored_text(text: str) -> str:
    """``text`` as stored: what a site misread put back, then :func:`readable_text` (a line may
    be a misread zero-width joiner, unreadable only once put back)."""
    return readable_text(repair_mojibake(text))


def stored_content(text: str) -> tuple[str, str]:
    """The stored content (:func:`stored_text`) and the lines of ``text`` as the page writes
    them that it keeps: the content HTML is matched against the page's own markup, line for
    line, and must read as the stored content. The repair never joins or splits a line."""
    repaired = repair_mojibake(text)
    if _UNSEEN.search(repaired) is None:
        return repaired, text
    pairs = [
        (kept, xml_safe(line))
        for line, fixed in zip(text.split("\n"), repaired.split("\n"), strict=True)
        if (kept := _kept_line(fixed)) is not None
    ]
    return "\n".join(kept for kept, _ in pairs), "\n".join(line for _, line in pairs)


def stored_names(names: Iterable[str]) -> list[str]:
    """Names (authors, editors) as stored, those left empty dropped."""
    return [stored for name in names if (stored := stored_text(name))]


def stored_name(name: str | None) -> str | None:
    """One name (a source) as stored; None when nothing of it is left."""
    return (stored_text(name) or None) if name else None
