"""The real local PostgreSQL that storage and crawl tests write to, one fresh schema per test."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa

PG_URL = os.environ.get(
    "NEWSCRAWL_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


def pg_schema_url(schema: str) -> str:
    """``PG_URL`` with its search_path set to ``schema``."""
    return f"{PG_URL}?options=-csearch_path%3D{schema}"


@contextmanager
def fresh_schema(prefix: str) -> Iterator[str]:
    """A new schema, dropped afterwards; fails (not skips) when PostgreSQL is down."""
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    engine = sa.create_engine(PG_URL)
    with engine.begin() as connection:
        connection.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield schema
    finally:
        with engine.begin() as connection:
            connection.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()
