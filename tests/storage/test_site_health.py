"""Site health across crawls on SQLite and PostgreSQL: the table, the classification and
``newscrawl sites report`` / ``sites check --health`` (see conftest.db_url)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

from newscrawl.cli import main
from newscrawl.crawl.health import classify, outcomes
from newscrawl.crawl.report import CrawlTally, SiteTally
from newscrawl.storage.health import SiteOutcome

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def tally(pages: int, articles: int, **failures: int) -> SiteTally:
    return SiteTally(pages=pages, articles=articles, failures=Counter(failures))


def test_classification():
    assert classify(tally(0, 0, dns=3), None) == "dead"
    assert classify(tally(4, 0, http_503=4), None) == "dead"  # every answer an HTTP error
    assert classify(tally(5, 0), None) == "empty"
    assert classify(tally(20, 10, timeout=25), None) == "degraded"
    assert classify(tally(20, 4), previous_articles=10) == "degraded"
    assert classify(tally(20, 10, timeout=2), previous_articles=12) == "ok"


def test_outcomes_count_consecutive_dead_crawls_and_the_last_success(storage):
    health = storage.health
    health.record(
        [SiteOutcome("a", "ok", 10, 5), SiteOutcome("b", "dead", 0, 0, {"dns": 2})], when=T0
    )
    for day in (1, 2):
        health.record(
            [SiteOutcome("a", "empty", 3, 0), SiteOutcome("b", "dead", 0, 0, {"dns": 2})],
            when=T0 + timedelta(days=day),
        )
    rows = health.read()
    assert (rows["a"].status, rows["a"].dead_runs, rows["a"].last_success_at) == ("empty", 0, T0)
    assert (rows["b"].dead_runs, rows["b"].last_success_at, rows["b"].failures) == (
        3,
        None,
        {"dns": 2},
    )
    assert rows["a"].previous_articles == 0 and rows["a"].last_crawl_at == T0 + timedelta(days=2)
    health.mark_dead(["b"])
    assert health.read(["b"])["b"].marked_dead_at is not None
    assert health.revive(["b"]) == 1
    assert (health.read(["b"])["b"].dead_runs, health.read(["b"])["b"].marked_dead_at) == (0, None)
    health.record([SiteOutcome("b", "ok", 4, 2)], when=T0 + timedelta(days=3))
    assert health.read(["b"])["b"].last_success_at == T0 + timedelta(days=3)


def test_outcomes_use_the_previous_crawl_for_degraded(storage):
    storage.health.record([SiteOutcome("a", "ok", 30, 20)])
    crawl = CrawlTally({"a": tally(30, 5), "new": tally(0, 0, refused=1)})
    result = outcomes(crawl, storage.health.read(crawl.sites))
    assert [(o.site, o.status) for o in result] == [("a", "degraded"), ("new", "dead")]


def record_worker(storage, run: str | None, sites: dict[str, SiteTally], when: datetime) -> None:
    """What SiteHealthRecorder does when one worker of ``run`` finishes."""
    crawl = CrawlTally(sites)
    storage.health.record(
        outcomes(crawl, storage.health.read(crawl.sites), run),
        when=when,
        run=run,
        status_of=classify,
    )


def test_the_workers_of_one_distributed_run_add_up_to_one_outcome_per_site(storage):
    # the crawl before: "a" gave 20 articles, "b" was dead once already
    record_worker(storage, None, {"a": tally(30, 20), "b": tally(0, 0, dns=2)}, T0)
    day = T0 + timedelta(days=1)
    # worker 1 of run r1 saw only a's timeouts and b dead; worker 2 saw a's articles
    record_worker(storage, "r1", {"a": tally(0, 0, timeout=3), "b": tally(0, 0, dns=2)}, day)
    assert storage.health.read(["a"])["a"].status == "dead"
    record_worker(storage, "r1", {"a": tally(12, 12), "b": tally(0, 0, refused=1)}, day)
    rows = storage.health.read()
    a, b = rows["a"], rows["b"]
    assert (a.status, a.pages, a.articles, a.failures) == ("ok", 12, 12, {"timeout": 3})
    assert (a.dead_runs, a.previous_articles, a.last_success_at, a.run) == (0, 20, day, "r1")
    # b: dead in the crawl before and in run r1, which counts once however many workers saw it
    assert (b.status, b.dead_runs, b.failures) == ("dead", 2, {"dns": 2, "refused": 1})
    # the next run starts over from r1's figures
    later = T0 + timedelta(days=2)
    record_worker(storage, "r2", {"a": tally(10, 5), "b": tally(0, 0, dns=2)}, later)
    rows = storage.health.read()
    assert (rows["a"].status, rows["a"].previous_articles, rows["a"].articles) == (
        "degraded",
        12,
        5,
    )
    assert (rows["b"].dead_runs, rows["b"].failures) == (3, {"dns": 2})


def test_single_process_crawls_never_merge(storage):
    record_worker(storage, None, {"a": tally(10, 5)}, T0)
    record_worker(storage, None, {"a": tally(4, 1)}, T0 + timedelta(days=1))
    row = storage.health.read(["a"])["a"]
    assert (row.pages, row.articles, row.previous_articles, row.run) == (4, 1, 5, None)


SITES = """\
sites:
  - name: a
    start_urls: ["http://a.example/"]
  - name: b
    start_urls: ["http://b.example/"]
  - name: c
    start_urls: ["http://c.example/"]
