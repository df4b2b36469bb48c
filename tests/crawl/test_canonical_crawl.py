"""End to end: a farm with tracking and mobile copies of every article (tests/farm/copies.py).

Whichever copy is fetched first, the database ends with exactly one row per article under
its canonical URL, and a second crawl fetches fewer duplicate URLs (learned DUST rules).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.farm import FarmHandle
from tests.farm.copies import duplicate_fetches, fetch_counts, start_copies_farm

from .conftest import run_crawl, stored_articles


@pytest.fixture(scope="module")
def copies_farm() -> Iterator[FarmHandle]:
    handle = start_copies_farm(sites=3, articles=10)
    yield handle
    handle.stop()


def check_canonical_rows(farm: FarmHandle, db_url: str) -> None:
    stored = stored_articles(db_url)
    under_copies = sorted(set(stored) & farm.model.non_canonical())
    assert not under_copies, "rows under a non-canonical URL"
    expected = farm.model.expected()
    missing = sorted(set(expected) - set(stored))
    assert not missing, "canonical articles missing"
    assert sorted(stored) == sorted(expected)
    assert {url: title for url, (title, _anchor) in stored.items()} == expected


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_canonical_urls_win_and_dust_rules_cut_duplicate_fetches(
    copies_farm, tmp_path, backend, request
):
    db_url = (
        f"sqlite:///{tmp_path / 'news.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    start = fetch_counts(copies_farm)
    first = run_crawl(copies_farm, tmp_path, db_url)
    assert first.returncode == 0, first.log[-3000:]
    check_canonical_rows(copies_farm, db_url)
    middle = fetch_counts(copies_farm)

    second = run_crawl(copies_farm, tmp_path, db_url)
    assert second.returncode == 0, second.log[-3000:]
    check_canonical_rows(copies_farm, db_url)
    assert "DUST rules loaded for 3 site(s)" in second.log
    end = fetch_counts(copies_farm)
    assert duplicate_fetches(middle, end) < duplicate_fetches(start, middle)
