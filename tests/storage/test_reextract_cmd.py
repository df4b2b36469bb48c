"""``newscrawl reextract``: re-running extraction on stored raw HTML."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa

from newscrawl.cli import main
from newscrawl.cli.reextract_cmd import UPDATE_BATCH_SIZE, reextract
from newscrawl.extraction import DEFAULT_METHOD, Article, Rejection, RejectReason
from newscrawl.storage import content_hash, open_storage
from newscrawl.storage.schema import article_html, articles

PARAGRAPHS = "".join(
    f"<p>这是第{i}段新闻正文，记者在现场看到了很多情况，并且进行了详细的采访和报道，内容十分丰富。</p>"
    for i in range(8)
)
ARTICLE_HTML = (
    "<html><head><title>测试新闻标题 - 示例网</title></head><body>"
    "<div class='nav'><a href='/'>首页</a><a href='/china'>国内</a></div><h1>测试新闻标题</h1>"
    f"<div class='article'>{PARAGRAPHS}</div><div class='footer'>版权所有</div></body></html>"
).encode("gbk")


def row(storage, url):
    with storage.engine.connect() as connection:
        return connection.execute(sa.select(articles).where(articles.c.url == url)).one()


def test_reextract_rewrites_the_stored_article(db_url, make_record, capsys):
    record = make_record(
        1,
        title="stale",
        content="stale",
        html=ARTICLE_HTML,
        encoding="gbk",
        anchor_text="测试新闻标题",
        method="cx",
    )
    storage = open_storage(db_url)
    storage.write([record])
    storage.close()
    assert main(["reextract", "--method", "density", "--database", db_url]) == 0
    assert capsys.readouterr().out.startswith("re-extracted 1 page(s): 1 updated, 0 rejected")
    storage = open_storage(db_url)
    try:
        stored = row(storage, record.url)
    finally:
        storage.close()
    assert stored.title == "测试新闻标题"
    assert stored.content.startswith("这是第0段新闻正文")  # decoded from GBK bytes
    assert stored.method == "density"
    assert stored.content_hash == content_hash(stored.content)
    assert (stored.anchor_text, stored.fetch_count) == ("测试新闻标题", 1)


class FakeExtractor:
    def __init__(self, reject_urls=()):
        self.calls = []
        self.reject_urls = set(reject_urls)

    def __call__(self, html, *, url, anchor_text, method, encoding, fetched_at, published_since):
        self.calls.append((url, anchor_text, method, encoding, html))
        self.fetched_at = fetched_at
        self.published_since = published_since
        if url in self.reject_urls:
            return Rejection(RejectReason.NO_CONTENT, "nothing", method, url)
        return Article(title=f"new {url}", content=f"text of {url}", method=method)


def test_default_method_is_the_stored_one_and_rejections_keep_the_row(storage, make_record):
    storage.write([make_record(1, method="cx"), make_record(2, method="")])
    rejected = make_record(2).url
    fake = FakeExtractor(reject_urls={rejected})
    report = reextract(storage, extractor=fake)
    assert [(c[0], c[1], c[2], c[3]) for c in fake.calls] == [
        (make_record(1).url, "anchor 1", "cx", "gbk"),
        (rejected, "anchor 2", DEFAULT_METHOD, "gbk"),  # no stored method: the default
    ]
    assert fake.calls[0][4] == make_record(1).html
    assert (report.pages, report.updated, dict(report.rejected)) == (2, 1, {"no_content": 1})
    assert row(storage, make_record(1).url).title == f"new {make_record(1).url}"
    assert row(storage, rejected).title == "标题 2"


def test_relative_dates_count_back_from_the_stored_fetch_time(tmp_path, make_record):
    byline = "<div class='info'>昨天 14:20 来源：示例网</div>"
    page = ARTICLE_HTML.decode("gbk").replace("</h1>", "</h1>" + byline)
    fetched = datetime(2024, 5, 2, 3, 0, tzinfo=UTC)
    record = make_record(
        1, url="https://news.example.com/a/1.html", html=page.encode("gbk"), fetched_at=fetched
    )
    storage = open_storage(f"sqlite:///{tmp_path / 'news.db'}")
    try:
        storage.write([record])
        fake = FakeExtractor()
        reextract(storage, extractor=fake)
        assert fake.fetched_at == fetched  # as stored, timezone-aware
        reextract(storage, method="density")
        # "昨天" is the day before the fetch, whenever the re-extraction runs.
        assert row(storage, record.url).publish_time == "2024-05-01T14:20"
    finally:
        storage.close()


def stored_page_dated(tmp_path, make_record, stated: str) -> tuple[str, str]:
    """A SQLite database holding one stored page of site ``example`` whose byline states
    ``stated``; its URL and the page's."""
    byline = f"<div class='info'>发布时间：{stated}</div>"
    page = ARTICLE_HTML.decode("gbk").replace("</h1>", "</h1>" + byline)
    record = make_record(
        1, url="https://news.example.com/a/1.html", html=page.encode("gbk"), site="example"
    )
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    storage = open_storage(db_url)
    storage.write([record])
    storage.close()
    return db_url, record.url


