"""The pin: scrapy 2.13.4 + scrapy-redis 0.9.1 work together on the real local Redis.

Scrapy >= 2.19 no longer calls ``start_requests()``, which RedisSpider uses to read its first
batch of start URLs from Redis; this fails if an upgrade breaks that path.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.distributed.site import serve_site

REDIS_URL = "redis://127.0.0.1:6379/0"
REPO_ROOT = Path(__file__).resolve().parents[2]


def test_versions_are_the_pinned_ones():
    assert version("scrapy") == "2.13.4"
    assert version("scrapy-redis") == "0.9.1"


@pytest.mark.slow
def test_redis_spider_crawls_start_urls_pushed_to_redis(server, prefix, tmp_path):
    out = tmp_path / "fetched.txt"
    with serve_site(articles=3) as site:
        server.lpush(f"{prefix}:start_urls", site.list_url)
        result = subprocess.run(
            [sys.executable, "-m", "tests.distributed.redis_spider_run", REDIS_URL, prefix,
             str(out)], check=False, cwd=REPO_ROOT, capture_output=True, text=True,
            timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    fetched = dict(line.split() for line in out.read_text().splitlines())
    # Read by start_requests(), not by the spider_idle fallback that would also find it.
    assert fetched.get(site.list_url) == "True", result.stderr[-3000:]
    assert fetched.get(f"{site.base}/a/0") == "False"  # followed through the scrapy-redis queue
    assert server.llen(f"{prefix}:start_urls") == 0
