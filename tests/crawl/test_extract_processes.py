"""Extraction in worker processes: same result as in a thread, settings checked."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, date, datetime

import pytest
from scrapy.exceptions import NotConfigured

from newscrawl.crawl.content_keys import content_keys
from newscrawl.crawl.pipelines.extract import extract_page, process_count
from newscrawl.extraction import Article, Rejection

PARAGRAPH = (
    "The city council approved the new transit budget on Tuesday after a long debate "
    "about bus routes, fares and the timetable for the northern line extension. "
)
PAGE = f"""<html><head><title>Council approves transit budget - Daily News</title></head>
<body><nav><a href="/">Home</a> <a href="/world">World</a></nav>
<article><h1>Council approves transit budget</h1>
{"".join(f"<p>{PARAGRAPH * 3}</p>" for _ in range(5))}
</article><footer>Copyright Daily News</footer></body></html>""".encode()


def test_process_count_reads_the_setting():
    assert process_count(None) >= 1
    assert process_count("") == process_count(None)
    assert process_count("0") == 0
    assert process_count(3) == 3
    with pytest.raises(NotConfigured, match="NEWSCRAWL_EXTRACT_PROCESSES"):
        process_count("-1")
    with pytest.raises(NotConfigured, match="whole number"):
        process_count("two")


def test_worker_process_result_equals_the_in_thread_result():
    args = (
        PAGE,
        "http://news.example/2024/05/17/budget.html",
        "Council approves transit budget",
        "density",
        "utf-8",
        200,
        True,
    )
    here = extract_page(*args)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(extract_page, *args).result()
    assert isinstance(here.result, Article)
    assert isinstance(there.result, Article)
    # diagnostics carry timings; everything stored must match
    assert there.result.to_dict() == here.result.to_dict()
    assert (there.thin, there.keys) == (False, here.keys)
    assert here.keys == content_keys(here.result.content, near_dedup=True)


def test_a_local_publish_time_gets_the_site_zone():
    page = (
        b"<html><head><meta name='pubdate' content='2024-05-17 09:30'></head><body>"
        + PAGE.split(b"<body>", 1)[1]
    )
    args = (page, "http://news.example/budget.html", None, "density", "utf-8", 200, False)
    found = extract_page(*args, datetime(2024, 5, 18, tzinfo=UTC), "Asia/Shanghai").result
    assert isinstance(found, Article)
    assert found.publish_time == "2024-05-17T09:30+08:00"


def test_a_date_before_the_sites_first_day_is_not_stored():
    page = (
        b"<html><head><meta name='pubdate' content='1999-05-17 09:30'></head><body>"
        + PAGE.split(b"<body>", 1)[1]
    )
    args = (page, "http://news.example/budget.html", None, "density", "utf-8", 200, False)
    fetched = datetime(2024, 5, 18, tzinfo=UTC)
    kept = extract_page(*args, fetched, None, date(1998, 1, 1)).result
    assert isinstance(kept, Article) and kept.publish_time == "1999-05-17T09:30"
    gone = extract_page(*args, fetched, None, date(2005, 1, 1)).result
    assert isinstance(gone, Article) and gone.publish_time is None


def test_thin_page_is_flagged_and_not_hashed():
    page = extract_page(
        b"<html><body><p>Too short.</p></body></html>",
        "http://x.com/a",
        None,
        "density",
        "utf-8",
        200,
        True,
    )
    assert page.thin
    assert isinstance(page.result, Rejection) or page.keys is not None


def test_worker_results_and_errors_reach_the_reactor_as_deferred_results(monkeypatch):
    from concurrent.futures import CancelledError, Future

    from twisted.internet import reactor
    from twisted.python.failure import Failure

    from newscrawl.crawl.pipelines.extract import deferred_from_future

    calls = []
    # The executor's thread hands the result to the reactor thread; run that hand-over here.
    monkeypatch.setattr(
        reactor,
        "callFromThread",
        lambda function, *args: calls.append(1) or function(*args),
        raising=False,
    )
    done, failed = Future(), Future()
    results = []
    deferred_from_future(done).addCallback(results.append)
    deferred_from_future(failed).addErrback(results.append)
    assert results == []  # nothing fires before the worker is done
    done.set_result("page")
    failed.set_exception(ValueError("worker died"))
    assert results[0] == "page"
    assert isinstance(results[1], Failure) and results[1].check(ValueError)
    assert len(calls) == 2
    queued = Future()
    deferred_from_future(queued).addErrback(results.append)
    queued.cancel()  # what shutting the pool down does to a page still waiting
    assert results[2].check(CancelledError)
