"""The title scan stays linear in the title's length (issue 13, item 3): a ``<title>`` of
thousands of parts, or a page whose ``</title>`` is missing (its whole text becomes the
title), builds a bounded number of candidates. Work is checked by what is built, not by time.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from newscrawl.extraction import Article, Rejection, extract
from newscrawl.extraction.document import load_document
from newscrawl.extraction.metadata import title
from newscrawl.extraction.metadata.title import MAX_TITLE_TOKENS, title_candidates
from newscrawl.extraction.metadata.title_text import LcsReference, lcs_dice, lcs_length

MUTATION_PAGES = Path(__file__).parent.parent / "data" / "mutation"
BODY = "<p>" + "市政府今天公布了新的交通规划方案，涉及多条地铁线路。" * 8 + "</p>"


def test_leading_joins_stop_at_the_candidate_token_limit():
    text = "新闻标题 - " * 8000
    joins = title.leading_joins(text, len(title.split_title(text)))
    assert 0 < len(joins) <= MAX_TITLE_TOKENS
    assert sum(map(len, joins)) < 100 * len("新闻标题 - ") * MAX_TITLE_TOKENS


def test_leading_joins_equal_the_joins_they_replace():
    for text in ("A - B - C - D - Site", "标题_频道_网站_更多", "a | b | c", "x -- y -- z -- w"):
        n_parts = len(title.split_title(text))
        assert title.leading_joins(text, n_parts) == [
            title.join_leading(text, end) for end in range(2, n_parts)
        ]


def test_a_title_of_thousands_of_parts_gives_few_candidates():
    html = f"<html><head><title>{'新闻标题 - ' * 8000}</title></head><body>{BODY}</body></html>"
    doc = load_document(html)
    candidates = title_candidates(doc)
    assert len(candidates) <= MAX_TITLE_TOKENS
    assert all(len(c.tokens) <= MAX_TITLE_TOKENS for c in candidates)
    result = extract(html, anchor_text="新闻标题", method="density")
    assert isinstance(result, Article) and result.title == "新闻标题"


def test_a_real_page_without_its_closing_title_tag_is_extracted_or_rejected():
    page = gzip.decompress((MUTATION_PAGES / "dev-0064.html.gz").read_bytes())
    assert page.count(b"</title>") == 1
    broken = page.replace(b"</title>", b"")
    doc = load_document(broken)
    assert len(doc.title_text) > 10_000  # the rest of the page became the title
    assert len(title_candidates(doc)) < 100
    assert isinstance(extract(broken, method="tcdt"), Article | Rejection)


def _lcs_table(a: list[str], b: list[str]) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal, row[0] = 0, 0
        for j, y in enumerate(b, start=1):
            diagonal, row[j] = row[j], diagonal + 1 if x == y else max(row[j], row[j - 1])
    return row[-1]


@given(
    st.lists(st.sampled_from("abcd"), max_size=40), st.lists(st.sampled_from("abcd"), max_size=40)
)
def test_lcs_length_is_the_table_lcs_whichever_side_is_longer(a, b):
    assert lcs_length(a, b) == lcs_length(b, a) == _lcs_table(a, b)


@given(
    st.lists(st.sampled_from("abcd"), max_size=40), st.lists(st.sampled_from("abcd"), max_size=40)
)
def test_a_prebuilt_reference_gives_the_same_lcs_and_dice(a, b):
    reference = LcsReference(a)
    assert reference.lcs(b) == _lcs_table(a, b)
    assert reference.dice(b) == lcs_dice(a, b)


@given(
    st.lists(st.sampled_from("abcde"), min_size=50, max_size=70),
    st.lists(st.sampled_from("abcdef"), max_size=90),
)
def test_the_one_word_lcs_in_c_equals_the_unbounded_one_up_to_and_past_64_tokens(a, b):
    # References of up to 64 tokens take the C walk's 64-bit word; longer ones Python's ints.
    reference = LcsReference(a)
    assert reference.lcs(b) == reference.lcs_in_python(b) == _lcs_table(a, b)


def test_the_c_lcs_refuses_a_reference_longer_than_its_word():
    from newscrawl.extraction.native import walks

    assert walks is not None
    with pytest.raises(ValueError):
        walks.lcs_masked(masks={}, length=65, other=["a"])
    assert walks.lcs_masked(masks={"a": 1}, length=1, other=("b", "a")) == 1
