"""The name a site's owner registered, from a host name."""

from __future__ import annotations

# Second-level labels under a country code that are not a site's name (sina.com.cn, bbc.co.uk).
_PUBLIC_SECOND_LEVEL = frozenset({"com", "net", "org", "gov", "edu", "co", "ac", "or", "ne", "go"})


def registered_domain(host: str) -> str:
    """``host`` cut to the name its owner registered: ``biz.163.com`` -> ``163.com``,
    ``finance.sina.com.cn`` -> ``sina.com.cn``."""
    labels = host.lower().rstrip(".").split(".")
    public = len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _PUBLIC_SECOND_LEVEL
    return ".".join(labels[-3:] if public else labels[-2:])
