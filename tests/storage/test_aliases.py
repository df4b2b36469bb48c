"""URL aliases and DUST evidence on SQLite and PostgreSQL (see conftest.db_url)."""

from __future__ import annotations

import sqlalchemy as sa

from newscrawl.storage.aliases import url_aliases
from newscrawl.storage.schema import article_html, article_simhash, articles

CANONICAL = "https://news.example.com/2024/05/1.html"
TRACKED = CANONICAL + "?from=home"
MOBILE = "https://m.news.example.com/2024/05/1.html"


def urls(storage, table=articles) -> list[str]:
    with storage.engine.connect() as connection:
        return sorted(connection.scalars(sa.select(table.c.url)))


def aliases(storage) -> dict[str, str]:
    with storage.engine.connect() as connection:
        return dict(connection.execute(sa.select(url_aliases.c.alias, url_aliases.c.url)).all())


def test_a_stored_row_moves_to_the_canonical_url_with_its_html_and_simhash(storage, make_record):
    storage.write([make_record(1, url=TRACKED, simhash=12345)])
    assert storage.aliases.rekey(TRACKED, CANONICAL, "example") == (True, True)
    assert (
        urls(storage)
        == urls(storage, article_html)
        == urls(storage, article_simhash)
        == [CANONICAL]
    )
    assert aliases(storage) == {TRACKED: CANONICAL}
    assert storage.aliases.rekey(TRACKED, CANONICAL, "example") == (False, False)  # idempotent
    assert urls(storage) == [CANONICAL] and aliases(storage) == {TRACKED: CANONICAL}
    with storage.engine.connect() as connection:
        [row] = connection.execute(sa.select(articles)).all()
    assert (row.title, row.fetch_count) == ("标题 1", 1)


def test_a_row_under_an_alias_is_never_written(storage, make_record):
    """The copy may still wait in a batch (or a spill file) when its URL becomes an alias."""
    assert storage.aliases.rekey(TRACKED, CANONICAL, "example") == (False, True)  # not stored
    storage.write([make_record(1, url=TRACKED), make_record(1, url=CANONICAL)])
    assert urls(storage) == [CANONICAL]
    storage.write([make_record(1, url=TRACKED)])  # a replayed batch of only aliases
    assert urls(storage) == [CANONICAL]


def test_rekey_onto_an_existing_canonical_row_drops_the_alias_row(storage, make_record):
    storage.write([make_record(1, url=MOBILE), make_record(1, url=CANONICAL)])
    storage.aliases.rekey(MOBILE, CANONICAL, "example")
    assert urls(storage) == urls(storage, article_html) == [CANONICAL]
    assert aliases(storage) == {MOBILE: CANONICAL}


def test_aliases_never_chain_and_an_alias_can_become_canonical(storage, make_record):
    assert storage.aliases.record_alias(TRACKED, MOBILE, "example") is True
    assert storage.aliases.record_alias(TRACKED, MOBILE, "example") is False  # seen before
    storage.write([make_record(1, url=MOBILE)])
    storage.aliases.rekey(MOBILE, CANONICAL, "example")
    assert aliases(storage) == {TRACKED: CANONICAL, MOBILE: CANONICAL}
    assert storage.aliases.resolve(TRACKED) == CANONICAL
    assert storage.aliases.resolve(CANONICAL) == CANONICAL
    # A URL recorded as an alias of itself through a chain is no alias.
    assert storage.aliases.record_alias(CANONICAL, MOBILE, "example") is False
    # The tracked URL turns out the better one after all: it stops being an alias.
    storage.aliases.rekey(CANONICAL, TRACKED, "example")
    assert aliases(storage) == {CANONICAL: TRACKED, MOBILE: TRACKED}
    assert urls(storage) == [TRACKED]


def test_dust_evidence_counts_per_site_and_parameter(storage):
    assert [storage.aliases.note_dust("a", "param:from") for _ in range(3)] == [1, 2, 3]
    assert storage.aliases.note_dust("b", "param:from") == 1
    assert storage.aliases.note_dust("a", "host:m.") == 1
    assert storage.aliases.dust_rules(3) == {"a": frozenset({"param:from"})}
    assert storage.aliases.dust_rules(1) == {
        "a": frozenset({"param:from", "host:m."}),
        "b": frozenset({"param:from"}),
    }
