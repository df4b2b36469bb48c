"""The single switch into distributed mode: ``apply_distributed_settings(settings)``.

The crawler add-on calls it when ``NEWSCRAWL_REDIS_URL`` is set; it replaces Scrapy's scheduler
and dupefilter with the Redis-backed ones, installs the defaults of the distributed settings
(distributed/defaults.py) and enables the lease acknowledgement middlewares.
Everything is set at ``"addon"`` priority, so a user's own ``-s`` / settings.py values win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from newscrawl.distributed.acks import LeaseAckDownloaderMiddleware, LeaseAckSpiderMiddleware
from newscrawl.distributed.defaults import install_distributed_defaults

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

SCHEDULER_PATH = "newscrawl.distributed.scheduler.DistributedScheduler"
# The scheduler owns its Bloom dupefilter; DUPEFILTER_CLASS names it for anyone who reads it.
DUPEFILTER_PATH = "newscrawl.distributed.dupefilter.BloomDupeFilter"

# Outermost positions: the spider middleware must see the callback's final output (after
# HttpErrorMiddleware at 50 and the rest); the downloader middleware's process_exception must run
# after RetryMiddleware (550) has declined to retry. Lower order = closer to the engine.
SPIDER_ACK_ORDER = 1
DOWNLOADER_ACK_ORDER = 1

# A request is acknowledged when its items have left the item pipelines. The store pipeline
# buffers NEWSCRAWL_DB_BATCH_SIZE records before writing; buffered records of acknowledged
# requests would die with a killed worker. Writing each article at once closes that window
# (a few ms per article on SQLite/PostgreSQL); raise it only if losing up to that many
# articles on a crash is acceptable.
DISTRIBUTED_DB_BATCH_SIZE = 1


def apply_distributed_settings(settings: BaseSettings, priority: str = "addon") -> None:
    """Switch ``settings`` to distributed mode; ``NEWSCRAWL_REDIS_URL`` must be set."""
    url = settings.get("NEWSCRAWL_REDIS_URL")
    if not url:
        raise ValueError("apply_distributed_settings: NEWSCRAWL_REDIS_URL is not set")
    if not str(url).startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"NEWSCRAWL_REDIS_URL must be a redis:// URL, got {url!r}")
    install_distributed_defaults(settings, priority)  # read by from_crawler, never restated
    settings.set("REDIS_URL", url, priority=priority)
    settings.set("SCHEDULER", SCHEDULER_PATH, priority=priority)
    settings.set("DUPEFILTER_CLASS", DUPEFILTER_PATH, priority=priority)
    settings.set("SCHEDULER_PERSIST", True, priority=priority)
    settings.set("NEWSCRAWL_DB_BATCH_SIZE", DISTRIBUTED_DB_BATCH_SIZE, priority=priority)
    settings.setdefault_in_component_priority_dict(
        "SPIDER_MIDDLEWARES", LeaseAckSpiderMiddleware, SPIDER_ACK_ORDER
    )
    settings.setdefault_in_component_priority_dict(
        "DOWNLOADER_MIDDLEWARES", LeaseAckDownloaderMiddleware, DOWNLOADER_ACK_ORDER
    )
