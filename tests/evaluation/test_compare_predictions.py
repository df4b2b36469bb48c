"""benchmarks/compare_predictions.py: the pages whose text two prediction files disagree on."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import load_script


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(row, ensure_ascii=False) for row in rows))
    return path


def test_only_changed_pages_are_listed_and_summed_per_type(tmp_path: Path, capsys) -> None:
    script = load_script("benchmarks/compare_predictions.py")
    for name in "abc":
        (tmp_path / f"{name}.html").write_text("<html><body><p>x</p></body></html>")
    pages = write_jsonl(
        tmp_path / "pages.jsonl",
        [
            {
                "id": "a",
                "html_path": "a.html",
                "text": "one two three four",
                "page_type": "article",
            },
            {"id": "b", "html_path": "b.html", "text": "five six", "page_type": "article"},
            {"id": "c", "html_path": "c.html", "text": "seven", "page_type": "forum"},
        ],
    )
    before = write_jsonl(
        tmp_path / "before.jsonl",
        [
            {"id": "a", "method": "auto", "content": "one two three four comments"},
            {"id": "b", "method": "auto", "content": "five six"},
            {"id": "c", "method": "auto", "content": None},
        ],
    )
    after = write_jsonl(
        tmp_path / "after.jsonl",
        [
            {"id": "a", "method": "auto", "content": "one two three four"},
            {"id": "b", "method": "auto", "content": "five six"},
            {"id": "c", "method": "auto", "content": "seven"},
        ],
    )
    assert script.main([str(pages), str(before), str(after)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "a article 0.889 -> 1.000 "
    assert out[1] == "c forum 0.000 -> 1.000 "
    assert out[2:] == [
        "article: 1 pages changed, F1 summed +0.111",
        "forum: 1 pages changed, F1 summed +1.000",
    ]
