"""Who may vote: a candidate punctuated like prose (:func:`reads_as_prose`), and with the
page's link texts, no list of links (:func:`is_link_list`)."""

from __future__ import annotations

from newscrawl.extraction import fallback
from newscrawl.extraction.document import Document
from newscrawl.extraction.extractors.auto_options import DEFAULT_OPTIONS, AutoOptions

# Sentence punctuation, Latin and CJK, and the line break (a list's items are lines): prose
# and lists have one every few dozen characters, a keyword block has none.
SENTENCE_MARKS = "\n.,。，、;:!?；：！？"


def reads_as_prose(
    text: str, options: AutoOptions = DEFAULT_OPTIONS, links: frozenset[str] | None = None
) -> bool:
    """Whether ``text`` is punctuated like prose; a text shorter than
    ``options.prose_min_chars`` always is (a short list may have no punctuation at all).
    With the page's ``links`` (:meth:`Document.link_texts`), a list of links is not."""
    if links is not None and is_link_list(text, links, options):
        return False
    if options.max_chars_per_mark is None:
        return True
    chars = fallback.visible_length(text)
    if chars < options.prose_min_chars:
        return True
    # Most prose passes on its line breaks and commonest marks alone: stop counting there.
    needed = chars / options.max_chars_per_mark
    marks = 0
    for mark in SENTENCE_MARKS:
        marks += text.count(mark)
        if marks >= needed:
            return True
    return False


# Marks that open a list item's line before its link: "·支付宝十年账单", "• Headline".
LIST_MARKS = "·•・-*>»› "
# A list's links are headlines and labels; a longer line is prose (and not looked up).
MAX_LIST_LINK = 200


def is_link_list(text: str, links: frozenset[str], options: AutoOptions = DEFAULT_OPTIONS) -> bool:
    """Whether more than ``options.max_link_share`` of ``text`` stands on lines that are
    each the text of one of the page's ``links``: a list of links, not an article."""
    if options.max_link_share is None or not links:
        return False
    chars = fallback.visible_length(text)
    if chars < options.link_list_min_chars:
        return False
    # Lines outside links may hold less than this; an article's first paragraph spends it.
    allowance = chars - options.max_link_share * chars
    for line in text.split("\n"):
        if len(line) > MAX_LIST_LINK or not _is_link_line(line, links):
            allowance -= fallback.visible_length(line)
        if allowance <= 0:
            return False
    return True


def _is_link_line(line: str, links: frozenset[str]) -> bool:
    """Whether ``line`` is a link's text, after a list mark (a blank line counts as one)."""
    bare = " ".join(line.split()).lstrip(LIST_MARKS)
    return not bare or bare in links


def page_links(doc: Document, options: AutoOptions = DEFAULT_OPTIONS) -> frozenset[str] | None:
    """The page's link texts when the link-list test is on (it needs them), else None."""
    return doc.link_texts() if options.max_link_share is not None else None


def voting_page_links(
    doc: Document, options: AutoOptions = DEFAULT_OPTIONS
) -> frozenset[str] | None:
    """The page's link texts when lists of links are also left out of the vote, else None."""
    return page_links(doc, options) if options.link_lists_vote else None
