"""Speed of the report pages: the explain page of one article and the crawl report.

    python3 benchmarks/report_speed.py [--page FILE.html] [--runs 5]
                                       [--articles 100000] [--sites 1500]

The explain page is built from the page's bytes (decode, parse, every method, every trace,
render) ``--runs`` times. Without ``--page`` the page is the test article
(tests/data/reporting/article.html) grown to the size of a typical news page: ~60 KB of
HTML, ~230 text blocks: menus, related-link lists, a comment thread. The crawl report
reads a temporary SQLite database filled with ``--articles`` synthetic rows over ``--sites``
sites and 72 hours, then renders. Times are wall-clock medians (a person waits for the page);
the database fill is not timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from newscrawl.extraction.document import load_document
from newscrawl.reporting.crawl_page import write_crawl_report
from newscrawl.reporting.explain import build
from newscrawl.reporting.explain_page import explain_html
from newscrawl.storage.schema import articles, metadata

DEFAULT_PAGE = Path(__file__).resolve().parent.parent / "tests/data/reporting/article.html"
METHODS = ("density", "density", "density", "justext", "auto", "tcdt", "boilerpipe", "cx")
LANGS = ("en", "en", "zh", "zh", "de", "fr", None)


def typical_page() -> bytes:
    """The test article with the furniture and length of a real news page around it."""
    html = DEFAULT_PAGE.read_text(encoding="utf-8")
    paragraphs = html[html.index("<p>Emergency") : html.index("</div>\n</article>")]
    menu = "".join(f'<li><a href="/section/{i}">Section {i}</a></li>' for i in range(60))
    related = "".join(
        f'<li><a href="/news/{i}">Related story number {i} about the valley and '
        f'its weather</a> <span class="date">2026-03-{1 + i % 28:02d}</span></li>'
        for i in range(45)
    )
    comments = "".join(
        f'<div class="comment"><p class="who">reader{i}</p><p>I have lived by '
        f"the river for {i + 3} years and never seen the water this high in "
        f"March; the council should have acted sooner.</p></div>"
        for i in range(40)
    )
    styling = '<div class="ad" style="width:300px;height:250px"><span>Advertisement</span></div>'
    html = html.replace("<ul>\n<li>", f"<ul>{menu}\n<li>", 1)
    html = html.replace("</div>\n</article>", paragraphs * 4 + "</div>\n</article>", 1)
    html = html.replace(
        "</aside>",
        f"<ul>{related}</ul>{styling * 6}</aside>"
        f'<section class="comments"><h3>Comments</h3>{comments}</section>',
        1,
    )
    return (html + "<!-- " + "x" * 40_000 + " -->").encode("utf-8")  # tracking markup weight


def time_explain(html: bytes, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        explain_html(load_document(html, url="https://example.com/article"), "density")
        times.append(time.perf_counter() - started)
    return times


def fill(engine: sa.Engine, n_articles: int, n_sites: int, seed: int = 7) -> None:
    """``n_articles`` rows shaped like crawled articles (short text: the report reads none)."""
    metadata.create_all(engine)
    rng = random.Random(seed)
    start = datetime(2026, 3, 1, tzinfo=UTC)
    batch = []
    for i in range(n_articles):
        seen = start + timedelta(seconds=rng.randrange(72 * 3600))
        batch.append(
            {
                "url": f"https://site{i % n_sites}.example/a/{i}",
                "site": f"site{i % n_sites}",
                "title": f"Article {i}",
                "content": "text",
                "content_html": "",
                "images": [],
                "lang": rng.choice(LANGS),
                "method": rng.choice(METHODS),
                "content_hash": f"{i:040x}",
                "first_seen": seen,
                "last_seen": seen,
                "fetch_count": 1,
            }
        )
        if len(batch) == 10_000:
            with engine.begin() as connection:
                connection.execute(articles.insert(), batch)
            batch.clear()
    if batch:
        with engine.begin() as connection:
            connection.execute(articles.insert(), batch)


def time_crawl_report(n_articles: int, n_sites: int, runs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        engine = sa.create_engine(f"sqlite:///{folder}/news.db")
        fill(engine, n_articles, n_sites)
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            stats = write_crawl_report(engine, Path(folder) / "crawl.html", source="benchmark")
            times.append(time.perf_counter() - started)
        size = (Path(folder) / "crawl.html").stat().st_size
        engine.dispose()
    assert stats.articles == n_articles, stats.articles
    print(f"crawl report: {n_articles:,} articles, {n_sites:,} sites, page {size / 1e6:.1f} MB")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--page", type=Path, help="an HTML page (default: a typical one)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--articles", type=int, default=100_000)
    parser.add_argument("--sites", type=int, default=1500)
    args = parser.parse_args(argv)
    html = args.page.read_bytes() if args.page else typical_page()
    name = args.page.name if args.page else "typical page"
    blocks = len(build(load_document(html), "density").blocks)
    explain = time_explain(html, args.runs)
    print(
        f"explain page ({name}, {len(html) / 1000:.0f} KB, {blocks} blocks): median "
        f"{statistics.median(explain):.3f} s, max {max(explain):.3f} s over {args.runs} runs "
        "(target: well under 1 s)"
    )
    crawl = time_crawl_report(args.articles, args.sites, max(args.runs // 2, 1))
    print(
        f"crawl report: median {statistics.median(crawl):.2f} s, max {max(crawl):.2f} s "
        f"(target: under 10 s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
