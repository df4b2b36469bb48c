"""Distributed scheduler: scrapy-redis's Scheduler on a reliable, fair queue that survives outages.

What it adds to ``scrapy_redis.scheduler.Scheduler``:

* requests are *leased* from a :class:`FairLeaseQueue` (per-domain round robin) and acknowledged
  when processed (``acks.lease_done``); a heartbeat renews this worker's leases and moves expired
  leases of dead workers back into the queue;
* the dupefilter is a bounded Bloom filter that persists across rounds (the seen set);
* Redis errors never crash or stop the worker: requests and acks are buffered locally, Redis is
  retried with exponential back-off, the buffers are flushed when it is back;
* the worker's own start requests are dropped (``newscrawl seed``/``schedule`` enqueue them once);
* in one-shot mode a worker closes after the shared queue has been empty for
  ``NEWSCRAWL_IDLE_CLOSE_SECONDS``; with 0 it waits for the next round;
* a queue lost with its Redis (restarted empty, flushed) is noticed by the run marker
  (``run_marker``), on every heartbeat, idle poll, push and pop (the queue's scripts check
  it, so nothing is written into or taken from a Redis that is no longer this run's): the
  worker stops taking work and closes with one error saying how to resume
  (``newscrawl seed --resume``).

Settings: ``REDIS_URL`` (set from ``NEWSCRAWL_REDIS_URL``), ``NEWSCRAWL_REDIS_PREFIX``,
``NEWSCRAWL_LEASE_SECONDS``, ``NEWSCRAWL_HEARTBEAT_SECONDS``, ``NEWSCRAWL_REQUEUE_BATCH``,
``NEWSCRAWL_IDLE_CLOSE_SECONDS``, ``NEWSCRAWL_WORKER_START_REQUESTS``, ``NEWSCRAWL_BLOOM_*``,
``NEWSCRAWL_BACKOFF_*`` (defaults in distributed/defaults.py, documented in docs/distributed.md).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from scrapy import signals
from scrapy.exceptions import DontCloseSpider
from scrapy.utils.defer import deferred_from_coro
from scrapy.utils.httpobj import urlparse_cached
from scrapy_redis.scheduler import Scheduler as RedisScheduler
from twisted.internet.task import LoopingCall

from newscrawl.crawl.health import RUN_STAT
from newscrawl.distributed import defaults
from newscrawl.distributed.acks import LEASE_META, lease_done
from newscrawl.distributed.backoff import Backoff
from newscrawl.distributed.codec import decode_request, encode_request
from newscrawl.distributed.connection import connect
from newscrawl.distributed.dupefilter import BloomDupeFilter
from newscrawl.distributed.queue import FairLeaseQueue, RunLost
from newscrawl.distributed.run_marker import current_run, ensure_run, run_key

if TYPE_CHECKING:
    from typing import Self

    from redis import Redis
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

QUEUE_LOST = "redis_queue_lost"  # the spider's close reason when the run marker is gone

# Redis failures a worker rides out; anything else (WRONGTYPE, script errors) is a bug and raises.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


def queue_domain(request: Request) -> str:
    """Fairness unit: host and port, so two sites on one host:port share one turn."""
    return urlparse_cached(request).netloc.lower() or "-"


class DistributedScheduler(RedisScheduler):  # type: ignore[misc]
    def __init__(
        self,
        server: Redis,
        crawler: Crawler,
        *,
        prefix: str,
        lease_seconds: float = defaults.NEWSCRAWL_LEASE_SECONDS,
        heartbeat_seconds: float = defaults.NEWSCRAWL_HEARTBEAT_SECONDS,
        requeue_batch: int = defaults.NEWSCRAWL_REQUEUE_BATCH,
        idle_close_seconds: float = defaults.NEWSCRAWL_IDLE_CLOSE_SECONDS,
        worker_start_requests: bool = defaults.NEWSCRAWL_WORKER_START_REQUESTS,
        backoff: Backoff | None = None,
    ) -> None:
        if heartbeat_seconds <= 0 or heartbeat_seconds >= lease_seconds:
            raise ValueError(
                f"NEWSCRAWL_HEARTBEAT_SECONDS ({heartbeat_seconds}) must be positive and shorter "
                f"than NEWSCRAWL_LEASE_SECONDS ({lease_seconds}), or live leases expire"
            )
        # persist=True: the queue and seen set are shared with other workers and later rounds.
        super().__init__(server, persist=True)
        self.crawler = crawler
        self.stats = crawler.stats
        self.prefix = prefix
        self.lease_seconds = lease_seconds
        self.heartbeat_seconds = heartbeat_seconds
        self.requeue_batch = requeue_batch
        self.idle_close_seconds = idle_close_seconds
        self.worker_start_requests = worker_start_requests
        self.backoff = backoff or Backoff(
            defaults.NEWSCRAWL_BACKOFF_INITIAL_SECONDS, defaults.NEWSCRAWL_BACKOFF_MAX_SECONDS
        )
        self.held: set[str] = set()  # leases this worker holds
        self._unsent: deque[tuple[Request, str | None]] = deque()  # pushes waiting for Redis
        self._unacked: set[str] = set()  # acks waiting for Redis
        self._requeue_after = 0.0  # monotonic time; grace period after an outage
        self._idle_since: float | None = None
        self._dropped_start = False
        self.run_id: str | None = None
        self.queue_lost = False
        self._heartbeat = LoopingCall(self.heartbeat)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        settings = crawler.settings
        server = connect(settings.get("REDIS_URL"))  # RedisUnavailable: one line at start
        template = settings.get("NEWSCRAWL_REDIS_PREFIX")
        return cls(
            server,
            crawler,
            prefix=template % {"spider": crawler.spidercls.name},
            lease_seconds=settings.getfloat("NEWSCRAWL_LEASE_SECONDS"),
            heartbeat_seconds=settings.getfloat("NEWSCRAWL_HEARTBEAT_SECONDS"),
            requeue_batch=settings.getint("NEWSCRAWL_REQUEUE_BATCH"),
            idle_close_seconds=settings.getfloat("NEWSCRAWL_IDLE_CLOSE_SECONDS"),
            worker_start_requests=settings.getbool("NEWSCRAWL_WORKER_START_REQUESTS"),
            backoff=Backoff(
                settings.getfloat("NEWSCRAWL_BACKOFF_INITIAL_SECONDS"),
                settings.getfloat("NEWSCRAWL_BACKOFF_MAX_SECONDS"),
            ),
        )

    # -- lifecycle -------------------------------------------------------------------------

    def open(self, spider: Spider) -> None:
        self.spider = spider
        self.run_id = ensure_run(self.server, self.prefix)
        if self.crawler.stats is not None:  # site health merges the run's workers by it
            self.crawler.stats.set_value(RUN_STAT, self.run_id)
        self.queue = FairLeaseQueue(
            self.server, self.prefix, lease_seconds=self.lease_seconds, run_id=self.run_id
        )
        self.df = BloomDupeFilter.for_crawler(self.crawler, self.server, self.prefix)
        self.crawler.signals.connect(self._on_lease_done, signal=lease_done)
        self.crawler.signals.connect(self._on_spider_idle, signal=signals.spider_idle)
        pending, leased = self.queue.pending(), self.queue.leased()
        logger.info(
            "Distributed scheduler on %(prefix)s: %(pending)d requests queued, %(leased)d leased"
            " (run %(run)s)",
            {"prefix": self.prefix, "pending": pending, "leased": leased, "run": self.run_id},
            extra={"spider": spider},
        )
        self._heartbeat.start(self.heartbeat_seconds, now=True).addErrback(self._heartbeat_died)

    def close(self, reason: str) -> None:
        if self._heartbeat.running:
            self._heartbeat.stop()
        if self.queue_lost:
            return  # nothing is written into a Redis that is not this run's any more
        if reason == "finished":
            self._ack_held("closed")  # finished = nothing in flight: every held lease is done
        if self._unsent or self._unacked:
            self._flush()
        if self._unsent:
            urls = [request.url for request, _ in self._unsent]
            logger.error(
                "Redis unreachable at close: %(n)d requests were never queued: %(urls)s",
                {"n": len(urls), "urls": urls},
                extra={"spider": self.spider},
            )
        # Held leases of an interrupted crawl are left to expire: another worker re-queues them.

    def __len__(self) -> int:
        return self.queue.pending() + len(self._unsent)

    # -- scheduling ------------------------------------------------------------------------

    def enqueue_request(self, request: Request) -> bool:
        if self.queue_lost:
            return False  # the resumed run finds it again from its list pages
        if request.meta.get("is_start_request") and not self.worker_start_requests:
            self._drop_start_request(request)
            return False
        handoff = request.meta.pop(LEASE_META, None)
        if handoff is not None:
            self.held.discard(handoff)
        if not self.backoff.down:
            try:
                return self._push(request, handoff)
            except RunLost:
                self._run_intact()  # says so once and closes
                return False
            except REDIS_DOWN as error:
                self._outage(error)
        self._unsent.append((request, handoff))
        return True

    def _push(self, request: Request, handoff: str | None) -> bool:
        # A dont_filter request (list page, retry) bypasses the filter but is recorded in it,
        # so the same URL found later as a link is not fetched a second time.
        if self.df.request_seen(request) and not request.dont_filter:
            self.df.log(request, self.spider)
            if handoff is not None:
                self.queue.ack([handoff])
            return False
        try:
            payload = encode_request(request, self.spider)
        except ValueError as error:  # callback is not a method of the spider: a spider bug
            logger.error(
                "Request %(request)s cannot be queued in Redis: %(error)s",
                {"request": request, "error": error},
                extra={"spider": self.spider},
            )
            self._inc("newscrawl/distributed/unserialisable")
            if handoff is not None:
                self.queue.ack([handoff])
            return False
        self.queue.push(queue_domain(request), payload, request.priority, handoff=handoff)
        self._inc("scheduler/enqueued/redis")
        return True

    def next_request(self) -> Request | None:
        if self.queue_lost:
            return None
        if self.backoff.down and not self._recover():
            return None
        try:
            lease = self.queue.pop()
        except RunLost:
            self._run_intact()  # says so once and closes
            return None
        except REDIS_DOWN as error:
            self._outage(error)
            return None
        if lease is None:
            return None
        try:
            request = decode_request(lease.payload, self.spider)
        except ValueError as error:  # e.g. seeded for a spider without that callback
            logger.error(
                "Dropping undecodable queued request: %(error)s",
                {"error": error},
                extra={"spider": self.spider},
            )
            self._inc("newscrawl/distributed/undecodable")
            self.queue.ack([lease.id])
            return None
        request.meta[LEASE_META] = lease.id
        self.held.add(lease.id)
        self._idle_since = None
        self._inc("scheduler/dequeued/redis")
        return request

    def has_pending_requests(self) -> bool:
        if self.queue_lost:
            return False
        if self.backoff.down or self._unsent:
            return True  # unknown or buffered: not idle
        try:
            return self.queue.pending() > 0
        except REDIS_DOWN as error:
            self._outage(error)
            return True

    def _drop_start_request(self, request: Request) -> None:
        self._inc("newscrawl/distributed/start_requests_dropped")
        if not self._dropped_start:
            self._dropped_start = True
            logger.info(
                "Dropping this worker's start requests (first: %(url)s): in distributed mode "
                "`newscrawl seed` / `newscrawl schedule` enqueue them once for all workers "
                "(set NEWSCRAWL_WORKER_START_REQUESTS to change)",
                {"url": request.url},
                extra={"spider": self.spider},
            )

    # -- leases ----------------------------------------------------------------------------

    def _on_lease_done(self, lease: str) -> None:
        if self.queue_lost or lease not in self.held:
            return
        self.held.discard(lease)
        self._ack([lease])

    def _ack(self, leases: list[str]) -> None:
        if not self.backoff.down:
            try:
                self.queue.ack(leases)
                self._inc("newscrawl/distributed/acked", len(leases))
                return
            except REDIS_DOWN as error:
                self._outage(error)
        self._unacked.update(leases)

    def _ack_held(self, when: str) -> None:
        if self.held:
            logger.debug(
                "Acknowledging %(n)d leases held when %(when)s",
                {"n": len(self.held), "when": when},
                extra={"spider": self.spider},
            )
            self._inc(f"newscrawl/distributed/acked_when_{when}", len(self.held))
            leases, self.held = list(self.held), set()
            self._ack(leases)

    def heartbeat(self) -> None:
        """Renew held leases and re-queue expired ones (runs every NEWSCRAWL_HEARTBEAT_SECONDS)."""
        if self.queue_lost or (self.backoff.down and not self._recover()):
            return
        try:
            if not self._run_intact():
                return
            self._renew()
            if time.monotonic() >= self._requeue_after:
                moved = self.queue.requeue_expired(self.requeue_batch)
                if moved:
                    logger.warning(
                        "Re-queued %(n)d requests whose lease expired (dead worker?)",
                        {"n": moved},
                        extra={"spider": self.spider},
                    )
                    self._inc("newscrawl/distributed/requeued", moved)
        except REDIS_DOWN as error:
            self._outage(error)

    def _renew(self) -> None:
        held = set(self.held)
        lost = held - self.queue.renew(held)
        if lost:
            # Expired while we held it (worker stalled longer than the lease): another worker
            # may fetch it again. Storage is idempotent on URL, so this costs a fetch, not a row.
            logger.warning(
                "%(n)d leases expired while held; raise NEWSCRAWL_LEASE_SECONDS",
                {"n": len(lost)},
                extra={"spider": self.spider},
            )
            self._inc("newscrawl/distributed/leases_lost", len(lost))
            self.held -= lost

    def _heartbeat_died(self, failure: Any) -> None:
        logger.error(
            "Distributed scheduler heartbeat stopped: leases will expire",
            exc_info=(failure.type, failure.value, failure.getTracebackObject()),
            extra={"spider": self.spider},
        )

    # -- idle ------------------------------------------------------------------------------

    def _on_spider_idle(self, spider: Spider) -> None:
        if self.queue_lost:
            return  # closing
        # The engine is idle: nothing of ours is downloading or being scraped any more.
        self._ack_held("idle")
        if self.backoff.down or self._unsent or self._unacked:
            raise DontCloseSpider("Redis unreachable; waiting to flush")
        try:
            busy = self.queue.pending() + self.queue.leased()
            # An empty queue is also what a Redis that lost its data looks like: closing as
            # "finished" then would hide the loss from this worker's report.
            if not busy and not self._run_intact():
                raise DontCloseSpider("queue lost: closing with its own reason")
        except REDIS_DOWN as error:
            self._outage(error)
            raise DontCloseSpider("Redis unreachable") from None
        if busy or self.idle_close_seconds <= 0:
            # Leases held by others may still yield requests, or come back if their worker died.
            self._idle_since = None
            raise DontCloseSpider("queue busy" if busy else "schedule mode: waiting for work")
        now = time.monotonic()
        if self._idle_since is None:
            self._idle_since = now
        if now - self._idle_since < self.idle_close_seconds:
            raise DontCloseSpider("waiting for idle timeout")
        logger.info(
            "Shared queue empty for %(s).0f s: closing",
            {"s": now - self._idle_since},
            extra={"spider": spider},
        )

    # -- outages ---------------------------------------------------------------------------

    def _outage(self, error: Exception) -> None:
        first = not self.backoff.down
        delay = self.backoff.failed()
        self._inc("newscrawl/distributed/redis_errors")
        log = logger.warning if first else logger.info
        log(
            "Redis unreachable (%(error)s); retrying in %(delay).0f s, %(unsent)d requests and "
            "%(unacked)d acks buffered",
            {
                "error": error,
                "delay": delay,
                "unsent": len(self._unsent),
                "unacked": len(self._unacked),
            },
            extra={"spider": self.spider},
        )

    def _recover(self) -> bool:
        """Try Redis again if the back-off allows; flush the buffers. True if Redis is usable."""
        if not self.backoff.may_retry():
            return False
        try:
            self.server.ping()
            if not self._run_intact():  # checked before anything of ours is written
                self.backoff.recovered()
                return False
            self.queue.renew(self.held)  # before anyone re-queues our leases as expired
        except REDIS_DOWN as error:
            self._outage(error)
            return False
        lasted = self.backoff.recovered()
        # Other live workers need a heartbeat to renew their leases too before expiry is trusted.
        self._requeue_after = time.monotonic() + self.lease_seconds
        flushed = self._flush()
        logger.warning(
            "Redis is back after %(s).1f s; flushed %(n)d buffered requests/acks",
            {"s": lasted, "n": flushed},
            extra={"spider": self.spider},
        )
        return not self.backoff.down

    # -- a lost queue ----------------------------------------------------------------------

    def _run_intact(self) -> bool:
        """Whether Redis still holds this run's marker; if not, stop (once) and say so."""
        found = current_run(self.server, self.prefix)
        if found == self.run_id:
            return True
        self.queue_lost = True
        dropped = len(self._unsent) + len(self.held)
        self._unsent.clear()
        self._unacked.clear()
        self.held.clear()
        self._inc("newscrawl/distributed/queue_lost")
        logger.error(
            "The shared queue is gone: Redis key %(key)s is %(found)s, not this run's %(run)s "
            "(Redis restarted without persistence, flushed, or failed over with data loss). "
            "This worker stops taking work (%(n)d buffered or in-flight requests dropped; a "
            "resumed run finds them again). Rebuild the queue with `newscrawl seed --resume` "
            "(articles already stored are not fetched again), then restart the workers.",
            {
                "key": run_key(self.prefix),
                "found": "missing" if found is None else repr(found),
                "run": repr(self.run_id),
                "n": dropped,
            },
            extra={"spider": self.spider},
        )
        if self._heartbeat.running:
            self._heartbeat.stop()
        deferred_from_coro(self.crawler.engine.close_spider_async(reason=QUEUE_LOST))
        return False

    def _flush(self) -> int:
        flushed = 0
        try:
            if self._unacked:
                self.queue.ack(self._unacked)
                flushed += len(self._unacked)
                self._unacked.clear()
            while self._unsent:
                request, handoff = self._unsent[0]
                self._push(request, handoff)
                self._unsent.popleft()
                flushed += 1
        except RunLost:
            self._run_intact()  # says so once, drops the buffers and closes
        except REDIS_DOWN as error:
            self._outage(error)
        return flushed

    def _inc(self, key: str, count: int = 1) -> None:
        if self.stats is not None:
            self.stats.inc_value(key, count)
