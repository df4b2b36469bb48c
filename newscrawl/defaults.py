"""Every ``NEWSCRAWL_*`` setting's default, in one place (documented in docs/settings.md).

The add-on (:mod:`newscrawl.crawl.addon`) installs these at the "addon" priority, so
``settings.py``, ``-s NAME=VALUE`` and environment overrides still win.
"""

from __future__ import annotations

from newscrawl import method_names

# --- seeds -------------------------------------------------------------------------------
NEWSCRAWL_SITES_FILE = "sites.yaml"  # spider argument ``-a sites=FILE`` overrides it
NEWSCRAWL_ONLY: list[str] = []  # site names; spider argument ``-a only=a,b`` overrides it

# --- extraction --------------------------------------------------------------------------
# Used when a site's own ``method`` does not import; then NEWSCRAWL_FALLBACK_METHOD.
NEWSCRAWL_METHOD = method_names.DEFAULT_METHOD
NEWSCRAWL_FALLBACK_METHOD = "density"
NEWSCRAWL_EXTRACT_THREADS = 4  # extraction is CPU-bound: more threads only add GIL contention
# Worker processes for extraction; None: one per core, 0: extract in the threads. Moving the
# CPU-bound extraction out of the reactor's process lets the two use separate cores.
NEWSCRAWL_EXTRACT_PROCESSES: int | None = None
# Seconds one page may take to extract before it is rejected as ``extract_timeout``; 0: no
# limit. A normal page takes milliseconds; this only stops a page that would hold a worker
# for minutes (a pathological input that makes a stage super-linear).
NEWSCRAWL_EXTRACT_TIMEOUT = 5.0

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
# DUST rules: a query parameter is dropped from a site's URLs before fetching once this many
# distinct aliases differed from their canonical URL only in it (newscrawl/crawl/dust.py).
NEWSCRAWL_DUST_RULES = True
NEWSCRAWL_DUST_MIN_ALIASES = 3

# --- storage (newscrawl.storage takes its defaults from here) --------------------------------
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

# robots.txt: every request of a host waits for it, so a robots.txt that hangs gets a shorter
# timeout (at most DOWNLOAD_TIMEOUT) and one retry.
NEWSCRAWL_ROBOTS_TIMEOUT = 10.0
NEWSCRAWL_ROBOTS_RETRY_TIMES = 1
# robots.txt fetches started as the spider opens, for every start request's host, this many at
# a time (0: each host's when its first request comes up, Scrapy's way); see crawl/robotstxt.py.
# A quarter of CONCURRENT_REQUESTS: hosts that hang hold at most that many slots.
NEWSCRAWL_ROBOTS_PREFETCH = 16
# Requests waiting for their host's robots.txt do not count against CONCURRENT_REQUESTS, up to
# this many (newscrawl/crawl/downloader.py); a few per host whose robots.txt is pending.
NEWSCRAWL_ROBOTS_WAITING_MAX = 1024
# robots.txt fetches in flight left out of CONCURRENT_REQUESTS (a budget of their own), so
# hosts whose robots.txt never answers cannot hold every slot at the start of a broad crawl.
NEWSCRAWL_ROBOTS_FETCHING_MAX = 64

# --- dead hosts (newscrawl/crawl/hosthealth.py) --------------------------------------------
# Consecutive failures that do not heal within a crawl (DNS, refused, TLS) after which a host is
# marked down and its other requests dropped unfetched; 2 = the first attempt and one retry.
NEWSCRAWL_HOST_DOWN_AFTER = 2
# Consecutive timeouts after which a host is marked down (each costs DOWNLOAD_TIMEOUT).
NEWSCRAWL_HOST_DOWN_AFTER_TIMEOUTS = 3
# A 429/503 with Retry-After slows its host to that many seconds between requests, up to this
# (a server asking for an hour is not waited for: its request fails after Scrapy's retries).
NEWSCRAWL_RETRY_AFTER_MAX = 60.0