def stored_publish_time(db_url: str, url: str) -> str | None:
    storage = open_storage(db_url)
    try:
        return row(storage, url).publish_time
    finally:
        storage.close()


SITE_ENTRY = "sites:\n  - name: example\n    start_urls: [https://news.example.com/]\n"


def test_local_times_get_the_site_time_zone_from_the_sites_file(tmp_path, make_record, capsys):
    db_url, url = stored_page_dated(tmp_path, make_record, "2024-05-01 14:20")
    sites = tmp_path / "sites.yaml"
    sites.write_text(SITE_ENTRY + "    lang: zh\n")
    assert (
        main(["reextract", "--method", "density", "--sites", str(sites), "--database", db_url]) == 0
    )
    assert stored_publish_time(db_url, url) == "2024-05-01T14:20+08:00"
    assert main(["reextract", "--sites", str(tmp_path / "missing.yaml"), "--database", db_url]) == 2
    assert "missing.yaml" in capsys.readouterr().err


def test_no_date_before_the_sites_first_day_is_taken(tmp_path, make_record):
    # The page's only full date is older than the site: with ``since`` it is not the page's.
    db_url, url = stored_page_dated(tmp_path, make_record, "1999-05-01 14:20")
    sites = tmp_path / "sites.yaml"
    sites.write_text(SITE_ENTRY)
    command = ["reextract", "--method", "density", "--sites", str(sites), "--database", db_url]
    assert main(command) == 0
    assert (stored_publish_time(db_url, url) or "").startswith("1999-05-01")
    sites.write_text(SITE_ENTRY + "    since: 2005\n")
    assert main(command) == 0
    assert stored_publish_time(db_url, url) is None


def test_site_and_limit_select_pages(storage, make_record):
    storage.write([make_record(n, site="a" if n < 5 else "b") for n in range(10)])
    fake = FakeExtractor()
    assert reextract(storage, site="b", extractor=fake).pages == 5
    assert {c[0] for c in fake.calls} == {make_record(n).url for n in range(5, 10)}
    assert reextract(storage, limit=3, extractor=FakeExtractor()).updated == 3


def test_updates_are_flushed_in_batches(tmp_path, make_record):
    storage = open_storage(f"sqlite:///{tmp_path / 'news.db'}")
    count = UPDATE_BATCH_SIZE * 2 + 5
    storage.write([make_record(n, html=b"<p>x</p>") for n in range(count)])
    report = reextract(storage, method="density", extractor=FakeExtractor())
    assert report.updated == count
    assert row(storage, make_record(count - 1).url).method == "density"
    storage.close()


def test_damaged_stored_html_is_reported_and_the_other_pages_are_updated(
    db_url, make_record, capsys, caplog
):
    storage = open_storage(db_url)
    storage.write([make_record(n, title="stale") for n in (1, 2, 3)])
    damaged = make_record(2).url
    with storage.engine.begin() as connection:
        connection.execute(
            sa.update(article_html)
            .where(article_html.c.url == damaged)
            .values(html_compressed=b"\x78\x9cnot zlib at all")
        )
    storage.close()
    assert main(["reextract", "--method", "density", "--database", db_url]) == 0
    out = capsys.readouterr().out
    assert "re-extracted 3 page(s): 2 updated, 1 rejected (unreadable_html 1)" in out
    assert any(
        damaged in record.getMessage() and record.levelname == "ERROR" for record in caplog.records
    )
    storage = open_storage(db_url)
    try:
        assert row(storage, damaged).title == "stale"  # kept as it was
        assert row(storage, make_record(1).url).method == "density"
        assert row(storage, make_record(3).url).method == "density"
    finally:
        storage.close()


def test_unknown_method_is_refused(tmp_path, capsys):
    assert main(["reextract", "--method", "nope", "--database", f"sqlite:///{tmp_path}/n.db"]) == 2
    assert "unknown --method 'nope'" in capsys.readouterr().err


def test_nothing_to_reextract_says_why(tmp_path, make_record, capsys):
    url = f"sqlite:///{tmp_path / 'news.db'}"
    storage = open_storage(url, keep_html=False)
    storage.write([make_record(1)])
    storage.close()
    assert main(["reextract", "--database", url]) == 0
    assert capsys.readouterr().out.startswith("no stored raw HTML to re-extract")
