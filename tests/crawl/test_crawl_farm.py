"""End to end: ``scrapy crawl news`` over the farm into SQLite and PostgreSQL.

The farm model says exactly which articles a complete crawl stores, with which title and
anchor text; list pages, error pages, robots-disallowed and oversized pages are never stored,
and of two URLs serving the same page exactly one is.
"""

from __future__ import annotations

import pytest

from tests.farm import FarmHandle

from .conftest import run_crawl, stored_articles


def check_complete_crawl(farm: FarmHandle, stored: dict[str, tuple[str, str | None]]) -> None:
    expected = farm.model.expected()
    first, second = farm.model.duplicate_pair()
    assert (first in stored) != (second in stored), "exactly one copy of the duplicate page"
    stored = {url: value for url, value in stored.items() if url not in (first, second)}
    assert sorted(stored) == sorted(expected)
    wrong = {url: (stored[url], expected[url]) for url in expected if stored[url] != expected[url]}
    assert not wrong, "title/anchor text differ (stored, expected)"
    assert not set(stored) & set(farm.model.not_stored())


def test_crawl_into_sqlite_stores_exactly_the_farm_articles(farm, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    run = run_crawl(farm, tmp_path, db_url)
    assert run.returncode == 0, run.log[-3000:]
    check_complete_crawl(farm, stored_articles(db_url))
    assert "newscrawl/rejected/list_page': 1" in run.log  # the disguised roundup page
    assert "Progress: pages" in run.log
    assert "TOTAL" in run.log  # the per-site summary table
    # HTTP error statuses reach the spider's errback (through HttpErrorMiddleware) and are
    # counted by status; each failure is one log line, never a traceback.
    s000 = next(line for line in run.log.splitlines() if line.startswith("s000 "))
    assert "http_404:1" in s000 and "http_500:1" in s000, s000
    assert "Traceback" not in run.log


def test_extraction_in_threads_stores_the_same_articles(farm, tmp_path):
    """NEWSCRAWL_EXTRACT_PROCESSES=0: the pipeline's in-thread path, list-page check included."""
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    run = run_crawl(farm, tmp_path, db_url, settings={"NEWSCRAWL_EXTRACT_PROCESSES": "0"})
    assert run.returncode == 0, run.log[-3000:]
    check_complete_crawl(farm, stored_articles(db_url))
    assert "newscrawl/rejected/list_page': 1" in run.log


def test_crawl_into_postgresql_and_again_without_duplicates(farm, tmp_path, pg_url):
    run = run_crawl(farm, tmp_path, pg_url)
    assert run.returncode == 0, run.log[-3000:]
    first = stored_articles(pg_url)
    check_complete_crawl(farm, first)
    again = run_crawl(farm, tmp_path, pg_url)  # a second crawl updates, never duplicates
    assert again.returncode == 0, again.log[-3000:]
    assert stored_articles(pg_url) == first


@pytest.mark.parametrize(
    "db_url",
    ["postgresql+psycopg://postgres@127.0.0.1:1/test", "sqlite:////nonexistent-dir/news.db"],
)
def test_database_down_at_start_fails_fast_with_one_line(farm, tmp_path, db_url):
    run = run_crawl(farm, tmp_path, db_url, settings={"LOG_LEVEL": "WARNING"})
    assert run.returncode == 1
    lines = [line for line in run.log.splitlines() if "cannot start" in line]
    assert len(lines) == 1 and "database" in lines[0], run.log[-2000:]
    assert "Traceback" not in run.log
