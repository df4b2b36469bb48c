"""A Redis that comes back empty (restarted without persistence, flushed) is noticed: the
workers stop with one error each; `newscrawl seed --resume` rebuilds the frontier from the
sites and the news database; the resumed crawl stores every article once and fetches none
that was stored before the loss."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from newscrawl.cli import main
from newscrawl.distributed.run_marker import current_run
from tests.distributed.harness import Crawl
from tests.distributed.site import serve_site

SPIDER = "tests.distributed.site_spider.SiteSpider"
LOST = "The shared queue is gone"  # the worker's one error line


def stored_urls(database: str) -> list[str]:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as connection:
            return [row[0] for row in connection.execute(sa.text("SELECT url FROM articles"))]
    finally:
        engine.dispose()


@pytest.mark.slow
def test_redis_restarted_empty_mid_crawl_then_resume_stores_every_article_once(
    spare_redis, tmp_path, capsys
):
    database = f"sqlite:///{tmp_path / 'news.db'}"
    prefix = "nc-lost"
    with serve_site(articles=40, delay=0.3) as site:
        crawl = Crawl(
            spare_redis.url,
            prefix,
            site.base,
            tmp_path,
            concurrency=4,
            lease=3.0,
            idle=3.0,
            database=database,
        )
        try:
            # Seeded before the workers start: a worker that found the queue empty for its
            # idle time (3 s; a seed under load can take longer) would finish before the loss.
            crawl.seed()
            crawl.start_worker()
            crawl.start_worker()
            crawl.wait_until_open()
            crawl.wait_for_rows(8)
            spare_redis.restart_empty()
            crawl.wait_all()  # they stop on their own
            lost_log = crawl.log_text()
            before = stored_urls(database)
            site.reset_counts()

            assert (
                main(
                    [
                        "seed",
                        "--resume",
                        "--database",
                        database,
                        "--redis",
                        spare_redis.url,
                        "--prefix",
                        prefix,
                        "--spider",
                        SPIDER,
                        "-a",
                        f"site={site.base}",
                    ]
                )
                == 0
            )
            assert f"Marked {len(before)} stored article URLs as seen" in capsys.readouterr().out
            crawl.start_worker()
            crawl.start_worker()
            crawl.wait_all()
        finally:
            crawl.stop_all()
        fetches = site.fetch_counts()
    assert lost_log.count(LOST) == 2, crawl.logs()  # one error per worker
    assert 0 < len(before) < 40
    stored = stored_urls(database)
    assert sorted(stored) == sorted(site.article_urls()), crawl.logs()  # none lost, one row each
    refetched = [url for url in before if fetches[url]]
    assert refetched == []  # stored before the loss: not fetched again
    # Every article reaches the store once: between the loss and a worker's next heartbeat
    # the queue's scripts refuse to push into or pop from the emptied Redis, so no worker
    # re-fetches what it had stored before the loss.
    deliveries = crawl.stored()
    assert set(deliveries) == set(stored)
    assert [url for url, count in deliveries.items() if count > 1] == [], crawl.logs()


def test_resume_with_an_unreachable_database_names_it_and_deletes_nothing(
    server, prefix, tmp_path, capsys
):
    sites = tmp_path / "sites.yaml"
    sites.write_text("sites:\n  - name: one\n    start_urls: [http://one.test/list]\n")
    assert (
        main(
            [
                "seed",
                "--redis",
                "redis://127.0.0.1:6379/0",
                "--prefix",
                prefix,
                "--spider",
                SPIDER,
                "-a",
                f"sites={sites}",
            ]
        )
        == 0
    )
    run = current_run(server, prefix)
    bad = "postgresql+psycopg://postgres@127.0.0.1:1/test"
    assert (
        main(
            [
                "seed",
                "--resume",
                "--database",
                bad,
                "--redis",
                "redis://127.0.0.1:6379/0",
                "--prefix",
                prefix,
                "--spider",
                SPIDER,
                "-a",
                f"sites={sites}",
            ]
        )
        == 2
    )
    assert "--database" in capsys.readouterr().err
    assert current_run(server, prefix) == run
    assert int(server.get(f"{prefix}:pending")) == 1
