"""The name a site's owner registered, from a host name, a URL or a link."""

from __future__ import annotations

from urllib.parse import urlsplit

# Second-level labels under a country code that are not a site's name (sina.com.cn, bbc.co.uk).
_PUBLIC_SECOND_LEVEL = frozenset({"com", "net", "org", "gov", "edu", "co", "ac", "or", "ne", "go"})


def registered_domain(host: str) -> str:
    """``host`` cut to the name its owner registered: ``biz.163.com`` -> ``163.com``,
    ``finance.sina.com.cn`` -> ``sina.com.cn``."""
    labels = host.lower().rstrip(".").split(".")
    public = len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _PUBLIC_SECOND_LEVEL
    return ".".join(labels[-3:] if public else labels[-2:])


def url_domain(url: str | None) -> str | None:
    """The registered domain of ``url``'s host; None without a URL or a host."""
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:  # "http://[oops": an unclosed IPv6 host
        return None
    return registered_domain(host) if host else None


def href_domain(href: str) -> str | None:
    """The registered domain an absolute or protocol-relative link names; None for a link
    within the page's own site (relative) or none at all."""
    if not href.startswith(("http://", "https://", "//")):
        return None
    return url_domain(href if not href.startswith("//") else "https:" + href)
