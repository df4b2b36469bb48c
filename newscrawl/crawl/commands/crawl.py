"""``scrapy crawl``, except that a crawl that cannot start says why in one line.

A database that is down (:class:`StorageError`) or a bad sites file (:class:`SitesFileError`,
one line per problem) is reported on stderr as ``newscrawl: cannot start: ...`` with exit
status 1, instead of Scrapy's "Unhandled error in Deferred" traceback.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from scrapy.exceptions import UsageError
from twisted.python.failure import Failure

from newscrawl.config import SitesFileError
from newscrawl.storage import StorageError

if TYPE_CHECKING:
    import argparse

STARTUP_ERRORS = (StorageError, SitesFileError)


class Command(ScrapyCrawlCommand):
    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give exactly one spider name, e.g. `scrapy crawl news`")
        assert self.crawler_process
        crawl_defer = self.crawler_process.crawl(args[0], **opts.spargs)
        result = getattr(crawl_defer, "result", None)
        if isinstance(result, Failure):
            self.exitcode = 1
            if result.check(*STARTUP_ERRORS):  # type: ignore[no-untyped-call]
                crawl_defer.addErrback(lambda _failure: None)  # reported here, in one line
                sys.stderr.write(f"newscrawl: cannot start: {result.value}\n")
            return
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed or getattr(
                self.crawler_process, "has_exception", False):
            self.exitcode = 1
