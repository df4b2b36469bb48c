"""benchmarks/forum_threads.py: threads written in three forum engines' shapes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from lxml import html as lxml_html

from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.systems import method_system
from tests.scripts import REPO, load_script

LINES = [
    f"第{n}条：小区停车位不够用的问题已经讨论很久了，物业应该尽快拿出办法，大家一起想想{n}。"
    for n in range(60)
]
SHORTS = [f"顶，支持楼主，我家附近也是这样{n}号楼" for n in range(12)]


def _script():
    return load_script("benchmarks/forum_threads.py")


def test_a_thread_is_repeatable_and_its_label_is_every_message() -> None:
    script = _script()
    first = script.make_thread(random.Random("x"), LINES, SHORTS, "short")
    again = script.make_thread(random.Random("x"), LINES, SHORTS, "short")
    assert first == again
    assert 4 <= len(first.posts) <= 12
    assert all(len(post.lines) == 1 and post.lines[0] in SHORTS for post in first.posts[1:])
    assert first.label.split("\n") == [line for post in first.posts for line in post.lines]


def test_every_engine_writes_each_message_once_in_its_own_element() -> None:
    script = _script()
    thread = script.make_thread(random.Random("y"), LINES, SHORTS, "mixed")
    messages = {
        "discuz": "//td[@class='t_f']",
        "tieba": "//div[contains(@class, 'j_d_post_content')]",
        "phpbb": "//div[@class='content']",
    }
    for engine, write in script.ENGINES.items():
        root = lxml_html.document_fromstring(write(thread))
        found = root.xpath(messages[engine])
        assert len(found) == len(thread.posts), engine
        for element, post in zip(found, thread.posts, strict=True):
            assert [" ".join(line.split()) for line in element.itertext()] == list(post.lines)


def test_the_script_scores_auto_on_a_pool(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.html").write_text("<html><body><p>x</p></body></html>")
    row = {"id": "a", "lang": "zh", "html_path": "a.html", "text": "\n".join(LINES + SHORTS)}
    pool = tmp_path / "pages.jsonl"
    pool.write_text(json.dumps(row, ensure_ascii=False) + "\n")
    assert _script().main(["--pool", str(pool), "--threads", "2", "--systems", "auto"]) == 0
    out = capsys.readouterr().out
    assert "pool: 72 lines (Chinese), 12 short" in out
    assert "auto all                     threads   6" in out


# The gate: ``auto`` on threads written from the repository's labelled lines, ten per
# engine. Measured when set (docs/benchmarks/precision.md, thirteenth session): cwced_zh
# lines, one-line replies 0.9899 (0.77 before the thread rules), mixed 0.9936; wcxb_dev
# lines 0.9865 and 0.9953. Floors ~0.01 under.
THREAD_FLOORS = {
    ("cwced_zh", "short"): 0.975,
    ("cwced_zh", "mixed"): 0.98,
    ("wcxb_dev", "short"): 0.975,
    ("wcxb_dev", "mixed"): 0.985,
}


@pytest.mark.slow
@pytest.mark.parametrize(("dataset", "replies"), sorted(THREAD_FLOORS))
def test_written_threads_keep_every_post(dataset: str, replies: str) -> None:
    script = _script()
    lines, shorts = script.pool_lines(load_pages(REPO / "datasets" / dataset / "pages.jsonl"))
    results = script.score([method_system("auto")], lines, shorts, 10, replies)
    scores = results["auto all"]
    assert len(scores.f1) == 30
    mean = sum(scores.f1) / len(scores.f1)
    assert mean >= THREAD_FLOORS[(dataset, replies)], f"{dataset} {replies}: {mean:.4f}"
