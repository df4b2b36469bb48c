"""benchmarks/crawl_timeline.py: a DEBUG crawl log's fetches by kind of page and window."""

from __future__ import annotations

import pytest

from benchmarks.crawl_timeline import main, page_kind, timeline

BASE = "http://s00001.farm.test:4000"


def crawled(clock: str, url: str) -> str:
    return (
        f"2026-11-24 {clock} [scrapy.core.engine] DEBUG: Crawled (200) <GET {url}> (referer: None)"
    )


def test_farm_urls_are_classified_by_their_shape():
    assert page_kind(f"{BASE}/robots.txt") == "robots"
    assert page_kind(f"{BASE}/sitemap-news.xml") == "sitemap"
    assert page_kind(f"{BASE}/rss.xml") == "feed"
    assert page_kind(f"{BASE}/2024/05/01/story-0-from-s00001.html") == "article"
    assert page_kind(f"{BASE}/a/20240501/100000.shtml") == "article"
    assert page_kind(f"{BASE}/") == "home"
    assert page_kind(f"{BASE}/world/page/2/") == "list"


def test_fetches_are_counted_per_window_and_sites_by_the_window_of_their_home_page():
    lines = [
        crawled("10:00:00", f"{BASE}/robots.txt"),
        "2026-11-24 10:00:01 [newscrawl.crawl.extensions] INFO: Progress: pages 1",
        crawled("10:00:59", f"{BASE}/"),
        crawled("10:01:00", "http://s00002.farm.test:4000/"),
        crawled("10:01:30", f"{BASE}/a/20240501/100000.shtml"),
    ]
    per_window, started = timeline(lines, window=60)
    assert per_window[0] == {"robots": 1, "home": 1}
    assert per_window[1] == {"home": 1, "article": 1}
    assert started == {0: 1, 1: 1}


def test_a_log_without_debug_lines_is_a_clear_error_naming_the_file(tmp_path, monkeypatch, capsys):
    log = tmp_path / "clean.log"
    log.write_text("2026-11-24 10:00:01 [newscrawl.crawl.extensions] INFO: Progress: pages 1\n")
    monkeypatch.setattr("sys.argv", ["crawl_timeline.py", str(log)])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 2
    assert f"{log}: no 'Crawled' lines" in capsys.readouterr().err
