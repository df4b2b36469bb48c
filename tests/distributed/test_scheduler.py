"""DistributedScheduler as a component (get_crawler, no crawl) on the real local Redis."""

from __future__ import annotations

import logging
import time

import pytest
import redis
from scrapy import Request, Spider
from scrapy.exceptions import DontCloseSpider
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler
from twisted.internet.defer import succeed

from newscrawl.crawl.health import RUN_STAT
from newscrawl.distributed.acks import LEASE_META, lease_done
from newscrawl.distributed.addon import apply_distributed_settings
from newscrawl.distributed.backoff import Backoff
from newscrawl.distributed.connection import RedisUnavailable
from newscrawl.distributed.run_marker import current_run, run_key
from newscrawl.distributed.scheduler import DistributedScheduler

REDIS_URL = "redis://127.0.0.1:6379/0"
DEAD_REDIS = redis.Redis.from_url("redis://127.0.0.1:1/0")


class QuietSpider(Spider):
    name = "quiet"

    def parse(self, response):
        yield from ()

    def other(self, response):
        yield from ()


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def distributed_crawler(values):
    settings = Settings(values)
    apply_distributed_settings(settings)
    return get_crawler(QuietSpider, settings.copy_to_dict())


pytestmark = pytest.mark.usefixtures("installed_reactor")


@pytest.fixture
def make_scheduler(prefix):
    opened: list[DistributedScheduler] = []

    def make(**settings) -> DistributedScheduler:
        values = {
            "NEWSCRAWL_REDIS_URL": REDIS_URL,
            "NEWSCRAWL_REDIS_PREFIX": prefix,
            "NEWSCRAWL_LEASE_SECONDS": 30,
            "NEWSCRAWL_HEARTBEAT_SECONDS": 10,
            "NEWSCRAWL_BLOOM_CAPACITY": 1000,
            **settings,
        }
        crawler = distributed_crawler(values)
        scheduler = DistributedScheduler.from_crawler(crawler)
        scheduler.open(QuietSpider.from_crawler(crawler))
        opened.append(scheduler)
        return scheduler

    yield make
    for scheduler in opened:
        scheduler.close("test")


def test_queued_request_comes_back_leased_and_is_acked_on_lease_done(make_scheduler):
    scheduler = make_scheduler()
    assert scheduler.enqueue_request(Request("http://a.test/1", callback=scheduler.spider.other))
    request = scheduler.next_request()
    assert request.url == "http://a.test/1"
    assert request.callback == scheduler.spider.other  # rebuilt with this worker's spider
    lease = request.meta[LEASE_META]
    assert scheduler.queue.leased() == 1 and scheduler.held == {lease}
    scheduler.crawler.signals.send_catch_log(lease_done, lease=lease)
    assert scheduler.queue.leased() == 0 and not scheduler.held


def test_duplicates_are_filtered_but_dont_filter_requests_pass(make_scheduler):
    scheduler = make_scheduler()
    assert scheduler.enqueue_request(Request("http://a.test/1"))
    assert not scheduler.enqueue_request(Request("http://a.test/1"))
    assert scheduler.enqueue_request(Request("http://a.test/1", dont_filter=True))
    assert len(scheduler) == 2


def test_seen_set_outlives_the_worker(make_scheduler):
    first = make_scheduler()
    assert first.enqueue_request(Request("http://a.test/1"))
    first.close("finished")
    assert not make_scheduler().enqueue_request(Request("http://a.test/1"))


def test_worker_start_requests_are_dropped_unless_enabled(make_scheduler):
    start = Request("http://a.test/list", meta={"is_start_request": True}, dont_filter=True)
    assert not make_scheduler().enqueue_request(start)
    assert make_scheduler(NEWSCRAWL_WORKER_START_REQUESTS=True).enqueue_request(start)


def test_retry_takes_the_lease_over(make_scheduler):
    scheduler = make_scheduler()
    scheduler.enqueue_request(Request("http://a.test/1"))
    request = scheduler.next_request()
    old_lease = request.meta[LEASE_META]
    retry = request.replace(dont_filter=True)  # what RetryMiddleware does: meta is copied
    assert scheduler.enqueue_request(retry)
    assert scheduler.queue.leased() == 0 and scheduler.queue.pending() == 1
    assert old_lease not in scheduler.held
    assert scheduler.next_request().meta[LEASE_META] != old_lease
    assert scheduler.queue.leased() == 1


def test_unserialisable_request_is_logged_and_dropped(make_scheduler, caplog):
    scheduler = make_scheduler()
    with caplog.at_level(logging.ERROR):
        assert not scheduler.enqueue_request(Request("http://a.test/1", callback=lambda r: None))
    assert "cannot be queued in Redis" in caplog.text and "http://a.test/1" in caplog.text


