"""Rebuild a lost frontier: what ``newscrawl seed --resume`` adds to a plain seed.

The queue and the seen set went with the Redis that lost them; the news database did not.
Every stored article URL is put back into the seen set before the sites' start requests are
queued again, so the rebuilt crawl walks the list pages again but fetches only the articles
not stored yet. (An article stored under the URL a redirect led to is not matched by its
link: it is fetched once more, and the store's upsert keeps one row.)
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from itertools import islice

from scrapy import Request

from newscrawl.distributed.seeding import Seeder

logger = logging.getLogger(__name__)

# Bloom insertions per Redis round trip.
MARK_BATCH = 1000


def mark_stored_seen(seeder: Seeder, urls: Iterable[str]) -> int:
    """Add ``urls`` to the workers' seen set; returns how many were added."""
    fingerprinter = seeder.seen.fingerprinter
    marked = 0
    for batch in _batches(urls, MARK_BATCH):
        fingerprints = []
        for url in batch:
            try:
                fingerprints.append(fingerprinter.fingerprint(Request(url)))
            except ValueError as error:  # not a URL Scrapy can request: nothing to skip
                logger.warning(
                    "Stored URL %(url)r left out of the seen set: %(error)s",
                    {"url": url, "error": error},
                )
        seeder.seen.bloom.add_many(fingerprints)
        marked += len(fingerprints)
    return marked


def _batches(items: Iterable[str], size: int) -> Iterator[list[str]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch
