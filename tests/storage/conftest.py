"""Storage fixtures: every contract test runs on SQLite and on the real local PostgreSQL.

Each PostgreSQL test gets its own schema (selected through the URL's ``search_path``), so
parallel test runs never see each other's tables; the schema is dropped afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from newscrawl.storage import ArticleRecord, SqlStorage, content_hash, open_storage
from tests.postgres import fresh_schema, pg_schema_url


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema; the test fails (not skips) when PostgreSQL is down."""
    with fresh_schema("nc_test") as schema:
        yield schema


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'news.db'}"
    schema = request.getfixturevalue("pg_schema")
    return pg_schema_url(schema)


@pytest.fixture
def storage(db_url: str) -> Iterator[SqlStorage]:
    store = open_storage(db_url)
    yield store
    store.close()


@pytest.fixture
def make_record():
    """Factory: ``make_record(n, field=value)`` builds a full ArticleRecord."""
    return build_record


def build_record(n: int = 1, **overrides: object) -> ArticleRecord:
    fields: dict[str, object] = {
        "url": f"https://news.example.com/2024/05/{n}.html",
        "site": "example",
        "title": f"标题 {n}",
        "content": f"第一段 {n}。\nSecond paragraph {n}.",
        "anchor_text": f"anchor {n}",
        "content_html": f"<p>第一段 {n}。</p><p>Second paragraph {n}.</p>",
        "publish_time": "2024-05-01T08:00:00+08:00",
        "author": "记者 张三",
        "images": [f"https://news.example.com/img/{n}.jpg"],
        "lang": "zh",
        "method": "density",
        "html": f"<html><body><p>第一段 {n}。</p></body></html>".encode("gbk"),
        "encoding": "gbk",
        "fetched_at": datetime(2024, 5, 1, 12, 0, tzinfo=UTC),
    }
    fields.update(overrides)
    fields.setdefault("content_hash", content_hash(str(fields["content"])))  # as the crawler does
    return ArticleRecord(**fields)  # type: ignore[arg-type]
