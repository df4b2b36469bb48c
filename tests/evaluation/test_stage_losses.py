"""benchmarks/stage_losses.py: each finishing stage's effect on a page's F1."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import load_script

ARTICLE = [
    f"Fishermen said the winter floods had reached the market square {count} times so far."
    for count in ("two", "three", "four", "five", "six", "seven", "eight", "nine")
]
RELATED = ["Related articles", "Council budget approved", "New ferry timetable"]


def page_html() -> str:
    paragraphs = "".join(f"<p>{line}</p>" for line in ARTICLE)
    related = f"<h3>{RELATED[0]}</h3>" + "".join(
        f"<p><a href='/{index}'>{title}</a></p>" for index, title in enumerate(RELATED[1:])
    )
    return (
        "<html><head><title>Harbour</title></head><body><h1>Harbour</h1>"
        f"<div class='story'>{paragraphs}{related}</div></body></html>"
    )


def test_the_stages_are_scored_in_order_and_tallied(tmp_path: Path) -> None:
    script = load_script("benchmarks/stage_losses.py")
    (tmp_path / "a.html").write_text(page_html())
    page = {
        "id": "a",
        "html_path": "a.html",
        "text": "\n".join(ARTICLE),
        "url": "https://x.org/a",
    }
    (tmp_path / "pages.jsonl").write_text(json.dumps(page))
    pages = script.load_pages(tmp_path / "pages.jsonl")
    scores = script.stage_scores(pages[0])
    assert scores is not None and scores[0][0] == "winner"
    assert [name for name, _ in scores][1:4] == ["prune", "tail", "parts"]
    assert scores[-1][1] == 1.0 and scores[0][1] < 1.0  # the related list went on the way
    stages, scored = script.tally(pages, margin=0.0)
    assert scored == 1
    assert sum(stage.raised for stage in stages.values()) >= 1
    assert all(stage.lowered == 0 for stage in stages.values())
    assert script.main([str(tmp_path / "pages.jsonl"), "--margin", "0.01"]) == 0
