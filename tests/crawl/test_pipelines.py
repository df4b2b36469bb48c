"""Component tests: pipelines built from a crawler (tests.crawlers.newscrawl_crawler)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.misc import build_from_crawler

from newscrawl.crawl.content_keys import content_keys
from newscrawl.crawl.extensions import CrawlReport
from newscrawl.crawl.items import CopyOf, PageItem
from newscrawl.crawl.pipelines.extract import MethodResolver
from newscrawl.crawl.pipelines.store import StorePipeline, to_record
from newscrawl.crawl.pipelines.validate import Rejected, ValidatePipeline
from newscrawl.crawl.report import summary_table
from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.extraction import Article
from newscrawl.extraction.core import DATES_BEFORE_SITE
from newscrawl.storage import StorageError, open_storage
from tests.crawlers import newscrawl_crawler

LONG_TEXT = "这是一篇足够长的新闻正文，讲述了一件重要的事情。" * 20


def make_item(
    url: str = "http://x.com/2024/05/17/a.html",
    content: str = LONG_TEXT,
    title: str = "一个新闻标题",
    rejection: str | None = None,
) -> PageItem:
    article = None if rejection else Article(title=title, content=content, method="density")
    # The keys the extraction worker computes with the article (extract_page).
    keys = None if rejection else content_keys(content, near_dedup=True)
    return PageItem(
        url=url,
        site="x",
        body=b"<html></html>",
        encoding="utf-8",
        anchor_text="锚文本",
        method="density",
        depth=1,
        fetched_at=datetime(2024, 5, 17, tzinfo=UTC),
        article=article,
        rejection=rejection,
        content_keys=keys,
    )


def with_hashes(item: PageItem, content_hash: str, simhash: int | None = None) -> PageItem:
    """``item`` with chosen hashes, as if its content had them."""
    item.content_keys = item.keys._replace(content_hash=content_hash, simhash=simhash)
    return item


def validate_pipeline(**settings):
    crawler = newscrawl_crawler(NewsSpider, settings)
    crawler.stats.open_spider()
    return build_from_crawler(ValidatePipeline, crawler), crawler.stats


def rejection_of(pipeline, item) -> str | None:
    try:
        pipeline.process_item(item, None)
    except Rejected as rejected:
        return rejected.reason
    return None


def test_validate_names_every_rejection_reason():
    pipeline, stats = validate_pipeline()
    assert rejection_of(pipeline, make_item(rejection="no_content")) == "no_content"
    assert rejection_of(pipeline, make_item(rejection="list_page")) == "list_page"
    assert rejection_of(pipeline, make_item(content="太短了")) == "too_short"
    assert rejection_of(pipeline, make_item(title="")) == "no_title"
    assert rejection_of(pipeline, make_item()) is None
    again = make_item()
    assert rejection_of(pipeline, again) is None  # the same URL again is not a duplicate
    assert again.copy_of is None
    assert not stats.get_value("newscrawl/rejected/too_short")  # counting is CrawlReport's


def test_a_rejection_is_counted_once_whichever_stage_drops_it():
    crawler = newscrawl_crawler(NewsSpider)  # its extensions, CrawlReport among them, listen
    crawler.stats.open_spider()
    [report] = [e for e in crawler.extensions.middlewares if isinstance(e, CrawlReport)]
    validate = build_from_crawler(ValidatePipeline, crawler)

    def dropped(item: PageItem, exception: Rejected) -> None:
        """What Scrapy's scraper does with an item a pipeline stage dropped."""
        crawler.signals.send_catch_log(
            signals.item_dropped, item=item, response=None, exception=exception, spider=None
        )

    thin = make_item(content="太短了")
    with pytest.raises(Rejected) as rejected:
        validate.process_item(thin, None)
    dropped(thin, rejected.value)
    # StorePipeline drops the losing copy of an article the same way
    dropped(make_item(url="http://x.com/c"), Rejected("duplicate", "same content as x"))
    assert crawler.stats.get_value("newscrawl/rejected/too_short") == 1
    assert crawler.stats.get_value("newscrawl/rejected/duplicate") == 1
    assert report.tally.site("x").rejected == {"too_short": 1, "duplicate": 1}


def test_validate_reads_the_content_keys_and_never_computes_them():
    pipeline, _ = validate_pipeline()
    item = make_item()
    item.content_keys = item.keys._replace(weight=1)  # as if the worker weighed it thin
    assert rejection_of(pipeline, item) == "too_short"
    unkeyed = make_item(url="http://x.com/unkeyed.html")
    unkeyed.content_keys = None
    with pytest.raises(ValueError, match="without content keys"):
        pipeline.process_item(unkeyed, None)


