"""The farm's latency mode (tests/farm/server.py ``--latency-ms``), used by
benchmarks/distributed_latency.py to make a crawl latency-bound: a held-back response holds up
no other, and two `scrapy crawl news` workers share one crawl of a latency-mode farm, every
article stored once.
"""

from __future__ import annotations

import http.client
import threading
import time
from collections import Counter

import pytest

from tests.distributed.test_farm import CRAWLED, FarmCrawl

farm = pytest.importorskip("tests.farm.control", reason="the test farm (tests/farm) is missing")

pytestmark = pytest.mark.slow

HOUR_MS = 3_600_000.0


def request_in_background(port: int, host: str, path: str) -> tuple[threading.Thread, list[int]]:
    """GET ``path`` of farm host ``host`` from a thread; the status lands in the returned list."""
    statuses: list[int] = []

    def fetch() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HOUR_MS / 1000)
        try:
            connection.request("GET", path, headers={"Host": host})
            response = connection.getresponse()
            response.read()  # the whole body, or IncompleteRead
            statuses.append(response.status)
        except OSError:  # the farm was stopped while the response was still held back
            pass
        finally:
            connection.close()

    thread = threading.Thread(target=fetch, daemon=True)
    thread.start()
    return thread, statuses


def test_held_back_responses_do_not_hold_up_the_server():
    """With an hour of latency, five requests to five hosts are all taken in at once (a server
    that slept per response would take the first only), and none of them is answered."""
    handle = farm.start_farm(sites=5, articles=2, specials=False, direct=True, latency_ms=HOUR_MS)
    try:
        fetches = [
            request_in_background(handle.port, site.netloc, "/") for site in handle.model.sites
        ]
        deadline = time.monotonic() + 60
        while handle.served().requests < 1 + len(fetches):  # the site requests, plus this ping
            assert time.monotonic() < deadline, handle.served()
            time.sleep(0.05)
        traffic = handle.served()
        assert traffic.first_request_at > 0
        assert all(statuses == [] for _thread, statuses in fetches)
    finally:
        handle.stop()


def test_a_held_back_response_is_answered_in_full():
    handle = farm.start_farm(sites=1, articles=1, specials=False, direct=True, latency_ms=300)
    try:
        site = handle.model.sites[0]
        thread, statuses = request_in_background(handle.port, site.netloc, "/")
        thread.join(60)
        assert statuses == [200]
    finally:
        handle.stop()


@pytest.fixture
def latency_crawl(prefix, tmp_path):
    handle = farm.start_farm(sites=4, articles=5, specials=False, direct=True, latency_ms=100)
    crawl = FarmCrawl(handle, prefix, tmp_path)
    try:
        yield crawl
    finally:
        crawl.stop_all()
        handle.stop()


def test_two_workers_share_a_latency_bound_crawl(latency_crawl):
    latency_crawl.start_worker()
    latency_crawl.start_worker()
    latency_crawl.wait_until_open()
    latency_crawl.seed()  # after both opened: both find the work queued
    latency_crawl.wait_all()

    stored = latency_crawl.stored()
    assert len(stored) == len(set(stored)), Counter(stored).most_common(3)
    expected = set(latency_crawl.handle.model.expected())
    assert set(stored) == expected, latency_crawl.log_text()[-5000:]
    fetched = latency_crawl.fetched()
    assert max(fetched.values()) == 1, [url for url, n in fetched.items() if n > 1]
    per_worker = [
        len(CRAWLED.findall(path.read_text(errors="replace")))
        for path in sorted(latency_crawl.workdir.glob("worker-*.log"))
    ]
    assert len(per_worker) == 2 and min(per_worker) > 0, per_worker
