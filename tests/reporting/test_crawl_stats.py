"""The crawl report's numbers, from a real SQLite and a real PostgreSQL database."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from newscrawl.crawl.report import CrawlTally
from newscrawl.reporting.crawl_page import crawl_html
from newscrawl.reporting.crawl_stats import collect
from tests.postgres import fresh_schema, pg_schema_url

from .conftest import seed_articles


def check_counts(url: str) -> None:
    engine = sa.create_engine(url)
    try:
        stats = collect(engine)
        assert stats.articles == 7
        assert [(r.site, r.articles, r.top_method) for r in stats.sites] == [
            ("alpha", 4, "density"),
            ("beta", 2, "tcdt"),
            ("gamma", 1, "auto"),
        ]
        assert stats.per_hour == [
            ("2026-03-14 06:00", 3),
            ("2026-03-14 07:00", 2),
            ("2026-03-14 08:00", 2),
        ]
        assert stats.methods == {"density": 3, "justext": 1, "tcdt": 2, "auto": 1}
        assert stats.langs == {"en": 4, "zh": 2, "unknown": 1}
        assert stats.rejections is None and stats.failures is None
        assert any("not stored in the database" in note for note in stats.missing)
        later = collect(engine, since=datetime(2026, 3, 14, 7, 0, tzinfo=UTC))
        assert later.articles == 4 and [h for h, _ in later.per_hour] == [
            "2026-03-14 07:00",
            "2026-03-14 08:00",
        ]
    finally:
        engine.dispose()


def test_counts_on_sqlite(news_db: str) -> None:
    check_counts(news_db)


def test_counts_on_postgresql() -> None:
    with fresh_schema("report") as schema:
        url = pg_schema_url(schema)
        seed_articles(url)
        check_counts(url)


def test_tally_adds_rejections_failures_and_dead_or_empty_sites(news_db: str) -> None:
    tally = CrawlTally()
    alpha = tally.site("alpha")
    alpha.pages, alpha.articles = 10, 4
    alpha.rejected.update({"no_content": 2, "duplicate": 1})
    alpha.failures.update({"http_404": 2})
    dead = tally.site("delta")
    dead.failures.update({"dns": 3})
    empty = tally.site("epsilon")
    empty.pages = 6
    engine = sa.create_engine(news_db)
    stats = collect(engine, tally=tally, elapsed=32.0)
    engine.dispose()
    assert stats.rejections == {"no_content": 2, "duplicate": 1}
    assert stats.failures == {"http_404": 2, "dns": 3}
    assert stats.pages == 16 and stats.seconds_per_page == pytest.approx(2.0)
    assert dict(stats.dead_or_empty) == {
        "delta": "dead: no page fetched, 3 failures",
        "epsilon": "empty: 6 pages, no article",
    }
    row = next(r for r in stats.sites if r.site == "alpha")
    assert (row.pages, row.rejected, row.failures, row.failure_kinds) == (10, 3, 2, "http_404 2")
    html = crawl_html(stats)
    assert "no_content" in html and "epsilon" in html and "2,000.0 ms" in html


def test_site_health_records_are_read_when_the_table_exists(news_db: str) -> None:
    from newscrawl.storage import open_storage
    from newscrawl.storage.health import SiteOutcome

    storage = open_storage(news_db)
    storage.health.record(
        [
            SiteOutcome("alpha", "ok", 5, 2),
            SiteOutcome("zeta", "dead", 0, 0),
            SiteOutcome("eta", "empty", 4, 0),
        ]
    )
    storage.close()
    engine = sa.create_engine(news_db)
    stats = collect(engine)
    engine.dispose()
    assert stats.health is not None and stats.health.table == "site_health"
    assert stats.health.columns[:2] == ["site", "status"]
    assert dict(stats.dead_or_empty) == {"zeta": "health record", "eta": "health record"}
    assert not any("site-health" in note for note in stats.missing)


def test_charts_are_inline_svg_without_scripts_or_remote_links(news_db: str) -> None:
    engine = sa.create_engine(news_db)
    html = crawl_html(collect(engine))
    engine.dispose()
    assert html.count("<svg") == 3
    assert html.count("<script") == 1  # the page's own sorting script
    assert "https://" not in html and 'src="http' not in html
