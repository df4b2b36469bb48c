"""Recrawl rounds: re-enqueue each site's list pages when its ``recrawl_interval`` has passed.

The last round of every site is kept in the Redis hash ``<prefix>:schedule`` (site -> Redis
server time), and a round is *claimed* atomically, so several ``newscrawl schedule`` processes
(or a cron one-shot overlapping a long-running one) never enqueue the same round twice.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from newscrawl.distributed import defaults
from newscrawl.distributed.backoff import Backoff
from newscrawl.distributed.seeding import Seeder, site_requests

if TYPE_CHECKING:
    from redis import Redis
    from scrapy import Request

    from newscrawl.config.sites import SiteConfig

logger = logging.getLogger(__name__)

# KEYS: schedule hash. ARGV: site, interval seconds, force (1/0).
# Returns {1, 0} when the round is claimed, else {0, seconds until the site is due}.
CLAIM_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local last = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '')
local interval = tonumber(ARGV[2])
if ARGV[3] == '1' or not last or now - last >= interval then
  redis.call('HSET', KEYS[1], ARGV[1], string.format('%.6f', now))
  return {1, '0'}
end
return {0, string.format('%.6f', last + interval - now)}
"""

# A long-running scheduler never sleeps longer than this, so a changed sites file or a manual
# `newscrawl seed --force` is noticed within a minute.
MAX_SLEEP_SECONDS = 60.0


class RoundScheduler:
    """Claims due sites and pushes their start requests through ``seeder``."""

    def __init__(
        self,
        server: Redis,
        seeder: Seeder,
        sites: Sequence[SiteConfig],
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.server = server
        self.seeder = seeder
        self.sites = list(sites)
        self.sleep = sleep
        self._groups: dict[str, list[Request]] = site_requests(seeder.spider, self.sites)
        self._claim = server.register_script(CLAIM_SCRIPT)

    def requests_of(self, site: str) -> list[Request]:
        """The start requests a round of ``site`` enqueues."""
        return self._groups[site]

    @property
    def key(self) -> str:
        return f"{self.seeder.prefix}:schedule"

    def run_once(self, *, force: bool = False) -> tuple[list[str], float]:
        """Enqueue every due site (all with ``force``); returns (sites enqueued, s to next due)."""
        enqueued: list[str] = []
        next_due = math.inf
        for site in self.sites:
            claimed, wait = self._claim(
                keys=[self.key], args=[site.name, site.recrawl_interval, int(force)]
            )
            if not int(claimed):
                next_due = min(next_due, float(wait))
                continue
            count = self.seeder.push(self._groups[site.name])
            enqueued.append(site.name)
            next_due = min(next_due, site.recrawl_interval)
            logger.info(
                "Round of %(site)s: enqueued %(n)d start requests", {"n": count, "site": site.name}
            )
        return enqueued, max(next_due, 0.0)

    def run_forever(self, should_stop: Callable[[], bool] = lambda: False) -> None:
        """Rounds until ``should_stop()``; sleeps until the next site is due (at most a minute).

        Redis outages are logged and retried with back-off; the loop never dies of one.
        """
        backoff = Backoff(
            defaults.NEWSCRAWL_BACKOFF_INITIAL_SECONDS, defaults.NEWSCRAWL_BACKOFF_MAX_SECONDS
        )
        while not should_stop():
            try:
                _, wait = self.run_once()
            except (RedisConnectionError, RedisTimeoutError) as error:
                wait = backoff.failed()
                logger.warning(
                    "Redis unreachable (%(error)s); retrying in %(wait).0f s",
                    {"error": error, "wait": wait},
                )
            else:
                if backoff.down:
                    logger.warning("Redis is back after %(s).0f s", {"s": backoff.recovered()})
            self.sleep(min(wait, MAX_SLEEP_SECONDS))
