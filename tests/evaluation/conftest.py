"""Fixtures for the evaluation tests: a tiny labelled dataset written to a temporary folder."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

BODY_EN = (
    "The city council approved the new budget on Monday after a long debate. "
    "Spending on schools rises by five percent while road repairs are delayed. "
    "Opposition members said the plan ignores the needs of the northern districts."
)
BODY_ZH = (
    "市政府周一批准了新的预算方案。教育支出增加百分之五，道路维修工程推迟。"
    "反对派议员表示该计划忽视了北部地区的需要。"
)


def article_html(title: str, body: str, charset: str = "utf-8") -> str:
    paragraphs = "".join(f"<p>{sentence}.</p>" for sentence in body.split(". "))
    links = "".join(f'<li><a href="/n{i}">Other story number {i}</a></li>' for i in range(12))
    return (
        f'<html><head><meta charset="{charset}"><title>{title} - Daily</title></head>'
        f"<body><ul class=nav>{links}</ul><h1>{title}</h1><div class=article>{paragraphs}"
        f"</div><div class=footer>Copyright Daily News</div></body></html>"
    )


def write_dataset(folder: Path, records: list[dict[str, object]], pages: dict[str, bytes]) -> Path:
    """Write ``records`` as pages.jsonl and each ``pages[name]`` as html/name (gzip if .gz)."""
    (folder / "html").mkdir(parents=True, exist_ok=True)
    for name, data in pages.items():
        target = folder / "html" / name
        target.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    jsonl = folder / "pages.jsonl"
    jsonl.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    return jsonl


@pytest.fixture
def tiny_dataset(tmp_path: Path) -> Path:
    """Three pages: English (gzip), Chinese in GBK, and one without a ground-truth body."""
    records = [
        {
            "id": "en-1",
            "lang": "en",
            "title": "Council approves budget",
            "text": BODY_EN,
            "page_type": "article",
            "url": "https://www.daily.example/a/1",
            "anchor_text": "Council approves…",
            "html_path": "html/en-1.html.gz",
        },
        {
            "id": "zh-1",
            "lang": "zh",
            "title": "市政府批准新预算",
            "text": BODY_ZH,
            "page_type": "article",
            "html_path": "html/zh-1.html",
        },
        {
            "id": "en-2",
            "lang": "en",
            "title": None,
            "text": None,
            "page_type": "listing",
            "html_path": "html/en-2.html",
        },
    ]
    pages = {
        "en-1.html.gz": article_html("Council approves budget", BODY_EN).encode(),
        "zh-1.html": article_html(
            "市政府批准新预算", BODY_ZH.replace("。", ". "), charset="gbk"
        ).encode("gbk"),
        "en-2.html": b"<html><body><ul><li><a href='/x'>x</a></li></ul></body></html>",
    }
    return write_dataset(tmp_path, records, pages)
