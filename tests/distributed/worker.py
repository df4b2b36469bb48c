"""One crawl worker process for the distributed tests and benchmark.

    python -m tests.distributed.worker --redis URL --prefix P --site URL --out FILE [...]

Every stored item is appended (and flushed) to ``--out`` as one JSON line with the worker pid,
so the parent can count deliveries even after ``kill -9``.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from scrapy.crawler import CrawlerProcess
from scrapy.settings import Settings

from newscrawl.distributed.addon import apply_distributed_settings
from newscrawl.storage import ArticleRecord, content_hash, open_storage
from tests.distributed.site_spider import SiteSpider


class JsonLinesStore:
    """Append-only item log: the test's stand-in for the database (a row per delivery)."""

    def __init__(self, path: str) -> None:
        self.path = path

    @classmethod
    def from_crawler(cls, crawler: Any) -> JsonLinesStore:
        return cls(crawler.settings["TEST_OUT"])

    def open_spider(self) -> None:
        self.file = Path(self.path).open("a", encoding="utf-8")  # noqa: SIM115 (closed below)

    def close_spider(self) -> None:
        self.file.close()

    def process_item(self, item: Any) -> Any:
        self.file.write(json.dumps({"url": item["url"], "pid": os.getpid()}) + "\n")
        self.file.flush()
        return item


class SqlStore:
    """Upserts each item into the news database (newscrawl.storage), one write per item."""

    def __init__(self, url: str) -> None:
        self.storage = open_storage(url, keep_html=False)

    @classmethod
    def from_crawler(cls, crawler: Any) -> SqlStore:
        return cls(crawler.settings["TEST_DATABASE"])

    def close_spider(self) -> None:
        self.storage.close()

    def process_item(self, item: Any) -> Any:
        title = item["title"] or ""
        content = f"{title} body"
        self.storage.write(
            [
                ArticleRecord(
                    url=item["url"],
                    site="test",
                    title=title,
                    content=content,
                    content_hash=content_hash(content),
                )
            ]
        )
        return item


def worker_settings(args: argparse.Namespace) -> Settings:
    settings = Settings(
        {
            "NEWSCRAWL_REDIS_URL": args.redis,
            "NEWSCRAWL_REDIS_PREFIX": args.prefix,
            "NEWSCRAWL_LEASE_SECONDS": args.lease,
            "NEWSCRAWL_HEARTBEAT_SECONDS": args.lease / 3,
            "NEWSCRAWL_IDLE_CLOSE_SECONDS": args.idle,
            "NEWSCRAWL_BACKOFF_MAX_SECONDS": 2.0,
            "NEWSCRAWL_BLOOM_CAPACITY": 100_000,
            "ITEM_PIPELINES": {JsonLinesStore: 300, **({SqlStore: 400} if args.database else {})},
            "TEST_OUT": args.out,
            "TEST_DATABASE": args.database,
            "CONCURRENT_REQUESTS": args.concurrency,
            "CONCURRENT_REQUESTS_PER_DOMAIN": args.concurrency,
            "ROBOTSTXT_OBEY": False,
            "TELNETCONSOLE_ENABLED": False,
            "LOG_LEVEL": args.log_level,
            "RETRY_TIMES": 1,
        }
    )
    if not args.local:
        apply_distributed_settings(settings)
    return settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--redis", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--site", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--lease", type=float, default=3.0)
    parser.add_argument("--idle", type=float, default=2.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument(
        "--local", action="store_true", help="plain Scrapy scheduler, no Redis (baseline)"
    )
    parser.add_argument("--database", help="also upsert items into this news database URL")
    args = parser.parse_args(argv)
    process = CrawlerProcess(worker_settings(args))
    process.crawl(SiteSpider, site=args.site)
    process.start()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
