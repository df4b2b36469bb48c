from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.evaluation.metric import bag_scores, title_matches, tokenize


def test_cjk_characters_are_one_token_each_and_words_are_runs():
    assert tokenize("新闻 news2025, ok!") == ["新", "闻", "news2025", "ok"]


def test_kana_and_hangul_are_one_token_per_character():
    assert tokenize("カタカナ한국") == ["カ", "タ", "カ", "ナ", "한", "국"]


def test_nfkc_and_lower_case_apply_before_tokenizing():
    # Full-width letters and digits become ASCII; the ligature "ﬁ" becomes "fi".
    assert tokenize("ＡＢＣ１２ ﬁne") == ["abc12", "fine"]


def test_punctuation_whitespace_and_underscores_are_not_tokens():
    assert tokenize("“Hello” — world_wide\n\n…") == ["hello", "world", "wide"]


def test_empty_and_none_have_no_tokens():
    assert tokenize(None) == []
    assert tokenize("  \n") == []


def test_identical_text_scores_one_whatever_the_layout():
    scores = bag_scores("One two.\nThree", "one   TWO three")
    assert (scores.precision, scores.recall, scores.f1) == (1.0, 1.0, 1.0)


def test_scores_count_repeated_tokens_as_a_multiset():
    # predicted a a a b vs truth a b c: overlap = min(3,1) + 1 = 2.
    scores = bag_scores("a a a b", "a b c")
    assert scores.precision == pytest.approx(2 / 4)
    assert scores.recall == pytest.approx(2 / 3)
    assert scores.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))


def test_chinese_overlap_is_per_character():
    scores = bag_scores("中国新闻", "新闻网")
    assert scores.precision == pytest.approx(2 / 4)
    assert scores.recall == pytest.approx(2 / 3)


@pytest.mark.parametrize(("predicted", "truth"), [("", "a b"), (None, "a b"), ("x y", "a b")])
def test_empty_or_disjoint_prediction_scores_zero(predicted, truth):
    scores = bag_scores(predicted, truth)
    assert (scores.precision, scores.recall, scores.f1) == (0.0, 0.0, 0.0)


def test_title_match_compares_token_sequences():
    assert title_matches("Council Approves Budget!", "council approves budget")
    assert title_matches("「市政府」批准新预算", "市政府批准新预算")
    assert not title_matches("Budget approves council", "Council approves budget")
    assert not title_matches("Council approves budget - Daily", "Council approves budget")
    assert not title_matches(None, "Council approves budget")


_texts = st.text(alphabet=st.sampled_from("ab c新闻。Ｚ\n-1"), max_size=30)


@given(_texts, _texts)
def test_scores_are_bounded_and_precision_and_recall_swap(predicted, truth):
    forward, backward = bag_scores(predicted, truth), bag_scores(truth, predicted)
    assert 0.0 <= forward.f1 <= 1.0
    assert forward.precision == pytest.approx(backward.recall)
    assert forward.f1 == pytest.approx(backward.f1)


@given(
    st.lists(st.sampled_from(["alpha", "beta", "新", "闻", "42"]), min_size=1, max_size=12),
    st.randoms(),
)
def test_word_order_does_not_change_the_bag_scores(tokens, random):
    shuffled = list(tokens)
    random.shuffle(shuffled)
    assert bag_scores(" ".join(shuffled), " ".join(tokens)).f1 == pytest.approx(1.0)
