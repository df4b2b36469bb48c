"""Whether a link leads back to the page itself (TCDT's self-link test, docs/algorithms.md
A.4.1), which the title chooser also uses to pass over a heading that links elsewhere."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit


def is_self_link(href: str | None, page_url: str | None) -> bool:
    """TCDT's self-link test: empty, ``#…``, ``javascript:``, or the page URL itself (A.4.1).

    Resolved against the page URL, fragment dropped, scheme/host case-insensitive, trailing
    ``/`` ignored, query compared exactly. Without a page URL only the first three count.
    """
    href = (href or "").strip()
    if not href or href.startswith("#") or href.lower().startswith("javascript:"):
        return True
    if not page_url:
        return False
    try:
        return _url_key(urljoin(page_url, href)) == _url_key(page_url)
    except ValueError:  # "//[oops": a URL urllib cannot split links nowhere, so not here
        return False


def _url_key(url: str) -> tuple[str, str, str, str]:
    parts = urlsplit(url)
    return (parts.scheme.lower(), parts.netloc.lower(), parts.path.rstrip("/"), parts.query)
