"""RSS 2.0, RSS 1.0 (RDF) and Atom feeds: item links and their titles (the anchor text)."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from newscrawl.crawl.urls import join_url

_PARSER = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, huge_tree=False)


@dataclass(frozen=True, slots=True)
class FeedEntry:
    url: str
    title: str


class FeedError(ValueError):
    """A response that is not a feed."""


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _child_text(element: etree._Element, name: str) -> str:
    for child in element:
        if _local(child.tag) == name:
            return " ".join("".join(child.itertext()).split())
    return ""


def _atom_link(entry: etree._Element) -> str:
    fallback = ""
    for child in entry:
        if _local(child.tag) == "link" and child.get("href"):
            href = str(child.get("href", ""))
            if child.get("rel", "alternate") == "alternate":
                return href
            fallback = fallback or href
    return fallback


def parse_feed(body: bytes, base_url: str) -> list[FeedEntry]:
    """Entries in document order (feeds list newest first). Raises :class:`FeedError`."""
    try:
        root = etree.fromstring(body, _PARSER)
    except etree.XMLSyntaxError as error:
        raise FeedError(f"not XML: {error}") from None
    if root is None or _local(root.tag) not in ("rss", "rdf", "feed"):
        raise FeedError(f"not an RSS/Atom feed (root element {_local(getattr(root, 'tag', ''))!r})")
    entries = []
    for element in root.iter():
        name = _local(element.tag)
        if name == "item":
            url = _child_text(element, "link") or _child_text(element, "guid")
        elif name == "entry":
            url = _atom_link(element)
        else:
            continue
        joined = join_url(base_url, url.strip()) if url else None
        if joined:
            entries.append(FeedEntry(joined, _child_text(element, "title")))
    return entries
