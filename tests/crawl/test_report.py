from __future__ import annotations

from newscrawl.crawl.report import CrawlTally, progress_line, summary_table


def make_tally() -> CrawlTally:
    tally = CrawlTally()
    a = tally.site("alpha")
    a.pages, a.articles, a.errors = 30, 20, 2
    a.rejected.update({"too_short": 3, "duplicate": 1})
    a.methods["density"] += 20
    b = tally.site("beta")
    b.pages, b.articles = 5, 4
    b.methods["tcdt"] += 4
    return tally


def test_progress_line_rates_and_errors():
    line = progress_line(make_tally(), elapsed=10.0, pages_before=15, articles_before=4,
                         interval=5.0)
    assert line == ("pages 35 (4.0/s), articles 24 (4.0/s; 2.4/s overall), rejected 4, "
                    "errors: alpha 2")


def test_summary_table_busiest_first_with_total_and_cap():
    table = summary_table(make_tally(), max_rows=1).splitlines()
    assert table[0].split() == ["site", "pages", "articles", "errors", "rejected", "methods"]
    assert table[2].split() == ["alpha", "30", "20", "2", "too_short:3", "duplicate:1",
                                "density:20"]
    assert table[3].strip() == "... 1 more sites"
    assert table[4].split()[:4] == ["TOTAL", "35", "24", "2"]
