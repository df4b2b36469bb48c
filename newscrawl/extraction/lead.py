"""Put back an article's lead paragraph that stands just before the chosen region.

News templates often set the lead (standfirst, "chapô", summary paragraph) apart from the
body: a ``<p class="…chapo">`` right before ``<div class="…body">``, both in the article
element. The methods choose the body, where the prose mass is, and the lead is lost although
it is the article's first paragraph. The long prose paragraphs (``<p>`` of
``long_paragraph`` characters, at most half in links) that come right before the region,
as its preceding siblings or those of an ancestor up to :data:`MAX_CLIMB` levels, with
nothing but empty elements between, are put before the region's text. The first element
that is not such a paragraph (a byline, a share bar, the headline) ends the search.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml.etree import _Element as Element

from newscrawl.extraction.dom import common_ancestor, text_content
from newscrawl.extraction.tail import article_paragraph_length

# Levels above the region whose preceding siblings may hold the lead: the body's wrapper
# and the article element around it.
MAX_CLIMB = 2


def lead_paragraphs(nodes: Sequence[Element], long_paragraph: int) -> list[str]:
    """The texts of the lead paragraphs right before the region ``nodes`` span, in document
    order; [] when there is none."""
    if not nodes:
        return []
    node: Element | None = common_ancestor(nodes[0], nodes[-1])
    found: list[str] = []
    for _ in range(MAX_CLIMB + 1):
        if node is None or node.getparent() is None:
            break
        for sibling in node.itersiblings(preceding=True):
            if not isinstance(sibling.tag, str) or not _has_text(sibling):
                continue
            if sibling.tag != "p" or not article_paragraph_length(sibling, long_paragraph):
                return found[::-1]
            found.append(" ".join(text_content(sibling).split()))
        node = node.getparent()
    return found[::-1]


def with_lead(text: str, nodes: Sequence[Element], long_paragraph: int) -> str:
    """``text`` (the region's) with the lead paragraphs before it that it does not hold."""
    lead = [line for line in lead_paragraphs(nodes, long_paragraph) if line not in text]
    return "\n".join([*lead, text]) if lead else text


def _has_text(el: Element) -> bool:
    """Whether ``el`` holds any visible text: read up to its first text that is not blank,
    so that a large block before the region (a menu, a sidebar) is not read whole."""
    return any(piece.strip() for piece in el.itertext())
