"""TCDT formulas 1 and 2: the properties the paper states, not the reconstructed constants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction.extractors.tcdt.blocks import ScoredBlock, _runs, select_group
from newscrawl.extraction.extractors.tcdt.options import (
    DEFAULT_OPTIONS,
    Decay,
    MergeTest,
    TcdtOptions,
)

SHAPES = [dataclasses.replace(DEFAULT_OPTIONS, decay=shape) for shape in Decay]
distance = st.integers(min_value=1, max_value=5000)
page_size = st.integers(min_value=1, max_value=20000)


@pytest.mark.parametrize("options", SHAPES, ids=[o.decay.value for o in SHAPES])
@given(d=distance, extra=page_size)
def test_alpha_at_the_title_is_the_maximum(options: TcdtOptions, d: int, extra: int) -> None:
    n = d + extra
    assert options.alpha(0, n) == 1.0
    assert 0 < options.alpha(d, n) <= 1.0
    assert 0 < options.alpha(-d, n) < 1.0


@pytest.mark.parametrize("options", SHAPES, ids=[o.decay.value for o in SHAPES])
@given(d=distance, extra=page_size)
def test_before_the_title_weighs_less_than_after_at_the_same_distance(
    options: TcdtOptions, d: int, extra: int
) -> None:
    n = d + extra
    assert options.alpha(-d, n) < options.alpha(d, n)


@pytest.mark.parametrize("options", SHAPES, ids=[o.decay.value for o in SHAPES])
@given(d=distance, step=st.integers(min_value=1, max_value=500), extra=page_size)
def test_alpha_falls_with_distance_on_both_sides(
    options: TcdtOptions, d: int, step: int, extra: int
) -> None:
    n = d + step + extra
    assert options.alpha(d + step, n) < options.alpha(d, n)
    assert options.alpha(-(d + step), n) < options.alpha(-d, n)


def test_distance_is_normalised_by_page_size() -> None:
    # The same absolute distance matters less on a long page (docs/algorithms.md A.4.3: no raw d).
    assert DEFAULT_OPTIONS.alpha(100, 10_000) > DEFAULT_OPTIONS.alpha(100, 200)


def _block(pos: int, weight: float, tag: str = "p", d: int | None = None) -> ScoredBlock:
    return ScoredBlock(pos, tag, 3, pos - 10 if d is None else d, 1.0, 0, 0, weight)


def test_same_tag_neighbours_of_one_magnitude_merge() -> None:
    groups = _runs([_block(11, 5.0), _block(12, 7.0), _block(13, 6.0)], DEFAULT_OPTIONS)
    assert [len(g.members) for g in groups] == [3]
    assert groups[0].weight == pytest.approx(18.0)


def test_a_different_magnitude_breaks_the_run() -> None:
    strict = dataclasses.replace(DEFAULT_OPTIONS, passable_weight=0.0)
    groups = _runs([_block(11, 5.0), _block(12, 500.0), _block(13, 6.0)], strict)
    assert [len(g.members) for g in groups] == [1, 1, 1]


def test_zero_weight_sibling_between_members_joins_the_group() -> None:
    # An image-only paragraph between two text paragraphs stays with the article (A.4.4).
    groups = _runs([_block(11, 5.0), _block(12, 0.0), _block(13, 6.0)], DEFAULT_OPTIONS)
    assert [b.pos for b in groups[0].members] == [11, 12, 13]


def test_trailing_zero_weight_sibling_is_not_added() -> None:
    groups = _runs([_block(11, 5.0), _block(12, 6.0), _block(13, 0.0)], DEFAULT_OPTIONS)
    assert [b.pos for b in groups[0].members] == [11, 12]


def test_different_tags_do_not_merge() -> None:
    groups = _runs([_block(11, 5.0, "p"), _block(12, 6.0, "div")], DEFAULT_OPTIONS)
    assert sorted(len(g.members) for g in groups) == [1, 1]


def test_log_bucket_merge_test_is_the_literal_order_of_magnitude() -> None:
    literal = dataclasses.replace(DEFAULT_OPTIONS, merge_test=MergeTest.LOG_BUCKET)
    assert literal.same_magnitude(12.0, 95.0) is True
    assert literal.same_magnitude(9.0, 12.0) is False  # straddles a power of ten
    assert DEFAULT_OPTIONS.same_magnitude(9.0, 12.0) is True  # ratio test spans the boundary
    assert DEFAULT_OPTIONS.same_magnitude(1.0, 11.0) is False


def test_selection_needs_a_title_worth_of_text() -> None:
    light = _runs([_block(11, 0.4)], DEFAULT_OPTIONS)
    assert select_group(light, DEFAULT_OPTIONS) is None


def test_selection_prefers_after_the_title_on_equal_weight() -> None:
    before = _runs([_block(5, 8.0, d=-5)], DEFAULT_OPTIONS)
    after = _runs([_block(15, 8.0, d=5)], DEFAULT_OPTIONS)
    chosen = select_group(before + after, DEFAULT_OPTIONS)
    assert chosen is not None and chosen.d == 5
