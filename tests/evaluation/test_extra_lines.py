"""benchmarks/extra_lines.py: the predicted lines a label lacks, per page."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import load_script


def _load_script():
    return load_script("benchmarks/extra_lines.py")


def test_extra_lines_ignore_whitespace_and_blank_lines() -> None:
    script = _load_script()
    label = "第一段 正文。\n第二段正文。"
    predicted = "第一段正文。\n\n  \n我要反馈\n第二段 正文。"
    assert script.extra_lines(predicted, label) == ["我要反馈"]


def test_report_lists_pages_under_the_precision_bound(tmp_path: Path) -> None:
    script = _load_script()
    (tmp_path / "a.html").write_text("<p>x</p>")
    (tmp_path / "b.html").write_text("<p>y</p>")
    pages = [
        {"id": "a", "html_path": "a.html", "text": "正文在这里", "site": "portal"},
        {"id": "b", "html_path": "b.html", "text": "另一篇正文"},
    ]
    (tmp_path / "pages.jsonl").write_text("\n".join(json.dumps(page) for page in pages))
    predictions = [
        {"id": "a", "method": "auto", "content": "正文在这里\n扫描二维码关注"},
        {"id": "b", "method": "auto", "content": "另一篇正文"},
        {"id": "a", "method": "trafilatura", "content": "正文在这里"},
    ]
    (tmp_path / "p.jsonl").write_text("\n".join(json.dumps(row) for row in predictions))
    assert script.main([str(tmp_path / "pages.jsonl"), str(tmp_path / "p.jsonl")]) == 0
    found = script.report(
        script.load_pages(tmp_path / "pages.jsonl"),
        script.read_predictions(tmp_path / "p.jsonl", "auto"),
        0.97,
    )
    assert found[0].startswith("=== a site:portal P 0.417 R 1.000")
    assert found[1:] == ["  + 扫描二维码关注"]
