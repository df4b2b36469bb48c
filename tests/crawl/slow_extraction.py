"""``python -m tests.crawl.slow_extraction crawl news ...``: scrapy's command line with one
page made slow to extract (a stand-in for a page that makes a stage super-linear).

The page is the URL in ``SLOW_PAGE_URL``; it sleeps ``SLOW_PAGE_SECONDS`` before being
extracted, after creating the file ``SLOW_PAGE_STARTED`` (if set) for a test to wait on.
The worker processes import this module to unpickle the function, and inherit the
environment, so the slow page is slow wherever it is extracted.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from newscrawl.crawl.pipelines import extract as extract_module
from newscrawl.crawl.pipelines.extract import PageResult, extract_page


def extract_page_slowly(body: bytes, url: str, *rest: Any) -> PageResult:
    if url == os.environ.get("SLOW_PAGE_URL"):
        if started := os.environ.get("SLOW_PAGE_STARTED"):
            Path(started).touch()
        time.sleep(float(os.environ.get("SLOW_PAGE_SECONDS", "3600")))
    return extract_page(body, url, *rest)


def main() -> None:
    from scrapy.cmdline import execute

    extract_module.extract_page = extract_page_slowly  # type: ignore[assignment]
    execute(["scrapy", *sys.argv[1:]])


if __name__ == "__main__":
    main()
