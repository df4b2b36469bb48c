"""The keys validation and deduplication read of an article's content, computed in one place.

The extraction worker computes them once per page, off the reactor thread (``extract_page``);
ValidatePipeline, StorePipeline and the storage read them and never compute them again.
Re-extraction (``newscrawl reextract``) keeps stored keys current with the same function.
"""

from __future__ import annotations

from typing import NamedTuple

from newscrawl.crawl.dedup import simhash
from newscrawl.extraction.text import text_weight
from newscrawl.storage import content_hash


class ContentKeys(NamedTuple):
    weight: int  # text_weight: what NEWSCRAWL_MIN_CONTENT_CHARS is compared with
    content_hash: str  # exact duplicates (the ``articles.content_hash`` column)
    simhash: int | None  # near duplicates; None when NEWSCRAWL_DEDUP_NEAR is off


def content_keys(content: str, *, near_dedup: bool) -> ContentKeys:
    return ContentKeys(
        text_weight(content), content_hash(content), simhash(content) if near_dedup else None
    )
