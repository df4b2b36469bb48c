from __future__ import annotations

from collections import Counter

import pytest

from newscrawl.evaluation.metric import Scores
from newscrawl.evaluation.report import (
    format_rejections,
    format_table,
    rejection_counts,
    summarize,
)
from newscrawl.evaluation.runner import PageScore


def _result(system, lang, f1, title=None, seconds=0.5, rejection=None, page="p"):
    scores = None if f1 is None else Scores(f1, f1, f1)
    return PageScore(page, lang, system, scores, title, seconds, rejection)


RESULTS = [
    _result("density", "zh", 1.0, True),
    _result("density", "zh", 0.5, False),
    _result("density", "en", 0.95, None),
    _result("density", "en", None, True),  # no ground-truth body: not in the averages
    _result("gne", "zh", 0.0, False, rejection="no_content"),
]


def test_rows_per_system_and_language_with_an_all_row():
    rows = summarize(RESULTS, order=["gne", "density"])
    assert [(r.system, r.lang) for r in rows] == [
        ("gne", "zh"),
        ("density", "en"),
        ("density", "zh"),
        ("density", "all"),
    ]
    zh = rows[2]
    assert (zh.pages, zh.scored, zh.titled) == (2, 2, 2)
    assert zh.f1 == pytest.approx(0.75)
    assert zh.good_share == pytest.approx(0.5)
    assert zh.failed_share == pytest.approx(0.0)  # 0.5 itself is not below the line
    assert zh.title_em == pytest.approx(0.5)
    assert zh.pages_per_second == pytest.approx(2.0)
    en = rows[1]
    assert rows[0].failed_share == pytest.approx(1.0)
    assert (en.pages, en.scored, en.titled) == (2, 1, 1)
    assert en.f1 == pytest.approx(0.95) and en.title_em == 1.0
    everything = rows[3]
    assert everything.pages == 4 and everything.f1 == pytest.approx((1.0 + 0.5 + 0.95) / 3)


def test_groups_without_labels_have_no_averages():
    (row,) = summarize([_result("x", "en", None, None)])
    assert row.f1 is None and row.title_em is None
    assert "-" in format_table([row]).splitlines()[1].split()


def test_table_and_markdown_have_one_line_per_row():
    rows = summarize(RESULTS)
    text = format_table(rows).splitlines()
    assert text[0].split()[:3] == ["system", "lang", "pages"]
    assert len(text) == 1 + len(rows)
    markdown = format_table(rows, markdown=True).splitlines()
    assert markdown[1].startswith("|---|") and len(markdown) == 2 + len(rows)
    assert "| gne | zh | 1 | 1 | 0.000 |" in markdown[-1]


def test_rejections_are_counted_per_system_and_reason():
    counts = rejection_counts(
        [
            *RESULTS,
            _result("gne", "en", 0.0, rejection="no_content"),
            _result("gne", "en", 0.0, rejection="peer_error"),
        ]
    )
    assert counts["gne"] == {"no_content": 2, "peer_error": 1}
    assert "density" not in counts
    assert format_rejections(counts) == "rejected by gne: no_content=2, peer_error=1"
    counts["density"] = Counter({"no_body": 1})
    assert format_rejections(counts, ["gne", "density"]).splitlines() == [
        "rejected by gne: no_content=2, peer_error=1",
        "rejected by density: no_body=1",
    ]
    assert format_rejections(counts).splitlines()[0].startswith("rejected by density")
