"""The one text toolkit: token rules, Chinese counts, the Chinese-page test, text weight."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import text as text_module
from newscrawl.extraction.extractors.auto_options import AutoOptions
from newscrawl.extraction.extractors.justext_options import JustextOptions
from newscrawl.extraction.text import (
    CHINESE_SHARE,
    METRIC_TOKENS,
    SHINGLE_TOKENS,
    cjk_count,
    has_cjk,
    is_mostly_cjk,
    text_weight,
    token_count,
    tokens,
)


def test_an_ideograph_is_a_token_and_a_letter_run_stops_at_it():
    assert tokens("新闻News2024的") == ["新", "闻", "news2024", "的"]


def test_normalize_folds_full_width_forms_before_tokenising():
    assert tokens("Ｈｅｌｌｏ　２０２５") == ["ｈｅｌｌｏ", "２０２５"]
    assert tokens("Ｈｅｌｌｏ　２０２５", normalize=True) == ["hello", "2025"]


def test_the_metric_rule_makes_kana_and_hangul_tokens_of_their_own():
    text = "カタカナ한국abc𠀀"
    assert tokens(text) == ["カタカナ한국abc𠀀"]  # Extension B is outside IDEOGRAPHS
    assert tokens(text, rule=METRIC_TOKENS) == ["カ", "タ", "カ", "ナ", "한", "국", "abc", "𠀀"]


def test_the_shingle_rule_lets_a_letter_run_continue_into_cjk_and_casefolds():
    # The rule simhashes stored by earlier crawls were computed with.
    assert tokens("2024年5月 新闻", normalize=True, rule=SHINGLE_TOKENS) == [
        "2024年5月",
        "新",
        "闻",
    ]
    assert tokens("Straße", rule=SHINGLE_TOKENS) == ["strasse"]
    assert tokens("Straße") == ["straße"]


def test_token_count_is_the_length_of_tokens():
    for text in ("新闻 News2024 的", "", "a_b c-d", "İstanbul 中"):
        assert token_count(text) == len(tokens(text))


def test_cjk_counts_ideographs_only():
    assert cjk_count("中文，カナ, 한글 abc") == 2
    assert has_cjk("abc 中") and not has_cjk("カナ") and not has_cjk(None)


def test_mostly_cjk_is_a_share_of_tokens_or_of_letters():
    text = "中文 one two three four five"  # 2 of 7 tokens, 2 of 21 letters
    assert is_mostly_cjk(text, 2 / 7) and not is_mostly_cjk(text, 0.3)
    assert not is_mostly_cjk(text, 0.1, per="letter")
    assert is_mostly_cjk("中文 ab", 0.5, per="letter")
    assert is_mostly_cjk("中文中文中文 a few words") and not is_mostly_cjk("English only")


@pytest.mark.parametrize(
    "options, field", [(AutoOptions, "cjk_share"), (JustextOptions, "cjk_page_share")]
)
def test_every_chinese_page_default_is_the_one_constant(options, field):
    default = {f.name: f.default for f in fields(options)}[field]
    assert default == CHINESE_SHARE


def test_text_weight_counts_wide_characters_twice_and_ignores_whitespace():
    assert text_weight("国内新闻") == 8 and text_weight("a b") == 2
    assert text_weight("ＡＢ，\n新") == 8


@pytest.mark.parametrize(
    "sample",
    ["新闻News2024的 İstanbul x_y ＡＢＣ１２", "", "plain ascii words", "全是中文的一段话。" * 600],
)
def test_the_counts_are_the_same_without_the_c_walks(sample, monkeypatch):
    with_c = (
        token_count(sample),
        cjk_count(sample),
        text_module.word_count(sample),
        text_module.tally(sample),
    )
    monkeypatch.setattr(text_module, "walks", None)
    assert (
        token_count(sample),
        cjk_count(sample),
        text_module.word_count(sample),
        text_module.tally(sample),
    ) == with_c
    assert text_module.token_count(sample) == len(tokens(sample))


@given(
    st.dictionaries(st.sampled_from("abcdef中文"), st.integers(1, 9), max_size=8),
    st.dictionaries(st.sampled_from("abcdef中文"), st.integers(1, 9), max_size=8),
)
def test_bag_overlap_in_c_is_the_python_one(first, second):
    first, second = Counter(first), Counter(second)
    expected = sum((first & second).values())
    assert (
        text_module.bag_overlap(first, second)
        == text_module.bag_overlap_in_python(first, second)
        == expected
    )
