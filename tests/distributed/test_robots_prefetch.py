"""NEWSCRAWL_ROBOTS_PREFETCH: the robots.txt of every site's hosts is fetched from the moment the
spider opens, whether or not any page of the host ever comes up. Shown with a worker that gets
no work at all (nothing seeded): it fetches no page, so every robots.txt it fetches is one the
prefetch asked for."""

from __future__ import annotations

import pytest

from tests.distributed.test_farm import FarmCrawl

farm = pytest.importorskip("tests.farm.control", reason="the test farm (tests/farm) is missing")

pytestmark = pytest.mark.slow


@pytest.fixture
def idle_crawl(prefix, tmp_path):
    handle = farm.start_farm(sites=5, articles=1, specials=False, direct=True)
    crawl = FarmCrawl(handle, prefix, tmp_path)
    try:
        yield crawl
    finally:
        crawl.stop_all()
        handle.stop()


@pytest.mark.parametrize(("prefetch", "fetched_once_per_host"), [(2, True), (0, False)])
def test_robots_txt_of_every_host_is_fetched_as_the_spider_opens(
    idle_crawl, prefetch, fetched_once_per_host
):
    idle_crawl.start_worker(idle=1, NEWSCRAWL_ROBOTS_PREFETCH=prefetch)
    idle_crawl.wait_all()
    hosts = {site.host for site in idle_crawl.handle.model.sites}
    expected = dict.fromkeys(hosts, 1) if fetched_once_per_host else {}
    assert idle_crawl.handle.hits("/robots.txt") == expected, idle_crawl.log_text()[-3000:]
