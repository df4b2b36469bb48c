"""Pops per second of the broad-crawl queue, Scrapy's DownloaderAwarePriorityQueue against
newscrawl's indexed one, side by side in one process.

    python3 benchmarks/host_queue.py --hosts 100 1000 5000 --requests 20000 --rounds 3

Each round fills both queues with the same requests (``--requests`` spread over ``--hosts``
hosts), then pops them all as a crawl would: every popped request reaches the downloader
(``request_reached_downloader``) and the oldest in-flight request leaves it once
``--in-flight`` are out (``request_left_downloader``), so hosts move between busy and idle.
The two queues run alternately, and the ratio is taken within each round.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import deque
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scrapy import Request, Spider, signals
from scrapy.core.downloader import Downloader, Slot
from scrapy.pqueues import DownloaderAwarePriorityQueue
from scrapy.squeues import FifoMemoryQueue
from scrapy.utils.reactor import install_reactor

from newscrawl.crawl.host_queue import IndexedDownloaderAwarePriorityQueue
from tests.crawlers import newscrawl_crawler


def drain(
    queue_cls: type[DownloaderAwarePriorityQueue], requests: list[Request], in_flight: int
) -> float:
    """Seconds to pop every request, with the downloader's slots kept as a crawl keeps them."""
    crawler = newscrawl_crawler(Spider)
    downloader = Downloader(crawler)
    crawler.engine = SimpleNamespace(downloader=downloader)  # type: ignore[assignment]
    queue = queue_cls.from_crawler(crawler, FifoMemoryQueue, key="")
    for request in requests:
        queue.push(request)
    flying: deque[Request] = deque()
    started = time.perf_counter()
    while (request := queue.pop()) is not None:
        # what the downloader does: the slot's active set and the signal
        key = downloader.get_slot_key(request)
        request.meta[downloader.DOWNLOAD_SLOT] = key
        downloader.slots.setdefault(key, Slot(8, 0)).active.add(request)
        crawler.signals.send_catch_log(signals.request_reached_downloader, request=request)
        flying.append(request)
        if len(flying) >= in_flight:
            done = flying.popleft()
            crawler.signals.send_catch_log(signals.request_left_downloader, request=done)
            downloader.slots[done.meta[downloader.DOWNLOAD_SLOT]].active.discard(done)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hosts", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--in-flight", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
    for hosts in args.hosts:
        ratios, scrapy_rates, indexed_rates = [], [], []
        for _ in range(args.rounds):
            requests = [Request(f"http://h{i % hosts}.example/{i}") for i in range(args.requests)]
            scrapy_s = drain(DownloaderAwarePriorityQueue, requests, args.in_flight)
            requests = [Request(f"http://h{i % hosts}.example/{i}") for i in range(args.requests)]
            indexed_s = drain(IndexedDownloaderAwarePriorityQueue, requests, args.in_flight)
            scrapy_rates.append(args.requests / scrapy_s)
            indexed_rates.append(args.requests / indexed_s)
            ratios.append(scrapy_s / indexed_s)
        print(
            json.dumps(
                {
                    "hosts": hosts,
                    "requests": args.requests,
                    "scrapy_pops_per_s": round(statistics.median(scrapy_rates)),
                    "indexed_pops_per_s": round(statistics.median(indexed_rates)),
                    "speedup_median": round(statistics.median(ratios), 1),
                    "speedup_min_max": [round(min(ratios), 1), round(max(ratios), 1)],
                }
            ),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
