"""``newscrawl report [--db URL] [--since WHEN] -o crawl.html``: the crawl report page.

Articles per site and per hour, methods and languages from the news database; dead and empty
sites from a site-health table when the database has one. Rejections and failures are counted
by a running crawl only (set ``NEWSCRAWL_REPORT_PATH`` to get them in the page it writes).
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from newscrawl.cli.database import open_database
from newscrawl.cli.db_cmd import DATABASE_ENV
from newscrawl.config.durations import parse_duration
from newscrawl.storage import DEFAULT_DATABASE_URL
from newscrawl.storage.errors import describe


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write the crawl report page (HTML)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db",
        "--database",
        dest="database",
        metavar="URL",
        default=os.environ.get(DATABASE_ENV, DEFAULT_DATABASE_URL),
        help=f"SQLAlchemy URL (default: ${DATABASE_ENV} or {DEFAULT_DATABASE_URL})",
    )
    parser.add_argument(
        "--since",
        metavar="WHEN",
        help="only articles first seen since WHEN: an ISO date/time "
        "(2026-03-14, 2026-03-14T06:00) or a duration back from now (24h, 7d)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=Path("crawl.html"),
        metavar="FILE",
        help="page to write (default: crawl.html)",
    )
    parser.set_defaults(func=run)


def parse_since(value: str, now: datetime | None = None) -> datetime:
    """An ISO date or time (UTC unless it says otherwise), or a duration back from ``now``."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        try:
            seconds = parse_duration(value)
        except ValueError:
            raise ValueError(
                f"--since {value!r}: neither an ISO date/time nor a duration such as 24h or 7d"
            ) from None
        return (now or datetime.now(UTC)) - timedelta(seconds=seconds)
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def run(args: argparse.Namespace) -> int:
    from newscrawl.reporting.crawl_page import write_crawl_report

    try:
        since = parse_since(args.since) if args.since else None
    except ValueError as error:
        print(f"newscrawl report: {error}", file=sys.stderr)
        return 2
    storage = open_database("newscrawl report", args.database, must_exist=True, option="--db")
    if storage is None:
        return 1
    try:
        stats = write_crawl_report(
            storage.engine, args.output, since=since, source=storage.display_url
        )
    except sa.exc.SQLAlchemyError as error:
        print(f"newscrawl report: {storage.display_url}: {describe(error)}", file=sys.stderr)
        return 1
    except OSError as error:
        print(
            f"newscrawl report: cannot write {args.output}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 1
    finally:
        storage.close()
    print(
        f"newscrawl report: {stats.articles} articles from {len(stats.sites)} sites "
        f"written to {args.output}",
        file=sys.stderr,
    )
    return 0