def test_undecodable_request_is_logged_and_dropped(make_scheduler, caplog):
    scheduler = make_scheduler()
    scheduler.queue.push("a.test", b"not a pickle")
    with caplog.at_level(logging.ERROR):
        assert scheduler.next_request() is None
    assert "Dropping undecodable queued request" in caplog.text
    assert scheduler.queue.leased() == 0 and scheduler.queue.pending() == 0


def test_expired_leases_of_a_dead_worker_are_requeued_by_the_heartbeat(make_scheduler):
    dead = make_scheduler(NEWSCRAWL_LEASE_SECONDS=0.05, NEWSCRAWL_HEARTBEAT_SECONDS=0.01)
    dead.enqueue_request(Request("http://a.test/1"))
    assert dead.next_request() is not None
    dead._heartbeat.stop()  # the worker "dies": nobody renews its lease
    time.sleep(0.1)
    live = make_scheduler()
    live.heartbeat()
    assert live.next_request().url == "http://a.test/1"


def test_redis_outage_buffers_requests_and_acks_then_flushes(make_scheduler, caplog):
    scheduler = make_scheduler()
    clock = FakeClock()
    scheduler.backoff = Backoff(1.0, 30.0, clock=clock)
    scheduler.enqueue_request(Request("http://a.test/held"))
    held = scheduler.next_request()
    real_queue_server, real_df_server = scheduler.queue.server, scheduler.df.bloom.server
    # Redis goes away: point every client at a closed port.
    for obj in (scheduler, scheduler.queue, scheduler.df.bloom):
        obj.server = DEAD_REDIS
    scheduler.queue._push.registered_client = DEAD_REDIS
    scheduler.queue._pop.registered_client = DEAD_REDIS
    scheduler.queue._ack.registered_client = DEAD_REDIS
    scheduler.df.bloom._add.registered_client = DEAD_REDIS
    with caplog.at_level(logging.WARNING):
        assert scheduler.enqueue_request(Request("http://a.test/new"))  # buffered, not lost
        scheduler.crawler.signals.send_catch_log(lease_done, lease=held.meta[LEASE_META])
    assert "Redis unreachable" in caplog.text
    assert scheduler.has_pending_requests()
    assert scheduler.next_request() is None
    with pytest.raises(DontCloseSpider):
        scheduler._on_spider_idle(scheduler.spider)
    assert len(scheduler._unsent) == 1 and len(scheduler._unacked) == 1

    # Redis is back; the next attempt after the back-off flushes both buffers.
    for obj, client in (
        (scheduler, real_queue_server),
        (scheduler.queue, real_queue_server),
        (scheduler.df.bloom, real_df_server),
    ):
        obj.server = client
    for script in (scheduler.queue._push, scheduler.queue._pop, scheduler.queue._ack):
        script.registered_client = real_queue_server
    scheduler.df.bloom._add.registered_client = real_df_server
    assert scheduler.next_request() is None  # back-off not over yet: Redis not even tried
    clock.now = 5.0
    with caplog.at_level(logging.WARNING):
        request = scheduler.next_request()
    assert request.url == "http://a.test/new"
    assert "Redis is back" in caplog.text
    assert scheduler.queue.leased() == 1  # only the new lease: the held one was acked


def test_one_shot_worker_closes_after_idle_time_schedule_worker_never(make_scheduler):
    waiting = make_scheduler(NEWSCRAWL_IDLE_CLOSE_SECONDS=0)
    for _ in range(3):
        with pytest.raises(DontCloseSpider):
            waiting._on_spider_idle(waiting.spider)
    closing = make_scheduler(NEWSCRAWL_IDLE_CLOSE_SECONDS=0.05)
    with pytest.raises(DontCloseSpider):
        closing._on_spider_idle(closing.spider)  # starts the idle clock
    time.sleep(0.1)
    closing._on_spider_idle(closing.spider)  # no DontCloseSpider: the engine may close


def test_idle_worker_waits_while_other_workers_hold_leases(make_scheduler):
    other = make_scheduler()
    other.enqueue_request(Request("http://a.test/1"))
    other.next_request()  # leased by "another worker"
    idle = make_scheduler(NEWSCRAWL_IDLE_CLOSE_SECONDS=0.01)
    time.sleep(0.05)
    for _ in range(2):
        with pytest.raises(DontCloseSpider):
            idle._on_spider_idle(idle.spider)


