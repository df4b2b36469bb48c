"""What newscrawl takes from scrapy-redis, checked on the real local Redis under the pinned Scrapy.

newscrawl's distributed crawl has its own scheduler, fair leased queue, Bloom seen set and
seeding; it does not use scrapy-redis's RedisSpider (whose ``start_requests()`` Scrapy no longer
calls). What it does take from scrapy-redis:

* the queue entry format, ``picklecompat`` over ``Request.to_dict(spider=...)``: an entry
  newscrawl queues is one scrapy-redis's own queue reads, and the other way round;
* the Scheduler base class, built with a Redis client and ``persist=True``.

A Scrapy or scrapy-redis upgrade that changes either fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from scrapy import Request
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler
from scrapy_redis.queue import FifoQueue
from scrapy_redis.scheduler import Scheduler as RedisScheduler

from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.distributed.addon import apply_distributed_settings
from newscrawl.distributed.codec import decode_request, encode_request
from newscrawl.distributed.scheduler import DistributedScheduler
from tests.farm import FarmModel, write_sites_file

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def spider(tmp_path) -> NewsSpider:
    sites = write_sites_file(FarmModel(2, 2), tmp_path / "sites.yaml")
    return NewsSpider.from_crawler(get_crawler(NewsSpider), sites=str(sites))


def article_request(spider: NewsSpider) -> Request:
    return spider.make_request(
        "http://s000.farm.test/2024/05/01/x.html",
        spider.sites["s000"],
        "article",
        anchor_text="标题 Headline",
    )


def same_request(a: Request, b: Request) -> bool:
    return (a.url, a.callback, a.errback, a.meta, a.priority, a.dont_filter) == (
        b.url,
        b.callback,
        b.errback,
        b.meta,
        b.priority,
        b.dont_filter,
    )


def test_an_entry_newscrawl_queues_is_read_by_the_scrapy_redis_queue(server, prefix, spider):
    request = article_request(spider)
    server.lpush(f"{prefix}:q", encode_request(request, spider))
    again = FifoQueue(server, spider, f"{prefix}:q").pop()
    assert again is not None and same_request(again, request)
    assert again.callback == spider.parse_article


def test_an_entry_the_scrapy_redis_queue_pushes_is_read_by_newscrawl(server, prefix, spider):
    request = article_request(spider)
    FifoQueue(server, spider, f"{prefix}:q").push(request)
    payload = server.rpop(f"{prefix}:q")
    assert same_request(decode_request(payload, spider), request)


def test_the_scheduler_is_scrapy_redis_scheduler_keeping_the_shared_state(
    server, prefix, installed_reactor
):
    settings = Settings(
        {"NEWSCRAWL_REDIS_URL": "redis://127.0.0.1:6379/0", "NEWSCRAWL_REDIS_PREFIX": prefix}
    )
    apply_distributed_settings(settings)  # what the distributed add-on does
    crawler = get_crawler(NewsSpider, settings.copy_to_dict())
    scheduler = DistributedScheduler.from_crawler(crawler)
    assert isinstance(scheduler, RedisScheduler)
    assert scheduler.persist is True  # a closing worker leaves queue and seen set to the others
    assert scheduler.server.ping()


def test_newscrawl_takes_nothing_else_from_scrapy_redis():
    """The two tests above cover every scrapy-redis name the package imports."""
    imported = set()
    for path in (REPO / "newscrawl").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scrapy_redis"):
                imported |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                imported |= {
                    alias.name for alias in node.names if alias.name.startswith("scrapy_redis")
                }
    assert imported == {"scrapy_redis.picklecompat", "scrapy_redis.scheduler.Scheduler"}
