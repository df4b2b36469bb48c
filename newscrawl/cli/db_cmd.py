"""``newscrawl db init|replay [SPILL]|stats``: the news database from the command line."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from newscrawl.storage import (
    DEFAULT_DATABASE_URL,
    DEFAULT_SPILL_PATH,
    SpillFormatError,
    StorageError,
    open_storage,
    replay_spill,
)
from newscrawl.storage.spill import REPLAY_BATCH_SIZE

DATABASE_ENV = "NEWSCRAWL_DATABASE_URL"
SPILL_ENV = "NEWSCRAWL_SPILL_PATH"


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--database URL``, defaulting to $NEWSCRAWL_DATABASE_URL, then sqlite:///news.db."""
    parser.add_argument(
        "--database",
        metavar="URL",
        default=os.environ.get(DATABASE_ENV, DEFAULT_DATABASE_URL),
        help=f"SQLAlchemy URL (default: ${DATABASE_ENV} or {DEFAULT_DATABASE_URL})",
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("db", help="create, inspect or replay into the news database")
    actions = parser.add_subparsers(dest="db_action", metavar="ACTION", required=True)

    init = actions.add_parser("init", help="create the tables (idempotent) and check access")
    add_database_option(init)
    init.set_defaults(func=run_init)

    replay = actions.add_parser("replay", help="load a spill file written while the DB was down")
    replay.add_argument(
        "spill",
        nargs="?",
        default=os.environ.get(SPILL_ENV, DEFAULT_SPILL_PATH),
        help=f"spill file (default: ${SPILL_ENV} or {DEFAULT_SPILL_PATH})",
    )
    replay.add_argument(
        "--batch-size",
        type=int,
        default=REPLAY_BATCH_SIZE,
        help=f"records per transaction (default: {REPLAY_BATCH_SIZE})",
    )
    replay.add_argument(
        "--no-html", action="store_true", help="do not store the raw HTML of the replayed records"
    )
    add_database_option(replay)
    replay.set_defaults(func=run_replay)

    stats = actions.add_parser("stats", help="articles per site and method, HTML storage size")
    stats.add_argument("--top", type=int, default=20, help="sites to list (default: 20)")
    add_database_option(stats)
    stats.set_defaults(func=run_stats)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def run_init(args: argparse.Namespace) -> int:
    try:
        storage = open_storage(args.database)
    except StorageError as error:
        return _fail(str(error))
    print(f"OK: tables ready in {storage.display_url}")
    storage.close()
    return 0


def run_replay(args: argparse.Namespace) -> int:
    spill = Path(args.spill)
    if args.batch_size < 1:
        return _fail(f"--batch-size must be at least 1, got {args.batch_size}")
    if not spill.exists():
        print(f"nothing to replay: {spill} does not exist")
        return 0
    try:
        storage = open_storage(args.database, keep_html=not args.no_html)
    except StorageError as error:
        return _fail(str(error))
    try:
        written = replay_spill(storage, spill, batch_size=args.batch_size)
    except SpillFormatError as error:
        return _fail(f"{error} (nothing was replayed; fix or remove that line)")
    except StorageError as error:
        return _fail(str(error))  # names what was written and what is kept in the file
    finally:
        storage.close()
    print(f"replayed {written} record(s) from {spill} into {storage.display_url}")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    try:
        storage = open_storage(args.database)
        try:
            stats = storage.stats(top=args.top)
        finally:
            storage.close()
    except StorageError as error:
        return _fail(str(error))
    ratio = stats.html_compressed_bytes / stats.html_bytes if stats.html_bytes else 0.0
    print(f"database      {storage.display_url}")
    print(f"articles      {stats.articles}")
    print(f"sites         {stats.sites}")
    print(
        f"raw HTML      {stats.html_pages} pages, {_size(stats.html_bytes)}"
        f" stored as {_size(stats.html_compressed_bytes)} ({ratio:.0%})"
    )
    if stats.by_site:
        print(f"\n{'site':<40} {'articles':>9}")
        for site, count in stats.by_site:
            print(f"{site:<40} {count:>9}")
    if stats.by_method:
        print(f"\n{'method':<40} {'articles':>9}")
        for method, count in stats.by_method:
            print(f"{method or '(none)':<40} {count:>9}")
    return 0


def _size(n_bytes: int) -> str:
    if n_bytes < 1024:
        return f"{n_bytes} B"
    value = n_bytes / 1024
    for unit in ("KB", "MB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"
