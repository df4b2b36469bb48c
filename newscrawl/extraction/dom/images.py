"""Images: URLs resolved against the page, the picture an image element shows (lazy-load
attributes, placeholder files skipped, the widest ``srcset`` candidate), and the image
elements of an article's span."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from urllib.parse import urljoin

from lxml import etree

from newscrawl.extraction.dom.parsing import xml_safe
from newscrawl.extraction.dom.tags import IMAGE_TAGS
from newscrawl.extraction.dom.tree import common_ancestor

# Attributes that may hold the real image URL on lazy-loading pages, best first.
IMAGE_SRC_ATTRS = (
    "data-src",
    "data-original",
    "data-lazy-src",
    "data-actualsrc",
    "data-url",
    "src",
)


def resolve_url(url: str, base_url: str | None) -> str | None:
    """Absolute http(s) URL for ``url`` relative to ``base_url``; None for data:/js: URLs."""
    url = xml_safe(url.strip())
    if not url or url.startswith(("data:", "javascript:", "about:", "#")):
        return None
    if url.startswith(("http://", "https://")):
        # Already absolute: urljoin would only re-split and re-join it (it keeps such a URL
        # as written, bar an empty "?" or "#"), for every link of the content.
        return url
    if base_url:
        try:
            url = urljoin(base_url, url)
        except ValueError:  # "//[oops/x.jpg": an unclosed IPv6 host; only this URL is lost
            return None
    elif url.startswith("//"):
        url = "https:" + url
    return url


def image_urls(nodes: Iterable[etree._Element], base_url: str | None) -> list[str]:
    """Image URLs under ``nodes`` in document order, lazy-load attributes first, deduplicated."""
    seen: dict[str, None] = {}
    for node in nodes:
        images = [node] if node.tag in IMAGE_TAGS else node.iterdescendants(*IMAGE_TAGS)
        for img in images:
            url = image_url(img, base_url)
            if url:
                seen.setdefault(url, None)
    return list(seen)


# A lazy loader's stand-in until the real picture loads: a GIF named for a spacer, a blank, a
# pixel or a loader ("blank.gif", "lazy_placeholder.gif", "1x1.trans.gif"), or any image
# named a placeholder, a spacer or a lazy loader's ("grey-placeholder.png"). Other words
# ("transparent", "empty", "grey") also name real pictures: "logo-transparent.png".
_PLACEHOLDER_FILE = re.compile(
    r"/[^/?#]*(?<![a-z0-9])(?:spacer|blank|pixel|trans(?:parent)?|placeholder|lazy|loading|"
    r"1x1|empty|grey|gray)(?![a-z0-9])[^/?#]*\.gif(?:[?#]|$)"
    r"|/[^/?#]*(?<![a-z0-9])(?:placeholder|spacer|lazy[-_]?load|1x1|loading)(?![a-z0-9])"
    r"[^/?#]*\.(?:png|svg|webp)(?:[?#]|$)",
    re.IGNORECASE,
)
# Where a lazy loader or a responsive image keeps its candidates ("a-400.jpg 400w, ...").
IMAGE_SRCSET_ATTRS = ("data-srcset", "data-lazy-srcset", "srcset")


def image_url(img: etree._Element, base_url: str | None) -> str | None:
    """The picture an image element shows: the first lazy-load attribute or ``src`` that
    holds a URL (not a ``data:`` URI, not a loader's placeholder file), else the widest
    candidate of a ``srcset``."""
    for attr in IMAGE_SRC_ATTRS:
        value = img.get(attr)
        resolved = resolve_url(value, base_url) if value else None
        if resolved and not _PLACEHOLDER_FILE.search(resolved):
            return resolved
    for attr in IMAGE_SRCSET_ATTRS:
        value = img.get(attr)
        if value:
            widest = _widest_candidate(value)
            resolved = resolve_url(widest, base_url) if widest else None
            if resolved:
                return resolved
    return None


def _widest_candidate(srcset: str) -> str | None:
    """The URL of a ``srcset``'s widest candidate ("a.jpg 400w, b.jpg 800w": b.jpg; by
    density, "1x, 2x": the highest), the first when none gives a size."""
    best: tuple[float, str] | None = None
    for candidate in srcset.split(","):
        parts = candidate.split()
        if not parts:
            continue
        size = 0.0
        if len(parts) > 1 and parts[1][:-1].replace(".", "", 1).isdigit():
            size = float(parts[1][:-1])
        if best is None or size > best[0]:
            best = (size, parts[0])
    return best[1] if best else None


def images_between(start: etree._Element, stop: etree._Element) -> list[etree._Element]:
    """The image elements (:data:`IMAGE_TAGS`) from ``start`` to the end of ``stop``'s
    subtree, in document order: the images of an article whose first and last paragraphs
    those are (figures between paragraphs belong to no paragraph)."""
    common = common_ancestor(start, stop)
    if common is None:
        return []
    end = deque(stop.iter(), maxlen=1)[0]  # the last element of ``stop``'s subtree
    images: list[etree._Element] = []
    started = False
    for el in common.iter():
        started = started or el is start
        if started and el.tag in IMAGE_TAGS:
            images.append(el)
        if el is end:
            break
    return images
