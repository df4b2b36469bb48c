"""Fixtures of the report-page tests: the pages under tests/data/reporting, a database of
articles, and a headless Debian chromium (installed by .ci/install-browser; never downloaded)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from newscrawl.storage import open_storage
from newscrawl.storage.records import ArticleRecord, content_hash

DATA = Path(__file__).resolve().parent.parent / "data" / "reporting"
# Screenshots and rendered pages of the browser tests (gitignored).
OUTPUT = Path(__file__).resolve().parent.parent / "output" / "reporting"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
START = datetime(2026, 3, 14, 6, 0, tzinfo=UTC)


@pytest.fixture()
def article_html() -> bytes:
    return (DATA / "article.html").read_bytes()


@pytest.fixture()
def hostile_html() -> bytes:
    return (DATA / "hostile.html").read_bytes()


def seed_articles(url: str) -> None:
    """Three sites over three hours: alpha 4 (en, density), beta 2 (zh, tcdt), gamma 1."""
    rows = [("alpha", 0, "en", "density")] * 3 + [
        ("alpha", 2, "en", "justext"),
        ("beta", 1, "zh", "tcdt"),
        ("beta", 1, "zh", "tcdt"),
        ("gamma", 2, None, "auto"),
    ]
    storage = open_storage(url)
    try:
        storage.write(
            [
                ArticleRecord(
                    url=f"https://{site}.example/{i}",
                    site=site,
                    title=f"t{i}",
                    content=f"body {i}",
                    content_hash=content_hash(f"body {i}"),
                    lang=lang,
                    method=method,
                    fetched_at=START + timedelta(hours=hour, minutes=i),
                )
                for i, (site, hour, lang, method) in enumerate(rows)
            ]
        )
    finally:
        storage.close()


@pytest.fixture()
def news_db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'news.db'}"
    seed_articles(url)
    return url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,1200",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
