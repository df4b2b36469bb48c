"""Which of two URLs carrying the same article is the canonical one.

Order of preference: the URL the page itself declares (``<link rel=canonical>`` or
``og:url``, on the same site), then one without tracking-looking query parameters, then the
desktop form over a mobile one (``m.`` host, ``/m/`` or ``/wap/`` path), then the shorter.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import parse_qsl, urlsplit

from newscrawl.crawl.urls import canonical_url, is_http_url, is_tracking_param, join_url

# Declarations sit in <head>; a page's first 64 KB holds it on any real news page.
HEAD_BYTES = 65536
_LINK_TAG = re.compile(rb"<link\b[^>]*>", re.IGNORECASE)
_META_TAG = re.compile(rb"<meta\b[^>]*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(rb"""([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
# Parameters that, beyond the click-trackers of urls.TRACKING_PARAMS, usually only say where
# a link was clicked: a copy carrying one loses to a copy without it. They are not stripped
# before fetching (some CMSs route on them); DUST rules learn per site when that is safe.
REFERRER_PARAMS = frozenset(
    {
        "from",
        "ref",
        "referrer",
        "src",
        "source",
        "via",
        "share",
        "cmp",
        "campaign",
        "channel",
        "tag",
        "pos",
        "position",
        "rss",
    }
)
MOBILE_HOST_PREFIXES = ("m.", "mobile.", "wap.", "3g.")
MOBILE_PATH_PREFIXES = ("/m/", "/wap/", "/mobile/", "/amp/")
_SITE_PREFIXES = ("www.", *MOBILE_HOST_PREFIXES)


def _attributes(tag: bytes) -> dict[str, str]:
    found = {}
    for name, double, single, bare in _ATTRIBUTE.findall(tag):
        value = double or single or bare
        found[name.decode("ascii").lower()] = value.decode("utf-8", "replace").strip()
    return found


def declared_canonical(body: bytes, page_url: str) -> str | None:
    """The canonical URL the page declares for itself, if it is on the same site and is not
    the site's home page (a CMS default that would merge every article into one row)."""
    head = body[:HEAD_BYTES]
    candidates: list[str] = []
    for tag in _LINK_TAG.findall(head):
        attributes = _attributes(tag)
        if "canonical" in attributes.get("rel", "").lower().split():
            candidates.append(attributes.get("href", ""))
    for tag in _META_TAG.findall(head):
        attributes = _attributes(tag)
        if attributes.get("property", attributes.get("name", "")).lower() == "og:url":
            candidates.append(attributes.get("content", ""))
    for candidate in candidates:
        if not candidate:
            continue
        joined = join_url(page_url, candidate)  # None for a URL urljoin refuses ("//[oops")
        if joined is None:
            continue
        url = canonical_url(joined)
        if is_http_url(url) and same_site(url, page_url) and urlsplit(url).path not in ("", "/"):
            return url
    return None


def site_host(url: str) -> str:
    """The host without a ``www.`` or mobile prefix: ``m.example.com`` -> ``example.com``."""
    host = (urlsplit(url).hostname or "").lower()
    for prefix in _SITE_PREFIXES:
        if host.startswith(prefix) and host.count(".") >= 2:
            return host[len(prefix) :]
    return host


def same_site(a: str, b: str) -> bool:
    return site_host(a) == site_host(b)


def is_referrer_param(name: str) -> bool:
    return is_tracking_param(name) or name.lower() in REFERRER_PARAMS


def has_tracking_query(url: str) -> bool:
    return any(
        is_referrer_param(name)
        for name, _value in parse_qsl(urlsplit(url).query, keep_blank_values=True)
    )


def is_mobile_url(url: str) -> bool:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    path = parts.path.lower()
    return host.startswith(MOBILE_HOST_PREFIXES) or path.startswith(MOBILE_PATH_PREFIXES)


class UrlRank(NamedTuple):
    """Sorts the most canonical URL first."""

    undeclared: bool
    tracking: bool
    mobile: bool
    length: int
    url: str  # last: equal ranks still order the same way on every run


def url_rank(url: str, *, declared: bool) -> UrlRank:
    return UrlRank(not declared, has_tracking_query(url), is_mobile_url(url), len(url), url)


def more_canonical(
    candidate: str, candidate_declared: bool, other: str, other_declared: bool
) -> bool:
    """True if ``candidate`` should replace ``other`` as the URL of their shared article."""
    return url_rank(candidate, declared=candidate_declared) < url_rank(
        other, declared=other_declared
    )
