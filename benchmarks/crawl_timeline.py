"""What a farm crawl fetched, by kind of page, in each window of its wall time.

    python3 benchmarks/hostile_farm.py --sites 5000 --only clean --setting LOG_LEVEL=DEBUG
    python3 benchmarks/crawl_timeline.py /tmp/hostile-farm-XXXX/clean.log --window 60

Reads Scrapy's ``Crawled (200) <GET url>`` lines of a crawl logged at DEBUG level and
classifies each URL by the farm's URL shapes (tests/farm/model.py): robots.txt, sitemaps,
feeds, articles, home pages and other list pages. Per window it prints pages/s of each kind
and how many sites had their home page fetched in it, which shows the order in which a crawl
takes its sites (a crawl whose article rate falls while its page rate holds is fetching pages
that find no article).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

CRAWLED = re.compile(
    r"^\S+ (\d\d):(\d\d):(\d\d) \[scrapy\.core\.engine\] DEBUG: Crawled \(\d+\) <GET (\S+)>"
)
KINDS = ("home", "list", "feed", "sitemap", "robots", "article")
ARTICLE_PATH = re.compile(r"story-|/a/\d|/article/")


def page_kind(url: str) -> str:
    path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
    if path.startswith("/robots.txt"):
        return "robots"
    if "sitemap" in path:
        return "sitemap"
    if "rss" in path or "feed" in path:
        return "feed"
    if ARTICLE_PATH.search(path):
        return "article"
    return "home" if path == "/" else "list"


def timeline(lines: list[str], window: int) -> tuple[dict[int, Counter[str]], Counter[int]]:
    """Pages of each kind per window, and sites started (home page fetched) per window."""
    per_window: dict[int, Counter[str]] = defaultdict(Counter)
    started: dict[str, int] = {}
    first: int | None = None
    for line in lines:
        match = CRAWLED.match(line)
        if match is None:
            continue
        hours, minutes, seconds, url = match.groups()
        at = int(hours) * 3600 + int(minutes) * 60 + int(seconds)
        first = at if first is None else first
        slot = (at - first) // window
        kind = page_kind(url)
        per_window[slot][kind] += 1
        if kind == "home":
            started.setdefault(url.split("/")[2], slot)
    return per_window, Counter(started.values())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("log", type=Path, help="a crawl log written at LOG_LEVEL=DEBUG")
    parser.add_argument("--window", type=int, default=60, help="seconds per row")
    args = parser.parse_args()
    lines = args.log.read_text(encoding="utf-8", errors="replace").splitlines()
    per_window, started = timeline(lines, args.window)
    if not per_window:
        parser.error(f"{args.log}: no 'Crawled' lines (was the crawl logged at DEBUG level?)")
    print("| from s | " + " | ".join(KINDS) + " | sites started |")
    print("|---" * (len(KINDS) + 2) + "|")
    for slot in sorted(per_window):
        rates = " | ".join(f"{per_window[slot][k] / args.window:.1f}" for k in KINDS)
        print(f"| {slot * args.window} | {rates} | {started[slot]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
