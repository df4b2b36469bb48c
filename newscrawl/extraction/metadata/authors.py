"""Author (first version: meta tags only; full detection lands with issue #2)."""

from __future__ import annotations

from ..document import Document


def extract_author(doc: Document) -> str | None:
    return doc.meta.get("author") or None