"""


def test_sites_report_and_check_health_mark_and_revive(storage, db_url, tmp_path, capsys):
    storage.health.record([SiteOutcome("a", "ok", 10, 5)], when=T0)
    for day in range(3):
        storage.health.record(
            [SiteOutcome("b", "dead", 0, 0, {"dns": 3})], when=T0 + timedelta(days=day)
        )
    storage.health.record([SiteOutcome("c", "empty", 4, 0)], when=T0)
    assert main(["sites", "report", "--database", db_url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 site(s) in the last crawls: 1 dead, 1 empty, 1 ok\n")
    lines = out.splitlines()
    assert lines[3].split()[:5] == ["b", "dead", "3", "0", "0"] and "dns:3" in lines[3]
    assert lines[4].split()[:2] == ["c", "empty"] and len(lines) == 5

    sites = tmp_path / "sites.yaml"
    sites.write_text(SITES, encoding="utf-8")
    assert main(["sites", "check", str(sites), "--health", "--database", db_url]) == 0
    out = capsys.readouterr().out
    assert "Long dead (--mark to mark them), 1 site(s) dead in 3+ crawls in a row: b" in out
    assert storage.health.read(["b"])["b"].marked_dead_at is None
    assert main(["sites", "check", str(sites), "--health", "--mark", "--database", db_url]) == 0
    assert "Marked dead, 1 site(s)" in capsys.readouterr().out
    assert storage.health.read(["b"])["b"].marked_dead_at is not None
    assert (
        main(["sites", "check", str(sites), "--health", "--revive", "b", "--database", db_url]) == 0
    )
    assert "Revived 1 site(s)" in capsys.readouterr().out
    assert storage.health.read(["b"])["b"].dead_runs == 0
    assert (
        main(["sites", "check", str(sites), "--health", "--revive", "zz", "--database", db_url])
        == 2
    )
    assert "--revive: not in" in capsys.readouterr().err


def test_sites_report_on_a_fresh_database(db_url, capsys):
    assert main(["sites", "report", "--database", db_url]) == 0
    assert "no site health recorded" in capsys.readouterr().out


def test_sites_to_skip_reads_dead_runs_and_marks(storage, db_url):
    from scrapy.settings import Settings

    from newscrawl.config.sites import SiteConfig
    from newscrawl.crawl.health import sites_to_skip

    storage.health.record([SiteOutcome("a", "dead", 0, 0, {"dns": 1})], when=T0)
    storage.health.record(
        [
            SiteOutcome("a", "dead", 0, 0, {"dns": 1}),
            SiteOutcome("b", "dead", 0, 0, {"dns": 1}),
            SiteOutcome("c", "ok", 3, 2),
        ],
        when=T0 + timedelta(days=1),
    )
    storage.health.mark_dead(["c"])  # marked by hand, whatever its last crawl said
    sites = [
        SiteConfig(name=name, start_urls=(f"http://{name}.example/",))
        for name in ("a", "b", "c", "d")
    ]
    settings = Settings({"NEWSCRAWL_DATABASE_URL": db_url, "NEWSCRAWL_SKIP_DEAD_AFTER": 2})
    assert sites_to_skip(settings, sites) == {
        "a": "dead in the last 2 crawls",
        "c": f"marked dead {datetime.now(UTC):%Y-%m-%d}",
    }
    settings.set("NEWSCRAWL_SKIP_DEAD_AFTER", 0)
    assert sites_to_skip(settings, sites) == {}


def test_sites_to_skip_leaves_a_missing_sqlite_file_uncreated(tmp_path):
    from scrapy.settings import Settings

    from newscrawl.config.sites import SiteConfig
    from newscrawl.crawl.health import sites_to_skip

    url = f"sqlite:///{tmp_path / 'none.db'}"
    sites = [SiteConfig(name="a", start_urls=("http://a.example/",))]
    assert sites_to_skip(Settings({"NEWSCRAWL_DATABASE_URL": url}), sites) == {}
    assert not (tmp_path / "none.db").exists()
