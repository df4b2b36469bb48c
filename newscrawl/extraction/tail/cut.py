"""Cut the dropped tail subtrees from a method's text (:func:`cut_tail`), by lines or, for
a whole region's text, by its markup, within the cut cap."""

from __future__ import annotations

from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import common_ancestor, paragraph_text
from newscrawl.extraction.tail.dropped import tail_of
from newscrawl.extraction.tail.names import TAIL_TAGS
from newscrawl.extraction.tail.options import DEFAULT_OPTIONS, TailOptions, is_on


def without_tail_lines(
    text: str, last: Element, dropped: Sequence[Element], container: Element | None = None
) -> str | None:
    """``text`` without the lines of ``dropped`` that follow the last long paragraph's line;
    None when that line is not in the text. Lines, not blocks: a block method keeps some of
    a subtree's lines and not others. With ``container`` (the prose container), a last
    paragraph the method left out (a "disclaimer" its class names as furniture) gives way to
    the container's last line that the text holds."""
    lines = text.split("\n")
    gone = {line for el in dropped for line in paragraph_text(el).split("\n")}
    anchor = paragraph_text(last).split("\n")[-1]
    try:
        index = lines.index(anchor)
    except ValueError:
        if container is None:
            return None
        own = set(paragraph_text(container).split("\n")) - gone - {""}
        index = max((i for i, line in enumerate(lines) if line in own), default=-1)
        if index < 0:
            return None
    return "\n".join(lines[: index + 1] + [line for line in lines[index + 1 :] if line not in gone])


def cut_tail(
    text: str,
    span: tuple[Element, Element] | None,
    options: TailOptions = DEFAULT_OPTIONS,
    page_headings: Sequence[Element] | None = None,
) -> str:
    """``text`` (written from the region that ``span``'s first and last element share)
    without the tail subtrees the options drop (``page_headings``: see :func:`tail_of`)."""
    if span is None or not text or not is_on(options):
        return text
    region = common_ancestor(span[0], span[1])
    if region is None:
        return text
    prose, dropped, uncapped = tail_of(region, options, page_headings)
    if prose is None or not dropped:
        return text
    if not options.tags_capped:
        uncapped = [*uncapped, *(el for el in dropped if el.tag in TAIL_TAGS)]
    whole_region = span[0] is span[1] and paragraph_text(region) == text

    def without(gone: Sequence[Element]) -> str:
        if whole_region:
            return paragraph_text(region, exclude=gone)
        return without_tail_lines(text, prose.last, gone, prose.container) or text

    cut = without(dropped)
    if options.max_cut_share is None:
        return cut
    counted = without([el for el in dropped if el not in uncapped]) if uncapped else cut
    if len(text) - len(counted) > options.max_cut_share * len(text):
        return text
    return cut
