"""apply_distributed_settings: the one switch, overridable by the user."""

from __future__ import annotations

import pytest
from scrapy.settings import Settings

from newscrawl.distributed.acks import LeaseAckDownloaderMiddleware, LeaseAckSpiderMiddleware
from newscrawl.distributed.addon import SCHEDULER_PATH, apply_distributed_settings


def test_switches_scheduler_dupefilter_redis_and_ack_middlewares():
    settings = Settings({"NEWSCRAWL_REDIS_URL": "redis://r:6379/2"})
    apply_distributed_settings(settings)
    assert settings["SCHEDULER"] == SCHEDULER_PATH
    assert settings["DUPEFILTER_CLASS"].endswith("BloomDupeFilter")
    assert settings["REDIS_URL"] == "redis://r:6379/2"
    assert settings.getbool("SCHEDULER_PERSIST")
    assert settings.getdict("SPIDER_MIDDLEWARES")[LeaseAckSpiderMiddleware] == 1
    assert settings.getdict("DOWNLOADER_MIDDLEWARES")[LeaseAckDownloaderMiddleware] == 1
    assert settings.getint("NEWSCRAWL_DB_BATCH_SIZE") == 1  # acked == written


def test_overrides_the_crawl_addon_defaults_it_must():
    settings = Settings()
    settings.set("NEWSCRAWL_DB_BATCH_SIZE", 100, priority="addon")  # NewscrawlAddon's default
    settings.set("NEWSCRAWL_REDIS_URL", "redis://r", priority="project")
    apply_distributed_settings(settings)
    assert settings.getint("NEWSCRAWL_DB_BATCH_SIZE") == 1


def test_middlewares_already_listed_by_path_are_not_added_twice():
    path = "newscrawl.distributed.acks.LeaseAckSpiderMiddleware"
    settings = Settings({"NEWSCRAWL_REDIS_URL": "redis://r", "SPIDER_MIDDLEWARES": {path: 7}})
    apply_distributed_settings(settings)
    assert settings.getdict("SPIDER_MIDDLEWARES") == {path: 7}


def test_user_settings_win_over_the_addon():
    settings = Settings({"NEWSCRAWL_REDIS_URL": "redis://r", "SCHEDULER": "my.Scheduler"})
    apply_distributed_settings(settings)
    assert settings["SCHEDULER"] == "my.Scheduler"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (None, "NEWSCRAWL_REDIS_URL is not set"),
        ("localhost:6379", "must be a redis:// URL"),
    ],
)
def test_bad_url_is_named(url, message):
    settings = Settings({"NEWSCRAWL_REDIS_URL": url} if url else {})
    with pytest.raises(ValueError, match=message):
        apply_distributed_settings(settings)
