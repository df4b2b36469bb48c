"""The CI gate for publish time and author: accuracy floors on the labelled sets of the
data root (the repository's datasets/ unless NEWSCRAWL_DATA names another folder).

Pinned ~0.02 below the values this test prints (docs/benchmarks/metadata.md); raise them
when accuracy improves.
"""

from __future__ import annotations

import pytest

from newscrawl.evaluation.dataset import load_pages
from newscrawl.evaluation.datasets import pages_file
from newscrawl.evaluation.metadata import (
    author_matches,
    author_token_f1,
    date_label,
    date_matches,
    score_metadata,
)

# name: (corpus, page_type, floors for publish date, author, source and editor), with the
# density method, on the repository's datasets/ (docs/benchmarks/metadata.md), measured
# 2026-11-29: cwced_zh 46/56 = 0.821 and 38/50 = 0.760, wcxb_dev sample articles 142/159 =
# 0.893 and 125/150 = 0.833, its forum threads 34/39 = 0.872 and 30/37 = 0.811 (the opening
# poster; floors raised from 0.72/0.65, which were pinned before the thread work), gne_zh
# 55/56 = 0.982, 17/25 = 0.680, its labelled sources 29/30 = 0.967 and its editors 61/62 =
# 0.984 (every page, "none" included); authors and editors count as the same set of names.
# 2026-12-02: cwced_zh dates 47/56 = 0.839 (a stamp line's date before its source label),
# floor 0.80 -> 0.83; its authors 37/50 = 0.740 and gne_zh's 18/25 = 0.720 at the session's
# start, the floors as they were.
# Only gne_zh labels sources and editors (None: no floor).
FLOORS: dict[str, tuple[str, str | None, float, float, float | None, float | None]] = {
    "cwced_zh": ("cwced_zh", None, 0.83, 0.74, None, None),
    "wcxb_dev": ("wcxb_dev", "article", 0.87, 0.81, None, None),
    "wcxb_dev forum": ("wcxb_dev", "forum", 0.85, 0.79, None, None),
    "gne_zh": ("gne_zh", None, 0.96, 0.66, 0.93, 0.96),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FLOORS))
def test_metadata_accuracy_floors(name: str) -> None:
    corpus, page_type, date_floor, author_floor, source_floor, editor_floor = FLOORS[name]
    pages = load_pages(pages_file(corpus), page_type=page_type)
    score = score_metadata(pages)
    print(name, score.summary())
    assert score.dates and score.authors, f"{name}: no labelled pages"
    assert score.date_accuracy >= date_floor, score.summary()
    assert score.author_accuracy >= author_floor, score.summary()
    if source_floor is not None:
        assert score.sources, f"{name}: no labelled source"
        assert score.source_accuracy >= source_floor, score.summary()
    if editor_floor is not None:
        assert score.editors, f"{name}: no labelled editor"
        assert score.editor_accuracy >= editor_floor, score.summary()


def test_date_match_is_by_day() -> None:
    assert date_matches("2005-05-07T21:23:57", "2005-5-7 21:23:57")
    assert not date_matches("2005-05-08", "2005-5-7")
    assert not date_matches(None, "2005-5-7")


def test_month_and_year_labels_match_by_month_and_year() -> None:
    assert date_matches("1998-03-17", "1998-3")
    assert not date_matches("1998-01-01", "1998-3")
    assert date_matches("2018-08-23", "2018")
    assert date_label("UNKNWON") is None  # not a date: the page does not count
    assert date_label("刘涛") is None


def test_author_match_is_the_same_set_of_names() -> None:
    assert author_matches("Gerrand, Andrew and Jo Li", "Jo Li & gerrand,  andrew")
    assert author_matches("Dylan Bailey", "Dylan Bailey, MS, RD")  # credentials ignored
    assert author_matches("王建宏, 张文攀", "王建宏 张文攀")
    assert not author_matches("常书香", "常书香 马丹阳")  # a name missing
    assert not author_matches("Andrew Gerrand 4 August 2010", "Andrew Gerrand")
    assert not author_matches("", "张三")


def test_author_token_f1_gives_partial_credit() -> None:
    assert author_token_f1("常书香", "常书香 马丹阳") == pytest.approx(2 * 0.5 / 1.5)
    assert author_token_f1("Jo Li", "Jo Li") == 1.0
    assert author_token_f1(None, "Jo Li") == 0.0


def test_honorifics_and_credentials_do_not_make_another_person() -> None:
    assert author_matches("Andrew Huberman", "Dr. Andrew Huberman")
    assert author_matches("Shelby Loos", "Shelby Loos, DVM")
