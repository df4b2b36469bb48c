"""benchmarks/markup_cv.py: the variants it sweeps and the two versions of each page."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import load_script

BODY = "<p>" + "The article says what it says, at some length here. " * 12 + "</p>"
UNNAMED = (
    f'<html><body><div class="a1"><article class="b2">{BODY}</article>'
    + "".join(
        f'<div class="c3"><p>{"A reply of some length, with words. " * 9}</p></div>'
        for _ in range(6)
    )
    + "</div></body></html>"
)


def _script():
    return load_script("benchmarks/markup_cv.py")


def test_no_content_tags_come_first_and_every_variant_differs() -> None:
    variants = _script().content_tag_variants()
    names = list(variants)
    assert names[0] == "none" and not variants["none"].density.content_tags
    settings = {
        (o.density.content_tags, o.density.content_tags_when_unnamed) for o in variants.values()
    }
    assert len(settings) == len(variants) == 5


def test_each_page_is_scored_as_served_and_renamed(tmp_path: Path) -> None:
    script = _script()
    for directory in ("wcxb_dev", "cwced_zh", "gne_zh"):
        (tmp_path / directory).mkdir()
        (tmp_path / directory / "a.html").write_text(UNNAMED)
        row = {"id": "a", "html_path": "a.html", "text": BODY[3:-4], "page_type": "article"}
        (tmp_path / directory / "pages.jsonl").write_text(json.dumps(row))
    scored = script.score(tmp_path, script.content_tag_variants())
    assert [page.dataset for page in scored] == [
        "wcxb article",
        "altered wcxb article",
        "cwced_zh",
        "altered cwced_zh",
        "gne_zh",
        "altered gne_zh",
    ]
    for page in scored:
        assert set(page.f1) == set(script.content_tag_variants())
        assert all(0.0 < f1 <= 1.0 for f1 in page.f1.values())