def test_unreachable_redis_fails_fast_naming_the_url(prefix):
    crawler = distributed_crawler({"NEWSCRAWL_REDIS_URL": "redis://127.0.0.1:1/0"})
    with pytest.raises(
        RedisUnavailable, match=r"^cannot reach Redis at redis://127\.0\.0\.1:1/0: "
    ):
        DistributedScheduler.from_crawler(crawler)


def test_heartbeat_must_be_shorter_than_the_lease(make_scheduler):
    with pytest.raises(ValueError, match="NEWSCRAWL_HEARTBEAT_SECONDS"):
        make_scheduler(NEWSCRAWL_LEASE_SECONDS=5, NEWSCRAWL_HEARTBEAT_SECONDS=5)


class ClosingEngine:
    """The one engine call a worker that lost its queue makes."""

    def __init__(self) -> None:
        self.closed: list[str] = []

    def close_spider_async(self, *, reason):
        self.closed.append(reason)
        return succeed(None)  # awaitable, like the engine's coroutine, and already done


def test_a_flushed_queue_stops_the_worker_with_one_error(make_scheduler, server, prefix, caplog):
    scheduler = make_scheduler()
    engine = ClosingEngine()
    scheduler.crawler.engine = engine
    assert current_run(server, prefix) == scheduler.run_id
    scheduler.enqueue_request(Request("http://a.test/1"))
    scheduler.heartbeat()
    assert engine.closed == []  # the marker is there: nothing happens
    for key in server.scan_iter(match=f"{prefix}:*"):
        server.delete(key)  # what FLUSHALL or a restart without persistence does
    with caplog.at_level(logging.ERROR):
        scheduler.heartbeat()
        scheduler.heartbeat()
    assert caplog.text.count("The shared queue is gone") == 1
    assert run_key(prefix) in caplog.text and "newscrawl seed --resume" in caplog.text
    assert engine.closed == ["redis_queue_lost"]
    assert scheduler.next_request() is None
    assert not scheduler.has_pending_requests()
    assert not scheduler.enqueue_request(Request("http://a.test/2"))
    assert list(server.scan_iter(match=f"{prefix}:*")) == []  # nothing written into it


def test_another_run_marker_also_means_the_queue_was_lost(make_scheduler, server, prefix):
    scheduler = make_scheduler()
    scheduler.crawler.engine = engine = ClosingEngine()
    server.set(run_key(prefix), "another run")
    scheduler.heartbeat()
    assert engine.closed == ["redis_queue_lost"]


def test_an_idle_worker_that_finds_redis_emptied_reports_the_loss_not_a_finished_crawl(
    make_scheduler, server, prefix, caplog
):
    # An idle worker polls the queue only every few seconds; if Redis lost its data in
    # between, the queue looks empty, which must not read as "crawl finished".
    scheduler = make_scheduler(NEWSCRAWL_IDLE_CLOSE_SECONDS=0.01)
    scheduler.crawler.engine = engine = ClosingEngine()
    with pytest.raises(DontCloseSpider):
        scheduler._on_spider_idle(scheduler.spider)  # starts the idle clock
    time.sleep(0.05)
    for key in server.scan_iter(match=f"{prefix}:*"):
        server.delete(key)
    with caplog.at_level(logging.INFO), pytest.raises(DontCloseSpider):
        scheduler._on_spider_idle(scheduler.spider)
    assert engine.closed == ["redis_queue_lost"]
    assert caplog.text.count("The shared queue is gone") == 1
    assert "Shared queue empty" not in caplog.text


def test_a_worker_takes_nothing_from_and_writes_nothing_into_a_redis_that_lost_its_run(
    make_scheduler, server, prefix, caplog
):
    # Between two heartbeats a worker still pops and pushes; a Redis that came back empty
    # would hand it the requests it re-pushed there (already fetched and stored) once more.
    scheduler = make_scheduler()
    scheduler.crawler.engine = engine = ClosingEngine()
    for key in server.scan_iter(match=f"{prefix}:*"):
        server.delete(key)
    with caplog.at_level(logging.ERROR):
        assert not scheduler.enqueue_request(Request("http://a.test/again"))
        assert scheduler.next_request() is None
    assert engine.closed == ["redis_queue_lost"]
    assert caplog.text.count("The shared queue is gone") == 1
    assert server.get(f"{prefix}:pending") is None  # nothing queued in the emptied Redis


def test_every_worker_of_a_run_names_the_run_in_its_stats(make_scheduler, server, prefix):
    """Site health adds up the outcomes of the workers of one run by this id
    (newscrawl/crawl/health.py)."""
    first, second = make_scheduler(), make_scheduler()
    run = current_run(server, prefix)
    assert run is not None
    assert first.crawler.stats.get_value(RUN_STAT) == run
    assert second.crawler.stats.get_value(RUN_STAT) == run
