"""newscrawl's own Scrapy signals."""

from __future__ import annotations

# Sent by the spider's errback: request, failure, spider. The report extension counts it.
fetch_failed = object()
