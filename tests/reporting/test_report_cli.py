"""``newscrawl extract --report`` and ``newscrawl report`` from the command line."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from newscrawl.cli import main
from newscrawl.cli.report_cmd import parse_since

from .conftest import DATA


def test_extract_report_writes_a_self_contained_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "explain" / "page.html"
    assert (
        main(["extract", str(DATA / "article.html"), "--method", "justext", "--report", str(page)])
        == 0
    )
    html = page.read_text(encoding="utf-8")
    assert 'value="justext" checked' in html
    assert "Content-Security-Policy" in html and "http://" not in html
    assert "explain page written to" in capsys.readouterr().err


def test_report_command_writes_the_crawl_page(
    news_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "crawl.html"
    assert main(["report", "--db", news_db, "--since", "2026-03-14T07:00", "-o", str(out)]) == 0
    assert "4 articles from 3 sites" in capsys.readouterr().err
    assert "alpha" in out.read_text(encoding="utf-8")


def test_report_command_names_a_bad_since_and_a_dead_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "--since", "yesterday", "-o", str(tmp_path / "x.html")]) == 2
    assert "--since 'yesterday'" in capsys.readouterr().err
    assert (
        main(
            [
                "report",
                "--db",
                "postgresql+psycopg://postgres@127.0.0.1:1/none",
                "-o",
                str(tmp_path / "x.html"),
            ]
        )
        == 1
    )
    err = capsys.readouterr().err.strip()
    assert err.startswith("newscrawl report: ") and "127.0.0.1:1" in err and "\n" not in err
    assert not (tmp_path / "x.html").exists()
    absent = tmp_path / "absent.db"
    assert main(["report", "--db", f"sqlite:///{absent}", "-o", str(tmp_path / "x.html")]) == 1
    assert f"no database at {absent}" in capsys.readouterr().err
    assert not absent.exists()


def test_since_reads_iso_times_and_durations() -> None:
    now = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
    assert parse_since("24h", now) == datetime(2026, 3, 13, 12, 0, tzinfo=UTC)
    assert parse_since("2026-03-14") == datetime(2026, 3, 14, tzinfo=UTC)
    assert parse_since("2026-03-14T08:00+02:00") == datetime(2026, 3, 14, 6, 0, tzinfo=UTC)


def test_reextract_report_writes_one_explain_page_per_stored_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from newscrawl.storage import open_storage
    from newscrawl.storage.records import ArticleRecord, content_hash

    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    storage = open_storage(db_url)
    pages = {
        "https://courier.example/news/floods": (DATA / "article.html").read_bytes(),
        "https://zh.example/a/1": (DATA / "article_zh.html").read_bytes(),
        "https://bad.example/": (DATA / "hostile.html").read_bytes(),
    }
    storage.write(
        [
            ArticleRecord(
                url=url,
                site=url.split("/")[2],
                title="stored",
                content="x",
                content_hash=content_hash("x"),
                method="density",
                html=html,
            )
            for url, html in pages.items()
        ]
    )
    storage.close()
    folder = tmp_path / "explain"
    assert (
        main(["reextract", "--database", db_url, "--method", "justext", "--report", str(folder)])
        == 0
    )
    assert "explain pages of 3 page(s)" in capsys.readouterr().err
    written = sorted(p.name for p in folder.glob("*.html"))
    assert len(written) == 4 and "index.html" in written
    index = (folder / "index.html").read_text(encoding="utf-8")
    for name in written:
        if name != "index.html":
            assert f'href="{name}"' in index
            assert 'value="justext" checked' in (folder / name).read_text(encoding="utf-8")
    assert "River towns brace for record spring floods" in index


def test_show_prints_the_stored_article_and_writes_its_explain_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from newscrawl.storage import open_storage
    from newscrawl.storage.records import ArticleRecord, content_hash

    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    storage = open_storage(db_url)
    url = "https://zh.example/a/1"
    storage.write(
        [
            ArticleRecord(
                url=url,
                site="zh",
                title="江南多地启动防汛应急响应",
                content="正文",
                content_hash=content_hash("正文"),
                method="tcdt",
                html=(DATA / "article_zh.html").read_bytes(),
            ),
            ArticleRecord(
                url="https://zh.example/a/2",
                site="zh",
                title="t",
                content="c",
                content_hash=content_hash("c"),
            ),
        ]
    )
    storage.close()
    page = tmp_path / "show.html"
    assert main(["show", url, "--database", db_url, "--report", str(page)]) == 0
    out = capsys.readouterr()
    assert "method: tcdt" in out.out and out.out.rstrip().endswith("正文")
    assert 'value="tcdt" checked' in page.read_text(encoding="utf-8")
    assert (
        main(
            [
                "show",
                "https://zh.example/a/2",
                "--database",
                db_url,
                "--report",
                str(tmp_path / "none.html"),
            ]
        )
        == 1
    )
    assert "no raw HTML stored for https://zh.example/a/2" in capsys.readouterr().err
    assert main(["show", "https://zh.example/missing", "--database", db_url]) == 1
    assert "https://zh.example/missing is not in sqlite:///" in capsys.readouterr().err
    assert main(["show", url, "--database", f"sqlite:///{tmp_path / 'absent.db'}"]) == 1
    assert "no database at" in capsys.readouterr().err
