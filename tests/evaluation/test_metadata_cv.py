"""benchmarks/metadata_cv.py: the page type it scores, and a clear error when none is left."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

PAGE = (
    "<html><head><title>Storage</title>"
    '<meta property="article:published_time" content="2024-05-03T10:00:00Z">'
    '<meta name="author" content="Jane Doe"></head><body><h1>Storage</h1><p>'
    + "The council said the new storage would open next spring. " * 6
    + "</p></body></html>"
)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "wcxb_dev"
    folder.mkdir()
    (folder / "a.html").write_text(PAGE)
    row = {
        "id": "a",
        "html_path": "a.html",
        "url": "https://example.com/a",
        "text": "x",
        "page_type": "forum",
        "author": "Jane Doe",
        "publish_date": "2024-05-03",
    }
    (folder / "pages.jsonl").write_text(json.dumps(row) + "\n")
    return tmp_path


def test_another_page_type_is_scored_when_asked(data: Path, capsys) -> None:
    script = load_script("benchmarks/metadata_cv.py")
    assert script.main(["--data", str(data), "--datasets", "wcxb_dev", "--page-type", "forum"]) == 0
    out = capsys.readouterr().out
    assert "1 labelled pages" in out and "author same set 1/1" in out


def test_a_page_type_with_no_labelled_page_is_a_clear_error(data: Path, capsys) -> None:
    script = load_script("benchmarks/metadata_cv.py")
    assert script.main(["--data", str(data), "--datasets", "wcxb_dev"]) == 2  # articles: none
    error = capsys.readouterr().err
    assert "pages.jsonl: no page of page type 'article' with a date or author label" in error
