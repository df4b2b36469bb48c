"""benchmarks/rule_ablation.py: which options are rule switches, and how a row is judged."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.scripts import load_script


@dataclass(frozen=True)
class Inner:
    on: bool = True
    off: bool = False
    share: float | None = 0.5
    never_none: int = 3


@dataclass(frozen=True)
class Outer:
    inner: Inner = field(default_factory=Inner)
    enabled: bool = True
    unset: float | None = None
    name: str = "x"


def test_switches_are_true_flags_and_set_thresholds_that_may_be_none():
    ablation = load_script("benchmarks/rule_ablation.py")
    assert list(ablation.switches(Outer())) == [
        ("inner.on", "false"),
        ("inner.share", "null"),
        ("enabled", "false"),
    ]


def test_every_switch_of_the_shipped_options_is_accepted_by_auto_variant():
    ablation = load_script("benchmarks/rule_ablation.py")
    variant = load_script("benchmarks/auto_variant.py")
    from newscrawl.extraction.extractors import auto_options

    found = dict(ablation.switches(auto_options.DEFAULT_OPTIONS))
    assert found["trim.byline_lines"] == "false"
    assert found["headline.agreement"] == "null"
    assert "trim.runs_only_at_end" not in found  # off already: nothing to turn off
    for path, value in found.items():  # each parses and names a real field
        variant.replaced(auto_options.DEFAULT_OPTIONS, path.split("."), value == "true")


def _scored(ablation, shipped, without, sites):
    return ablation.Scored(shipped, without, sites, ["article"] * len(sites))


def test_a_rule_that_only_ties_is_not_chosen_and_one_that_wins_everywhere_is():
    ablation = load_script("benchmarks/rule_ablation.py")
    sites = [f"s{i}" for i in range(10)]
    tie = _scored(ablation, [0.9] * 10, [0.9] * 10, sites)
    row = ablation.report_line("tie", tie, 5)
    assert "| 0/5 |" in row and row.endswith("| 0 (0 up) |")
    wins = _scored(ablation, [1.0] * 10, [0.5] * 10, sites)
    row = ablation.report_line("wins", wins, 5)
    assert "| 5/5 | 1.0000 |" in row and row.endswith("| 10 (10 up) |")


def test_a_rule_that_wins_on_one_site_only_is_not_chosen_when_that_site_is_held_out():
    ablation = load_script("benchmarks/rule_ablation.py")
    sites = [f"s{i}" for i in range(10)]
    shipped = [1.0] + [0.9] * 9
    without = [0.5] + [0.9] * 9
    row = ablation.report_line("one", _scored(ablation, shipped, without, sites), 5)
    assert "| 4/5 |" in row  # the fold holding s0 sees a tie and keeps the simpler code


def test_the_line_model_reads_28_features_and_learns_a_separable_rule():
    import numpy as np

    model_cv = load_script("benchmarks/line_model_cv.py")
    lines = [
        "Home",
        "A long paragraph of the article, with many words in it to read here.",
        "Share",
    ]
    rows = model_cv.line_features(lines, "Home", frozenset({"Share"}))
    assert len(rows) == 3 and {len(row) for row in rows} == {28}
    assert rows[2][4] == 1.0 and rows[0][4] == 0.0  # the whole text of a link
    x = np.array([[0.0], [0.1], [0.9], [1.0]])
    model = model_cv.Model(x, np.array([0.0, 0.0, 1.0, 1.0]))
    low, high = model.scores(np.array([[0.05], [0.95]]))
    assert low < 0.5 < high


def test_a_line_filter_changes_the_page_f1_by_the_lines_it_drops():
    from collections import Counter

    import numpy as np

    model_cv = load_script("benchmarks/line_model_cv.py")
    page = model_cv.PageLines(
        key="s:1",
        site="s",
        article=True,
        truth=Counter({"a": 1, "b": 1}),
        bags=[Counter({"a": 1, "b": 1}), Counter({"menu": 2})],
        features=[[0.0], [0.0]],
        labels=[1, 0],
    )
    assert model_cv.page_f1(page, None, 0.0) == 2 * 0.5 * 1.0 / 1.5
    assert model_cv.page_f1(page, np.array([0.9, 0.1]), 0.2) == 1.0
