"""``newscrawl show URL [--report PAGE.html]``: one stored article, and why it came out so.

Prints the article as stored. ``--report`` writes the explain page of its stored raw HTML,
opened on the stored method (every method is on the page).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from newscrawl.cli.database import open_database
from newscrawl.cli.db_cmd import add_database_option
from newscrawl.method_names import DEFAULT_METHOD
from newscrawl.storage.compression import decompress_html
from newscrawl.storage.errors import describe
from newscrawl.storage.schema import article_html, articles

SHOWN = (
    "url",
    "site",
    "title",
    "anchor_text",
    "publish_time",
    "author",
    "editor",
    "lang",
    "method",
    "first_seen",
    "last_seen",
    "fetch_count",
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "show",
        help="print one stored article (and its explain page)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("url", metavar="URL", help="the article's URL as stored")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PAGE.html",
        help="write the explain page of the stored raw HTML",
    )
    parser.add_argument("--json", action="store_true", help="print the article as JSON")
    add_database_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    storage = open_database("newscrawl show", args.database, must_exist=True)
    if storage is None:
        return 1
    try:
        with storage.engine.connect() as connection:
            row = (
                connection.execute(
                    sa.select(articles, article_html.c.encoding, article_html.c.html_compressed)
                    .outerjoin(article_html, article_html.c.url == articles.c.url)
                    .where(articles.c.url == args.url)
                )
                .mappings()
                .first()
            )
    except sa.exc.SQLAlchemyError as error:
        print(f"newscrawl show: {storage.display_url}: {describe(error)}", file=sys.stderr)
        return 1
    finally:
        storage.close()
    if row is None:
        print(f"newscrawl show: {args.url} is not in {storage.display_url}", file=sys.stderr)
        return 1
    if args.json:
        record = {key: row[key] for key in (*SHOWN, "content", "images")}
        print(json.dumps(record, ensure_ascii=False, indent=2, default=str))
    else:
        for key in SHOWN:
            if row[key] is not None:
                print(f"{key}: {row[key]}")
        print()
        print(row["content"])
    if args.report:
        return write_report(args.report, row)
    return 0


def write_report(path: Path, row: Any) -> int:
    from newscrawl.extraction.document import DocumentError, load_document
    from newscrawl.reporting.explain_page import write_explain_page

    if row["html_compressed"] is None:
        print(
            f"newscrawl show: no raw HTML stored for {row['url']} (crawled with "
            "NEWSCRAWL_KEEP_HTML off?)",
            file=sys.stderr,
        )
        return 1
    try:
        html = decompress_html(row["html_compressed"])
        doc = load_document(
            html, url=row["url"], anchor_text=row["anchor_text"], encoding=row["encoding"]
        )
    except ValueError as error:  # DocumentError is a ValueError too
        kind = "not an HTML page" if isinstance(error, DocumentError) else "unreadable"
        print(f"newscrawl show: stored HTML of {row['url']} is {kind}: {error}", file=sys.stderr)
        return 1
    write_explain_page(doc, path, row["method"] or DEFAULT_METHOD)
    print(f"newscrawl show: explain page written to {path}", file=sys.stderr)
    return 0
