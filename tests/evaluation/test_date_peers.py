"""benchmarks/date_peers.py: peer wins, their classes and the htmldate combinations."""

from __future__ import annotations

from tests.scripts import load_script


def _load_script():
    return load_script("benchmarks/date_peers.py")


def record(peers, label="2025-03-04", ours=None, stage="none", modified=None):
    module = _load_script()
    found = module.PageDates(
        "set", "p1", None, "site", "article", label, ours, stage, modified, dict(peers)
    )
    return module, found


def test_a_peer_win_needs_a_right_peer_and_a_wrong_answer_of_ours():
    module, right = record({"trafilatura": "2025-03-04"}, ours="2025-03-04", stage="text")
    assert module.wins([right]) == []
    module, win = record({"trafilatura": "2025-03-04"}, ours="2025-02-01", stage="text")
    assert [w["right_peers"] for w in module.wins([win])] == [["trafilatura"]]
    module, nobody = record({"trafilatura": "2025-02-01"}, ours="2025-02-01", stage="text")
    assert module.wins([nobody]) == []


def test_win_classes():
    module, modified = record({}, ours="2024-01-01", stage="structured", modified="2025-03-04")
    assert module.win_class(modified) == "label_is_the_modified_day:structured"
    module, utc = record({}, ours="2025-03-05T02:00:00+00:00", stage="structured")
    assert module.win_class(utc) == "utc_day_after_the_label:structured"
    module, none = record({})
    assert module.win_class(none) == "we_no_date"


def test_a_combination_replaces_only_answers_of_the_weak_stages():
    module, text = record({"htmldate": "2025-03-04"}, ours="2025-02-01", stage="text")
    assert module.combined(text, "htmldate", module.WEAK_STAGE_SETS["text"]) == "2025-03-04"
    assert module.combined(text, "htmldate", module.WEAK_STAGE_SETS["htmldate"]) == "2025-02-01"
    module, no_peer = record({"htmldate": None}, ours="2025-02-01", stage="text")
    assert module.combined(no_peer, "htmldate", module.WEAK_STAGE_SETS["all"]) == "2025-02-01"
