"""Editors: the people a page credits with editing the story ("责任编辑：甲", "编辑|乙", "责编：
丙、丁", "Edited by Jane Doe"), kept apart from its writers.

A writer is who wrote the story (:mod:`.authors`); an editor checked or placed it, and Chinese
portals credit one under nearly every story, often where no writer is named. The writers fall
back to the editors only when a page names no writer (the labelled Chinese pages credit the
editor then); the editors are always reported on their own.

The credits are read at the page's start and around the article's last line, to just past it:
an editor's credit opens or closes the story it belongs to, and further down the page the
credits belong to other stories.
"""

from __future__ import annotations

import re

from newscrawl.extraction.document import VISIBLE_SCAN, Document
from newscrawl.extraction.metadata.authors.cleaning import clean_names, site_names_of
from newscrawl.extraction.metadata.authors.cues import (
    BYLINE_LABELS,
    CLOSING_SEARCH_CHARS,
    CUE_SEARCH_CHARS,
    EDITOR_CUE,
    EN_FULL_NAME,
    content_end,
    cue_search,
    is_field_label,
)

# "Edited by Jane Doe", Reuters' "Reporting by X; Editing by Y and Z".
EDITED_BY = re.compile(
    rf"\b(?:Edited|Editing) by:?\s+(?P<name>{EN_FULL_NAME.pattern}"
    rf"(?:(?:,\s*|\s+and\s+|\s*&\s*){EN_FULL_NAME.pattern})*)"
)
# A credits row without separators, where the next label ends the name: "编辑 刘晓阳 校对 李铭".
EDITOR_IN_CREDITS = re.compile(
    rf"(?:责任编辑|责编|编辑)\s+(?P<name>[\u4e00-\u9fff·]{{2,4}})\s+(?={BYLINE_LABELS}|审校)"
)
# An English credit is an editor's only beside the story's other credits ("By Jane Doe |
# Edited by ...", "Reporting by X; Editing by Y", "Updated ... Edited by"): alone it is a
# book's editor in a listing or a headline's "Photo Editing by".
_CREDITS_NEARBY = re.compile(r"\b(?:By|Written by|Reporting by|Reviewed by|Updated|Published)\b")
CREDITS_REACH = 200
# Every editor cue holds one of these.
CREDIT_WORDS = ("编", "Edit")
# A name that runs into the next label with no space ("李跃群校对：刘威").
_NEXT_LABEL = re.compile(BYLINE_LABELS)
# More credits than this on one page are a list of stories, not one story's editors.
MAX_EDITORS = 4


def extract_editors(doc: Document, content: str | None = None) -> list[str]:
    """The editors the page credits for its story, in page order, or []. ``content``, the
    extracted article text, says where the story ends."""
    if not any(word in doc.body_text() for word in CREDIT_WORDS):
        return []  # most pages credit no editor: one substring test each, in C
    text = _credit_region(doc, content)
    site_names = site_names_of(doc)
    editors: list[str] = []
    for pattern in (EDITOR_CUE, EDITOR_IN_CREDITS, EDITED_BY):
        if cue_search(pattern, text) is None:
            continue
        for match in pattern.finditer(text):
            names = _before_next_label(match, text)
            label = _NEXT_LABEL.search(names, 2)  # a name of 2 or more ideographs runs on
            if label:
                names = names[: label.start()]
            elif is_field_label(match, text):
                continue
            if pattern is EDITED_BY and not _CREDITS_NEARBY.search(
                text, max(0, match.start() - CREDITS_REACH), match.start()
            ):
                continue
            english = pattern is EDITOR_CUE and EN_FULL_NAME.match(text, match.start("name"))
            if english:
                names = english.group()  # "责编：Demi Xia": the cue's Latin handle is one word
            for name in clean_names(names.strip(), site_names):
                name = _once(name)
                if name not in editors:
                    editors.append(name)
    return editors if len(editors) <= MAX_EDITORS else []


def _once(name: str) -> str:
    """A name a page prints twice in a row (a link's text, then its tooltip) as itself."""
    words = name.split()
    half = len(words) // 2
    return " ".join(words[:half]) if half and words[:half] == words[half:] else name


def _before_next_label(match: re.Match[str], text: str) -> str:
    """The cue's names without a last word that is the next field's label ("张迪 关键字 :
    公园")."""
    names = match.group("name")
    if " " in names and text[match.end("name") :].lstrip()[:1] in (":", "："):
        names = names.rsplit(" ", 1)[0]
    return names


def _credit_region(doc: Document, content: str | None) -> str:
    """Where a page credits its story's editors: the page's start and, where the content's
    last line is found in the page text, the text around that line up to a few visible
    characters past it (the start then ending where the line is), whitespace collapsed. Both
    are bounded, so long pages cost no more."""
    start = doc.visible_start(CUE_SEARCH_CHARS)
    text = doc.body_text()
    found = content_end(text, content) if content else None
    if found is None:
        return start
    end, stop = found
    # On a short page the start reaches past the story: cut it where the story ends.
    inside = start.find(" ".join(text[end:stop].split()))
    if inside >= 0:
        start = start[:inside]
    reach = VISIBLE_SCAN * CLOSING_SEARCH_CHARS
    before = " ".join(text[max(0, end - reach) : stop].split())[-CLOSING_SEARCH_CHARS:]
    after = " ".join(text[stop : stop + reach].split())[:CLOSING_SEARCH_CHARS]
    return f"{start} {before} {after}"
