"""Publish time (first version: meta tags only; full detection lands with issue #2)."""

from __future__ import annotations

from ..document import Document

_META_KEYS = ("article:published_time", "og:published_time", "datepublished", "pubdate")


def extract_publish_time(doc: Document) -> str | None:
    for key in _META_KEYS:
        if doc.meta.get(key):
            return doc.meta[key]
    return None
