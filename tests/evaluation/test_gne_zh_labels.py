"""The gne_zh labels: rebuilt exactly from the reading decisions, and consistent with the
independent snippet checks of tests/data/gne_labels (made earlier by reading the same pages).

A full-text label that drops an article sentence the snippet check names, keeps a share bar
or comment the check rules out, or carries another headline fails here.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from newscrawl.evaluation.dataset import load_pages
from tests.scripts import load_script

REPO = Path(__file__).resolve().parents[2]
# The labels are this repository's own work, so the test reads its copy whatever data root
# NEWSCRAWL_DATA names.
GNE_ZH = REPO / "datasets" / "gne_zh" / "pages.jsonl"
GNE_UNLABELED = REPO / "datasets" / "gne_unlabeled" / "pages.jsonl"
SNIPPETS = REPO / "tests" / "data" / "gne_labels" / "labels.json"
PAGE_TYPES = {"article", "gallery", "video", "forum"}


def _squeeze(text: str) -> str:  # the snippet checks match after whitespace is removed
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _records() -> list[dict[str, object]]:
    return [
        json.loads(line) for line in GNE_ZH.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def _script(name: str) -> ModuleType:
    scripts = REPO / "scripts"
    if str(scripts) not in sys.path:
        sys.path.insert(0, str(scripts))  # build_gne_zh imports label_view as a sibling
    return load_script(f"scripts/{name}.py")


def test_pages_file_is_exactly_what_the_decisions_build() -> None:
    build = _script("build_gne_zh")
    expected = "\n".join(build.build_lines()) + "\n"
    assert GNE_ZH.read_text(encoding="utf-8") == expected


def _source_and_decision(page_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A page's gne_unlabeled record and its labelling decision."""
    decisions = json.loads((REPO / "datasets" / "gne_zh" / "decisions.json").read_text("utf-8"))
    source = next(
        json.loads(line)
        for line in GNE_UNLABELED.read_text(encoding="utf-8").splitlines()
        if line.strip() and json.loads(line)["id"] == page_id
    )
    return source, decisions[page_id]


def test_a_source_no_line_labels_is_refused_by_name() -> None:
    build = _script("build_gne_zh")
    source, decision = _source_and_decision("163-3")
    assert build.build_record(source, decision)["source"] == "每日经济新闻"
    # "图片来源：未来科学大奖官网" credits a picture, not the story.
    for wrong in ("未来科学大奖官网", "人民日报"):
        with pytest.raises(build.DecisionError, match=f"163-3: source '{wrong}'"):
            build.build_record(source, {**decision, "source": wrong})


def test_an_editor_no_line_credits_is_refused_by_name() -> None:
    build = _script("build_gne_zh")
    source, decision = _source_and_decision("163-7")
    # "编辑 刘晓阳 校对 李铭 ... 责任编辑：姚立伟_NT6056"; 陆一夫 is the reporter.
    assert build.build_record(source, decision)["editor"] == "刘晓阳、姚立伟"
    for wrong in ("陆一夫", "刘晓阳、王五"):
        with pytest.raises(build.DecisionError, match=r"163-7: editor '(陆一夫|王五)'"):
            build.build_record(source, {**decision, "editor": wrong})


def test_every_page_loads_with_its_html_and_a_full_label() -> None:
    pages = load_pages(GNE_ZH)
    assert len(pages) == 62  # every page of gne_unlabeled
    for page in pages:
        assert page.lang == "zh" and page.page_type in PAGE_TYPES, page.id
        assert page.title and page.text, page.id
        # An article body is at least a paragraph; a gallery may be one caption.
        assert page.page_type != "article" or len(page.text) >= 100, page.id
        assert page.read_html(), page.id
        assert isinstance(page.fields.get("editor"), str), page.id  # "" where none is credited


def test_every_portal_of_gne_unlabeled_has_a_labelled_page() -> None:
    unlabeled = {
        json.loads(line)["site"]
        for line in GNE_UNLABELED.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    labelled = Counter(str(record["site"]) for record in _records())
    assert unlabeled == set(labelled)


SNIPPET_PAGES = json.loads(SNIPPETS.read_text(encoding="utf-8"))["pages"]


@pytest.mark.parametrize("check", SNIPPET_PAGES, ids=[page["id"] for page in SNIPPET_PAGES])
def test_label_agrees_with_the_snippet_check(check: dict[str, object]) -> None:
    records = {str(record["id"]): record for record in _records()}
    record = records[str(check["id"])]
    text = _squeeze(str(record["text"]))
    assert _squeeze(str(record["title"])) == _squeeze(str(check["title"]))
    for snippet in check["must_contain"]:  # type: ignore[attr-defined]
        assert _squeeze(snippet) in text, f"{check['id']}: body lacks {snippet!r}"
    for snippet in check["must_not_contain"]:  # type: ignore[attr-defined]
        assert _squeeze(snippet) not in text, f"{check['id']}: body holds {snippet!r}"
