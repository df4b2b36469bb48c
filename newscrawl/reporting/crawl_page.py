"""The crawl report page: ``newscrawl report`` and the end-of-crawl extension."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from newscrawl.crawl.report import CrawlTally

from .charts import bar_chart, pie_chart
from .crawl_stats import CrawlStats, collect
from .render import render, write

# Sites listed in the table (busiest first); a page with thousands of rows is slow to open.
MAX_SITES = 2000
# Slices of a pie chart before the rest is summed as "other".
PIE_SLICES = 8


def crawl_html(stats: CrawlStats) -> str:
    charts = {
        "hours": bar_chart(
            "articles per hour (UTC)",
            [h[5:] for h, _ in stats.per_hour],
            [c for _, c in stats.per_hour],
            rotate=45,
        )
        if stats.per_hour
        else "",
        "methods": pie_chart("methods", _top(stats.methods.most_common())),
        "langs": pie_chart("languages", _top(stats.langs.most_common())),
    }
    return render(
        "crawl.html.j2",
        stats=stats,
        charts=charts,
        max_sites=MAX_SITES,
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )


def _top(parts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    if len(parts) <= PIE_SLICES:
        return parts
    head = parts[: PIE_SLICES - 1]
    return [*head, ("other", sum(c for _, c in parts[PIE_SLICES - 1 :]))]


def write_crawl_report(
    engine: sa.Engine,
    path: Path,
    *,
    since: datetime | None = None,
    tally: CrawlTally | None = None,
    elapsed: float | None = None,
    source: str = "",
) -> CrawlStats:
    stats = collect(engine, since=since, tally=tally, elapsed=elapsed, source=source)
    write(path, crawl_html(stats))
    return stats
