"""Links of an HTML page with their anchor text, and the page's shape (list or article).

Pages are parsed with the extraction library's parser (:func:`newscrawl.extraction.dom.
parse_html`), so a list page reads as an article page does: links after a premature
``</html>`` stay in ``<body>``, NUL bytes and an XML declaration do not lose the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.etree import _Element as Element

from newscrawl.crawl.urls import join_url
from newscrawl.extraction.dom import text_content
from newscrawl.extraction.text import text_weight

_SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "iframe", "svg", "head"})
# Elements whose own text forms one block (a paragraph) for the list-page check.
_BLOCK_TAGS = frozenset(
    {
        "p",
        "div",
        "td",
        "li",
        "dd",
        "article",
        "section",
        "blockquote",
        "pre",
        "main",
        "body",
        "center",
        "font",
        "span",
    }
)
_SCHEMES_SKIPPED = ("javascript:", "mailto:", "tel:", "data:", "#")


@dataclass(frozen=True, slots=True)
class Link:
    """An absolute link and its anchor text: link text, else ``title``, else an image ``alt``."""

    url: str
    text: str
    source: str = "text"  # "text", "title" or "alt": where ``text`` came from


@dataclass(frozen=True, slots=True)
class PageShape:
    headline_links: int  # links whose text is long enough to be a headline
    longest_own_block: int  # weighted length of the longest text block outside links


def anchor_text(link: Element) -> tuple[str, str]:
    """(text, source) of a link: its text, else its ``title``, else an image's ``alt``."""
    text = " ".join(text_content(link).split())
    if text:
        return text, "text"
    title = " ".join((link.get("title") or "").split())
    if title:
        return title, "title"
    for image in link.iter("img"):
        alt = " ".join((image.get("alt") or "").split())
        if alt:
            return alt, "alt"
    return "", "text"


def extract_links(tree: Element, base_url: str) -> list[Link]:
    """Every ``<a href>``/``<area href>`` as an absolute URL, in document order.

    ``<base href>`` is honoured; fragments and non-HTTP schemes are left out.
    """
    base = tree.find(".//base[@href]")
    if base is not None:
        base_url = join_url(base_url, base.get("href", "").strip()) or base_url
    links = []
    for element in tree.iter("a", "area"):
        href = (element.get("href") or "").strip()
        if not href or href.lower().startswith(_SCHEMES_SKIPPED):
            continue
        url = join_url(base_url, href)
        if url is not None and url.startswith(("http://", "https://")):
            links.append(Link(url, *anchor_text(element)))
    return links


def _own_text(element: Element) -> str:
    """Text of ``element`` outside links and outside nested blocks."""
    parts = [element.text or ""]
    for child in element:
        if (
            isinstance(child.tag, str)
            and child.tag not in _SKIP_TAGS
            and child.tag != "a"
            and child.tag not in _BLOCK_TAGS
        ):
            parts.append(_own_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def page_shape(tree: Element, headline_min_weight: int) -> PageShape:
    headlines = sum(
        1 for link in tree.iter("a") if text_weight(text_content(link)) >= headline_min_weight
    )
    longest = 0
    for element in tree.iter(*_BLOCK_TAGS):
        if any(
            ancestor.tag in _SKIP_TAGS or ancestor.tag == "a"
            for ancestor in element.iterancestors()
        ):
            continue
        longest = max(longest, text_weight(_own_text(element)))
    return PageShape(headlines, longest)