def test_validate_marks_copies_for_the_store_to_keep_the_canonical_url():
    pipeline, stats = validate_pipeline()
    first = make_item()
    assert rejection_of(pipeline, first) is None
    tracked = make_item(url=first.url + "?from=home")
    assert rejection_of(pipeline, tracked) is None  # the store drops it, as an alias
    assert tracked.copy_of == CopyOf("duplicate", first.url, replaces=False)
    near = make_item(url="http://m.x.com/2024/05/17/a.html", content=LONG_TEXT + "责任编辑：王五")
    pipeline.process_item(near, None)
    assert near.copy_of == CopyOf("near_duplicate", first.url, replaces=False)
    # A page naming its own URL canonical beats the undeclared one, and stands for it after.
    declared = make_item(url="http://x.com/2024/05/17/a-story-with-a-long-name.html")
    declared.declared_canonical = True
    pipeline.process_item(declared, None)
    assert declared.copy_of == CopyOf("duplicate", first.url, replaces=True)
    later = make_item(url="http://x.com/a.html")  # shorter, but undeclared
    pipeline.process_item(later, None)
    assert later.copy_of == CopyOf("duplicate", declared.url, replaces=False)
    assert not stats.get_value("newscrawl/rejected/duplicate")


def test_a_canonical_url_named_by_pages_of_different_content_is_not_trusted():
    pipeline, _ = validate_pipeline()
    for number in range(2):
        item = make_item(
            url="http://x.com/home-story.html",
            content=f"第{number}篇。" + LONG_TEXT[number:] + "不同" * number * 50,
        )
        item.fetched_url, item.declared_canonical = f"http://x.com/{number}.html", True
        pipeline.process_item(item, None)
        assert item.copy_of is None
    assert (item.url, item.fetched_url, item.declared_canonical) == (
        "http://x.com/1.html",
        None,
        False,
    )


def test_validate_dedup_can_be_switched_off():
    pipeline, _ = validate_pipeline(NEWSCRAWL_DEDUP_EXACT=False, NEWSCRAWL_DEDUP_NEAR=False)
    assert rejection_of(pipeline, make_item()) is None
    copy = make_item(url="http://x.com/copy.html")
    assert rejection_of(pipeline, copy) is None
    assert copy.copy_of is None


def test_min_content_setting_is_used():
    pipeline, _ = validate_pipeline(NEWSCRAWL_MIN_CONTENT_CHARS=10_000)
    assert rejection_of(pipeline, make_item()) == "too_short"


def test_method_resolver_falls_back_to_an_importable_method():
    resolver = MethodResolver(default="no-such-method", fallback="density")
    assert resolver.resolve("also-missing") == "density"
    assert resolver.resolve(None) == "density"
    with pytest.raises(NotConfigured, match="no extraction method"):
        MethodResolver(default="nope", fallback="nope").resolve("nope")


