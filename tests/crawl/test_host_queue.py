"""IndexedDownloaderAwarePriorityQueue: the least busy host first, as Scrapy's
DownloaderAwarePriorityQueue, without scanning every host on each pop (every farm crawl in
tests/crawl runs on it too, as the default SCHEDULER_PRIORITY_QUEUE)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st
from scrapy import Request, Spider, signals
from scrapy.core.downloader import Downloader
from scrapy.crawler import Crawler
from scrapy.squeues import FifoMemoryQueue

from newscrawl.crawl.host_queue import IndexedDownloaderAwarePriorityQueue
from tests.crawlers import newscrawl_crawler
from tests.property import examples

HOSTS = ("a", "b", "c", "d")


def make_queue() -> tuple[IndexedDownloaderAwarePriorityQueue, Crawler]:
    crawler = newscrawl_crawler(Spider)
    crawler.engine = SimpleNamespace(downloader=Downloader(crawler))  # type: ignore[assignment]
    queue = IndexedDownloaderAwarePriorityQueue.from_crawler(crawler, FifoMemoryQueue, key="")
    return queue, crawler


def request(host: str, n: int, priority: int = 0) -> Request:
    return Request(f"http://{host}.example/{n}", priority=priority)


def host_of(req: Request) -> str:
    return req.url.split("//")[1].split(".")[0]


def test_equally_idle_hosts_take_turns_and_len_counts_every_request():
    queue, _ = make_queue()
    for n in range(3):
        for host in ("a", "b", "c"):
            queue.push(request(host, n))
    assert len(queue) == 9
    assert [host_of(queue.pop()) for _ in range(6)] == ["a", "b", "c", "a", "b", "c"]
    assert len(queue) == 3


def test_within_a_host_the_higher_priority_comes_first():
    queue, _ = make_queue()
    queue.push(request("a", 1, priority=0))
    queue.push(request("a", 2, priority=20))
    assert queue.pop().url.endswith("/2")
    assert queue.peek().url.endswith("/1")
    assert queue.pop().url.endswith("/1")
    assert queue.pop() is None and len(queue) == 0


def test_a_host_with_requests_in_the_downloader_waits_for_the_idle_ones():
    queue, crawler = make_queue()
    for host in ("a", "b"):
        queue.push(request(host, 0))
        queue.push(request(host, 1))
    first = queue.pop()
    assert host_of(first) == "a"
    crawler.signals.send_catch_log(signals.request_reached_downloader, request=first)
    second = queue.pop()
    assert host_of(second) == "b"  # b idle, a busy
    crawler.signals.send_catch_log(signals.request_reached_downloader, request=second)
    crawler.signals.send_catch_log(signals.request_left_downloader, request=first)
    assert host_of(queue.peek()) == "a"  # a idle again, b busy


def test_among_idle_hosts_one_with_an_article_queued_goes_first():
    queue, _ = make_queue()
    for host in ("a", "b", "c"):
        queue.push(request(host, 0, priority=0))  # start pages
    queue.push(request("c", 1, priority=20))  # an article found on c
    assert [(host_of(r), r.priority) for r in (queue.pop(), queue.pop())] == [
        ("c", 20),
        ("a", 0),
    ]


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("push"), st.sampled_from(HOSTS), st.integers(-5, 5)),
            st.tuples(st.just("pop"), st.just(""), st.just(0)),
            st.tuples(st.just("finish"), st.just(""), st.integers(0, 50)),
        ),
        max_size=80,
    )
)
def test_every_pop_takes_a_least_busy_host_and_nothing_is_lost(operations):
    queue, crawler = make_queue()
    queued: dict[str, list[Request]] = {host: [] for host in HOSTS}
    in_flight: list[Request] = []
    pushed = 0
    for action, host, value in operations:
        if action == "push":
            req = request(host, pushed, priority=value)
            pushed += 1
            queue.push(req)
            queued[host].append(req)
        elif action == "pop":
            busy = {h: sum(host_of(r) == h for r in in_flight) for h in HOSTS}
            waiting = [h for h in HOSTS if queued[h]]
            got = queue.pop()
            if not waiting:
                assert got is None
                continue
            assert got is not None
            least = min(busy[h] for h in waiting)
            assert busy[host_of(got)] == least
            best = max(max(r.priority for r in queued[h]) for h in waiting if busy[h] == least)
            assert got.priority == best  # the most urgent request of the least busy hosts
            assert got.priority == max(r.priority for r in queued[host_of(got)])
            queued[host_of(got)].remove(got)
            in_flight.append(got)
            crawler.signals.send_catch_log(signals.request_reached_downloader, request=got)
        elif in_flight:
            done = in_flight.pop(value % len(in_flight))
            crawler.signals.send_catch_log(signals.request_left_downloader, request=done)
        assert len(queue) == sum(len(v) for v in queued.values())
