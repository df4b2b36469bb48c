"""NEWSCRAWL_EXTRACT_TIMEOUT end to end: a page that takes too long is rejected as
``extract_timeout`` and every other page of the crawl is still stored."""

from __future__ import annotations

from tests.farm import FarmHandle

from .conftest import run_crawl, stored_articles


def crawl_with_a_slow_page(
    farm: FarmHandle, tmp_path, settings: dict[str, str], seconds: float, limit: int = 1
) -> tuple[str, dict[str, object], str]:
    expected = farm.model.expected()
    slow = sorted(expected)[len(expected) // 2]
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    run = run_crawl(
        farm,
        tmp_path,
        db_url,
        settings={"NEWSCRAWL_EXTRACT_TIMEOUT": str(limit), **settings},
        runner="tests.crawl.slow_extraction",
        env_extra={"SLOW_PAGE_URL": slow, "SLOW_PAGE_SECONDS": str(seconds)},
    )
    assert run.returncode == 0, run.log[-3000:]
    return slow, dict(stored_articles(db_url)), run.log


def check_only_the_slow_page_is_missing(
    farm: FarmHandle, slow: str, stored: dict[str, object], log: str, limit: int = 1
) -> None:
    expected = set(farm.model.expected())
    pair = farm.model.duplicate_pair()
    stored_urls = set(stored) - set(pair or ())
    given_up = [line for line in log.splitlines() if "took longer than" in line]
    assert slow not in stored_urls, given_up
    assert stored_urls == expected - {slow}, given_up
    assert "newscrawl/rejected/extract_timeout': 1" in log
    assert f"Extraction of {slow} took longer than {limit} s" in log


def test_a_runaway_page_in_a_worker_process_is_interrupted_and_the_crawl_goes_on(farm, tmp_path):
    # The page would hold its worker for an hour (WorkerPool's tests cover the page that
    # cannot be interrupted and costs its pool).
    slow, stored, log = crawl_with_a_slow_page(
        farm, tmp_path, {"NEWSCRAWL_EXTRACT_PROCESSES": "2"}, seconds=3600
    )
    check_only_the_slow_page_is_missing(farm, slow, stored, log)


def test_in_threads_the_page_is_given_up_while_its_thread_runs_on(farm, tmp_path):
    # A thread cannot be stopped: the crawl rejects the page and waits for the thread at close.
    # The limit is wall time shared under the GIL by four threads and the reactor: 1 s let an
    # ordinary page of a loaded CI machine run past it now and then, 3 s does not.
    slow, stored, log = crawl_with_a_slow_page(
        farm, tmp_path, {"NEWSCRAWL_EXTRACT_PROCESSES": "0"}, seconds=8, limit=3
    )
    check_only_the_slow_page_is_missing(farm, slow, stored, log, limit=3)
