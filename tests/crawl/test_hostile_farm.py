"""End to end on the hostile farm: dead hosts are given up once and reported with their reason,
hurt hosts still give every article, broken ones are counted, and nothing prints a traceback.

The farm is crawled directly (no proxy) with its own resolver, so the crawler's own DNS,
refused and timeout paths are the ones exercised (tests/farm/hostile.py lists the modes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.farm import FarmHandle, start_farm
from tests.farm.hostile import DEAD, HOSTILE_MODES, HURT

from .conftest import CrawlRun, run_crawl, stored_articles

# Which failure kind marks a dead host down.
DOWN_KIND = {
    "nxdomain": "dns",
    "refused": "refused",
    "blackhole": "timeout",
    "trickle": "timeout",
    "dead_after_home": "timeout",
}
NEVER_REACH_THE_SERVER = ("nxdomain", "refused")


@pytest.fixture
def hostile_farm() -> Iterator[FarmHandle]:
    handle = start_farm(
        2 + len(HOSTILE_MODES),
        4,
        specials=False,
        direct=True,
        modes=["healthy", *HOSTILE_MODES, "healthy"],
    )
    yield handle
    handle.stop()


def final_line(run: CrawlRun) -> str:
    return next(line for line in run.log.splitlines() if "Crawl finished" in line)


def check_hostile_crawl(farm: FarmHandle, run: CrawlRun) -> None:
    assert run.returncode == 0, run.log[-3000:]
    assert "Traceback" not in run.log
    model = farm.model
    stored = stored_articles(run.db_url)
    expected = model.expected()
    assert {url: stored.get(url, (None,))[0] for url in expected} == {
        url: title for url, (title, _anchor) in expected.items()
    }, "every reachable article"
    for site in model.sites:
        if site.mode in DEAD:
            assert not [url for url in stored if url.startswith(site.base)], site.mode
    # Every dead host is named once, with its site and the kind of failure that killed it.
    down = dict(re.findall(r"^  (s\d+): \S+ down \((\w+) x\d+\)$", run.log, re.MULTILINE))
    assert down == {site.name: DOWN_KIND[site.mode] for site in model.sites if site.mode in DEAD}
    assert not [site for site in model.sites if site.mode in HURT and site.name in down]
    # One line per counted failure: the final line's error total is the number of lines.
    total = int(re.search(r"errors (\d+) \(", final_line(run)).group(1))
    failure_lines = re.findall(r"WARNING: (?:Fetch failed|robots\.txt unreachable): host ", run.log)
    assert len(failure_lines) == total


def test_hostile_farm_into_sqlite(hostile_farm, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    run = run_crawl(hostile_farm, tmp_path, db_url)
    check_hostile_crawl(hostile_farm, run)
    model = hostile_farm.model
    modes = {site.host: site.mode for site in model.sites}
    table = {line.split()[0]: line for line in run.log.splitlines() if re.match(r"^s\d+ ", line)}
    by_mode = {site.mode: table.get(site.name, "") for site in model.sites}
    assert "connection_lost:4" in by_mode["reset"]  # cut mid-body, after its retry too
    assert "other:4" in by_mode["redirect_loop"]  # Scrapy's hop limit
    assert "not_html:4" in by_mode["not_html"]
    assert "robots_unreachable:1" in by_mode["robots_5xx"]
    assert "robots_unreachable:1" in by_mode["robots_timeout"]
    # the 429 answers' Retry-After slowed their host down (every article still came: above)
    assert re.search(r"'newscrawl/retry_after_honoured': [1-9]", run.log)
    # robots.txt once per host: the spider's sitemap discovery reuses the middleware's copy
    # (a robots.txt that failed is retried once, like any request).
    hits = hostile_farm.hits("/robots.txt")
    once = {
        host
        for host, mode in modes.items()
        if mode
        not in ("robots_5xx", "robots_timeout", "blackhole", "trickle", *NEVER_REACH_THE_SERVER)
    }
    assert {host: hits.get(host) for host in once} == dict.fromkeys(once, 1)
    assert not {
        host for host, mode in modes.items() if mode in NEVER_REACH_THE_SERVER and host in hits
    }
    # a robots.txt that hangs is tried twice (NEWSCRAWL_ROBOTS_RETRY_TIMES), not RETRY_TIMES + 1
    assert {hits.get(host) for host, mode in modes.items() if mode == "robots_timeout"} == {2}


def test_hostile_farm_into_postgresql(hostile_farm, tmp_path, pg_url):
    check_hostile_crawl(hostile_farm, run_crawl(hostile_farm, tmp_path, pg_url))


def test_a_crawl_where_every_fetch_fails_says_so_at_once(tmp_path):
    """A name that does not resolve and a closed port on 127.0.0.1: nothing is fetched."""
    farm = start_farm(2, 1, specials=False, direct=True, modes=["nxdomain", "refused"])
    try:
        run = run_crawl(farm, tmp_path, f"sqlite:///{tmp_path / 'news.db'}")
    finally:
        farm.stop()
    assert run.returncode == 0, run.log[-3000:]
    assert "Traceback" not in run.log
    lines = run.log.splitlines()
    first_failure = next(i for i, line in enumerate(lines) if "robots.txt unreachable" in line)
    report = next(
        line for line in lines[first_failure:] if "Progress:" in line or "Crawl finished" in line
    )
    assert "EVERY FETCH FAILED so far: pages 0" in report
    assert "hosts down 2 (dns 1, refused 1;" in report
    assert "errors 2 (robots_unreachable 2)" in report
    assert re.search(
        r"robots\.txt unreachable: host s000\.gone\.test, robots_unreachable "
        r"\(dns\), http://s000\.gone\.test:\d+/robots\.txt \(site s000\)",
        run.log,
    )
    assert "robots_unreachable (refused), http://s001.farm.test:1/robots.txt" in run.log


def test_hosts_whose_robots_txt_hangs_do_not_hold_the_healthy_hosts_slots(tmp_path):
    """Five hosts whose robots.txt never answers come first; CONCURRENT_REQUESTS is 4. Neither
    their robots.txt fetches (a budget of their own) nor the requests waiting for them hold
    any of the four places, so the healthy hosts are crawled before the first robots.txt
    timeout (with Scrapy's downloader the five fetches held all four)."""
    modes = ["robots_timeout"] * 5 + ["healthy"] * 2
    farm = start_farm(len(modes), 3, specials=False, direct=True, modes=modes)
    settings = {
        "CONCURRENT_REQUESTS": "4",
        "CONCURRENT_REQUESTS_PER_DOMAIN": "1",
        "DOWNLOAD_TIMEOUT": "8",
        "NEWSCRAWL_ROBOTS_TIMEOUT": "8",
        "NEWSCRAWL_ROBOTS_RETRY_TIMES": "0",
        "NEWSCRAWL_ROBOTS_PREFETCH": "0",
        "LOG_LEVEL": "DEBUG",
    }
    try:
        run = run_crawl(farm, tmp_path, f"sqlite:///{tmp_path / 'news.db'}", settings)
    finally:
        farm.stop()
    assert run.returncode == 0, run.log[-3000:]
    lines = run.log.splitlines()
    first_timeout = next(i for i, line in enumerate(lines) if "robots.txt unreachable" in line)
    healthy_articles = {
        url
        for url in farm.model.expected()
        if url.startswith((farm.model.sites[5].base, farm.model.sites[6].base))
    }
    crawled_before = {
        match.group(1)
        for line in lines[:first_timeout]
        if (match := re.search(r"Crawled \(200\) <GET (\S+)>", line))
    }
    assert healthy_articles and healthy_articles <= crawled_before
    assert set(farm.model.expected()) <= set(stored_articles(run.db_url))


def test_a_closing_crawl_starts_no_more_robots_txt_prefetches(tmp_path):
    """CLOSESPIDER_TIMEOUT (like SIGTERM) closes the spider, and a closing spider waits until
    no download is in flight. The prefetch started the next host's robots.txt whenever one
    was done, so with two at a time one was always in flight: the crawl went on through every
    host's robots.txt (here twelve that never answer) long after it was told to stop, and a
    fetch started as the engine closed ended in a traceback. Now nothing starts once closing
    has begun."""
    modes = ["robots_timeout"] * 12
    farm = start_farm(len(modes), 1, specials=False, direct=True, modes=modes)
    settings = {
        "CLOSESPIDER_TIMEOUT": "1",
        "CONCURRENT_REQUESTS": "1",
        "NEWSCRAWL_ROBOTS_WAITING_MAX": "0",
        "NEWSCRAWL_ROBOTS_FETCHING_MAX": "0",
        "NEWSCRAWL_ROBOTS_PREFETCH": "2",
        "NEWSCRAWL_ROBOTS_TIMEOUT": "2",
        "NEWSCRAWL_ROBOTS_RETRY_TIMES": "0",
    }
    try:
        run = run_crawl(farm, tmp_path, f"sqlite:///{tmp_path / 'news.db'}", settings)
        robots_fetched = sum(farm.hits("/robots.txt").values())
    finally:
        farm.stop()
    assert run.returncode == 0, run.log[-3000:]
    assert "'finish_reason': 'closespider_timeout'" in run.log
    assert "Traceback" not in run.log, run.log[-3000:]
    # The two prefetches in flight at the close, and perhaps the first start request's own
    # fetch; before the fix all twelve files were fetched, two at a time.
    assert robots_fetched in (2, 3), (robots_fetched, run.log[-3000:])
