"""Title chooser (first version: page metadata only; the ranked chooser lands with issue #3)."""

from __future__ import annotations

import re

from ..document import Document

_SITE_SEPARATORS = re.compile(r"\s*[-_|–—]\s*")


def choose_title(doc: Document, hint: str | None = None) -> str:
    if hint:
        return hint
    for key in ("og:title", "twitter:title"):
        if doc.meta.get(key):
            return doc.meta[key]
    parts = _SITE_SEPARATORS.split(doc.title_text)
    return parts[0] if parts and len(parts[0]) >= 4 else doc.title_text
