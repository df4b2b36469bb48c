"""``newscrawl db init|replay|stats`` end to end through the CLI entry point."""

from __future__ import annotations

import sqlalchemy as sa

from newscrawl.cli import main
from newscrawl.storage import BufferedWriter, SqlStorage, append_spill, open_storage

REFUSED_PG = "postgresql+psycopg://postgres:topsecret@127.0.0.1:1/test"


def test_init_creates_tables_in_the_env_database(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'env.db'}"
    monkeypatch.setenv("NEWSCRAWL_DATABASE_URL", url)
    assert main(["db", "init"]) == 0
    assert capsys.readouterr().out == f"OK: tables ready in {url}\n"
    assert set(sa.inspect(sa.create_engine(url)).get_table_names()) == {
        "articles",
        "article_html",
        "article_simhash",
        "url_aliases",
        "dust_rules",
        "site_health",
    }


def test_init_against_a_down_database_is_one_line(capsys):
    assert main(["db", "init", "--database", REFUSED_PG]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: database postgresql+psycopg://postgres:***@127.0.0.1:1/test:")
    assert err.count("\n") == 1
    assert "topsecret" not in err


def test_replay_loads_what_a_down_database_spilled(tmp_path, db_url, make_record, capsys):
    spill = tmp_path / "spill.jsonl"
    down = SqlStorage(sa.create_engine(REFUSED_PG))
    buffered = BufferedWriter(down, batch_size=3, retries=0, spill_path=spill)
    for n in range(7):
        buffered.add(make_record(n))
    buffered.close()
    assert buffered.stats["spilled"] == 7

    assert main(["db", "replay", str(spill), "--database", db_url, "--batch-size", "2"]) == 0
    assert capsys.readouterr().out.startswith(f"replayed 7 record(s) from {spill} into ")
    assert spill.read_bytes() == b""
    storage = open_storage(db_url)
    try:
        assert storage.stats().articles == 7
    finally:
        storage.close()
    assert main(["db", "replay", str(spill), "--database", db_url]) == 0  # empty file: no-op
    assert capsys.readouterr().out.startswith("replayed 0 record(s)")


def test_replay_into_a_down_database_keeps_the_file(tmp_path, make_record, capsys):
    spill = tmp_path / "spill.jsonl"
    append_spill(spill, [make_record(1)])
    before = spill.read_bytes()
    assert main(["db", "replay", str(spill), "--database", REFUSED_PG]) == 1
    assert "cannot connect" in capsys.readouterr().err
    assert spill.read_bytes() == before


def test_replay_reports_a_bad_line(tmp_path, make_record, capsys):
    spill = tmp_path / "spill.jsonl"
    append_spill(spill, [make_record(1)])
    with spill.open("a") as handle:
        handle.write("garbage\n")
    assert main(["db", "replay", str(spill), "--database", f"sqlite:///{tmp_path}/n.db"]) == 1
    assert f"{spill}:2: " in capsys.readouterr().err


def test_replay_without_spill_file(tmp_path, capsys):
    missing = tmp_path / "none.jsonl"
    assert main(["db", "replay", str(missing), "--database", f"sqlite:///{tmp_path}/n.db"]) == 0
    assert capsys.readouterr().out == f"nothing to replay: {missing} does not exist\n"


def test_stats_lists_sites_and_methods(tmp_path, make_record, capsys):
    url = f"sqlite:///{tmp_path / 'news.db'}"
    storage = open_storage(url)
    storage.write([make_record(1), make_record(2), make_record(3, site="other", method="cx")])
    storage.close()
    assert main(["db", "stats", "--database", url]) == 0
    out = capsys.readouterr().out
    assert "articles      3\n" in out
    assert "raw HTML      3 pages" in out
    rows = [line.split() for line in out.splitlines()]
    assert rows.index(["example", "2"]) < rows.index(["other", "1"])
    assert rows.index(["density", "2"]) < rows.index(["cx", "1"])


def test_replay_defaults_to_the_env_spill_path(tmp_path, monkeypatch, make_record, capsys):
    spill = tmp_path / "env-spill.jsonl"
    append_spill(spill, [make_record(1), make_record(2)])
    monkeypatch.setenv("NEWSCRAWL_SPILL_PATH", str(spill))
    monkeypatch.setenv("NEWSCRAWL_DATABASE_URL", f"sqlite:///{tmp_path / 'news.db'}")
    assert main(["db", "replay"]) == 0
    assert capsys.readouterr().out.startswith(f"replayed 2 record(s) from {spill}")
