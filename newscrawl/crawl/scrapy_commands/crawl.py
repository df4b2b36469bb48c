"""``scrapy crawl``, except that a crawl that cannot start says why in one line.

A database that is down (:class:`StorageError`), a bad sites file (:class:`SitesFileError`,
one line per problem), an unknown ``-a`` argument (:class:`SpiderArgumentError`) or, in
distributed mode, a Redis that cannot be reached (:class:`RedisUnavailable`) is reported on
stderr as ``newscrawl: cannot start: ...`` with exit status 1, instead of Scrapy's
"Unhandled error in Deferred" traceback.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from scrapy.exceptions import UsageError
from twisted.internet.defer import Deferred
from twisted.python.failure import Failure

from newscrawl.config import SitesFileError
from newscrawl.crawl.spiders.news import SpiderArgumentError
from newscrawl.distributed.connection import RedisUnavailable
from newscrawl.storage import StorageError

if TYPE_CHECKING:
    import argparse

STARTUP_ERRORS = (StorageError, SitesFileError, SpiderArgumentError, RedisUnavailable)


def startup_error(error: BaseException | None) -> BaseException | None:
    """The start-up error behind ``error``, if any. Scrapy may raise a second error while
    cleaning up after the first (a scheduler that fails to build leaves the engine without a
    slot, and closing it raises), so the chain is searched, not only the last error."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, STARTUP_ERRORS):
            return error
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


class Command(ScrapyCrawlCommand):
    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give exactly one spider name, e.g. `scrapy crawl news`")
        assert self.crawler_process
        crawl_defer = self.crawler_process.crawl(args[0], **opts.spargs)
        # Scrapy's Deferred-based CrawlerProcess (Twisted's own reactor: newscrawl/settings.py)
        # has already failed a crawl that cannot start.
        result = getattr(crawl_defer, "result", None)
        if isinstance(crawl_defer, Deferred) and isinstance(result, Failure):
            self.exitcode = 1
            error = startup_error(result.value)
            if error is not None:
                crawl_defer.addErrback(lambda _failure: None)  # reported here, in one line
                sys.stderr.write(f"newscrawl: cannot start: {error}\n")
            return
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed or getattr(
            self.crawler_process, "has_exception", False
        ):
            self.exitcode = 1
