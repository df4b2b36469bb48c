from __future__ import annotations

from newscrawl.crawl.report import CrawlTally, progress_line, summary_table


def make_tally() -> CrawlTally:
    tally = CrawlTally()
    a = tally.site("alpha")
    a.pages, a.articles = 30, 20
    a.failures.update({"dns": 1, "http_503": 1})
    a.rejected.update({"too_short": 3, "duplicate": 1})
    a.methods["density"] += 20
    b = tally.site("beta")
    b.pages, b.articles = 5, 4
    b.methods["tcdt"] += 4
    return tally


def test_progress_line_rates_and_errors():
    line = progress_line(
        make_tally(), elapsed=10.0, pages_before=15, articles_before=4, interval=5.0
    )
    assert line == (
        "pages 35 (4.0/s), articles 24 (4.0/s; 2.4/s overall), rejected 4, "
        "errors 2 (dns 1, http_503 1): alpha 2"
    )


def test_summary_table_busiest_first_with_total_and_cap():
    table = summary_table(make_tally(), max_rows=1).splitlines()
    assert table[0].split() == ["site", "pages", "articles", "errors", "rejected", "methods"]
    assert table[2].split() == [
        "alpha",
        "30",
        "20",
        "dns:1",
        "http_503:1",
        "too_short:3",
        "duplicate:1",
        "density:20",
    ]
    assert table[3].strip() == "... 1 more sites"
    assert table[4].split()[:5] == ["TOTAL", "35", "24", "dns:1", "http_503:1"]


def test_progress_line_says_none_without_failures():
    tally = CrawlTally()
    tally.site("alpha").pages = 3
    assert progress_line(
        tally, elapsed=1.0, pages_before=0, articles_before=0, interval=1.0
    ).endswith("errors: none")


def test_progress_line_says_every_fetch_failed_while_no_page_came():
    tally = CrawlTally()
    tally.site("alpha").failures["robots_unreachable"] += 1
    tally.site("alpha").down["alpha.example"] = "dns x2"
    tally.site("beta").down["beta.example:8080"] = "refused x2"
    tally.site("beta").dropped = 3
    line = progress_line(tally, elapsed=1.0, pages_before=0, articles_before=0, interval=1.0)
    assert line.startswith("EVERY FETCH FAILED so far: pages 0")
    assert "hosts down 2 (dns 1, refused 1; 3 requests dropped)" in line
    assert line.endswith("errors 1 (robots_unreachable 1): alpha 1")
    tally.site("alpha").pages = 1
    assert "EVERY FETCH FAILED" not in progress_line(
        tally, elapsed=1.0, pages_before=0, articles_before=0, interval=1.0
    )


def test_summary_names_every_host_marked_down_with_its_site_and_reason():
    tally = make_tally()
    tally.site("alpha").down["alpha.example"] = "timeout x3"
    tally.site("gamma").down["gamma.example"] = "dns x2"
    tally.site("gamma").dropped = 4
    lines = summary_table(tally, max_rows=10).splitlines()
    assert lines[-3:] == [
        "Hosts marked down: 2 (4 requests dropped unfetched)",
        "  alpha: alpha.example down (timeout x3)",
        "  gamma: gamma.example down (dns x2)",
    ]


def test_no_line_on_dates_before_since_when_none_was_passed_over():
    assert "since" not in summary_table(make_tally(), max_rows=10)
    tally = make_tally()
    tally.site("beta").dates_before_since = 1
    tally.site("alpha").dates_before_since = 3
    assert summary_table(tally, max_rows=10).splitlines()[-1] == (
        "Dates older than the site's since, not stored: 4 (alpha 3, beta 1)"
    )
