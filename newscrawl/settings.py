"""Scrapy project settings: short on purpose; defaults live in newscrawl/defaults.py and the
add-on installs them. Any ``NEWSCRAWL_*`` setting can also come from the environment."""

from __future__ import annotations

import os

BOT_NAME = "newscrawl"
SPIDER_MODULES = ["newscrawl.crawl.spiders"]
NEWSPIDER_MODULE = "newscrawl.crawl.spiders"
ADDONS = {"newscrawl.crawl.addon.NewscrawlAddon": 0}
COMMANDS_MODULE = "newscrawl.crawl.scrapy_commands"  # `crawl` with one-line start-up errors
# Twisted's own reactor for the platform (epoll on Linux), not Scrapy's default asyncio one:
# newscrawl uses no asyncio library, and the asyncio bridge wrapped every coroutine in a new
# future (~25 us each, 65,000 per 2,800 pages). On the farm, alternating runs: reactor CPU
# 15.7/18.2 s -> 14.4/13.5 s, density crawls 81/69 -> 85/91 articles/s
# (docs/benchmarks/crawl.md). It lives here, not in the add-on: Scrapy installs the reactor
# before add-ons run.
TWISTED_REACTOR = None

# Environment overrides, e.g. NEWSCRAWL_DATABASE_URL=postgresql+psycopg://... scrapy crawl news.
# Every NEWSCRAWL_* variable counts, so the distributed settings (newscrawl/distributed/defaults.py)
# can come from the environment too; Scrapy's typed getters parse the strings.
globals().update(
    {
        name: value
        for name, value in os.environ.items()
        if name.startswith("NEWSCRAWL_") and name != "NEWSCRAWL_DEFAULTS"
    }
)
