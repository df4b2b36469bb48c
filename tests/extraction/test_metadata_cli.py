"""``newscrawl extract`` shows the metadata: publish time, authors and source apart."""

from __future__ import annotations

import json
from pathlib import Path

from newscrawl.cli import main

BODY = "市政府周一批准了新的预算方案，教育支出增加百分之五，道路维修工程推迟。" * 8
PAGE = (
    f"<html><head><title>市政府批准新预算</title></head><body><h1>市政府批准新预算</h1>"
    f"<p>发布时间：2024-05-03 08:00 来源：新华社 记者：王建宏 张文攀</p>\n"
    f"<p>{BODY}</p><p>{BODY}</p></body></html>"
)


def test_extract_prints_publish_time_authors_and_source(tmp_path: Path, capsys) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["extract", str(page), "--method", "density"]) == 0
    out = capsys.readouterr().out
    assert "publish_time: 2024-05-03T08:00" in out
    assert "author: 王建宏, 张文攀" in out
    assert "source: 新华社" in out
    assert main(["extract", str(page), "--method", "density", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["authors"], data["source"]) == (["王建宏", "张文攀"], "新华社")
