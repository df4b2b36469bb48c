"""benchmarks/auto_variant.py (the option variants the cross-validation judges) and
benchmarks/stage_times.py (the per-stage timer behind the speed write-up)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from newscrawl.extraction.extractors import auto_options
from tests.scripts import load_script


@pytest.fixture
def restored_defaults():
    saved = {
        field.name: getattr(auto_options.DEFAULT_OPTIONS, field.name)
        for field in dataclasses.fields(auto_options.DEFAULT_OPTIONS)
    }
    yield
    for name, value in saved.items():
        object.__setattr__(auto_options.DEFAULT_OPTIONS, name, value)


def test_a_nested_option_is_set_on_the_shared_defaults(restored_defaults):
    variant = load_script("benchmarks/auto_variant.py")
    defaults = auto_options.DEFAULT_OPTIONS
    assert defaults.trim.byline_lines
    variant.apply(["trim.byline_lines=false", "tie_margin=0.05"])
    assert auto_options.DEFAULT_OPTIONS is defaults  # changed in place, as stages bind it
    assert not defaults.trim.byline_lines and defaults.tie_margin == 0.05
    assert defaults.trim.date_lines  # the rest of the nested options stay


def test_an_unknown_option_or_a_setting_without_a_value_stops_the_run(restored_defaults):
    variant = load_script("benchmarks/auto_variant.py")
    with pytest.raises(SystemExit, match="TrimOptions has no option 'nope'"):
        variant.apply(["trim.nope=1"])
    with pytest.raises(SystemExit, match="expected PATH=JSON"):
        variant.apply(["trim.byline_lines"])


def test_the_stage_timer_counts_the_wrapped_function_and_keeps_its_result(monkeypatch):
    timer = load_script("benchmarks/stage_times.py")
    from newscrawl.extraction import text

    monkeypatch.setattr(text, "word_count", text.word_count)  # undone after the test
    spent: Counter[str] = Counter()
    timer.wrap("newscrawl.extraction.text:word_count", spent)
    assert text.word_count("two words") == 2
    assert spent["newscrawl.extraction.text:word_count"] > 0
    assert timer.never_ran(["newscrawl.extraction.text:word_count", "m:unused"], spent) == [
        "m:unused"
    ]
