"""Every ``NEWSCRAWL_*`` setting's default, in one place (documented in docs/settings.md).

The add-on (:mod:`newscrawl.crawl.addon`) installs these at the "addon" priority, so
``settings.py``, ``-s NAME=VALUE`` and environment overrides still win.
"""

from __future__ import annotations

# --- seeds -------------------------------------------------------------------------------
NEWSCRAWL_SITES_FILE = "sites.yaml"  # spider argument ``-a sites=FILE`` overrides it
NEWSCRAWL_ONLY: list[str] = []  # site names; spider argument ``-a only=a,b`` overrides it

# --- extraction --------------------------------------------------------------------------
NEWSCRAWL_METHOD = "auto"  # used when a site sets no ``method``; "density" if auto is missing
NEWSCRAWL_FALLBACK_METHOD = "density"
NEWSCRAWL_EXTRACT_THREADS = 4  # extraction is CPU-bound: more threads only add GIL contention
# Worker processes for extraction; None: one per core, 0: extract in the threads. Moving the
# CPU-bound extraction out of the reactor's process lets the two use separate cores.
NEWSCRAWL_EXTRACT_PROCESSES: int | None = None

# --- validation --------------------------------------------------------------------------
# Weighted characters (a CJK character counts 2, a Latin letter 1): 200 keeps short news
# flashes (~100 Chinese characters, ~40 English words) and drops teaser-only pages.
NEWSCRAWL_MIN_CONTENT_CHARS = 200
NEWSCRAWL_MIN_TITLE_CHARS = 4
NEWSCRAWL_DEDUP_EXACT = True
NEWSCRAWL_DEDUP_NEAR = True
# Simhash Hamming distance at or below which two contents are near-duplicates; 3 of 64 bits
# is the usual web-page threshold (Manku et al. 2007) and flagged no distinct farm article.
NEWSCRAWL_NEAR_DUP_DISTANCE = 3
# Near-duplicates of what earlier crawls stored: the simhashes of articles stored in the last
# this many days (0: none) are loaded at start, at most NEWSCRAWL_NEAR_DUP_STORED_MAX of them
# (newest first; a few hundred bytes each: the URL in four band lists). A week covers a story
# syndicated over a few days.
NEWSCRAWL_NEAR_DUP_DAYS = 7.0
NEWSCRAWL_NEAR_DUP_STORED_MAX = 100_000

# --- storage (the storage layer's own defaults, repeated so every setting is listed here) -
NEWSCRAWL_DATABASE_URL = "sqlite:///news.db"
NEWSCRAWL_KEEP_HTML = True
NEWSCRAWL_DB_BATCH_SIZE = 100
NEWSCRAWL_DB_RETRIES = 3
NEWSCRAWL_DB_RETRY_DELAY = 1.0  # seconds, times the attempt number
NEWSCRAWL_SPILL_PATH = "newscrawl-spill.jsonl"

# --- discovery ---------------------------------------------------------------------------
NEWSCRAWL_FOLLOW_ROBOTS_SITEMAPS = True
NEWSCRAWL_MAX_LIST_PAGES = 10  # pagination pages followed per list (page 1 included)
NEWSCRAWL_FEED_MAX_ITEMS = 200  # a feed or sitemap longer than this is cut (newest first)

# --- reporting ---------------------------------------------------------------------------
NEWSCRAWL_PROGRESS_INTERVAL = 10.0  # seconds between progress lines; 0 turns them off
NEWSCRAWL_SUMMARY_MAX_ROWS = 50  # per-site summary rows logged at close (busiest first)

# --- distributed (engineer H's add-on reads the rest) ------------------------------------
NEWSCRAWL_REDIS_URL = ""  # set to switch to the Redis scheduler (newscrawl.distributed)

# --- politeness: Scrapy settings the add-on sets (also at "addon" priority) ---------------
USER_AGENT = "newscrawl/0.1 (+https://github.com/newscrawl/newscrawl; news archiving crawler)"
ROBOTSTXT_OBEY = True
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_TARGET_CONCURRENCY = 2.0
CONCURRENT_REQUESTS = 64  # across all sites: many sites are crawled at once
CONCURRENT_REQUESTS_PER_DOMAIN = 2
DOWNLOAD_DELAY = 0.5
DOWNLOAD_TIMEOUT = 30
DOWNLOAD_MAXSIZE = 8 * 1024 * 1024  # no news article is bigger; a 1 GB response is cut off
DOWNLOAD_WARNSIZE = 2 * 1024 * 1024
RETRY_TIMES = 2
REDIRECT_MAX_TIMES = 5
COOKIES_ENABLED = False  # news pages need no session; cookies only grow memory
TELNETCONSOLE_ENABLED = False
LOG_LEVEL = "INFO"
# Scrapy starts this many cooperative tasks for every response's output, though a page yields
# at most one item: 100 (Scrapy's default) was ~10 % of the reactor's profile on the farm.
CONCURRENT_ITEMS = 4
# Scrapy's logstats line is replaced by the newscrawl progress line.
LOGSTATS_INTERVAL = 0.0

SCRAPY_DEFAULTS = {
    name: value for name, value in globals().items()
    if name.isupper() and not name.startswith(("NEWSCRAWL_", "SCRAPY_"))
}
NEWSCRAWL_DEFAULTS = {name: value for name, value in globals().items()
                      if name.startswith("NEWSCRAWL_") and name != "NEWSCRAWL_DEFAULTS"}