def test_store_pipeline_writes_records_and_finds_database_duplicates(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    crawler = newscrawl_crawler(
        NewsSpider,
        {
            "NEWSCRAWL_DATABASE_URL": db_url,
            "NEWSCRAWL_KEEP_HTML": False,
            "NEWSCRAWL_SPILL_PATH": str(tmp_path / "s.jsonl"),
            "NEWSCRAWL_DB_BATCH_SIZE": 1,
        },
    )
    pipeline = build_from_crawler(StorePipeline, crawler)
    item = make_item()
    with_hashes(item, "a" * 40)
    assert pipeline._store(to_record(item, keep_html=False)).dropped is None
    copy = make_item(url="http://x.com/2024/05/17/a.html?from=home")
    with_hashes(copy, "a" * 40)
    assert pipeline._store(to_record(copy, keep_html=False)).dropped == ("duplicate", item.url)
    pipeline.writer.close()
    pipeline.storage.close()
    storage = open_storage(db_url)
    assert storage.known_urls([item.url, copy.url]) == {item.url}
    storage.close()


def store_pipeline(tmp_path, **settings):
    crawler = newscrawl_crawler(
        NewsSpider,
        {
            "NEWSCRAWL_DATABASE_URL": f"sqlite:///{tmp_path / 'news.db'}",
            "NEWSCRAWL_SPILL_PATH": str(tmp_path / "s.jsonl"),
            "NEWSCRAWL_DB_BATCH_SIZE": 1,
            **settings,
        },
    )
    crawler.stats.open_spider()
    pipeline = build_from_crawler(StorePipeline, crawler)
    return pipeline, crawler.stats


def test_a_later_crawl_rejects_near_copies_of_stored_articles(tmp_path):
    first, _ = store_pipeline(tmp_path)
    item = make_item()
    with_hashes(item, "a" * 40, 0b1011 << 60)
    first._store(to_record(item, keep_html=False))
    first.writer.close()
    first.storage.close()

    later, stats = store_pipeline(tmp_path)
    later._load_stored_simhashes(later.near_duplicates)
    assert stats.get_value("newscrawl/db/simhashes_loaded") == 1
    near = make_item(url="http://x.com/2024/05/18/syndicated.html")
    with_hashes(near, "b" * 40, (0b1011 << 60) | 0b101)  # 2 bits apart
    assert later._store(to_record(near, keep_html=False)).dropped == ("near_duplicate", item.url)
    far = make_item(url="http://x.com/2024/05/18/other.html")
    with_hashes(far, "c" * 40, (1 << 64) - 1)
    assert later._store(to_record(far, keep_html=False)).dropped is None
    # the same URL crawled again is an update, not a copy of itself
    with_hashes(item, item.keys.content_hash, (0b1011 << 60) | 1)
    assert later._store(to_record(item, keep_html=False)).dropped is None
    later.writer.close()
    later.storage.close()


def test_unreadable_stored_simhashes_are_reported_and_the_crawl_goes_on(
    tmp_path, caplog, monkeypatch
):
    pipeline, _ = store_pipeline(tmp_path)

    def fail(since, limit):
        raise StorageError("database x: cannot read recent simhashes: gone")

    monkeypatch.setattr(pipeline.storage, "recent_simhashes", fail)
    pipeline._load_stored_simhashes(pipeline.near_duplicates)
    assert pipeline.stored_index is None
    assert "Near-duplicates of stored articles will not be detected" in caplog.text
    assert "cannot read recent simhashes: gone" in caplog.text
    item = make_item()
    with_hashes(item, "a" * 40, 1)
    assert pipeline._store(to_record(item, keep_html=False)).dropped is None  # still stored
    pipeline.writer.close()
    pipeline.storage.close()


@pytest.mark.parametrize(
    "settings", [{"NEWSCRAWL_NEAR_DUP_DAYS": 0}, {"NEWSCRAWL_DEDUP_NEAR": False}]
)
def test_stored_near_duplicate_check_can_be_switched_off(tmp_path, settings):
    pipeline, _ = store_pipeline(tmp_path, **settings)
    assert pipeline.near_duplicates is None
    pipeline.storage.close()


def test_store_record_carries_anchor_text_and_html_only_when_kept():
    item = make_item()
    assert to_record(item, keep_html=True).html == b"<html></html>"
    record = to_record(item, keep_html=False)
    assert record.html is None and record.anchor_text == "锚文本" and record.title == "一个新闻标题"


def test_store_record_keeps_editors_apart_from_authors():
    item = make_item()
    assert item.article is not None
    item.article.authors, item.article.author = ["王建宏"], "王建宏"
    item.article.editors = ["张迪", "李四"]
    record = to_record(item, keep_html=False)
    assert (record.author, record.editor) == ("王建宏", "张迪, 李四")
    assert to_record(make_item(), keep_html=False).editor is None


def test_store_pipeline_fails_at_start_when_the_database_is_down(tmp_path):
    crawler = newscrawl_crawler(
        NewsSpider, {"NEWSCRAWL_DATABASE_URL": "postgresql+psycopg://postgres@127.0.0.1:1/test"}
    )
    with pytest.raises(StorageError, match="cannot connect"):
        build_from_crawler(StorePipeline, crawler)


class DownDatabase:
    """A Storage whose writes fail, as when the database goes away mid-crawl."""

    def write(self, records):
        raise StorageError("database test: cannot write: connection refused")

    def has_content_hash(self, content_hash):
        raise StorageError("database test: cannot read: connection refused")

    def known_urls(self, urls):
        return set()

    def ping(self):
        pass

    def close(self):
        pass


def test_database_down_mid_crawl_spills_every_item(tmp_path):
    from newscrawl.storage import BufferedWriter, read_spill

    crawler = newscrawl_crawler(NewsSpider)
    crawler.stats.open_spider()
    spill = tmp_path / "spill.jsonl"
    writer = BufferedWriter(
        DownDatabase(),
        batch_size=2,
        retries=1,
        retry_delay=0.0,
        spill_path=spill,
        sleep=lambda _s: None,
    )
    pipeline = StorePipeline(
        DownDatabase(), writer, crawler.stats, keep_html=True, dedup_against_database=True
    )
    items = [make_item(url=f"http://x.com/2024/05/17/{n}.html") for n in range(3)]
    for item in items:
        assert pipeline._store(to_record(item, keep_html=True)).dropped is None
    writer.close()
    assert [r.url for r in read_spill(spill)] == [i.url for i in items]
    assert writer.stats["spilled"] == 3


def test_a_later_canonical_copy_takes_the_row_of_a_stored_tracking_copy(tmp_path):
    first, _ = store_pipeline(tmp_path)
    tracked = make_item(url="http://x.com/2024/05/17/a.html?from=home")
    with_hashes(tracked, "a" * 40)
    assert first._store(to_record(tracked, keep_html=False)).dropped is None
    first.writer.close()
    first.storage.close()

    later, _ = store_pipeline(tmp_path)
    canonical = make_item()
    with_hashes(canonical, "a" * 40)
    outcome = later._store(to_record(canonical, keep_html=False))
    assert (outcome.dropped, outcome.rekeyed, outcome.new_aliases) == (None, True, 1)
    # the tracking copy crawled again is recognised as the alias it is: no row
    again = later._store(to_record(tracked, keep_html=False))
    assert again.dropped == ("duplicate", canonical.url)
    later.writer.close()
    assert later.storage.known_urls([tracked.url, canonical.url]) == {canonical.url}
    later.storage.close()


def test_dust_evidence_reaches_the_threshold_once_and_signals_the_rule(tmp_path):
    pipeline, _ = store_pipeline(tmp_path, NEWSCRAWL_DUST_MIN_ALIASES=2)
    learned = []
    for number in range(3):
        url = f"http://x.com/2024/05/17/{number}.html"
        item = make_item(url=url)
        with_hashes(item, f"{number}" * 40)
        pipeline._store(to_record(item, keep_html=False))
        copy = make_item(url=url + "?from=home")
        with_hashes(copy, item.keys.content_hash)
        copy.copy_of = CopyOf("duplicate", url, replaces=False)
        learned.append(pipeline._store(to_record(copy, keep_html=False), copy.copy_of).learned)
    assert learned == [(), (("x", "param:from"),), ()]
    assert pipeline.storage.aliases.dust_rules(2) == {"x": frozenset({"param:from"})}
    pipeline.writer.close()
    pipeline.storage.close()


def test_a_copy_that_beats_this_crawls_copy_still_loses_to_a_better_stored_url(tmp_path):
    first, _ = store_pipeline(tmp_path)
    stored = make_item()
    with_hashes(stored, "a" * 40)
    first._store(to_record(stored, keep_html=False))
    first.writer.close()
    first.storage.close()

    later, _ = store_pipeline(tmp_path)
    mobile = make_item(url="http://m.x.com/2024/05/17/a.html?from=home")
    with_hashes(mobile, stored.keys.content_hash)
    assert later._store(to_record(mobile, keep_html=False)).dropped == ("duplicate", stored.url)
    tracked = make_item(url=stored.url + "?from=home")  # better than the mobile copy only
    with_hashes(tracked, stored.keys.content_hash)
    outcome = later._store(
        to_record(tracked, keep_html=False), CopyOf("duplicate", mobile.url, replaces=True)
    )
    assert outcome.dropped == ("duplicate", stored.url)
    later.writer.close()
    assert later.storage.known_urls([stored.url, mobile.url, tracked.url]) == {stored.url}
    assert later.storage.aliases.resolve(mobile.url) == stored.url
    later.storage.close()


def test_a_page_that_takes_over_this_crawls_copy_is_not_one_more_article():
    report = CrawlReport(None, interval=0, max_rows=5)  # type: ignore[arg-type]
    first = make_item(url="http://x.com/2024/05/17/a.html?from=home")
    assert not first.replaces_copy
    report.item_scraped(first, spider=None)
    better = make_item()
    better.copy_of = CopyOf("duplicate", first.url, replaces=True)
    assert better.replaces_copy
    report.item_scraped(better, spider=None)
    assert report.tally.site(first.site).articles == 1


def test_dates_older_than_the_site_are_counted_per_site_in_the_report():
    report = CrawlReport(None, interval=0, max_rows=5)  # type: ignore[arg-type]
    item = make_item()
    assert item.article is not None
    item.article.diagnostics[DATES_BEFORE_SITE] = 2
    report.item_scraped(item, spider=None)
    report.item_scraped(make_item(url="http://x.com/2024/05/17/b.html"), spider=None)
    assert report.tally.site("x").dates_before_since == 2
    assert summary_table(report.tally, max_rows=5).splitlines()[-1] == (
        "Dates older than the site's since, not stored: 2 (x 2)"
    )
