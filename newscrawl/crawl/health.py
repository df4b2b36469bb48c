"""Site health across crawls: classify each site's outcome, record it, skip the long dead.

``SiteHealthRecorder`` (an extension) writes, when a crawl finishes, each site's pages,
articles and failures by kind from the crawl's :class:`CrawlTally` into ``site_health``
(newscrawl/storage/health.py). :func:`sites_to_skip` is the spider's start-up hook: a site dead
in ``NEWSCRAWL_SKIP_DEAD_AFTER`` finished crawls in a row, or marked dead by ``newscrawl sites
check --health --mark``, is left out until ``--revive``.

Settings: ``NEWSCRAWL_SITE_HEALTH`` (record at all), ``NEWSCRAWL_SKIP_DEAD_AFTER``,
``NEWSCRAWL_DATABASE_URL``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import sqlalchemy as sa
from scrapy.exceptions import NotConfigured

from newscrawl.crawl import signals as newscrawl_signals
from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.report import CrawlTally
from newscrawl.storage import StorageError, open_storage
from newscrawl.storage.health import SiteHealth, SiteOutcome

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

    from newscrawl.config import SiteConfig

logger = logging.getLogger(__name__)

OK, DEAD, EMPTY, DEGRADED = "ok", "dead", "empty", "degraded"
# Crawl stat holding the id of the distributed run a worker takes part in.
RUN_STAT = "newscrawl/distributed/run"
# Definitions, not fitted values: "degraded" is a site that still gives articles but failed
# on at least half of its fetches, or gave fewer than half the articles of its previous crawl.
DEGRADED_FAILURE_SHARE = 0.5
DEGRADED_ARTICLE_SHARE = 0.5


class SiteCounts(Protocol):
    """What a crawl counted of a site: a :class:`SiteTally`, or a stored :class:`SiteOutcome`
    (the merged outcome of a distributed run's workers)."""

    @property
    def pages(self) -> int: ...
    @property
    def articles(self) -> int: ...
    @property
    def failures(self) -> Mapping[str, int]: ...


def answered_pages(counts: SiteCounts) -> int:
    """Responses that were not HTTP errors (an HTTP error is both a page and a failure)."""
    http_errors = sum(n for kind, n in counts.failures.items() if kind.startswith("http_"))
    return max(0, counts.pages - http_errors)


def classify(counts: SiteCounts, previous_articles: int | None) -> str:
    """``dead`` (nothing answered), ``empty`` (answered, no article), ``degraded`` or ``ok``."""
    answered = answered_pages(counts)
    if counts.articles == 0:
        return EMPTY if answered else DEAD
    errors = sum(counts.failures.values())
    attempts = answered + errors
    if errors >= DEGRADED_FAILURE_SHARE * attempts:
        return DEGRADED
    if previous_articles and counts.articles < DEGRADED_ARTICLE_SHARE * previous_articles:
        return DEGRADED
    return OK


def outcomes(
    tally: CrawlTally, known: dict[str, SiteHealth], run: str | None = None
) -> list[SiteOutcome]:
    """Each site's outcome of this crawl. A site whose row is already of ``run`` (another
    worker of the distributed run recorded it) is compared with the crawl before the run; the
    store merges the two (HealthStore.record)."""
    result = []
    for name, site in sorted(tally.sites.items()):
        previous = known.get(name)
        if previous is None:
            before = None
        elif run is not None and previous.run == run:
            before = previous.previous_articles
        else:
            before = previous.articles
        status = classify(site, before)
        result.append(SiteOutcome(name, status, site.pages, site.articles, dict(site.failures)))
    return result


def _database_exists(url: str) -> bool:
    """False for an SQLite file not created yet: no crawl has left any history there."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        return True  # open_storage names the bad URL in one line
    if (
        parsed.get_backend_name() != "sqlite"
        or not parsed.database
        or parsed.database == ":memory:"
        or parsed.database.startswith("file:")
    ):
        return True
    return Path(parsed.database).expanduser().exists()


class SiteHealthRecorder:
    def __init__(self, crawler: Crawler, database_url: str) -> None:
        self.crawler = crawler
        self.database_url = database_url

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        s = newscrawl_settings(crawler)
        if not s.getbool("NEWSCRAWL_SITE_HEALTH"):
            raise NotConfigured("NEWSCRAWL_SITE_HEALTH is off")
        recorder = cls(crawler, s.get("NEWSCRAWL_DATABASE_URL"))
        crawler.signals.connect(recorder.crawl_tallied, signal=newscrawl_signals.crawl_tallied)
        return recorder

    def crawl_tallied(self, tally: CrawlTally, reason: str) -> None:
        if reason != "finished":
            # A cut-short crawl did not reach every site: its zeros would read as dead sites.
            logger.info("Site health not recorded: the crawl did not finish (%s)", reason)
            return
        stats = self.crawler.stats
        # the distributed run this worker took part in (the Redis scheduler sets it)
        run = stats.get_value(RUN_STAT) if stats is not None else None
        try:
            storage = open_storage(self.database_url, keep_html=False)
            try:
                result = outcomes(tally, storage.health.read(tally.sites), run)
                storage.health.record(result, run=run, status_of=classify)
            finally:
                storage.close()
        except StorageError as error:
            logger.error("Site health of this crawl not recorded: %s", error)
            if stats is not None:
                stats.inc_value("newscrawl/health/errors")
            return
        counts: dict[str, int] = {}
        for outcome in result:
            counts[outcome.status] = counts.get(outcome.status, 0) + 1
        if stats is not None:
            for status, count in counts.items():
                stats.set_value(f"newscrawl/health/{status}", count)
        logger.info(
            "Site health recorded for %(n)d site(s): %(counts)s (newscrawl sites report)",
            {
                "n": len(result),
                "counts": ", ".join(
                    f"{count} {status}" for status, count in sorted(counts.items())
                ),
            },
        )


def sites_to_skip(settings: BaseSettings, sites: list[SiteConfig]) -> dict[str, str]:
    """Site name -> why it is skipped: dead in ``NEWSCRAWL_SKIP_DEAD_AFTER`` finished crawls
    in a row (0: never skip), or marked dead."""
    after = settings.getint("NEWSCRAWL_SKIP_DEAD_AFTER")
    url = settings.get("NEWSCRAWL_DATABASE_URL")
    if after <= 0 or not sites or not _database_exists(url):
        return {}
    try:
        storage = open_storage(url, keep_html=False)
        try:
            health = storage.health.read(site.name for site in sites)
        finally:
            storage.close()
    except StorageError as error:
        logger.error("Dead sites not skipped: %s", error)
        return {}
    skipped = {}
    for name, row in health.items():
        if row.marked_dead_at is not None:
            skipped[name] = f"marked dead {row.marked_dead_at:%Y-%m-%d}"
        elif row.dead_runs >= after:
            skipped[name] = f"dead in the last {row.dead_runs} crawls"
    return skipped
