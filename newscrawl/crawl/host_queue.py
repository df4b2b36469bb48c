"""Scrapy's DownloaderAwarePriorityQueue with an index, so a pop costs the same with 10 hosts
or 10,000.

Scrapy's broad-crawl queue keeps one priority queue per download slot (host) and pops from the
slot with the fewest requests in the downloader. It finds that slot by asking the downloader
for the count of every slot that has requests queued, on every pop, and sums every slot's queue
for ``len()``. On a crawl of 5,000 sites that scan was 64 % of the crawler process's CPU
(profiled on the hostile farm, docs/benchmarks/hostile.md), and the crawl was CPU-bound on it
while it went through the sites' first pages.

Here the in-flight count of each slot is kept up to date from the downloader's own signals
(``request_reached_downloader`` when a request enters a slot, ``request_left_downloader`` when
its transfer ends), and the slots with queued requests are kept in buckets by that count and
the priority of their most urgent request. A pop takes the first slot of the lowest bucket and
puts the slot back at the end of its bucket, so equally idle hosts take turns; ``len()`` is a
counter. Within a slot, requests still come out by priority (Scrapy's ScrapyPriorityQueue).

The priority among equally busy hosts is the one difference from Scrapy's order (which takes
them by name): an idle host with an article queued goes before an idle host with only its
start pages, so the first articles are fetched (and extracted, in other processes) while the
crawl is still going through the first pages of thousands of sites, instead of after.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.pqueues import DownloaderAwarePriorityQueue, _path_safe

if TYPE_CHECKING:
    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.pqueues import QueueProtocol


class IndexedDownloaderAwarePriorityQueue(DownloaderAwarePriorityQueue):
    def __init__(
        self,
        crawler: Crawler,
        downstream_queue_cls: type[QueueProtocol],
        key: str,
        slot_startprios: dict[str, Iterable[int]] | None = None,
        *,
        start_queue_cls: type[QueueProtocol] | None = None,
    ) -> None:
        super().__init__(
            crawler,
            downstream_queue_cls,
            key,
            slot_startprios,
            start_queue_cls=start_queue_cls,
        )
        self.in_flight: dict[str, int] = {}  # slot -> its requests in the downloader
        # (in-flight count, best queued priority) -> the slots with queued requests there, in
        # the order they take turns; each slot's place in `places`
        self.ready: dict[tuple[int, int], dict[str, None]] = {}
        self.places: dict[str, tuple[int, int]] = {}
        self.queued = 0
        for slot, queue in self.pqueues.items():  # a resumed crawl (JOBDIR)
            self._place(slot)
            self.queued += len(queue)
        crawler.signals.connect(self.reached_downloader, signals.request_reached_downloader)
        crawler.signals.connect(self.left_downloader, signals.request_left_downloader)

    def reached_downloader(self, request: Request, **_kwargs: Any) -> None:
        slot = self._downloader_interface.get_slot_key(request)
        self.in_flight[slot] = self.in_flight.get(slot, 0) + 1
        if slot in self.places:
            self._place(slot)

    def left_downloader(self, request: Request, **_kwargs: Any) -> None:
        slot = self._downloader_interface.get_slot_key(request)
        count = self.in_flight.get(slot, 0)
        if count <= 1:
            self.in_flight.pop(slot, None)
        else:
            self.in_flight[slot] = count - 1
        if slot in self.places:
            self._place(slot)

    def _place(self, slot: str) -> None:
        """Put a slot with queued requests at the end of the line for its in-flight count
        and its best queued priority (ScrapyPriorityQueue keeps -priority as ``curprio``)."""
        self._unplace(slot)
        place = (self.in_flight.get(slot, 0), self.pqueues[slot].curprio or 0)
        self.places[slot] = place
        self.ready.setdefault(place, {})[slot] = None

    def _unplace(self, slot: str) -> None:
        place = self.places.pop(slot, None)
        if place is None:
            return
        bucket = self.ready[place]
        del bucket[slot]
        if not bucket:
            del self.ready[place]

    def _next_ready_slot(self) -> str | None:
        """The least busy slot; among equally busy ones, the one with the most urgent request,
        then the one whose turn it is. Few distinct places exist, so min is cheap."""
        if not self.ready:
            return None
        return next(iter(self.ready[min(self.ready)]))

    def push(self, request: Request) -> None:
        slot = self._downloader_interface.get_slot_key(request)
        if slot not in self.pqueues:
            self.pqueues[slot] = self.pqfactory(slot)
        queue = self.pqueues[slot]
        before = queue.curprio
        queue.push(request)
        self.queued += 1
        if slot not in self.places or queue.curprio != before:
            self._place(slot)

    def pop(self) -> Request | None:
        slot = self._next_ready_slot()
        if slot is None:
            return None
        queue = self.pqueues[slot]
        request = queue.pop()
        if request is not None:
            self.queued -= 1
        if len(queue) == 0:
            self._unplace(slot)
            del self.pqueues[slot]
            queue.close()
            if self.key:  # reclaim the slot's directory, as Scrapy's queue does
                with suppress(OSError):
                    Path(self.key, _path_safe(slot)).rmdir()
        else:
            self._place(slot)  # to the end of the line of its equals
        return request

    def peek(self) -> Request | None:
        slot = self._next_ready_slot()
        return None if slot is None else self.pqueues[slot].peek()

    def close(self) -> dict[str, list[int]]:
        self.ready.clear()
        self.places.clear()
        self.queued = 0
        return super().close()

    def __len__(self) -> int:
        return self.queued
