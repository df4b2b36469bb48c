"""Project-level Scrapy settings that must be right before any add-on runs."""

from __future__ import annotations

import pytest
from scrapy.utils.project import get_project_settings


@pytest.fixture
def project_settings(monkeypatch):
    monkeypatch.setenv("SCRAPY_SETTINGS_MODULE", "newscrawl.settings")
    return get_project_settings()


def test_twisted_default_reactor_not_the_asyncio_bridge(project_settings):
    # Scrapy installs the reactor before add-ons run; asyncio cost the reactor 9-35 % more CPU
    # on the farm (docs/benchmarks/crawl.md)
    assert project_settings.get("TWISTED_REACTOR") is None


def test_the_addon_and_commands_are_wired(project_settings):
    assert "newscrawl.crawl.addon.NewscrawlAddon" in project_settings.getdict("ADDONS")
    assert project_settings.get("COMMANDS_MODULE") == "newscrawl.crawl.scrapy_commands"
