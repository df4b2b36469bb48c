"""The ``INSERT .. ON CONFLICT .. DO UPDATE`` statements a write runs, one per table.

``insert`` is the dialect's own (``sqlalchemy.dialects.sqlite.insert`` or
``postgresql.insert``): both take ``on_conflict_do_update``, which plain ``sa.insert`` lacks.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from .schema import EXTRACTED_COLUMNS, article_html, article_simhash, articles


def article_upsert(insert: Any) -> Any:
    statement = insert(articles)
    new = statement.excluded
    updates: dict[str, Any] = {name: new[name] for name in EXTRACTED_COLUMNS}
    updates.update(
        site=new.site,
        # A re-crawl through a sitemap has no anchor text; keep the one a list page gave.
        anchor_text=sa.func.coalesce(new.anchor_text, articles.c.anchor_text),
        last_seen=new.last_seen,
        fetch_count=articles.c.fetch_count + 1,
    )
    # A replayed spill record older than the stored row must not overwrite newer content.
    return statement.on_conflict_do_update(
        index_elements=[articles.c.url],
        set_=updates,
        where=new.last_seen >= articles.c.last_seen,
    )


def html_upsert(insert: Any) -> Any:
    statement = insert(article_html)
    new = statement.excluded
    return statement.on_conflict_do_update(
        index_elements=[article_html.c.url],
        set_={
            name: new[name] for name in ("encoding", "html_compressed", "html_size", "fetched_at")
        },
        where=new.fetched_at >= article_html.c.fetched_at,
    )


def simhash_upsert(insert: Any) -> Any:
    statement = insert(article_simhash)
    return statement.on_conflict_do_update(
        index_elements=[article_simhash.c.url],
        set_={"simhash": statement.excluded.simhash, "seen_at": statement.excluded.seen_at},
    )
