"""Every setting's default lives once: newscrawl/defaults.py (distributed ones in
distributed/defaults.py, under their NEWSCRAWL_ names), installed into the settings by the
add-ons; components read the settings without restating a default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from scrapy import Spider
from scrapy.exceptions import NotConfigured
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler

from newscrawl.crawl.addon import newscrawl_settings
from newscrawl.crawl.pipelines.validate import ValidatePipeline
from newscrawl.crawl.spiders.news import NewsSpider
from newscrawl.defaults import NEWSCRAWL_DEFAULTS
from newscrawl.distributed.addon import apply_distributed_settings
from newscrawl.distributed.defaults import DISTRIBUTED_DEFAULTS
from tests.crawlers import newscrawl_crawler

PACKAGE = Path(__file__).resolve().parents[2] / "newscrawl"
# settings.getint("NEWSCRAWL_X", <anything>): a read that restates a default
RESTATED = re.compile(r"\.get\w*\(\s*\"(NEWSCRAWL_\w+)\",\s*[^)]")
SETTING_READ = re.compile(r"\.get\w*\(\s*\"(NEWSCRAWL_[A-Z_]+)\"")


def from_crawler_bodies(source: str) -> list[str]:
    """The text of each ``from_crawler``/``for_crawler`` method in ``source``."""
    return re.findall(
        r"def (?:from|for)_crawler\(.*?(?=\n    (?:@|def )|\nclass |\Z)", source, flags=re.DOTALL
    )


def test_no_from_crawler_restates_a_default():
    restated = {
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in PACKAGE.rglob("*.py")
        for body in from_crawler_bodies(path.read_text(encoding="utf-8"))
        for name in RESTATED.findall(body)
    }
    assert restated == set()
    # the check sees the reads: the store pipeline's from_crawler, restating one, would fail
    [store] = from_crawler_bodies((PACKAGE / "crawl/pipelines/store.py").read_text())
    assert "NEWSCRAWL_KEEP_HTML" in store
    assert RESTATED.findall(store.replace('"NEWSCRAWL_KEEP_HTML")', '"NEWSCRAWL_KEEP_HTML", 1)'))


def test_every_setting_the_package_reads_has_one_default():
    read = {
        name
        for path in PACKAGE.rglob("*.py")
        for name in SETTING_READ.findall(path.read_text(encoding="utf-8"))
    }
    assert "NEWSCRAWL_LEASE_SECONDS" in read and "NEWSCRAWL_KEEP_HTML" in read
    assert not set(NEWSCRAWL_DEFAULTS) & set(DISTRIBUTED_DEFAULTS)
    assert read - set(NEWSCRAWL_DEFAULTS) - set(DISTRIBUTED_DEFAULTS) == set()


def test_components_read_the_defaults_the_addon_installs():
    crawler = newscrawl_crawler(NewsSpider, {"NEWSCRAWL_MIN_TITLE_CHARS": 9})
    validate = ValidatePipeline.from_crawler(crawler)
    assert validate.min_content_weight == NEWSCRAWL_DEFAULTS["NEWSCRAWL_MIN_CONTENT_CHARS"]
    assert validate.min_title_chars == 9  # a project setting still wins


def test_distributed_defaults_come_with_the_distributed_switch():
    settings = Settings(
        {"NEWSCRAWL_REDIS_URL": "redis://127.0.0.1:6379/0", "NEWSCRAWL_LEASE_SECONDS": 3}
    )
    apply_distributed_settings(settings)
    assert settings.getfloat("NEWSCRAWL_LEASE_SECONDS") == 3
    assert (
        settings.getint("NEWSCRAWL_BLOOM_CAPACITY")
        == DISTRIBUTED_DEFAULTS["NEWSCRAWL_BLOOM_CAPACITY"]
    )


def test_without_the_addon_a_component_says_so_instead_of_reading_zeros():
    with pytest.raises(NotConfigured, match="enable the add-on"):
        newscrawl_settings(get_crawler(Spider))
