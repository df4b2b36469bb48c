"""Run a stock scrapy-redis RedisSpider (its own scheduler, queue and dupefilter) once.

    python -m tests.distributed.redis_spider_run REDIS_URL PREFIX OUT

Start URLs come from the Redis list ``PREFIX:start_urls``; each fetched URL goes to OUT as
"URL IS_START_REQUEST", one a line.
Used by test_scrapy_redis_pin.py to prove Scrapy 2.13.4 still drives scrapy-redis 0.9.1.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from scrapy.crawler import CrawlerProcess
from scrapy_redis.spiders import RedisSpider


class PinSpider(RedisSpider):  # type: ignore[misc]
    name = "pin"

    def parse(self, response: Any) -> Any:
        with Path(self.settings["TEST_OUT"]).open("a", encoding="utf-8") as out:
            # is_start_request: set only on the output of start() -> start_requests()
            out.write(f"{response.url} {bool(response.meta.get('is_start_request'))}\n")
        for href in response.css("a::attr(href)").getall()[:3]:
            yield response.follow(href, callback=self.parse)


def main(argv: list[str]) -> int:
    redis_url, prefix, out = argv
    process = CrawlerProcess({
        "SCHEDULER": "scrapy_redis.scheduler.Scheduler",
        "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter",
        "SCHEDULER_QUEUE_KEY": f"{prefix}:requests",
        "SCHEDULER_DUPEFILTER_KEY": f"{prefix}:dupefilter",
        "REDIS_START_URLS_KEY": f"{prefix}:start_urls",
        "REDIS_URL": redis_url,
        "MAX_IDLE_TIME_BEFORE_CLOSE": 2,
        "TEST_OUT": out,
        "TELNETCONSOLE_ENABLED": False,
        "LOG_LEVEL": "INFO",
    })
    process.crawl(PinSpider)
    process.start()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
