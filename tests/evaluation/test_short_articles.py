"""benchmarks/short_articles.py: briefs made of labelled articles, written as a set."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from newscrawl.evaluation.dataset import load_pages
from tests.scripts import load_script

LINES = [f"Paragraph {n} of the story about the bridge goes on for a while." for n in range(8)]
PAGE = (
    "<html><body><nav><a href='/'>Home</a></nav><div class='story'><h1>Bridge</h1>"
    + "".join(f"<p>{line}</p>" for line in LINES)
    + "</div><footer>News</footer></body></html>"
)


def _pages(tmp_path: Path) -> Path:
    (tmp_path / "a.html").write_text(PAGE)
    row = {
        "id": "a",
        "html_path": "a.html",
        "url": "https://news.example/a",
        "title": "Bridge",
        "text": "\n".join(LINES),
        "lang": "en",
        "page_type": "article",
        "with_snippets": [LINES[-1]],
    }
    (tmp_path / "pages.jsonl").write_text(json.dumps(row) + "\n")
    return tmp_path / "pages.jsonl"


def test_briefs_are_written_as_a_labelled_set(tmp_path):
    script = load_script("benchmarks/short_articles.py")
    pages = load_pages(_pages(tmp_path))
    out = tmp_path / "briefs"
    assert script.write_briefs(pages, 3, out) == 1
    [brief] = load_pages(out / "pages.jsonl")
    assert brief.id == "a" and brief.url == "https://news.example/a"
    assert brief.text == "\n".join(LINES[:3])
    assert "with_snippets" not in brief.fields  # written for the whole article
    html = gzip.decompress((out / "html" / "a.html.gz").read_bytes()).decode()
    assert LINES[2] in html and LINES[3] not in html


def test_an_article_too_short_for_the_brief_is_left_out(tmp_path):
    script = load_script("benchmarks/short_articles.py")
    pages = load_pages(_pages(tmp_path))
    assert script.write_briefs(pages, 5, tmp_path / "briefs") == 0  # 8 < twice 5
