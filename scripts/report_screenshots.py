"""Screenshots of the two report pages for the docs (docs/images/), in headless Debian chromium.

    python3 scripts/report_screenshots.py

The explain page is that of tests/data/reporting/article.html with a body block hovered; the
crawl report is built from synthetic rows (benchmarks/report_speed.py's fill) and a synthetic
crawl tally, and says so in its header.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import sqlalchemy as sa
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from report_speed import fill  # noqa: E402

from newscrawl.crawl.report import CrawlTally  # noqa: E402
from newscrawl.extraction import load_document  # noqa: E402
from newscrawl.reporting.crawl_page import write_crawl_report  # noqa: E402
from newscrawl.reporting.explain_page import write_explain_page  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1000,760",
        "--hide-scrollbars",
    ):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def synthetic_tally() -> CrawlTally:
    tally = CrawlTally()
    for i in range(40):
        site = tally.site(f"site{i}")
        site.pages, site.articles = 60 + i, 50
        site.rejected.update({"no_content": i % 4, "duplicate": i % 3, "list_page": 1})
        site.failures.update({"http_404": i % 5, "timeout": i % 2})
    tally.site("site40").failures.update({"dns": 3})
    tally.site("site41").pages = 12
    return tally


def main() -> int:
    IMAGES.mkdir(parents=True, exist_ok=True)
    driver = browser()
    with tempfile.TemporaryDirectory() as folder:
        explain = Path(folder) / "explain.html"
        html = (ROOT / "tests/data/reporting/article.html").read_bytes()
        write_explain_page(
            load_document(
                html,
                url="https://courier.example/news/floods",
                anchor_text="River towns brace for record floods",
            ),
            explain,
            "density",
        )
        driver.get(explain.as_uri())
        body = driver.find_elements(By.CSS_SELECTOR, "section.shown .blk.c-body")[1]
        driver.execute_script("window.scrollTo(0, 60)")
        ActionChains(driver).move_to_element(body).perform()
        driver.save_screenshot(str(IMAGES / "explain-page.png"))

        engine = sa.create_engine(f"sqlite:///{folder}/news.db")
        fill(engine, 3000, 42)
        crawl = Path(folder) / "crawl.html"
        write_crawl_report(
            engine,
            crawl,
            tally=synthetic_tally(),
            elapsed=1800.0,
            source="synthetic data: benchmarks/report_speed.py rows and tally",
        )
        engine.dispose()
        driver.get(crawl.as_uri())
        driver.save_screenshot(str(IMAGES / "crawl-report.png"))
    driver.quit()
    for name in ("explain-page.png", "crawl-report.png"):
        print(f"{IMAGES / name}: {(IMAGES / name).stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
