"""End to end with the real crawler: `newscrawl seed` + two `scrapy crawl news` workers on the
test farm, one Redis, one news database. Every article is stored exactly once, no URL is
fetched twice, and a second round fetches only what was published since (plus list pages).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import sqlalchemy as sa

from newscrawl.cli import main as newscrawl_main
from tests.distributed.harness import stop_processes

farm = pytest.importorskip("tests.farm.control", reason="the test farm (tests/farm) is missing")
sites_file = pytest.importorskip("tests.farm.sites_file")

pytestmark = pytest.mark.slow

REDIS_URL = "redis://127.0.0.1:6379/0"
REPO_ROOT = Path(__file__).resolve().parents[2]
# Scrapy logs each response at DEBUG as "Crawled (200) <GET url> (referer: ...)".
CRAWLED = re.compile(r"Crawled \((\d{3})\) <GET (\S+)>")


class FarmCrawl:
    def __init__(self, handle, prefix: str, workdir: Path) -> None:
        self.handle = handle
        self.prefix = prefix
        self.workdir = workdir
        self.sites = sites_file.write_sites_file(handle.model, workdir / "sites.yaml")
        self.database = f"sqlite:///{workdir / 'news.db'}"
        self.workers: list[subprocess.Popen[bytes]] = []

    def seed(self) -> None:
        code = newscrawl_main(
            ["seed", "-a", f"sites={self.sites}", "--redis", REDIS_URL, "--prefix", self.prefix]
        )
        assert code == 0

    def start_worker(self, idle: float = 4.0, **extra: object) -> subprocess.Popen[bytes]:
        log = (self.workdir / f"worker-{len(self.workers)}.log").open("wb")
        settings: dict[str, object] = {
            "NEWSCRAWL_REDIS_URL": REDIS_URL,
            "NEWSCRAWL_REDIS_PREFIX": self.prefix,
            "NEWSCRAWL_IDLE_CLOSE_SECONDS": idle,
            "NEWSCRAWL_LEASE_SECONDS": 10,
            "NEWSCRAWL_HEARTBEAT_SECONDS": 2,
            "NEWSCRAWL_DATABASE_URL": self.database,
            "NEWSCRAWL_SPILL_PATH": self.workdir / "spill.jsonl",
            "AUTOTHROTTLE_ENABLED": 0,
            "DOWNLOAD_DELAY": 0,
            "LOG_LEVEL": "DEBUG",
            "NEWSCRAWL_PROGRESS_INTERVAL": 0,
            **extra,
        }
        if self.handle.direct:  # site URLs carry the farm's port; the farm resolves the names
            settings["TWISTED_DNS_RESOLVER"] = "tests.farm.resolver.FarmResolver"
            env = {k: v for k, v in os.environ.items() if k.lower() != "http_proxy"}
        else:
            env = {**os.environ, "http_proxy": self.handle.proxy_url, "no_proxy": ""}
        command = [sys.executable, "-m", "scrapy", "crawl", "news", "-a", f"sites={self.sites}"]
        for name, value in settings.items():
            command += ["-s", f"{name}={value}"]
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        self.workers.append(process)
        return process

    def wait_until_open(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while self.log_text().count("Distributed scheduler on") < len(self.workers):
            assert time.monotonic() < deadline, self.log_text()[-5000:]
            time.sleep(0.2)

    def wait_all(self, timeout: float = 240.0) -> None:
        """Until every worker's spider has closed (the queue ran dry for the idle time)."""
        deadline = time.monotonic() + timeout
        while self.log_text().count("Spider closed (finished)") < len(self.workers):
            if time.monotonic() > deadline:
                self.stop_all()
                raise AssertionError(self.log_text()[-5000:])
            time.sleep(0.5)
        self.stop_all()

    def stop_all(self) -> None:
        # After "Spider closed" only process exit is left; a worker still alive 20 s later is
        # killed (process exit is the crawler's business, the crawl result is checked here).
        stop_processes(self.workers, grace_seconds=20)
        self.workers = []

    def log_text(self) -> str:
        return "\n".join(
            path.read_text(errors="replace") for path in sorted(self.workdir.glob("worker-*.log"))
        )

    def fetched(self) -> Counter[str]:
        """Responses per URL over all workers' logs, robots.txt and retried 5xx left out.

        RobotsTxtMiddleware fetches robots.txt once per worker outside the scheduler, and a
        500 page is retried on purpose: neither is the scheduler fetching a URL twice.
        """
        counts: Counter[str] = Counter()
        for status, url in CRAWLED.findall(self.log_text()):
            if not url.endswith("/robots.txt") and not status.startswith("5"):
                counts[url] += 1
        return counts

    def stored(self) -> list[str]:
        engine = sa.create_engine(self.database)
        with engine.connect() as connection:
            urls = [row[0] for row in connection.execute(sa.text("SELECT url FROM articles"))]
        engine.dispose()
        return urls


@pytest.fixture
def farm_crawl(prefix, tmp_path):
    handle = farm.start_farm(sites=3, articles=6)
    crawl = FarmCrawl(handle, prefix, tmp_path)
    try:
        yield crawl
    finally:
        crawl.stop_all()
        handle.stop()


def test_two_workers_store_every_farm_article_once(farm_crawl):
    farm_crawl.seed()
    farm_crawl.start_worker()
    farm_crawl.start_worker()
    farm_crawl.wait_all()
    stored = farm_crawl.stored()
    assert len(stored) == len(set(stored))
    assert_complete(farm_crawl, stored)
    fetched = farm_crawl.fetched()
    assert max(fetched.values()) == 1, [url for url, n in fetched.items() if n > 1]


def test_second_round_fetches_only_new_articles_and_list_pages(farm_crawl):
    farm_crawl.seed()
    farm_crawl.start_worker(idle=0)  # schedule mode: waits between rounds
    model = farm_crawl.handle.model
    wait_for_rows(farm_crawl, len(model.expected()))
    time.sleep(6)  # let round one finish its stragglers (list pages with no new articles)
    first_round = farm_crawl.fetched()

    new = farm_crawl.handle.publish(count=2)  # two new articles on every site
    farm_crawl.seed()
    wait_for_rows(farm_crawl, len(model.expected()))
    time.sleep(6)
    farm_crawl.stop_all()
    second_round = farm_crawl.fetched() - first_round

    new_urls = {
        site.base + article.path
        for site in model.sites
        for article in new
        if article in model.articles(site)
    }
    assert new_urls <= set(second_round)
    assert max(second_round.values()) == 1
    article_like = set(model.expected())
    # Round two fetched no article it had already fetched in round one.
    assert not (set(second_round) & article_like) - new_urls
    assert_complete(farm_crawl, farm_crawl.stored())


def assert_complete(crawl: FarmCrawl, stored: list[str]) -> None:
    """Every expected article, plus exactly one page of the farm's duplicate pair."""
    model = crawl.handle.model
    missing = set(model.expected()) - set(stored)
    assert not missing, crawl.log_text()[-5000:]
    extra = set(stored) - set(model.expected())
    assert len(extra) == 1 and extra <= set(model.duplicate_pair()), extra


def wait_for_rows(crawl: FarmCrawl, count: int, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if len(crawl.stored()) >= count:
                return
        except sa.exc.OperationalError:  # table not created yet
            pass
        assert time.monotonic() < deadline, crawl.log_text()[-5000:]
        time.sleep(0.5)
