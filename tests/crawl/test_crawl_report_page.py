"""End to end: a farm crawl with NEWSCRAWL_REPORT_PATH writes the crawl report page."""

from __future__ import annotations

import re
from pathlib import Path

from tests.farm import FarmHandle

from .conftest import run_crawl, stored_articles


def test_crawl_writes_the_report_page(farm: FarmHandle, tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'news.db'}"
    page = tmp_path / "reports" / "crawl.html"
    run = run_crawl(farm, tmp_path, db_url, settings={"NEWSCRAWL_REPORT_PATH": str(page)})
    assert run.returncode == 0, run.log[-3000:]
    assert f"crawl report page written to {page}" in run.log
    html = page.read_text(encoding="utf-8")
    stored = len(stored_articles(db_url))
    assert re.search(rf"<b>{stored:,}</b>articles", html)
    assert "list_page" in html  # the farm's disguised roundup page, rejected by the crawl
    assert "wall clock per page" in html and "Not shown: rejections" not in html