# --- reporting ---------------------------------------------------------------------------
# Each finished crawl stores per site its pages, articles and failures (table site_health).
NEWSCRAWL_SITE_HEALTH = True
# A site dead (nothing answered) in this many finished crawls in a row is skipped by later
# crawls until `newscrawl sites check --health --revive NAME`; 0 never skips.
NEWSCRAWL_SKIP_DEAD_AFTER = 3
NEWSCRAWL_PROGRESS_INTERVAL = 10.0  # seconds between progress lines; 0 turns them off
NEWSCRAWL_SUMMARY_MAX_ROWS = 50  # per-site summary rows logged at close (busiest first)
NEWSCRAWL_REPORT_PATH = ""  # crawl report page (HTML) written at close; empty: none

# --- distributed (its other settings: newscrawl/distributed/defaults.py) ------------------
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
# The spider's errback logs a failure as one line (host, kind, URL, site); Scrapy's own
# "Gave up retrying" line for the same failure would make two.
RETRY_GIVE_UP_LOG_LEVEL = "DEBUG"
# Broad crawl (Scrapy's "broad crawls" advice): the scheduler hands out requests of the hosts
# with the fewest downloads in flight, so a slow host's backlog does not starve the rest
# (Scrapy's DownloaderAwarePriorityQueue, indexed so a pop does not scan every host:
# newscrawl/crawl/host_queue.py); DNS lookups run in the reactor's thread pool, which must be
# big enough that hosts waiting on a slow resolver do not block the lookups of healthy ones.
SCHEDULER_PRIORITY_QUEUE = "newscrawl.crawl.host_queue.IndexedDownloaderAwarePriorityQueue"
# First in, first out within a host and a priority (Scrapy's advice for broad crawls): a
# site's pages are fetched in the order they were found, and fewer early requests wait in
# memory; on the 5,000-site farm the crawl took 521 s against 574 s last in, first out.
SCHEDULER_MEMORY_QUEUE = "scrapy.squeues.FifoMemoryQueue"
SCHEDULER_DISK_QUEUE = "scrapy.squeues.PickleFifoDiskQueue"
REACTOR_THREADPOOL_MAXSIZE = 20
# Requests waiting for their host's robots.txt do not count as downloads in flight, so hosts
# whose robots.txt hangs cannot fill CONCURRENT_REQUESTS (newscrawl/crawl/downloader.py).
DOWNLOADER = "newscrawl.crawl.downloader.RobotsAwareDownloader"
DNS_TIMEOUT = 20
REDIRECT_MAX_TIMES = 5
COOKIES_ENABLED = False  # news pages need no session; cookies only grow memory
TELNETCONSOLE_ENABLED = False
REMOTE_CONTROL_ENABLED = False  # Scrapy 2.19's other console; it needs the asyncio reactor
LOG_LEVEL = "INFO"
# Scrapy starts this many cooperative tasks for every response's output, though a page yields
# at most one item: 100 (Scrapy's default) was ~10 % of the reactor's profile on the farm.
CONCURRENT_ITEMS = 4
# Scrapy checks every callback for a generator that returns a value by parsing its source; its
# cache is keyed weakly by the callable, and a bound method dies with its request, so each
# response parsed the spider's source again: 7 % of the crawler's CPU on a 5,000-site crawl.
# newscrawl's callbacks return no value; `-s WARN_ON_GENERATOR_RETURN_VALUE=True` checks again.
WARN_ON_GENERATOR_RETURN_VALUE = False
# Scrapy's logstats line is replaced by the newscrawl progress line.
LOGSTATS_INTERVAL = 0.0

SCRAPY_DEFAULTS = {
    name: value
    for name, value in globals().items()
    if name.isupper() and not name.startswith(("NEWSCRAWL_", "SCRAPY_"))
}
NEWSCRAWL_DEFAULTS = {
    name: value
    for name, value in globals().items()
    if name.startswith("NEWSCRAWL_") and name != "NEWSCRAWL_DEFAULTS"
}
