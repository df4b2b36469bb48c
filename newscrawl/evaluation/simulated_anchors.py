"""Anchor texts for evaluation: a dataset field, or variants derived from the true title.

Links rarely repeat a headline verbatim: they truncate it, prefix a section tag or append
the site name. ``title-variants`` reproduces those shapes deterministically (from the sha256
of the page id) so title matching with anchor text is measurable on any labelled set.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from .dataset import Page
from .metric import tokenize

TITLE_VARIANTS = "title-variants"

# Share of the title kept by a truncated anchor; link lists cut headlines to about two
# thirds of their length (eyeballed on the portal entrances in datasets/site_lists).
TRUNCATE_KEEP = 0.6
ELLIPSES = ("…", "...")
PREFIXES = ("[视频]", "图文:", "Video: ")
SUFFIX_SEPARATOR = " - "
DEFAULT_SITE_NAME = "Site"
VARIANT_KINDS = ("truncated", "prefixed", "suffixed", "exact")
# Generic labels under country domains, skipped when naming a site.
_SECOND_LEVEL = frozenset({"co", "com", "net", "org", "gov", "edu", "ac"})


def anchor_for(page: Page, mode: str | None) -> str | None:
    """The anchor text of ``page`` under ``mode``: None, ``title-variants`` or a field name."""
    if not mode:
        return None
    if mode == TITLE_VARIANTS:
        return title_variant(page.id, page.title, page.url)
    value = page.fields.get(mode)
    return value if isinstance(value, str) and value.strip() else None


def title_variant(page_id: str, title: str | None, url: str | None = None) -> str | None:
    """One deterministic anchor-like variant of ``title`` (None when there is no title)."""
    if not title or not title.strip():
        return None
    title = title.strip()
    seed = int.from_bytes(hashlib.sha256(page_id.encode()).digest()[:8], "big")
    kind = VARIANT_KINDS[seed % len(VARIANT_KINDS)]
    pick = seed // len(VARIANT_KINDS)
    if kind == "truncated":
        return truncate(title) + ELLIPSES[pick % len(ELLIPSES)]
    if kind == "prefixed":
        return PREFIXES[pick % len(PREFIXES)] + title
    if kind == "suffixed":
        return title + SUFFIX_SEPARATOR + site_name(url)
    return title


def truncate(title: str) -> str:
    """The first ~``TRUNCATE_KEEP`` of ``title``: whole words for spaced scripts, characters
    for CJK titles (which have no spaces to cut at)."""
    words = title.split()
    if len(words) >= 3:
        return " ".join(words[: max(1, round(len(words) * TRUNCATE_KEEP))])
    keep = max(1, round(len(title) * TRUNCATE_KEEP))
    if len(tokenize(title)) <= 1:  # a one-word title cannot lose words; keep it readable
        return title
    return title[:keep].rstrip()


def site_name(url: str | None) -> str:
    """A site name like pages print after their titles: ``www.nytimes.com`` -> ``Nytimes``."""
    host = urlsplit(url).hostname if url else None
    if not host:
        return DEFAULT_SITE_NAME
    labels = [label for label in host.split(".") if label not in ("www", "m", "news")][:-1]
    if len(labels) > 1 and labels[-1] in _SECOND_LEVEL:  # bbc.co.uk, sina.com.cn
        labels.pop()
    return labels[-1].capitalize() if labels else DEFAULT_SITE_NAME
