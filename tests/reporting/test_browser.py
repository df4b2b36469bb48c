"""Both pages in headless Debian chromium: colours as decided, features on hover, the method
switch, table sorting, and a hostile page that runs nothing. Screenshots go to tests/output."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from newscrawl.extraction import load_document
from newscrawl.reporting.crawl_page import write_crawl_report
from newscrawl.reporting.explain import build
from newscrawl.reporting.explain_page import write_explain_page

# The legend's colours as the stylesheet sets them (computed background of a block, as
# WebDriver reports it).
BACKGROUND = {
    "body": "rgba(214, 242, 214, 1)",
    "title": "rgba(201, 222, 255, 1)",
    "boilerplate": "rgba(238, 238, 238, 1)",
    "linklist": "rgba(255, 228, 196, 1)",
    "short": "rgba(250, 245, 200, 1)",
    "noise": "rgba(245, 220, 230, 1)",
}
URL = "https://courier.example/news/floods"


def open_page(browser: Any, path: Path) -> None:
    browser.get(path.resolve().as_uri())


def visible_blocks(browser: Any) -> list[Any]:
    return browser.find_elements(By.CSS_SELECTOR, "section.method.shown .blk")


def check_colours(browser: Any, decided: list[str]) -> None:
    blocks = visible_blocks(browser)
    assert len(blocks) == len(decided)
    for element, cls in zip(blocks, decided, strict=True):
        assert element.value_of_css_property("background-color") == BACKGROUND[cls], (
            element.text[:40],
            cls,
        )


def test_explain_page_colours_hover_and_switch(
    browser: Any, article_html: bytes, output_dir: Path
) -> None:
    doc = load_document(article_html, url=URL)
    model = build(doc, "density")
    page = output_dir / "explain.html"
    write_explain_page(load_document(article_html, url=URL), page, "density")
    open_page(browser, page)
    check_colours(browser, [d.cls for d in model.methods["density"].decisions])
    browser.save_screenshot(str(output_dir / "explain-density.png"))

    body = next(b for b in visible_blocks(browser) if b.get_attribute("data-cls") == "body")
    features = body.find_element(By.CSS_SELECTOR, ".feat")
    assert not features.is_displayed()
    ActionChains(browser).move_to_element(body).perform()
    assert features.is_displayed()
    assert "best-scoring element" in features.text and "score" in features.text
    browser.save_screenshot(str(output_dir / "explain-hover.png"))

    browser.find_element(By.CSS_SELECTOR, "#switch input[value='justext']").click()
    assert browser.find_element(By.ID, "m-justext").is_displayed()
    assert not browser.find_element(By.ID, "m-density").is_displayed()
    check_colours(browser, [d.cls for d in model.methods["justext"].decisions])
    short = next(b for b in visible_blocks(browser) if b.get_attribute("data-cls") == "linklist")
    short.click()  # click pins the features open
    ActionChains(browser).move_to_element(visible_blocks(browser)[0]).perform()
    pinned = short.find_element(By.CSS_SELECTOR, ".feat")
    assert pinned.is_displayed() and "stop-word density" in pinned.text
    browser.find_element(By.CSS_SELECTOR, "#switch input[value='auto']").click()
    assert "candidate" in browser.find_element(By.ID, "m-auto").text
    browser.save_screenshot(str(output_dir / "explain-auto.png"))


def test_hostile_page_executes_nothing(browser: Any, hostile_html: bytes, output_dir: Path) -> None:
    page = output_dir / "hostile.html"
    write_explain_page(load_document(hostile_html, url="https://bad.example/"), page, "density")
    open_page(browser, page)
    for method in ("density", "justext", "cx", "auto"):
        browser.find_element(By.CSS_SELECTOR, f"#switch input[value='{method}']").click()
        for block in visible_blocks(browser):
            ActionChains(browser).move_to_element(block).perform()
    assert browser.execute_script("return typeof window.pwned") == "undefined"
    assert browser.title.startswith("explain: A page that tries")  # the scripts set "pwned"
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "</script><script>window.pwned=6" in text  # shown as text
    assert browser.find_elements(By.CSS_SELECTOR, "section img, section iframe, .blk script") == []
    browser.save_screenshot(str(output_dir / "explain-hostile.png"))


def test_crawl_page_charts_and_sorting(browser: Any, news_db: str, output_dir: Path) -> None:
    page = output_dir / "crawl.html"
    engine = sa.create_engine(news_db)
    write_crawl_report(engine, page, source="test")
    engine.dispose()
    open_page(browser, page)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".chart svg")) == 3
    bars = browser.find_elements(By.CSS_SELECTOR, "#chart-hours svg rect.rect")
    assert len(bars) == 3
    sites = browser.find_element(By.ID, "sites")

    def column(index: int) -> list[str]:
        return [
            row.find_elements(By.TAG_NAME, "td")[index].text
            for row in sites.find_elements(By.CSS_SELECTOR, "tbody tr")
        ]

    assert column(1) == ["4", "2", "1"]
    header = sites.find_elements(By.CSS_SELECTOR, "th")[1]
    header.click()
    assert column(1) == ["1", "2", "4"]
    header.click()
    assert column(1) == ["4", "2", "1"]
    sites.find_elements(By.CSS_SELECTOR, "th")[0].click()
    assert column(0) == ["alpha", "beta", "gamma"]
    browser.save_screenshot(str(output_dir / "crawl.png"))
