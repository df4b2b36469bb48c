"""benchmarks/predictions_cv.py: variants' predictions scored per page, pooled by set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(row, ensure_ascii=False) for row in rows))
    return path


def labelled_set(folder: Path) -> Path:
    for name in "ab":
        (folder / f"{name}.html").write_text("<html><body><p>x</p></body></html>")
    return write_jsonl(
        folder / "pages.jsonl",
        [
            {"id": "a", "html_path": "a.html", "url": "https://one.example/a", "text": "one two"},
            {"id": "b", "html_path": "b.html", "url": "https://two.example/b", "text": "three"},
        ],
    )


def predictions(path: Path, contents: dict[str, str]) -> Path:
    return write_jsonl(
        path, [{"id": key, "method": "auto", "content": text} for key, text in contents.items()]
    )


def test_each_variant_is_scored_on_every_page(tmp_path: Path, capsys) -> None:
    script = load_script("benchmarks/predictions_cv.py")
    pages = labelled_set(tmp_path)
    before = predictions(tmp_path / "before.jsonl", {"a": "one two", "b": "nothing"})
    after = predictions(tmp_path / "after.jsonl", {"a": "one two", "b": "three"})
    args = ["--set", str(pages), str(before), str(after), "--variants", "old", "new"]
    assert script.main([*args, "--folds", "2"]) == 0
    out = capsys.readouterr().out
    assert "## pooled, unguarded (2 pages): old 0.5000, new 1.0000" in out


def test_a_variant_named_twice_is_refused(tmp_path: Path) -> None:
    # One name for two files pooled both files' scores under it: every set's page count
    # doubled and the per-set figures were means over the two variants.
    script = load_script("benchmarks/predictions_cv.py")
    pages = labelled_set(tmp_path)
    same = predictions(tmp_path / "p.jsonl", {"a": "one two", "b": "three"})
    with pytest.raises(SystemExit):
        script.main(["--set", str(pages), str(same), str(same), "--variants", "x", "x"])
