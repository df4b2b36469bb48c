"""URL aliases (other URLs of a stored article) and the DUST evidence learned from them.

``url_aliases`` maps a non-canonical URL to the URL its article is stored under: never a
row in ``articles`` under an alias (:meth:`SqlStorage.write` drops such records), and when a
more canonical URL of a stored article turns up, :meth:`AliasStore.rekey` moves the row to it.
``dust_rules`` counts, per site, the aliases that differed from their canonical URL in one
simple way (newscrawl/crawl/dust.py: an extra query parameter, a mobile host or path prefix);
past a threshold the crawler applies that rewrite before fetching (DUST rules, Bar-Yossef
et al. 2009).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

import sqlalchemy as sa

from .errors import StorageError, describe, mask_url
from .schema import articles, metadata

url_aliases = sa.Table(
    "url_aliases",
    metadata,
    sa.Column("alias", sa.Text, primary_key=True),
    sa.Column("url", sa.Text, nullable=False, index=True),  # the canonical URL
    sa.Column("site", sa.Text, nullable=False),
    sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
)

dust_rules = sa.Table(
    "dust_rules",
    metadata,
    sa.Column("site", sa.Text, primary_key=True),
    sa.Column("rule", sa.Text, primary_key=True),
    sa.Column("aliases", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

# URLs per ``IN (...)`` query (far below SQLite's parameter limit).
_CHUNK = 500


def aliased_urls(connection: sa.Connection, urls: Iterable[str]) -> set[str]:
    """The subset of ``urls`` known as aliases (inside the caller's transaction)."""
    wanted = list(dict.fromkeys(urls))
    found: set[str] = set()
    for start in range(0, len(wanted), _CHUNK):
        query = sa.select(url_aliases.c.alias).where(
            url_aliases.c.alias.in_(wanted[start : start + _CHUNK])
        )
        found.update(connection.scalars(query))
    return found


def _tables_keyed_by_article_url() -> list[sa.Table]:
    """Tables whose rows belong to an article by URL (foreign key to ``articles.url``)."""
    return [
        table
        for table in metadata.sorted_tables
        if any(fk.column is articles.c.url for fk in table.foreign_keys)
    ]


class AliasStore:
    """Alias and DUST bookkeeping over the news database's engine. Every method is one
    transaction and raises :class:`StorageError` naming what failed."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.display_url = mask_url(engine.url)

    def _fail(self, action: str, error: sa.exc.SQLAlchemyError) -> StorageError:
        return StorageError(f"database {self.display_url}: cannot {action}: {describe(error)}")

    @staticmethod
    def _resolve(connection: sa.Connection, url: str) -> str:
        target = connection.scalar(sa.select(url_aliases.c.url).where(url_aliases.c.alias == url))
        return target if target is not None else url

    def resolve(self, url: str) -> str:
        """The canonical URL ``url`` is an alias of, or ``url`` itself."""
        try:
            with self.engine.connect() as connection:
                return self._resolve(connection, url)
        except sa.exc.SQLAlchemyError as error:
            raise self._fail(f"resolve the alias {url}", error) from error

    def record_alias(self, alias: str, canonical: str, site: str) -> bool:
        """Remember ``alias`` as another URL of the article stored under ``canonical``.

        Returns True if the alias is new (the first time this URL was seen as a copy)."""
        try:
            with self.engine.begin() as connection:
                canonical = self._resolve(connection, canonical)
                if canonical == alias:
                    return False
                return self._point(connection, alias, canonical, site)
        except sa.exc.SQLAlchemyError as error:
            raise self._fail(f"record {alias} as an alias of {canonical}", error) from error

    def rekey(self, old: str, new: str, site: str) -> tuple[bool, bool]:
        """Store the article of ``old`` under the more canonical ``new``; ``old`` becomes
        its alias. Idempotent; a no-op for the row when ``old`` has none (not written yet:
        the alias then keeps its record from being written).

        Returns (a row moved or merged, the alias is new)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(sa.delete(url_aliases).where(url_aliases.c.alias == new))
                moved = self._move_row(connection, old, new)
                return moved, self._point(connection, old, new, site)
        except sa.exc.SQLAlchemyError as error:
            raise self._fail(f"re-key the article {old} to {new}", error) from error

    @staticmethod
    def _move_row(connection: sa.Connection, old: str, new: str) -> bool:
        exists = sa.select(articles.c.url).where(articles.c.url == sa.bindparam("url"))
        if connection.scalar(exists, {"url": old}) is None:
            return False
        if connection.scalar(exists, {"url": new}) is None:
            # A copy under the new URL first, then the dependent rows, then the old row:
            # the foreign keys never point at a missing article.
            columns = [c.name for c in articles.columns if c.name != "id"]
            source = sa.select(
                *[
                    sa.literal(new, sa.Text).label("url") if name == "url" else articles.c[name]
                    for name in columns
                ]
            ).where(articles.c.url == old)
            connection.execute(sa.insert(articles).from_select(columns, source))
            for table in _tables_keyed_by_article_url():
                connection.execute(sa.update(table).where(table.c.url == old).values(url=new))
        connection.execute(sa.delete(articles).where(articles.c.url == old))
        return True

    @staticmethod
    def _point(connection: sa.Connection, alias: str, canonical: str, site: str) -> bool:
        """Upsert ``alias -> canonical`` and re-point aliases of ``alias`` (no chains);
        True if ``alias`` was not an alias before."""
        now = datetime.now(UTC)
        updated = connection.execute(
            sa.update(url_aliases)
            .where(url_aliases.c.alias == alias)
            .values(url=canonical, site=site, seen_at=now)
        )
        if not updated.rowcount:
            connection.execute(
                sa.insert(url_aliases).values(alias=alias, url=canonical, site=site, seen_at=now)
            )
        connection.execute(
            sa.update(url_aliases).where(url_aliases.c.url == alias).values(url=canonical)
        )
        return not updated.rowcount

    def note_dust(self, site: str, rule: str) -> int:
        """One more alias of ``site`` that ``rule`` turns canonical; returns the count."""
        now = datetime.now(UTC)
        key = (dust_rules.c.site == site) & (dust_rules.c.rule == rule)
        try:
            with self.engine.begin() as connection:
                updated = connection.execute(
                    sa.update(dust_rules)
                    .where(key)
                    .values(aliases=dust_rules.c.aliases + 1, updated_at=now)
                )
                if not updated.rowcount:
                    connection.execute(
                        sa.insert(dust_rules).values(
                            site=site, rule=rule, aliases=1, updated_at=now
                        )
                    )
                return int(connection.scalar(sa.select(dust_rules.c.aliases).where(key)) or 0)
        except sa.exc.SQLAlchemyError as error:
            raise self._fail(f"count the DUST rule {rule!r} of site {site}", error) from error

    def dust_rules(self, min_aliases: int) -> dict[str, frozenset[str]]:
        """Per site, the rules seen in at least ``min_aliases`` aliases."""
        query = sa.select(dust_rules.c.site, dust_rules.c.rule).where(
            dust_rules.c.aliases >= min_aliases
        )
        rules: dict[str, set[str]] = {}
        try:
            with self.engine.connect() as connection:
                for site, rule in connection.execute(query):
                    rules.setdefault(site, set()).add(rule)
        except sa.exc.SQLAlchemyError as error:
            raise self._fail("read the DUST rules", error) from error
        return {site: frozenset(found) for site, found in rules.items()}
