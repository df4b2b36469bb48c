"""Recrawl rounds: claims in Redis, and an incremental second round on a live worker."""

from __future__ import annotations

import time

import pytest

from newscrawl.config.sites import SiteConfig
from newscrawl.distributed.recrawl_rounds import RoundScheduler
from newscrawl.distributed.seeding import Seeder, build_spider
from tests.distributed.harness import Crawl
from tests.distributed.site import serve_site
from tests.distributed.site_spider import SiteSpider

REDIS_URL = "redis://127.0.0.1:6379/0"


def two_sites(interval_a: float, interval_b: float) -> list[SiteConfig]:
    return [
        SiteConfig(name="a", start_urls=("http://a.test/list",), recrawl_interval=interval_a),
        SiteConfig(name="b", start_urls=("http://b.test/list",), recrawl_interval=interval_b),
    ]


def rounds(server, prefix, sites) -> RoundScheduler:
    spider = build_spider(SiteSpider, {"NEWSCRAWL_BLOOM_CAPACITY": 1000}, site="http://unused.test")
    spider.sites = {site.name: site for site in sites}
    return RoundScheduler(server, Seeder(server, prefix, spider), sites)


def test_a_site_is_enqueued_once_per_interval(server, prefix):
    scheduler = rounds(server, prefix, two_sites(3600, 0.2))
    assert scheduler.run_once() == (["a", "b"], pytest.approx(0.2))
    enqueued, wait = scheduler.run_once()
    assert enqueued == [] and 0 < wait <= 0.2
    time.sleep(0.25)
    enqueued, wait = scheduler.run_once()
    assert enqueued == ["b"]
    assert int(server.get(f"{prefix}:pending")) == 3
    assert sorted(server.lrange(f"{prefix}:ring", 0, -1)) == [b"a.test", b"b.test"]


def test_two_schedulers_never_enqueue_the_same_round(server, prefix):
    first = rounds(server, prefix, two_sites(3600, 3600))
    second = rounds(server, prefix, two_sites(3600, 3600))
    assert first.run_once()[0] == ["a", "b"]
    assert second.run_once()[0] == []
    assert second.run_once(force=True)[0] == ["a", "b"]  # `newscrawl seed` forces a round


def test_run_forever_sleeps_until_the_next_site_is_due(server, prefix):
    sleeps: list[float] = []
    scheduler = rounds(server, prefix, two_sites(3600, 3600))
    scheduler.sleep = sleeps.append
    scheduler.run_forever(should_stop=lambda: len(sleeps) >= 2)
    assert sleeps == [60.0, 60.0]  # capped, so a forced round elsewhere is seen within a minute
    assert int(server.get(f"{prefix}:pending")) == 2  # the second pass enqueued nothing


@pytest.mark.slow
def test_second_round_fetches_only_new_articles_and_list_pages(prefix, tmp_path):
    with serve_site(articles=20) as site:
        crawl = Crawl(REDIS_URL, prefix, site.base, tmp_path, concurrency=4)
        server = crawl.server()
        try:
            worker = crawl.start_worker(idle=0)  # schedule mode: waits between rounds
            crawl.wait_until_open()
            crawl.seed()
            crawl.wait_for_rows(20)
            wait_until_drained(server, prefix)
            time.sleep(6)  # longer than the engine's 5 s idle poll: the worker must stay
            assert worker.poll() is None, crawl.logs()

            site.reset_counts()
            new = site.publish(5)
            crawl.seed()  # round two (forced: the test does not wait an hour)
            crawl.wait_for_rows(25)
            wait_until_drained(server, prefix)
            fetches = site.fetch_counts()
        finally:
            crawl.stop_all()
    assert set(fetches) == new | {site.list_url}
    assert max(fetches.values()) == 1
    stored = crawl.stored()
    assert set(stored) == site.article_urls() and max(stored.values()) == 1


def wait_until_drained(server, prefix, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while int(server.get(f"{prefix}:pending") or 0) or server.zcard(f"{prefix}:deadlines"):
        assert time.monotonic() < deadline, "queue not drained"
        time.sleep(0.1)
