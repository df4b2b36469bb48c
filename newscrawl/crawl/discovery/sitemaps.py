"""XML sitemaps and sitemap indexes, including Google News sitemaps (``news:title``)."""

from __future__ import annotations

import gzip
import zlib
from dataclasses import dataclass

from lxml import etree

_PARSER = etree.XMLParser(recover=True, resolve_entities=False, no_network=True)
# Sitemaps are capped at 50 MB uncompressed by the protocol; more is an attack or a mistake.
MAX_SITEMAP_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    url: str
    is_sitemap: bool  # an entry of a sitemap index: another sitemap to fetch
    title: str = ""  # news:title, used as anchor text
    lastmod: str = ""


class SitemapError(ValueError):
    """A response that is not a sitemap."""


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _maybe_gunzip(body: bytes) -> bytes:
    if body[:2] != b"\x1f\x8b":
        return body
    try:
        decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
        data = decompressor.decompress(body, MAX_SITEMAP_BYTES)
    except (zlib.error, gzip.BadGzipFile) as error:
        raise SitemapError(f"bad gzip sitemap: {error}") from None
    return data


def parse_sitemap(body: bytes) -> list[SitemapEntry]:
    """Entries of a ``urlset`` or ``sitemapindex``. Raises :class:`SitemapError`."""
    data = _maybe_gunzip(body)
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as error:
        raise SitemapError(f"not XML: {error}") from None
    kind = _local(getattr(root, "tag", ""))
    if root is None or kind not in ("urlset", "sitemapindex"):
        raise SitemapError(f"not a sitemap (root element {kind!r})")
    entries = []
    for element in root:
        if _local(element.tag) not in ("url", "sitemap"):
            continue
        loc = title = lastmod = ""
        for child in element.iter():
            name = _local(child.tag)
            if name == "loc" and not loc:
                loc = (child.text or "").strip()
            elif name == "title":
                title = " ".join((child.text or "").split())
            elif name == "lastmod":
                lastmod = (child.text or "").strip()
        if loc:
            entries.append(SitemapEntry(loc, kind == "sitemapindex", title, lastmod))
    return entries
