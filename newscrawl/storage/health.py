"""Site health across crawls: per site, the last finished crawl's outcome.

One row per site in ``site_health``, written when a crawl finishes
(newscrawl/crawl/health.py) and read by ``newscrawl sites report``, ``newscrawl sites check
--health`` and the next crawl (which skips sites dead for several crawls in a row).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import sqlalchemy as sa

from .errors import StorageError, describe, mask_url
from .schema import metadata

site_health = sa.Table(
    "site_health",
    metadata,
    sa.Column("site", sa.Text, primary_key=True),
    sa.Column("status", sa.Text, nullable=False),  # ok, dead, empty, degraded
    sa.Column("last_crawl_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("pages", sa.Integer, nullable=False),
    sa.Column("articles", sa.Integer, nullable=False),
    sa.Column("failures", sa.JSON, nullable=False),  # {kind: count}
    sa.Column("last_success_at", sa.DateTime(timezone=True)),  # last crawl with articles
    sa.Column("dead_runs", sa.Integer, nullable=False),  # consecutive crawls it was dead in
    sa.Column("previous_articles", sa.Integer),  # the crawl before's articles
    sa.Column("marked_dead_at", sa.DateTime(timezone=True)),  # by `sites check --health --mark`
)


@dataclass(slots=True)
class SiteOutcome:
    """What one crawl saw of one site."""

    site: str
    status: str
    pages: int
    articles: int
    failures: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class SiteHealth:
    """A ``site_health`` row."""

    site: str
    status: str
    last_crawl_at: datetime
    pages: int
    articles: int
    failures: dict[str, int]
    last_success_at: datetime | None
    dead_runs: int
    previous_articles: int | None
    marked_dead_at: datetime | None


def _aware(value: datetime | None) -> datetime | None:
    """SQLite returns naive UTC datetimes, PostgreSQL aware ones."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


class HealthStore:
    """``site_health`` over the news database's engine; errors are :class:`StorageError`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.display_url = mask_url(engine.url)

    def _fail(self, action: str, error: sa.exc.SQLAlchemyError) -> StorageError:
        return StorageError(f"database {self.display_url}: cannot {action}: {describe(error)}")

    def read(self, sites: Iterable[str] | None = None) -> dict[str, SiteHealth]:
        query = sa.select(site_health)
        if sites is not None:
            query = query.where(site_health.c.site.in_(list(sites)))
        try:
            with self.engine.connect() as connection:
                rows = connection.execute(query).all()
        except sa.exc.SQLAlchemyError as error:
            raise self._fail("read site health", error) from error
        return {
            row.site: SiteHealth(
                site=row.site,
                status=row.status,
                last_crawl_at=_aware(row.last_crawl_at) or datetime.now(UTC),
                pages=row.pages,
                articles=row.articles,
                failures=dict(row.failures or {}),
                last_success_at=_aware(row.last_success_at),
                dead_runs=row.dead_runs,
                previous_articles=row.previous_articles,
                marked_dead_at=_aware(row.marked_dead_at),
            )
            for row in rows
        }

    def record(self, outcomes: Iterable[SiteOutcome], when: datetime | None = None) -> int:
        """Store one finished crawl's outcome per site, in one transaction; returns rows."""
        when = when or datetime.now(UTC)
        outcomes = list(outcomes)
        try:
            with self.engine.begin() as connection:
                known = {
                    row.site: row
                    for row in connection.execute(
                        sa.select(
                            site_health.c.site,
                            site_health.c.dead_runs,
                            site_health.c.articles,
                            site_health.c.last_success_at,
                        ).where(site_health.c.site.in_([o.site for o in outcomes]))
                    )
                }
                for outcome in outcomes:
                    before = known.get(outcome.site)
                    values = {
                        "status": outcome.status,
                        "last_crawl_at": when,
                        "pages": outcome.pages,
                        "articles": outcome.articles,
                        "failures": dict(outcome.failures),
                        "dead_runs": (
                            (before.dead_runs if before else 0) + 1
                            if outcome.status == "dead"
                            else 0
                        ),
                        "previous_articles": before.articles if before else None,
                        "last_success_at": (
                            when if outcome.articles else before.last_success_at if before else None
                        ),
                    }
                    if outcome.status != "dead":
                        values["marked_dead_at"] = None  # it answered: no longer dead
                    if before is None:
                        connection.execute(
                            sa.insert(site_health).values(site=outcome.site, **values)
                        )
                    else:
                        connection.execute(
                            sa.update(site_health)
                            .where(site_health.c.site == outcome.site)
                            .values(**values)
                        )
        except sa.exc.SQLAlchemyError as error:
            raise self._fail(f"record the health of {len(outcomes)} site(s)", error) from error
        return len(outcomes)

    def mark_dead(self, sites: Iterable[str], when: datetime | None = None) -> None:
        names = list(sites)
        if not names:
            return
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    sa.update(site_health)
                    .where(site_health.c.site.in_(names))
                    .values(marked_dead_at=when or datetime.now(UTC))
                )
        except sa.exc.SQLAlchemyError as error:
            raise self._fail("mark sites dead", error) from error

    def revive(self, sites: Iterable[str]) -> int:
        """Forget that ``sites`` were dead, so the next crawl tries them; returns rows."""
        names = list(sites)
        try:
            with self.engine.begin() as connection:
                result = connection.execute(
                    sa.update(site_health)
                    .where(site_health.c.site.in_(names))
                    .values(dead_runs=0, marked_dead_at=None)
                )
        except sa.exc.SQLAlchemyError as error:
            raise self._fail("revive sites", error) from error
        return int(result.rowcount or 0)
