"""Defaults of every ``NEWSCRAWL_*`` setting of distributed mode (see docs/distributed.md), under
the setting names; newscrawl/defaults.py lists them with the others, so the add-on installs them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

# Key prefix of all Redis keys of one crawl; ``%(spider)s`` is the spider name. Tests use a unique
# prefix each so they never touch another crawl's keys.
NEWSCRAWL_REDIS_PREFIX = "newscrawl:%(spider)s"

# A popped request is leased for this long; the holder renews it every LEASE_RENEW_SECONDS.
# 60 s: a lease must outlive the slowest download + callback + item pipeline (DOWNLOAD_TIMEOUT is
# 180 s by default but renewals keep slow requests alive); a dead worker's requests come back
# within one minute. Tests set 3 s.
NEWSCRAWL_LEASE_SECONDS = 60.0
# Renew at a third of the lease so two missed heartbeats still do not let a live lease expire.
NEWSCRAWL_HEARTBEAT_SECONDS = 20.0
# How many expired leases one heartbeat moves back into the queues (bounds one Lua call's runtime).
NEWSCRAWL_REQUEUE_BATCH = 500

# One-shot mode: close after the shared queue and all leases have been empty this long.
# 0 = never close (schedule mode: workers wait for the next round).
NEWSCRAWL_IDLE_CLOSE_SECONDS = 10.0

# Start requests yielded by each worker's spider are dropped: `newscrawl seed` / `newscrawl
# schedule` enqueue them once for all workers (otherwise N workers fetch each list page N times).
NEWSCRAWL_WORKER_START_REQUESTS = False

# Bloom dupefilter sizing: 10M URLs at a 0.1 % false-positive rate is a 17.1 MiB bitmap.
NEWSCRAWL_BLOOM_CAPACITY = 10_000_000
NEWSCRAWL_BLOOM_ERROR_RATE = 0.001

# Redis outage back-off: first retry after 1 s, doubling up to 30 s (so a one-minute outage is
# noticed within 30 s of Redis coming back).
NEWSCRAWL_BACKOFF_INITIAL_SECONDS = 1.0
NEWSCRAWL_BACKOFF_MAX_SECONDS = 30.0

# Socket timeouts for the worker's Redis client: short, because Redis calls run on the reactor
# thread and a black-holed Redis must not freeze the crawl for scrapy-redis's default 30 s.
REDIS_SOCKET_TIMEOUT = 5.0

DISTRIBUTED_DEFAULTS = {
    name: value for name, value in globals().items() if name.startswith("NEWSCRAWL_")
}


def install_distributed_defaults(settings: BaseSettings, priority: str = "addon") -> None:
    """These defaults into ``settings``, below any value a user gave (settings.py, ``-s``)."""
    for name, value in DISTRIBUTED_DEFAULTS.items():
        settings.set(name, value, priority=priority)
