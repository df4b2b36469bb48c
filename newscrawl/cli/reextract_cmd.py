"""``newscrawl reextract [--method M] [--site S] [--limit N]``: re-run extraction on stored HTML.

Reads the raw HTML kept in ``article_html``, runs :func:`newscrawl.extraction.extract` with the
stored URL, anchor text, encoding and fetch time (relative dates such as "昨天" or "3小时前"
count back from when the page was fetched, not from the re-extraction), and overwrites the
extracted columns of each article (title, content, time, author, images, language, method,
content hash). A page the method now rejects keeps its stored extraction; the rejections are
counted by reason. A clock time the page gives without a zone gets the site's ``timezone``
(sites.yaml, default by ``lang``), and no date before the site's ``since`` is taken, as in a
crawl.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from newscrawl.cli.db_cmd import add_database_option
from newscrawl.config import DEFAULT_SITES_FILE, SiteConfig, SitesFileError, load_sites
from newscrawl.config.timezones import site_timezone, zone_info
from newscrawl.crawl.content_keys import content_keys
from newscrawl.extraction import DEFAULT_METHOD, Article, ExtractResult, available_methods, extract
from newscrawl.extraction.metadata.dates import with_timezone
from newscrawl.extraction.registry import canonical_name
from newscrawl.storage import SqlStorage, StorageError, open_storage

if TYPE_CHECKING:
    from newscrawl.reporting.explain_dir import ExplainDirectory

logger = logging.getLogger(__name__)

# Updates per transaction: a crash loses at most this much work, few commits otherwise.
UPDATE_BATCH_SIZE = 100
# A progress line on stderr every this many pages (extraction is ~10-50 pages/s per core).
PROGRESS_EVERY = 500
# Rejection reason of a page whose stored HTML cannot be decompressed.
UNREADABLE_HTML = "unreadable_html"

Extractor = Callable[..., ExtractResult]


@dataclass(slots=True)
class ReextractReport:
    pages: int = 0
    updated: int = 0
    rejected: Counter[str] = field(default_factory=Counter)


def reextract(
    storage: SqlStorage,
    *,
    method: str | None = None,
    site: str | None = None,
    limit: int | None = None,
    extractor: Extractor = extract,
    progress: Callable[[ReextractReport], None] | None = None,
    explain: ExplainDirectory | None = None,
    zones: Mapping[str, str] | None = None,
    starts: Mapping[str, date] | None = None,
) -> ReextractReport:
    """Re-extract stored pages; ``method=None`` re-runs each article's own stored method.

    With ``explain``, each page's explain page is written there too. ``zones`` maps a site's
    name to its time zone, given to clock times the page states without one; ``starts`` to
    the day it began (its ``since``), before which no date of its pages is taken."""
    report = ReextractReport()
    pending: list[dict[str, Any]] = []
    for page in storage.iter_pages(site=site, limit=limit):
        report.pages += 1
        if page.html is None:  # damaged bytes: said, counted, and the run goes on
            report.rejected[UNREADABLE_HTML] += 1
            logger.error("reextract skipped %s", page.unreadable)
        else:
            page_method = method or page.method or DEFAULT_METHOD
            result = extractor(
                page.html,
                url=page.url,
                anchor_text=page.anchor_text,
                method=page_method,
                encoding=page.encoding,
                fetched_at=page.fetched_at,
                published_since=(starts or {}).get(page.site),
            )
            if explain is not None:
                explain.add(
                    page.html,
                    url=page.url,
                    site=page.site,
                    anchor_text=page.anchor_text,
                    encoding=page.encoding,
                    method=canonical_name(page_method),
                )
            if isinstance(result, Article):
                if zones and page.site in zones:
                    zone = zone_info(zones[page.site])
                    result.publish_time = with_timezone(result.publish_time, zone)
                    result.modified_time = with_timezone(result.modified_time, zone)
                pending.append(_update(page.url, result))
            else:
                report.rejected[str(result.reason)] += 1
                logger.debug("reextract rejected %s: %s %s", page.url, result.reason, result.detail)
        if len(pending) >= UPDATE_BATCH_SIZE:
            storage.update_extracted(pending)
            report.updated += len(pending)
            pending = []
        if progress and report.pages % PROGRESS_EVERY == 0:
            progress(report)
    storage.update_extracted(pending)
    report.updated += len(pending)
    return report


def _update(url: str, article: Article) -> dict[str, Any]:
    keys = content_keys(article.content, near_dedup=True)
    return {
        "url": url,
        "title": article.title,
        "content": article.content,
        "content_html": article.content_html,
        "publish_time": article.publish_time,
        "author": article.author,
        "editor": article.editor,
        "source": article.source,
        "modified_time": article.modified_time,
        "images": list(article.images),
        "lang": article.lang,
        "method": article.method,
        # The crawler's duplicate keys, kept current by the function the crawler uses.
        "content_hash": keys.content_hash,
        "simhash": keys.simhash,
    }


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "reextract", help="re-run extraction on the raw HTML stored in the database"
    )
    parser.add_argument("--method", help="extraction method (default: each article's own)")
    parser.add_argument("--site", help="only articles of this site (its name in sites.yaml)")
    parser.add_argument("--limit", type=int, help="at most this many articles")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="also write each page's explain page and an index.html into DIR",
    )
    parser.add_argument(
        "--sites",
        type=Path,
        default=None,
        metavar="FILE",
        help="sites file whose time zones local times get and whose first days ('since') "
        f"bound the dates (default: {DEFAULT_SITES_FILE} when it exists)",
    )
    add_database_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 1:
        print(f"error: --limit must be at least 1, got {args.limit}", file=sys.stderr)
        return 2
    if args.method is not None and canonical_name(args.method) not in available_methods():
        print(
            f"error: unknown --method {args.method!r}; choose from "
            f"{', '.join(available_methods())}",
            file=sys.stderr,
        )
        return 2
    try:
        sites = sites_of(args.sites)
    except SitesFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        storage = open_storage(args.database)
        try:
            explain = None
            if args.report:
                from newscrawl.reporting.explain_dir import ExplainDirectory

                explain = ExplainDirectory(args.report)
            report = reextract(
                storage,
                method=args.method,
                site=args.site,
                limit=args.limit,
                progress=_print_progress,
                explain=explain,
                zones={site.name: site_timezone(site.timezone, site.lang) for site in sites},
                starts={site.name: site.since for site in sites if site.since is not None},
            )
        finally:
            storage.close()
    except StorageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if report.pages == 0:
        print(
            "no stored raw HTML to re-extract (crawled with NEWSCRAWL_KEEP_HTML off, "
            "or nothing matches --site)"
        )
        return 0
    if explain is not None:
        print(
            f"explain pages of {len(explain.entries)} page(s): {explain.write_index()}",
            file=sys.stderr,
        )
    rejected = sum(report.rejected.values())
    reasons = ", ".join(f"{reason} {n}" for reason, n in report.rejected.most_common())
    print(
        f"re-extracted {report.pages} page(s): {report.updated} updated, {rejected} rejected"
        + (f" ({reasons}); rejected pages keep their stored extraction" if rejected else "")
    )
    return 0


def sites_of(path: Path | None) -> list[SiteConfig]:
    """The sites of the sites file ``path`` (default: sites.yaml when it exists), for their
    time zones and first days; without one, local times keep no offset and no site's start
    bounds its dates, which is said on stderr."""
    if path is None:
        path = Path(DEFAULT_SITES_FILE)
        if not path.is_file():
            print(
                f"no {DEFAULT_SITES_FILE} here: times without a zone stay without one "
                "(--sites FILE gives the sites' time zones and first days)",
                file=sys.stderr,
            )
            return []
    return load_sites(path, include_disabled=True)


def _print_progress(report: ReextractReport) -> None:
    print(f"... {report.pages} pages, {report.updated} updated", file=sys.stderr)
