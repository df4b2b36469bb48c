"""The news database schema (SQLAlchemy Core), identical on SQLite and PostgreSQL.

``articles`` holds one row per canonical URL; ``article_html`` the raw page bytes, zstd
compressed (newscrawl/storage/compression.py), so ``newscrawl reextract`` can re-run
extraction without crawling again.
See docs/storage.md for the column meanings.
"""

from __future__ import annotations

import sqlalchemy as sa

# 64-bit ids on PostgreSQL; SQLite only auto-increments a column declared exactly INTEGER.
_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

# Free text is TEXT, never VARCHAR(n): an odd value (a long charset label) must not fail a
# whole batch on PostgreSQL, and the two types cost the same there.
metadata = sa.MetaData()

articles = sa.Table(
    "articles",
    metadata,
    sa.Column("id", _ID, primary_key=True, autoincrement=True),
    sa.Column("url", sa.Text, nullable=False, unique=True),
    sa.Column("site", sa.Text, nullable=False, index=True),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("anchor_text", sa.Text),
    sa.Column("content", sa.Text, nullable=False),
    sa.Column("content_html", sa.Text, nullable=False, default=""),
    # ISO 8601 text as extracted: a page often gives a local time with no zone, which a
    # TIMESTAMP column would silently shift or reject. ISO strings still sort by time when
    # their zones agree.
    sa.Column("publish_time", sa.Text),
    sa.Column("author", sa.Text),  # several names as "A, B"
    # Who the page credits with editing the story ("责任编辑：甲"), "A, B"; added after the
    # first release like source below.
    sa.Column("editor", sa.Text),
    # The agency or outlet the story comes from ("来源：新华社"), not a writer. Added after
    # the first release: SqlStorage.create_tables adds it (and modified_time) to an older
    # database.
    sa.Column("source", sa.Text),
    sa.Column("modified_time", sa.Text),  # ISO 8601 as publish_time, when the page states it
    sa.Column("images", sa.JSON, nullable=False),
    sa.Column("lang", sa.Text),
    sa.Column("method", sa.Text, nullable=False, default=""),
    sa.Column("content_hash", sa.String(40), nullable=False, index=True),
    # UTC. first_seen is set once; last_seen and fetch_count change on every re-crawl.
    sa.Column("first_seen", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
    sa.Column("fetch_count", sa.Integer, nullable=False, default=1),
)


def _article_url() -> sa.Column[str]:
    """The primary key of a table that extends ``articles`` one row per article."""
    return sa.Column(
        "url", sa.Text, sa.ForeignKey("articles.url", ondelete="CASCADE"), primary_key=True
    )


article_html = sa.Table(
    "article_html",
    metadata,
    _article_url(),
    sa.Column("encoding", sa.Text),
    # zstd; zlib in rows written before the switch (the bytes say which). The column was
    # called html_zlib then; SqlStorage.create_tables renames it in an older database.
    sa.Column("html_compressed", sa.LargeBinary, nullable=False),
    sa.Column("html_size", sa.Integer, nullable=False),  # uncompressed bytes, for `db stats`
    sa.Column("fetched_at", sa.DateTime(timezone=True), nullable=False),
)

# The content's 64-bit simhash (stored signed: BIGINT), so a later crawl can tell a new URL
# that carries a near-copy of a recent article. A table of its own: a database created
# before it gets it from create_all, with no column migration.
article_simhash = sa.Table(
    "article_simhash",
    metadata,
    _article_url(),
    sa.Column("simhash", sa.BigInteger, nullable=False),
    sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False, index=True),
)

# Columns a re-crawl or re-extraction overwrites (everything extraction produces).
EXTRACTED_COLUMNS = (
    "title",
    "content",
    "content_html",
    "publish_time",
    "author",
    "editor",
    "source",
    "modified_time",
    "images",
    "lang",
    "method",
    "content_hash",
)
