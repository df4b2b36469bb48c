"""When is a leased request done? Middlewares that send ``lease_done`` for the scheduler to ack.

A request popped from the reliable queue carries its lease id in ``request.meta[LEASE_META]``.
It is done when

* its callback output has been fully consumed *and* every item from it has left the item
  pipelines (``item_scraped`` / ``item_dropped`` / ``item_error``) -- acknowledging earlier would
  lose the article if the worker died while the item was still being stored;
* or its download failed for good (the exception got past the retry middleware).

Retries and redirects are new requests that inherit the meta; the scheduler hands the lease over
to them when it queues them (one atomic step), so nothing is acknowledged twice or lost.
Requests yielded by a callback are *new* work: their copy of the lease key is removed here.

Whatever path is missed, the scheduler acknowledges all leases it still holds when the engine is
idle (nothing is downloading or being scraped then, so they are finished).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from scrapy import Request, signals

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

LEASE_META = "newscrawl_lease"

# Custom signal: ``lease_done(lease: str)``; the DistributedScheduler acknowledges the lease.
lease_done = object()


class LeaseAckSpiderMiddleware:
    """Counts the items each leased response produced and reports the lease when all are done.

    Enabled by ``apply_distributed_settings`` at the outermost spider-middleware position, so it
    sees the final output of the callback after all other middlewares.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self._open: set[str] = set()  # leases whose callback output is still being iterated
        self._items: Counter[str] = Counter()  # items per lease not yet through the pipelines
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            crawler.signals.connect(self._item_finished, signal=signal)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_spider_output(
        self, response: Response, result: Iterable[Any], spider: Spider | None = None
    ) -> Iterator[Any]:
        lease = response.meta.get(LEASE_META)
        if lease is None:
            yield from result
            return
        self._open.add(lease)
        try:
            for output in result:
                yield self._track(lease, output)
        finally:
            self._output_finished(lease)

    async def process_spider_output_async(
        self, response: Response, result: AsyncIterator[Any], spider: Spider | None = None
    ) -> AsyncIterator[Any]:
        lease = response.meta.get(LEASE_META)
        if lease is None:
            async for output in result:
                yield output
            return
        self._open.add(lease)
        try:
            async for output in result:
                yield self._track(lease, output)
        finally:
            self._output_finished(lease)

    def _track(self, lease: str, output: Any) -> Any:
        if isinstance(output, Request):
            output.meta.pop(LEASE_META, None)  # new work, not a continuation of this lease
        else:
            self._items[lease] += 1
        return output

    def _output_finished(self, lease: str) -> None:
        self._open.discard(lease)
        self._maybe_done(lease)

    def _item_finished(self, item: Any, response: Response | None, **kwargs: Any) -> None:
        lease = response.meta.get(LEASE_META) if response is not None else None
        if lease is None or lease not in self._items:
            return
        self._items[lease] -= 1
        self._maybe_done(lease)

    def _maybe_done(self, lease: str) -> None:
        if lease in self._open or self._items.get(lease, 0) > 0:
            return
        self._items.pop(lease, None)
        self.crawler.signals.send_catch_log(lease_done, lease=lease)


class LeaseAckDownloaderMiddleware:
    """Reports the lease of a request whose download failed for good.

    Placed closest to the engine, so ``process_exception`` runs after RetryMiddleware has
    decided not to retry (a retry is a new request and takes the lease over instead).
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_exception(
        self, request: Request, exception: Exception, spider: Spider | None = None
    ) -> None:
        lease = request.meta.get(LEASE_META)
        if lease is not None:
            logger.debug(
                "Download of %(request)s failed for good (%(error)r); acknowledging",
                {"request": request, "error": exception},
                extra={"spider": self.crawler.spider},
            )
            self.crawler.signals.send_catch_log(lease_done, lease=lease)
