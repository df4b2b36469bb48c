"""Opening the news database from a command: a missing SQLite file or a database that does not
answer is one line on stderr, never a traceback, and never a new empty database by accident."""

from __future__ import annotations

import sys
from pathlib import Path

import sqlalchemy as sa

from newscrawl.storage import SqlStorage, StorageError, open_storage


def missing_sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL that does not exist (opening it would create an empty one)."""
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        return None  # open_storage names the bad URL
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database)
    return None if path.exists() else path


def open_database(
    prefix: str,
    url: str,
    *,
    must_exist: bool = False,
    keep_html: bool = True,
    option: str = "--database",
) -> SqlStorage | None:
    """The storage at ``url``, or None after printing ``PREFIX: what failed`` on stderr.

    ``must_exist``: a SQLite file that is not there is an error (commands that only read)."""
    missing = missing_sqlite_file(url) if must_exist else None
    if missing is not None:
        print(f"{prefix}: no database at {missing} (give {option} URL)", file=sys.stderr)
        return None
    try:
        return open_storage(url, keep_html=keep_html)
    except StorageError as error:
        print(f"{prefix}: {error}", file=sys.stderr)
        return None
