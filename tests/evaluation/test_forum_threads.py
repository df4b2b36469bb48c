"""benchmarks/forum_threads.py: threads written in three forum engines' shapes."""

from __future__ import annotations

import json
import random
from pathlib import Path

from lxml import html as lxml_html

from tests.scripts import load_script

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
