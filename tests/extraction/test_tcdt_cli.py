"""``newscrawl extract FILE``: plain, JSON and --explain output, and bad input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from newscrawl.cli import main

TITLE = "国家统计局发布今年前三季度经济数据"
PARAGRAPH = (
    "国家统计局今天发布数据显示，前三季度国内生产总值同比增长，经济运行总体平稳，"
    "主要指标处于合理区间，就业形势保持稳定，居民收入继续增长。"
)
HTML = (
    f"<html><head><title>{TITLE}_示例网</title></head><body>"
    f"<ul>{''.join(f'<li><a href=/c{i}>栏目{i}</a></li>' for i in range(9))}</ul>"
    f"<div><h1>{TITLE}</h1>{''.join(f'<p>{PARAGRAPH}</p>' for _ in range(4))}</div>"
    "</body></html>"
)


@pytest.fixture
def page_file(tmp_path: Path) -> Path:
    path = tmp_path / "page.html.gz"
    path.write_bytes(gzip.compress(HTML.encode("gb18030")))
    return path


def test_extract_prints_the_article(page_file: Path, capsys) -> None:
    assert main(["extract", str(page_file), "--method", "tcdt"]) == 0
    out = capsys.readouterr().out
    assert f"title: {TITLE}" in out
    assert "method: tcdt" in out
    assert PARAGRAPH in out


def test_extract_json(page_file: Path, capsys) -> None:
    assert main(["extract", str(page_file), "--method", "tcdt", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == TITLE and data["method"] == "tcdt"


def test_explain_shows_title_node_condition_and_groups(page_file: Path, capsys) -> None:
    code = main(
        [
            "extract",
            str(page_file),
            "--method",
            "tcdt",
            "--explain",
            "--anchor-text",
            f"[视频]{TITLE[:9]}…",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "== tcdt title node T" in out
    assert "T: <h1>" in out
    assert "decided by: condition 2" in out and "anchor text" in out
    assert "== tcdt content groups" in out
    assert " d " in out and "α" in out and "W" in out
    assert "merged (pos:W):" in out  # the four paragraphs form one group
    selected = [line for line in out.splitlines() if line.startswith("*")]
    assert len(selected) == 1


def test_explain_for_another_method_prints_its_diagnostics(page_file: Path, capsys) -> None:
    assert main(["extract", str(page_file), "--method", "density", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "== density diagnostics" in out
    assert "== title" in out


def test_missing_file_is_a_clear_error(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nope.html"
    assert main(["extract", str(missing)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_unknown_method(page_file: Path, capsys) -> None:
    assert main(["extract", str(page_file), "--method", "nosuch"]) == 2
    assert "unknown method 'nosuch'" in capsys.readouterr().err


def test_not_html_is_rejected(tmp_path: Path, capsys) -> None:
    path = tmp_path / "data.json"
    path.write_text('{"a": 1}', encoding="utf-8")
    assert main(["extract", str(path)]) == 1
    assert "does not look like HTML" in capsys.readouterr().err
