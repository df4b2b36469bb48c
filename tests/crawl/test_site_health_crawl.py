"""End to end: each finished crawl records every site's health; a later crawl skips a site
dead for ``NEWSCRAWL_SKIP_DEAD_AFTER`` crawls in a row and says so in its start line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from newscrawl.cli import main
from newscrawl.storage import open_storage
from tests.farm import FarmHandle
from tests.farm.copies import start_copies_farm

from .conftest import run_crawl


@pytest.fixture(scope="module")
def health_farm() -> Iterator[FarmHandle]:
    handle = start_copies_farm(sites=1, articles=5, dead=1, empty=1)
    yield handle
    handle.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_dead_and_empty_sites_are_recorded_and_the_long_dead_skipped(
    health_farm, tmp_path, backend, request, capsys
):
    db_url = (
        f"sqlite:///{tmp_path / 'news.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    settings = {"NEWSCRAWL_SKIP_DEAD_AFTER": "1"}
    crawl = run_crawl(health_farm, tmp_path, db_url, settings=settings)
    assert crawl.returncode == 0, crawl.log[-3000:]
    assert "Crawling 3 site(s)" in crawl.log
    assert "skipping" not in crawl.log
    assert "Site health recorded for 3 site(s): 1 dead, 1 empty, 1 ok" in crawl.log

    storage = open_storage(db_url)
    health = storage.health.read()
    storage.close()
    assert {name: (row.status, row.dead_runs) for name, row in health.items()} == {
        "c000": ("ok", 0),
        "d000": ("dead", 1),
        "e000": ("empty", 0),
    }
    assert health["d000"].failures and health["d000"].last_success_at is None
    # copies stored first and then replaced by their canonical URL count as articles too
    assert health["c000"].articles >= 5 and health["c000"].last_success_at is not None

    second = run_crawl(health_farm, tmp_path, db_url, settings=settings)
    assert second.returncode == 0, second.log[-3000:]
    assert (
        "Crawling 2 site(s); skipping 1 dead site(s): d000 (dead in the last 1 crawls)"
        in second.log
    )
    assert "d000.copies.test" not in second.log.split("Crawling 2 site(s)", 1)[1]
    assert "Site health recorded for 2 site(s)" in second.log

    assert main(["sites", "report", "--database", db_url]) == 0
    out = capsys.readouterr().out
    assert "1 dead, 1 empty, 1 ok" in out
    assert "d000  dead" in out and "e000  empty" in out
