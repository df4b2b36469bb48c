"""What the crawl report shows, read from the news database and, at the end of a crawl, the
crawl's own tally. Only what is recorded is shown; :attr:`CrawlStats.missing` says what is not.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from newscrawl.crawl.report import CrawlTally
from newscrawl.storage.schema import articles

# A table of per-site health records is recognised by this word in its name and a ``site``
# column; its other columns are shown as they are.
HEALTH_TABLE_WORD = "health"
# Values of a health record's status column that mark a site as dead or empty.
DEAD_OR_EMPTY = frozenset({"dead", "empty", "unreachable", "no_articles"})
STATUS_COLUMNS = ("status", "state", "health")


@dataclass(slots=True)
class SiteRow:
    site: str
    articles: int = 0
    last_seen: str = ""
    top_method: str = ""
    pages: int | None = None
    rejected: int | None = None
    failures: int | None = None
    failure_kinds: str = ""


@dataclass(slots=True)
class HealthRecords:
    table: str
    columns: list[str]
    rows: list[list[Any]]
    flagged: list[str]  # sites whose status is dead or empty


@dataclass(slots=True)
class CrawlStats:
    source: str
    since: datetime | None
    articles: int
    sites: list[SiteRow]
    per_hour: list[tuple[str, int]]
    methods: Counter[str]
    langs: Counter[str]
    rejections: Counter[str] | None = None
    failures: Counter[str] | None = None
    dead_or_empty: list[tuple[str, str]] = field(default_factory=list)
    health: HealthRecords | None = None
    seconds_per_page: float | None = None
    pages: int | None = None
    missing: list[str] = field(default_factory=list)


def _hour_bucket(engine: sa.Engine) -> sa.ColumnElement[Any]:
    """``first_seen`` cut to the hour, as text, in the database's own dialect."""
    if engine.dialect.name == "postgresql":
        return sa.func.to_char(
            sa.func.date_trunc("hour", articles.c.first_seen), "YYYY-MM-DD HH24:00"
        )
    # SQLite stores DateTime as ISO text: the first 13 characters are the hour.
    return sa.func.substr(articles.c.first_seen, 1, 13).concat(":00")


def collect(
    engine: sa.Engine,
    *,
    since: datetime | None = None,
    tally: CrawlTally | None = None,
    elapsed: float | None = None,
    source: str = "",
) -> CrawlStats:
    """Counts for the report from ``engine`` (articles first seen at or after ``since``)."""
    where = [articles.c.first_seen >= since] if since is not None else []
    hour = _hour_bucket(engine).label("hour")
    with engine.connect() as connection:
        per_site = connection.execute(
            sa.select(articles.c.site, sa.func.count(), sa.func.max(articles.c.last_seen))
            .where(*where)
            .group_by(articles.c.site)
        ).all()
        site_methods = connection.execute(
            sa.select(articles.c.site, articles.c.method, sa.func.count())
            .where(*where)
            .group_by(articles.c.site, articles.c.method)
        ).all()
        per_hour = connection.execute(
            sa.select(hour, sa.func.count()).where(*where).group_by(hour).order_by(hour)
        ).all()
        langs = connection.execute(
            sa.select(articles.c.lang, sa.func.count()).where(*where).group_by(articles.c.lang)
        ).all()
        health = read_health(connection)

    rows: dict[str, SiteRow] = {}
    for site, count, last in per_site:
        rows[site] = SiteRow(site, int(count), str(last)[:19] if last is not None else "")
    best: dict[str, tuple[int, str]] = {}
    methods: Counter[str] = Counter()
    for site, method, count in site_methods:
        methods[method or "(none)"] += int(count)
        if int(count) > best.get(site, (0, ""))[0]:
            best[site] = (int(count), method or "(none)")
    for site, (_, method) in best.items():
        rows[site].top_method = method
    stats = CrawlStats(
        source=source,
        since=since,
        articles=sum(r.articles for r in rows.values()),
        sites=[],
        per_hour=[(str(h), int(c)) for h, c in per_hour if h is not None],
        methods=methods,
        langs=Counter({(lang or "unknown"): int(c) for lang, c in langs}),
        health=health,
    )
    if tally is not None:
        add_tally(stats, rows, tally, elapsed)
    else:
        stats.missing.append(
            "rejections by reason, failures by kind, pages fetched and time "
            "per page are counted by a running crawl, not stored in the "
            "database: this report was built from the database alone"
        )
    if health is None or not health.rows:
        stats.missing.append(
            "no site-health records in the database"
            + (
                "; dead and empty sites derived from this crawl's tally"
                if tally is not None
                else ""
            )
        )
    else:
        stats.dead_or_empty.extend((site, "health record") for site in health.flagged)
    stats.sites = sorted(rows.values(), key=lambda r: (-r.articles, r.site))
    return stats


def add_tally(
    stats: CrawlStats, rows: dict[str, SiteRow], tally: CrawlTally, elapsed: float | None
) -> None:
    """The crawl's own counts: pages, rejections, failures; dead and empty sites from them."""
    stats.rejections = Counter()
    stats.failures = tally.failures()
    for name, site in tally.sites.items():
        row = rows.setdefault(name, SiteRow(name))
        row.pages = site.pages
        row.rejected = sum(site.rejected.values())
        row.failures = site.errors
        row.failure_kinds = ", ".join(f"{k} {v}" for k, v in site.failures.most_common())
        stats.rejections.update(site.rejected)
        if stats.health is None or not stats.health.rows:  # no records yet: the tally says
            if site.pages == 0 and site.errors:
                why = f"dead: no page fetched, {site.errors} failures"
                stats.dead_or_empty.append((name, why))
            elif site.pages and site.articles == 0 and rows[name].articles == 0:
                stats.dead_or_empty.append((name, f"empty: {site.pages} pages, no article"))
    stats.pages = tally.pages
    if elapsed is not None and tally.pages:
        stats.seconds_per_page = elapsed / tally.pages
    else:
        stats.missing.append("time per page: the crawl's duration is unknown")


def read_health(connection: sa.Connection) -> HealthRecords | None:
    """The first table named like site health with a ``site`` column, if the database has one."""
    inspector = sa.inspect(connection)
    for name in sorted(inspector.get_table_names()):
        if HEALTH_TABLE_WORD not in name.lower():
            continue
        table = sa.Table(name, sa.MetaData(), autoload_with=connection)
        if "site" not in table.c:
            continue
        result = connection.execute(sa.select(table).order_by(table.c.site))
        columns = list(result.keys())
        data = [list(row) for row in result]
        status = next((c for c in STATUS_COLUMNS if c in columns), None)
        flagged = []
        if status is not None:
            site_at, status_at = columns.index("site"), columns.index(status)
            flagged = [
                str(row[site_at]) for row in data if str(row[status_at]).lower() in DEAD_OR_EMPTY
            ]
        return HealthRecords(name, columns, data, flagged)
    return None
