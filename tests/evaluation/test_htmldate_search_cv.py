"""benchmarks/htmldate_search_cv.py: the extensive-search policies, scored per wrong-date cost."""

from __future__ import annotations

from pathlib import Path

from tests.scripts import load_script

DATASETS = Path(__file__).resolve().parents[2] / "datasets"


def test_an_outcome_is_right_wrong_or_no_date():
    module = load_script("benchmarks/htmldate_search_cv.py")
    assert module.outcome("2025-03-04T10:00:00", "2025-03-04") == 1
    assert module.outcome("2025-03-05", "2025-03-04") == -1
    assert module.outcome(None, "2025-03-04") == 0


def test_each_wrong_date_cost_gets_its_own_choice(capsys):
    module = load_script("benchmarks/htmldate_search_cv.py")
    argv = ["--data", str(DATASETS), "--datasets", "gne_zh", "--limit", "12", "--folds", "2"]
    assert module.main([*argv, "--wrong-date-cost", "0.01", "1"]) == 0
    printed = capsys.readouterr().out
    assert "gne_zh    never" in printed
    assert printed.count("held-out right dates") == 2
    assert "wrong date cost 0.01:" in printed and "wrong date cost 1.0:" in printed
