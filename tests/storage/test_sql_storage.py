"""Storage contract on SQLite and PostgreSQL (see conftest.db_url)."""

from __future__ import annotations

import threading
import zlib
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from newscrawl.storage import SqlStorage, StorageError, content_hash, open_storage
from newscrawl.storage.compression import ZSTD_MAGIC, decompress_html
from newscrawl.storage.schema import article_html, articles
from newscrawl.storage.sql import LOOKUP_CHUNK


def rows(storage: SqlStorage, table: sa.Table = articles) -> list[sa.Row]:
    with storage.engine.connect() as connection:
        return list(connection.execute(sa.select(table).order_by(table.c.url)))


def as_utc(value: datetime) -> datetime:
    """SQLite returns naive UTC, PostgreSQL aware; compare both as aware UTC."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def test_write_round_trips_every_field(storage, make_record):
    record = make_record(1)
    storage.write([record])
    [row] = rows(storage)
    assert row.url == record.url
    assert (row.site, row.title, row.anchor_text) == ("example", "标题 1", "anchor 1")
    assert row.content == "第一段 1。\nSecond paragraph 1."
    assert row.content_html == record.content_html
    assert row.publish_time == "2024-05-01T08:00:00+08:00"  # stored as the ISO text given
    assert (row.author, row.lang, row.method) == ("记者 张三", "zh", "density")
    assert row.images == ["https://news.example.com/img/1.jpg"]
    assert row.content_hash == content_hash(record.content) == record.content_hash
    assert as_utc(row.first_seen) == as_utc(row.last_seen) == datetime(2024, 5, 1, 12, tzinfo=UTC)
    assert row.fetch_count == 1
    [page] = rows(storage, article_html)
    assert page.encoding == "gbk"
    assert page.html_compressed[:4] == ZSTD_MAGIC
    assert decompress_html(page.html_compressed) == record.html
    assert page.html_size == len(record.html)


def test_crawling_twice_updates_one_row(storage, make_record):
    first = make_record(1)
    storage.write([first])
    later = make_record(1, title="新标题", fetched_at=first.fetched_at + timedelta(days=1))
    storage.write([later])
    [row] = rows(storage)
    assert row.title == "新标题"
    assert as_utc(row.first_seen) == first.fetched_at
    assert as_utc(row.last_seen) == later.fetched_at
    assert row.fetch_count == 2
    assert len(rows(storage, article_html)) == 1


def test_recrawl_without_anchor_text_keeps_the_stored_one(storage, make_record):
    storage.write([make_record(1)])
    storage.write([make_record(1, anchor_text=None, fetched_at=datetime.now(UTC))])
    assert rows(storage)[0].anchor_text == "anchor 1"


def test_older_record_does_not_overwrite_newer(storage, make_record):
    storage.write([make_record(1, title="new", fetched_at=datetime(2024, 6, 1, tzinfo=UTC))])
    storage.write([make_record(1, title="old", fetched_at=datetime(2024, 5, 1, tzinfo=UTC))])
    [row] = rows(storage)
    assert row.title == "new"
    assert as_utc(row.first_seen) == datetime(2024, 6, 1, tzinfo=UTC)


def test_same_url_twice_in_one_batch_keeps_the_last(storage, make_record):
    storage.write([make_record(1, title="a"), make_record(2), make_record(1, title="b")])
    assert [row.title for row in rows(storage)] == ["b", "标题 2"]


def test_naive_fetched_at_is_taken_as_utc(storage, make_record):
    storage.write([make_record(1, fetched_at=datetime(2024, 5, 1, 12, 0))])
    assert as_utc(rows(storage)[0].first_seen) == datetime(2024, 5, 1, 12, tzinfo=UTC)


def test_known_urls_over_several_chunks(storage, make_record):
    stored = [make_record(n, html=None) for n in range(LOOKUP_CHUNK + 10)]
    storage.write(stored)
    asked = [r.url for r in stored[::7]] + ["https://elsewhere.example/x"]
    assert storage.known_urls(iter(asked)) == {r.url for r in stored[::7]}
    assert storage.known_urls([]) == set()


def test_has_content_hash_ignores_spacing_and_case(storage, make_record):
    storage.write([make_record(1, content="Breaking NEWS:\n  markets  fell")])
    same = content_hash("breaking news: markets fell")
    assert storage.has_content_hash(same) == make_record(1).url
    assert storage.has_content_hash(content_hash("something else")) is None


def test_write_is_all_or_nothing(storage, make_record):
    bad = make_record(2, title=None)  # NOT NULL violation inside the batch
    with pytest.raises(StorageError) as caught:
        storage.write([make_record(1), bad])
    message = str(caught.value)
    assert "https://news.example.com/2024/05/1.html" in message
    assert "\n" not in message
    assert rows(storage) == []


def test_keep_html_false_stores_no_html(db_url, make_record):
    storage = open_storage(db_url, keep_html=False)
    try:
        storage.write([make_record(1)])
        assert len(rows(storage)) == 1
        assert rows(storage, article_html) == []
        assert list(storage.iter_pages()) == []
    finally:
        storage.close()


def test_html_is_stored_compressed(storage, make_record):
    html = ("<p>" + "新闻正文内容。" * 2000 + "</p>").encode("utf-8")
    storage.write([make_record(1, html=html)])
    [page] = rows(storage, article_html)
    assert len(page.html_compressed) < len(html) / 10
    [stored] = storage.iter_pages()
    assert stored.html == html


def test_iter_pages_filters_by_site_and_limit(storage, make_record):
    storage.write([make_record(n, site="a" if n % 2 else "b") for n in range(1, 8)])
    assert [p.url.rsplit("/", 1)[1] for p in storage.iter_pages(site="a", page_size=2)] == [
        "1.html",
        "3.html",
        "5.html",
        "7.html",
    ]
    assert len(list(storage.iter_pages(limit=5, page_size=2))) == 5
    assert list(storage.iter_pages(site="missing")) == []


def test_update_extracted_overwrites_extraction_columns_only(storage, make_record):
    record = make_record(1)
    storage.write([record])
    storage.update_extracted(
        [
            {
                "url": record.url,
                "title": "T2",
                "content": "c2",
                "content_html": "<p>c2</p>",
                "publish_time": None,
                "author": None,
                "editor": "张迪",
                "source": "新华社",
                "modified_time": "2024-05-03T10:00+08:00",
                "images": [],
                "lang": "en",
                "method": "tcdt",
                "content_hash": content_hash("c2"),
            }
        ]
    )
    [row] = rows(storage)
    assert (row.title, row.content, row.method) == ("T2", "c2", "tcdt")
    assert (row.source, row.modified_time) == ("新华社", "2024-05-03T10:00+08:00")
    assert row.editor == "张迪"
    assert (row.images, row.lang) == ([], "en")
    assert (row.anchor_text, row.fetch_count) == ("anchor 1", 1)


def test_stats(storage, make_record):
    storage.write([make_record(1), make_record(2), make_record(3, site="other", method="cx")])
    stats = storage.stats()
    assert (stats.articles, stats.sites, stats.html_pages) == (3, 2, 3)
    assert stats.by_site == [("example", 2), ("other", 1)]
    assert stats.by_method == [("density", 2), ("cx", 1)]
    assert stats.html_bytes == sum(len(make_record(n).html) for n in (1, 2, 3))


def test_open_is_idempotent(db_url, make_record):
    first = open_storage(db_url)
    first.write([make_record(1)])
    first.close()
    second = open_storage(db_url)  # tables exist: created once, data kept
    try:
        assert second.known_urls([make_record(1).url]) == {make_record(1).url}
    finally:
        second.close()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "postgresql+psycopg://postgres:s3cret@127.0.0.1:1/test",
            "database postgresql+psycopg://postgres:***@127.0.0.1:1/test: cannot connect:",
        ),
        (
            "sqlite:////nonexistent-dir/news.db",
            (
                "database sqlite:////nonexistent-dir/news.db: "
                "directory /nonexistent-dir does not exist"
            ),
        ),
        ("mysql://user:pw@host/db", "database mysql://user:***@host/db: unsupported database"),
        ("not a url", "bad database URL 'not a url'"),
    ],
)
def test_open_failure_is_one_clear_line(url, expected):
    with pytest.raises(StorageError) as caught:
        open_storage(url)
    message = str(caught.value)
    assert message.startswith(expected)
    assert "\n" not in message
    assert "s3cret" not in message


def test_ping_after_database_went_away_raises(tmp_path, make_record):
    storage = open_storage(f"sqlite:///{tmp_path / 'news.db'}")
    storage.write([make_record(1)])
    storage.close()
    (tmp_path / "news.db").unlink()
    tmp_path.rmdir()
    with pytest.raises(StorageError, match="cannot connect"):
        storage.ping()


def test_workers_opening_a_fresh_database_at_once_all_succeed(db_url):
    # Distributed crawls start several workers on one new database: all must get in.
    start = threading.Barrier(4)
    errors: list[Exception] = []

    def open_and_close() -> None:
        start.wait()
        try:
            open_storage(db_url).close()
        except StorageError as error:
            errors.append(error)

    workers = [threading.Thread(target=open_and_close) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []


def test_nul_characters_and_long_labels_do_not_fail_the_batch(storage, make_record):
    # PostgreSQL refuses NUL in text; one such page must not send 99 others to the spill file.
    storage.write(
        [
            make_record(
                1,
                title="T\x00",
                content="a\x00b",
                images=["i\x00.jpg"],
                encoding="x-" + "long-charset-label" * 10,
            ),
            make_record(2),
        ]
    )
    first = rows(storage)[0]
    assert (first.title, first.content, first.images) == ("T", "ab", ["i.jpg"])
    assert first.content_hash == content_hash("ab")
    assert len(rows(storage)) == 2
    storage.update_extracted(
        [
            {
                "url": first.url,
                "title": "U\x00",
                "content": "c\x00",
                "content_html": "",
                "publish_time": None,
                "author": None,
                "editor": None,
                "source": None,
                "modified_time": None,
                "images": ["j\x00"],
                "lang": None,
                "method": "x",
                "content_hash": content_hash("c"),
            }
        ]
    )
    first = rows(storage)[0]
    assert (first.title, first.content, first.images) == ("U", "c", ["j"])


def test_simhashes_are_kept_as_unsigned_and_read_back_newest_first(storage, make_record):
    old = make_record(1, simhash=(1 << 64) - 1)  # the top bit set: negative as a BIGINT
    storage.write([old])
    new = make_record(2, simhash=12345)
    storage.write([new, make_record(3)])  # no simhash: no row
    recent = storage.recent_simhashes(datetime(2000, 1, 1, tzinfo=UTC), 10)
    assert recent == [(new.url, 12345), (old.url, (1 << 64) - 1)]
    assert storage.recent_simhashes(datetime(2000, 1, 1, tzinfo=UTC), 1) == [(new.url, 12345)]
    assert storage.recent_simhashes(datetime(2999, 1, 1, tzinfo=UTC), 10) == []
    storage.write([make_record(1, simhash=7)])  # a re-crawl updates it
    assert dict(storage.recent_simhashes(datetime(2000, 1, 1, tzinfo=UTC), 10))[old.url] == 7


def test_a_database_from_before_the_simhash_table_gets_it_on_open(db_url, make_record):
    store = open_storage(db_url)
    with store.engine.begin() as connection:  # as created by an older newscrawl
        connection.execute(sa.text("DROP TABLE article_simhash"))
    store.write([make_record(1)])
    store.close()
    store = open_storage(db_url)  # create_all adds the missing table, keeps the rows
    store.write([make_record(2, simhash=5)])
    assert store.known_urls([make_record(1).url]) == {make_record(1).url}
    assert store.recent_simhashes(datetime(2000, 1, 1, tzinfo=UTC), 10) == [(make_record(2).url, 5)]
    store.close()


def test_update_extracted_keeps_the_simhash_current(storage, make_record):
    since = datetime(2000, 1, 1, tzinfo=UTC)
    storage.write([make_record(1, simhash=1), make_record(2, simhash=2)])
    update = {
        "title": "T2",
        "content": "c2",
        "content_html": "<p>c2</p>",
        "publish_time": None,
        "author": None,
        "editor": None,
        "source": None,
        "modified_time": None,
        "images": [],
        "lang": "en",
        "method": "tcdt",
        "content_hash": content_hash("c2"),
    }
    storage.update_extracted(
        [
            {**update, "url": make_record(1).url, "simhash": 99},
            {**update, "url": make_record(2).url},
        ]
    )
    # a new simhash replaces the old one; without one, the stale value is dropped
    assert storage.recent_simhashes(since, 10) == [(make_record(1).url, 99)]


def test_a_database_from_before_zstd_is_renamed_and_its_zlib_pages_still_read(db_url, make_record):
    """An older newscrawl stored zlib bytes in ``article_html.html_zlib``: opening the
    database renames the column, the old rows decompress, and new rows are zstd."""
    old_html = b"<html><body><p>" + "旧的页面。".encode() * 500 + b"</p></body></html>"
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        legacy = sa.MetaData()
        articles.to_metadata(legacy)
        sa.Table(
            "article_html",
            legacy,
            sa.Column("url", sa.Text, sa.ForeignKey("articles.url"), primary_key=True),
            sa.Column("encoding", sa.Text),
            sa.Column("html_zlib", sa.LargeBinary, nullable=False),
            sa.Column("html_size", sa.Integer, nullable=False),
            sa.Column("fetched_at", sa.DateTime(timezone=True), nullable=False),
        )
        legacy.create_all(connection)
    engine.dispose()
    storage = open_storage(db_url)  # creates the rest, renames html_zlib
    try:
        storage.write([make_record(1)])
        with storage.engine.begin() as connection:  # what the old code wrote for page 2
            connection.execute(
                sa.update(article_html)
                .where(article_html.c.url == make_record(1).url)
                .values(html_compressed=zlib.compress(old_html, 3))
            )
        storage.write([make_record(2)])
        columns = {c["name"] for c in sa.inspect(storage.engine).get_columns("article_html")}
        assert "html_compressed" in columns and "html_zlib" not in columns
        pages = {page.url: page.html for page in storage.iter_pages()}
        assert pages[make_record(1).url] == old_html
        assert pages[make_record(2).url] == make_record(2).html
    finally:
        storage.close()
    open_storage(db_url).close()  # a second open finds nothing to rename


def test_source_editor_and_modified_time_are_stored(storage, make_record):
    record = make_record(1)
    record.source, record.modified_time = "Reuters", "2024-05-03T10:00:00+00:00"
    record.editor = "Ann Lee, Tom Hart"
    storage.write([record])
    [row] = rows(storage)
    assert (row.source, row.modified_time) == ("Reuters", "2024-05-03T10:00:00+00:00")
    assert row.editor == "Ann Lee, Tom Hart"


def test_a_database_from_before_the_source_column_gets_it(db_url, make_record):
    """An older newscrawl had no ``source``/``modified_time``/``editor``: opening the database adds
    them, its rows read as NULL there, and new rows fill them."""
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        legacy = sa.MetaData()
        articles.to_metadata(legacy)
        legacy.create_all(connection)
        for column in ("source", "modified_time", "editor"):  # as an older release made it
            connection.execute(sa.text(f"ALTER TABLE articles DROP COLUMN {column}"))
        old = make_record(1)
        connection.execute(
            sa.text(
                "INSERT INTO articles (url, site, title, content, content_html, images, method,"
                " content_hash, first_seen, last_seen, fetch_count) VALUES (:url, :site, :title,"
                " :content, '', '[]', '', :hash, :now, :now, 1)"
            ).bindparams(
                url=old.url,
                site=old.site,
                title=old.title,
                content=old.content,
                hash="0" * 40,
                now=datetime.now(UTC),
            )
        )
    engine.dispose()
    storage = open_storage(db_url)
    try:
        new = make_record(2)
        new.source, new.editor = "新华社", "张迪"
        storage.write([new])
        found = {row.url: (row.source, row.editor) for row in rows(storage)}
        assert found == {make_record(1).url: (None, None), new.url: ("新华社", "张迪")}
    finally:
        storage.close()
    open_storage(db_url).close()  # a second open finds nothing to add


def test_unreadable_stored_html_names_the_url_and_the_other_pages_still_read(storage, make_record):
    storage.write([make_record(1), make_record(2)])
    damaged = make_record(1).url
    with storage.engine.begin() as connection:
        connection.execute(
            sa.update(article_html)
            .where(article_html.c.url == damaged)
            .values(html_compressed=b"not compressed")
        )
    first, second = storage.iter_pages()
    assert first.url == damaged and first.html is None
    assert first.unreadable is not None
    assert f"stored HTML of {damaged}: stored HTML is neither zstd nor zlib" in first.unreadable
    assert (second.html, second.unreadable) == (make_record(2).html, None)


def test_a_record_without_its_content_hash_is_refused_not_hashed_here(storage, make_record):
    # The writer (the crawler's extraction worker, re-extraction) owns the hash.
    with pytest.raises(ValueError, match=r"without content_hash: .*/2024/05/7\.html"):
        storage.write([make_record(7, content_hash="")])
    assert storage.known_urls([make_record(7).url]) == set()
