"""Bringing a database up to the current schema: the missing tables, and the columns an
older newscrawl created under another name or not at all."""

from __future__ import annotations

import logging
import time

import sqlalchemy as sa

from .errors import StorageError, describe
from .schema import metadata

# Logged under sql.py's name, as before this module was split from it: log filters and
# searches of older crawl logs keep matching.
logger = logging.getLogger("newscrawl.storage.sql")

# Table creation attempts when parallel workers race on a fresh database, and the pause
# (times the attempt) between them; 5 covers the 2-3 CREATEs a competing worker runs.
CREATE_ATTEMPTS = 5
CREATE_RETRY_DELAY = 0.05
# pg_advisory_xact_lock key guarding table creation (any constant unique to newscrawl).
SCHEMA_LOCK_KEY = 0x6E657773  # "news"

# Columns renamed since a database could first be created: (table, old name, new name).
LEGACY_COLUMNS = (("article_html", "html_zlib", "html_compressed"),)

# Columns added since a database could first be created: (table, column). Nullable text, so
# existing rows need no value.
ADDED_COLUMNS = (
    ("articles", "source"),
    ("articles", "modified_time"),
    ("site_health", "run"),
    ("articles", "editor"),
)


def create_tables(engine: sa.Engine, display_url: str) -> None:
    """Create missing tables; safe when several crawler processes start at once.

    PostgreSQL serialises the creators on an advisory lock (two concurrent CREATE TABLE
    otherwise fail on pg_type's unique index). SQLite commits each CREATE on its own, so
    a loser of the race retries and then finds the tables.
    """
    for attempt in range(1, CREATE_ATTEMPTS + 1):
        try:
            with engine.begin() as connection:
                if engine.dialect.name == "postgresql":
                    lock = sa.func.pg_advisory_xact_lock(SCHEMA_LOCK_KEY)
                    connection.execute(sa.select(lock))
                metadata.create_all(connection)
                _rename_legacy_columns(connection)
                _add_missing_columns(connection)
            return
        except sa.exc.SQLAlchemyError as error:
            if attempt == CREATE_ATTEMPTS:
                raise StorageError(
                    f"database {display_url}: cannot create tables: {describe(error)}"
                ) from error
            time.sleep(CREATE_RETRY_DELAY * attempt)


def _rename_legacy_columns(connection: sa.Connection) -> None:
    """Bring a database created by an older newscrawl up to the current column names (both
    dialects support ``ALTER TABLE .. RENAME COLUMN``; the stored bytes need no change)."""
    inspector = sa.inspect(connection)
    for table, old, new in LEGACY_COLUMNS:
        names = {column["name"] for column in inspector.get_columns(table)}
        if old in names and new not in names:
            logger.info(
                "Renaming column %(table)s.%(old)s to %(new)s",
                {"table": table, "old": old, "new": new},
            )
            connection.execute(sa.text(f"ALTER TABLE {table} RENAME COLUMN {old} TO {new}"))


def _add_missing_columns(connection: sa.Connection) -> None:
    """Add to a database created by an older newscrawl the columns it lacks."""
    inspector = sa.inspect(connection)
    for table, column in ADDED_COLUMNS:
        names = {found["name"] for found in inspector.get_columns(table)}
        if column not in names:
            logger.info("Adding column %(table)s.%(column)s", {"table": table, "column": column})
            connection.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column} TEXT"))
