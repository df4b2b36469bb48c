"""Site health across crawls: per site, the last finished crawl's outcome.

One row per site in ``site_health``, written when a crawl finishes
(newscrawl/crawl/health.py) and read by ``newscrawl sites report``, ``newscrawl sites check
--health`` and the next crawl (which skips sites dead for several crawls in a row).

The distributed workers of one run each see part of a site (the requests they happened to
pop) and each record what they saw when they finish. Their outcomes carry the run's id, and an
outcome of the run a row already holds is added to it, not written over it: the row ends up
with the whole run's pages, articles and failures, its status decided on those, and the run
counted once toward ``dead_runs``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

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
    # the distributed run the row's figures are from (None: a single-process crawl)
    sa.Column("run", sa.Text),
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
    run: str | None = None


# The status of a site's (merged) outcome, given the articles of the crawl before it.
StatusOf = Callable[[SiteOutcome, int | None], str]


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
                run=row.run,
            )
            for row in rows
        }

    def record(
        self,
        outcomes: Iterable[SiteOutcome],
        when: datetime | None = None,
        run: str | None = None,
        status_of: StatusOf | None = None,
    ) -> int:
        """Store one finished crawl's outcome per site, in one transaction; returns rows.

        With ``run`` (a distributed run's id), an outcome for a site whose row is already of
        that run is added to the row, and ``status_of`` decides the merged status."""
        when = when or datetime.now(UTC)
        outcomes = list(outcomes)
        try:
            with self.engine.begin() as connection:
                # FOR UPDATE: two workers of a run finishing at once merge one after the other
                known = {
                    row.site: row
                    for row in connection.execute(
                        sa.select(site_health)
                        .where(site_health.c.site.in_([o.site for o in outcomes]))
                        .with_for_update()
                    )
                }
                for outcome in outcomes:
                    before = known.get(outcome.site)
                    if before is None:
                        values = _first_values(outcome, when)
                        connection.execute(
                            sa.insert(site_health).values(site=outcome.site, run=run, **values)
                        )
                        continue
                    if run is not None and before.run == run and status_of is not None:
                        values = _merged_values(before, outcome, when, status_of)
                    else:
                        values = _next_values(before, outcome, when)
                    connection.execute(
                        sa.update(site_health)
                        .where(site_health.c.site == outcome.site)
                        .values(run=run, **values)
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


def _first_values(outcome: SiteOutcome, when: datetime) -> dict[str, object]:
    return {
        "status": outcome.status,
        "last_crawl_at": when,
        "pages": outcome.pages,
        "articles": outcome.articles,
        "failures": dict(outcome.failures),
        "dead_runs": int(outcome.status == "dead"),
        "previous_articles": None,
        "last_success_at": when if outcome.articles else None,
    }


def _next_values(before: sa.Row[Any], outcome: SiteOutcome, when: datetime) -> dict[str, object]:
    """A new crawl's outcome after the row's crawl."""
    values: dict[str, object] = {
        **_first_values(outcome, when),
        "dead_runs": before.dead_runs + 1 if outcome.status == "dead" else 0,
        "previous_articles": before.articles,
        "last_success_at": when if outcome.articles else before.last_success_at,
    }
    if outcome.status != "dead":
        values["marked_dead_at"] = None  # it answered: no longer dead
    return values


def _merged_values(
    before: sa.Row[Any], outcome: SiteOutcome, when: datetime, status_of: StatusOf
) -> dict[str, object]:
    """Another worker's outcome of the run the row already holds, added to it."""
    failures = Counter(dict(before.failures or {}))
    failures.update(outcome.failures)
    merged = replace(
        outcome,
        pages=before.pages + outcome.pages,
        articles=before.articles + outcome.articles,
        failures=dict(failures),
    )
    status = status_of(merged, before.previous_articles)
    runs_before = before.dead_runs - (before.status == "dead")  # this run counted once
    values: dict[str, object] = {
        "status": status,
        "last_crawl_at": when,
        "pages": merged.pages,
        "articles": merged.articles,
        "failures": merged.failures,
        "dead_runs": runs_before + 1 if status == "dead" else 0,
        "last_success_at": when if merged.articles else before.last_success_at,
    }
    if status != "dead":
        values["marked_dead_at"] = None
    return values
