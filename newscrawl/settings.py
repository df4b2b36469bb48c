"""Scrapy project settings: short on purpose; defaults live in newscrawl/defaults.py and the
add-on installs them. Any ``NEWSCRAWL_*`` setting can also come from the environment."""

from __future__ import annotations

import os

from newscrawl.defaults import NEWSCRAWL_DEFAULTS

BOT_NAME = "newscrawl"
SPIDER_MODULES = ["newscrawl.crawl.spiders"]
NEWSPIDER_MODULE = "newscrawl.crawl.spiders"
ADDONS = {"newscrawl.crawl.addon.NewscrawlAddon": 0}
COMMANDS_MODULE = "newscrawl.crawl.commands"  # `crawl` with one-line start-up errors

# Environment overrides, e.g. NEWSCRAWL_DATABASE_URL=postgresql+psycopg://... scrapy crawl news
globals().update({name: os.environ[name] for name in NEWSCRAWL_DEFAULTS if name in os.environ})
